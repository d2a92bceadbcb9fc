"""Digests of seeded random games, one line a game: what a build of the engine plays, to compare.

Each registered playable game is played under every option set of its conformance suite
(``GameInfo.conformance_options``), from seeds 0 to ``--seeds`` - 1, by a random player drawing from
the seed; the digest covers every legal action list in order (notation, ``kind``, ``args``), every
chance draw, every event's JSON, each chosen action after a pickle round trip, and the money at the
end. Two builds (pure Python, ``PYTHONPATH=build/compiled``) print the same lines or differ in play:
``tests/engine/test_compiled_build.py`` compares them.

    PYTHONPATH=build/compiled python scripts/game_digest.py [--seeds N] [GAME ...]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random

from hippodrome.games import entry, load_game, playable_ids

MAX_STEPS = 5000
"""A game longer than this is cut (and its digest says so)."""


def digest(game_id: str, options: dict[str, object], seed: int) -> str:
    """One game's line: its game, options and seed, the digest of its play, and its length."""
    game = load_game(game_id, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    sha = hashlib.sha256()
    steps = 0
    while not state.is_terminal() and steps < MAX_STEPS:
        steps += 1
        if state.is_chance_node():
            action = state.sample_chance(rng)
            player = None
        else:
            active = list(state.active_players())
            player = active[0] if len(active) == 1 else rng.choice(active)
            legal = state.legal_actions(player)
            shown = [[str(a), a.kind, a.args] for a in legal]
            sha.update(json.dumps(shown, sort_keys=True, default=str).encode())
            action = pickle.loads(pickle.dumps(legal[rng.randrange(len(legal))]))
        events = state.apply(action) if player is None else state.apply(action, player)
        sha.update(f"{player} {action}".encode())
        sha.update(json.dumps([e.to_json() for e in events], sort_keys=True, default=str).encode())
    sha.update(repr(list(state.money())).encode())
    shown_options = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
    return f"{game_id} {shown_options} seed={seed} {sha.hexdigest()[:16]} steps={steps}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every playable game)")
    parser.add_argument("--seeds", type=int, default=1, help="games an option set (seeds 0..N-1)")
    args = parser.parse_args()
    for game_id in args.games or playable_ids():
        for options in entry(game_id).conformance_options():
            for seed in range(args.seeds):
                print(digest(game_id, dict(options), seed), flush=True)


if __name__ == "__main__":
    main()
