"""Random-play speed through the research adapters, beside the engine's own ``hippodrome bench``.

    python scripts/bench_interop.py                      # every playable game, a table
    python scripts/bench_interop.py royal_turf ascot --seconds 10 --rounds 5 --json
    make bench-interop                                   # the same, as make bench runs it

Actions per CPU second (chance outcomes and every seat's decisions included, as ``hippodrome
bench`` counts them) of:

- ``engine``: ``hippodrome bench``'s own random playouts (``analysis.bench.random_playouts``);
- ``pettingzoo``: the AEC loop a researcher writes, as ``docs/research.md`` shows it (PettingZoo by
  key): ``last()``, then ``step`` with ``action_space(agent).sample(obs["action_mask"])``, a legal
  id drawn from the mask (``None`` once the seat is done);
- ``pettingzoo_tools``: the loop of PettingZoo's own tools (``pettingzoo.utils.random_demo``):
  ``"action_mask" in obs``, then ``random.choice`` of the mask's ids;
- ``pettingzoo_observed``: the first loop also reading ``obs["observation"]`` every step, what a
  learner of every seat pays for its input;
- ``gymnasium``: the one-seat environment (``hippodrome.interop.gym``, random bots in the other
  seats), a learner reading its observation at every step and drawing a legal id from
  ``action_masks()``: every action of the game counts, the bots' and chance's too (``gym_steps``:
  the learner's own steps a second);
- ``openspiel``: the OpenSpiel game, random legal ids (each seat's at a simultaneous node);
- ``openspiel_rl``: OpenSpiel's ``rl_environment.Environment`` over it, random legal ids from each
  time step (which carries every seat's observation tensor).

Every measure of every game runs once per round, rounds interleaved (engine, then each adapter,
game after game), so a slow spell of a shared machine falls on all of them alike. Each figure is the
median over the rounds, with its spread (lowest, highest); each ``share`` is the median over the
rounds of a loop's figure over the engine's of the same round. The load (``os.getloadavg``) is
reported with them. Needs the extra ``hippodrome[research]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from collections.abc import Callable
from typing import Any

import numpy as np

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
        actions += len(table.game_state.history)  # every action of the game, chance included
        games += 1
        if clock() >= deadline:
            break
    return actions / (clock() - start)


def pettingzoo_tools(game_id: str, seconds: float, seed: int) -> float:
    """The loop of PettingZoo's own ``random_demo``: ``"action_mask" in obs``, then a random id."""
    from hippodrome.interop.pettingzoo import env  # noqa: PLC0415

    table = env(game_id)
    rng = random.Random(seed)
    actions = games = 0
    start = clock()
    deadline = start + seconds
    while True:
        table.reset(seed=seed + games)
        for _agent in table.agent_iter():
            obs, _reward, termination, truncation, _ = table.last()
            if termination or truncation:
                action = None
            elif isinstance(obs, dict) and "action_mask" in obs:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            table.step(action)
        actions += len(table.game_state.history)
        games += 1
        if clock() >= deadline:
            break
    return actions / (clock() - start)


def gymnasium_steps(game_id: str, seconds: float, seed: int) -> tuple[float, float]:
    """The one-seat Gymnasium environment, the learner reading every observation it is given:
    the game's actions a second (all seats and chance) and the learner's steps a second."""
    from hippodrome.interop.gym import env  # noqa: PLC0415

    table = env(game_id, seat="rotate")
    table.action_space.seed(seed)
    actions = steps = games = 0
    start = clock()
    deadline = start + seconds
    while True:
        obs, _ = table.reset(seed=seed + games)
        total = float(obs.sum())  # the learner reads its input
        done = False
        while not done:
            obs, _reward, done, _truncated, _info = table.step(table.action_space.sample())
            total += float(obs[0])
            steps += 1
        actions += len(table.game_state.history)
        games += 1
        if clock() >= deadline:
            break
    elapsed = clock() - start
    return actions / elapsed, steps / elapsed


def gymnasium(game_id: str, seconds: float, seed: int) -> float:
    return gymnasium_steps(game_id, seconds, seed)[0]


def openspiel_rl(game_id: str, seconds: float, seed: int) -> float:
    """OpenSpiel's ``rl_environment`` over the game: random legal ids from each time step."""
    import pyspiel  # noqa: PLC0415
    from open_spiel.python import rl_environment  # noqa: PLC0415

    from hippodrome.interop.openspiel import short_name  # noqa: PLC0415

    game = pyspiel.load_game(short_name(game_id))
    table = rl_environment.Environment(game, seed=seed)
    rng = random.Random(seed)
    simultaneous = game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    actions = 0
    start = clock()
    deadline = start + seconds
    while True:
        step = table.reset()
        while not step.last():
            legal = step.observations["legal_actions"]
            if simultaneous:
                chosen = [rng.choice(ids) for ids in legal]
            else:
                chosen = [rng.choice(legal[step.observations["current_player"]])]
            step = table.step(chosen)
        actions += len(table.get_state.inner.history)
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
    "pettingzoo_tools": pettingzoo_tools,
    "pettingzoo_observed": observed,
    "gymnasium": gymnasium,
    "openspiel": openspiel,
    "openspiel_rl": openspiel_rl,
}
SHARES = ("pettingzoo", "pettingzoo_tools", "pettingzoo_observed", "gymnasium", "openspiel_rl")


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
        shares = {
            f"share_{name}": _summary(
                [p / e for p, e in zip(measured[name], measured["engine"], strict=True)]
            )
            for name in SHARES
        }
        results.append(
            {
                "game": game_id,
                **{name: _summary(values) for name, values in measured.items()},
                **shares,
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


COLUMNS = (
    ("engine", "engine"),
    ("pettingzoo", "PZ by key"),
    ("pettingzoo_tools", "PZ tools"),
    ("pettingzoo_observed", "PZ observed"),
    ("gymnasium", "Gymnasium"),
    ("openspiel", "OpenSpiel"),
    ("openspiel_rl", "rl_env"),
)


def table(report: dict[str, Any]) -> str:
    """Actions a second, each loop's share of the engine's in brackets (median over rounds)."""
    load = report["load_1min"]
    lines = [
        f"{report['rounds']} rounds, {report['seconds_per_measure']:g} CPU s per measure; "
        f"load {load['median']:.1f} ({load['spread'][0]:.1f} to {load['spread'][1]:.1f}); "
        "actions per CPU second (share of the engine's)",
        f"{'game':20}" + "".join(f"{title:>17}" for _, title in COLUMNS),
    ]
    for r in report["results"]:
        cells = []
        for name, _ in COLUMNS:
            share = r.get(f"share_{name}")
            cell = f"{r[name]['median']:,.0f}"
            cells.append(f"{cell} ({share['median']:.0%})" if share else cell)
        lines.append(f"{r['game']:20}" + "".join(f"{c:>17}" for c in cells))
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
