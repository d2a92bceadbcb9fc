"""The tote board (D3, D4): each horse's win, place and show prices, fitted to simulated races, and
what they return per dollar.

The seed prints no payout rate (« Wettquote : donne la côte du cheval », §3): the program's odds are
its line, not what a ticket pays. The prices are reconstructed under the constraint a real betting
window keeps: **no bet on any horse returns more than its stake on average**, and each kind of bet
returns about what a track's take leaves the bettors (0.80 to 0.90 a dollar). A price is what $1,000
on the horse brings back, stake included, as a tote board shows it (``[payouts]`` in
``material.toml``): the take's share of the money (85% for a take of 15%) over the top of the
one-sided 95% interval of the horse's chance of paying, rounded down to the breakage, never below the
stake back. A daily double pays the two win prices compounded with the take applied once.

This module is the arithmetic on finishing orders; the races are run by ``calibration.finishes``
(every horse ridden to win, the heuristic bot's and the steward's rider), the fit by
``scripts/wps_payouts.py`` and the check by ``hippodrome data check win_place_show``. The runs are
independent races: a bet's return is its price times a binomial proportion (Wilson's score interval);
an average over several horses is a mean over runs of what they paid together (normal interval).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from hippodrome.games.win_place_show.material import Horse, Material

KINDS: Final = ("win", "place", "show")
PLACES: Final = {"win": 1, "place": 2, "show": 3}
"""D2: a win pays on the first, a place on the first two, a show on the first three."""
FIT_Z: Final = 1.645
"""The fit prices each bet at the top of the one-sided 95% interval of its chance of paying: the
bettor's return is at most the take's share with 95% confidence."""

Order = Sequence[int]
"""A race's finish: the horses (indices in program order) first, second, third, ..."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A return per dollar staked with its interval."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.value:.3f} ({self.low:.3f}-{self.high:.3f})"


def wilson(k: int, n: int, z: float) -> tuple[float, float]:
    """Wilson's score interval for a proportion of ``k`` in ``n`` independent trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def exact_low(k: int, n: int, z: float) -> float:
    """The exact (Clopper-Pearson) lower bound of a proportion of ``k`` in ``n``, one-sided at the
    normal tail beyond ``z`` (0.135% for 3): the chance below which ``k`` or more successes would
    be that rare. Exact, so a check that refuses only above it refuses a sound table no more often
    than that, even for a long shot that pays in a handful of runs."""
    if k == 0:
        return 0.0
    alpha = math.erfc(z / math.sqrt(2)) / 2
    low, high = 0.0, k / n
    for _ in range(60):  # the tail P(K >= k | p) grows with p: bisect for alpha
        mid = (low + high) / 2
        if _tail(k, n, mid) < alpha:
            low = mid
        else:
            high = mid
    return low


def _tail(k: int, n: int, p: float) -> float:
    """P(K >= k) for K binomial (n, p)."""
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    lp, lq = math.log(p), math.log1p(-p)
    base = math.lgamma(n + 1)
    return math.fsum(
        math.exp(base - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * lp + (n - i) * lq)
        for i in range(k, n + 1)
    )


def paid(orders: Sequence[Order], horse: int, kind: str) -> int:
    """In how many of ``orders`` a ``kind`` bet on ``horse`` paid."""
    places = PLACES[kind]
    return sum(1 for order in orders if horse in order[:places])


def fair_share(m: Material) -> float:
    """What the take leaves the bettors of each dollar: 0.85 for a take of 15%."""
    return (100 - m.take) / 100


def fit_price(m: Material, k: int, n: int) -> int:
    """The price of a bet that paid in ``k`` of ``n`` simulated races: the take's share of $1,000
    over the top of its chance's interval (``FIT_Z``), rounded down to the breakage, at least the
    stake back. Its return is then at most the take's share (with 95% confidence: more for a long
    shot, whose chance is known least well), or, at the stake back, the chance itself (a horse that
    shows nearly always), below 1 either way."""
    _, high = wilson(k, n, FIT_Z)
    raw = m.price_per * fair_share(m) / max(high, 1e-12)
    return max(m.price_per, int(raw // m.breakage) * m.breakage)


def fit(m: Material, orders: Sequence[Sequence[Order]]) -> list[list[tuple[int, int, int]]]:
    """Every horse's (win, place, show) prices from ``orders[r]``, the finishes of race ``r``."""
    prices: list[list[tuple[int, int, int]]] = []
    for race, runs in zip(m.races, orders, strict=True):
        row: list[tuple[int, int, int]] = []
        for h in range(len(race.horses)):
            win, place, show = (fit_price(m, paid(runs, h, kind), len(runs)) for kind in KINDS)
            row.append((win, place, show))
        prices.append(row)
    return prices


def price(horse: Horse, kind: str) -> int:
    return horse.prices[KINDS.index(kind)]


def double_price(m: Material, first: Horse, second: Horse) -> int:
    """D4: a daily double on ``first`` (race 1) and ``second`` (race 2) pays, for $1,000, the two win
    prices compounded with the take applied once (each price already holds it back), rounded down
    to the breakage."""
    raw = first.prices[0] * second.prices[0] * 100 // (m.price_per * (100 - m.take))
    return raw // m.breakage * m.breakage  # whole dollars: the bank pays exactly


def bet_return(
    m: Material, horse: Horse, index: int, kind: str, orders: Sequence[Order], *, z: float
) -> Estimate:
    """What a ``kind`` bet on ``horse`` (``index`` in its race) brought back per dollar in
    ``orders``, with the interval of ``z`` standard errors (Wilson's, times the price)."""
    k, n = paid(orders, index, kind), len(orders)
    low, high = wilson(k, n, z)
    scale = price(horse, kind) / m.price_per
    return Estimate(scale * k / max(n, 1), scale * low, scale * high)


def mean_estimate(values: Sequence[float], z: float) -> Estimate:
    """The mean of independent ``values`` with its normal interval of ``z`` standard errors."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


def race_average(
    m: Material, horses: Sequence[Horse], kind: str, orders: Sequence[Order], z: float
) -> Estimate:
    """The average return of a ``kind`` bet on each horse of a race: per run, what one dollar on
    each horse brought back together, divided by the horses; its mean over the runs."""
    places = PLACES[kind]
    prices = [price(h, kind) / m.price_per for h in horses]
    per_run = [sum(prices[h] for h in order[:places]) / len(horses) for order in orders]
    return mean_estimate(per_run, z)


def combine(estimates: Sequence[Estimate], z: float, z_in: float) -> Estimate:
    """The average of independent estimates (races run apart), their intervals of ``z_in``
    standard errors read back as standard errors and widened to ``z``."""
    n = len(estimates)
    mean = sum(e.value for e in estimates) / n
    se = math.sqrt(sum(((e.high - e.low) / (2 * z_in)) ** 2 for e in estimates)) / n
    return Estimate(mean, mean - z * se, mean + z * se)


def double_returns(
    m: Material,
    first: Sequence[Order],
    second: Sequence[Order],
    z: float,
    pricing: Callable[[Horse, Horse], int] | None = None,
) -> tuple[list[tuple[str, str, int, Estimate]], Estimate]:
    """Every daily double (a horse of race 1, one of race 2): its price and return per dollar, and
    the average over the 36 pairs. The two races are run apart, so a pair wins with the product of
    the two horses' chances (estimated on every pairing of the two races' runs); the intervals by
    the delta method, each race's share of the variance its own runs' spread. ``pricing`` gives a
    pair's price for $1,000 (by default ``double_price``)."""
    r1, r2 = m.races[0].horses, m.races[1].horses
    prices = {
        (a.id, b.id): pricing(a, b) if pricing else double_price(m, a, b) for a in r1 for b in r2
    }
    n1, n2 = len(first), len(second)
    p1 = [paid(first, i, "win") / n1 for i in range(len(r1))]
    p2 = [paid(second, j, "win") / n2 for j in range(len(r2))]
    pairs: list[tuple[str, str, int, Estimate]] = []
    for i, a in enumerate(r1):
        for j, b in enumerate(r2):
            d = prices[a.id, b.id] / m.price_per
            value = d * p1[i] * p2[j]
            var = d * d * (p2[j] ** 2 * p1[i] * (1 - p1[i]) / n1)
            var += d * d * (p1[i] ** 2 * p2[j] * (1 - p2[j]) / n2)
            half = z * math.sqrt(var)
            pairs.append(
                (a.id, b.id, prices[a.id, b.id], Estimate(value, value - half, value + half))
            )
    count = len(r1) * len(r2)
    # The average is linear in each race's frequencies: its variance is that of each race's winner's
    # contribution over the runs, the other race's chances held at their estimate.
    per = m.price_per
    g1 = [sum(prices[a.id, b.id] / per * p2[j] for j, b in enumerate(r2)) / count for a in r1]
    g2 = [sum(prices[a.id, b.id] / per * p1[i] for i, a in enumerate(r1)) / count for b in r2]
    mean = sum(g1[i] * p1[i] for i in range(len(r1)))
    x1 = [g1[order[0]] for order in first]
    x2 = [g2[order[0]] for order in second]
    var = _variance(x1) / n1 + _variance(x2) / n2
    half = z * math.sqrt(var)
    return pairs, Estimate(mean, mean - half, mean + half)


def _variance(values: Sequence[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    return sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0


def problems(m: Material, orders: Sequence[Sequence[Order]]) -> list[str]:
    """Every breach of the tote board's constraint on the simulated finishes ``orders`` (one list a
    race), beyond the runs' noise at ``[payout_check]``'s ``z`` standard errors: a bet whose return
    is its stake or more even at the exact lower bound of its chance (``exact_low``, one-sided), a
    daily double that is with both its horses' chances at theirs; a kind of bet whose average
    return's interval lies wholly outside the take's band."""
    z, (low, high) = m.payout_z, m.payout_band
    found: list[str] = []
    n = len(orders[0]) if orders else 0
    averages: dict[str, list[Estimate]] = {kind: [] for kind in KINDS}
    for race, runs in zip(m.races, orders, strict=True):
        for i, horse in enumerate(race.horses):
            for kind in KINDS:
                k = paid(runs, i, kind)
                scale = price(horse, kind) / m.price_per
                if scale * k < len(runs):  # below the stake as measured: below it at its bound
                    continue
                least = scale * exact_low(k, len(runs), z)
                if least >= 1:
                    found.append(
                        f"race {race.number}, {horse.id}, {kind}: a price of ${price(horse, kind):,} "
                        f"for ${m.price_per:,} returns {scale * k / len(runs):.3f} a dollar (at "
                        f"least {least:.3f}) in {len(runs)} simulated races: more than the stake"
                    )
        for kind in KINDS:
            averages[kind].append(race_average(m, race.horses, kind, runs, z))
    first, second = orders[0], orders[1]
    pairs, double_mean = double_returns(m, first, second, z)
    r1, r2 = m.races[0].horses, m.races[1].horses
    wins1 = {h.id: paid(first, i, "win") for i, h in enumerate(r1)}
    wins2 = {h.id: paid(second, j, "win") for j, h in enumerate(r2)}
    for a, b, d, e in pairs:
        if e.value < 1:
            continue
        # Both chances at the low ends of their intervals.
        least = d / m.price_per * exact_low(wins1[a], len(first), z)
        least *= exact_low(wins2[b], len(second), z)
        if least >= 1:
            found.append(
                f"daily double {a}+{b}: a price of ${d:,} for ${m.price_per:,} returns "
                f"{e.value:.3f} a dollar (at least {least:.3f}) in {n} simulated races of each: "
                "more than the stake"
            )
    kinds = [*((kind, combine(averages[kind], z, z)) for kind in KINDS), ("double", double_mean)]
    for kind, e in kinds:
        if e.high < low or e.low > high:
            found.append(
                f"{kind} bets return {e} a dollar on average in {n} simulated races a race, "
                f"outside the take's band of {low:.2f} to {high:.2f}"
            )
    return found
