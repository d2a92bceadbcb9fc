"""Royal Turf (Reiner Knizia, Alea, 2000).

Seven horses race once round an oval of 33 squares, pushed by a six-sided symbol die whose value for
each horse is printed on the horse card drawn for that race. Before each race the players bet three
tokens on three different horses; a payout table pays by the horse's place and by how much was bet on
it. Three races; the richest wins.

Rules: the French summary ``shared/seeds/003_901e410e4ee2266a.txt`` (sections §1 to §4 cited in the
code). Decisions where it is silent: ``docs/rules/royal_turf.md``. Material: ``material.toml``.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog
from hippodrome.games.royal_turf.heuristic import RoyalTurfHeuristic
from hippodrome.games.royal_turf.material import check as check_data
from hippodrome.games.royal_turf.rules import RoyalTurf, RoyalTurfOptions, RoyalTurfState
from hippodrome.games.royal_turf.view import board_data, render_text

register_catalog("royal_turf", files(__package__) / "locale")

GAME = RoyalTurf
HEURISTIC = RoyalTurfHeuristic
CONFORMANCE_OPTIONS: list[dict[str, object]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4, "hidden_bets": True},
    {"players": 6, "zero_tokens": True, "hidden_bets": True},
    {"players": 5, "zero_tokens": True, "pace_bonus_any_place": True},
]
"""The option sets the conformance suite plays: every table size's extremes and each variant."""
TEXT_VIEW = render_text
BOARD_DATA = board_data

__all__ = [
    "BOARD_DATA",
    "CONFORMANCE_OPTIONS",
    "GAME",
    "HEURISTIC",
    "TEXT_VIEW",
    "RoyalTurf",
    "RoyalTurfHeuristic",
    "RoyalTurfOptions",
    "RoyalTurfState",
    "check_data",
]
