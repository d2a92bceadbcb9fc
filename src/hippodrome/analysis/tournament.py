"""Tournaments: bots play many games in every seating, in several local processes.

Game ``i`` seats the entrants by the ``i``-th seating in turn (every distinct permutation of the
``--seat`` list, so each entrant plays each seat equally often when the number of games is a multiple
of the seatings) and is seeded with ``seed + i``: a tournament is reproducible whatever the number of
processes. The report gives each entrant's win rate (shared wins count as fractions) and mean money
with 95% intervals, two ratings, each seat's win rate and the first seat's advantage over an even
share. The ratings: TrueSkill (the ``trueskill`` library, as the server rates players), updated game
after game in the order the games were dealt, so that it reads as a rating among players does; and
an Elo rating fitted at once to every pair of places in every game (Bradley-Terry by
minorization-maximization: twenty lines, where no library fits a batch of results so simply),
which does not depend on the order.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import trueskill

from hippodrome.analysis.runner import check_workers, run_tasks
from hippodrome.analysis.stats import mean_interval, wilson_interval
from hippodrome.bots.base import check_bot_spec, make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import OptionsError
from hippodrome.engine.types import JSONObject
from hippodrome.games import load_game

ELO_BASE = 1500.0
"""The entrants' mean rating."""
TRUESKILL = trueskill.TrueSkill(draw_probability=0.10)
"""TrueSkill's usual environment (mu 25, sigma 25/3), the one the server rates players in
(``server/ratings.py``; a test holds the two the same)."""


def seatings(entrants: int) -> list[tuple[int, ...]]:
    """Every distinct way to seat ``entrants`` bots, as the entrant at each seat, in turn."""
    return list(itertools.permutations(range(entrants)))


@dataclass(frozen=True, slots=True)
class GameTask:
    game_id: str
    options: JSONObject
    specs: tuple[str, ...]
    """The bot at each seat."""
    seating: tuple[int, ...]
    """The entrant at each seat."""
    seed: int
    index: int


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    money: tuple[float, ...]
    places: tuple[int, ...]
    """Each seat's place, 0 for the winners."""
    length: int
    think_seconds: tuple[float, ...]
    decisions: tuple[int, ...]


class _Timed:
    """A bot whose thinking time is counted."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.kind = bot.kind
        self.slow = bot.slow
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: SeatView, rng: Any) -> Action:
        start = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def play_one(task: GameTask) -> GameResult:
    """One game of a tournament (runs in a worker process)."""
    game = load_game(task.game_id, **task.options)
    bots = [_Timed(make_bot(spec, task.game_id)) for spec in task.specs]
    state = play_match(game, bots, seed=task.seed)  # type: ignore[arg-type]
    outcome = state.outcome()
    places = [0] * game.num_players
    for place, seats in enumerate(outcome.ranking):
        for seat in seats:
            places[seat] = place
    return GameResult(
        task.index,
        task.seating,
        tuple(outcome.returns),
        tuple(float(m) for m in outcome.money),
        tuple(places),
        len(state.history),
        tuple(b.seconds for b in bots),
        tuple(b.decisions for b in bots),
    )


def elo_ratings(entrants: int, results: Sequence[GameResult], rounds: int = 200) -> list[float]:
    """Elo ratings fitted to every pair of entrants' places in every game (Bradley-Terry by
    minorization-maximization; each pair starts with one virtual draw so a clean sweep stays finite).
    The mean rating is ``ELO_BASE``; 400 points is odds of 10 to 1."""
    wins = [[0.0] * entrants for _ in range(entrants)]
    meetings = [[0.0] * entrants for _ in range(entrants)]
    for a in range(entrants):
        for b in range(entrants):
            if a != b:
                wins[a][b] += 0.5
                meetings[a][b] += 1.0
    for r in results:
        seats = range(len(r.seating))
        for s, t in itertools.combinations(seats, 2):
            a, b = r.seating[s], r.seating[t]
            if a == b:
                continue
            meetings[a][b] += 1.0
            meetings[b][a] += 1.0
            if r.places[s] < r.places[t]:
                wins[a][b] += 1.0
            elif r.places[s] > r.places[t]:
                wins[b][a] += 1.0
            else:
                wins[a][b] += 0.5
                wins[b][a] += 0.5
    gamma = [1.0] * entrants
    for _ in range(rounds):
        new = []
        for a in range(entrants):
            total = sum(wins[a])
            denom = sum(meetings[a][b] / (gamma[a] + gamma[b]) for b in range(entrants) if b != a)
            new.append(total / denom if denom > 0 else gamma[a])
        norm = math.exp(sum(math.log(g) for g in new) / entrants)
        gamma = [g / norm for g in new]
    return [ELO_BASE + 400.0 * math.log10(g) for g in gamma]


def trueskill_ratings(entrants: int, results: Sequence[GameResult]) -> list[trueskill.Rating]:
    """Each entrant's TrueSkill (mu, sigma) after every game in ``results``, in their order: each
    seat one team of one, ranked by its place (those sharing a place draw)."""
    ratings = [TRUESKILL.create_rating() for _ in range(entrants)]
    for r in results:
        teams = [(ratings[who],) for who in r.seating]
        for who, (rated,) in zip(r.seating, TRUESKILL.rate(teams, ranks=r.places), strict=True):
            ratings[who] = rated
    return ratings


@dataclass
class TournamentResult:
    game: str
    options: JSONObject
    specs: tuple[str, ...]
    seed: int
    workers: int
    results: list[GameResult]

    def to_json(self) -> JSONObject:
        n = len(self.results)
        players = len(self.specs)
        elo = elo_ratings(players, self.results)
        skill = trueskill_ratings(players, self.results)
        entrants: list[Any] = []
        for e, spec in enumerate(self.specs):
            wins = 0.0
            money: list[float] = []
            seconds = 0.0
            decisions = 0
            for r in self.results:
                for seat, who in enumerate(r.seating):
                    if who == e:
                        wins += r.returns[seat]
                        money.append(r.money[seat])
                        seconds += r.think_seconds[seat]
                        decisions += r.decisions[seat]
            low, high = wilson_interval(wins, n)
            mean, mlow, mhigh = mean_interval(money)
            entrants.append(
                {
                    "entrant": e,
                    "bot": spec,
                    "win_rate": wins / n if n else 0.0,
                    "win_rate_ci": [low, high],
                    "mean_money": mean,
                    "mean_money_ci": [mlow, mhigh],
                    "elo": elo[e],
                    "trueskill": {"mu": skill[e].mu, "sigma": skill[e].sigma},
                    "decisions": decisions,
                    "mean_seconds_per_decision": seconds / decisions if decisions else 0.0,
                }
            )
        seats: list[Any] = []
        for seat in range(players):
            wins = sum(r.returns[seat] for r in self.results)
            low, high = wilson_interval(wins, n)
            seats.append(
                {"seat": seat, "win_rate": wins / n if n else 0.0, "win_rate_ci": [low, high]}
            )
        first = seats[0]
        length, llow, lhigh = mean_interval([float(r.length) for r in self.results])
        return {
            "game": self.game,
            "options": self.options,
            "games": n,
            "seed": self.seed,
            "workers": self.workers,
            "seatings": len(seatings(players)),
            "entrants": entrants,
            "seats": seats,
            "first_seat": {
                "win_rate": first["win_rate"],
                "win_rate_ci": first["win_rate_ci"],
                "even_share": 1.0 / players,
                "advantage": first["win_rate"] - 1.0 / players,
            },
            "mean_length": length,
            "mean_length_ci": [llow, lhigh],
        }


def tournament(
    game_id: str,
    options: JSONObject,
    specs: Sequence[str],
    *,
    games: int,
    workers: int = 1,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> TournamentResult:
    """Play ``games`` games between the bots ``specs`` (one per seat), seatings in turn, in
    ``workers`` processes (1: in this process), or on the Ray cluster at ``ray``
    (``analysis/runner.py``)."""
    check_workers(workers)
    if games < 1:
        raise OptionsError("error.games", games=games)
    for spec in specs:
        check_bot_spec(spec)
    game = load_game(game_id, **options)
    if len(specs) != game.num_players:
        raise OptionsError("error.seat_count", seats=len(specs), players=game.num_players)
    order = seatings(len(specs))
    tasks = []
    for i in range(games):
        seating = order[i % len(order)]
        tasks.append(
            GameTask(
                game_id,
                game.options.to_json(),
                tuple(specs[e] for e in seating),
                seating,
                seed + i,
                i,
            )
        )
    results = run_tasks(play_one, tasks, workers=workers, ray=ray, progress=progress)
    results.sort(key=lambda r: r.index)
    return TournamentResult(game_id, game.options.to_json(), tuple(specs), seed, workers, results)
