"""Ascot events: what happened, ready to narrate (keys ``ascot.*`` in ``locale/``).

Cards are given by their ids (``h7``, ``bookmaker``): the catalogs translate them (``ascot.card.*``).
A card in a hand is its owner's secret: the events that name one show it to him alone (``seen_by``).
Money paid to the Bank leaves the seats (``money_changes``): the Bank is not a seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from hippodrome.engine.auction_events import AuctionOpened, LotSold, LotUnsold
from hippodrome.engine.events import Event, PaidToPlayer, flagged
from hippodrome.engine.pool_events import DividendDeclared, SlipPlaced
from hippodrome.engine.types import JSONObject, Money, Player


class CardDealt(Event):
    key: ClassVar[str] = "ascot.card_dealt"
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    __slots__ = ("player", "card")
    player: Player
    card: str | None

    def __init__(self, player: Player, card: str | None) -> None:
        self.player = player
        self.card = card

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else self.copy_with(card=None)

    def message(self) -> tuple[str, JSONObject]:
        # Seen by another seat, what is written stays hidden: the sentence says so.
        return f"{self.key}{'_hidden' if self.card is None else ''}", self.params()


class DeadPileFormed(Event):
    key: ClassVar[str] = "ascot.dead_pile_formed"
    __slots__ = ("cards", "each")
    cards: int
    each: int

    def __init__(self, cards: int, each: int) -> None:
        self.cards = cards
        self.each = each


class AuctioneerNamed(Event):
    """« Le joueur qui a reçu la carte du Commissaire-Priseur doit le déclarer » (by_card), or, the
    card being in the dead pile, the player named by agreement (D9)."""

    key: ClassVar[str] = "ascot.auctioneer_named"
    __slots__ = ("player", "by_card")
    player: Player
    by_card: bool

    def __init__(self, player: Player, by_card: bool) -> None:
        self.player = player
        self.by_card = by_card

    variants: ClassVar[tuple[str, ...]] = ("by_card",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "by_card")


class CardExchanged(Event):
    key: ClassVar[str] = "ascot.card_exchanged"
    terms: ClassVar[Mapping[str, str]] = {"given": "item", "taken": "item"}
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    __slots__ = ("player", "given", "taken")
    player: Player
    given: str | None
    taken: str | None

    def __init__(self, player: Player, given: str | None, taken: str | None) -> None:
        self.player = player
        self.given = given
        self.taken = taken

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else self.copy_with(given=None, taken=None)

    def message(self) -> tuple[str, JSONObject]:
        # Seen by another seat: « gives a card to the dead pile and takes another ».
        return f"{self.key}{'_hidden' if self.given is None else ''}", self.params()


class CardDiscarded(Event):
    key: ClassVar[str] = "ascot.card_discarded"
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    __slots__ = ("player", "card")
    player: Player
    card: str | None

    def __init__(self, player: Player, card: str | None) -> None:
        self.player = player
        self.card = card

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else self.copy_with(card=None)

    def message(self) -> tuple[str, JSONObject]:
        return f"{self.key}{'_hidden' if self.card is None else ''}", self.params()


class HandKept(Event):
    key: ClassVar[str] = "ascot.hand_kept"
    variants: ClassVar[tuple[str, ...]] = ("one", "none")
    __slots__ = ("player", "cards")
    player: Player
    cards: int

    def __init__(self, player: Player, cards: int) -> None:
        self.player = player
        self.cards = cards

    def message(self) -> tuple[str, JSONObject]:
        # « keeps 1 card », « keeps no card »: the count's grammar is the same in both languages.
        variant = {0: "_none", 1: "_one"}.get(self.cards, "")
        return f"{self.key}{variant}", self.params()


class LotShown(Event):
    """The auctioneer turns up the next card of the dead pile (« ne doit montrer qu'une seule carte
    à la fois »)."""

    key: ClassVar[str] = "ascot.lot_shown"
    __slots__ = ("card", "left")
    card: str
    left: int

    def __init__(self, card: str, left: int) -> None:
        self.card = card
        self.left = left


class BiddingOpened(AuctionOpened):
    """The engine's opening of a sale, told as Ascot tells it: the lot has just been named
    (``LotShown``, ``ForcedSale``), so only the starting price is new."""

    key: ClassVar[str] = "ascot.bidding_opened"
    __slots__ = ()
    variants: ClassVar[tuple[str, ...]] = ()

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"floor": self.floor}


class ItemSold(LotSold):
    """The engine's sale, the lot named as a card or a report (« adjugé »)."""

    key: ClassVar[str] = "ascot.item_sold"
    __slots__ = ()
    terms: ClassVar[Mapping[str, str]] = {"lot": "item"}
    variants: ClassVar[tuple[str, ...]] = ("commission",)

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        # The price is a purchase for the buyer (or those who share it) and, in a forced sale, a
        # sale for the seller; the Auctioneer's commission, a commission.
        lot = f"ascot.item.{self.lot}"
        paid: dict[Player, Money] = {}
        for payer, part in self.shares or ((self.player, self.price),):
            paid[payer] = paid.get(payer, 0) - part
        entries: list[tuple[str, str, Mapping[Player, Money]]] = [("purchases", lot, paid)]
        if self.seller >= 0:
            entries.append(("sales", lot, {self.seller: self.price}))
        if self.commission:
            fee = {self.player: -self.commission}
            if self.auctioneer >= 0:
                fee[self.auctioneer] = fee.get(self.auctioneer, 0) + self.commission
            entries.append(("commissions", "ascot.business.commissaire_priseur", fee))
        return entries

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"player": self.player, "lot": self.lot, "price": self.price}
        if self.commission:
            return f"{self.key}_commission", {**params, "commission": self.commission}
        return self.key, params


class ItemUnsold(LotUnsold):
    """Nobody bid: the lot named as a card or a report."""

    key: ClassVar[str] = "ascot.item_unsold"
    __slots__ = ()
    terms: ClassVar[Mapping[str, str]] = {"lot": "item"}


class TotalisatorSettled(DividendDeclared):
    """The engine's dividend, told as Ascot's one pool (win tickets only) says it."""

    key: ClassVar[str] = "ascot.totalisator_settled"
    __slots__ = ()
    variants: ClassVar[tuple[str, ...]] = ("none",)

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"total": self.total, "take": self.take, "winning": self.winning}
        if not self.multiple:
            return f"{self.key}_none", {"total": self.total}
        return self.key, {**params, "multiple": self.multiple}


class BetPlaced(SlipPlaced):
    """The engine's slip, told as Ascot's one bet (to win) on one horse says it."""

    key: ClassVar[str] = "ascot.bet_placed"
    __slots__ = ()

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {
            "player": self.player,
            "horses": list(self.horses or ()),
            "stake": self.stake,
        }


class PriceBanked(Event):
    """The buyer's price goes to the Bank (« payer au Banquier le montant de cet achat »); the
    engine's sale event already took it from him."""

    key: ClassVar[str] = "ascot.price_banked"
    __slots__ = ("player", "card", "price")
    player: Player
    card: str
    price: Money

    def __init__(self, player: Player, card: str, price: Money) -> None:
        self.player = player
        self.card = card
        self.price = price


class CardWithdrawn(Event):
    """An unsold card leaves the game, and its horse with it (« on les supprime du jeu, ainsi que
    les chevaux correspondant à ces cartes »)."""

    key: ClassVar[str] = "ascot.card_withdrawn"
    variants: ClassVar[tuple[str, ...]] = ("horse",)
    __slots__ = ("card", "horse")
    card: str
    horse: bool

    def __init__(self, card: str, horse: bool) -> None:
        self.card = card
        self.horse = horse

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_horse" if self.horse else self.key), {"card": self.card}


class CardPaid(Event):
    """A card kept from the deal is paid to the Bank at its face value."""

    key: ClassVar[str] = "ascot.card_paid"
    ledger: ClassVar[str] = "cards"
    __slots__ = ("player", "card", "price")
    player: Player
    card: str
    price: Money

    def __init__(self, player: Player, card: str, price: Money) -> None:
        self.player = player
        self.card = card
        self.price = price

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.price}

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        return ((self.ledger, f"ascot.item.{self.card}", self.money_changes()),)


class AuctioneerCardFree(Event):
    key: ClassVar[str] = "ascot.auctioneer_card_free"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class TrainingOpened(Event):
    key: ClassVar[str] = "ascot.training_opened"
    __slots__ = ("player", "bank")
    player: Player
    bank: Money

    def __init__(self, player: Player, bank: Money) -> None:
        self.player = player
        self.bank = bank


class DiceThrown(Event):
    key: ClassVar[str] = "ascot.dice_thrown"
    __slots__ = ("player", "total")
    player: Player
    total: int

    def __init__(self, player: Player, total: int) -> None:
        self.player = player
        self.total = total


class HorseTrained(Event):
    key: ClassVar[str] = "ascot.horse_trained"
    __slots__ = ("player", "horse", "start", "end")
    player: Player
    horse: str
    start: int
    end: int

    def __init__(self, player: Player, horse: str, start: int, end: int) -> None:
        self.player = player
        self.horse = horse
        self.start = start
        self.end = end


class HorseBoxed(Event):
    """« Chaque cheval fait une fois le tour de la piste d'Entraînement et revient dans son box »."""

    key: ClassVar[str] = "ascot.horse_boxed"
    __slots__ = ("player", "horse")
    player: Player
    horse: str

    def __init__(self, player: Player, horse: str) -> None:
        self.player = player
        self.horse = horse


class FeePaid(Event):
    """A fee paid to the holder of the business the square (or report) names (a business whose
    card left the game is paid nothing: ``FeeWaived``, D13)."""

    key: ClassVar[str] = "ascot.fee_paid"
    ledger: ClassVar[str] = "fees"
    terms: ClassVar[Mapping[str, str]] = {"to": "player"}
    __slots__ = ("player", "to", "business", "amount")
    player: Player
    to: Player
    business: str
    amount: Money

    def __init__(self, player: Player, to: Player, business: str, amount: Money) -> None:
        self.player = player
        self.to = to
        self.business = business
        self.amount = amount

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount, self.to: self.amount}

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        return ((self.ledger, f"ascot.business.{self.business}", self.money_changes()),)


class FeeWaived(Event):
    """« ne peut naturellement pas se payer à lui-même » (``own_business``), a non-member on a
    members' square (``not_member``), or a business whose card left the game, with nobody to be
    paid (``withdrawn``, D13)."""

    key: ClassVar[str] = "ascot.fee_waived"
    terms: ClassVar[Mapping[str, str]] = {"business": "item"}
    __slots__ = ("player", "business", "reason")
    player: Player
    business: str
    reason: str

    def __init__(self, player: Player, business: str, reason: str) -> None:
        self.player = player
        self.business = business
        self.reason = reason


class ReportDrawn(Event):
    key: ClassVar[str] = "ascot.report_drawn"
    __slots__ = ("player", "horse", "deck", "report", "kept")
    player: Player
    horse: str
    deck: str
    report: int
    kept: bool

    def __init__(self, player: Player, horse: str, deck: str, report: int, kept: bool) -> None:
        self.player = player
        self.horse = horse
        self.deck = deck
        self.report = report
        self.kept = kept

    variants: ClassVar[tuple[str, ...]] = ("kept",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "kept")


class SmallCardTaken(Event):
    """An advantage (``colour`` its colour) or a disadvantage (``colour`` "white") laid on the
    horse's card; ``taken`` False when the pile is empty (D14)."""

    key: ClassVar[str] = "ascot.small_card_taken"
    __slots__ = ("player", "horse", "colour", "taken")
    player: Player
    horse: str
    colour: str
    taken: bool

    def __init__(self, player: Player, horse: str, colour: str, taken: bool) -> None:
        self.player = player
        self.horse = horse
        self.colour = colour
        self.taken = taken

    variants: ClassVar[tuple[str, ...]] = ("disadvantage", "none", "none_disadvantage")

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"player": self.player, "horse": self.horse}
        suffix = "" if self.taken else "_none"
        if self.colour == "white":
            return f"{self.key}{suffix}_disadvantage", params
        return f"{self.key}{suffix}", {**params, "colour": self.colour}


class HorseShifted(Event):
    key: ClassVar[str] = "ascot.horse_shifted"
    __slots__ = ("horse", "squares", "end")
    horse: str
    squares: int
    end: int

    def __init__(self, horse: str, squares: int, end: int) -> None:
        self.horse = horse
        self.squares = squares
        self.end = end

    variants: ClassVar[tuple[str, ...]] = ("back",)

    def message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"horse": self.horse, "squares": abs(self.squares), "end": self.end}
        return (f"{self.key}_back" if self.squares < 0 else self.key), params


class ClubJoined(Event):
    """A player joins the Owners' Club, paying ``fee`` to the commissioner; free (the variant
    ``free``) when nobody holds the commissioner's card (D13)."""

    key: ClassVar[str] = "ascot.club_joined"
    __slots__ = ("player", "fee")
    player: Player
    fee: Money

    def __init__(self, player: Player, fee: Money) -> None:
        self.player = player
        self.fee = fee

    variants: ClassVar[tuple[str, ...]] = ("free",)

    def message(self) -> tuple[str, JSONObject]:
        if self.fee:
            return self.key, self.params()
        return f"{self.key}_free", {"player": self.player}


class ClubDeclined(Event):
    key: ClassVar[str] = "ascot.club_declined"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class FrostSpared(Event):
    key: ClassVar[str] = "ascot.frost_spared"
    __slots__ = ("player", "horse")
    player: Player
    horse: str

    def __init__(self, player: Player, horse: str) -> None:
        self.player = player
        self.horse = horse


class Strangles(Event):
    """« Vos chevaux souffrent de gourme »: the turn stops, the next roll is lost."""

    key: ClassVar[str] = "ascot.strangles"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class RollLost(Event):
    key: ClassVar[str] = "ascot.roll_lost"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class TrainingOver(Event):
    key: ClassVar[str] = "ascot.training_over"
    __slots__ = ()


class TrainingCalled(Event):
    """D48: the training is called at the end of its last round; the horses still on the loop go
    back to their boxes (each told by ``HorseBoxed``)."""

    key: ClassVar[str] = "ascot.training_called"
    __slots__ = ("rounds",)
    rounds: int

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds


class BusinessesRetired(Event):
    """Préliminaires 1°: the club's cards and the businesses but the Bookmaker's leave the game."""

    key: ClassVar[str] = "ascot.businesses_retired"
    __slots__ = ()


class RunnersCalled(Event):
    key: ClassVar[str] = "ascot.runners_called"
    __slots__ = ("quota",)
    quota: int

    def __init__(self, quota: int) -> None:
        self.quota = quota

    variants: ClassVar[tuple[str, ...]] = ("one", "none")

    def message(self) -> tuple[str, JSONObject]:
        if self.quota <= 1:
            return f"{self.key}_{'one' if self.quota else 'none'}", {}
        return self.key, {"quota": self.quota}


class EntryPaid(Event):
    key: ClassVar[str] = "ascot.entry_paid"
    ledger: ClassVar[str] = "entry_fees"
    __slots__ = ("player", "horse", "fee")
    player: Player
    horse: str
    fee: Money

    def __init__(self, player: Player, horse: str, fee: Money) -> None:
        self.player = player
        self.horse = horse
        self.fee = fee

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.fee}

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        return ((self.ledger, f"ascot.item.{self.horse}", self.money_changes()),)


class RunnersShort(Event):
    key: ClassVar[str] = "ascot.runners_short"
    __slots__ = ("player", "runners", "quota")
    player: Player
    runners: int
    quota: int

    def __init__(self, player: Player, runners: int, quota: int) -> None:
        self.player = player
        self.runners = runners
        self.quota = quota


class FavouriteNamed(Event):
    key: ClassVar[str] = "ascot.favourite_named"
    __slots__ = ("player", "horse")
    player: Player
    horse: str | None
    """None: he names no favourite (« Ce choix est facultatif »)."""

    def __init__(self, player: Player, horse: str | None) -> None:
        self.player = player
        self.horse = horse

    variants: ClassVar[tuple[str, ...]] = ("none",)

    def message(self) -> tuple[str, JSONObject]:
        if self.horse is None:
            return f"{self.key}_none", {"player": self.player}
        return self.key, self.params()


class HorseCalled(Event):
    key: ClassVar[str] = "ascot.horse_called"
    __slots__ = ("horse", "favourite")
    horse: str
    favourite: bool

    def __init__(self, horse: str, favourite: bool) -> None:
        self.horse = horse
        self.favourite = favourite

    variants: ClassVar[tuple[str, ...]] = ("favourite",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "favourite")


class TicketIssued(Event):
    key: ClassVar[str] = "ascot.ticket_issued"
    __slots__ = ("player", "horse", "ticket")
    player: Player
    horse: str
    ticket: int

    def __init__(self, player: Player, horse: str, ticket: int) -> None:
        self.player = player
        self.horse = horse
        self.ticket = ticket


class NoBet(Event):
    key: ClassVar[str] = "ascot.no_bet"
    __slots__ = ("player", "horse")
    player: Player
    horse: str

    def __init__(self, player: Player, horse: str) -> None:
        self.player = player
        self.horse = horse


class BetsClosed(Event):
    key: ClassVar[str] = "ascot.bets_closed"
    __slots__ = ("total",)
    total: Money

    def __init__(self, total: Money) -> None:
        self.total = total


class PoolCarriedOver(Event):
    """No ticket on the winner, and the players agreed to carry the pool over (D44)."""

    key: ClassVar[str] = "ascot.pool_carried_over"
    __slots__ = ("amount",)
    amount: Money

    def __init__(self, amount: Money) -> None:
        self.amount = amount


class BankerPaid(PaidToPlayer):
    """« après s'en être déduit les 10% pour les services rendus »: from the Bank to the Banker."""

    key: ClassVar[str] = "ascot.banker_paid"
    ledger: ClassVar[str] = "commissions"
    __slots__ = ("player", "amount")
    player: Player
    amount: Money

    def __init__(self, player: Player, amount: Money) -> None:
        self.player = player
        self.amount = amount

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        return ((self.ledger, "web.result.cause.banker", self.money_changes()),)


class PrizePaid(PaidToPlayer):
    key: ClassVar[str] = "ascot.prize_paid"
    ledger: ClassVar[str] = "prizes"
    __slots__ = ("player", "horse", "place", "amount")
    player: Player
    horse: str
    place: int
    amount: Money

    def __init__(self, player: Player, horse: str, place: int, amount: Money) -> None:
        self.player = player
        self.horse = horse
        self.place = place
        self.amount = amount

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        return ((self.ledger, f"ascot.item.{self.horse}", self.money_changes()),)


class PrizesUnawarded(Event):
    """No horse passed the post: the prizes have nobody to go to and stay in the Bank (D28)."""

    key: ClassVar[str] = "ascot.prizes_unawarded"
    __slots__ = ("amount",)
    amount: Money

    def __init__(self, amount: Money) -> None:
        self.amount = amount


class TillKept(Event):
    """No Bookmaker (his card left the game): what he would have kept of the Totalisator stays in
    its till, apart from the Bank (D21)."""

    key: ClassVar[str] = "ascot.till_kept"
    __slots__ = ("amount",)
    amount: Money

    def __init__(self, amount: Money) -> None:
        self.amount = amount


class ForcedSale(Event):
    """« il doit vendre, à titre privé, [...] au plus offrant »: ``item`` a card id or a report."""

    key: ClassVar[str] = "ascot.forced_sale"
    __slots__ = ("player", "item")
    player: Player
    item: str

    def __init__(self, player: Player, item: str) -> None:
        self.player = player
        self.item = item


class TradeOffered(Event):
    key: ClassVar[str] = "ascot.trade_offered"
    terms: ClassVar[Mapping[str, str]] = {"to": "player"}
    __slots__ = ("player", "to", "deal", "item", "price")
    player: Player
    to: Player
    deal: str
    item: str
    price: Money

    def __init__(self, player: Player, to: Player, deal: str, item: str, price: Money) -> None:
        self.player = player
        self.to = to
        self.deal = deal
        self.item = item
        self.price = price


class TradeMade(Event):
    key: ClassVar[str] = "ascot.trade_made"
    ledger: ClassVar[str] = "trades"
    terms: ClassVar[Mapping[str, str]] = {"buyer": "player"}
    __slots__ = ("player", "buyer", "item", "price")
    player: Player
    """The seller."""
    buyer: Player
    item: str
    price: Money

    def __init__(self, player: Player, buyer: Player, item: str, price: Money) -> None:
        self.player = player
        self.buyer = buyer
        self.item = item
        self.price = price

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.price, self.buyer: -self.price}

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        return ((self.ledger, f"ascot.item.{self.item}", self.money_changes()),)


class SwapOffered(Event):
    key: ClassVar[str] = "ascot.swap_offered"
    terms: ClassVar[Mapping[str, str]] = {"to": "player", "give": "item", "take": "item"}
    __slots__ = ("player", "to", "give", "take")
    player: Player
    to: Player
    give: str
    take: str

    def __init__(self, player: Player, to: Player, give: str, take: str) -> None:
        self.player = player
        self.to = to
        self.give = give
        self.take = take


class HorsesSwapped(Event):
    """Two horses exchanged, each with its card and small cards (D45)."""

    key: ClassVar[str] = "ascot.horses_swapped"
    terms: ClassVar[Mapping[str, str]] = {"other": "player", "given": "item", "taken": "item"}
    __slots__ = ("player", "other", "given", "taken")
    player: Player
    other: Player
    given: str
    taken: str

    def __init__(self, player: Player, other: Player, given: str, taken: str) -> None:
        self.player = player
        self.other = other
        self.given = given
        self.taken = taken


class TradeRefused(Event):
    key: ClassVar[str] = "ascot.trade_refused"
    terms: ClassVar[Mapping[str, str]] = {"proposer": "player"}
    __slots__ = ("player", "proposer")
    player: Player
    proposer: Player

    def __init__(self, player: Player, proposer: Player) -> None:
        self.player = player
        self.proposer = proposer


class NoMoreOffers(Event):
    key: ClassVar[str] = "ascot.no_more_offers"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class PlaceBetOffered(Event):
    """A private place bet offered to the Bookmaker (D40): its terms are the two sides' secret."""

    key: ClassVar[str] = "ascot.place_offered"
    terms: ClassVar[Mapping[str, str]] = {"bookmaker": "player"}
    variants: ClassVar[tuple[str, ...]] = ("private",)
    __slots__ = ("player", "bookmaker", "horse", "stake", "odds")
    player: Player
    bookmaker: Player
    horse: str | None
    stake: Money | None
    odds: str | None

    def __init__(
        self,
        player: Player,
        bookmaker: Player,
        horse: str | None,
        stake: Money | None,
        odds: str | None,
    ) -> None:
        self.player = player
        self.bookmaker = bookmaker
        self.horse = horse
        self.stake = stake
        self.odds = odds

    def seen_by(self, viewer: Player | None) -> Event:
        if viewer in (self.player, self.bookmaker):
            return self
        return self.copy_with(horse=None, stake=None, odds=None)

    def message(self) -> tuple[str, JSONObject]:
        if self.horse is None:
            return f"{self.key}_private", {"player": self.player, "bookmaker": self.bookmaker}
        return self.key, self.params()


class PlaceBetAgreed(PlaceBetOffered):
    """The Bookmaker took the private place bet: nothing is paid before the race is over."""

    key: ClassVar[str] = "ascot.place_agreed"
    __slots__ = ()


class PlaceBetsClosed(Event):
    key: ClassVar[str] = "ascot.places_closed"
    __slots__ = ("bets",)
    bets: int

    def __init__(self, bets: int) -> None:
        self.bets = bets


class TradingOver(Event):
    key: ClassVar[str] = "ascot.trading_over"
    __slots__ = ()


class RaceOpened(Event):
    key: ClassVar[str] = "ascot.race_opened"
    __slots__ = ("runners",)
    runners: int

    def __init__(self, runners: int) -> None:
        self.runners = runners


class RaceStarter(Event):
    key: ClassVar[str] = "ascot.race_starter"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class DieThrown(Event):
    key: ClassVar[str] = "ascot.die_thrown"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    __slots__ = ("player", "face", "horses")
    player: Player
    face: int
    horses: list[str]

    def __init__(self, player: Player, face: int, horses: list[str]) -> None:
        self.player = player
        self.face = face
        self.horses = horses


class HorseRan(Event):
    key: ClassVar[str] = "ascot.horse_ran"
    __slots__ = ("player", "horse", "points", "lane", "square", "jostled")
    player: Player
    horse: str
    points: int
    lane: int
    square: int
    jostled: bool

    def __init__(
        self,
        player: Player,
        horse: str,
        points: int,
        lane: int,
        square: int,
        jostled: bool,
    ) -> None:
        self.player = player
        self.horse = horse
        self.points = points
        self.lane = lane
        self.square = square
        self.jostled = jostled

    variants: ClassVar[tuple[str, ...]] = ("jostled",)

    def message(self) -> tuple[str, JSONObject]:
        return flagged(self, "jostled")


class HorsePlacedAt(Event):
    key: ClassVar[str] = "ascot.horse_placed_at"
    __slots__ = ("player", "horse", "lane", "square")
    player: Player
    horse: str
    lane: int
    square: int

    def __init__(self, player: Player, horse: str, lane: int, square: int) -> None:
        self.player = player
        self.horse = horse
        self.lane = lane
        self.square = square


class HorseStays(Event):
    key: ClassVar[str] = "ascot.horse_stays"
    __slots__ = ("player", "horse", "points")
    player: Player
    horse: str
    points: int

    def __init__(self, player: Player, horse: str, points: int) -> None:
        self.player = player
        self.horse = horse
        self.points = points


class HorseGetsUp(Event):
    key: ClassVar[str] = "ascot.horse_gets_up"
    __slots__ = ("player", "horse")
    player: Player
    horse: str

    def __init__(self, player: Player, horse: str) -> None:
        self.player = player
        self.horse = horse


class ColourUsed(Event):
    key: ClassVar[str] = "ascot.colour_used"
    __slots__ = ("player", "horse", "use")
    player: Player
    horse: str
    use: str

    def __init__(self, player: Player, horse: str, use: str) -> None:
        self.player = player
        self.horse = horse
        self.use = use


class InscriptionRead(Event):
    key: ClassVar[str] = "ascot.inscription_read"
    __slots__ = ("player", "horse", "inscription")
    player: Player
    horse: str
    inscription: str

    def __init__(self, player: Player, horse: str, inscription: str) -> None:
        self.player = player
        self.horse = horse
        self.inscription = inscription


class InscriptionVoid(Event):
    key: ClassVar[str] = "ascot.inscription_void"
    __slots__ = ("player", "horse", "inscription")
    player: Player
    horse: str
    inscription: str

    def __init__(self, player: Player, horse: str, inscription: str) -> None:
        self.player = player
        self.horse = horse
        self.inscription = inscription


class ReportThrown(Event):
    key: ClassVar[str] = "ascot.report_thrown"
    __slots__ = ("player", "horse", "item")
    player: Player
    horse: str
    item: str

    def __init__(self, player: Player, horse: str, item: str) -> None:
        self.player = player
        self.horse = horse
        self.item = item


class HorseFell(Event):
    key: ClassVar[str] = "ascot.horse_fell"
    __slots__ = ("player", "horse")
    player: Player
    horse: str

    def __init__(self, player: Player, horse: str) -> None:
        self.player = player
        self.horse = horse


class HorseEliminated(Event):
    key: ClassVar[str] = "ascot.horse_eliminated"
    __slots__ = ("player", "horse", "inscription")
    player: Player
    horse: str
    inscription: str

    def __init__(self, player: Player, horse: str, inscription: str) -> None:
        self.player = player
        self.horse = horse
        self.inscription = inscription


class HorseDisqualified(Event):
    key: ClassVar[str] = "ascot.horse_disqualified"
    __slots__ = ("player", "horse", "disadvantages")
    player: Player
    horse: str
    disadvantages: int

    def __init__(self, player: Player, horse: str, disadvantages: int) -> None:
        self.player = player
        self.horse = horse
        self.disadvantages = disadvantages


class HorsePlaced(Event):
    key: ClassVar[str] = "ascot.horse_placed"
    __slots__ = ("player", "horse", "place")
    player: Player
    horse: str
    place: int

    def __init__(self, player: Player, horse: str, place: int) -> None:
        self.player = player
        self.horse = horse
        self.place = place


class RaceCalled(Event):
    """D49: the race is called at the end of its last round; the horses that have not passed the
    post take no place (``RaceOver`` follows)."""

    key: ClassVar[str] = "ascot.race_called"
    __slots__ = ("rounds",)
    rounds: int

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds


class RaceOver(Event):
    key: ClassVar[str] = "ascot.race_over"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    __slots__ = ("horses",)
    horses: list[str]

    def __init__(self, horses: list[str]) -> None:
        self.horses = horses

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        return tuple((horse, place) for place, horse in enumerate(self.horses, start=1))

    variants: ClassVar[tuple[str, ...]] = ("none",)

    def message(self) -> tuple[str, JSONObject]:
        return (self.key, self.params()) if self.horses else (f"{self.key}_none", {})


class GameOver(Event):
    key: ClassVar[str] = "ascot.game_over"
    __slots__ = ("players",)
    players: list[Player]

    def __init__(self, players: list[Player]) -> None:
        self.players = players
