"""A heuristic bot for Toques et Casques that plays the rulebook's own advice.

For each step it looks at every way of playing the rest of its points (a small search: the other
horses stand still during a move) and takes the first step of the best one, judged by:

- never ending on an obstacle (04-01, 17-02 to 17-05, 21-01: a fall eliminates),
- progress towards the finish, counted in rail lengths,
- being at the rail before a turn (09-04, 11-01: the outside lanes are 2 lengths longer a turn);
  in a race at one die, worth an écart (a point of progress) for each length it saves,
- blocking the horse that plays next (09-06, 19-01, 19-02) and, better still, leaving it nothing but a
  step onto a hurdle it cannot leave (20-01), never doing either to one of its own horses.

The steward it plays approves every move (the engine has already refused every illegal step, so there
is no error to correct). A hurdle everyone has passed goes to the first place ahead of the leader when
the leader is a rival's horse, and stays put otherwise. The bot keeps nothing between calls.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.lanetrack import Cell
from hippodrome.games.toques_et_casques.actions import APPROVE, KEEP, MoveHurdle
from hippodrome.games.toques_et_casques.rules import HORSES, ON_TRACK, Phase, Status, ToquesState

if TYPE_CHECKING:
    from hippodrome.engine.lanetrack import LaneTrack

FALL: Final = -1_000_000.0
ARRIVED: Final = 10_000.0


class ToquesHeuristic:
    kind: ClassVar[str] = "heuristic"
    slow: ClassVar[bool] = False
    rail_one_die: ClassVar[float] = 1.2
    """Lengths of progress a lane's extra length in the next turn is worth giving up (09-04), in a
    race at one die. Above one, the heuristic spends an écart to reach the rail before a turn; that
    won 53.3% (Wilson 52.0-54.6%) of 6,000 games against the weight of two dice in category A, and
    53.2% of 3,000 in B (docs/analysis/bots.md, "The rail is worth an écart at one die")."""
    rail_two_dice: ClassVar[float] = 0.8
    """The same at two dice, where a heavier weight gained nothing measurable (C and D)."""
    block: ClassVar[float] = 4.0
    """Lengths of progress worth giving up to block the next horse (19-01)."""
    lure: ClassVar[float] = 12.0
    """Lengths of progress worth giving up to leave the next horse only a fall (20-01)."""

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        # Everything in this game is on the table: the determinization is the state itself.
        state = view.determinize(rng)
        assert isinstance(state, ToquesState)
        legal = list(view.legal_actions())
        if state.phase is Phase.REVIEW:
            return APPROVE
        if state.phase is Phase.RELOCATE:
            return self._relocate(state, view.player, legal)
        if state.phase is not Phase.RACE or len(legal) == 1:
            return legal[0]
        return self._best_step(state, legal)

    # -- racing -----------------------------------------------------------------------------------

    def _best_step(self, state: ToquesState, legal: list[Action]) -> Action:
        h = state.current
        memo: dict[tuple[Cell, int, int, bool, bool], float] = {}

        def best(cell: Cell, lap: int, points: int, last_ecart: bool, stepped: bool) -> float:
            key = (cell, lap, points, last_ecart, stepped)
            found = memo.get(key)
            if found is not None:
                return found
            options = state.steps_from(h, cell, lap, last_ecart, stepped) if points else []
            if not options:
                value = self._judge(state, h, cell, lap)
            else:
                value = max(
                    best(to, to_lap, points - 1, str(a).startswith("ecart"), True)
                    for a, to, to_lap in options
                )
            memo[key] = value
            return value

        choices = state.steps_from(h, state.cell[h], state.lap[h], state.last_ecart, state.stepped)
        scored = [
            (best(to, to_lap, state.points - 1, str(a).startswith("ecart"), True), a)
            for a, to, to_lap in choices
        ]
        top = max(score for score, _ in scored)
        return next(a for score, a in scored if score == top and a in legal)

    def _judge(self, state: ToquesState, horse: int, cell: Cell, lap: int) -> float:
        """How good it is for ``horse`` to end its move on ``cell`` in its ``lap``-th lap."""
        if state.obstacle[cell]:
            return FALL
        t = state.track
        here = lap * t.lap_ticks + t.cells[cell].start
        value = here / t.ticks_per_length
        if here >= state.game.target:
            return ARRIVED + value
        value -= turn_cost(t, cell) * self.rail(state.game.course.speed)
        nxt = _next_horse(state, horse)
        if nxt is not None:
            effect = _effect_on(state, nxt, horse, cell, block=self.block, lure=self.lure)
            mine = state.owner[nxt] == state.owner[horse]
            value += -effect if mine else effect
        return value

    @classmethod
    def rail(cls, speed: int) -> float:
        """The weight of the rail before a turn in a race run at ``speed`` (1 or 2 dice)."""
        return cls.rail_one_die if speed == 1 else cls.rail_two_dice

    # -- hurdles ----------------------------------------------------------------------------------

    def _relocate(self, state: ToquesState, me: int, legal: list[Action]) -> Action:
        if state.game.steward == me:
            return KEEP
        on_track = [h for h in HORSES if state.status[h] in ON_TRACK]
        leader = max(on_track, key=state.progress)
        targets = [a for a in legal if isinstance(a, MoveHurdle)]
        if state.owner[leader] == me or not targets:
            return KEEP
        t = state.track
        ahead = state.progress(leader)
        # The first place ahead of the rival leader: he meets it before anyone else.
        return min(targets, key=lambda a: (t.station_start(a.station) - ahead) % t.lap_ticks)


def turn_cost(t: LaneTrack, cell: Cell) -> float:
    """Extra lengths the lane costs in the next turn compared with the rail (0 once in a turn)."""
    info = t.cells[cell]
    if t.segments[info.segment].kind == "turn":
        return 0.0
    turn = t.segments[(info.segment + 1) % len(t.segments)]
    return float(turn.lengths[info.lane] - turn.lengths[0])


def _next_horse(state: ToquesState, horse: int) -> int | None:
    running = [h for h in HORSES if state.status[h] is Status.RUNNING and h != horse]
    if not running:
        return None
    later = [h for h in running if h > horse]
    return later[0] if later else running[0]


def _effect_on(
    state: ToquesState, other: int, horse: int, cell: Cell, *, block: float, lure: float
) -> float:
    """How much ``horse`` on ``cell`` hinders ``other`` at the start of its next move: blocked at
    once (19-01), or left with nothing but a step onto an obstacle it cannot leave (20-01)."""
    occupant = state.occupant
    here = state.cell[horse]
    occupant[here] = -1
    occupant[cell] = horse
    try:
        steps = state.steps_from(other, state.cell[other], state.lap[other], False, False)
        if not steps:
            return block
        if len(steps) == 1:
            _, to, to_lap = steps[0]
            if state.obstacle[to] and not state.steps_from(other, to, to_lap, False, True):
                return lure
        return 0.0
    finally:
        occupant[cell] = -1
        occupant[here] = horse
