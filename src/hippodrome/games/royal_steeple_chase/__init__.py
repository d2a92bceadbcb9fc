"""Royal Steeple Chase (Miro, 1941): a card-driven steeplechase on a figure-eight.

Four horses run one lap of a figure-eight of four lanes of 21 squares, over rivers and a crossed
central hurdle. There are no dice: each player holds cards of two coups (pas 2, trot 3, galop 4, a
hurdle to drop before a horse, a chute that sends horses back, a royal card that is any of these),
asks for a horse and buys cards at auction with his 100 points of chips, then plays one card a turn
in the order of coups he likes. The first horse across the line wins, the next is placed, and the
results go on a bridge score sheet.

Rules: the French rulebook ``shared/seeds/004_5a02d46b7d17618c.txt``, whose « Exemple détaillé d'une
partie » the engine replays position by position. Decisions where it is silent:
``docs/rules/royal_steeple_chase.md``. Material (the deck is reconstructed): ``material.toml``.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog
from hippodrome.games.royal_steeple_chase.heuristic import SteepleHeuristic
from hippodrome.games.royal_steeple_chase.material import check as check_data
from hippodrome.games.royal_steeple_chase.rules import (
    RoyalSteepleChase,
    SteepleOptions,
    SteepleState,
)
from hippodrome.games.royal_steeple_chase.view import board_data, render_text

register_catalog("royal_steeple_chase", files(__package__) / "locale")

GAME = RoyalSteepleChase
HEURISTIC = SteepleHeuristic
CONFORMANCE_OPTIONS: list[dict[str, object]] = [
    {"players": 4, "scoring": "race"},
    {"players": 2, "scoring": "race"},
    {"players": 3, "scoring": "race", "handicap": "1"},
    {"players": 6, "scoring": "race"},
    {"players": 7, "scoring": "race"},
    {"players": 8, "scoring": "race"},
    {"players": 4, "scoring": "bridge", "deals": 2},
    {"players": 6, "scoring": "bridge", "deals": 2},
    {"players": 5, "scoring": "simple"},
    {"players": 4, "scoring": "race", "incidents": True},
    {"players": 6, "scoring": "race", "incidents": True},
    {"players": 6, "pirate": "stakes"},
    {"players": 4, "pursuit": True},
    {"players": 4, "camps": "fixed", "scoring": "race"},
    {"players": 8, "camps": "improvised", "scoring": "bridge", "deals": 2},
    {"players": 1, "solo_cards": 15},
    {"players": 3, "pirate": "points", "deals": 3},
]
"""Every table size (2 to 8, with their special rules), the handicap game, the bridge score over two
deals, the simplified game, the incident cards, both pirate games, the pursuit, both partnerships and the solo practice (secret bets)."""
TEXT_VIEW = render_text
BOARD_DATA = board_data

__all__ = [
    "BOARD_DATA",
    "CONFORMANCE_OPTIONS",
    "GAME",
    "HEURISTIC",
    "TEXT_VIEW",
    "RoyalSteepleChase",
    "SteepleHeuristic",
    "SteepleOptions",
    "SteepleState",
    "check_data",
]
