"""A game played by a game's search hooks, every move and score checked: the helper of the games'
search-hook tests (``tests/games/*/test_*search.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SearchHooks
from hippodrome.engine.game import Game, State
from hippodrome.engine.types import Player

Visit = Callable[[State, Player, list[Action]], None]


def play_checked(
    game: Game[Any], hooks: SearchHooks, seed: int, *, wander: float, visit: Visit | None = None
) -> tuple[set[Any], int]:
    """A game where every seat plays the hooks' rollout policy, or now and then (``wander``) a
    random legal move: at each decision the policy's move must be legal, at every position the
    evaluation a share of the win for each seat (non-negative, summing to 1) or None. The phases
    where a seat decided, and how many positions the evaluation scored; ``visit`` sees each
    decision before it is played."""
    assert hooks.rollout is not None and hooks.evaluate is not None
    state = game.new_initial_state()
    rng = random.Random(seed)
    phases: set[Any] = set()
    scored = 0
    while not state.is_terminal():
        value = hooks.evaluate(state)
        if value is not None:
            scored += 1
            assert len(value) == game.num_players, f"{value} is not one share a seat"
            assert all(v >= 0.0 for v in value) and abs(sum(value) - 1.0) < 1e-9, value
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        for player in list(state.active_players()):
            phase = state.flow.phase  # type: ignore[attr-defined]
            phases.add(phase)
            legal = list(state.legal_actions(player))
            chosen = hooks.rollout(state, player, rng)
            assert chosen in legal, f"the policy chose {chosen} in {phase.name}"
            if visit is not None:
                visit(state, player, legal)
            state.apply(chosen if rng.random() >= wander else rng.choice(legal), player)
    return phases, scored
