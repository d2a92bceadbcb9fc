"""A guided first game (issue 16, point 1): "Learn to play" in the lobby opens a guided table against
bots at the player's seat; at his decision the hint panel explains it in the game's words, shows the
medium bot's move, and plays it at a click; its link opens the rules at this phase."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer, SeatPage

pytestmark = pytest.mark.browser


def test_learn_to_play_royal_turf_from_the_lobby_explains_and_plays_the_suggestion(
    live_server: LiveServer, context: BrowserContext
) -> None:
    en: dict[str, str] = live_server.http.get("/api/i18n/en").json()
    player = SeatPage(context.new_page())
    page = player.page
    page.goto(f"{live_server.url}/?lang=en")
    page.get_by_test_id("learn-royal_turf").click()
    page.wait_for_url("**/table/**#token=*")
    suggestion = page.get_by_test_id("guide-suggestion")
    expect(suggestion).to_be_visible(timeout=60_000)
    state: dict[str, Any] = page.evaluate("window.hippodromeTable.state()")
    assert state["guided"] and state["practice"]
    phase = state["observation"]["phase"]
    expect(page.get_by_test_id("guide-about")).to_have_text(en[f"royal_turf.guide.{phase}"])
    notation = suggestion.get_attribute("data-notation")
    move = next(m for m in state["legal"] if m["notation"] == notation)
    expect(suggestion).to_contain_text(move["label"]["en"])

    page.get_by_test_id("guide-rules").click()
    expect(page.get_by_test_id("help-section")).to_be_visible()

    page.get_by_test_id("guide-play").click()
    page.wait_for_function(f"() => window.hippodromeTable.state().version > {state['version']}")
    acts = [m for m in player.sent if m.get("type") == "act"]
    assert acts == [{"type": "act", "action": notation, "version": state["version"]}]
    expect(page.get_by_test_id("error")).to_be_hidden()
    assert not player.errors
