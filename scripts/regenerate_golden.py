"""Regenerate the golden game records in ``tests/golden/`` (DESIGN.md, "Tests, in layers", 3).

Run it (``make golden``) only after a deliberate change of a game's rules, with that game's
``rules_version`` bumped; then review the diff of ``tests/golden/`` and commit it with the rule change.
This script is the only way those files are made: never edit them by hand.

The golden games are declared in each game's manifest (``GameInfo.golden``, in
``hippodrome/games/<id>/manifest.py``). Each is played with ``hippodrome.bots.play_match`` from a
fixed seed and written as two files: ``tests/golden/<game>/<name>.json``, the game record (seats, every action with chance
outcomes, the result), and ``<name>.final.json``, the final state's ``to_json()``.
``tests/golden/test_golden.py`` replays every record and compares both, and plays every golden game
again with its bots to check that it still makes the same record: after a change of a bot (its
moves, not the rules), run this script too, and the test says so.

The script refuses to overwrite the records of a game whose ``rules_version`` has not changed but
whose records no longer replay to the same end: that is a rule change without the version bump.
``--force`` overrides it (say, to fix a record made by a bug in this script).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hippodrome.bots.golden import play_golden
from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.record import GameRecord
from hippodrome.games import CATALOGUE, GoldenSpec, load_game, replay_record

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
RECORD_SUFFIX = ".json"
FINAL_SUFFIX = ".final.json"


@dataclass(frozen=True)
class Golden:
    """One golden game: which game, and its spec from the game's manifest (``GameInfo.golden``)."""

    game: str
    spec: GoldenSpec

    @property
    def name(self) -> str:
        return self.spec.name


GOLDEN: tuple[Golden, ...] = tuple(
    Golden(info.id, spec) for info in CATALOGUE.values() for spec in info.golden
)
"""Every golden game of every registered game, as its manifest declares them."""


def dumps(data: Any) -> str:
    """The one layout of every golden file (the record's own: ``GameRecord.dumps``)."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def play(golden: Golden) -> tuple[GameRecord, dict[str, Any]]:
    """The record and the final state of one golden game (``hippodrome.bots.golden``, which the
    golden test plays again)."""
    record, final = play_golden(golden.game, golden.spec)
    return record, final.to_json()


def stale_records(game_id: str) -> list[str]:
    """The records of ``game_id`` made under the current ``rules_version`` that no longer replay to
    their stored end (empty when the rules did not change, or when the version was bumped)."""
    folder = GOLDEN_DIR / game_id
    current = load_game(game_id).rules_version
    stale = []
    for path in sorted(folder.glob(f"*{RECORD_SUFFIX}")):
        if path.name.endswith(FINAL_SUFFIX):
            continue
        final_path = path.with_name(path.name.removesuffix(RECORD_SUFFIX) + FINAL_SUFFIX)
        try:
            record = GameRecord.load(path)
            if record.rules_version != current:
                continue
            state = replay_record(record)
            stored = json.loads(final_path.read_text(encoding="utf-8"))
        except (HippodromeError, OSError, ValueError):
            stale.append(path.name)
            continue
        if state.to_json() != stored:
            stale.append(path.name)
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--force",
        action="store_true",
        help="rewrite even the records that changed under an unchanged rules_version",
    )
    args = parser.parse_args(argv)

    games = sorted({g.game for g in GOLDEN})
    if not args.force:
        for game_id in games:
            stale = stale_records(game_id)
            if stale:
                version = load_game(game_id).rules_version
                print(
                    f"{game_id}: {', '.join(stale)} no longer replay to their stored end under "
                    f"rules_version {version}. Bump rules_version if the rules changed on "
                    "purpose (or pass --force).",
                    file=sys.stderr,
                )
                return 1

    for game_id in games:
        folder = GOLDEN_DIR / game_id
        folder.mkdir(parents=True, exist_ok=True)
        # Start from nothing, so a game taken off the list leaves no file behind.
        for old in folder.glob("*.json"):
            old.unlink()
    for golden in GOLDEN:
        record, final = play(golden)
        folder = GOLDEN_DIR / golden.game
        record.save(folder / f"{golden.name}{RECORD_SUFFIX}")
        (folder / f"{golden.name}{FINAL_SUFFIX}").write_text(dumps(final), encoding="utf-8")
        print(f"{golden.game}/{golden.name}: {len(record.moves)} actions, result {record.result}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
