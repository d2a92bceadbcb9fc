"""Win, Place & Show's search hooks (``search.py``): the rollout policy plays legal moves in every
phase, the evaluation scores only the start of a race with a share of the win per seat, and the
search with them plays the same move from the same seed."""

from __future__ import annotations

import random

from tests.games.playouts import random_positions, searched_twice

from hippodrome.bots import make_bot
from hippodrome.bots.base import bot_label
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.games import entry, load_game
from hippodrome.games.win_place_show.phases import Phase
from hippodrome.games.win_place_show.rules import WinPlaceShowState
from hippodrome.games.win_place_show.search import HOOKS, evaluate, rollout

OPTIONS = (
    {"players": 2},
    {"players": 4},
    {"players": 6, "quick": True},
    {"players": 3, "quick": True},
)


def test_the_manifest_lends_the_hooks_to_the_search_proven_by_its_benchmark() -> None:
    hooks = entry("win_place_show").search_hooks()
    assert hooks is HOOKS and hooks.rollout is rollout and hooks.evaluate is evaluate
    assert hooks.proven  # docs/analysis/bots.md: 400 games at 200 ms a move
    assert bot_label("ismcts", "win_place_show") == "web.bot.ismcts_hard"
    bot = make_bot("ismcts:5it", "win_place_show")
    assert isinstance(bot, ISMCTSBot) and bot.rollout is rollout and bot.evaluate is evaluate


def test_the_policy_plays_a_legal_move_on_random_positions_of_every_phase() -> None:
    phases: set[Phase] = set()
    checked = 0
    for seed, options in enumerate(OPTIONS):
        state = load_game("win_place_show", **options).new_initial_state()
        rng = random.Random(seed)
        for position in random_positions(state, seed, every=7, moves=2_000):
            assert isinstance(position, WinPlaceShowState)
            if position.is_chance_node() or position.is_terminal():
                continue
            for player in position.active_players():
                action = rollout(position, player, rng)
                assert action in position.legal_actions(player), (position.flow.phase, action)
                checked += 1
            phases.add(position.flow.phase)
    assert checked > 200
    assert {Phase.SHEET, Phase.BETTING, Phase.RIDING} <= phases


def test_the_policy_plays_whole_games_and_the_evaluation_scores_each_race_s_start() -> None:
    for seed, options in enumerate(OPTIONS):
        game = load_game("win_place_show", **options)
        state = game.new_initial_state()
        rng = random.Random(seed)
        scored: list[int] = []
        while not state.is_terminal():
            value = evaluate(state)
            if value is not None:
                assert isinstance(state, WinPlaceShowState)
                assert len(value) == game.num_players
                assert all(v >= 0.0 for v in value) and abs(sum(value) - 1.0) < 1e-9
                # The richest seat is the likeliest winner.
                assert value.index(max(value)) == state.money_.index(max(state.money_))
                scored.append(state.race_index)
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                state.apply(rollout(state, player, rng), player)
        # Once at the start of each race after the first, before anything of it is written.
        assert sorted(set(scored)) == [1, 2, 3, 4, 5] and len(scored) == 5, (options, scored)


def test_the_evaluation_waits_for_the_race_to_be_run() -> None:
    state = load_game("win_place_show", players=2).new_initial_state()
    assert evaluate(state) is None  # the first race: nothing played yet to score
    rng = random.Random(4)
    while isinstance(state, WinPlaceShowState) and state.race_index == 0:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        assert evaluate(state) is None
        for player in list(state.active_players()):
            state.apply(rollout(state, player, rng), player)
    assert evaluate(state) is not None
    # Once a seat has written something for the race called, the race is to be run first.
    player = next(iter(state.active_players()))
    state.apply(rollout(state, player, rng), player)
    assert evaluate(state) is None


def test_the_search_with_the_hooks_plays_the_same_move_from_the_same_seed() -> None:
    game = load_game("win_place_show", players=3)
    assert searched_twice(game, "win_place_show", "ismcts:8it", every=40, count=4) >= 4
