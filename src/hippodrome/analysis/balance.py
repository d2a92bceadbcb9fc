"""Balance reports: many games between heuristic bots, told as one self-contained HTML page.

``hippodrome analyze GAME --games N`` plays ``N`` games with the game's heuristic bot in every seat
(game ``i`` seeded with ``seed + i``, so the report is the same whatever the number of processes)
and reports, each rate with its 95% interval:

- what every game has, through the engine protocol alone: each seat's win rate and the first
  seat's advantage over an even share (every seat holds the same bot, so a difference between seats
  is the game's, not the players'), the game's length, the money each seat ends with, and how often
  each rule fires (the events, counted by kind and called by their text in the players' catalog);
- what only the game knows, through the balance hook its manifest declares (``engine/study.py``):
  win rates by starting position, by horse, by card; what each kind of bet pays back. Questions about
  a reconstructed table say whether one choice dominates the others: whether the interval of one
  level lies wholly above the interval of every other.

A game gives a question several observations (a horse's three races, every bet of a race); those of
one game are not independent (the bets of one race win or lose together), so a question's intervals
are clustered by game, the unit the report samples (races nest in it): a rate's Wilson interval is
taken on the effective number of observations (the observations over the design effect, the
cluster-robust variance over the independent one, never below 1), a mean's normal interval on the
cluster-robust variance (never narrower than the independent one). Where every game gives one
observation, as for the seats, this is the plain interval.

The figures are matplotlib PNGs embedded in the page (base64); ``figures()`` gives them as files
for the documentation (``scripts/analysis_plots.py``).
"""

from __future__ import annotations

import base64
import html
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from hippodrome.analysis.plots import histogram, interval_bars, require_matplotlib
from hippodrome.analysis.runner import Progress, check_workers, run_tasks
from hippodrome.analysis.stats import Z95, mean_interval, wilson_interval
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.errors import OptionsError
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import catalog, text
from hippodrome.engine.study import Fact, Measure, Tally
from hippodrome.engine.types import JSONObject
from hippodrome.games import entry, load_game

BOT = "heuristic"
"""The bot in every seat."""


@dataclass(frozen=True, slots=True)
class BalanceTask:
    game_id: str
    options: JSONObject
    seed: int
    index: int


@dataclass(frozen=True, slots=True)
class BalanceGame:
    """What one game leaves for the report (small and picklable: it crosses processes)."""

    index: int
    returns: tuple[float, ...]
    money: tuple[float, ...]
    length: int
    """Actions, chance outcomes included."""
    events: tuple[tuple[str, int], ...]
    """How many events of each kind (message key) the game made."""
    facts: tuple[Fact, ...]


def play_balance_game(task: BalanceTask) -> BalanceGame:
    """One game of a balance report (runs in a worker process)."""
    game = load_game(task.game_id, **task.options)
    bots = [make_bot(BOT, task.game_id) for _ in range(game.num_players)]
    events: list[Event] = []
    state = play_match(game, bots, seed=task.seed, on_events=lambda _, new: events.extend(new))
    outcome = state.outcome()
    hook = entry(task.game_id).balance_hook()
    facts = tuple(hook(state, events)) if hook is not None else ()
    counts = Counter(type(e).key for e in events)
    return BalanceGame(
        task.index,
        tuple(outcome.returns),
        tuple(float(m) for m in outcome.money),
        len(state.history),
        tuple(sorted(counts.items())),
        facts,
    )


def analyze(
    game_id: str,
    options: JSONObject,
    *,
    games: int,
    workers: int = 1,
    seed: int = 0,
    progress: Progress | None = None,
    ray: str | None = None,
) -> BalanceReport:
    """Play ``games`` heuristic games of ``game_id`` and gather the report."""
    check_workers(workers)
    if games < 1:
        raise OptionsError("error.games", games=games)
    game = load_game(game_id, **options)
    resolved = game.options.to_json()
    tasks = [BalanceTask(game_id, resolved, seed + i, i) for i in range(games)]
    results = run_tasks(play_balance_game, tasks, workers=workers, ray=ray, progress=progress)
    return BalanceReport(game_id, resolved, seed, workers, game.num_players, results)


# -- the figures the report computes ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One level of a question: its estimate, its 95% interval and how many observations."""

    level: str
    value: float
    low: float
    high: float
    count: int
    expected: float | None = None
    """What the game's material promises for this level, when it promises something."""
    games: int | None = None
    """How many games the observations come from, when the interval is clustered by game."""

    def to_json(self) -> JSONObject:
        data: JSONObject = {
            "level": self.level,
            "value": self.value,
            "ci": [self.low, self.high],
            "count": self.count,
        }
        if self.expected is not None:
            data["expected"] = self.expected
        if self.games is not None:
            data["games"] = self.games
        return data

    def misses_expected(self) -> bool:
        """Whether the promised value lies outside this level's 95% interval."""
        return self.expected is not None and not self.low <= self.expected <= self.high


@dataclass(frozen=True, slots=True)
class Question:
    """A game-specific question: its rows (one per level), the overall figure and the verdict."""

    question: str
    kind: str
    """``rate`` (from ``Tally`` facts) or ``mean`` (from ``Measure`` facts)."""
    reconstructed: bool
    rows: tuple[Row, ...]
    overall: Row

    def dominant(self) -> str | None:
        """The level whose interval lies wholly above every other level's, if one does."""
        if len(self.rows) < 2:
            return None
        best = max(self.rows, key=lambda r: r.value)
        if all(best.low > r.high for r in self.rows if r is not best):
            return best.level
        return None

    def apart(self) -> tuple[list[str], list[str]]:
        """The levels whose interval lies wholly above, and wholly below, the overall figure."""
        above = [r.level for r in self.rows if r.low > self.overall.value]
        below = [r.level for r in self.rows if r.high < self.overall.value]
        return above, below

    def verdict(self) -> str:
        dominant = self.dominant()
        above, below = self.apart()
        if dominant is not None:
            said = f"{dominant} dominates: its interval lies above every other level's."
        else:
            said = "No level dominates: the best level's interval overlaps another's."
        if above or below:
            said += (
                f" Clear of the overall figure: above, {', '.join(above) or 'none'};"
                f" below, {', '.join(below) or 'none'}."
            )
        else:
            said += " Every level's interval contains the overall figure."
        promised = [r for r in self.rows if r.expected is not None]
        if promised:
            missed = [r.level for r in promised if r.misses_expected()]
            said += (
                f" Promised rate outside the interval: {', '.join(missed)}."
                if missed
                else " Every promised rate lies inside its level's interval."
            )
        return said

    def to_json(self) -> JSONObject:
        above, below = self.apart()
        return {
            "question": self.question,
            "kind": self.kind,
            "reconstructed": self.reconstructed,
            "rows": [r.to_json() for r in self.rows],
            "overall": self.overall.to_json(),
            "dominant": self.dominant(),
            "above": list(above),
            "below": list(below),
            "verdict": self.verdict(),
        }


def _natural(text_: str) -> list[Any]:
    """Sort key that puts ``square 9`` before ``square 10``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text_)]


def _rate_row(level: str, successes: float, trials: int) -> Row:
    low, high = wilson_interval(successes, trials)
    return Row(level, successes / trials if trials else 0.0, low, high, trials)


def _mean_row(level: str, values: Sequence[float]) -> Row:
    mean, low, high = mean_interval(values)
    return Row(level, mean, low, high, len(values))


Clustered = list[tuple[int, float]]
"""A level's observations, each with the index of the game it comes from (its cluster)."""


def _clusters(observations: Clustered) -> tuple[list[float], list[int]]:
    """Per game, the sum of its observations and their count."""
    sums: dict[int, float] = defaultdict(float)
    counts: dict[int, int] = defaultdict(int)
    for game, value in observations:
        sums[game] += value
        counts[game] += 1
    return [sums[g] for g in sums], [counts[g] for g in sums]


def _robust_variance(observations: Clustered, mean: float) -> float | None:
    """The cluster-robust (CR1) variance of the mean of ``observations``, clustered by game:
    ``G/(G-1) * sum_g (y_g - mean * n_g)^2 / n^2``; None with a single game."""
    sums, counts = _clusters(observations)
    games, n = len(sums), len(observations)
    if games < 2:
        return None
    spread = sum((y - mean * c) ** 2 for y, c in zip(sums, counts, strict=True))
    return games / (games - 1) * spread / (n * n)


def clustered_rate_row(level: str, observations: Clustered) -> Row:
    """A rate whose observations come in clusters (games): the Wilson interval on the effective
    number of observations (see the module); one game's observations count as one."""
    n = len(observations)
    successes = sum(v for _, v in observations)
    games = len({g for g, _ in observations})
    if n == 0:
        return Row(level, 0.0, 0.0, 1.0, 0, games=0)
    p = successes / n
    robust = _robust_variance(observations, p)
    if robust is None:
        effect = float(n)  # one game: its observations tell as much as one
    else:
        # Against the independent variance with the same small-sample correction as CR1's,
        # so that one observation a game gives a design effect of exactly 1.
        independent = p * (1 - p) / (n - 1)
        effect = max(1.0, robust / independent) if independent > 0 else 1.0
    low, high = wilson_interval(successes / effect, n / effect)
    return Row(level, p, low, high, n, games=games)


def clustered_mean_row(level: str, observations: Clustered) -> Row:
    """A mean whose observations come in clusters (games): the normal interval on the
    cluster-robust variance, never narrower than the independent one; one game's observations
    count as one."""
    values = [v for _, v in observations]
    games = len({g for g, _ in observations})
    mean, low, high = mean_interval(values)
    robust = _robust_variance(observations, mean)
    if robust is None:
        if len(values) > 1:  # one game: the spread of one observation, not of their mean
            half = (high - mean) * len(values) ** 0.5
            low, high = mean - half, mean + half
    else:
        half = max(high - mean, Z95 * robust**0.5)
        low, high = mean - half, mean + half
    return Row(level, mean, low, high, len(values), games=games)


def questions(results: Sequence[BalanceGame]) -> list[Question]:
    """The game's own questions, grouped from every game's facts, in the order first met; their
    intervals clustered by game (see the module)."""
    tallies: dict[str, dict[str, Clustered]] = defaultdict(lambda: defaultdict(list))
    measures: dict[str, dict[str, Clustered]] = defaultdict(lambda: defaultdict(list))
    reconstructed: dict[str, bool] = {}
    expected: dict[tuple[str, str], float] = {}
    order: list[str] = []
    for game, r in enumerate(results):
        for fact in r.facts:
            if fact.question not in reconstructed:
                order.append(fact.question)
            reconstructed[fact.question] = fact.reconstructed
            if isinstance(fact, Tally):
                tallies[fact.question][fact.level].append((game, fact.success))
                if fact.expected is not None:
                    expected[(fact.question, fact.level)] = fact.expected
            elif isinstance(fact, Measure):
                measures[fact.question][fact.level].append((game, fact.value))
    out: list[Question] = []
    for q in order:
        if q in tallies:
            levels = tallies[q]
            rows = tuple(
                replace(clustered_rate_row(level, levels[level]), expected=expected.get((q, level)))
                for level in sorted(levels, key=_natural)
            )
            every = [o for os_ in levels.values() for o in os_]
            overall = clustered_rate_row("overall", every)
            out.append(Question(q, "rate", reconstructed[q], rows, overall))
        else:
            levels = measures[q]
            rows = tuple(
                clustered_mean_row(level, levels[level]) for level in sorted(levels, key=_natural)
            )
            overall = clustered_mean_row("overall", [o for os_ in levels.values() for o in os_])
            out.append(Question(q, "mean", reconstructed[q], rows, overall))
    return out


def event_label(key: str, lang: str = "en") -> str:
    """An event kind as the players' catalog words it, its parameters shown as « … »."""
    template = text(key, lang)
    if template is None:  # only variants are worded (``<key>_<variant>``): take the first
        variants = [k for k in catalog(lang) if k.startswith(f"{key}_")]
        template = text(sorted(variants)[0], lang) if variants else None
    if template is None:
        return key
    return re.sub(r"\{[^{}]*\}", "…", template)


@dataclass
class BalanceReport:
    game: str
    options: JSONObject
    seed: int
    workers: int
    players: int
    results: list[BalanceGame]

    @property
    def games(self) -> int:
        return len(self.results)

    def seats(self) -> list[Row]:
        n = self.games
        return [
            _rate_row(f"seat {s + 1}", sum(r.returns[s] for r in self.results), n)
            for s in range(self.players)
        ]

    def money(self) -> list[Row]:
        return [
            _mean_row(f"seat {s + 1}", [r.money[s] for r in self.results])
            for s in range(self.players)
        ]

    def length(self) -> Row:
        return _mean_row("actions", [float(r.length) for r in self.results])

    def events(self) -> list[tuple[str, Row, Row]]:
        """Every event kind: its key, the share of games in which it fires, its mean count a game;
        most frequent first."""
        n = self.games
        per_game: dict[str, list[float]] = defaultdict(lambda: [0.0] * n)
        for i, r in enumerate(self.results):
            for key, count in r.events:
                per_game[key][i] = float(count)
        rows = []
        for key, counts in per_game.items():
            fired = sum(1 for c in counts if c > 0)
            rows.append((key, _rate_row(key, fired, n), _mean_row(key, counts)))
        rows.sort(key=lambda t: (-t[2].value, t[0]))
        return rows

    def to_json(self) -> JSONObject:
        seats = self.seats()
        even = 1.0 / self.players
        first = seats[0]
        length = self.length()
        return {
            "game": self.game,
            "options": self.options,
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "bot": BOT,
            "seats": [r.to_json() for r in seats],
            "first_seat": {
                **first.to_json(),
                "even_share": even,
                "advantage": first.value - even,
                "advantage_ci": [first.low - even, first.high - even],
            },
            "money": [r.to_json() for r in self.money()],
            "length": length.to_json(),
            "events": [
                {
                    "key": key,
                    "label": event_label(key),
                    "games_fired": fired.to_json(),
                    "per_game": mean.to_json(),
                }
                for key, fired, mean in self.events()
            ],
            "questions": [q.to_json() for q in questions(self.results)],
        }

    # -- figures and the page -------------------------------------------------------------------

    def figures(self) -> dict[str, bytes]:
        """Every figure of the report as PNG bytes, by a file-safe name."""
        require_matplotlib()
        n = self.games
        out: dict[str, bytes] = {}
        seats = self.seats()
        out["seats"] = interval_bars(
            [r.level for r in seats],
            [r.value for r in seats],
            [(r.low, r.high) for r in seats],
            title=f"Win rate by seat ({n} games, heuristic bot in every seat)",
            xlabel="win rate",
            reference=1.0 / self.players,
            reference_label="even share",
            percent=True,
        )
        out["length"] = histogram(
            [("games", [float(r.length) for r in self.results])],
            title=f"Game length ({n} games)",
            xlabel="actions, chance outcomes included",
        )
        out["money"] = histogram(
            [(f"seat {s + 1}", [r.money[s] for r in self.results]) for s in range(self.players)],
            title=f"Money at the end, by seat ({n} games)",
            xlabel="money",
        )
        events = self.events()
        out["events"] = interval_bars(
            [_short(event_label(key)) for key, _, _ in events],
            [m.value for _, _, m in events],
            [(m.low, m.high) for _, _, m in events],
            title=f"How often each rule fires: events a game ({n} games)",
            xlabel="events per game",
        )
        for q in questions(self.results):
            count = sum(r.count for r in q.rows)
            mark = " [reconstructed]" if q.reconstructed else ""
            out[question_slug(q.question)] = interval_bars(
                [r.level for r in q.rows],
                [r.value for r in q.rows],
                [(r.low, r.high) for r in q.rows],
                title=f"{q.question}{mark} ({count} observations, {n} games)",
                xlabel="rate" if q.kind == "rate" else "mean",
                reference=q.overall.value,
                reference_label="overall",
                percent=q.kind == "rate",
                expected=[r.expected for r in q.rows],
            )
        return out

    def to_html(self) -> str:
        """The whole report as one self-contained HTML page."""
        figures = self.figures()
        title = entry(self.game).titles["en"]
        n = self.games

        def img(name: str) -> str:
            encoded = base64.b64encode(figures[name]).decode("ascii")
            return f'<img alt="{html.escape(name)}" src="data:image/png;base64,{encoded}">'

        def pct(row: Row) -> str:
            return f"{row.value:.1%} ({row.low:.1%} – {row.high:.1%})"

        def num(row: Row) -> str:
            return f"{row.value:,.2f} ({row.low:,.2f} – {row.high:,.2f})"

        def fmt_e(row: Row) -> str:
            shown = f"{row.expected:.1%}"
            return shown + (" (outside the interval)" if row.misses_expected() else "")

        seats = self.seats()
        first = seats[0]
        even = 1.0 / self.players
        parts = [
            "<!doctype html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(title)}: balance report</title>",
            f"<style>{_CSS}</style></head><body>",
            f"<h1>{html.escape(title)}: balance report</h1>",
            f"<p>{n} games with the heuristic bot in all {self.players} seats; game <i>i</i> is "
            f"seeded with {self.seed} + <i>i</i>. Options: <code>"
            f"{html.escape(_options_text(self.options))}</code>. Every figure comes with its 95% "
            "interval (Wilson for rates, normal approximation for means); the intervals of the "
            "game's own questions are clustered by game, since the observations of one game "
            "(the bets of one race) are not independent. Every seat holds the same bot, so a "
            "difference between seats is the game's.</p>",
            "<h2>Seats and the first player</h2>",
            img("seats"),
            _table(
                ("seat", "win rate (95% interval)", "mean money (95% interval)"),
                [(s.level, pct(s), num(m)) for s, m in zip(seats, self.money(), strict=True)],
            ),
            f"<p>First seat: wins {pct(first)} against an even share of {even:.1%}: an "
            f"advantage of {first.value - even:+.1%} (95% interval {first.low - even:+.1%} to "
            f"{first.high - even:+.1%}).</p>",
            "<h2>Game length</h2>",
            img("length"),
            f"<p>Mean length: {num(self.length())} actions, chance outcomes included "
            f"({n} games).</p>",
            "<h2>Money</h2>",
            img("money"),
            "<h2>How often each rule fires</h2>",
            img("events"),
            _table(
                ("event", "key", "games where it fires (95% interval)", "a game (95% interval)"),
                [(event_label(k), k, pct(fired), num(mean)) for k, fired, mean in self.events()],
                code_column=1,
            ),
        ]
        qs = questions(self.results)
        if qs:
            parts.append("<h2>What this game's hook reports</h2>")
        else:
            parts.append(
                "<p>This game's manifest declares no balance hook: the report shows what every "
                "game has.</p>"
            )
        for q in qs:
            mark = " <span class=rec>reconstructed table</span>" if q.reconstructed else ""
            fmt = pct if q.kind == "rate" else num
            parts += [
                f"<h3>{html.escape(q.question)}{mark}</h3>",
                img(question_slug(q.question)),
                _table(
                    (
                        "level",
                        "rate" if q.kind == "rate" else "mean",
                        "observations (games)",
                        "promised",
                    ),
                    [
                        (
                            r.level,
                            fmt(r),
                            f"{r.count} ({r.games})" if r.games is not None else str(r.count),
                            "" if r.expected is None else fmt_e(r),
                        )
                        for r in (*q.rows, q.overall)
                    ],
                ),
                f"<p>{html.escape(q.verdict())}</p>",
            ]
        rec = [q for q in qs if q.reconstructed]
        if rec:
            parts.append("<h2>The reconstructed tables: does a choice dominate?</h2><ul>")
            parts += [
                f"<li><b>{html.escape(q.question)}</b>: {html.escape(q.verdict())}</li>"
                for q in rec
            ]
            parts.append("</ul>")
        parts.append("</body></html>")
        return "\n".join(parts)


def question_slug(question: str) -> str:
    """A question as a file-safe figure name (``Race won, by horse`` → ``race-won-by-horse``)."""
    return re.sub(r"[^a-z0-9]+", "-", question.lower()).strip("-")


def _short(label: str, width: int = 60) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"


def _options_text(options: JSONObject) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items())


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], code_column: int = -1) -> str:
    def cell(i: int, value: str) -> str:
        shown = html.escape(value)
        return f"<td><code>{shown}</code></td>" if i == code_column else f"<td>{shown}</td>"

    out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(cell(i, v) for i, v in enumerate(row)) + "</tr>" for row in rows]
    out.append("</table>")
    return "\n".join(out)


_CSS = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;"
    "color:#222}img{max-width:100%;display:block;margin:1rem 0}table{border-collapse:collapse;"
    "font-size:.85rem;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;"
    "text-align:left}th{background:#eee}.rec{font-size:.7rem;background:#f4d9c6;"
    "padding:.1rem .4rem;border-radius:.3rem;vertical-align:middle}code{font-size:.8rem}"
)
