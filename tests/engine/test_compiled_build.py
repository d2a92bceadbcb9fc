"""The optional compiled build (``hippodrome.compiled``, ``scripts/build_compiled.py``).

``make test`` runs the conformance suite, the golden records and this file a second time on the
compiled build, with ``HIPPODROME_EXPECT_COMPILED=1``: then every module of the list must have been
loaded from its extension module, or those runs would have tested the pure-Python source twice.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hippodrome import compiled
from hippodrome.analysis import bench
from hippodrome.games import CATALOGUE

SOURCE = Path(__file__).resolve().parents[2] / "src" / "hippodrome"


def test_every_module_of_the_compiled_build_is_a_module_of_the_package() -> None:
    for name in compiled.MODULES:
        assert name.startswith("hippodrome."), name
        source = SOURCE.joinpath(*name.split(".")[1:]).with_suffix(".py")
        assert source.is_file(), f"{name}: no {source.relative_to(SOURCE.parent)}"
        assert importlib.util.find_spec(name) is not None, name


def test_the_list_is_the_engine_s_modules_then_those_each_game_s_manifest_names() -> None:
    """No hand list of a game's modules: a game's manifest says which compile (``GameInfo.compiled``),
    and the build script reads the list from the sources it builds."""
    games = [info for info in CATALOGUE.values() if info.package.startswith("hippodrome.games.")]
    named = tuple(name for info in games for name in info.compiled_modules())
    assert compiled.ENGINE_MODULES + named == compiled.MODULES
    spec = importlib.util.spec_from_file_location(
        "build_compiled", SOURCE.parents[1] / "scripts" / "build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.modules() == compiled.MODULES


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


def test_a_wheel_carries_the_compiled_build_where_it_is_made(tmp_path: Path) -> None:
    """``hatch_build.py``: a wheel built from the source holds an extension module for every module
    of the list (beside its source), and runs compiled once installed; asked for a pure wheel
    (``HIPPODROME_PURE``, as without a C compiler) it holds none and runs as Python. On the compiled
    run the build in ``build/compiled`` is up to date, and the wheel reuses it."""
    expected = os.environ.get(compiled.EXPECT_ENV, "") not in ("", "0")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", compiled.EXPECT_ENV)}
    if not expected:
        env["HIPPODROME_PURE"] = "1"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    made = subprocess.run(
        [*command, "-w", str(tmp_path / "wheel"), str(SOURCE.parents[1])],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
    (wheel,) = (tmp_path / "wheel").glob("hippodrome-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "installed")
    extensions = {n.split(".")[0].replace("/", ".") for n in names if n.endswith(".so")}
    if expected:
        assert set(compiled.MODULES) <= extensions, set(compiled.MODULES) - extensions
        assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name
    else:
        assert extensions == set(), extensions
        assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    sources = {n for n in names if n.endswith(".py")}
    for name in compiled.MODULES:
        assert name.replace(".", "/") + ".py" in sources, f"{name}: its source is in the wheel"
    ran = subprocess.run(
        [sys.executable, "-c", "from hippodrome.compiled import build; print(build())"],
        env={**env, "PYTHONPATH": str(tmp_path / "installed")},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    assert ran.stdout.strip() == ("compiled" if expected else "pure Python")


def test_the_compiled_build_plays_the_same_games_as_the_source() -> None:
    """Seeded random games under every conformance option set (``scripts/game_digest.py``): the
    compiled build offers the same actions, draws the same chances and tells the same events as the
    Python source, game for game. (A compiled class reads its own class attribute past an
    interpreted subclass's: Royal Steeple Chase's improvised camps once dealt a spread.)"""
    if os.environ.get(compiled.EXPECT_ENV, "") in ("", "0"):
        pytest.skip("compares the compiled build with the source: runs on the compiled build")
    script = str(SOURCE.parents[1] / "scripts" / "game_digest.py")

    def played(pythonpath: str) -> list[str]:
        env = {**os.environ, "PYTHONPATH": pythonpath}
        done = subprocess.run(
            [sys.executable, script, "--seeds", "2"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout.splitlines()

    source = played(str(SOURCE.parent))
    build = played(os.environ.get("PYTHONPATH", ""))
    assert len(source) == len(build) > 0
    assert [line for line in build if line not in source] == []
