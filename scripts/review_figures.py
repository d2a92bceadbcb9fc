"""The review's honesty over many games (docs/analysis/review.md, issue 36 point 4): the average loss
a decision, by the review, of a seat played by the random bot, the heuristic bot and the search bot
(ISMCTS), the other seats on the heuristic. Expected: random > heuristic > search.

Each game is played from its own seed with the kind under test on seat 0, then seat 0 is reviewed
(``review_game``, the game's default budget unless ``--budget``). A game's figure is the mean of its
decisions' held-out losses (``loss_held_out``: the best move picked on half the rounds, measured on
the other); the table gives the mean over games with its 95% interval (normal approximation over
games), and the labels a game.

    .venv/bin/python scripts/review_figures.py --game royal_turf --games 20 --workers 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from typing import Any

from hippodrome.analysis.review import ReviewBudget, default_budget, review_game
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.stats import Z95
from hippodrome.games import load_game


def one_game(job: tuple[str, int, str, int, str | None]) -> dict[str, Any]:
    game_id, players, kind, seed, budget_text = job
    game = load_game(game_id, players=players)
    kinds = [kind] + ["heuristic"] * (players - 1)
    final = play_match(game, [make_bot(k, game_id) for k in kinds], seed=seed)
    record = GameRecord.from_state(final, [Seat(f"{k}-{i}", k) for i, k in enumerate(kinds)])
    budget = ReviewBudget.parse(budget_text) if budget_text else default_budget(game_id)
    data = review_game(record, seats=[0], budget=budget, seed=seed)
    ds = data["decisions"]
    seat = data["by_seat"]["0"]
    return {
        "kind": kind,
        "seed": seed,
        "decisions": len(ds),
        "money": statistics.fmean(d["loss_held_out"]["money"] for d in ds) if ds else 0.0,
        "win": statistics.fmean(d["loss_held_out"]["win"] for d in ds) if ds else 0.0,
        "labels": sum(seat["labels"].values()),
        "blunders": seat["labels"]["blunder"],
        "won": seat["won"],
    }


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="royal_turf")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument(
        "--budget", default=None, help="rounds or rounds x moves (default: the game's)"
    )
    parser.add_argument("--search", default="ismcts:200it", help="the search bot's spec")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    kinds = ["random", "heuristic", args.search]
    jobs = [
        (args.game, args.players, kind, 1000 + i, args.budget)
        for i in range(args.games)
        for kind in kinds
    ]
    began = time.perf_counter()
    rows = []
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for row in pool.imap_unordered(one_game, jobs):
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    summary = []
    print(f"{args.game}, {args.players} players, {args.games} games a kind, seat 0 reviewed")
    print(
        "kind | money lost a decision (95%) | win chance lost a decision, points (95%) | labels a game | won"
    )
    for kind in kinds:
        mine = [r for r in rows if r["kind"] == kind]
        money, money_half = interval([r["money"] for r in mine])
        win, win_half = interval([100 * r["win"] for r in mine])
        labels = statistics.fmean(r["labels"] for r in mine)
        won = statistics.fmean(r["won"] for r in mine)
        print(
            f"{kind} | {money:.1f} ± {money_half:.1f} | {win:.2f} ± {win_half:.2f} | {labels:.1f} | {won:.2f}"
        )
        summary.append(
            {
                "kind": kind,
                "money": [money, money_half],
                "win": [win, win_half],
                "labels": labels,
                "won": won,
            }
        )
    print(f"({time.perf_counter() - began:.0f} s)")
    print(json.dumps({"game": args.game, "rows": rows, "summary": summary}))


if __name__ == "__main__":
    main()
