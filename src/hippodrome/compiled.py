"""The optional compiled build: which modules mypyc compiles, and which of them run compiled now.

The engine is plain, strictly typed Python and runs as such everywhere. Where a C compiler is
present, ``make compiled`` (``scripts/build_compiled.py``) copies the package to
``build/compiled/hippodrome`` and compiles the modules named here with mypyc, in place, into
extension modules; with ``build/compiled`` first on ``PYTHONPATH`` the same code then runs compiled
(``docs/engine.md``, "A compiled build"). :data:`MODULES` is the one list of those modules: the
engine's, named here, and each game's, named by its manifest (``GameInfo.compiled``), so that a new
game's package says which of its modules compile and nothing else lists them. The build script reads
it, ``hippodrome bench`` reports against it, and the tests that run a second time on the compiled
build check that every module in it really was loaded compiled.

A module compiles when mypyc accepts it and every class another module derives from at run time is
either compiled too or marked ``mypyc_attr(allow_interpreted_subclasses=True)``.
"""

from __future__ import annotations

import sys
from typing import Final

ENGINE_MODULES: Final = (
    "hippodrome.engine.events",
    "hippodrome.engine.actions",
    "hippodrome.engine.auction_events",
    "hippodrome.engine.pool_events",
    "hippodrome.engine.game",
    "hippodrome.engine.turnflow",
    "hippodrome.engine.auction",
)
"""The engine's modules the compiled build compiles."""


def _game_modules() -> tuple[str, ...]:
    """The modules each game's manifest names for the compiled build (``GameInfo.compiled``), in the
    catalogue's order: reading the manifests imports no game's rules."""
    from hippodrome.games import discover  # noqa: PLC0415 (the registry imports the engine)

    return tuple(name for info in discover().values() for name in info.compiled_modules())


MODULES: Final = ENGINE_MODULES + _game_modules()
"""The modules the compiled build compiles (dotted names), engine first, then each game's as its
manifest names them. Only the games of ``hippodrome.games`` (the registry's ``discover``): a game
registered later (a test's toy game) runs as Python."""

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
