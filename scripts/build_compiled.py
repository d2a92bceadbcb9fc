"""Build the optional compiled engine: ``build/compiled/hippodrome``, a copy of the package whose hot
modules (``hippodrome.compiled.MODULES``) mypyc compiles in place into extension modules.

``make compiled`` runs it; ``make test`` runs it when a C compiler is present and then runs the
conformance suite and the golden records a second time with ``PYTHONPATH=build/compiled``. The
sources stay plain Python: without a compiler nothing is built and everything runs interpreted.

The copy is rebuilt only when the sources changed (a digest of every file copied, the module list,
mypy's and Python's versions, kept in ``build/compiled/.digest``). Exit status: 0 built or up to
date, 1 the build failed, 2 no C compiler (with the reason printed; ``--if-possible`` makes that 0).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "hippodrome"
OUT = ROOT / "build" / "compiled"
OPT_LEVEL = "3"
"""mypyc's C optimisation level (``-O3``): level 1 compiles in about half the time for a third of
the speed-up (docs/engine.md, "A compiled build")."""


def modules() -> tuple[str, ...]:
    """The module list, read from the sources being built (``hippodrome.compiled.MODULES``: the
    engine's, then those each game's manifest names), in a fresh interpreter that imports them
    from ``src`` whatever this one has on its path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(SOURCE.parent)
    listed = subprocess.run(
        [sys.executable, "-c", "from hippodrome.compiled import MODULES; print(*MODULES)"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if listed.returncode != 0:
        raise RuntimeError(f"the module list could not be read: {listed.stderr[-2000:]}")
    return tuple(listed.stdout.split())


def compiler_missing() -> str | None:
    """Why nothing can be compiled here, or None when a C compiler and Python's headers are found."""
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on PATH)"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        return f"no Python headers ({include} is missing)"
    for needed in ("mypyc", "setuptools"):  # mypyc comes with mypy (the dev extra)
        if importlib.util.find_spec(needed) is None:
            return f"{needed} is not installed"
    return None


def _ignored(directory: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".so", ".pyd", ".c"))}


def digest(names: tuple[str, ...]) -> str:
    """A fingerprint of what the build makes: the sources, the module list, the tools' versions."""
    import mypy.version  # noqa: PLC0415

    h = hashlib.sha256()
    h.update(repr((names, OPT_LEVEL, sys.version, mypy.version.__version__)).encode())
    for path in sorted(SOURCE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            h.update(str(path.relative_to(SOURCE)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def build(*, force: bool, jobs: int) -> int:
    names = modules()
    stamp = OUT / ".digest"
    wanted = digest(names)
    if not force and stamp.is_file() and stamp.read_text() == wanted:
        print(f"compiled build up to date: {OUT.relative_to(ROOT)} ({len(names)} modules)")
        return 0
    start = time.monotonic()
    cpu = os.times()
    package = OUT / "hippodrome"
    if package.exists():
        shutil.rmtree(package)
    stamp.unlink(missing_ok=True)
    shutil.copytree(SOURCE, package, ignore=_ignored)
    for stale in OUT.glob("*.so"):  # the shared library of a former module list
        stale.unlink()
    paths = [name.replace(".", "/") + ".py" for name in names]
    # mypyc drives setuptools; run it in the copy, so that the extension modules land next to the
    # sources they replace and the mypy cache and C files stay under build/compiled.
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"ext = mypycify({['--config-file', '', '--strict', '--python-version', '3.11', *paths]!r},"
        f" opt_level={OPT_LEVEL!r}, multi_file=True)\n"
        f"setup(name='hippodrome-compiled', ext_modules=ext,"
        f" script_args=['build_ext', '--inplace', '-j', '{jobs}', '--build-temp', 'temp'])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=OUT, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        sys.stdout.write(result.stdout[-20000:])
        sys.stderr.write(result.stderr[-20000:])
        print("compiled build failed", file=sys.stderr)
        return 1
    stamp.write_text(wanted)
    used = os.times()
    child_cpu = (used.children_user + used.children_system) - (
        cpu.children_user + cpu.children_system
    )
    print(
        f"compiled build: {len(names)} modules in {OUT.relative_to(ROOT)}, "
        f"{time.monotonic() - start:.0f} s ({child_cpu:.0f} s of CPU)"
    )
    return 0


TESTS = (
    "tests/engine/test_compiled_build.py",
    "tests/engine/test_events.py",
    "tests/engine/test_actions.py",
    "tests/conformance",
    "tests/golden",
)
"""What ``--test`` runs on the compiled build: the check that it is the one loaded, the events' and
the actions' own behaviour (compiled, they are native classes), then every game's conformance suite
and golden records: the conformance suite's second run in ``make test``, kept whole where it plays
the compiled code."""

SAME_ON_BOTH: tuple[str, ...] = (
    "tests/conformance/test_packages.py",
    "tests/conformance/test_rules_sections.py",
    "tests/conformance/test_guide_texts.py",
    "tests/conformance/test_toy_game.py",
    "tests/conformance/test_player_texts.py",
    "tests/conformance/test_messages.py",
)
"""The files of the conformance suite left out of the compiled run: they check what no compiled
module changes (the packages' files, the rules texts and their sections, the guide's texts, the
catalogs' messages and the house style of what a player reads, which the catalogs decide; the toy
game, which is not compiled). The phases the texts cover come from playouts, which
``test_compiled_build.py`` checks the compiled build plays exactly as the source does."""


def run_tests(pytest_args: list[str]) -> int:
    """The tests of :data:`TESTS` on the compiled build (``PYTHONPATH=build/compiled``), with
    ``HIPPODROME_EXPECT_COMPILED=1``: a module of the list imported from source fails them."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(OUT), *filter(None, [env.get("PYTHONPATH", "")])])
    env["HIPPODROME_EXPECT_COMPILED"] = "1"
    print(f"on the compiled build: pytest {' '.join(TESTS)}", flush=True)
    ignored = [f"--ignore={path}" for path in SAME_ON_BOTH]
    command = [sys.executable, "-m", "pytest", *pytest_args, *ignored, *TESTS]
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument(
        "--if-possible",
        action="store_true",
        help="without a C compiler, say why and exit 0 (make test); not under CI",
    )
    parser.add_argument(
        "--test",
        action="store_true",
        help="then run the conformance suite and the golden records on the compiled build",
    )
    parser.add_argument("-j", "--jobs", type=int, default=2, help="C files compiled at once")
    args, pytest_args = parser.parse_known_args()
    missing = compiler_missing()
    if missing is not None:
        print(f"compiled build skipped: {missing}; everything runs as pure Python")
        in_ci = os.environ.get("CI", "") not in ("", "0", "false")
        sys.exit(0 if args.if_possible and not in_ci else 2)
    status = build(force=args.force, jobs=args.jobs)
    if status == 0 and args.test:
        status = run_tests(pytest_args)
    sys.exit(status)


if __name__ == "__main__":
    main()
