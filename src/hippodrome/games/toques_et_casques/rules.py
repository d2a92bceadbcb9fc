"""Toques et Casques' rules: the game and its state.

Section numbers (01 to 25) are those of the seed, ``shared/seeds/002_040eccd8846c6b7d.txt``. Every
decision taken where the seed is silent is written in ``docs/rules/toques_et_casques.md`` with the
test that pins it.

The track is the shared lane-track model (``hippodrome.engine.lanetrack``); a horse stands on one cell
and counts its laps. Its **progress** is ``lap * lap_ticks + start(cell)``: the finish, the stragglers
and the hurdles that everyone has passed are all read from it.

A turn is: the jockey rolls (a chance node; speed 1 one die, speed 2 both dice), then plays the points
one step at a time (an avant or an écart), each step final (14-06). When no step is possible before
the points are spent, the jockey declares the horse blocked (18-01). A move that ends on a hurdle or the
river is a fall (04-01).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar, Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, OptionsError, message
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.lanetrack import NO_CELL, Cell, LaneTrack, Station, Tick
from hippodrome.engine.options import GameOptions
from hippodrome.engine.plan import Plan, reachable_ends
from hippodrome.engine.turnflow import NOBODY, Acts, Flow, FlowState, Phases, Step
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player
from hippodrome.games.toques_et_casques import events as ev
from hippodrome.games.toques_et_casques.actions import (
    APPROVE,
    AVANT,
    BLOQUE,
    DISQUALIFY,
    DRAWS,
    ECARTS,
    KEEP,
    REPLACE,
    ROLLOFFS,
    ROLLS,
    Approve,
    Avant,
    Bloque,
    Disqualify,
    Draw,
    Ecart,
    KeepHurdle,
    MoveHurdle,
    Replace,
    Roll,
    RollOff,
    parse_action,
)
from hippodrome.games.toques_et_casques.course import Course, hurdle_allowed, hurdle_runs, resolve
from hippodrome.games.toques_et_casques.material import digest
from hippodrome.games.toques_et_casques.options import ToquesOptions

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random

    from hippodrome.games.toques_et_casques.position import ToquesPosition

HORSES: Final = range(6)
"""Horse indices 0 to 5 stand for the horses numbered 1 to 6."""

EMPTY: Final = -1
LATE_ECART_RANK: Final = 2
"""Variant 24-04: the start straight's rank from which a horse may make its first écart: « 2
longueurs après avoir quitté cette plaquette », the plaque being rank 0 (D24)."""
ROUNDS_PER_LENGTH: Final = 2
"""D32: a race is called once it has run two rounds for every length of its course at the rail
(not the seed's: a limit of the engine's, so that every race ends)."""


class Status(IntEnum):
    WAITING = 0
    """Not yet drawn by a jockey."""
    RUNNING = 1
    ARRIVED = 2
    """On or past the finish plaque; its place is read at the end of the round (23-01)."""
    PLACED = 3
    FALLEN = 4
    STRAGGLER = 5
    DISQUALIFIED = 6


ON_TRACK: Final = (Status.RUNNING, Status.ARRIVED)
ELIMINATED: Final = (Status.FALLEN, Status.STRAGGLER, Status.DISQUALIFIED)
"""The horses out of the race, whose cloth goes to the eliminated box (07-03)."""


class Phase(IntEnum):
    DRAW = 0
    """08-01: each jockey in turn rolls a die for his horse."""
    RACE = 1
    REVIEW = 2
    """07-03: the steward reviews the move just played."""
    RELOCATE = 3
    """13-02: a hurdle every horse has passed may be moved ahead of the leader."""
    ROLLOFF = 4
    """23-04: horses arrived abreast roll a die for the better place."""
    OVER = 5


PHASES: Final = Phases(
    Phase,
    {
        # 08-01: each jockey in turn rolls a die for his horse.
        Phase.DRAW: Step(Acts.CHANCE, roller=True, next=("race",)),
        # 09-02: « Le jockey lance le DÉ », then plays the points one step at a time.
        Phase.RACE: Step(Acts.SEAT, rolls=True, next=("review", "relocate", "rolloff", "over")),
        Phase.REVIEW: Step(Acts.SEAT, next=("race", "relocate", "rolloff", "over")),
        Phase.RELOCATE: Step(Acts.SEAT, next=("race", "rolloff", "over")),
        Phase.ROLLOFF: Step(Acts.CHANCE, next=("race", "over")),
        Phase.OVER: Step(Acts.OVER),
    },
)
"""Who acts in each phase of Toques et Casques (the engine's turn flow answers from it): the jockey
of the horse to move, the steward reviewing a move, whoever decides where a hurdle goes."""


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled (Ray) by a blank ``__new__``
class ToquesEtCasques(Game[ToquesOptions]):
    id: ClassVar[str] = "toques_et_casques"
    titles: ClassVar[dict[str, str]] = {"en": "Toques et Casques", "fr": "Toques et Casques"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    rules_version: ClassVar[int] = 3
    options_type: ClassVar[type[GameOptions]] = ToquesOptions
    # 14-06: « si vous vous êtes trompé, c'est trop tard, vous ne pouvez pas revenir en arrière :
    # "POSER C'EST JOUER" » (D30: only a practice table takes a move back).
    takes_back: ClassVar[bool] = False

    __slots__ = ("cell_start", "course", "in_turn", "jockeys", "steward", "target", "track")
    course: Course
    jockeys: int
    steward: Player | None
    track: LaneTrack
    """The course's track (looked up once: the rules ask for it at every step)."""
    cell_start: tuple[Tick, ...]
    """Where each cell starts, in ticks along the course (``LaneTrack.cells[c].start``)."""
    in_turn: tuple[bool, ...]
    """Whether each cell lies in a turn."""
    target: Tick
    """The progress at which a horse has arrived (``Course.target``)."""

    def __init__(self, options: ToquesOptions) -> None:
        jockeys = options.players - (1 if options.steward else 0)
        if not 2 <= jockeys <= len(HORSES):
            # 07-01: up to six jockeys, and the steward is someone else (07-07).
            raise OptionsError("toques_et_casques.course.jockeys", jockeys=jockeys)
        course = resolve(
            category=options.category,
            speed=options.speed,
            size=options.track,
            laps=options.laps,
            finish=options.finish,
            river=options.river,
            hurdles=options.hurdles,
            stakes=options.stakes,
            split=options.split,
        )
        self.course = course
        t = course.track
        self.track = t
        self.cell_start = tuple(c.start for c in t.cells)
        self.in_turn = tuple(t.segments[c.segment].kind == "turn" for c in t.cells)
        self.target = course.target
        self.jockeys = jockeys
        self.steward = options.players - 1 if options.steward else None
        super().__init__(options)

    def max_rounds(self) -> int:
        """The most rounds a race runs before it is called (D32): two for every length of its
        course, counted at the rail."""
        return ROUNDS_PER_LENGTH * -(-self.target // self.track.ticks_per_length)

    def max_length(self) -> int:
        """The most actions a race with these options can take, chance outcomes included (D32):
        the six draws; then in each round, each horse still running rolls (1), plays a step or
        declares itself blocked for each point at most (``Course.max_points``), is reviewed by the
        steward (1) and has each hurdle everyone passed kept or moved (one decision a hurdle);
        the roll-offs place one horse each (5 at most)."""
        turn = 1 + self.course.max_points + (self.steward is not None) + len(self.course.hurdles)
        draws = rolloffs = len(HORSES)
        return draws + self.max_rounds() * len(HORSES) * turn + rolloffs - 1

    @property
    def data_digest(self) -> str:
        return digest()

    def new_initial_state(self) -> ToquesState:
        return ToquesState.initial(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def position_from_json(self, position: JSONObject) -> ToquesState:
        from hippodrome.games.toques_et_casques.position import POSITION  # noqa: PLC0415 (imports rules)

        state = ToquesState.from_position(self, POSITION.read(position, self))
        state.restore_flow()
        return state

    def position_schema(self) -> JSONObject:
        from hippodrome.games.toques_et_casques.position import POSITION  # noqa: PLC0415 (imports rules)

        return POSITION.schema(self, title="Toques et Casques position")


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class ToquesState(FlowState[ToquesEtCasques]):
    __slots__ = (
        "cell",
        "current",
        "decider",
        "drawn",
        "hurdle_marks",
        "hurdles",
        "lap",
        "last_ecart",
        "money_",
        "obstacle",
        "occupant",
        "order",
        "owner",
        "pending",
        "points",
        "rolled",
        "rolloff",
        "start_plaque",
        "status",
        "stepped",
        "turn_start",
    )

    def __init__(self, game: ToquesEtCasques) -> None:
        super().__init__(game)
        course = game.course
        t = course.track
        self.flow: Flow[Phase] = Flow(PHASES, Phase.DRAW, game.num_players)
        self.flow.enter(Phase.DRAW, turn=0)
        self.owner: list[Player] = [EMPTY] * len(HORSES)
        self.drawn = 0
        """How many horses have been drawn (the next jockey to draw is ``drawn % jockeys``)."""
        self.status: list[Status] = [Status.WAITING] * len(HORSES)
        self.cell: list[Cell] = [NO_CELL] * len(HORSES)
        self.lap: list[int] = [0] * len(HORSES)
        self.occupant: list[int] = [EMPTY] * len(t)
        self.obstacle: list[str] = [""] * len(t)
        for c, kind in course.obstacle_cells().items():
            self.obstacle[c] = kind
        self.hurdles: list[Station] = list(course.hurdles)
        self.hurdle_marks: list[Tick] = [t.station_start(h) for h in course.hurdles]
        """The progress every horse must pass before each hurdle may be moved (13-02)."""
        self.current = EMPTY
        self.points = -1
        """Points still to play; -1 while the dice are to be rolled."""
        self.rolled = 0
        """What the dice scored this turn (0 before the roll)."""
        self.last_ecart = False
        self.stepped = False
        self.turn_start: tuple[Cell, int] = (NO_CELL, 0)
        self.start_plaque = True
        self.order: list[int] = []
        """Horses placed, best first (the arrival board, 23-01)."""
        self.rolloff: list[list[int]] = []
        """Groups of horses arrived abreast whose places a die decides, best group first (23-04)."""
        self.pending: list[int] = []
        """Hurdles (indices into ``hurdles``) every horse has passed, awaiting a decision (13-02)."""
        self.decider: Player = EMPTY
        self.money_: list[Money] = [0] * game.num_players

    @classmethod
    def initial(cls, game: ToquesEtCasques) -> ToquesState:
        state = cls(game)
        c = game.course
        state.events.append(
            ev.RaceAnnounced(c.category, c.speed, c.size, c.laps, c.stakes, c.split)
        )
        return state

    def clone(self) -> ToquesState:
        new = ToquesState.__new__(ToquesState)
        new.game = self.game
        self._copy_record(new)
        new.flow = self.flow.copy()
        new.owner = self.owner.copy()
        new.drawn = self.drawn
        new.status = self.status.copy()
        new.cell = self.cell.copy()
        new.lap = self.lap.copy()
        new.occupant = self.occupant.copy()
        new.obstacle = self.obstacle.copy()
        new.hurdles = self.hurdles.copy()
        new.hurdle_marks = self.hurdle_marks.copy()
        new.current = self.current
        new.points = self.points
        new.rolled = self.rolled
        new.last_ecart = self.last_ecart
        new.stepped = self.stepped
        new.turn_start = self.turn_start
        new.start_plaque = self.start_plaque
        new.order = self.order.copy()
        new.rolloff = [g.copy() for g in self.rolloff]
        new.pending = self.pending.copy()
        new.decider = self.decider
        new.money_ = self.money_.copy()
        return new

    # The flow holds the phase and the round; these names are the position's (and its reader's).

    @property
    def phase(self) -> Phase:
        phase: Phase = self.flow.phase
        return phase

    @phase.setter
    def phase(self, value: Phase) -> None:
        self.flow.resume(value, turn=self.flow.turn)

    @property
    def round(self) -> int:
        return self.flow.round

    @round.setter
    def round(self, value: int) -> None:
        self.flow.round = value

    def restore_flow(self) -> None:
        """Put the flow where a loaded position says the game is: whose turn follows from the
        horse to move, the decider or the draw."""
        phase: Phase = self.flow.phase
        turn = NOBODY
        if phase is Phase.DRAW:
            turn = self.drawn % self.game.jockeys
        elif phase is Phase.RACE:
            turn = self.owner[self.current]
        elif phase is Phase.REVIEW or phase is Phase.RELOCATE:
            turn = self.decider
        self.flow.resume(phase, turn=turn, pending=self.points < 0)

    # -- helpers --------------------------------------------------------------------------------

    @property
    def track(self) -> LaneTrack:
        return self.game.track

    def progress(self, horse: int) -> Tick:
        game = self.game
        return self.lap[horse] * game.track.lap_ticks + game.cell_start[self.cell[horse]]

    def _free(self, cell: Cell, lap: int) -> bool:
        """Whether the horse to move may step onto ``cell`` (in its ``lap``-th lap): empty, or held by
        a straggler a lap behind, who may not hold up the leader (22-01)."""
        other = self.occupant[cell]
        return other == EMPTY or (self.status[other] is Status.RUNNING and lap > self.lap[other])

    def _step_words(self, step: Action) -> JSONObject:
        """A step as a refusal lists it: « un avant », « un écart au couloir 3 »."""
        kind, params = step.label_message()
        return message(f"{self.game.id}.step_to.{kind}", **params)

    def steps(self) -> list[Action]:
        """The steps the horse to move may take now (empty: it is blocked)."""
        h = self.current
        return [
            a
            for a, _, _ in self.steps_from(
                h, self.cell[h], self.lap[h], self.last_ecart, self.stepped
            )
        ]

    def steps_from(
        self, horse: int, cell: Cell, lap: int, last_ecart: bool, stepped: bool
    ) -> list[tuple[Action, Cell, int]]:
        """The steps ``horse`` could take from ``cell`` in its ``lap``-th lap, having just made an
        écart or not and having stepped this turn or not, with the cell and lap each leads to. The
        other horses stand where they are now (a bot explores its own move with this)."""
        t = self.game.track
        found: list[tuple[Action, Cell, int]] = []
        ahead = t.forward[cell]
        if ahead != NO_CELL:
            ahead_lap = lap + 1 if t.wraps[cell] else lap
            if self._free(ahead, ahead_lap):
                found.append((AVANT, ahead, ahead_lap))
        if not last_ecart and self._may_ecart(horse, cell, lap, stepped):
            for beside in (t.inward[cell], t.outward[cell]):
                if beside != NO_CELL and self._free(beside, lap):
                    found.append((ECARTS[t.cells[beside].lane + 1], beside, lap))
        return found

    def _may_ecart(self, horse: int, cell: Cell, lap: int, stepped: bool) -> bool:
        """Whether the rules let the horse change lane from where it stands (before looking beside;
        16-01, « qu'un écart à la fois », is the caller's)."""
        return self._ecart_refusal(cell, lap, stepped) is None

    def _ecart_refusal(self, cell: Cell, lap: int, stepped: bool) -> str | None:
        """Why a horse on ``cell`` (in its ``lap``-th lap, having stepped this turn or not) may not
        change lane, as the reason's message key; None when it may."""
        ns = "toques_et_casques.illegal"
        game = self.game
        if self.obstacle[cell]:
            return f"{ns}.ecart_obstacle"  # 14-04: no écart on a hurdle or the river
        if game.in_turn[cell]:
            return f"{ns}.ecart_turn"  # 19-02, 21-01: no lane change in a turn
        opts = game.options
        info = game.track.cells[cell]
        on_start = self.start_plaque and lap == 0 and info.index == 0
        if on_start and not opts.ecart_on_start:
            return f"{ns}.ecart_start"  # 09-06: « Sur la plaquette départ vous n'avez pas le droit de faire un écart »
        if opts.avant_first and not stepped and not on_start:
            return f"{ns}.ecart_first"  # 24-03: begin with an avant, except on the start plaque
        if opts.late_ecart and lap == 0 and info.segment == 0 and info.offset < LATE_ECART_RANK:
            return f"{ns}.ecart_late"  # 24-04: the first écart only 2 lengths after the plaque (rank 0)
        return None

    def step_target(self, step: Action) -> Cell:
        """The cell a step of the horse to move leads to."""
        t = self.track
        c = self.cell[self.current]
        if isinstance(step, Ecart):
            return t.inward[c] if step.lane - 1 < t.cells[c].lane else t.outward[c]
        return t.forward[c]

    def plans(self, player: Player) -> list[Plan]:
        """Every end the horse to move can reach with its points left, one run of steps to each
        (D26): as many steps as points (14-01), or up to where it is blocked, then « Bloqué ! »
        (18-01, D27). A run ending on a hurdle or the river is a fall (04-01) and says so (D28)."""
        if self.flow.phase is not Phase.RACE or self.points <= 0:
            return []
        if player not in self.active_players():
            return []
        h = self.current
        Node = tuple[Cell, int, bool, bool]  # noqa: N806 (a local alias: cell, lap, écart, stepped)

        def steps(node: Node) -> list[tuple[Action, Node]]:
            cell, lap, last_ecart, stepped = node
            return [
                (a, (c, at_lap, a is not AVANT, True))
                for a, c, at_lap in self.steps_from(h, cell, lap, last_ecart, stepped)
            ]

        start: Node = (self.cell[h], self.lap[h], self.last_ecart, self.stepped)
        plans: list[Plan] = []
        for actions, cells, node in reachable_ends(
            start, self.points, steps, lambda node: node[0], blocked=BLOQUE
        ):
            end = node[0]
            kind = self.obstacle[end]
            warning = None
            if kind:
                obstacle = message(f"toques_et_casques.obstacle.{kind}")
                warning = ("toques_et_casques.plan.fall", {"horse": h + 1, "obstacle": obstacle})
            plans.append(Plan(actions, end, cells, warning))
        return plans

    def is_blocked(self) -> bool:
        return self.flow.phase is Phase.RACE and self.points > 0 and not self.steps()

    # -- who acts: the flow (PHASES) answers ------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.flow.phase
        if phase is Phase.RACE and self.points < 0:
            return _roll_outcomes(self.game.course.speed)
        if phase is Phase.DRAW:
            # 08-01: a number already taken is rolled again, so the draw is uniform over the rest.
            free = [h for h in HORSES if self.owner[h] == EMPTY]
            return [(DRAWS[h + 1], 1.0 / len(free)) for h in free]
        if phase is Phase.ROLLOFF:
            group = self.rolloff[0]
            return [(ROLLOFFS[h + 1], 1.0 / len(group)) for h in group]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        if self.flow.phase is Phase.RACE:
            points = sum(rng.randint(1, 6) for _ in range(self.game.course.speed))
            return ROLLS[points]
        return super().sample_chance(rng)

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        phase = self.flow.phase
        if phase is Phase.RACE:
            return self.steps() or [BLOQUE]
        if phase is Phase.REVIEW:
            return [APPROVE, REPLACE, DISQUALIFY]
        if phase is Phase.RELOCATE:
            return [KEEP, *(MoveHurdle(s) for s in self.relocation_targets())]
        return []

    def relocation_targets(self) -> list[Station]:
        """Where the hurdle everyone has passed may go (13-02: « replacée loin devant le cheval de
        tête »): a straight's station where a hurdle may stand (sections 10 to 14) whose next
        passage lies more than a full roll ahead of the leader and before the finish."""
        course = self.game.course
        t = self.track
        index = self.pending[0]
        others = tuple(s for i, s in enumerate(self.hurdles) if i != index)
        on_track = [h for h in HORSES if self.status[h] in ON_TRACK]
        leader = max(self.progress(h) for h in on_track)
        last = min(self.progress(h) for h in on_track)
        far = leader + course.max_points * t.ticks_per_length
        found: list[Station] = []
        for seg in t.straights():
            for station in t.stations(seg):
                if not hurdle_allowed(course, station, others):
                    continue
                tick = t.station_start(station)
                # Its first passage strictly beyond ``far``: out of the leader's reach next roll.
                at = far + 1 + (tick - far - 1) % t.lap_ticks
                if at < last + t.lap_ticks and at < course.target:
                    found.append(station)
        return found

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        ns = "toques_et_casques.illegal"
        if player == CHANCE:
            return IllegalActionError(f"{ns}.not_an_outcome", action=str(action))
        if isinstance(action, Draw | Roll | RollOff):
            return IllegalActionError(f"{ns}.chance_action", action=str(action))
        phase = self.phase
        if phase is Phase.REVIEW:
            return IllegalActionError(f"{ns}.review_now")
        if phase is Phase.RELOCATE:
            if isinstance(action, MoveHurdle):
                return IllegalActionError(
                    f"{ns}.hurdle_place",
                    station=str(action.station),
                    max=self.game.course.max_points,
                )
            return IllegalActionError(f"{ns}.relocate_now")
        if phase is not Phase.RACE:
            return IllegalActionError("error.illegal_action", action=str(action))
        if isinstance(action, Approve | Replace | Disqualify | KeepHurdle | MoveHurdle):
            return IllegalActionError(f"{ns}.not_now", action=str(action))
        return self._explain_step(action)

    def _explain_step(self, action: Action) -> IllegalActionError:
        ns = "toques_et_casques.illegal"
        h = self.current
        c = self.cell[h]
        t = self.track
        number = h + 1
        if isinstance(action, Bloque):
            # 18-02: « Vous n'avez absolument pas le droit de passer votre tour si vous n'êtes pas
            # bloqué. »
            return IllegalActionError(
                f"{ns}.not_blocked", horse=number, steps=[self._step_words(a) for a in self.steps()]
            )
        if isinstance(action, Avant):
            return IllegalActionError(f"{ns}.avant_taken", horse=number)  # 14-02: no pushing
        if isinstance(action, Ecart):
            lane = t.cells[c].lane + 1
            if abs(action.lane - lane) != 1:
                return IllegalActionError(
                    f"{ns}.ecart_one_lane", horse=number, lane=lane, to=action.lane
                )
            if self.last_ecart:
                return IllegalActionError(f"{ns}.ecart_twice", horse=number)
            refusal = self._ecart_refusal(c, self.lap[h], self.stepped)
            if refusal == f"{ns}.ecart_obstacle":
                return IllegalActionError(
                    f"{ns}.ecart_obstacle", horse=number, obstacle=self.obstacle[c]
                )
            if refusal is not None:
                return IllegalActionError(refusal, horse=number)
            if not 1 <= action.lane <= t.lanes:
                return IllegalActionError(f"{ns}.no_lane", lane=action.lane)
            return IllegalActionError(f"{ns}.ecart_taken", horse=number, lane=action.lane)
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- what happens -----------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        kind = type(action)
        if kind is Avant:
            self._step(self.track.forward[self.cell[self.current]], "avant")
        elif kind is Ecart:
            self._step(self.step_target(action), "ecart")
        elif kind is Roll:
            self._rolled(action.points)  # type: ignore[attr-defined]
        elif kind is Bloque:
            self._events.append(ev.Blocked(player, self.current + 1, self.points))
            self._end_move()
        elif kind is Draw:
            self._draw(action.number - 1)  # type: ignore[attr-defined]
        elif kind is RollOff:
            self._roll_off(action.number - 1)  # type: ignore[attr-defined]
        elif kind is Approve or kind is Replace or kind is Disqualify:
            self._review(player, kind)
        elif kind is KeepHurdle:
            self._keep_hurdle(player)
        elif kind is MoveHurdle:
            self._move_hurdle(player, action.station)  # type: ignore[attr-defined]
        else:  # pragma: no cover - apply() validates; apply_unchecked trusts its caller
            raise TypeError(f"not a Toques et Casques action: {action!r}")

    def _draw(self, horse: int) -> None:
        # 08-01: the jockey takes the horse the die names and puts it on the start plaque.
        game = self.game
        player = self.drawn % game.jockeys
        self.owner[horse] = player
        self.drawn += 1
        cell = self.start_cell(horse)
        lane = self.track.cells[cell].lane
        self.cell[horse] = cell
        self.occupant[cell] = horse
        self.status[horse] = Status.RUNNING
        self._events.append(ev.HorseDrawn(player, horse + 1, lane + 1))
        if self.drawn == len(HORSES):
            # 06-01: « ce sera au cheval N°1 de partir ».
            self.flow.round = 1
            self._events.append(ev.RaceOff())
            self._begin_turn(0)
        else:
            self.flow.begin_turn(self.drawn % game.jockeys)

    def start_cell(self, horse: int) -> Cell:
        """Where the start plaque puts horse index ``horse``: 06-02, FIG.03, place N°1 is at the
        rail, or outside when running the other way round."""
        lane = len(HORSES) - 1 - horse if self.game.options.clockwise else horse
        return self.track.cell(lane, 0)

    def _begin_turn(self, horse: int) -> None:
        self.current = horse
        self.points = -1
        self.rolled = 0
        self.last_ecart = False
        self.stepped = False
        self.turn_start = (self.cell[horse], self.lap[horse])
        self.flow.enter(Phase.RACE, turn=self.owner[horse])

    def _rolled(self, points: int) -> None:
        h = self.current
        self.points = points
        self.rolled = points
        self.flow.rolled()
        self._events.append(ev.DiceRolled(self.owner[h], h + 1, points))

    def _step(self, target: Cell, step: str) -> None:
        h = self.current
        game = self.game
        t = game.track
        here = self.cell[h]
        lap = self.lap[h]
        if step == "avant" and t.wraps[here]:
            lap += 1
        other = self.occupant[target]
        if other != EMPTY:  # a straggler a lap behind: he may not hold up the leader (22-01)
            self._eliminate(other, Status.STRAGGLER, by=h)
        self.occupant[here] = EMPTY
        self.occupant[target] = h
        self.cell[h] = target
        self.lap[h] = lap
        self.points -= 1
        self.last_ecart = step == "ecart"
        self.stepped = True
        self._events.append(ev.Stepped(h + 1, step, t.cells[target].lane + 1, target, self.points))
        # 22-01: « un traînard est systématiquement éliminé dès qu'il a un tour de retard ».
        lap_ticks, starts, status, laps, cells = (
            t.lap_ticks,
            game.cell_start,
            self.status,
            self.lap,
            self.cell,
        )
        behind = lap * lap_ticks + starts[target] - lap_ticks  # a lap behind the horse or more
        for other in HORSES:
            if (
                other != h
                and status[other] is Status.RUNNING
                and laps[other] * lap_ticks + starts[cells[other]] <= behind
            ):
                self._eliminate(other, Status.STRAGGLER, by=h)
        if self.points == 0:
            self._end_move()

    def _eliminate(self, horse: int, status: Status, *, by: int = EMPTY) -> None:
        self.occupant[self.cell[horse]] = EMPTY
        self.status[horse] = status
        if status is Status.STRAGGLER:
            self._events.append(ev.Straggler(horse + 1, by + 1))

    def _end_move(self) -> None:
        h = self.current
        self.points = 0
        obstacle = self.obstacle[self.cell[h]]
        if obstacle:
            # 04-01: « Si votre déplacement se termine sur un obstacle, [...] vous êtes ÉLIMINÉ ».
            self._eliminate(h, Status.FALLEN)
            self._events.append(ev.Fell(h + 1, obstacle))
        elif self.progress(h) >= self.game.target:
            self.status[h] = Status.ARRIVED  # 23-01: on the plaque counts as arrived
            self._events.append(ev.CrossedFinish(h + 1))
        steward = self.game.steward
        if steward is not None and self.status[h] in ON_TRACK:
            self.decider = steward
            self.flow.enter(Phase.REVIEW, turn=steward)
            return
        self._after_review()

    def _review(self, player: Player, kind: type[Action]) -> None:
        # 07-03: the steward may correct a jockey by putting the horse back where it was, or
        # eliminate him for cheating.
        h = self.current
        verdicts: dict[type[Action], str] = {
            Approve: "approve",
            Replace: "replace",
            Disqualify: "disqualify",
        }
        verdict = verdicts[kind]
        self._events.append(ev.Reviewed(player, h + 1, verdict))
        if kind is Replace:
            cell, lap = self.turn_start
            self.occupant[self.cell[h]] = EMPTY
            self.occupant[cell] = h
            self.cell[h] = cell
            self.lap[h] = lap
            self.status[h] = Status.RUNNING
        elif kind is Disqualify:
            self._eliminate(h, Status.DISQUALIFIED)
        self._after_review()

    def _after_review(self) -> None:
        # 13-02: « lorsque tous les chevaux ont franchi une haie celle-ci peut être ôtée et replacée
        # loin devant le cheval de tête ».
        on_track = [h for h in HORSES if self.status[h] in ON_TRACK]
        if self.hurdles and len(on_track) > 1:
            last = min(self.progress(h) for h in on_track)
            self.pending = [i for i, mark in enumerate(self.hurdle_marks) if mark < last]
            if self.pending:
                steward = self.game.steward
                # Decided by the steward, else by the jockey whose horse passed it last.
                self.decider = steward if steward is not None else self.owner[self.current]
                self.flow.enter(Phase.RELOCATE, turn=self.decider)
                return
        self._next_turn()

    def _keep_hurdle(self, player: Player) -> None:
        index = self.pending.pop(0)
        self.hurdle_marks[index] += self.track.lap_ticks  # it waits for the next lap's passage
        self._events.append(ev.HurdleKept(player, str(self.hurdles[index])))
        self._relocated()

    def _move_hurdle(self, player: Player, station: Station) -> None:
        index = self.pending.pop(0)
        t = self.track
        old = self.hurdles[index]
        for c in t.station_cells(old):
            self.obstacle[c] = ""
        for c in t.station_cells(station):
            self.obstacle[c] = "hurdle"
        # The river keeps its cells even where a hurdle was lifted next to it.
        for s in self.game.course.river_stations():
            for c in t.station_cells(s):
                self.obstacle[c] = "river"
        on_track = [h for h in HORSES if self.status[h] in ON_TRACK]
        far = (
            max(self.progress(h) for h in on_track)
            + self.game.course.max_points * t.ticks_per_length
        )
        tick = t.station_start(station)
        self.hurdles[index] = station
        self.hurdle_marks[index] = far + (tick - far) % t.lap_ticks
        self._events.append(ev.HurdleMoved(player, str(old), str(station)))
        self._relocated()

    def _relocated(self) -> None:
        if self.pending:
            return
        self._next_turn()

    def _next_turn(self) -> None:
        # Every way out of here enters the next phase: a horse's turn, a roll-off or the end.
        running = [h for h in HORSES if self.status[h] is Status.RUNNING]
        # 23-02: the last horse left need not play, it is last anyway; but not while a horse that
        # arrived this round awaits its place: the order is read after the round (23-01), furthest
        # past first, and the horse still to play may yet pass it.
        if not running or (len(running) == 1 and Status.ARRIVED not in self.status):
            self._end_round()
            return
        for h in running:
            if h > self.current:
                self._begin_turn(h)
                return
        self._end_round()

    def _end_round(self) -> None:
        """23-01: the arrival order is read after each round; 09-05: the start plaque is lifted."""
        self._events.append(ev.RoundEnded(self.round))
        if self.start_plaque:
            self.start_plaque = False
            self._events.append(ev.StartPlaqueRemoved())
        arrived = sorted(
            (h for h in HORSES if self.status[h] is Status.ARRIVED),
            key=lambda h: (-self.progress(h), h),
        )
        groups: list[list[int]] = []
        for h in arrived:
            if groups and self.progress(groups[-1][0]) == self.progress(h):
                groups[-1].append(h)
            else:
                groups.append([h])
        self.rolloff = groups
        for group in groups:
            if len(group) > 1:
                self._events.append(ev.Tied(tuple(h + 1 for h in group)))  # 23-04: ex aequo
        self._read_arrivals()

    def _read_arrivals(self) -> None:
        while self.rolloff:
            group = self.rolloff[0]
            if len(group) > 1:
                # 23-04: horses abreast roll a die; the highest takes the better place.
                self.flow.enter(Phase.ROLLOFF)
                return
            self._place(group[0], ev.Placed)
            self.rolloff.pop(0)
        self._after_reading()

    def _roll_off(self, horse: int) -> None:
        group = self.rolloff[0]
        group.remove(horse)
        self._place(horse, ev.Placed)
        self._events.append(ev.RolledOff(horse + 1, len(self.order)))
        if len(group) == 1:
            self._place(group[0], ev.Placed)
            self.rolloff.pop(0)
        self._read_arrivals()

    def _place(self, horse: int, event: type[ev.Placed] | type[ev.LastPlaced]) -> None:
        if self.status[horse] in ON_TRACK:
            self.occupant[self.cell[horse]] = EMPTY
        self.status[horse] = Status.PLACED
        self.order.append(horse)
        self._events.append(event(horse + 1, len(self.order)))

    def _after_reading(self) -> None:
        running = [h for h in HORSES if self.status[h] is Status.RUNNING]
        if len(running) <= 1:
            if running:
                # 23-02: « il est inutile qu'il rejoue puisqu'il est automatiquement dernier ».
                self._place(running[0], ev.LastPlaced)
            self._finish()
            return
        if self.round >= self.game.max_rounds():
            # D32: the race is called; the horses still running take no place.
            self._finish()
            return
        self.flow.new_round()
        self._begin_turn(running[0])

    def _finish(self) -> None:
        """23-03: the tiercé, quarté and quinté; 07-05: the stakes shared as announced."""
        self.flow.enter(Phase.OVER)
        self.current = EMPTY
        self.points = -1
        self._events.append(ev.RaceOver(tuple(h + 1 for h in self.order)))
        for place, (horse, share) in enumerate(
            zip(self.order, self.game.course.split, strict=False), 1
        ):
            if share:
                owner = self.owner[horse]
                self.money_[owner] += share
                self._events.append(ev.StakePaid(owner, horse + 1, place, share))

    # -- how it ends ------------------------------------------------------------------------------

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def outcome(self) -> Outcome:
        if not self.flow.over:
            raise ValueError("the race is not over")
        return Outcome.from_money(self.money_)

    # -- what each seat sees ----------------------------------------------------------------------

    def observation(self, player: Player | None) -> JSONObject:
        """Everything in this game is on the table: every seat sees the same, plus its own role."""
        t = self.track
        game = self.game
        horses: list[JSON] = []
        for h in HORSES:
            c = self.cell[h]
            on = self.status[h] in ON_TRACK
            horses.append(
                {
                    "number": h + 1,
                    "owner": self.owner[h] if self.owner[h] != EMPTY else None,
                    "status": self.status[h].name.lower(),
                    "cell": c if on else None,
                    "lane": t.cells[c].lane + 1 if on else None,
                    "lap": self.lap[h],
                    "place": self.order.index(h) + 1 if h in self.order else None,
                    "eliminated": self.status[h] in ELIMINATED,
                }
            )
        steps: list[JSON] = []
        if self.phase is Phase.RACE and self.points > 0:
            c = self.cell[self.current]
            for a in self.steps():
                steps.append({"action": str(a), "cell": self.step_target(a)})
        chance: str | None = None
        if self.is_chance_node():
            chance = {Phase.DRAW: "draw", Phase.ROLLOFF: "rolloff", Phase.RACE: "roll"}[self.phase]
        relocation: JSON = None
        if self.phase is Phase.RELOCATE:
            relocation = {
                "hurdle": str(self.hurdles[self.pending[0]]),
                "targets": [str(s) for s in self.relocation_targets()],
            }
        moving = self.phase in (Phase.RACE, Phase.REVIEW) and self.points >= 0
        return {
            "game": game.id,
            "viewer": player,
            "role": "steward" if player is not None and player == game.steward else "jockey",
            "steward": game.steward,
            "course": game.course.to_json(),
            "clockwise": game.options.clockwise,
            "phase": self.phase.name.lower(),
            "round": self.round,
            "chance": chance,
            "roller": self.chance_roller(),
            "active": list(self.active_players()),
            "current": self.current + 1 if self.current != EMPTY else None,
            "points": self.points if self.points >= 0 else None,
            "horses": horses,
            "steps": steps,
            "blocked": self.is_blocked(),
            "start_plaque": self.start_plaque,
            "finish_placed": self.finish_placed(),
            "rolled": self.rolled if moving else None,
            "turn_start": self.turn_start[0] if moving else None,
            "hurdles": [str(s) for s in self.hurdles],
            "hurdle_runs": [
                {"stations": [str(s) for s in run], "double": len(run) > 1}
                for run in hurdle_runs(self.hurdles)
            ],
            "start_places": [self.start_cell(h) for h in HORSES],
            "obstacles": [[c, kind] for c, kind in enumerate(self.obstacle) if kind],
            "relocation": relocation,
            "rolloff": [g + 1 for g in self.rolloff[0]] if self.phase is Phase.ROLLOFF else None,
            "order": [h + 1 for h in self.order],
            "money": list(self.money_),
        }

    def finish_placed(self) -> bool:
        """Whether the finish plaque lies on the track: 10-03, « l'arrivée ne sera placée qu'au
        dernier moment », once every horse has passed its station for the last time before the final
        lap (and the start plaque, which may share it, is lifted); it stays once a horse is placed."""
        if self.order:
            return True
        on_track = [self.progress(h) for h in HORSES if self.status[h] in ON_TRACK]
        lap = self.track.lap_ticks
        return (
            not self.start_plaque
            and bool(on_track)
            and min(on_track) > self.game.course.target - lap
        )

    # -- JSON -------------------------------------------------------------------------------------

    def position_json(self) -> JSONObject:
        from hippodrome.games.toques_et_casques.position import POSITION  # noqa: PLC0415 (imports rules)

        return POSITION.write(self.position())

    def position(self) -> ToquesPosition:
        """The position as its typed record (what ``position_json`` writes)."""
        from hippodrome.games.toques_et_casques.position import (  # noqa: PLC0415 (imports rules)
            HorseRecord,
            ToquesPosition,
        )

        return ToquesPosition(
            phase=self.phase,
            drawn=self.drawn,
            owners=[o if o != EMPTY else None for o in self.owner],
            horses=[
                HorseRecord(
                    status=self.status[h],
                    cell=self.cell[h] if self.status[h] in ON_TRACK else None,
                    lap=self.lap[h],
                )
                for h in HORSES
            ],
            current=self.current + 1 if self.current != EMPTY else None,
            points=self.points,
            rolled=self.rolled,
            last_ecart=self.last_ecart,
            stepped=self.stepped,
            turn_start=self.turn_start,
            round=self.round,
            start_plaque=self.start_plaque,
            hurdles=[
                (str(s), mark) for s, mark in zip(self.hurdles, self.hurdle_marks, strict=True)
            ],
            order=[h + 1 for h in self.order],
            rolloff=[[h + 1 for h in g] for g in self.rolloff],
            pending=list(self.pending),
            decider=self.decider if self.decider != EMPTY else None,
            money=list(self.money_),
        )

    @classmethod
    def from_position(cls, game: ToquesEtCasques, position: ToquesPosition) -> ToquesState:
        """The state (without history) of a position already validated by ``POSITION.read``."""
        state = cls(game)
        state.phase = position.phase
        state.drawn = position.drawn
        state.owner = [EMPTY if o is None else o for o in position.owners]
        for h, horse in enumerate(position.horses):
            state.status[h] = horse.status
            state.lap[h] = horse.lap
            if horse.cell is not None:
                state.cell[h] = horse.cell
                state.occupant[horse.cell] = h
        state.current = EMPTY if position.current is None else position.current - 1
        state.points = position.points
        state.rolled = position.rolled
        state.last_ecart = position.last_ecart
        state.stepped = position.stepped
        state.turn_start = position.turn_start
        state.round = position.round
        state.start_plaque = position.start_plaque
        state.hurdles = [Station.parse(station) for station, _ in position.hurdles]
        state.hurdle_marks = [mark for _, mark in position.hurdles]
        state.obstacle = [""] * len(game.course.track)
        for c, kind in game.course.obstacle_cells(state.hurdles).items():
            state.obstacle[c] = kind
        state.order = [n - 1 for n in position.order]
        state.rolloff = [[n - 1 for n in group] for group in position.rolloff]
        state.pending = list(position.pending)
        state.decider = EMPTY if position.decider is None else position.decider
        state.money_ = list(position.money)
        return state


def _roll_outcomes(speed: int) -> tuple[tuple[Action, float], ...]:
    return _ONE_DIE if speed == 1 else _TWO_DICE


_ONE_DIE: Final = tuple((ROLLS[n], 1 / 6) for n in range(1, 7))
_TWO_DICE: Final = tuple((ROLLS[n], (6 - abs(n - 7)) / 36) for n in range(2, 13))
