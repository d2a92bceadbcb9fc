"""Win, Place & Show's board in Debian's headless chromium: a whole quick game played by clicks, and
the same board played by touch on a phone (issue 33).

Ada and five heuristic bots play the quick version (§12: six players, stables by die, no sale). Ada
rolls her stable with the roll button, turns her betting slip face down, and rides her horse by
clicking a highlighted square of the oval (or the finish-line button) every turn of the six races,
until the final ranking shows. Along the way the oval holds every square of the five lanes, the
program sheet its six horses, and the language switch turns the board's texts into French.

In a game with a sale, Ada writes her secret bids through the one amount picker (kit/picker.js):
only legal amounts are offered ($500 apart, §9), the stepper goes from one to the next, and the
amount played is the bid her sheet holds. The bid helper (issue 34) shows the horse's chances and
the purse it can expect, and writes the suggested bid in one tap; the bids written are listed on
Ada's page and never on her rival's. The programme's columns are explained, in French without the
seed's German.

On a phone (390x844) the oval's squares are far too small to tap: Ada rides by a list of landing
choices named in words, the oval zoomed to her horse; every target is at least 40 CSS pixels, the
page never scrolls sideways (the programme scrolls in its own box), and the choices stand on the first
screen with the oval. Her betting slip (kit/slip.js) is filled a step at a time, horse, kind of bet,
stake, each stake with what it pays if the horse comes in (the tote board's price), and lists her
bets in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hippodrome.games.win_place_show.material import material
from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}

ACTIONABLE = """() => {
  const shown = (el) => el && !el.hidden && !el.disabled && el.offsetParent !== null;
  const state = window.hippodromeTable.state();
  const seen = (kind) => ({ kind, version: state ? state.version : -1 });
  if (shown(document.querySelector('[data-testid="game-over"]'))) return seen("over");
  if (shown(document.querySelector('[data-testid="roll-button"]'))) return seen("roll");
  if (document.querySelector('[data-testid="wps-target"], [data-testid="wps-landing"]')) return seen("ride");
  if (document.querySelector('[data-testid="wps-amount"], [data-testid="wps-bet-stake"]')) return seen("amount");
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
    expect(page.locator(".wps-oval path.lt-cell")).to_have_count(2 * 25 * 5 + 2 * 85)
    expect(page.locator(".wps-program tbody tr")).to_have_count(6)
    # D3: the tote board beside the programme, each horse's win, place and show price for $1,000.
    first = material().races[0].horses[0]
    prices = page.locator(".wps-tote tbody tr").first.locator(".wps-price")
    expect(prices).to_have_text([f"${p:,}" for p in first.prices])
    clicks = {"roll": 0, "ride": 0, "choice": 0, "amount": 0}
    for _ in range(400):
        seen: dict[str, Any] = page.wait_for_function(ACTIONABLE, timeout=60_000).json_value()
        kind, version = seen["kind"], seen["version"]
        if kind == "over":
            break
        if kind == "roll":
            target = page.get_by_test_id("roll-button")
        elif kind == "ride":
            # A square of the oval; the finish line, which is no square, from the list.
            squares = page.get_by_test_id("wps-target")
            home = page.locator('[data-testid="wps-landing"][data-action="ride home"]')
            target = home if home.count() else squares.first
        elif kind == "amount":
            target = page.locator('[data-testid="wps-amount"], [data-testid="wps-bet-stake"]').first
        else:
            choices = page.get_by_test_id("wps-choice")
            done = page.locator('[data-testid="wps-choice"][data-action="done"]')
            target = done if done.count() else choices.first
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


def test_a_bid_is_chosen_in_the_one_amount_picker_among_legal_amounts_only(
    live_server: LiveServer, context: BrowserContext
) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}]
    table = live_server.create_table(seats, {}, game="win_place_show")
    seat = SeatPage(context.new_page())
    page = seat.page
    page.goto(table["seats"][0]["invite"])
    quick = page.get_by_test_id("wps-amount")
    select = page.get_by_test_id("wps-amount-select")
    play = page.get_by_test_id("wps-amount-other")
    expect(quick.first).to_have_attribute("data-action", re.compile(r"^sheet \w+ 0$"))
    expect(quick.first).to_have_text("No bid")
    expect(page.get_by_test_id("wps-choice")).to_have_count(0)  # no button per amount
    # Every legal amount, and only those: $500 apart (§9) up to all Ada has, $50,000.
    quick_amounts = [
        int(a.split()[-1]) for a in (b.get_attribute("data-action") or "" for b in quick.all())
    ]
    listed = [
        int(v) for v in select.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    ]
    assert quick_amounts + listed == list(range(0, 50_001, 500)), (quick_amounts, listed[:5])
    expect(select.locator("option").first).to_have_text("$1,500")
    # The list starts at the bid helper's suggestion ($3,500 for the favourite, Mister Lucky); the
    # stepper goes from one legal amount to the next.
    expect(select).to_have_value("3500")
    page.get_by_test_id("wps-amount-down").click()
    page.get_by_test_id("wps-amount-down").click()
    expect(select).to_have_value("2500")
    page.get_by_test_id("wps-amount-up").click()
    expect(select).to_have_value("3000")
    expect(play).to_have_attribute("data-action", re.compile(r"^sheet \w+ 3000$"))
    expect(play).to_have_text("Write $3,000")
    play.click()
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
    assert sheet == [3000], "the amount played is the bid written on Ada's sheet"
    assert not seat.errors, f"script errors on the board: {seat.errors}"


def sale_page(
    live_server: LiveServer, context: BrowserContext, humans: int, lang: str = "en"
) -> list[SeatPage]:
    """A game with a sale (§9) at two seats, ``humans`` of them played in pages at 390x844."""
    seats = [{"kind": "human", "name": name} for name in ("Ada", "Bruno")[:humans]]
    seats += [{"kind": "bot", "bot": "heuristic"}] * (2 - humans)
    table = live_server.create_table(seats, {}, game="win_place_show")
    pages = []
    for p in range(humans):
        seat = SeatPage(context.new_page())
        seat.page.set_viewport_size(PHONE)
        seat.page.add_init_script(f"localStorage.setItem('hippodrome.lang', '{lang}')")
        seat.page.goto(table["seats"][p]["invite"])
        pages.append(seat)
    return pages


def test_the_programme_s_columns_are_explained_in_french_without_german(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Issue 34: the programme's columns in the players' words, a legend for all and a column's
    meaning on tap; in French, « Vitesse », « Classe », « Par tour » and no German (the seed's
    « Speed / Klasse / Rennstärke »)."""
    (seat,) = sale_page(live_server, context, 1, "fr")
    page = seat.page
    fr = live_server.http.get("/api/i18n/fr").json()
    legend = page.get_by_test_id("wps-legend")
    legend.locator("summary").click()
    terms = legend.locator("dt")
    expect(terms).to_have_count(9)
    for key in ("speed", "klasse", "strengths"):
        expect(terms.filter(has_text=fr[f"web.win_place_show.col_{key}"])).to_have_count(1)
    text = page.locator(".wps-program").inner_text()
    assert not re.search(r"Speed|Klasse|Rennst|Strength", text), text
    for dd in legend.locator("dd").all():
        assert re.fullmatch(r"[A-ZÉ].+\.", dd.inner_text()), dd.inner_text()
    page.locator('[data-testid="wps-col"][data-col="klasse"]').click()
    expect(page.get_by_test_id("wps-col-note")).to_have_text(
        f"Classe\u00a0: {fr['web.win_place_show.legend_klasse']}"
    )
    assert not seat.errors, f"script errors on the board: {seat.errors}"


def test_the_bid_helper_s_suggestion_is_written_with_one_tap_and_shown_to_its_seat_only(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Issue 34 and §9: for the horse on the sheet the helper shows its chances and the purse it can
    expect, and one button writes the suggested bid (a legal amount, the board data's suggestion).
    The seat's page then lists its sealed bid; the rival's page, still writing, does not."""
    ada, bruno = sale_page(live_server, context, 2)
    board = live_server.http.get("/api/games/win_place_show/board").json()
    favourite = min(board["races"][0]["horses"], key=lambda x: (x["odds"], x["number"]))
    suggested = favourite["suggested"]
    assert suggested > 0
    page = ada.page
    helper = page.get_by_test_id("wps-helper")
    expect(helper).to_contain_text(favourite["name"])
    expect(helper).to_contain_text(f"{round(favourite['chances']['win'] * 100)}% to win")
    expect(helper).to_contain_text(f"it can expect ${favourite['worth']:,}")
    take = page.get_by_test_id("wps-suggested")
    expect(take).to_have_attribute("data-action", f"sheet {favourite['id']} {suggested}")
    assert ada.click_and_wait(take, "suggested bid", ada.version())
    sheet = page.evaluate("() => window.hippodromeTable.state().observation.sheets[0]")
    assert sheet == [suggested], "one tap writes the suggested bid"
    expect(page.get_by_test_id("wps-my-bids").locator("li")).to_have_text(
        [f"{favourite['name']} · ${suggested:,}"]
    )
    # Bruno's page, at the same version: the helper for his own sheet, never Ada's sealed bid.
    bruno.page.wait_for_function(
        "(v) => window.hippodromeTable.state().version >= v", arg=ada.version()
    )
    expect(bruno.page.get_by_test_id("wps-helper")).to_contain_text(favourite["name"])
    expect(bruno.page.get_by_test_id("wps-my-bids")).to_have_count(0)
    others = bruno.page.evaluate("() => window.hippodromeTable.state().observation.sheets[0]")
    assert others == [None], "Ada's bid is sealed from Bruno"
    assert not ada.errors and not bruno.errors, (ada.errors, bruno.errors)


# -- on a phone -------------------------------------------------------------------------------------

PHONE_CHECK = """() => {
  const root = document.documentElement;
  const board = document.getElementById("board");
  const rect = (el) => el.getBoundingClientRect();
  const shown = (el) => rect(el).width > 0 && rect(el).height > 0;
  const targets = [...board.querySelectorAll("[data-action]")].filter(shown);
  const small = targets.filter((el) => Math.min(rect(el).width, rect(el).height) < 40)
    .map((el) => el.outerHTML.slice(0, 90));
  const box = board.querySelector(".wps-program-box");
  const oval = board.querySelector(".wps-oval");
  const landings = [...board.querySelectorAll('[data-testid="wps-landing"]')];
  return {
    overflow: root.scrollWidth - root.clientWidth,
    small,
    bottom: targets.length ? Math.max(...targets.map((el) => rect(el).bottom)) : null,
    ovalTop: oval ? rect(oval).top : null,
    zoomed: oval ? oval.classList.contains("wps-zoomed") : false,
    onOval: board.querySelectorAll(".wps-oval [data-action]").length,
    landings: landings.map((el) => el.textContent),
    programmeInBox: box ? box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === "auto" : null,
    text: board.innerText,
  };
}"""
NOTATION = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\b\d-\d+\b|\bride home\b|\b(?:line|bet) (?:win|place|show|double) [a-z]"
    r"|\bsheet [a-z]+ \d"
)
"""The engine's notation (``ride 3-41``, ``line win dixie_belle``, ``sheet pepper 500``) and ids."""


def phone_seat(live_server: LiveServer, context: BrowserContext) -> SeatPage:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "heuristic"}] * 5
    table = live_server.create_table(seats, {"quick": True}, game="win_place_show")
    seat = SeatPage(context.new_page())
    seat.page.set_viewport_size(PHONE)
    seat.page.goto(table["seats"][0]["invite"])
    return seat


def look(page: Page) -> dict[str, Any]:
    """Ada's board at a decision, measured: every target a finger's size, no sideways scroll, no
    notation in the board's text."""
    found: dict[str, Any] = page.evaluate(PHONE_CHECK)
    assert found["overflow"] <= 0, f"the page is {found['overflow']} px wider than the phone"
    assert not found["small"], f"targets under 40 CSS px: {found['small']}"
    assert not NOTATION.findall(found["text"]), NOTATION.findall(found["text"])
    return found


def test_on_a_phone_a_whole_race_is_ridden_by_landing_choices_named_in_words(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Race 1 played to its finish at 390x844: at each of Ada's moves the oval is zoomed to her
    horse and carries no target, the landing choices are buttons named in words under it, on the
    first screen; the programme scrolls in its own box."""
    seat = phone_seat(live_server, context)
    page = seat.page
    rides = 0
    for _ in range(300):
        seen = page.wait_for_function(ACTIONABLE, timeout=60_000).json_value()
        kind, version = seen["kind"], seen["version"]
        if page.evaluate("() => window.hippodromeTable.state().observation.results.length") >= 1:
            break
        if kind == "over":
            break
        found = look(page)
        if kind == "roll":
            target = page.get_by_test_id("roll-button")
        elif kind == "ride":
            assert found["onOval"] == 0, "a square of the oval is a target on a phone"
            assert found["landings"], "no landing choices"
            on_oval = [x for x in found["landings"] if "finish line" not in x]
            assert found["zoomed"] or not on_oval, "the oval is not zoomed to the horse in turn"
            for text in found["landings"]:
                assert re.fullmatch(
                    r"[A-Z]\. (Lane \d, square \d+(, a passing space)?|Across the finish line)",
                    text,
                ), text
            assert found["bottom"] <= PHONE["height"] and found["ovalTop"] >= 0, (
                "the landing choices and the oval are not on one screen",
                found["ovalTop"],
                found["bottom"],
            )
            assert found["programmeInBox"], "the programme does not scroll in its own box"
            target = page.get_by_test_id("wps-landing").first
            rides += 1
        elif kind == "amount":
            target = page.get_by_test_id("wps-bet-stake").first
        else:
            done = page.locator('[data-testid="wps-choice"][data-action="done"]')
            target = done if done.count() else page.get_by_test_id("wps-choice").first
        if not seat.click_and_wait(target, kind, version):
            continue
    else:
        raise AssertionError("race 1 did not finish")
    assert rides >= 3, f"Ada rode {rides} times in race 1"
    assert not seat.errors, f"script errors on the board: {seat.errors}"


def test_on_a_phone_the_betting_slip_is_filled_step_by_step_and_listed_in_words(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """§10: a bet is a horse, a kind and a stake. The slip asks for them one at a time (a handful of
    buttons, not one per legal action), then lists the bet in words."""
    seat = phone_seat(live_server, context)
    page = seat.page
    page.get_by_test_id("roll-button").click()  # the stable (§12)
    horses = page.get_by_test_id("wps-bet-horse")
    expect(horses).to_have_count(6)
    look(page)
    assert page.locator("#board [data-action]").count() == 1, (
        "only 'done' plays before a bet is chosen"
    )
    name = horses.nth(1).inner_text()
    horses.nth(1).click()
    page.locator('[data-testid="wps-bet-kind"][data-value="place"]').click()
    expect(page.get_by_test_id("wps-bet-chosen")).to_have_text(f"Place · {name}")
    write = page.get_by_test_id("wps-bet-write")
    expect(write).to_have_attribute("data-action", re.compile(r"^line place \w+$"))
    version = seat.version()
    assert seat.click_and_wait(write, "line", version)
    # The payout it would bring if it came in, off the tote board (D3): the place price for each
    # $1,000, stake included, and on each stake's button.
    horse = material().races[0].horses[1]
    place = horse.prices[1]
    expect(page.get_by_test_id("wps-bet-payout")).to_contain_text(f"${place:,} for $1,000 staked")
    stake = page.get_by_test_id("wps-bet-stake").nth(1)
    expect(stake).to_have_text(f"Bet $2,000 · pays ${2 * place:,}")
    look(page)
    assert seat.click_and_wait(stake, "stake", seat.version())
    expect(page.get_by_test_id("wps-slip").locator("li")).to_have_text([f"Place · {name} · $2,000"])
    # The horse stays chosen; the kind used is no longer offered (one bet of each kind, §10).
    expect(page.locator('[data-testid="wps-bet-horse"][aria-pressed="true"]')).to_have_text(name)
    expect(page.locator('[data-testid="wps-bet-kind"][data-value="place"]')).to_have_count(0)
    assert not seat.errors, f"script errors on the board: {seat.errors}"


# -- kit/slip.js on a blank page ----------------------------------------------------------------------

BLANK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/kit.css"></head><body></body></html>"""

SLIP = """async (arg) => {
  const m = await import("/static/js/kit/slip.js");
  window.played = window.played || [];
  window.slipMemory = window.slipMemory || {};
  const names = {a: "Alpha", b: "Bravo", c: "Charlie"};
  const words = {
    horse: (id) => names[id], kind: (k) => ({win: "Win", place: "Place", double: "Daily double"})[k],
    money: (n) => `$${n}`, sealed: "a sealed bet", secret: "a secret stake", empty: "No bet yet",
    ask: {horse: "Which horse?", kind: "Which bet?", partner: "With which horse?", stake: "How much?"},
    write: () => "Write this bet", bet: (n) => `Bet $${n}`, other: "Bet", otherLabel: "Another stake",
  };
  const moves = arg.moves.map((notation) => {
    const [, kind, horses, stake] = notation.split(" ");
    const args = {bet: kind, horses: horses.split("+")};
    if (stake) args.stake = Number(stake);
    return {kind: stake ? "place_bet" : "line", args, notation};
  });
  moves.push({kind: "done", args: {}, notation: "done"});
  const chooser = m.betChooser(moves, {words, act: (n) => window.played.push(n), testid: "bet",
                                       memory: window.slipMemory, kinds: {win: 1, place: 1, double: 2}});
  const list = m.slipList(arg.slips, {player: 0, words, testid: "slip"});
  document.body.replaceChildren(...[chooser, list].filter(Boolean));
  return m.betOf(moves[moves.length - 1]);
}"""


@pytest.fixture
def blank(context: BrowserContext) -> Iterator[Page]:
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route(
        "**/slip-blank",
        lambda route: route.fulfill(status=200, content_type="text/html", body=BLANK),
    )
    page.goto("/slip-blank")
    yield page
    assert not errors, f"script errors on the blank page: {errors}"


def test_the_slip_asks_for_the_horse_then_the_kind_then_the_partner_of_a_double(
    blank: Page,
) -> None:
    """kit/slip.js: a bet begun (its stake asked next) is chosen a step at a time, each step's
    choices a finger's size, an earlier choice changed at will; no move is invented."""
    lines = ["line win a", "line win b", "line place a", "line double a+c", "line double b+c"]
    assert blank.evaluate(SLIP, {"moves": lines, "slips": []}) is None, "'done' is no bet"
    expect(blank.get_by_test_id("bet-horse")).to_have_text(["Alpha", "Bravo"])
    expect(blank.get_by_test_id("bet-kind")).to_have_count(0)
    expect(blank.get_by_test_id("slip")).to_have_text("No bet yet")
    blank.locator('[data-testid="bet-horse"][data-value="a"]').click()
    expect(blank.get_by_test_id("bet-kind")).to_have_text(["Win", "Place", "Daily double"])
    blank.locator('[data-testid="bet-kind"][data-value="double"]').click()
    # One partner only: taken without asking.
    expect(blank.get_by_test_id("bet-partner")).to_have_count(0)
    expect(blank.get_by_test_id("bet-chosen")).to_have_text("Daily double · Alpha + Charlie")
    expect(blank.get_by_test_id("bet-write")).to_have_attribute("data-action", "line double a+c")
    for button in blank.locator(".kit-bet-chooser button").all():
        box = button.bounding_box()
        assert box and min(box["width"], box["height"]) >= 40, box
    blank.locator('[data-testid="bet-horse"][data-value="b"]').click()
    expect(blank.locator('[data-testid="bet-kind"][aria-pressed="true"]')).to_have_count(0)
    blank.locator('[data-testid="bet-kind"][data-value="win"]').click()
    blank.get_by_test_id("bet-write").click()
    assert blank.evaluate("() => played") == ["line win b"]


def test_the_slip_stakes_a_bet_with_the_picker_and_lists_the_slips_in_words(blank: Page) -> None:
    """kit/slip.js: the stakes of the one bet left go through the amount picker; the seat's slips
    (the pool's view) are listed in words, another seat's sealed slip left out of its list."""
    stakes = [f"bet place a {n}" for n in (100, 200, 300, 400, 500, 600)]
    slips = [
        {"number": 1, "player": 0, "kind": "win", "horses": ["b"], "stake": 300},
        {"number": 2, "player": 1, "kind": None, "horses": None, "stake": None},
        {"number": 3, "player": 0, "kind": "double", "horses": ["a", "c"], "stake": None},
    ]
    blank.evaluate(SLIP, {"moves": stakes, "slips": slips})
    expect(blank.get_by_test_id("bet-horse")).to_have_count(0)
    expect(blank.get_by_test_id("bet-chosen")).to_have_text("Place · Alpha")
    expect(blank.get_by_test_id("bet-stake")).to_have_text(
        ["Bet $100", "Bet $200", "Bet $300", "Bet $400"]
    )
    blank.get_by_test_id("bet-stake-select").select_option("600")
    blank.get_by_test_id("bet-stake-other").click()
    assert blank.evaluate("() => played") == ["bet place a 600"]
    expect(blank.locator('[data-testid="slip"] li')).to_have_text(
        ["Win · Bravo · $300", "Daily double · Alpha + Charlie · a secret stake"]
    )


DICE = """async () => {
  const { createBoard } = await import("/games/win_place_show/web/board.js");
  const { t } = await import("/static/js/i18n.js");
  const boardData = await (await fetch("/api/games/win_place_show/board")).json();
  const now = window.hippodromeTable.state();
  const at = (version, dice, events = []) => ({
    ...now,
    version,
    events,
    fullLog: false,
    observation: { ...now.observation, dice, turn: 1 },
  });
  const rolled = [{ key: "win_place_show.dice_rolled", params: {}, text: { en: "", fr: "" } }];
  const box = document.createElement("div");
  document.body.append(box);
  const board = createBoard(box, { boardData, t, lang: "en", send: null, readOnly: true });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const fills = () => [...box.querySelectorAll('[data-testid="wps-dice"] .kit-die-body')].map((r) => r.getAttribute("fill"));
  const dice = () => box.querySelector('[data-testid="wps-dice"]');
  const rolling = () => [...box.querySelectorAll('[data-testid="wps-dice"] .kit-die')].some((d) => d.dataset.rolling);
  board.update(at(1, [3, 5]));
  board.update(at(2, [4, 2], rolled));
  const first = dice();
  const seen = { faces: [], rolling: [rolling()] };
  for (let i = 0; i < 3; i++) {
    await wait(90);
    seen.faces.push(fills());
  }
  board.update(at(2, [4, 2], rolled)); // the same version drawn again: the tumble goes on
  seen.rolling.push(rolling(), dice() === first);
  board.update(at(3, [4, 2])); // a new version: the tumble stops
  seen.rolling.push(rolling());
  board.update(at(4, [6, 1], rolled));
  const last = dice();
  board.destroy(); // and so does the board's end
  seen.rolling.push([...last.querySelectorAll(".kit-die")].some((d) => d.dataset.rolling));
  box.remove();
  return seen;
}"""


def test_the_dice_tumble_in_their_colours_until_the_next_version(
    ada: tuple[SeatPage, Any],
) -> None:
    """kit/dice.js on Win, Place & Show's pair: each die tumbles through faces of its own colour (the
    other die red, not white); a redraw at the same version leaves the tumble alone, a new version
    or the board's end stops it."""
    seat, _ = ada
    page = seat.page
    page.wait_for_function("() => (window.hippodromeTable.state()?.version ?? -1) >= 0")
    page.emulate_media(reduced_motion="no-preference")
    seen = page.evaluate(DICE)
    assert seen["faces"] and all(f == ["white", "#c62828"] for f in seen["faces"]), seen
    assert seen["rolling"] == [True, True, True, False, False], seen
