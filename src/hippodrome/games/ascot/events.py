"""Ascot events: what happened, ready to narrate (keys ``ascot.*`` in ``locale/``).

Cards are given by their ids (``h7``, ``bookmaker``): the catalogs translate them (``ascot.card.*``).
A card in a hand is its owner's secret: the events that name one show it to him alone (``seen_by``).
Money paid to the Bank leaves the seats (``money_changes``): the Bank is not a seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from hippodrome.engine.auction_events import AuctionOpened, LotSold, LotUnsold
from hippodrome.engine.events import Event, PaidToPlayer, flagged
from hippodrome.engine.pool import DividendDeclared, SlipPlaced
from hippodrome.engine.types import JSONObject, Money, Player


@dataclass(slots=True)
class CardDealt(Event):
    key: ClassVar[str] = "ascot.card_dealt"
    player: Player
    card: str | None

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else replace(self, card=None)


@dataclass(slots=True)
class DeadPileFormed(Event):
    key: ClassVar[str] = "ascot.dead_pile_formed"
    cards: int
    each: int


@dataclass(slots=True)
class AuctioneerNamed(Event):
    """« Le joueur qui a reçu la carte du Commissaire-Priseur doit le déclarer » (by_card), or, the
    card being in the dead pile, the player named by agreement (D9)."""

    key: ClassVar[str] = "ascot.auctioneer_named"
    player: Player
    by_card: bool

    variants: ClassVar[tuple[str, ...]] = ("by_card",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "by_card")


@dataclass(slots=True)
class CardExchanged(Event):
    key: ClassVar[str] = "ascot.card_exchanged"
    player: Player
    given: str | None
    taken: str | None

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else replace(self, given=None, taken=None)


@dataclass(slots=True)
class CardDiscarded(Event):
    key: ClassVar[str] = "ascot.card_discarded"
    player: Player
    card: str | None

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else replace(self, card=None)


@dataclass(slots=True)
class HandKept(Event):
    key: ClassVar[str] = "ascot.hand_kept"
    variants: ClassVar[tuple[str, ...]] = ("one", "none")
    player: Player
    cards: int

    def message(self) -> tuple[str, JSONObject]:
        # « keeps 1 card », « keeps no card »: the count's grammar is the same in both languages.
        variant = {0: "_none", 1: "_one"}.get(self.cards, "")
        return f"{self.key}{variant}", self.params()


@dataclass(slots=True)
class LotShown(Event):
    """The auctioneer turns up the next card of the dead pile (« ne doit montrer qu'une seule carte
    à la fois »)."""

    key: ClassVar[str] = "ascot.lot_shown"
    card: str
    left: int


@dataclass(slots=True)
class BiddingOpened(AuctionOpened):
    """The engine's opening of a sale, told as Ascot tells it: the lot has just been named
    (``LotShown``, ``ForcedSale``), so only the starting price is new."""

    key: ClassVar[str] = "ascot.bidding_opened"
    variants: ClassVar[tuple[str, ...]] = ()

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"floor": self.floor}


@dataclass(slots=True)
class ItemSold(LotSold):
    """The engine's sale, the lot named as a card or a report (« adjugé »)."""

    key: ClassVar[str] = "ascot.item_sold"
    terms: ClassVar[Mapping[str, str]] = {"lot": "item"}
    variants: ClassVar[tuple[str, ...]] = ("commission",)

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"player": self.player, "lot": self.lot, "price": self.price}
        if self.commission:
            return f"{self.key}_commission", {**params, "commission": self.commission}
        return self.key, params


@dataclass(slots=True)
class ItemUnsold(LotUnsold):
    """Nobody bid: the lot named as a card or a report."""

    key: ClassVar[str] = "ascot.item_unsold"
    terms: ClassVar[Mapping[str, str]] = {"lot": "item"}


@dataclass(slots=True)
class TotalisatorSettled(DividendDeclared):
    """The engine's dividend, told as Ascot's one pool (win tickets only) says it."""

    key: ClassVar[str] = "ascot.totalisator_settled"
    variants: ClassVar[tuple[str, ...]] = ("none",)

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"total": self.total, "take": self.take, "winning": self.winning}
        if not self.multiple:
            return f"{self.key}_none", {"total": self.total}
        return self.key, {**params, "multiple": self.multiple}


@dataclass(slots=True)
class BetPlaced(SlipPlaced):
    """The engine's slip, told as Ascot's one bet (to win) on one horse says it."""

    key: ClassVar[str] = "ascot.bet_placed"

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {
            "player": self.player,
            "horses": list(self.horses or ()),
            "stake": self.stake,
        }


@dataclass(slots=True)
class PriceBanked(Event):
    """The buyer's price goes to the Bank (« payer au Banquier le montant de cet achat »); the
    engine's sale event already took it from him."""

    key: ClassVar[str] = "ascot.price_banked"
    player: Player
    card: str
    price: Money


@dataclass(slots=True)
class CardWithdrawn(Event):
    """An unsold card leaves the game, and its horse with it (« on les supprime du jeu, ainsi que
    les chevaux correspondant à ces cartes »)."""

    key: ClassVar[str] = "ascot.card_withdrawn"
    variants: ClassVar[tuple[str, ...]] = ("horse",)
    card: str
    horse: bool

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_horse" if self.horse else self.key), {"card": self.card}


@dataclass(slots=True)
class CardPaid(Event):
    """A card kept from the deal is paid to the Bank at its face value."""

    key: ClassVar[str] = "ascot.card_paid"
    player: Player
    card: str
    price: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.price}


@dataclass(slots=True)
class AuctioneerCardFree(Event):
    key: ClassVar[str] = "ascot.auctioneer_card_free"
    player: Player


@dataclass(slots=True)
class TrainingOpened(Event):
    key: ClassVar[str] = "ascot.training_opened"
    player: Player
    bank: Money


@dataclass(slots=True)
class DiceThrown(Event):
    key: ClassVar[str] = "ascot.dice_thrown"
    player: Player
    total: int


@dataclass(slots=True)
class HorseTrained(Event):
    key: ClassVar[str] = "ascot.horse_trained"
    player: Player
    horse: str
    start: int
    end: int


@dataclass(slots=True)
class HorseBoxed(Event):
    """« Chaque cheval fait une fois le tour de la piste d'Entraînement et revient dans son box »."""

    key: ClassVar[str] = "ascot.horse_boxed"
    player: Player
    horse: str


@dataclass(slots=True)
class FeePaid(Event):
    """A fee paid to the holder of the business the square (or report) names; ``to`` is -1 when
    the fee goes to the Bank (the business left the game, D13)."""

    key: ClassVar[str] = "ascot.fee_paid"
    terms: ClassVar[Mapping[str, str]] = {"to": "player"}
    player: Player
    to: Player
    business: str
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        if self.to >= 0:
            return {self.player: -self.amount, self.to: self.amount}
        return {self.player: -self.amount}


@dataclass(slots=True)
class FeeBanked(FeePaid):
    """A fee whose business left the game unsold: paid to the Bank (D13)."""

    key: ClassVar[str] = "ascot.fee_banked"


@dataclass(slots=True)
class FeeWaived(Event):
    """« ne peut naturellement pas se payer à lui-même », or a non-member on a members' square."""

    key: ClassVar[str] = "ascot.fee_waived"
    player: Player
    business: str
    reason: str


@dataclass(slots=True)
class ReportDrawn(Event):
    key: ClassVar[str] = "ascot.report_drawn"
    player: Player
    horse: str
    deck: str
    report: int
    kept: bool

    variants: ClassVar[tuple[str, ...]] = ("kept",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "kept")


@dataclass(slots=True)
class SmallCardTaken(Event):
    """An advantage (``colour`` its colour) or a disadvantage (``colour`` "white") laid on the
    horse's card; ``taken`` False when the pile is empty (D14)."""

    key: ClassVar[str] = "ascot.small_card_taken"
    player: Player
    horse: str
    colour: str
    taken: bool

    variants: ClassVar[tuple[str, ...]] = ("disadvantage", "none", "none_disadvantage")

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"player": self.player, "horse": self.horse}
        suffix = "" if self.taken else "_none"
        if self.colour == "white":
            return f"{self.key}{suffix}_disadvantage", params
        return f"{self.key}{suffix}", {**params, "colour": self.colour}


@dataclass(slots=True)
class HorseShifted(Event):
    key: ClassVar[str] = "ascot.horse_shifted"
    horse: str
    squares: int
    end: int

    variants: ClassVar[tuple[str, ...]] = ("back",)

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"horse": self.horse, "squares": abs(self.squares), "end": self.end}
        return (f"{self.key}_back" if self.squares < 0 else self.key), params


@dataclass(slots=True)
class ClubJoined(Event):
    key: ClassVar[str] = "ascot.club_joined"
    player: Player
    fee: Money


@dataclass(slots=True)
class ClubDeclined(Event):
    key: ClassVar[str] = "ascot.club_declined"
    player: Player


@dataclass(slots=True)
class FrostSpared(Event):
    key: ClassVar[str] = "ascot.frost_spared"
    player: Player
    horse: str


@dataclass(slots=True)
class Strangles(Event):
    """« Vos chevaux souffrent de gourme »: the turn stops, the next roll is lost."""

    key: ClassVar[str] = "ascot.strangles"
    player: Player


@dataclass(slots=True)
class RollLost(Event):
    key: ClassVar[str] = "ascot.roll_lost"
    player: Player


@dataclass(slots=True)
class TrainingOver(Event):
    key: ClassVar[str] = "ascot.training_over"


@dataclass(slots=True)
class BusinessesRetired(Event):
    """Préliminaires 1°: the club's cards and the businesses but the Bookmaker's leave the game."""

    key: ClassVar[str] = "ascot.businesses_retired"


@dataclass(slots=True)
class RunnersCalled(Event):
    key: ClassVar[str] = "ascot.runners_called"
    quota: int

    variants: ClassVar[tuple[str, ...]] = ("one", "none")

    def message(self) -> tuple[str, JSONObject]:
        if self.quota <= 1:
            return f"{self.key}_{'one' if self.quota else 'none'}", {}
        return self.key, {"quota": self.quota}


@dataclass(slots=True)
class EntryPaid(Event):
    key: ClassVar[str] = "ascot.entry_paid"
    player: Player
    horse: str
    fee: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.fee}


@dataclass(slots=True)
class RunnersShort(Event):
    key: ClassVar[str] = "ascot.runners_short"
    player: Player
    runners: int
    quota: int


@dataclass(slots=True)
class FavouriteNamed(Event):
    key: ClassVar[str] = "ascot.favourite_named"
    player: Player
    horse: str | None
    """None: he names no favourite (« Ce choix est facultatif »)."""

    variants: ClassVar[tuple[str, ...]] = ("none",)

    def message(self) -> tuple[str, JSONObject]:
        if self.horse is None:
            return f"{self.key}_none", {"player": self.player}
        return self.key, self.params()


@dataclass(slots=True)
class HorseCalled(Event):
    key: ClassVar[str] = "ascot.horse_called"
    horse: str
    favourite: bool

    variants: ClassVar[tuple[str, ...]] = ("favourite",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "favourite")


@dataclass(slots=True)
class TicketIssued(Event):
    key: ClassVar[str] = "ascot.ticket_issued"
    player: Player
    horse: str
    ticket: int


@dataclass(slots=True)
class NoBet(Event):
    key: ClassVar[str] = "ascot.no_bet"
    player: Player
    horse: str


@dataclass(slots=True)
class BetsClosed(Event):
    key: ClassVar[str] = "ascot.bets_closed"
    total: Money


@dataclass(slots=True)
class PoolCarriedOver(Event):
    """No ticket on the winner, and the players agreed to carry the pool over (D44)."""

    key: ClassVar[str] = "ascot.pool_carried_over"
    amount: Money


@dataclass(slots=True)
class BankerPaid(PaidToPlayer, Event):
    """« après s'en être déduit les 10% pour les services rendus »: from the Bank to the Banker."""

    key: ClassVar[str] = "ascot.banker_paid"
    ledger: ClassVar[str] = "winnings"
    player: Player
    amount: Money


@dataclass(slots=True)
class PrizePaid(PaidToPlayer, Event):
    key: ClassVar[str] = "ascot.prize_paid"
    ledger: ClassVar[str] = "prizes"
    player: Player
    horse: str
    place: int
    amount: Money


@dataclass(slots=True)
class ForcedSale(Event):
    """« il doit vendre, à titre privé, [...] au plus offrant »: ``item`` a card id or a report."""

    key: ClassVar[str] = "ascot.forced_sale"
    player: Player
    item: str


@dataclass(slots=True)
class TradeOffered(Event):
    key: ClassVar[str] = "ascot.trade_offered"
    terms: ClassVar[Mapping[str, str]] = {"to": "player"}
    player: Player
    to: Player
    deal: str
    item: str
    price: Money


@dataclass(slots=True)
class TradeMade(Event):
    key: ClassVar[str] = "ascot.trade_made"
    terms: ClassVar[Mapping[str, str]] = {"buyer": "player"}
    player: Player
    """The seller."""
    buyer: Player
    item: str
    price: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.price, self.buyer: -self.price}


@dataclass(slots=True)
class SwapOffered(Event):
    key: ClassVar[str] = "ascot.swap_offered"
    terms: ClassVar[Mapping[str, str]] = {"to": "player", "give": "item", "take": "item"}
    player: Player
    to: Player
    give: str
    take: str


@dataclass(slots=True)
class HorsesSwapped(Event):
    """Two horses exchanged, each with its card and small cards (D45)."""

    key: ClassVar[str] = "ascot.horses_swapped"
    terms: ClassVar[Mapping[str, str]] = {"other": "player", "given": "item", "taken": "item"}
    player: Player
    other: Player
    given: str
    taken: str


@dataclass(slots=True)
class TradeRefused(Event):
    key: ClassVar[str] = "ascot.trade_refused"
    terms: ClassVar[Mapping[str, str]] = {"proposer": "player"}
    player: Player
    proposer: Player


@dataclass(slots=True)
class NoMoreOffers(Event):
    key: ClassVar[str] = "ascot.no_more_offers"
    player: Player


@dataclass(slots=True)
class PlaceBetOffered(Event):
    """A private place bet offered to the Bookmaker (D40): its terms are the two sides' secret."""

    key: ClassVar[str] = "ascot.place_offered"
    terms: ClassVar[Mapping[str, str]] = {"bookmaker": "player"}
    variants: ClassVar[tuple[str, ...]] = ("private",)
    player: Player
    bookmaker: Player
    horse: str | None
    stake: Money | None
    odds: str | None

    def seen_by(self, viewer: Player | None) -> Event:
        if viewer in (self.player, self.bookmaker):
            return self
        return replace(self, horse=None, stake=None, odds=None)

    def message(self) -> tuple[str, JSONObject]:
        if self.horse is None:
            return f"{self.key}_private", {"player": self.player, "bookmaker": self.bookmaker}
        return self.key, self.params()


@dataclass(slots=True)
class PlaceBetAgreed(PlaceBetOffered):
    """The Bookmaker took the private place bet: nothing is paid before the race is over."""

    key: ClassVar[str] = "ascot.place_agreed"


@dataclass(slots=True)
class PlaceBetsClosed(Event):
    key: ClassVar[str] = "ascot.places_closed"
    bets: int


@dataclass(slots=True)
class TradingOver(Event):
    key: ClassVar[str] = "ascot.trading_over"


@dataclass(slots=True)
class RaceOpened(Event):
    key: ClassVar[str] = "ascot.race_opened"
    runners: int


@dataclass(slots=True)
class RaceStarter(Event):
    key: ClassVar[str] = "ascot.race_starter"
    player: Player


@dataclass(slots=True)
class DieThrown(Event):
    key: ClassVar[str] = "ascot.die_thrown"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    player: Player
    face: int
    horses: list[str]


@dataclass(slots=True)
class HorseRan(Event):
    key: ClassVar[str] = "ascot.horse_ran"
    player: Player
    horse: str
    points: int
    lane: int
    square: int
    jostled: bool

    variants: ClassVar[tuple[str, ...]] = ("jostled",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "jostled")


@dataclass(slots=True)
class HorsePlacedAt(Event):
    key: ClassVar[str] = "ascot.horse_placed_at"
    player: Player
    horse: str
    lane: int
    square: int


@dataclass(slots=True)
class HorseStays(Event):
    key: ClassVar[str] = "ascot.horse_stays"
    player: Player
    horse: str
    points: int


@dataclass(slots=True)
class HorseGetsUp(Event):
    key: ClassVar[str] = "ascot.horse_gets_up"
    player: Player
    horse: str


@dataclass(slots=True)
class ColourUsed(Event):
    key: ClassVar[str] = "ascot.colour_used"
    player: Player
    horse: str
    use: str


@dataclass(slots=True)
class InscriptionRead(Event):
    key: ClassVar[str] = "ascot.inscription_read"
    player: Player
    horse: str
    inscription: str


@dataclass(slots=True)
class InscriptionVoid(Event):
    key: ClassVar[str] = "ascot.inscription_void"
    player: Player
    horse: str
    inscription: str


@dataclass(slots=True)
class ReportThrown(Event):
    key: ClassVar[str] = "ascot.report_thrown"
    player: Player
    horse: str
    item: str


@dataclass(slots=True)
class HorseFell(Event):
    key: ClassVar[str] = "ascot.horse_fell"
    player: Player
    horse: str


@dataclass(slots=True)
class HorseEliminated(Event):
    key: ClassVar[str] = "ascot.horse_eliminated"
    player: Player
    horse: str
    inscription: str


@dataclass(slots=True)
class HorseDisqualified(Event):
    key: ClassVar[str] = "ascot.horse_disqualified"
    player: Player
    horse: str
    disadvantages: int


@dataclass(slots=True)
class HorsePlaced(Event):
    key: ClassVar[str] = "ascot.horse_placed"
    player: Player
    horse: str
    place: int


@dataclass(slots=True)
class RaceOver(Event):
    key: ClassVar[str] = "ascot.race_over"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    horses: list[str]
    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        return tuple((horse, place) for place, horse in enumerate(self.horses, start=1))

    variants: ClassVar[tuple[str, ...]] = ("none",)

    def message(self) -> tuple[str, JSONObject]:
        return (self.key, self.params()) if self.horses else (f"{self.key}_none", {})


@dataclass(slots=True)
class GameOver(Event):
    key: ClassVar[str] = "ascot.game_over"
    players: list[Player]
