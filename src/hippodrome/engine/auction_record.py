"""An auction under way as a game's position document holds it (:class:`AuctionRecord`), apart
from ``engine/auction.py``: the position codec reads this record's annotations, which a compiled
module would not keep as written (docs/engine.md, "A compiled build"), so it stays interpreted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from hippodrome.engine.auction import NOBODY, Auction, Stage, seat_json
from hippodrome.engine.position import Doc, Invalid, Range
from hippodrome.engine.types import Player


def _last_seat(game: Any) -> int:
    return int(game.num_players) - 1


_Seat = Annotated[int, Range(0, _last_seat)]
_Amount = Annotated[int, Range(0)]


@dataclass(frozen=True, slots=True)
class AuctionRecord:
    """An auction under way, as a game's position document holds it: the fields of
    ``Auction.to_json``, typed for the engine's position codec (``hippodrome.engine.position``),
    which reads, writes and describes them with the seats of the game in context."""

    lot: str
    seats: Annotated[int, Range(1)]
    floor: _Amount
    increment: Annotated[int, Range(1)]
    eligible: list[bool]
    stage: Stage
    first: _Seat
    high: _Amount
    leader: _Seat | None
    bidder: _Seat | None
    active: Annotated[list[bool] | None, Doc("open: who is still in")]
    sealed_bids: Annotated[
        list[_Amount | None] | None, Doc("sealed: each seat's bid, null until written")
    ]
    tied: list[_Seat]
    seller: _Seat | None
    auctioneer: _Seat | None
    commission: _Amount
    rounding: Annotated[int, Range(1)]
    winner: _Seat | None
    price: _Amount
    order: Annotated[list[_Seat] | None, Doc("the seats round the table, when not by number")] = (
        None
    )
    max_raises: Annotated[_Amount, Doc("the most raises the open bidding takes (0: no limit)")] = 0
    raises: Annotated[_Amount, Doc("the raises made in the open bidding so far")] = 0

    def validate(self, game: Any) -> None:
        for name in ("eligible", "active", "sealed_bids"):
            value = getattr(self, name)
            if value is not None and len(value) != self.seats:
                raise Invalid(name, f"one entry per seat ({self.seats})")
        if self.stage is Stage.OPEN and (self.active is None or self.bidder is None):
            raise Invalid("bidder", "an open auction has a bidder in turn")
        if self.stage is Stage.SEALED and self.sealed_bids is None:
            raise Invalid("sealed_bids", "a sealed auction keeps the bids")
        if self.stage is Stage.LOT and len(self.tied) < 2:
            raise Invalid("tied", "a lot is drawn between two seats or more")
        if self.order is not None and sorted(self.order) != list(range(self.seats)):
            raise Invalid("order", "every seat once, in their order round the table")
        if self.max_raises and self.raises >= self.max_raises and self.stage is not Stage.CLOSED:
            raise Invalid("raises", f"the bidding closes at {self.max_raises} raises")

    @classmethod
    def of(cls, a: Auction) -> AuctionRecord:
        seat = seat_json
        return cls(
            a.lot,
            a.seats,
            a.floor,
            a.increment,
            list(a.eligible),
            a.stage,
            a.first,
            a.high,
            seat(a.leader),
            seat(a.bidder),
            None if a.active is None else list(a.active),
            None if a.sealed_bids is None else list(a.sealed_bids),
            list(a.tied),
            seat(a.seller),
            seat(a.auctioneer),
            a.commission,
            a.rounding,
            seat(a.winner),
            a.price,
            None if a.order is None else list(a.order),
            a.max_raises,
            a.raises,
        )

    def auction(self) -> Auction:
        def seat(value: Player | None) -> Player:
            return NOBODY if value is None else value

        return Auction(
            self.lot,
            self.seats,
            self.floor,
            self.increment,
            list(self.eligible),
            self.stage,
            self.first,
            self.high,
            seat(self.leader),
            seat(self.bidder),
            None if self.active is None else list(self.active),
            None if self.sealed_bids is None else list(self.sealed_bids),
            tuple(self.tied),
            seat(self.seller),
            seat(self.auctioneer),
            self.commission,
            self.rounding,
            seat(self.winner),
            self.price,
            None if self.order is None else tuple(self.order),
            self.max_raises,
            self.raises,
        )
