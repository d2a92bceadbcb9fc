"""Random-play speed through the research adapters, beside the engine's own ``hippodrome bench``.

    python scripts/bench_interop.py                      # every playable game, a table
    python scripts/bench_interop.py royal_turf ascot --seconds 10 --rounds 5 --json

Actions per CPU second (chance outcomes included, as ``hippodrome bench`` counts them) of:

- ``engine``: ``hippodrome bench``'s own random playouts (``analysis.bench.random_playouts``);
- ``pettingzoo``: the AEC loop a researcher writes, as ``docs/research.md`` shows it: ``last()``,
  then ``step`` with ``action_space(agent).sample(obs["action_mask"])``, a legal id drawn from the
  mask (``None`` once the seat is done);
- ``pettingzoo_observed``: the same loop also reading ``obs["observation"]`` every step, what a
  learner pays for its input;
- ``openspiel``: the OpenSpiel game, random legal ids (each seat's at a simultaneous node).

Every measure of every game runs once per round, rounds interleaved (engine, then each adapter,
game after game), so a slow spell of a shared machine falls on all of them alike. Each figure is the
median over the rounds, with its spread (lowest, highest); ``share`` is the median over the rounds of
the PettingZoo figure over the engine's of the same round. The load (``os.getloadavg``) is reported
with them. Needs the extra ``hippodrome[research]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from collections.abc import Callable
from typing import Any

from hippodrome.analysis.bench import clock, environment, random_playouts
from hippodrome.games import load_game, playable_ids


def engine(game_id: str, seconds: float, seed: int) -> float:
    """``hippodrome bench``'s random playouts: actions per CPU second."""
    return float(
        random_playouts(load_game(game_id), seconds=seconds, seed=seed)["actions_per_second"]
    )


def pettingzoo(game_id: str, seconds: float, seed: int, *, read: bool = False) -> float:
    """The documented AEC loop (``read``: reading the observation's vector too)."""
    from hippodrome.interop.pettingzoo import env  # noqa: PLC0415

    table = env(game_id)
    for agent in table.possible_agents:
        table.action_space(agent).seed(seed)
    actions = games = 0
    start = clock()
    deadline = start + seconds
    while True:
        table.reset(seed=seed + games)
        for agent in table.agent_iter():
            obs, _reward, done, truncated, _info = table.last()
            if read:
                obs["observation"]
            table.step(
                None if done or truncated else table.action_space(agent).sample(obs["action_mask"])
            )
        actions += len(table.state.history)  # every action of the game, chance included
        games += 1
        if clock() >= deadline:
            break
    return actions / (clock() - start)


def openspiel(game_id: str, seconds: float, seed: int) -> float:
    """The OpenSpiel game, random legal ids."""
    import pyspiel  # noqa: PLC0415

    from hippodrome.interop.openspiel import short_name  # noqa: PLC0415

    game = pyspiel.load_game(short_name(game_id))
    rng = random.Random(seed)
    actions = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, probs)[0])
                actions += 1
            elif state.is_simultaneous_node():
                # Every seat picks; those with a decision make one action each (the others pass).
                deciders = len(state.inner.active_players())
                players = range(game.num_players())
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
                actions += deciders
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        if clock() >= deadline:
            break
    return actions / (clock() - start)


def observed(game_id: str, seconds: float, seed: int) -> float:
    return pettingzoo(game_id, seconds, seed, read=True)


MEASURES: dict[str, Callable[[str, float, int], float]] = {
    "engine": engine,
    "pettingzoo": pettingzoo,
    "pettingzoo_observed": observed,
    "openspiel": openspiel,
}


def _summary(values: list[float]) -> dict[str, Any]:
    return {"median": statistics.median(values), "spread": [min(values), max(values)]}


def run(games: list[str], *, seconds: float, rounds: int, seed: int = 0) -> dict[str, Any]:
    """Every measure of every game, ``seconds / rounds`` each per round, interleaved."""
    slice_ = seconds / rounds
    figures: dict[str, dict[str, list[float]]] = {g: {m: [] for m in MEASURES} for g in games}
    load = [os.getloadavg()[0]]
    for r in range(rounds):
        for game_id in games:
            for name, measure in MEASURES.items():
                figures[game_id][name].append(measure(game_id, slice_, seed + r))
        load.append(os.getloadavg()[0])
    results = []
    for game_id in games:
        measured = figures[game_id]
        shares = [p / e for p, e in zip(measured["pettingzoo"], measured["engine"], strict=True)]
        read = [
            p / e for p, e in zip(measured["pettingzoo_observed"], measured["engine"], strict=True)
        ]
        results.append(
            {
                "game": game_id,
                **{name: _summary(values) for name, values in measured.items()},
                "share": _summary(shares),
                "share_observed": _summary(read),
            }
        )
    return {
        **environment(),
        "unit": "actions per CPU second",
        "rounds": rounds,
        "seconds_per_measure": seconds,
        "load_1min": {"median": statistics.median(load), "spread": [min(load), max(load)]},
        "results": results,
    }


def table(report: dict[str, Any]) -> str:
    load = report["load_1min"]
    lines = [
        f"{report['rounds']} rounds, {report['seconds_per_measure']:g} CPU s per measure; "
        f"load {load['median']:.1f} ({load['spread'][0]:.1f} to {load['spread'][1]:.1f})",
        f"{'game':22} {'engine':>10} {'PettingZoo':>11} {'share':>6} {'(spread)':>11} "
        f"{'observed':>9} {'share':>6} {'OpenSpiel':>10}",
    ]
    for r in report["results"]:
        low, high = r["share"]["spread"]
        lines.append(
            f"{r['game']:22} {r['engine']['median']:10,.0f} {r['pettingzoo']['median']:11,.0f} "
            f"{r['share']['median']:6.0%} {f'{low:.0%}-{high:.0%}':>11} "
            f"{r['pettingzoo_observed']['median']:9,.0f} {r['share_observed']['median']:6.0%} "
            f"{r['openspiel']['median']:10,.0f}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every playable game)")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per measure")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(playable_ids()))
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}: choose among {', '.join(playable_ids())}")
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds positive")
    report = run(args.games or list(playable_ids()), seconds=args.seconds, rounds=args.rounds)
    print(json.dumps(report, indent=2) if args.json else table(report))
