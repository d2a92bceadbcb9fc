"""Fit the race odds by which Royal Steeple Chase's search evaluation scores a race under way
(``games/royal_steeple_chase/search.py``, ``RACE_ODDS``, ``race_logits``): games played by a
policy, and at every card to be played past the middle of a race still without a winner, how the
race then ended: the seat whose horse won it, or nobody (the cards ran out first). Fitted by
maximum likelihood (scipy, the research extra); prints the fit and its negative log-likelihood a
position on the games it was fitted on and on others, beside the evaluation's own odds and the
course alone (the odds before the hands and void races counted).

    PYTHONPATH=src python scripts/fit_steeple_race.py [--fit 0:150] [--check 150:250]
        [--policy rollout|heuristic]

It fits the match's logistic too (``GAME_SPREAD``): between two races, who wins the match by
the games made and the points toward the next.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from scipy.optimize import minimize, minimize_scalar

from hippodrome.engine.actions import Action
from hippodrome.engine.types import Player
from hippodrome.games import load_game
from hippodrome.games.royal_steeple_chase import search
from hippodrome.games.royal_steeple_chase.events import RaceEnded
from hippodrome.games.royal_steeple_chase.rules import NOBODY, M, Phase, SteepleState

Position = tuple[list[search.Runner], Player]
"""Each seat's horse still running (``race_features``), and the seat that won the race (NOBODY if
it ended void)."""
Score = tuple[list[float], Player]
"""Each seat's games made and points toward the next (``_match``'s reading of the score sheet)
between two races, and the seat that won the match."""
Policy = Callable[[SteepleState, Player, random.Random], Action]


def _heuristic(state: SteepleState, player: Player, rng: random.Random) -> Action:
    legal = list(state.legal_actions(player))
    if len(legal) == 1:
        return legal[0]
    return search.HEURISTIC.decide(state, state.acting_as(player), legal)


POLICIES: dict[str, Policy] = {"rollout": search.rollout, "heuristic": _heuristic}


@dataclass
class Games:
    """What games of a policy against itself show: positions in races and between them."""

    races: list[Position] = field(default_factory=list)
    scores: list[Score] = field(default_factory=list)
    past_middle: int = 0
    """Races that ran past their middle."""
    void: int = 0
    """Those of them that ended void."""


def play(seeds: range, policy: Policy) -> Games:
    """Games ``policy`` plays against itself (two players, the ordinary game), one per seed."""
    game = load_game("royal_steeple_chase", players=2)
    seen = Games()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, SteepleState)
        by_race: dict[int, list[list[search.Runner]]] = {}
        between: list[list[float]] = []
        while not state.is_terminal():
            phase = state.phase
            if phase is Phase.RACE and state.winner == NOBODY and max(state.pos) >= search.HALFWAY:
                runners = search.race_features(state)
                if runners is not None and len(runners) > 1:
                    by_race.setdefault(state.races, []).append(runners)
            elif phase is Phase.DEAL and not state.dealt and state.races:
                target = M.scoring["game_target"]
                between.append(
                    [g + t / target for g, t in zip(state.games, state.toward, strict=True)]
                )
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                state.apply(policy(state, player, rng), player)
        ends = [event.winner for event in state.events if isinstance(event, RaceEnded)]
        for race, positions in by_race.items():
            seen.past_middle += 1
            seen.void += ends[race] == NOBODY
            seen.races.extend((runners, ends[race]) for runners in positions)
        winners = state.outcome().winners
        if len(winners) == 1:
            seen.scores.extend((score, winners[0]) for score in between)
    return seen


def race_loss(theta: search.Odds, data: list[Position]) -> float:
    """The negative log-likelihood a position of the race's end: the seat that won it, or none."""
    total = 0.0
    for runners, winner in data:
        logits = dict(search.race_logits(runners, theta))
        top = max(logits.values())
        norm = top + math.log(sum(math.exp(v - top) for v in logits.values()))
        total -= logits[winner] - norm
    return total / len(data)


def match_loss(spread: float, data: list[Score]) -> float:
    """The negative log-likelihood a position of the match's winner, by ``_match``'s logistic."""
    total = 0.0
    for score, winner in data:
        top = max(score)
        norm = math.log(sum(math.exp((v - top) / spread) for v in score))
        total -= (score[winner] - top) / spread - norm
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description="fit Royal Steeple Chase's search evaluation")
    parser.add_argument("--fit", default="0:150", help="the seeds to fit on, FIRST:END")
    parser.add_argument("--check", default="150:250", help="the seeds to check on, FIRST:END")
    parser.add_argument("--policy", choices=sorted(POLICIES), default="rollout")
    args = parser.parse_args()
    policy = POLICIES[args.policy]
    fit, check = (
        play(range(*map(int, text.split(":"))), policy) for text in (args.fit, args.check)
    )
    print(
        f"{args.policy} games; races past their middle: {fit.past_middle} fitted on, "
        f"{check.past_middle} checked on, of which void (the cards ran out) {fit.void} and "
        f"{check.void}"
    )

    start = (0.8, 0.5, 0.5, 1.0, -2.0, 0.1)
    found = minimize(
        lambda t: race_loss(t, fit.races), start, method="Nelder-Mead", options={"maxiter": 4000}
    )
    # The course alone, with a void race as likely wherever the horses stand.
    alone = minimize(
        lambda t: race_loss((t[0], 0.0, 0.0, 0.0, t[1], 0.0), fit.races),
        (0.8, -1.5),
        method="Nelder-Mead",
    )
    course = (alone.x[0], 0.0, 0.0, 0.0, alone.x[1], 0.0)
    print(f"the race: {len(fit.races)} positions fitted on, {len(check.races)} checked on")
    print("  fit (s, b, k, t, v0, v1):", ", ".join(f"{v:.3f}" for v in found.x))
    print("  the course alone (s, v0):", ", ".join(f"{v:.3f}" for v in alone.x))
    print("  negative log-likelihood a position, fitted on / checked on:")
    for name, theta in (("fit", found.x), ("RACE_ODDS", search.RACE_ODDS), ("course", course)):
        print(
            f"    {name}: {race_loss(tuple(theta), fit.races):.4f} / "
            f"{race_loss(tuple(theta), check.races):.4f}"
        )

    spread = minimize_scalar(lambda v: match_loss(v, fit.scores), bounds=(0.05, 10.0))
    print(f"the match: {len(fit.scores)} positions fitted on, {len(check.scores)} checked on")
    print(f"  fit: {spread.x:.3f}")
    print("  negative log-likelihood a position, fitted on / checked on:")
    for name, value in (("fit", spread.x), ("GAME_SPREAD", search.GAME_SPREAD)):
        print(
            f"    {name}: {match_loss(value, fit.scores):.4f} / "
            f"{match_loss(value, check.scores):.4f}"
        )


if __name__ == "__main__":
    main()
