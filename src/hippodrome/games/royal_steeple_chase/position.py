"""Royal Steeple Chase's position document (``to_json``'s "position", ``state_from_json``): every
field of the state by name, cards as their notation (« 3/2 », « R/4 »), the progress of the horses as
``core`` counts it, hurdles as bit sets of gaps. ``SteeplePosition`` is its typed record: the engine's
codec (``hippodrome.engine.position``) reads, writes and describes it (``hippodrome position-schema
royal_steeple_chase``), and refuses an impossible position with the field named.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Annotated, Any, Final, TypeVar

from hippodrome.engine.errors import RecordError
from hippodrome.engine.position import Codec, Doc, Invalid, OneOf, Range, Size, Unique
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_steeple_chase import contract
from hippodrome.games.royal_steeple_chase.board import (
    FINISH,
    HALF_OF,
    HORSES,
    INCIDENT_KINDS,
    NOBODY,
    TYPE_TEXT,
    TYPES,
    M,
    Phase,
    cards_text,
)
from hippodrome.games.royal_steeple_chase.bridged import BridgeTable, ContractBook
from hippodrome.games.royal_steeple_chase.records import (
    Auction,
    Camps,
    Contres,
    IncidentDeck,
    PirateBook,
    PursuitLaps,
    Trade,
)

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.core import SteepleCore

R = TypeVar("R")


def _n(game: Any) -> int:
    return int(game.places)


def _last_seat(game: Any) -> int:
    return int(game.places) - 1


DECK: Final = Counter(M.deck)
"""Copies of each card type in the deck (60 cards)."""
Seat = Annotated[int, Range(0, _last_seat), Doc("a seat, from 0")]
SeatOrNobody = Annotated[int, Range(NOBODY, _last_seat), Doc("a seat, or -1 for nobody")]
Card = Annotated[str, OneOf(TYPE_TEXT, what="card")]
Cards = Annotated[list[Card], Size(0, len(M.deck))]
Horse = Annotated[int, Range(0, len(HORSES) - 1), Doc("0 red, 1 blue, 2 yellow, 3 green")]
PerSeat = Size.exactly(_n)
PerHorse = Size.exactly(len(HORSES))
Count = Annotated[int, Range(0)]
Lane = Annotated[
    int, Range(0, (1 << FINISH) - 1), Doc("a bit set of gaps, bit g « entre g et g+1 »")
]
Incident = Annotated[int, Range(-1, len(INCIDENT_KINDS) - 1), Doc("an incident kind, or -1")]


@dataclass(frozen=True, slots=True)
class ContractDoc:
    """Royal Steeple Chase contract: the deal's calls (``bridged.ContractBook``)."""

    spoke: Annotated[
        list[Annotated[int, Range(0, 2)]],
        PerSeat,
        Doc("colour rounds: 0 not yet, 1 passed, 2 called"),
    ]
    eliminated: Annotated[list[Annotated[int, Range(0, 3)]], PerSeat]
    call: Annotated[
        int, Range(-1, 7), Doc("the highest call, from 0 placé to 7 grand schlem; -1 none")
    ]
    declarer: SeatOrNobody
    doubled: Annotated[int, Range(0, 2), Doc("1 contré, 2 surcontré")]
    leader: SeatOrNobody
    said: Annotated[
        list[str],
        Doc("the bidding of the deal, in order: the seat that spoke and its call, « 2 annonce r »"),
    ] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class BridgeDoc:
    """The bridge players' variants' record (``bridged.BridgeTable``): present only in their games."""

    partner: Annotated[list[Seat], PerSeat, Doc("each seat's partner in the rubber under way")]
    rubber: Annotated[int, Range(0, 2), Doc("the rubber under way, from 0")]
    before: (
        Annotated[
            list[Annotated[int, Range(0)]],
            Size.exactly(2 * len(HORSES)),
            Doc(
                "while a card is played: the horses' progress, then their lanes' hurdles, before it"
            ),
        ]
        | None
    )
    contract: ContractDoc | None = None
    """The contract game's calls (left out aux enchères)."""


@dataclass(frozen=True, slots=True)
class SteeplePosition:
    """A Royal Steeple Chase position. Fields of a way to play the game does not play (the pirate's
    bets, the camps' partners, the pursuit's laps, the incident cards, the « contre ») stand as a
    new deal leaves them."""

    phase: Phase
    deal_number: Count
    dealer: Seat
    deal_start: Annotated[int, Range(0), Doc("the history's index of this deal's first card")]
    dealt: Annotated[int, Range(0, len(M.deck))]
    undealt: Cards
    hands: Annotated[list[Cards], PerSeat]
    public: Annotated[list[Cards], PerSeat, Doc("the cards of each hand everyone knows")]
    spread: Cards
    chips: Annotated[list[Count], PerSeat]
    pot: Count
    owner: Annotated[list[SeatOrNobody], PerHorse]
    sold_for: Annotated[
        list[Count], PerHorse, Doc("what each holder bid for his horse at auction this deal (D41)")
    ]
    pos: Annotated[
        list[Annotated[int, Range(0, FINISH)]],
        PerHorse,
        Doc(
            "squares run from the start: 0 on the start line, 21 after the lap, 22 across the line"
        ),
    ]
    hurdles: Annotated[list[Lane], PerHorse, Doc("the mobile hurdles on each horse's lane")]
    in_hand: Annotated[list[Annotated[int, Range(0, M.mobile_hurdles)]], PerSeat]
    finished: Annotated[list[Horse], Unique("horse"), Size(0, len(HORSES))]
    turn: Seat
    passes: Count
    auction: (
        Annotated[
            tuple[
                Annotated[int, Range(NOBODY, len(HORSES) - 1)],
                Annotated[int, Range(NOBODY, TYPES - 1)],
                Seat,
                Count,
                Seat,
                Annotated[list[Annotated[int, Range(0, 1)]], PerSeat],
                Seat,
            ],
            Doc("[horse or -1, card type or -1, leader, high bid, bidder, who may bid, resume]"),
        ]
        | None
    )
    throw_card: Annotated[int, Range(NOBODY, TYPES - 1)]
    trade: (
        Annotated[
            tuple[
                Seat,
                Seat,
                Annotated[int, Range(NOBODY, TYPES - 1)],
                Annotated[int, Range(NOBODY, TYPES - 1)],
                Count,
                Count,
                Annotated[int, Range(NOBODY, TYPES - 1)],
                SeatOrNobody,
            ],
            Doc(
                "[proposer (or the player asking), target (or the player to answer), card type"
                " offered or -1, card type countered or -1, the target's points, the proposer's"
                " points, card type asked for or -1, the seat the round goes on after]"
            ),
        ]
        | None
    )
    offers: Annotated[list[Count], PerSeat]
    requests: Annotated[list[Count], PerSeat]
    card_player: SeatOrNobody
    halves_left: Annotated[list[Annotated[str, OneOf(sorted(HALF_OF), what="half")]], Size(0, 2)]
    trail: dict[str, list[tuple[int, int]]]
    card_finishers: Annotated[list[Horse], Unique("horse"), Size(0, len(HORSES))]
    winner: SeatOrNobody
    placed: SeatOrNobody
    lead: Count
    races: Count
    honours: Annotated[list[int], PerSeat]
    below: Annotated[list[int], PerSeat]
    toward: Annotated[list[int], PerSeat]
    games: Annotated[list[Count], PerSeat]
    bets: Annotated[list[Annotated[list[Horse], Size(1, 2)] | None], PerSeat]
    stakes: Annotated[list[Count], PerSeat]
    throw_after: SeatOrNobody
    contred: Annotated[list[bool], PerSeat]
    banned: Annotated[list[bool], PerSeat]
    partner: Annotated[list[SeatOrNobody], PerSeat]
    carried: Annotated[list[Annotated[int, Range(0, FINISH)]], PerSeat]
    central: Annotated[list[Lane], PerHorse]
    discards: Cards
    incident_pack: Annotated[list[Count], Size.exactly(len(INCIDENT_KINDS))]
    pending: Annotated[list[Incident], PerSeat]
    incident: Incident
    incident_step: list[int]
    dry: Annotated[list[Annotated[int, Range(0, FINISH)]], PerHorse]
    extra: Annotated[list[Count], PerSeat]
    ridden: Annotated[list[Annotated[int, Range(NOBODY, len(HORSES) - 1)]], PerSeat]
    draws_left: Annotated[int, Range(0, 2)]
    lanes: Annotated[
        list[Horse], PerHorse, Unique("lane"), Doc("the lane each horse runs on (by its colour)")
    ]
    bridge: BridgeDoc | None = None
    """Aux enchères: the camps, the rubber, the card under way (left out of the other games)."""

    def validate(self, game: Any) -> None:
        """The deck and the box: no more cards than the deck's 60, no more copies of a card than it
        holds, no more mobile hurdles than the box's 15."""
        seen: Counter[str] = Counter()
        places = [("undealt", self.undealt), ("spread", self.spread), ("discards", self.discards)]
        places += [(f"hands[{q}]", hand) for q, hand in enumerate(self.hands)]
        for where, cards in places:
            for card in cards:
                seen[card] += 1
                if seen.total() > len(M.deck):
                    raise Invalid(where, f"a card beyond the deck's {len(M.deck)}")
                if seen[card] > DECK[M.card_type(card).index]:
                    raise Invalid(
                        where,
                        f"more copies of {card} than the deck's {DECK[M.card_type(card).index]}",
                    )
        for q, (known, hand) in enumerate(zip(self.public, self.hands, strict=True)):
            for card, count in Counter(known).items():
                if count > hand.count(card):
                    raise Invalid(f"public[{q}]", f"{card} known in a hand that does not hold it")
        for h, (price, holder) in enumerate(zip(self.sold_for, self.owner, strict=True)):
            if price and holder == NOBODY:
                raise Invalid(f"sold_for[{h}]", "a price for a horse nobody holds")
        laid = sum(lane.bit_count() for lane in self.hurdles) + sum(self.in_hand)
        if laid > M.mobile_hurdles:
            raise Invalid("hurdles", f"more mobile hurdles than the box's {M.mobile_hurdles}")


POSITION: Final = Codec(SteeplePosition)
"""Reads and writes Royal Steeple Chase's position documents; ``POSITION.schema(game)`` is their
schema."""


def position_json(s: SteepleCore) -> JSONObject:
    """The position document: every field of the state, the records of the ways to play that are
    off written as they would stand (so one document shape serves every way to play)."""
    doc = POSITION.write(position(s))
    bridge = doc.get("bridge")
    if bridge is None:
        doc.pop("bridge", None)  # the other ways to play's documents stay as they were
    elif isinstance(bridge, dict) and bridge.get("contract") is None:
        bridge.pop("contract", None)
    return doc


def position(s: SteepleCore) -> SteeplePosition:
    """The position as its typed record (what ``position_json`` writes)."""
    n = s.game.places
    a, tr = s.auction, s.trade
    book = s.pirate or PirateBook.empty(n, points=False)
    contres = s.contres or Contres.empty(n)
    camps = s.camps or Camps([NOBODY] * n)
    laps = s.pursuit or PursuitLaps([0] * n)
    deck = s.incidents or IncidentDeck.fresh(n)
    return SteeplePosition(
        phase=s.phase,
        deal_number=s.deal_number,
        dealer=s.dealer,
        deal_start=s.deal_start,
        dealt=s.dealt,
        undealt=cards_text(s.undealt),
        hands=[cards_text(h) for h in s.hands],
        public=[cards_text(h) for h in s.public],
        spread=cards_text(s.spread),
        chips=list(s.chips),
        pot=s.pot,
        owner=list(s.owner),
        sold_for=list(s.sold_for),
        pos=list(s.pos),
        hurdles=list(s.hurdles),
        in_hand=list(s.in_hand),
        finished=list(s.finished),
        turn=s.turn,
        passes=s.passes,
        auction=None
        if a is None
        else (a.horse, a.card, a.leader, a.high, a.bidder, [int(x) for x in a.active], a.resume),
        throw_card=s.throw_card,
        trade=None
        if tr is None
        else (
            tr.proposer,
            tr.target,
            tr.offered,
            tr.counter,
            tr.points,
            tr.given,
            tr.asked,
            tr.resume,
        ),
        offers=list(s.offers),
        requests=list(s.requests),
        card_player=s.card_player,
        halves_left=list(s.halves_left),
        trail={str(h): list(t) for h, t in s.trail.items()},
        card_finishers=list(s.card_finishers),
        winner=s.winner,
        placed=s.placed,
        lead=s.lead,
        races=s.races,
        honours=list(s.honours),
        below=list(s.below),
        toward=list(s.toward),
        games=list(s.games),
        bets=[None if b is None else list(b) for b in book.bets],
        stakes=list(book.stakes),
        throw_after=s.throw_after,
        contred=list(contres.contred),
        banned=list(contres.banned),
        partner=list(camps.partner),
        carried=list(laps.carried),
        central=list(s.central),
        discards=cards_text(s.discards),
        incident_pack=list(deck.incident_pack),
        pending=list(deck.pending),
        incident=deck.incident,
        incident_step=list(deck.incident_step),
        dry=list(deck.dry),
        extra=list(deck.extra),
        ridden=list(deck.ridden),
        draws_left=deck.draws_left,
        lanes=list(deck.lanes),
        bridge=None
        if s.bridge is None
        else BridgeDoc(
            list(s.bridge.partner),
            s.bridge.rubber,
            s.bridge.before,
            None if s.bridge.contract is None else _contract_doc(s.bridge.contract),
        ),
    )


def _contract_doc(book: ContractBook) -> ContractDoc:
    return ContractDoc(
        list(book.spoke),
        list(book.eliminated),
        book.call,
        book.declarer,
        book.doubled,
        book.leader,
        list(book.said),
    )


def _counts(cards: list[str]) -> list[int]:
    counts = [0] * TYPES
    for text in cards:
        counts[M.card_type(text).index] += 1
    return counts


def read_position(s: SteepleCore, d: JSONObject) -> None:
    """Set ``s`` (a new state) to the position document ``d``, refused with the field named when
    impossible; a field of a way to play the game does not play must stand as it would
    (``position_json``)."""
    p = POSITION.read(d, s.game)
    n = s.game.places
    s.deal_number = p.deal_number
    s.dealer = p.dealer
    s.deal_start = p.deal_start
    s.dealt = p.dealt
    s.undealt = _counts(p.undealt)
    s.hands = [_counts(h) for h in p.hands]
    s.public = [_counts(h) for h in p.public]
    s.spread = _counts(p.spread)
    s.chips = list(p.chips)
    s.pot = p.pot
    s.owner = list(p.owner)
    s.sold_for = list(p.sold_for)
    s.pos = list(p.pos)
    s.hurdles = list(p.hurdles)
    s.in_hand = list(p.in_hand)
    s.finished = list(p.finished)
    a = p.auction
    if a is not None:
        s.auction = Auction(a[0], a[1], a[2], a[3], a[4], [bool(x) for x in a[5]], a[6])
    s.throw_card = p.throw_card
    if p.trade is not None:
        s.trade = Trade(*p.trade)
    s.offers = list(p.offers)
    s.requests = list(p.requests)
    s.card_player = p.card_player
    s.halves_left = list(p.halves_left)
    s.trail = {int(h): list(t) for h, t in p.trail.items()}
    s.card_finishers = list(p.card_finishers)
    s.winner = p.winner
    s.placed = p.placed
    s.lead = p.lead
    s.races = p.races
    s.honours = list(p.honours)
    s.below = list(p.below)
    s.toward = list(p.toward)
    s.games = list(p.games)
    s.throw_after = p.throw_after
    s.central = list(p.central)
    s.discards = _counts(p.discards)
    # The records: a way to play the game does not play must stand as position_json writes it.
    bets = [None if b is None else tuple(b) for b in p.bets]
    for q, (bet, stake) in enumerate(zip(bets, p.stakes, strict=True)):
        if bet is None and stake:
            raise RecordError(f"position.stakes[{q}]", "a stake without a bet")
    if s.pirate is None:
        _record(None, _PirateSheet(bets, list(p.stakes)), _PirateSheet([None] * n, [0] * n))
    else:
        points = s.game.options.pirate == "points"
        s.pirate = PirateBook.of(bets, list(p.stakes), points=points)
    contres = Contres(list(p.contred), list(p.banned))
    s.contres = _record(s.contres, contres, Contres.empty(n))
    s.camps = _record(s.camps, Camps(list(p.partner)), Camps([NOBODY] * n))
    s.pursuit = _record(s.pursuit, PursuitLaps(list(p.carried)), PursuitLaps([0] * n))
    deck = IncidentDeck(
        list(p.incident_pack),
        list(p.pending),
        p.incident,
        list(p.incident_step),
        list(p.dry),
        list(p.extra),
        list(p.ridden),
        p.draws_left,
        list(p.lanes),
    )
    s.incidents = _record(s.incidents, deck, IncidentDeck.fresh(n))
    if (s.bridge is None) != (p.bridge is None):
        raise RecordError(
            "position.bridge",
            "belongs to a way to play this game does not play"
            if s.bridge is None
            else "missing: the bridge players' variant keeps its camps there",
        )
    if p.bridge is not None:
        partner = list(p.bridge.partner)
        if any(partner[partner[q]] != q or partner[q] == q for q in range(n)):
            raise RecordError("position.bridge.partner", "partners must be paired two by two")
        before = None if p.bridge.before is None else list(p.bridge.before)
        playing = s.bridge is not None and s.bridge.contract is not None
        c = p.bridge.contract
        if playing != (c is not None):
            raise RecordError(
                "position.bridge.contract",
                "missing: the contract game keeps its calls there"
                if playing
                else "belongs to a way to play this game does not play",
            )
        book = None
        if c is not None:
            for said in c.said:
                if not contract.said_ok(s, said):
                    raise RecordError(
                        "position.bridge.contract.said", f"{said!r} is no place's call or pass"
                    )
            book = ContractBook(
                list(c.spoke),
                list(c.eliminated),
                c.call,
                c.declarer,
                c.doubled,
                c.leader,
                list(c.said),
            )
        s.bridge = BridgeTable(partner, p.bridge.rubber, before, book)
        s.game.way.seat_players(s)
        if s.auction is not None:  # the auction goes round the rubber's seating too (D80)
            s.auction.lot.order = s.flow.order
    s.restore_flow(p.phase, p.turn, p.passes)


@dataclass(frozen=True, slots=True)
class _PirateSheet:
    """The pirate's bets as the position holds them, to refuse them in another way to play."""

    bets: list[tuple[int, ...] | None]
    stakes: list[int]


def _record(current: R | None, read: R, default: R) -> R | None:
    """The record read, for a way to play the game plays (``current`` is not None); else None,
    once sure the document holds the record as it stands when its way to play is off."""
    if current is not None:
        return read
    for f in fields(read):  # type: ignore[arg-type]
        if getattr(read, f.name) != getattr(default, f.name):
            raise RecordError(
                f"position.{f.name}", "belongs to a way to play this game does not play"
            )
    return None
