"""The driver: play one game between seat controllers, sampling chance with an injected generator."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State

SeatController = Bot
"""A bot, or a human front end that answers like one."""


def seat_rngs(seed: int | None, players: int) -> tuple[random.Random, list[random.Random]]:
    """One generator for chance and one per seat, all derived from ``seed`` (reproducible)."""
    master = random.Random(seed)
    chance = random.Random(master.getrandbits(64))
    return chance, [random.Random(master.getrandbits(64)) for _ in range(players)]


def play_match(
    game: Game[Any],
    seats: Sequence[SeatController],
    *,
    seed: int | None = None,
    on_events: Callable[[State, list[Event]], None] | None = None,
    max_actions: int = 1_000_000,
) -> State:
    """Play ``game`` to the end; ``on_events`` sees every step's new events (for narration)."""
    if len(seats) != game.num_players:
        raise ValueError(f"{len(seats)} seats for a {game.num_players}-player game")
    chance_rng, rngs = seat_rngs(seed, game.num_players)
    state = game.new_initial_state()
    if on_events is not None:
        on_events(state, list(state.events))
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            events = state.apply(state.sample_chance(chance_rng))
        else:
            events = []
            for player in list(state.active_players()):
                action = seats[player].choose(SeatView(state, player), rngs[player])
                events += state.apply(action, player)
        if on_events is not None:
            on_events(state, events)
    raise RuntimeError(f"no end after {max_actions} actions")
