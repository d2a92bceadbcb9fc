"""Ascot's search hooks (``search.py``): the rollout policy plays legal moves in every phase and
finishes games, and the search with it plays the same move from the same seed."""

from __future__ import annotations

import random

from tests.games.playouts import searched_twice

from hippodrome.bots import make_bot
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.engine.bot import SeatView
from hippodrome.games import entry, load_game
from hippodrome.games.ascot.rules import AscotState, Phase
from hippodrome.games.ascot.search import HOOKS, rollout

OPTIONS = ({"players": 2}, {"players": 3, "place_bets": True}, {"players": 6})


def test_the_manifest_lends_the_policy_to_the_search_unproven() -> None:
    hooks = entry("ascot").search_hooks()
    assert hooks is HOOKS and hooks.rollout is rollout and hooks.evaluate is None
    assert not hooks.proven
    bot = make_bot("ismcts:5it", "ascot")
    assert isinstance(bot, ISMCTSBot) and bot.rollout is rollout


def test_the_policy_plays_a_legal_move_on_random_positions_of_every_phase() -> None:
    """Random games end in the market (random owners enter no runners), so the positions come from
    games where each move is random or the policy's, at random: they reach the race too."""
    phases: set[Phase] = set()
    checked = 0
    for seed, options in enumerate(OPTIONS):
        for start in range(3):
            state = load_game("ascot", **options).new_initial_state()
            rng = random.Random(10 * seed + start)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                assert isinstance(state, AscotState)
                phases.add(state.phase)
                for player in list(state.active_players()):
                    legal = state.legal_actions(player)
                    action = rollout(state, player, rng)
                    assert action in legal, (state.phase, action)
                    checked += 1
                    state.apply(action if rng.random() < 0.7 else rng.choice(legal), player)
    assert checked > 300
    assert {Phase.AUCTION, Phase.TRAINING, Phase.RUNNERS, Phase.BETTING, Phase.MOVE} <= phases


def test_the_policy_plays_whole_games_as_the_heuristic_does() -> None:
    for seed, options in enumerate(OPTIONS):
        game = load_game("ascot", **options)
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                action = rollout(state, player, rng)
                guide = entry("ascot").heuristic_class()()
                assert isinstance(state, AscotState)
                if state.phase is not Phase.PLACES:
                    assert action == guide.choose(SeatView(state, player), rng), state.phase
                state.apply(action, player)
        assert len(state.returns()) == game.num_players


def test_the_search_with_the_policy_plays_the_same_move_from_the_same_seed() -> None:
    game = load_game("ascot", players=3)
    assert searched_twice(game, "ascot", "ismcts:6it", every=25, count=3) >= 3
