"""The golden games played by their bots (DESIGN.md, "Tests, in layers", 3).

A golden game (``GameInfo.golden`` in a game's manifest) is a fixed set of bots, options and seed.
``scripts/regenerate_golden.py`` plays it to write ``tests/golden/<game>/<name>.json``, and
``tests/golden/test_golden.py`` plays it again to check that the stored record is still the one
its bots make: a change of the rules or of a bot shows there, not only one that breaks the replay.
"""

from __future__ import annotations

from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.game import State
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.registry import GoldenSpec
from hippodrome.games import load_game


def record_id(game_id: str, spec: GoldenSpec) -> str:
    """The id a golden record carries (``golden/<game>/<name>``)."""
    return f"golden/{game_id}/{spec.name}"


def play_golden(game_id: str, spec: GoldenSpec) -> tuple[GameRecord, State]:
    """The record and the final state of the golden game ``spec`` of ``game_id``, played by its
    bots from its seed."""
    game = load_game(game_id, **spec.options)
    bots = [make_bot(kind, game_id) for kind in spec.seats]
    final: State = play_match(game, bots, seed=spec.seed)
    seats = [Seat(f"{kind} {p}", kind) for p, kind in enumerate(spec.seats)]
    record = GameRecord.from_state(final, seats, record_id=record_id(game_id, spec))
    return record, final
