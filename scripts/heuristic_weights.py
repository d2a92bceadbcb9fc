"""How much a game's heuristic gains or loses when its weights change: two-player games of the
heuristic with some of its class weights set otherwise (``--set NAME=VALUE``) against the plain
heuristic, seats alternating (game *i* seeded ``SEED + i``), with the variant's win rate and its
Wilson 95% interval.

It tells how much room a game leaves a better player than its heuristic: where turning a part of
the heuristic's judgement off, or doubling it, moves nothing, the choices that part makes are
worth little in the game, and a search that judges them better gains little there either.
docs/analysis/bots.md, "Toques et Casques: how much room the game leaves".

    PYTHONPATH=src python scripts/heuristic_weights.py GAME --set NAME=VALUE [--set ...]
        [--games 1500] [--seed 30000] [--option NAME=VALUE ...]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from hippodrome.analysis.stats import wilson_interval
from hippodrome.bots.match import play_match
from hippodrome.games import entry, load_game


def weights(pairs: list[str], heuristic: type[Any]) -> dict[str, float]:
    """The weights ``NAME=VALUE`` asked for, each one the heuristic class has as a number."""
    chosen: dict[str, float] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        current = getattr(heuristic, name, None)
        if not isinstance(current, (int, float)) or isinstance(current, bool):
            raise SystemExit(f"{heuristic.__name__} has no numeric weight {name!r}")
        try:
            chosen[name] = float(value)
        except ValueError:
            raise SystemExit(f"{name}: {value!r} is not a number") from None
    return chosen


def variant_wins(
    game_id: str, changed: dict[str, float], *, games: int, seed: int, options: dict[str, Any]
) -> float:
    """The games the heuristic with the weights ``changed`` wins (shared wins as fractions)
    against the plain heuristic: game *i* seeded ``seed + i``, the variant first in the even ones."""
    game = load_game(game_id, **options)
    heuristic = entry(game_id).heuristic_class()
    variant = type(f"{heuristic.__name__}Variant", (heuristic,), dict(changed))()
    plain = heuristic()
    won = 0.0
    for i in range(games):
        seats = [variant, plain] if i % 2 == 0 else [plain, variant]
        won += play_match(game, seats, seed=seed + i).returns()[i % 2]
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description="the heuristic with other weights against itself")
    parser.add_argument("game")
    parser.add_argument("--set", action="append", default=[], help="a weight, NAME=VALUE")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=30000)
    parser.add_argument("--option", action="append", default=[], help="a game option, NAME=VALUE")
    args = parser.parse_args()
    options: dict[str, Any] = {"players": 2, **dict(text.split("=", 1) for text in args.option)}
    changed = weights(args.set, entry(args.game).heuristic_class())
    start = time.perf_counter()
    won = variant_wins(args.game, changed, games=args.games, seed=args.seed, options=options)
    low, high = wilson_interval(won, args.games)
    shown = load_game(args.game, **options).options.to_json()
    print(
        f"{args.game} {shown} variant {changed} against the heuristic: "
        f"{args.games} games from seed {args.seed}, the variant won {won:g}, "
        f"{100 * won / args.games:.1f}% (Wilson 95% {100 * low:.1f}-{100 * high:.1f}%), "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
