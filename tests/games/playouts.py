"""Random play for scenario tests: positions met along a seeded random game, a state played on."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, TypeVar

from hippodrome.bots import make_bot
from hippodrome.engine.bot import SeatView
from hippodrome.engine.game import Game, State

S = TypeVar("S", bound=State)


def play_randomly(state: State, rng: random.Random, moves: int) -> int:
    """Play up to ``moves`` random actions (chance drawn with ``rng`` too) on ``state``, stopping
    at the end of the game; how many were played."""
    played = 0
    while played < moves and not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            player = state.active_players()[0]
            state.apply_unchecked(rng.choice(list(state.legal_actions(player))), player)
        played += 1
    return played


def random_positions(state: S, seed: int, *, every: int, moves: int) -> Iterator[S]:
    """``state`` every ``every`` random moves along one game of at most ``moves`` (the same object,
    played on between two: copy it to keep a position)."""
    rng = random.Random(seed)
    for _ in range(moves // every):
        if play_randomly(state, rng, every) < every:
            return
        yield state


def searched_twice(game: Game[Any], game_id: str, spec: str, *, every: int, count: int) -> int:
    """Ask the bot ``spec`` (a search with an iteration budget) twice, from the same seed, for the
    move of each seat at positions of a random game of ``game`` until ``count`` moves are compared;
    each pair must be one legal move. How many were compared."""
    seen = 0
    for position in random_positions(game.new_initial_state(), 5, every=every, moves=40 * every):
        if position.is_chance_node() or position.is_terminal():
            continue
        kept = position.clone()
        for player in kept.active_players():
            view = SeatView(kept, player)
            first = make_bot(spec, game_id).choose(view, random.Random(9))
            again = make_bot(spec, game_id).choose(view, random.Random(9))
            assert first in kept.legal_actions(player) and first == again, (first, again)
            seen += 1
        if seen >= count:
            break
    return seen
