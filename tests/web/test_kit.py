"""The board kit (web/js/kit/), unit by unit, in the browser the other tests drive (issue 33).

Each test opens a blank page of the live server's origin (``/kit-blank``, answered by the test
itself: no page of the site, no board, no table), imports only the module under test with
``import()`` and calls it, in seconds and without Node. What a test checks is what the module's
JSDoc promises.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

BLANK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/css/kit.css"></head><body></body></html>"""
KIT = "/static/js/kit/"
WEB = Path(__file__).resolve().parents[2] / "src" / "hippodrome" / "web"


@pytest.fixture
def page(context: BrowserContext, live_server: LiveServer) -> Iterator[Page]:
    """A blank page on the server's origin (so ``import('/static/...')`` loads the real modules);
    no script error may be raised on it."""
    errors: list[str] = []
    blank = context.new_page()
    blank.on("pageerror", lambda exc: errors.append(str(exc)))

    def answer(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=BLANK)

    blank.route("**/kit-blank", answer)
    blank.goto("/kit-blank")
    yield blank
    assert not errors, f"script errors on the blank page: {errors}"


def run(page: Page, module: str, body: str, arg: Any = None) -> Any:
    """Run ``body`` (an async function's body, ``m`` the module, ``arg`` the argument) on ``page``."""
    script = f"async (arg) => {{ const m = await import('{KIT}{module}'); {body} }}"
    return page.evaluate(script, arg)


KIT_MODULES = [
    "action.js",
    "auction.js",
    "cards.js",
    "colour.js",
    "dice.js",
    "lanetrack.js",
    "money.js",
    "motion.js",
    "picker.js",
    "shell.js",
    "slip.js",
]
"""Every module of the kit, each tested below: a module renamed or gone fails here (and its tests fail
on their ``import()``), never skips."""


def test_every_kit_module_is_there_and_served(live_server: LiveServer) -> None:
    here = sorted(p.name for p in (WEB / "js" / "kit").glob("*.js"))
    assert here == KIT_MODULES, (
        "a kit module added, renamed or gone: name it in KIT_MODULES and test it"
    )
    for name in KIT_MODULES:
        assert live_server.http.get(f"{KIT}{name}").status_code == 200, name


# -- shell.js ------------------------------------------------------------------------------------------

SHELL = """
  const calls = [];
  const sent = [];
  const container = document.createElement("div");
  container.style.width = arg.width + "px";
  document.body.append(container);
  const t = (key) => `en:${key}`;
  const board = m.createBoardShell(
    container,
    {boardData: {name: "data"}, t, lang: "en", send: arg.readOnly ? null : (x) => sent.push(x), readOnly: arg.readOnly},
    (shell) => {
      const root = document.createElement("div");
      root.className = "toy-board";
      const note = (what) => calls.push([what, shell.msg?.version ?? null, shell.lang, shell.layout]);
      window.shellUnderTest = shell;
      return {
        root,
        draw: () => note("draw"),
        drawStatic: () => note("static"),
        changed: () => note("changed"),
        seatChanged: () => note("seat"),
        status: (sh, msg) => `status of ${msg.version} in ${sh.lang}`,
        key: (sh, event) => event.key === "k",
        layouts: [{name: "narrow", below: 400}, {name: "middle", below: 700}],
        destroy: () => note("destroy"),
      };
    },
  );
  window.boardUnderTest = board;
  window.boardCalls = calls;
  window.boardSent = sent;
  window.boardContainer = container;
  return {calls: calls.splice(0), root: container.firstElementChild?.className, interactive: window.shellUnderTest.interactive};
"""


def test_the_shell_mounts_the_board_and_picks_its_layout_from_the_frame_s_width(page: Page) -> None:
    mounted = run(page, "shell.js", SHELL, {"width": 350, "readOnly": False})
    assert mounted["root"].split() == ["toy-board", "layout-narrow"]
    assert mounted["interactive"] is True
    # The layout is known before the first static drawing; nothing drawn without a state.
    assert ["static", None, "en", "narrow"] in mounted["calls"]
    assert not [c for c in mounted["calls"] if c[0] == "draw"]

    # Wider: the next layout, the static part drawn again (and the state, once there is one).
    page.evaluate("() => { boardContainer.style.width = '600px'; }")
    page.wait_for_function(
        "() => boardContainer.firstElementChild.classList.contains('layout-middle')"
    )
    page.evaluate("() => { boardContainer.style.width = '900px'; }")
    page.wait_for_function(
        "() => boardContainer.firstElementChild.classList.contains('layout-wide')"
    )
    classes = page.evaluate("() => boardContainer.firstElementChild.className")
    assert classes.split() == ["toy-board", "layout-wide"], "one layout class at a time"
    assert page.evaluate("() => shellUnderTest.layout") == "wide"


def test_the_shell_draws_each_state_and_tells_a_new_version_and_a_new_seat(page: Page) -> None:
    run(page, "shell.js", SHELL, {"width": 900, "readOnly": False})
    page.evaluate("() => boardCalls.splice(0)")
    calls = page.evaluate(
        """() => {
          const msg = (version, seat) => ({version, seat, observation: {v: version}, events: []});
          boardUnderTest.update(msg(1, 0), [{key: "a"}]);
          const first = {obs: shellUnderTest.obs, before: shellUnderTest.before, log: shellUnderTest.log};
          boardUnderTest.update(msg(1, 0), [{key: "a"}]);  // the same version again (a presence)
          boardUnderTest.update(msg(2, 1), [{key: "a"}, {key: "b"}]);  // hot-seat: another seat
          const second = {before: shellUnderTest.before.version, log: shellUnderTest.log.length};
          return {calls: boardCalls.splice(0), first, second};
        }"""
    )
    assert [c[:2] for c in calls["calls"]] == [
        ["changed", 1],
        ["draw", 1],
        ["draw", 1],  # redrawn, but not a new decision
        ["seat", 2],
        ["changed", 2],
        ["draw", 2],
    ]
    assert calls["first"] == {"obs": {"v": 1}, "before": None, "log": [{"key": "a"}]}
    assert calls["second"] == {"before": 1, "log": 2}
    status = page.evaluate("() => boardUnderTest.statusLine()")
    assert status == "status of 2 in en"


def test_the_shell_changes_language_and_destroys_the_board(page: Page) -> None:
    run(page, "shell.js", SHELL, {"width": 900, "readOnly": False})
    page.evaluate("() => boardCalls.splice(0)")
    # Before any state: only the static part is drawn in the new language.
    calls = page.evaluate(
        """() => {
          boardUnderTest.setLang("fr", (key) => `fr:${key}`);
          const before = boardCalls.splice(0);
          boardUnderTest.update({version: 3, seat: 0, observation: {}}, []);
          boardCalls.splice(0);
          boardUnderTest.setLang("en");  // no catalog given: the one it has stays
          return {before, after: boardCalls.splice(0), t: shellUnderTest.t("x")};
        }"""
    )
    assert calls["before"] == [["static", None, "fr", "wide"]]
    assert calls["after"] == [["static", 3, "en", "wide"], ["draw", 3, "en", "wide"]]
    assert calls["t"] == "fr:x"
    destroyed = page.evaluate(
        "() => { boardUnderTest.destroy(); return {calls: boardCalls.splice(0), left: boardContainer.children.length}; }"
    )
    assert destroyed == {"calls": [["destroy", 3, "en", "wide"]], "left": 0}


def test_the_shell_sends_a_legal_action_and_a_roll_and_nothing_in_read_only(page: Page) -> None:
    run(page, "shell.js", SHELL, {"width": 900, "readOnly": False})
    sent = page.evaluate(
        """() => {
          shellUnderTest.act("bet 2 earl_grey");
          shellUnderTest.act(null);
          shellUnderTest.act("");
          shellUnderTest.roll();
          const used = boardUnderTest.handleKey(new KeyboardEvent("keydown", {key: "k"}));
          const unused = boardUnderTest.handleKey(new KeyboardEvent("keydown", {key: "x"}));
          return {sent: boardSent.splice(0), used, unused};
        }"""
    )
    assert sent == {
        "sent": [{"type": "act", "action": "bet 2 earl_grey"}, {"type": "roll"}],
        "used": True,
        "unused": False,
    }
    # Read-only (the replay page): the same calls send nothing, keys are not used, the root says so.
    run(page, "shell.js", SHELL, {"width": 900, "readOnly": True})
    read_only = page.evaluate(
        """() => {
          shellUnderTest.act("bet 2 earl_grey");
          shellUnderTest.roll();
          return {sent: boardSent.length, interactive: shellUnderTest.interactive,
                  key: boardUnderTest.handleKey(new KeyboardEvent("keydown", {key: "k"})),
                  root: boardContainer.firstElementChild.classList.contains("read-only")};
        }"""
    )
    assert read_only == {"sent": 0, "interactive": False, "key": False, "root": True}


def test_the_shell_gives_the_log_the_board_s_drawing_of_an_event_while_mounted(page: Page) -> None:
    told = page.evaluate(
        """async () => {
          const shell = await import('/static/js/kit/shell.js');
          const panels = await import('/static/js/panels.js');
          const container = document.createElement('div');
          const list = document.createElement('ol');
          document.body.append(container, list);
          const event = {key: 'dealt', params: {card: 'x'}, text: {en: 'Ada is dealt x', fr: 'Ada reçoit x'}};
          const board = shell.createBoardShell(container, {boardData: {}, t: (k) => k, lang: 'en', send: null},
            () => ({root: document.createElement('div'), draw() {},
                    renderEvent: (sh, e) => e.key === 'dealt' ? Object.assign(document.createElement('b'), {textContent: 'a card chip'}) : null}));
          panels.renderLog(list, [event]);
          const mounted = list.innerHTML;
          board.destroy();
          panels.renderLog(list, [event]);
          return {mounted, after: list.textContent};
        }"""
    )
    assert "<b>a card chip</b>" in told["mounted"]
    assert "a card chip" not in told["after"] and "Ada is dealt x" in told["after"]


def test_the_shell_rolls_on_r_when_the_seat_may_roll_and_the_board_leaves_the_key(
    page: Page,
) -> None:
    run(page, "shell.js", SHELL, {"width": 900, "readOnly": False})
    told = page.evaluate(
        """() => {
          const press = (key, more = {}) => boardUnderTest.handleKey(new KeyboardEvent("keydown", {key, ...more}));
          boardUnderTest.update({version: 1, seat: 0, observation: {}, can_roll: false}, []);
          const cannot = press("r");
          boardUnderTest.update({version: 2, seat: 0, observation: {}, can_roll: true}, []);
          const used = [press("r"), press("R"), press("r", {ctrlKey: true}), press("k")];
          return {cannot, used, sent: boardSent.splice(0)};
        }"""
    )
    assert told["cannot"] is False
    assert told["used"] == [True, True, False, True], (
        "R rolls, Ctrl+R does not, the board's key first"
    )
    assert told["sent"] == [{"type": "roll"}, {"type": "roll"}]


def test_the_shell_names_a_seat_and_finds_a_text_or_its_fallback(page: Page) -> None:
    run(page, "shell.js", SHELL, {"width": 900, "readOnly": False})
    told = page.evaluate(
        """() => {
          shellUnderTest.t = (key, params = {}) =>
            key === "web.seat_n" ? `seat ${params.n}` : key === "game.horse.h1" ? "Othello" : key;
          boardUnderTest.update({version: 1, seat: 0, observation: {}, seats: [{name: "Ada"}, {name: ""}]}, []);
          return {
            seats: [0, 1, 2].map((p) => shellUnderTest.seatName(p)),
            texts: [shellUnderTest.textOr("game.horse.h1", "h1"), shellUnderTest.textOr("game.horse.h2", "Desdemona")],
          };
        }"""
    )
    assert told["seats"] == ["Ada", "seat 2", "seat 3"], (
        "a seat with no name is named in words, never by index"
    )
    assert told["texts"] == ["Othello", "Desdemona"], (
        "the catalog's text first, the fallback when it has none"
    )


# -- money.js ------------------------------------------------------------------------------------------


def test_money_groups_thousands_and_places_each_currency_in_each_language(page: Page) -> None:
    cases = [
        (13500, "dollar", "en", "$13,500"),
        (13500, "dollar", "fr", "13\u202f500\u00a0$"),
        (13500, "franc", "en", "Frs\u00a013,500"),
        (13500, "franc", "fr", "13\u202f500\u00a0frs"),
        (1200, "points", "en", "1,200\u00a0pts"),
        (1200, "points", "fr", "1\u202f200\u00a0pts"),
        (-2500, "dollar", "en", "\u2212$2,500"),
        (-2500, "franc", "fr", "\u22122\u202f500\u00a0frs"),
        (-7, None, "en", "\u22127"),
        (999, None, "fr", "999"),
        (1234567, None, "en", "1,234,567"),
        (0, "dollar", "en", "$0"),
    ]
    told = run(
        page,
        "money.js",
        "return arg.map(([n, currency, lang]) => m.formatMoney(n, {currency, lang}));",
        [c[:3] for c in cases],
    )
    for (n, currency, lang, want), got in zip(cases, told, strict=True):
        # French groups with a narrow no-break space (U+202F) in current browsers, a no-break space
        # (U+00A0) in older ones: both are right, neither breaks the line.
        assert got.replace("\u00a0", " ").replace("\u202f", " ") == want.replace(
            "\u00a0", " "
        ).replace("\u202f", " "), (n, currency, lang, got)
        assert " " not in got, f"{got!r}: a sum never breaks across lines"
    numbers = run(
        page,
        "money.js",
        "return [m.formatNumber(13500, 'en'), m.formatNumber(13500, 'fr'), m.formatNumber(12.5, 'en'),"
        " m.formatNumber(42, 'de'), m.formatMoney(100)];",
    )
    assert numbers[0] == "13,500"
    assert numbers[1].replace("\u202f", " ").replace("\u00a0", " ") == "13 500"
    assert numbers[2] == "12.5"
    assert numbers[3] == "42", "an unknown language writes as English does"
    assert numbers[4] == "100", "no currency, no language: the number alone"


# -- picker.js -----------------------------------------------------------------------------------------

PICKER = """
  const played = [];
  window.pickerPlayed = played;
  window.pickerMemory = window.pickerMemory || {};
  const moves = arg.amounts.map((amount) => ({notation: `bid ${amount}`, amount}));
  const box = m.amountPicker(moves, {
    label: (a) => `Bid ${a}`, option: (a) => `${a} F`, other: "Bid", otherLabel: "Another amount",
    act: (n) => played.push(n), testid: "bid", quick: arg.quick, memory: window.pickerMemory,
    stepper: Boolean(arg.stepper), less: "Less", more: "More",
  });
  document.body.replaceChildren(box);
  return box.outerHTML.length;
"""


def test_the_picker_offers_quick_buttons_then_a_list_and_plays_what_is_chosen(page: Page) -> None:
    run(page, "picker.js", PICKER, {"amounts": [1000, 2000, 3000, 4000, 5000, 6000], "quick": 3})
    quick = page.get_by_test_id("bid")
    assert quick.all_inner_texts() == ["Bid 1000", "Bid 2000", "Bid 3000"]
    assert [b.get_attribute("data-action") for b in quick.all()] == [
        "bid 1000",
        "bid 2000",
        "bid 3000",
    ]
    select = page.get_by_test_id("bid-select")
    assert select.locator("option").all_inner_texts() == ["4000 F", "5000 F", "6000 F"]
    assert select.get_attribute("aria-label") == "Another amount"
    assert select.input_value() == "4000", "the list starts on its first amount"
    # Every control is a finger's size.
    for control in [*quick.all(), select, page.get_by_test_id("bid-other")]:
        box = control.bounding_box()
        assert box and min(box["width"], box["height"]) >= 40, (control, box)

    quick.nth(1).click()
    select.select_option("5000")
    page.get_by_test_id("bid-other").click()
    assert page.evaluate("() => pickerPlayed") == ["bid 2000", "bid 5000"]

    # Drawn again (a new state): the amount chosen in the list is still chosen.
    run(page, "picker.js", PICKER, {"amounts": [1000, 2000, 3000, 4000, 5000, 6000], "quick": 3})
    assert page.get_by_test_id("bid-select").input_value() == "5000"
    # An amount no longer legal: the list falls back on its first.
    run(page, "picker.js", PICKER, {"amounts": [2000, 3000, 4000, 6000, 7000], "quick": 3})
    assert page.get_by_test_id("bid-select").input_value() == "6000"
    assert page.evaluate("() => pickerMemory.amount") == 6000


def test_the_picker_s_stepper_walks_the_list_and_its_button_names_the_amount(page: Page) -> None:
    amounts = [500 * k for k in range(1, 21)]
    run(page, "picker.js", PICKER, {"amounts": amounts, "quick": 2, "stepper": True})
    other = page.get_by_test_id("bid-other")
    select = page.get_by_test_id("bid-select")
    assert other.get_attribute("data-action") == "bid 1500", "the list's button plays its amount"
    assert other.inner_text() == "Bid 1500"
    down, up = page.get_by_test_id("bid-down"), page.get_by_test_id("bid-up")
    assert (down.get_attribute("aria-label"), up.get_attribute("aria-label")) == ("Less", "More")
    down.click()  # already the first: stays
    assert select.input_value() == "1500"
    up.click()
    up.click()
    assert select.input_value() == "2500"
    assert other.get_attribute("data-action") == "bid 2500"
    assert other.inner_text() == "Bid 2500"
    for control in (down, up, select, other):
        box = control.bounding_box()
        assert box and min(box["width"], box["height"]) >= 40, (control, box)
    other.click()
    assert page.evaluate("() => pickerPlayed") == ["bid 2500"]
    # Drawn again: the stepper's choice is remembered.
    run(page, "picker.js", PICKER, {"amounts": amounts, "quick": 2, "stepper": True})
    assert page.get_by_test_id("bid-select").input_value() == "2500"
    for _ in range(30):
        page.get_by_test_id("bid-up").click()
    assert page.get_by_test_id("bid-select").input_value() == "10000", "the last amount at most"


def test_the_picker_with_few_amounts_shows_only_buttons(page: Page) -> None:
    run(page, "picker.js", PICKER, {"amounts": [500, 1000], "quick": 4})
    assert page.get_by_test_id("bid").all_inner_texts() == ["Bid 500", "Bid 1000"]
    assert page.get_by_test_id("bid-select").count() == 0
    assert page.get_by_test_id("bid-other").count() == 0
    assert page.locator(".kit-picker").get_attribute("role") == "group"


# -- motion.js: movesFromEvents ------------------------------------------------------------------------

MOVES = """
  const read = (e) => e.key === "moved" ? {piece: e.params.horse, to: e.params.to, ...("from" in e.params ? {from: e.params.from} : {})} : null;
  const startOf = arg.withStart ? (before, piece) => before.where[piece] ?? null : null;
  return m.movesFromEvents(arg.message, arg.before, {read, startOf});
"""


def moved(horse: str, to: int, **more: int) -> dict[str, Any]:
    return {"key": "moved", "params": {"horse": horse, "to": to, **more}}


def test_moves_from_events_fold_each_piece_from_where_it_stood(page: Page) -> None:
    message = {
        "events": [
            {"key": "rolled", "params": {"face": 3}},
            moved("albino", 5),
            moved("sahara", 2),
            moved("albino", 8),  # a second move starts where the first left it
            moved("moka", 4),  # unknown before: dropped
            moved("rubino", 6),  # to where it stood: dropped
            moved("othello", 9, **{"from": 1}),  # the event names its start
        ]
    }
    before = {"where": {"albino": 1, "sahara": 0, "rubino": 6, "othello": 7}}
    moves = run(page, "motion.js", MOVES, {"message": message, "before": before, "withStart": True})
    assert moves == [
        {"piece": "albino", "from": 1, "to": 5},
        {"piece": "sahara", "from": 0, "to": 2},
        {"piece": "albino", "from": 5, "to": 8},
        {"piece": "othello", "from": 1, "to": 9},
    ]


def test_moves_from_events_show_nothing_for_a_whole_log_or_a_first_state(page: Page) -> None:
    message = {"events": [moved("albino", 5)]}
    before = {"where": {"albino": 1}}
    nothing = [
        {"message": {**message, "fullLog": True}, "before": before, "withStart": True},
        {"message": message, "before": None, "withStart": True},  # the page's first state
        {"message": None, "before": before, "withStart": True},
        {"message": {}, "before": before, "withStart": True},
    ]
    for case in nothing:
        assert run(page, "motion.js", MOVES, case) == [], case
    # Without startOf, only events that name their start (or a piece's second move) count, and a
    # first state is no reason to drop them.
    message = {"events": [moved("albino", 5), moved("albino", 7), moved("moka", 3, **{"from": 2})]}
    moves = run(page, "motion.js", MOVES, {"message": message, "before": None, "withStart": False})
    assert moves == [{"piece": "albino", "from": 5, "to": 7}, {"piece": "moka", "from": 2, "to": 3}]


# -- dice.js (the Royal Turf helper's) -----------------------------------------------------------------


def test_a_die_is_drawn_from_its_face_and_named_in_words(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "dice.js",
        """
        const pips = [1, 2, 3, 4, 5, 6].map((n) => m.pipsOf(n).length);
        const figures = [m.pipsOf(7), m.pipsOf("head"), m.pipsOf(null), m.pipsOf(2.5)];
        const die = m.drawDie({value: 4, label: "Four", colour: "#c33"}, {size: 48, testid: "die"});
        const blank = m.drawDie({value: null, label: "Not rolled yet"});
        const icon = m.iconFromParts([["circle", {cx: 12, cy: 12, r: 6}]]);
        const symbol = m.drawDie({value: "head", label: "Horse head", icon});
        const pair = m.drawDice([{value: 1, label: "One"}, {value: 6, label: "Six"}], {testid: "dice", stale: true});
        document.body.replaceChildren(die, blank, symbol, pair);
        const box = die.getBoundingClientRect();
        return {pips, figures, role: die.getAttribute("role"), name: die.getAttribute("aria-label"),
                face: die.dataset.face, size: [box.width, box.height], text: document.body.innerText.trim(),
                blank: blank.classList.contains("blank"), symbol: symbol.querySelector("svg svg, circle") !== null,
                pair: pair.querySelectorAll(".kit-die").length, stale: pair.querySelectorAll(".kit-die.stale").length,
                inks: [m.drawDie({value: 2, label: "Two", colour: "#ffffff"}), m.drawDie({value: 2, label: "Two", colour: "#111111"}),
                       m.drawDie({value: 2, label: "Two"})].map((d) => d.querySelector(".kit-die-pip").getAttribute("fill"))};
        """,
    )
    assert told["pips"] == [1, 2, 3, 4, 5, 6]
    assert told["figures"] == [None, None, None, None]
    assert (told["role"], told["name"], told["face"]) == ("img", "Four", "4")
    assert told["size"] == [48, 48]
    assert told["text"] == "", "a die shows its face drawn, never its value as text"
    assert told["blank"] and told["symbol"]
    assert (told["pair"], told["stale"]) == (2, 2)
    light, dark, default = told["inks"]
    assert light != dark and default == light, "ink reads on the die's colour, white by default"


def test_the_roll_button_is_a_finger_s_size_and_shows_only_when_the_seat_rolls(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "dice.js",
        """
        window.rolled = 0;
        const button = m.rollButton({label: "Roll the die", onRoll: () => { window.rolled += 1; }});
        document.body.replaceChildren(button);
        button.click();
        const box = button.getBoundingClientRect();
        const shown = {testid: button.dataset.testid, keys: button.getAttribute("aria-keyshortcuts"),
                       size: Math.min(box.width, box.height), rolled: window.rolled};
        m.showRoll(button, {canRoll: false});
        const hidden = [button.hidden, button.disabled];
        m.showRoll(button, {canRoll: true, label: "Lancer le dé", ariaLabel: "Lancer le dé (R)"});
        return {shown, hidden, again: [button.hidden, button.disabled, button.textContent,
                button.getAttribute("aria-label")]};
        """,
    )
    assert told["shown"]["testid"] == "roll-button" and told["shown"]["keys"] == "R"
    assert told["shown"]["size"] >= 40 and told["shown"]["rolled"] == 1
    assert told["hidden"] == [True, True]
    assert told["again"] == [False, False, "Lancer le dé", "Lancer le dé (R)"]


def test_just_rolled_reads_the_last_roll_of_the_new_events_only(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "dice.js",
        """
        const read = (e) => e.key === "rolled" ? e.params.face : null;
        const events = [{key: "rolled", params: {face: 2}}, {key: "moved", params: {}},
                        {key: "rolled", params: {face: 5}}, {key: "moved", params: {}}];
        return [m.justRolled({events}, read), m.justRolled({events, fullLog: true}, read),
                m.justRolled({events: [{key: "moved"}]}, read), m.justRolled(null, read)];
        """,
    )
    assert told == [5, None, None, None]


def test_a_die_tumbles_unless_the_reader_asks_for_reduced_motion(
    page: Page, live_server: LiveServer
) -> None:
    tumble = """
      const die = m.drawDie({value: 3, label: "Three"});
      document.body.replaceChildren(die);
      const stop = m.animateRoll(die, {faces: [{value: 1, label: "One"}, {value: 6, label: "Six"}], duration: 300});
      const during = [die.dataset.animated, die.dataset.rolling ?? null];
      stop();
      return {during, after: die.dataset.rolling ?? null, face: die.dataset.face, name: die.getAttribute("aria-label")};
    """
    moving = run(page, "dice.js", tumble)
    assert moving["during"] == ["true", "true"]
    assert moving["after"] is None, "stopped: no longer rolling"
    assert (moving["face"], moving["name"]) == ("3", "Three"), "it settles on the face drawn"
    page.emulate_media(reduced_motion="reduce")
    still = run(page, "dice.js", tumble)
    assert still["during"] == ["false", None]


# -- cards.js (the Royal Steeple Chase helper's) -------------------------------------------------------

FACE = """{marks: [{figure: "3", fill: "#1f6f3a", word: "Trot", label: "Trot (the green horse)"}],
           label: "Green 3"}"""


def test_a_card_is_a_chip_named_in_words_its_notation_never_shown(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "cards.js",
        f"""
        const face = {FACE};
        const chip = m.cardChip(face, {{card: "3v", testid: "chip", small: true}});
        const back = m.hiddenCard("a hidden card", {{testid: "back"}});
        document.body.replaceChildren(chip, back);
        return {{role: chip.getAttribute("role"), name: chip.getAttribute("aria-label"), card: chip.dataset.card,
                 small: chip.classList.contains("small"), text: chip.textContent,
                 back: [back.getAttribute("aria-label"), back.textContent, back.classList.contains("back")],
                 inks: ["#ffffff", "#000000", "no-colour"].map((fill) =>
                   m.cardChip({{label: "x", marks: [{{figure: "1", fill}}]}}).querySelector(".kit-card-mark").style.color)}};
        """,
    )
    assert (told["role"], told["name"], told["card"], told["small"]) == (
        "img",
        "Green 3",
        "3v",
        True,
    )
    assert "3v" not in told["text"], "the notation stays in data-card"
    assert told["back"] == ["a hidden card", "", True]
    assert told["inks"][0] != told["inks"][1], (
        "a field's figure reads on its colour (kit/colour.js)"
    )
    assert told["inks"][2] == told["inks"][0], "a colour that cannot be read gets the ink of white"


def test_a_card_button_plays_its_action_or_is_chosen_or_is_shown_disabled(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "cards.js",
        f"""
        const face = {FACE};
        window.cardsDone = [];
        const play = m.cardButton(face, {{card: "3v", action: "play 3v", act: (n) => cardsDone.push(n)}});
        const pick = m.cardButton(face, {{card: "3v", onSelect: () => cardsDone.push("chosen"), selected: true}});
        const shown = m.cardButton(face, {{card: "3v"}});
        document.body.replaceChildren(play, pick, shown);
        play.click(); pick.click(); shown.click();
        const box = play.getBoundingClientRect();
        return {{done: cardsDone, action: play.dataset.action, size: Math.min(box.width, box.height),
                 select: [pick.dataset.select, pick.getAttribute("aria-pressed"), pick.dataset.action ?? null],
                 disabled: [play.disabled, pick.disabled, shown.disabled]}};
        """,
    )
    assert told["done"] == ["play 3v", "chosen"]
    assert told["action"] == "play 3v"
    assert told["size"] >= 40, "a card to tap is a finger's size (kit.css)"
    assert told["select"] == ["3v", "true", None]
    assert told["disabled"] == [False, False, True]


def test_an_event_s_cards_are_drawn_as_chips_in_its_text(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "cards.js",
        """
        const isCard = (w) => /^[0-9]+[a-z]$/.test(w);
        const chipOf = (n) => Object.assign(document.createElement("i"), {textContent: `[${n}]`});
        const found = m.cardsInParams({card: "3v", cards: ["4r", "3v"], spread: "5b  6j", player: 0, who: "Ada"}, isCard);
        const pieces = m.withCards("Ada plays 3v, 4r and keeps 44r.", ["3v", "4r"], chipOf)
          .map((p) => typeof p === "string" ? p : p.outerHTML);
        const words = m.withCards("Ada plays trot vert.", ["3v"], chipOf, () => "trot vert")
          .map((p) => typeof p === "string" ? p : p.outerHTML);
        const event = {key: "played", params: {card: "3v"}, text: {en: "Ada plays 3v.", fr: "Ada joue 3v."}};
        const line = m.eventWithCards(event, {lang: "fr", isCard, chipOf});
        const none = m.eventWithCards({key: "x", params: {who: "Ada"}, text: {en: "Ada waits."}}, {lang: "en", isCard, chipOf});
        return {found, pieces, words, line: line?.outerHTML ?? null, none};
        """,
    )
    assert told["found"] == ["3v", "4r", "5b", "6j"]
    assert told["pieces"] == ["Ada plays ", "<i>[3v]</i>", " ", "<i>[4r]</i>", " and keeps 44r."]
    assert told["words"] == ["Ada plays ", "<i>[3v]</i>", "."]
    assert told["line"] is not None and "<i>[3v]</i>" in told["line"] and "Ada joue" in told["line"]
    assert told["none"] is None


# -- slip.js (the Win, Place & Show helper's) ----------------------------------------------------------

SLIP_WORDS = """{
  horse: (id) => ({dixie: "Dixie Belle", lucky: "Lucky Star", moon: "Moonshine"})[id] ?? "a horse",
  kind: (k) => ({win: "Win", place: "Place", quinella: "Quinella"})[k] ?? "a bet",
  money: (n) => `$${n.toLocaleString("en-GB")}`,
  sealed: "a sealed bet", secret: "a secret stake", empty: "No bet yet",
  ask: {horse: "Which horse?", kind: "Which bet?", partner: "With which horse?", stake: "How much?"},
  write: (bet) => `Write ${bet.kind}`, bet: (n) => `Bet $${n}`, other: "Bet", otherLabel: "Another stake",
}"""


def test_slips_are_written_in_words_and_a_sealed_one_says_so(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "slip.js",
        f"""
        const words = {SLIP_WORDS};
        const view = {{slips: [
          {{number: 1, player: 0, kind: "win", horses: ["dixie"], stake: 2000}},
          {{number: 2, player: 1, kind: null, horses: null, stake: null}},
          {{number: 3, player: 0, kind: "quinella", horses: ["dixie", "moon"], stake: null}},
        ]}};
        const mine = m.slipList(view, {{player: 0, words, testid: "mine"}});
        const all = m.slipList(view.slips, {{words}});
        const none = m.slipList(view, {{player: 2, words}});
        const quiet = m.slipList([], {{words: {{...words, empty: undefined}}}});
        return {{
          mine: [...mine.querySelectorAll("li")].map((li) => [li.dataset.slip, li.textContent]),
          all: all.querySelectorAll("li").length, none: none.textContent, quiet,
          bet: m.betOf({{notation: "bet win dixie 500", args: {{bet: "win", horses: ["dixie"], stake: 500}}}}),
          begun: m.betOf({{notation: "line win dixie", args: {{bet: "win", horses: ["dixie"]}}}}),
          other: m.betOf({{notation: "pass", args: {{}}}}),
          line: m.slipText({{kind: "win", horses: ["lucky"], stake: 100}}, {{...words, line: (p) => `${{p.horses}}, ${{p.kind}}, ${{p.stake}}`}}),
          unstaked: m.slipText({{kind: "win", horses: ["lucky"], stake: 100}}, words, {{stake: false}}),
        }};
        """,
    )
    assert told["mine"] == [
        ["1", "Win · Dixie Belle · $2,000"],
        ["3", "Quinella · Dixie Belle + Moonshine · a secret stake"],
    ]
    assert told["all"] == 3
    assert told["none"] == "No bet yet"
    assert told["quiet"] is None
    assert told["bet"] == {
        "notation": "bet win dixie 500",
        "kind": "win",
        "horses": ["dixie"],
        "stake": 500,
    }
    assert told["begun"]["stake"] is None
    assert told["other"] is None
    assert told["line"] == "Lucky Star, Win, $100"
    assert told["unstaked"] == "Win · Lucky Star"


CHOOSER = f"""
  const words = {SLIP_WORDS};
  window.slipPlayed = window.slipPlayed || [];
  window.slipMemory = window.slipMemory || {{}};
  const bet = (kind, horses, stake) => ({{
    notation: `bet ${{kind}} ${{horses.join(" ")}}${{stake === null ? "" : " " + stake}}`,
    args: stake === null ? {{bet: kind, horses}} : {{bet: kind, horses, stake}},
  }});
  const moves = [{{notation: "pass", args: {{}}}}];
  for (const horse of ["dixie", "lucky"]) for (const stake of [100, 200, 300, 400, 500, 600])
    for (const kind of ["place", "win"]) moves.push(bet(kind, [horse], stake));
  moves.push(bet("quinella", ["dixie", "lucky"], null));
  const chooser = m.betChooser(moves, {{words, act: (n) => slipPlayed.push(n), testid: "bet",
    memory: slipMemory, kinds: {{win: 1, place: 1, quinella: 2}}, quick: 2}});
  document.body.replaceChildren(chooser);
  return m.betChooser([moves[0]], {{words, act: () => {{}}}});
"""


def test_the_bet_chooser_asks_horse_kind_then_stake_and_plays_a_legal_bet(
    page: Page, live_server: LiveServer
) -> None:
    assert run(page, "slip.js", CHOOSER) is None, "no bet among the moves: no chooser"
    horses = page.get_by_test_id("bet-horse")
    assert horses.all_inner_texts() == ["Dixie Belle", "Lucky Star"]
    assert page.get_by_test_id("bet-kind").count() == 0, "one step at a time"
    assert page.locator("[data-action]").count() == 0, "nothing to play before a horse is chosen"
    horses.nth(0).click()
    assert horses.nth(0).get_attribute("aria-pressed") == "true"
    kinds = page.get_by_test_id("bet-kind")
    assert kinds.all_inner_texts() == ["Win", "Place", "Quinella"], "in the pool's order"
    kinds.nth(0).click()
    assert page.get_by_test_id("bet-chosen").inner_text() == "Win · Dixie Belle"
    stakes = page.get_by_test_id("bet-stake")
    assert stakes.all_inner_texts() == ["Bet $100", "Bet $200"]
    for control in page.locator(".kit-target").all():
        box = control.bounding_box()
        assert box and min(box["width"], box["height"]) >= 40, control
    stakes.nth(1).click()
    assert page.evaluate("() => slipPlayed") == ["bet win dixie 200"]

    # Drawn again (a new state): the choices made stand; another horse can still be chosen.
    run(page, "slip.js", CHOOSER)
    assert page.get_by_test_id("bet-chosen").inner_text() == "Win · Dixie Belle"
    page.get_by_test_id("bet-horse").nth(1).click()
    assert page.get_by_test_id("bet-chosen").count() == 0, "another horse: its bet is asked again"
    assert page.get_by_test_id("bet-kind").all_inner_texts() == ["Win", "Place"]
    page.get_by_test_id("bet-kind").nth(0).click()
    assert page.get_by_test_id("bet-chosen").inner_text() == "Win · Lucky Star"
    # A bet on two horses whose stake comes next: the partner is the only one, taken unasked.
    page.get_by_test_id("bet-horse").nth(0).click()
    page.get_by_test_id("bet-kind").nth(2).click()
    assert page.get_by_test_id("bet-partner").count() == 0
    write = page.get_by_test_id("bet-write")
    assert write.get_attribute("data-action") == "bet quinella dixie lucky"
    assert write.inner_text() == "Write quinella"
    write.click()
    assert page.evaluate("() => slipPlayed")[-1] == "bet quinella dixie lucky"


# -- auction.js (the Ascot helper's) -------------------------------------------------------------------

AUCTION = """
  const names = ["Ada", "Bob", "Ève"];
  const seatName = (p) => names[p];
  const bid = (amount) => ({kind: "bid", args: {amount}, notation: `bid ${amount}`});
  window.auctionPlayed = [];
  const moves = [bid(2000), bid(1500), bid(1000), bid(2500), bid(3000),
                 {kind: "pass", args: {}, notation: "pass"}, {kind: "other", args: {}, notation: "look"}];
  const view = {lot: "h4", floor: 1000, increment: 500, stage: "open", high: 500, leader: 1, bidder: 0,
                eligible: [true, true, true], active: [true, true, false], to_act: [0], minimum: 1000,
                commission: 10, rounding: 50, auctioneer: 2};
  const panel = m.auctionPanel(view, {lot: "Moonshine", seatName, moves: arg.seated ? moves : [],
    act: (n) => auctionPlayed.push(n), viewer: arg.seated ? 0 : null, lang: arg.lang, currency: "franc"});
  document.body.replaceChildren(panel);
  const parts = Object.fromEntries([...panel.querySelectorAll("[data-part]")].map((p) => [p.dataset.part, p.textContent]));
  return {stage: panel.dataset.stage, title: panel.querySelector("h4")?.textContent, parts};
"""


def test_the_auction_panel_tells_where_the_bidding_stands_and_offers_the_legal_bids(
    page: Page, live_server: LiveServer
) -> None:
    told = run(page, "auction.js", AUCTION, {"seated": True, "lang": "en"})
    parts = {k: v.replace("\u00a0", " ") for k, v in told["parts"].items()}
    assert told["stage"] == "open" and told["title"] == "Under the hammer"
    assert parts["lot"] == "Moonshine"
    assert parts["high"] == "Highest bid: Frs 500, Bob"
    assert parts["turn"] == "Your turn to bid"
    assert parts["in"] == "Still bidding: Ada, Bob"
    assert parts["commission"] == "10% commission on top of the price, to Ève"
    assert parts["cost"] == "A bid of Frs 1,000 costs you Frs 1,100"
    bids = page.get_by_test_id("auction-bid")
    assert [b.get_attribute("data-action") for b in bids.all()] == [
        "bid 1000",
        "bid 1500",
        "bid 2000",
    ]
    assert page.get_by_test_id("auction-bid-select").locator("option").count() == 2
    page.get_by_test_id("auction-bid-pass").click()
    bids.nth(1).click()
    assert page.evaluate("() => auctionPlayed") == ["pass", "bid 1500"]
    assert page.locator("[data-action=look]").count() == 0, "only auction moves"
    for control in page.locator(".kit-target").all():
        box = control.bounding_box()
        assert box and min(box["width"], box["height"]) >= 40, control

    french = run(page, "auction.js", AUCTION, {"seated": False, "lang": "fr"})
    parts = {k: v.replace("\u00a0", " ").replace("\u202f", " ") for k, v in french["parts"].items()}
    assert french["title"] == "Aux enchères"
    assert parts["high"] == "Meilleure offre : 500 frs, Bob"
    assert parts["turn"] == "À Ada d’enchérir", "a spectator reads whose turn it is"
    assert page.locator("[data-action]").count() == 0, "a spectator has no controls"


def test_a_sealed_auction_keeps_the_others_bids_hidden_and_a_closed_one_says_who_bought(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "auction.js",
        """
        const seatName = (p) => ["Ada", "Bob", "Ève"][p];
        const sealed = {lot: "x", floor: 0, increment: 100, stage: "sealed", high: 0, leader: null, bidder: null,
                        sealed_bids: [700, true, false], to_act: [2], minimum: 0};
        const moves = [0, 100, 200].map((amount) => ({kind: "sealed_bid", args: {amount}, notation: `seal ${amount}`}));
        const status = m.auctionStatus(sealed, {seatName, viewer: 0, currency: "dollar"});
        const controls = m.auctionControls(moves, {act: () => {}, currency: "dollar"});
        const sold = m.auctionStatus({stage: "closed", winner: 1, price: 2500, to_act: [], minimum: null},
                                     {seatName, lang: "fr", currency: "dollar"});
        const unsold = m.auctionStatus({stage: "closed", winner: null, to_act: [], minimum: null}, {seatName});
        const moved = m.auctionMoves(moves);
        return {status: status.textContent, buttons: [...controls.querySelectorAll("button")].map((b) => [b.textContent, b.dataset.action]),
                sold: sold.textContent.replace(/[\\u00a0\\u202f]/g, " "), unsold: unsold.textContent,
                sealed: moved.sealed, pass: moved.pass.notation, none: m.auctionControls([], {act: () => {}}),
                costs: [m.auctionCost({commission: 10, rounding: 50}, 1250), m.auctionCost({}, 1250),
                        m.auctionCost({commission: 5, rounding: 1}, 1010)]};
        """,
    )
    assert "Your sealed bid: $700" in told["status"]
    assert "Still to write their bid: Ève" in told["status"]
    assert "Bob" not in told["status"], "another seat's bid is never told, written or not"
    assert told["buttons"] == [
        ["Write $100", "seal 100"],
        ["Write $200", "seal 200"],
        ["No bid", "seal 0"],
    ]
    assert told["sold"] == "Adjugé à Bob pour 2 500 $"
    assert told["unsold"] == "Not sold"
    assert (told["sealed"], told["pass"], told["none"]) == (True, "seal 0", None)
    assert told["costs"] == [1400, 1250, 1061]


# -- lanetrack.js (the Toques et Casques helper's) -----------------------------------------------------


def small_oval() -> dict[str, Any]:
    """The engine's own geometry of a small closed oval: two lanes, straights of 4, turns of 3 and 4
    cells (rail first): 30 cells, lane 0's first at the start of the first straight."""
    from hippodrome.engine.lanetrack import LaneTrack, oval  # noqa: PLC0415 (only these tests)

    geometry: dict[str, Any] = LaneTrack.build(oval([4, 4], [[3, 4], [3, 4]], lanes=2)).geometry()
    return geometry


def test_the_lane_track_draws_the_engine_s_geometry(page: Page, live_server: LiveServer) -> None:
    told = run(
        page,
        "lanetrack.js",
        """
        const g = arg;
        const view = m.laneView(g, {scale: 20, margin: 0.5});
        const turned = m.laneView(g, {scale: 20, margin: 0.5, rotate: true});
        const mirrored = m.laneView(g, {scale: 20, margin: 0.5, mirror: true});
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", view.viewBox);
        const features = {colour: {3: "red"}, passing: [1]};
        const shapes = m.cellShapes(view, {features, prefix: "toy"});
        const edges = m.trackEdges(view);
        svg.append(edges.infield, ...shapes, edges.rail, edges.outside);
        document.body.replaceChildren(svg);
        const third = shapes[3];
        return {
          cells: view.cells.length, lanes: view.lanes, closed: view.closed,
          size: [view.width, view.height], turnedSize: [turned.width, turned.height],
          viewBox: view.viewBox, centre: m.cellCentre(view, 0), none: m.cellCentre(view, 99),
          mirrored: [m.cellCentre(mirrored, 0)[0] + m.cellCentre(view, 0)[0]],
          classes: third.getAttribute("class").split(" "), data: [third.dataset.cell, third.dataset.colour],
          passing: shapes[1].dataset.passing, features: m.featuresOf(features, 3),
          ahead: m.cellsAhead(view, 13, 3), aheadOpen: m.cellsAhead({...view, closed: false}, 13, 3),
          transform: m.cellTransform(view, 0), station: m.stationCells(view, "0.0").map((c) => c.id),
          stationShape: typeof m.stationShape(view, "0.0"), noStation: m.stationShape(view, "9.9"),
          box: m.cellsBox(view, [0]), noBox: m.cellsBox(view, [99]),
          rails: [edges.rail.getAttribute("class"), edges.outside.getAttribute("class"), edges.infield.getAttribute("class")],
        };
        """,
        small_oval(),
    )
    assert (told["cells"], told["lanes"], told["closed"]) == (30, 2, True)
    width, height = told["size"]
    assert told["viewBox"] == f"0 0 {width} {height}"
    assert width > height, "the long straights run across the page"
    assert told["turnedSize"] == [height, width], "turned a quarter for a narrow screen"
    assert told["none"] is None
    assert abs(told["mirrored"][0] - width) < 0.5, "mirrored left to right"
    assert {"lt-cell", "lt-straight", "lt-lane-1", "toy-cell", "lt-colour", "lt-colour-red"} <= set(
        told["classes"]
    )
    assert told["data"] == ["3", "red"]
    assert told["passing"] == "true"
    assert told["features"]["data"] == {"data-colour": "red"}
    # Lane 0 has 4 + 3 + 4 + 3 = 14 cells, numbered 0 to 13: the closed track wraps.
    assert told["ahead"] == [13, 0, 1, 2]
    assert told["aheadOpen"] == [13]
    x, y = told["centre"]
    assert told["transform"] == f"translate({round(x, 1):g} {round(y, 1):g})"
    assert told["station"] == [0, 14], "a straight's rank: its cell in each lane, rail first"
    assert told["stationShape"] == "string" and told["noStation"] is None
    assert told["box"]["width"] == 20 and told["box"]["height"] == 20, "a straight cell is 1 x 1"
    assert told["noBox"] is None
    assert told["rails"] == ["lt-rail", "lt-outside", "lt-infield"]


def test_a_cell_keeps_the_colour_its_board_gives_it_and_others_take_the_kit_s(page: Page) -> None:
    """kit.css gives the lane track neutral colours, but a CSS fill overrides an SVG fill attribute:
    Ascot's race squares (red, blue, yellow, black: a horse stopping on its own colour runs on) were
    drawn all beige. The kit's colours apply only to a shape with no fill of its own."""
    told = run(
        page,
        "lanetrack.js",
        """
        const view = m.laneView(arg, {scale: 20, margin: 0.5});
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", view.viewBox);
        const shapes = m.cellShapes(view, {attrs: (cell) => (cell.id === 3 ? {fill: "#c8102e"} : {})});
        svg.append(...shapes);
        document.body.replaceChildren(svg);
        return [getComputedStyle(shapes[3]).fill, getComputedStyle(shapes[4]).fill];
        """,
        small_oval(),
    )
    assert told[0] == "rgb(200, 16, 46)", "the board's own colour, not the kit's beige"
    assert told[1] not in ("rgb(0, 0, 0)", "none", "rgb(200, 16, 46)"), "the kit's neutral colour"


def test_landing_targets_on_cells_or_in_a_list_send_their_action(
    page: Page, live_server: LiveServer
) -> None:
    told = run(
        page,
        "lanetrack.js",
        """
        const view = m.laneView(arg, {scale: 20});
        window.landed = [];
        window.hovered = [];
        const targets = [2, 5, 9, 16, 20].map((cell) => ({cell, action: `move h1 ${cell}`, label: `Square ${cell}`}));
        const act = (t) => landed.push(t.action);
        const hover = (t) => hovered.push(t ? t.cell : null);
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("viewBox", view.viewBox);
        svg.style.width = "800px";
        const drawn = m.cellTargets(view, [...targets, {cell: 99, action: "nowhere", label: "?"}], {act, hover, testid: "cell"});
        svg.append(...drawn);
        const list = m.landingList(targets, {act, hover, testid: "landing", title: "Where to?", quick: 3, other: "Go"});
        document.body.replaceChildren(svg, list);
        drawn[0].dispatchEvent(new MouseEvent("click", {bubbles: true}));
        drawn[1].dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", bubbles: true}));
        drawn[2].dispatchEvent(new KeyboardEvent("keydown", {key: "x", bubbles: true}));
        drawn[0].dispatchEvent(new FocusEvent("focus"));
        drawn[0].dispatchEvent(new FocusEvent("blur"));
        const cell = view.cells[0];
        return {
          drawn: drawn.map((g) => [g.getAttribute("role"), g.getAttribute("tabindex"), g.dataset.action, g.getAttribute("aria-label")]),
          small: [m.tooSmallToTap(view, 60), m.tooSmallToTap(view, 5000), m.tooSmallToTap(view, 0),
                  m.tooSmallToTap(view, svg), m.tooSmallToTap(view, 60, {cells: []})],
          short: m.cellShortSide(cell), landed: [...landed], hovered: [...hovered],
        };
        """,
        small_oval(),
    )
    assert len(told["drawn"]) == 5, "a target on a cell the track does not have is left out"
    assert told["drawn"][0] == ["button", "0", "move h1 2", "Square 2"]
    assert told["landed"] == ["move h1 2", "move h1 5"], (
        "a click or Enter plays; another key does not"
    )
    assert told["hovered"] == [2, None]
    assert told["short"] == 20
    assert told["small"] == [True, False, True, False, False]
    buttons = page.get_by_test_id("landing")
    assert buttons.all_inner_texts() == ["Square 2", "Square 5", "Square 9"]
    assert [b.get_attribute("data-action") for b in buttons.all()] == [
        "move h1 2",
        "move h1 5",
        "move h1 9",
    ]
    select = page.get_by_test_id("landing-select")
    assert select.locator("option").all_inner_texts() == ["Square 16", "Square 20"]
    assert select.get_attribute("aria-label") == "Where to?"
    for control in [*buttons.all(), select, page.get_by_test_id("landing-other")]:
        box = control.bounding_box()
        assert box and min(box["width"], box["height"]) >= 40, control
    other = page.get_by_test_id("landing-other")
    assert other.get_attribute("data-action") == "move h1 16", (
        "the list's button carries its choice"
    )
    buttons.nth(2).click()
    select.select_option(label="Square 20")
    assert other.get_attribute("data-action") == "move h1 20", "and follows the list"
    assert other.get_attribute("data-cell") == "20"
    other.click()
    assert page.evaluate("() => landed.slice(2)") == ["move h1 9", "move h1 20"]


# -- colour.js -----------------------------------------------------------------------------------------


def test_ink_reads_on_a_colour_written_in_hex_short_hex_or_by_name(page: Page) -> None:
    told = run(
        page,
        "colour.js",
        """
        const inks = ["#ffffff", "#fff", "white", "yellow", "#f2c200", "#111111", "#000", "black", "red", "#1e5bc6",
                      "", undefined, "no-colour", "#12345"].map(m.inkOn);
        return {inks, dark: m.DARK_INK, light: m.LIGHT_INK, rgb: [m.rgbOf("#f00"), m.rgbOf("White"), m.rgbOf("nope")]};
        """,
    )
    dark, light = told["dark"], told["light"]
    assert dark != light
    assert told["inks"] == [dark] * 5 + [light] * 5 + [dark] * 4, (
        "dark ink on a light colour, light on a dark one, dark (the ink of white) on what cannot be read"
    )
    assert told["rgb"] == [[1, 0, 0], [1, 1, 1], None]


# -- action.js -----------------------------------------------------------------------------------------


def test_an_action_button_sends_its_notation_and_carries_it_in_data_action(page: Page) -> None:
    told = run(
        page,
        "action.js",
        """
        window.sent = [];
        const act = (n) => sent.push(n);
        const button = m.actionButton(["Bet ", document.createElement("b")], "bet 2 h1",
          {act, cls: "primary mine", testid: "bet", attrs: {title: "Bet on Othello"}});
        const [list, go] = m.actionList([{notation: "ask 3v", card: "3v"}, {notation: "ask Hr", card: "Hr"}],
          {option: (x) => ({"3v": "Green 3", Hr: "Red horse"})[x.card], button: "Ask", label: "Which card?", act, testid: "ask",
           cls: "mine", listCls: "wide"});
        document.body.replaceChildren(button, list, go);
        button.click();
        const before = go.dataset.action;
        go.click();
        list.value = "ask Hr";
        list.dispatchEvent(new Event("change"));
        go.click();
        return {sent: [...sent], before, after: go.dataset.action, cls: button.className, title: button.title,
                type: button.type, options: [...list.options].map((o) => o.textContent), label: list.getAttribute("aria-label"),
                listCls: list.className, sizes: [button, list, go].map((e) => e.getBoundingClientRect().height)};
        """,
    )
    assert told["sent"] == ["bet 2 h1", "ask 3v", "ask Hr"]
    assert (told["before"], told["after"]) == ("ask 3v", "ask Hr"), (
        "the button's data-action follows the list"
    )
    assert told["cls"].split() == ["kit-target", "primary", "mine"]
    assert (told["title"], told["type"]) == ("Bet on Othello", "button")
    assert told["options"] == ["Green 3", "Red horse"] and told["label"] == "Which card?"
    assert told["listCls"].split() == ["kit-target", "wide"]
    assert min(told["sizes"]) >= 40, "every control a finger's size"
    assert page.get_by_test_id("bet").get_attribute("data-action") == "bet 2 h1"
    assert page.get_by_test_id("ask-select").count() == 1


def test_a_drawn_control_answers_a_click_enter_or_space_and_previews_on_hover_or_focus(
    page: Page,
) -> None:
    told = run(
        page,
        "action.js",
        """
        const done = [];
        const shown = [];
        const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
        m.activate(g, () => done.push("go"));
        m.preview(g, (on) => shown.push(on));
        g.dispatchEvent(new MouseEvent("click"));
        for (const key of ["Enter", " ", "x"]) g.dispatchEvent(new KeyboardEvent("keydown", {key, cancelable: true}));
        for (const name of ["mouseenter", "mouseleave", "focus", "blur"]) g.dispatchEvent(new Event(name));
        return {done, shown};
        """,
    )
    assert told["done"] == ["go", "go", "go"], "a click, Enter and Space act; another key does not"
    assert told["shown"] == [True, False, True, False]
