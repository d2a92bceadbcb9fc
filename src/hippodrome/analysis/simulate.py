"""Many games between bots, summarised with confidence intervals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hippodrome.analysis.stats import mean_interval, wilson_interval
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.game import Game
from hippodrome.engine.types import JSONObject


@dataclass
class SeatStats:
    seat: int
    kind: str
    wins: float = 0.0
    """Shared wins count as a fraction (two tied winners get half each)."""
    money: list[float] = field(default_factory=list)


@dataclass
class SimulationResult:
    game: str
    options: JSONObject
    games: int
    seed: int
    seats: list[SeatStats]
    lengths: list[int]

    def to_json(self) -> JSONObject:
        seats: list[Any] = []
        for s in self.seats:
            low, high = wilson_interval(s.wins, self.games)
            mean, mlow, mhigh = mean_interval(s.money)
            seats.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "win_rate": s.wins / self.games if self.games else 0.0,
                    "win_rate_ci": [low, high],
                    "mean_money": mean,
                    "mean_money_ci": [mlow, mhigh],
                }
            )
        length, llow, lhigh = mean_interval([float(x) for x in self.lengths])
        return {
            "game": self.game,
            "options": self.options,
            "games": self.games,
            "seed": self.seed,
            "seats": seats,
            "mean_length": length,
            "mean_length_ci": [llow, lhigh],
        }


def simulate(
    game: Game[Any],
    kinds: Sequence[str],
    *,
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games, game i seeded with ``seed + i``; fresh bots for every game."""
    stats = [SeatStats(i, k) for i, k in enumerate(kinds)]
    lengths: list[int] = []
    for i in range(games):
        bots = [make_bot(k, game.id) for k in kinds]
        state = play_match(game, bots, seed=seed + i)
        outcome = state.outcome()
        for s in stats:
            s.wins += outcome.returns[s.seat]
            s.money.append(float(outcome.money[s.seat]))
        lengths.append(len(state.history))
        if progress is not None:
            progress(i + 1)
    return SimulationResult(game.id, game.options.to_json(), games, seed, stats, lengths)
