"""Odds and advice: what a position is worth to one seat, by simulation, for any registered game.

From a position (a record's state after some move, or a position document), for one seat:

- each horse's chances of every place in the race under way (or the next one), as the games announce
  a race's finish through their events (``Event.placings``, ``Event.ends_race``);
- the value of every action open to the seat now (a bet, a bid, a move): the seat's expected money
  change and its chance of winning the game, each with its 95% interval.

Every simulation starts from ``resample_for(seat, rng)``: a full state consistent with what the seat
knows, so another seat's secrets (its hand, its face-down tokens) are dealt anew every time, never
read. The generic method plays the game out to its end with every seat driven by the game's heuristic
bot. A game may lend a faster method of its own, which is used where it applies: the vectorised
simulator its manifest names (``Pieces.simulator``, ``GameInfo.simulator``; Royal Turf's races,
``games/royal_turf/odds.py``, when numpy is installed). The report and its budget are the engine's
(``engine/odds.py``), so that a game's method imports nothing above the engine.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hippodrome.bots.base import make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.game import State
from hippodrome.engine.odds import (
    Budget,
    Mean,
    OddsMethod,
    OddsReport,
    OptionValue,
    mean_json,
    rate_json,
    seat_options,
)
from hippodrome.engine.types import JSONObject, Player
from hippodrome.games import entry

__all__ = [
    "MIN_SIMULATIONS",
    "Budget",
    "Mean",
    "OddsReport",
    "OptionValue",
    "engine_odds",
    "mean_json",
    "odds",
    "rate_json",
    "seat_options",
]

MIN_SIMULATIONS = 10
"""The fewest simulations an estimate rests on to be reported: below, its figure is None (shown as
none), never a value with an interval of zero width from one or two games."""

OVERTIME = 4.0
"""With a time budget (not ``strict``), how many times the budget the generic method may run so that
every estimate reaches ``MIN_SIMULATIONS``; those still short then are reported as None."""


def odds(
    state: State,
    seat: Player,
    budget: Budget,
    *,
    seed: int = 0,
    engine_only: bool = False,
    progress: Callable[[int], None] | None = None,
) -> OddsReport:
    """Estimate the horses' chances and the value of ``seat``'s options from ``state``."""
    if state.is_terminal():
        raise ValueError("the game is over")
    if not engine_only:
        fast = _fast_method(state)
        report = None if fast is None else fast(state, seat, budget, seed)
        if report is not None:
            return report
    return engine_odds(state, seat, budget, seed=seed, progress=progress)


def _fast_method(state: State) -> OddsMethod | None:
    """The game's own (vectorised) method, when its manifest names one and its extra is installed;
    it answers None where it does not apply."""
    return entry(state.game.id).simulator()


@dataclass
class _Arm:
    """One choice being evaluated (``action`` None: the seat plays its heuristic)."""

    action: Action | None
    money: Mean = field(default_factory=Mean)
    wins: float = 0.0
    played: int = 0


def engine_odds(
    state: State,
    seat: Player,
    budget: Budget,
    *,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> OddsReport:
    """The generic method: play the game out from determinizations, every seat on its heuristic.

    Simulation ``i`` evaluates arm ``i mod (options + 1)``: first the seat's heuristic choice (the
    horses' chances and the seat's standing come from those), then each option in turn, taken
    first and followed by the heuristic. With a time budget, the run goes on past it until every
    arm has ``MIN_SIMULATIONS`` (``OVERTIME`` times the budget at most; a ``strict`` budget stops
    on time); an arm with fewer is reported without figures (None), as are the horses when the
    heuristic's arm has fewer."""
    game = state.game
    rng = random.Random(seed)
    arms = [_Arm(None)] + [_Arm(a) for a in seat_options(state, seat)]
    places: dict[str, Counter[str]] = {}
    start_money = state.money()[seat]
    bots = [make_bot("heuristic", game.id) for _ in range(game.num_players)]
    began = time.perf_counter()
    done = 0
    while True:
        arm = arms[done % len(arms)]
        if budget.simulations is not None and arm.played >= budget.simulations:
            break
        if budget.seconds is not None:
            spent = time.perf_counter() - began
            enough = done >= (1 if budget.strict else MIN_SIMULATIONS * len(arms))
            overtime = done >= 1 and spent >= OVERTIME * budget.seconds
            if spent >= budget.seconds and (enough or overtime):
                break
        final, finish = _play_out(state, seat, arm.action, bots, rng)
        arm.played += 1
        arm.money.add(float(final.money()[seat] - start_money))
        arm.wins += final.returns()[seat]
        if arm.action is None:
            for horse, place in finish:
                places.setdefault(horse, Counter())[place] += 1
        done += 1
        if progress is not None:
            progress(done)
    baseline = arms[0].played
    report = OddsReport(
        game=game.id,
        options=game.options.to_json(),
        seat=seat,
        method="engine",
        policy="heuristic bots for every seat (after the option evaluated)",
        horizon="game",
        simulations=done,
        race_simulations=baseline,
        seconds=time.perf_counter() - began,
    )
    if baseline >= MIN_SIMULATIONS:
        for horse in sorted(places, key=lambda h: _horse_key(places[h])):
            report.horses[horse] = {
                place: rate_json(count, baseline) for place, count in sorted(places[horse].items())
            }
    report.standing = {"money": _money(arms[0]), "win": _win(arms[0])}
    for arm in arms[1:]:
        assert arm.action is not None
        report.choices.append(
            OptionValue(
                action=arm.action,
                label=game.action_json(arm.action)["label"],
                money=_money(arm),
                win=_win(arm),
            )
        )
    return report


def _money(arm: _Arm) -> JSONObject:
    """The arm's mean money change with its interval; None figures below ``MIN_SIMULATIONS``."""
    if arm.played < MIN_SIMULATIONS:
        return {"mean": None, "interval": None, "n": arm.played}
    return arm.money.to_json()


def _win(arm: _Arm) -> JSONObject:
    """The arm's win rate with its Wilson interval; None figures below ``MIN_SIMULATIONS``."""
    if arm.played < MIN_SIMULATIONS:
        return {"p": None, "interval": None, "n": arm.played}
    return rate_json(arm.wins, arm.played)


def _horse_key(counts: Counter[str]) -> tuple[float, ...]:
    """Horses listed by their chance of winning, then of second place, ..."""
    return tuple(-counts.get(str(k), 0) for k in range(1, 8))


def _play_out(
    state: State,
    seat: Player,
    first: Action | None,
    bots: Sequence[Any],
    rng: random.Random,
) -> tuple[State, list[tuple[str, str]]]:
    """One game played out from a determinization for ``seat``: the final state, and the places
    given in the first race to end (``(horse, place)``)."""
    sim = state.resample_for(seat, rng)
    seen = len(sim.events)
    finish: list[tuple[str, str]] = []
    counting = True
    if first is not None:
        sim.apply_unchecked(first, seat)
    while not sim.is_terminal():
        if sim.is_chance_node():
            sim.apply_unchecked(sim.sample_chance(rng))
        else:
            # At a secret choice, the seat's option was its answer: the others answer now.
            for player in list(sim.active_players()):
                action = bots[player].choose(SeatView(sim, player), rng)
                sim.apply_unchecked(action, player)
        if counting:
            for event in sim.events[seen:]:
                finish.extend((horse, str(place)) for horse, place in event.placings())
                if event.ends_race:
                    counting = False
                    break
            seen = len(sim.events)
    return sim, finish
