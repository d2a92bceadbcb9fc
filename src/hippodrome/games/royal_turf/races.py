"""Royal Turf races by the million: a vectorised (numpy) simulator of the race of seed §3.

It plays the rules of ``hippodrome.games.royal_turf.rules`` on a batch of races at once, from any
point of a race (horses on their squares, some of them moved this round, some across the line, the
pace token taken or not, the die rolled and not yet played):

- every round each horse still on the track moves once (§3); the order in which they move is a
  uniformly random permutation, and each move gets its own roll of the six-faced symbol die (three
  heads, cap, saddle, shoe);
- a horse moves by its card's value for the face rolled; one horse a square: a horse whose landing
  square is taken stops on the nearest free square behind it, possibly its own (§3); nothing blocks
  past the line;
- the first horse to reach 16 squares to go (square 18) or fewer takes the pace token (§3 Case Pace);
- horses take the podium in the order they cross, and the race stops the moment the third one
  crosses, even mid-round; the rearmost horse then is last (§3 Arrivée).

**The move policy it assumes: random.** In the game the seat whose turn it is rolls and then chooses
the horse; here that choice is uniform among the horses that may move, which is the same as moving
them in a random order with a roll each. That is the engine's race under the random bot
(``tests/games/royal_turf/test_royal_turf_races.py`` checks both agree within the statistical interval); the
heuristic bot, which favours the horses it backs, is not modelled.

Each round's permutation is one of the 5040 orders of seven horses, drawn uniformly (horses already
across the line or already moved this round are skipped, which leaves a uniform order of the others).
Occupancy is a bit mask per race over the squares to go (1 to 40, a start square sharing its bit with
the square at the end of the lap it stands on), so the nearest free square behind a landing is the
lowest free bit at or above it: no loop over blocked squares.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from hippodrome.games.royal_turf.material import FACES, material

M: Final = material()
HORSE_COUNT: Final = len(M.horses)
PODIUM: Final = 3
PACE_TO_GO: Final = M.pace_to_go
MAX_TO_GO: Final = max(M.start_to_go(square) for square in M.start_squares)
DIE_FACE: Final = np.array([FACES.index(face) for face in M.die_faces], dtype=np.int64)
"""The face (index into ``FACES``) shown by each of the die's six sides."""
ORDERS: Final = np.array(list(itertools.permutations(range(HORSE_COUNT))), dtype=np.int64).T.copy()
"""``ORDERS[k, p]``: the k-th horse to move in the p-th of the 5040 orders of seven horses."""

BITS_PER_HORSE: Final = 6
"""A race's to-go values are packed in one word, six bits a horse (0 to 40 fit)."""

Horses = npt.NDArray[np.int8]
"""Horse indices, one a race (-1: none)."""


def _square_bits() -> npt.NDArray[np.uint64]:
    """``BITS[to_go]``: the occupancy bits of the square a horse ``to_go`` from the line stands on
    (every to-go value that names that square; 0, across the line, occupies nothing)."""
    squares = [M.square_at(t) for t in range(MAX_TO_GO + 1)]
    bits = np.zeros(MAX_TO_GO + 1, dtype=np.uint64)
    for t in range(1, MAX_TO_GO + 1):
        for u in range(1, MAX_TO_GO + 1):
            if squares[u] == squares[t]:
                bits[t] |= np.uint64(1 << u)
    return bits


BITS: Final = _square_bits()
AT_OR_ABOVE: Final = np.array(
    [((1 << (MAX_TO_GO + 2)) - 1) & ~((1 << t) - 1) for t in range(MAX_TO_GO + 2)], dtype=np.uint64
)
"""``AT_OR_ABOVE[t]``: the bits of every to-go value from ``t`` up."""
POWERS_OF_SIX: Final = np.array([[6**k] for k in range(HORSE_COUNT)], dtype=np.int32)


@dataclass(frozen=True, slots=True)
class RaceStart:
    """Where the race stands: what the simulator starts from (a position in the racing phase, or one
    whose bets are being placed, the horses on their start squares)."""

    to_go: tuple[int, ...]
    """Squares each horse still has to run, 0 once across the line (the rules' ``to_go``)."""
    values: tuple[tuple[int, int, int, int], ...]
    """Each horse's card: squares moved for head, cap, saddle, shoe."""
    moved: tuple[bool, ...] = (False,) * HORSE_COUNT
    """The horses that have already moved this round."""
    podium: tuple[int, ...] = ()
    """The horses already across the line, first first."""
    pace: int = -1
    """The horse holding the pace token, or -1."""
    rolled: int = -1
    """The face (index into ``FACES``) rolled and not yet played, or -1."""

    def __post_init__(self) -> None:
        if len(self.to_go) != HORSE_COUNT or len(self.values) != HORSE_COUNT:
            raise ValueError(f"a race has {HORSE_COUNT} horses")
        if sorted(h for h in range(HORSE_COUNT) if self.to_go[h] == 0) != sorted(self.podium):
            raise ValueError("the horses across the line are the podium")
        if len(self.podium) >= PODIUM:
            raise ValueError("the race is over")


@dataclass(frozen=True, slots=True)
class RaceResults:
    """What happened in each simulated race: its podium, last horse and pace horse (-1: nobody)."""

    places: Horses
    """``places[i, k]``: the horse placed ``k + 1`` in race ``i``."""
    last: Horses
    pace: Horses

    @property
    def races(self) -> int:
        return int(self.last.shape[0])

    def place_counts(self) -> npt.NDArray[np.int64]:
        """``counts[h, k]``: the races horse ``h`` finished in place ``k + 1``."""
        counts = np.zeros((HORSE_COUNT, PODIUM), dtype=np.int64)
        for k in range(PODIUM):
            counts[:, k] = np.bincount(self.places[:, k], minlength=HORSE_COUNT)
        return counts


def simulate_races(start: RaceStart, races: int, rng: np.random.Generator) -> RaceResults:
    """Run ``races`` races on from ``start`` under the random move policy, in batches."""
    if races <= 0:
        raise ValueError("races must be positive")
    batch = 1 << 14
    parts = [_batch(start, min(batch, races - done), rng) for done in range(0, races, batch)]
    return RaceResults(
        np.concatenate([p.places for p in parts]),
        np.concatenate([p.last for p in parts]),
        np.concatenate([p.pace for p in parts]),
    )


def _batch(start: RaceStart, size: int, rng: np.random.Generator) -> RaceResults:
    """One batch of races. Each race's seven to-go values are packed in one 64-bit word, six bits a
    horse, so a move reads and writes its horse with shifts, not with indexed loads; the podium is
    packed the same way, four bits a place (horse + 1).

    A race that ends mid-round plays the rest of that round on paper only: its horses go on
    moving, but its result was taken as the third horse crossed (the board then, for the last
    horse), and it leaves the batch at the end of the round."""
    n = HORSE_COUNT
    sides = len(DIE_FACE)
    perms = ORDERS.shape[1]
    u = np.uint64
    packed = u(sum(t << (BITS_PER_HORSE * h) for h, t in enumerate(start.to_go)))
    to_go = np.full(size, packed, dtype=np.uint64)
    vacant = np.full(size, ~u(0), dtype=np.uint64)
    """The squares (as to-go bits) no horse stands on."""
    for t in start.to_go:
        vacant &= ~BITS[t]
    # values[h * 6 + side]: the squares horse h moves for the die's side ``side``.
    values = np.array([[v[f] for f in DIE_FACE] for v in start.values], dtype=np.int64).ravel()
    podium = np.full(size, u(sum((h + 1) << (4 * k) for k, h in enumerate(start.podium))))
    arrived = np.full(size, u(4 * len(start.podium)), dtype=np.uint64)
    """Four times the horses across the line: where the next one is written in ``podium``."""
    board = np.zeros(size, dtype=np.uint64)
    """The packed to-go values as the third horse crossed: who is last."""
    pace = np.full(size, start.pace, dtype=np.int64)
    done_podium = np.empty(size, dtype=np.uint64)
    done_board = np.empty(size, dtype=np.uint64)
    done_pace = np.empty(size, dtype=np.int64)
    ids = np.arange(size, dtype=np.int64)
    still = ~np.array(start.moved, dtype=bool)
    """The horses that have not moved this round (the first round may be under way)."""
    first_move = np.ones(size, dtype=bool) if start.rolled >= 0 else None
    rolled_side = next((s for s, f in enumerate(DIE_FACE) if f == start.rolled), 0)
    first_round = any(start.moved) or first_move is not None
    """Only a round already under way (horses moved, the die rolled) needs the careful first round."""
    pace_open = start.pace < 0
    one, full = u(1), u(4 * PODIUM)
    while True:
        count = ids.shape[0]
        # One uniform draw a race and a round: the order the horses move in, and a side of the
        # die for each of the seven moves (5040 * 6**7 < 2**31 outcomes, all equally likely).
        draw = rng.integers(0, perms * sides**n, size=count, dtype=np.int32)
        quotient = draw // perms
        order = np.take(ORDERS, draw - quotient * perms, axis=1)  # order[k]: the k-th to move
        draw = quotient
        at = order * sides  # where the k-th horse's six values start in ``values``
        shifts = (order * BITS_PER_HORSE).astype(np.uint64)
        # The seven sides of the die, base-6 digits of the rest of the draw, and the squares each
        # of the seven moves would make.
        digits = draw // POWERS_OF_SIX
        digits -= (digits // sides) * sides
        squares = np.take(values, at + digits)
        for k in range(n):
            h = order[k]
            shift = shifts[k]
            begin = ((to_go >> shift) & u(63)).view(np.int64)
            if first_round:
                may = still[h]
                side = digits[k]
                if first_move is not None:
                    # The face already rolled is the one the first horse to move now plays.
                    use = first_move & may & (begin > 0)
                    side = np.where(use, rolled_side, side)
                    first_move &= ~use
                end = begin - np.take(values, at[k] + side) * may
            else:
                end = begin - squares[k]
            # A horse across the line (0 to go) stays there: it is not a new arrival.
            across = (end <= 0) & (begin > 0)
            # §3: the horse leaves its square, then stops on the nearest free square at or behind
            # its landing: its own at worst (a horse that does not move stays where it is). Bit 0,
            # the line, is never taken: a horse at or past it lands there (0 to go).
            vacant ^= np.take(BITS, begin)
            free = np.take(AT_OR_ABOVE, end, mode="clip") & vacant
            new = np.bitwise_count((free & -free) - one).view(np.int8)
            vacant ^= np.take(BITS, new)
            to_go += (new - begin).view(np.uint64) << shift
            if pace_open:
                # §3 Case Pace: the first horse to reach 16 to go or fewer takes the token.
                np.copyto(pace, h, where=(new <= PACE_TO_GO) & (pace < 0))
            if across.any():
                # §3 Arrivée: places in the order the horses cross; the race stops at the third.
                podium += ((h + 1).view(np.uint64) * across) << arrived
                arrived += across * u(4)
                np.copyto(board, to_go, where=across & (arrived == full))
        first_round = False
        pace_open = bool((pace < 0).any())
        finished = arrived >= full
        if finished.any():
            done = ids[finished]
            done_podium[done] = podium[finished]
            done_board[done] = board[finished]
            done_pace[done] = pace[finished]
            running = ~finished
            if not running.any():
                break
            to_go, vacant, arrived = to_go[running], vacant[running], arrived[running]
            podium, board = podium[running], board[running]
            pace, ids = pace[running], ids[running]
            if first_move is not None:
                first_move = first_move[running]
    places = np.stack(
        [((done_podium >> u(4 * k)) & u(15)).astype(np.int8) - 1 for k in range(PODIUM)], axis=1
    )
    # §3 Arrivée: the rearmost horse as the race stopped is last.
    grid = np.stack([(done_board >> u(BITS_PER_HORSE * h)) & u(63) for h in range(n)], axis=1)
    return RaceResults(places, grid.argmax(axis=1).astype(np.int8), done_pace.astype(np.int8))
