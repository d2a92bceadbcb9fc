"""Engine speed: random playouts on the fast path (``apply_unchecked``), chance outcomes counted."""

from __future__ import annotations

import random
import time
from typing import Any

from hippodrome.engine.game import Game
from hippodrome.engine.types import JSONObject


def random_playouts(game: Game[Any], *, seconds: float, seed: int = 0) -> JSONObject:
    """Play uniformly random games for about ``seconds`` and count what was done."""
    rng = random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    choice = rng.choice
    while True:
        state = game.new_initial_state()
        is_terminal, is_chance_node = state.is_terminal, state.is_chance_node
        sample_chance, legal_actions = state.sample_chance, state.legal_actions
        apply_unchecked, active_players = state.apply_unchecked, state.active_players
        while not is_terminal():
            if is_chance_node():
                apply_unchecked(sample_chance(rng))
                actions += 1
                continue
            active = active_players()
            if len(active) == 1:
                apply_unchecked(choice(legal_actions()))
                actions += 1
                continue
            for player in active:  # secret simultaneous choices: each seat once
                apply_unchecked(choice(legal_actions(player)), player)
                actions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "game": game.id,
        "options": game.options.to_json(),
        "seconds": elapsed,
        "games": games,
        "actions": actions,
        "actions_per_second": actions / elapsed,
        "games_per_second": games / elapsed,
    }
