"""Fit and measure Win, Place & Show's tote board (D3, D4): per race, horse and kind of bet, what
$1 brings back on average, with its 95% interval, in races where every horse is ridden to win.

Each race is run ``--runs`` times (``calibration.finishes``: the game's own rules, nobody owning a
horse, the steward riding every horse with ``race.best``, the heuristic bot's rider); the runs are
independent races, each race of each seed its own stream of dice. A bet's return is its price times
the share of runs in which it paid (Wilson's 95% score interval, times the price); a race's average
over its six horses is the mean over the runs of what $1 on each brought back together (normal
interval); the average of a kind over the six races and of the 36 daily doubles combine those
(the daily doubles by the delta method: races 1 and 2 are run apart).

    .venv/bin/python scripts/wps_payouts.py                 # the prices in material.toml
    .venv/bin/python scripts/wps_payouts.py --old           # the old table (N to 1, N/2, N/3)
    .venv/bin/python scripts/wps_payouts.py --fit --write   # refit, measure on other runs, write

``--fit`` fits the prices on ``--runs`` races a race from the seed ``"<seed> fit"`` (``tote.fit``:
the take's share over the top of each chance's 95% interval, rounded down to the breakage, at least
the stake back), prints them as ``[payouts.prices]``, and measures them on the other, independent
runs of ``--seed``; ``--write`` puts them in ``material.toml``. The shipped table was made with
``--fit --write`` (50,000 races a race to fit, 20,000 others to measure, seed 1966): 4.5 minutes
on a shared two-core machine; measuring alone takes 1.5 to 2.5.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import time
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path

from hippodrome.games.win_place_show import tote
from hippodrome.games.win_place_show.calibration import finishes
from hippodrome.games.win_place_show.material import Horse, Material, material

Z95 = 1.96


def old_table(m: Material) -> tuple[Material, Callable[[Horse, Horse], int]]:
    """The table before issue 32: the stake back and the odds, N to 1 for win, N/2 for place, N/3
    for show, each rounded down to the $100; a daily double (N1 + 1) x (N2 + 1) times the stake."""

    def line(h: Horse) -> Horse:
        per = m.price_per
        prices = (
            per * (h.odds + 1),
            per + per * h.odds // 2 // 100 * 100,
            per + per * h.odds // 3 // 100 * 100,
        )
        return dataclasses.replace(h, prices=prices)

    races = tuple(dataclasses.replace(r, horses=tuple(line(h) for h in r.horses)) for r in m.races)
    old = dataclasses.replace(m, races=races)
    return old, lambda a, b: m.price_per * (a.odds + 1) * (b.odds + 1)


def with_prices(m: Material, prices: Sequence[Sequence[tuple[int, int, int]]]) -> Material:
    races = tuple(
        dataclasses.replace(
            r,
            horses=tuple(
                dataclasses.replace(h, prices=p) for h, p in zip(r.horses, row, strict=True)
            ),
        )
        for r, row in zip(m.races, prices, strict=True)
    )
    return dataclasses.replace(m, races=races)


def report(
    m: Material,
    orders: Sequence[Sequence[tote.Order]],
    double: Callable[[Horse, Horse], int] | None = None,
) -> None:
    """Markdown tables: every bet, then every race's and kind's average."""
    n = len(orders[0])
    print(
        f"\nReturn per $1 staked, 95% intervals, {n:,} races a race, every horse ridden to win.\n"
    )
    print("| race | horse | odds | win | place | show |")
    print("|---|---|---|---|---|---|")
    worst: list[tuple[float, str, str]] = []
    for race, runs in zip(m.races, orders, strict=True):
        for i, h in enumerate(race.horses):
            cells = []
            for kind in tote.KINDS:
                e = tote.bet_return(m, h, i, kind, runs, z=Z95)
                cells.append(f"${tote.price(h, kind):,}: {e}")
                worst.append((e.value, kind, f"race {race.number} {h.id} {kind} {e}"))
            print(f"| {race.number} | {h.id} | {h.odds}-1 | " + " | ".join(cells) + " |")
    print("\n| race | win | place | show |")
    print("|---|---|---|---|")
    averages: dict[str, list[tote.Estimate]] = {kind: [] for kind in tote.KINDS}
    for race, runs in zip(m.races, orders, strict=True):
        row = []
        for kind in tote.KINDS:
            e = tote.race_average(m, race.horses, kind, runs, Z95)
            averages[kind].append(e)
            row.append(str(e))
        print(f"| {race.number} | " + " | ".join(row) + " |")
    overall = [str(tote.combine(averages[kind], Z95, Z95)) for kind in tote.KINDS]
    print("| all | " + " | ".join(overall) + " |")
    pairs, mean = tote.double_returns(m, orders[0], orders[1], Z95, double)
    best = max(pairs, key=lambda p: p[3].value)
    print(
        f"\nDaily doubles (36 pairs): on average {mean}; the best, {best[0]}+{best[1]} at ${best[2]:,}: {best[3]}"
    )
    over = {kind: sum(1 for v, k, _ in worst if v >= 1 and k == kind) for kind in tote.KINDS}
    doubles = sum(1 for p in pairs if p[3].value >= 1)
    print(
        "Bets returning $1 or more: "
        + ", ".join(f"{over[kind]} of 36 {kind}" for kind in tote.KINDS)
        + f", {doubles} of 36 daily doubles; the best bet: {max(worst)[2]}"
    )


def write(
    prices: Sequence[Sequence[tuple[int, int, int]]], m: Material, seed: int, runs: int
) -> Path:
    """Rewrite ``[payouts.prices]`` (and its ``fitted_by``) in the installed ``material.toml``."""
    path = Path(str(files("hippodrome.games.win_place_show") / "material.toml"))
    text = path.read_text(encoding="utf-8")
    lines = ["[payouts.prices]"]
    for race, row in zip(m.races, prices, strict=True):
        lines.append(f"# race {race.number} ({race.miles} mile)")
        for h, (w, p, s) in zip(race.horses, row, strict=True):
            lines.append(f"{h.id} = {{ win = {w}, place = {p}, show = {s} }}")
    block = "\n".join(lines) + "\n"
    text, count = re.subn(
        r"^\[payouts\.prices\]\n(?:(?!\[).*\n)*?(?=\n\[)", block, text, flags=re.M
    )
    assert count == 1, "material.toml has no [payouts.prices] table followed by another table"
    how = f"scripts/wps_payouts.py --fit --fit-runs {runs} --seed {seed} --write"
    text = re.sub(r'^fitted_by = ".*"$', f'fitted_by = "{how}"', text, flags=re.M)
    path.write_text(text, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20_000, help="races a race (default 20,000)")
    parser.add_argument(
        "--fit-runs", type=int, default=50_000, help="with --fit: races a race (default 50,000)"
    )
    parser.add_argument("--seed", type=int, default=1966, help="the seed (default 1966)")
    parser.add_argument("--old", action="store_true", help="measure the table before issue 32")
    parser.add_argument("--fit", action="store_true", help="fit the prices on other runs")
    parser.add_argument("--write", action="store_true", help="with --fit: rewrite material.toml")
    args = parser.parse_args()
    m = material()
    began = time.perf_counter()
    races = range(len(m.races))
    double = None
    if args.fit:
        fitted = tote.fit(m, [finishes(r, args.fit_runs, f"{args.seed} fit") for r in races])
        m = with_prices(m, fitted)
        print(f"Fitted on {args.fit_runs:,} races a race (seed '{args.seed} fit'):\n")
        for race, row in zip(m.races, fitted, strict=True):
            print(f"# race {race.number} ({race.miles} mile)")
            for h, (w, p, s) in zip(race.horses, row, strict=True):
                print(f"{h.id} = {{ win = {w}, place = {p}, show = {s} }}")
        if args.write:
            print(f"\nwritten to {write(fitted, m, args.seed, args.fit_runs)}")
    elif args.old:
        m, double = old_table(m)
    orders = [finishes(r, args.runs, args.seed) for r in races]
    report(m, orders, double)
    print(f"\n{time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
