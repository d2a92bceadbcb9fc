"""Royal Turf's rules: the game and its state.

Section numbers (§1 to §4) are those of the seed, ``shared/seeds/003_901e410e4ee2266a.txt``:
§1 Préparation d'une course, §2 Paris, §3 Course, §4 Gains. Every decision taken where the seed is
silent is written in ``docs/rules/royal_turf.md`` with the test that pins it.

Squares are numbered in the running direction from the line (D1): square 1 lies just past it, square
33 just behind it, where the first horse drawn starts, the others behind it down to 27. A race is the
run to the line, then the whole lap, then the line again. The rules keep, for each horse, the squares
it still has to run (``to_go``): 34 to 40 on the start squares, 33 on square 1 once off, 1 on square 33
at the end of the lap; a move that would take it to 0 or below crosses the line (``to_go`` becomes 0
and the horse takes the next podium place). Only one horse stands on a square, so horses are kept
apart by the square they stand on (``SQUARE_AT``), which a horse on its start square shares with the
end of the lap.

The bets are slips of the engine's betting pool (``engine/pool.py``, ``new_pool``): each token a
slip whose stake is the token's value, paid for nothing (``paid`` False), from the tokens each seat
holds (``tokens``), never twice on one horse (``once_per_horse``), settled by the payout table by
place and units (``UnitsTable``), then the pace bonus and the last horse's charge, all told in Royal
Turf's own events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar, Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.pool import PlaceBet, Pool, Slip, UnitsTable, placings
from hippodrome.engine.pool_events import SlipPlaced
from hippodrome.engine.turnflow import Acts, Flow, FlowState, Phases, Step
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player
from hippodrome.games.royal_turf import events as ev
from hippodrome.games.royal_turf.actions import (
    BETS,
    DRAWS,
    MOVES,
    ROLLS,
    Bet,
    DrawCard,
    DrawLot,
    Move,
    Roll,
    parse_action,
)
from hippodrome.games.royal_turf.material import FACES, Material, digest, material

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random

    from hippodrome.games.royal_turf.position import RoyalTurfPosition

M: Final[Material] = material()
HORSES: Final = range(len(M.horses))
HORSE_IDS: Final = tuple(h.id for h in M.horses)
CARD_HORSE: Final = tuple(c.horse for c in M.cards)
CARD_VALUES: Final = tuple(c.values for c in M.cards)
ROLL_OUTCOMES: Final = tuple((ROLLS[f], M.face_probability(f)) for f in range(len(FACES)))
DIE: Final = tuple(ROLLS[FACES.index(face)] for face in M.die_faces)
"""One Roll per physical face (three heads): a uniform pick from it is a fair roll."""
DIE_SIZE: Final = len(DIE)
PACE_SQUARE: Final = M.pace_square
PACE_TO_GO: Final = M.pace_to_go
"""A horse with this many squares to go, or fewer, has reached or passed the pace square (16)."""
START_TO_GO: Final = tuple(M.start_to_go(square) for square in M.start_squares)
"""The squares to go from each start square, in draw order: 34 (square 33) to 40 (square 27)."""
MAX_TO_GO: Final = max(START_TO_GO)
SQUARE_AT: Final = tuple(M.square_at(to_go) for to_go in range(MAX_TO_GO + 1))
"""``SQUARE_AT[to_go]``: the square a horse with ``to_go`` squares still to run stands on."""
EMPTY: Final = -1
NONE: Final = -1
HORSE_INDEX: Final = {hid: h for h, hid in enumerate(HORSE_IDS)}
TOKEN: Final = "token"
"""The one kind of bet, a jeton-Paris on a horse (the pool's slip kind)."""
PAYOUTS: Final = UnitsTable(M.payouts)
"""§4: « En ligne: nombre de jetons-Paris totaux posés pour un cheval - En colonne: place du cheval
à l'arrivée », paid « à multiplier par la valeur du jeton pari »."""
MOVE_SETS: Final = tuple(
    tuple(MOVES[h] for h in HORSES if mask >> h & 1) for mask in range(1 << len(HORSES))
)
"""The moves of every set of horses, by its bit mask (``RoyalTurfState.movable``)."""


class Phase(IntEnum):
    DRAW = 0
    """§1: horse cards are drawn until the seven horses stand on squares 33 to 27."""
    LOT = 1
    """§2: the richest players are tied; the lot says who bets first."""
    BETTING = 2
    """§2: three times round the table, each player places a token."""
    RACING = 3
    """§3: roll the die, choose a horse that has not moved this round."""
    OVER = 4


PHASES: Final = Phases(
    Phase,
    {
        Phase.DRAW: Step(Acts.CHANCE, next=("lot", "betting")),
        Phase.LOT: Step(Acts.CHANCE, next=("betting",)),
        # §2: « chaque joueur, à tour de rôle, place un jeton-Paris », three times round the table.
        Phase.BETTING: Step(Acts.EACH, rounds=M.bets_per_race, next=("racing",)),
        # §3: « Il lance le dé, et choisit ensuite quel cheval avance »: the seat in turn rolls.
        Phase.RACING: Step(Acts.SEAT, rolls=True, next=("draw", "over")),
        Phase.OVER: Step(Acts.OVER),
    },
)
"""Who acts in each phase of Royal Turf (the engine's turn flow answers from it)."""


@mypyc_attr(native_class=False)  # compiled, a class may not derive from an interpreted one
@dataclass(frozen=True, kw_only=True)
class RoyalTurfOptions(GameOptions):
    players: int = option(3, en="Number of players (2 to 6)", fr="Nombre de joueurs (2 à 6)")
    zero_tokens: bool = option(
        False,
        en="Variant: each player also takes a 0-token (a bluff)",
        fr="Variante : on prend aussi les pions 0",
    )
    hidden_bets: bool = option(
        False,
        en="Variant: tokens are placed face down until the payout",
        fr="Variante : les jetons-Paris sont placés face cachée",
    )
    pace_bonus_any_place: bool = option(
        False,
        en="Pace bonus paid wherever the pace horse finishes, not only in the first three",
        fr="Bonus Pace payé quelle que soit la place du cheval, pas seulement dans les trois premiers",
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled (Ray) by a blank ``__new__``
class RoyalTurf(Game[RoyalTurfOptions]):
    id: ClassVar[str] = "royal_turf"
    titles: ClassVar[dict[str, str]] = {"en": "Royal Turf", "fr": "Royal Turf"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rules_version: ClassVar[int] = 3
    options_type: ClassVar[type[GameOptions]] = RoyalTurfOptions

    __slots__ = ("tokens",)
    tokens: tuple[int, ...]
    """The betting tokens each player takes before a race."""

    def __init__(self, options: RoyalTurfOptions) -> None:
        # Seed §1: « les jetons-Paris 1, 1 et 2 » (+ « les pions 0 » in the variant).
        tokens = M.standard_tokens + (M.variant_tokens if options.zero_tokens else ())
        self.tokens = tuple(sorted(tokens))
        super().__init__(options)

    @property
    def data_digest(self) -> str:
        return digest()

    def new_initial_state(self) -> RoyalTurfState:
        return RoyalTurfState.initial(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.num_players, self.tokens)

    def action_catalogue(self) -> Sequence[Action]:
        """The 7 moves, then a bet of every token value on every horse (seed §2, §3)."""
        return [*MOVES, *(BETS[key] for key in sorted(BETS))]

    def position_from_json(self, position: JSONObject) -> RoyalTurfState:
        from hippodrome.games.royal_turf.position import POSITION  # noqa: PLC0415 (imports rules)

        return RoyalTurfState.from_position(self, POSITION.read(position, self))

    def position_schema(self) -> JSONObject:
        from hippodrome.games.royal_turf.position import POSITION  # noqa: PLC0415 (imports rules)

        return POSITION.schema(self, title="Royal Turf position")


def new_pool(game: RoyalTurf) -> Pool:
    """A race's bets: the engine's pool, its slips the tokens placed (seed §2)."""
    return Pool(
        {TOKEN: 1},
        minimum=min(game.tokens),
        paid=False,  # tokens cost nothing when placed: §4 pays or charges them after the race
        # « Variante - les jetons Paris sont placés face cachée (bluff!) »: the value, not the horse
        hidden=game.options.hidden_bets,
        tokens=game.tokens,  # §1: « Chacun prend les jetons-Paris 1, 1 et 2 » (+ « les pions 0 »)
        per_seat=M.bets_per_race,  # §2: « Trois fois de suite, chacun va parier un jeton-Paris »
        once_per_horse=True,  # §2: « Un joueur ne peut pas parier deux fois sur le même cheval »
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class RoyalTurfState(FlowState[RoyalTurf]):
    __slots__ = (
        "card_of",
        "last",
        "money_",
        "movable",
        "moved",
        "occupant",
        "pace",
        "podium",
        "pool",
        "race",
        "result",
        "rolled",
        "to_go",
        "unmoved",
    )

    def __init__(self, game: RoyalTurf) -> None:
        super().__init__(game)
        self.race = 1
        self.flow: Flow[Phase] = Flow(PHASES, Phase.DRAW, game.num_players)
        self.flow.round = 1
        self.money_: list[Money] = [0] * game.num_players
        """Seed, But du jeu: the richest after three races wins; nobody starts with money."""
        self.card_of: list[int] = [NONE] * len(HORSES)
        self.to_go: list[int] = [NONE] * len(HORSES)
        """Squares each horse still has to run to the line; 0 once across, NONE before it is drawn."""
        self.occupant: list[int] = [EMPTY] * (M.squares + 1)
        """The horse on each square (``SQUARE_AT``), or EMPTY."""
        self.moved: list[bool] = [False] * len(HORSES)
        self.movable = 0
        """The horses that may move this round, one bit each: on the track (``to_go`` above 0) and
        not moved yet. The race's legal moves are ``MOVE_SETS[movable]``, kept up to date move by
        move rather than worked out at every decision."""
        self.podium: list[int] = []
        self.last = NONE
        self.pace = NONE
        self.pool = new_pool(game)
        """The race's bets, one slip a token (seed §2)."""
        self.rolled = NONE
        """The face rolled and not yet played, or NONE when the die is to be rolled."""
        self.unmoved = len(HORSES)
        """Horses still on the track that have not moved this round."""
        self.result: tuple[int, tuple[int, ...], int, int] | None = None
        """The last race run (race, podium, last horse, pace horse or NONE), kept on show after the
        board is cleared until the next race is off (D10)."""

    @property
    def bets(self) -> list[tuple[Player, int, int]]:
        """The race's bets as (player, horse, token), in the order placed: the pool's slips."""
        return [(s.player, HORSE_INDEX[s.horses[0]], s.stake) for s in self.pool.slips]

    @property
    def hands(self) -> list[list[int]]:
        """The tokens each player still holds, lowest first."""
        return [self.pool.hand(p) for p in range(self.game.num_players)]

    # The flow holds the phase, whose turn it is, who began the betting and the round; these names
    # are the position's (and its reader's).

    @property
    def phase(self) -> Phase:
        phase: Phase = self.flow.phase
        return phase

    @phase.setter
    def phase(self, value: Phase) -> None:
        self.flow.resume(value, turn=self.flow.turn, first=self.flow.first)

    @property
    def turn(self) -> Player:
        return self.flow.turn

    @turn.setter
    def turn(self, value: Player) -> None:
        f = self.flow
        f.resume(f.phase, turn=value, first=f.first, acted=f.acted, pending=f.pending)

    @property
    def first_player(self) -> Player:
        """§2: who bets first (the richest, or the lot); he also starts the race."""
        return self.flow.first

    @first_player.setter
    def first_player(self, value: Player) -> None:
        self.flow.first = value

    @property
    def round(self) -> int:
        return self.flow.round

    @round.setter
    def round(self, value: int) -> None:
        self.flow.round = value

    @classmethod
    def initial(cls, game: RoyalTurf) -> RoyalTurfState:
        state = cls(game)
        state.events.append(ev.RaceStarted(1))
        return state

    def clone(self) -> RoyalTurfState:
        new = RoyalTurfState.__new__(RoyalTurfState)
        new.game = self.game
        self._copy_record(new)
        new.race = self.race
        new.flow = self.flow.copy()
        new.money_ = self.money_.copy()
        new.card_of = self.card_of.copy()
        new.to_go = self.to_go.copy()
        new.occupant = self.occupant.copy()
        new.moved = self.moved.copy()
        new.movable = self.movable
        new.podium = self.podium.copy()
        new.last = self.last
        new.pace = self.pace
        new.pool = self.pool.copy()
        new.rolled = self.rolled
        new.unmoved = self.unmoved
        new.result = self.result
        return new

    # -- who acts: the flow (PHASES) answers ---------------------------------------------------------

    def _sync_chance(self) -> None:
        """Put the flow where a loaded position says the game is (the position reader's last step)."""
        flow = self.flow
        flow.resume(
            flow.phase,
            turn=flow.turn,
            first=flow.first,
            acted=len(self.pool.slips) if flow.phase is Phase.BETTING else 0,
            pending=self.rolled < 0,
        )

    def has_hidden_information(self) -> bool:
        return self.game.options.hidden_bets

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.flow.phase
        if phase is Phase.RACING and self.rolled < 0:
            return ROLL_OUTCOMES
        if phase is Phase.DRAW:
            cards = self._drawable_cards()
            return [(DRAWS[c], 1.0 / len(cards)) for c in cards]
        if phase is Phase.LOT:
            tied = self._richest()
            return [(DrawLot(p), 1.0 / len(tied)) for p in tied]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        if self.flow.phase is Phase.RACING:
            return DIE[int(rng.random() * DIE_SIZE)]
        return super().sample_chance(rng)

    def _drawable_cards(self) -> list[int]:
        # Seed §1 draws from the top of the shuffled deck until seven different horses are out; a
        # card of a horse already placed goes back to the pile. The next *new* horse's card is
        # therefore uniform over the cards of the horses still to place: that is the chance node.
        card_of = self.card_of
        return [c for c, h in enumerate(CARD_HORSE) if card_of[h] < 0]

    def _movable(self) -> int:
        """The horses on the track that have not moved this round, as ``movable`` keeps them."""
        to_go, moved = self.to_go, self.moved
        return sum(1 << h for h in HORSES if to_go[h] > 0 and not moved[h])

    def _richest(self) -> list[Player]:
        top = max(self.money_)
        return [p for p, m in enumerate(self.money_) if m == top]

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        phase = self.flow.phase
        if phase is Phase.RACING:
            return MOVE_SETS[self.movable]
        if phase is Phase.BETTING:
            # §2: one of the tokens still held, on a horse not yet backed (the pool's rules)
            pool = self.pool
            taken = {HORSE_INDEX[s.horses[0]] for s in pool.slips if s.player == player}
            return [
                BETS[t, h] for t in sorted(set(pool.hand(player))) for h in HORSES if h not in taken
            ]
        return []

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        phase = self.phase
        if player == CHANCE:
            if isinstance(action, DrawCard) and self.card_of[CARD_HORSE[action.card]] >= 0:
                return IllegalActionError(
                    "royal_turf.illegal.horse_placed", horse=HORSE_IDS[CARD_HORSE[action.card]]
                )
            return IllegalActionError("royal_turf.illegal.not_an_outcome", action=str(action))
        if isinstance(action, Bet):
            if phase is not Phase.BETTING:
                return IllegalActionError("royal_turf.illegal.bets_closed")
            # The pool's refusals (pool.illegal.same_horse, .token), told in Royal Turf's words.
            if self.pool.names(player, HORSE_IDS[action.horse]):
                return IllegalActionError(
                    "royal_turf.illegal.same_horse", horse=HORSE_IDS[action.horse]
                )
            held = self.pool.hand(player)
            if action.token not in held:
                return IllegalActionError(
                    "royal_turf.illegal.no_token", token=action.token, tokens=held
                )
        if isinstance(action, Move):
            if phase is not Phase.RACING:
                return IllegalActionError("royal_turf.illegal.not_racing")
            horse = HORSE_IDS[action.horse]
            if self.to_go[action.horse] == 0:
                return IllegalActionError("royal_turf.illegal.horse_arrived", horse=horse)
            if self.moved[action.horse]:
                return IllegalActionError("royal_turf.illegal.horse_moved", horse=horse)
        if isinstance(action, Roll | DrawCard | DrawLot):
            return IllegalActionError("royal_turf.illegal.chance_action", action=str(action))
        if phase is Phase.BETTING:
            return IllegalActionError("royal_turf.illegal.betting_now")
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- what happens -----------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        kind = type(action)
        if kind is Roll:
            self.rolled = action.face  # type: ignore[attr-defined]
            self.flow.rolled()
            self._events.append(ev.DieRolled(self.flow.turn, FACES[self.rolled]))
            return
        if kind is Move:
            self._move(player, action.horse)  # type: ignore[attr-defined]
        elif kind is Bet:
            self._bet(player, action.token, action.horse)  # type: ignore[attr-defined]
        elif kind is DrawCard:
            self._place(action.card)  # type: ignore[attr-defined]
        elif kind is DrawLot:
            self._open_betting(action.player, by_lot=True)  # type: ignore[attr-defined]
        else:  # pragma: no cover - apply() validates; apply_unchecked trusts its caller
            raise TypeError(f"not a Royal Turf action: {action!r}")

    def _place(self, card: int) -> None:
        # §1: the first horse drawn goes on square 33, « juste derrière la ligne de départ », the
        # next on 32 behind it, ... down to 27 (D1).
        horse = CARD_HORSE[card]
        placed = sum(1 for c in self.card_of if c >= 0)
        square = M.start_squares[placed]
        self.card_of[horse] = card
        self.to_go[horse] = START_TO_GO[placed]
        self.movable |= 1 << horse
        self.occupant[square] = horse
        self._events.append(ev.CardDrawn(HORSE_IDS[horse], M.cards[card].number, square))
        if placed + 1 == len(HORSES):
            # §2: « Le plus riche commence à parier, on tire au sort en cas d'égalité. »
            richest = self._richest()
            if len(richest) == 1:
                self._open_betting(richest[0], by_lot=False)
            else:
                self.flow.enter(Phase.LOT)

    def _open_betting(self, first: Player, *, by_lot: bool) -> None:
        self.flow.enter(Phase.BETTING, turn=first)
        self._events.append(ev.FirstBettor(first, by_lot))

    def _bet(self, player: Player, token: int, horse: int) -> None:
        # §2: three times in turn, each player bets one token, each on a different horse: a slip
        # of the pool, told as Royal Turf's BetPlaced.
        for placed in self.pool.place(player, SLIPS[token, horse]):
            assert type(placed) is SlipPlaced and placed.horses is not None
            self._events.append(ev.BetPlaced(placed.player, placed.horses[0], token, placed.hidden))
        flow = self.flow
        if not flow.advance():
            # §3: « Le joueur ayant commencé à parier joue en premier ».
            flow.enter(Phase.RACING, turn=flow.first)
            self.rolled = NONE
            self.result = None  # the previous race's result leaves the board as this one starts
            self._events.append(ev.RaceOff(flow.turn))

    def landing(self, horse: int) -> int:
        """The squares ``horse`` would still have to run if moved now, once the die is rolled (0: it
        crosses the line). The move itself and the board's preview both ask this."""
        # §3: the horse moves the number of squares its card shows beside the symbol rolled.
        start = self.to_go[horse]
        end = start - CARD_VALUES[self.card_of[horse]][self.rolled]
        if end <= 0:
            return 0
        # §3: « Un seul cheval étant autorisé par case, la longueur du déplacement est diminuée
        # d'autant de cases nécessaires [...] (même jusqu'à 0 case!) »
        occupant = self.occupant
        while end < start and occupant[SQUARE_AT[end]] != EMPTY:
            end += 1
        return end

    def _move(self, player: Player, horse: int) -> None:
        rolled = CARD_VALUES[self.card_of[horse]][self.rolled]
        start = self.to_go[horse]
        end = self.landing(horse)
        occupant = self.occupant
        events = self.events
        hid = HORSE_IDS[horse]
        occupant[SQUARE_AT[start]] = EMPTY
        if end == 0:
            self.podium.append(horse)
        else:
            occupant[SQUARE_AT[end]] = horse
        self.to_go[horse] = end
        self.moved[horse] = True
        self.movable &= ~(1 << horse)
        events.append(ev.HorseMoved(player, hid, rolled, SQUARE_AT[start], SQUARE_AT[end]))
        if end > 0 and start - end < rolled:
            events.append(ev.HorseBlocked(hid, rolled, start - end))
        # §3 Case Pace: the first horse to reach or pass square 18 on its lap takes the pace token.
        if self.pace < 0 and end <= PACE_TO_GO:
            self.pace = horse
            events.append(ev.PaceTaken(hid))
        if end == 0:
            events.append(ev.HorseArrived(hid, len(self.podium)))
            if len(self.podium) == 3:
                self._finish_race()
                return
        # §3: « Quand les 7 chevaux ont avancé, on recolle les cartes-chevaux au plateau ».
        self.unmoved -= 1
        if self.unmoved == 0:
            self.moved = [False] * len(HORSES)
            self.unmoved = len(HORSES) - len(self.podium)
            self.movable = self._movable()
            self.flow.new_round()
        self.flow.next_turn()
        self.rolled = NONE

    def _finish_race(self) -> None:
        # §3 Arrivée: the race stops as the third horse crosses; the rearmost horse, the one with
        # the most squares still to run, is last.
        to_go = self.to_go
        self.last = max((h for h in HORSES if to_go[h] > 0), key=lambda h: to_go[h])
        first, second, third = (HORSE_IDS[h] for h in self.podium)
        self._events.append(ev.RaceFinished(self.race, first, second, third, HORSE_IDS[self.last]))
        self.result = (self.race, tuple(self.podium), self.last, self.pace)
        self._settle()
        if self.race == M.races:
            flow = self.flow  # the position keeps the last race's turn and first bettor
            flow.resume(Phase.OVER, turn=flow.turn, first=flow.first)
            self.rolled = NONE
            outcome = self.outcome()
            self._events.append(ev.GameOver(outcome.winners, self.money_[outcome.winners[0]]))
        else:
            self._next_race()

    def _settle(self) -> None:
        """§4 Gains: the payout table, the pace bonus, then the last horse's penalty, each settled
        by the pool and told in Royal Turf's events."""
        events, money, pool = self.events, self.money_, self.pool
        if self.game.options.hidden_bets:
            events.append(ev.BetsRevealed(self.race))  # « On révèle les jetons-Paris »
            events.extend(ev.BetRevealed(s.player, s.horses[0], s.stake) for s in pool.slips)
        # §4: « Dans le tableau: les gains [...] à multiplier par la valeur du jeton pari. A la 3e
        # course, les gains sont doublés ! »
        placing = placings([HORSE_IDS[h] for h in self.podium])
        times = M.final_race_multiplier if self.race == M.races else 1
        units = pool.units()
        for paid in pool.settle_fixed(PAYOUTS.pays(pool, placing, times=times)):
            slip = pool.slips[paid.number - 1]
            money[paid.player] += paid.amount
            hid = slip.horses[0]
            events.append(
                ev.BetWon(paid.player, hid, placing(slip), slip.stake, units[hid], paid.amount)
            )
        # §4: « Si le cheval a le jeton Pace, chaque joueur ayant parié sur lui gagne 100 de plus »:
        # « le cheval » is the one just looked up in the table by its place, and « de plus » adds to
        # its winnings there, so the bonus needs a place in the first three (D13).
        pace_paid = self.pace in self.podium or self.game.options.pace_bonus_any_place
        pace = (HORSE_IDS[self.pace],) if self.pace >= 0 and pace_paid else ()
        for paid in pool.settle_fixed(
            lambda s: M.pace_per_unit * s.stake if s.horses == pace else 0
        ):
            slip = pool.slips[paid.number - 1]
            money[paid.player] += paid.amount
            events.append(ev.PaceBonus(paid.player, slip.horses[0], slip.stake, paid.amount))
        # §4: « Chaque joueur ayant misé sur le dernier cheval doit payer à la banque 100 (pour un
        # pari de 1) ou 200 (pour un pari de 2). Si un joueur n'a pas assez, il paie ce qu'il peut. »
        last = (HORSE_IDS[self.last],)
        for charged in pool.settle_charges(
            lambda s: M.last_penalty_per_unit * s.stake if s.horses == last else 0, money
        ):
            slip = pool.slips[charged.number - 1]
            money[charged.player] -= charged.paid
            events.append(
                ev.LastHorsePenalty(
                    charged.player, slip.horses[0], slip.stake, charged.due, charged.paid
                )
            )

    def _next_race(self) -> None:
        # « Nouvelle course: On recommence à la phase 1, après avoir mélangé toutes les cartes. »
        self.race += 1
        self.flow.enter(Phase.DRAW)
        self.flow.round = 1
        self.card_of = [NONE] * len(HORSES)
        self.to_go = [NONE] * len(HORSES)
        self.occupant = [EMPTY] * (M.squares + 1)
        self.moved = [False] * len(HORSES)
        self.movable = 0
        self.podium = []
        self.last = NONE
        self.pace = NONE
        self.pool = new_pool(self.game)  # « on recommence à la phase 1 »: every token back in hand
        self.rolled = NONE
        self.unmoved = len(HORSES)
        self._events.append(ev.RaceStarted(self.race))

    # -- how it ends ------------------------------------------------------------------------------

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def outcome(self) -> Outcome:
        if not self.flow.over:
            raise ValueError("the game is not over")
        return Outcome.from_money(self.money_)

    # -- what each seat sees ----------------------------------------------------------------------

    def _token_visible(self, owner: Player, viewer: Player | None) -> bool:
        return not self.game.options.hidden_bets or viewer == owner or self.phase is Phase.OVER

    def observation(self, player: Player | None) -> JSONObject:
        horses: list[JSON] = []
        for h in HORSES:
            card = self.card_of[h]
            horses.append(
                {
                    "id": HORSE_IDS[h],
                    "square": SQUARE_AT[self.to_go[h]] if self.to_go[h] >= 0 else None,
                    "to_go": self.to_go[h] if self.to_go[h] >= 0 else None,
                    "card": None if card < 0 else M.cards[card].number,
                    "values": None
                    if card < 0
                    else dict(zip(FACES, CARD_VALUES[card], strict=True)),
                    "moved": self.moved[h],
                    "place": self.podium.index(h) + 1 if h in self.podium else None,
                }
            )
        bets: list[JSON] = [
            {
                "player": s.player,
                "horse": s.horses[0],
                "token": s.stake if self._token_visible(s.player, player) else None,
            }
            for s in self.pool.slips
        ]
        hands: list[JSON] = [
            sorted(hand) if self._token_visible(p, player) else len(hand)
            for p, hand in enumerate(self.hands)
        ]
        chance: str | None = None
        if self.is_chance_node():
            chance = {Phase.DRAW: "draw", Phase.LOT: "lot", Phase.RACING: "roll"}[self.phase]
        return {
            "game": self.game.id,
            "viewer": player,
            "race": self.race,
            "races": M.races,
            "phase": self.phase.name.lower(),
            "round": self.round,
            "chance": chance,
            "active": list(self.active_players()),
            "turn": self.turn if self.turn >= 0 else None,
            "first_player": self.first_player if self.first_player >= 0 else None,
            "rolled": FACES[self.rolled] if self.rolled >= 0 else None,
            "money": list(self.money_),
            "horses": horses,
            "pace": {
                "square": M.pace_square,
                "horse": HORSE_IDS[self.pace] if self.pace >= 0 else None,
            },
            "podium": [HORSE_IDS[h] for h in self.podium],
            "last": HORSE_IDS[self.last] if self.last >= 0 else None,
            "result": self._result_json(),
            "bets": bets,
            "hands": hands,
            # The pool's view of the same bets, as every game that bets shows them (a token's
            # value hidden from the other seats in the variant until the game is over).
            "pool": self.pool.view(player, revealed=self.phase is Phase.OVER),
            "hidden_bets": self.game.options.hidden_bets,
            "pace_bonus_any_place": self.game.options.pace_bonus_any_place,
            "landings": self._landings(),
        }

    def _result_json(self) -> JSON:
        """The last race run, shown until the next race is off: its podium, last and pace horses."""
        if self.result is None:
            return None
        race, podium, last, pace = self.result
        return {
            "race": race,
            "podium": [HORSE_IDS[h] for h in podium],
            "last": HORSE_IDS[last],
            "pace": HORSE_IDS[pace] if pace >= 0 else None,
        }

    def _landings(self) -> dict[str, JSON]:
        """Where each horse that may move now would land, for the board to preview: ``{horse id:
        {start, end, rolled, moved, place}}``, squares (``end`` 0 and ``place`` its place when it
        would cross the line). Empty until the die is rolled."""
        if self.phase is not Phase.RACING or self.rolled < 0 or self.is_chance_node():
            return {}
        previews: dict[str, JSON] = {}
        for move in self.legal_actions(self.turn):
            assert isinstance(move, Move)
            h = move.horse
            start, end = self.to_go[h], self.landing(h)
            rolled = CARD_VALUES[self.card_of[h]][self.rolled]
            previews[HORSE_IDS[h]] = {
                "start": SQUARE_AT[start],
                "end": SQUARE_AT[end],
                "rolled": rolled,
                "moved": rolled if end == 0 else start - end,
                "place": len(self.podium) + 1 if end == 0 else None,
            }
        return previews

    def resample_for(self, player: Player, rng: random.Random) -> RoyalTurfState:
        """Deal the face-down tokens of the other players anew, consistent with what ``player`` saw."""
        state = self.clone()
        if not self.game.options.hidden_bets or self.phase is Phase.OVER:
            return state
        changed: dict[int, int] = {}
        slips = state.pool.slips
        for other in range(self.game.num_players):
            if other == player:
                continue
            placed = [i for i, s in enumerate(slips) if s.player == other]
            tokens = list(self.game.tokens)
            rng.shuffle(tokens)
            # the tokens left in hand are the others: the pool's ``hand`` follows the slips
            for i, token in zip(placed, tokens, strict=False):
                slips[i] = replace(slips[i], stake=token)
                changed[i] = token
        # Keep the history consistent with the dealt tokens (it is part of the state).
        bet_index = -1
        race_start = max(
            (i for i, (_, a) in enumerate(state.history) if isinstance(a, DrawCard)), default=0
        )
        for i in range(race_start, len(state.history)):
            p, action = state.history[i]
            if isinstance(action, Bet):
                bet_index += 1
                if bet_index in changed:
                    state.history[i] = (p, BETS[changed[bet_index], action.horse])
        state.events = [e.seen_by(player) for e in state.events]
        return state

    # -- JSON -------------------------------------------------------------------------------------

    def position_json(self) -> JSONObject:
        from hippodrome.games.royal_turf.position import POSITION  # noqa: PLC0415 (imports rules)

        return POSITION.write(self.position())

    def position(self) -> RoyalTurfPosition:
        """The position as its typed record (what ``position_json`` writes)."""
        from hippodrome.games.royal_turf.position import (  # noqa: PLC0415 (imports rules)
            HorseRecord,
            ResultRecord,
            RoyalTurfPosition,
        )

        horses: dict[str, HorseRecord] = {}
        for h in HORSES:
            card = self.card_of[h]
            horses[HORSE_IDS[h]] = HorseRecord(
                card=None if card < 0 else M.cards[card].number,
                to_go=None if self.to_go[h] < 0 else self.to_go[h],
                moved=self.moved[h],
            )
        return RoyalTurfPosition(
            race=self.race,
            phase=self.phase,
            round=self.round,
            money=list(self.money_),
            horses=horses,
            podium=[HORSE_IDS[h] for h in self.podium],
            last=HORSE_IDS[self.last] if self.last >= 0 else None,
            pace=HORSE_IDS[self.pace] if self.pace >= 0 else None,
            bets=[(s.player, s.horses[0], s.stake) for s in self.pool.slips],
            hands=self.hands,
            first_player=self.first_player if self.first_player >= 0 else None,
            turn=self.turn if self.turn >= 0 else None,
            rolled=FACES[self.rolled] if self.rolled >= 0 else None,
            result=None if self.result is None else ResultRecord.of(self.result),
        )

    @classmethod
    def from_position(cls, game: RoyalTurf, position: RoyalTurfPosition) -> RoyalTurfState:
        """The state (without history) of a position already validated by ``POSITION.read``."""
        state = cls(game)
        state.race = position.race
        state.phase = position.phase
        state.round = position.round
        state.money_ = list(position.money)
        for hid, horse in position.horses.items():
            h = HORSE_IDS.index(hid)
            if horse.card is not None:
                state.card_of[h] = CARD_OF[h, horse.card]
            if horse.to_go is not None:
                state.to_go[h] = horse.to_go
                if horse.to_go > 0:
                    state.occupant[SQUARE_AT[horse.to_go]] = h
            state.moved[h] = horse.moved
        state.podium = [HORSE_IDS.index(hid) for hid in position.podium]
        state.last = NONE if position.last is None else HORSE_IDS.index(position.last)
        state.pace = NONE if position.pace is None else HORSE_IDS.index(position.pace)
        # The hands are what the bets left of each seat's tokens (POSITION.read checked it).
        state.pool.slips = [
            Slip(i + 1, p, TOKEN, (hid,), t) for i, (p, hid, t) in enumerate(position.bets)
        ]
        state.first_player = NONE if position.first_player is None else position.first_player
        state.turn = NONE if position.turn is None else position.turn
        state.rolled = NONE if position.rolled is None else FACES.index(position.rolled)
        state.result = None if position.result is None else position.result.as_state()
        state.unmoved = sum(1 for h in HORSES if state.to_go[h] != 0 and not state.moved[h])
        state.movable = state._movable()
        state._sync_chance()
        return state


CARD_OF: Final = {(c.horse, c.number): i for i, c in enumerate(M.cards)}
"""The card index of each (horse, card number)."""
SLIPS: Final = {(t, h): PlaceBet(TOKEN, (HORSE_IDS[h],), t) for t, h in BETS}
"""The pool's bet for each (token, horse) of the game's ``bet <token> <horse>``."""
