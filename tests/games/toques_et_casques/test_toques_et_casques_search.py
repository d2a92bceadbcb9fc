"""Toques et Casques' search hooks (``games/toques_et_casques/search.py``): the rollout policy plays a
legal step in every phase, the evaluation gives each seat a share of the win or waits, and the search
that uses them plays the same move from the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.hooks import play_checked

from hippodrome.bots import make_bot
from hippodrome.bots.base import bot_label
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.engine.bot import SeatView
from hippodrome.games import entry, load_game
from hippodrome.games.toques_et_casques.rules import Phase, Status, ToquesState
from hippodrome.games.toques_et_casques.search import HOOKS, evaluate, rollout

OPTIONS = [*entry("toques_et_casques").conformance_options()]


def _play(options: dict[str, Any], seed: int) -> tuple[set[Phase], int]:
    """A game of the policy's steps and random ones, each checked (``play_checked``)."""
    return play_checked(load_game("toques_et_casques", **options), HOOKS, seed, wander=0.3)


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items())
)
def test_the_policy_plays_legal_steps_and_the_evaluation_scores_as_returns(
    options: dict[str, Any],
) -> None:
    phases, scored = _play(options, seed=1)
    assert Phase.RACE in phases
    assert scored > 5, f"{options}: the evaluation scored {scored} positions of a whole race"


def test_the_policy_meets_the_steward_and_a_hurdle_to_move() -> None:
    # 07-03: the steward reviews every move; 13-02: a hurdle everyone has passed may be moved.
    steward = {"players": 3, "category": "D", "steward": True}
    seen: set[Phase] = set()
    for seed in range(3):
        seen |= _play(steward, seed)[0]
    assert {Phase.RACE, Phase.REVIEW, Phase.RELOCATE} <= seen, seen


def test_the_policy_hardly_ever_ends_a_move_on_an_obstacle_it_could_avoid() -> None:
    """04-01: a move ending on an obstacle is a fall. Ten category D races played by the policy:
    of the moves that had a safe end (the engine's plans say so), at most one falls (the policy
    looks no further than the cells straight ahead: a horse met on the way can still trap it)."""
    game = load_game("toques_et_casques", players=2, category="D")
    falls = avoidable = 0
    for seed in range(10):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            assert isinstance(state, ToquesState)
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            player = state.active_players()[0]
            start = state.phase is Phase.RACE and state.points == state.rolled > 0
            if start and any(plan.warning is None for plan in state.plans(player)):
                avoidable += 1
                horse = state.current
                while state.phase is Phase.RACE and state.current == horse and state.points > 0:
                    state.apply(rollout(state, player, rng), player)
                falls += state.status[horse] is Status.FALLEN
                continue
            state.apply(rollout(state, player, rng), player)
    assert avoidable > 100
    assert falls <= 1, f"{falls} falls in {avoidable} moves that had a safe end"


def test_the_evaluation_waits_for_a_horse_about_to_roll() -> None:
    state = load_game("toques_et_casques", players=3).new_initial_state()
    assert isinstance(state, ToquesState)
    rng = random.Random(2)
    while not (state.phase is Phase.RACE and state.points > 0):
        state.apply(state.sample_chance(rng))
    assert evaluate(state) is None, "a horse with points to play: the move is not over"
    while state.points > 0:
        state.apply(rollout(state, state.active_players()[0], rng), state.active_players()[0])
    assert state.points < 0 and state.is_chance_node()
    value = evaluate(state)
    assert value is not None and len(value) == 3


def test_the_search_uses_the_hooks_and_plays_the_same_move_from_the_same_seed() -> None:
    assert entry("toques_et_casques").search_hooks() is HOOKS
    assert HOOKS.proven  # docs/analysis/bots.md: 54.4% of 800 games at 200 ms a move
    assert bot_label("ismcts", "toques_et_casques") == "web.bot.ismcts_hard"
    state = load_game("toques_et_casques", players=2).new_initial_state()
    rng = random.Random(4)
    asked = 0
    while asked < 4:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        player = state.active_players()[0]
        view = SeatView(state, player)
        if len(state.legal_actions(player)) > 1:
            bot = make_bot("ismcts:30it", "toques_et_casques")
            assert isinstance(bot, ISMCTSBot) and bot.rollout is rollout
            assert bot.evaluate is evaluate and bot.rollout_depth == HOOKS.depth
            first = bot.choose(view, random.Random(asked))
            again = make_bot("ismcts:30it", "toques_et_casques").choose(view, random.Random(asked))
            assert first == again and first in state.legal_actions(player)
            asked += 1
        state.apply(rollout(state, player, rng), player)


def test_everything_is_on_the_table() -> None:
    """The hooks read the determinization, which in this game is the state itself: no secret."""
    state = load_game("toques_et_casques", players=4).new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rollout(state, state.active_players()[0], rng), state.active_players()[0])
    assert not state.has_hidden_information()
    other = state.resample_for(0, random.Random(1))
    assert other.to_json() == state.to_json()
