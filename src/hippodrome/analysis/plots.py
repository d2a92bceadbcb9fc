"""Figures for tournaments and balance reports: matplotlib, drawn off screen, returned as PNG bytes.

matplotlib belongs to the optional extra ``research`` (``pip install hippodrome[research]``); without
it a figure is refused with an ``OptionsError`` that says so, before any game is played.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from typing import Any

from hippodrome.engine.errors import OptionsError

BAR = "#3b6ea5"
EVEN = "#b8532e"


def require_matplotlib() -> Any:
    """``matplotlib.pyplot`` on the off-screen backend; an ``OptionsError`` when it is absent."""
    try:
        import matplotlib  # noqa: PLC0415 (the optional extra "research")
    except ImportError:
        raise OptionsError("error.matplotlib_missing") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    return plt


TITLE_SIZE = 10
"""Points of a figure's title."""


def set_title(figure: Any, title: str) -> Any:
    """``title`` over the whole figure, wrapped to its width so that no line runs past an edge
    (a long question with long labels beside the bars would otherwise lose its ends); the title's
    text artist."""
    width_points = figure.get_figwidth() * 72
    characters = max(20, int(width_points / (0.6 * TITLE_SIZE)) - 4)  # a glyph is ~0.6 em wide
    return figure.suptitle(textwrap.fill(title, characters), fontsize=TITLE_SIZE)


def png(figure: Any) -> bytes:
    """``figure`` as PNG bytes (and closed)."""
    plt = require_matplotlib()
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=110, metadata={"Software": None})
    plt.close(figure)
    return buffer.getvalue()


def interval_bars(
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    title: str,
    xlabel: str,
    reference: float | None = None,
    reference_label: str = "",
    percent: bool = False,
    expected: Sequence[float | None] = (),
) -> bytes:
    """Horizontal bars, one per label (top to bottom), each with its 95% interval as an error bar;
    ``reference`` draws a vertical line (an even share, an overall rate), ``expected`` a diamond on
    the bars whose level promises a value."""
    plt = require_matplotlib()
    height = max(2.2, 0.8 + 0.32 * len(labels))
    figure, axes = plt.subplots(figsize=(7.5, height))
    positions = list(range(len(labels)))[::-1]
    scale = 100.0 if percent else 1.0
    shown = [v * scale for v in values]
    low = [max(0.0, (v - lo)) * scale for v, (lo, _) in zip(values, intervals, strict=True)]
    high = [max(0.0, (hi - v)) * scale for v, (_, hi) in zip(values, intervals, strict=True)]
    axes.barh(positions, shown, color=BAR, alpha=0.85, xerr=[low, high], capsize=3)
    axes.set_yticks(positions, labels=list(labels), fontsize=8)
    promised = [(y, e * scale) for y, e in zip(positions, expected, strict=False) if e is not None]
    if promised:
        axes.scatter(
            [x for _, x in promised],
            [y for y, _ in promised],
            marker="D",
            color=EVEN,
            zorder=3,
            s=22,
            label="promised",
        )
    if reference is not None:
        axes.axvline(
            reference * scale,
            color=EVEN,
            linestyle="--",
            linewidth=1.2,
            label=reference_label or None,
        )
    if (reference is not None and reference_label) or promised:
        axes.legend(fontsize=8, loc="best")
    set_title(figure, title)
    axes.set_xlabel(xlabel + (" (%)" if percent else ""), fontsize=9)
    axes.grid(axis="x", alpha=0.3)
    return png(figure)


def histogram(
    series: Sequence[tuple[str, Sequence[float]]], *, title: str, xlabel: str, bins: int = 30
) -> bytes:
    """Overlaid histograms, one per named series."""
    plt = require_matplotlib()
    figure, axes = plt.subplots(figsize=(7.5, 3.4))
    values = [v for _, vs in series for v in vs]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    edges = bins if high > low else 1
    for name, vs in series:
        axes.hist(
            list(vs),
            bins=edges,
            range=(low, high if high > low else low + 1),
            alpha=0.5 if len(series) > 1 else 0.85,
            label=name,
            histtype="stepfilled",
        )
    if len(series) > 1:
        axes.legend(fontsize=8)
    set_title(figure, title)
    axes.set_xlabel(xlabel, fontsize=9)
    axes.set_ylabel("games", fontsize=9)
    axes.grid(axis="y", alpha=0.3)
    return png(figure)
