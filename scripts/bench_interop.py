"""Random-play speed through the research adapters, beside the engine's own ``hippodrome bench``.

    python scripts/bench_interop.py royal_turf --seconds 5

Prints one JSON object: actions per CPU second (chance outcomes included, as ``hippodrome bench`` counts
them) for the engine, the PettingZoo environment (random legal ids from the mask) and the OpenSpiel
game (random legal ids), each run for ``--seconds``. Needs the extra ``hippodrome[research]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from hippodrome.cli import main as cli_main


def engine(game_id: str, seconds: float) -> Any:
    """``hippodrome bench`` itself, as JSON."""
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        cli_main(["bench", game_id, "--seconds", str(seconds), "--json"])
    return json.loads(out.getvalue())


def pettingzoo(game_id: str, seconds: float) -> dict[str, float]:
    from hippodrome.interop.pettingzoo import env  # noqa: PLC0415

    table = env(game_id)
    rng = random.Random(0)
    actions = steps = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        table.reset(seed=games)
        for agent in table.agent_iter():
            if table.terminations[agent] or table.truncations[agent]:
                table.step(None)
                continue
            before = len(table.state.history)
            ids = table.mask(agent).nonzero()[0]
            table.step(int(ids[rng.randrange(len(ids))]))
            actions += len(table.state.history) - before
            steps += 1
        games += 1
    elapsed = time.process_time() - start
    return {"actions_per_s": actions / elapsed, "steps_per_s": steps / elapsed, "games": games}


def openspiel(game_id: str, seconds: float) -> dict[str, float]:
    import pyspiel  # noqa: PLC0415

    from hippodrome.interop.openspiel import short_name  # noqa: PLC0415

    game = pyspiel.load_game(short_name(game_id))
    rng = random.Random(0)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
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
        games += 1
    elapsed = time.process_time() - start
    return {"actions_per_s": actions / elapsed, "games": games}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    report = {
        "game": args.game,
        "engine": engine(args.game, args.seconds),
        "pettingzoo": pettingzoo(args.game, args.seconds),
        "openspiel": openspiel(args.game, args.seconds),
    }
    print(json.dumps(report, indent=2))
