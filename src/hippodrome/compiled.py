"""The optional compiled build: which modules mypyc compiles, and which of them run compiled now.

The engine is plain, strictly typed Python and runs as such everywhere. Where a C compiler is
present, ``make compiled`` (``scripts/build_compiled.py``) copies the package to
``build/compiled/hippodrome`` and compiles the modules named here with mypyc, in place, into
extension modules; with ``build/compiled`` first on ``PYTHONPATH`` the same code then runs compiled
(``docs/engine.md``, "A compiled build"). This list is the one place that says which modules those
are: the build script reads it, ``hippodrome bench`` reports against it, and the tests that run a
second time on the compiled build check that every module in it really was loaded compiled.

A module compiles when mypyc accepts it and every class another module derives from at run time is
either compiled too or marked ``mypyc_attr(allow_interpreted_subclasses=True)``.
"""

from __future__ import annotations

import sys
from typing import Final

MODULES: Final = (
    "hippodrome.engine.events",
    "hippodrome.engine.actions",
    "hippodrome.engine.auction_events",
    "hippodrome.engine.pool_events",
    "hippodrome.engine.game",
    "hippodrome.engine.turnflow",
    "hippodrome.engine.auction",
    "hippodrome.games.royal_turf.actions",
    "hippodrome.games.royal_turf.events",
    "hippodrome.games.royal_turf.rules",
    "hippodrome.games.win_place_show.actions",
    "hippodrome.games.win_place_show.events",
    "hippodrome.games.win_place_show.race",
    "hippodrome.games.win_place_show.rules",
    "hippodrome.games.ascot.actions",
    "hippodrome.games.ascot.events",
    "hippodrome.games.ascot.rules",
    "hippodrome.games.royal_steeple_chase.board",
    "hippodrome.games.royal_steeple_chase.core",
    "hippodrome.games.royal_steeple_chase.incidents",
    "hippodrome.games.royal_steeple_chase.race",
    "hippodrome.games.royal_steeple_chase.deal",
    "hippodrome.games.royal_steeple_chase.actions",
    "hippodrome.games.royal_steeple_chase.events",
    "hippodrome.games.royal_steeple_chase.rules",
    "hippodrome.games.toques_et_casques.actions",
    "hippodrome.games.toques_et_casques.events",
    "hippodrome.games.toques_et_casques.rules",
)
"""The modules the compiled build compiles (dotted names), engine first."""

EXPECT_ENV: Final = "HIPPODROME_EXPECT_COMPILED"
"""Set (to 1) by ``make test`` when it runs the tests a second time on the compiled build: the
tests then fail if any module of :data:`MODULES` was imported from its Python source."""


def is_compiled(module: object) -> bool:
    """Whether ``module`` was loaded from an extension module rather than Python source."""
    name = str(getattr(module, "__file__", "") or "")
    return bool(name) and not name.endswith((".py", ".pyc"))


def interpreted() -> list[str]:
    """The modules of :data:`MODULES` that run from their Python source (imported here first)."""
    for name in MODULES:
        __import__(name)
    return [name for name in MODULES if not is_compiled(sys.modules[name])]


def build() -> str:
    """``compiled`` when every module of :data:`MODULES` runs compiled, ``pure Python`` when none
    does, ``partly compiled`` otherwise (a build older than the list)."""
    left = interpreted()
    if not left:
        return "compiled"
    return "pure Python" if len(left) == len(MODULES) else "partly compiled"
