"""A table with a clock, in Debian's headless chromium: the player runs out of time and sees the
stand-in bot move for him, takes his seat back, then sees the end of the game with its breakdown
and starts a rematch (docs/web.md, "Clocks" and "End of a game"); and the result's lines opened on
their causes, drawn on a blank page from a played game's sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Route, expect

from hippodrome.bots import make_bot, play_match
from hippodrome.engine.i18n import render
from hippodrome.engine.results import result_sheet
from hippodrome.games import load_game
from tests.web.conftest import LiveServer
from tests.web.test_browser import Opener, open_player  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


def test_out_of_time_the_bot_moves_then_the_result_and_a_rematch(
    live_server: LiveServer,
    open_player: Opener,  # noqa: F811
) -> None:
    lobby = open_player("/").page
    expect(lobby.get_by_test_id("create-button")).to_be_enabled()
    lobby.get_by_test_id("players").fill("2")
    lobby.get_by_test_id("players").dispatch_event("change")
    lobby.get_by_test_id("seat-kind-0").select_option("human")
    lobby.get_by_test_id("seat-name-0").fill("Ada")
    lobby.get_by_test_id("seat-kind-1").select_option("bot")
    lobby.get_by_test_id("seat-bot-1").select_option("random")
    lobby.get_by_test_id("clock-kind").select_option("move")
    lobby.get_by_test_id("clock-move").fill("1")
    lobby.get_by_test_id("clock-move").dispatch_event("change")
    lobby.get_by_test_id("create-button").click()
    invite = lobby.get_by_test_id("invite-0").get_attribute("href")
    assert invite is not None
    table_id = invite.split("/table/", 1)[1].split("#", 1)[0]
    clock = live_server.http.get(f"/api/tables/{table_id}").json()["clock"]
    assert clock == {"kind": "move", "seconds": 1, "increment": 0, "bot": "heuristic"}

    ada = open_player(invite).page
    expect(ada.get_by_test_id("clock-0")).to_be_visible()
    # Ada plays nothing: her second runs out, the stand-in takes her seat and plays her move.
    expect(ada.get_by_test_id("clock-away")).to_be_visible()
    expect(ada.get_by_test_id("stand-in-0")).to_be_visible()
    ada.wait_for_function(
        """() => (window.hippodromeTable.state()?.events || []).some((e) => e.params?.player === 0)
          || [...document.querySelectorAll('[data-testid="event-log"] li')].some((li) => li.textContent.includes("Ada"))"""
    )
    ada.get_by_test_id("take-back").click()
    expect(ada.get_by_test_id("stand-in-0")).to_have_count(0)
    # Out of time again: this time the stand-in plays her seat to the end of the game.
    expect(ada.get_by_test_id("clock-away")).to_be_visible()

    result = ada.get_by_test_id("result")
    expect(result).to_be_visible(timeout=60_000)
    expect(result.get_by_role("dialog")).to_be_in_viewport()
    breakdown = result.get_by_test_id("result-breakdown")
    expect(breakdown).to_contain_text("Race 1")
    expect(breakdown).to_contain_text("Race 3")
    expect(breakdown).to_contain_text("Money after")
    expect(result.get_by_test_id("result-ranking")).to_contain_text("Ada")
    expect(result.get_by_test_id("result-stats")).to_contain_text(re.compile(r"Ada: \d+ moves"))
    summary = live_server.http.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "finished"
    winner = summary["result"]["ranking"][0][0]
    expect(result.get_by_test_id("result-ranking").locator("li").first).to_contain_text(
        summary["seats"][winner]["name"]
    )

    result.get_by_test_id("rematch").click()
    ada.wait_for_url(re.compile(r"/table/(?!" + re.escape(table_id) + r")[^/#]+$"))
    new_id = ada.url.split("/table/", 1)[1].split("#", 1)[0]
    expect(ada.get_by_test_id("clock-0")).to_be_visible()
    rematch = live_server.http.get(f"/api/tables/{new_id}").json()
    assert rematch["game"] == "royal_turf" and rematch["clock"] == clock
    assert [s["name"] for s in rematch["seats"]] == ["Ada", summary["seats"][1]["name"]]
    assert rematch["status"] == "running", "Ada is seated at the rematch by her new link"


def test_the_hand_over_of_a_player_who_left_is_counted_down(
    live_server: LiveServer,
    open_player: Opener,  # noqa: F811
) -> None:
    """Bob came and left: Ada sees how long before she may hand his seat to a bot, the button
    disabled meanwhile (the server's seat timeout is 60 s)."""
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    )
    bob = open_player(table["seats"][1]["invite"]).page
    expect(bob.get_by_test_id("status")).not_to_be_empty()
    ada = open_player(table["seats"][0]["invite"]).page
    expect(ada.get_by_test_id("takeover-1")).to_have_count(0)  # Bob is here
    bob.close()
    countdown = ada.get_by_test_id("handover-1")
    expect(countdown).to_have_text(re.compile(r"possible in 0:[0-5]\d|possible in 1:00"))
    expect(ada.get_by_test_id("takeover-1")).to_be_disabled()


def test_a_hot_seat_page_goes_to_the_rematch_with_every_seat(
    live_server: LiveServer,
    open_player: Opener,  # noqa: F811
) -> None:
    """docs/web.md, "End of a game": the rematch's answer holds the asker's new token only; a
    hot-seat page goes to the new table once each of its seats has been handed its own (a
    ``rematch`` message on its connection), and both seats are taken there."""
    clock = {"kind": "move", "seconds": 1}
    response = live_server.http.post(
        "/api/tables",
        json={
            "game": "royal_turf",
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}],
            "clock": clock,
        },
    )
    assert response.status_code == 201, response.text
    table = response.json()
    # Nobody plays: each second runs out, and the stand-ins play both seats to the end.
    page = open_player(table["hotseat"]).page
    result = page.get_by_test_id("result")
    expect(result).to_be_visible(timeout=90_000)
    result.get_by_test_id("rematch").click()
    page.wait_for_url(re.compile(r"/table/(?!" + re.escape(table["id"]) + r")[^/#]+$"))
    new_id = page.url.split("/table/", 1)[1].split("#", 1)[0]
    # The seats' keys, out of the address bar, are kept by the tab for the table.
    tokens = page.evaluate(f"JSON.parse(sessionStorage.getItem('hippodrome.seat-keys.{new_id}'))")
    assert len(tokens) == 2 and tokens[0] != tokens[1]
    expect(page.get_by_test_id("clock-0")).to_be_visible()
    summary = live_server.http.get(f"/api/tables/{new_id}").json()
    assert summary["status"] == "running", "both seats joined the rematch from the hot-seat page"


RESULT_BLANK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/hippodrome.css"></head>
<body class="page-table"><div id="result" class="result-overlay" data-testid="result" hidden></div>
</body></html>"""

SHOW_RESULT = """async (arg) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLang(arg.lang);
  const { renderResult } = await import("/static/js/result.js");
  renderResult(document.getElementById("result"), arg.msg, { tableId: "t" });
}"""
"""Draw the result dialog (web/js/result.js) for the finished table's state message ``msg``, in
``lang``, on a blank page of the server's origin: the real catalogs, no table to play to the end."""


def test_every_line_of_the_result_says_where_its_money_went(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Issue 34, points 2 and 5: on a phone, a finished Ascot game's result has no « Other
    payments »; a line that adds up several causes (the fees paid to each business, the cards kept
    from the deal) opens on a tap, a finger wide, on its causes in the player's words, in English
    and French; the statistics count moves as the engine's sheet counts them."""
    game = load_game("ascot")
    state = play_match(
        game, [make_bot("heuristic", "ascot") for _ in range(game.num_players)], seed=0
    )
    sheet = result_sheet(game, state.history)
    msg: dict[str, Any] = {
        "type": "state",
        "status": "finished",
        "seat": 0,
        "seats": [
            {"name": n, "kind": "human", "connected": True} for n in ("Ada", "Bruno", "Chloé")
        ],
        "context": state.context(),
        "sheet": {**sheet, "seconds": 900},
    }
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def answer(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=RESULT_BLANK)

    page.route("**/result-blank", answer)
    page.goto("/result-blank")
    breakdown = page.get_by_test_id("result-breakdown")
    line = breakdown.locator('tr[data-line="fees"]')
    toggle = line.get_by_test_id("result-line-toggle")
    causes = line.locator("xpath=following-sibling::tr[contains(@class, 'cause')]")
    fees = next(f for s in sheet["sections"] for f in s["lines"] if f["line"] == "fees")

    page.evaluate(SHOW_RESULT, {"lang": "en", "msg": msg})
    expect(breakdown.locator('[data-line="other"]')).to_have_count(0)
    expect(toggle).to_have_text(re.compile("Business fees"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(causes.first).to_be_hidden()
    box = toggle.bounding_box()
    assert box is not None and box["height"] >= 40, f"the line's name is no target: {box}"
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(causes.first).to_be_visible()
    first = fees["detail"][0]["cause"]  # a business, as the game's catalogs name it
    expect(causes.first.locator("td").first).to_have_text(render(first, {}, "en"))
    assert causes.count() >= len(fees["detail"])  # the next line's causes follow, hidden

    # A new message redraws the dialog (here in French): the line stays open, in French.
    page.evaluate(SHOW_RESULT, {"lang": "fr", "msg": msg})
    expect(toggle).to_have_text(re.compile("Frais payés aux Affaires"))
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(causes.first.locator("td").first).to_have_text(render(first, {}, "fr"))
    text = breakdown.inner_text()
    assert "ascot." not in text and "web.result" not in text and "Autres paiements" not in text
    expect(page.get_by_test_id("result-stats")).to_contain_text(
        re.compile(rf"Ada\s:\s{sheet['moves'][0]}\scoups")
    )
    assert not errors, f"script errors: {errors}"
