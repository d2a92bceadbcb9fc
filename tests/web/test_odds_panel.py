"""Practice tables (issue 15, point 3): the player is shown the odds of his own decisions, computed
by the server in its worker processes with ``hippodrome odds`` from what his seat can see, and they
follow the game: the odds shown are always those of the decision on the board."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser

ODDS_SHOWN = """() => {
  const s = window.hippodromeTable.state();
  const table = document.querySelector('[data-testid=odds-table]');
  return Boolean(s && s.legal.length && table && table.dataset.version === String(s.version));
}"""


def _table(live_server: LiveServer, *, practice: bool) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 2
    response = live_server.http.post(
        "/api/tables",
        json={"game": "royal_turf", "options": {}, "seats": seats, "practice": practice},
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_practice_table_shows_the_odds_of_each_decision_as_the_game_goes(
    live_server: LiveServer, context: BrowserContext
) -> None:
    table = _table(live_server, practice=True)
    summary = live_server.http.get(f"/api/tables/{table['id']}").json()
    assert summary["practice"] is True
    en = live_server.http.get("/api/i18n/en").json()
    fr = live_server.http.get("/api/i18n/fr").json()
    player = SeatPage(context.new_page())
    page = player.page
    page.goto(f"{live_server.url}{table['seats'][0]['invite']}")
    panel = page.get_by_test_id("odds")
    seen_versions = []
    for _ in range(2):  # two of Ada's bets: the odds follow the game
        page.wait_for_function(ODDS_SHOWN, timeout=60_000)
        state: dict[str, Any] = page.evaluate("window.hippodromeTable.state()")
        expect(panel).to_be_visible()
        expect(panel).to_contain_text(en["web.odds.title"])
        rows = page.locator("[data-testid=odds-table] tbody tr")
        shown = sorted(rows.evaluate_all("rows => rows.map(r => r.dataset.notation)"))
        assert shown == sorted(m["notation"] for m in state["legal"]), "one row per choice"
        expect(rows.first).to_have_class("best")
        seen_versions.append(state["version"])
        page.evaluate("a => window.hippodromeTable.act(a)", state["legal"][0]["notation"])
        page.wait_for_function(f"() => window.hippodromeTable.state().version > {state['version']}")
    assert seen_versions[1] > seen_versions[0]
    page.get_by_test_id("lang-fr").click()
    expect(panel).to_contain_text(fr["web.odds.title"])
    assert not player.errors


def test_a_table_that_is_not_for_practice_shows_no_odds(
    live_server: LiveServer, context: BrowserContext
) -> None:
    table = _table(live_server, practice=False)
    page = context.new_page()
    seen: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: seen.append(str(f))))
    page.goto(f"{live_server.url}{table['seats'][0]['invite']}")
    page.wait_for_function(
        "() => (window.hippodromeTable.state()?.legal || []).length > 0", timeout=60_000
    )
    page.wait_for_timeout(1500)  # time enough for odds to arrive, were any sent
    expect(page.get_by_test_id("odds")).to_be_hidden()
    assert not any('"type": "odds"' in f or '"type":"odds"' in f for f in seen)


def test_the_lobby_creates_a_practice_table(
    live_server: LiveServer, context: BrowserContext
) -> None:
    lobby = context.new_page()
    lobby.goto(f"{live_server.url}/")
    expect(lobby.get_by_test_id("create-button")).to_be_enabled()
    lobby.get_by_test_id("seat-kind-0").select_option("human")
    lobby.get_by_test_id("option-practice").check()
    lobby.get_by_test_id("create-button").click()
    lobby.wait_for_url("**/table/*#token=*")  # the creator lands at his seat
    table_id = lobby.url.split("/table/", 1)[1].split("#", 1)[0]
    assert live_server.http.get(f"/api/tables/{table_id}").json()["practice"] is True
