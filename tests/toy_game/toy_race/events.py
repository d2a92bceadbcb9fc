"""Toy Race's events: what each action made happen, told in French and English (``locale/``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from hippodrome.engine.events import Event, PaidByPlayer, PaidToPlayer, flagged
from hippodrome.engine.types import JSONObject, Money, Player


class RaceStarted(Event):
    key: ClassVar[str] = "toy_race.race_started"
    __slots__ = ("squares",)
    squares: int

    def __init__(self, squares: int) -> None:
        self.squares = squares


class DieRolled(Event):
    key: ClassVar[str] = "toy_race.die_rolled"
    __slots__ = ("player", "points")
    player: Player
    points: int

    def __init__(self, player: Player, points: int) -> None:
        self.player = player
        self.points = points


class HorseMoved(Event):
    """A horse galloped or trotted to ``square`` (the line once it reaches it)."""

    key: ClassVar[str] = "toy_race.horse_moved"
    variants: ClassVar[tuple[str, ...]] = ("trotted",)
    __slots__ = ("player", "horse", "square", "trotted")
    player: Player
    horse: str
    square: int
    trotted: bool

    def __init__(self, player: Player, horse: str, square: int, trotted: bool) -> None:
        self.player = player
        self.horse = horse
        self.square = square
        self.trotted = trotted

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "trotted")


class FinePaid(PaidByPlayer):
    """A horse ended a gallop in the ditch: its owner pays the fine into the purse (rule 4)."""

    key: ClassVar[str] = "toy_race.fine_paid"
    ledger: ClassVar[str] = "penalties"
    __slots__ = ("player", "horse", "amount")

    def __init__(self, player: Player, horse: str, amount: Money) -> None:
        self.player = player
        self.horse = horse
        self.amount = amount


class RaceWon(PaidToPlayer):
    """The first horse to reach the line wins the race and its owner the purse (rule 5)."""

    key: ClassVar[str] = "toy_race.race_won"
    ledger: ClassVar[str] = "prizes"
    ends_race: ClassVar[bool] = True
    __slots__ = ("player", "horse", "amount")

    def __init__(self, player: Player, horse: str, amount: Money) -> None:
        self.player = player
        self.horse = horse
        self.amount = amount

    def placings(self) -> Sequence[tuple[str, int]]:
        return ((self.horse, 1),)
