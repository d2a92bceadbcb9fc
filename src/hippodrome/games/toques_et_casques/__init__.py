"""Toques et Casques: trot and gallop races on a six-lane hippodrome.

Six horses race on an oval of six lanes (couloirs) with four turns where the outer lanes are longer.
Every point rolled must be played, one length forward (un avant) or one lane sideways (un écart) at a
time; a horse may not push or jump another, so the art is to block the next horse or leave it nothing
but a step onto a hurdle, where a move that ends is a fall. Categories A to D (harness trot, ridden
trot, flat gallop, gallop with a river and hurdles), one or two dice, one lap or several.

Rules: the French rulebook ``shared/seeds/002_040eccd8846c6b7d.txt`` (sections 01 to 25 cited in the
code). Decisions where it is silent: ``docs/rules/toques_et_casques.md``. Material: ``material.toml``.
The track is the engine's shared lane-track model (``hippodrome.engine.lanetrack``).
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog
from hippodrome.games.toques_et_casques.heuristic import ToquesHeuristic
from hippodrome.games.toques_et_casques.material import check as check_data
from hippodrome.games.toques_et_casques.rules import ToquesEtCasques, ToquesOptions, ToquesState
from hippodrome.games.toques_et_casques.view import board_data, render_text

register_catalog("toques_et_casques", files(__package__) / "locale")

GAME = ToquesEtCasques
HEURISTIC = ToquesHeuristic
CONFORMANCE_OPTIONS: list[dict[str, object]] = [
    {"players": 2},
    {"players": 3, "category": "B", "clockwise": True, "avant_first": True},
    {"players": 6, "category": "C", "laps": 2},
    {"players": 4, "category": "D", "laps": 2, "track": "small"},
    {"players": 5, "category": "D", "steward": True, "late_ecart": True, "ecart_on_start": True},
    {
        "players": 3,
        "category": "D",
        "speed": 1,
        "track": "medium",
        "hurdles": "2.1,6.2",
        "river": "4.20",
    },
]
"""The option sets the conformance suite plays: table sizes, categories, laps, the steward and the
variants of section 24."""
TEXT_VIEW = render_text
BOARD_DATA = board_data

__all__ = [
    "BOARD_DATA",
    "CONFORMANCE_OPTIONS",
    "GAME",
    "HEURISTIC",
    "TEXT_VIEW",
    "ToquesEtCasques",
    "ToquesHeuristic",
    "ToquesOptions",
    "ToquesState",
    "check_data",
]
