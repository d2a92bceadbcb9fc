"""Every registered game is one complete package (``docs/adding-a-game.md``).

``hippodrome.games.checklist.missing_pieces`` is the checklist as a function. It runs here over every
registered playable game, and over manifests broken on purpose, to show that it names a missing piece.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from tests import suite

from hippodrome.engine.registry import GameInfo, Pieces, RulesTexts
from hippodrome.games import CATALOGUE, entry, playable_ids
from hippodrome.games import checklist as c
from hippodrome.games.checklist import missing_pieces

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_playable_game_has_every_piece_of_the_checklist(game_id: str) -> None:
    problems = missing_pieces(entry(game_id), suite.repository(game_id))
    assert not problems, "pieces missing or broken:\n" + "\n".join(problems)


def test_every_game_package_holds_a_manifest_and_the_planned_ones_nothing_playable() -> None:
    packages = sorted(
        p.parent.name for p in (REPO / "src" / "hippodrome" / "games").glob("*/__init__.py")
    )
    own = [i.id for i in CATALOGUE.values() if i.package.startswith("hippodrome.games.")]
    assert sorted(own) == packages
    for info in CATALOGUE.values():
        if not info.is_playable:
            assert info.pieces is None, f"{info.id} is planned yet names its pieces"


def test_the_browser_texts_of_the_shared_web_catalog_name_no_game() -> None:
    shared = json.loads((REPO / "src" / "hippodrome" / "web" / "locale" / "en.json").read_text())
    for game_id in CATALOGUE:
        moved = [k for k in shared if k.startswith(f"web.{game_id}.")]
        assert not moved, f"{moved[:3]}: belong in games/{game_id}/web/locale"


def _royal_turf() -> GameInfo:
    return entry("royal_turf")


def _pieces(**changes: str) -> Pieces:
    pieces = _royal_turf().pieces
    assert pieces is not None
    return dataclasses.replace(pieces, **changes)


@pytest.mark.parametrize(
    ("broken", "piece"),
    [
        (dataclasses.replace(_royal_turf(), traits=None), c.MANIFEST),
        (dataclasses.replace(_royal_turf(), titles={"en": "Royal Turf"}), c.MANIFEST),
        (dataclasses.replace(_royal_turf(), players=(2, 5)), c.GAME_CLASS),
        (dataclasses.replace(_royal_turf(), pieces=_pieces(game="rules:Nothing")), c.GAME_CLASS),
        (
            dataclasses.replace(_royal_turf(), pieces=_pieces(heuristic="bot:Heuristic")),
            c.HEURISTIC,
        ),
        (
            dataclasses.replace(_royal_turf(), pieces=_pieces(heuristic="rules:RoyalTurf")),
            c.HEURISTIC,
        ),
        (dataclasses.replace(_royal_turf(), pieces=_pieces(text_view="view:nothing")), c.TEXT_VIEW),
        (
            dataclasses.replace(_royal_turf(), pieces=_pieces(board_data="view:nothing")),
            c.BOARD_DATA,
        ),
        (
            dataclasses.replace(_royal_turf(), pieces=_pieces(check_data="material:no")),
            c.DATA_CHECK,
        ),
        (dataclasses.replace(_royal_turf(), conformance=()), c.CONFORMANCE),
        (dataclasses.replace(_royal_turf(), bad_notation=()), c.BAD_NOTATION),
        (dataclasses.replace(_royal_turf(), bad_notation=("bet 1 othello",)), c.BAD_NOTATION),
        (dataclasses.replace(_royal_turf(), compiled=("rules", "nothing")), c.COMPILED),
        (dataclasses.replace(_royal_turf(), pieces=_pieces(simulator="nothing:odds")), c.SIMULATOR),
        (dataclasses.replace(_royal_turf(), conformance=({"players": 9},)), c.CONFORMANCE),
        (dataclasses.replace(_royal_turf(), golden=()), c.GOLDEN_SPECS),
        (
            dataclasses.replace(_royal_turf(), rules=RulesTexts(texts={"fr": "règle.md"})),
            c.RULES_TEXTS,
        ),
        (
            dataclasses.replace(
                _royal_turf(), rules=RulesTexts(sections={"en": {"betting": "no-such-heading"}})
            ),
            c.RULES_TEXTS,
        ),
        (
            dataclasses.replace(_royal_turf(), rules=RulesTexts(for_programmers=("no-such",))),
            c.RULES_TEXTS,
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_the_checklist_names_a_piece_a_manifest_breaks(broken: GameInfo, piece: str) -> None:
    problems = missing_pieces(broken, REPO)
    assert any(p.startswith(f"royal_turf: {piece}:") for p in problems), (
        f"the checklist missed the broken {piece}: {problems}"
    )


FAKE_MODULES = {
    "__init__.py": '"""A game package with pieces missing, for the checklist\'s own test."""\n',
    "rules.py": "from hippodrome.games.royal_turf.rules import RoyalTurf as RoyalTurf\n",
    "heuristic.py": "from hippodrome.games.royal_turf.heuristic import RoyalTurfHeuristic\n",
    "view.py": "from hippodrome.games.royal_turf.view import board_data, render_text\n",
    "material.py": "from hippodrome.games.royal_turf.material import check as check\n",
    "search.py": "from hippodrome.games.royal_turf.search import HOOKS as HOOKS\n",
    "odds.py": "from hippodrome.games.royal_turf.odds import odds as odds\n",
}


def test_the_checklist_names_the_files_an_incomplete_package_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package with the game's code but no rules document, no French texts, no data file and no
    browser part; and a repository without its rules, golden records or scenario tests."""
    package = tmp_path / "half_a_game"
    (package / "locale").mkdir(parents=True)
    for name, source in FAKE_MODULES.items():
        (package / name).write_text(source, encoding="utf-8")
    (package / "locale" / "en.json").write_text("{}", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    # The same pieces as Royal Turf's ("rules:RoyalTurf"...), looked up in the half-made package.
    fake = dataclasses.replace(_royal_turf(), id="half_a_game", package="half_a_game")
    problems = missing_pieces(fake, tmp_path)
    named = {p.split(": ")[1] for p in problems}
    expected = {
        c.GAME_CLASS,  # its class says it is royal_turf
        c.EVENT_TEXTS,
        c.DATA_FILE,
        c.RULES_DOCUMENT,
        c.RULES_TEXTS,  # the manifest's rules texts (rules.md, rulebook.fr.md) are not there
        c.COMPILED,  # the manifest's actions and events, which the package lacks
        c.BOARD_MODULE,
        c.BOARD_STYLE,
        c.BOARD_TEXTS,
        c.DOCS_RULES,
        c.GOLDEN_RECORDS,
        c.SCENARIO_TESTS,
    }
    assert named == expected, f"named {sorted(named)}, expected {sorted(expected)}: {problems}"
