"""The rules on the site (issue 16, point 1): a newcomer reaches a game's rules from the lobby, reads
them in French and in English, and at a table opens the help panel at the section of the moment."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

HELP_SHOWS_THE_PHASE = """async (code) => {
  const state = window.hippodromeTable.state();
  const shown = document.querySelector('[data-testid="help-section"]');
  if (!state || !shown || document.documentElement.lang !== code) return false;
  const page = await (await fetch(`/api/games/${state.game}/rules/${code}`)).json();
  return shown.dataset.anchor === page.phases[state.observation.phase] && shown.dataset.anchor !== "";
}"""
"""The help panel shows, in language ``code``, the section the game names for the table's phase."""


def test_a_newcomer_reads_the_rules_and_opens_the_help_at_the_table(
    live_server: LiveServer, context: BrowserContext
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/")
    page.get_by_test_id("lang-en").click()
    page.get_by_test_id("rules-link-royal_turf").click()
    expect(page.locator("#title")).to_have_text("Royal Turf: the rules")
    rules = page.get_by_test_id("rules")
    expect(rules.locator("h3#betting-2")).to_have_text("Betting (§2)")
    expect(rules.locator('img[src="/rules/images/royal_turf.png"]')).to_be_visible()
    notation = page.get_by_test_id("folded-notation")  # written for programmers: folded
    expect(notation).not_to_have_attribute("open", "")
    expect(rules.locator("h2#notation")).to_be_visible()
    expect(notation.locator("table, pre, p").first).to_be_hidden()
    page.get_by_test_id("lang-fr").click()  # the rulebook's own words, in French
    expect(page.locator("#title")).to_have_text("Royal Turf : la règle du jeu")
    expect(rules.locator("h3#\\32 -paris")).to_have_text("2. Paris")
    expect(page).to_have_url(re.compile(r"/rules/royal_turf\?lang=fr$"))
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
    # In English the help shows the rules in players' words, not the rules document's notation
    # (issue 33, point 4), and its link opens the same text whole.
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
