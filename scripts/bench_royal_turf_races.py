"""Royal Turf races per second: the vectorised (numpy) simulator, the engine, and numba if present.

    python scripts/bench_royal_turf_races.py --seconds 5

Prints one JSON object. Every figure is races per second of this process's CPU time on one core
(``time.process_time``), so other work on the machine weighs on it as little as it can; all three
run the same race (seed §3) from the start squares with each horse's card 2, under the random move
policy that ``hippodrome.games.royal_turf.races`` assumes:

- ``numpy``: ``races.simulate_races``, what ``hippodrome odds`` uses (the game's simulator piece);
- ``engine``: ``RoyalTurfState.apply_unchecked`` with a uniformly random move after every roll;
- ``numba``: the same race written as a scalar loop compiled by numba, when numba is installed
  (it is not a dependency of Hippodrome: this measures whether it would pay).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

from hippodrome.games import load_game
from hippodrome.games.royal_turf.races import (
    BITS,
    DIE_FACE,
    PACE_TO_GO,
    M,
    RaceStart,
    simulate_races,
)
from hippodrome.games.royal_turf.rules import CARD_OF, HORSE_IDS, Phase, RoyalTurfState


def start() -> RaceStart:
    cards = tuple(c.values for c in M.cards if c.number == 2)
    to_go = tuple(M.start_to_go(square) for square in M.start_squares)
    return RaceStart(to_go=to_go, values=cards)


def timed(run: Any, seconds: float) -> dict[str, float]:
    """Call ``run()`` (which returns how many races it ran) for ``seconds`` of CPU time."""
    run()  # warm up (numba compiles here)
    races = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        races += run()
    elapsed = time.process_time() - began
    return {"races": races, "cpu_seconds": elapsed, "races_per_second": races / elapsed}


def numpy_races(seconds: float) -> dict[str, float]:
    rng = np.random.default_rng(0)
    begin = start()
    return timed(lambda: simulate_races(begin, 1 << 18, rng).races, seconds)


def engine_races(seconds: float) -> dict[str, float]:
    game = load_game("royal_turf", players=3)
    state = game.new_initial_state()
    assert isinstance(state, RoyalTurfState)
    rng = random.Random(0)
    # The start of a race: every horse on its start square with its card 2, the bets placed.
    for horse in HORSE_IDS:  # drawn in this order: Earl Grey on square 33, ...
        state.apply(game.parse_action(f"draw {horse} 2"))
    while state.phase is not Phase.RACING:
        state.apply_unchecked(
            state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    assert all(state.card_of[h] == CARD_OF[h, 2] for h in range(len(HORSE_IDS)))

    def run() -> int:
        for _ in range(200):
            s = state.clone()
            while s.result is None:
                s.apply_unchecked(
                    s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions())
                )
        return 200

    return timed(run, seconds)


def numba_races(seconds: float) -> dict[str, float] | str:
    try:
        import numba  # type: ignore[import-not-found, unused-ignore]  # noqa: PLC0415
    except ImportError:
        return "numba is not installed"

    begin = start()
    to_go0 = np.array(begin.to_go, dtype=np.int64)
    values = np.array([[v[f] for f in DIE_FACE] for v in begin.values], dtype=np.int64)
    bits, pace_to_go = BITS.astype(np.int64), PACE_TO_GO

    @numba.njit(cache=False)  # type: ignore[misc, untyped-decorator, unused-ignore]
    def kernel(races: int, seed: int) -> int:
        # Its own xorshift generator (numba's np.random is slower); the modulo's bias is of the
        # order of 2**-31, nothing to a speed measurement.
        s = np.uint64(seed * 2654435761 + 1)
        horses = to_go0.shape[0]
        order = np.arange(horses)
        to_go = np.empty(horses, np.int64)
        total = 0
        for _ in range(races):
            to_go[:] = to_go0
            occupied = 0
            for h in range(horses):
                occupied |= bits[to_go[h]]
            arrived, pace, last = 0, -1, -1
            while arrived < 3:
                for i in range(horses - 1, 0, -1):  # a uniform order, Fisher-Yates
                    s ^= s << np.uint64(13)
                    s ^= s >> np.uint64(7)
                    s ^= s << np.uint64(17)
                    j = int((s >> np.uint64(33)) % np.uint64(i + 1))
                    order[i], order[j] = order[j], order[i]
                for k in range(horses):
                    h = order[k]
                    begin_ = to_go[h]
                    if begin_ == 0:
                        continue
                    s ^= s << np.uint64(13)
                    s ^= s >> np.uint64(7)
                    s ^= s << np.uint64(17)
                    end = begin_ - values[h, int((s >> np.uint64(33)) % np.uint64(6))]
                    occupied ^= bits[begin_]
                    if end <= 0:
                        new = 0
                        arrived += 1
                    else:
                        new = end
                        while new < begin_ and (occupied >> new) & 1:
                            new += 1
                        occupied |= bits[new]
                    to_go[h] = new
                    if pace < 0 and new <= pace_to_go:
                        pace = h
                    if arrived == 3:
                        last = int(np.argmax(to_go))
                        break
            total += last >= 0
        return total

    return timed(lambda: kernel(1 << 16, 0), seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds for each")
    args = parser.parse_args()
    report = {
        "policy": "random move among the horses that may move, a roll each",
        "numpy": numpy_races(args.seconds),
        "engine": engine_races(args.seconds),
        "numba": numba_races(args.seconds),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
