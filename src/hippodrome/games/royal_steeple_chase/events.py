"""Royal Steeple Chase events: what happened, ready to narrate (keys ``royal_steeple_chase.*``).

Horses are given by their index (0 rouge, 1 bleu, 2 jaune, 3 vert), named through the catalog's
``royal_steeple_chase.horse.<i>`` terms; cards and places between squares in the seed's notation. The
one secret is a dealt card: another seat sees that a card was dealt, not which.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from hippodrome.engine.events import Event, PaidByPlayer, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

NS = "royal_steeple_chase"
HIDDEN = "?"
LANES = ("r", "b", "j", "v")
"""The horses' letters in the notation, in index order (``material.COLOURS``)."""


def _between(gap: str) -> JSONObject:
    """A gap ``7-8`` as the two squares a sentence names: « entre 7 et 8 »."""
    square, _, after = gap.partition("-")
    return {"square": int(square), "next": int(after)} if after else {"square": gap, "next": "?"}


def _backed(horses: str) -> JSONObject:
    """A bet's horse(s) ``r+b`` as the sentence names them."""
    letters = horses.split("+")
    if not all(letter in LANES for letter in letters):
        return {}
    named: JSONObject = {"horse": LANES.index(letters[0])}
    if len(letters) > 1:
        named["other"] = LANES.index(letters[1])
    return named


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
    """One card to a seat's hand: only that seat sees which. Told in :class:`HandDealt` once the
    deal is over, one line a seat."""

    key: ClassVar[str] = f"{NS}.card_dealt"
    quiet: ClassVar[bool] = True
    player: Player
    card: str

    def seen_by(self, viewer: Player | None) -> Event:
        if viewer == self.player:
            return self
        hidden = _HIDDEN_CARDS.get(self.player)
        if hidden is None:  # one face-down card per seat, shared (events are never changed)
            hidden = _HIDDEN_CARDS[self.player] = CardDealt(self.player, HIDDEN)
        return hidden


_HIDDEN_CARDS: dict[Player, CardDealt] = {}


@dataclass(slots=True)
class HandDealt(Event):
    """A seat's whole hand, told once the deal is over: only that seat sees which cards (the
    others, how many)."""

    key: ClassVar[str] = f"{NS}.hand_dealt"
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    player: Player
    cards: tuple[str, ...]

    def seen_by(self, viewer: Player | None) -> Event:
        if viewer == self.player:
            return self
        return HandDealt(self.player, tuple(HIDDEN for _ in self.cards))

    def message(self) -> tuple[str, JSONObject]:
        if HIDDEN in self.cards:
            return f"{self.key}_hidden", {"player": self.player, "count": len(self.cards)}
        return self.key, {"player": self.player, "cards": "  ".join(self.cards)}


@dataclass(slots=True)
class DummyLaidOpen(Event):
    """« le mort a son jeu étalé »: the dummy's hand, told to everyone once the deal is over (D79)."""

    key: ClassVar[str] = f"{NS}.dummy_laid_open"
    player: Player
    cards: tuple[str, ...]

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"player": self.player, "cards": "  ".join(self.cards)}


@dataclass(slots=True)
class SpreadDealt(Event):
    """The cards spread face up, told once the deal is over."""

    key: ClassVar[str] = f"{NS}.spread_dealt"
    cards: tuple[str, ...]

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"cards": "  ".join(self.cards)}


@dataclass(slots=True)
class HorseRequested(Event):
    key: ClassVar[str] = f"{NS}.horse_requested"
    variants: ClassVar[tuple[str, ...]] = ("free",)
    player: Player
    horse: int
    bid: int

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.bid else f"{self.key}_free"), self.params()


@dataclass(slots=True)
class HorseGiven(Event):
    key: ClassVar[str] = f"{NS}.horse_given"
    player: Player
    horse: int


@dataclass(slots=True)
class CardRequested(Event):
    key: ClassVar[str] = f"{NS}.card_requested"
    variants: ClassVar[tuple[str, ...]] = ("free",)
    player: Player
    card: str
    bid: int

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.bid else f"{self.key}_free"), self.params()


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
class BidPaid(PaidByPlayer, Event):
    """The winner of an auction puts his bid on the table (seed, ENCHÈRES)."""

    key: ClassVar[str] = f"{NS}.bid_paid"
    ledger: ClassVar[str] = "purchases"
    player: Player
    amount: int


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
class TradeProposedWithPoints(TradeProposed):
    """An offer of a card and points (D51: points may come from either side)."""

    key: ClassVar[str] = f"{NS}.trade_proposed_points"
    points: int


@dataclass(slots=True)
class CardAsked(Event):
    """« B (vert) demande un 4 / 3v »: a named card asked of the other players (D50)."""

    key: ClassVar[str] = f"{NS}.card_asked"
    player: Player
    card: str


@dataclass(slots=True)
class TradeCountered(Event):
    key: ClassVar[str] = f"{NS}.trade_countered"
    variants: ClassVar[tuple[str, ...]] = ("card",)
    player: Player
    card: str
    points: int

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.points else f"{self.key}_card"), self.params()


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
    variants: ClassVar[tuple[str, ...]] = ("card",)

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.points else f"{self.key}_card"), self.params()

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.points, self.target: -self.points} if self.points else {}


@dataclass(slots=True)
class PotShared(Event):
    """Seed, ENCHÈRES: « les mises sont partagées également entre tous les joueurs. Le reliquat
    éventuel reste pour le tour suivant. »"""

    key: ClassVar[str] = f"{NS}.pot_shared"
    ledger: ClassVar[str] = "pot"
    variants: ClassVar[tuple[str, ...]] = ("all", "none", "empty")
    share: int
    kept: int
    players: int

    def message(self) -> tuple[str, JSONObject]:
        if not self.share:
            return f"{self.key}_{'none' if self.kept else 'empty'}", self.params()
        return (self.key if self.kept else f"{self.key}_all"), self.params()

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
    variants: ClassVar[tuple[str, ...]] = ("incident",)
    horse: int
    frm: int
    to: int
    half: str
    """The coup that moved it, or ``incident`` (« Avancez d'une case votre cheval »)."""

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_incident" if self.half == "incident" else self.key), self.params()


@dataclass(slots=True)
class HorseHeld(Event):
    """« Si une avance entière est impossible, on s'arrête devant l'obstacle »: a coup too short to
    jump the hurdle just ahead leaves the horse where it stands."""

    key: ClassVar[str] = f"{NS}.horse_held"
    horse: int
    square: int
    half: str


@dataclass(slots=True)
class HurdleJumped(Event):
    key: ClassVar[str] = f"{NS}.hurdle_jumped"
    variants: ClassVar[tuple[str, ...]] = ("central",)
    horse: int
    gap: str
    central: bool

    def message(self) -> tuple[str, JSONObject]:
        key = f"{self.key}_central" if self.central else self.key
        return key, {"horse": self.horse} | _between(self.gap)


@dataclass(slots=True)
class RiverRefused(Event):
    """A card ended with the horse on a river: it stops before the obstacle instead."""

    key: ClassVar[str] = f"{NS}.river_refused"
    horse: int
    to: int


@dataclass(slots=True)
class HorseBarred(Event):
    """A horse standing where the lanes cross « barre la piste »: the other stops short of the
    square it bars (D26)."""

    key: ClassVar[str] = f"{NS}.horse_barred"
    terms: ClassVar[Mapping[str, str]] = {"by": "horse"}
    horse: int
    by: int
    square: int
    stays: int


@dataclass(slots=True)
class HurdlePlaced(Event):
    key: ClassVar[str] = f"{NS}.hurdle_placed"
    player: Player
    horse: int
    gap: str

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"player": self.player, "horse": self.horse} | _between(self.gap)


@dataclass(slots=True)
class HurdleRemoved(Event):
    key: ClassVar[str] = f"{NS}.hurdle_removed"
    player: Player
    horse: int
    gap: str

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"player": self.player, "horse": self.horse} | _between(self.gap)


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
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    horse: int
    place: int

    def placings(self) -> Sequence[tuple[str, int]]:
        return ((str(self.horse), self.place),)  # named by the catalog's horse terms


@dataclass(slots=True)
class RaceEnded(Event):
    key: ClassVar[str] = f"{NS}.race_ended"
    terms: ClassVar[Mapping[str, str]] = {"winner": "player", "placed": "player"}
    winner: int
    """The winning player, -1 when the race is void (nobody finished)."""
    placed: int

    ends_race: ClassVar[bool] = True


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
class Prize(PaidToPlayer, Event):
    """Seed, JEU SIMPLIFIÉ: the winner receives 100 in auction chips, the placed 50."""

    key: ClassVar[str] = f"{NS}.prize"
    ledger: ClassVar[str] = "prizes"
    player: Player
    amount: int


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
    terms: ClassVar[Mapping[str, str]] = {"other": "horse"}
    variants: ClassVar[tuple[str, ...]] = ("hidden", "two", "free", "hidden_free", "two_free")
    player: Player
    horses: str
    stake: int

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else BetPlaced(self.player, HIDDEN, self.stake)

    def message(self) -> tuple[str, JSONObject]:
        backed = _backed(self.horses)
        way = "hidden" if not backed else "two" if "other" in backed else ""
        free = "" if self.stake else "free"
        suffix = "_".join(part for part in (way, free) if part)
        key = f"{self.key}_{suffix}" if suffix else self.key
        return key, {"player": self.player, "stake": self.stake} | backed

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.stake} if self.stake else {}


@dataclass(slots=True)
class BetRevealed(Event):
    key: ClassVar[str] = f"{NS}.bet_revealed"
    terms: ClassVar[Mapping[str, str]] = {"other": "horse"}
    variants: ClassVar[tuple[str, ...]] = ("two", "free", "two_free", "none")
    player: Player
    horses: str
    stake: int

    def message(self) -> tuple[str, JSONObject]:
        backed = _backed(self.horses)
        if not backed:
            return f"{self.key}_none", {"player": self.player}
        way = "two" if "other" in backed else ""
        free = "" if self.stake else "free"
        suffix = "_".join(part for part in (way, free) if part)
        key = f"{self.key}_{suffix}" if suffix else self.key
        return key, {"player": self.player, "stake": self.stake} | backed


@dataclass(slots=True)
class BetWon(PaidToPlayer, Event):
    """« Les enjeux vont au gagnant avec partage éventuel selon les mises initiales. »"""

    key: ClassVar[str] = f"{NS}.bet_won"
    ledger: ClassVar[str] = "winnings"
    player: Player
    amount: int


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
    variants: ClassVar[tuple[str, ...]] = ("void",)

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.effect else f"{self.key}_void"), self.params()


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


@dataclass(slots=True)
class CardCancelled(Event):
    """Aux enchères: « la carte jouée serait annulée et aucune des indications qu'elle porte ne
    serait exécutée » (``rule``: second_river or finish)."""

    key: ClassVar[str] = f"{NS}.card_cancelled"
    player: Player
    horse: int
    rule: str


@dataclass(slots=True)
class RubberBegun(Event):
    """Aux enchères: a new rubber, new partners, the auction chips dealt again."""

    key: ClassVar[str] = f"{NS}.rubber_begun"
    number: int


@dataclass(slots=True)
class HorseCalled(Event):
    """Royal Steeple Chase contract: a colour asked for (« Cheval rouge »)."""

    key: ClassVar[str] = f"{NS}.horse_called"
    player: Player
    horse: int


@dataclass(slots=True)
class BidCalled(Event):
    """Royal Steeple Chase contract: a call of the ladder, « contre » or « surcontre »."""

    key: ClassVar[str] = f"{NS}.bid_called"
    terms: ClassVar[Mapping[str, str]] = {"bid": "call"}
    player: Player
    bid: str


@dataclass(slots=True)
class CardEliminated(Event):
    """Royal Steeple Chase contract: « chaque joueur élimine trois cartes et les montre »."""

    key: ClassVar[str] = f"{NS}.card_eliminated"
    player: Player
    card: str
