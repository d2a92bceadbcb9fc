"""The auction's actions and events (``engine/auction.py``, which re-exports them): what a seat
says at an auction (bid, pass, a sealed bid, a tie's lot) and what the auction tells.

They live apart from the :class:`~hippodrome.engine.auction.Auction` so that the auction can be
compiled (``hippodrome.compiled``) while they stay plain Python classes like every game's actions
and events: a compiled class loses its ``ClassVar`` annotations (the dataclass would take an
event's ``key`` for a field), and a compiled module's classes cannot derive from the interpreted
``Action`` and ``Event`` (docs/engine.md, "A compiled build")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import NotationError
from hippodrome.engine.events import Event, flagged
from hippodrome.engine.types import JSONObject, Money, Player

# -- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Raise an open auction to ``amount``."""

    amount: Money

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Drop out of an open auction."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class SealedBid(Action):
    """Write a sealed bid of ``amount`` (0: no bid)."""

    amount: Money

    def __str__(self) -> str:
        return f"seal {self.amount}"


@dataclass(frozen=True, slots=True)
class TieLot(Action):
    """Chance: the lot names ``player`` the buyer among seats tied with nobody raising."""

    player: Player

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


@dataclass(slots=True)
class AuctionOpened(Event):
    key: ClassVar[str] = "auction.opened"
    variants: ClassVar[tuple[str, ...]] = ("sealed",)
    lot: str
    floor: Money
    sealed: bool

    def message(self) -> tuple[str, JSONObject]:
        # « by sealed bids » said in words, never « sealed bids: yes ».
        return flagged(self, "sealed")


@dataclass(slots=True)
class BidRaised(Event):
    key: ClassVar[str] = "auction.bid"
    player: Player
    amount: Money


@dataclass(slots=True)
class BidPassed(Event):
    key: ClassVar[str] = "auction.passed"
    player: Player


@dataclass(slots=True)
class BidderOut(Event):
    """A seat who cannot pay the next bid is out (« ne peut enchérir qu'avec son disponible »)."""

    key: ClassVar[str] = "auction.out"
    player: Player
    minimum: Money


@dataclass(slots=True)
class BidSealed(Event):
    key: ClassVar[str] = "auction.sealed"
    player: Player
    amount: Money | None
    """None as another seat sees it until the bids are opened."""

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else BidSealed(self.player, None)


@dataclass(slots=True)
class BidsOpened(Event):
    key: ClassVar[str] = "auction.bids_opened"
    bids: tuple[Money, ...]
    """Every seat's sealed bid (0: none or not eligible), seat by seat."""


@dataclass(slots=True)
class BiddersTied(Event):
    key: ClassVar[str] = "auction.tied"
    players: tuple[Player, ...]
    amount: Money


@dataclass(slots=True)
class LotDrawn(Event):
    key: ClassVar[str] = "auction.drawn"
    player: Player


@dataclass(slots=True)
class LotSold(Event):
    key: ClassVar[str] = "auction.sold"
    ledger: ClassVar[str] = "purchases"
    terms: ClassVar[Mapping[str, str]] = {"seller": "player", "auctioneer": "player"}
    player: Player
    lot: str
    price: Money
    commission: Money
    seller: Player
    """The seat paid the price, or NOBODY (the bank)."""
    auctioneer: Player
    """The seat paid the commission, or NOBODY."""
    shares: tuple[tuple[Player, Money], ...] = ()
    """Who paid how much of the price when the buyer does not pay it all (a ``Payment``); empty:
    the buyer alone."""

    def money_changes(self) -> Mapping[Player, Money]:
        changes: dict[Player, Money] = {self.player: -self.commission}
        for payer, part in self.shares or ((self.player, self.price),):
            changes[payer] = changes.get(payer, 0) - part
        if self.seller >= 0:
            changes[self.seller] = changes.get(self.seller, 0) + self.price
        if self.auctioneer >= 0 and self.commission:
            changes[self.auctioneer] = changes.get(self.auctioneer, 0) + self.commission
        return changes


@dataclass(slots=True)
class LotUnsold(Event):
    key: ClassVar[str] = "auction.unsold"
    lot: str
