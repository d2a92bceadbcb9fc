"""Toy Race's position documents (``hippodrome.engine.position``): the typed record a position is
read into and written from, with what makes a position one the rules can reach."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Final

from hippodrome.engine.position import Codec, Doc, Invalid, Range, Size, last_seat, seats

from .material import material
from .rules import ToyRace, ToyRaceState

M = material()

Seat = Annotated[int, Range(0, last_seat), Doc("a seat, from 0")]


@dataclass(frozen=True, slots=True)
class ToyRacePosition:
    """Where the horses stand, the money and the purse, whose turn it is and the roll to run."""

    squares: Annotated[
        list[Annotated[int, Range(0, M.squares)]],
        Size.exactly(seats),
        Doc("each seat's horse: 0 on the start, the line's square once there"),
    ]
    money: Annotated[list[Annotated[int, Range(0)]], Size.exactly(seats)]
    purse: Annotated[int, Range(0)]
    turn: Seat
    rolled: Annotated[int, Range(min(M.faces), max(M.faces)), Doc("the points to run")] | None
    winner: Seat | None

    @classmethod
    def of(cls, state: ToyRaceState) -> ToyRacePosition:
        return cls(
            squares=list(state.squares),
            money=list(state.money_),
            purse=state.purse,
            turn=state.turn,
            rolled=state.rolled,
            winner=state.winner,
        )

    def validate(self, game: ToyRace) -> None:
        on_line = [p for p, square in enumerate(self.squares) if square == M.squares]
        if self.winner is None:
            if on_line:
                raise Invalid("squares", "a horse on the line has won: the winner is named")
        else:
            if on_line != [self.winner]:
                raise Invalid("winner", "the winner's horse, and it alone, stands on the line")
            if self.rolled is not None or self.purse != 0:
                raise Invalid("purse", "once the race is won, the purse is paid and nothing rolled")


POSITION: Final = Codec(ToyRacePosition)
"""Reads and writes Toy Race's position documents; ``POSITION.schema(game)`` is their schema."""
