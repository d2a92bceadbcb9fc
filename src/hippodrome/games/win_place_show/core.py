"""Win, Place & Show's position and what every chapter of the rules asks of it.

Section numbers are those of the seed, ``shared/seeds/001_d3b3ffa791c90747.txt``: §3 Le programme
(the purse, ``bet_pays``' prices), §4 the steward, §5 Comment gagner, §10 the betting slips
(``new_pool``). ``WinPlaceShowCore`` holds the fields of a race in play; the rules themselves are
written, chapter by chapter of the rulebook, in the classes ``WinPlaceShowState`` derives from, one
on the other: ``sale.SaleRules`` (§9 La vente aux enchères, §12 Version rapide), then
``betting.BettingRules`` (§10 Les paris, with the jockeys out of the game, §11 Daily Double), then
``course.CourseRules`` (§6 La course, §7 La ligne d'arrivée), then ``claims.ClaimRules`` (§8
Réclamations, with the steward's rulings). A chain rather than mixins: a compiled class has one base
(``hippodrome.compiled``). What a chapter asks of a later one is declared here and written there.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.auction import Auction
from hippodrome.engine.events import Event, apply_money
from hippodrome.engine.pool import PlaceBet, Pool, Slip
from hippodrome.engine.turnflow import NOBODY, Flow, FlowState
from hippodrome.engine.types import Money, Player
from hippodrome.games.win_place_show.actions import (
    DICE,
    RIDES,
    Answer,
    Claim,
    Dice,
    Done,
    Jockey,
    Line,
    NoJockey,
    Ride,
    Ruling,
    Sheet,
    Spurt,
    Stable,
)
from hippodrome.games.win_place_show.material import Horse, Race, material
from hippodrome.games.win_place_show.phases import DOUBLE, PHASES, Phase
from hippodrome.games.win_place_show.race import T, start_cells
from hippodrome.games.win_place_show.tote import price

if TYPE_CHECKING:
    from hippodrome.games.win_place_show.redeal import Marks
    from hippodrome.games.win_place_show.rules import WinPlaceShow

M: Final = material()
RACES: Final = M.races
PLACES_PAID: Final = {"win": 1, "place": 2, "show": 3}
"""D2: a place bet pays on a horse first or second, a show bet on the first three."""
DICE_OUTCOMES: Final = tuple((DICE[w][o], 1 / 36) for w in range(6) for o in range(6))
DICE_SUMS: Final = tuple(accumulate(p for _, p in DICE_OUTCOMES))
"""The running sums ``State.sample_chance`` draws the dice against, summed once."""
CELLS: Final = len(T)
# What a move reads of the race programs, as plain tables by race and horse: a compiled build reads
# them natively, not as attributes of the interpreted ``Horse``.
IDS: Final = tuple(tuple(h.id for h in r.horses) for r in RACES)
VETERAN: Final = tuple(tuple(h.veteran for h in r.horses) for r in RACES)
BONUS: Final = tuple(tuple(h.bonus for h in r.horses) for r in RACES)
STRENGTHS: Final = tuple(tuple(h.strengths for h in r.horses) for r in RACES)
# The phases, the kinds of action and the material's constants as module constants: a compiled
# build reads them natively, where a name from an interpreted module (the enum, the actions, the
# material) is looked up at every use.
STABLE_PHASE: Final = Phase.STABLE
SHEET_PHASE: Final = Phase.SHEET
BIDDING_PHASE: Final = Phase.BIDDING
LOT_PHASE: Final = Phase.LOT
BETTING_PHASE: Final = Phase.BETTING
DICE_PHASE: Final = Phase.DICE
RIDING_PHASE: Final = Phase.RIDING
OVER_PHASE: Final = Phase.OVER
CLAIM_PHASE: Final = Phase.CLAIM
JOCKEY_PHASE: Final = Phase.JOCKEY
ANSWER_PHASE: Final = Phase.ANSWER
RULING_PHASE: Final = Phase.RULING
RIDE_KIND: Final = Ride
DICE_KIND: Final = Dice
LINE_KIND: Final = Line
PLACE_BET_KIND: Final = PlaceBet
DONE_KIND: Final = Done
SHEET_KIND: Final = Sheet
SPURT_KIND: Final = Spurt
CLAIM_KIND: Final = Claim
STABLE_KIND: Final = Stable
JOCKEY_KIND: Final = Jockey
NO_JOCKEY_KIND: Final = NoJockey
ANSWER_KIND: Final = Answer
RULING_KIND: Final = Ruling
BID_UNIT: Final = M.bid_unit
BET_UNIT: Final = M.bet_unit
DOUBLE_MAX: Final = M.double_max
HORSES_PER_OWNER: Final = M.horses_per_owner
BETS_PER_RACE: Final = M.bets_per_race
RIDE_OF: Final = RIDES
Foul = tuple[int, int, int, int, tuple[str, ...]]
"""A move below the horse's best (D21): (horse, where it went, its best, the squares it gave up,
the faults of §8 it shows, in ``FAULTS``' order)."""
SALE_PHASES: Final = (1, 2, 3)
"""The sheet, the tie auction and its die (``Phase.SHEET``, ``BIDDING``, ``LOT``)."""


def sale_order(race: Race) -> tuple[int, ...]:
    """§9: « le cheval ayant la plus petite côte en premier »; equal odds by program number."""
    return tuple(sorted(range(len(race.horses)), key=lambda h: (race.horses[h].odds, h)))


def bet_pays(slip: Slip, place: int, horse: Horse) -> Money:
    """What the bank pays a win, place or show slip on ``horse``, which finished ``place`` (0:
    unplaced): its price on the tote board for that kind, stake included, for each $1,000 staked
    (D2, D3)."""
    if not 1 <= place <= PLACES_PAID[slip.kind]:
        return 0
    return slip.stake * price(horse, slip.kind) // M.price_per


def new_pool() -> Pool:
    """A race's betting slips (§10): win, place, show on one horse, a daily double on two (§11);
    stakes in thousands, paid when the slips close, sealed until the race is over."""
    return Pool(
        {"win": 1, "place": 1, "show": 1, DOUBLE: 2},
        minimum=BET_UNIT,
        unit=BET_UNIT,
        paid=False,
        hidden=True,
        hides=("kind", "horses", "stake"),
    )


def amounts(
    made: dict[Any, list[Any]], key: Any, *, low: Money, top: Money, unit: Money, make: Any
) -> list[Any]:
    """The actions ``make(key, amount)`` for every amount from ``low`` to ``top`` in steps of
    ``unit`` (bids in $500, stakes in $1,000), built once and kept in ``made[key]``."""
    found = made.setdefault(key, [])
    count = (top - low) // unit + 1 if top >= low else 0
    while len(found) < count:
        found.append(make(key, low + len(found) * unit))
    return found[:count]


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class WinPlaceShowCore(FlowState["WinPlaceShow"]):
    __slots__ = (
        "asked",
        "auction",
        "cell",
        "claims",
        "crossed",
        "dd",
        "dice",
        "ends",
        "finish",
        "fouls",
        "gone",
        "jockey",
        "lap",
        "lines",
        "lots",
        "marks",
        "money_",
        "movers",
        "moving",
        "occupied",
        "out",
        "owner",
        "pool",
        "race_index",
        "request",
        "results",
        "rulings",
        "sale_at",
        "sheets",
        "spurt_used",
        "spurting",
        "stables",
        "turn_no",
        "walk",
        "window",
    )

    def __init__(self, game: WinPlaceShow) -> None:
        super().__init__(game)
        n = game.num_players
        self.flow: Flow[Phase] = Flow(PHASES, STABLE_PHASE, n)
        self.money_: list[Money] = [M.quick_money if game.options.quick else M.money] * n
        self.out: list[bool] = [False] * n
        self.stables: list[int] = [0] * n
        """Quick version: each seat's horse number in every race (0: none)."""
        self.race_index = 0
        self.owner: list[Player] = [NOBODY] * 6
        self.sheets: list[list[Money]] = [[] for _ in range(n)]
        """Each seat's written bids, in sale order, for the horses on sale."""
        self.lots: list[int] = []
        """The horses on sale this race, in sale order (§9), as the sheets list them."""
        self.sale_at = 0
        self.auction: Auction | None = None
        self.pool = new_pool()
        self.dd = new_pool()
        self.lines: list[tuple[str, tuple[str, ...]] | None] = [None] * n
        """Each seat's line of the slip begun, its stake still to write."""
        self.cell: list[int] = [0] * 6
        self.lap: list[int] = [0] * 6
        self.gone: list[bool] = [False] * 6
        """The horses home, this turn or before (off the oval)."""
        self.occupied: list[bool] = [False] * CELLS
        self.spurt_used: list[bool] = [False] * 6
        self.spurting = False
        self.turn_no = 0
        self.dice: tuple[int, int] | None = None
        self.movers: list[int] = []
        """The horses still to move this turn, in order."""
        self.moving = NOBODY
        self.ends: dict[int, int] = {}
        """The legal destinations of the horse moving now."""
        self.crossed: list[tuple[int, bool, int]] = []
        """Horses home this turn: (horse, veteran, rank of its move)."""
        self.finish: list[int] = []
        self.claims: list[tuple[Player, int, Player, str]] = []
        """This race's claims: (claimant, horse, owner, fault), « La réclamation est enregistrée
        (cheval concerné, le type de faute, le réclamant) » (§8)."""
        self.window = NOBODY
        """The horse whose move may be claimed against now."""
        self.results: list[list[int]] = []
        """Each race run: its finishing order (the first four)."""
        self.jockey: list[Player] = [NOBODY] * 6
        """§10: the seat out of the game that rides each horse this race for its owner (D23)."""
        self.asked: list[bool] = [False] * n
        """§10: the owners who have had their say on a jockey this race."""
        self.request: tuple[int, Player] | None = None
        """The horse an owner asks a seat out of the game to ride, and that seat."""
        self.fouls: list[Foul] = []
        """This race's moves below the horse's best (D21): (horse, where it went, its best, the
        squares it gave up by it, the faults of §8 it shows)."""
        self.rulings: dict[int, bool] = {}
        """A steward seat's rulings (D27): horse -> the claims against it are justified."""
        self.marks: Marks | None = None
        """Where the secrets lie in the history and the events (``redeal.marks_of``), remembered
        with the lists they were read from; a copy of the state starts with nothing remembered."""
        self.walk: tuple[list[int], list[int]] | None = None
        """The lists a move's walk works in (``race.destinations``' scratch), made at this state's
        first walk; a copy makes its own."""
        self._to_the_start()

    # -- the race in play ---------------------------------------------------------------------------

    @property
    def race(self) -> Race:
        return RACES[self.race_index]

    # The rules append to ``_events``: appending reads nothing, so a determinization's narration is
    # rewritten (``resample_for``) only if someone reads it, never by the search that plays it out.

    def _record(self, events: Sequence[Event]) -> None:
        apply_money(self.money_, events)
        self._events.extend(events)

    def _to_the_start(self) -> None:
        """§6: « ils doivent démarrer à la position indiquée par le programme »."""
        self.occupied = [False] * CELLS
        self.gone = [False] * 6
        for h, (cell, lap) in enumerate(start_cells(self.race)):
            self.cell[h], self.lap[h] = cell, lap
            self.occupied[cell] = True

    # -- what a chapter asks of a later one ---------------------------------------------------------

    def _engage(self) -> None:
        raise NotImplementedError  # betting.BettingRules

    def _foul(self, h: int, went: int) -> Foul | None:
        raise NotImplementedError  # claims.ClaimRules

    def _rule(self) -> None:
        raise NotImplementedError  # claims.ClaimRules
