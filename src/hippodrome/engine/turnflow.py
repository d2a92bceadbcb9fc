"""The turn flow: phases that declare who acts, written once for every game.

Anchors: boardgame.io's phases, turn orders and ``ctx``; PettingZoo's agent selector. A game declares
its phases in a table (:class:`Phases`), each phase with a :class:`Step`: who acts in it
(:class:`Acts`: the seat whose turn it is, each seat once in an order, every seat at once in secret,
the seats a component calls on, chance, nobody once the game is over), whether each turn opens with a roll the seat makes, and which
phases may come next. The state keeps one :class:`Flow`, the cursor in that table (phase, whose turn,
the roll pending, the round, the seats still to answer in secret), and moves it with a handful of
verbs (``enter``, ``switch``, ``begin_turn``, ``rolled``, ``advance``, ``answered``, ``passed``,
``call``, ``follow``).
The flow then answers, for every game the same way, whose turn it is, whether chance is pending, who
rolls and whether the game is over: :class:`FlowState` implements the protocol's ``is_terminal``,
``is_chance_node``, ``active_players``, ``acting_player``, ``chance_roller``, ``phase_name`` and the
who-may-act half of ``legal_actions`` from it; the game writes ``_legal_actions(player)`` for the
seat that may act.

When a phase ends is the game's to say for a seat's or chance's phase (a horse crosses the line, the
seventh horse is drawn): it calls ``enter``. A phase where each seat acts in turn ends by itself when
``advance`` has gone round the table the declared number of times, one where every seat answers in
secret when the last has answered, and a round of passes when every seat in it has passed in a row:
the verb says so by its return value, and the game enters the next phase.

Some phases interrupt a round without taking its turn: a player asks for a horse another holds, and
an auction decides it; a player offers a trade, and its partner answers. There the seats who act are
a component's to name (the shared auction's bidder in turn, the trade's partner), not the round's:
the phase acts CALLED, the game hands the component to ``call`` when the phase begins and to
``follow`` after each action it plays, and the flow asks it ``to_act()`` and ``is_chance()``. The
round's turn and its count of passes stay as they were, for the round to go on from afterwards.

The flow is a hot path (random playouts call it at every action): answers are cached in plain slots
and refreshed only when the cursor moves, so asking who acts costs one attribute read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any, Final, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, RecordError
from hippodrome.engine.game import GameT_co, State
from hippodrome.engine.types import CHANCE, JSONObject, Player

NOBODY: Final[Player] = -1
"""No seat: no turn yet, or nobody in particular."""
SEVERAL: Final[Player] = -2
"""``Flow.actor`` when several seats act at once (then the caller must say which)."""


class Acts(Enum):
    """Who acts in a phase."""

    SEAT = "seat"
    """The seat whose turn it is; the game moves the turn (``begin_turn``, ``next_seat``)."""
    EACH = "each"
    """Each seat once in turn, round the table from a first seat, ``Step.rounds`` times."""
    ALL = "all"
    """Every seat still to answer, at once: in secret (sealed bids, hidden choices), unless the
    step's answers are ``shown`` as they are made."""
    CALLED = "called"
    """The seats a component in play calls on (an auction's bidder in turn, a trade's partner),
    outside the round, whose turn stays with the seat who opened the component (``call``)."""
    CHANCE = "chance"
    """Nobody: a die, a card, a lot. ``Step.roller`` may give the gesture to the seat in turn."""
    OVER = "over"
    """The game is over."""


@mypyc_attr(native_class=False)  # a compiled frozen dataclass does not unpickle
@dataclass(frozen=True, slots=True)
class Step:
    """How a phase is played: its declaration in a game's :class:`Phases` table."""

    acts: Acts
    rolls: bool = False
    """SEAT, EACH: every turn opens with a chance event (a roll) the seat in turn makes."""
    roller: bool = False
    """CHANCE: the seat whose turn it is makes the gesture (draws for his horse)."""
    rounds: int = 1
    """EACH: how many times round the table before the phase ends."""
    next: tuple[str, ...] = ()
    """The names of the phases that may follow (what the docs and the checks read)."""
    shown: bool = False
    """ALL: each answer is shown to every seat as it is made (claims, stakes put on the table),
    not kept secret until every seat has answered (``State.choosing_in_secret``)."""


PhaseT = TypeVar("PhaseT", bound=IntEnum)


class Caller(Protocol):
    """A component that says who acts in a CALLED phase (the engine's ``Auction`` is one)."""

    def to_act(self) -> tuple[Player, ...]: ...

    def is_chance(self) -> bool: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled by a blank ``__new__`` (as ``Flow``)
class Phases(Generic[PhaseT]):
    """A game's phase table: one :class:`Step` for each member of its ``Phase`` enum."""

    __slots__ = ("enum", "steps")

    def __init__(self, enum: type[PhaseT], steps: Mapping[PhaseT, Step]) -> None:
        missing = [p.name for p in enum if p not in steps]
        if missing:
            raise ValueError(f"phases without a step: {', '.join(missing)}")
        names = {p.name.lower() for p in enum}
        for phase, step in steps.items():
            unknown = [n for n in step.next if n not in names]
            if unknown:
                raise ValueError(f"phase {phase.name} names unknown next phases {unknown}")
        self.enum = enum
        self.steps: tuple[Step, ...] = tuple(steps[p] for p in sorted(enum))
        """Indexed by the phase's value (the enum's members are 0, 1, 2, ...)."""
        if [int(p) for p in sorted(enum)] != list(range(len(self.steps))):
            raise ValueError("a phase enum is numbered 0, 1, 2, ...")

    def step(self, phase: PhaseT) -> Step:
        return self.steps[phase]

    def may_follow(self, before: PhaseT, after: PhaseT) -> bool:
        """Whether the table declares that ``after`` may come after ``before``."""
        return before == after or after.name.lower() in self.steps[before].next

    def describe(self) -> list[JSONObject]:
        """The table as JSON (docs, clients): name, who acts, rolls, rounds, whether the answers
        of a phase everyone answers at once are shown as they are made, next phases."""
        return [
            {
                "phase": p.name.lower(),
                "acts": s.acts.value,
                "rolls": s.rolls,
                "roller": s.roller,
                "rounds": s.rounds,
                "shown": s.shown,
                "next": list(s.next),
            }
            for p, s in zip(sorted(self.enum), self.steps, strict=True)
        ]


Seating = tuple[Player, ...]
"""The seats in their order round the table, when a game seats its players otherwise than by their
numbers (bridge partners facing each other); None where the order is the numbers'."""


def seat_after(seat: Player, step: int, seats: int, order: Seating | None = None) -> Player:
    """The seat ``step`` places clockwise from ``seat`` (a negative step counts the other way), in
    the table's ``order`` (None: by number)."""
    if order is None:
        return (seat + step) % seats
    return order[(order.index(seat) + step) % seats]


def next_seat(
    after: Player,
    seats: int,
    eligible: Callable[[Player], bool] | None = None,
    order: Seating | None = None,
) -> Player:
    """The first seat clockwise after ``after`` (itself last) that is ``eligible``; NOBODY if none."""
    for step in range(1, seats + 1):
        seat = (after + step) % seats if order is None else seat_after(after, step, seats, order)
        if eligible is None or eligible(seat):
            return seat
    return NOBODY


def rotation(first: Player, seats: int, order: Seating | None = None) -> tuple[Player, ...]:
    """The seats round the table starting from ``first``."""
    return tuple(seat_after(first, i, seats, order) for i in range(seats))


@mypyc_attr(allow_interpreted_subclasses=True)  # ``copy``'s blank ``Flow.__new__`` (``State``)
class Flow(Generic[PhaseT]):
    """The cursor in a phase table: which phase, whose turn, what is pending. Mutable, cheap to
    copy; its answers (``chance``, ``over``, ``to_act``, ``actor``) are refreshed when it moves."""

    __slots__ = (
        "acted",
        "actor",
        "called",
        "chance",
        "first",
        "order",
        "over",
        "passes",
        "pending",
        "phase",
        "phases",
        "round",
        "seats",
        "stand_ins",
        "step",
        "to_act",
        "turn",
        "waiting",
    )

    def __init__(self, phases: Phases[PhaseT], phase: PhaseT, seats: int) -> None:
        self.phases = phases
        self.seats = seats
        """How many seats take turns round the table."""
        self.phase = phase
        self.step = phases.steps[phase]
        self.turn: Player = NOBODY
        """The seat whose turn it is (NOBODY: none)."""
        self.first: Player = NOBODY
        """EACH: the seat who began the phase."""
        self.acted = 0
        """EACH: how many turns were played in this phase."""
        self.passes = 0
        """How many seats passed in a row (a round of passes ends a bidding or trading round)."""
        self.pending = False
        """A rolling phase: the turn's roll is still to be made."""
        self.waiting: tuple[Player, ...] = ()
        """ALL: the seats still to answer."""
        self.called: tuple[Player, ...] = ()
        """CALLED: the seats the component in play calls on (none while its chance is pending)."""
        self.round = 0
        """The round of the table the game counts (0: it counts none)."""
        self.chance = False
        self.over = False
        self.to_act: tuple[Player, ...] = ()
        self.actor: Player = NOBODY
        self.stand_ins: Mapping[Player, Player] = {}
        """Seats nobody sits at, and who takes their turns (a bridge dummy's partner): the seat's
        turn is still its own, the one who acts in it is its stand-in. Replaced, never mutated (copies
        share it); not in ``to_json``: the game sets it again from its own records."""
        self.order: Seating | None = None
        """The seats' order round the table when it is not their numbers' (see ``seat``). Replaced,
        never mutated; not in ``to_json``, as ``stand_ins``."""
        self._refresh()

    def seat(self, order: Seating | None) -> None:
        """Seat the players round the table in ``order`` (None: by number): the turns, the rounds
        and ``seat_after`` follow it."""
        self.order = None if order is None else tuple(order)

    def seat_after(self, seat: Player, step: int = 1) -> Player:
        """The seat ``step`` places clockwise from ``seat`` round this table."""
        return seat_after(seat, step, self.seats, self.order)

    def stand_in(self, stand_ins: Mapping[Player, Player]) -> None:
        """Who takes the turns of the seats nobody sits at (``{seat: stand-in}``)."""
        self.stand_ins = dict(stand_ins)
        self._refresh()

    # -- moving the cursor ------------------------------------------------------------------------

    def enter(
        self, phase: PhaseT, *, turn: Player = NOBODY, waiting: Iterable[Player] = ()
    ) -> None:
        """Begin ``phase``: ``turn`` is the first seat to play (or to roll, in a rolling phase, or
        to draw in a chance phase with a roller); ``waiting`` the seats who answer in secret."""
        self.phase = phase
        step = self.step = self.phases.steps[phase]
        self.turn = turn
        self.first = turn
        self.acted = 0
        self.passes = 0
        self.pending = step.rolls
        self.waiting = tuple(waiting)
        self.called = ()
        self._refresh()

    def switch(self, phase: PhaseT, *, turn: Player | None = None) -> None:
        """Go on in ``phase`` with the round's counts as they stand (the seat who began, the turns
        played, the passes in a row): the phases one seat's turn is made of (a card, then its
        coups), or what follows a round that leaves its count behind. ``turn``: the seat in turn
        now (default: the same)."""
        self.phase = phase
        step = self.step = self.phases.steps[phase]
        if turn is not None:
            self.turn = turn
        self.pending = step.rolls
        self.waiting = ()
        self.called = ()
        self._refresh()

    def call(self, phase: PhaseT, caller: Caller) -> None:
        """Begin the CALLED ``phase``, in which ``caller`` (an auction, a trade) says who acts; the
        round's turn and counts stay as they are, for it to go on from when ``caller`` is done."""
        self.phase = phase
        self.step = self.phases.steps[phase]
        self.pending = False
        self.waiting = ()
        self.follow(caller)

    def follow(self, caller: Caller) -> None:
        """CALLED: ``caller`` moved (a bid, a pass, an answer): who it calls on now."""
        if caller.is_chance():
            self.called = ()
            self.chance = True
            self.to_act = ()
            self.actor = CHANCE
            return
        called = self.called = caller.to_act()
        self.chance = False
        self.to_act = called
        self.actor = called[0] if len(called) == 1 else SEVERAL if called else NOBODY

    def begin_turn(self, seat: Player) -> None:
        """Give the turn to ``seat`` in the same phase (its roll first, in a rolling phase)."""
        self.turn = seat
        if self.step.rolls:  # the common case of a race, kept short: the seat's roll is pending
            self.pending = self.chance = True
            self.to_act = ()
            self.actor = CHANCE
            return
        self.pending = False
        self._refresh()

    def rolled(self) -> None:
        """The turn's roll is made: the seat in turn now plays it."""
        self.pending = self.chance = False
        self.to_act = (self.turn,)
        self.actor = self.turn

    def advance(self) -> bool:
        """EACH: the seat in turn has played; the next seat round the table plays. False when every
        seat has played its ``Step.rounds`` turns: the phase is over (the game enters the next)."""
        self.acted += 1
        if self.acted >= self.step.rounds * self.seats:
            return False
        turn = self.turn
        self.begin_turn((turn + 1) % self.seats if self.order is None else self.seat_after(turn))
        return True

    def answered(self, seat: Player) -> bool:
        """ALL: ``seat`` has answered. True when nobody is left to answer."""
        self.waiting = tuple(s for s in self.waiting if s != seat)
        self._refresh()
        return not self.waiting

    def passed(self, seats: int | None = None) -> bool:
        """The seat in turn passed. True when ``seats`` (default: the whole table) have passed in a
        row: the round of passes is complete. Call ``played`` when a seat does something else."""
        self.passes += 1
        return self.passes >= (self.seats if seats is None else seats)

    def played(self) -> None:
        """A seat did something other than pass: the count of passes in a row starts again."""
        self.passes = 0

    def next_seat(self, eligible: Callable[[Player], bool] | None = None) -> Player:
        """The first ``eligible`` seat clockwise after the seat in turn."""
        return next_seat(self.turn, self.seats, eligible, self.order)

    def next_turn(self) -> None:
        """The turn goes to the next seat round the table (its roll first, in a rolling phase)."""
        turn = self.turn
        self.begin_turn((turn + 1) % self.seats if self.order is None else self.seat_after(turn))

    def new_round(self) -> None:
        self.round += 1

    def resume(
        self,
        phase: PhaseT,
        *,
        turn: Player = NOBODY,
        first: Player = NOBODY,
        acted: int = 0,
        pending: bool = False,
        waiting: Iterable[Player] = (),
    ) -> None:
        """Put the cursor where a loaded position says it is (a game's position reader)."""
        self.enter(phase, turn=turn, waiting=waiting)
        self.first = first
        self.acted = acted
        self.pending = pending and self.step.rolls
        self._refresh()

    def _refresh(self) -> None:
        acts = self.step.acts
        self.over = acts is Acts.OVER
        if acts is Acts.CHANCE or (self.pending and (acts is Acts.SEAT or acts is Acts.EACH)):
            self.chance = True
            self.to_act = ()
            self.actor = CHANCE
        elif acts is Acts.CALLED:
            called = self.called
            self.chance = False
            self.to_act = called
            self.actor = called[0] if len(called) == 1 else SEVERAL if called else NOBODY
        elif acts is Acts.ALL:
            self.chance = False
            self.to_act = self.waiting
            self.actor = self.waiting[0] if len(self.waiting) == 1 else SEVERAL
        elif self.over or self.turn < 0:
            self.chance = False
            self.to_act = ()
            self.actor = NOBODY
        else:
            self.chance = False
            seat = self.stand_ins.get(self.turn, self.turn) if self.stand_ins else self.turn
            self.to_act = (seat,)
            self.actor = seat

    # -- answers ------------------------------------------------------------------------------------

    def roller(self) -> Player | None:
        """The seat whose gesture the pending chance event is, if any."""
        if not self.chance or self.turn < 0:
            return None
        if self.pending or self.step.roller:
            return self.turn
        return None

    def copy(self) -> Flow[PhaseT]:
        new = Flow.__new__(Flow)
        new.phases = self.phases
        new.seats = self.seats
        new.phase = self.phase
        new.step = self.step
        new.turn = self.turn
        new.first = self.first
        new.acted = self.acted
        new.passes = self.passes
        new.pending = self.pending
        new.waiting = self.waiting
        new.called = self.called
        new.round = self.round
        new.chance = self.chance
        new.over = self.over
        new.to_act = self.to_act
        new.actor = self.actor
        new.stand_ins = self.stand_ins
        new.order = self.order
        return new

    def to_json(self) -> JSONObject:
        return {
            "phase": self.phase.name.lower(),
            "turn": self.turn if self.turn >= 0 else None,
            "first": self.first if self.first >= 0 else None,
            "acted": self.acted,
            "passes": self.passes,
            "pending": self.pending,
            "waiting": list(self.waiting),
            "called": list(self.called),
            "round": self.round,
        }

    @classmethod
    def from_json(cls, phases: Phases[PhaseT], seats: int, data: JSONObject) -> Flow[PhaseT]:
        """The flow ``to_json`` wrote; raises ``RecordError`` naming the faulty ``flow.<field>``."""

        def number(name: str, low: int, high: int, *, nullable: bool = False) -> int:
            value = data.get(name)
            if value is None and nullable:
                return NOBODY
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise RecordError(f"flow.{name}", f"a whole number from {low} to {high}")
            return value

        name = data.get("phase")
        members = {p.name.lower(): p for p in phases.enum}
        if name not in members:
            raise RecordError("flow.phase", f"unknown phase {name!r}")
        flow = cls(phases, members[str(name)], seats)
        flow.turn = number("turn", 0, seats - 1, nullable=True)
        flow.first = number("first", 0, seats - 1, nullable=True)
        flow.acted = number("acted", 0, flow.step.rounds * seats)
        flow.passes = number("passes", 0, seats)
        flow.round = number("round", 0, 1_000_000)
        pending = data.get("pending")
        if not isinstance(pending, bool) or (pending and not flow.step.rolls):
            raise RecordError("flow.pending", "true only in a phase whose turns open with a roll")
        flow.pending = pending
        waiting = data.get("waiting")
        if not isinstance(waiting, list) or any(
            not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < seats for s in waiting
        ):
            raise RecordError("flow.waiting", "a list of seats")
        flow.waiting = tuple(waiting)
        called = data.get("called", [])
        if not isinstance(called, list) or any(
            not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < seats for s in called
        ):
            raise RecordError("flow.called", "a list of seats")
        flow.called = tuple(called)
        flow._refresh()
        return flow

    def __repr__(self) -> str:
        return f"<Flow {self.phase.name.lower()} turn={self.turn} to_act={self.to_act}>"


@mypyc_attr(allow_interpreted_subclasses=True)  # the games left interpreted derive from it
class FlowState(State[GameT_co]):
    """A state whose flow of play is a :class:`Flow`: the engine answers who acts, whether chance is
    pending and whether the game is over; the game implements ``_legal_actions`` for an acting seat.
    """

    __slots__ = ("flow",)

    flow: Flow[Any]

    def is_terminal(self) -> bool:
        return self.flow.over

    def is_chance_node(self) -> bool:
        return self.flow.chance

    def active_players(self) -> Sequence[Player]:
        return self.flow.to_act

    def acting_player(self) -> Player:
        actor = self.flow.actor
        if actor == SEVERAL:
            raise IllegalActionError("error.player_needed", players=list(self.flow.to_act))
        return actor

    def chance_roller(self) -> Player | None:
        return self.flow.roller()

    def phase_name(self) -> str:
        name: str = self.flow.phase.name
        return name.lower()

    def choosing_in_secret(self) -> bool:
        step = self.flow.step
        return step.acts is Acts.ALL and not step.shown and not self.flow.chance

    def whose_turn(self) -> Player | None:
        flow = self.flow
        acts = flow.step.acts
        if acts is Acts.CALLED:  # the seat called on has the floor while the round waits
            return flow.actor if flow.actor >= 0 else None
        if acts is Acts.ALL or flow.over:
            return None
        if flow.turn < 0:
            return None
        return flow.stand_ins.get(flow.turn, flow.turn)  # who acts for a seat nobody sits at

    def round_number(self) -> int | None:
        return self.flow.round or None

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        flow = self.flow
        if flow.chance:
            if player is None or player == CHANCE:
                return [a for a, _ in self.chance_outcomes()]
            return []
        if player is None:
            player = flow.actor
            if player < 0:  # nobody, or several: then the caller must say which
                return [] if player == NOBODY else self._legal_actions(self.acting_player())
        elif player not in flow.to_act:
            return []
        return self._legal_actions(player)

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        """What ``player``, who may act now, may do (games override)."""
        return []

    def apply_unchecked(self, action: Action, player: Player | None = None) -> None:
        if player is None:
            player = self.flow.actor
            if player == SEVERAL:
                player = self.acting_player()
        self._history.append((player, action))
        self._apply(player, action)
