"""The optional compiled build (``hippodrome.compiled``, ``scripts/build_compiled.py``).

``make test`` runs the conformance suite, the golden records and this file a second time on the
compiled build, with ``HIPPODROME_EXPECT_COMPILED=1``: then every module of the list must have been
loaded from its extension module, or those runs would have tested the pure-Python source twice.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from hippodrome import compiled
from hippodrome.analysis import bench

SOURCE = Path(__file__).resolve().parents[2] / "src" / "hippodrome"


def test_every_module_of_the_compiled_build_is_a_module_of_the_package() -> None:
    for name in compiled.MODULES:
        assert name.startswith("hippodrome."), name
        source = SOURCE.joinpath(*name.split(".")[1:]).with_suffix(".py")
        assert source.is_file(), f"{name}: no {source.relative_to(SOURCE.parent)}"
        assert importlib.util.find_spec(name) is not None, name


def test_the_compiled_build_runs_when_it_is_expected() -> None:
    """With ``HIPPODROME_EXPECT_COMPILED`` set, a module imported from Python source fails the run
    (a stale or missing build, or ``PYTHONPATH`` not pointing at it)."""
    expected = os.environ.get(compiled.EXPECT_ENV, "") not in ("", "0")
    left = compiled.interpreted()
    if expected:
        assert left == [], f"expected compiled, but these run from Python source: {left}"
        assert bench.build() == "compiled"
        assert set(compiled.MODULES) <= set(bench.compiled_modules())
    else:
        assert bench.build() == ("pure Python" if left == list(compiled.MODULES) else "compiled")


def test_a_module_loaded_from_source_is_not_counted_as_compiled() -> None:
    assert not compiled.is_compiled(compiled)  # this very module is never compiled
    assert compiled.is_compiled(type("M", (), {"__file__": "/x/game.cpython-311-x86_64.so"})())
