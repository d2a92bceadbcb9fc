"""Royal Steeple Chase's board and material as the rules use them: the horses, the card types,
the squares, the phases of a deal, and the (interned) actions legal-action lists are built from.

Positions are counted in squares from the start: a horse on the start square 21 is at 0, on square 7
at 7, on square 21 after its lap at 21, and a horse that crosses the line (« 1 (gagnant) ») at 22. A
gap is named by the progress before it: gap 7 lies « entre 7 et 8 »; gaps 0 and 21 are the line.
Hurdles are bit sets of gaps, one per horse's lane.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Final

from hippodrome.engine.turnflow import Acts, Phases, Step
from hippodrome.games.royal_steeple_chase.actions import (
    AskCard,
    Bid,
    Counter,
    DealCard,
    DrawDiscard,
    DrawIncident,
    PlaceBet,
    PlayCard,
    PlayHalf,
    Propose,
    RequestCard,
    Throw,
)
from hippodrome.games.royal_steeple_chase.material import COLOURS, Material, material

if TYPE_CHECKING:  # the rules draw nothing themselves: the generator is always the caller's
    import random

M: Final[Material] = material()
HORSES: Final = range(4)
TYPES: Final = len(M.types)
TYPE_TEXT: Final = tuple(str(t) for t in M.types)
TYPE_COPIES: Final = tuple(sum(1 for c in M.deck if c == t) for t in range(len(M.types)))
"""How many cards of each type the deck holds."""
TYPE_HALVES: Final = tuple(tuple(str(h) for h in t.halves) for t in M.types)
HALF_OF: Final = {str(h): h for t in M.types for h in t.halves}
LAP: Final = M.squares  # 21: a horse on square 21 after its lap
FINISH: Final = LAP + 1  # crossed the line: « 1 (gagnant) »
RIVERS: Final = M.rivers
UNIT: Final = M.chip_unit
NOBODY: Final = -1
INCIDENT_KINDS: Final = tuple(dict.fromkeys(c.kind for c in M.incidents))
INCIDENT_COUNT: Final = tuple(sum(1 for c in M.incidents if c.kind == k) for k in INCIDENT_KINDS)
RED_SQUARES: Final = M.incident_squares


def _crossing() -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    spots: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for lane, square, other, its in M.crossings:
        spots[(lane, square)] = (*spots.get((lane, square), ()), (other, its))
        spots[(other, its)] = (*spots.get((other, its), ()), (lane, square))
    return spots


CROSSING: Final = _crossing()
"""Where the lanes cross (D26): for a (lane, square), the (lane, square) of the other lanes that lie
on the same spot of the board."""
RIVER_OF: Final = {10: (10,), 15: (15, 16), 16: (15, 16)}
"""The rivers as the seed counts them (« la deuxième rivière », « la grande rivière »): 10, 15-16."""
MAX_OFFERS: Final = 2
"""Trade offers or asks for a named card a player may start in one trading round (D9, D50: keeps
the round finite)."""
MAX_TRADE_POINTS: Final = 20
"""The most points an offer or a counter-offer may add (D9, D51)."""
MAX_REQUESTS: Final = 3
"""Spread cards a player may ask for in one deal (D10: keeps the exchanges finite)."""
MAX_DEALS: Final = 100
"""The most deals a match lasts (D83: keeps the match finite). The bridge score, « aux enchères »,
the contract and the pirate game for points end when someone makes his games or his points, and a
void race marks nothing toward them: a match still on after 100 deals stops there, as the option
``deals`` stops one (D27)."""


class Phase(IntEnum):
    DEAL = 0
    HORSES = 1
    """ATTRIBUTION DES CHEVAUX: in turn, each player without a horse asks for one."""
    AUCTION = 2
    """ENCHÈRES: a contested horse or spread card goes to the highest bid."""
    THROW = 3
    """The winner of a spread card gives one of his cards to the spread in exchange."""
    EXCHANGE = 4
    """ATTRIBUTION DU JEU ÉTALÉ: in turn, exchange one card at a time with the spread."""
    TRADE = 5
    """« Des échanges directs de cartes entre joueurs sont également admis. »"""
    TRADE_COUNTER = 6
    TRADE_DECIDE = 7
    RACE = 8
    """MARCHE DU JEU: in turn, the dealer first, each plays a card."""
    HALVES = 9
    """The card's two coups, « dans l'ordre que l'on désire »."""
    OVER = 10
    BETS = 11
    """JEU PIRATE: every player bets in secret, all at once."""
    DRAW_INCIDENT = 12
    """CARTES D'INCIDENTS: the top card of the shuffled pack (chance)."""
    INCIDENT = 13
    """A player does what his incident card says, at his next turn."""
    DRAW_DISCARD = 14
    """« PRENEZ AU HASARD DEUX CARTES DANS LES ÉCARTS » (chance)."""
    SOLO_HURDLES = 15
    """Solo practice: « placez sur votre piste, où vous voudrez, 10 haies »."""
    OWN_HURDLES = 16
    """2 and 3 players, before the first card: « ceux-ci les placent quand ils le désirent, même
    avant le départ »."""
    CALLS = 17
    """Royal Steeple Chase contract, ANNONCES: « au premier tour on demande les couleurs »."""
    BIDDING = 18
    """Royal Steeple Chase contract: « Après ce ou ces deux tours les enchères ont lieu. »"""
    DISCARD = 19
    """Royal Steeple Chase contract: « chaque joueur élimine trois cartes et les montre »."""
    TRADE_ASK = 20
    """A named card asked for in the direct trades: each other player may offer it or stay silent."""


# The phases a race may lead to once a card is played (its end, an incident, the next deal).
_RACE_NEXT: Final = ("race", "halves", "draw_incident", "incident", "draw_discard", "deal", "over")
_START_RACE: Final = ("own_hurdles", "race", "incident", "draw_discard", "deal", "over")
"""Where starting the race may lead: the dealer's turn, or on past seats without a card to play."""

PHASES: Final = Phases(
    Phase,
    {
        Phase.DEAL: Step(Acts.CHANCE, next=("horses", "bets", "calls")),
        # « chaque joueur, à tour de rôle en commençant par le donneur, demande un cheval »
        Phase.HORSES: Step(Acts.SEAT, next=("auction", "exchange", "solo_hurdles")),
        # ENCHÈRES: the engine's open auction names the bidder in turn; the request round waits.
        Phase.AUCTION: Step(Acts.CALLED, next=("horses", "exchange", "solo_hurdles", "throw")),
        Phase.THROW: Step(Acts.SEAT, next=("exchange",)),
        Phase.EXCHANGE: Step(Acts.SEAT, next=("auction", "throw", "trade")),
        # The trade's partner answers, then its proposer decides; the trading round waits.
        Phase.TRADE: Step(Acts.SEAT, next=("trade_counter", "trade_ask", *_START_RACE)),
        Phase.TRADE_COUNTER: Step(Acts.CALLED, next=("trade_decide", "trade")),
        Phase.TRADE_DECIDE: Step(Acts.CALLED, next=("trade",)),
        Phase.RACE: Step(Acts.SEAT, next=_RACE_NEXT),
        Phase.HALVES: Step(Acts.SEAT, next=_RACE_NEXT),
        Phase.OVER: Step(Acts.OVER),
        Phase.BETS: Step(
            Acts.ALL,
            next=_START_RACE,
            shown=True,  # each stake is seen going on the table (BetPlaced)
        ),
        Phase.DRAW_INCIDENT: Step(Acts.CHANCE, next=_RACE_NEXT),
        Phase.INCIDENT: Step(Acts.SEAT, next=_RACE_NEXT),
        Phase.DRAW_DISCARD: Step(Acts.CHANCE, next=_RACE_NEXT),
        Phase.SOLO_HURDLES: Step(Acts.SEAT, next=_START_RACE),
        # RÈGLE SPÉCIALE (2 or 3 players): own hurdles « même avant le départ », each in turn (D28).
        Phase.OWN_HURDLES: Step(Acts.SEAT, next=_START_RACE),
        # Royal Steeple Chase contract: the colours, the bidding, the three cards eliminated.
        Phase.CALLS: Step(Acts.SEAT, next=("calls", "bidding")),
        Phase.BIDDING: Step(Acts.SEAT, next=("bidding", "discard")),
        Phase.DISCARD: Step(Acts.SEAT, next=("discard", *_START_RACE)),
        # D50: a named card asked for; the others answer in turn from the asker's left (the trade
        # calls on each), the trading round waits at the asker's turn.
        Phase.TRADE_ASK: Step(Acts.CALLED, next=("trade_counter", "trade")),
    },
)
"""Who acts in each phase of a deal (the engine's turn flow answers from it)."""


def horses_text(horses: Sequence[int]) -> str:
    return "+".join(COLOURS[h] for h in horses) or "-"


def shown(progress: int) -> int:
    """The square a horse stands on, as the board numbers it (the start is 21, the finish 1)."""
    if progress == 0:
        return LAP
    return 1 if progress >= FINISH else progress


def square_before(gap: int) -> int:
    """The square before a gap, as hurdles are named (« entre 21 et 1 » for the line)."""
    return LAP if gap % LAP == 0 else gap


def cards_text(counts: Sequence[int]) -> list[str]:
    return [TYPE_TEXT[t] for t in range(TYPES) for _ in range(counts[t])]


_HALVES: dict[tuple[str, str, tuple[int, ...], int, bool], PlayHalf] = {}
ROYAL_USES: Final = ("4", "3", "H", "0")


def half_action(
    text: str, use: str, horses: tuple[int, ...], gap: int = -1, *, remove: bool = False
) -> PlayHalf:
    """The (interned) action playing ``text`` as ``use``: legal-action lists are rebuilt often."""
    key = (text, use, horses, gap, remove)
    found = _HALVES.get(key)
    if found is None:
        found = _HALVES[key] = PlayHalf(text, use, horses, gap, remove)
    return found


_LONE: dict[str, dict[str, tuple[PlayHalf, ...]]] = {}
_PAIRS: dict[str, dict[str, tuple[PlayHalf, ...]]] = {}
_GAPS: dict[str, dict[str, tuple[tuple[PlayHalf, ...], ...]]] = {}


def lone_plays(text: str, use: str) -> tuple[PlayHalf, ...]:
    """``half_action(text, use, (h,))`` for each horse ``h``, indexed by horse: looked up by a
    playout's every coup, made once (the same interned actions)."""
    by_use = _LONE.get(text)
    if by_use is None:
        by_use = _LONE[text] = {}
    found = by_use.get(use)
    if found is None:
        found = by_use[use] = tuple(half_action(text, use, (h,)) for h in HORSES)
    return found


def pair_plays(text: str, use: str) -> tuple[PlayHalf, ...]:
    """``half_action(text, use, (a, b))`` for two horses (CHUTE: one square each), indexed by
    ``a * len(HORSES) + b``; made once."""
    by_use = _PAIRS.get(text)
    if by_use is None:
        by_use = _PAIRS[text] = {}
    found = by_use.get(use)
    if found is None:
        found = by_use[use] = tuple(half_action(text, use, (a, b)) for a in HORSES for b in HORSES)
    return found


def gap_plays(text: str, use: str, horse: int, *, remove: bool) -> tuple[PlayHalf, ...]:
    """The hurdle coups of ``text`` as ``use`` on ``horse``'s lane, laying a hurdle (or removing
    one) in each gap, indexed by gap (0 to ``LAP``); made once (the same interned actions)."""
    by_use = _GAPS.get(text)
    if by_use is None:
        by_use = _GAPS[text] = {}
    lanes = by_use.get(use)
    if lanes is None:
        lanes = by_use[use] = tuple(
            tuple(half_action(text, use, (h,), square_before(g), remove=r) for g in range(LAP + 1))
            for h in HORSES
            for r in (False, True)
        )
    return lanes[horse * 2 + remove]


def placements(text: str, use: str, horse: int, at: int, hurdles: int) -> list[PlayHalf]:
    """Every gap of ``horse``'s lane a hurdle coup may take (D4), as actions: the gaps ahead of
    the horse, up to the line, without a mobile hurdle already."""
    row = gap_plays(text, use, horse, remove=False)
    return [row[g] for g in range(at, LAP + 1 if at else LAP) if not hurdles >> g & 1]


def counted_draw(counts: Sequence[int], rng: random.Random) -> int:
    """The index ``State.sample_chance`` draws among the outcomes weighted ``count / total`` (those
    whose count is not 0, in order): one ``rng.random()`` against the same running sums, the same
    floating-point sums added in the same order, so every seed draws what it drew with the lists
    (``bisect`` on the sums, which stops at the last outcome)."""
    total = sum(counts)
    whole = 0.0
    for c in counts:
        if c:
            whole += c / total
    x = rng.random() * whole
    run = 0.0
    last = -1
    for i, c in enumerate(counts):
        if c:
            run += c / total
            if x < run:
                return i
            last = i
    return last


DEALS: Final = tuple(DealCard(t) for t in range(TYPES))
PLAYS: Final = tuple(PlayCard(t) for t in range(TYPES))
THROWS: Final = tuple(Throw(t) for t in range(TYPES))
BET_ONE: Final = tuple(PlaceBet((h,)) for h in HORSES)
INCIDENT_DRAWS: Final = tuple(DrawIncident(k) for k in INCIDENT_KINDS)
DISCARD_DRAWS: Final = tuple(DrawDiscard(t) for t in range(TYPES))

_BIDS: list[Bid] = []
_CARD_REQUESTS: list[list[RequestCard]] = [[] for _ in range(TYPES)]


def bids(low: int, money: int) -> Sequence[Bid]:
    """The bids from ``low`` up to ``money`` by chips of 5 (ENCHÈRES), made once and shared: an
    auction's legal actions are asked for at every bid of every playout."""
    if low % UNIT:
        return [Bid(x) for x in range(low, money + 1, UNIT)]
    top = money // UNIT
    while len(_BIDS) <= top:
        _BIDS.append(Bid(len(_BIDS) * UNIT))
    return _BIDS[low // UNIT : top + 1]


ASKS: Final = tuple(AskCard(t) for t in range(TYPES))
_PROPOSALS: dict[tuple[int, int, int], Propose] = {}
_COUNTERS: dict[tuple[int, int], Counter] = {}


def proposal(target: int, card: int, points: int) -> Propose:
    """The (interned) offer of ``card`` and ``points`` to ``target``: a trade's legal actions are
    many and asked for at every turn of the trades."""
    key = (target, card, points)
    found = _PROPOSALS.get(key)
    if found is None:
        found = _PROPOSALS[key] = Propose(target, card, points)
    return found


def counter(card: int, points: int) -> Counter:
    """The (interned) counter-offer of ``card`` and ``points``."""
    key = (card, points)
    found = _COUNTERS.get(key)
    if found is None:
        found = _COUNTERS[key] = Counter(card, points)
    return found


def card_requests(t: int, money: int) -> Sequence[RequestCard]:
    """A spread card asked for without a bid or with one up to ``money``, by chips of 5, made once
    and shared (ATTRIBUTION DU JEU ÉTALÉ)."""
    made = _CARD_REQUESTS[t]
    top = money // UNIT
    while len(made) <= top:
        made.append(RequestCard(t, len(made) * UNIT))
    return made[: top + 1]
