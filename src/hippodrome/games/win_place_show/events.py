"""Win, Place & Show events: what happened, ready to narrate (keys ``win_place_show.*`` in
``locale/``). Horses are given by their id; the catalogs translate them. The auctions' and the
betting slips' own events come from the engine's components (``auction.*``, ``pool.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player


@dataclass(slots=True)
class RaceCalled(Event):
    key: ClassVar[str] = "win_place_show.race_called"
    race: int
    miles: str
    purse: Money


@dataclass(slots=True)
class StableDrawn(Event):
    key: ClassVar[str] = "win_place_show.stable_drawn"
    player: Player
    number: int


@dataclass(slots=True)
class SheetWritten(Event):
    """A bid written on a seat's sheet: the amount is the writer's until the sheets are opened."""

    key: ClassVar[str] = "win_place_show.sheet_written"
    player: Player
    horse: str
    amount: Money | None

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else replace(self, amount=None)


@dataclass(slots=True)
class SheetsOpened(Event):
    key: ClassVar[str] = "win_place_show.sheets_opened"
    race: int


@dataclass(slots=True)
class BidsVoid(Event):
    """§9: a seat's bids are suspended while it owns a horse and another has none, ignored once it
    owns two, and void beyond its money."""

    key: ClassVar[str] = "win_place_show.bids_void"
    horse: str
    players: tuple[Player, ...]


@dataclass(slots=True)
class LineStarted(Event):
    """A line of a slip begun: what it says is the writer's (§10: the slip is secret)."""

    key: ClassVar[str] = "win_place_show.line_started"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    player: Player
    bet: str | None
    horses: tuple[str, ...] | None

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else replace(self, bet=None, horses=None)


@dataclass(slots=True)
class BetsClosed(Event):
    """§10: « Chaque joueur annonce le montant total de ses paris et les paye à la banque »."""

    key: ClassVar[str] = "win_place_show.bets_closed"
    player: Player
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount} if self.amount else {}


@dataclass(slots=True)
class Off(Event):
    key: ClassVar[str] = "win_place_show.off"
    race: int


@dataclass(slots=True)
class DiceRolled(Event):
    key: ClassVar[str] = "win_place_show.dice_rolled"
    terms: ClassVar[Mapping[str, str]] = {"first": "horse", "bonus": "horse"}
    turn: int
    white: int
    other: int
    first: str
    """The horse the white die names: it moves first (§6)."""
    bonus: str
    """The horse whose bonus number is the total, or ``none``."""

    variants: ClassVar[tuple[str, ...]] = ("no_bonus",)

    def message(self) -> tuple[str, JSONObject]:
        if self.bonus == "none":
            params = self.params()
            del params["bonus"]
            return f"{self.key}_no_bonus", params
        return self.key, self.params()


@dataclass(slots=True)
class HorseMoved(Event):
    key: ClassVar[str] = "win_place_show.horse_moved"
    horse: str
    squares: int
    """The move's total: strength, white die, bonus number, apprentice's bonus."""
    lane: int
    square: int


@dataclass(slots=True)
class HorseSpurted(Event):
    key: ClassVar[str] = "win_place_show.horse_spurted"
    horse: str


@dataclass(slots=True)
class HorseStuck(Event):
    key: ClassVar[str] = "win_place_show.horse_stuck"
    horse: str


@dataclass(slots=True)
class HorseHome(Event):
    key: ClassVar[str] = "win_place_show.horse_home"
    horse: str
    turn: int


@dataclass(slots=True)
class ClaimMade(Event):
    """§8: « La réclamation est enregistrée (cheval concerné, le type de faute, le réclamant) »."""

    key: ClassVar[str] = "win_place_show.claim_made"
    player: Player
    horse: str


@dataclass(slots=True)
class ClaimJudged(Event):
    """§8, judged at the end of the race: upheld, the claimant gets his stake on the horse back and
    a share of the owner's winnings of the race; rejected, he pays the owner his part of the fine."""

    key: ClassVar[str] = "win_place_show.claim_judged"
    ledger: ClassVar[str] = "purchases"
    terms: ClassVar[Mapping[str, str]] = {"owner": "player"}
    variants: ClassVar[tuple[str, ...]] = ("rejected",)
    player: Player
    horse: str
    owner: Player
    upheld: bool
    refund: Money
    share: Money
    """Upheld: what the owner hands over; rejected: the fine the claimant pays the owner."""

    def money_changes(self) -> Mapping[Player, Money]:
        if self.upheld:
            return {self.player: self.refund + self.share, self.owner: -self.share}
        return {self.player: -self.share, self.owner: self.share}

    def message(self) -> tuple[str, JSONObject]:
        params = {"player": self.player, "horse": self.horse, "owner": self.owner}
        if self.upheld:
            return self.key, {**params, "refund": self.refund, "share": self.share}
        return f"{self.key}_rejected", {**params, "fine": self.share}


@dataclass(slots=True)
class JockeyAsked(Event):
    """§10: an owner asks a seat out of the game to ride one of his horses this race."""

    key: ClassVar[str] = "win_place_show.jockey_asked"
    terms: ClassVar[Mapping[str, str]] = {"jockey": "player"}
    player: Player
    horse: str
    jockey: Player


@dataclass(slots=True)
class JockeyAnswered(Event):
    """§10: the seat asked rides the horse for its owner this race, or declines."""

    key: ClassVar[str] = "win_place_show.jockey_answered"
    variants: ClassVar[tuple[str, ...]] = ("declined",)
    player: Player
    horse: str
    accepted: bool

    def message(self) -> tuple[str, JSONObject]:
        params = {"player": self.player, "horse": self.horse}
        return (self.key if self.accepted else f"{self.key}_declined"), params


@dataclass(slots=True)
class StewardRuled(Event):
    """§4, §8: the steward seat rules whether the move claimed against was to the detriment of the
    horse's chances."""

    key: ClassVar[str] = "win_place_show.steward_ruled"
    variants: ClassVar[tuple[str, ...]] = ("rejected",)
    player: Player
    horse: str
    upheld: bool

    def message(self) -> tuple[str, JSONObject]:
        params = {"player": self.player, "horse": self.horse}
        return (self.key if self.upheld else f"{self.key}_rejected"), params


@dataclass(slots=True)
class Finish(Event):
    """The first four (§7), in order, when the race is over."""

    key: ClassVar[str] = "win_place_show.finish"
    terms: ClassVar[Mapping[str, str]] = {"order": "horse"}
    race: int
    order: tuple[str, ...]

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        return tuple((horse, place) for place, horse in enumerate(self.order, start=1))


@dataclass(slots=True)
class PursePaid(PaidToPlayer, Event):
    key: ClassVar[str] = "win_place_show.purse_paid"
    ledger: ClassVar[str] = "prizes"
    player: Player
    horse: str
    place: int
    amount: Money


@dataclass(slots=True)
class SlipsRevealed(Event):
    key: ClassVar[str] = "win_place_show.slips_revealed"
    race: int


@dataclass(slots=True)
class PlayerOut(Event):
    """§5: « si un joueur n'a plus d'argent durant le jeu, il est éliminé »."""

    key: ClassVar[str] = "win_place_show.player_out"
    player: Player


@dataclass(slots=True)
class GameOver(Event):
    key: ClassVar[str] = "win_place_show.game_over"
    players: tuple[Player, ...]
    money: Money
