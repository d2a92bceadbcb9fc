"""Ascot's position document (``to_json``'s "position", ``state_from_json``): every field of the
state by name. ``AscotPosition`` is its typed record: the engine's codec
(``hippodrome.engine.position``) reads, writes and describes it (``hippodrome position-schema
ascot``), and refuses an impossible position with the field named. The engine's pieces the state
holds (the turn flow, the auction, the betting pools) are written as their own ``to_json`` writes
them, typed here field by field (``FlowDoc``, ``AuctionDoc``, ``PoolDoc``).

Cards are their index in ``material.toml``'s order (0 to 19), horses their number (1 to 12), kept
reports ``deck:index``; a race cell is its index on the lane track (lane by lane), or -1 not running,
-2 on its start square, -3 past the post, -4 out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from hippodrome.engine.errors import NotationError
from hippodrome.engine.position import Codec, Doc, Invalid, Keys, OneOf, Range, Size, Unique
from hippodrome.games.ascot.actions import PLACE_ODDS, Offer, Swap, Wager, parse_action
from hippodrome.games.ascot.length import MEMBER_REPORTS
from hippodrome.games.ascot.material import DECKS, material

if TYPE_CHECKING:
    from hippodrome.games.ascot.rules import Ascot

M: Final = material()
COLOURS: Final = tuple(M.advantages)
LAST_CELL: Final = len(M.track().cells) - 1
BOXED: Final = M.training_length


def _last_seat(game: Any) -> int:
    return int(game.num_players) - 1


def _seats(game: Any) -> int:
    return int(game.num_players)


def _phases(game: Any) -> list[str]:
    from hippodrome.games.ascot.rules import Phase  # noqa: PLC0415 (the rules import this module)

    return [p.name.lower() for p in Phase]


Seat = Annotated[int, Range(0, _last_seat), Doc("a seat, from 0")]
PerSeat = Size.exactly(_seats)
Count = Annotated[int, Range(0)]
Card = Annotated[int, Range(0, len(M.cards) - 1), Doc("a rental card, by its index")]
Cards = Annotated[list[Card], Unique("card")]
Horse = Annotated[int, Range(1, 12), Doc("a horse, by its number")]
PerHorse = Size.exactly(13)
Deck = Annotated[str, OneOf(DECKS, what="deck")]
ReportIndex = Annotated[int, Range(0, max(len(r) for r in M.reports.values()) - 1)]
KeptReport = Annotated[str, Doc("a kept report, deck:index (« walroy:6 »)")]


@dataclass(frozen=True, slots=True)
class FlowDoc:
    """The engine's turn flow (``turnflow.Flow``): the phase and who is in turn."""

    phase: Annotated[str, OneOf(_phases, what="phase")]
    turn: Seat | None
    first: Seat | None
    acted: Count
    passes: Count
    pending: bool
    waiting: list[Seat]
    round: Count
    called: list[Seat] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class AuctionDoc:
    """The engine's auction under way (``auction.Auction``): the card sold or a debtor's item."""

    lot: str
    seats: Annotated[int, Range(1)]
    floor: Count
    increment: Annotated[int, Range(1)]
    eligible: list[bool]
    stage: Literal["open", "sealed", "lot", "closed"]
    first: Seat
    high: Count
    leader: Seat | None
    bidder: Seat | None
    active: list[bool] | None
    sealed_bids: list[Count | None] | None
    tied: list[Seat]
    seller: Seat | None
    auctioneer: Seat | None
    commission: Count
    rounding: Annotated[int, Range(1)]
    winner: Seat | None
    price: Count


@dataclass(frozen=True, slots=True)
class SlipDoc:
    """One bet (``pool.Slip``)."""

    number: Annotated[int, Range(1)]
    player: Seat
    kind: str
    horses: list[str]
    stake: Annotated[int, Range(1)]


@dataclass(frozen=True, slots=True)
class PoolDoc:
    """The engine's betting pool (``pool.Pool``): the Totalisator, or the private place bets."""

    kinds: dict[str, Annotated[int, Range(1)]]
    minimum: Annotated[int, Range(1)]
    unit: Annotated[int, Range(1)]
    paid: bool
    hidden: bool
    take_out: Count
    rounding: Annotated[int, Range(1)]
    house: Seat | None
    refund_without_winner: bool
    slips: list[SlipDoc]
    per_horse: Count = 0
    hides: list[Literal["kind", "horses", "stake"]] = field(default_factory=lambda: ["stake"])
    carried: Annotated[Count, Doc("carried over from an earlier game nobody won")] = 0


@dataclass(frozen=True, slots=True)
class AscotPosition:
    """An Ascot position: the market, the training, the preliminaries and the race."""

    flow: FlowDoc
    money: Annotated[list[Count], PerSeat]
    bank: Annotated[int, Range(0), Doc("the Bank: what the players paid the Banker (the prizes)")]
    dealt: Annotated[Cards, Doc("the cards dealt so far, in order")]
    hands: Annotated[list[Cards], PerSeat, Doc("the cards each seat kept from the deal, unpaid")]
    bought: Annotated[list[Cards], PerSeat, Doc("the cards each seat holds, paid for")]
    dead: Annotated[Cards, Doc("the dead pile, top first")]
    withdrawn: Annotated[Cards, Doc("the cards left unsold, out of the game with their horses")]
    retired: Annotated[
        Cards, Doc("the businesses out of the game before the race, the Bookmaker's excepted")
    ]
    auctioneer: Annotated[int, Range(-1, _last_seat), Doc("the auctioneer's seat, -1 none yet")]
    auction: AuctionDoc | None
    square: Annotated[
        list[Annotated[int, Range(-1, BOXED)]],
        PerHorse,
        Doc(f"each horse's training square (index = number): 0 its box, {BOXED} home, -1 out"),
    ]
    advantages: Annotated[list[Count], PerHorse, Doc("advantages laid on each horse's card")]
    disadvantages: Annotated[list[Count], PerHorse]
    pile_advantages: Annotated[dict[str, Count], Keys(COLOURS)]
    pile_disadvantages: Count
    decks: Annotated[
        dict[str, list[ReportIndex]],
        Keys(DECKS),
        Doc("the reports put back under each deck, in order (D42)"),
    ]
    unseen: Annotated[
        dict[str, list[ReportIndex]],
        Keys(DECKS),
        Doc("the reports of each shuffled deck never read yet, on top in unknown order (D42)"),
    ]
    drawing: Annotated[
        tuple[Deck, Horse] | None, Doc("the deck a report is read from, and for which horse")
    ]
    reports: Annotated[list[list[KeptReport]], PerSeat]
    member: Annotated[list[bool], PerSeat]
    strangled: Annotated[list[bool], PerSeat]
    moving: Annotated[
        list[Annotated[int, Range(-12, 12)]],
        Doc("the training throw under way: its total, then the horses still to move"),
    ]
    debt: tuple[str, Count] | None
    offered: list[str]
    offer: Annotated[str | None, Doc("the trade waiting for an answer, in its notation")]
    offers: Annotated[list[Count], PerSeat]
    quota: Annotated[int, Range(0, 6)]
    runners: Annotated[list[list[Horse]], PerSeat]
    favourite: Annotated[list[Annotated[int, Range(0, 12)]], PerSeat]
    called: Annotated[int, Range(0, 12)]
    pool: PoolDoc
    places: PoolDoc
    place_odds: list[Annotated[str, OneOf(PLACE_ODDS, what="odds")]]
    wager: Annotated[str | None, Doc("the place bet waiting for the Bookmaker, in its notation")]
    at: Annotated[list[Annotated[int, Range(-4, LAST_CELL)]], PerHorse]
    fallen: Annotated[list[bool], PerHorse]
    adv_hand: Annotated[list[Annotated[dict[str, Count], Keys(COLOURS)]], PerSeat]
    dis_hand: Annotated[list[Count], PerSeat]
    placed: list[Horse]
    to_move: list[Horse]
    die: Annotated[int, Range(0, 6)]
    moving_horse: Annotated[int, Range(0, 12)]
    colour_used: bool
    inscription_used: bool
    lane_effect: Annotated[
        str, OneOf(("", "inner_lanes", "outer_lanes", "inner_lane", "outer_lane"), what="effect")
    ]
    danger: Annotated[
        tuple[Horse, Annotated[str, OneOf(("C", "V", "F"), what="inscription")]] | None,
        Doc("a horse in danger whose owner lacks the report, and the inscription (D43)"),
    ] = None
    rescuers: Annotated[
        list[Seat], Doc("the holders of a saving report still to be asked (D43)")
    ] = field(default_factory=list)
    opener: Annotated[
        int,
        Range(-1, _last_seat),
        Doc(
            "the seat whose turn opens each round (the flow's round): the first to throw in the"
            " training (D48), the starter in the race (D49); -1 none"
        ),
    ] = -1
    reports_taken: Annotated[
        int,
        Range(0, MEMBER_REPORTS),
        Doc("the reports the club member in turn has taken before his throw (D47)"),
    ] = 0

    def validate(self, game: Ascot) -> None:
        """What spans several fields: each card in one place, reports that exist, notations."""
        for name, unused in (("square", self.square[0]), ("at", self.at[0])):
            if unused != -1:
                raise Invalid(f"{name}[0]", "entry 0 is no horse's: -1")
        where: dict[int, str] = {}
        places = {"dead": self.dead, "withdrawn": self.withdrawn, "retired": self.retired}
        for p in range(game.num_players):
            places[f"hands[{p}]"] = self.hands[p]
            places[f"bought[{p}]"] = self.bought[p]
        for name, cards in places.items():
            for card in cards:
                if card in where:
                    raise Invalid(name, f"card {card} is also in {where[card]}")
                if card not in self.dealt:
                    raise Invalid(name, f"card {card} was not dealt")
                where[card] = name
        for card in self.retired:
            if M.cards[card].is_horse or M.cards[card].id == "bookmaker":
                raise Invalid("retired", f"card {card} is no business that leaves before the race")
        for p, kept in enumerate(self.reports):
            for i, text in enumerate(kept):
                deck, _, index = text.partition(":")
                if deck not in M.reports or not index.isdigit():
                    raise Invalid(f"reports[{p}][{i}]", "a report deck:index")
                if int(index) >= len(M.reports[deck]):
                    raise Invalid(f"reports[{p}][{i}]", f"{deck} has no report {index}")
        for deck in DECKS:
            if any(len(M.reports[deck]) <= i for i in self.decks[deck] + self.unseen[deck]):
                raise Invalid(f"decks.{deck}", f"{deck} has {len(M.reports[deck])} reports")
            if set(self.decks[deck]) & set(self.unseen[deck]):
                raise Invalid(f"unseen.{deck}", "a report read is no longer unseen")
        if self.debt is not None and self.debt[0] not in {c.id for c in M.cards}:
            raise Invalid("debt", f"no business {self.debt[0]!r}")
        if len(self.place_odds) != len(self.places.slips):
            raise Invalid("place_odds", "one odds for each private place bet")
        kinds: tuple[tuple[str, str | None, type | tuple[type, ...]], ...] = (
            ("offer", self.offer, (Offer, Swap)),
            ("wager", self.wager, Wager),
        )
        for field_name, notation, kind in kinds:
            if notation is None:
                continue
            found: object
            try:
                found = parse_action(notation)
            except NotationError:
                found = None
            if not isinstance(found, kind):
                raise Invalid(
                    field_name,
                    f"not the notation of {'a place bet' if kind is Wager else 'an offer'}",
                )


POSITION: Final = Codec(AscotPosition)
"""Reads and writes Ascot's position documents; ``POSITION.schema(game)`` is their schema."""
FLOW: Final = Codec(FlowDoc, root="position.flow")
AUCTION: Final = Codec(AuctionDoc, root="position.auction")
POOL: Final = Codec(PoolDoc, root="position.pool")
