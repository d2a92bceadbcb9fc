"""The words a player meets around the board (issue 16, points 7 and 9): the tab's title on his turn,
the replay's moves told as a player says them, a bad invitation link explained, and the lobby's
options in the game's own words."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

TITLE_MATCHES_TURN = """() => {
  const state = window.hippodromeTable.state();
  if (!state) return false;
  const deciding = state.status !== "finished" && ((state.legal || []).length > 0 || state.can_roll);
  return deciding === document.title.startsWith("● ") ? (deciding ? "marked" : "plain") : false;
}"""
"""The tab's title is marked exactly while the page's seat has a decision: which of the two it is."""

JARGON = re.compile(r"station|<segment>|<rank>|seed|Variant \d|Variante \d|as 0,2|ainsi 0,2|§")
"""Engine words a player of the game would never use in an option's label."""


def test_the_tab_title_says_when_it_is_your_turn(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Two players at one table: the page whose seat decides says « ● Your turn », the other not,
    and the mark moves with the turn."""
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    )
    pages = [context.new_page() for _ in range(2)]
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    for page, seat in zip(pages, table["seats"], strict=True):
        page.goto(seat["invite"])
    marks: list[Any] = []
    deadline = time.monotonic() + 15
    while "marked" not in marks and time.monotonic() < deadline:  # chance draws the cards first
        marks = [page.evaluate(TITLE_MATCHES_TURN) for page in pages]
    assert sorted(marks) == ["marked", "plain"], marks
    acting = pages[marks.index("marked")]
    assert acting.title().startswith("● Your turn — ")
    acting.get_by_test_id("lang-fr").click()
    expect(acting).to_have_title(re.compile(r"^● À vous — "))
    sound = acting.get_by_test_id("sound")  # the chime is the player's choice, off at first
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    state: dict[str, Any] = acting.evaluate("window.hippodromeTable.state()")
    if state["can_roll"]:
        acting.evaluate("window.hippodromeTable.roll()")
    else:
        acting.evaluate("(a) => window.hippodromeTable.act(a)", state["legal"][0]["notation"])
    acting.wait_for_function(
        "(v) => window.hippodromeTable.state().version > v", arg=state["version"]
    )
    # The title follows whatever comes next: marked again only if this seat decides again.
    assert all(page.wait_for_function(TITLE_MATCHES_TURN).json_value() for page in pages)
    dots = pages[0].locator("#players .seat-dot").all_inner_texts()
    assert dots == ["1", "2"], "seat dots carry the seat's number, not an initial"
    assert not errors, errors


def test_the_replay_tells_each_move_as_a_player_says_it(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """« Step 2 of n: The die shows the cap », never a move's notation; « Revoir », not « Rejouer »."""
    table = live_server.create_table(
        [{"kind": "bot", "name": "Bot 1"}, {"kind": "bot", "name": "Bot 2"}]
    )
    steps: list[dict[str, Any]] = []
    deadline = time.monotonic() + 20
    while len(steps) <= 3 and time.monotonic() < deadline:  # the bots play a few moves
        steps = live_server.http.get(f"/api/tables/{table['id']}/replay").json()["steps"]
        time.sleep(0.05)
    assert len(steps) > 3, "the bots should have played a few moves"
    step = steps[2]
    assert step["label"] and step["label"]["en"] != step["move"]
    page = context.new_page()
    page.goto(f"/table/{table['id']}/replay#step=2")
    position = page.get_by_test_id("replay-position")
    expect(position).to_contain_text(f": {step['label']['en']}")
    expect(position).not_to_contain_text(step["move"])
    page.get_by_test_id("lang-fr").click()
    expect(position).to_contain_text(f" : {step['label']['fr']}")
    expect(page).to_have_title(re.compile("Revoir la partie"))
    page.goto(f"/table/{table['id']}")
    expect(page.locator("#replay-link")).to_have_text("Revoir la partie")


def test_a_bad_invitation_link_says_what_happened_and_where_to_go(
    live_server: LiveServer, context: BrowserContext
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/table/no-such-table#token=abc")
    refused = page.get_by_test_id("link-refused")
    expect(refused).to_be_visible()
    expect(refused).to_have_attribute("data-reason", "no_table")
    expect(refused).to_contain_text("no-such-table")
    expect(page.get_by_test_id("refused-lobby")).to_have_attribute("href", "/")
    expect(page.locator("#app")).to_be_hidden()

    table = live_server.create_table([{"kind": "human", "name": "Ada"}, {"kind": "bot"}])
    page.goto(f"/table/{table['id']}#token=cut-short")
    expect(refused).to_have_attribute("data-reason", "bad_seat")
    page.get_by_test_id("lang-fr").click()
    expect(refused).to_contain_text("Cette invitation n'ouvre aucune place")
    page.get_by_test_id("refused-spectate").click()
    expect(page.get_by_test_id("status")).not_to_be_empty()  # watching, as a spectator
    expect(refused).to_be_hidden()
    assert not errors, errors


def test_a_table_that_can_no_longer_be_played_says_so_not_that_the_link_is_bad(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """The server closes the socket of a table it can no longer play (its rules changed since it
    was played, tests/server/test_refusal_texts.py) with 4409: the page says that, not that the
    seat key is wrong. The socket is routed here to answer as the server does."""
    table = live_server.create_table([{"kind": "human", "name": "Ada"}, {"kind": "bot"}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route_web_socket(re.compile(r"/ws/tables/"), lambda ws: ws.close(code=4409))
    page.goto(f"/table/{table['id']}#token={table['seats'][0]['token']}")
    refused = page.get_by_test_id("link-refused")
    expect(refused).to_have_attribute("data-reason", "unplayable")
    expect(refused).to_contain_text("can no longer be opened")
    page.get_by_test_id("lang-fr").click()
    expect(refused).to_contain_text("Cette table ne peut plus être ouverte")
    expect(page.get_by_test_id("refused-spectate")).to_have_count(0)
    assert not errors, errors


def test_the_lobby_offers_each_game_s_options_in_its_own_words(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """In French, every game's options read as its rules say them: no station, no seed, no
    numbered variant, no seat counted from 0, and Toques et Casques' speed as dice."""
    games = live_server.http.get("/api/games").json()
    page = context.new_page()
    page.goto("/")
    expect(page.get_by_test_id("players")).to_be_visible()  # the form is drawn
    page.get_by_test_id("lang-fr").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    options = page.locator("#options")
    for game in (g for g in games if g["status"] == "playable"):
        page.locator("#game").select_option(game["id"])
        for option in game["options"]:
            expect(options).to_contain_text(option["fr"])
        text = options.inner_text()
        assert not JARGON.search(text), (game["id"], JARGON.search(text))
        if game["id"] == "toques_et_casques":
            speeds = page.get_by_test_id("option-speed").locator("option").all_inner_texts()
            assert speeds == [
                "celle de la catégorie (un dé au trot, deux au galop)",
                "un dé",
                "deux dés",
            ]
        if game["id"] == "win_place_show":
            # The steward is a player by name (his number counted from 1), or nobody.
            stewards = page.get_by_test_id("option-steward").locator("option")
            expect(stewards.first).to_have_text("personne")
            expect(stewards.nth(1)).to_have_attribute("value", "1")
            expect(stewards.nth(1)).to_have_text("1. Joueur 1")
        if game["id"] == "royal_steeple_chase":
            # The handicapped players are ticked by name, and sent as the seats they are.
            handicap = page.get_by_test_id("option-handicap")
            expect(handicap.locator("label")).to_have_count(4)
            expect(handicap.locator("label").first).to_have_text("1. Joueur 1")
            page.get_by_test_id("option-handicap-1").check()
            # No seat kept as the creator's: the page stays on the lobby, with the invitations.
            page.get_by_test_id("seat-mine-0").uncheck()
            page.get_by_test_id("create-button").click()
            expect(page.locator("#created")).to_contain_text("est prête")
            created = page.locator("#created h3").inner_text().split()[2]
            table = live_server.http.get(f"/api/tables/{created}").json()
            assert table["options"]["handicap"] == "1", "the second seat, counted from 0"
            page.goto("/")  # the creator landed at his seat: back to the lobby for the next game
            expect(page.get_by_test_id("players")).to_be_visible()


def test_hot_seat_passes_the_device_without_a_cover_when_nothing_is_hidden(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Toques et Casques hides nothing: the board shows at once, and the next jockey takes the
    device without a cover (Royal Turf's hidden bets keep theirs: test_browser)."""
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}],
        game="toques_et_casques",
    )
    page = context.new_page()
    page.goto(table["hotseat"])
    page.wait_for_function(
        "() => (window.hippodromeTable.state()?.legal || []).length || window.hippodromeTable.state()?.can_roll"
    )
    expect(page.get_by_test_id("pass-device")).to_be_hidden()
    expect(page.locator("#app")).to_be_visible()
    expect(page.get_by_test_id("status")).to_contain_text(re.compile("Ada|Bob"))


STYLE_CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("en", "{horse} moves {points} {points|length|lengths}.", {"horse": "no. 2", "points": 1}),
    ("en", "A report. {horse} is back, {place|nth}.", {"horse": "no. 2", "place": 22}),
    ("en", "Race {race}: a purse of ${purse}.", {"race": 1, "purse": 131260}),
    ("en", "{a} {a|mile|miles}, {b} {b|mile|miles}", {"a": "3/4", "b": "1 1/8"}),
    ("en", "{horse} cannot go there", {"horse": "no. 2"}),
    ("fr", "{horse} avance de {points} {points|longueur|longueurs}.", {"horse": "le n° 2", "points": 1}),
    ("fr", "Course {race} : 3/4 mile, une bourse de {purse} $.", {"race": 1, "purse": 12000}),
    ("fr", "Un Rapport de {deck}, donné à {deck}, à {them}.", {"deck": "le Vétérinaire", "them": "les autres"}),
    ("fr", "Le {horse} arrive {place|nth}, à la {place|nthf} place ; le tour d'{name}.", {"horse": "n° 3", "place": 1, "name": "Ève"}),
]  # fmt: skip
"""Templates and parameters told both by the server's renderer and by the browser's ``t()``."""


def test_the_browser_writes_a_message_as_the_server_does(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """One house style on both sides (issue 34, point 4): web/js/i18n.js ``style`` fills a template
    as engine/i18n.py ``style`` does: thousands grouped, plurals, ordinals, a capital opening a
    sentence, French elision and « du », « au », « aux »."""
    from hippodrome.engine.i18n import grouped, style  # noqa: PLC0415

    page = context.new_page()
    page.route("**/words-blank", lambda route: route.fulfill(status=200, body="<!doctype html>"))
    page.goto("/words-blank")
    told = page.evaluate(
        """async (cases) => {
          const m = await import('/static/js/i18n.js');
          return cases.map(([lang, template, params]) => m.style(template, params, lang));
        }""",
        STYLE_CASES,
    )
    for (lang, template, params), browser in zip(STYLE_CASES, told, strict=True):
        shown = {k: grouped(v, lang) if isinstance(v, int) else str(v) for k, v in params.items()}
        assert browser == style(template, params, shown, lang), template
    assert told[0] == "No. 2 moves 1 length."
    assert told[2] == "Race 1: a purse of $131,260."
    assert told[3] == "3/4 mile, 1 1/8 miles"
    assert told[4] == "no. 2 cannot go there", "a fragment (no full stop) keeps its small letter"
    assert told[6] == "Course 1 : 3/4 mile, une bourse de 12\u202f000 $."
    assert told[7] == "Un Rapport du Vétérinaire, donné au Vétérinaire, aux autres."
    alone = page.evaluate(
        """async () => {
          const m = await import('/static/js/i18n.js');
          return [m.asSentence("no. 2 cannot go there"), m.asSentence("Pas votre tour."), m.asSentence("")];
        }"""
    )
    assert alone == ["No. 2 cannot go there.", "Pas votre tour.", ""], (
        "a refusal shown alone in the error box reads as a sentence"
    )
