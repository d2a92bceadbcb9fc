"""The players panel and the final ranking follow the engine's context (docs/web.md): for Royal
Steeple Chase, whose winner is the best score sheet and not the richest player, the page shows each
seat's points and place from ``context.standings`` and ``context.ranking``, in the page's language."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser

FINISHED = "() => window.hippodromeTable.state()?.status === 'finished'"


def test_a_steeple_chase_ranking_panel_follows_the_score_sheet(
    live_server: LiveServer, context: BrowserContext
) -> None:
    seats = [{"kind": "bot", "bot": "random", "name": n} for n in ("Ada", "Basile", "Chloé")]
    table = live_server.create_table(seats, {"deals": 1}, game="royal_steeple_chase")
    watcher = SeatPage(context.new_page())
    page = watcher.page
    page.goto(f"{live_server.url}/table/{table['id']}")
    page.wait_for_function(FINISHED, timeout=120_000)
    en = live_server.http.get("/api/i18n/en").json()
    fr = live_server.http.get("/api/i18n/fr").json()
    state: dict[str, Any] = page.evaluate("window.hippodromeTable.state()")
    ctx = state["context"]
    assert ctx["over"] and ctx["ranking_basis"] == "scores"
    standings, ranking = ctx["standings"], ctx["ranking"]
    assert standings == state["observation"]["score"]["totals"], "the standings are the sheet's"
    # The ranking orders the scores, best first (not the money: chips are not what wins).
    assert [standings[place[0]] for place in ranking] == sorted(set(standings), reverse=True)

    expect(page.get_by_test_id("ranking-basis")).to_have_text(en["web.ranked_by.scores"])
    places = {seat: i + 1 for i, place in enumerate(ranking) for seat in place}
    for seat, score in enumerate(standings):
        points = en["web.standing.points_one" if score == 1 else "web.standing.points"]
        expect(page.get_by_test_id(f"score-{seat}")).to_have_text(points.format(value=score))
        expect(page.get_by_test_id(f"place-{seat}")).to_have_text(en[f"web.ordinal.{places[seat]}"])
    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible()
    rows = over.locator("ol.ranking li")
    expect(rows).to_have_count(len(ranking))
    names = [s["name"] for s in state["seats"]]
    for row, place in enumerate(ranking):
        for seat in place:
            points = en[
                "web.standing.points_one" if standings[seat] == 1 else "web.standing.points"
            ]
            expect(rows.nth(row)).to_contain_text(
                f"{names[seat]} ({points.format(value=standings[seat])})"
            )

    page.get_by_test_id("lang-fr").click()
    expect(page.get_by_test_id("ranking-basis")).to_have_text(fr["web.ranked_by.scores"])
    best = ranking[0][0]
    expect(page.get_by_test_id(f"place-{best}")).to_have_text(fr["web.ordinal.1"])
    # French takes the singular for 0 and 1 (« 0 point »); the chips say they are points in hand.
    for seat, score in enumerate(standings):
        points = fr["web.standing.points_one" if abs(score) < 2 else "web.standing.points"]
        expect(page.get_by_test_id(f"score-{seat}")).to_have_text(points.format(value=score))
    chips = state["observation"]["money"]
    expect(page.get_by_test_id("money-0")).to_have_text(
        fr["web.standing.in_hand"].format(value=chips[0])
    )
    assert not watcher.errors, f"script errors on the page: {watcher.errors}"


def test_a_royal_turf_ranking_panel_is_by_money(
    live_server: LiveServer, context: BrowserContext
) -> None:
    seats = [{"kind": "bot", "bot": "random", "name": n} for n in ("Ada", "Basile")]
    table = live_server.create_table(seats)
    watcher = SeatPage(context.new_page())
    page = watcher.page
    page.goto(f"{live_server.url}/table/{table['id']}")
    page.wait_for_function(FINISHED, timeout=120_000)
    en = live_server.http.get("/api/i18n/en").json()
    ctx = page.evaluate("window.hippodromeTable.state().context")
    assert ctx["ranking_basis"] == "money"
    expect(page.get_by_test_id("ranking-basis")).to_have_text(en["web.ranked_by.money"])
    expect(page.get_by_test_id("score-0")).to_have_count(0)
    for seat, money in enumerate(ctx["standings"]):
        expect(page.get_by_test_id(f"money-{seat}")).to_have_text(f"{money:,}")
    assert not watcher.errors, f"script errors on the page: {watcher.errors}"
