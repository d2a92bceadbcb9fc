"""A baseline that learns from winning: MaskablePPO (sb3-contrib) on one seat of Royal Turf.

    pip install -e '.[research]'
    python examples/train_maskable_ppo.py --steps 400000 --minutes 14 --eval 200 \\
        --heuristic-share 0.25 --baselines random --plot docs/examples/maskable_ppo.png --json

- **The environment** is ``hippodrome.interop.gym`` at its defaults but the opponents: 3-player
  Royal Turf, the learner's seat rotated every game (``seat="rotate"``), the game's own reward
  (``reward="win"``: 1 for a win, shared by tied winners, 0 otherwise, only at the end), the action
  mask from ``action_masks()``. No reward shaping.
- **The opponents while training**: ``--heuristic-share`` of the parallel games (default one half)
  are against two heuristic bots, the rest against two random bots. Against two heuristic bots a
  random policy never wins (0 in 200 games), so the win reward alone would teach it nothing; the
  games against random bots, where it wins a third of the time from the start, are meant to give
  it a signal to learn to move and bet (a choice of opponents, not of reward). In the run of
  ``docs/research.md`` (86,024 steps) it learned nothing measurable: see there.
- **The measure**: after training, the policy (its most likely legal id) plays ``--eval`` games
  against two heuristic bots and as many against two random bots, seats rotated; each win rate
  comes with its 95% Wilson interval, beside the same measure for a random policy and for the
  heuristic bot itself in the learner's seat (``--baselines``).
- **The curve**: the win rate of the training games against the heuristic bots, by windows of
  training steps, plotted with the final measures (``--plot``).

Run it under ``nice``; it uses one process (``--envs`` games stepped together) and one torch thread.
``tests/interop/test_examples.py`` runs it on a tiny budget.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from hippodrome.bots import make_bot
from hippodrome.engine.bot import SeatView
from hippodrome.interop.gym import HippodromeGymEnv, env

GAME = "royal_turf"
PLAYERS = 3


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def make_env(opponents: str) -> Any:
    def factory() -> Monitor:
        return Monitor(env(GAME, players=PLAYERS, opponents=opponents, seat="rotate"))

    return factory


class WinCurve(BaseCallback):  # type: ignore[misc, unused-ignore]
    """Each finished training game: the step it ended at, its opponents, its reward."""

    def __init__(self, kinds: list[str], *, deadline: float, log: Any) -> None:
        super().__init__()
        self.kinds = kinds
        self.deadline = deadline
        self.log = log
        self.games: list[tuple[int, str, float]] = []
        self.shown = 0

    def _on_step(self) -> bool:
        for i, info in enumerate(self.locals["infos"]):
            episode = info.get("episode")
            if episode is not None:
                self.games.append((self.num_timesteps, self.kinds[i], float(episode["r"])))
        if self.log is not None and self.num_timesteps >= self.shown + 10_000:
            self.shown = self.num_timesteps
            recent = [r for _, kind, r in self.games[-400:] if kind == "heuristic"]
            rate = sum(recent) / len(recent) if recent else float("nan")
            print(
                f"{self.num_timesteps} steps, {len(self.games)} games, recent win rate against "
                f"the heuristic {rate:.1%}",
                file=self.log,
                flush=True,
            )
        return time.time() < self.deadline  # the wall-clock budget: stop learning when spent


def measure(choose: Any, opponents: str, games: int, seed: int) -> dict[str, Any]:
    """Win rate of ``choose(table, obs)`` over ``games`` games against two ``opponents`` bots."""
    table = env(GAME, players=PLAYERS, opponents=opponents, seat="rotate")
    wins = 0.0
    for g in range(games):
        obs, _ = table.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            obs, reward, done, _, _ = table.step(choose(table, obs))
        wins += reward
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games, "interval": [low, high]}


def policy_chooser(model: MaskablePPO) -> Any:
    def choose(table: HippodromeGymEnv, obs: Any) -> int:
        action, _ = model.predict(obs, action_masks=table.action_masks(), deterministic=True)
        return int(action)

    return choose


def random_chooser(table: HippodromeGymEnv, obs: Any) -> int:
    return int(table.action_space.sample())


def heuristic_chooser() -> Any:
    bot = make_bot("heuristic", GAME)
    rng = random.Random(0)

    def choose(table: HippodromeGymEnv, obs: Any) -> int:
        action = bot.choose(SeatView(table.game_state, table.seat), rng)
        found = table.encoding.actions.id_of(action)
        assert found is not None, "Royal Turf enumerates its actions"
        return found

    return choose


def curve(games: list[tuple[int, str, float]], windows: int) -> list[dict[str, Any]]:
    """Win rate of the training games against the heuristic bots, by windows of steps."""
    against = [(step, r) for step, kind, r in games if kind == "heuristic"]
    if not against:
        return []
    last = max(step for step, _ in against)
    width = max(1, math.ceil(last / windows))
    out = []
    for w in range(windows):
        inside = [r for step, r in against if w * width < step <= (w + 1) * width]
        if inside:
            low, high = wilson(sum(inside), len(inside))
            out.append(
                {
                    "steps": (w + 1) * width,
                    "games": len(inside),
                    "win_rate": sum(inside) / len(inside),
                    "interval": [low, high],
                }
            )
    return out


def run(
    *,
    steps: int,
    evaluation: int,
    envs: int = 8,
    heuristic_share: float = 0.5,
    seed: int = 1,
    windows: int = 20,
    minutes: float = math.inf,
    n_steps: int | None = None,
    baselines: str = "all",
    save: str | None = None,
    log: Any = sys.stderr,
) -> dict[str, Any]:
    """Train for ``steps`` learner decisions (or ``minutes`` of wall time, whichever ends first),
    then measure (``baselines``: ``"all"`` also measures a random policy and the heuristic bot in
    the learner's seat, ``"random"`` the random policy only, ``"none"`` neither); the report as a
    dict. ``save``: where to write the trained model (``MaskablePPO.load`` reads it back)."""
    torch.set_num_threads(1)
    heuristic = round(envs * heuristic_share)
    kinds = ["heuristic"] * heuristic + ["random"] * (envs - heuristic)
    venv = DummyVecEnv([make_env(kind) for kind in kinds])
    venv.seed(seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=n_steps or max(8, 2048 // envs),
        batch_size=min(256, (n_steps or 2048) * envs),
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    started = time.time()
    cpu = time.process_time()
    recorder = WinCurve(kinds, deadline=started + minutes * 60, log=log)
    model.learn(total_timesteps=steps, callback=recorder)
    steps = model.num_timesteps
    if save is not None:
        model.save(save)
    trained = {"wall_seconds": time.time() - started, "cpu_seconds": time.process_time() - cpu}
    if log is not None:
        print(f"trained {steps} steps in {trained['wall_seconds']:.0f} s", file=log, flush=True)
    report: dict[str, Any] = {
        "game": GAME,
        "players": PLAYERS,
        "steps": steps,
        "envs": envs,
        "heuristic_share": heuristic / envs,
        "seed": seed,
        "training": trained,
        "training_games": len(recorder.games),
        "curve": curve(recorder.games, windows),
        "policy": {},
    }
    choosers = {"policy": policy_chooser(model)}
    if baselines in ("random", "all"):
        choosers["random_policy"] = random_chooser
    if baselines == "all":
        choosers["heuristic_bot"] = heuristic_chooser()
    for name, choose in choosers.items():
        report.setdefault(name, {})
        for opponents in ("heuristic", "random"):
            report[name][opponents] = measure(choose, opponents, evaluation, seed=10_000)
            if log is not None:
                m = report[name][opponents]
                low, high = m["interval"]
                print(
                    f"{name} vs two {opponents} bots: {m['win_rate']:.1%} [{low:.1%}, {high:.1%}] "
                    f"over {m['games']} games",
                    file=log,
                    flush=True,
                )
    return report


def plot(report: dict[str, Any], path: str) -> None:
    """The learning curve and the final win rates, as a PNG."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4), width_ratios=[3, 2])
    points = report["curve"]
    if points:
        x = [p["steps"] for p in points]
        left.plot(x, [p["win_rate"] for p in points], marker="o", label="training games")
        left.fill_between(
            x,
            [p["interval"][0] for p in points],
            [p["interval"][1] for p in points],
            alpha=0.2,
            label="95% Wilson interval",
        )
    left.axhline(1 / PLAYERS, color="grey", linestyle=":", label="one in three")
    left.set_xlabel("learner steps")
    left.set_ylabel("win rate against two heuristic bots")
    left.set_title("MaskablePPO on Royal Turf, win reward", fontsize=10)
    left.set_ylim(0, 1)
    left.legend(fontsize=8)
    rows = [k for k in ("random_policy", "policy", "heuristic_bot") if k in report]
    labels = {"random_policy": "random", "policy": "PPO", "heuristic_bot": "heuristic"}
    for k, opponents in enumerate(("heuristic", "random")):
        rates = [report[r][opponents]["win_rate"] for r in rows]
        errors = np.array(
            [
                [
                    report[r][opponents]["win_rate"] - report[r][opponents]["interval"][0],
                    report[r][opponents]["interval"][1] - report[r][opponents]["win_rate"],
                ]
                for r in rows
            ]
        ).T
        where = np.arange(len(rows)) + (k - 0.5) * 0.38
        right.bar(where, rates, 0.38, yerr=errors, capsize=3, label=f"vs two {opponents} bots")
    right.set_xticks(np.arange(len(rows)), [labels[r] for r in rows])
    right.set_ylabel("win rate (95% Wilson)")
    right.set_ylim(0, 1)
    right.set_title(
        f"in the learner's seat, {report['policy']['heuristic']['games']} games each", fontsize=10
    )
    right.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300_000, help="learner decisions to train on")
    parser.add_argument("--eval", type=int, default=1000, help="games per final measure")
    parser.add_argument("--envs", type=int, default=8, help="games stepped together")
    parser.add_argument("--heuristic-share", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--minutes", type=float, default=math.inf, help="wall-clock training budget"
    )
    parser.add_argument(
        "--baselines", choices=("all", "random", "none"), default="all", help="measured beside it"
    )
    parser.add_argument("--save", help="write the trained model here (a .zip)")
    parser.add_argument("--plot", help="write the learning curve here (PNG)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    if args.steps < 1 or args.eval < 1 or args.envs < 1 or not 0 <= args.heuristic_share <= 1:
        parser.error("--steps, --eval and --envs must be positive, --heuristic-share in [0, 1]")
    report = run(
        steps=args.steps,
        evaluation=args.eval,
        envs=args.envs,
        heuristic_share=args.heuristic_share,
        seed=args.seed,
        minutes=args.minutes,
        baselines=args.baselines,
        save=args.save,
    )
    if args.plot:
        plot(report, args.plot)
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
