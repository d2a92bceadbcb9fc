"""The options of the whole test suite (``tests/suite.py``): its fast tier, and games registered
from outside ``hippodrome.games`` for one run."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippodrome.games import register
from tests import suite


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("hippodrome")
    group.addoption(
        "--fast",
        action="store_true",
        default=False,
        help="the fast tier (make test-fast): the conformance suite plays one option set of each "
        "game from one seed, and the tests marked slow are left out",
    )
    group.addoption(
        "--game",
        action="append",
        default=[],
        metavar="PACKAGE[=ROOT]",
        help="add the game package PACKAGE (outside hippodrome.games) to the catalogue for this "
        "run; its rules document, golden records and scenario tests lie under ROOT (default: "
        "this repository)",
    )


def pytest_configure(config: pytest.Config) -> None:
    suite.FAST = bool(config.getoption("fast"))
    for spec in config.getoption("game"):
        package, _, root = spec.partition("=")
        info = register(package)
        suite.ROOTS[info.id] = Path(root).resolve() if root else suite.REPO


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not suite.FAST:
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]
