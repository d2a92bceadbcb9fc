"""What one test run covers, as ``tests/conftest.py`` sets it from the command line.

- **The fast tier** (``pytest --fast``, ``make test-fast``): the conformance suite plays only the
  first option set each game's manifest lists (``GameInfo.conformance``), from one seed, and the
  tests marked ``slow`` are left out. ``make test`` runs everything.
- **Games from outside** ``hippodrome.games`` (``pytest --game PACKAGE=ROOT``): the package is added
  to the catalogue for the run (``hippodrome.games.register``), and the pieces a game keeps outside
  its package (``docs/rules/<id>.md``, ``tests/golden/<id>/``, ``tests/games/<id>/``) are looked for
  under ``ROOT`` (``tests/conformance/test_toy_game.py`` runs the conformance suite on the toy game
  so).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TypeVar

import pytest

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[1]
"""The repository's root: where the games of ``hippodrome.games`` keep their other pieces."""

FAST = False
"""Whether this run is the fast tier (``--fast``)."""

ROOTS: dict[str, Path] = {}
"""The root of each game registered with ``--game``, by id."""


def repository(game_id: str) -> Path:
    """Where ``game_id`` keeps its rules document, golden records and scenario tests."""
    return ROOTS.get(game_id, REPO)


def tier(options: list[T]) -> list[T]:
    """The option sets (or seeds) a run plays of those listed: the first alone in the fast tier."""
    return options[:1] if FAST else options


def requires(module: str, extra: str) -> ModuleType:
    """``module``, or the test skipped with the extra that installs it (``pip install -e
    '.[dev]'`` alone runs every test but those, each skipped with its reason)."""
    reason = f"{module} is not installed: pip install -e '.[{extra}]' to run this test"
    found: ModuleType = pytest.importorskip(module, reason=reason)
    return found
