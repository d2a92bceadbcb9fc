"""Royal Turf events: what happened, ready to narrate (keys ``royal_turf.*`` in ``locale/``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

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
    variants: ClassVar[tuple[str, ...]] = ("by_lot",)
    player: Player
    by_lot: bool

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_by_lot" if self.by_lot else self.key), self.params()


@dataclass(slots=True)
class BetPlaced(Event):
    key: ClassVar[str] = "royal_turf.bet_placed"
    player: Player
    horse: str
    token: int | None
    """None when the token lies face down and the viewer is not its owner."""
    hidden: bool

    variants: ClassVar[tuple[str, ...]] = ("hidden",)

    def seen_by(self, viewer: Player | None) -> Event:
        if self.hidden and viewer != self.player:
            return replace(self, token=None)
        return self

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_hidden" if self.token is None else self.key), self.params()


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
    variants: ClassVar[tuple[str, ...]] = ("line", "stuck")

    def message(self) -> tuple[str, JSONObject]:
        if self.end == self.start:
            return f"{self.key}_stuck", self.params()
        return (f"{self.key}_line" if self.end == 0 else self.key), self.params()


@dataclass(slots=True)
class HorseBlocked(Event):
    """The move was shortened because the square was taken (seed §3: one horse per square)."""

    key: ClassVar[str] = "royal_turf.horse_blocked"
    variants: ClassVar[tuple[str, ...]] = ("stuck",)
    horse: str
    rolled: int
    moved: int

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.moved else f"{self.key}_stuck"), self.params()


@dataclass(slots=True)
class PaceTaken(Event):
    key: ClassVar[str] = "royal_turf.pace_taken"
    horse: str


@dataclass(slots=True)
class HorseArrived(Event):
    key: ClassVar[str] = "royal_turf.horse_arrived"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
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

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        """The podium (§3 Arrivée)."""
        return ((self.first, 1), (self.second, 2), (self.third, 3))


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
class BetWon(PaidToPlayer, Event):
    key: ClassVar[str] = "royal_turf.bet_won"
    ledger: ClassVar[str] = "winnings"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    player: Player
    horse: str
    place: int
    token: int
    units: int
    """Units bet on the horse by everyone: the payout table's row."""
    amount: Money


@dataclass(slots=True)
class PaceBonus(PaidToPlayer, Event):
    key: ClassVar[str] = "royal_turf.pace_bonus"
    ledger: ClassVar[str] = "bonuses"
    player: Player
    horse: str
    token: int
    amount: Money


@dataclass(slots=True)
class LastHorsePenalty(Event):
    key: ClassVar[str] = "royal_turf.last_penalty"
    ledger: ClassVar[str] = "penalties"
    player: Player
    horse: str
    token: int
    due: Money
    paid: Money
    variants: ClassVar[tuple[str, ...]] = ("all", "nothing")

    def message(self) -> tuple[str, JSONObject]:
        if not self.paid:
            return f"{self.key}_nothing", self.params()
        return (f"{self.key}_all" if self.paid == self.due else self.key), self.params()

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.paid}


@dataclass(slots=True)
class GameOver(Event):
    key: ClassVar[str] = "royal_turf.game_over"
    players: tuple[Player, ...]
    """The winners: the richest after the third race."""
    money: Money
    variants: ClassVar[tuple[str, ...]] = ("tie",)

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_tie" if len(self.players) > 1 else self.key), self.params()
