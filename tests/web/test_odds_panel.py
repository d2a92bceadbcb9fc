"""Practice tables (issue 15, point 3): the player is shown the odds of his own decisions, computed
by the server in its worker processes with ``hippodrome odds`` from what his seat can see, and they
follow the game: the odds shown are always those of the decision on the board."""

from __future__ import annotations

import re
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
        said = page.get_by_test_id("odds").inner_text()
        for move in state["legal"]:
            assert move["notation"] not in said, f"notation {move['notation']!r} shown in {said!r}"
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
    lobby.wait_for_url(re.compile(r"/table/[^/#]+$"))  # the creator lands at his seat
    table_id = lobby.url.split("/table/", 1)[1].split("#", 1)[0]
    assert live_server.http.get(f"/api/tables/{table_id}").json()["practice"] is True


# The odds panel drawn from a report the server could send: choices without their own labels (a
# report of another game's odds, or an older server's) and horses without names, sums in thousands.
UNLABELLED = """async () => {
  const m = await import("/static/js/panels.js");
  const s = window.hippodromeTable.state();
  const msg = {...s, practice: true, status: "running"};
  const [first, second] = msg.legal;
  const report = {
    horizon: "game", simulations: 12000, race_simulations: 12000,
    horses: {earl_grey: {"1": {p: 0.4}}, no_such_horse: {"1": {p: 0.1}}},
    choices: [
      {action: first.notation, label: null, money: {mean: 13500, interval: [11000, 16000]}, win: {p: 0.5}},
      {action: second.notation, money: {mean: -2500, interval: [-4000, -1000]}, win: {p: 0.2}},
      {action: "no such move", money: {mean: -9000, interval: [-9001, -8999]}, win: null},
    ],
  };
  const box = document.createElement("section");
  m.renderOdds(box, msg, {version: msg.version, odds: report});
  const cells = [...box.querySelectorAll("tbody tr")].map((r) => [...r.cells].map((c) => c.textContent));
  return {cells, horses: [...box.querySelectorAll(".odds-horses li")].map((li) => li.textContent),
          text: box.textContent, labels: [first, second].map((a) => a.label.en),
          notations: [first, second].map((a) => a.notation)};
}"""


def test_the_odds_panel_names_every_choice_and_horse_and_groups_its_sums(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """A choice the report has no label for is said with the legal move's label (never its
    notation), a horse with no name in the report by the game's catalog (never its id), and the
    sums and intervals are grouped by thousands."""
    table = _table(live_server, practice=False)
    player = SeatPage(context.new_page())
    page = player.page
    page.goto(f"{live_server.url}{table['seats'][0]['invite']}")
    page.wait_for_function(
        "() => (window.hippodromeTable.state()?.legal || []).length > 1", timeout=60_000
    )
    told = page.evaluate(UNLABELLED)
    cells = [
        [c.replace("\u00a0", " ").replace("\u202f", " ") for c in row] for row in told["cells"]
    ]
    assert cells[0] == [told["labels"][0], "+13,500", "±2,500", "50 %"]
    assert cells[1] == [told["labels"][1], "−2,500", "±1,500", "20 %"]
    assert cells[2][0] == "Another choice"
    horses = [h.replace("\u00a0", " ") for h in told["horses"]]
    assert horses == ["Earl Grey 40 %", "A horse 10 %"]
    for hidden in [*told["notations"], "no such move", "earl_grey", "no_such_horse"]:
        assert hidden not in told["text"], f"{hidden!r} shown: {told['text']!r}"
    assert not player.errors
