"""Ascot, bad input (issue: « a clear error, nothing changed »): in random games, actions legal in
other moments of the game, or for other seats, are refused with a reason of their own (never the
generic one) and leave the state exactly as it was."""

from __future__ import annotations

import json
import random

import pytest

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot.rules import Ascot, AscotState


def fingerprint(state: AscotState) -> str:
    return json.dumps(
        [state.position_json(), [state.observation(p) for p in range(state.game.num_players)]],
        sort_keys=True,
    )


@pytest.mark.parametrize(("seed", "players"), [(11, 3), (12, 4), (13, 2)])
def test_foreign_actions_are_refused_with_a_reason_and_change_nothing(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    state = Ascot.from_options(players=players).new_initial_state()
    pool: list[Action] = []
    generic = 0
    tried = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
            continue
        seat = state.active_players()[0]
        legal = list(state.legal_actions(seat))
        pool.extend(rng.sample(legal, min(3, len(legal))))
        for foreign in rng.sample(pool, min(4, len(pool))):
            if foreign in legal:
                continue
            before = fingerprint(state)
            with pytest.raises(IllegalActionError) as err:
                state.apply(foreign, seat)
            tried += 1
            generic += err.value.key == "error.illegal_action"
            assert fingerprint(state) == before, foreign
        action = legal[0] if rng.random() < 0.5 else rng.choice(legal[:8])
        state.apply(action, seat)
    assert tried > 100
    assert generic == 0, f"{generic} of {tried} refusals gave no reason of their own"
