"""Teach a small agent to bet at Royal Turf, through Hippodrome's PettingZoo environment.

    pip install -e '.[research]'
    python examples/royal_turf_betting.py --episodes 3000 --eval 400 --plot betting.png

The agent is a linear softmax policy over the legal betting ids of Royal Turf's enumerated action
encoding. Each bet is scored from the seat's observation through Royal Turf's exact layout, read by
slot name in the game's units (``encoding.observation.raw``; the environment's vector holds the same
slots scaled, see ``docs/research.md``): the horse's slots (squares to go, its card, its
place, the bets already on it) and the token's value, with one set of weights for every horse and
token. It learns only the bets: when its
seat must move a horse, the game's heuristic bot moves for it, so what changes between "before" and
"after" is the betting alone. Training is REINFORCE, race by race: after each game, every bet the
agent placed is pushed up or down by what its race earned the agent against the mean of the other
seats (the money each seat sees in its view; the environment's own reward, 1 for winning the game
of three races, is too rare a signal to learn bets from in a few thousand games).

It plays 3-player games, its seat rotated every game, against two heuristic bots (the opponents that
bet on simulated odds). Before and after training it is measured against two random bots and
against two heuristic bots, each win rate with its 95% interval; for scale, the same measure is
taken with the heuristic bot itself in the agent's seat. ``--json`` prints the report; ``--plot``
draws the learning curve and the before/after win rates (matplotlib).

Everything runs on the CPU, in one process, in a few minutes here (``--episodes 3000``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hippodrome.analysis.stats import wilson_interval
from hippodrome.bots.base import make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.games.royal_turf.actions import Bet
from hippodrome.games.royal_turf.material import material
from hippodrome.interop.pettingzoo import HippodromeEnv, env

GAME = "royal_turf"
PLAYERS = 3
ROLLS = material().die_faces
"""The six faces of Royal Turf's die (three heads): a card's average lengths are over these."""

Chooser = Callable[[HippodromeEnv, int, dict[str, Any], random.Random], int]
"""Picks an id for a seat from its PettingZoo observation (the table is there for the bots)."""


class BetFeatures:
    """What the agent looks at for one bet, read from the environment's observation by slot name
    (Royal Turf's exact layout, ``table.encoding.observation.names``): the horse's own slots
    (squares to go, its card's lengths, its place and the bets already on it), the token's value,
    and the token times the lengths the horse runs on an average roll."""

    def __init__(self, table: HippodromeEnv) -> None:
        names = table.encoding.observation.names
        assert names is not None, "Royal Turf declares an exact layout"
        catalogue = table.encoding.actions.actions
        assert catalogue is not None, "Royal Turf enumerates its actions"
        where = {name: i for i, name in enumerate(names)}
        horses = [h for h in dict.fromkeys(n.split("/")[0] for n in names if "/card/" in n)]
        self.blocks: dict[int, np.ndarray[Any, Any]] = {}
        self.cards: dict[int, np.ndarray[Any, Any]] = {}
        self.tokens: dict[int, float] = {}
        for i, action in enumerate(catalogue):
            if not isinstance(action, Bet):
                continue
            horse = horses[action.horse]
            self.blocks[i] = np.array([j for n, j in where.items() if n.startswith(f"{horse}/")])
            self.cards[i] = np.array([where[f"{horse}/card/{face}"] for face in ROLLS])
            self.tokens[i] = float(action.token)
        self.size = 3 + len(next(iter(self.blocks.values())))

    def of(self, x: np.ndarray[Any, Any], bet: int) -> np.ndarray[Any, Any]:
        token = self.tokens[bet]
        average = float(x[self.cards[bet]].mean())
        return np.concatenate(([1.0, token, token * average / 10], x[self.blocks[bet]] / 10))


@dataclass
class BettingPolicy:
    """Softmax over the legal bets of a linear score of each bet's features (shared by every
    horse and token, so a few thousand games teach it)."""

    features: BetFeatures
    rate: float = 0.01
    weights: np.ndarray[Any, Any] = field(init=False)
    scale: float = 1.0
    """A running mean of the size of the rewards, to keep the steps of one size."""
    trace: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], int]] = field(
        default_factory=list
    )
    """The bets of the game in progress: each legal bet's features, the one chosen, its race."""
    money: dict[int, list[int]] = field(default_factory=dict)
    """Each seat's money when the agent first bet in a race (payouts come at a race's end)."""

    def __post_init__(self) -> None:
        self.weights = np.zeros(self.features.size, np.float64)

    def probabilities(self, phi: np.ndarray[Any, Any]) -> Any:
        scores = phi @ self.weights
        p = np.exp(scores - scores.max())
        return p / p.sum()

    def choose(
        self, observation: dict[str, Any], view: dict[str, Any], rng: random.Random, *, learn: bool
    ) -> int:
        legal = [
            int(i) for i in np.flatnonzero(observation["action_mask"]) if i in self.features.tokens
        ]
        x = observation["observation"].astype(np.float64)
        phi = np.array([self.features.of(x, i) for i in legal])
        p = self.probabilities(phi)
        k = min(int(np.searchsorted(np.cumsum(p), rng.random())), len(legal) - 1)
        if learn:
            self.trace.append((phi, np.array(k), view["race"]))
            self.money.setdefault(view["race"], list(view["money"]))
        return legal[k]

    def finish(self, seat: int, money: list[int]) -> None:
        """REINFORCE on the game just played, race by race: each bet is pushed up or down by what
        its race earned the agent against the mean of the others
        (grad log pi(a) = phi(a) - sum_b pi(b) phi(b))."""
        races = sorted(self.money)
        earned: dict[int, float] = {}
        for r in races:
            after = self.money.get(r + 1, money)
            gains = [b - a for a, b in zip(self.money[r], after, strict=True)]
            others = [g for s, g in enumerate(gains) if s != seat]
            earned[r] = gains[seat] - sum(others) / len(others)
            self.scale += 0.01 * (abs(earned[r]) - self.scale)
        for phi, k, race in self.trace:
            p = self.probabilities(phi)
            grad = phi[int(k)] - p @ phi
            self.weights += self.rate * (earned[race] / max(self.scale, 1e-9)) * grad
        self.trace.clear()
        self.money.clear()


def _id_of(table: HippodromeEnv, seat: int, action: Action) -> int:
    for i, legal in table.encoding.actions.legal(table.game_state, seat):
        if legal == action:
            return i
    raise AssertionError(f"{action} is not legal for seat {seat}")


def bot_chooser(bot: Bot) -> Chooser:
    """A Hippodrome bot playing through the environment: its action, as the environment's id."""

    def choose(table: HippodromeEnv, seat: int, _obs: dict[str, Any], rng: random.Random) -> int:
        return _id_of(table, seat, bot.choose(SeatView(table.game_state, seat), rng))

    return choose


def agent_chooser(policy: BettingPolicy, *, learn: bool) -> Chooser:
    """The agent: its policy bets, the heuristic bot moves its horses."""
    mover = bot_chooser(make_bot("heuristic", GAME))

    def choose(table: HippodromeEnv, seat: int, obs: dict[str, Any], rng: random.Random) -> int:
        view = table.game_state.observation(seat)
        if view["phase"] == "betting":
            # The features read the layout's slots in the game's units (lengths, tokens), as this
            # example was tuned on; the environment's vector holds them scaled (docs/research.md).
            raw = table.encoding.observation.raw(table.game_state, seat)
            return policy.choose({**obs, "observation": raw}, view, rng, learn=learn)
        return mover(table, seat, obs, rng)

    return choose


def play(table: HippodromeEnv, choosers: list[Chooser], seed: int) -> list[float]:
    """One game through the AEC loop; each seat's return."""
    rng = random.Random(seed)
    table.reset(seed=seed)
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        obs, reward, done, truncated, _ = table.last()
        returns[agent] += reward
        if done or truncated:
            table.step(None)
            continue
        seat = table.possible_agents.index(agent)
        table.step(choosers[seat](table, seat, obs, rng))
    return [returns[a] for a in table.possible_agents]


def seated(agent: Chooser, opponent: Chooser, seat: int) -> list[Chooser]:
    return [agent if s == seat else opponent for s in range(PLAYERS)]


def measure(table: HippodromeEnv, agent: Chooser, opponent: Chooser, games: int, seed: int) -> Any:
    """The agent's win rate (ties shared) over ``games`` games, its seat rotated, with its interval."""
    won = sum(
        play(table, seated(agent, opponent, g % PLAYERS), seed + g)[g % PLAYERS]
        for g in range(games)
    )
    low, high = wilson_interval(won, games)
    return {"games": games, "win_rate": won / games, "interval": [low, high]}


def run(episodes: int, evaluation: int, seed: int = 1, log: Any = sys.stderr) -> dict[str, Any]:
    table = env(GAME, players=PLAYERS)
    policy = BettingPolicy(BetFeatures(table))
    opponents = {
        "random": bot_chooser(make_bot("random", GAME)),
        "heuristic": bot_chooser(make_bot("heuristic", GAME)),
    }
    heuristic = bot_chooser(make_bot("heuristic", GAME))
    frozen = agent_chooser(policy, learn=False)

    def evaluate(who: Chooser) -> dict[str, Any]:
        return {
            name: measure(table, who, opp, evaluation, 10**6) for name, opp in opponents.items()
        }

    report: dict[str, Any] = {"game": GAME, "players": PLAYERS, "episodes": episodes}
    report["before"] = evaluate(frozen)
    print(f"before: {report['before']}", file=log)
    learner = agent_chooser(policy, learn=True)
    curve: list[float] = []
    for episode in range(episodes):
        seat = episode % PLAYERS
        result = play(table, seated(learner, opponents["heuristic"], seat), seed + episode)
        policy.finish(seat, list(table.game_state.observation(seat)["money"]))
        curve.append(result[seat])
        if (episode + 1) % 500 == 0:
            print(f"episode {episode + 1}: last 500 won {np.mean(curve[-500:]):.3f}", file=log)
    report["after"] = evaluate(frozen)
    print(f"after: {report['after']}", file=log)
    report["heuristic_in_the_seat"] = evaluate(heuristic)
    report["curve"] = curve
    return report


def plot(report: dict[str, Any], path: str) -> None:
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    curve = np.asarray(report["curve"])
    window = max(1, min(300, len(curve) // 5))
    rolling = np.convolve(curve, np.ones(window) / window, mode="valid")
    left.plot(np.arange(window, len(curve) + 1), rolling)
    left.axhline(1 / PLAYERS, color="grey", linestyle=":", label="an even share")
    left.set(
        title="Training against two heuristic bots",
        xlabel="game",
        ylabel=f"win rate (last {window} games)",
    )
    left.legend()
    rows = [("before", "untrained agent"), ("after", "trained agent")]
    rows.append(("heuristic_in_the_seat", "heuristic bot"))
    width = 0.27
    opponents = ("random", "heuristic")
    for k, (key, label) in enumerate(rows):
        rates = [report[key][opp]["win_rate"] for opp in opponents]
        low = [
            rate - report[key][opp]["interval"][0]
            for rate, opp in zip(rates, opponents, strict=True)
        ]
        high = [
            report[key][opp]["interval"][1] - rate
            for rate, opp in zip(rates, opponents, strict=True)
        ]
        right.bar(
            np.arange(2) + (k - 1) * width, rates, width, yerr=[low, high], capsize=3, label=label
        )
    right.axhline(1 / PLAYERS, color="grey", linestyle=":")
    right.set_xticks(range(2), ["vs two random bots", "vs two heuristic bots"])
    right.set(title="Win rate, 95% intervals", ylabel="win rate", ylim=(0, 1))
    right.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000, help="training games")
    parser.add_argument("--eval", type=int, default=400, help="games per measure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", metavar="FILE.png")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.episodes < 0 or args.eval < 1:
        parser.error("--episodes must be 0 or more and --eval at least 1")
    report = run(args.episodes, args.eval, args.seed)
    if args.plot:
        plot(report, args.plot)
    if args.json:
        print(json.dumps({k: v for k, v in report.items() if k != "curve"}, indent=2))


if __name__ == "__main__":
    main()
