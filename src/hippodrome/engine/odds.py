"""What a position is worth to one seat: the odds report, and the budget it is simulated under.

``hippodrome odds`` (``hippodrome.analysis.odds``) estimates, from a position and for one seat, each
horse's chances of every place and the value of every action open to the seat. Its generic method
plays the game out for any registered game; a game may lend a faster one of its own, a vectorised
simulator its manifest names (``Pieces.simulator``: an :data:`OddsMethod`, Royal Turf's
``games/royal_turf/odds.py``). Both answer with the :class:`OddsReport` defined here, in the engine,
so that a game's method imports nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import LONGEST_THOUGHT
from hippodrome.engine.i18n import LANGUAGES, term
from hippodrome.engine.stats import Z95, wilson_interval
from hippodrome.engine.types import JSONObject, Player

if TYPE_CHECKING:
    from hippodrome.engine.game import State


@dataclass(frozen=True, slots=True)
class Budget:
    """How much to simulate: ``simulations`` for each estimate, or ``seconds`` in all."""

    simulations: int | None = None
    seconds: float | None = None
    strict: bool = False
    """With ``seconds``: stop when the time is up even if some estimate has no simulation yet (a
    server that must not hold its workers); otherwise the generic method runs on until every
    estimate has enough simulations to be reported, within a few times the budget
    (``analysis.odds.MIN_SIMULATIONS``, ``OVERTIME``)."""

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


OddsMethod = Callable[["State", Player, Budget, int], "OddsReport | None"]
"""A game's own odds method (``Pieces.simulator``): ``(state, seat, budget, seed)`` to the report,
or None where it does not apply (then the generic method plays the game out). The same seed gives
the same figures."""
