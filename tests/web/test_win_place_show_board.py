"""Win, Place & Show's board in Debian's headless chromium: a whole quick game played by clicks.

Ada and five heuristic bots play the quick version (§12: six players, stables by die, no sale). Ada
rolls her stable with the roll button, turns her betting slip face down, and rides her horse by
clicking a highlighted square of the oval (or the finish-line button) every turn of the six races,
until the final ranking shows. Along the way the oval holds every square of the five lanes, the
program sheet its six horses, and the language switch turns the board's texts into French.

In a game with a sale, Ada writes her secret bids in a number field: the stepper goes from one legal
amount to the next ($500 apart, §9), an amount that is no multiple of $500 cannot be confirmed, and
the amount confirmed is the bid her sheet holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hippodrome.games.win_place_show.material import material
from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser

ACTIONABLE = """() => {
  const shown = (el) => el && !el.hidden && !el.disabled && el.offsetParent !== null;
  const state = window.hippodromeTable.state();
  const seen = (kind) => ({ kind, version: state ? state.version : -1 });
  if (shown(document.querySelector('[data-testid="game-over"]'))) return seen("over");
  if (shown(document.querySelector('[data-testid="roll-button"]'))) return seen("roll");
  if (document.querySelector('[data-testid="wps-target"]')) return seen("ride");
  if (document.querySelector('[data-testid="wps-amount-confirm"]')) return seen("amount");
  if (document.querySelector('[data-testid="wps-choice"]')) return seen("choice");
  return false;
}"""
MOVED_ON = """(v) => {
  const state = window.hippodromeTable.state();
  const error = document.querySelector('[data-testid="error"]');
  return (state && state.version > v) || (error && !error.hidden);
}"""


@pytest.fixture
def ada(live_server: LiveServer, context: BrowserContext) -> Iterator[tuple[SeatPage, Any]]:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "heuristic"}] * 5
    table = live_server.create_table(seats, {"quick": True}, game="win_place_show")
    seat = SeatPage(context.new_page())
    seat.page.goto(table["seats"][0]["invite"])
    yield seat, table
    assert not seat.errors, f"script errors on the board: {seat.errors}"


def test_a_whole_quick_game_played_by_clicks(
    live_server: LiveServer, ada: tuple[SeatPage, Any]
) -> None:
    seat, _ = ada
    page = seat.page
    fr = live_server.http.get("/api/i18n/fr").json()
    expect(page.locator(".wps-oval polygon")).to_have_count(2 * 25 * 5 + 2 * 85)
    expect(page.locator(".wps-program tbody tr")).to_have_count(6)
    # D3: the program shows the tote board, each horse's win, place and show price for $1,000.
    first = material().races[0].horses[0]
    prices = page.locator(".wps-program tbody tr").first.locator(".wps-price")
    expect(prices).to_have_text([f"${p}" for p in first.prices])
    clicks = {"roll": 0, "ride": 0, "choice": 0, "amount": 0}
    for _ in range(400):
        seen: dict[str, Any] = page.wait_for_function(ACTIONABLE, timeout=60_000).json_value()
        kind, version = seen["kind"], seen["version"]
        if kind == "over":
            break
        if kind == "roll":
            target = page.get_by_test_id("roll-button")
        elif kind == "ride":
            target = page.get_by_test_id("wps-target").first
        elif kind == "amount":
            target = page.get_by_test_id("wps-amount-confirm")
        else:
            choices = page.get_by_test_id("wps-choice")
            done = page.locator('[data-testid="wps-choice"][data-action="done"]')
            home = page.locator('[data-testid="wps-choice"][data-action="ride home"]')
            target = done if done.count() else home if home.count() else choices.first
        try:
            target.click(timeout=5_000)
        except PlaywrightTimeoutError:
            # The bots moved on between the look and the click (the board redrew without that
            # control): look again. A control that stays missing on an unchanged state is a defect.
            assert seat.version() > version, f"{kind}: the control vanished on version {version}"
            continue
        page.wait_for_function(MOVED_ON, arg=version)
        expect(page.get_by_test_id("error")).to_be_hidden()
        clicks[kind] += 1
        if clicks["ride"] == 1 and kind == "ride":
            # The language switch redraws the board's own texts.
            page.get_by_test_id("lang-fr").click()
            expect(page.locator(".wps-program th").first).to_have_text(
                fr["web.win_place_show.col_number"]
            )
    else:
        raise AssertionError(f"the game did not end: {clicks}")
    assert clicks["roll"] == 1, "Ada rolls her stable once (§12)"
    assert clicks["ride"] >= 6, "Ada rides her horse in every race"
    expect(page.get_by_test_id("game-over")).to_be_visible()


def test_a_bid_is_written_in_a_number_field_restricted_to_legal_amounts(
    live_server: LiveServer, context: BrowserContext
) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}]
    table = live_server.create_table(seats, {}, game="win_place_show")
    seat = SeatPage(context.new_page())
    page = seat.page
    page.goto(table["seats"][0]["invite"])
    field = page.get_by_test_id("wps-amount")
    confirm = page.get_by_test_id("wps-amount-confirm")
    expect(field).to_have_value("0")
    expect(field).to_have_attribute("step", "500")
    expect(field).to_have_attribute("max", "50000")
    expect(page.get_by_test_id("wps-choice")).to_have_count(0)  # no button per amount
    page.get_by_test_id("wps-amount-up").click()
    expect(field).to_have_value("500")
    field.fill("1234")
    expect(confirm).to_be_disabled()
    field.fill("1500")
    expect(confirm).to_be_enabled()
    expect(confirm).to_have_attribute("data-action", re.compile(r"^sheet \w+ 1500$"))
    confirm.click()
    # The bot writes its own sheet at the same time (§9): its moves change the version too, so wait
    # for Ada's bid itself. A bid sent while the bot wrote, or once it has written its last line, is
    # the same secret choice: it is judged, never answered "the game had moved on".
    outcome = page.wait_for_function(
        """() => {
          const error = document.querySelector('[data-testid="error"]');
          if (window.hippodromeTable.state().observation.sheets[0].length > 0) return "written";
          if (error && !error.hidden) return "refused";
          return document.getElementById("notice").hidden ? false : "stale";
        }"""
    ).json_value()
    assert outcome == "written", f"Ada's bid was {outcome}"
    expect(page.get_by_test_id("error")).to_be_hidden()
    sheet = page.evaluate("() => window.hippodromeTable.state().observation.sheets[0]")
    assert sheet == [1500], "the amount confirmed is the bid written on Ada's sheet"
    assert not seat.errors, f"script errors on the board: {seat.errors}"
