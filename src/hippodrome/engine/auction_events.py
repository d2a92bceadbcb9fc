"""The auction's actions and events (``engine/auction.py``, which re-exports them): what a seat
says at an auction (bid, pass, a sealed bid, a tie's lot) and what the auction tells.

They live apart from the :class:`~hippodrome.engine.auction.Auction`, which is written for speed,
as every game keeps its actions and events in their own modules. Both compile as native classes
(``hippodrome.compiled``), like every action and event (``engine/actions.py``,
``engine/events.py``), so that a game's compiled events derive from them (Ascot's ``ItemSold``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from hippodrome.engine.actions import Action, FrozenAction
from hippodrome.engine.errors import NotationError
from hippodrome.engine.events import Event, flagged
from hippodrome.engine.types import JSONObject, Money, Player

# -- actions ----------------------------------------------------------------------------------------


class Bid(FrozenAction):
    """Raise an open auction to ``amount``."""

    __slots__ = ("amount",)
    amount: Money

    def __init__(self, amount: Money) -> None:
        object.__setattr__(self, "amount", amount)

    def __str__(self) -> str:
        return f"bid {self.amount}"


class Pass(FrozenAction):
    """Drop out of an open auction."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pass"


class SealedBid(FrozenAction):
    """Write a sealed bid of ``amount`` (0: no bid)."""

    __slots__ = ("amount",)
    amount: Money

    def __init__(self, amount: Money) -> None:
        object.__setattr__(self, "amount", amount)

    def __str__(self) -> str:
        return f"seal {self.amount}"


class TieLot(FrozenAction):
    """Chance: the lot names ``player`` the buyer among seats tied with nobody raising."""

    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        object.__setattr__(self, "player", player)

    def __str__(self) -> str:
        return f"lot {self.player}"


PASS: Final = Pass()


def parse_auction_action(text: str) -> Action | None:
    """The auction action written ``text``, None when it is none (the game parses on), and a
    ``NotationError`` when it starts like one but is malformed."""
    words = text.split()
    if not words or words[0] not in ("bid", "pass", "seal", "lot"):
        return None
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[1].isdigit():
        value = int(words[1])
        return {"bid": Bid, "seal": SealedBid, "lot": TieLot}.get(words[0], Bid)(value)
    raise NotationError("error.notation", text=text, hint="bid N, pass, seal N or lot SEAT")


# -- events -----------------------------------------------------------------------------------------


class AuctionOpened(Event):
    key: ClassVar[str] = "auction.opened"
    variants: ClassVar[tuple[str, ...]] = ("sealed",)
    __slots__ = ("lot", "floor", "sealed")
    lot: str
    floor: Money
    sealed: bool

    def __init__(self, lot: str, floor: Money, sealed: bool) -> None:
        self.lot = lot
        self.floor = floor
        self.sealed = sealed

    def message(self) -> tuple[str, JSONObject]:
        # « by sealed bids » said in words, never « sealed bids: yes ».
        return flagged(self, "sealed")


class BidRaised(Event):
    key: ClassVar[str] = "auction.bid"
    __slots__ = ("player", "amount")
    player: Player
    amount: Money

    def __init__(self, player: Player, amount: Money) -> None:
        self.player = player
        self.amount = amount


class BidPassed(Event):
    key: ClassVar[str] = "auction.passed"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class BidderOut(Event):
    """A seat who cannot pay the next bid is out (« ne peut enchérir qu'avec son disponible »)."""

    key: ClassVar[str] = "auction.out"
    __slots__ = ("player", "minimum")
    player: Player
    minimum: Money

    def __init__(self, player: Player, minimum: Money) -> None:
        self.player = player
        self.minimum = minimum


class BidSealed(Event):
    key: ClassVar[str] = "auction.sealed"
    __slots__ = ("player", "amount")
    player: Player
    amount: Money | None
    """None as another seat sees it until the bids are opened."""

    def __init__(self, player: Player, amount: Money | None) -> None:
        self.player = player
        self.amount = amount

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else BidSealed(self.player, None)


class BidsOpened(Event):
    key: ClassVar[str] = "auction.bids_opened"
    __slots__ = ("bids",)
    bids: tuple[Money, ...]
    """Every seat's sealed bid (0: none or not eligible), seat by seat."""

    def __init__(self, bids: tuple[Money, ...]) -> None:
        self.bids = bids


class BiddersTied(Event):
    key: ClassVar[str] = "auction.tied"
    __slots__ = ("players", "amount")
    players: tuple[Player, ...]
    amount: Money

    def __init__(self, players: tuple[Player, ...], amount: Money) -> None:
        self.players = players
        self.amount = amount


class RaisesSpent(Event):
    """The open bidding took the most raises the game allows (``Auction.max_raises``): the last
    raise buys (Win, Place & Show, D35)."""

    key: ClassVar[str] = "auction.raises_spent"
    __slots__ = ("raises",)
    raises: int

    def __init__(self, raises: int) -> None:
        self.raises = raises


class LotDrawn(Event):
    key: ClassVar[str] = "auction.drawn"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class LotSold(Event):
    key: ClassVar[str] = "auction.sold"
    ledger: ClassVar[str] = "purchases"
    terms: ClassVar[Mapping[str, str]] = {"seller": "player", "auctioneer": "player"}
    __slots__ = ("player", "lot", "price", "commission", "seller", "auctioneer", "shares")
    player: Player
    lot: str
    price: Money
    commission: Money
    seller: Player
    """The seat paid the price, or NOBODY (the bank)."""
    auctioneer: Player
    """The seat paid the commission, or NOBODY."""
    shares: tuple[tuple[Player, Money], ...]
    """Who paid how much of the price when the buyer does not pay it all (a ``Payment``); empty:
    the buyer alone."""

    def __init__(
        self,
        player: Player,
        lot: str,
        price: Money,
        commission: Money,
        seller: Player,
        auctioneer: Player,
        shares: tuple[tuple[Player, Money], ...] = (),
    ) -> None:
        self.player = player
        self.lot = lot
        self.price = price
        self.commission = commission
        self.seller = seller
        self.auctioneer = auctioneer
        self.shares = shares

    def money_changes(self) -> Mapping[Player, Money]:
        changes: dict[Player, Money] = {self.player: -self.commission}
        for payer, part in self.shares or ((self.player, self.price),):
            changes[payer] = changes.get(payer, 0) - part
        if self.seller >= 0:
            changes[self.seller] = changes.get(self.seller, 0) + self.price
        if self.auctioneer >= 0 and self.commission:
            changes[self.auctioneer] = changes.get(self.auctioneer, 0) + self.commission
        return changes


class LotUnsold(Event):
    key: ClassVar[str] = "auction.unsold"
    __slots__ = ("lot",)
    lot: str

    def __init__(self, lot: str) -> None:
        self.lot = lot
