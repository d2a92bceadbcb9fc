"""Fit the weights by which Ascot's search evaluation orders the horses still racing
(``games/ascot/search.py``, ``RUNNING``): games of the rollout policy against itself, and at every
throw of the die in their races, the places still to take; the Plackett-Luce log-weight of a horse
is ``strength * s - behind * b / (left + 1) ** p + fallen * f``, fitted by maximum likelihood
(scipy, the research extra). Prints the fit, its negative log-likelihood a throw on the games it
was fitted on and on others, and the colours' weight alone (``RACE_STRENGTH``) on the same.

    PYTHONPATH=src python scripts/fit_ascot_race.py [--fit 0:300] [--check 300:500]
"""

from __future__ import annotations

import argparse
import math
import random

from scipy.optimize import minimize

from hippodrome.games import load_game
from hippodrome.games.ascot import search
from hippodrome.games.ascot.heuristic import horse_strength
from hippodrome.games.ascot.rules import AscotState, Phase

Throw = tuple[list[float], list[int], list[bool], list[int], list[int]]
"""Lengths left, colour strengths and falls of the horses racing, those horses, and the ones of
them that took the places still open, in order."""


def throws(seeds: range) -> list[Throw]:
    game = load_game("ascot", players=2)
    found: list[Throw] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        seen: list[tuple[list[float], list[int], list[bool], list[int], int]] = []
        while not state.is_terminal():
            assert isinstance(state, AscotState)
            if state.phase is Phase.ROLL:
                racing = [h for seat in state.runners for h in seat if state.racing(h)]
                if len(racing) > 1:
                    left = [search._lengths_left(state.at[h]) for h in racing]
                    strength = [horse_strength(h) for h in racing]
                    fallen = [state.fallen[h] for h in racing]
                    seen.append((left, strength, fallen, racing, len(state.placed)))
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                state.apply(search.rollout(state, player, rng), player)
        assert isinstance(state, AscotState)
        for left, strength, fallen, racing, placed in seen:
            taken = [h for h in state.placed[placed:] if h in racing]
            if taken:
                found.append((left, [int(s) for s in strength], fallen, racing, taken))
    return found


def loss(theta: tuple[float, float, float, float], data: list[Throw]) -> float:
    """The negative log-likelihood a throw of the places taken after it."""
    s, b, p, f = theta
    total = 0.0
    for left, strength, fallen, racing, taken in data:
        ahead = min(left)
        scale = (sum(left) / len(left) + 1.0) ** p
        logit = {
            h: s * st - b * (d - ahead) / scale + f * fall
            for h, d, st, fall in zip(racing, left, strength, fallen, strict=True)
        }
        for h in taken:
            top = max(logit.values())
            total -= logit[h] - top - math.log(sum(math.exp(v - top) for v in logit.values()))
            del logit[h]
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description="fit Ascot's in-race evaluation")
    parser.add_argument("--fit", default="0:300", help="the seeds to fit on, FIRST:END")
    parser.add_argument("--check", default="300:500", help="the seeds to check on, FIRST:END")
    args = parser.parse_args()
    fit, check = (throws(range(*map(int, text.split(":")))) for text in (args.fit, args.check))
    found = minimize(lambda t: loss(t, fit), search.RUNNING, method="Nelder-Mead")
    colours = (search.RACE_STRENGTH, 0.0, 0.0, 0.0)
    print(f"throws: {len(fit)} fitted on, {len(check)} checked on")
    print("fit (s, b, p, f):", ", ".join(f"{v:.3f}" for v in found.x))
    print("negative log-likelihood a throw, fitted on / checked on:")
    for name, theta in (("fit", found.x), ("RUNNING", search.RUNNING), ("colours alone", colours)):
        print(f"  {name}: {loss(tuple(theta), fit):.4f} / {loss(tuple(theta), check):.4f}")


if __name__ == "__main__":
    main()
