"""Every game ends within the length it declares, at its default options too (issue 32, point 10).

A game declares the most actions one game can take, chance outcomes included: its manifest's
``Traits.max_length`` under any option set and, for a game whose length depends much on its options,
each option set's own bound (``Game.max_length``); ``GameInfo.max_length`` gives the one for a game,
and the OpenSpiel adapter reports it as ``max_game_length``. Why each bound holds is written in the
game's rules document, or in ``docs/engine.md`` ("How long a game lasts").

Here a few random playouts of every registered game, at its default option set and at each of its
conformance option sets, are held to the bound of that option set, on seeds other than the rest of the
suite's. The long measurements (many playouts, the longest option sets) are
``scripts/game_lengths.py``'s, outside the suite.
"""

from __future__ import annotations

from typing import Any

import pytest

from hippodrome.bots import RandomBot, play_match
from hippodrome.games import entry, load_game, playable_ids

SEEDS = range(100, 104)
"""Random playouts per option set."""


def _cases() -> list[Any]:
    params = []
    for game_id in playable_ids():
        option_sets: list[dict[str, Any]] = [{}]
        option_sets += [o for o in entry(game_id).conformance_options() if o]
        for options in option_sets:
            label = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
            params.append(pytest.param(game_id, options, id=f"{game_id}-{label}"))
    return params


@pytest.mark.parametrize(("game_id", "options"), _cases())
def test_random_playouts_end_within_the_declared_length(
    game_id: str, options: dict[str, Any]
) -> None:
    info = entry(game_id)
    assert info.traits is not None, f"{game_id}: the manifest declares no traits"
    game = load_game(game_id, **options)
    where = f"{game_id} ({', '.join(f'{k}={v}' for k, v in options.items()) or 'default options'})"
    bound = info.max_length(game)
    assert 0 < bound <= info.traits.max_length < 2**31 - 1, (
        f"{where}: its own bound {bound} passes the manifest's max_length "
        f"{info.traits.max_length}, the most under any option set, or that passes OpenSpiel's "
        "C++ int"
    )
    for seed in SEEDS:
        try:
            state = play_match(
                game, [RandomBot() for _ in range(game.num_players)], seed=seed, max_actions=bound
            )
        except RuntimeError:
            pytest.fail(f"{where}, seed {seed}: no end after {bound} actions, the declared bound")
        assert state.is_terminal(), f"{where}, seed {seed}: the game is not over at the end"
        assert len(state.history) <= bound, (
            f"{where}, seed {seed}: {len(state.history)} actions, chance outcomes included, more "
            f"than the {bound} the game declares for these options"
        )
