"""Toques et Casques events: what happened, ready to narrate (keys ``toques_et_casques.*``).

Horses are given by their number (1 to 6), lanes by their number (1 is the rail), as the rulebook does.
Everything in this game is public: no event has a secret side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

NS = "toques_et_casques"


class RaceAnnounced(Event):
    """07-04/07-05: category, speed, length and stakes announced before the start."""

    key: ClassVar[str] = f"{NS}.race_announced"
    terms: ClassVar[Mapping[str, str]] = {"category": "category", "track": "track"}
    __slots__ = ("category", "speed", "track", "laps", "stakes", "split")
    category: str
    speed: int
    track: str
    laps: int
    stakes: int
    split: tuple[int, ...]

    def __init__(
        self,
        category: str,
        speed: int,
        track: str,
        laps: int,
        stakes: int,
        split: tuple[int, ...],
    ) -> None:
        self.category = category
        self.speed = speed
        self.track = track
        self.laps = laps
        self.stakes = stakes
        self.split = split

    variants: ClassVar[tuple[str, ...]] = ("laps",)

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_laps" if self.laps > 1 else self.key), self.params()


class HorseDrawn(Event):
    key: ClassVar[str] = f"{NS}.horse_drawn"
    __slots__ = ("player", "horse", "lane")
    player: Player
    horse: int
    lane: int

    def __init__(self, player: Player, horse: int, lane: int) -> None:
        self.player = player
        self.horse = horse
        self.lane = lane


class RaceOff(Event):
    key: ClassVar[str] = f"{NS}.race_off"
    __slots__ = ()


class DiceRolled(Event):
    key: ClassVar[str] = f"{NS}.dice_rolled"
    __slots__ = ("player", "horse", "points")
    player: Player
    horse: int
    points: int

    def __init__(self, player: Player, horse: int, points: int) -> None:
        self.player = player
        self.horse = horse
        self.points = points


class Stepped(Event):
    """One avant or one écart."""

    key: ClassVar[str] = f"{NS}.stepped"
    __slots__ = ("horse", "step", "lane", "cell", "left")
    horse: int
    step: str
    """``avant`` or ``ecart``."""
    lane: int
    cell: int
    left: int
    """Points still to play."""

    def __init__(self, horse: int, step: str, lane: int, cell: int, left: int) -> None:
        self.horse = horse
        self.step = step
        self.lane = lane
        self.cell = cell
        self.left = left


class Blocked(Event):
    key: ClassVar[str] = f"{NS}.blocked"
    variants: ClassVar[tuple[str, ...]] = ("one",)
    __slots__ = ("player", "horse", "left")
    player: Player
    horse: int
    left: int

    def __init__(self, player: Player, horse: int, left: int) -> None:
        self.player = player
        self.horse = horse
        self.left = left

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_one" if self.left == 1 else self.key), self.params()


class Fell(Event):
    """A move ended on a hurdle or the river: a fall, and elimination (04-01)."""

    key: ClassVar[str] = f"{NS}.fell"
    terms: ClassVar[Mapping[str, str]] = {"obstacle": "obstacle"}
    __slots__ = ("horse", "obstacle")
    horse: int
    obstacle: str

    def __init__(self, horse: int, obstacle: str) -> None:
        self.horse = horse
        self.obstacle = obstacle


class Straggler(Event):
    """A horse a lap behind the leader is eliminated (22-01)."""

    key: ClassVar[str] = f"{NS}.straggler"
    __slots__ = ("horse", "by")
    horse: int
    by: int

    def __init__(self, horse: int, by: int) -> None:
        self.horse = horse
        self.by = by


class CrossedFinish(Event):
    key: ClassVar[str] = f"{NS}.crossed_finish"
    __slots__ = ("horse",)
    horse: int

    def __init__(self, horse: int) -> None:
        self.horse = horse


class RoundEnded(Event):
    key: ClassVar[str] = f"{NS}.round_ended"
    __slots__ = ("round",)
    round: int

    def __init__(self, round: int) -> None:
        self.round = round


class StartPlaqueRemoved(Event):
    key: ClassVar[str] = f"{NS}.start_removed"
    __slots__ = ()


class Tied(Event):
    key: ClassVar[str] = f"{NS}.tied"
    __slots__ = ("horses",)
    horses: tuple[int, ...]

    def __init__(self, horses: tuple[int, ...]) -> None:
        self.horses = horses


class RolledOff(Event):
    key: ClassVar[str] = f"{NS}.rolled_off"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("horse", "place")
    horse: int
    place: int

    def __init__(self, horse: int, place: int) -> None:
        self.horse = horse
        self.place = place


class Placed(Event):
    key: ClassVar[str] = f"{NS}.placed"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("horse", "place")
    horse: int
    place: int

    def __init__(self, horse: int, place: int) -> None:
        self.horse = horse
        self.place = place


class LastPlaced(Event):
    """23-02: the last horse left is placed without playing."""

    key: ClassVar[str] = f"{NS}.last_placed"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("horse", "place")
    horse: int
    place: int

    def __init__(self, horse: int, place: int) -> None:
        self.horse = horse
        self.place = place


class Reviewed(Event):
    key: ClassVar[str] = f"{NS}.reviewed"
    terms: ClassVar[Mapping[str, str]] = {"verdict": "verdict"}
    __slots__ = ("player", "horse", "verdict")
    player: Player
    horse: int
    verdict: str
    """``approve``, ``replace`` or ``disqualify``."""

    def __init__(self, player: Player, horse: int, verdict: str) -> None:
        self.player = player
        self.horse = horse
        self.verdict = verdict


class HurdleKept(Event):
    key: ClassVar[str] = f"{NS}.hurdle_kept"
    __slots__ = ("player", "station")
    player: Player
    station: str

    def __init__(self, player: Player, station: str) -> None:
        self.player = player
        self.station = station


class HurdleMoved(Event):
    key: ClassVar[str] = f"{NS}.hurdle_moved"
    __slots__ = ("player", "station", "to")
    player: Player
    station: str
    to: str

    def __init__(self, player: Player, station: str, to: str) -> None:
        self.player = player
        self.station = station
        self.to = to


class StakePaid(PaidToPlayer):
    key: ClassVar[str] = f"{NS}.stake_paid"
    ledger: ClassVar[str] = "winnings"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("player", "horse", "place", "amount")
    player: Player
    horse: int
    place: int
    amount: Money

    def __init__(self, player: Player, horse: int, place: int, amount: Money) -> None:
        self.player = player
        self.horse = horse
        self.place = place
        self.amount = amount


class RaceOver(Event):
    """23-03: the tiercé, quarté and quinté."""

    key: ClassVar[str] = f"{NS}.race_over"
    __slots__ = ("order",)
    order: tuple[int, ...]

    def __init__(self, order: tuple[int, ...]) -> None:
        self.order = order

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        return tuple((str(horse), place) for place, horse in enumerate(self.order, start=1))
