"""OpenSpiel's own checks and algorithms on the Hippodrome games: how long, how much memory.

    python scripts/bench_openspiel.py                        # every section
    python scripts/bench_openspiel.py mccfr --iterations 1000 --json
    python scripts/bench_openspiel.py sim ismcts

Sections (figures quoted in docs/research.md, measured by this script):

- ``sim``: OpenSpiel's C++ ``pyspiel.random_sim_test`` (one simulation, serialization included) and
  its Python ``games_sim_test`` (``GamesSimTest.sim_game``: pickle of the game, its type and its
  states, cloning; one simulation, and again on ``convert_to_turn_based`` for simultaneous games),
  on every playable game at its default options: seconds each.
- ``mccfr``: outcome-sampling MCCFR (``open_spiel.python.algorithms.outcome_sampling_mccfr``) on
  Royal Turf with hidden bets: resident memory (RSS, from ``/proc/self/statm``) every 100 iterations,
  information states stored, their keys' length; then a few iterations on Win, Place & Show and
  Royal Steeple Chase as turn-based games (their depth passed Python's default recursion limit).
- ``ismcts``: OpenSpiel's ISMCTS bot on Royal Turf with hidden bets (the engine's ``resample_for``
  draws the worlds): seconds per decision at 100 simulations.

Needs the extra ``hippodrome[research]``. Run it alone on the machine for figures worth quoting.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel

from hippodrome.games import playable_ids
from hippodrome.interop.openspiel import short_name

HIDDEN_BETS = {"hidden_bets": True}


def rss_mb() -> float:
    """This process's resident memory, in MB."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 2**20


def sim(seed: int) -> dict[str, Any]:
    from open_spiel.python.tests import games_sim_test  # noqa: PLC0415

    out: dict[str, Any] = {}
    np.random.seed(seed)
    for game_id in playable_ids():
        game = pyspiel.load_game(short_name(game_id))
        start = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
        random_sim = time.perf_counter() - start
        checks = games_sim_test.GamesSimTest()
        start = time.perf_counter()
        checks.sim_game(game)
        if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
            checks.sim_game(pyspiel.convert_to_turn_based(game))
        python_sim = time.perf_counter() - start
        out[game_id] = {"random_sim_test_s": random_sim, "games_sim_test_s": python_sim}
        print(
            f"{game_id:22} random_sim_test {random_sim:6.1f} s   games_sim_test {python_sim:6.1f} s"
        )
    return out


def mccfr(iterations: int, seed: int) -> dict[str, Any]:
    from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: PLC0415

    np.random.seed(seed)
    game = pyspiel.load_game(short_name("royal_turf"), HIDDEN_BETS)
    before = rss_mb()
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.perf_counter()
    curve = []
    for i in range(1, iterations + 1):
        solver.iteration()
        if i % 100 == 0 or i == iterations:
            infostates = solver._infostates
            curve.append({"iterations": i, "rss_mb": rss_mb(), "infostates": len(infostates)})
            print(
                f"royal_turf (hidden bets) {i:5} iterations: RSS {curve[-1]['rss_mb']:6.0f} MB, "
                f"{len(infostates):,} information states, {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    keys = solver._infostates
    out: dict[str, Any] = {
        "royal_turf": {
            "options": HIDDEN_BETS,
            "iterations": iterations,
            "rss_before_mb": before,
            "curve": curve,
            "seconds": time.perf_counter() - start,
            "longest_key": max(map(len, keys)),
        }
    }
    del solver, keys
    for game_id in ("win_place_show", "royal_steeple_chase"):
        turns = pyspiel.convert_to_turn_based(pyspiel.load_game(short_name(game_id)))
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(turns)
        start = time.perf_counter()
        for _ in range(2):
            solver.iteration()
        seconds = time.perf_counter() - start
        out[game_id] = {"iterations": 2, "seconds": seconds, "infostates": len(solver._infostates)}
        print(f"{game_id} (turn-based): 2 iterations in {seconds:.1f} s, no recursion error")
    return out


def ismcts(decisions: int, seed: int) -> dict[str, Any]:
    from open_spiel.python.algorithms import ismcts as search  # noqa: PLC0415
    from open_spiel.python.algorithms import mcts  # noqa: PLC0415

    rng = np.random.RandomState(seed)
    game = pyspiel.load_game(short_name("royal_turf"), HIDDEN_BETS)
    bot = search.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 100, random_state=rng)
    state = game.new_initial_state()
    times: list[float] = []
    while not state.is_terminal() and len(times) < decisions:
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
            continue
        start = time.perf_counter()
        state.apply_action(bot.step(state))
        times.append(time.perf_counter() - start)
    out = {"decisions": len(times), "simulations": 100, "median_s": float(np.median(times))}
    print(
        f"ISMCTS on royal_turf (hidden bets): {out['median_s']:.2f} s a decision (100 simulations)"
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sections", nargs="*", choices=["sim", "mccfr", "ismcts"], default=[])
    parser.add_argument("--iterations", type=int, default=1000, help="MCCFR iterations")
    parser.add_argument("--decisions", type=int, default=10, help="ISMCTS decisions timed")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object at the end")
    args = parser.parse_args()
    sections = args.sections or ["sim", "ismcts", "mccfr"]
    results: dict[str, Any] = {}
    if "sim" in sections:
        results["sim"] = sim(args.seed)
    if "ismcts" in sections:
        results["ismcts"] = ismcts(args.decisions, args.seed)
    if "mccfr" in sections:
        results["mccfr"] = mccfr(args.iterations, args.seed)
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
