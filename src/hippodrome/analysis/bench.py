"""Engine speed: random playouts on the fast path (``apply_unchecked``), and the two calls search
makes for every iteration, ``clone`` and ``resample_for``, on a mid-game state.

Time is the process's CPU time. Figures from one machine are only comparable within one run, and
even CPU time varies with what else the machine does (shared caches, frequency): ``bench``
interleaves the games over
several rounds (every game once per round), so that a slow spell of a shared machine falls on every
game alike, and reports each figure's median over the rounds with its spread (lowest, highest).
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from hippodrome import compiled
from hippodrome.analysis.review import default_budget, review_game
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.game import Game, State
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.types import JSONObject, Player

clock = time.process_time
"""Figures are per second of the process's own CPU time, not of the wall clock: on a machine other
work shares, they then measure the engine rather than the neighbours (one core: the benchmark runs
in one thread)."""

MID_GAME_ACTIONS = 120
"""How far into a random game the state is that ``clone`` and ``resample_for`` are timed on."""
MEASURES = (
    "actions_per_second",
    "games_per_second",
    "clone_per_second",
    "resample_for_per_second",
)


def build() -> str:
    """Which build of the engine runs: ``compiled`` (every module of the compiled build, mypyc's
    extension modules: ``hippodrome.compiled.MODULES``), ``pure Python``, or ``partly compiled``."""
    return compiled.build()


def compiled_modules() -> list[str]:
    """The Hippodrome modules loaded now that run compiled."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("hippodrome.") and module is not None and compiled.is_compiled(module)
    )


def environment() -> JSONObject:
    """The build and the interpreter a figure was measured on."""
    return {
        "build": build(),
        "compiled_modules": compiled_modules(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
    }


def random_playouts(game: Game[Any], *, seconds: float, seed: int = 0) -> JSONObject:
    """Play uniformly random games for about ``seconds`` and count what was done.

    A move is picked as ``legal[int(random() * len(legal))]``, one call into C (about 95 ns),
    not by ``random.choice``, two Python functions (about 180 ns, against 3 to 5 µs for a compiled
    action of the slower games): the figure is the engine's, not the driver's. The pick is uniform
    but for a bias below 2**-45 (a double's 53 bits over at most a few hundred moves)."""
    rng = random.Random(seed)
    actions = games = 0
    start = clock()
    deadline = start + seconds
    draw = rng.random
    while True:
        state = game.new_initial_state()
        is_terminal, is_chance_node = state.is_terminal, state.is_chance_node
        sample_chance, legal_actions = state.sample_chance, state.legal_actions
        apply_unchecked, active_players = state.apply_unchecked, state.active_players
        while not is_terminal():
            if is_chance_node():
                apply_unchecked(sample_chance(rng))
                actions += 1
                continue
            active = active_players()
            if len(active) == 1:
                legal = legal_actions()
                apply_unchecked(legal[int(draw() * len(legal))])
                actions += 1
                continue
            for player in active:  # secret simultaneous choices: each seat once
                legal = legal_actions(player)
                apply_unchecked(legal[int(draw() * len(legal))], player)
                actions += 1
        games += 1
        if clock() >= deadline:
            break
    elapsed = clock() - start
    return {
        "game": game.id,
        "options": game.options.to_json(),
        "seconds": elapsed,
        "games": games,
        "actions": actions,
        "actions_per_second": actions / elapsed,
        "games_per_second": games / elapsed,
    }


def mid_game(game: Game[Any], *, seed: int = 0, actions: int = MID_GAME_ACTIONS) -> State:
    """The state ``actions`` random actions into a game (chance included), or halfway through a
    game that ends sooner; always a state that is not over."""
    rng = random.Random(seed)
    played: list[tuple[Player | None, Any]] = []
    state = game.new_initial_state()
    while not state.is_terminal() and len(played) < actions:
        step = _random_step(state, rng)
        played.append(step)
        state.apply_unchecked(step[1], step[0])
    if not state.is_terminal():
        return state
    state = game.new_initial_state()
    for player, action in played[: len(played) // 2]:
        state.apply_unchecked(action, player)
    return state


def _random_step(state: State, rng: random.Random) -> tuple[Player | None, Any]:
    if state.is_chance_node():
        return None, state.sample_chance(rng)
    player = state.active_players()[0]
    return player, rng.choice(state.legal_actions(player))


def _viewer(state: State) -> Player:
    """The seat a search would resample for: the one to act (the first of several), else seat 0."""
    active = state.active_players()
    return active[0] if active else 0


def calls_per_second(call: Callable[[], object], *, seconds: float) -> float:
    """How many times a second ``call`` runs, over about ``seconds`` (in batches, so the clock is
    read rarely)."""
    batch = 1
    done = 0
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(batch):
            call()
        done += batch
        now = clock()
        if now >= deadline:
            return done / (now - start)
        if now - start < seconds / 20:
            batch *= 2


def measure_round(game: Game[Any], state: State, *, seconds: float, seed: int) -> JSONObject:
    """One round of one game: random playouts for ``seconds``, then ``clone`` and ``resample_for``
    of ``state`` for a fifth of that each."""
    result = random_playouts(game, seconds=seconds, seed=seed)
    result["clone_per_second"] = calls_per_second(state.clone, seconds=seconds / 5)
    rng = random.Random(seed)
    viewer = _viewer(state)
    result["resample_for_per_second"] = calls_per_second(
        lambda: state.resample_for(viewer, rng), seconds=seconds / 5
    )
    return result


def bench(
    games: Sequence[Game[Any]],
    *,
    seconds: float = 5.0,
    rounds: int = 5,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> JSONObject:
    """Every game in ``games``, interleaved over ``rounds`` rounds: each round gives each game
    ``seconds / rounds`` of random playouts, then times ``clone`` and ``resample_for`` of its
    mid-game state. Each figure is reported as its median over the rounds, with the lowest and the
    highest (``spread``)."""
    if rounds < 1:
        raise ValueError("at least one round")
    slice_ = seconds / rounds
    states = [mid_game(game, seed=seed) for game in games]
    per_game: list[list[JSONObject]] = [[] for _ in games]
    total = rounds * len(games)
    for r in range(rounds):
        for i, (game, state) in enumerate(zip(games, states, strict=True)):
            per_game[i].append(measure_round(game, state, seconds=slice_, seed=seed + r))
            if progress is not None:
                progress(r * len(games) + i + 1, total)
    results: list[JSONObject] = []
    for game, state, measured in zip(games, states, per_game, strict=True):
        summary: JSONObject = {
            "game": game.id,
            "options": game.options.to_json(),
            "rounds": rounds,
            "seconds": sum(m["seconds"] for m in measured),
            "games": sum(m["games"] for m in measured),
            "actions": sum(m["actions"] for m in measured),
            "mid_game_actions": len(state.history),
        }
        spread: JSONObject = {}
        for name in MEASURES:
            values = [float(m[name]) for m in measured]
            summary[name] = statistics.median(values)
            spread[name] = [min(values), max(values)]
        summary["spread"] = spread
        results.append(summary)
    return {**environment(), "rounds": rounds, "seed": seed, "results": results}


def review_bench(
    games: Sequence[Game[Any]],
    *,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> JSONObject:
    """The review of a whole game (``hippodrome review``, every seat, the game's default budget)
    for each game: a game played by heuristic bots from ``seed``, reviewed in this process, its CPU
    seconds on one core; and whether every labelled decision's interval separates the two moves."""
    results: list[JSONObject] = []
    for i, game in enumerate(games):
        bots = [make_bot("heuristic", game.id) for _ in range(game.num_players)]
        final = play_match(game, bots, seed=seed)
        seats = [Seat(f"heuristic-{p}", "heuristic") for p in range(game.num_players)]
        record = GameRecord.from_state(final, seats)
        budget = default_budget(game.id)
        start = clock()
        data = review_game(record, budget=budget, seed=seed)
        seconds = clock() - start
        labelled = [d for d in data["decisions"] if d["label"] is not None]
        results.append(
            {
                "game": game.id,
                "options": game.options.to_json(),
                "moves": len(record.moves),
                "decisions": data["decisions_judged"],
                "forced": data["forced_skipped"],
                "budget": budget.to_json(),
                "seconds": seconds,
                "seconds_per_decision": seconds / max(1, data["decisions_judged"]),
                "labelled": len(labelled),
                "labelled_separated": sum(
                    1 for d in labelled if d["loss"]["win"]["interval"][0] > 0
                ),
            }
        )
        if progress is not None:
            progress(i + 1, len(games))
    return {**environment(), "seed": seed, "review": results}


def relative_spread(result: JSONObject, name: str) -> float:
    """The spread of a figure as a fraction of its median: (highest - lowest) / median."""
    low, high = result["spread"][name]
    median = result[name]
    return (high - low) / median if median else 0.0


__all__ = [
    "MEASURES",
    "MID_GAME_ACTIONS",
    "bench",
    "build",
    "calls_per_second",
    "compiled_modules",
    "environment",
    "mid_game",
    "random_playouts",
    "relative_spread",
    "review_bench",
]
