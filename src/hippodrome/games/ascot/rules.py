"""Ascot's rules: the game and its state.

The seed is ``shared/seeds/000_fb5c4569383c9a83.clean.txt``; the code cites its sections by their
titles (*Préparatifs*, *La donne*, *Vente aux enchères*, *I. Champ d'entraînement*, *Membres du
Club*...). Every decision taken where the seed is silent is written in ``docs/rules/ascot.md`` (D1,
D2...) with the test that pins it.

The phases: the deal with its dead pile, the auctioneer, the forced blind exchange and the optional
discards; the auctioneer's sale on the engine's open auction with its commission; the payment of the
cards kept; the training lap (with the forced sale of a player who cannot pay); the trades, runners,
favourites and the totalisator's bets before the race; the race on the engine's lane track; the
totalisator's payout and the prizes.

The hand-run roles are seats' powers the engine enforces: the Banker is seat 0 and the Bank is kept
by the state (``bank``), never a seat's money; the dealer is seat 0 too (D8); the auctioneer is the
seat named after the deal, paid his commission by the auction itself.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import accumulate
from typing import TYPE_CHECKING, ClassVar, Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Auction, commission_on
from hippodrome.engine.auction_events import (
    PASS,
    AuctionOpened,
    Bid,
    BidderOut,
    BidPassed,
    BidRaised,
    LotSold,
    LotUnsold,
    Pass,
)
from hippodrome.engine.errors import IllegalActionError, OptionsError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.lanetrack import INWARD, NO_CELL, OUTWARD
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.pool import PlaceBet, Pool, Slip
from hippodrome.engine.pool_events import DividendDeclared, SlipPlaced
from hippodrome.engine.turnflow import NOBODY, Acts, Flow, FlowState, Phases, Step
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot import length
from hippodrome.games.ascot.actions import (
    ACCEPT,
    CARD_IDS,
    COLOURS_ACTIONS,
    DECLINE,
    DICE,
    DIE_FACES,
    DONE,
    ENOUGH,
    JOIN,
    KEEP,
    NO_FAVOURITE,
    PLACE_ODDS,
    REFUSE,
    ROLL,
    Answer,
    ClubReport,
    Colour,
    Deal,
    Decline,
    Dice,
    Die,
    Discard,
    Done,
    Draw,
    Enough,
    Exchange,
    Favourite,
    Join,
    Keep,
    LaneChoice,
    Move,
    Offer,
    Roll,
    Run,
    Sell,
    Starter,
    Swap,
    Wager,
    parse_action,
)
from hippodrome.games.ascot.length import MEMBER_REPORTS, RACE_ROUNDS, TRAINING_ROUNDS
from hippodrome.games.ascot.material import Material, Report, digest, material
from hippodrome.games.ascot.position import AUCTION, FLOW, POOL, POSITION, AscotPosition

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random

M: Final[Material] = material()
# What the rules read at almost every action, as constants (compiled, a C static, where
# ``M.increment`` asks the interpreted material object for its attribute each time).
INCREMENT: Final = M.increment
CLUB_FEE: Final = M.club_fee
ENTRY_FEE: Final = M.entry_fee
CUT_IN_LENGTHS: Final = M.cut_in_lengths
SQUARES: Final = M.squares
REPORTS: Final = M.reports
PLACED: Final = M.placed
HORSE_COLOURS: Final = M.horse_colours
INSCRIPTIONS: Final = M.inscriptions
COMMISSION_PERCENT: Final = M.commission_percent
COMMISSION_ROUNDING: Final = M.commission_rounding
COLOUR_BONUS: Final = M.colour_bonus
CARDS: Final = range(len(M.cards))
HORSE_CARD: Final = {c.number: i for i, c in enumerate(M.cards) if c.is_horse}
"""The card index of each horse number (1 to 12)."""
HORSE_OF_CARD: Final = {i: c.number for i, c in enumerate(M.cards) if c.is_horse}
CARD_INDEX: Final = {card: i for i, card in enumerate(CARD_IDS)}
"""The index of each card by its id (``CARD_IDS.index``, read from a table)."""
BUSINESS: Final = {c.id: i for i, c in enumerate(M.cards) if not c.is_horse}
AUCTIONEER_CARD: Final = BUSINESS["commissaire_priseur"]
DUE_PRICE: Final = tuple(0 if i == AUCTIONEER_CARD else c.price for i, c in enumerate(M.cards))
"""What keeping each card from the deal costs (the auctioneer's card is free)."""
CLUB_CARD: Final = BUSINESS["commissaire_du_club"]
RETIRING: Final = frozenset(i for card, i in BUSINESS.items() if card != "bookmaker")
"""The cards that leave the game before the race (Préliminaires 1°: « celles des Affaires (sauf
la carte du Bookmaker) ne servent plus et doivent être enlevées du jeu »)."""
STABLE_CARDS: Final = (BUSINESS["ecurie_walroy"], BUSINESS["ecurie_stevens"])
STABLE_CARD_OF: Final = {"walroy": STABLE_CARDS[0], "stevens": STABLE_CARDS[1]}
STABLE_IDS: Final = frozenset(CARD_IDS[c] for c in STABLE_CARDS)
HORSES: Final = range(1, 13)
LOOP: Final = M.training_length
"""The training loop's squares: 0 is the boxes, 1 to LOOP - 1 the track; LOOP or more is home."""
TWO_DICE: Final = tuple(
    (DICE[t], sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == t) / 36)
    for t in range(2, 13)
)
DICE_SUMS: Final = tuple(accumulate(p for _, p in TWO_DICE))
FACES: Final = tuple(DIE_FACES[f] for f in range(1, 7))
_UNIFORM_SUMS: dict[int, tuple[float, ...]] = {}
"""The running sums of ``n`` equal chances ``1.0 / n``, made once for each ``n`` (below)."""


def _uniform(n: int, r: float) -> int:
    """The outcome among ``n`` equally likely ones that ``State.sample_chance`` draws for the
    number ``r`` (``random()``): the same bisection of the same running sums of ``1.0 / n``, so
    every seed deals, reads and rolls as before."""
    sums = _UNIFORM_SUMS.get(n)
    if sums is None:
        sums = _UNIFORM_SUMS[n] = tuple(accumulate([1.0 / n] * n))
    return bisect(sums, r * sums[-1], 0, n - 1)


TOTALISATOR_ROUNDING: Final = 1_000
"""« Dans certains cas les 10% seront approximatifs, afin d'obtenir une somme ronde »: the
Bookmaker's 10% to the nearest thousand (D25)."""
OFFER_PRICES: Final = range(0, 100_001, 5_000)
"""D29: a trade's price, Frs 0 to 100.000 by 5.000."""
OFFERS_EACH: Final = 3
OFFERS_A_TURN: Final = 1
"""D41: the offers the player in turn may make after his horses moved in the training."""
PLACE_STAKES: Final = range(5_000, 50_001, 5_000)
"""D40: a private place bet's stake, Frs 5.000 to 50.000 by 5.000."""
"""D29: the most offers a player makes before the race (so that the trading ends)."""
TRACK: Final = M.track()
"""The race course on the engine's lane-track model (open, six lanes)."""
LANE_CODES: Final = tuple(code for text in M.lanes for code in text)
"""The printed code of each cell (cells are numbered lane by lane, as ``TRACK`` numbers them)."""
COLOUR_CODE: Final = {"K": "black", "R": "red", "Y": "yellow", "B": "blue"}


def _zone() -> frozenset[int]:
    # « Les joueurs ne doivent pas changer de piste dans le secteur compris entre le poteau du
    # dernier tournant et la case blanche avec indication : « Cravachez et placez-vous » ».
    cells = set()
    for cell, info in enumerate(TRACK.cells):
        if info.segment == M.last_turn_segment:
            cells.add(cell)
        elif info.segment == M.last_turn_segment + 1:
            whip = M.lanes[info.lane].index("Z")
            if info.index < whip:
                cells.add(cell)
    return frozenset(cells)


ZONE: Final = _zone()
DIAGONAL: Final = {
    side: tuple(TRACK.diagonal(c, side) for c in range(len(TRACK.cells)))
    for side in (INWARD, OUTWARD)
}
"""The lane track's diagonal step from each cell, to either side (the track never changes: the
race's search reads this table instead of working each step out again)."""
LANE_OF: Final = tuple(info.lane for info in TRACK.cells)
PROGRESS: Final = tuple(TRACK.progress(c) for c in range(len(TRACK.cells)))
CELL_END: Final = tuple(info.end for info in TRACK.cells)
FORWARD: Final = TRACK.forward
"""The track's cells and their next cell along the lane, read from tables made once (the rules
read them at every step of the race's search, the compiled ones without an attribute lookup)."""
assert not any(TRACK.wraps)  # an open course: ``_cuts_in`` counts lengths without laps
STABLE_OF_HORSE: Final = ("", *tuple(M.stable_of_horse(h) for h in range(1, 13)))
"""The stable (Walroy's or Stevens's) of each horse number's colour (``M.stable_of_horse``)."""
POST: Final = -5
"""A destination past the finishing post."""
RNONE, RSTART, RPAST, ROUT = -1, -2, -3, -4
"""Where a horse is in the race: not running, on its start square, past the post, out."""
BOXED: Final = LOOP
OUT: Final = -1
"""A horse out of the training: its card was withdrawn unsold."""


_OFFERS: dict[tuple[int, str, str, int], tuple[Offer, ...]] = {}
_WIN_BETS: dict[int, list[PlaceBet]] = {}
DEALS: Final = tuple(Deal(c) for c in CARDS)
DRAWS: Final = {d: tuple(Draw(d, i) for i in range(len(r))) for d, r in REPORTS.items()}
"""The deals and the draws of each report deck, shared by the chance outcomes."""
EXCHANGES: Final = tuple(Exchange(c) for c in CARDS)
DISCARDS: Final = tuple(Discard(c) for c in CARDS)
SELL_CARD: Final = tuple(Sell(CARD_IDS[c]) for c in CARDS)
_SELL_REPORT: dict[str, Sell] = {}
RUNS: Final = tuple(Run(h) for h in range(13))
FAVOURITES: Final = tuple(Favourite(h) for h in range(13))
CLUB_REPORTS: Final = tuple(
    (ClubReport(STABLE_OF_HORSE[h], h), ClubReport("veterinary", h)) if h else () for h in range(13)
)
"""A club member's reports for each horse number (its stable's deck, then the veterinary's)."""
STAY: Final = tuple(Move(h, 0, 0) for h in range(13))
PAST_POST: Final = tuple(Move(h, 0, 1) for h in range(13))
_MOVES: dict[int, Move] = {}
"""The legal actions of every phase that offers cards, horses, reports or moves, made once and
shared (an action is a value), not built anew at each call (the race's moves by ``13 * cell +
horse``, the reports sold by their item, when first asked)."""
_SWAPS: dict[int, list[list[Swap]]] = {}
"""The exchanges offered to a seat, by the horse given and the horse taken (numbers 1 to 12)."""


# Each action class as a number, read once an action (``_apply``): compiled, an imported name is
# looked up in the module's dictionary at each use, a number is a constant.
A_DEAL: Final = 1
A_EXCHANGE: Final = 2
A_DISCARD: Final = 3
A_KEEP: Final = 4
A_BID: Final = 5
A_PASS: Final = 6
A_STARTER: Final = 7
A_DIE: Final = 8
A_MOVE: Final = 9
A_COLOUR: Final = 10
A_LANE_CHOICE: Final = 11
A_WAGER: Final = 12
A_DONE: Final = 13
A_ANSWER: Final = 14
A_OFFER: Final = 15
A_SWAP: Final = 16
A_SELL: Final = 17
A_RUN: Final = 18
A_ENOUGH: Final = 19
A_FAVOURITE: Final = 20
A_ROLL: Final = 21
A_DICE: Final = 22
A_DRAW: Final = 23
A_CLUB_REPORT: Final = 24
A_JOIN: Final = 25
A_DECLINE: Final = 26
ACTION_KIND: Final[dict[type, int]] = {
    Deal: A_DEAL,
    Exchange: A_EXCHANGE,
    Discard: A_DISCARD,
    Keep: A_KEEP,
    Bid: A_BID,
    Pass: A_PASS,
    Starter: A_STARTER,
    Die: A_DIE,
    Move: A_MOVE,
    Colour: A_COLOUR,
    LaneChoice: A_LANE_CHOICE,
    Wager: A_WAGER,
    Done: A_DONE,
    Answer: A_ANSWER,
    Offer: A_OFFER,
    Swap: A_SWAP,
    Sell: A_SELL,
    Run: A_RUN,
    Enough: A_ENOUGH,
    Favourite: A_FAVOURITE,
    Roll: A_ROLL,
    Dice: A_DICE,
    Draw: A_DRAW,
    ClubReport: A_CLUB_REPORT,
    Join: A_JOIN,
    Decline: A_DECLINE,
}


BANKER: Final = 0
"""The Banker's seat (« L'un des joueurs est désigné Banquier »): seat 0, the dealer too (see the
rules document); he keeps the Bank and his cut of it."""


def prizes(bank: Money, placed: int) -> tuple[Money, list[Money]]:
    """The Banker's cut and the prize of each horse past the post, out of ``bank`` when ``placed``
    horses passed it (D28). Préparatifs: « le Banquier distribuera en prix la somme totale qui lui
    avait été versée, après s'en être déduit les 10% »: the cut is his 10% to the nearest hundred,
    and the whole rest is shared among the places taken in the proportions of *Les prix* (« la
    moitié au 1er arrivé ; 1/4 au 2e arrivé et 1/4 au 3e arrivé »: 2, 1 and 1 parts), a place
    nobody took sharing nothing; each prize but the first rounded down to the hundred, the first
    taking what is left. No horse past the post: no prize, the rest stays in the Bank."""
    cut = commission_on(bank, M.banker_percent, 100)
    rest = bank - cut
    parts = M.prize_shares[:placed]
    if not parts:
        return cut, []
    whole = sum(parts)
    shares = [0] + [rest * part // whole // 100 * 100 for part in parts[1:]]
    shares[0] = rest - sum(shares)
    return cut, shares


def _offers_at_every_price(to: Player, deal: str, item: str, count: int) -> tuple[Offer, ...]:
    """The offers of ``item`` to seat ``to`` at the ``count`` lowest prices, cheapest first; legal
    actions share them (an action is a value) instead of building hundreds of equal ones at each
    call."""
    key = (to, deal, item, count)
    found = _OFFERS.get(key)
    if found is None:
        found = _OFFERS[key] = tuple(Offer(to, deal, item, price) for price in OFFER_PRICES[:count])
    return found


def _swaps(to: Player, mine: list[int], theirs: list[int]) -> list[Swap]:
    """Every exchange of one of ``mine`` for one of ``theirs`` offered to seat ``to``, mine in
    order then his (shared, as above)."""
    rows = _SWAPS.get(to)
    if rows is None:
        rows = _SWAPS[to] = [[Swap(to, f"h{a}", f"h{b}") for b in range(13)] for a in range(13)]
    found: list[Swap] = []
    for a in mine:
        row = rows[a]
        found.extend([row[b] for b in theirs])
    return found


def _tradeable_cards(held: Sequence[int], *, training: bool) -> list[str]:
    """The cards among ``held`` (in order) that may be traded: the horses (with their small
    cards); in the training the businesses too, but the club commissioner's card (D41)."""
    if training:
        return [CARD_IDS[c] for c in held if c != CLUB_CARD]
    return [CARD_IDS[c] for c in held if c in HORSE_OF_CARD]


def _may_hold(held: Sequence[int], stable: str) -> bool:
    """Whether a seat holding ``held`` may also own the stable ``stable``: « Aucun joueur ne peut
    être propriétaire à la fois des cartes Écuries Stevens et Walroy »."""
    return STABLE_CARDS[1 - STABLE_CARDS.index(BUSINESS[stable])] not in held


TRADEABLE: Final = (
    tuple(c in HORSE_OF_CARD for c in CARDS),
    tuple(c != CLUB_CARD for c in CARDS),
)
"""Whether each card may be traded (``_tradeable_cards``), after the training then in it."""
OTHER_STABLE: Final = tuple(
    STABLE_CARDS[1 - STABLE_CARDS.index(c)] if c in STABLE_CARDS else -1 for c in CARDS
)
"""The other stable's card of each stable's card (-1 for the other cards): whoever holds it may
not own this one (``_may_hold``)."""
HORSE_NUMBER: Final = tuple(HORSE_OF_CARD.get(c, 0) for c in CARDS)
"""The horse number of each card, 0 for a business."""
assert all(HORSE_CARD[h] < HORSE_CARD[h + 1] for h in range(1, 12))  # held in card order: by number
_CARD_OFFERS: dict[int, list[list[tuple[Offer, ...]]]] = {}
"""The offers of each card to a seat, by the seat and the deal (``2 * to + deal``), the card and
the number of prices the payer can pay (``_offers_at_every_price``, read from a table)."""


def _card_offers(to: Player, deal: int) -> list[list[tuple[Offer, ...]]]:
    key = 2 * to + deal
    found = _CARD_OFFERS.get(key)
    if found is None:
        most = len(OFFER_PRICES)
        word = ("sell", "buy")[deal]
        found = _CARD_OFFERS[key] = []
        for card in CARDS:
            every = _offers_at_every_price(to, word, CARD_IDS[card], most)
            found.append([every[:count] for count in range(most + 1)])
    return found


def _all_offers(
    player: Player,
    training: bool,
    cards: Sequence[Sequence[int]],
    reports: Sequence[tuple[str, int]],
    prices: Sequence[int],
) -> list[Action]:
    """The trade offers of ``player`` (seed, Préliminaires), each seat holding ``cards`` (each in
    card order, so that its horses come by number) and able to pay the first ``prices`` of
    OFFER_PRICES: the same, in the same order, as asking ``_tradeable``, ``_may_own`` and
    ``horses_of`` for every partner and deal, with the cards' offers read from tables."""
    found: list[Action] = []
    n = len(cards)
    tradeable = TRADEABLE[1 if training else 0]
    held = cards[player]
    mine = [c for c in held if tradeable[c]]
    my_reports = [f"{d}:{i}" for d, i in reports]
    my_horses = [HORSE_NUMBER[c] for c in held if HORSE_NUMBER[c]]
    known = _OFFERS.get
    for to in range(n):
        if to == player:
            continue
        his = cards[to]
        count = prices[to]  # I sell: he pays
        if count > 0:  # the payer has none of them
            table = _card_offers(to, 0)
            for card in mine:
                other = OTHER_STABLE[card]
                if other >= 0 and other in his:  # as ``_may_own``
                    continue
                found.extend(table[card][count])
            for item in my_reports:
                shared = known((to, "sell", item, count))  # _offers_at_every_price, inlined
                if shared is None:
                    shared = _offers_at_every_price(to, "sell", item, count)
                found.extend(shared)
        count = prices[player]  # I buy: I pay
        if count > 0:
            table = _card_offers(to, 1)
            for card in his:
                if not tradeable[card]:
                    continue
                other = OTHER_STABLE[card]
                if other >= 0 and other in held:
                    continue
                found.extend(table[card][count])
        # « échanger [...] les chevaux » (D45): one of mine for one of his.
        if my_horses:
            his_horses = [HORSE_NUMBER[c] for c in his if HORSE_NUMBER[c]]
            if his_horses:
                found.extend(_swaps(to, my_horses, his_horses))
    return found


def _win_bets(horse: int, count: int) -> list[PlaceBet]:
    """The first ``count`` win bets on ``horse``, by the Totalisator's stakes (shared, as above)."""
    made = _WIN_BETS.setdefault(horse, [])
    while len(made) < count:
        made.append(PlaceBet("win", (f"h{horse}",), INCREMENT * (len(made) + 1)))
    return made[:count]


def _sale_in(events: Sequence[Event]) -> LotSold | None:
    """The sale among a closed auction's ``events``, if the lot was sold (a loop: compiled, no
    generator object)."""
    for event in events:
        if isinstance(event, LotSold):
            return event
    return None


def as_told(event: Event) -> Event:
    """An event of the engine's auction as Ascot narrates it (the same facts, the same money)."""
    if type(event) is AuctionOpened:
        return ev.BiddingOpened(event.lot, event.floor, event.sealed)
    if type(event) is LotSold:
        return ev.ItemSold(
            event.player,
            event.lot,
            event.price,
            event.commission,
            event.seller,
            event.auctioneer,
            event.shares,
        )
    if type(event) is LotUnsold:
        return ev.ItemUnsold(event.lot)
    if type(event) is SlipPlaced and not event.hidden:
        return ev.BetPlaced(
            event.player,
            event.number,
            event.kind,
            event.horses,
            event.stake,
            event.paid,
            event.hidden,
        )
    if type(event) is DividendDeclared:
        return ev.TotalisatorSettled(
            event.kind, event.total, event.take, event.winning, event.multiple
        )
    return event


class Phase(IntEnum):
    DEAL = 0
    """La donne: the twenty cards dealt, one at a time (chance)."""
    EXCHANGE = 1
    """The forced blind exchange with the dead pile, each player once from the dealer's left."""
    DISCARD = 2
    """Optional discards to the dead pile, each player in turn until he keeps his hand."""
    AUCTION = 3
    """The auctioneer's sale of the dead pile, one card at a time (the engine's open auction)."""
    TRAINING = 4
    """The player in turn rolls (or first, as a club member, takes a report)."""
    DICE = 5
    """The two dice thrown (chance, the player in turn's gesture)."""
    CLUB = 6
    """A horse stopped on the club's square: its owner joins or declines."""
    RUNNERS = 7
    """Préliminaires: each owner in turn enters his runners, paying their entry fees."""
    FAVOURITE = 8
    """Favori: the owner just entered names his favourite, or none."""
    BETTING = 9
    """Les paris: the Bookmaker reads the runners one by one; each player bets on it or passes."""
    RACE = 10
    """Départ: who threw the highest starts (chance)."""
    OVER = 11
    SALE = 12
    """A player who cannot pay a fee offers a card or a report to the highest bidder."""
    TRADING = 13
    """Préliminaires: the players offer one another horses and reports, in turn."""
    ANSWER = 14
    """The seat offered a trade accepts or refuses it."""
    ROLL = 15
    """The race: the die for the next horse of the seat in turn (chance, his gesture)."""
    MOVE = 16
    """The race: the seat in turn moves the horse the die is for."""
    COLOUR = 17
    """The race: the horse stopped on a coloured square (or the white one before the last turn)."""
    LANE = 18
    """The race: an inscription lets the player choose among the inner or outer lanes."""
    PLACES = 19
    """Les paris: private place bets offered to the Bookmaker, each player in turn (D40)."""
    BOOK = 20
    """The Bookmaker accepts or refuses the place bet offered."""
    REPORT = 21
    """A report read off the top of its shuffled deck (chance, the player in turn's gesture)."""
    RESCUE = 22
    """The race: a horse in danger; a holder of the report that saves it may offer it (D43)."""


_TO_THE_END = ("trading", "runners", "betting", "places", "race", "over")
"""Where a chain of empty steps may lead in one action (nobody left training, no runner...)."""

PHASES: Final = Phases(
    Phase,
    {
        Phase.DEAL: Step(Acts.CHANCE, next=("exchange", "discard")),
        Phase.EXCHANGE: Step(Acts.EACH, rounds=1, next=("exchange", "discard")),
        Phase.DISCARD: Step(Acts.SEAT, next=("discard", "auction", "training", *_TO_THE_END)),
        Phase.AUCTION: Step(
            Acts.CALLED, next=("auction", "training", "club", "sale", "report", *_TO_THE_END)
        ),
        Phase.TRAINING: Step(Acts.SEAT, next=("dice", "sale", "training", "report", *_TO_THE_END)),
        Phase.DICE: Step(
            Acts.CHANCE, roller=True, next=("training", "club", "sale", "report", *_TO_THE_END)
        ),
        Phase.REPORT: Step(
            Acts.CHANCE, roller=True, next=("training", "club", "sale", "report", *_TO_THE_END)
        ),
        Phase.CLUB: Step(Acts.SEAT, next=("training", "club", "sale", "report", *_TO_THE_END)),
        Phase.SALE: Step(
            Acts.SEAT, next=("auction", "training", "club", "sale", "report", *_TO_THE_END)
        ),
        Phase.TRADING: Step(Acts.SEAT, next=("answer", "training", "favourite", *_TO_THE_END)),
        Phase.ANSWER: Step(Acts.SEAT, next=("trading", "rescue", "roll", "over")),
        Phase.RESCUE: Step(Acts.SEAT, next=("answer", "rescue", "roll", "over")),
        Phase.RUNNERS: Step(Acts.SEAT, next=("favourite", *_TO_THE_END)),
        Phase.FAVOURITE: Step(Acts.SEAT, next=_TO_THE_END),
        Phase.BETTING: Step(Acts.EACH, rounds=1, next=_TO_THE_END),
        Phase.RACE: Step(Acts.CHANCE, next=("roll", "over")),
        Phase.ROLL: Step(Acts.CHANCE, roller=True, next=("move",)),
        Phase.MOVE: Step(Acts.SEAT, next=("roll", "colour", "lane", "rescue", "over")),
        Phase.COLOUR: Step(Acts.SEAT, next=("roll", "colour", "lane", "rescue", "over")),
        Phase.LANE: Step(Acts.SEAT, next=("roll", "colour", "rescue", "over")),
        Phase.PLACES: Step(Acts.SEAT, next=("book", "race", "over")),
        Phase.BOOK: Step(Acts.SEAT, next=("places",)),
        Phase.OVER: Step(Acts.OVER),
    },
)
"""Who acts in each phase of Ascot, and which phases may follow (the engine's turn flow)."""


@mypyc_attr(native_class=False)  # compiled, a class may not derive from an interpreted one
@dataclass(frozen=True, kw_only=True)
class AscotOptions(GameOptions):
    players: int = option(3, en="Number of players (2 to 6)", fr="Nombre de joueurs (2 à 6)")
    place_bets: bool = option(
        False,
        en="Private place bets with the Bookmaker (« sur la demande expresse des joueurs »)",
        fr="Paris privés aux placés avec le Bookmaker (« sur la demande expresse des joueurs »)",
    )
    carry_over: bool = option(
        False,
        en="A Totalisator nobody wins is carried over to the next game (else the Bookmaker keeps it)",
        fr="Un Totalisateur sans gagnant grossit la caisse de la partie suivante "
        "(sinon le Bookmaker le garde)",
    )
    jackpot: int = option(
        0,
        en="Francs carried over into the Totalisator from the last game",
        fr="Francs reportés au Totalisateur depuis la partie précédente",
    )


def hand_size(players: int) -> int:
    """D10: « Tous les joueurs doivent recevoir le même nombre de cartes »: the twenty cards shared
    into one pile more than players, each player's pile as large as the smallest, the dead pile the
    rest (2 players: 6 each and 8 dead; 3: 5 and 5; 4: 4 and 4; 5: 3 and 5; 6: 2 and 8)."""
    return len(M.cards) // (players + 1)


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled (Ray) by a blank ``__new__``
class Ascot(Game[AscotOptions]):
    id: ClassVar[str] = "ascot"
    titles: ClassVar[dict[str, str]] = {"en": "Ascot", "fr": "Ascot"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rules_version: ClassVar[int] = 3
    options_type: ClassVar[type[GameOptions]] = AscotOptions
    max_choices: ClassVar[int] = 4096
    """The most legal actions of one decision. Two kinds of decision offer many. Trade offers: the
    20 cards and the 5 reports kept, sold to each of 5 partners or bought from their owner, at 21
    prices, plus the exchanges of 12 horses: at most 2,770. A bid by Frs 500 up to what the bidder
    has: the money of a six-player table is Frs 1.686.000 (the bank only holds what the players
    paid), at most 3,372 amounts. The conformance suite checks the bound in play."""

    @property
    def data_digest(self) -> str:
        return digest()

    def max_length(self) -> int:
        """The most actions a game with these options can take (``length.py``, D47 to D49)."""
        return length.max_length(self)

    def __init__(self, options: AscotOptions) -> None:
        super().__init__(options)
        if options.jackpot < 0 or options.jackpot % INCREMENT:
            raise OptionsError(
                "error.option_type",
                option="jackpot",
                value=options.jackpot,
                expected=f"francs, 0 or more, by {INCREMENT}",
            )

    def new_initial_state(self) -> AscotState:
        return AscotState(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def position_from_json(self, position: JSONObject) -> AscotState:
        return AscotState.from_position(self, POSITION.read(position, self))

    def position_schema(self) -> JSONObject:
        return POSITION.schema(self, title="Ascot position")


NO_MONEY: Final = frozenset(
    kind
    for kind in (
        AuctionOpened,
        BidRaised,
        BidPassed,
        BidderOut,
        LotUnsold,
        ev.BiddingOpened,
        ev.ItemUnsold,
    )
    if kind.money_changes is Event.money_changes
)
"""The events of a sale, as told, that move no money (the base ``money_changes``): ``_record``
tells them without asking."""


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class AscotState(FlowState[Ascot]):
    __slots__ = (
        "adv_hand",
        "advantages",
        "at",
        "auction",
        "auctioneer",
        "bank",
        "bought",
        "called",
        "colour_used",
        "danger",
        "dead",
        "dealt",
        "debt",
        "decks",
        "die",
        "dis_hand",
        "disadvantages",
        "drawing",
        "fallen",
        "favourite",
        "hands",
        "inscription_used",
        "lane_effect",
        "member",
        "money_",
        "moving",
        "moving_horse",
        "offer",
        "offered",
        "offers",
        "opener",
        "pile_advantages",
        "pile_disadvantages",
        "place_odds",
        "placed",
        "places",
        "pool",
        "quota",
        "reports",
        "reports_taken",
        "rescuers",
        "retired",
        "runners",
        "square",
        "strangled",
        "to_move",
        "unseen",
        "wager",
        "withdrawn",
    )

    def __init__(self, game: Ascot) -> None:
        super().__init__(game)
        n = game.num_players
        self.flow: Flow[Phase] = Flow(PHASES, Phase.DEAL, n)
        # Préparatifs: « Chaque joueur reçoit la somme de Frs 281.000 ».
        self.money_: list[Money] = [M.money_each] * n
        self.bank: Money = 0
        """The Bank: what the players pay the Banker for their cards and entry fees (the prizes)."""
        self.dealt: list[int] = []
        """The cards dealt so far, in order (the deal's chance node draws the next)."""
        self.hands: list[list[int]] = [[] for _ in range(n)]
        """Each seat's cards kept from the deal (to be paid at face value after the sale)."""
        self.bought: list[list[int]] = [[] for _ in range(n)]
        """Each seat's cards bought at the sale (paid when bought)."""
        self.dead: list[int] = []
        """The dead pile, top first; nobody looks at it (« que personne ne doit regarder »)."""
        self.withdrawn: list[int] = []
        self.retired: list[int] = []
        """The businesses taken out of the game before the race, the Bookmaker's excepted."""
        self.auctioneer: Player = NOBODY
        self.auction: Auction | None = None
        # Training.
        self.square: list[int] = [OUT] * 13
        """Each horse's square on the training loop (index = horse number; 0: its box, BOXED: home
        again, OUT: not training)."""
        self.advantages: list[int] = [0] * 13
        """The advantages laid on each horse's card (of its colour)."""
        self.disadvantages: list[int] = [0] * 13
        self.pile_advantages: dict[str, int] = dict(M.advantages)
        self.pile_disadvantages = M.disadvantages
        self.unseen: dict[str, list[int]] = {d: list(range(len(r))) for d, r in REPORTS.items()}
        """The reports of each shuffled deck not read yet this game (index into
        ``REPORTS[deck]``): they lie on top, in an order nobody knows, so the next one read is a
        chance node among them (D42)."""
        self.decks: dict[str, list[int]] = {d: [] for d in REPORTS}
        """The reports read and put back under each deck, in order, below the unseen ones."""
        self.drawing: tuple[str, int] | None = None
        """The deck a report is being read from and the horse it is for (phase ``report``)."""
        self.reports: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        """The reports each seat keeps (immunities)."""
        self.member: list[bool] = [False] * n
        self.strangled: list[bool] = [False] * n
        """Seats whose next roll is lost (« il ne jette pas les dés à son tour de jouer suivant »)."""
        self.opener: Player = NOBODY
        """The seat whose turn opens each round (``flow.round``): the first to throw in the
        training (D48), then the starter of the race (D49)."""
        self.reports_taken = 0
        """The reports the club member in turn has taken before his throw (D47)."""
        self.moving: list[int] = []
        """The horses of the seat in turn still to move this roll, and the roll (``moving[0]``)."""
        self.debt: tuple[str, Money] | None = None
        """A fee the seat in turn cannot pay yet (the business paid, the amount): he sells first."""
        self.offered: list[str] = []
        """What the debtor has already offered for this debt (each item once)."""
        # The race.
        self.at: list[int] = [RNONE] * 13
        """Each horse's cell on the race course, or RNONE, RSTART, RPAST, ROUT."""
        self.fallen: list[bool] = [False] * 13
        self.adv_hand: list[dict[str, int]] = [{c: 0 for c in M.advantages} for _ in range(n)]
        """The advantages each player holds for the race, by colour."""
        self.dis_hand: list[int] = [0] * n
        self.placed: list[int] = []
        """The horses past the post, in order (disqualified ones excepted)."""
        self.to_move: list[int] = []
        """The seat in turn's horses still to take a die this turn."""
        self.die = 0
        self.moving_horse = 0
        self.colour_used = False
        self.inscription_used = False
        self.lane_effect = ""
        self.danger: tuple[int, str] | None = None
        """A horse on « Bride cassée », « Rupture de vaisseau » or « Votre cheval tombe » whose
        owner lacks the report, and the inscription: the holders may sell him one first (D43)."""
        self.rescuers: list[Player] = []
        """The holders of a report that would save it, still to be asked, in turn."""
        self.offer: Offer | Swap | None = None
        """The trade waiting for its answer, and who proposed it (``offers`` counts them)."""
        self.offers: list[int] = [0] * n
        """How many trades each seat has offered before the race."""
        # The race's preliminaries and the totalisator.
        self.quota = 0
        """How many horses each owner runs (D22)."""
        self.runners: list[list[int]] = [[] for _ in range(n)]
        """Each seat's runners, entry fee paid."""
        self.favourite: list[int] = [0] * n
        """Each seat's favourite (0: none)."""
        self.called = 0
        """The runner the Bookmaker is reading (betting), 0 before."""
        self.pool = Pool(
            {"win": 1},
            minimum=INCREMENT,
            unit=INCREMENT,
            take_out=M.totalisator_percent,
            rounding=TOTALISATOR_ROUNDING,
            refund_without_winner=False,
            per_horse=M.tickets_per_horse,
            carried=game.options.jackpot,
        )
        """Le Totalisateur: win bets only, four numbered tickets a horse (D24)."""
        self.places = Pool(
            {"place": 1},
            minimum=PLACE_STAKES.start,
            unit=PLACE_STAKES.step,
            paid=False,
            hidden=True,
            hides=("kind", "horses", "stake"),
        )
        """D40: the private place bets the Bookmaker took, nothing paid before the race is over;
        each slip's odds are in ``place_odds``."""
        self.place_odds: list[str] = []
        self.wager: Wager | None = None
        """The place bet waiting for the Bookmaker's answer (its proposer: ``flow.first``)."""

    # -- cloning ------------------------------------------------------------------------------------

    def clone(self) -> AscotState:
        new = AscotState.__new__(AscotState)
        new.game = self.game
        self._copy_record(new)
        new.flow = self.flow.copy()
        new.money_ = self.money_.copy()
        new.bank = self.bank
        new.dealt = self.dealt.copy()
        new.hands = [h.copy() for h in self.hands]
        new.bought = [b.copy() for b in self.bought]
        new.dead = self.dead.copy()
        new.withdrawn = self.withdrawn.copy()
        new.retired = self.retired.copy()
        new.auctioneer = self.auctioneer
        new.auction = None if self.auction is None else self.auction.copy()
        new.square = self.square.copy()
        new.advantages = self.advantages.copy()
        new.disadvantages = self.disadvantages.copy()
        new.pile_advantages = dict(self.pile_advantages)
        new.pile_disadvantages = self.pile_disadvantages
        new.decks = {d: cards.copy() for d, cards in self.decks.items()}
        new.unseen = {d: cards.copy() for d, cards in self.unseen.items()}
        new.drawing = self.drawing
        new.reports = [r.copy() for r in self.reports]
        new.member = self.member.copy()
        new.strangled = self.strangled.copy()
        new.opener = self.opener
        new.reports_taken = self.reports_taken
        new.moving = self.moving.copy()
        new.debt = self.debt
        new.offered = self.offered.copy()
        new.at = self.at.copy()
        new.fallen = self.fallen.copy()
        new.adv_hand = [dict(h) for h in self.adv_hand]
        new.dis_hand = self.dis_hand.copy()
        new.placed = self.placed.copy()
        new.to_move = self.to_move.copy()
        new.die = self.die
        new.moving_horse = self.moving_horse
        new.colour_used = self.colour_used
        new.inscription_used = self.inscription_used
        new.lane_effect = self.lane_effect
        new.danger = self.danger
        new.rescuers = self.rescuers.copy()
        new.offer = self.offer
        new.offers = self.offers.copy()
        new.quota = self.quota
        new.runners = [r.copy() for r in self.runners]
        new.favourite = self.favourite.copy()
        new.called = self.called
        new.pool = self.pool.copy()
        new.places = self.places.copy()
        new.place_odds = self.place_odds.copy()
        new.wager = self.wager
        return new

    # -- who holds what -------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        phase: Phase = self.flow.phase
        return phase

    def holder(self, card: int) -> Player:
        """The seat holding ``card`` (kept from the deal or bought), or NOBODY."""
        for p in range(self.game.num_players):
            if card in self.hands[p] or card in self.bought[p]:
                return p
        return NOBODY

    def cards_of(self, player: Player) -> list[int]:
        return sorted(self.hands[player] + self.bought[player])

    def owner(self, horse: int) -> Player:
        return self.holder(HORSE_CARD[horse])

    def horses_of(self, player: Player) -> list[int]:
        """The seat's horses in number order (« par ordre de numéros (de 1 à 12) »)."""
        found = [HORSE_NUMBER[c] for c in self.hands[player] if HORSE_NUMBER[c]]
        found += [HORSE_NUMBER[c] for c in self.bought[player] if HORSE_NUMBER[c]]
        found.sort()
        return found

    def due(self, player: Player) -> Money:
        """What ``player`` still owes the Bank for the cards kept from the deal (the auctioneer's
        card is free)."""
        due = 0
        for card in self.hands[player]:
            due += DUE_PRICE[card]
        return due

    def _left_of_dealer(self) -> Player:
        return 1 % self.game.num_players

    # -- chance -------------------------------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.flow.phase
        if phase is Phase.DEAL:
            dealt = self.dealt
            left = [c for c in CARDS if c not in dealt]
            chance = 1.0 / len(left)
            return [(DEALS[c], chance) for c in left]
        if phase is Phase.DICE:
            return TWO_DICE
        if phase is Phase.REPORT:
            assert self.drawing is not None
            deck = self.drawing[0]
            left = self.unseen[deck]
            chance = 1.0 / len(left)
            draws = DRAWS[deck]
            return [(draws[i], chance) for i in left]
        if phase is Phase.RACE:
            # « Le joueur ayant jeté le plus grand chiffre commence »: throws again among the tied
            # until one is highest, so each seat with a runner is as likely (D38).
            seats = [p for p in range(self.game.num_players) if self.runners[p]]
            return [(Starter(p), 1.0 / len(seats)) for p in seats]
        if phase is Phase.ROLL:
            return [(DIE_FACES[f], 1.0 / 6) for f in range(1, 7)]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        # The engine's very draw (one ``random()`` against the running sums of ``chance_outcomes``),
        # on sums made once and without the list of outcomes.
        phase = self.flow.phase
        if phase is Phase.DICE:
            return TWO_DICE[bisect(DICE_SUMS, rng.random() * DICE_SUMS[-1], 0, 10)][0]
        if phase is Phase.DEAL:
            gone = 0
            for card in self.dealt:
                gone |= 1 << card
            left = [c for c in CARDS if not gone >> c & 1]
            return DEALS[left[_uniform(len(left), rng.random())]]
        if phase is Phase.ROLL:
            return FACES[_uniform(6, rng.random())]
        if phase is Phase.REPORT:
            assert self.drawing is not None
            deck = self.drawing[0]
            unseen = self.unseen[deck]
            return DRAWS[deck][unseen[_uniform(len(unseen), rng.random())]]
        return super().sample_chance(rng)

    # -- legal actions ------------------------------------------------------------------------------

    def _exchangeable(self, player: Player) -> list[int]:
        # The declared auctioneer's card lies open on the table: it is neither exchanged nor
        # discarded (D11).
        return [c for c in sorted(self.hands[player]) if not self._declared(c)]

    def _declared(self, card: int) -> bool:
        return card == AUCTIONEER_CARD and self.holder(card) == self.auctioneer

    def _holds_both_stables(self, player: Player) -> bool:
        cards = self.cards_of(player)
        return all(c in cards for c in STABLE_CARDS)

    def _available(self) -> list[Money]:
        """What each seat may spend at the sale: his money less what he owes for the cards he kept
        (D12: « Les emprunts ne sont pas autorisés »)."""
        return [self.money_[p] - self.due(p) for p in range(self.game.num_players)]

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        phase = self.flow.phase
        if phase is Phase.EXCHANGE:
            return [EXCHANGES[c] for c in self._exchangeable(player)]
        if phase is Phase.DISCARD:
            found: list[Action] = [DISCARDS[c] for c in self._exchangeable(player)]
            if not self._holds_both_stables(player):
                found.append(KEEP)
            return found
        if phase is Phase.AUCTION:
            assert self.auction is not None
            money = self._available() if self.debt is None else self.money_
            return self.auction.legal_actions(player, money[player])
        if phase is Phase.SALE:
            return self._sales(player)
        if phase is Phase.TRAINING:
            found = [ROLL]
            if self.member[player] and self.reports_taken < MEMBER_REPORTS:  # D47
                found.extend(self._club_reports(player))
            return found
        if phase is Phase.CLUB:
            return [JOIN, DECLINE] if self.money_[player] >= self._club_fee() else [DECLINE]
        if phase is Phase.MOVE:
            return self._race_moves()
        if phase is Phase.COLOUR:
            return self._colour_uses(player, self.moving_horse)
        if phase is Phase.LANE:
            return [
                LaneChoice(t + 1) for t in self._lane_targets(self.moving_horse, self.lane_effect)
            ]
        if phase is Phase.TRADING:
            found = [DONE]
            if self.offers[player] < (OFFERS_A_TURN if self.in_training() else OFFERS_EACH):
                found.extend(self._offers(player))
            return found
        if phase is Phase.RESCUE:
            return self._rescue_offers(player)
        if phase is Phase.ANSWER:
            assert self.offer is not None
            return [ACCEPT, REFUSE] if self._payable(self.offer, player) else [REFUSE]
        if phase is Phase.RUNNERS:
            if self.money_[player] < ENTRY_FEE:
                return [ENOUGH]
            return [RUNS[h] for h in self.horses_of(player) if h not in self.runners[player]]
        if phase is Phase.FAVOURITE:
            return [NO_FAVOURITE, *(FAVOURITES[h] for h in self.runners[player])]
        if phase is Phase.PLACES:
            return self._wagers(player)
        if phase is Phase.BOOK:
            assert self.wager is not None
            return [ACCEPT, REFUSE] if self._covers(self.wager) else [REFUSE]
        if phase is Phase.BETTING:
            horse = (f"h{self.called}",)
            if self.pool.tickets("win", horse) >= self.pool.per_horse:
                return [PASS]
            return [PASS, *_win_bets(self.called, len(self.pool.stakes(self.money_[player])))]
        return []

    def _eligible_ids(self) -> list[str]:
        return [f"h{h}" for h in self._eligible()]

    def _explain_move(self, player: Player, action: Move) -> IllegalActionError:
        ns = "ascot.illegal"
        hid = f"h{action.horse}"
        if self.flow.phase is not Phase.MOVE:
            return IllegalActionError(f"{ns}.not_now", action=str(action))
        if action.horse not in self._eligible():
            return IllegalActionError(f"{ns}.order", horse=hid, horses=self._eligible_ids())
        if self.fallen[action.horse]:
            return IllegalActionError(f"{ns}.fallen", horse=hid)
        if action.lane == 0 and action.square == 0:
            return IllegalActionError(f"{ns}.must_move", horse=hid, die=self.die)
        if action.lane == 0:
            return IllegalActionError(
                f"{ns}.exact_count",
                horse=hid,
                die=self.die,
                need=TRACK.to_post(self.at[action.horse]) if self.at[action.horse] >= 0 else 0,
            )
        if not (1 <= action.square <= TRACK.lane_length(action.lane - 1)):
            return IllegalActionError(f"{ns}.no_square", square=f"{action.lane}.{action.square}")
        cell = TRACK.cell(action.lane - 1, action.square - 1)
        if cell in self._occupant():
            return IllegalActionError(f"{ns}.square_taken", square=f"{action.lane}.{action.square}")
        every, _ = self._all_destinations(action.horse)
        if cell in every:
            # Reachable, but only by passing a horse on the inside while the outside is open.
            return IllegalActionError(f"{ns}.pass_outside", horse=hid)
        cutting, _ = self.destinations(action.horse, self.die, outside_first=False, cut_in=True)
        if cell in cutting:
            # Reachable only by cutting in front of a horse within three lengths (D31).
            return IllegalActionError(
                f"{ns}.cuts_in", horse=hid, square=f"{action.lane}.{action.square}"
            )
        return IllegalActionError(
            f"{ns}.unreachable", horse=hid, die=self.die, square=f"{action.lane}.{action.square}"
        )

    def _all_destinations(self, horse: int) -> tuple[set[int], bool]:
        ends, jostled = self.destinations(horse, self.die, outside_first=False)
        return set(ends), jostled

    def _explain_offer(self, player: Player, offer: Offer) -> IllegalActionError:
        ns = "ascot.illegal"
        n = self.game.num_players
        limit = OFFERS_A_TURN if self.in_training() else OFFERS_EACH
        if self.offers[player] >= limit:
            return IllegalActionError(f"{ns}.offers_spent", limit=limit)
        if not 0 <= offer.to < n or offer.to == player:
            return IllegalActionError(f"{ns}.trade_partner", seat=offer.to)
        if offer.deal not in ("sell", "buy"):
            return IllegalActionError("error.illegal_action", action=str(offer))
        owner = player if offer.deal == "sell" else offer.to
        if offer.item not in self._tradeable(owner, reports=owner == player):
            # An offer for a card one does not own (the issue's « Bad input »).
            return IllegalActionError(f"{ns}.not_owner", item=offer.item, owner=owner)
        if not self._may_own(offer.to if offer.deal == "sell" else player, offer.item):
            return IllegalActionError(f"{ns}.both_stables")
        if offer.price not in OFFER_PRICES:
            return IllegalActionError(f"{ns}.offer_price", price=offer.price)
        payer = offer.to if offer.deal == "sell" else player
        return IllegalActionError(f"{ns}.funds", amount=offer.price, money=self.money_[payer])

    def _explain_swap(self, player: Player, swap: Swap) -> IllegalActionError:
        ns = "ascot.illegal"
        limit = OFFERS_A_TURN if self.in_training() else OFFERS_EACH
        if self.offers[player] >= limit:
            return IllegalActionError(f"{ns}.offers_spent", limit=limit)
        if not 0 <= swap.to < self.game.num_players or swap.to == player:
            return IllegalActionError(f"{ns}.trade_partner", seat=swap.to)
        for item, owner in ((swap.give, player), (swap.take, swap.to)):
            if item not in (f"h{h}" for h in self.horses_of(owner)):
                return IllegalActionError(f"{ns}.not_owner", item=item, owner=owner)
        return IllegalActionError("error.illegal_action", action=str(swap))

    def _club_reports(self, player: Player) -> list[Action]:
        # Membres du Club: « un Rapport, soit du Vétérinaire, soit de l'un ou de l'autre
        # Entraîneur [...] en respectant toutefois la règle de la distinction des Ecuries ».
        found: list[Action] = []
        for horse in self.horses_of(player):
            if not 0 <= self.square[horse] < BOXED:
                continue
            found.extend(CLUB_REPORTS[horse])
        return found

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        phase = self.flow.phase
        ns = "ascot.illegal"
        if player == CHANCE or isinstance(action, Deal | Dice | Draw):
            return IllegalActionError(f"{ns}.chance_action", action=str(action))
        if isinstance(action, Exchange | Discard):
            wanted = Phase.EXCHANGE if isinstance(action, Exchange) else Phase.DISCARD
            if phase is not wanted:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            card = CARD_IDS[action.card]
            if action.card not in self.hands[player]:
                return IllegalActionError(f"{ns}.not_in_hand", card=card)
            if self._declared(action.card):
                return IllegalActionError(f"{ns}.auctioneer_card_open", card=card)
        if isinstance(action, Keep):
            if phase is not Phase.DISCARD:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            if self._holds_both_stables(player):
                return IllegalActionError(f"{ns}.both_stables")
        if isinstance(action, Pass) and phase is Phase.BETTING:
            return IllegalActionError("error.illegal_action", action=str(action))
        if isinstance(action, Bid | Pass):
            if phase is not Phase.AUCTION or self.auction is None:
                return IllegalActionError(f"{ns}.no_sale")
            if not self.auction.eligible[player]:
                return IllegalActionError(f"{ns}.other_stable", card=self.auction.lot)
            money = self._available() if self.debt is None else self.money_
            return self.auction.explain(player, action, money[player])
        if isinstance(action, Roll) and phase is not Phase.TRAINING:
            return IllegalActionError(f"{ns}.not_now", action=str(action))
        if isinstance(action, ClubReport):
            if phase is not Phase.TRAINING:
                return IllegalActionError(f"{ns}.report_before_roll")
            if not self.member[player]:
                return IllegalActionError(f"{ns}.not_a_member")
            if self.reports_taken >= MEMBER_REPORTS:
                return IllegalActionError(f"{ns}.reports_spent", limit=MEMBER_REPORTS)
            if self.owner(action.horse) != player:
                return IllegalActionError(f"{ns}.not_your_horse", horse=f"h{action.horse}")
            if not 0 <= self.square[action.horse] < BOXED:
                return IllegalActionError(f"{ns}.horse_not_training", horse=f"h{action.horse}")
            if action.deck not in ("veterinary", STABLE_OF_HORSE[action.horse]):
                return IllegalActionError(
                    f"{ns}.wrong_stable", horse=f"h{action.horse}", deck=action.deck
                )
        if isinstance(action, Join | Decline):
            if phase is not Phase.CLUB:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            fee = self._club_fee()
            if isinstance(action, Join) and self.money_[player] < fee:
                return IllegalActionError(f"{ns}.funds", amount=fee, money=self.money_[player])
        if isinstance(action, Starter | Die):
            return IllegalActionError(f"{ns}.chance_action", action=str(action))
        if isinstance(action, Move):
            return self._explain_move(player, action)
        if isinstance(action, Colour):
            if action.use.startswith("advantage") and self.colour_used and self.moving_horse:
                # « On ne peut utiliser plus d'un Avantage par cheval, pendant le même tour » and
                # « Un cheval ne peut profiter de la couleur deux fois pendant le même tour ».
                return IllegalActionError(f"{ns}.second_advantage", horse=f"h{self.moving_horse}")
            if phase is not Phase.COLOUR:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            return IllegalActionError(f"{ns}.colour_{action.use}")
        if isinstance(action, LaneChoice):
            if phase is not Phase.LANE:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            return IllegalActionError(f"{ns}.lane_closed", lane=action.lane)
        if isinstance(action, Offer) and phase is Phase.RESCUE and self.danger is not None:
            endangered, code = self.danger
            owner = self.owner(endangered)
            if action.to != owner or action.deal != "sell":
                return IllegalActionError(f"{ns}.trade_partner", seat=action.to)
            if action.item not in self._saving(player, INSCRIPTIONS[code].effect):
                return IllegalActionError(f"{ns}.not_owner", item=action.item, owner=player)
            if action.price not in OFFER_PRICES:
                return IllegalActionError(f"{ns}.offer_price", price=action.price)
            return IllegalActionError(f"{ns}.funds", amount=action.price, money=self.money_[owner])
        if isinstance(action, Offer | Done | Swap):
            if phase is not Phase.TRADING:
                return IllegalActionError(f"{ns}.no_trading")
            if isinstance(action, Offer):
                return self._explain_offer(player, action)
            if isinstance(action, Swap):
                return self._explain_swap(player, action)
        if isinstance(action, Wager):
            return self._explain_wager(player, action)
        if isinstance(action, Answer) and phase is Phase.BOOK:
            assert self.wager is not None
            if player != self.places.house:
                return IllegalActionError(f"{ns}.no_offer")
            return IllegalActionError(
                f"{ns}.place_cover",
                amount=self.wager.gain(),
                money=self.money_[player] - self._liable(),
            )
        if isinstance(action, Done) and phase is Phase.PLACES:
            return IllegalActionError("error.illegal_action", action=str(action))
        if isinstance(action, Answer):
            if phase is not Phase.ANSWER:
                return IllegalActionError(f"{ns}.no_offer")
            offer = self.offer
            if not isinstance(offer, Offer) or player != offer.to:
                return IllegalActionError(f"{ns}.no_offer")
            # Accepting a sale one cannot pay for: « Les emprunts ne sont pas autorisés ».
            return IllegalActionError(f"{ns}.funds", amount=offer.price, money=self.money_[player])
        if isinstance(action, Sell):
            if phase is not Phase.SALE:
                return IllegalActionError(f"{ns}.no_debt")
            if action.item in self.offered:
                return IllegalActionError(f"{ns}.offered", item=action.item)
            return IllegalActionError(f"{ns}.not_yours", item=action.item)
        if isinstance(action, Run | Enough):
            if phase is not Phase.RUNNERS:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            if isinstance(action, Enough):
                return IllegalActionError(
                    f"{ns}.run_them", fee=ENTRY_FEE, quota=self.quota, money=self.money_[player]
                )
            horse = f"h{action.horse}"
            if self.owner(action.horse) != player:
                return IllegalActionError(f"{ns}.not_your_horse", horse=horse)
            if action.horse in self.runners[player]:
                return IllegalActionError(f"{ns}.already_running", horse=horse)
            return IllegalActionError(f"{ns}.funds", amount=ENTRY_FEE, money=self.money_[player])
        if isinstance(action, Favourite):
            if phase is not Phase.FAVOURITE:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            return IllegalActionError(f"{ns}.favourite_runs", horse=f"h{action.horse}")
        if isinstance(action, PlaceBet):
            if phase is not Phase.BETTING:
                return IllegalActionError(f"{ns}.bets_closed")
            if action.horses != (f"h{self.called}",):
                return IllegalActionError(
                    f"{ns}.horse_called", horse=f"h{self.called}", asked="+".join(action.horses)
                )
            refusal = self.pool.explain(player, action, self.money_[player])
            if refusal is not None:
                return refusal
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- what happens -------------------------------------------------------------------------------

    def _record(self, events: Sequence[Event]) -> None:
        """Tell ``events`` (the engine's auction and pool in Ascot's words) and move the money
        they say moves (``events.apply_money``, inlined: it runs at almost every action)."""
        money, told = self.money_, self._events
        for event in events:
            said = as_told(event)
            if type(said) in NO_MONEY:
                told.append(said)
                continue
            for player, delta in said.money_changes().items():
                money[player] += delta
            told.append(said)

    def _apply(self, player: Player, action: Action) -> None:
        kind = ACTION_KIND.get(type(action), 0)
        if kind == A_DEAL:
            self._deal(action.card)  # type: ignore[attr-defined]
        elif kind == A_EXCHANGE:
            self._exchange(player, action.card)  # type: ignore[attr-defined]
        elif kind == A_DISCARD:
            self._discard(player, action.card)  # type: ignore[attr-defined]
        elif kind == A_KEEP:
            self._keep(player)
        elif self.flow.phase is Phase.BETTING:
            self._bet(player, action)
        elif kind in (A_BID, A_PASS):
            self._bid(player, action)
        elif kind == A_STARTER:
            self._events.append(ev.RaceStarter(action.player))  # type: ignore[attr-defined]
            # D49: the rounds of the race are counted from the starter's turn.
            self.opener = action.player  # type: ignore[attr-defined]
            self.flow.round = 1
            self._begin_race_turn(action.player, fresh=True)  # type: ignore[attr-defined]
        elif kind == A_DIE:
            self.die = action.face  # type: ignore[attr-defined]
            self._events.append(ev.DieThrown(self.flow.turn, self.die, self._eligible_ids()))
            self.flow.enter(Phase.MOVE, turn=self.flow.turn)
        elif kind == A_MOVE:
            self._race_move(player, action)  # type: ignore[arg-type]
        elif kind == A_COLOUR:
            self._use_colour(player, action.use)  # type: ignore[attr-defined]
        elif kind == A_LANE_CHOICE:
            self._change_to(player, self.moving_horse, action.lane - 1)  # type: ignore[attr-defined]
        elif kind == A_WAGER or (kind == A_DONE and self.flow.phase is Phase.PLACES):
            self._place_bet(player, action)
        elif kind == A_ANSWER and self.flow.phase is Phase.BOOK:
            self._book(action.accepted)  # type: ignore[attr-defined]
        elif self.danger is not None and (kind in (A_OFFER, A_DONE, A_ANSWER)):
            self._rescue(player, action)
        elif kind in (A_OFFER, A_DONE, A_SWAP):
            self._trade(player, action)
        elif kind == A_ANSWER:
            self._answer(player, action.accepted)  # type: ignore[attr-defined]
        elif kind == A_SELL:
            self._sell(player, action.item)  # type: ignore[attr-defined]
        elif kind == A_RUN:
            self._run(player, action.horse)  # type: ignore[attr-defined]
        elif kind == A_ENOUGH:
            self._enough(player)
        elif kind == A_FAVOURITE:
            self._name_favourite(player, action.horse)  # type: ignore[attr-defined]
        elif kind == A_ROLL:
            self.flow.enter(Phase.DICE, turn=player)
        elif kind == A_DICE:
            self._dice(action.total)  # type: ignore[attr-defined]
        elif kind == A_DRAW:
            self._drawn(action.report)  # type: ignore[attr-defined]
        elif kind == A_CLUB_REPORT:
            self._club_report(player, action)  # type: ignore[arg-type]
        elif kind in (A_JOIN, A_DECLINE):
            self._club(player, kind == A_JOIN)
        else:  # pragma: no cover - apply() validates; apply_unchecked trusts its caller
            raise TypeError(f"not an Ascot action: {action!r}")

    # La donne ----------------------------------------------------------------------------------------

    def _deal(self, card: int) -> None:
        # « Les vingt cartes [...] sont mélangées et distribuées à tous les joueurs [...] en plaçant
        # sur la table une carte de plus que le nombre de joueurs, pour former le tas du mort »:
        # dealt round the table from the dealer's left, then the rest to the dead pile (D10).
        n = self.game.num_players
        k = hand_size(n)
        i = len(self.dealt)
        self.dealt.append(card)
        if i < k * n:
            seat = (self._left_of_dealer() + i) % n
            self.hands[seat].append(card)
            self._events.append(ev.CardDealt(seat, CARD_IDS[card]))
        else:
            self.dead.append(card)
        if len(self.dealt) < len(M.cards):
            return
        self._events.append(ev.DeadPileFormed(len(self.dead), k))
        # « Le joueur qui a reçu la carte du Commissaire-Priseur doit le déclarer [...] Si personne
        # n'a reçu la carte, le Commissaire-Priseur est nommé d'un commun accord » (D9).
        holder = self.holder(AUCTIONEER_CARD)
        self.auctioneer = holder if holder != NOBODY else self._left_of_dealer()
        self._events.append(ev.AuctioneerNamed(self.auctioneer, holder != NOBODY))
        # « en commençant par le joueur placé à la gauche du donneur ».
        self.flow.enter(Phase.EXCHANGE, turn=self._left_of_dealer())
        self._skip_exchanges()

    def _skip_exchanges(self) -> None:
        """A seat with nothing to exchange (only the open auctioneer's card) is passed over."""
        flow = self.flow
        while not self._exchangeable(flow.turn):
            if not flow.advance():
                self._open_discards()
                return

    def _exchange(self, player: Player, card: int) -> None:
        # « Chaque joueur place sous le paquet la carte qu'il jette, et prend la carte du dessus. »
        self.hands[player].remove(card)
        self.dead.append(card)
        taken = self.dead.pop(0)
        self.hands[player].append(taken)
        self._events.append(ev.CardExchanged(player, CARD_IDS[card], CARD_IDS[taken]))
        if self.flow.advance():
            self._skip_exchanges()
        else:
            self._open_discards()

    def _open_discards(self) -> None:
        # « Lorsque tous les joueurs ont fait cet échange obligatoire, ils peuvent, s'ils le
        # désirent, mettre d'autres cartes dans le tas du mort »: each in turn from the dealer's
        # left (D11).
        self.flow.enter(Phase.DISCARD, turn=self._left_of_dealer())

    def _discard(self, player: Player, card: int) -> None:
        self.hands[player].remove(card)
        self.dead.append(card)
        self._events.append(ev.CardDiscarded(player, CARD_IDS[card]))

    def _keep(self, player: Player) -> None:
        self._events.append(ev.HandKept(player, len(self.hands[player])))
        nxt = (player + 1) % self.game.num_players
        if nxt == self._left_of_dealer():
            self._next_lot()
        else:
            self.flow.begin_turn(nxt)

    # Vente aux enchères ---------------------------------------------------------------------------

    def _next_lot(self) -> None:
        # « met aux enchères toutes ces cartes, une à une, en les vendant au plus offrant ».
        n = self.game.num_players
        while self.dead:
            card = self.dead.pop(0)
            self._events.append(ev.LotShown(CARD_IDS[card], len(self.dead)))
            excluded: set[Player] = set()
            if card in STABLE_CARDS:
                # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et
                # Walroy »: the holder of the other stable does not bid for this one.
                other = STABLE_CARDS[1 - STABLE_CARDS.index(card)]
                excluded = {p for p in range(n) if other in self.cards_of(p)}
            auction, events = Auction.outcry(
                CARD_IDS[card],
                n,
                self._available(),
                first=(self.auctioneer + 1) % n,
                floor=INCREMENT,
                increment=INCREMENT,
                excluded=excluded,
                auctioneer=self.auctioneer,
                commission=COMMISSION_PERCENT,
                rounding=COMMISSION_ROUNDING,
            )
            self._record(events)
            if not auction.closed:
                self.auction = auction
                self.flow.call(Phase.AUCTION, auction)
                return
            self._hammer(card, events)
        self.auction = None
        self._pay_kept_cards()

    def _bid(self, player: Player, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        money = self._available() if self.debt is None else self.money_
        events = auction.apply(player, action, money)
        self._record(events)
        if not auction.closed:
            self.flow.follow(auction)
            return
        if self.debt is not None:
            self._forced_sale_closed(auction.seller, events)
            return
        self._hammer(CARD_INDEX[auction.lot], events)
        self._next_lot()

    def _hammer(self, card: int, events: Sequence[Event]) -> None:
        sold = _sale_in(events)
        if sold is None:
            # « s'il reste des cartes invendues, on les supprime du jeu, ainsi que les chevaux
            # correspondant à ces cartes ».
            self.withdrawn.append(card)
            self._events.append(ev.CardWithdrawn(CARD_IDS[card], card in HORSE_OF_CARD))
            return
        # « il doit immédiatement payer au Banquier le montant de cet achat et remettre au
        # Commissaire-Priseur sa commission de 10% »: the sale took both from the buyer and paid
        # the commission; the price goes to the Bank.
        self.bought[sold.player].append(card)
        self.bank += sold.price
        self._events.append(ev.PriceBanked(sold.player, CARD_IDS[card], sold.price))

    def _pay_kept_cards(self) -> None:
        # « tous les joueurs reprennent les cartes qu'ils ont conservées après la donne [...] pour
        # payer au Banquier la valeur de chacune d'elles [...] La carte du Commissaire-Priseur est
        # gratuite. »
        for p in range(self.game.num_players):
            for card in sorted(self.hands[p]):
                if card == AUCTIONEER_CARD:
                    self._events.append(ev.AuctioneerCardFree(p))
                    continue
                price = M.cards[card].price
                self._record([ev.CardPaid(p, CARD_IDS[card], price)])
                self.bank += price
            # Paid for, the cards lie open before their owner (« Chaque joueur doit placer devant
            # lui, par ordre de numéros [...] les cartes correspondant aux chevaux qu'il possède »).
            self.bought[p] = sorted(self.bought[p] + self.hands[p])
            self.hands[p] = []
        self._open_training()

    # I. Champ d'entraînement ------------------------------------------------------------------------

    def _open_training(self) -> None:
        for horse in HORSES:
            self.square[horse] = 0 if self.owner(horse) != NOBODY else OUT
        # « Le premier à jeter les dés est le Commissaire du Club des Propriétaires » (« Membre
        # d'office »); the card unsold, the dealer's left begins (D16).
        club = self.holder(CLUB_CARD)
        if club != NOBODY:
            self.member[club] = True
        first = club if club != NOBODY else self._left_of_dealer()
        self._events.append(ev.TrainingOpened(first, self.bank))
        # D48: the rounds of the training are counted from the first thrower's turn.
        self.opener = first
        self.flow.round = 1
        self.flow.enter(Phase.TRAINING, turn=first)
        self._to_next_trainer(first, fresh=True)

    def _training(self, player: Player) -> bool:
        """Some horse of ``player`` is still on the training loop."""
        square = self.square
        for held in (self.hands[player], self.bought[player]):
            for card in held:
                horse = HORSE_NUMBER[card]
                if horse and 0 <= square[horse] < BOXED:
                    return True
        return False

    def _to_next_trainer(self, seat: Player, *, fresh: bool = False) -> None:
        """Give the turn to ``seat`` or the next seat round the table with a horse still training;
        a seat struck by strangles loses that roll. No horse left: the training is over."""
        n = self.game.num_players
        if not fresh:
            seat = self._round_on(seat)
        for _ in range(2 * n + 1):
            if not any(self._training(p) for p in range(n)):
                self._events.append(ev.TrainingOver())
                self._open_preliminaries()
                return
            if self.flow.round > TRAINING_ROUNDS:
                self._call_training()
                return
            if self._training(seat):
                if self.strangled[seat]:
                    self.strangled[seat] = False
                    self._events.append(ev.RollLost(seat))
                else:
                    self.reports_taken = 0
                    self.flow.enter(Phase.TRAINING, turn=seat)
                    return
            seat = self._round_on(seat)
        raise AssertionError("a seat with a horse training is always found")  # pragma: no cover

    def _round_on(self, seat: Player) -> Player:
        """The seat after ``seat`` round the table; a new round when it is the opener's turn."""
        seat = (seat + 1) % self.game.num_players
        if seat == self.opener:
            self.flow.new_round()
        return seat

    def _call_training(self) -> None:
        """D48: the training is called at the end of its last round: the horses still on the loop
        go back to their boxes, obeying nothing, and the preliminaries begin."""
        self._events.append(ev.TrainingCalled(TRAINING_ROUNDS))
        for horse in HORSES:
            if 0 <= self.square[horse] < BOXED:
                self.square[horse] = BOXED
                self._events.append(ev.HorseBoxed(self.owner(horse), f"h{horse}"))
        self._events.append(ev.TrainingOver())
        self._open_preliminaries()

    def _dice(self, total: int) -> None:
        player = self.flow.turn
        self._events.append(ev.DiceThrown(player, total))
        # « une fois pour tous ses chevaux qui sortiront un à un de leurs boxes [...] par ordre de
        # numéros (de 1 à 12) ».
        self.moving = [total] + [h for h in self.horses_of(player) if 0 <= self.square[h] < BOXED]
        self._move_on(player)

    def _move_on(self, player: Player) -> None:
        """Move the seat's horses still to move this roll, in number order, obeying each square;
        stop to ask the seat when a square offers a choice."""
        while len(self.moving) > 1:
            total = self.moving[0]
            horse = self.moving.pop(1)
            start = self.square[horse]
            end = min(start + total, BOXED)
            self.square[horse] = end
            self._events.append(ev.HorseTrained(player, f"h{horse}", start, end))
            if end >= BOXED:
                # « Il y entre avec un nombre de points égal ou supérieur à celui qui lui est
                # nécessaire pour entrer ».
                self._events.append(ev.HorseBoxed(player, f"h{horse}"))
                continue
            square = SQUARES.get(end)
            if square is None:
                continue
            if square.kind == "club" and not self.member[player]:
                # « L'entrée au Club est facultative »: the owner answers.
                self.moving.insert(1, -horse)
                self.flow.enter(Phase.CLUB, turn=player)
                return
            if self._obey(player, horse, end):
                break  # strangles: the turn stops, the other horses do not move
            if self.drawing is not None:
                return  # a report to read off its deck first (chance)
            if self.debt is not None:
                self.flow.enter(Phase.SALE, turn=player)
                return
        self.moving = []
        if self.strangled[player]:
            self._to_next_trainer(player)  # « s'arrêter de jouer immédiatement »
        else:
            self._open_transactions(player)

    def _open_transactions(self, player: Player) -> None:
        # « Les dés doivent être laissés sur la table jusqu'à ce que le joueur qui est en train de
        # jouer ait fait avancer tous ses chevaux et ait terminé ses transactions » (D41).
        if not self.in_training():
            self._to_next_trainer(player)
            return
        self.offers[player] = 0
        self.flow.enter(Phase.TRADING, turn=player)

    def in_training(self) -> bool:
        """Some horse is still on the training loop (square 0 is never a horse's: it is OUT)."""
        for x in self.square:  # noqa: SIM110 - a loop is faster than any() on a generator here
            if 0 <= x < BOXED:
                return True
        return False

    def _obey(self, player: Player, horse: int, at: int) -> bool:
        """Carry out the square ``at`` for ``horse``; True when the turn stops (strangles)."""
        square = SQUARES[at]
        kind = square.kind
        if kind == "pay":
            self._fee(player, square.header, square.amount)
        elif kind == "stable_pay":
            self._fee(player, f"ecurie_{STABLE_OF_HORSE[horse]}", square.amount)
        elif kind == "stable_report":
            return self._report(player, horse, STABLE_OF_HORSE[horse])
        elif kind == "vet_report":
            return self._report(player, horse, "veterinary")
        elif kind == "advantage":
            self._small_card(player, horse, advantage=True)
        elif kind == "disadvantage":
            self._small_card(player, horse, advantage=False)
        elif kind == "members_pay":
            # « les Membres du Club doivent payer [...] alors que les autres joueurs ne paient pas ».
            if self.member[player]:
                self._fee(player, square.header, square.amount)
            else:
                self._events.append(ev.FeeWaived(player, square.header, "not_member"))
        elif kind == "frost":
            # « Ils ont, par contre, un avantage [...] sur la case : « Gel » » (D5).
            if self.member[player]:
                self._events.append(ev.FrostSpared(player, f"h{horse}"))
            else:
                self._shift(horse, -square.back)
        return False

    def _fee(self, player: Player, business: str, amount: Money) -> None:
        # « C'est donc au joueur qui a la carte du Maréchal-Ferrant que le propriétaire du cheval
        # devra payer »; « ne peut naturellement pas se payer à lui-même ». D13: a business whose
        # card left the game has nobody to be paid: the fee is not paid.
        to = self.holder(BUSINESS[business])
        if to in (player, NOBODY):
            reason = "own_business" if to == player else "withdrawn"
            self._events.append(ev.FeeWaived(player, business, reason))
            return
        # Préparatifs: « Si, au cours de la partie, un joueur ne peut faire face à ses obligations,
        # il doit vendre, à titre privé, un (ou plusieurs) de ses Chevaux ou une (ou plusieurs) de
        # ses Affaires, au plus offrant. Il peut également vendre ses Rapports » (D17).
        if self.money_[player] < amount and self._may_sell(player):
            self.debt = (business, amount)
            return
        self._pay_fee(player, business, amount)

    def _pay_fee(self, player: Player, business: str, amount: Money) -> None:
        to = self.holder(BUSINESS[business])
        assert to not in (NOBODY, player), "a fee nobody may be paid is waived (_fee)"
        # D17: nothing left to sell, the debtor pays what he has.
        paid = min(amount, self.money_[player])
        self._record([ev.FeePaid(player, to, business, paid)])

    def _report(self, player: Player, horse: int, deck: str) -> bool:
        # « il doit lire la première carte du paquet de Rapports et suivre les instructions [...]
        # ensuite, il doit remettre la carte sous le paquet, à moins qu'il ne lui soit dit de la
        # conserver ». The decks are shuffled (D42): while some reports were never read, the top
        # one is a chance node among them; then the reports put back come up in their order.
        if self.unseen[deck]:
            self.drawing = (deck, horse)
            self.flow.enter(Phase.REPORT, turn=player)
            return False
        return self._read(player, horse, deck, self.decks[deck].pop(0))

    def _drawn(self, index: int) -> None:
        """The report read off the top of its deck, then the turn goes on where it stopped."""
        assert self.drawing is not None
        deck, horse = self.drawing
        self.drawing = None
        player = self.flow.turn
        self.unseen[deck].remove(index)
        if self._read(player, horse, deck, index):
            self._to_next_trainer(player)  # strangles
        elif self.debt is not None:
            self.flow.enter(Phase.SALE, turn=player)
        elif self.moving:
            self._move_on(player)
        else:  # a club member's report, before his throw
            self.flow.enter(Phase.TRAINING, turn=player)

    def _read(self, player: Player, horse: int, deck: str, index: int) -> bool:
        """Carry out report ``index`` of ``deck`` for ``horse``; True when the turn stops."""
        pile = self.decks[deck]
        report: Report = REPORTS[deck][index]
        kept = report.effect == "keep"
        self._events.append(ev.ReportDrawn(player, f"h{horse}", deck, index, kept))
        if kept:
            self.reports[player].append((deck, index))
        else:
            pile.append(index)
        effect = report.effect
        if effect == "advantage":
            self._small_card(player, horse, advantage=True)
        elif effect == "advantages":
            self._small_card(player, horse, advantage=True)
            self._small_card(player, horse, advantage=True)
        elif effect == "disadvantage":
            self._small_card(player, horse, advantage=False)
        elif effect == "pay":
            self._fee(player, report.to, report.amount)
        elif effect == "forward":
            self._shift(horse, report.squares)
        elif effect == "back":
            self._shift(horse, -report.squares)
        elif effect == "strangles":
            # Note: « s'arrêter de jouer immédiatement et ne pas faire avancer les chevaux [...] En
            # outre, il ne jette pas les dés à son tour de jouer suivant ».
            self.strangled[player] = True
            self._events.append(ev.Strangles(player))
            self.moving = []
            return True
        return False

    def _small_card(self, player: Player, horse: int, *, advantage: bool) -> None:
        if advantage:
            colour = HORSE_COLOURS[horse - 1]
            taken = self.pile_advantages[colour] > 0
            if taken:
                self.pile_advantages[colour] -= 1
                self.advantages[horse] += 1
        else:
            colour = "white"
            taken = self.pile_disadvantages > 0
            if taken:
                self.pile_disadvantages -= 1
                self.disadvantages[horse] += 1
        self._events.append(ev.SmallCardTaken(player, f"h{horse}", colour, taken))

    def _shift(self, horse: int, squares: int) -> None:
        # D18: a horse sent forward or back obeys no further square this move.
        end = min(max(self.square[horse] + squares, 0), BOXED)
        self.square[horse] = end
        self._events.append(ev.HorseShifted(f"h{horse}", squares, end))
        if end >= BOXED:
            self._events.append(ev.HorseBoxed(self.owner(horse), f"h{horse}"))

    def _club_fee(self) -> Money:
        """The club's entrance fee, owed to the holder of the commissioner's card: nothing when
        that card left the game (D13)."""
        return CLUB_FEE if self.holder(CLUB_CARD) != NOBODY else 0

    def _club(self, player: Player, joins: bool) -> None:
        horse = -self.moving.pop(1)
        if joins:
            # « il paie les droits d'entrée au Commissaire du Club, prend la carte de Membre et n'a
            # plus de cotisation à payer pendant cette partie »; D13: nobody holding the
            # commissioner's card, nobody is paid.
            fee = self._club_fee()
            if fee:
                self._record(
                    [ev.FeePaid(player, self.holder(CLUB_CARD), "commissaire_du_club", fee)]
                )
            self.member[player] = True
            self._events.append(ev.ClubJoined(player, fee))
        else:
            self._events.append(ev.ClubDeclined(player))
        del horse  # the club's square asks nothing more
        self._move_on(player)

    def _club_report(self, player: Player, action: ClubReport) -> None:
        # Membres du Club: « Il ne peut prendre plus d'un Rapport à la fois et devra
        # obligatoirement se conformer aux instructions qui y seront données » (D19): this report
        # is read and obeyed (a fee paid, a sale made) before he may ask for another; D47: so many
        # at most before a throw.
        self.reports_taken += 1
        if self._report(player, action.horse, action.deck):
            self._to_next_trainer(player)
        elif self.drawing is not None:
            return  # read off the deck first (chance)
        elif self.debt is not None:
            self.flow.enter(Phase.SALE, turn=player)

    # A player who cannot pay (Préparatifs, D17) ------------------------------------------------------

    def _saleable(self, player: Player) -> list[str]:
        """What ``player`` may still offer for sale to pay his debt: his cards, then his kept
        reports, each offered once per debt."""
        items = [CARD_IDS[c] for c in self.cards_of(player)]
        items += [f"{d}:{i}" for d, i in self.reports[player]]
        return [i for i in items if i not in self.offered]

    def _may_sell(self, player: Player) -> bool:
        """Whether ``player`` has something left to offer for sale (``_saleable`` is not empty)."""
        offered = self.offered
        for held in (self.hands[player], self.bought[player]):
            for card in held:
                if CARD_IDS[card] not in offered:
                    return True
        return any(f"{deck}:{index}" not in offered for deck, index in self.reports[player])

    def _sales(self, player: Player) -> list[Action]:
        """The sales ``player`` may offer (``_saleable``), the actions shared."""
        offered = self.offered
        found: list[Action] = [
            SELL_CARD[c] for c in self.cards_of(player) if CARD_IDS[c] not in offered
        ]
        for deck, index in self.reports[player]:
            item = f"{deck}:{index}"
            if item not in offered:
                sale = _SELL_REPORT.get(item)
                if sale is None:
                    sale = _SELL_REPORT[item] = Sell(item)
                found.append(sale)
        return found

    def _sell(self, player: Player, item: str) -> None:
        n = self.game.num_players
        self.offered.append(item)
        self._events.append(ev.ForcedSale(player, item))
        excluded: set[Player] = {player}
        if item in CARD_INDEX and CARD_INDEX[item] in STABLE_CARDS:
            other = STABLE_CARDS[1 - STABLE_CARDS.index(CARD_INDEX[item])]
            excluded |= {p for p in range(n) if other in self.cards_of(p)}
        auction, events = Auction.outcry(
            item,
            n,
            self.money_,
            first=(player + 1) % n,
            floor=INCREMENT,
            increment=INCREMENT,
            excluded=excluded,
            seller=player,
        )
        self._record(events)
        self.auction = auction
        if auction.closed:
            self._forced_sale_closed(player, events)
        else:
            self.flow.call(Phase.AUCTION, auction)

    def _forced_sale_closed(self, seller: Player, events: Sequence[Event]) -> None:
        auction = self.auction
        assert auction is not None and self.debt is not None
        self.auction = None
        sold = _sale_in(events)
        if sold is not None:
            item = auction.lot
            if item in CARD_INDEX:
                card = CARD_INDEX[item]
                self.bought[seller].remove(card)
                self.bought[sold.player].append(card)
                self.bought[sold.player].sort()
                # A horse sold before it moved this roll is no longer the seller's to move.
                self.moving = self.moving[:1] + [
                    h for h in self.moving[1:] if self.owner(abs(h)) == seller
                ]
            else:
                deck, index = item.split(":")
                self.reports[seller].remove((deck, int(index)))
                self.reports[sold.player].append((deck, int(index)))
        business, amount = self.debt
        if self.money_[seller] < amount and self._may_sell(seller):
            self.flow.enter(Phase.SALE, turn=seller)
            return
        self.debt = None
        self.offered = []
        self._pay_fee(seller, business, amount)
        if self.moving:
            self._move_on(seller)
        else:  # the debt came from a club member's report, before his throw
            self.flow.enter(Phase.TRAINING, turn=seller)

    # II. Champ de courses: Préliminaires ------------------------------------------------------------

    def _tradeable(self, player: Player, *, reports: bool = True) -> list[str]:
        """What ``player`` may trade: his horses (with their small cards) and his kept reports; in
        the training his businesses too, but the club commissioner's card (D41). Kept reports are
        their owner's secret: he may offer one for sale, nobody may ask him for one (D41)."""
        cards = sorted(self.hands[player] + self.bought[player])  # the horses first, by number
        items = _tradeable_cards(cards, training=self.in_training())
        if not reports:
            return items
        return items + [f"{d}:{i}" for d, i in self.reports[player]]

    def _may_own(self, buyer: Player, item: str) -> bool:
        # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et Walroy ».
        return item not in STABLE_IDS or _may_hold(self.cards_of(buyer), item)

    def _offers(self, player: Player) -> Sequence[Action]:
        """``player``'s trade offers, from the seats' cards, his kept reports, what each seat may
        pay and whether the training runs."""
        n = self.game.num_players
        step, most = OFFER_PRICES.step, len(OFFER_PRICES)
        return _all_offers(
            player,
            self.in_training(),
            [sorted(self.hands[p] + self.bought[p]) for p in range(n)],
            self.reports[player],
            [min(self.money_[p] // step + 1, most) for p in range(n)],
        )

    def _payer_can(self, offer: Offer, proposer: Player) -> bool:
        payer = offer.to if offer.deal == "sell" else proposer
        return self.money_[payer] >= offer.price

    def _payable(self, offer: Offer | Swap, answering: Player) -> bool:
        if isinstance(offer, Swap):
            return answering == offer.to
        proposer = self.flow.first
        return self._payer_can(offer, proposer) and answering == offer.to

    def _open_trading(self) -> None:
        # « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux » (D29).
        self.flow.enter(Phase.TRADING, turn=self._left_of_dealer())

    def _offer_made(self, player: Player) -> None:
        """A seat made an offer in a round of offers: counted, the round of ``done`` begins again,
        and the proposer is remembered for the answer."""
        self.offers[player] += 1
        self.flow.played()
        self.flow.first = player

    def _no_more_offers(self, player: Player, close: Callable[[], None]) -> None:
        """A seat says ``done``: a whole round of them closes the offers, else the next seat."""
        self._events.append(ev.NoMoreOffers(player))
        if self.flow.passed():
            close()
        else:
            self.flow.next_turn()

    def _close_trading(self) -> None:
        self._events.append(ev.TradingOver())
        self._open_runners()

    def _trade(self, player: Player, action: Action) -> None:
        flow = self.flow
        if isinstance(action, Done):
            if self.in_training():
                self._events.append(ev.NoMoreOffers(player))
                self._to_next_trainer(player)
            else:
                self._no_more_offers(player, self._close_trading)
            return
        assert isinstance(action, Offer | Swap)
        self.offer = action
        self._offer_made(player)
        if isinstance(action, Swap):
            self._events.append(ev.SwapOffered(player, action.to, action.give, action.take))
        else:
            self._events.append(
                ev.TradeOffered(player, action.to, action.deal, action.item, action.price)
            )
        flow.switch(Phase.ANSWER, turn=action.to)

    def _answer(self, player: Player, accepted: bool) -> None:
        offer = self.offer
        assert offer is not None
        proposer = self.flow.first
        self.offer = None
        if isinstance(offer, Swap):
            if accepted:
                # « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux » (D45).
                give, take = CARD_INDEX[offer.give], CARD_INDEX[offer.take]
                self.bought[proposer].remove(give)
                self.bought[offer.to].remove(take)
                self.bought[proposer] = sorted([*self.bought[proposer], take])
                self.bought[offer.to] = sorted([*self.bought[offer.to], give])
                self._events.append(ev.HorsesSwapped(proposer, offer.to, offer.give, offer.take))
            else:
                self._events.append(ev.TradeRefused(player, proposer))
            self.flow.switch(Phase.TRADING, turn=proposer)
            if not self.in_training():
                self.flow.next_turn()
            return
        seller, buyer = (proposer, offer.to) if offer.deal == "sell" else (offer.to, proposer)
        if accepted:
            # « Les chevaux sont vendus avec leurs cartes respectives et les Avantages et les
            # Désavantages gagnés pendant l'Entraînement par chaque cheval. »
            if offer.item in CARD_INDEX:  # a horse, with its small cards, or a business
                card = CARD_INDEX[offer.item]
                self.bought[seller].remove(card)
                self.bought[buyer] = sorted([*self.bought[buyer], card])
            else:
                deck, index = offer.item.split(":")
                self.reports[seller].remove((deck, int(index)))
                self.reports[buyer].append((deck, int(index)))
            self._record([ev.TradeMade(seller, buyer, offer.item, offer.price)])
        else:
            self._events.append(ev.TradeRefused(player, proposer))
        self.flow.switch(Phase.TRADING, turn=proposer)
        if not self.in_training():  # D41: in the training the proposer's turn goes on
            self.flow.next_turn()

    # II. Champ de courses: Préliminaires, Favori, Les paris -------------------------------------------

    def _open_preliminaries(self) -> None:
        # Préliminaires 1°: « Les cartes de Membres du Club, ainsi que celles des Affaires (sauf la
        # carte du Bookmaker) ne servent plus et doivent être enlevées du jeu. »
        n = self.game.num_players
        self.member = [False] * n
        self.flow.round, self.opener, self.reports_taken = 0, NOBODY, 0  # no rounds counted now
        for p in range(n):
            self.retired += [c for c in self.bought[p] if c in RETIRING]
            self.bought[p] = [c for c in self.bought[p] if c not in RETIRING]
        self.retired.sort()
        self._events.append(ev.BusinessesRetired())
        self._open_trading()

    def _open_runners(self) -> None:
        n = self.game.num_players
        # « les joueurs doivent avoir un nombre égal de chevaux [...] Chaque joueur ne peut faire
        # courir plus de 3 chevaux (sauf dans une partie à 2 joueurs) » (D22: after the trades,
        # D29 and D45, the smallest stable sets the number each owner runs).
        owners = [p for p in range(n) if self.horses_of(p)]
        cap = M.max_runners_two_players if n == 2 else M.max_runners
        self.quota = min([cap, *(len(self.horses_of(p)) for p in owners)]) if owners else 0
        self._events.append(ev.RunnersCalled(self.quota))
        self._next_owner(NOBODY)

    def _next_owner(self, after: Player) -> None:
        """The next owner round the table from the dealer's left to enter his runners."""
        n = self.game.num_players
        order = [(self._left_of_dealer() + i) % n for i in range(n)]
        start = 0 if after == NOBODY else order.index(after) + 1
        for seat in order[start:]:
            if self.horses_of(seat) and self.quota:
                self.flow.enter(Phase.RUNNERS, turn=seat)
                return
        self._open_betting()

    def _run(self, player: Player, horse: int) -> None:
        # Préliminaires 2°: « Il paie au Banquier Frs 10.000 par cheval, comme droit d'entrée et
        # place ses chevaux sur les cases de départ ».
        self.runners[player].append(horse)
        self._record([ev.EntryPaid(player, f"h{horse}", ENTRY_FEE)])
        self.bank += ENTRY_FEE
        if len(self.runners[player]) == self.quota:
            self._after_runners(player)

    def _enough(self, player: Player) -> None:
        self._events.append(ev.RunnersShort(player, len(self.runners[player]), self.quota))
        self._after_runners(player)

    def _after_runners(self, player: Player) -> None:
        self.runners[player].sort()
        if len(self.runners[player]) >= 2:
            # Favori: « Ce choix est facultatif, mais il permet au joueur de destiner ainsi à son
            # Favori les meilleurs coups de dé » (D26: offered to an owner of two runners or more).
            self.flow.enter(Phase.FAVOURITE, turn=player)
        else:
            self._next_owner(player)

    def _name_favourite(self, player: Player, horse: int) -> None:
        self.favourite[player] = horse
        self._events.append(ev.FavouriteNamed(player, f"h{horse}" if horse else None))
        self._next_owner(player)

    def starters(self) -> list[int]:
        """The horses entered in the race, in number order."""
        return sorted(h for r in self.runners for h in r)

    def bookmaker(self) -> Player:
        return self.holder(BUSINESS["bookmaker"])

    def _open_betting(self) -> None:
        # Les paris: « Le Bookmaker [...] lit un à un les noms des chevaux (en indiquant les
        # Favoris, s'il y a lieu). Il doit attendre que les joueurs aient parié sur un cheval, avant
        # d'en énoncer un autre »: for each runner, each player once, from the Bookmaker's left (D24).
        self.pool.house = self.bookmaker()
        self._call_horse(0)

    def _call_horse(self, after: int) -> None:
        left = [h for h in self.starters() if h > after]
        if not left:
            self.called = 0
            self._events.append(ev.BetsClosed(self.pool.total()))
            self._open_places()
            return
        horse = left[0]
        self.called = horse
        owner = self.owner(horse)
        self._events.append(ev.HorseCalled(f"h{horse}", self.favourite[owner] == horse))
        book = self.bookmaker()
        first = (book + 1) % self.game.num_players if book != NOBODY else self._left_of_dealer()
        self.flow.enter(Phase.BETTING, turn=first)

    def _bet(self, player: Player, action: Action) -> None:
        if isinstance(action, PlaceBet):
            # « Le joueur ayant misé sur un cheval recevra du Bookmaker, en tant que reçu pour sa
            # mise, un ticket numéroté »: the pool numbers its slips; the ticket is the horse's.
            events = self.pool.place(player, action)
            self._record(events)
            slip = self.pool.slips[-1]
            self._events.append(ev.TicketIssued(player, slip.horses[0], self.pool.ticket(slip)))
        else:
            self._events.append(ev.NoBet(player, f"h{self.called}"))
        if not self.flow.advance():
            self._call_horse(self.called)

    # Les paris: « On ne jouera pas aux placés, sauf sur la demande expresse des joueurs » (D40).

    def _open_places(self) -> None:
        book = self.bookmaker()
        if not self.game.options.place_bets or book == NOBODY:
            self._open_race()
            return
        self.places.house = book
        self.offers = [0] * self.game.num_players
        self.flow.enter(Phase.PLACES, turn=(book + 1) % self.game.num_players)

    def _staked(self, player: Player) -> Money:
        """What ``player`` has staked on private place bets (paid after the race)."""
        return sum(s.stake for s in self.places.slips_of(player))

    def _liable(self) -> Money:
        """What the Bookmaker would pay if every place bet he took won."""
        return sum(
            s.stake * int(o.split("/")[0]) // int(o.split("/")[1])
            for s, o in zip(self.places.slips, self.place_odds, strict=True)
        )

    def _covers(self, wager: Wager) -> bool:
        # « Les emprunts ne sont pas autorisés »: the Bookmaker answers only for what he has.
        return self.money_[self.places.house] >= self._liable() + wager.gain()

    def _wagers(self, player: Player) -> list[Action]:
        found: list[Action] = [DONE]
        if player == self.places.house or self.offers[player] >= OFFERS_EACH:
            return found
        free = self.money_[player] - self._staked(player)
        for horse in self.starters():
            for stake in PLACE_STAKES:
                if stake > free:
                    break
                found.extend(Wager(horse, stake, odds) for odds in PLACE_ODDS)
        return found

    def _explain_wager(self, player: Player, wager: Wager) -> IllegalActionError:
        ns = "ascot.illegal"
        if self.flow.phase is not Phase.PLACES or player == self.places.house:
            return IllegalActionError(f"{ns}.no_place_bets")
        if self.offers[player] >= OFFERS_EACH:
            return IllegalActionError(f"{ns}.offers_spent", limit=OFFERS_EACH)
        if wager.horse not in self.starters():
            return IllegalActionError(f"{ns}.place_runner", horse=f"h{wager.horse}")
        return IllegalActionError(
            f"{ns}.place_stake", money=self.money_[player] - self._staked(player)
        )

    def _close_places(self) -> None:
        self._events.append(ev.PlaceBetsClosed(len(self.places.slips)))
        self._open_race()

    def _place_bet(self, player: Player, action: Action) -> None:
        if isinstance(action, Done):
            self._no_more_offers(player, self._close_places)
            return
        assert isinstance(action, Wager)
        self.wager = action
        self._offer_made(player)
        book = self.places.house
        hid = f"h{action.horse}"
        self._events.append(ev.PlaceBetOffered(player, book, hid, action.stake, action.odds))
        self.flow.switch(Phase.BOOK, turn=book)

    def _book(self, accepted: bool) -> None:
        wager = self.wager
        assert wager is not None
        proposer, book = self.flow.first, self.places.house
        self.wager = None
        hid = f"h{wager.horse}"
        if accepted:
            # « Ces paris seront sans cotation fixe, étant une convention strictement privée entre
            # le joueur et le Bookmaker »: the slip is written, its terms seen by the two only.
            self.places.place(proposer, PlaceBet("place", (hid,), wager.stake))
            self.place_odds.append(wager.odds)
            self._events.append(ev.PlaceBetAgreed(proposer, book, hid, wager.stake, wager.odds))
        else:
            self._events.append(ev.TradeRefused(book, proposer))
        self.flow.switch(Phase.PLACES, turn=proposer)
        self.flow.next_turn()

    def settle_places(self, placed: Sequence[int]) -> None:
        """After the race, the Bookmaker pays each private place bet on a horse among the first
        three its odds, and takes the stake of the others (D40)."""
        if not self.places.slips:
            return
        first = {f"h{h}" for h in placed}
        odds = dict(zip((s.number for s in self.places.slips), self.place_odds, strict=True))

        def gain(slip: Slip) -> Money:
            top, bottom = odds[slip.number].split("/")
            return slip.stake * int(top) // int(bottom)

        self._record(self.places.settle_wagers(lambda s: s.horses[0] in first, gain))

    def settle_totalisator(self, winner: int) -> None:
        """Les prix: the Bookmaker pays the tickets on the winner, keeping 10% and what the whole
        multiples leave; with no ticket on the winner, the pool stays his (D27). Without a
        Bookmaker (his card unsold) what would have been his stays in the Totalisator's till,
        apart from the Bank (D21)."""
        wins = f"h{winner}"
        if self.game.options.carry_over and not any(s.horses == (wins,) for s in self.pool.slips):
            # « soit pour grossir la caisse du Totalisateur, s'ils recommencent une autre partie
            # (Cette convention doit être réglée entre les joueurs avant le début du jeu.) » (D44)
            self._events.append(ev.PoolCarriedOver(self.pool.total() + self.pool.carried))
            return
        events = self.pool.settle_parimutuel("win", lambda s: s.horses == (wins,))
        self._record(events)
        if self.pool.house == NOBODY:
            # « La caisse du Totalisateur doit être rigoureusement séparée de celle du Banquier »:
            # nothing of it goes into the Bank (D21).
            paid = sum(-d for e in events for d in e.money_changes().values())
            left = self.pool.total() + self.pool.carried + paid
            if left:
                self._events.append(ev.TillKept(left))

    def award_prizes(self, placed: Sequence[int]) -> None:
        """Les prix: « il donnera la moitié au 1er arrivé ; 1/4 au 2e arrivé et 1/4 au 3e arrivé »,
        after the Banker's 10% « pour les services rendus »; the whole Bank is distributed among
        the horses past the post (D28)."""
        cut, shares = prizes(self.bank, len(placed))
        self._record([ev.BankerPaid(BANKER, cut)])
        for place, (horse, amount) in enumerate(zip(placed, shares, strict=True), start=1):
            self._record([ev.PrizePaid(self.owner(horse), f"h{horse}", place, amount)])
        self.bank -= cut + sum(shares)
        if self.bank:
            self._events.append(ev.PrizesUnawarded(self.bank))

    # II. Champ de courses: the race ----------------------------------------------------------------

    def _open_race(self) -> None:
        n = self.game.num_players
        # The small cards laid on each horse's card during training are now its owner's, for any
        # of his horses (Utilisation des avantages et des désavantages).
        for p in range(n):
            for horse in self.horses_of(p):
                colour = HORSE_COLOURS[horse - 1]
                self.adv_hand[p][colour] += self.advantages[horse]
                self.dis_hand[p] += self.disadvantages[horse]
        for horse in self.starters():
            self.at[horse] = RSTART
        self._events.append(ev.RaceOpened(len(self.starters())))
        if not self.starters():
            self._finish_race()
            return
        self.flow.enter(Phase.RACE)

    def racing(self, horse: int) -> bool:
        """Whether ``horse``, a runner, is still in the race: on its start square or the course,
        neither past the post nor out."""
        return self.at[horse] >= RSTART and self.at[horse] != RPAST

    def _seat_racing(self, player: Player) -> list[int]:
        return [h for h in self.runners[player] if self.racing(h)]

    def _begin_race_turn(self, seat: Player, *, fresh: bool = False) -> None:
        """Give the turn to ``seat`` or the next seat with a horse still racing; a new round when
        the turn comes back to the starter (``fresh``: the race's first turn). D49: the race is
        called at the end of its last round."""
        n = self.game.num_players
        for _ in range(n):
            if seat == self.opener and not fresh:
                self.flow.new_round()
                if self.flow.round > RACE_ROUNDS:
                    self._events.append(ev.RaceCalled(RACE_ROUNDS))
                    self._finish_race()
                    return
            fresh = False
            left = self._seat_racing(seat)
            if left:
                self.to_move = left
                self.flow.enter(Phase.ROLL, turn=seat)
                return
            seat = (seat + 1) % n
        self._finish_race()

    def _next_horse(self) -> None:
        seat = self.flow.turn
        self.to_move = [h for h in self.to_move if self.racing(h)]
        if len(self.placed) >= PLACED or not any(self.racing(h) for h in self.starters()):
            self._finish_race()
        elif self.to_move:
            self.flow.enter(Phase.ROLL, turn=seat)
        else:
            self._begin_race_turn((seat + 1) % self.game.num_players)

    def _eligible(self) -> list[int]:
        """The horses the die may be for: the next in number order, and the favourite (Départ:
        « Il avance ses chevaux toujours par ordre de numéros, sauf le Favori »)."""
        fav = self.favourite[self.flow.turn]
        ordered = [h for h in self.to_move if h != fav]
        found = ordered[:1]
        if fav in self.to_move:
            found.append(fav)
        return sorted(found)

    def _occupant(self) -> dict[int, int]:
        return {self.at[h]: h for h in self.starters() if self.at[h] >= 0}

    def _cuts_in(self, horse: int, cell: int, occupant: dict[int, int]) -> bool:
        # Changement de piste 2°: « il ne peut couper la piste devant un autre cheval, ni pour la
        # traverser, ni pour s'y arrêter, à moins d'être à 3 longueurs de distance en avant de ce
        # cheval, sur cette même piste » (D31: three lengths or more).
        lane, height = LANE_OF[cell], PROGRESS[cell]
        for other, h in occupant.items():
            if h == horse or LANE_OF[other] != lane or PROGRESS[other] >= height:
                continue
            # ``TRACK.steps_to(other, height)``, read from the tables (an open course: no laps).
            steps, cell = 0, other
            while PROGRESS[cell] < height:
                cell = FORWARD[cell]
                steps += 1
            if steps < CUT_IN_LENGTHS:
                return True
        return False

    def _steps(
        self, horse: int, cell: int, occupant: dict[int, int], *, cut_in: bool = False
    ) -> list[int]:
        """The cells one length on from ``cell``: straight on, or de biais to either lane
        (``cut_in``: as if cutting in were allowed, to tell a refusal's reason)."""
        found = []
        ahead = FORWARD[cell]
        if ahead != NO_CELL and ahead not in occupant:
            found.append(ahead)
        if cell in ZONE:
            return found  # no lane change from the last turn's post to « Cravachez »
        for side in (INWARD, OUTWARD):
            to = DIAGONAL[side][cell]
            if to == NO_CELL or to in occupant or to in ZONE:
                continue
            if cut_in or not self._cuts_in(horse, to, occupant):
                found.append(to)
        return found

    def destinations(
        self, horse: int, points: int, *, outside_first: bool = True, cut_in: bool = False
    ) -> tuple[dict[int, bool], bool]:
        """Where ``horse`` may go with ``points``: each end cell (POST: past the post) and whether
        the way there passes a horse on the inside; and whether the horse is jostled (it could
        not use all its points, D32). The move and the board's preview both ask this."""
        occupant = self._occupant()
        occupant.pop(self.at[horse], None)
        start = self.at[horse]
        full: dict[int, bool] = {}
        partial: dict[int, tuple[int, bool]] = {}

        if start == RSTART:
            # Départ: « un cheval doit toujours suivre la piste dans le prolongement de son numéro ».
            first = TRACK.cell((horse - 1) % TRACK.lanes, 0)
            if first in occupant:
                return {}, True
            self._walk(
                horse, start, points, occupant, cut_in, full, partial, first, points - 1, [first]
            )
        else:
            self._walk(horse, start, points, occupant, cut_in, full, partial, start, points, [])
        if full:
            clean = {c: False for c, inside in full.items() if not inside}
            return (clean or full) if outside_first else full, False
        if not partial:
            return {}, True
        most = max(used for used, _ in partial.values())
        ends = {c: inside for c, (used, inside) in partial.items() if used == most and used > 0}
        clean = {c: False for c, inside in ends.items() if not inside}
        return (clean or ends) if outside_first else ends, True

    def _walk(  # noqa: PLR0917 -- the search's context, passed down each step (a closure before)
        self,
        horse: int,
        start: int,
        points: int,
        occupant: dict[int, int],
        cut_in: bool,
        full: dict[int, bool],
        partial: dict[int, tuple[int, bool]],
        cell: int,
        left: int,
        path: list[int],
    ) -> None:
        """One step of ``destinations``' search, from ``cell`` with ``left`` points, by ``path``
        (a method, not a closure: compiled, a direct call)."""
        if left == 0:
            full[cell] = full.get(cell, True) and self._inside_pass(start, path, occupant)
            return
        nexts = self._steps(horse, cell, occupant, cut_in=cut_in)
        if FORWARD[cell] == NO_CELL and left == 1:
            full[POST] = full.get(POST, True) and self._inside_pass(start, path, occupant)
        if not nexts:
            if FORWARD[cell] != NO_CELL:  # stuck behind horses, not at the post
                self._keep_interval(start, path, occupant, partial)
            return
        for to in nexts:
            self._walk(
                horse, start, points, occupant, cut_in, full, partial, to, left - 1, [*path, to]
            )

    def _keep_interval(
        self,
        start: int,
        path: list[int],
        occupant: dict[int, int],
        partial: dict[int, tuple[int, bool]],
    ) -> None:
        """A way stuck behind horses (``path``, its last square right behind one): the jostled
        horse stops on the last square of that way with an empty length ahead of it, « de façon à
        garder une longueur d'intervalle entre lui et les chevaux qui le gênent » (D32). Recorded
        in ``partial`` with the points it uses (the most wins) and whether it passes a horse on
        the inside; a way with no such square gives nothing (the horse may stay)."""
        for i in range(len(path) - 2, -1, -1):
            cell = path[i]
            ahead = FORWARD[cell]
            if ahead == NO_CELL or ahead in occupant:
                continue
            used, inside = i + 1, self._inside_pass(start, path[: i + 1], occupant)
            known = partial.get(cell)
            if known is None or known[0] < used:
                partial[cell] = (used, inside)
            elif known[0] == used:
                partial[cell] = (used, known[1] and inside)
            return

    def _inside_pass(self, start: int, path: list[int], occupant: dict[int, int]) -> bool:
        # « Pour dépasser un cheval, il faut emprunter une des pistes à droite ; toutefois, il est
        # permis de dépasser par la gauche, s'il y a impossibilité de jouer autrement » (D33: the
        # right is the outside).
        if not path:
            return False
        begin = PROGRESS[start] if start >= 0 else -1
        end = PROGRESS[path[-1]]
        for other in occupant:
            height = PROGRESS[other]
            if not begin <= height < end:
                continue
            beside = [c for c in path if PROGRESS[c] <= height < CELL_END[c]]
            lane = LANE_OF[beside[0] if beside else path[-1]]
            if lane < LANE_OF[other]:
                return True
        return False

    def _race_moves(self) -> list[Action]:
        found: list[Action] = []
        for horse in self._eligible():
            if self.fallen[horse]:
                found.append(STAY[horse])
                continue
            ends, _ = self.destinations(horse, self.die)
            if not ends:
                found.append(STAY[horse])
            for cell in sorted(ends):
                if cell == POST:
                    found.append(PAST_POST[horse])
                else:
                    move = _MOVES.get(13 * cell + horse)
                    if move is None:
                        info = TRACK.cells[cell]
                        move = _MOVES[13 * cell + horse] = Move(
                            horse, info.lane + 1, info.index + 1
                        )
                    found.append(move)
        return found

    def _race_move(self, player: Player, action: Move) -> None:
        horse = action.horse
        self.to_move.remove(horse)
        self.colour_used = self.inscription_used = False
        self.moving_horse = horse
        hid = f"h{horse}"
        if self.fallen[horse]:
            # « attendre d'avoir fait 6. Il a le droit d'en repartir au tour suivant » (D34).
            if self.die == 6:
                self.fallen[horse] = False
                self._events.append(ev.HorseGetsUp(player, hid))
            self._next_horse()
            return
        if action.lane == 0 and action.square == 0:
            self._events.append(ev.HorseStays(player, hid, self.die))
            self._next_horse()
            return
        _, jostled = self.destinations(horse, self.die)
        if action.lane == 0:
            self._past_post(player, horse)
            self._next_horse()
            return
        cell = TRACK.cell(action.lane - 1, action.square - 1)
        self.at[horse] = cell
        self._events.append(ev.HorseRan(player, hid, self.die, action.lane, action.square, jostled))
        if jostled:
            # « Il ne s'occupe ni de la couleur, ni de l'inscription de la case où il s'arrête ».
            self._next_horse()
            return
        self._landed(player, horse)

    def _past_post(self, player: Player, horse: int) -> None:
        hid = f"h{horse}"
        self.at[horse] = RPAST
        # « il doit obligatoirement se débarrasser de tous ses Désavantages avant qu'un de ses
        # chevaux arrive au poteau final, sans quoi ce cheval se trouverait disqualifié » (D35).
        if self.dis_hand[player] > 0:
            self.at[horse] = ROUT
            self._events.append(ev.HorseDisqualified(player, hid, self.dis_hand[player]))
            return
        self.placed.append(horse)
        self._events.append(ev.HorsePlaced(player, hid, len(self.placed)))

    def _landed(self, player: Player, horse: int) -> None:
        """Obey the square the horse stopped on: its colour or its inscription, each once a turn."""
        code = LANE_CODES[self.at[horse]]
        if code in COLOUR_CODE:
            if not self.colour_used and len(self._colour_uses(player, horse)) > 1:
                self.flow.enter(Phase.COLOUR, turn=player)
                return
            self._next_horse()
            return
        if code == "W":
            if not self.colour_used and len(self._colour_uses(player, horse)) > 1:
                self.flow.enter(Phase.COLOUR, turn=player)
                return
            self._next_horse()
            return
        if self.inscription_used:
            self._next_horse()
            return
        self.inscription_used = True
        self._inscription(player, horse, code)

    def _colour_uses(self, player: Player, horse: int) -> list[Action]:
        code = LANE_CODES[self.at[horse]]
        colour = HORSE_COLOURS[horse - 1]
        found: list[Action] = [COLOURS_ACTIONS["none"]]
        if self.colour_used:
            return found
        if COLOUR_CODE.get(code) == colour:
            # 2°: « il a droit de compléter son tour par des longueurs supplémentaires »; a): or he
            # throws a disadvantage instead.
            found.append(COLOURS_ACTIONS["extra"])
            if self.dis_hand[player]:
                found.append(COLOURS_ACTIONS["shed"])
        elif self.adv_hand[player][colour]:
            # 3°: an advantage of the horse's colour turns another colour's square (and the white
            # square before the last turn) to its colour; b): with a disadvantage thrown as well.
            found.append(COLOURS_ACTIONS["advantage"])
            if self.dis_hand[player]:
                found.append(COLOURS_ACTIONS["advantage_shed"])
        return found

    def _use_colour(self, player: Player, use: str) -> None:
        horse = self.moving_horse
        colour = HORSE_COLOURS[horse - 1]
        hid = f"h{horse}"
        self._events.append(ev.ColourUsed(player, hid, use))
        if use == "none":
            self._next_horse()
            return
        self.colour_used = True
        if use in ("advantage", "advantage_shed"):
            self.adv_hand[player][colour] -= 1
        if use in ("shed", "advantage_shed"):
            self.dis_hand[player] -= 1
            self._next_horse()
            return
        self._forward(player, horse, COLOUR_BONUS[colour])

    def _forward(self, player: Player, horse: int, lengths: int) -> None:
        """Extra lengths straight on in the horse's lane, stopping behind a horse; past the post
        only by the exact count (D6); then the square reached is obeyed if not yet used."""
        occupant = self._occupant()
        cell = self.at[horse]
        to_post = TRACK.to_post(cell)
        if lengths == to_post:
            self._past_post(player, horse)
            self._next_horse()
            return
        if lengths > to_post:
            self._events.append(ev.HorseStays(player, f"h{horse}", lengths))
            self._next_horse()
            return
        moved = 0
        while moved < lengths and FORWARD[cell] not in occupant:
            cell = FORWARD[cell]
            moved += 1
        self._place(player, horse, cell)
        if moved < lengths:
            self._next_horse()  # jostled: neither colour nor inscription
            return
        self._landed(player, horse)

    def _place(self, player: Player, horse: int, cell: int) -> None:
        self.at[horse] = cell
        info = TRACK.cells[cell]
        self._events.append(ev.HorsePlacedAt(player, f"h{horse}", info.lane + 1, info.index + 1))

    def _inscription(self, player: Player, horse: int, code: str) -> None:
        ins = INSCRIPTIONS[code]
        hid = f"h{horse}"
        effect = ins.effect
        self._events.append(ev.InscriptionRead(player, hid, code))
        if effect in ("bridle", "blood_vessel", "fall"):
            # Utilisation des rapports: « le propriétaire du cheval doit jeter le Rapport
            # correspondant à la case, pour maintenir le cheval, sans quoi il serait éliminé ».
            report = next(
                ((d, i) for d, i in self.reports[player] if REPORTS[d][i].immunity == effect),
                None,
            )
            if report is not None:
                self.reports[player].remove(report)
                self._events.append(ev.ReportThrown(player, hid, f"{report[0]}:{report[1]}"))
                self._next_horse()
                return
            # « Les joueurs peuvent s'acheter les Rapports mutuellement, en cas de besoin, à un prix
            # convenu entre eux » (D43): the holders of such a report may offer it first.
            n = self.game.num_players
            self.danger = (horse, code)
            self.rescuers = [
                p for p in ((player + i) % n for i in range(1, n)) if self._saving(p, effect)
            ]
            self._next_rescuer()
            return
        if effect == "forward":
            self._forward(player, horse, ins.lengths)
            return
        if effect == "back":
            occupant = self._occupant()
            cell = self.at[horse]
            index = TRACK.cells[cell].index
            for _ in range(ins.lengths):
                if index == 0:
                    break
                behind = cell - 1
                if behind in occupant:
                    break
                cell, index = behind, index - 1
            self._place(player, horse, cell)
            self._landed(player, horse)
            return
        if effect == "overtake":
            target = self._overtake(horse)
            if target is None:
                self._events.append(ev.InscriptionVoid(player, hid, code))
                self._next_horse()
                return
            self._place(player, horse, target)
            self._landed(player, horse)
            return
        if effect in ("inner_lanes", "outer_lanes", "inner_lane", "outer_lane"):
            lanes = self._lane_targets(horse, effect)
            if not lanes:
                self._events.append(ev.InscriptionVoid(player, hid, code))
                self._next_horse()
            elif len(lanes) == 1:
                self._change_to(player, horse, lanes[0])
            else:
                self.lane_effect = effect
                self.flow.enter(Phase.LANE, turn=player)
            return
        self._next_horse()  # pragma: no cover - every effect is handled above

    # Utilisation des rapports: a report bought « en cas de besoin » (D43) ----------------------------

    def _saving(self, seat: Player, effect: str) -> list[str]:
        """The kept reports of ``seat`` that would save a horse from ``effect``."""
        return [f"{d}:{i}" for d, i in self.reports[seat] if REPORTS[d][i].immunity == effect]

    def _rescue_offers(self, player: Player) -> list[Action]:
        assert self.danger is not None
        horse, code = self.danger
        owner = self.owner(horse)
        prices = min(self.money_[owner] // OFFER_PRICES.step + 1, len(OFFER_PRICES))
        found: list[Action] = [DONE]
        for item in self._saving(player, INSCRIPTIONS[code].effect):
            found.extend(_offers_at_every_price(owner, "sell", item, prices))
        return found

    def _next_rescuer(self) -> None:
        """Ask the next holder of a saving report; nobody left: the danger strikes."""
        assert self.danger is not None
        horse, code = self.danger
        if self.rescuers:
            self.flow.enter(Phase.RESCUE, turn=self.rescuers.pop(0))
            return
        owner = self.owner(horse)
        self.danger = None
        hid = f"h{horse}"
        if INSCRIPTIONS[code].effect == "fall":
            self.fallen[horse] = True
            self._events.append(ev.HorseFell(owner, hid))
        else:
            self.at[horse] = ROUT
            self._events.append(ev.HorseEliminated(owner, hid, code))
        self.flow.switch(Phase.MOVE, turn=owner)  # the owner's turn goes on
        self._next_horse()

    def _rescue(self, player: Player, action: Action) -> None:
        assert self.danger is not None
        horse, _ = self.danger
        owner = self.owner(horse)
        if isinstance(action, Done):
            self._events.append(ev.NoMoreOffers(player))
            self._next_rescuer()
            return
        if isinstance(action, Offer):
            self.offer = action
            self.flow.first = player  # the seller, for the answer
            self._events.append(
                ev.TradeOffered(player, owner, action.deal, action.item, action.price)
            )
            self.flow.switch(Phase.ANSWER, turn=owner)
            return
        assert isinstance(action, Answer) and isinstance(self.offer, Offer)
        offer, seller = self.offer, self.flow.first
        self.offer = None
        if not action.accepted:
            self._events.append(ev.TradeRefused(owner, seller))
            self._next_rescuer()
            return
        deck, _, index = offer.item.partition(":")
        self.reports[seller].remove((deck, int(index)))
        self._record([ev.TradeMade(seller, owner, offer.item, offer.price)])
        # « le propriétaire du cheval doit jeter le Rapport correspondant à la case, pour
        # maintenir le cheval »: bought, it is thrown at once.
        self._events.append(ev.ReportThrown(owner, f"h{horse}", offer.item))
        self.danger, self.rescuers = None, []
        self.flow.switch(Phase.MOVE, turn=owner)
        self._next_horse()

    def _overtake(self, horse: int) -> int | None:
        # « il doit se placer une case en avant de ce ou ces derniers sur une autre piste que la
        # leur. Si la disposition des chevaux ne le lui permet pas, il ne profite pas de
        # l'inscription » (D36: the nearest horses ahead, the lane nearest his own).
        occupant = self._occupant()
        mine = self.at[horse]
        here = PROGRESS[mine]
        ahead = [c for c in occupant if c != mine and PROGRESS[c] > here]
        if not ahead:
            return None
        nearest = min(PROGRESS[c] for c in ahead)
        front = [c for c in ahead if PROGRESS[c] == nearest]
        height = max(TRACK.cells[c].end for c in front)
        taken = {LANE_OF[c] for c in front}
        lane = LANE_OF[mine]
        for other in sorted(range(TRACK.lanes), key=lambda x: (abs(x - lane), -x)):
            if other in taken:
                continue
            cell = TRACK.cell_at(other, height)
            if cell == NO_CELL or cell in occupant:
                continue
            # « Ce règlement prime les instructions données par les cases blanches »: no lane change
            # from the last turn's post to the whip, never cutting in within three lengths.
            if other != lane and (mine in ZONE or cell in ZONE):
                continue
            if other != lane and self._cuts_in(horse, cell, occupant):
                continue
            return cell
        return None

    def _lane_targets(self, horse: int, effect: str) -> list[int]:
        # « il a le choix entre les 3 intérieures ou les 3 extérieures. Mais s'il est question d'une
        # piste, il doit prendre la plus intérieure ou la plus extérieure des 3 »; « Ce règlement
        # prime les instructions données par les cases blanches » (D37: reached de biais).
        group = {
            "inner_lanes": (0, 1, 2),
            "outer_lanes": (3, 4, 5),
            "inner_lane": (0,),
            "outer_lane": (5,),
        }[effect]
        lane = LANE_OF[self.at[horse]]
        if lane in group:
            return []
        return [t for t in group if self._lane_path(horse, t) is not None]

    def _lane_path(self, horse: int, target: int) -> int | None:
        occupant = self._occupant()
        occupant.pop(self.at[horse], None)
        cell = self.at[horse]
        side = INWARD if target < LANE_OF[cell] else OUTWARD
        while LANE_OF[cell] != target:
            if cell in ZONE:
                return None
            to = DIAGONAL[side][cell]
            if to == NO_CELL or to in occupant or to in ZONE or self._cuts_in(horse, to, occupant):
                return None
            cell = to
        return cell

    def _change_to(self, player: Player, horse: int, lane: int) -> None:
        cell = self._lane_path(horse, lane)
        assert cell is not None
        self._place(player, horse, cell)
        self._landed(player, horse)

    def _finish_race(self) -> None:
        # « Lorsque les 3 premiers chevaux ont dépassé le poteau d'arrivée [...] la partie est
        # considérée terminée. »
        self._events.append(ev.RaceOver([f"h{h}" for h in self.placed]))
        self.settle_totalisator(self.placed[0] if self.placed else 0)
        self.settle_places(self.placed)
        self.award_prizes(self.placed)
        self.flow.enter(Phase.OVER)
        outcome = self.outcome()
        self._events.append(ev.GameOver(list(outcome.winners)))

    # -- how it ends --------------------------------------------------------------------------------

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def outcome(self) -> Outcome:
        return Outcome.from_money(self.money_)

    # -- what each seat sees ------------------------------------------------------------------------

    def has_hidden_information(self) -> bool:
        return True

    def resample_for(self, player: Player, rng: random.Random) -> AscotState:
        """A state ``player`` cannot tell from this one: the cards whose place he does not know
        (the other hands, the dead pile, the cards not yet dealt) exchanged at random, in the
        position, the history and the events alike. Once the kept cards are paid every card lies
        open (the kept reports are known from their public draws): only the terms of the private
        place bets he is no party to are left to resample (D40)."""
        state = self.clone()
        if self.phase not in (Phase.DEAL, Phase.EXCHANGE, Phase.DISCARD, Phase.AUCTION):
            self._resample_places(state, player, rng)
            return state
        known = set(self.hands[player]) | {AUCTIONEER_CARD} | set(self.withdrawn)
        for b in self.bought:
            known |= set(b)
        if self.auction is not None and self.auction.lot in CARD_INDEX:
            known.add(CARD_INDEX[self.auction.lot])
        for seat, action in self.history:
            if seat == player and isinstance(action, Exchange | Discard):
                known.add(action.card)
        unknown = [c for c in CARDS if c not in known]
        kept = {e.player for e in self.events if isinstance(e, ev.HandKept)}
        for _ in range(20):
            shuffled = unknown.copy()
            rng.shuffle(shuffled)
            sigma = dict(zip(unknown, shuffled, strict=True))
            hands = [[sigma.get(c, c) for c in h] for h in self.hands]
            if not any(all(s_ in hands[p] for s_ in STABLE_CARDS) for p in kept):
                break
        else:
            return state
        state.hands = hands
        state.dead = [sigma.get(c, c) for c in self.dead]
        state.dealt = [sigma.get(c, c) for c in self.dealt]
        history: list[tuple[Player, Action]] = []
        for seat, action in self.history:
            if isinstance(action, Deal | Exchange | Discard):
                history.append((seat, type(action)(sigma.get(action.card, action.card))))
            else:
                history.append((seat, action))
        state.history = history
        state.events = [self._mapped(e, sigma) for e in self.events]
        return state

    def _resample_places(self, state: AscotState, player: Player, rng: random.Random) -> None:
        """Other terms for the place bets ``player`` is no party to (the Bookmaker is party to all):
        any runner, a stake and a gain no larger than the real ones (so that what each side may
        still stake and cover is the same), in the position, the history and the events alike."""
        book = self.places.house
        if book < 0 or player == book:
            return
        runners = self.starters()
        terms: list[Wager] = []  # the new terms of each place bet offered, in order
        history: list[tuple[Player, Action]] = []
        for seat, done in self.history:
            if isinstance(done, Wager):
                if seat != player:
                    stake = rng.choice([x for x in PLACE_STAKES if x <= done.stake])
                    odds = rng.choice(
                        [o for o in PLACE_ODDS if Wager(0, stake, o).gain() <= done.gain()]
                    )
                    done = Wager(rng.choice(runners), stake, odds)  # noqa: PLW2901
                terms.append(done)
            history.append((seat, done))
        state.history = history
        offered = iter(terms)
        accepted: list[Wager] = []
        events: list[Event] = []
        last: Wager | None = None
        for event in self.events:
            if type(event) is ev.PlaceBetOffered:
                last = next(offered)
            elif type(event) is ev.PlaceBetAgreed and last is not None:
                accepted.append(last)
            else:
                events.append(event)
                continue
            assert last is not None
            events.append(event.copy_with(horse=f"h{last.horse}", stake=last.stake, odds=last.odds))
        state.events = events
        state.places.slips = [
            Slip(s.number, s.player, s.kind, (f"h{w.horse}",), w.stake)
            for s, w in zip(self.places.slips, accepted, strict=True)
        ]
        state.place_odds = [w.odds for w in accepted]
        if self.wager is not None:
            state.wager = last

    @staticmethod
    def _mapped(event: Event, sigma: dict[int, int]) -> Event:
        def m(card: str | None) -> str | None:
            if card is None:
                return None
            index = CARD_INDEX[card]
            return CARD_IDS[sigma.get(index, index)]

        if isinstance(event, ev.CardDealt | ev.CardDiscarded):
            return event.copy_with(card=m(event.card))
        if isinstance(event, ev.CardExchanged):
            return event.copy_with(given=m(event.given), taken=m(event.taken))
        return event

    def observation(self, player: Player | None) -> JSONObject:
        n = self.game.num_players
        hands: list[JSON] = []
        for p in range(n):
            if p == player:
                hands.append([CARD_IDS[c] for c in sorted(self.hands[p])])
            else:
                open_card = [CARD_IDS[AUCTIONEER_CARD]] if self._declared(AUCTIONEER_CARD) else []
                shown: JSONObject = {"cards": len(self.hands[p])}
                if open_card and self.auctioneer == p:
                    shown["open"] = open_card
                hands.append(shown)
        return {
            "game": self.game.id,
            "viewer": player,
            "phase": self.phase.name.lower(),
            "turn": self.flow.turn if self.flow.turn >= 0 else None,
            "active": list(self.active_players()),
            "money": list(self.money_),
            "bank": self.bank,
            "auctioneer": self.auctioneer if self.auctioneer >= 0 else None,
            "hands": hands,
            "bought": [[CARD_IDS[c] for c in b] for b in self.bought],
            "dead_pile": len(self.dead),
            "withdrawn": [CARD_IDS[c] for c in self.withdrawn],
            "retired": [CARD_IDS[c] for c in self.retired],
            "auction": None if self.auction is None else self.auction.view(player),
            "squares": {f"h{h}": self.square[h] for h in HORSES if self.square[h] != OUT},
            "advantages": {f"h{h}": self.advantages[h] for h in HORSES if self.advantages[h]},
            "disadvantages": {
                f"h{h}": self.disadvantages[h] for h in HORSES if self.disadvantages[h]
            },
            "members": [p for p in range(n) if self.member[p]],
            "reports": [
                [f"{d}:{i}" for d, i in self.reports[p]] if p == player else len(self.reports[p])
                for p in range(n)
            ],
            "offer": None if self.offer is None else str(self.offer),
            "danger": None
            if self.danger is None
            else {"horse": f"h{self.danger[0]}", "inscription": self.danger[1]},
            "runners": [list(r) for r in self.runners],
            "favourites": [f"h{h}" if h else None for h in self.favourite],
            "totalisator": self.pool.view(player),
            "jackpot": self.pool.carried,
            "place_bets": self._places_json(player),
            "called": f"h{self.called}" if self.called else None,
            "race": self._race_json(),
        }

    def _places_json(self, player: Player | None) -> JSONObject:
        """The private place bets (D40): their terms seen by their player and the Bookmaker only,
        until the race is over."""
        book = self.places.house
        revealed = (player is not None and player == book) or self.flow.phase is Phase.OVER
        slips = self.places.view(player, revealed=revealed)
        for slip, odds in zip(slips, self.place_odds, strict=True):
            slip["odds"] = odds if slip["stake"] is not None else None
        wager = self.wager
        shown = wager is not None and player in (self.flow.first, book)
        return {
            "book": book if book >= 0 else None,
            "slips": slips,
            "offer": str(wager) if shown else None,
        }

    def _where(self, horse: int) -> str:
        at = self.at[horse]
        if at >= 0:
            info = TRACK.cells[at]
            return f"{info.lane + 1}.{info.index + 1}"
        return {RSTART: "start", RPAST: "post", ROUT: "out"}.get(at, "")

    def _race_json(self) -> JSONObject:
        """The race as everyone sees it: where each runner is, the falls, the places, the die and
        the small cards each player holds (laid openly on the horses' cards in training, D39)."""
        return {
            "at": {f"h{h}": self._where(h) for h in HORSES if self.at[h] != RNONE},
            "fallen": [f"h{h}" for h in HORSES if self.fallen[h]],
            "placed": [f"h{h}" for h in self.placed],
            "die": self.die or None,
            "to_move": [f"h{h}" for h in self.to_move],
            "advantages": [dict(h) for h in self.adv_hand],
            "disadvantages": list(self.dis_hand),
        }

    def position_json(self) -> JSONObject:
        return POSITION.write(self.position())

    def position(self) -> AscotPosition:
        """The position as its typed record (what ``position_json`` writes): everything the state
        holds but its history."""
        game = self.game
        return AscotPosition(
            flow=FLOW.read(self.flow.to_json(), game),
            money=list(self.money_),
            bank=self.bank,
            dealt=list(self.dealt),
            hands=[list(h) for h in self.hands],
            bought=[list(b) for b in self.bought],
            dead=list(self.dead),
            withdrawn=list(self.withdrawn),
            retired=list(self.retired),
            auctioneer=self.auctioneer,
            auction=None if self.auction is None else AUCTION.read(self.auction.to_json(), game),
            square=list(self.square),
            advantages=list(self.advantages),
            disadvantages=list(self.disadvantages),
            pile_advantages=dict(self.pile_advantages),
            pile_disadvantages=self.pile_disadvantages,
            decks={d: list(c) for d, c in self.decks.items()},
            unseen={d: list(c) for d, c in self.unseen.items()},
            drawing=self.drawing,
            reports=[[f"{d}:{i}" for d, i in r] for r in self.reports],
            member=list(self.member),
            strangled=list(self.strangled),
            moving=list(self.moving),
            debt=self.debt,
            offered=list(self.offered),
            offer=None if self.offer is None else str(self.offer),
            offers=list(self.offers),
            quota=self.quota,
            runners=[list(r) for r in self.runners],
            favourite=list(self.favourite),
            called=self.called,
            pool=POOL.read(self.pool.to_json(), game),
            places=POOL.read(self.places.to_json(), game),
            place_odds=list(self.place_odds),
            wager=None if self.wager is None else str(self.wager),
            at=list(self.at),
            fallen=list(self.fallen),
            adv_hand=[dict(h) for h in self.adv_hand],
            dis_hand=list(self.dis_hand),
            placed=list(self.placed),
            to_move=list(self.to_move),
            die=self.die,
            moving_horse=self.moving_horse,
            colour_used=self.colour_used,
            inscription_used=self.inscription_used,
            lane_effect=self.lane_effect,
            danger=self.danger,
            rescuers=list(self.rescuers),
            opener=self.opener,
            reports_taken=self.reports_taken,
        )

    @classmethod
    def from_position(cls, game: Ascot, pos: AscotPosition) -> AscotState:
        """The state (without history) of a position already read and checked by
        ``POSITION.read``; the engine's pieces check their own fields (``RecordError``)."""
        n = game.num_players
        state = cls(game)
        state.money_ = list(pos.money)
        state.bank = pos.bank
        state.dealt = list(pos.dealt)
        state.hands = [list(h) for h in pos.hands]
        state.bought = [list(b) for b in pos.bought]
        state.dead = list(pos.dead)
        state.withdrawn = list(pos.withdrawn)
        state.retired = list(pos.retired)
        state.auctioneer = pos.auctioneer
        if pos.auction is not None:
            state.auction = Auction.from_json(AUCTION.write(pos.auction), "position.auction")
        state.square = list(pos.square)
        state.advantages = list(pos.advantages)
        state.disadvantages = list(pos.disadvantages)
        state.pile_advantages = dict(pos.pile_advantages)
        state.pile_disadvantages = pos.pile_disadvantages
        state.decks = {d: list(pos.decks[d]) for d in REPORTS}
        state.unseen = {d: list(pos.unseen[d]) for d in REPORTS}
        state.drawing = pos.drawing
        state.reports = [
            [(text.partition(":")[0], int(text.partition(":")[2])) for text in row]
            for row in pos.reports
        ]
        state.member = list(pos.member)
        state.strangled = list(pos.strangled)
        state.moving = list(pos.moving)
        state.debt = pos.debt
        state.offered = list(pos.offered)
        if pos.offer is not None:
            offer = parse_action(pos.offer)
            assert isinstance(offer, Offer | Swap)  # the record's validate checked it
            state.offer = offer
        state.offers = list(pos.offers)
        state.quota = pos.quota
        state.runners = [list(r) for r in pos.runners]
        state.favourite = list(pos.favourite)
        state.called = pos.called
        state.pool = Pool.from_json(POOL.write(pos.pool), n, "position.pool")
        state.places = Pool.from_json(POOL.write(pos.places), n, "position.places")
        state.place_odds = list(pos.place_odds)
        if pos.wager is not None:
            wager = parse_action(pos.wager)
            assert isinstance(wager, Wager)
            state.wager = wager
        state.at = list(pos.at)
        state.fallen = list(pos.fallen)
        state.adv_hand = [dict(h) for h in pos.adv_hand]
        state.dis_hand = list(pos.dis_hand)
        state.placed = list(pos.placed)
        state.to_move = list(pos.to_move)
        state.die = pos.die
        state.moving_horse = pos.moving_horse
        state.colour_used = pos.colour_used
        state.inscription_used = pos.inscription_used
        state.lane_effect = pos.lane_effect
        state.danger = pos.danger
        state.rescuers = list(pos.rescuers)
        state.opener = pos.opener
        state.reports_taken = pos.reports_taken
        state.flow = Flow.from_json(PHASES, n, FLOW.write(pos.flow))
        if state.flow.step.acts is Acts.CALLED:
            if state.auction is None:
                raise RecordError("position.auction", "an auction under way in the sale")
            state.flow.follow(state.auction)
        return state


__all__ = ["PASS", "ROLL", "Ascot", "AscotOptions", "AscotState", "Phase", "Slip", "hand_size"]
