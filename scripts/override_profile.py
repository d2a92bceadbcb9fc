"""Where the search could do better than its guide, phase by phase: games of ``ismcts:BUDGET``
against ``heuristic`` (two players, the search in the first seat of game 0 and alternating), and at
each of the search's decisions the paired evidence its samples give against the guide's move (the
k-th try of every move plays the same determinization and chance).

For each phase (the seat's observation's ``phase``): the decisions searched, the moves compared at
each (mean), how often the search overrode the guide, the sum of the mean gains it took by doing
so (in shares of the win), and the best other move's paired gain in standard errors (median, 90th
percentile and largest). A game whose guide is hard to better shows few overrides and small
z-scores everywhere; a phase with large ones is where the search earns its time.
docs/analysis/bots.md, "Where the search overrides its guide".

    PYTHONPATH=src python scripts/override_profile.py GAME [--budget 400it] [--games 2] [--seed 500]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import defaultdict
from typing import Any

from hippodrome.bots import make_bot
from hippodrome.bots.ismcts import MIN_PAIRS, ISMCTSBot
from hippodrome.bots.match import play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.games import load_game


class Profiling(ISMCTSBot):
    """The bot, noting at each search the phase, the moves compared, whether it overrode its guide,
    and the best other move's paired gain and its standard error."""

    phase = ""
    rows: list[tuple[str, int, bool, float, float]] = []  # noqa: RUF012 -- shared by every seat

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        seen = view.observation()
        Profiling.phase = str(seen.get("phase", "")) if isinstance(seen, dict) else ""
        return super().choose(view, rng)

    def _overriding(self, samples: list[list[float]], default: int) -> int:
        chosen = super()._overriding(samples, default)
        base = samples[default]
        best = (0.0, 0.0, -math.inf)
        for i, rewards in enumerate(samples):
            n = min(len(rewards), len(base))
            if i == default or n < MIN_PAIRS:
                continue
            diffs = [rewards[k] - base[k] for k in range(n)]
            gain = statistics.fmean(diffs)
            error = math.sqrt(statistics.variance(diffs) / n)
            z = gain / error if error else 0.0
            if z > best[2]:
                best = (gain, error, z)
        Profiling.rows.append((Profiling.phase, len(samples), chosen != default, best[0], best[2]))
        return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description="where the search overrides its guide")
    parser.add_argument("game")
    parser.add_argument("--budget", default="400it")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    game = load_game(args.game, players=2)
    for i in range(args.games):
        made = make_bot(f"ismcts:{args.budget}", args.game)
        assert isinstance(made, ISMCTSBot)
        search = Profiling(made.budget)
        search.__dict__.update(made.__dict__)
        seats: list[Any] = [search, make_bot("heuristic", args.game)]
        if i % 2:
            seats.reverse()
        play_match(game, seats, seed=args.seed + i)
    by_phase: dict[str, list[tuple[str, int, bool, float, float]]] = defaultdict(list)
    for row in Profiling.rows:
        by_phase[row[0]].append(row)
    print(f"{args.game} ismcts:{args.budget}, {args.games} games from seed {args.seed}")
    print("phase: decisions, moves compared, overrides, gain taken, best other z (median/90%/max)")
    for phase, rows in by_phase.items():
        z = sorted(row[4] for row in rows if row[4] > -math.inf) or [0.0]
        taken = sum(row[3] for row in rows if row[2])
        print(
            f"{phase}: {len(rows)}, {statistics.fmean(r[1] for r in rows):.1f}, "
            f"{sum(r[2] for r in rows)}, {taken:.3f}, "
            f"{z[len(z) // 2]:.2f}/{z[int(0.9 * (len(z) - 1))]:.2f}/{z[-1]:.2f}"
        )


if __name__ == "__main__":
    main()
