"""Royal Turf events: what happened, ready to narrate (keys ``royal_turf.*`` in ``locale/``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from hippodrome.engine.events import Event
from hippodrome.engine.types import Money, Player

# Horses are given by their id (``othello``), die faces by name (``cap``): the catalogs translate them.


@dataclass(slots=True)
class RaceStarted(Event):
    key: ClassVar[str] = "royal_turf.race_started"
    race: int


@dataclass(slots=True)
class CardDrawn(Event):
    key: ClassVar[str] = "royal_turf.card_drawn"
    horse: str
    card: int
    square: int


@dataclass(slots=True)
class FirstBettor(Event):
    key: ClassVar[str] = "royal_turf.first_bettor"
    player: Player
    by_lot: bool


@dataclass(slots=True)
class BetPlaced(Event):
    key: ClassVar[str] = "royal_turf.bet_placed"
    player: Player
    horse: str
    token: int | None
    """None when the token lies face down and the viewer is not its owner."""
    hidden: bool

    def seen_by(self, viewer: Player | None) -> Event:
        if self.hidden and viewer != self.player:
            return replace(self, token=None)
        return self


@dataclass(slots=True)
class RaceOff(Event):
    key: ClassVar[str] = "royal_turf.race_off"
    player: Player


@dataclass(slots=True)
class DieRolled(Event):
    key: ClassVar[str] = "royal_turf.die_rolled"
    player: Player
    face: str


@dataclass(slots=True)
class HorseMoved(Event):
    key: ClassVar[str] = "royal_turf.horse_moved"
    player: Player
    horse: str
    rolled: int
    """The card's value for the face rolled."""
    start: int
    end: int
    """The square reached; 0 once across the line."""


@dataclass(slots=True)
class HorseBlocked(Event):
    """The move was shortened because the square was taken (seed §3: one horse per square)."""

    key: ClassVar[str] = "royal_turf.horse_blocked"
    horse: str
    rolled: int
    moved: int


@dataclass(slots=True)
class PaceTaken(Event):
    key: ClassVar[str] = "royal_turf.pace_taken"
    horse: str


@dataclass(slots=True)
class HorseArrived(Event):
    key: ClassVar[str] = "royal_turf.horse_arrived"
    horse: str
    place: int


@dataclass(slots=True)
class RaceFinished(Event):
    key: ClassVar[str] = "royal_turf.race_finished"
    terms: ClassVar[Mapping[str, str]] = {
        "first": "horse",
        "second": "horse",
        "third": "horse",
        "last": "horse",
    }
    race: int
    first: str
    second: str
    third: str
    last: str


@dataclass(slots=True)
class BetsRevealed(Event):
    key: ClassVar[str] = "royal_turf.bets_revealed"
    race: int


@dataclass(slots=True)
class BetRevealed(Event):
    """One face-down token turned face up at the payout (hidden-bets variant)."""

    key: ClassVar[str] = "royal_turf.bet_revealed"
    player: Player
    horse: str
    token: int


@dataclass(slots=True)
class BetWon(Event):
    key: ClassVar[str] = "royal_turf.bet_won"
    player: Player
    horse: str
    place: int
    token: int
    units: int
    """Units bet on the horse by everyone: the payout table's row."""
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount}


@dataclass(slots=True)
class PaceBonus(Event):
    key: ClassVar[str] = "royal_turf.pace_bonus"
    player: Player
    horse: str
    token: int
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount}


@dataclass(slots=True)
class LastHorsePenalty(Event):
    key: ClassVar[str] = "royal_turf.last_penalty"
    player: Player
    horse: str
    token: int
    due: Money
    paid: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.paid}


@dataclass(slots=True)
class GameOver(Event):
    key: ClassVar[str] = "royal_turf.game_over"
    players: tuple[Player, ...]
    """The winners: the richest after the third race."""
    money: Money
