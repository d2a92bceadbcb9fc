"""A guided first game (issue 16, point 1; issue 34, point 3): "Learn to play" in the lobby opens a
guided table against bots at the player's seat; at his decision the hint panel explains it in the
game's words, shows the medium bot's move and why, and plays it at a click; its link opens the rules
at this phase. A newcomer plays a whole guided game of Win, Place & Show and of Ascot by the panel's
own explanations and buttons alone, every decision with its reason shown (issue 34, "Done means")."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import MOVED_ON, LiveServer, SeatPage

pytestmark = pytest.mark.browser

READY = """() => {
  const shown = (el) => el && el.offsetParent !== null;
  const state = window.hippodromeTable.state();
  if (!state) return false;
  const seen = (kind, more) => ({ kind, version: state.version, ...more });
  const error = document.querySelector('[data-testid="error"]');
  if (shown(error)) return seen("error", { text: error.textContent });
  if (shown(document.querySelector('[data-testid="game-over"]'))) return seen("over");
  const about = document.querySelector('[data-testid="guide-about"]')?.textContent ?? "";
  if (shown(document.querySelector('[data-testid="guide-roll"]'))) return seen("roll", { about });
  const suggestion = document.querySelector('[data-testid="guide-suggestion"]');
  const legal = state.legal || [];
  if (!shown(suggestion) || !legal.some((m) => m.notation === suggestion.dataset.notation)) return false;
  const reason = document.querySelector('[data-testid="guide-reason"]');
  return seen("play", {
    about,
    notation: suggestion.dataset.notation,
    plan: suggestion.dataset.plan,
    reason: reason?.textContent ?? "",
    key: reason?.dataset.reason ?? "",
    legal: legal.map((m) => [m.notation, m.label.en]),
  });
}"""
"""What the page offers now, read in one look: an error, the game's end, the guide's dice, or the
guide's suggestion for the state the page shows, with what the panel says about it."""

REASONS = {"only", "better", "close", "few", "worse"}
NOTATION = re.compile(r"\b[hH]\d+\b|\b\d+\.\d+\b|\b[a-z]+_[a-z_]+\b|\{\w+\}")
"""Engine notation leaking into a sentence: ``h3``, ``2.12``, ``mister_lucky``, ``{money}``."""


def test_learn_to_play_royal_turf_from_the_lobby_explains_and_plays_the_suggestion(
    live_server: LiveServer, context: BrowserContext
) -> None:
    en: dict[str, str] = live_server.http.get("/api/i18n/en").json()
    player = SeatPage(context.new_page())
    page = player.page
    page.goto(f"{live_server.url}/?lang=en")
    page.get_by_test_id("learn-royal_turf").click()
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))
    suggestion = page.get_by_test_id("guide-suggestion")
    expect(suggestion).to_be_visible(timeout=60_000)
    state: dict[str, Any] = page.evaluate("window.hippodromeTable.state()")
    assert state["guided"] and state["practice"]
    phase = state["observation"]["phase"]
    about = page.get_by_test_id("guide-about")
    situation = about.get_attribute("data-situation")
    # The phase's text, or the text the game chose for the situation (the last race...).
    expect(about).to_have_text(en[situation or f"royal_turf.guide.{phase}"])
    notation = suggestion.get_attribute("data-notation")
    move = next(m for m in state["legal"] if m["notation"] == notation)
    expect(suggestion).to_contain_text(move["label"]["en"])
    expect(page.get_by_test_id("guide-reason")).not_to_be_empty()

    page.get_by_test_id("guide-rules").click()
    expect(page.get_by_test_id("help-section")).to_be_visible()

    page.get_by_test_id("guide-play").click()
    page.wait_for_function(f"() => window.hippodromeTable.state().version > {state['version']}")
    acts = [m for m in player.sent if m.get("type") == "act"]
    assert acts == [{"type": "act", "action": notation, "version": state["version"]}]
    expect(page.get_by_test_id("error")).to_be_hidden()
    assert not player.errors


def play_a_guided_game_by_its_explanations(
    live_server: LiveServer, context: BrowserContext, game: str, options: dict[str, Any]
) -> int:
    """A newcomer's whole guided game against a medium bot, played by the guide panel alone: at each
    decision he reads what it is about and why the suggestion, then plays it. Returns how many
    decisions he took."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}]
    response = live_server.http.post(
        "/api/tables", json={"game": game, "options": options, "seats": seats, "guided": True}
    )
    assert response.status_code == 201, response.text
    player = SeatPage(context.new_page())
    page = player.page
    page.goto(response.json()["seats"][0]["invite"].replace("#", "?lang=en#", 1))
    played: list[dict[str, Any]] = []
    for _ in range(1000):
        seen: dict[str, Any] = page.wait_for_function(READY, timeout=30_000).json_value()
        kind, version = seen["kind"], seen["version"]
        assert kind != "error", f"version {version}: {seen['text']}"
        if kind == "over":
            break
        assert seen["about"].strip(), f"version {version}: the guide says not what is decided"
        if kind == "roll":
            target = page.get_by_test_id("guide-roll")
        else:
            # The reason is shown, in words: a sentence built from the simulations' numbers.
            text = seen["reason"]
            assert seen["key"] in {f"web.guide.reason.{r}" for r in REASONS}, text
            said = text.split(":", 1)[1].strip() if ":" in text else ""
            assert said and said[0].isupper() and said.endswith("."), f"reason: {text!r}"
            # No move's notation, unless the move's own words say the same (« Take lane 5 »).
            words = " ".join(label for _, label in seen["legal"])
            leaked = [
                notation
                for notation, _ in seen["legal"]
                if re.search(r"[\d_ ]", notation) and notation in said and notation not in words
            ]
            assert not leaked and not NOTATION.search(said), f"notation in the reason: {text!r}"
            # The button of this version's suggestion: a bot may move first (a secret choice).
            target = page.locator(
                f'[data-testid="guide-suggestion"][data-version="{version}"] '
                '[data-testid="guide-play"]'
            )
            played.append(seen)
        try:
            target.click(timeout=5_000)
        except PlaywrightTimeoutError:
            assert player.version() > version, f"the guide's button vanished on version {version}"
            played = played[:-1] if kind == "play" else played
            continue
        page.wait_for_function(MOVED_ON, arg=version)
    else:
        raise AssertionError(f"the guided game of {game} did not end")
    state: dict[str, Any] = page.evaluate("window.hippodromeTable.state()")
    assert state["status"] == "finished"
    assert not player.errors, f"script errors: {player.errors}"
    # Every move the newcomer sent was the guide's suggestion, played from its own button: the
    # whole move where there was one, else the move.
    shown = {seen["version"]: seen["plan"] or seen["notation"] for seen in played}
    moves = [m for m in player.sent if m.get("type") in ("act", "plan")]
    assert len(moves) == len(played)
    for move in moves:
        sent = move.get("action") or " ; ".join(move["actions"])
        assert shown.get(move["version"]) == sent, f"{sent} is not the guide's suggestion"
    return len(played)


def test_a_newcomer_plays_a_whole_guided_game_of_win_place_show_by_its_explanations(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Two players, the quick version (one die for the stable): the shortest game it allows."""
    decisions = play_a_guided_game_by_its_explanations(
        live_server, context, "win_place_show", {"quick": True}
    )
    assert decisions >= 6, "a bet and a ride in each of the six races at least"


def test_a_newcomer_plays_a_whole_guided_game_of_ascot_by_its_explanations(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Two players: the smallest table."""
    decisions = play_a_guided_game_by_its_explanations(live_server, context, "ascot", {})
    assert decisions >= 10
