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

The rules are split along the rulebook: ``core`` (the position and the material's constants),
``sale`` (§9, §12), ``betting`` (§10 with the jockeys, §11), ``course`` (§6, §7), ``claims`` (§8,
with the steward's rulings), ``redeal`` (the secrets dealt anew for the search) and ``position``
(the position document). This module assembles them: the game, its options, and the state's protocol
(who acts, the legal actions, applying one, what each seat sees, the position).
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import Bid, Pass, TieLot
from hippodrome.engine.auction_record import AuctionRecord
from hippodrome.engine.errors import IllegalActionError, OptionsError, message
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.i18n import grouped
from hippodrome.engine.options import GameOptions, Words, option
from hippodrome.engine.pool import PlaceBet, SlipRecord
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show import length
from hippodrome.games.win_place_show.actions import (
    NO_JOCKEY,
    SPURT,
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
from hippodrome.games.win_place_show.material import digest
from hippodrome.games.win_place_show.phases import DOUBLE, Phase
from hippodrome.games.win_place_show.position import POSITION, HorseOnTrack, WinPlaceShowPosition
from hippodrome.games.win_place_show.race import HOME, LANE, T

if TYPE_CHECKING:
    import random
from hippodrome.games.win_place_show.betting import ANSWERS, STAKES, stake_bet
from hippodrome.games.win_place_show.claims import (
    NO_CLAIM_ONLY,
    RULINGS,
    ClaimRules,
    claims_for,
    ride_key,
)
from hippodrome.games.win_place_show.core import (
    ANSWER_KIND,
    ANSWER_PHASE,
    BET_UNIT,
    BETTING_PHASE,
    BID_UNIT,
    BIDDING_PHASE,
    CELLS,
    CLAIM_KIND,
    CLAIM_PHASE,
    DICE_KIND,
    DICE_OUTCOMES,
    DICE_PHASE,
    DICE_SUMS,
    DONE_KIND,
    DOUBLE_MAX,
    IDS,
    JOCKEY_KIND,
    JOCKEY_PHASE,
    LINE_KIND,
    LOT_PHASE,
    NO_JOCKEY_KIND,
    OVER_PHASE,
    PLACE_BET_KIND,
    PLACES_PAID,
    RACES,
    RIDE_KIND,
    RIDE_OF,
    RIDING_PHASE,
    RULING_KIND,
    RULING_PHASE,
    SALE_PHASES,
    SHEET_KIND,
    SHEET_PHASE,
    SPURT_KIND,
    STABLE_KIND,
    STABLE_PHASE,
    VETERAN,
    M,
    amounts,
    bet_pays,
    new_pool,
    sale_order,
)
from hippodrome.games.win_place_show.redeal import (
    KIND_ORDERS,
    LineRedraws,
    Marks,
    Redrawn,
    RedrawPlan,
    Redraws,
    SeatRedraw,
    marks_of,
    redraw_plan,
    resample,
)
from hippodrome.games.win_place_show.sale import SHEETS


@mypyc_attr(native_class=False)  # compiled, a class may not derive from an interpreted one
@dataclass(frozen=True, kw_only=True)
class WinPlaceShowOptions(GameOptions):
    players: int = option(4, en="Number of players (2 to 6)", fr="Nombre de joueurs (2 à 6)")
    quick: bool = option(
        False,
        en=f"Quick version: ${grouped(M.quick_money, 'en')} each and a stable drawn by die",
        fr=f"Version rapide : {grouped(M.quick_money, 'fr')}\u00a0$ chacun et une écurie tirée au dé",
    )
    steward: int = option(
        0,
        en="Steward",
        fr="Responsable",
        help=Words(
            en="The player who holds the office and judges the claims; with nobody, the table keeps the books.",
            fr="Le joueur qui tient la charge et juge les réclamations ; sans lui, la table tient les comptes.",
        ),
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


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class WinPlaceShowState(ClaimRules):
    __slots__ = ()

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
            return amounts(SHEETS, horse, low=0, top=self.money_[player], unit=BID_UNIT, make=Sheet)
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
                return claims_for(self.fouls[-1][4])
            return NO_CLAIM_ONLY
        if phase is ANSWER_PHASE:
            return ANSWERS
        if phase is RULING_PHASE:
            return RULINGS
        if phase is BETTING_PHASE:
            line = self.lines[player]
            if line is not None:
                top = self._left_to_bet(player)
                if line[0] == DOUBLE:
                    top = min(top, DOUBLE_MAX)
                return amounts(STAKES, line, low=BET_UNIT, top=top, unit=BET_UNIT, make=stake_bet)
            return self._slip_choices(player)
        return []

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
                    "win_place_show.illegal.sheet_order",
                    horse=action.horse,
                    expected=message("win_place_show.illegal.horse", horse=expected),
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
                    horses=list(action.horses),
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
                squares=[self._cell(c) for c in sorted(self.ends)],
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

    @staticmethod
    def _spot(cell: int) -> JSONObject:
        """Where a move ends, in words: « on lane 3, square 41 », « across the finish line »."""
        if cell == HOME:
            return message("win_place_show.illegal.at_home")
        info = T.cells[cell]
        return message(
            "win_place_show.illegal.at_square", lane=info.lane + 1, square=info.index + 1
        )

    @staticmethod
    def _cell(cell: int) -> JSONObject:
        """A square a move may end on, in a list of them: « case 41 du couloir 3 »."""
        if cell == HOME:
            return message("win_place_show.illegal.cell_home")
        info = T.cells[cell]
        return message("win_place_show.illegal.cell", lane=info.lane + 1, square=info.index + 1)

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

    def resample_for(self, player: Player, rng: random.Random) -> WinPlaceShowState:
        """The other seats' secrets dealt anew (``redeal.resample``): the bids on their sheets
        while being written, and their slips and lines begun while the race that settles them is
        not over."""
        return resample(self, player, rng)

    def _redraw_plan(self, player: Player, marks: Marks) -> RedrawPlan | None:
        """What ``resample_for(player)`` deals anew (``redeal.redraw_plan``)."""
        return redraw_plan(self, player, marks)

    def _marks(self) -> Marks:
        """Where the secrets lie in the history and the events (``redeal.marks_of``)."""
        return marks_of(self)

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


__all__ = [
    "KIND_ORDERS",
    "LANE",
    "PLACES_PAID",
    "RACES",
    "VETERAN",
    "LineRedraws",
    "M",
    "Marks",
    "Phase",
    "RedrawPlan",
    "Redrawn",
    "Redraws",
    "SeatRedraw",
    "WinPlaceShow",
    "WinPlaceShowOptions",
    "WinPlaceShowState",
    "bet_pays",
    "new_pool",
    "ride_key",
    "sale_order",
]
