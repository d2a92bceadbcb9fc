"""The game review in the browser (issue 36, point 2): from a finished game's result screen to its
review on the replay page, on a phone (390x844). The review is computed by the server's review
worker process (at a small budget: one Royal Turf duel), drawn as a chart; a tap on the chart opens
a decision: the replay shows the position before it, and the two moves are told in words with their
values, no notation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from hippodrome.server.service import SeatKind, SeatSpec, TableService
from hippodrome.server.settings import Settings
from hippodrome.server.storage import open_database
from hippodrome.server.threaded import serve_in_thread
from tests.server.test_accounts import play_out

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}
RAW_ID = re.compile(r"\b[a-z]+_[a-z]+\b")
"""A raw id (``earl_grey``) where a horse's name belongs."""


def finished_duel(db: Path) -> tuple[str, str]:
    """A Royal Turf game between Ada and Bob, played to its end in the store: its id, Ada's token."""
    url = f"sqlite:///{db}"
    service = TableService(open_database(url))
    table, tokens = service.create(
        "royal_turf",
        {},
        [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.HUMAN, name="Bob")],
    )
    for seat in (0, 1):
        service.mark_seen(table, seat)
    service.engine.dispose()
    play_out(url, table.id)
    assert tokens[0] is not None
    return table.id, tokens[0]


@pytest.fixture
def reviewing_server(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """A server whose review worker judges at a small budget, and a finished game in its store:
    the server's URL, the table's id and Ada's token."""
    db = tmp_path / "hippodrome.db"
    table_id, token = finished_duel(db)
    settings = Settings(
        db_url=f"sqlite:///{db}",
        bot_delay=0.05,
        review_processes=1,
        review_budget="2x2",
        ws_messages_per_second=0,
    )
    with serve_in_thread(settings) as url:
        yield url, table_id, token


def small_targets(page: Page, selector: str) -> list[Any]:
    found: list[Any] = page.eval_on_selector_all(
        selector,
        """(els) => els.filter((e) => e.getClientRects().length).map((e) => {
             const r = e.getBoundingClientRect();
             return [e.dataset.testid || e.tagName, Math.round(r.width), Math.round(r.height)];
           }).filter(([, w, h]) => Math.min(w, h) < 40)""",
    )
    return found


def test_a_finished_game_is_reviewed_and_a_decision_opened_on_a_phone(
    browser: Browser, reviewing_server: tuple[str, str, str]
) -> None:
    url, table_id, token = reviewing_server
    context = browser.new_context(base_url=url, locale="en-GB", viewport=PHONE)
    context.set_default_timeout(15_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # The result screen offers the review of the player's own seat.
        page.goto(f"/table/{table_id}#token={token}")
        link = page.get_by_test_id("result-review")
        expect(link).to_have_text("Review the game")
        href = link.get_attribute("href") or ""
        assert href.startswith(f"/table/{table_id}/replay#") and "review=0" in href, href
        link.click()

        # The review is computed in the worker, its progress shown, then drawn.
        expect(page.get_by_test_id("review")).to_be_visible()
        chart = page.get_by_test_id("review-chart")
        expect(chart).to_be_visible(timeout=90_000)
        summary = page.get_by_test_id("review-summary")
        expect(summary).to_contain_text(re.compile(r"\d+ decisions judged"))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box = chart.bounding_box()
        assert box is not None and box["width"] <= PHONE["width"]

        # A tap on the chart opens the decision nearest to it: the replay shows its position.
        chart.locator(".review-area").click(position={"x": box["width"] * 0.4, "y": 40})
        decision = page.get_by_test_id("review-decision")
        expect(decision).to_be_visible()
        index = int(decision.get_attribute("data-index") or "-1")
        assert index >= 0
        expect(page.get_by_test_id("replay-slider")).to_have_value(str(index))
        played = page.get_by_test_id("review-played")
        expect(played).to_contain_text(re.compile(r"\d+% chance of winning"))
        with httpx.Client(base_url=url, trust_env=False) as http:
            stored = http.get(f"/api/tables/{table_id}/reviews/0").json()
        assert stored["status"] == "done"
        opened = next(d for d in stored["review"]["decisions"] if d["index"] == index)
        words = decision.inner_text()
        for move in (opened["played"], opened["best"]):  # told in words, never in notation
            assert move["action"] not in words and move["text"]["en"] in words, words
        assert not RAW_ID.search(words), f"an id in front of the player: {words!r}"
        assert "±" in words
        assert not small_targets(page, "#review button, #review select, #review .review-hit")
        # The two moves name a horse: the board circles it (or both, one for each move).
        expect(page.get_by_test_id("review-board-note")).to_be_visible()
        assert page.locator("#board .review-played, #board .review-best").count() > 0

        # The decisions step one by one, the replay with them.
        page.get_by_test_id("review-next").click()
        expect(decision).not_to_have_attribute("data-index", str(index))
        later = decision.get_attribute("data-index")
        expect(page.get_by_test_id("replay-slider")).to_have_value(str(later))
        page.get_by_test_id("lang-fr").click()
        expect(page.get_by_test_id("review-summary")).to_contain_text("décisions jugées")
        assert not errors, errors
    finally:
        context.close()
