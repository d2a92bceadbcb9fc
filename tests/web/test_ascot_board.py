"""Ascot's board in Debian's headless chromium: a whole three-player game played by clicks.

Ada plays against two heuristic bots, from the deal to the prizes, only by clicking what the board
offers: she gives a business to the dead pile and keeps her hand, bids once at the sale and passes
afterwards, throws the two dice of the training (one click: the throw and its dice), makes one trade
offer with the offer form and then no more, enters her runners and names a favourite, bets once on
the totalisator, and rides by clicking the green squares of the race course (and the answers the
colour of a square or a lane asks for) until the final ranking shows; when the die may go to two of
her horses, a click on the other one shows its squares and plays nothing. Along the way the board
holds every square of both boards (the forty of the training loop, every cell of the six lanes and
the twelve start squares), shows Ada's own cards and only a count of the others', the sale's lot,
the totalisator's tickets, and turns into French with the language switch, no message key showing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from hippodrome.games.ascot.material import material
from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser

ACTIONABLE = """() => {
  const shown = (el) => el && !el.hidden && !el.disabled && el.offsetParent !== null;
  const state = window.hippodromeTable.state();
  const seen = (kind) => ({ kind, version: state ? state.version : -1, phase: state ? state.observation.phase : null });
  if (shown(document.querySelector('[data-testid="game-over"]'))) return seen("over");
  if (shown(document.querySelector('[data-testid="roll-button"]'))) return seen("roll");
  if (document.querySelector('[data-testid="as-target"]')) return seen("target");
  const controls = '[data-testid="as-prompt"] button, [data-testid="as-hand"] button[data-action]';
  if (document.querySelector(controls)) return seen("choice");
  return false;
}"""
RAW_KEY = re.compile(r"\b(?:web\.ascot|ascot)\.[a-z_]+")


@pytest.fixture
def ada(live_server: LiveServer, context: BrowserContext) -> Iterator[SeatPage]:
    seats = [
        {"kind": "human", "name": "Ada"},
        {"kind": "bot", "bot": "heuristic", "name": "Bruno"},
        {"kind": "bot", "bot": "heuristic", "name": "Chloé"},
    ]
    table = live_server.create_table(seats, {}, game="ascot")
    seat = SeatPage(context.new_page())
    seat.page.goto(table["seats"][0]["invite"])
    yield seat
    assert not seat.errors, f"script errors on the board: {seat.errors}"


def first(page: Page, *selectors: str) -> Any:
    """The first control matching the first selector that matches anything."""
    for selector in selectors:
        found = page.locator(selector)
        if found.count():
            return found.first
    return None


def test_a_whole_game_against_two_bots_played_by_clicks(
    live_server: LiveServer, ada: SeatPage
) -> None:
    page = ada.page
    fr = live_server.http.get("/api/i18n/fr").json()
    m = material()
    # Both boards, whole: the training loop's squares, the race course's cells and start squares.
    expect(page.locator(".as-loop .as-sq")).to_have_count(m.training_length)
    expect(page.locator(".as-race polygon.as-cell")).to_have_count(sum(map(len, m.lanes)))
    expect(page.locator(".as-race polygon.as-start")).to_have_count(12)
    done: dict[str, int] = {}
    checked: set[str] = set()
    for _ in range(900):
        seen: dict[str, Any] = page.wait_for_function(ACTIONABLE, timeout=60_000).json_value()
        kind, version, phase = seen["kind"], seen["version"], seen["phase"]
        if kind == "over":
            break
        state = page.evaluate("() => window.hippodromeTable.state()")
        obs = state["observation"]
        if phase == "exchange" and "hand" not in checked:
            checked.add("hand")
            # Ada sees her own cards, and of the others only how many they hold.
            mine = len(obs["hands"][0]) + len(obs["bought"][0])
            expect(page.locator('[data-testid="as-hand"] [data-card]')).to_have_count(mine)
            for other in (1, 2):
                expect(page.get_by_test_id(f"as-seat-{other}")).to_contain_text(
                    f"{obs['hands'][other]['cards']} hidden card"
                )
        if phase == "auction" and "lot" not in checked:
            checked.add("lot")
            expect(page.get_by_test_id("as-lot")).to_be_visible()
        choices = page.get_by_test_id("as-horse-choice")
        if kind == "target" and "favourite" not in checked and choices.count() == 2:
            checked.add("favourite")
            # The die may go to the next horse in number order or to the favourite: a click on the
            # other one shows its squares instead, and sends nothing.
            switch = page.locator('[data-testid="as-horse-choice"][aria-pressed="false"]')
            horse = switch.get_attribute("data-horse")
            switch.click()
            chosen = page.locator(f'[data-testid="as-horse-choice"][data-horse="{horse}"]')
            expect(chosen).to_have_attribute("aria-pressed", "true")
            actions = page.eval_on_selector_all(
                '[data-testid="as-target"]', "(ts) => ts.map((t) => t.dataset.action)"
            )
            assert all(a.startswith(f"move {horse} ") for a in actions), actions
            assert ada.version() == version, "choosing which horse to show plays nothing"
            continue  # look again: that horse's squares
        what = phase
        if kind == "roll":
            target = page.get_by_test_id("roll-button")
        elif kind == "target":
            target = page.get_by_test_id("as-target").first
        else:
            # Once each: a bid at the sale, an offer before the race, a bet on the totalisator.
            once = {"auction": "as-bid", "trading": "as-offer", "betting": "as-bet"}.get(phase)
            if once and not done.get(once) and page.get_by_test_id(once).count():
                what, target = once, page.get_by_test_id(once).first
            else:
                target = first(
                    page,
                    # A business given to the dead pile, so that Ada keeps horses to race.
                    '[data-testid="as-hand"] button[data-action^="exchange"]:not([data-card^="h"])',
                    '[data-testid="as-hand"] button[data-action^="exchange"]',
                    '[data-action="keep"]',
                    '[data-testid="as-hand"] button[data-action^="discard ecurie"]',
                    '[data-testid="as-prompt"] [data-action="pass"]',
                    '[data-action="done"]',
                    '[data-action="decline"]',
                    '[data-action="refuse"]',
                    '[data-testid="as-prompt"] [data-action="roll"]',
                    '[data-testid="as-prompt"] [data-action^="run"]',
                    '[data-testid="as-prompt"] [data-action^="favourite"]',
                    '[data-testid="as-prompt"] button[data-action]',
                )
        assert target is not None, f"{phase}: nothing to click on version {version}"
        if not ada.click_and_wait(target, what, version):
            continue
        done[what] = done.get(what, 0) + 1
        if phase == "training" and "dice" not in checked:
            checked.add("dice")
            # One click throws the dice: the loop shows their total.
            expect(page.locator(".as-loop .as-dice-total")).to_have_count(1)
        if kind == "target" and "fr" not in checked:
            checked.add("fr")
            page.get_by_test_id("lang-fr").click()
            expect(page.locator(".as-race-box > summary")).to_have_text(fr["web.ascot.race_title"])
        if what == "as-bet" and "tote" not in checked:
            checked.add("tote")
            expect(page.locator(".as-tote-table td.as-ticket.taken").first).to_be_visible()
    else:
        raise AssertionError(f"the game did not end: {done}")
    expect(page.get_by_test_id("game-over")).to_be_visible()
    assert done.get("as-bid") == 1 and done.get("as-offer") == 1, done
    runners = page.evaluate("() => window.hippodromeTable.state().observation.runners[0]")
    # Each of her runners takes a die in her first turn, before any horse can reach the post (one
    # may fall or be eliminated at once, so no more is certain; the race waits for her clicks).
    assert done.get("move", 0) >= len(runners), f"Ada rode her horses {runners}: {done}"
    text = page.locator("#board").inner_text()
    assert not RAW_KEY.findall(text), f"message keys on the board: {RAW_KEY.findall(text)}"
