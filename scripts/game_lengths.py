"""How long random games last, against the length each game declares (issue 32, point 10).

    python scripts/game_lengths.py                          # every playable game, 40 playouts a set
    python scripts/game_lengths.py royal_steeple_chase --playouts 1000 --json
    python scripts/game_lengths.py ascot --heuristic        # the game's heuristic bot in every seat

For each game and option set (the default one, the conformance suite's, and the longest legal ones
listed below: most players, laps, deals, the largest track...), plays uniformly random playouts
(``bots.play_match`` with random bots, seeds 0, 1, ...) and prints the longest and the mean length,
counted as ``Traits.max_length`` counts it: every action applied, chance outcomes included. Beside
them, the bound the game declares for that option set (``GameInfo.max_length``) and its manifest's
bound over every option set. A playout longer than its bound is a bug, and the script says so (exit
status 1). ``tests/conformance/test_game_length.py`` runs a few of these playouts on every commit;
this runs the many. ``--heuristic`` seats the game's heuristic bot instead: play in earnest, which
the limits a game adds to make every game end (Toques et Casques' D32, Ascot's D47 to D49, ...) must
leave alone.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from hippodrome.bots import RandomBot, play_match
from hippodrome.games import entry, load_game, playable_ids

LONGEST: dict[str, list[dict[str, Any]]] = {
    "royal_turf": [{"players": 6, "zero_tokens": True, "hidden_bets": True}],
    "royal_steeple_chase": [
        {"players": 8},
        {"players": 8, "incidents": True},
        {"players": 2},
        {"players": 8, "scoring": "simple", "incidents": True},
        {"players": 8, "pirate": "points", "incidents": True},
        {"players": 4, "scoring": "auction"},
        {"players": 4, "scoring": "contract"},
        {"players": 3, "scoring": "dummy"},
    ],
    "toques_et_casques": [
        {"players": 6, "laps": 9, "track": "large"},
        {"players": 6, "category": "C", "speed": 1, "laps": 9, "track": "large"},
        {"players": 7, "steward": True, "category": "D", "laps": 9, "track": "large"},
    ],
    "win_place_show": [{"players": 6}, {"players": 6, "steward": 1}],
    "ascot": [{"players": 6, "place_bets": True}],
}
"""Per game, the legal option sets that make the longest games, beside the default and the
conformance suite's."""


def option_sets(game_id: str) -> list[dict[str, Any]]:
    sets: list[dict[str, Any]] = [{}]
    for options in [*entry(game_id).conformance_options(), *LONGEST.get(game_id, [])]:
        if options not in sets:
            sets.append(options)
    return sets


def measure(
    game_id: str, options: dict[str, Any], playouts: int, *, heuristic: bool = False
) -> dict[str, Any]:
    """``playouts`` random games of ``game_id`` with ``options`` (``heuristic``: played by its
    heuristic bot): their lengths and the bounds."""
    info = entry(game_id)
    assert info.traits is not None
    game = load_game(game_id, **options)
    bound = info.max_length(game)
    bot: Any = info.heuristic_class() if heuristic else RandomBot
    lengths = []
    start = time.process_time()
    for seed in range(playouts):
        bots = [bot() for _ in range(game.num_players)]
        state = play_match(game, bots, seed=seed, max_actions=bound + 1)
        lengths.append(len(state.history))
    return {
        "game": game_id,
        "options": options,
        "bots": "heuristic" if heuristic else "random",
        "playouts": playouts,
        "longest": max(lengths),
        "mean": round(statistics.fmean(lengths), 1),
        "over_bound": sum(1 for n in lengths if n > bound),
        "bound": bound,
        "manifest_bound": info.traits.max_length,
        "cpu_seconds": round(time.process_time() - start, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every playable game)")
    parser.add_argument("--playouts", type=int, default=40, help="random playouts per option set")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument(
        "--heuristic", action="store_true", help="the game's heuristic bot in every seat"
    )
    args = parser.parse_args(argv)
    failed = False
    for game_id in args.games or playable_ids():
        for options in option_sets(game_id):
            try:
                row = measure(game_id, options, args.playouts, heuristic=args.heuristic)
            except RuntimeError as exc:  # play_match found no end within the bound
                row = {"game": game_id, "options": options, "error": str(exc)}
            failed |= "error" in row or row["over_bound"] > 0
            if args.json:
                print(json.dumps(row), flush=True)
                continue
            shown = json.dumps(options) if options else "(default options)"
            if "error" in row:
                print(f"{game_id:20} {shown:70} {row['error']}", flush=True)
                continue
            print(
                f"{game_id:20} {shown:70} longest {row['longest']:>7,} mean {row['mean']:>9,.1f}"
                f"  bound {row['bound']:>8,} (any options {row['manifest_bound']:,})"
                f"{'  OVER THE BOUND' if row['over_bound'] else ''}",
                flush=True,
            )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
