"""Toques et Casques events: what happened, ready to narrate (keys ``toques_et_casques.*``).

Horses are given by their number (1 to 6), lanes by their number (1 is the rail), as the rulebook does.
Everything in this game is public: no event has a secret side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

NS = "toques_et_casques"


@dataclass(slots=True)
class RaceAnnounced(Event):
    """07-04/07-05: category, speed, length and stakes announced before the start."""

    key: ClassVar[str] = f"{NS}.race_announced"
    terms: ClassVar[Mapping[str, str]] = {"category": "category", "track": "track"}
    category: str
    speed: int
    track: str
    laps: int
    stakes: int
    split: tuple[int, ...]
    variants: ClassVar[tuple[str, ...]] = ("laps",)

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_laps" if self.laps > 1 else self.key), self.params()


@dataclass(slots=True)
class HorseDrawn(Event):
    key: ClassVar[str] = f"{NS}.horse_drawn"
    player: Player
    horse: int
    lane: int


@dataclass(slots=True)
class RaceOff(Event):
    key: ClassVar[str] = f"{NS}.race_off"


@dataclass(slots=True)
class DiceRolled(Event):
    key: ClassVar[str] = f"{NS}.dice_rolled"
    player: Player
    horse: int
    points: int


@dataclass(slots=True)
class Stepped(Event):
    """One avant or one écart."""

    key: ClassVar[str] = f"{NS}.stepped"
    horse: int
    step: str
    """``avant`` or ``ecart``."""
    lane: int
    cell: int
    left: int
    """Points still to play."""


@dataclass(slots=True)
class Blocked(Event):
    key: ClassVar[str] = f"{NS}.blocked"
    variants: ClassVar[tuple[str, ...]] = ("one",)
    player: Player
    horse: int
    left: int

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_one" if self.left == 1 else self.key), self.params()


@dataclass(slots=True)
class Fell(Event):
    """A move ended on a hurdle or the river: a fall, and elimination (04-01)."""

    key: ClassVar[str] = f"{NS}.fell"
    terms: ClassVar[Mapping[str, str]] = {"obstacle": "obstacle"}
    horse: int
    obstacle: str


@dataclass(slots=True)
class Straggler(Event):
    """A horse a lap behind the leader is eliminated (22-01)."""

    key: ClassVar[str] = f"{NS}.straggler"
    horse: int
    by: int


@dataclass(slots=True)
class CrossedFinish(Event):
    key: ClassVar[str] = f"{NS}.crossed_finish"
    horse: int


@dataclass(slots=True)
class RoundEnded(Event):
    key: ClassVar[str] = f"{NS}.round_ended"
    round: int


@dataclass(slots=True)
class StartPlaqueRemoved(Event):
    key: ClassVar[str] = f"{NS}.start_removed"


@dataclass(slots=True)
class Tied(Event):
    key: ClassVar[str] = f"{NS}.tied"
    horses: tuple[int, ...]


@dataclass(slots=True)
class RolledOff(Event):
    key: ClassVar[str] = f"{NS}.rolled_off"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    horse: int
    place: int


@dataclass(slots=True)
class Placed(Event):
    key: ClassVar[str] = f"{NS}.placed"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    horse: int
    place: int


@dataclass(slots=True)
class LastPlaced(Event):
    """23-02: the last horse left is placed without playing."""

    key: ClassVar[str] = f"{NS}.last_placed"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    horse: int
    place: int


@dataclass(slots=True)
class Reviewed(Event):
    key: ClassVar[str] = f"{NS}.reviewed"
    terms: ClassVar[Mapping[str, str]] = {"verdict": "verdict"}
    player: Player
    horse: int
    verdict: str
    """``approve``, ``replace`` or ``disqualify``."""


@dataclass(slots=True)
class HurdleKept(Event):
    key: ClassVar[str] = f"{NS}.hurdle_kept"
    player: Player
    station: str


@dataclass(slots=True)
class HurdleMoved(Event):
    key: ClassVar[str] = f"{NS}.hurdle_moved"
    player: Player
    station: str
    to: str


@dataclass(slots=True)
class StakePaid(PaidToPlayer, Event):
    key: ClassVar[str] = f"{NS}.stake_paid"
    ledger: ClassVar[str] = "winnings"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    player: Player
    horse: int
    place: int
    amount: Money


@dataclass(slots=True)
class RaceOver(Event):
    """23-03: the tiercé, quarté and quinté."""

    key: ClassVar[str] = f"{NS}.race_over"
    order: tuple[int, ...]

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        return tuple((str(horse), place) for place, horse in enumerate(self.order, start=1))
