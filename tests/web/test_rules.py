"""The rules on the site (issue 16, point 1; issue 34, point 4): a newcomer reaches a game's rules from
the lobby, reads how to play in one phone screen or two, in French and in English, finds the whole
rules behind a link, and at a table opens the help panel at the section of the moment, in players'
words in his own language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, ViewportSize, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

HELP_SHOWS_THE_PHASE = """async (code) => {
  const state = window.hippodromeTable.state();
  const shown = document.querySelector('[data-testid="help-section"]');
  if (!state || !shown || document.documentElement.lang !== code) return false;
  const page = await (await fetch(`/api/games/${state.game}/rules/${code}?text=players`)).json();
  return shown.dataset.anchor === page.phases[state.observation.phase] && shown.dataset.anchor !== "";
}"""
"""The help panel shows, in language ``code``, the section of the players' text for the table's phase."""

PHONE: ViewportSize = {"width": 390, "height": 844}
HOWTO_MOST = 2 * PHONE["height"]
"""How to play fits one phone screen or two: the whole page, header and links included."""


def test_a_newcomer_reads_the_rules_and_opens_the_help_at_the_table(
    live_server: LiveServer, context: BrowserContext
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/")
    page.get_by_test_id("lang-en").click()
    page.get_by_test_id("rules-link-royal_turf").click()
    rules = page.get_by_test_id("rules")
    for lang, title in (("en", r"Royal Turf: how to play"), ("fr", r"Royal Turf\s: comment jouer")):
        # How to play first, in one phone screen or two, without notation, in the page's language.
        page.set_viewport_size(PHONE)
        page.get_by_test_id(f"lang-{lang}").click()
        expect(page.locator("#title")).to_have_text(re.compile(title))
        expect(page.get_by_test_id("rules-more")).to_be_visible()
        expect(rules.locator("h2")).to_have_count(4)  # the goal, a race, the end; the whole rules
        expect(rules.locator("code")).to_have_count(0)
        tall = page.evaluate("document.documentElement.scrollHeight")
        assert tall <= HOWTO_MOST, f"how to play ({lang}) is {tall} px tall at 390x844"
    for game in (
        g["id"] for g in live_server.http.get("/api/games").json() if g["status"] == "playable"
    ):
        for lang in ("en", "fr"):  # every game's how to play, within the same bound
            page.goto(f"{live_server.url}/rules/{game}?lang={lang}")
            expect(page.get_by_test_id("rules-players")).to_be_visible()
            tall = page.evaluate("document.documentElement.scrollHeight")
            assert tall <= HOWTO_MOST, f"{game}: how to play ({lang}) is {tall} px tall at 390x844"
    page.goto(f"{live_server.url}/rules/royal_turf?lang=en")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_test_id("rules-document").click()  # the whole rules behind a link
    expect(page.locator("#title")).to_have_text("Royal Turf: the rules")
    expect(rules.locator("h3#betting-2")).to_have_text("Betting (§2)")
    expect(rules.locator('img[src="/rules/images/royal_turf.png"]')).to_be_visible()
    notation = page.get_by_test_id("folded-notation")  # written for programmers: folded
    expect(notation).not_to_have_attribute("open", "")
    expect(rules.locator("h2#notation")).to_be_visible()
    expect(notation.locator("table, pre, p").first).to_be_hidden()
    page.get_by_test_id("lang-fr").click()  # the rulebook's own words, in French
    expect(page.locator("#title")).to_have_text(re.compile(r"Royal Turf\s: la règle du jeu"))
    expect(rules.locator("h3#\\32 -paris")).to_have_text("2. Paris")
    expect(page).to_have_url(re.compile(r"/rules/royal_turf\?lang=fr&text=document$"))
    page.get_by_test_id("rules-decisions").click()  # and Hippodrome's decisions, in English
    expect(rules.locator("h2#decisions")).to_be_in_viewport()

    table = live_server.create_table([{"kind": "human", "name": "Ada"}, {"kind": "bot"}])
    page.goto(table["seats"][0]["invite"])
    page.get_by_test_id("lang-fr").click()
    help_button = page.get_by_test_id("help")
    expect(help_button).to_have_text("? Règles")
    help_button.click()
    expect(page.get_by_test_id("help-panel")).to_be_visible()
    page.wait_for_function(HELP_SHOWS_THE_PHASE, arg="fr")
    page.get_by_test_id("lang-en").click()  # the panel follows the page's language
    page.wait_for_function(HELP_SHOWS_THE_PHASE, arg="en")
    # In each language the help shows the rules in players' words, not the rules document's
    # notation nor the rulebook (issue 33, point 4; issue 34, point 4), and its link opens the same
    # text whole.
    expect(page.get_by_test_id("help-section").locator("code")).to_have_count(0)
    expect(page.get_by_test_id("help-all-rules")).to_have_attribute(
        "href", re.compile(r"^/rules/royal_turf\?lang=en&text=players#")
    )
    players = page.get_by_test_id("help-all-rules").get_attribute("href")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("help-panel")).to_be_hidden()
    expect(help_button).to_be_focused()
    page.goto(f"{live_server.url}{players}")  # the players' text whole, and a way to the document
    expect(page.get_by_test_id("rules").locator("h3#the-race-3")).to_be_visible()
    expect(page.get_by_test_id("rules").locator("code")).to_have_count(0)
    page.get_by_test_id("rules-document").click()
    expect(page.get_by_test_id("folded-notation")).to_be_attached()
    assert not errors, errors
