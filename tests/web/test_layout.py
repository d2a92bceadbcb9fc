"""Space (issue 16, point 10): every game's table page on a phone (390x844) and on a laptop (1366x768).

On a phone no page is wider than the screen (it never scrolls sideways) and the seat's controls (a
bid, a bet, a roll) are whole on the screen's width; a course too tall for the screen is shown in a
frame scrolled to the horses, with the controls under it on the first screen; Ascot's race course
keeps squares large enough to read. On a laptop the board takes the room: its drawing spans at least
55 % of the screen's width, or, for a course whose proportions make its height the limit (Ascot's, 1.3
to 1), 65 % of its height; it starts at the top of the page (under the seat's question, for Ascot),
and the seat's controls are on the first screen without scrolling. Why 55 %: the side column (players, events, chat) takes a quarter
of the width and the margins some more, so 55 % of the screen is three quarters of the board's column;
before this layout the Royal Steeple Chase course pushed the hand out of the first screen, and Win,
Place & Show's bid field to its very edge (its controls, ``.wps-actions``, hold the bid's picker now).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

from hippodrome.games import playable_ids
from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
GAMES = playable_ids()
"""Every playable game of the registry; each must say below where its board asks the seat."""
OPTIONS: dict[str, dict[str, Any]] = {
    "toques_et_casques": {"category": "D"},
    "royal_steeple_chase": {"scoring": "race"},
}
CONTROLS = {
    "royal_turf": ".rt-controls",
    "toques_et_casques": ".tc-controls",
    "royal_steeple_chase": ".rsc-controls, .rsc-hand",
    "win_place_show": ".wps-actions",
    "ascot": ".as-prompt",
}
"""Where each board asks the seat for its first decision (a bet, a roll, a horse asked for, a bid, a
card given up): these must be on the first screen. A game missing here fails its tests, naming this
table: a new game's board is measured like the others, never left out."""


def controls(game: str) -> str:
    if game not in CONTROLS:
        pytest.fail(f"{game}: no CONTROLS entry in tests/web/test_layout.py (its board's selector)")
    return CONTROLS[game]


DECIDING = """() => {
  const s = window.hippodromeTable && window.hippodromeTable.state();
  return Boolean(s && ((s.legal || []).length || s.can_roll));
}"""

# Everything measured at once, in CSS pixels, the page scrolled to its top.
MEASURE = """(controls) => {
  const root = document.documentElement;
  const board = document.getElementById("board");
  const rect = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  // A control inside a box that scrolls sideways by itself may lie beyond the screen: it scrolls.
  const scrolls = (el) => {
    for (let a = el.parentElement; a && a !== board; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if ((o === "auto" || o === "scroll") && a.scrollWidth > a.clientWidth) return true;
    }
    return false;
  };
  const cut = [...board.querySelectorAll("button, input, select, .wps-actions .kit-picker > *")]
    .filter((el) => shown(el) && !scrolls(el))
    .map((el) => ({what: el.outerHTML.slice(0, 80), ...rect(el)}))
    .filter((r) => r.left < -0.5 || r.right > root.clientWidth + 0.5);
  // The board's drawing: its largest SVG, and the part of it the drawing fills (kept proportions).
  let drawing = null;
  for (const svg of board.querySelectorAll("svg")) {
    if (svg.ownerSVGElement || !shown(svg)) continue;
    const r = rect(svg);
    if (!drawing || r.width * r.height > drawing.width * drawing.height) {
      const vb = svg.viewBox.baseVal;
      const ratio = vb && vb.width ? vb.width / vb.height : r.width / r.height;
      drawing = {...r, drawnWidth: Math.min(r.width, r.height * ratio), drawnHeight: Math.min(r.height, r.width / ratio)};
    }
  }
  const asked = [...document.querySelectorAll(controls)].filter(shown).map(rect);
  return {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, innerHeight: window.innerHeight,
          scrollY: window.scrollY, cut, drawing, controls: asked};
}"""


def seat_page(
    live_server: LiveServer, context: BrowserContext, game: str, viewport: ViewportSize
) -> Page:
    """Ada's page at her first decision, against two bots, at the viewport's size."""
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}, {"kind": "bot"}, {"kind": "bot"}],
        options=OPTIONS.get(game, {}),
        game=game,
    )
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.goto(table["seats"][0]["invite"])
    page.wait_for_function(DECIDING)
    # The board module is loaded after the first state: wait until it asks the seat.
    page.locator(controls(game)).first.wait_for()
    page.evaluate("() => document.fonts.ready")
    return page


def measure(page: Page, game: str) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(MEASURE, controls(game))
    return found


def test_every_playable_game_names_where_its_board_asks_the_seat() -> None:
    """Without a browser too: a new game fails here until its board's controls are named."""
    missing = [game for game in GAMES if game not in CONTROLS]
    assert not missing, f"no CONTROLS entry for {missing}: their boards would go unmeasured"


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_nothing_is_wider_than_the_screen_and_the_controls_are_whole(
    live_server: LiveServer, context: BrowserContext, game: str
) -> None:
    page = seat_page(live_server, context, game, PHONE)
    found = measure(page, game)
    assert found["scrollWidth"] <= found["clientWidth"], (
        f"{game}: the page is {found['scrollWidth']} px wide on a {found['clientWidth']} px screen"
    )
    assert not found["cut"], f"{game}: controls cut at the screen's edge: {found['cut']}"
    assert found["controls"], f"{game}: no {controls(game)} on the page"
    top = min(c["top"] for c in found["controls"])
    assert top < found["innerHeight"], (
        f"{game}: the seat's controls start at {top:.0f} px, below the first screen "
        f"({found['innerHeight']} px)"
    )


@pytest.mark.parametrize("game", GAMES)
def test_on_a_laptop_the_board_takes_the_room_and_the_controls_are_on_the_first_screen(
    live_server: LiveServer, context: BrowserContext, game: str
) -> None:
    page = seat_page(live_server, context, game, LAPTOP)
    found = measure(page, game)
    drawing = found["drawing"]
    assert drawing is not None, f"{game}: no drawing on the board"
    wide = drawing["drawnWidth"] / LAPTOP["width"]
    high = drawing["drawnHeight"] / LAPTOP["height"]
    assert wide >= 0.55 or high >= 0.65, (
        f"{game}: the board is drawn {drawing['drawnWidth']:.0f}x{drawing['drawnHeight']:.0f} px, "
        f"{wide:.0%} of the width and {high:.0%} of the height of a 1366x768 screen"
    )
    # Above the drawing, only the page's bar, the status line and, for Ascot, the seat's question.
    above = sum(c["height"] for c in found["controls"] if c["bottom"] <= drawing["top"])
    assert found["scrollY"] == 0 and 0 <= drawing["top"] - above < 0.2 * LAPTOP["height"], (
        f"{game}: the board's drawing starts at {drawing['top']:.0f} px ({above:.0f} px of controls "
        "above it)"
    )
    assert found["scrollWidth"] <= found["clientWidth"]
    bottom = max(c["bottom"] for c in found["controls"])
    assert bottom <= LAPTOP["height"], (
        f"{game}: the seat's controls ({controls(game)}) end at {bottom:.0f} px, below the first "
        f"screen of {LAPTOP['height']} px"
    )


# The frame round a drawing on a phone (web/js/zoom.js): its box, and the horses' boxes.
FRAMED = """(drawing) => {
  const svg = document.querySelector(drawing);
  const frame = svg && svg.closest('[data-testid="zoom-viewport"]');
  if (!frame) return null;
  const rect = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  const pieces = [...svg.querySelectorAll("[data-pieces] > *")].map(rect).filter((r) => r.width > 0);
  const cells = [...svg.querySelectorAll(".as-cell")].map((c) => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); }).sort((a, b) => a - b);
  return {frame: rect(frame), scrollTop: frame.scrollTop, scrollLeft: frame.scrollLeft, pieces,
          cell: cells.length ? cells[cells.length >> 1] : null, innerHeight: window.innerHeight,
          scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth};
}"""


def test_on_a_phone_the_upright_steeple_chase_course_is_framed_on_its_horses(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """The upright course is 800 pixels high at 390 wide, with the hand and the controls under it: it
    is shown in a frame 62 % of the screen high, which holds the horses (at the crossing, at the
    start), and the controls come up to the first screen."""
    page = seat_page(live_server, context, "royal_steeple_chase", PHONE)
    page.wait_for_function(f"() => ({FRAMED})('.rsc-track') !== null")
    found: dict[str, Any] = page.evaluate(FRAMED, ".rsc-track")
    frame = found["frame"]
    assert frame["height"] <= 0.63 * found["innerHeight"], frame
    assert frame["bottom"] < found["innerHeight"], "the frame ends below the first screen"
    assert len(found["pieces"]) == 4, found["pieces"]
    outside = [
        p
        for p in found["pieces"]
        if p["top"] < frame["top"] - 1
        or p["bottom"] > frame["bottom"] + 1
        or p["left"] < frame["left"] - 1
        or p["right"] > frame["right"] + 1
    ]
    assert not outside, (
        f"horses outside the frame {frame} (scrolled {found['scrollTop']}): {outside}"
    )


RACE = """() => {
  const svg = document.querySelector(".as-race");
  if (!svg) return null;
  const box = svg.getBoundingClientRect();
  const cells = [...svg.querySelectorAll(".as-cell")].map((c) => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); }).sort((a, b) => a - b);
  return {left: box.left, right: box.right, width: box.width, height: box.height,
          cell: cells.length ? cells[cells.length >> 1] : null, innerHeight: window.innerHeight,
          scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth};
}"""
"""Ascot's race course on a phone: its drawing's box, its squares' median short side, the page's width."""


def test_on_a_phone_ascot_race_course_keeps_readable_squares(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """At 390 pixels the whole race course had squares of 10 pixels; the board shows it close up
    (round the horses, or the starting gate before the race), squares of at least 16 pixels (about
    40), the drawing within the screen's width and the page never wider than the screen."""
    page = seat_page(live_server, context, "ascot", PHONE)
    box = page.get_by_test_id("as-race-box")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    page.wait_for_function(f"() => ({RACE})() !== null")
    found: dict[str, Any] = page.evaluate(RACE)
    assert found["cell"] is not None and found["cell"] >= 16, (
        f"a square of the race course is {found['cell']} px on a 390 px screen"
    )
    assert found["scrollWidth"] <= found["clientWidth"], found
    assert found["left"] >= 0 and found["right"] <= found["clientWidth"], found
    assert found["height"] <= 0.7 * found["innerHeight"], found


def test_on_a_phone_the_replay_shows_ascot_race_course_close_up_too(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """The replay draws the same boards: Ascot's race course close up at its readable size, and the
    replay page is no wider than the screen."""
    table = live_server.create_table(
        [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}], game="ascot"
    )
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"/table/{table['id']}/replay#step=0")
    box = page.get_by_test_id("as-race-box")
    box.wait_for(state="attached")
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    page.wait_for_function(f"() => ({RACE})() !== null")
    found: dict[str, Any] = page.evaluate(RACE)
    assert found["cell"] is not None and found["cell"] >= 16, found["cell"]
    assert found["scrollWidth"] <= found["clientWidth"], found
    assert found["right"] <= found["clientWidth"], found


# Every control of the table page outside the board (the board's own are the phone test's), shown and
# measured: what it is and its size in CSS pixels.
PAGE_CONTROLS = """() => {
  const CONTROLS = "button, select, textarea, summary, a[href], [role=button], input:not([type=hidden])";
  const shown = (el) => {
    if (el.closest("[hidden]")) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  return [...document.querySelectorAll(CONTROLS)]
    .filter((el) => !el.closest("#board") && shown(el))
    .map((el) => {
      const r = el.getBoundingClientRect();
      const what = el.dataset.testid || el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30);
      return {what: `${el.tagName.toLowerCase()} «${what}»`, width: r.width, height: r.height};
    });
}"""


def test_on_a_phone_every_control_of_the_table_page_takes_a_finger(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """At 390 pixels every control of the table page outside the board is at least 40 CSS pixels on
    its short side (issue 33, point 3): the top bar's links and buttons, the language buttons, the
    creator's invite control opened (its links and buttons), the "stop waiting" button, the take-over control of an absent seat
    (its level and its button), the error's close button. The phone test measures the same at every
    decision of whole games; this one sees the rarer ones at once."""
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto("/")
    page.get_by_test_id("seat-kind-0").select_option("human")
    page.get_by_test_id("seat-kind-1").select_option("human")
    page.get_by_test_id("create-button").click()
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    page.get_by_test_id("stop-waiting").wait_for()
    stop_waiting = page.evaluate(PAGE_CONTROLS)
    page.get_by_test_id("stop-waiting").click()  # Bob never comes: a bot is offered for his seat
    page.get_by_test_id("takeover-1").wait_for()
    page.get_by_test_id("invite-toggle").click()
    page.evaluate("() => window.hippodromeTable.act('no such move')")
    page.get_by_test_id("error").wait_for()
    found: list[dict[str, Any]] = stop_waiting + page.evaluate(PAGE_CONTROLS)
    seen = {c["what"] for c in found}
    for expected in ("takeover-1", "takeover-level-1", "invite-toggle", "lang-fr", "help"):
        assert any(expected in what for what in seen), f"{expected} not shown: {sorted(seen)}"
    small = [c for c in found if min(c["width"], c["height"]) < 40 - 0.05]
    assert not small, "controls under 40 px on a phone: " + "; ".join(
        f"{c['what']} {c['width']:.1f}x{c['height']:.1f}" for c in small
    )
