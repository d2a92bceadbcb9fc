"""Royal Steeple Chase's board and material as the rules use them: the horses, the card types,
the squares, the phases of a deal, and the (interned) actions legal-action lists are built from.

Positions are counted in squares from the start: a horse on the start square 21 is at 0, on square 7
at 7, on square 21 after its lap at 21, and a horse that crosses the line (« 1 (gagnant) ») at 22. A
gap is named by the progress before it: gap 7 lies « entre 7 et 8 »; gaps 0 and 21 are the line.
Hurdles are bit sets of gaps, one per horse's lane.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from functools import lru_cache
from typing import Final

from hippodrome.games.royal_steeple_chase.actions import (
    DealCard,
    DrawDiscard,
    DrawIncident,
    PlaceBet,
    PlayCard,
    PlayHalf,
    Throw,
)
from hippodrome.games.royal_steeple_chase.material import COLOURS, Material, material

M: Final[Material] = material()
HORSES: Final = range(4)
TYPES: Final = len(M.types)
TYPE_TEXT: Final = tuple(str(t) for t in M.types)
TYPE_HALVES: Final = tuple(tuple(str(h) for h in t.halves) for t in M.types)
HALF_OF: Final = {str(h): h for t in M.types for h in t.halves}
LAP: Final = M.squares  # 21: a horse on square 21 after its lap
FINISH: Final = LAP + 1  # crossed the line: « 1 (gagnant) »
RIVERS: Final = M.rivers
UNIT: Final = M.chip_unit
NOBODY: Final = -1
INCIDENT_KINDS: Final = tuple(dict.fromkeys(c.kind for c in M.incidents))
INCIDENT_COUNT: Final = tuple(sum(1 for c in M.incidents if c.kind == k) for k in INCIDENT_KINDS)
RED_SQUARES: Final = M.incident_squares
RIVER_OF: Final = {10: (10,), 15: (15, 16), 16: (15, 16)}
"""The rivers as the seed counts them (« la deuxième rivière », « la grande rivière »): 10, 15-16."""
MAX_OFFERS: Final = 2
"""Trade offers a player may start in one trading round (D9: keeps the round finite)."""
MAX_TRADE_POINTS: Final = 20
"""The most points a counter-offer may add (D9)."""
MAX_REQUESTS: Final = 3
"""Spread cards a player may ask for in one deal (D10: keeps the exchanges finite)."""


class Phase(IntEnum):
    DEAL = 0
    HORSES = 1
    """ATTRIBUTION DES CHEVAUX: in turn, each player without a horse asks for one."""
    AUCTION = 2
    """ENCHÈRES: a contested horse or spread card goes to the highest bid."""
    THROW = 3
    """The winner of a spread card gives one of his cards to the spread in exchange."""
    EXCHANGE = 4
    """ATTRIBUTION DU JEU ÉTALÉ: in turn, exchange one card at a time with the spread."""
    TRADE = 5
    """« Des échanges directs de cartes entre joueurs sont également admis. »"""
    TRADE_COUNTER = 6
    TRADE_DECIDE = 7
    RACE = 8
    """MARCHE DU JEU: in turn, the dealer first, each plays a card."""
    HALVES = 9
    """The card's two coups, « dans l'ordre que l'on désire »."""
    OVER = 10
    BETS = 11
    """JEU PIRATE: every player bets in secret, all at once."""
    DRAW_INCIDENT = 12
    """CARTES D'INCIDENTS: the top card of the shuffled pack (chance)."""
    INCIDENT = 13
    """A player does what his incident card says, at his next turn."""
    DRAW_DISCARD = 14
    """« PRENEZ AU HASARD DEUX CARTES DANS LES ÉCARTS » (chance)."""
    SOLO_HURDLES = 15
    """Solo practice: « placez sur votre piste, où vous voudrez, 10 haies »."""


def horses_text(horses: Sequence[int]) -> str:
    return "+".join(COLOURS[h] for h in horses) or "-"


def shown(progress: int) -> int:
    """The square a horse stands on, as the board numbers it (the start is 21, the finish 1)."""
    if progress == 0:
        return LAP
    return 1 if progress >= FINISH else progress


def square_before(gap: int) -> int:
    """The square before a gap, as hurdles are named (« entre 21 et 1 » for the line)."""
    return LAP if gap % LAP == 0 else gap


def cards_text(counts: Sequence[int]) -> list[str]:
    return [TYPE_TEXT[t] for t in range(TYPES) for _ in range(counts[t])]


_HALVES: dict[tuple[str, str, tuple[int, ...], int, bool], PlayHalf] = {}
CHANCE_PHASES: Final = frozenset((Phase.DEAL, Phase.DRAW_INCIDENT, Phase.DRAW_DISCARD))
ROYAL_USES: Final = ("4", "3", "H", "0")


def half_action(
    text: str, use: str, horses: tuple[int, ...], gap: int = -1, *, remove: bool = False
) -> PlayHalf:
    """The (interned) action playing ``text`` as ``use``: legal-action lists are rebuilt often."""
    key = (text, use, horses, gap, remove)
    found = _HALVES.get(key)
    if found is None:
        found = _HALVES[key] = PlayHalf(text, use, horses, gap, remove)
    return found


@lru_cache(maxsize=1 << 16)
def placements(text: str, use: str, horse: int, at: int, hurdles: int) -> list[PlayHalf]:
    """Every gap of ``horse``'s lane a hurdle coup may take (D4), as actions: the gaps ahead of
    the horse, up to the line, without a mobile hurdle already."""
    last = LAP + 1 if at else LAP
    return [
        half_action(text, use, (horse,), square_before(g))
        for g in range(at, last)
        if not hurdles >> g & 1
    ]


DEALS: Final = tuple(DealCard(t) for t in range(TYPES))
PLAYS: Final = tuple(PlayCard(t) for t in range(TYPES))
THROWS: Final = tuple(Throw(t) for t in range(TYPES))
BET_ONE: Final = tuple(PlaceBet((h,)) for h in HORSES)
INCIDENT_DRAWS: Final = tuple(DrawIncident(k) for k in INCIDENT_KINDS)
DISCARD_DRAWS: Final = tuple(DrawDiscard(t) for t in range(TYPES))
