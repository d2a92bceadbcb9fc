"""Royal Steeple Chase events: what happened, ready to narrate (keys ``royal_steeple_chase.*``).

Horses are given by their index (0 rouge, 1 bleu, 2 jaune, 3 vert), named through the catalog's
``royal_steeple_chase.horse.<i>`` terms; cards and places between squares in the seed's notation. The
one secret is a dealt card: another seat sees that a card was dealt, not which.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from hippodrome.engine.events import Event
from hippodrome.engine.types import Money, Player

NS = "royal_steeple_chase"
HIDDEN = "?"


@dataclass(slots=True)
class DealBegun(Event):
    key: ClassVar[str] = f"{NS}.deal_begun"
    terms: ClassVar[Mapping[str, str]] = {"dealer": "player"}
    number: int
    dealer: Player
    hand: int
    spread: int


@dataclass(slots=True)
class CardDealt(Event):
    """A card to a seat's hand: only that seat sees which."""

    key: ClassVar[str] = f"{NS}.card_dealt"
    player: Player
    card: str

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else CardDealt(self.player, HIDDEN)


@dataclass(slots=True)
class CardSpread(Event):
    key: ClassVar[str] = f"{NS}.card_spread"
    card: str


@dataclass(slots=True)
class HorseRequested(Event):
    key: ClassVar[str] = f"{NS}.horse_requested"
    player: Player
    horse: int
    bid: int


@dataclass(slots=True)
class HorseGiven(Event):
    key: ClassVar[str] = f"{NS}.horse_given"
    player: Player
    horse: int


@dataclass(slots=True)
class CardRequested(Event):
    key: ClassVar[str] = f"{NS}.card_requested"
    player: Player
    card: str
    bid: int


@dataclass(slots=True)
class BidRaised(Event):
    key: ClassVar[str] = f"{NS}.bid_raised"
    player: Player
    amount: int


@dataclass(slots=True)
class Passed(Event):
    key: ClassVar[str] = f"{NS}.passed"
    player: Player


@dataclass(slots=True)
class BidPaid(Event):
    """The winner of an auction puts his bid on the table (seed, ENCHÈRES)."""

    key: ClassVar[str] = f"{NS}.bid_paid"
    player: Player
    amount: int

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount}


@dataclass(slots=True)
class CardExchanged(Event):
    key: ClassVar[str] = f"{NS}.card_exchanged"
    player: Player
    taken: str
    thrown: str


@dataclass(slots=True)
class TradeProposed(Event):
    key: ClassVar[str] = f"{NS}.trade_proposed"
    terms: ClassVar[Mapping[str, str]] = {"target": "player"}
    player: Player
    target: Player
    card: str


@dataclass(slots=True)
class TradeCountered(Event):
    key: ClassVar[str] = f"{NS}.trade_countered"
    player: Player
    card: str
    points: int


@dataclass(slots=True)
class TradeRefused(Event):
    key: ClassVar[str] = f"{NS}.trade_refused"
    player: Player


@dataclass(slots=True)
class TradeDone(Event):
    key: ClassVar[str] = f"{NS}.trade_done"
    terms: ClassVar[Mapping[str, str]] = {"target": "player"}
    player: Player
    target: Player
    given: str
    received: str
    points: int
    """Points the target added (paid to the proposer)."""

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.points, self.target: -self.points} if self.points else {}


@dataclass(slots=True)
class PotShared(Event):
    """Seed, ENCHÈRES: « les mises sont partagées également entre tous les joueurs. Le reliquat
    éventuel reste pour le tour suivant. »"""

    key: ClassVar[str] = f"{NS}.pot_shared"
    share: int
    kept: int
    players: int

    def money_changes(self) -> Mapping[Player, Money]:
        return {p: self.share for p in range(self.players)} if self.share else {}


@dataclass(slots=True)
class RaceOff(Event):
    key: ClassVar[str] = f"{NS}.race_off"
    player: Player


@dataclass(slots=True)
class CardPlayed(Event):
    key: ClassVar[str] = f"{NS}.card_played"
    player: Player
    card: str


@dataclass(slots=True)
class HorseMoved(Event):
    key: ClassVar[str] = f"{NS}.horse_moved"
    horse: int
    frm: int
    to: int
    half: str


@dataclass(slots=True)
class HurdleJumped(Event):
    key: ClassVar[str] = f"{NS}.hurdle_jumped"
    horse: int
    gap: str
    central: bool


@dataclass(slots=True)
class RiverRefused(Event):
    """A card ended with the horse on a river: it stops before the obstacle instead."""

    key: ClassVar[str] = f"{NS}.river_refused"
    horse: int
    to: int


@dataclass(slots=True)
class HurdlePlaced(Event):
    key: ClassVar[str] = f"{NS}.hurdle_placed"
    player: Player
    horse: int
    gap: str


@dataclass(slots=True)
class HurdleRemoved(Event):
    key: ClassVar[str] = f"{NS}.hurdle_removed"
    player: Player
    horse: int
    gap: str


@dataclass(slots=True)
class HorseFellBack(Event):
    key: ClassVar[str] = f"{NS}.horse_fell_back"
    horse: int
    frm: int
    to: int


@dataclass(slots=True)
class HalfVoid(Event):
    key: ClassVar[str] = f"{NS}.half_void"
    player: Player
    half: str


@dataclass(slots=True)
class HorseFinished(Event):
    key: ClassVar[str] = f"{NS}.horse_finished"
    horse: int
    place: int


@dataclass(slots=True)
class RaceEnded(Event):
    key: ClassVar[str] = f"{NS}.race_ended"
    terms: ClassVar[Mapping[str, str]] = {"winner": "player", "placed": "player"}
    winner: int
    """The winning player, -1 when the race is void (nobody finished)."""
    placed: int


@dataclass(slots=True)
class Scored(Event):
    """Points on the bridge score sheet: ``honours`` above the line, ``game`` below."""

    key: ClassVar[str] = f"{NS}.scored"
    player: Player
    honours: int
    game: int
    reason: str


@dataclass(slots=True)
class GameMade(Event):
    key: ClassVar[str] = f"{NS}.game_made"
    player: Player
    games: int


@dataclass(slots=True)
class Prize(Event):
    """Seed, JEU SIMPLIFIÉ: the winner receives 100 in auction chips, the placed 50."""

    key: ClassVar[str] = f"{NS}.prize"
    player: Player
    amount: int

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount}


@dataclass(slots=True)
class MatchOver(Event):
    key: ClassVar[str] = f"{NS}.match_over"
    terms: ClassVar[Mapping[str, str]] = {"winners": "player"}
    winners: tuple[int, ...]


@dataclass(slots=True)
class BetPlaced(Event):
    """JEU PIRATE: a secret bet. Everyone sees the stake go on the table, only its author the
    horse(s)."""

    key: ClassVar[str] = f"{NS}.bet_placed"
    player: Player
    horses: str
    stake: int

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else BetPlaced(self.player, HIDDEN, self.stake)

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.stake} if self.stake else {}


@dataclass(slots=True)
class BetRevealed(Event):
    key: ClassVar[str] = f"{NS}.bet_revealed"
    player: Player
    horses: str
    stake: int


@dataclass(slots=True)
class BetWon(Event):
    """« Les enjeux vont au gagnant avec partage éventuel selon les mises initiales. »"""

    key: ClassVar[str] = f"{NS}.bet_won"
    player: Player
    amount: int

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount}


@dataclass(slots=True)
class IncidentDrawn(Event):
    """CARTES D'INCIDENTS: « Chaque joueur qui arrête son cheval sur une case numérotée en rouge
    prend une carte d'incidents et, le coup suivant, se conforme aux indications qu'elle porte. »"""

    key: ClassVar[str] = f"{NS}.incident_drawn"
    terms: ClassVar[Mapping[str, str]] = {"kind": "incident"}
    player: Player
    kind: str


@dataclass(slots=True)
class IncidentApplied(Event):
    key: ClassVar[str] = f"{NS}.incident_applied"
    terms: ClassVar[Mapping[str, str]] = {"kind": "incident"}
    player: Player
    kind: str
    effect: bool
    """False when the incident found nothing to act on."""


@dataclass(slots=True)
class IncidentPaid(Event):
    key: ClassVar[str] = f"{NS}.incident_paid"
    player: Player
    amount: int

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount} if self.amount else {}


@dataclass(slots=True)
class DiscardTaken(Event):
    key: ClassVar[str] = f"{NS}.discard_taken"
    player: Player
    card: str


@dataclass(slots=True)
class LanesSwapped(Event):
    key: ClassVar[str] = f"{NS}.lanes_swapped"
    horse: int
    other: int
    terms: ClassVar[Mapping[str, str]] = {"other": "horse"}


@dataclass(slots=True)
class CampFormed(Event):
    """JEU PAR CAMP IMPROVISÉ: two players on the same horse."""

    key: ClassVar[str] = f"{NS}.camp_formed"
    terms: ClassVar[Mapping[str, str]] = {"partner": "player"}
    player: Player
    partner: Player
    horse: int


@dataclass(slots=True)
class Contred(Event):
    key: ClassVar[str] = f"{NS}.contred"
    player: Player


@dataclass(slots=True)
class ContreLost(Event):
    """« tout joueur qui perd un « contre » ne peut acheter un cheval le coup suivant »"""

    key: ClassVar[str] = f"{NS}.contre_lost"
    player: Player
