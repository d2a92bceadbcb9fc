"""Ascot's material as the rules read it, and its phases.

The constants the rules read at almost every action (from ``material.toml``: the cards, the
training loop's squares, the reports, the race course of *II. Champ de courses*), the action
objects made once, the *Préparatifs* and *La donne* sizes (``hand_size``), *Les prix* shares
(``prizes``), the phases (``Phase``) and who acts in each (``PHASES``, the engine's turn flow).
The seed is ``shared/seeds/000_fb5c4569383c9a83.clean.txt``.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Sequence
from enum import IntEnum
from itertools import accumulate
from typing import Final

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import commission_on
from hippodrome.engine.auction_events import (
    AuctionOpened,
    Bid,
    BidderOut,
    BidPassed,
    BidRaised,
    LotSold,
    LotUnsold,
    Pass,
)
from hippodrome.engine.events import Event
from hippodrome.engine.lanetrack import INWARD, OUTWARD
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.pool_events import DividendDeclared, SlipPlaced
from hippodrome.engine.turnflow import Acts, Phases, Step
from hippodrome.engine.types import Money, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import (
    CARD_IDS,
    DICE,
    DIE_FACES,
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
)
from hippodrome.games.ascot.material import Material, material

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
DEALER: Final = BANKER
"""The dealer's seat (D8): the cards are dealt, and most rounds begin, from his left."""


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


def hand_size(players: int) -> int:
    """D10: « Tous les joueurs doivent recevoir le même nombre de cartes »: the twenty cards shared
    into one pile more than players, each player's pile as large as the smallest, the dead pile the
    rest (2 players: 6 each and 8 dead; 3: 5 and 5; 4: 4 and 4; 5: 3 and 5; 6: 2 and 8)."""
    return len(M.cards) // (players + 1)


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
