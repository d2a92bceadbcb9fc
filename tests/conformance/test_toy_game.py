"""A sixth game costs one package: the conformance suite passes on a toy game written from
``docs/adding-a-game.md`` alone (``tests/toy_game``).

The toy game is not in the catalogue of this run: the lobby, the command, the golden records and the
screenshots never see it. This test runs the whole conformance suite (``tests/conformance``) in a
test session of its own, which registers the toy package the way the guide says a game is
registered (``hippodrome.games.register``, through ``pytest --game PACKAGE=ROOT``, the toy
repository's root holding its rules document, golden records and scenario tests), and keeps the
suite's tests of the toy game (``-k toy_race``): each must pass, none may be skipped, and every
file of the suite must have run some.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from tests import suite
from tests.toy_game import PACKAGE, ROOT

from hippodrome.engine.i18n import text
from hippodrome.games import CATALOGUE, load_game, playable_ids, register, registered, unregister

GAME = PACKAGE.rsplit(".", 1)[-1]
SUITE = Path(__file__).resolve().parent


def test_the_toy_game_passes_the_whole_conformance_suite(tmp_path: Path) -> None:
    if GAME in suite.ROOTS:
        pytest.skip("this is the session that runs the suite on the toy game")
    report = tmp_path / "report.xml"
    command = [
        sys.executable,
        "-m",
        "pytest",
        str(SUITE),
        "-q",
        "-p",
        "no:cacheprovider",
        "--game",
        f"{PACKAGE}={ROOT}",
        "-k",
        GAME,
        f"--junitxml={report}",
        *(["--fast"] if suite.FAST else []),
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    ran = subprocess.run(
        command, cwd=suite.REPO, env=env, capture_output=True, text=True, check=False
    )
    output = ran.stdout[-6000:] + ran.stderr[-3000:]
    assert ran.returncode == 0, f"the conformance suite failed on the toy game:\n{output}"
    cases = ET.parse(report).getroot().iter("testcase")
    outcomes = {
        f"{case.get('classname')}::{case.get('name')}": [child.tag for child in case]
        for case in cases
    }
    assert outcomes, output
    assert all(GAME in name for name in outcomes), sorted(outcomes)
    not_passed = {name: tags for name, tags in outcomes.items() if tags}
    assert not not_passed, f"skipped or failed on the toy game: {not_passed}\n{output}"
    files = {p.stem for p in SUITE.glob("test_*.py")} - {Path(__file__).stem}
    covered = {name.split("::")[0].rsplit(".", 1)[-1] for name in outcomes}
    assert files <= covered, f"no test of {sorted(files - covered)} ran on the toy game"


def test_the_toy_game_joins_the_catalogue_for_a_block_only() -> None:
    """``hippodrome.games.registered``: the lobby's list, the command's and the texts have the toy
    game inside the block and lose it after; a game of ``hippodrome.games`` is not taken out."""
    if GAME in suite.ROOTS:
        pytest.skip("the toy game is registered for this whole session (pytest --game)")
    before = list(CATALOGUE)
    assert GAME not in before
    with registered(PACKAGE) as info:
        assert info.id == GAME and GAME in playable_ids()
        assert list(CATALOGUE)[: len(before)] == before, "the others keep their order"
        assert text(f"{GAME}.horse_moved", "fr") is not None
        assert load_game(GAME, players=3).num_players == 3
        with pytest.raises(ValueError, match="already"):
            register(PACKAGE)
    assert list(CATALOGUE) == before
    assert text(f"{GAME}.horse_moved", "fr") is None
    with pytest.raises(ValueError, match="not one registered"):
        unregister("royal_turf")
