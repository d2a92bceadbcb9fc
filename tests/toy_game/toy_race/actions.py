"""Toy Race's actions and their notation.

=============  ===========================================  =========
notation       meaning                                      who
=============  ===========================================  =========
``roll 4``     the die shows 4                              chance
``gallop``     the seat's horse runs the points rolled      a player
``trot``       the seat's horse moves two squares           a player
=============  ===========================================  =========
"""

from __future__ import annotations

from hippodrome.engine.actions import FrozenAction
from hippodrome.engine.errors import NotationError, message
from hippodrome.engine.types import JSONObject

from .material import material


class Roll(FrozenAction):
    """Chance: the die shows ``points`` (rule 2)."""

    __slots__ = ("points",)
    points: int

    def __init__(self, points: int) -> None:
        object.__setattr__(self, "points", points)

    def __str__(self) -> str:
        return f"roll {self.points}"


class Gallop(FrozenAction):
    """The seat's horse runs the points rolled (rule 3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "gallop"


class Trot(FrozenAction):
    """The seat's horse moves two squares, whatever was rolled (rule 3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "trot"


ROLLS = {points: Roll(points) for points in material().faces}
GALLOP = Gallop()
TROT = Trot()


def parse_action(text: str) -> FrozenAction:
    """The action written ``text``; raises ``NotationError`` with a hint of what is expected."""
    words = text.strip().lower().split()
    usage: JSONObject = message("toy_race.hint.usage")
    match words:
        case ["gallop"]:
            return GALLOP
        case ["trot"]:
            return TROT
        case ["roll", points] if points.isascii() and points.isdigit() and len(points) < 3:
            found = ROLLS.get(int(points))
            if found is not None:
                return found
            faces = ", ".join(str(f) for f in material().faces)
            raise NotationError(
                "error.notation", text=text, hint=message("toy_race.hint.faces", faces=faces)
            )
        case _:
            raise NotationError("error.notation", text=text, hint=usage)
