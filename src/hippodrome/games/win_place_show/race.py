"""The race on the oval (seed §6 « La course », §7 « La ligne d'arrivée »), as plain functions.

The rules (``rules.py``), the heuristic rider and the odds calibration all move horses through
:func:`destinations`, so a move is computed in one place. A horse stands on a cell of the engine's
lane track (``material.track()``) in a lap; how far it has run is the track's ``progress`` in ticks,
which compares across lanes (an outer lane is longer round a turn).

A move of ``total`` squares is a path of steps, each ``forward`` along the lane or ``diagonal`` into
the next lane (« Un cheval va toujours tout droit, directement ou en diagonale »):

- no lane change from a cell in a turn (« Quand un cheval est dans un virage il ne peut plus changer de
  ligne tant qu'il n'a pas quitté ce tournant »);
- a veteran changes lane at most twice in a move, either way (so he may come back to his lane); an
  apprentice once (D5: « Un vétéran peut changer de deux lignes pendant un tour et revenir sur sa
  ligne originelle. Un apprenti ne peut changer que d'une ligne sans pouvoir revenir »);
- a step never enters a cell another horse holds, except once, straight ahead in its own lane, for a
  horse that began its move on a passing space (« peut traverser une case occupée par un autre cheval
  [...] si le cheval est sur la même ligne. Il ne peut le faire que pour un cheval »);
- a move never ends on another horse nor on the cell just in front of one (D6: « Un cheval ne peut
  pas passer sur la case qui est juste en face d'un autre concurrent »);
- the move is the whole total, or up to three squares short to stop on a passing space (D7: « Un
  cheval a le droit de s'arrêter 3 cases avant le total de son mouvement afin de s'arrêter sur un
  passing space »: up to three); a horse that cannot make its total goes as far as it can (D8), and
  one that cannot move at all loses its turn (« si un cheval ne peut pas bouger il perd son tour »);
- reaching the finish line ends the move: the horse is home (``HOME``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from hippodrome.engine.lanetrack import INWARD, NO_CELL, OUTWARD, LaneTrack
from hippodrome.games.win_place_show.material import Race, material, track

T: Final[LaneTrack] = track()
M: Final = material()
HOME: Final = -2
"""The destination of a move that crosses the finish line."""
SHORT_FOR_SPACE: Final = 3
"""§6: a horse may stop up to three squares short of its total to take a passing space."""
FORWARD: Final = T.forward
WRAPS: Final = T.wraps
LAP: Final = T.lap_ticks
STARTS: Final = tuple(c.start for c in T.cells)
IN_TURN: Final = tuple(T.is_turn(c) for c in range(len(T)))
PASSING: Final = tuple(bool(T.features["passing_space"].get(c)) for c in range(len(T)))
LANE: Final = tuple(c.lane for c in T.cells)
RANK: Final = tuple(c.index for c in T.cells)
"""Each cell's index in its lane, from the lap's start (the square ``HorseMoved`` tells)."""
DIAGONALS: Final = tuple(
    tuple(d for d in (T.diagonal(c, INWARD), T.diagonal(c, OUTWARD)) if d != NO_CELL)
    if not T.is_turn(c)
    else ()
    for c in range(len(T))
)
"""The lane changes open from each cell (the cells a diagonal step enters): none in a turn (§6)."""
BEHIND: Final = tuple(sorted(range(len(T)), key=lambda c: FORWARD[c]))
"""The cell just behind each cell in its lane (``FORWARD`` inverted: every lane is a loop)."""
PER_SQUARE: Final = T.ticks_per_length
CELLS: Final = len(T)


def finish_tick(race: Race) -> int:
    """The progress at which a horse of ``race`` crosses the line: the start plus the distance."""
    return FINISH[race.number - 1]


FINISH: Final = tuple(T.station_start(r.start) + r.distance * PER_SQUARE for r in M.races)


def start_cells(race: Race) -> list[tuple[int, int]]:
    """Each horse's (cell, lap) at the start (``[start_positions]``): positions 1 to 5 abreast one
    square past the race's start mark, the sixth on the mark behind the third."""
    line = T.station_cells(race.start)
    placed: list[tuple[int, int]] = []
    for horse in race.horses:
        lane = M.start_lanes[horse.start - 1] - 1
        cell, lap = line[lane], 0
        for _ in range(M.start_ahead[horse.start - 1]):
            lap += WRAPS[cell]
            cell = FORWARD[cell]
        placed.append((cell, lap))
    return placed


def progress(cell: int, lap: int) -> int:
    return lap * LAP + STARTS[cell]


REACH: Final = 2 * PER_SQUARE
"""More ground than one step can gain: a line further than ``(steps + 1) * REACH`` is out of reach."""
MAY_PASS: Final = 0b101010
"""The path states (bits of a frontier's mask, ``destinations``) that may still go through a horse."""


def destinations(
    cell: int,
    lap: int,
    total: int,
    *,
    changes: int,
    occupied: list[bool],
    finish: int,
    scratch: tuple[list[int], list[int]] | None = None,
    exact: bool = False,
) -> dict[int, int]:
    """The legal ends of a move of ``total`` squares (§6): cell -> lap, ``HOME`` -> 0 when the line
    can be crossed. Empty: the horse cannot move and loses its turn. ``occupied[c]``: another horse
    stands on ``c`` (the moving horse's own cell is free); a move never ends on a cell just in front
    of one (``BEHIND[c]`` occupied). ``changes``: lane changes allowed.

    The move is walked step by step. A step's frontier is the cells it reaches, in the order found,
    each with the path states it is reached in (``reached[c]``), as bits: bit ``2 * changes left +
    may pass`` (one horse may still be passed, from a passing space). Cells reached only by passing
    through a horse are walked on (the horse stops beyond it). Every step gains ground and a move
    is shorter than a lap, so a cell's lap follows from where it lies. This is the hot path of every
    playout: the walk keeps only what a move may end on, in the order it finds them (the legal
    moves' order), in flat lists indexed by cell (a compiled build reads them natively); when that
    is nothing, a second walk keeps every square each step reaches (``layers``), for D8.

    ``scratch``: two lists of ``CELLS`` zeros for those flat lists, lent by the caller (a state,
    for its own walks) to spare making and freeing them at every move; the walk leaves them zeros.
    ``exact``: only the squares the whole ``total`` reaches, with no stop short (D7) and no D8 (the
    claim test, §8, asks how far short of its total a move stopped)."""
    low = total if exact else max(1, total - SHORT_FOR_SPACE)
    s0 = STARTS[cell]
    limit = finish - lap * LAP
    # A step gains less than REACH: the line cannot be crossed before step ``first``.
    first = (limit - s0) // REACH if limit - s0 <= (total + 1) * REACH else total + 1
    forward, diagonals, starts, passing, behind = FORWARD, DIAGONALS, STARTS, PASSING, BEHIND
    later = lap + 1
    if scratch is None:
        scratch = ([0] * CELLS, [0] * CELLS)
    # The path states of the cells of the frontier (0: not in it), and the same for the next step's.
    reached, ahead = scratch
    walks: tuple[list[dict[int, int]] | None, ...] = (None,) if exact else (None, [])
    layers = None
    for layers in walks:
        frontier = [cell]
        reached[cell] = 1 << (changes * 2 + (1 if passing[cell] else 0))
        nxt = frontier
        home = k = 0
        short: list[int] = []  # the passing spaces a move may stop short on, step by step
        for k in range(1, total + 1):
            nxt = []
            for c in frontier:
                states = reached[c]
                reached[c] = 0
                f = forward[c]
                if occupied[f]:
                    through = (states & MAY_PASS) >> 1  # through one horse, in its own lane
                    if through:
                        a = ahead[f]
                        if not a:
                            nxt.append(f)
                        ahead[f] = a | through
                else:
                    a = ahead[f]
                    if not a:
                        nxt.append(f)
                    ahead[f] = a | states
                if states > 3:  # a lane change left (it spends one)
                    fewer = states >> 2
                    for d in diagonals[c]:
                        if not occupied[d]:
                            a = ahead[d]
                            if not a:
                                nxt.append(d)
                            ahead[d] = a | fewer
            if k >= first:
                kept = []
                for c in nxt:
                    st = starts[c]
                    if (st + LAP if st <= s0 else st) >= limit:
                        if not home:
                            home = k
                        ahead[c] = 0
                    else:
                        kept.append(c)
                nxt = kept
            if layers is not None:
                layers.append(
                    {c: later if starts[c] <= s0 else lap for c in nxt if not occupied[c]}
                )
            reached, ahead = ahead, reached
            if not nxt:
                break
            if low <= k < total:
                for c in nxt:
                    if passing[c] and not occupied[c] and not occupied[behind[c]]:
                        short.append(c)
            frontier = nxt
        for c in nxt:  # the last frontier, cleared for the second walk
            reached[c] = 0
        ends: dict[int, int] = {}
        if home:
            ends[HOME] = 0
        if k == total:
            for c in nxt:
                if not occupied[c] and not occupied[behind[c]]:
                    ends[c] = later if starts[c] <= s0 else lap
        # D7: up to three squares short, to stop on a passing space.
        for c in short:
            if c not in ends:
                ends[c] = later if starts[c] <= s0 else lap
        if ends or exact:
            return ends
    # D8: a horse that cannot make its total goes as far as it can (``layers[k - 1]``: step k).
    assert layers is not None
    for k in range(min(total - 1, len(layers)), 0, -1):
        found = {c: lp for c, lp in layers[k - 1].items() if not occupied[behind[c]]}
        if found:
            return found
    return {}


def best(ends: dict[int, int]) -> int:
    """The destination a rider who runs to win takes: home, else the farthest, then the innermost
    lane (the rail is shortest round the next turn). The steward rides unowned horses so, and the
    claim test (§8) measures a move against it."""
    if HOME in ends:
        return HOME
    # The key is progress then the lane, inner first, as one number (a lane is below 8; -8 is
    # below every key).
    top, found = -8, HOME
    for c, lp in ends.items():
        key = (lp * LAP + STARTS[c]) * 8 - LANE[c]
        if key > top:
            top, found = key, c
    return found


def order_of_arrival(crossed: Sequence[tuple[int, bool, int]]) -> list[int]:
    """The horses that crossed the line in one turn, ranked (§7): they are tied (D9: « égalité » is
    crossing in the same turn); a veteran beats an apprentice, and between two of a kind « c'est le
    dernier cheval arrivé qui gagne d'un naseau »: the later mover first. ``crossed``: (horse,
    veteran, rank of its move in the turn)."""
    return [h for h, _, _ in sorted(crossed, key=lambda x: (not x[1], -x[2]))]
