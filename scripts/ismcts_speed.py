"""ISMCTS iterations per second in each registered game: the bot thinks ``--ms`` at a few decision
points of a random game (default options), and the iterations it ran are counted. The bot is the
one ``--seat ismcts:200ms`` makes (the game's rollout policy and evaluation, its heuristic as the
guide); ``--rollout random`` plays random rollouts instead. ``--phase NAME`` measures at decisions
of that phase instead (the seat's observation's ``phase``: ``move`` is Ascot's race, ``race`` Royal
Steeple Chase's), in games of the heuristic (random games seldom reach a race), in the games that
have such a phase.

    PYTHONPATH=src python scripts/ismcts_speed.py [--ms 200] [--positions 5] [--seed 1]
        [--rollout game|random] [--phase NAME]
"""

from __future__ import annotations

import argparse
import random
import time

from hippodrome.bots import RandomBot, make_bot
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.games import load_game, playable_ids


def main() -> None:
    parser = argparse.ArgumentParser(description="ISMCTS iterations per second in each game")
    parser.add_argument("--ms", type=float, default=200.0)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollout", choices=("game", "random"), default="game")
    parser.add_argument("--phase", help="measure at this phase's decisions, in heuristic games")
    args = parser.parse_args()
    for game_id in playable_ids():
        game = load_game(game_id)
        rng = random.Random(args.seed)
        player_bot: Bot = RandomBot() if args.phase is None else make_bot("heuristic", game_id)
        state = game.new_initial_state()
        iterations = 0
        seconds = 0.0
        asked = 0
        while not state.is_terminal() and asked < args.positions:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                view = SeatView(state, player)
                seen = view.observation()
                wanted = args.phase is None or (
                    isinstance(seen, dict) and seen.get("phase") == args.phase
                )
                if wanted and len(view.legal_actions()) > 1 and asked < args.positions:
                    bot = make_bot(f"ismcts:{args.ms:g}ms:{args.rollout}", game_id)
                    assert isinstance(bot, ISMCTSBot)
                    start = time.perf_counter()
                    bot.choose(view, random.Random(asked))
                    seconds += time.perf_counter() - start
                    iterations += bot.last_iterations
                    asked += 1
                state.apply(player_bot.choose(view, rng), player)
        if not asked:
            continue  # no such phase in this game
        rate = iterations / seconds if seconds else 0.0
        print(
            f"{game_id}: {rate:.0f} iterations/s ({iterations} in {seconds:.2f} s, {asked} moves)"
        )


if __name__ == "__main__":
    main()
