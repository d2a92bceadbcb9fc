"""Toques et Casques actions and their notation.

A move is decomposed into atomic steps, as the rulebook asks (seed 14-06, « POSER C'EST JOUER »: each
step is final), so the browser and the bots choose square by square.

=====================  ===========================================================  ==========
notation               meaning                                                      who
=====================  ===========================================================  ==========
``draw 4``             the die gives horse N°4 to the jockey drawing (08-01)        chance
``roll 7``             the die (speed 1) or both dice (speed 2) score 7             chance
``avant``              one length forward (un AVANT)                                a jockey
``ecart 3``            one lane sideways, into lane 3 (un ÉCART; lanes 1 to 6)      a jockey
``bloque``             declare the horse blocked and pass (18-01)                   a jockey
``rolloff 5``          horse N°5 wins the die roll for the better place (23-04)     chance
``approve``            the steward lets the move stand (07-03)                      steward
``replace``            the steward puts the horse back where it was (07-03)         steward
``disqualify``         the steward eliminates the horse that just played (07-03)    steward
``keep``               leave the hurdle everyone has passed where it is (13-02)     see rules
``hurdle 4.12``        move that hurdle to station 4.12 (segment 4, rank 12)        see rules
=====================  ===========================================================  ==========
"""

from __future__ import annotations

from hippodrome.engine.actions import Action, FrozenAction
from hippodrome.engine.errors import NotationError, message
from hippodrome.engine.lanetrack import Station
from hippodrome.engine.types import JSONObject

HINT = message("toques_et_casques.hint.usage")
HORSES = 6
MAX_POINTS = 12


class Draw(FrozenAction):
    """Chance: the die gives horse ``number`` to the jockey drawing (seed 08-01)."""

    __slots__ = ("number",)
    number: int

    def __init__(self, number: int) -> None:
        object.__setattr__(self, "number", number)

    def __str__(self) -> str:
        return f"draw {self.number}"


class Roll(FrozenAction):
    """Chance: the dice score ``points`` (seed 09-02)."""

    __slots__ = ("points",)
    points: int

    def __init__(self, points: int) -> None:
        object.__setattr__(self, "points", points)

    def __str__(self) -> str:
        return f"roll {self.points}"


class Avant(FrozenAction):
    """One length forward in the horse's lane (seed 04-01, un AVANT)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "avant"


class Ecart(FrozenAction):
    """One lane sideways, into ``lane`` (1 is the rail), at the same height (seed 04-01, un ÉCART)."""

    __slots__ = ("lane",)
    lane: int

    def __init__(self, lane: int) -> None:
        object.__setattr__(self, "lane", lane)

    def __str__(self) -> str:
        return f"ecart {self.lane}"


class Bloque(FrozenAction):
    """Declare the horse blocked: it cannot make another step, so its turn ends (seed 18-01)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "bloque"


class RollOff(FrozenAction):
    """Chance: among horses arrived abreast, horse ``number`` rolls highest (seed 23-04)."""

    __slots__ = ("number",)
    number: int

    def __init__(self, number: int) -> None:
        object.__setattr__(self, "number", number)

    def __str__(self) -> str:
        return f"rolloff {self.number}"


class Approve(FrozenAction):
    """The steward lets the move just played stand (seed 07-03)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "approve"


class Replace(FrozenAction):
    """The steward puts the horse back where it began its move (seed 07-03)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "replace"


class Disqualify(FrozenAction):
    """The steward eliminates the horse that just played (seed 07-03)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "disqualify"


class KeepHurdle(FrozenAction):
    """Leave the hurdle every horse has passed where it is (seed 13-02: « peut être ôtée »)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "keep"


class MoveHurdle(FrozenAction):
    """Put the hurdle every horse has passed at ``station``, far ahead of the leader (seed 13-02)."""

    __slots__ = ("station",)
    station: Station

    def __init__(self, station: Station) -> None:
        object.__setattr__(self, "station", station)

    def __str__(self) -> str:
        return f"hurdle {self.station}"


AVANT = Avant()
BLOQUE = Bloque()
APPROVE = Approve()
REPLACE = Replace()
DISQUALIFY = Disqualify()
KEEP = KeepHurdle()
DRAWS = tuple(Draw(n) for n in range(HORSES + 1))
ROLLS = tuple(Roll(n) for n in range(MAX_POINTS + 1))
ECARTS = tuple(Ecart(n) for n in range(HORSES + 1))
ROLLOFFS = tuple(RollOff(n) for n in range(HORSES + 1))
"""Every action made once, indexed by its number: legal-action lists hand out these objects."""


def parse_action(text: str) -> Action:
    """The action written ``text``; raises ``NotationError`` naming what is wrong."""
    words = text.strip().lower().split()

    def fail(hint: JSONObject = HINT) -> NotationError:
        return NotationError("error.notation", text=text, hint=hint)

    def number(word: str, low: int, high: int) -> int:
        # ASCII only: str.isdigit() accepts "²", which int() refuses with a bare ValueError.
        if not (word.isascii() and word.isdigit()) or len(word) > 2 or not low <= int(word) <= high:
            raise fail(message("toques_et_casques.hint.number", low=low, high=high))
        return int(word)

    match words:
        case ["avant"]:
            return AVANT
        case ["ecart" | "écart", lane]:
            return ECARTS[number(lane, 1, HORSES)]
        case ["bloque" | "bloqué"]:
            return BLOQUE
        case ["roll", points]:
            return ROLLS[number(points, 1, MAX_POINTS)]
        case ["draw", horse]:
            return DRAWS[number(horse, 1, HORSES)]
        case ["rolloff", horse]:
            return ROLLOFFS[number(horse, 1, HORSES)]
        case ["approve"]:
            return APPROVE
        case ["replace"]:
            return REPLACE
        case ["disqualify"]:
            return DISQUALIFY
        case ["keep"]:
            return KEEP
        case ["hurdle", where]:
            try:
                return MoveHurdle(Station.parse(where))
            except ValueError:
                raise fail(message("toques_et_casques.hint.hurdle")) from None
        case _:
            raise fail()
