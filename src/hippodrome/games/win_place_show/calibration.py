"""The printed odds and the tote board's prices against the horses' chances (issue 12: « the printed
odds match the horses' real chances »; no bet returns more than its stake, D3), and the data
check that holds them to it.

Each race is run ``[odds_check] runs`` times from a fixed seed with every horse ridden to win: nobody
owns a horse, so the steward rides them all (``race.best``, the rider the heuristic bot and the
claim test use), through the game's own rules. A horse at odds N to 1 should win about 1/(N+1) of
them; ``hippodrome data check win_place_show`` fails when one is off by more than the tolerance, and
when the prices (D3, D4) break their constraint on the same races (``tote.problems``).
"""

from __future__ import annotations

import random
from functools import cache

from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show import tote
from hippodrome.games.win_place_show.material import FILE, Material, material, track_problems
from hippodrome.games.win_place_show.rules import Phase, WinPlaceShow

SEED = 12


@cache
def finishes(race_index: int, runs: int, seed: int | str) -> tuple[tuple[int, ...], ...]:
    """The first four of ``runs`` races ``race_index`` (from 0), every horse ridden to win: horses
    as indices in program order. Each race of each seed is its own stream of dice, so the runs are
    independent races, and the same arguments give the same races."""
    game = WinPlaceShow.from_options(players=2)
    rng = random.Random(f"{seed} {race_index}")
    found: list[tuple[int, ...]] = []
    for _ in range(runs):
        state = game.new_initial_state()
        state.race_index = race_index
        state.out = [True, True]  # nobody buys or bets: the steward rides every horse
        state._call_race()
        assert state.flow.phase is Phase.DICE
        while not state.results:
            state.apply_unchecked(state.sample_chance(rng), CHANCE)
        found.append(tuple(state.results[-1]))
    return tuple(found)


def win_rates(race_index: int, runs: int, seed: int = SEED) -> list[float]:
    """How often each horse of race ``race_index`` (from 0) wins, every horse ridden to win."""
    wins = [0] * 6
    for order in finishes(race_index, runs, seed):
        wins[order[0]] += 1
    return [w / runs for w in wins]


def odds_problems(m: Material) -> list[str]:
    """Every horse whose simulated win rate is off the rate its odds imply by more than the
    tolerance (``[odds_check]``)."""
    problems: list[str] = []
    for r, race in enumerate(m.races):
        rates = win_rates(r, m.odds_runs)
        for horse, rate in zip(race.horses, rates, strict=True):
            implied = 1 / (horse.odds + 1)
            if abs(rate - implied) > m.odds_tolerance:
                problems.append(
                    f"race {race.number}, {horse.id}: odds {horse.odds}-1 imply {implied:.0%} "
                    f"but it wins {rate:.0%} of {m.odds_runs} simulated races"
                )
    return problems


def payout_problems(m: Material) -> list[str]:
    """Every bet of the tote board (``[payouts]``) that returns more than its stake, and every kind
    of bet whose average return lies outside the take's band, on the odds check's races
    (``[payout_check]``, ``tote.problems``)."""
    return tote.problems(m, [finishes(r, m.odds_runs, SEED) for r in range(len(m.races))])


def check() -> list[str]:
    """Every inconsistency in the data file, the odds and the prices against simulated races
    included."""
    return FILE.check(track_problems, odds_problems, payout_problems)


def table() -> list[tuple[int, str, int, float, float]]:
    """(race, horse, odds, implied rate, simulated rate) for the rules document's table."""
    m = material()
    rows = []
    for r, race in enumerate(m.races):
        for horse, rate in zip(race.horses, win_rates(r, m.odds_runs), strict=True):
            rows.append((race.number, horse.id, horse.odds, 1 / (horse.odds + 1), rate))
    return rows
