"""The guide of a guided table (``bots/guide.py``, issue 34, point 3: guidance that says why).

Its promises: the suggestion is the heuristic bot's own move (the guide never changes it); where the
game has whole moves it suggests the whole move the bot makes, one the table can play at a tap; its
reason is true to the numbers it computed (better only where the paired differences' interval says
so, close where it cannot tell, worse said plainly); every text it names exists in every language,
with no placeholder left."""

from __future__ import annotations

import random
from importlib.resources import files
from typing import Any

import pytest

from hippodrome.bots.base import make_bot
from hippodrome.bots.guide import SEPARATING, _verdict, guide
from hippodrome.engine.bot import SeatView
from hippodrome.engine.game import State
from hippodrome.engine.i18n import LANGUAGES, register_catalog, render, text
from hippodrome.engine.types import JSONObject
from hippodrome.games import load_game, playable_ids

register_catalog("web", files("hippodrome.web") / "locale")

SHORTEST: dict[str, dict[str, Any]] = {
    "win_place_show": {"players": 2, "quick": True},
    "ascot": {"players": 2},
    "royal_turf": {"players": 2},
    "toques_et_casques": {"players": 2},
    "royal_steeple_chase": {"players": 2, "scoring": "race"},
}


def test_the_reason_claims_a_difference_only_where_the_interval_shows_one() -> None:
    ahead = [1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    assert _verdict(ahead, [0.0] * len(ahead)) == "better"
    assert _verdict([-w for w in ahead], [0.0] * len(ahead)) == "worse"
    # Too few games to tell, however wide the gap.
    assert _verdict([1.0] * (SEPARATING - 1), [5000.0] * (SEPARATING - 1)) == "few"
    # Wins and losses that cancel out: close, whatever the money's noise.
    mixed = [1.0, -1.0, 1.0, -1.0, 0.0, 1.0, -1.0, 0.0]
    assert _verdict(mixed, [900.0, -1000.0, 800.0, -700.0, 50.0, 600.0, -900.0, 0.0]) == "close"
    # The same chance of winning: the money decides, when it clearly differs.
    assert _verdict([0.0] * 8, [500.0, 700.0, 600.0, 650.0, 550.0, 620.0, 580.0, 640.0]) == "better"


def decisions(game_id: str, every: int, limit: int) -> list[tuple[State, int]]:
    """Decisions of seat 0 along a game of heuristic bots: one in ``every``, ``limit`` at most."""
    game = load_game(game_id, **SHORTEST[game_id])
    rng = random.Random(7)
    state = game.new_initial_state()
    bots = [make_bot("heuristic", game_id) for _ in range(game.num_players)]
    found: list[tuple[State, int]] = []
    seen = 0
    while not state.is_terminal() and len(found) < limit:
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
            continue
        for player in list(state.active_players()):
            if player == 0:
                seen += 1
                if seen % every == 1:
                    found.append((state.clone(), player))
            state.apply_unchecked(bots[player].choose(SeatView(state, player), rng), player)
    return found


def rendered(key: str, params: JSONObject, *, sentence: bool = True) -> None:
    """The text exists in every language, every placeholder filled; a sentence opens with a
    capital and ends with a full stop."""
    for lang in LANGUAGES:
        assert text(key, lang) is not None, f"{key} has no {lang} text"
        said = render(key, params, lang)
        assert said and "{" not in said and "=" not in said, said
        if sentence:
            assert said[0].isupper() and said.endswith("."), said


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_guide_suggests_the_bots_own_move_and_says_why_in_every_language(game_id: str) -> None:
    for state, seat in decisions(game_id, every=17, limit=3):
        bot = make_bot("heuristic", game_id)
        own = make_bot("heuristic", game_id).choose(SeatView(state, seat), random.Random(1))
        found = guide(state, seat, bot, random.Random(1), seconds=0.05, rounds=3)
        assert found.action == own, "the guide changed the bot's move"
        key, params = found.reason
        assert key.startswith("web.guide.reason.")
        rendered(key, params)
        if found.about is not None:
            about_key, about_params = found.about
            assert about_key.startswith(f"{game_id}.guide.")
            rendered(about_key, about_params)
        if found.plan is not None:
            # A whole move the table plays at a tap: legal as one plan, and the bot's own first step.
            assert found.plan[0] == found.action
            state.clone().apply_plan(found.plan, seat)


def test_a_toques_et_casques_suggestion_is_the_whole_move_of_the_horse_named_by_its_end() -> None:
    wholes = 0
    for state, seat in decisions("toques_et_casques", every=5, limit=8):
        if not state.plans(seat):
            continue
        found = guide(state, seat, make_bot("heuristic", "toques_et_casques"), random.Random(2))
        assert found.plan is not None
        ends = {p.actions for p in state.plans(seat)}
        assert found.plan in ends, "the suggestion is one of the ends the board offers"
        assert found.move is not None and found.move[0].startswith("toques_et_casques.guide.race.")
        rendered(*found.move, sentence=False)
        wholes += len(found.plan) > 1
    assert wholes, "no suggestion moved the horse more than one length"
