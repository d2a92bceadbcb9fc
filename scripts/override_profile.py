"""Where the search could do better than its guide, phase by phase: games of ``ismcts:BUDGET``
against ``heuristic`` (two players, the search in the first seat of game 0 and alternating), and at
each of the search's decisions the paired evidence its samples give against the guide's move (the
k-th try of every move plays the same determinization and chance).

For each phase (the seat's observation's ``phase``): the decisions searched, the moves compared at
each (mean), how often the search overrode the guide, the sum of the mean gains it took by doing
so (in shares of the win), and the best other move's paired gain in standard errors (median, 90th
percentile and largest). A game whose guide is hard to better shows few overrides and small
z-scores everywhere; a phase with large ones is where the search earns its time.

``--recheck N`` judges each override again with N fresh iterations spent on the two moves alone
(the guide's and the one played): the gain the search's own model of the game (its rollouts and
evaluation) gives the override once its samples are many. Overrides that gain there but lose
games say the model is wrong, not the statistics. ``--truth N`` judges each override in the game
itself: from the real position (the hands the seat cannot see included), N games of the
heuristic for every seat after each of the two moves, paired by seed: what the override is worth
against the benchmark's opponent. docs/analysis/bots.md, "Where the search overrides its guide".

    PYTHONPATH=src python scripts/override_profile.py GAME [--budget 400it] [--games 2] [--seed 500]
        [--option NAME=VALUE ...] [--recheck N] [--truth N]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import defaultdict
from typing import Any

from hippodrome.bots import make_bot
from hippodrome.bots.ismcts import MIN_PAIRS, Budget, ISMCTSBot
from hippodrome.bots.match import play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.games import load_game


class Profiling(ISMCTSBot):
    """The bot, noting at each search the phase, the moves compared, whether it overrode its guide
    (and the paired gain of the move it played instead), and the best other move's z."""

    phase = ""
    rows: list[tuple[str, int, bool, float, float]] = []  # noqa: RUF012 -- shared by every seat
    rechecks: list[tuple[float, float, float]] = []  # noqa: RUF012 -- gain, again, its error
    recheck = 0
    truths: list[tuple[str, str, float, float, float]] = []  # noqa: RUF012 -- what, gain, truth, error
    truth = 0
    view: SeatView | None = None
    moves: list[tuple[Action, ...]] = []  # noqa: RUF012 -- set at each search

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        seen = view.observation()
        Profiling.phase = str(seen.get("phase", "")) if isinstance(seen, dict) else ""
        self.view = view
        return super().choose(view, rng)

    def _root_moves(
        self, view: SeatView, legal: list[Action], rng: random.Random
    ) -> tuple[list[tuple[Action, ...]], int | None]:
        moves, default = super()._root_moves(view, legal, rng)
        self.moves = moves
        return moves, default

    def _overriding(self, samples: list[list[float]], default: int) -> int:
        chosen = super()._overriding(samples, default)
        base = samples[default]
        taken = 0.0
        if chosen != default:
            n = min(len(base), len(samples[chosen]))
            taken = statistics.fmean(samples[chosen][k] - base[k] for k in range(n))
            if Profiling.recheck and self.view is not None:
                again, error = self._again(self.view, self.moves[default], self.moves[chosen])
                Profiling.rechecks.append((taken, again, error))
            if Profiling.truth and self.view is not None:
                guide, played = self.moves[default], self.moves[chosen]
                truth, error = _truth(self.view, guide, played)
                what = f"{Profiling.phase}: {_text(guide)} -> {_text(played)}"
                Profiling.truths.append((Profiling.phase, what, taken, truth, error))
        best = -math.inf
        for i, rewards in enumerate(samples):
            n = min(len(rewards), len(base))
            if i == default or n < MIN_PAIRS:
                continue
            diffs = [rewards[k] - base[k] for k in range(n)]
            error = math.sqrt(statistics.variance(diffs) / n)
            z = statistics.fmean(diffs) / error if error else 0.0
            best = max(best, z)
        Profiling.rows.append((Profiling.phase, len(samples), chosen != default, taken, best))
        return chosen

    def _again(
        self, view: SeatView, guide: tuple[Action, ...], played: tuple[Action, ...]
    ) -> tuple[float, float]:
        """The paired gain of ``played`` over ``guide`` (each a move as the root compares it: one
        action, or a whole move's steps) and its standard error, from a search of ``recheck``
        iterations between those two moves alone."""
        found: list[tuple[float, float]] = []

        class Judge(ISMCTSBot):
            def _root_moves(
                self, view: SeatView, legal: list[Action], rng: random.Random
            ) -> tuple[list[tuple[Action, ...]], int | None]:
                return [guide, played], 0

            def _overriding(self, samples: list[list[float]], default: int) -> int:
                n = min(len(samples[0]), len(samples[1]))
                diffs = [samples[1][k] - samples[0][k] for k in range(n)]
                found.append((statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(n)))
                return default

        judge = Judge(Budget(iterations=Profiling.recheck))
        for name in ("rollout", "rollout_depth", "evaluate", "candidates", "settled", "guide"):
            setattr(judge, name, getattr(self, name))
        judge.choose(view, random.Random(0))
        return found[0]


def _text(move: tuple[Action, ...]) -> str:
    return ", ".join(str(action) for action in move)


def _truth(
    view: SeatView, guide: tuple[Action, ...], played: tuple[Action, ...]
) -> tuple[float, float]:
    """The paired gain of ``played`` over ``guide`` in the game itself: from the real position
    (not a determinization), each move then the heuristic for every seat to the end of the game,
    ``Profiling.truth`` times, the k-th play of both moves drawing chance and the bots' choices
    from the same seed; the seat's mean gain in returns and its standard error."""
    real = view._state  # the script judges against the truth, which the seat cannot see
    me = view.player
    game_id = real.game.id
    diffs: list[float] = []
    for k in range(Profiling.truth):
        ends: list[float] = []
        for move in (guide, played):
            state = real.clone()
            for action in move:
                state.apply(action, me)
            rng = random.Random(k)
            bots = [make_bot("heuristic", game_id) for _ in range(state.game.num_players)]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                for player in list(state.active_players()):
                    state.apply(bots[player].choose(SeatView(state, player), rng), player)
            ends.append(state.returns()[me])
        diffs.append(ends[1] - ends[0])
    error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), error


def main() -> None:
    parser = argparse.ArgumentParser(description="where the search overrides its guide")
    parser.add_argument("game")
    parser.add_argument("--budget", default="400it")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--option", action="append", default=[], help="a game option, NAME=VALUE")
    parser.add_argument("--recheck", type=int, default=0, help="iterations to judge each override")
    parser.add_argument(
        "--truth", type=int, default=0, help="games of the heuristic to judge each override"
    )
    args = parser.parse_args()
    Profiling.recheck = args.recheck
    Profiling.truth = args.truth
    options = dict(text.split("=", 1) for text in args.option)
    game = load_game(args.game, **{"players": 2, **options})
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
    print(f"{args.game} {options} ismcts:{args.budget}, {args.games} games from seed {args.seed}")
    print("phase: decisions, moves compared, overrides, gain taken, best other z (median/90%/max)")
    for phase, rows in by_phase.items():
        z = sorted(row[4] for row in rows if row[4] > -math.inf) or [0.0]
        taken = sum(row[3] for row in rows if row[2])
        print(
            f"{phase}: {len(rows)}, {statistics.fmean(r[1] for r in rows):.1f}, "
            f"{sum(r[2] for r in rows)}, {taken:.3f}, "
            f"{z[len(z) // 2]:.2f}/{z[int(0.9 * (len(z) - 1))]:.2f}/{z[-1]:.2f}"
        )

    if Profiling.rechecks:
        print(f"overrides judged again at {args.recheck} iterations (gain then, gain again):")
        for gain, again, error in Profiling.rechecks:
            print(f"  {gain:+.3f}, {again:+.3f} ± {error:.3f}")
        print(f"mean gain again: {statistics.fmean(r[1] for r in Profiling.rechecks):+.3f}")
    if Profiling.truths:
        print(f"overrides judged in the game, {args.truth} heuristic games each (gain, truth):")
        for _, what, gain, truth, error in Profiling.truths:
            print(f"  {what}: {gain:+.3f}, {truth:+.3f} ± {error:.3f}")
        by: dict[str, list[float]] = defaultdict(list)
        for phase, _, _, truth, _ in Profiling.truths:
            by[phase].append(truth)
        for phase, truths in by.items():
            print(f"{phase}: {len(truths)} overrides, mean truth {statistics.fmean(truths):+.3f}")


if __name__ == "__main__":
    main()
