"""Random play for scenario tests: positions met along a seeded random game, a state played on."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TypeVar

from hippodrome.engine.game import State

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
