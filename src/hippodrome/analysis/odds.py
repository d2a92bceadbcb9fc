"""Odds and advice: what a position is worth to one seat, by simulation, for any registered game.

From a position (a record's state after some move, or a position document), for one seat:

- each horse's chances of every place in the race under way (or the next one), as the games announce
  a race's finish through their events (``Event.placings``, ``Event.ends_race``);
- the value of every action open to the seat now (a bet, a bid, a move): the seat's expected money
  change and its chance of winning the game, each with its 95% interval.

Every simulation starts from ``resample_for(seat, rng)``: a full state consistent with what the seat
knows, so another seat's secrets (its hand, its face-down tokens) are dealt anew every time, never
read. The generic method plays the game out to its end with every seat driven by the game's heuristic
bot; Royal Turf's races have a vectorised method (``royal_turf_odds``) used when numpy is installed.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hippodrome.analysis.stats import Z95, wilson_interval
from hippodrome.bots.base import make_bot
from hippodrome.bots.ismcts import LONGEST_THOUGHT
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.game import State
from hippodrome.engine.i18n import LANGUAGES, term
from hippodrome.engine.types import JSONObject, Player


@dataclass(frozen=True, slots=True)
class Budget:
    """How much to simulate: ``simulations`` for each estimate, or ``seconds`` in all."""

    simulations: int | None = None
    seconds: float | None = None
    strict: bool = False
    """With ``seconds``: stop when the time is up even if some estimate has no simulation yet (a
    server that must not hold its workers); otherwise every estimate gets at least one."""

    def __post_init__(self) -> None:
        if (self.simulations is None) == (self.seconds is None):
            raise ValueError("give simulations or seconds, not both")
        if (self.simulations is not None and self.simulations <= 0) or (
            self.seconds is not None and not 0 < self.seconds <= LONGEST_THOUGHT
        ):
            raise ValueError("a budget is positive, and a day at most")


class Mean:
    """A running mean with its 95% interval (normal approximation)."""

    __slots__ = ("count", "total", "total_sq")

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.total_sq = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value
        self.total_sq += value * value

    def to_json(self) -> JSONObject:
        return mean_json(self.count, self.total, self.total_sq)


def mean_json(count: int, total: float, total_sq: float) -> JSONObject:
    """``{mean, interval, n}`` from a count, a sum and a sum of squares."""
    if count == 0:
        return {"mean": None, "interval": None, "n": 0}
    mean = total / count
    var = max(0.0, (total_sq - count * mean * mean) / (count - 1)) if count > 1 else 0.0
    half = Z95 * (var / count) ** 0.5
    return {"mean": mean, "interval": [mean - half, mean + half], "n": count}


def rate_json(successes: float, trials: int) -> JSONObject:
    """``{p, interval, n}``: a proportion with its Wilson 95% interval."""
    low, high = wilson_interval(successes, trials)
    return {"p": successes / trials if trials else None, "interval": [low, high], "n": trials}


@dataclass
class OptionValue:
    """What one action is worth to the seat."""

    action: Action
    label: JSONObject
    money: JSONObject
    win: JSONObject | None = None

    def to_json(self) -> JSONObject:
        return {
            "action": str(self.action),
            "label": self.label,
            "money": self.money,
            "win": self.win,
        }


@dataclass
class OddsReport:
    """The answer of ``hippodrome odds``: horses' chances and the value of the seat's options."""

    game: str
    options: JSONObject
    seat: Player
    method: str
    policy: str
    horizon: str
    simulations: int
    """How many simulations were run in all (games played out, or races)."""
    race_simulations: int
    """How many of them the horses' chances rest on."""
    horses: dict[str, dict[str, JSONObject]] = field(default_factory=dict)
    """``horses[id][place]``: the chance of that place (``"1"``, ``"2"``..., ``"pace"``, ``"last"``)."""
    choices: list[OptionValue] = field(default_factory=list)
    standing: JSONObject | None = None
    """The seat's expected money change (and win chance) as things stand, whatever it chooses."""
    seconds: float = 0.0

    def to_json(self) -> JSONObject:
        return {
            "game": self.game,
            "options": self.options,
            "seat": self.seat,
            "method": self.method,
            "policy": self.policy,
            "horizon": self.horizon,
            "simulations": self.simulations,
            "race_simulations": self.race_simulations,
            "seconds": self.seconds,
            "horses": self.horses,
            "horse_names": {
                horse: {lang: term(self.game, "horse", horse, lang) for lang in LANGUAGES}
                for horse in self.horses
            },
            "choices": [c.to_json() for c in self.choices],
            "standing": self.standing,
        }


def seat_options(state: State, seat: Player) -> list[Action]:
    """The actions open to ``seat`` now (none when it is not among those who act)."""
    if state.is_terminal() or state.is_chance_node() or seat not in state.active_players():
        return []
    return list(state.legal_actions(seat))


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
        if fast is not None:
            return fast(state, seat, budget, seed)
    return engine_odds(state, seat, budget, seed=seed, progress=progress)


def _fast_method(
    state: State,
) -> Callable[[State, Player, Budget, int], OddsReport] | None:
    """A vectorised method for this game and position, when there is one and numpy is installed."""
    if state.game.id != "royal_turf":
        return None
    try:
        from hippodrome.analysis import royal_turf_odds  # noqa: PLC0415 (needs numpy)
    except ImportError:
        return None
    return royal_turf_odds.odds if royal_turf_odds.applies(state) else None


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
    first and followed by the heuristic."""
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
        if (
            budget.seconds is not None
            and done >= (1 if budget.strict else len(arms))
            and time.perf_counter() - began >= budget.seconds
        ):
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
    for horse in sorted(places, key=lambda h: _horse_key(places[h])):
        report.horses[horse] = {
            place: rate_json(count, baseline) for place, count in sorted(places[horse].items())
        }
    report.standing = {
        "money": arms[0].money.to_json(),
        "win": rate_json(arms[0].wins, baseline),
    }
    for arm in arms[1:]:
        assert arm.action is not None
        report.choices.append(
            OptionValue(
                action=arm.action,
                label=game.action_json(arm.action)["label"],
                money=arm.money.to_json(),
                win=rate_json(arm.wins, arm.played),
            )
        )
    return report


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
