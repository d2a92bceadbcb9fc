"""Auctions, written once for every game that sells something to the highest bidder.

Two ways to sell a lot (one item or several sold together):

- **Open** (an English auction in turn): the seats bid round the table, each bid at least the floor
  and then the last bid plus the increment, never more than the bidder's money; a seat that passes
  is out; when every other seat is out the leader buys at his bid (Royal Steeple Chase, ENCHÈRES;
  Ascot's auctioneer: « en les vendant au plus offrant »).
- **Sealed** (Win, Place & Show): every eligible seat writes a bid at once, in secret; the bids are
  opened together and the highest buys. Seats tied at the top bid again in an open auction between
  them alone, above the tied bid; if none of them raises, a lot (a chance node) names the buyer.

A game may close the open bidding after a number of raises (``max_raises``): the last raise allowed
buys, as if every other seat had passed (Win, Place & Show's tie auctions, D35: raises of $500 up to a
seat's money, which winnings make grow, could otherwise outlast any bound on a game's length).

A rule may keep seats out (``excluded``: a set of seats or a test), the seller may be a seat, and an
auctioneer seat may take a commission on each sale (Ascot: « sa commission de 10%, en arrondissant à
la centaine la plus rapprochée », paid by the buyer on top of the price). An open auction may start
with a leader already holding a bid (``opening``: Royal Steeple Chase's requester, whose bid may be
0), and the game may say who pays the price (``apply(..., pay=)``: in a camp, each partner half).

An :class:`Auction` is a small mutable record that a game keeps in its state (``copy`` for clones,
``to_json``/``from_json`` for positions). It answers who acts (``to_act``, ``is_chance``), what each
may do (``legal_actions``), why something is refused (``explain``), what each seat may see
(``view``: sealed bids stay hidden until opened), and plays an action (``apply``) into events with
message keys (``auction.*`` in the engine catalog). Money moves only through :class:`LotSold`, whose
``money_changes`` the game applies (``events.apply_money``) and the conformance suite checks. A game
that tells its auctions in its own words keeps its events and reads only the sale from the
component's (``sale(events)``): the component's events are its to show or to drop.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import (
    PASS,
    AuctionOpened,
    Bid,
    BidderOut,
    BiddersTied,
    BidPassed,
    BidRaised,
    BidSealed,
    BidsOpened,
    LotDrawn,
    LotSold,
    LotUnsold,
    Pass,
    RaisesSpent,
    SealedBid,
    TieLot,
)
from hippodrome.engine.errors import IllegalActionError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.fields import FieldReader
from hippodrome.engine.turnflow import Seating, seat_after
from hippodrome.engine.types import CHANCE, JSONObject, Money, Player

NOBODY: Final[Player] = -1


# -- the auction ------------------------------------------------------------------------------------


class Stage(Enum):
    OPEN = "open"
    """Bids round the table."""
    SEALED = "sealed"
    """Every eligible seat writes a bid in secret."""
    LOT = "lot"
    """Tied seats, none raising: a lot names the buyer (chance)."""
    CLOSED = "closed"


Excluded = Collection[Player] | Callable[[Player], bool]
"""Seats kept out of an auction: a set of seats, or a test on a seat."""

Payment = Callable[[Player, Money], Sequence[tuple[Player, Money]]]
"""Who pays a price: given the buyer and the price, each payer and his part (they sum to the
price). The game's rule, asked when the hammer falls (Royal Steeple Chase's camps: « les enchères
individuelles sont payées moitié par chaque joueur »)."""


def sale(events: Sequence[Event]) -> LotSold | None:
    """The sale among an auction's ``events``, if the hammer fell on a bid."""
    for event in events:
        if type(event) is LotSold:
            return event
    return None


def commission_on(price: Money, percent: int, rounding: Money) -> Money:
    """``percent`` of ``price``, to the nearest multiple of ``rounding`` (half up): Ascot, 10% of
    3,250 rounded to the hundred is 300; of 3,500, 400."""
    if not percent:
        return 0
    return (price * percent * 2 + 100 * rounding) // (200 * rounding) * rounding


@dataclass(slots=True)
class Auction:
    """One lot under the hammer. Build it with :meth:`outcry` or :meth:`sealed`."""

    lot: str
    """What is sold, as the game names it (a horse id, several ids joined by '+')."""
    seats: int
    floor: Money
    increment: Money
    eligible: list[bool]
    stage: Stage
    first: Player
    """Where the turn starts round the table (and the tie auction's)."""
    high: Money = 0
    leader: Player = NOBODY
    bidder: Player = NOBODY
    active: list[bool] | None = None
    """Open: who is still in."""
    sealed_bids: list[Money | None] | None = None
    """Sealed: each seat's bid, None until written (0: no bid)."""
    tied: tuple[Player, ...] = ()
    seller: Player = NOBODY
    auctioneer: Player = NOBODY
    commission: int = 0
    """Percent of the price the buyer pays the auctioneer on top of it."""
    rounding: Money = 1
    """The commission is rounded to the nearest multiple of this."""
    winner: Player = NOBODY
    price: Money = 0
    order: Seating | None = None
    """The seats round the table when the game seats them otherwise than by number (the turn goes
    round in that order); None: by number."""
    max_raises: int = 0
    """The most bids the open bidding takes (0: no limit): the last one buys, as if every other
    seat had passed then."""
    raises: int = 0
    """The bids made in the open so far, counted when there is a limit (a sealed auction's from
    its tie)."""

    # -- opening --------------------------------------------------------------------------------

    @classmethod
    def outcry(
        cls,
        lot: str,
        seats: int,
        money: Sequence[Money],
        *,
        first: Player = 0,
        floor: Money = 0,
        increment: Money = 1,
        excluded: Excluded = (),
        seller: Player = NOBODY,
        auctioneer: Player = NOBODY,
        commission: int = 0,
        rounding: Money = 1,
        opening: tuple[Player, Money] | None = None,
        pay: Payment | None = None,
        quiet: bool = False,
        order: Seating | None = None,
        max_raises: int = 0,
    ) -> tuple[Auction, list[Event]]:
        """An open auction in turn from ``first``; the events it opens with (it may close at once
        when nobody can bid). ``opening``: a seat that leads from the start with its bid (which
        may be 0), as a player who asks for a lot with an offer; ``pay`` and ``quiet``: as in
        :meth:`apply`; ``order``: the seats round the table, when not by number; ``max_raises``:
        the most bids it takes (0: no limit), the last one buying."""
        # Built in one call: a game's playouts open an auction at nearly every request.
        eligible = _eligible(seats, excluded) if excluded else [True] * seats
        leader, high = (NOBODY, 0) if opening is None else opening
        a = cls(
            lot,
            seats,
            floor,
            increment,
            eligible,
            Stage.OPEN,
            first,
            high,
            leader,
            seat_after(first, -1, seats, order),
            eligible.copy(),
            None,
            (),
            seller,
            auctioneer,
            commission,
            rounding,
            order=order,
            max_raises=max_raises,
        )
        events: list[Event] = [] if quiet else [AuctionOpened(lot, floor, False)]
        a._next_bidder(money, events, pay, not quiet)
        return a, events

    @classmethod
    def sealed(
        cls,
        lot: str,
        seats: int,
        *,
        first: Player = 0,
        floor: Money = 0,
        increment: Money = 1,
        excluded: Excluded = (),
        seller: Player = NOBODY,
        auctioneer: Player = NOBODY,
        commission: int = 0,
        rounding: Money = 1,
        written: Sequence[Money] | None = None,
        money: Sequence[Money] = (),
        max_raises: int = 0,
    ) -> tuple[Auction, list[Event]]:
        """Sealed bids from every eligible seat at once, opened together. ``written``: the bids
        were written beforehand, one per seat (0: none), as on Win, Place & Show's sheets where
        every player writes a bid for each horse before the first is sold (seed 001, §9): they
        are opened at once (an excluded seat's bid counts as none), and ``money`` says who can
        raise if seats are tied. ``max_raises``: the most raises the tied seats may make (0: no
        limit), the last one buying."""
        eligible = _eligible(seats, excluded)
        a = cls(lot, seats, floor, increment, eligible, Stage.SEALED, first)
        a.max_raises = max_raises
        a.seller, a.auctioneer, a.commission, a.rounding = seller, auctioneer, commission, rounding
        a.sealed_bids = [None if e else 0 for e in eligible]
        events: list[Event] = [AuctionOpened(lot, floor, True)]
        if not any(eligible):
            a._close(events)
        elif written is not None:
            if len(written) != seats:
                raise ValueError(f"one written bid per seat ({seats}), not {len(written)}")
            a.sealed_bids = [b if e else 0 for b, e in zip(written, eligible, strict=True)]
            a._open_bids(money, events, None, True)
        return a, events

    # -- who acts -------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self.stage is Stage.CLOSED

    def is_chance(self) -> bool:
        return self.stage is Stage.LOT

    def to_act(self) -> tuple[Player, ...]:
        """The seats who act now: the bidder in turn, or every seat still to seal its bid."""
        if self.stage is Stage.OPEN:
            return (self.bidder,)
        if self.stage is Stage.SEALED:
            assert self.sealed_bids is not None
            return tuple(p for p, b in enumerate(self.sealed_bids) if b is None)
        return ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.stage is not Stage.LOT:
            return []
        return [(TieLot(p), 1.0 / len(self.tied)) for p in self.tied]

    def minimum(self) -> Money:
        """The least bid allowed now (open), or the least non-zero sealed bid."""
        if self.stage is Stage.SEALED or (self.leader == NOBODY and not self.tied):
            return self.floor if self.floor > 0 else self.increment
        return self.high + self.increment

    def cost(self, amount: Money) -> Money:
        """What a bid of ``amount`` costs its buyer: the price and the auctioneer's commission."""
        return amount + commission_on(amount, self.commission, self.rounding)

    def legal_actions(self, player: Player, money: Money) -> list[Action]:
        """What ``player``, with ``money``, may do now."""
        if player not in self.to_act():
            return []
        low, step = self.minimum(), self.increment
        # The cost grows with the bid: the last affordable step is found by halving.
        lo, hi = 0, (money - low) // step + 1 if money >= low else 0
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cost(low + mid * step) <= money:
                lo = mid + 1
            else:
                hi = mid
        if self.stage is Stage.OPEN:
            return [PASS, *_bids(Bid, low, step, lo)]
        return [SealedBid(0), *_bids(SealedBid, low, step, lo)]

    def explain(self, player: Player, action: Action, money: Money) -> IllegalActionError:
        """Why ``action`` is refused to ``player`` (with ``money``) now."""
        ns = "auction.illegal"
        if player == CHANCE or isinstance(action, TieLot):
            return IllegalActionError(f"{ns}.not_an_outcome", action=str(action))
        if not (0 <= player < self.seats and self.eligible[player]):
            return IllegalActionError(f"{ns}.excluded", player=player)
        if self.stage is Stage.CLOSED:
            return IllegalActionError(f"{ns}.closed")
        if self.stage is Stage.SEALED and not isinstance(action, SealedBid):
            return IllegalActionError(f"{ns}.sealed_now")
        if self.stage is Stage.OPEN and isinstance(action, SealedBid):
            return IllegalActionError(f"{ns}.open_now")
        if player not in self.to_act():
            if self.stage is Stage.SEALED:
                return IllegalActionError(f"{ns}.already_sealed", player=player)
            return IllegalActionError(f"{ns}.not_your_bid", player=player, bidder=self.bidder)
        if isinstance(action, Bid | SealedBid) and action.amount:
            amount = action.amount
            if amount < self.minimum():
                return IllegalActionError(f"{ns}.too_low", amount=amount, minimum=self.minimum())
            if (amount - self.minimum()) % self.increment:
                return IllegalActionError(
                    f"{ns}.increment", amount=amount, increment=self.increment
                )
            if self.cost(amount) > money:
                return IllegalActionError(
                    f"{ns}.funds", amount=amount, cost=self.cost(amount), money=money
                )
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- play -----------------------------------------------------------------------------------

    def apply(
        self,
        player: Player,
        action: Action,
        money: Sequence[Money],
        pay: Payment | None = None,
        *,
        quiet: bool = False,
    ) -> list[Event]:
        """Play a legal ``action`` of ``player`` (``CHANCE`` for the lot); ``money`` is every seat's
        money now (who can pay the next bid); ``pay``, who pays the price if the hammer falls now
        (None: the buyer). Returns the events; the sale's money is in them. ``quiet``: the events
        are only the sale (``LotSold`` or ``LotUnsold``), for a game that tells the auction in its
        own events and would drop the others."""
        events: list[Event] = []
        tell = not quiet
        kind = type(action)
        if kind is Bid:
            amount: Money = action.amount  # type: ignore[attr-defined]
            self.high, self.leader = amount, player
            if tell:
                events.append(BidRaised(player, amount))
            if self.max_raises and self.max_raises <= self.raises + 1:
                # The last raise allowed: the hammer falls on it (Win, Place & Show, D35).
                self.raises = self.max_raises
                if tell:
                    events.append(RaisesSpent(self.raises))
                self._close(events, pay)
            else:
                if self.max_raises:
                    self.raises += 1
                self._next_bidder(money, events, pay, tell)
        elif kind is Pass:
            assert self.active is not None
            self.active[player] = False
            if tell:
                events.append(BidPassed(player))
            self._next_bidder(money, events, pay, tell)
        elif kind is SealedBid:
            assert self.sealed_bids is not None
            self.sealed_bids[player] = action.amount  # type: ignore[attr-defined]
            if tell:
                events.append(BidSealed(player, action.amount))  # type: ignore[attr-defined]
            if all(b is not None for b in self.sealed_bids):
                self._open_bids(money, events, pay, tell)
        elif kind is TieLot:
            winner: Player = action.player  # type: ignore[attr-defined]
            if tell:
                events.append(LotDrawn(winner))
            self.leader = winner
            self._close(events, pay)
        else:
            raise TypeError(f"not an auction action: {action!r}")
        return events

    def _open_bids(
        self, money: Sequence[Money], events: list[Event], pay: Payment | None, tell: bool
    ) -> None:
        assert self.sealed_bids is not None
        bids = tuple(b or 0 for b in self.sealed_bids)
        if tell:
            events.append(BidsOpened(bids))
        top = max(bids)
        if top <= 0:
            self._close(events, pay)
            return
        best = [p for p in _round_from(self.first, self.seats, self.order) if bids[p] == top]
        self.high = top
        if len(best) == 1:
            self.leader = best[0]
            self._close(events, pay)
            return
        # The tied seats bid on between them, above the tied bid; none raising: a lot decides.
        self.tied = tuple(best)
        if tell:
            events.append(BiddersTied(self.tied, top))
        self.stage = Stage.OPEN
        self.active = [p in self.tied for p in range(self.seats)]
        self.bidder = seat_after(best[0], -1, self.seats, self.order)
        self._next_bidder(money, events, pay, tell)

    def _next_bidder(
        self, money: Sequence[Money], events: list[Event], pay: Payment | None, tell: bool
    ) -> None:
        """The turn goes on round the table to the next seat still in (not the leader); a seat
        that cannot pay the next bid is out (told when ``tell``). Nobody left: the hammer falls."""
        active = self.active
        assert active is not None
        seats, leader = self.seats, self.leader
        # minimum() and cost() written out: this runs at every opening, bid and pass.
        if leader == NOBODY and not self.tied:
            low = self.floor if self.floor > 0 else self.increment
        else:
            low = self.high + self.increment
        need = low + commission_on(low, self.commission, self.rounding) if self.commission else low
        order = self.order
        for step in range(1, seats + 1):
            q = (
                (self.bidder + step) % seats
                if order is None
                else seat_after(self.bidder, step, seats, order)
            )
            if q == leader or not active[q]:
                continue
            if money[q] < need:
                active[q] = False  # « ne peut enchérir qu'avec son disponible »
                if tell:
                    events.append(BidderOut(q, low))
                continue
            self.bidder = q
            return
        self.bidder = NOBODY
        if self.leader == NOBODY and self.tied:
            self.stage = Stage.LOT
            return
        self._close(events, pay)

    def _close(self, events: list[Event], pay: Payment | None = None) -> None:
        self.stage = Stage.CLOSED
        self.bidder = NOBODY
        if self.leader == NOBODY:
            events.append(LotUnsold(self.lot))
            return
        self.winner, self.price = self.leader, self.high
        fee = commission_on(self.price, self.commission, self.rounding) if self.commission else 0
        shares = () if pay is None else tuple(pay(self.winner, self.price))
        events.append(
            LotSold(self.winner, self.lot, self.price, fee, self.seller, self.auctioneer, shares)
        )

    # -- views and JSON ---------------------------------------------------------------------------

    def view(self, viewer: Player | None) -> JSONObject:
        """What ``viewer`` (None: a spectator) sees: sealed bids only his own until opened."""
        data = self.to_json()
        if self.stage is Stage.SEALED and self.sealed_bids is not None:
            data["sealed_bids"] = [
                b if p == viewer else (b is not None) for p, b in enumerate(self.sealed_bids)
            ]
        data["to_act"] = list(self.to_act())
        data["minimum"] = self.minimum() if self.stage in (Stage.OPEN, Stage.SEALED) else None
        return data

    def copy(self) -> Auction:
        new = Auction(
            self.lot,
            self.seats,
            self.floor,
            self.increment,
            self.eligible.copy(),
            self.stage,
            self.first,
            self.high,
            self.leader,
            self.bidder,
            None if self.active is None else self.active.copy(),
            None if self.sealed_bids is None else self.sealed_bids.copy(),
            self.tied,
            self.seller,
            self.auctioneer,
            self.commission,
            self.rounding,
            self.winner,
            self.price,
            self.order,
            self.max_raises,
            self.raises,
        )
        return new

    def to_json(self) -> JSONObject:
        return (
            {
                "lot": self.lot,
                "seats": self.seats,
                "floor": self.floor,
                "increment": self.increment,
                "eligible": list(self.eligible),
                "stage": self.stage.value,
                "first": self.first,
                "high": self.high,
                "leader": seat_json(self.leader),
                "bidder": seat_json(self.bidder),
                "active": None if self.active is None else list(self.active),
                "sealed_bids": None if self.sealed_bids is None else list(self.sealed_bids),
                "tied": list(self.tied),
                "seller": seat_json(self.seller),
                "auctioneer": seat_json(self.auctioneer),
                "commission": self.commission,
                "rounding": self.rounding,
                "winner": seat_json(self.winner),
                "price": self.price,
            }
            | ({} if self.order is None else {"order": list(self.order)})
            | ({"max_raises": self.max_raises, "raises": self.raises} if self.max_raises else {})
        )

    @classmethod
    def from_json(cls, data: JSONObject, where: str = "auction") -> Auction:
        """The auction ``to_json`` wrote; raises ``RecordError`` naming the faulty field."""
        reader = FieldReader(data, where)
        seats = reader.count("seats", 1)
        stage_name = data.get("stage")
        if stage_name not in {s.value for s in Stage}:
            raise RecordError(f"{where}.stage", f"unknown stage {stage_name!r}")
        a = cls(
            lot=reader.text("lot"),
            seats=seats,
            floor=reader.count("floor"),
            increment=reader.count("increment", 1),
            eligible=reader.flags("eligible", seats),
            stage=Stage(stage_name),
            first=reader.seat("first", seats),
            high=reader.count("high"),
            leader=reader.seat("leader", seats, nullable=True),
            bidder=reader.seat("bidder", seats, nullable=True),
            active=reader.flags_or_none("active", seats),
            sealed_bids=reader.bids("sealed_bids", seats),
            tied=tuple(reader.seats("tied", seats)),
            seller=reader.seat("seller", seats, nullable=True),
            auctioneer=reader.seat("auctioneer", seats, nullable=True),
            commission=reader.count("commission"),
            rounding=reader.count("rounding", 1),
            winner=reader.seat("winner", seats, nullable=True),
            price=reader.count("price"),
            order=None if data.get("order") is None else tuple(reader.seats("order", seats)),
            max_raises=reader.count("max_raises") if "max_raises" in data else 0,
            raises=reader.count("raises") if "max_raises" in data else 0,
        )
        if a.order is not None and sorted(a.order) != list(range(seats)):
            raise RecordError(f"{where}.order", "every seat once, in their order round the table")
        if a.stage is Stage.OPEN and (a.active is None or a.bidder == NOBODY):
            raise RecordError(f"{where}.bidder", "an open auction has a bidder in turn")
        if a.stage is Stage.SEALED and a.sealed_bids is None:
            raise RecordError(f"{where}.sealed_bids", "a sealed auction keeps the bids")
        if a.stage is Stage.LOT and len(a.tied) < 2:
            raise RecordError(f"{where}.tied", "a lot is drawn between two seats or more")
        if a.max_raises and a.raises >= a.max_raises and a.stage is not Stage.CLOSED:
            raise RecordError(f"{where}.raises", f"the bidding closes at {a.max_raises} raises")
        return a


_BIDS: dict[tuple[type[Action], int, int], list[Action]] = {}
"""Bids already made, by kind, step and the remainder of their amounts: legal actions share them
(an action is a value) instead of building hundreds of equal ones at every call."""


def _bids(kind: type[Bid | SealedBid], low: Money, step: Money, count: int) -> list[Action]:
    """``count`` bids of ``kind`` from ``low`` by ``step``."""
    made = _BIDS.setdefault((kind, step, low % step), [])
    first = low // step
    while len(made) < first + count:
        made.append(kind(len(made) * step + low % step))
    return made[first : first + count]


def _eligible(seats: int, excluded: Excluded) -> list[bool]:
    if callable(excluded):
        return [not excluded(p) for p in range(seats)]
    return [p not in excluded for p in range(seats)]


def _round_from(first: Player, seats: int, order: Seating | None = None) -> list[Player]:
    return [seat_after(first, i, seats, order) for i in range(seats)]


def seat_json(seat: Player) -> Player | None:
    return seat if seat >= 0 else None
