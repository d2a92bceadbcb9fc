"""Regenerate the balance figures of ``docs/analysis/`` (issue 15, "Balance reports").

For each game, plays the sample below with ``hippodrome.analysis.balance.analyze`` (the engine of
``hippodrome analyze``: the heuristic bot in every seat, game ``i`` seeded with ``SEED + i``, default
options) and writes every figure of its report as ``docs/analysis/img/<game>/<figure>.png`` and
the report's figures as ``docs/analysis/<game>.json``, which the prose of ``docs/analysis/*.md``
quotes. The figures are never edited by hand: change the sample here and run the script again.

    PYTHONPATH=src .venv/bin/python scripts/analysis_plots.py [--only royal_turf] [--workers 1]

The samples are sized to take a few minutes each on one core of a shared machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from hippodrome.analysis.balance import analyze

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "analysis"
SEED = 2026


@dataclass(frozen=True)
class Sample:
    name: str
    """Its files: ``docs/analysis/<name>.json`` and ``docs/analysis/img/<name>/``."""
    game: str
    games: int
    """How many games the report rests on."""
    options: dict[str, object] = field(default_factory=dict)


SAMPLES = (
    Sample("royal_turf", "royal_turf", 1000),
    Sample("royal_steeple_chase", "royal_steeple_chase", 300),
    Sample("toques_et_casques", "toques_et_casques", 2000),
    Sample("toques_et_casques-large", "toques_et_casques", 1000, {"track": "large"}),
    Sample("win_place_show", "win_place_show", 1000),
    Sample("ascot", "ascot", 800),
)
"""The reports: each game with its default options, and Toques et Casques also on its large track
(whose long straights are reconstructed, like the small track's)."""


def regenerate(sample: Sample, workers: int) -> None:
    start = time.perf_counter()
    report = analyze(
        sample.game, dict(sample.options), games=sample.games, workers=workers, seed=SEED
    )
    folder = OUT / "img" / sample.name
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    for name, png in report.figures().items():
        (folder / f"{name}.png").write_bytes(png)
    data = report.to_json()
    del data["workers"]  # where the games ran changes nothing in them
    (OUT / f"{sample.name}.json").write_text(
        json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    seconds = time.perf_counter() - start
    figures = len(list(folder.glob("*.png")))
    print(f"{sample.name}: {sample.games} games, {figures} figures, {seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", choices=[s.name for s in SAMPLES], help="one report only (a game's name)"
    )
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    args = parser.parse_args(argv)
    for sample in SAMPLES:
        if args.only in (None, sample.name):
            regenerate(sample, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
