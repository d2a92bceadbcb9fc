"""Ascot's board in Debian's headless chromium: a whole three-player game played by clicks.

Ada plays against two heuristic bots, from the deal to the prizes, only by clicking what the board
offers: she gives a business to the dead pile and keeps her hand, bids once at the sale and passes
afterwards, throws the two dice of the training (one click: the throw and its dice), makes one trade
offer with the offer form and then no more, enters her runners and names a favourite, bets once on
the totalisator, and rides by clicking the green squares of the race course (and the answers the
colour of a square or a lane asks for) until the final ranking shows; when the die may go to two of
her horses, a click on the other one shows its squares and plays nothing. Along the way the board
holds every square of both boards (the forty of the training loop, every cell of the six lanes and
the twelve start squares), shows Ada's own cards and only a count of the others', the sale's lot
with its highest bid and whose turn it is (the kit's auction panel), the trading as one offer form,
the totalisator's tickets, and turns into French with the language switch, no message key, engine
id or notation showing.

The same game is played on a phone (390x844): at every decision the page is no wider than the
screen, every control that plays an action is at least 40 CSS pixels on its short side (the race
course's squares too, where they carry the action), the first of them is on the first screen, the
race course is shown close up, and where its landing squares are drawn too small to tap they are only
lit on the course (no action, not focusable) and offered as buttons under it (Ada rides by those).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot.actions import DIE_FACES, parse_action
from hippodrome.games.ascot.board import LANE_CODES, TRACK
from hippodrome.games.ascot.material import material
from hippodrome.games.ascot.rules import AscotState, Phase
from hippodrome.server.service import event_json
from tests.games.ascot.scenarios import race, trading
from tests.web.conftest import LiveServer, SeatPage
from tests.web.test_pawn_motion import Table
from tests.web.test_royal_steeple_chase_board import PASSED_ON, device_to_list

pytestmark = pytest.mark.browser

ACTIONABLE = """() => {
  const shown = (el) => el && !el.hidden && !el.disabled && el.offsetParent !== null;
  const state = window.hippodromeTable.state();
  const seen = (kind) => ({ kind, version: state ? state.version : -1, phase: state ? state.observation.phase : null });
  if (shown(document.querySelector('[data-testid="game-over"]'))) return seen("over");
  if (shown(document.querySelector('[data-testid="roll-button"]'))) return seen("roll");
  if (document.querySelector('[data-testid="as-target"], [data-testid="as-landing"]')) return seen("target");
  const controls = '[data-testid="as-prompt"] button, [data-testid="as-hand"] button[data-action]';
  if (document.querySelector(controls)) return seen("choice");
  return false;
}"""
RAW_KEY = re.compile(r"\b(?:web\.ascot|ascot)\.[a-z_]+")
NOTATION = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\bh\d{1,2}\b|\b(?:bid|seal|move|swap|offer|bet) (?:h?\d|\d)"
)
"""An engine id (``commissaire_du_club``, ``h3``) or a move's notation (``bid 1500``) in the text."""
PHONE: ViewportSize = {"width": 390, "height": 844}
ON_A_PHONE = """() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !el.closest("[hidden]"); };
  const acting = [...document.querySelectorAll("#board [data-action]")].filter(shown);
  const size = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  const small = acting.filter((el) => Math.min(...size(el)) < 39.95);
  const top = acting.filter((el) => !el.closest("svg")).map((el) => el.getBoundingClientRect().top + window.scrollY);
  const lit = [...document.querySelectorAll(".as-race [data-listed]")];
  return {
    overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    wide: [...document.querySelectorAll("body *")].filter(shown).filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).slice(-3).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${Math.round(el.getBoundingClientRect().right)}px: ${(el.textContent || "").trim().slice(0, 60)}`),
    small: small.map((el) => `${el.dataset.action} ${size(el).map(Math.round).join("x")}`),
    first: top.length ? Math.min(...top) : null,
    lit: lit.map((el) => el.dataset.listed).sort(),
    litFocusable: lit.filter((el) => el.matches("[tabindex], [role=button], [data-action]") || el.querySelector("[data-action], [tabindex]")).length,
    landings: [...document.querySelectorAll('[data-testid="as-landing"]')].map((el) => el.dataset.action).sort(),
  };
}"""
"""What a phone shows at a decision: a sideways overflow, the controls smaller than a finger (drawn or
not), where the first button starts, the race course's squares only lit (too small to tap: their
notation in ``data-listed``), whether any of those can be tapped or focused, and the landing buttons."""


@pytest.fixture(params=["laptop", "phone"])
def screen(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def ada(live_server: LiveServer, context: BrowserContext, screen: str) -> Iterator[SeatPage]:
    seats = [
        {"kind": "human", "name": "Ada"},
        {"kind": "bot", "bot": "heuristic", "name": "Bruno"},
        {"kind": "bot", "bot": "heuristic", "name": "Chloé"},
    ]
    table = live_server.create_table(seats, {}, game="ascot")
    seat = SeatPage(context.new_page())
    if screen == "phone":
        seat.page.set_viewport_size(PHONE)
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
    live_server: LiveServer, ada: SeatPage, screen: str
) -> None:
    page = ada.page
    phone = screen == "phone"
    fr = live_server.http.get("/api/i18n/fr").json()
    m = material()
    # Both boards, whole: the training loop's squares, the race course's cells and start squares.
    expect(page.locator(".as-loop .as-sq")).to_have_count(m.training_length)
    expect(page.locator(".as-race .as-cell")).to_have_count(sum(map(len, m.lanes)))
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
        shown = NOTATION.findall(page.locator('[data-testid="as-prompt"]').inner_text())
        assert not shown, f"{phase}: ids or notation in the prompt: {shown}"
        if phone:
            seen_phone: dict[str, Any] = page.evaluate(ON_A_PHONE)
            assert not seen_phone["overflow"], (
                f"{phase}: the page is wider than the phone: {seen_phone['wide']}"
            )
            assert not seen_phone["small"], f"{phase}: controls under 40 px: {seen_phone['small']}"
            first_top = seen_phone["first"]
            assert first_top is None or first_top < PHONE["height"], (
                f"{phase}: control at {first_top}"
            )
            # A square too small to tap is only lit; its button under the course plays it.
            assert not seen_phone["litFocusable"], seen_phone
            assert seen_phone["lit"] == seen_phone["landings"], seen_phone
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
            lot = page.get_by_test_id("as-lot")
            expect(lot).to_be_visible()
            # The kit's auction panel: the highest bid and who holds it, and whose turn it is.
            expect(lot.locator('[data-part="high"]')).to_be_visible()
            expect(lot.locator('[data-part="turn"]')).to_be_visible()
        if (
            phase == "trading"
            and "trade" not in checked
            and page.get_by_test_id("as-trade").count()
        ):
            checked.add("trade")
            # Hundreds of offers and dozens of exchanges: one offer form of lists, one button.
            buttons = page.locator('[data-testid="as-trade"] button[data-action]')
            assert buttons.count() == 1, buttons.count()
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
                '[data-testid="as-target"], [data-testid="as-landing"]',
                "(ts) => ts.map((t) => t.dataset.action)",
            )
            assert actions, "the other horse's squares are offered"
            assert all(a.startswith(f"move {horse} ") for a in actions), actions
            assert ada.version() == version, "choosing which horse to show plays nothing"
            continue  # look again: that horse's squares
        what = phase
        if kind == "roll":
            target = page.get_by_test_id("roll-button")
        elif kind == "target":
            landing = page.get_by_test_id("as-landing")
            target = landing.first if landing.count() else page.get_by_test_id("as-target").first
        else:
            # Once each: a bid at the sale, an offer before the race, a bet on the totalisator.
            onces = {"auction": "as-bid", "trading": "as-offer", "betting": "as-bet-stake"}
            once = onces.get(phase)
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
        if what == "as-bet-stake" and "tote" not in checked:
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
    assert not NOTATION.findall(text), f"ids or notation on the board: {NOTATION.findall(text)}"


RACE_CHOICES = """() => {
  const size = (el) => { const r = el.getBoundingClientRect(); return Math.min(r.width, r.height); };
  const lit = [...document.querySelectorAll(".as-race [data-listed]")];
  return {
    drawn: [...document.querySelectorAll(".as-race [data-action]")].map((el) => [el.dataset.action, size(el)]),
    lit: lit.map((el) => el.dataset.listed).sort(),
    litTappable: lit.filter((el) => el.matches("[tabindex], [role=button]") || el.querySelector("[tabindex], [data-action]")).length,
    landings: [...document.querySelectorAll('[data-testid="as-landing"]')].map((el) => [el.dataset.action, size(el)]),
  };
}"""
"""The race course's choices: drawn with their action (and their short side), only lit (their notation
in ``data-listed``), whether a lit one can be tapped or focused, and the landing buttons."""


def race_table(live_server: LiveServer) -> tuple[dict[str, Any], Table]:
    """A table of two seats played from here (the first legal action of each) until Ada's horse is to
    move in the race: the table made and its players. A deal where no horse runs (the first actions
    give the horses away) ends before the race: another table is dealt then."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    for _ in range(6):
        created = live_server.create_table(seats, {}, game="ascot")
        table = Table(live_server, created, ("bid 500",))
        for _ in range(600):
            if any(m["kind"] == "move" for m in table.states[0]["legal"]):
                return created, table
            if any(s["status"] == "finished" for s in table.states):
                break
            table.play_one()
        table.close()
    raise AssertionError("six deals and the race never asked Ada to move")


def test_on_a_phone_squares_too_small_to_tap_are_only_lit_and_listed(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Issue 33, point 3: on a phone the close-up's squares are the targets when they are 40 pixels or
    more; the whole course's are a quarter of that, so they are only lit there (no action, not
    focusable) and the landing buttons under the course carry the moves, one each."""
    created, table = race_table(live_server)
    try:
        state = table.states[0]
        page = context.new_page()
        page.set_viewport_size(PHONE)
        page.goto(created["seats"][0]["invite"])
        page.wait_for_function(
            "(v) => (window.hippodromeTable.state()?.version ?? -1) >= v", arg=state["version"]
        )
        page.locator('.as-race [data-action], [data-testid="as-landing"]').first.wait_for()
        close: dict[str, Any] = page.evaluate(RACE_CHOICES)
        small = [d for d in close["drawn"] if d[1] < 39.95]
        assert not small, f"squares drawn with their action under 40 px: {small}"
        assert close["lit"] == sorted(a for a, _ in close["landings"]), close
        # The whole course: every square a quarter of a finger, so only lit, and listed.
        page.get_by_test_id("as-race-zoom").click()
        page.wait_for_function("() => !document.querySelector('.as-race [data-action]')")
        whole: dict[str, Any] = page.evaluate(RACE_CHOICES)
        shown = [m for m in state["legal"] if m["kind"] == "move"]
        horse = shown[0]["args"]["horse"]
        moves = sorted(m["notation"] for m in shown if m["args"]["horse"] == horse)
        assert whole["lit"] == moves, whole
        assert not whole["litTappable"], whole
        assert sorted(a for a, _ in whole["landings"]) == moves, whole
        assert all(side >= 40 for _, side in whole["landings"]), whole
        # A landing button plays its move.
        page.get_by_test_id("as-landing").first.click()
        page.wait_for_function(
            "(v) => (window.hippodromeTable.state()?.version ?? -1) > v", arg=state["version"]
        )
    finally:
        table.close()


def test_the_replay_of_a_race_on_a_phone_offers_nothing_to_tap(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """The replay draws the same race course, read-only: no square carries an action or can be
    focused, no landing list, the page no wider than the phone."""
    bots = [{"kind": "bot", "bot": "heuristic"} for _ in range(3)]
    table = live_server.create_table(bots, {}, game="ascot")
    for _ in range(240):
        if live_server.http.get(f"/api/tables/{table['id']}").json()["status"] == "finished":
            break
        time.sleep(0.5)
    else:
        raise AssertionError("three bots did not finish a game in two minutes")
    steps = live_server.http.get(f"/api/tables/{table['id']}/replay").json()["steps"]
    race = [i for i, step in enumerate(steps) if step["observation"].get("phase") == "move"]
    assert race, "no step of the race in the replay"
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"/table/{table['id']}/replay#step={race[len(race) // 2]}")
    page.locator(".as-race .as-pawn").first.wait_for()
    found: dict[str, Any] = page.evaluate(
        """() => ({
          actions: document.querySelectorAll("#board [data-action]").length,
          focusable: document.querySelectorAll(".as-race [tabindex], .as-race [role=button]").length,
          landings: document.querySelectorAll('[data-testid="as-landing"]').length,
          overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        })"""
    )
    assert found == {"actions": 0, "focusable": 0, "landings": 0, "overflow": False}, found


def test_in_hot_seat_the_next_seat_never_sees_the_bid_the_last_one_chose(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Two people at one device: at the sale the first to bid chooses a bid in the list and does not
    make it (the lowest is made), then the device passes to the other: the list opens on its first
    bid, never on the one chosen before (Ascot's bids may be sealed, its bets are hidden)."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    table = live_server.create_table(seats, {}, game="ascot")
    tokens = ",".join(seat["token"] for seat in table["seats"])
    device = SeatPage(context.new_page())
    page = device.page
    page.goto(f"{live_server.url}/table/{table['id']}#tokens={tokens}")
    bids = '[data-testid="as-bid-select"]'
    first_seat = device_to_list(page, bids)
    options = page.locator(bids).first.locator("option")
    first, chosen = options.first.get_attribute("value"), options.last.get_attribute("value")
    assert first and chosen and first != chosen
    page.locator(bids).first.select_option(chosen)
    version = device.version()
    page.locator('[data-testid="as-bid"][data-action]').first.click()
    page.wait_for_function(PASSED_ON, arg=version)
    device_to_list(page, bids, after=first_seat)
    offered = (
        page.locator(bids).first.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    )
    assert chosen in offered, f"the amount chosen before is not offered now: {offered}"
    expect(page.locator(bids).first).to_have_value(offered[0])
    assert not device.errors, f"script errors on the board: {device.errors}"


# -- Ascot at the table (issue 34, point 2): the offer form, the rescue's question, the roles ---------

BOARD_BLANK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/hippodrome.css"><link rel="stylesheet" href="/static/css/kit.css">
<link rel="stylesheet" href="/games/ascot/web/board.css"></head>
<body><div id="board"></div><ul id="players"></ul></body></html>"""

MOUNT = """async (arg) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLang(arg.lang);
  if (!window.boardUnderTest) {
    const module = await import("/games/ascot/web/board.js");
    const boardData = await (await fetch("/api/games/ascot/board")).json();
    window.sent = [];
    window.boardUnderTest = module.createBoard(document.getElementById("board"), {
      boardData, t: i18n.t, lang: arg.lang, send: (m) => window.sent.push(m), readOnly: false,
    });
  }
  window.boardUnderTest.setLang(arg.lang, i18n.t);
  window.boardUnderTest.update(arg.msg, arg.msg.events);
  const panels = await import("/static/js/panels.js");
  panels.renderPlayers(document.getElementById("players"), arg.msg);
}"""
"""Mount Ascot's board (once) on a blank page of the server's origin, the real catalogs loaded, and
show it the state message ``msg`` in ``lang``; the shared players panel drawn from it too."""

NAMES = ["Ada", "Bruno", "Chloé"]


def state_message(state: AscotState, seat: int, version: int = 1) -> dict[str, Any]:
    """What the server sends ``seat`` for ``state`` (server/views.py's ``state_message``): its
    observation, the engine's context, its legal actions typed and the whole log as it sees it."""
    game = state.game
    deciding = seat in state.active_players()
    return {
        "type": "state",
        "version": version,
        "status": "running",
        "seat": seat,
        "game": "ascot",
        "seats": [{"name": n, "kind": "human", "connected": True} for n in NAMES],
        "observation": state.observation(seat),
        "context": state.context(),
        "legal": [game.action_json(a, NAMES) for a in state.legal_actions(seat)]
        if deciding
        else [],
        "can_roll": False,
        "events": [event_json(e.seen_by(seat), NAMES) for e in state.events],
    }


@pytest.fixture
def blank(context: BrowserContext) -> Iterator[Page]:
    """A phone-sized blank page of the server's origin; no script error may be raised on it."""
    errors: list[str] = []
    page = context.new_page()
    page.set_viewport_size(PHONE)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route(
        "**/ascot-blank",
        lambda route: route.fulfill(status=200, content_type="text/html", body=BOARD_BLANK),
    )
    page.goto("/ascot-blank")
    yield page
    assert not errors, f"script errors on the blank page: {errors}"


def show(page: Page, state: AscotState, seat: int, lang: str = "en", version: int = 1) -> None:
    page.evaluate(MOUNT, {"msg": state_message(state, seat, version), "lang": lang})


def sent(page: Page) -> list[str]:
    """The actions the board sent since the last look."""
    found: list[dict[str, Any]] = page.evaluate("() => window.sent.splice(0)")
    return [m["action"] for m in found if m["type"] == "act"]


def test_the_offer_form_sends_the_one_legal_trade_its_lists_make(blank: Page) -> None:
    """Issue 34, point 2: before the race a trade is one offer (to whom, what you give, what you ask
    for, the price when money changes hands), said in a sentence, and its one button sends the legal
    action those choices make: an exchange of horses, a sale, a purchase (D29, D45)."""
    state = trading()
    seat = state.active_players()[0]
    legal = {str(a) for a in state.legal_actions(seat)}
    show(blank, state, seat)
    form = blank.get_by_test_id("as-trade")
    expect(form).to_be_visible()
    # Hundreds of offers and exchanges: four lists, one button.
    expect(form.locator("button[data-action]")).to_have_count(1)
    to = blank.get_by_test_id("as-offer-to")
    to.select_option(label="Chloé")
    # One of the seat's horses for one of Chloé's: no money, so no price.
    give = blank.get_by_test_id("as-offer-give")
    mine = give.locator("option").first.get_attribute("value")
    give.select_option(mine)
    ask = blank.get_by_test_id("as-offer-ask")
    theirs = [v for v in ask.locator("option").evaluate_all("(os) => os.map((o) => o.value)")]
    horse = next(v for v in theirs if v.startswith("h"))
    ask.select_option(horse)
    expect(blank.get_by_test_id("as-offer-price")).to_have_count(0)
    expect(blank.get_by_test_id("as-offer-says")).to_contain_text("in exchange for")
    blank.get_by_test_id("as-offer").click()
    # The same horse for money: the price list opens; a price chosen makes a sale at that price.
    ask.select_option("money")
    price = blank.get_by_test_id("as-offer-price")
    price.select_option(index=2)
    amount = int(price.input_value())
    expect(blank.get_by_test_id("as-offer-says")).to_contain_text(f"Frs {amount:,}")
    blank.get_by_test_id("as-offer").click()
    # Money for one of Chloé's horses: a purchase.
    give.select_option("money")
    ask.select_option(horse)
    price.select_option(index=1)
    bought = int(price.input_value())
    blank.get_by_test_id("as-offer").click()
    chloe = NAMES.index("Chloé")
    assert sent(blank) == [
        f"swap {chloe} {mine} {horse}",
        f"offer {chloe} sell {mine} {amount}",
        f"offer {chloe} buy {horse} {bought}",
    ]
    # Each is one of the legal actions, and the engine takes it: Chloé is asked to answer.
    for notation in [f"swap {chloe} {mine} {horse}", f"offer {chloe} buy {horse} {bought}"]:
        assert notation in legal, notation
        played = state.clone()
        played.apply(parse_action(notation), seat)
        assert played.phase is Phase.ANSWER and played.active_players() == (chloe,)


def rescue_state() -> tuple[AscotState, int]:
    """The race (seat 1 throwing): his no. 4 stops on « Bride cassée » with no report to save it;
    seat 0 keeps « Brides incassables » (D43). The bridle's cell is returned too."""
    bridle = next(c for c, code in enumerate(LANE_CODES) if code == "C")
    info = TRACK.cells[bridle]
    state = race(first=1)
    state.reports[0].append(("walroy", 6))
    state.at[4] = TRACK.cell(info.lane, info.index - 2)
    state.apply(DIE_FACES[2], CHANCE)
    state.apply(parse_action(f"move h4 {info.lane + 1}.{info.index + 1}"), 1)
    assert state.phase_name() == "rescue" and state.active_players() == (0,)
    return state, bridle


def test_the_rescue_is_a_question_with_its_cost_and_both_answers_work(blank: Page) -> None:
    """Issue 34, point 2, D43: the holder of a report that saves a horse in danger is told why the
    owner needs it and asked his price (or keeps it); the owner is asked "Pay Frs 20,000 to save
    no. 4?", the reason beside it, and Yes (he pays, the horse is saved) or No (it is out)."""
    state, bridle = rescue_state()
    show(blank, state, 0)
    why = blank.get_by_test_id("as-rescue-why")
    expect(why).to_contain_text("Bruno's horse no. 4")
    expect(why).to_contain_text("Broken bridle")
    expect(why).to_contain_text("out of the race")
    blank.get_by_test_id("as-rescue-offer-select").select_option("20000")
    blank.get_by_test_id("as-rescue-offer-other").click()
    blank.get_by_test_id("as-rescue-no").click()
    offer, keep = sent(blank)
    assert (offer, keep) == ("offer 1 sell walroy:6 20000", "done")
    assert {offer, keep} <= {str(a) for a in state.legal_actions(0)}
    state.apply(parse_action(offer), 0)
    # The owner's question, with its cost and its reason.
    show(blank, state, 1, version=2)
    expect(blank.get_by_test_id("as-rescue-question")).to_have_text("Pay Frs 20,000 to save no. 4?")
    expect(blank.get_by_test_id("as-rescue-why")).to_contain_text(
        "Your horse no. 4 (blue) has stopped on “Broken bridle”"
    )
    blank.get_by_test_id("as-rescue-yes").click()
    blank.get_by_test_id("as-rescue-no").click()
    yes, no = sent(blank)
    saved, lost = state.clone(), state.clone()
    money = saved.money_[1]
    saved.apply(parse_action(yes), 1)
    assert saved.at[4] == bridle and saved.money_[1] == money - 20_000, "paid, and saved"
    lost.apply(parse_action(no), 1)
    assert lost.at[4] == -4 and lost.money_[1] == money, "refused: out of the race"
    # In French, the same question.
    show(blank, state, 1, lang="fr", version=2)
    expect(blank.get_by_test_id("as-rescue-question")).to_have_text(
        "Payer 20\u202f000 frs pour sauver le n° 4\u00a0?"
    )


def test_the_banker_and_the_bookmaker_are_named_on_their_seats(blank: Page) -> None:
    """Issue 34, point 2: the seat that holds a role shows it, in the board's seats panel and the
    table's players panel (the observation's ``roles``); one's own role is said in full."""
    state = trading()  # seat 0 is the Banker and holds the Bookmaker's card
    show(blank, state, 0)
    seat = blank.get_by_test_id("as-seat-0")
    expect(seat.locator(".role-tag")).to_have_text(["Banker", "Bookmaker"])
    expect(seat.get_by_test_id("as-role-about")).to_contain_text("Keeps the Bank")
    expect(blank.get_by_test_id("as-seat-1").locator(".role-tag")).to_have_count(0)
    expect(blank.locator("#players li").first.locator(".role-tag")).to_have_text(
        ["Banker", "Bookmaker"]
    )
    title = blank.locator("#players li").first.locator(".role-tag").first.get_attribute("title")
    assert title and "Bank" in title
    # Another seat sees the roles without their explanation at length; in French too.
    show(blank, state, 2, lang="fr", version=2)
    expect(blank.get_by_test_id("as-seat-0").locator(".role-tag")).to_have_text(
        ["Banquier", "Bookmaker"]
    )
    expect(blank.get_by_test_id("as-role-about")).to_have_count(0)
    wide = blank.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert wide <= 0, f"the seats' heads with their role tags overflow the phone by {wide} px"
