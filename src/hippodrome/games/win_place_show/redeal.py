"""Win, Place & Show's secrets dealt anew for the search: what ``WinPlaceShowState.resample_for``
deals (the DESIGN's ``resample_for``: a full state consistent with what one seat knows).

The secrets are the sheets of §9 La vente aux enchères while they are being written, and the slips
of §10 Les paris and §11 Daily Double until the race that settles them is over (their kinds and
horses: the stakes were announced in total when the bets closed), with the lines begun. What is
dealt, and from how many choices each, is read once per state and seat (``redraw_plan``,
``RedrawPlan``), every choice is drawn from one random number, and the history and the events are
brought in step with the new secrets only when first read (``State.rewrite_later``; ``Redrawn``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.events import Event
from hippodrome.engine.pool import PlaceBet, Slip
from hippodrome.engine.pool_events import SlipPlaced
from hippodrome.engine.sampling import bits_for, draw_below
from hippodrome.engine.types import Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import Line, Sheet
from hippodrome.games.win_place_show.phases import DOUBLE, KINDS

if TYPE_CHECKING:
    import random

    from hippodrome.games.win_place_show.rules import WinPlaceShowState
from hippodrome.games.win_place_show.betting import line_of
from hippodrome.games.win_place_show.core import BID_UNIT, IDS, OVER_PHASE, RACES, SHEET_PHASE
from hippodrome.games.win_place_show.sale import sheet_bid

BetMark = tuple[int, Player, bool, bool]
"""A bet or a line in the history or the events: its index, its seat, whether it is a daily
double, whether it is a bet (else the line that began one)."""


def _bet_of(e: Event) -> str | None:
    """The kind of bet of a betting event: a slip placed, or a line begun."""
    return e.kind if isinstance(e, SlipPlaced) else e.bet  # type: ignore[attr-defined]


@dataclass(slots=True)
class Marks:
    """Where a state's secrets lie in its history and events (``marks_of``):
    indices, latest first, read from ``history`` and ``events`` when they were ``lengths`` long."""

    history: list[tuple[Player, Action]]
    events: list[Event]
    lengths: tuple[int, int]
    sheet_actions: list[int]
    sheet_events: list[int]
    bet_actions: list[BetMark]
    bet_events: list[BetMark]
    plans: dict[Player, RedrawPlan]
    """What ``resample_for`` deals anew, by seat (``redraw_plan``)."""


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
                    history[i] = (p, sheet_bid(action.horse, self.sheets[p][counts[p]]))
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
    return (entry[0], line_of(kind, horses))


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


def resample(state: WinPlaceShowState, player: Player, rng: random.Random) -> WinPlaceShowState:
    """The other seats' secrets dealt anew: the bids on their sheets while being written, and
    their slips (kinds and horses; the stakes were announced in total when the bets closed)
    while the race that settles them is not over, and their lines begun.

    Search calls this for every iteration: what is dealt, and from how many choices each, is
    read once per state and seat (``redraw_plan``), every choice is drawn from one random
    number, and the history and the events are brought in step with the new secrets only when
    first read (``State.rewrite_later``; ``Redrawn``): a search that plays the determinization
    out never reads them."""
    marks = marks_of(state)
    plan = redraw_plan(state, player, marks)
    dealt = state.clone()
    if plan is None:
        return dealt
    # §8: « Un joueur ne peut porter plainte que contre le propriétaire d'un cheval sur lequel
    # il a misé »: a claim made this race tells that its claimant's slips hold that horse. A
    # deal that breaks it is drawn again (the true slips keep it, so one that does comes).
    claimed = [(q, IDS[state.race_index][h]) for q, h, _, _ in state.claims]
    while True:
        redrawn = redraw(dealt, plan, marks, rng)
        if all(
            any(s.player == q and horse in s.horses for s in dealt.pool.slips)
            for q, horse in claimed
        ):
            break
    dealt.rewrite_later(history=redrawn.history, events=redrawn.events)
    return dealt


def redraw(state: WinPlaceShowState, plan: RedrawPlan, marks: Marks, rng: random.Random) -> Redrawn:
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


def redraw_plan(state: WinPlaceShowState, player: Player, marks: Marks) -> RedrawPlan | None:
    """What ``resample_for(player)`` deals anew, read once per state and seat and remembered
    with this state's ``marks`` (checked against the money, which bounds the bids). None:
    nothing hidden from ``player``."""
    plan = marks.plans.get(player)
    if plan is not None and plan.money == state.money_:
        return plan if plan.choices > 1 else None
    radices: list[int] = []
    sheets: list[tuple[Player, int, int]] = []
    if state.flow.phase is SHEET_PHASE:
        for p, written in enumerate(state.sheets):
            bound = state.money_[p] // BID_UNIT + 1
            if p != player and written:
                sheets.append((p, bound, len(written)))
                radices += [bound] * len(written)
    ids = tuple(h.id for h in state.race.horses)
    firsts = tuple(h.id for h in RACES[0].horses)
    seconds = tuple(h.id for h in RACES[1].horses)
    race_open = state.flow.phase is not OVER_PHASE
    doubles_open = len(state.results) < 2
    seats: list[SeatRedraw] = []
    for q in range(state.game.num_players):
        if q == player:
            continue
        mine = [i for i, s in enumerate(state.pool.slips) if s.player == q] if race_open else []
        bets = [
            (i, Redraws.of_bet(state.pool.slips[i], j, ids))
            for j, i in enumerate(mine[: len(KINDS)])  # one slip a kind (§10)
        ]
        doubles = [
            (i, Redraws.of_double(s, firsts, seconds))
            for i, s in enumerate(state.dd.slips)
            if doubles_open and s.player == q
        ]
        begun = state.lines[q]
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
    plan = RedrawPlan(state.money_.copy(), choices, bits_for(choices), sheets, seats)
    marks.plans[player] = plan
    return plan if choices > 1 else None


def marks_of(state: WinPlaceShowState) -> Marks:
    """Where the secrets lie, latest first: the indices in the history, then in the events, of
    the sheets being written (the history's last run of sheets; the events' since the race was
    called) and of the betting (lines and bets). Search resamples one state again and again:
    they are read once and remembered with the lists they were read from (a determinization
    rewrites its own copies in place, which keeps every secret where it was)."""
    history, events = state.history, state.events
    found = state.marks
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
    state.marks = found = Marks(
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
