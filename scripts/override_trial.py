"""The search against its guide, with the rule by which it overrides the guide's move: two-player
games of ``ismcts:BUDGET`` against ``heuristic``, seats alternating (game *i* seeded ``SEED + i``),
with the search's win rate, its Wilson 95% interval and how often it overrode the guide's move.

``--rule bonferroni`` is the bot's own rule (the bar rises with the moves tried); ``--rule plain``
overrides at ``override_z`` standard errors whatever the number of moves (the rule before it).
docs/analysis/bots.md, "The bar to override rises with the moves tried".

    PYTHONPATH=src python scripts/override_trial.py GAME [--budget 50it] [--games 100] [--seed 0]
        [--rule bonferroni|plain]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from hippodrome.analysis.stats import wilson_interval
from hippodrome.bots import ismcts, make_bot
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.bots.match import play_match
from hippodrome.games import load_game


class Counting(ISMCTSBot):
    """The bot, counting its decisions and the ones where it overrode its guide."""

    decisions = 0
    overrides = 0

    def _overriding(self, samples: list[list[float]], default: int) -> int:
        chosen = super()._overriding(samples, default)
        Counting.decisions += 1
        Counting.overrides += chosen != default
        return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description="the search against its guide, by override rule")
    parser.add_argument("game")
    parser.add_argument("--budget", default="50it")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rule", choices=("bonferroni", "plain"), default="bonferroni")
    args = parser.parse_args()
    if args.rule == "plain":
        ismcts.override_bar = lambda z, tried: z
    game = load_game(args.game, players=2)
    wins = 0.0
    start = time.perf_counter()
    for i in range(args.games):
        made = make_bot(f"ismcts:{args.budget}", args.game)
        assert isinstance(made, ISMCTSBot)
        search = Counting(made.budget)
        search.__dict__.update(made.__dict__)
        seats: list[Any] = [search, make_bot("heuristic", args.game)]
        mine = i % 2
        if mine:
            seats.reverse()
        wins += play_match(game, seats, seed=args.seed + i).returns()[mine]
    low, high = wilson_interval(wins, args.games)
    print(
        f"{args.game} ismcts:{args.budget} rule={args.rule} games={args.games} seed={args.seed}: "
        f"win rate {wins / args.games:.1%} (95% {low:.1%}-{high:.1%}), overrides "
        f"{Counting.overrides} in {Counting.decisions} decisions, "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
