"""Win, Place & Show's rules: the game and its state.

Section numbers (§1 to §12) are those of the seed, ``shared/seeds/001_d3b3ffa791c90747.txt``: §3 Le
programme, §6 La course, §7 La ligne d'arrivée, §9 La vente aux enchères, §10 Les paris, §11 Daily
Double, §12 Version rapide. Every decision taken where the seed is silent or contradicts itself is
written in ``docs/rules/win_place_show.md`` (D1, D2, ...) with the test that pins it.

Each of the six races: (quick version only, before race 1) each seat's stable by a die; the sale of
the horses nobody owns (every seat writes a secret bid for each, then they are sold in order of odds,
a tie reopened as an open auction between the tied seats, a die if none raises: the engine's
``Auction``); the betting (every seat fills a secret slip of up to three bets, and before race 1 its
daily doubles: the engine's ``Pool``); then the race, turn by turn: two dice, each horse in the order
the white die names moving its strength, the white die, its bonus number's three squares; an owner
chooses the path (``race.destinations``), the steward rides an unsold horse (``race.best``). The
first four share the purse, the bank pays the bets.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, permutations
from typing import TYPE_CHECKING, Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Auction, Stage
from hippodrome.engine.auction_events import Bid, Pass, TieLot
from hippodrome.engine.auction_record import AuctionRecord
from hippodrome.engine.errors import IllegalActionError, OptionsError, message
from hippodrome.engine.events import Event, apply_money
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.pool import PlaceBet, Pool, Slip, SlipRecord
from hippodrome.engine.pool_events import SlipPlaced
from hippodrome.engine.sampling import bits_for, draw_below
from hippodrome.engine.turnflow import NOBODY, Flow, FlowState
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show import length
from hippodrome.games.win_place_show.actions import (
    ACCEPT,
    CLAIMS,
    DECLINE,
    DICE,
    DONE,
    FAULTS,
    NO_CLAIM,
    NO_JOCKEY,
    REJECT,
    RIDES,
    SPURT,
    UPHOLD,
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
    cell_name,
    parse_action,
    parse_cell,
)
from hippodrome.games.win_place_show.length import TIE_RAISES
from hippodrome.games.win_place_show.material import Horse, Race, digest, material
from hippodrome.games.win_place_show.phases import DOUBLE, KINDS, PHASES, Phase
from hippodrome.games.win_place_show.position import POSITION, HorseOnTrack, WinPlaceShowPosition
from hippodrome.games.win_place_show.race import (
    FINISH,
    HOME,
    LANE,
    PER_SQUARE,
    RANK,
    SHORT_FOR_SPACE,
    T,
    best,
    destinations,
    order_of_arrival,
    progress,
    start_cells,
)
from hippodrome.games.win_place_show.tote import double_price, price

if TYPE_CHECKING:
    import random

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


@mypyc_attr(native_class=False)  # compiled, a class may not derive from an interpreted one
@dataclass(frozen=True, kw_only=True)
class WinPlaceShowOptions(GameOptions):
    players: int = option(4, en="Number of players (2 to 6)", fr="Nombre de joueurs (2 à 6)")
    quick: bool = option(
        False,
        en="Quick version: $20,000 each and a stable drawn by die",
        fr="Version rapide : 20 000 $ chacun et une écurie tirée au dé",
    )
    steward: int = option(
        0,
        en="Steward: the number of the player who holds the office (0: nobody, the table keeps the books)",
        fr="Responsable : le numéro du joueur qui tient la charge (0 : personne, la table tient les comptes)",
        seats="number",
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled (Ray) by a blank ``__new__``
class WinPlaceShow(Game[WinPlaceShowOptions]):
    id: ClassVar[str] = "win_place_show"
    titles: ClassVar[dict[str, str]] = {"en": "Win, Place & Show", "fr": "Win, Place & Show"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    max_choices: ClassVar[int] = 8192
    """The written bids: every multiple of $500 up to a player's money (§9), over 3,000 at once."""
    rules_version: ClassVar[int] = 3
    options_type: ClassVar[type[GameOptions]] = WinPlaceShowOptions

    def __init__(self, options: WinPlaceShowOptions) -> None:
        super().__init__(options)
        if not 0 <= options.steward <= options.players:
            raise OptionsError(
                "error.option_type",
                option="steward",
                value=options.steward,
                expected=f"0 (the engine) or a seat from 1 to {options.players}",
            )

    @property
    def steward(self) -> Player:
        """The seat that holds the steward's office (§4, D26), or ``NOBODY``: the engine."""
        return self.options.steward - 1 if self.options.steward else NOBODY

    @property
    def data_digest(self) -> str:
        return digest()

    def max_length(self) -> int:
        """The most actions a game with these options can take (``length.py``, D35)."""
        return length.max_length(self)

    def new_initial_state(self) -> WinPlaceShowState:
        return WinPlaceShowState.initial(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def position_from_json(self, position: JSONObject) -> WinPlaceShowState:
        return WinPlaceShowState.from_position(self, POSITION.read(position, self))

    def position_schema(self) -> JSONObject:
        return POSITION.schema(self, title="Win, Place & Show position")


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


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class WinPlaceShowState(FlowState[WinPlaceShow]):
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
        """Where the secrets lie in the history and the events (``_marks``), remembered with the
        lists they were read from; a copy of the state starts with nothing remembered."""
        self.walk: tuple[list[int], list[int]] | None = None
        """The lists a move's walk works in (``race.destinations``' scratch), made at this state's
        first walk; a copy makes its own."""
        self._to_the_start()

    # -- the race in play ---------------------------------------------------------------------------

    @property
    def race(self) -> Race:
        return RACES[self.race_index]

    @classmethod
    def initial(cls, game: WinPlaceShow) -> WinPlaceShowState:
        state = cls(game)
        if game.options.quick:
            state.flow.enter(STABLE_PHASE, turn=0)
        else:
            state._call_race()
        return state

    def clone(self) -> WinPlaceShowState:
        new = WinPlaceShowState.__new__(WinPlaceShowState)
        new.game = self.game
        self._copy_record(new)
        new.flow = self.flow.copy()
        new.money_ = self.money_.copy()
        new.out = self.out.copy()
        new.stables = self.stables.copy()
        new.race_index = self.race_index
        new.owner = self.owner.copy()
        new.sheets = [s.copy() for s in self.sheets]
        new.lots = self.lots.copy()
        new.sale_at = self.sale_at
        new.auction = None if self.auction is None else self.auction.copy()
        new.pool = self.pool.copy()
        new.dd = self.dd.copy()
        new.lines = self.lines.copy()
        new.cell = self.cell.copy()
        new.lap = self.lap.copy()
        new.gone = self.gone.copy()
        new.occupied = self.occupied.copy()
        new.spurt_used = self.spurt_used.copy()
        new.spurting = self.spurting
        new.turn_no = self.turn_no
        new.dice = self.dice
        new.movers = self.movers.copy()
        new.moving = self.moving
        new.ends = self.ends.copy()
        new.crossed = self.crossed.copy()
        new.finish = self.finish.copy()
        new.claims = self.claims.copy()
        new.window = self.window
        new.results = [r.copy() for r in self.results]
        new.jockey = self.jockey.copy()
        new.asked = self.asked.copy()
        new.request = self.request
        new.fouls = self.fouls.copy()
        new.rulings = self.rulings.copy()
        new.marks = None
        new.walk = None
        return new

    # The rules append to ``_events``: appending reads nothing, so a determinization's narration is
    # rewritten (``resample_for``) only if someone reads it, never by the search that plays it out.

    def _record(self, events: Sequence[Event]) -> None:
        apply_money(self.money_, events)
        self._events.extend(events)

    def _call_race(self) -> None:
        """A race is called: its horses to their owners (quick version's stables), the rest for
        sale, the horses to the start."""
        race = self.race
        self._events.append(ev.RaceCalled(race.number, race.miles, race.purse))
        self.owner = [NOBODY] * 6
        for seat, number in enumerate(self.stables):
            if number and not self.out[seat]:
                self.owner[number - 1] = seat
        self.pool = new_pool()
        self.finish, self.crossed, self.turn_no = [], [], 0
        self.claims, self.window = [], NOBODY
        self.fouls, self.rulings = [], {}
        self.jockey, self.request = [NOBODY] * 6, None
        self.asked = [False] * self.game.num_players
        self.dice, self.movers, self.moving, self.ends = None, [], NOBODY, {}
        self.spurt_used = [False] * 6
        self.spurting = False
        self._to_the_start()
        self.sale_at = 0
        self.auction = None
        self.sheets = [[] for _ in range(self.game.num_players)]
        self.lots = [h for h in sale_order(race) if self.owner[h] == NOBODY]
        writers = [p for p in range(self.game.num_players) if self._may_buy(p)]
        if self.lots and writers:
            self.flow.enter(SHEET_PHASE, waiting=writers)
        else:
            self._engage()

    def _to_the_start(self) -> None:
        """§6: « ils doivent démarrer à la position indiquée par le programme »."""
        self.occupied = [False] * CELLS
        self.gone = [False] * 6
        for h, (cell, lap) in enumerate(start_cells(self.race)):
            self.cell[h], self.lap[h] = cell, lap
            self.occupied[cell] = True

    def _horses_of(self, seat: Player) -> int:
        return sum(1 for o in self.owner if o == seat)

    def _may_buy(self, seat: Player) -> bool:
        return (
            not self.out[seat]
            and self.money_[seat] >= BID_UNIT
            and self._horses_of(seat) < self._horses_allowed()
        )

    def _horses_allowed(self) -> int:
        """§9: « S'il y a moins de 6 joueurs, un joueur peut acheter des chevaux supplémentaires »,
        and « Une fois qu'un joueur a deux chevaux il ne peut plus en acheter d'autres »: two horses
        an owner while fewer than six players are in the game, else one (D19)."""
        playing = self.out.count(False)
        return HORSES_PER_OWNER if playing < len(self.race.horses) else 1

    def _must_buy(self, seat: Player) -> bool:
        """§9: « Avant chaque course chaque joueur doit acheter un cheval »: a seat in the game
        with no horse yet this race, that can pay the lowest bid (D19)."""
        return not self.out[seat] and self.money_[seat] >= BID_UNIT and not self._horses_of(seat)

    # -- who acts and what they may do ----------------------------------------------------------

    def has_hidden_information(self) -> bool:
        return True

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.flow.phase
        if phase is DICE_PHASE:
            return DICE_OUTCOMES
        if phase is LOT_PHASE and self.auction is not None:
            return self.auction.chance_outcomes()
        if phase is STABLE_PHASE:
            free = self._free_stables()
            return [(Stable(n), 1 / len(free)) for n in free]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        if self.flow.phase is DICE_PHASE:  # the engine's very draw, on sums made once
            return DICE_OUTCOMES[bisect(DICE_SUMS, rng.random() * DICE_SUMS[-1], 0, 35)][0]
        return super().sample_chance(rng)

    def _free_stables(self) -> list[int]:
        # D11: a number another seat already rolled is rolled again: each seat's stable is uniform
        # over the numbers still free.
        return [n for n in range(1, 7) if n not in self.stables]

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        phase = self.flow.phase
        if phase is RIDING_PHASE:
            rides = RIDE_OF
            found: list[Action] = [rides[c] for c in self.ends]
            if self._may_spurt():
                found.append(SPURT)
            return found
        if phase is SHEET_PHASE:
            horse = IDS[self.race_index][self.lots[len(self.sheets[player])]]
            return _amounts(
                _SHEETS, horse, low=0, top=self.money_[player], unit=BID_UNIT, make=Sheet
            )
        if phase is BIDDING_PHASE:
            assert self.auction is not None
            return self.auction.legal_actions(player, self.money_[player])
        if phase is JOCKEY_PHASE:
            ids = self.race.horses
            return [
                NO_JOCKEY,
                *(
                    Jockey(ids[h].id, q)
                    for h in self._unridden(player)
                    for q in self._free_jockeys()
                ),
            ]
        if phase is CLAIM_PHASE:
            # « Un joueur ne peut porter plainte que contre le propriétaire d'un cheval sur lequel
            # il a misé. »
            hid = IDS[self.race_index][self.window]
            if any(s.player == player and hid in s.horses for s in self.pool.slips):
                return _claims_for(self.fouls[-1][4])
            return _NO_CLAIM_ONLY
        if phase is ANSWER_PHASE:
            return _ANSWERS
        if phase is RULING_PHASE:
            return _RULINGS
        if phase is BETTING_PHASE:
            line = self.lines[player]
            if line is not None:
                top = self._left_to_bet(player)
                if line[0] == DOUBLE:
                    top = min(top, DOUBLE_MAX)
                return _amounts(_STAKES, line, low=BET_UNIT, top=top, unit=BET_UNIT, make=_stake)
            return self._slip_choices(player)
        return []

    def _may_spurt(self) -> bool:
        h = self.moving
        return (
            not self.spurting
            and not self.spurt_used[h]
            and not VETERAN[self.race_index][h]
            and HOME not in self.ends
        )

    def _left_to_bet(self, player: Player) -> Money:
        written = sum(s.stake for s in self.pool.slips_of(player))
        if self.race_index == 0:
            written += sum(s.stake for s in self.dd.slips_of(player))
        return self.money_[player] - written

    def _slip_choices(self, player: Player) -> Sequence[Action]:
        """``DONE``, then the lines ``player`` may begin on the slip: a kind not used yet on one
        horse, up to three bets (§10); before race 1, any number of daily doubles (§11)."""
        if self._left_to_bet(player) < BET_UNIT:
            return _DONE_ONLY
        mine = self.pool.slips_of(player)
        kinds = (
            ()
            if len(mine) >= BETS_PER_RACE
            else tuple(k for k in KINDS if k not in {s.kind for s in mine})
        )
        return _choices_for(self.race_index, kinds)

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        phase = self.flow.phase
        if player == CHANCE:
            return IllegalActionError("win_place_show.illegal.not_an_outcome", action=str(action))
        if isinstance(action, Sheet):
            if phase is not SHEET_PHASE:
                return IllegalActionError("win_place_show.illegal.no_sale_now")
            expected = IDS[self.race_index][self.lots[len(self.sheets[player])]]
            if action.horse != expected:
                return IllegalActionError(
                    "win_place_show.illegal.sheet_order", horse=action.horse, expected=expected
                )
            if action.amount % BID_UNIT:
                return IllegalActionError(
                    "win_place_show.illegal.bid_unit", amount=action.amount, unit=BID_UNIT
                )
            if action.amount > self.money_[player]:
                return IllegalActionError(
                    "win_place_show.illegal.bid_funds",
                    amount=action.amount,
                    money=self.money_[player],
                )
        if isinstance(action, Bid | Pass) and phase is BIDDING_PHASE and self.auction is not None:
            return self.auction.explain(player, action, self.money_[player])
        if isinstance(action, PlaceBet | Line):
            if phase is not BETTING_PHASE:
                return IllegalActionError("win_place_show.illegal.betting_closed")
            line = self.lines[player]
            if isinstance(action, PlaceBet) and line is None:
                return IllegalActionError(
                    "win_place_show.illegal.line_first",
                    bet=action.bet,
                    horses="+".join(action.horses),
                )
            if isinstance(action, Line) and line is not None:
                return IllegalActionError("win_place_show.illegal.stake_first")
            if isinstance(action, PlaceBet) and line != (action.bet, action.horses):
                return IllegalActionError("win_place_show.illegal.stake_first")
            bet = (
                action
                if isinstance(action, PlaceBet)
                else PlaceBet(action.bet, action.horses, BET_UNIT)
            )
            return self._explain_bet(player, bet)
        if isinstance(action, Done) and phase is BETTING_PHASE:
            return IllegalActionError("win_place_show.illegal.stake_first")
        if isinstance(action, Claim) and action.made:
            return self._explain_claim(player, action.fault)
        if isinstance(action, Spurt):
            if phase is not RIDING_PHASE:
                return IllegalActionError("win_place_show.illegal.not_riding")
            if self.race.horses[self.moving].veteran:
                return IllegalActionError("win_place_show.illegal.veteran_spurt")
            return IllegalActionError("win_place_show.illegal.spurt_used")
        if isinstance(action, Ride):
            if phase is not RIDING_PHASE:
                return IllegalActionError("win_place_show.illegal.not_riding")
            return IllegalActionError(
                "win_place_show.illegal.unreachable",
                square=self._spot(action.cell),
                squares=", ".join(f"ride {cell_name(c)}" for c in sorted(self.ends)),
            )
        if isinstance(action, Jockey | NoJockey):
            if phase is not JOCKEY_PHASE or self.flow.turn != player:
                return IllegalActionError("win_place_show.illegal.no_jockey_now")
            assert isinstance(action, Jockey)
            ids = [h.id for h in self.race.horses]
            if action.horse not in ids or ids.index(action.horse) not in self._unridden(player):
                return IllegalActionError(
                    "win_place_show.illegal.not_your_horse", horse=action.horse
                )
            return IllegalActionError(
                "win_place_show.illegal.not_a_free_jockey", player=action.player
            )
        if isinstance(action, Answer):
            return IllegalActionError("win_place_show.illegal.nothing_asked")
        if isinstance(action, Ruling):
            return IllegalActionError("win_place_show.illegal.no_ruling_now")
        if isinstance(action, Dice | Stable | TieLot):
            return IllegalActionError("win_place_show.illegal.chance_action", action=str(action))
        return IllegalActionError("error.illegal_action", action=str(action))

    def _explain_claim(self, player: Player, fault: str) -> IllegalActionError:
        """Why ``player`` may not claim ``fault`` now (§8)."""
        if self.flow.phase is not CLAIM_PHASE:
            return IllegalActionError("win_place_show.illegal.no_claim_now")
        if tuple(self._legal_actions(player)) == _NO_CLAIM_ONLY:
            horse = IDS[self.race_index][self.window]
            return IllegalActionError("win_place_show.illegal.claim_without_bet", horse=horse)
        faults = self.fouls[-1][4]
        return IllegalActionError(
            "win_place_show.illegal.claim_fault",
            fault=fault,
            faults=list(faults),
        )

    @staticmethod
    def _spot(cell: int) -> JSONObject:
        """Where a move ends, in words: « on lane 3, square 41 », « across the finish line »."""
        if cell == HOME:
            return message("win_place_show.illegal.at_home")
        info = T.cells[cell]
        return message(
            "win_place_show.illegal.at_square", lane=info.lane + 1, square=info.index + 1
        )

    def _explain_bet(self, player: Player, bet: PlaceBet) -> IllegalActionError:
        ns = "win_place_show.illegal"
        mine = self.pool.slips_of(player)
        if bet.bet == DOUBLE:
            if self.race_index != 0:
                return IllegalActionError(f"{ns}.double_closed")
            if bet.stake > DOUBLE_MAX:
                return IllegalActionError(f"{ns}.double_max", stake=bet.stake, most=DOUBLE_MAX)
        elif bet.bet in KINDS:
            if len(mine) >= BETS_PER_RACE:
                return IllegalActionError(f"{ns}.three_bets")
            if any(s.kind == bet.bet for s in mine):
                return IllegalActionError(f"{ns}.category_used", kind=bet.bet)
        found = self.pool.explain(player, bet, self._left_to_bet(player))
        if found is not None:
            return found
        return IllegalActionError(f"{ns}.unknown_horse", horses="+".join(bet.horses))

    # -- what happens -----------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        kind = type(action)
        if kind is RIDE_KIND:
            self._ride(action.cell)  # type: ignore[attr-defined]
        elif kind is DICE_KIND:
            self._roll(action.white, action.other)  # type: ignore[attr-defined]
        elif kind is LINE_KIND:
            assert isinstance(action, Line)
            self.lines[player] = (action.bet, action.horses)
            self._events.append(ev.LineStarted(player, action.bet, action.horses))
        elif kind is PLACE_BET_KIND:
            assert isinstance(action, PlaceBet)
            self.lines[player] = None
            target = self.dd if action.bet == DOUBLE else self.pool
            self._events.extend(target.place(player, action))
        elif kind is DONE_KIND:
            if self.flow.answered(player):
                self._off()
        elif kind is SHEET_KIND:
            assert isinstance(action, Sheet)
            self.sheets[player].append(action.amount)
            self._events.append(ev.SheetWritten(player, action.horse, action.amount))
            if len(self.sheets[player]) == len(self.lots) and self.flow.answered(player):
                self._events.append(ev.SheetsOpened(self.race.number))
                self._sell()
        elif kind is SPURT_KIND:
            self.spurting = True
            self.spurt_used[self.moving] = True
            self._events.append(ev.HorseSpurted(IDS[self.race_index][self.moving]))
            self.ends = self.destinations_of(self.moving)
            if self.ends:
                self.flow.enter(RIDING_PHASE, turn=self.rider(self.moving))
            else:
                self._events.append(ev.HorseStuck(IDS[self.race_index][self.moving]))
                self._next_mover()
        elif kind is CLAIM_KIND:
            assert isinstance(action, Claim)
            if action.fault:
                h = self.window
                self.claims.append((player, h, self.owner[h], action.fault))
                self._events.append(ev.ClaimMade(player, IDS[self.race_index][h], action.fault))
            if self.flow.answered(player):
                self.window = NOBODY
                self._next_mover()
        elif kind is STABLE_KIND:
            self._stable(action.number)  # type: ignore[attr-defined]
        elif kind is JOCKEY_KIND:
            assert isinstance(action, Jockey)
            h = [x.id for x in self.race.horses].index(action.horse)
            self.asked[player] = True
            self.request = (h, action.player)
            self._events.append(ev.JockeyAsked(player, action.horse, action.player))
            self.flow.enter(ANSWER_PHASE, turn=action.player)
        elif kind is NO_JOCKEY_KIND:
            self.asked[player] = True
            self._engage()
        elif kind is ANSWER_KIND:
            assert isinstance(action, Answer) and self.request is not None
            h, rider = self.request
            self.request = None
            if action.accept:
                self.jockey[h] = rider
            self._events.append(ev.JockeyAnswered(rider, IDS[self.race_index][h], action.accept))
            self._engage()
        elif kind is RULING_KIND:
            assert isinstance(action, Ruling)
            h = self._next_ruling()
            self.rulings[h] = action.upheld
            self._events.append(ev.StewardRuled(player, IDS[self.race_index][h], action.upheld))
            self._rule()
        else:
            assert self.auction is not None
            self._record(self.auction.apply(player, action, self.money_))
            if self._settle_lot():
                self._sell()

    def _stable(self, number: int) -> None:
        seat = self.flow.turn
        self.stables[seat] = number
        self._events.append(ev.StableDrawn(seat, number))
        if seat + 1 < self.game.num_players:
            self.flow.enter(STABLE_PHASE, turn=seat + 1)
        else:
            self._call_race()

    # -- the sale (§9) ----------------------------------------------------------------------------

    def _sell(self) -> None:
        """Put the next horse under the hammer with the bids written for it (§9: « On répète la
        procédure jusqu'au sixième cheval »), then open the betting."""
        n = self.game.num_players
        while self.sale_at < len(self.lots):
            at = self.sale_at
            horse = IDS[self.race_index][self.lots[at]]
            written = [s[at] if at < len(s) else 0 for s in self.sheets]
            # D19: a seat that must still buy a horse is held to the lowest bid where it wrote none.
            held = tuple(p for p in range(n) if not written[p] and self._must_buy(p))
            if held:
                self._events.append(ev.LowestBidHeld(horse, held, BID_UNIT))
                for p in held:
                    written[p] = BID_UNIT
            void = [p for p in range(n) if written[p] and not self._bid_counts(p, written[p])]
            if void:
                self._events.append(ev.BidsVoid(horse, tuple(void)))
            self.auction, events = Auction.sealed(
                horse,
                n,
                floor=BID_UNIT,
                increment=BID_UNIT,
                excluded=set(void),
                written=written,
                money=self.money_,
                max_raises=TIE_RAISES,  # D35: the last raise allowed buys
            )
            self._record(events)
            if not self._settle_lot():
                return
        self._engage()

    def _bid_counts(self, seat: Player, bid: Money) -> bool:
        """§9: whether ``seat``'s bid ``bid`` for the horse under the hammer stands."""
        if not bid or self.out[seat] or bid > self.money_[seat]:
            return False  # D12: a bid beyond what the seat has left is void
        owned = self._horses_of(seat)
        if owned >= self._horses_allowed():
            return (
                False  # « Une fois qu'un joueur a deux chevaux [...] ses enchères sont ignorées »
            )
        # « le reste de ses montants sont invalidés jusqu'à ce que tous les joueurs aient un
        # cheval » (D10; D19: every seat that can pay the lowest bid must buy one)
        return not (owned and any(self._must_buy(p) for p in range(self.game.num_players)))

    def _settle_lot(self) -> bool:
        """Follow the auction's stage; True when the lot is closed and the sale may go on."""
        a = self.auction
        assert a is not None
        if a.stage is Stage.OPEN:
            self.flow.enter(BIDDING_PHASE, turn=a.bidder)
            return False
        if a.stage is Stage.LOT:
            self.flow.enter(LOT_PHASE, turn=self.game.steward)  # the steward rolls the die (§4)
            return False
        if a.winner >= 0:
            self.owner[self.lots[self.sale_at]] = a.winner
        self.sale_at += 1
        self.auction = None
        return True

    # -- the betting (§10, §11) -------------------------------------------------------------------

    # -- jockeys out of the game (§10) ----------------------------------------------------------

    def _engage(self) -> None:
        """§10: « Un joueur qui n'a plus d'argent est éliminé mais peut servir de jockey si un
        propriétaire le désire »: once the sale is over, each owner in turn may ask a seat out of
        the game, not yet riding this race, to ride one of his horses (D23, D24); then the bets."""
        free = self._free_jockeys()
        if free:
            for p in range(self.game.num_players):
                if not self.asked[p] and not self.out[p] and self._unridden(p):
                    self.flow.enter(JOCKEY_PHASE, turn=p)
                    return
        self._open_betting()

    def _free_jockeys(self) -> list[Player]:
        """The seats out of the game that ride no horse this race (and are not being asked)."""
        taken = set(self.jockey)
        if self.request is not None:
            taken.add(self.request[1])
        return [p for p in range(self.game.num_players) if self.out[p] and p not in taken]

    def _unridden(self, seat: Player) -> list[int]:
        """The horses ``seat`` owns this race that no jockey rides for him."""
        return [h for h in range(6) if self.owner[h] == seat and self.jockey[h] == NOBODY]

    def rider(self, h: int) -> Player:
        """Who rides horse ``h``: the jockey its owner engaged (§10), else its owner (``NOBODY``:
        the steward rides it, D13)."""
        jockey = self.jockey[h]
        return jockey if jockey != NOBODY else self.owner[h]

    def _open_betting(self) -> None:
        self.auction = None
        bettors = [p for p in range(self.game.num_players) if not self.out[p]]
        self.flow.enter(BETTING_PHASE, waiting=bettors)
        if not bettors:
            self._off()

    def _off(self) -> None:
        """« les paris sont clos. Chaque joueur annonce le montant total de ses paris et les paye à
        la banque. » Then the race is off."""
        for p in range(self.game.num_players):
            total = sum(s.stake for s in self.pool.slips_of(p))
            if self.race_index == 0:
                total += sum(s.stake for s in self.dd.slips_of(p))
            if total:
                self._events.append(ev.BetsClosed(p, total))
                self.money_[p] -= total
        self._events.append(ev.Off(self.race.number))
        self.flow.enter(DICE_PHASE, turn=self.game.steward)  # « le départ » (§4)

    # -- the race (§6, §7) --------------------------------------------------------------------------

    def _roll(self, white: int, other: int) -> None:
        ids, bonuses = IDS[self.race_index], BONUS[self.race_index]
        self.turn_no += 1
        self.dice = (white, other)
        # §6: « Le dé blanc [...] indique le cheval qui joue en premier. Les autres chevaux jouent
        # dans l'ordre consécutif. »
        home = set(self.finish)
        self.movers = [h for k in range(6) if (h := (white - 1 + k) % 6) not in home]
        bonus = next((h for h in self.movers if bonuses[h] == white + other), NOBODY)
        # D33: a horse home is skipped; the first still on the oval moves first.
        first = self.movers[0] if self.movers else white - 1
        self._events.append(
            ev.DiceRolled(
                self.turn_no,
                white,
                other,
                ids[first],
                ids[bonus] if bonus >= 0 else "none",
            )
        )
        self.crossed = []
        self._next_mover()

    def move_total(self, h: int) -> int:
        """§6: « sa Rennstarke, le dé blanc et son Bonus », and the apprentice's two squares."""
        assert self.dice is not None
        white, other = self.dice
        # ``Horse.strength``: « on utilise le dernier chiffre jusqu'à la fin de la course »
        strengths, turn = STRENGTHS[self.race_index][h], self.turn_no
        total = (strengths[turn - 1] if turn <= len(strengths) else strengths[-1]) + white
        if BONUS[self.race_index][h] == white + other:
            total += 3
        if self.spurting and h == self.moving:
            total += 2
        return total

    def destinations_of(self, h: int) -> dict[int, int]:
        """Where horse ``h`` may end its move now (``race.destinations``)."""
        occupied, cell = self.occupied, self.cell
        walk = self.walk
        if walk is None:  # this state's first walk: its lists, never another state's
            walk = self.walk = ([0] * CELLS, [0] * CELLS)
        here = cell[h]
        occupied[here] = False
        try:
            return destinations(
                here,
                self.lap[h],
                self.move_total(h),
                changes=2 if VETERAN[self.race_index][h] else 1,
                occupied=occupied,
                finish=FINISH[self.race_index],
                scratch=walk,
            )
        finally:
            occupied[here] = True

    def _next_mover(self) -> None:
        """The next horse of the turn moves: its owner chooses, the steward rides an unsold horse;
        a horse that cannot move loses its turn (§6)."""
        ids = IDS[self.race_index]
        while self.movers:
            h = self.movers.pop(0)
            self.moving, self.spurting = h, False
            self.ends = self.destinations_of(h)
            owner = self.owner[h]
            if owner == NOBODY:
                # D13: the steward rides an unsold horse to win: the apprentice's two squares at
                # once, then the best destination (``race.best``).
                if self._may_spurt():
                    self.spurting = self.spurt_used[h] = True
                    self._events.append(ev.HorseSpurted(ids[h]))
                    self.ends = self.destinations_of(h)
                if self.ends:
                    self._move(h, best(self.ends), NOBODY)
                else:
                    self._events.append(ev.HorseStuck(ids[h]))
                continue
            if not self.ends and not self._may_spurt():
                self._events.append(ev.HorseStuck(ids[h]))
                continue
            self.flow.enter(RIDING_PHASE, turn=self.rider(h))
            return
        self.moving, self.ends = NOBODY, {}
        self._end_of_turn()

    def _ride(self, cell: int) -> None:
        h, owner = self.moving, self.owner[self.moving]
        # §8: « la réclamation doit être faite immédiatement après le mouvement du cheval »: a
        # window opens after a move below the horse's best (D21), to every other seat still in.
        foul = self._foul(h, cell)
        self._move(h, cell, owner)
        if foul is not None:
            seats = [p for p in range(self.game.num_players) if p != owner and not self.out[p]]
            if seats:
                self.fouls.append(foul)
                self.window = h
                self.flow.enter(CLAIM_PHASE, waiting=seats)
                return
        self._next_mover()

    def _foul(self, h: int, went: int) -> Foul | None:
        """The move of horse ``h`` to ``went`` measured against its best (D21), before it is made:
        None when it is the best, else (horse, went, the best, the squares given up, the faults of
        §8 it shows). While the apprentice's two squares are still to take, the best is the best
        move with them (« ne pas prendre les bonus disponibles pour avancer (apprenti ou bonus
        n°) »)."""
        ends = self.ends
        top = best(ends)
        reach, gone = ride_key(top, ends), ride_key(went, ends)
        found: set[str] = set()
        if gone < reach:
            short = self._short_of_total(h, went)
            if not short:  # the whole total on worse ground, or (D8) not the farthest it could go
                found.add("lane")
            else:
                found.update(("three_short", "short") if short == SHORT_FOR_SPACE else ("short",))
                if BONUS[self.race_index][h] == sum(self.dice or ()):
                    found.add("bonus")  # the bonus number's three squares left unrun
        spurted = self._spurt_ends(h)
        if spurted:
            further = best(spurted)
            if ride_key(further, spurted) > gone:
                found.add("bonus")  # the apprentice's two squares not taken
            if ride_key(further, spurted) > reach:
                top, reach = further, ride_key(further, spurted)
        if not found:
            return None
        finish = FINISH[self.race_index]
        lost = max(0, min(reach, finish) - min(gone, finish)) // PER_SQUARE
        return (h, went, top, lost, tuple(f for f in FAULTS if f in found))

    def _spurt_ends(self, h: int) -> dict[int, int]:
        """Where horse ``h`` could end its move with the apprentice's two squares, while they are
        still to take this move (else nothing)."""
        if not self._may_spurt():
            return {}
        self.spurting = True
        try:
            return self.destinations_of(h)
        finally:
            self.spurting = False

    def _short_of_total(self, h: int, went: int) -> int | None:
        """How many squares short of its total the move of ``h`` to ``went`` stopped (0: it ran the
        whole total, or crossed the line); None when no count of at most three fits (D8: the horse
        could not make its total)."""
        if went == HOME:
            return 0
        total, changes = self.move_total(h), 2 if VETERAN[self.race_index][h] else 1
        here, occupied = self.cell[h], self.occupied
        occupied[here] = False
        try:
            for short in range(SHORT_FOR_SPACE + 1):
                if total - short >= 1 and went in destinations(
                    here,
                    self.lap[h],
                    total - short,
                    changes=changes,
                    occupied=occupied,
                    finish=FINISH[self.race_index],
                    exact=True,
                ):
                    return short
            return None
        finally:
            occupied[here] = True

    def _move(self, h: int, cell: int, rider: Player) -> None:
        hid = IDS[self.race_index][h]
        total = self.move_total(h)
        self.occupied[self.cell[h]] = False
        if cell == HOME:
            rank = 6 - len(self.movers)
            self.crossed.append((h, VETERAN[self.race_index][h], rank))
            self.gone[h] = True
            self.cell[h] = 0
            self._events.append(ev.HorseHome(hid, self.turn_no))
            return
        self.cell[h], self.lap[h] = cell, self.ends[cell]
        self.occupied[cell] = True
        self._events.append(ev.HorseMoved(hid, total, LANE[cell] + 1, RANK[cell] + 1))

    def _end_of_turn(self) -> None:
        # §7: the horses home this turn are tied; veterans first, then the later arrival.
        self.finish += order_of_arrival(self.crossed)
        self.crossed = []
        self.dice = None
        if len(self.finish) >= 4:
            self._end_race()
        else:
            self.flow.enter(DICE_PHASE, turn=self.game.steward)

    def _end_race(self) -> None:
        race = self.race
        first_four = self.finish[:4]
        self.results.append(first_four)
        ids = [h.id for h in race.horses]
        self._events.append(ev.Finish(race.number, tuple(ids[h] for h in first_four)))
        # §3: « Börse: total des prix pour les quatre 1ers chevaux » (D1: 60/20/12/8).
        for place, h in enumerate(first_four, start=1):
            owner = self.owner[h]
            if owner >= 0:
                amount = race.purse * M.purse_split[place - 1] // 100
                self._record([ev.PursePaid(owner, ids[h], place, amount)])
        self._events.append(ev.SlipsRevealed(race.number))
        places = {ids[h]: i + 1 for i, h in enumerate(first_four)}
        horses = {h.id: h for h in race.horses}
        self._record(
            self.pool.settle_fixed(
                lambda s: bet_pays(s, places.get(s.horses[0], 0), horses[s.horses[0]])
            )
        )
        if self.race_index == 1:
            self._record(self.dd.settle_fixed(self._double_pays))
        self._rule()

    def _rule(self) -> None:
        """§8: « on résout les réclamations à la fin de la course »: a steward seat rules on the
        claims against each horse in turn (D27); then they are settled and the race closes."""
        if self._next_ruling() != NOBODY:
            self.flow.enter(RULING_PHASE, turn=self.game.steward)
            return
        self._judge_claims(self.results[-1])
        self._close_race()

    def _next_ruling(self) -> int:
        """The next horse claimed against that the steward seat rules on, or ``NOBODY``: none is
        left, the engine is the steward, or he is a party (the owner or a claimant: D28)."""
        steward = self.game.steward
        if steward == NOBODY:
            return NOBODY
        for _, h, owner, _ in self.claims:
            if h in self.rulings or steward == owner:
                continue
            if all(c != steward for c, x, _, _ in self.claims if x == h):
                return h
        return NOBODY

    def _close_race(self) -> None:
        for p in range(self.game.num_players):
            if not self.out[p] and self.money_[p] <= 0:
                self.out[p] = True  # §5: « si un joueur n'a plus d'argent durant le jeu »
                self._events.append(ev.PlayerOut(p))
        if self.race_index + 1 < len(RACES) and not all(self.out):
            self.race_index += 1
            self._call_race()
        else:
            self.flow.enter(OVER_PHASE)
            top = max(self.money_)
            winners = tuple(p for p, m in enumerate(self.money_) if m == top)
            self._events.append(ev.GameOver(winners, top))

    def _judge_claims(self, first_four: list[int]) -> None:
        """§8, at the end of the race: a claim is upheld when the owner bet on another horse that
        finished ahead of his (the move was below its best: D21); the claimant gets back his stakes
        on the horse that won nothing, and an equal share with the owner of the owner's gains of
        the race (D22); else the claimants against the owner of that horse pay him $2,000 between
        them."""
        if not self.claims:
            return
        ids = IDS[self.race_index]
        place = {h: i for i, h in enumerate(first_four)}
        gains = self._gains_of_the_race(first_four)
        judged: dict[int, list[Player]] = {}
        for claimant, h, _, _ in self.claims:
            if claimant not in judged.setdefault(h, []):
                judged[h].append(claimant)
        for h, claimants in judged.items():
            owner = self.owner[h]
            mine = place.get(h, len(first_four))
            # « si la réclamation est justifiée (le mouvement du cheval était au détriment de ses
            # chances de gagner) »: the steward seat's ruling (D27), else the engine's test (D21),
            # which every claim meets (a window opens only after a move below the best).
            upheld = self.rulings.get(h, True) and any(
                s.horses[0] != ids[h] and place.get(ids.index(s.horses[0]), 99) < mine
                for s in self.pool.slips_of(owner)
            )
            for claimant in claimants:
                if upheld:
                    # « le réclamant reçoit le pari qu'il avait fait sur ce cheval »: the stakes a
                    # winning slip already brought back are not given twice (D22).
                    lost = sum(
                        s.stake
                        for s in self.pool.slips_of(claimant)
                        if ids[h] in s.horses and not self._slip_won(s, first_four)
                    )
                    share = min(gains[owner] // (len(claimants) + 1), self.money_[owner])
                    self._record([ev.ClaimJudged(claimant, ids[h], owner, True, lost, share)])
                else:
                    # « S'il y a deux réclamants, ils paient chacun 1000 $ et ainsi de suite »:
                    # $2,000 shared equally, in whole dollars (D22).
                    fine = min(M.claim_fine // len(claimants), self.money_[claimant])
                    self._record([ev.ClaimJudged(claimant, ids[h], owner, False, 0, fine)])

    def _gains_of_the_race(self, first_four: list[int]) -> list[Money]:
        """« les gains de cette course » (§8, D22), per seat: the purse and what its slips paid at
        the end of the race beyond their stakes (a stake coming back is no gain)."""
        gains = [0] * self.game.num_players
        start = next(
            i for i in range(len(self.events) - 1, -1, -1) if isinstance(self.events[i], ev.Finish)
        )
        for e in self.events[start:]:
            for p, delta in e.money_changes().items():
                gains[p] += max(0, delta)
        slips = list(self.pool.slips)
        if self.race_index == 1:
            slips += self.dd.slips  # the daily doubles are paid at the end of race 2 (§11)
        for s in slips:
            if self._slip_won(s, first_four):
                gains[s.player] -= s.stake
        return gains

    def _slip_won(self, slip: Slip, first_four: list[int]) -> bool:
        """Whether ``slip`` won at the end of this race (``first_four``): its horse in the places
        its kind pays (D2), or, for a daily double, both winners (§11)."""
        if slip.kind == DOUBLE:
            w1, w2 = self.results[0][0], self.results[1][0]
            return slip.horses == (RACES[0].horses[w1].id, RACES[1].horses[w2].id)
        return IDS[self.race_index].index(slip.horses[0]) in first_four[: PLACES_PAID[slip.kind]]

    def _double_pays(self, slip: Slip) -> Money:
        """§11: both horses must win their race; D4: the two win prices compounded with the take
        applied once (``tote.double_price``), for each $1,000 staked."""
        first, second = RACES[0].horses[self.results[0][0]], RACES[1].horses[self.results[1][0]]
        if slip.horses != (first.id, second.id):
            return 0
        return slip.stake * double_price(M, first, second) // M.price_per

    # -- views ----------------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        return Outcome.from_money(self.money_)

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def observation(self, player: Player | None) -> JSONObject:
        race = self.race
        phase = self.flow.phase
        sheets: list[JSON] = []
        for p, sheet in enumerate(self.sheets):
            if p == player or phase is not SHEET_PHASE:
                sheets.append(list(sheet))
            else:
                sheets.append([None] * len(sheet))
        horses: list[JSON] = []
        for h, horse in enumerate(race.horses):
            home = self.gone[h]
            info = T.cells[self.cell[h]]
            horses.append(
                {
                    "id": horse.id,
                    "number": horse.number,
                    "owner": self.owner[h] if self.owner[h] >= 0 else None,
                    "lane": None if home else info.lane + 1,
                    "square": None if home else info.index + 1,
                    "cell": None if home else self.cell[h],
                    "home": home,
                    "spurt_used": self.spurt_used[h],
                    "jockey": self.jockey[h] if self.jockey[h] >= 0 else None,
                }
            )
        riding = phase is RIDING_PHASE
        steward = self.game.steward
        request = self.request
        ruling = self._next_ruling() if phase is RULING_PHASE else NOBODY
        return {
            "viewer": player,
            "race": race.number,
            "races": len(RACES),
            "phase": phase.name.lower(),
            "active": list(self.active_players()),
            "money": list(self.money_),
            "out": list(self.out),
            "stables": list(self.stables),
            "horses": horses,
            "sale": [race.horses[h].id for h in self.lots] if phase in SALE_PHASES else [],
            "sheets": sheets,
            "auction": None if self.auction is None else self.auction.view(player),
            "slips": self.pool.view(player, revealed=phase is OVER_PHASE),
            "line": None
            if player is None or self.lines[player] is None
            else {
                "bet": self.lines[player][0],  # type: ignore[index]
                "horses": list(self.lines[player][1]),  # type: ignore[index]
            },
            "doubles": self.dd.view(player, revealed=len(self.results) >= 2),
            "turn": self.turn_no,
            "dice": list(self.dice) if self.dice else None,
            "moving": race.horses[self.moving].id if self.moving >= 0 else None,
            "total": self.move_total(self.moving) if riding else None,
            "destinations": sorted(cell_name(c) for c in self.ends) if riding else [],
            "finish": [race.horses[h].id for h in self.finish],
            "results": [
                [RACES[r].horses[h].id for h in order] for r, order in enumerate(self.results)
            ],
            "steward": steward if steward >= 0 else None,
            "request": None
            if request is None
            else {"horse": race.horses[request[0]].id, "player": request[1]},
            "claims": [[p, race.horses[h].id, fault] for p, h, _, fault in self.claims],
            "ruling": None if ruling < 0 else self._ruling_view(ruling),
            "window": None
            if phase is not CLAIM_PHASE or not self.fouls
            else {
                "horse": race.horses[self.window].id,
                "owner": self.owner[self.window],
                "went": cell_name(self.fouls[-1][1]),
                "best": cell_name(self.fouls[-1][2]),
                "lost": self.fouls[-1][3],
                "faults": list(self.fouls[-1][4]),
            },
        }

    def _ruling_view(self, h: int) -> JSONObject:
        """What the steward seat rules on (D27): the horse, its owner, the claimants, and each of
        its moves below its best: where it went and the best it could reach. The slips of the race
        are face up by then; the engine checks the owner's bets itself (D28)."""
        return {
            "horse": IDS[self.race_index][h],
            "owner": self.owner[h],
            "claimants": sorted({p for p, x, _, _ in self.claims if x == h}),
            "claims": [[p, fault] for p, x, _, fault in self.claims if x == h],
            "moves": [
                [cell_name(went), cell_name(top), lost, list(faults)]
                for x, went, top, lost, faults in self.fouls
                if x == h
            ],
        }

    def resample_for(self, player: Player, rng: random.Random) -> WinPlaceShowState:
        """The other seats' secrets dealt anew: the bids on their sheets while being written, and
        their slips (kinds and horses; the stakes were announced in total when the bets closed)
        while the race that settles them is not over, and their lines begun.

        Search calls this for every iteration: what is dealt, and from how many choices each, is
        read once per state and seat (``_redraw_plan``), every choice is drawn from one random
        number, and the history and the events are brought in step with the new secrets only when
        first read (``State.rewrite_later``; ``Redrawn``): a search that plays the determinization
        out never reads them."""
        marks = self._marks()
        plan = self._redraw_plan(player, marks)
        state = self.clone()
        if plan is None:
            return state
        # §8: « Un joueur ne peut porter plainte que contre le propriétaire d'un cheval sur lequel
        # il a misé »: a claim made this race tells that its claimant's slips hold that horse. A
        # deal that breaks it is drawn again (the true slips keep it, so one that does comes).
        claimed = [(q, IDS[self.race_index][h]) for q, h, _, _ in self.claims]
        while True:
            redrawn = self._redraw(state, plan, marks, rng)
            if all(
                any(s.player == q and horse in s.horses for s in state.pool.slips)
                for q, horse in claimed
            ):
                break
        state.rewrite_later(history=redrawn.history, events=redrawn.events)
        return state

    def _redraw(
        self, state: WinPlaceShowState, plan: RedrawPlan, marks: Marks, rng: random.Random
    ) -> Redrawn:
        """One deal of ``plan`` on ``state`` (this state's copy), and how its record changes."""
        draw = draw_below(rng, plan.choices, plan.bits)  # every choice a digit of one number
        sheets: dict[Player, list[Money]] = {}
        unit = BID_UNIT
        for p, bound, count in plan.sheets:
            bids: list[Money] = []
            for _ in range(count):
                draw, d = divmod(draw, bound)
                bids.append(d * unit)
            sheets[p] = bids
            state.sheets[p] = bids.copy()  # the seat may write on; the rewrite keeps these
        slips: list[tuple[bool, Slip]] = []
        lines: list[tuple[Player, tuple[str, tuple[str, ...]]]] = []
        pool_slips, dd_slips, state_lines = state.pool.slips, state.dd.slips, state.lines
        for seat in plan.seats:
            kinds = 0
            if seat.shuffled:
                draw, kinds = divmod(draw, len(KIND_ORDERS))
            for at, row in seat.bets:
                draw, d = divmod(draw, row.choices)
                slip = row.redrawn(kinds * row.choices + d)
                pool_slips[at] = slip
                slips.append((False, slip))
            for at, row in seat.doubles:
                draw, d = divmod(draw, row.choices)
                slip = row.redrawn(d)
                dd_slips[at] = slip
                slips.append((True, slip))
            line = seat.line
            if line is not None:
                draw, d = divmod(draw, line.choices)
                begun = line.line(d if line.double else kinds * line.choices + d)
                state_lines[seat.seat] = begun
                lines.append((seat.seat, begun))
        return Redrawn(marks, sheets, slips, lines)

    def _redraw_plan(self, player: Player, marks: Marks) -> RedrawPlan | None:
        """What ``resample_for(player)`` deals anew, read once per state and seat and remembered
        with this state's ``marks`` (checked against the money, which bounds the bids). None:
        nothing hidden from ``player``."""
        plan = marks.plans.get(player)
        if plan is not None and plan.money == self.money_:
            return plan if plan.choices > 1 else None
        radices: list[int] = []
        sheets: list[tuple[Player, int, int]] = []
        if self.flow.phase is SHEET_PHASE:
            for p, written in enumerate(self.sheets):
                bound = self.money_[p] // BID_UNIT + 1
                if p != player and written:
                    sheets.append((p, bound, len(written)))
                    radices += [bound] * len(written)
        ids = tuple(h.id for h in self.race.horses)
        firsts = tuple(h.id for h in RACES[0].horses)
        seconds = tuple(h.id for h in RACES[1].horses)
        race_open = self.flow.phase is not OVER_PHASE
        doubles_open = len(self.results) < 2
        seats: list[SeatRedraw] = []
        for q in range(self.game.num_players):
            if q == player:
                continue
            mine = [i for i, s in enumerate(self.pool.slips) if s.player == q] if race_open else []
            bets = [
                (i, Redraws.of_bet(self.pool.slips[i], j, ids))
                for j, i in enumerate(mine[: len(KINDS)])  # one slip a kind (§10)
            ]
            doubles = [
                (i, Redraws.of_double(s, firsts, seconds))
                for i, s in enumerate(self.dd.slips)
                if doubles_open and s.player == q
            ]
            begun = self.lines[q]
            line = (
                None
                if begun is None
                else LineRedraws.of_double(firsts, seconds)
                if begun[0] == DOUBLE
                else LineRedraws.of_bet(len(mine), ids)
            )
            shuffled = bool(bets) or (line is not None and not line.double)
            if shuffled:
                radices.append(len(KIND_ORDERS))
            radices += [row.choices for _, row in bets]
            radices += [row.choices for _, row in doubles]
            if line is not None:
                radices.append(line.choices)
            if bets or doubles or line is not None:
                seats.append(SeatRedraw(q, shuffled, bets, doubles, line))
        choices = 1
        for r in radices:
            choices *= r
        plan = RedrawPlan(self.money_.copy(), choices, bits_for(choices), sheets, seats)
        marks.plans[player] = plan
        return plan if choices > 1 else None

    def _marks(self) -> Marks:
        """Where the secrets lie, latest first: the indices in the history, then in the events, of
        the sheets being written (the history's last run of sheets; the events' since the race was
        called) and of the betting (lines and bets). Search resamples one state again and again:
        they are read once and remembered with the lists they were read from (a determinization
        rewrites its own copies in place, which keeps every secret where it was)."""
        history, events = self.history, self.events
        found = self.marks
        if (
            found is not None
            and found.history is history
            and found.events is events
            and found.lengths == (len(history), len(events))
        ):
            return found
        sheet_actions: list[int] = []
        for i in range(len(history) - 1, -1, -1):
            if not isinstance(history[i][1], Sheet):
                break
            sheet_actions.append(i)
        sheet_events: list[int] = []
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if isinstance(e, ev.SheetWritten):
                sheet_events.append(i)
            elif isinstance(e, (ev.RaceCalled, ev.StableDrawn)):
                break
        self.marks = found = Marks(
            history,
            events,
            (len(history), len(events)),
            sheet_actions,
            sheet_events,
            [
                (i, p, a.bet == DOUBLE, isinstance(a, PlaceBet))
                for i in range(len(history) - 1, -1, -1)
                for p, a in (history[i],)
                if isinstance(a, _BETTING)
            ],
            [
                (i, e.player, _bet_of(e) == DOUBLE, isinstance(e, SlipPlaced))
                for i in range(len(events) - 1, -1, -1)
                for e in (events[i],)
                if isinstance(e, _BETTING_EVENTS)
            ],
            {},
        )
        return found

    # -- JSON -------------------------------------------------------------------------------------

    def position_json(self) -> JSONObject:
        return POSITION.write(self.position())

    def position(self) -> WinPlaceShowPosition:
        """The position as its typed record (what ``position_json`` writes)."""
        race, flow = self.race, self.flow
        ids = [h.id for h in race.horses]

        def horse(h: int) -> str | None:
            return ids[h] if h >= 0 else None

        def seat(p: Player) -> Player | None:
            return p if p >= 0 else None

        return WinPlaceShowPosition(
            race=self.race_index + 1,
            phase=flow.phase,
            turn_of=seat(flow.turn),
            waiting=list(flow.waiting),
            money=list(self.money_),
            out=list(self.out),
            stables=list(self.stables),
            owners=[seat(o) for o in self.owner],
            jockeys=[seat(j) for j in self.jockey],
            asked=list(self.asked),
            request=None if self.request is None else (ids[self.request[0]], self.request[1]),
            lots=[ids[h] for h in self.lots],
            sheets=[list(s) for s in self.sheets],
            lines=[None if x is None else (x[0], list(x[1])) for x in self.lines],
            sale_at=self.sale_at,
            auction=None if self.auction is None else AuctionRecord.of(self.auction),
            slips=[SlipRecord.of(s) for s in self.pool.slips],
            doubles=[SlipRecord.of(s) for s in self.dd.slips],
            horses=[
                HorseOnTrack(
                    cell_name(self.cell[h]) if self._on_track(h) else "home",
                    self.lap[h],
                    self.spurt_used[h],
                )
                for h in range(6)
            ],
            spurting=self.spurting,
            turn=self.turn_no,
            dice=self.dice,
            movers=[ids[h] for h in self.movers],
            moving=horse(self.moving),
            crossed=[(ids[h], rank) for h, _, rank in self.crossed],
            finish=[ids[h] for h in self.finish],
            results=[[RACES[r].horses[h].id for h in o] for r, o in enumerate(self.results)],
            claims=[(p, ids[h], o, fault) for p, h, o, fault in self.claims],
            window=horse(self.window),
            fouls=[
                (ids[h], cell_name(went), cell_name(top), lost, list(faults))
                for h, went, top, lost, faults in self.fouls
            ],
            rulings={ids[h]: upheld for h, upheld in self.rulings.items()},
        )

    def _on_track(self, h: int) -> bool:
        return not self.gone[h]

    @classmethod
    def from_position(cls, game: WinPlaceShow, p: WinPlaceShowPosition) -> WinPlaceShowState:
        """The state (without history) of a position already read by ``POSITION.read``."""
        state = cls(game)
        state.race_index = p.race - 1
        race = state.race
        ids = [h.id for h in race.horses]

        def seat(x: Player | None) -> Player:
            return NOBODY if x is None else x

        state.flow.enter(p.phase, turn=seat(p.turn_of), waiting=p.waiting)
        state.money_ = list(p.money)
        state.out = list(p.out)
        state.stables = list(p.stables)
        state.owner = [seat(o) for o in p.owners]
        state.jockey = [seat(j) for j in p.jockeys]
        state.asked = list(p.asked)
        state.request = None if p.request is None else (ids.index(p.request[0]), p.request[1])
        state.lots = [ids.index(h) for h in p.lots]
        state.sheets = [list(s) for s in p.sheets]
        state.lines = [None if x is None else (x[0], tuple(x[1])) for x in p.lines]
        state.sale_at = p.sale_at
        state.auction = None if p.auction is None else p.auction.auction()
        state.pool.slips = [s.slip() for s in p.slips]
        state.dd.slips = [s.slip() for s in p.doubles]
        state.occupied = [False] * CELLS
        for h, horse in enumerate(p.horses):
            state.gone[h] = horse.cell == "home"
            state.cell[h] = 0 if horse.cell == "home" else parse_cell(horse.cell)
            if horse.cell != "home":
                state.occupied[state.cell[h]] = True
            state.lap[h] = horse.lap
            state.spurt_used[h] = horse.spurt_used
        state.spurting = p.spurting
        state.turn_no = p.turn
        state.dice = p.dice
        state.movers = [ids.index(h) for h in p.movers]
        state.moving = NOBODY if p.moving is None else ids.index(p.moving)
        state.crossed = [
            (ids.index(h), race.horses[ids.index(h)].veteran, rank) for h, rank in p.crossed
        ]
        state.finish = [ids.index(h) for h in p.finish]
        state.results = [
            [[x.id for x in RACES[r].horses].index(h) for h in order]
            for r, order in enumerate(p.results)
        ]
        state.claims = [(c, ids.index(h), o, fault) for c, h, o, fault in p.claims]
        state.window = NOBODY if p.window is None else ids.index(p.window)
        state.fouls = [
            (ids.index(h), parse_cell(w), parse_cell(b), lost, tuple(faults))
            for h, w, b, lost, faults in p.fouls
        ]
        state.rulings = {ids.index(h): upheld for h, upheld in p.rulings.items()}
        if state.flow.phase is RIDING_PHASE:
            state.ends = state.destinations_of(state.moving)
        return state


# -- helpers ----------------------------------------------------------------------------------------

_SHEETS: dict[Any, list[Any]] = {}
"""Each horse's written bids made so far, by amount from 0 (actions are values: made once)."""
_STAKES: dict[Any, list[Any]] = {}
"""Each line's stakes made so far, by amount from the unit."""
_LINES: dict[tuple[str, tuple[str, ...]], Line] = {}


_NO_CLAIM_ONLY: Final = (NO_CLAIM,)
_CLAIMS_FOR: dict[tuple[str, ...], tuple[Action, ...]] = {}


def _claims_for(faults: tuple[str, ...]) -> tuple[Action, ...]:
    """``no claim``, then a claim for each fault the move shows (§8), made once for each set."""
    found = _CLAIMS_FOR.get(faults)
    if found is None:
        found = _CLAIMS_FOR[faults] = (NO_CLAIM, *(CLAIMS[f] for f in faults))
    return found


_ANSWERS: Final = (ACCEPT, DECLINE)
_RULINGS: Final = (UPHOLD, REJECT)
"""The choices of a claim window, a jockey's answer and a ruling: the same every time."""


def _amounts(
    made: dict[Any, list[Any]], key: Any, *, low: Money, top: Money, unit: Money, make: Any
) -> list[Any]:
    """The actions ``make(key, amount)`` for every amount from ``low`` to ``top`` in steps of
    ``unit`` (bids in $500, stakes in $1,000), built once and kept in ``made[key]``."""
    found = made.setdefault(key, [])
    count = (top - low) // unit + 1 if top >= low else 0
    while len(found) < count:
        found.append(make(key, low + len(found) * unit))
    return found[:count]


def _sheet(horse: str, amount: Money) -> Sheet:
    """The bid ``amount`` (a multiple of the bid unit) on ``horse``: the very action ``_amounts``
    offers (``_SHEETS``)."""
    found: list[Sheet] = _SHEETS.setdefault(horse, [])
    while len(found) <= amount // BID_UNIT:
        found.append(Sheet(horse, len(found) * BID_UNIT))
    return found[amount // BID_UNIT]


def _stake(line: tuple[str, tuple[str, ...]], stake: Money) -> PlaceBet:
    return PlaceBet(line[0], line[1], stake)


_CHOICES: dict[tuple[int, tuple[str, ...]], tuple[Action, ...]] = {}
_DONE_ONLY: Final[tuple[Action, ...]] = (DONE,)


def _choices_for(race_index: int, kinds: tuple[str, ...]) -> tuple[Action, ...]:
    """``DONE``, then the lines a slip may begin in a race, for the kinds of bet still free: one
    horse each, and before race 1 any daily double (« Un joueur peut faire autant de DD qu'il le
    veut », « avant le début de la 1ère course »). Made once for each race and set of kinds."""
    found = _CHOICES.get((race_index, kinds))
    if found is None:
        ids = [h.id for h in RACES[race_index].horses]
        lines = [_line(kind, (hid,)) for kind in kinds for hid in ids]
        if race_index == 0:
            lines += [_line(DOUBLE, (a, b.id)) for a in ids for b in RACES[1].horses]
        found = _CHOICES[race_index, kinds] = (DONE, *lines)
    return found


def _line(kind: str, horses: tuple[str, ...]) -> Line:
    found = _LINES.get((kind, horses))
    if found is None:
        found = _LINES[kind, horses] = Line(kind, horses)
    return found


HOME_KEY: Final = 1 << 40
"""Home, beyond any progress on the oval (``ride_key``)."""


def ride_key(cell: int, ends: dict[int, int]) -> int:
    """How far a move ending on ``cell`` takes the horse (home beyond every square): the claim test
    compares a move with the best one by it (D21); the lane does not count."""
    if cell == HOME:
        return HOME_KEY
    return progress(cell, ends[cell])


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


BetMark = tuple[int, Player, bool, bool]
"""A bet or a line in the history or the events: its index, its seat, whether it is a daily
double, whether it is a bet (else the line that began one)."""


def _bet_of(e: Event) -> str | None:
    """The kind of bet of a betting event: a slip placed, or a line begun."""
    return e.kind if isinstance(e, SlipPlaced) else e.bet  # type: ignore[attr-defined]


@dataclass(slots=True)
class Marks:
    """Where a state's secrets lie in its history and events (``WinPlaceShowState._marks``):
    indices, latest first, read from ``history`` and ``events`` when they were ``lengths`` long."""

    history: list[tuple[Player, Action]]
    events: list[Event]
    lengths: tuple[int, int]
    sheet_actions: list[int]
    sheet_events: list[int]
    bet_actions: list[BetMark]
    bet_events: list[BetMark]
    plans: dict[Player, RedrawPlan]
    """What ``resample_for`` deals anew, by seat (``_redraw_plan``)."""


KIND_ORDERS: Final = tuple(permutations(KINDS))
"""The orders a seat's slip may take the kinds of bet in, one a slip (§10: a win, a place and a
show bet at most): a determinization draws one, as shuffling the kinds would."""


@dataclass(slots=True)
class Redraws:
    """What one hidden slip may be dealt anew as (``choices`` horses or pairs; a single bet's kind
    by the order of its seat's kinds), each new slip made when first drawn and kept."""

    slip: Slip
    place: int
    """The slip's place in its seat's order of kinds (``KIND_ORDERS``); -1: a daily double."""
    horses: tuple[tuple[str, ...], ...]
    choices: int
    made: list[Slip | None]

    @staticmethod
    def of_bet(slip: Slip, place: int, ids: tuple[str, ...]) -> Redraws:
        horses = tuple((h,) for h in ids)
        return Redraws(slip, place, horses, len(horses), [None] * (len(KIND_ORDERS) * len(horses)))

    @staticmethod
    def of_double(slip: Slip, firsts: tuple[str, ...], seconds: tuple[str, ...]) -> Redraws:
        horses = tuple((a, b) for a in firsts for b in seconds)
        return Redraws(slip, -1, horses, len(horses), [None] * len(horses))

    def redrawn(self, index: int) -> Slip:
        """The slip dealt as choice ``index`` (of a single bet: ``order * choices + horse``)."""
        found = self.made[index]
        if found is None:
            old = self.slip
            horses = self.horses[index % self.choices]
            kind = DOUBLE if self.place < 0 else KIND_ORDERS[index // self.choices][self.place]
            found = self.made[index] = Slip(old.number, old.player, kind, horses, old.stake)
        return found


@dataclass(slots=True)
class LineRedraws:
    """What a seat's line begun may be dealt anew as: a daily double's pair, or a single bet's
    horse with the kind its seat's order of kinds gives the next slip."""

    double: bool
    place: int
    horses: tuple[tuple[str, ...], ...]
    choices: int
    made: list[tuple[str, tuple[str, ...]] | None]

    @staticmethod
    def of_bet(place: int, ids: tuple[str, ...]) -> LineRedraws:
        horses = tuple((h,) for h in ids)
        return LineRedraws(
            False, place, horses, len(horses), [None] * (len(KIND_ORDERS) * len(horses))
        )

    @staticmethod
    def of_double(firsts: tuple[str, ...], seconds: tuple[str, ...]) -> LineRedraws:
        horses = tuple((a, b) for a in firsts for b in seconds)
        return LineRedraws(True, -1, horses, len(horses), [None] * len(horses))

    def line(self, index: int) -> tuple[str, tuple[str, ...]]:
        found = self.made[index]
        if found is None:
            horses = self.horses[index % self.choices]
            kind = DOUBLE if self.double else KIND_ORDERS[index // self.choices][self.place]
            found = self.made[index] = (kind, horses)
        return found


@dataclass(slots=True)
class SeatRedraw:
    """One seat's betting secrets dealt anew: its slips of the race (by their place in the pool's
    list), its daily doubles (in the other pool's), its line begun."""

    seat: Player
    shuffled: bool
    """Whether the seat's order of kinds is drawn (it has single bets or a single bet's line)."""
    bets: list[tuple[int, Redraws]]
    doubles: list[tuple[int, Redraws]]
    line: LineRedraws | None


@dataclass(slots=True)
class RedrawPlan:
    """What ``resample_for`` deals anew for one seat, from how many choices each: the bids of the
    other sheets (seat, bids from 0 to ``bound - 1`` units, how many), then each seat's betting.
    Every choice is a digit of one number drawn below ``choices`` (``engine.sampling``): uniform
    and independent, as drawing each alone."""

    money: list[Money]
    choices: int
    bits: int
    sheets: list[tuple[Player, int, int]]
    seats: list[SeatRedraw]


@dataclass(slots=True)
class Redrawn:
    """The secrets a determinization was dealt, to rewrite its history and events when first read
    (``State.rewrite_later``): each other seat's new bids, its new slips (daily double or not), its
    new line begun; ``marks`` say where the secrets lie in both."""

    marks: Marks
    sheets: dict[Player, list[Money]]
    slips: list[tuple[bool, Slip]]
    lines: list[tuple[Player, tuple[str, tuple[str, ...]]]]

    def history(self, history: list[tuple[Player, Action]]) -> None:
        marks = self.marks
        if self.sheets:
            counts = {p: len(b) for p, b in self.sheets.items()}
            for i in marks.sheet_actions:
                p, action = history[i]
                if p in counts:
                    assert isinstance(action, Sheet)
                    counts[p] -= 1
                    history[i] = (p, _sheet(action.horse, self.sheets[p][counts[p]]))
        if self.slips or self.lines:
            _rewrite_bets(
                history, marks.bet_actions, self.slips, self.lines, bet=_bet_entry, line=_line_entry
            )

    def events(self, events: list[Event]) -> None:
        marks = self.marks
        if self.sheets:
            counts = {p: len(b) for p, b in self.sheets.items()}
            for i in marks.sheet_events:
                e = events[i]
                assert isinstance(e, ev.SheetWritten)
                if e.player in counts and counts[e.player] > 0:
                    counts[e.player] -= 1
                    events[i] = ev.SheetWritten(
                        e.player, e.horse, self.sheets[e.player][counts[e.player]]
                    )
        if self.slips or self.lines:
            _rewrite_bets(
                events, marks.bet_events, self.slips, self.lines, bet=_bet_event, line=_line_event
            )


def _bet_entry(entry: Any, slip: Slip) -> Any:
    return (entry[0], PlaceBet(slip.kind, slip.horses, slip.stake))


def _line_entry(entry: Any, kind: str, horses: tuple[str, ...]) -> Any:
    return (entry[0], _line(kind, horses))


def _bet_event(e: Any, slip: Slip) -> Any:
    return SlipPlaced(
        e.player, e.number, slip.kind, slip.horses, e.stake, e.paid, e.hidden, e.hides
    )


def _line_event(e: Any, kind: str, horses: tuple[str, ...]) -> Any:
    return ev.LineStarted(e.player, kind, horses)


_BETTING: Final = (PlaceBet, Line)
_BETTING_EVENTS: Final = (SlipPlaced, ev.LineStarted)


def _rewrite_bets(
    items: list[Any],
    marks: list[BetMark],
    slips: list[tuple[bool, Slip]],
    lines: list[tuple[Player, tuple[str, tuple[str, ...]]]],
    *,
    bet: Callable[[Any, Slip], Any],
    line: Callable[[Any, str, tuple[str, ...]], Any],
) -> None:
    """Keep the history or the events (``items``) of a determinization in step with its resampled
    slips, walking back over ``marks`` (its bets and lines, latest first): each seat's latest bets
    are its latest slips of each pool, each preceded by the line that began it; a seat's pending
    line is its latest line. ``bet(item, slip)`` and ``line(item, kind, horses)``: the item
    rewritten. Stops when nothing is left to rewrite: the rest of the record stays as it is."""
    left: dict[tuple[int, bool], list[Slip]] = {}
    for double, slip in sorted(slips, key=lambda x: x[1].number):
        left.setdefault((slip.player, double), []).append(slip)
    pending = dict(lines)
    awaiting: dict[int, Slip] = {}
    to_do = set(pending)
    queued = len(slips)
    for i, q, double, is_bet in marks:
        if not queued and not to_do and not awaiting:
            break
        item = items[i]
        if is_bet:
            queue = left.get((q, double))
            if queue:
                slip = queue.pop()
                queued -= 1
                items[i] = bet(item, slip)
                awaiting[q] = slip
        elif q in to_do:
            to_do.discard(q)
            kind, horses = pending[q]
            items[i] = line(item, kind, horses)
        elif q in awaiting and (awaiting[q].kind == DOUBLE) == double:
            slip = awaiting.pop(q)
            items[i] = line(item, slip.kind, slip.horses)


__all__ = ["LANE", "Phase", "WinPlaceShow", "WinPlaceShowOptions", "WinPlaceShowState"]
