"""Plackett-Luce orders, for search evaluations that read a race's places from the runners'
strengths (Ascot's and Toques et Casques' ``search.py``): each place goes to one of the runners left
in proportion to its weight, ``exp`` of its log-weight."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Mapping
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def orders(logits: Mapping[K, float], places: int) -> Iterator[tuple[tuple[K, ...], float]]:
    """Every order of ``places`` runners first past the post and its Plackett-Luce chance. The
    weights are taken afresh at each place from the best of the runners left, so that the runners
    left after a far stronger one keep their shares among themselves; a runner whose weight rounds
    to nothing beside the best is skipped (its chance, and every order it opens, is 0)."""
    if places == 0:
        yield (), 1.0
        return
    top = max(logits.values())
    weight = {h: math.exp(v - top) for h, v in logits.items()}
    total = sum(weight.values())
    for runner, w in weight.items():
        if w == 0.0:
            continue
        rest = {h: v for h, v in logits.items() if h != runner}
        for tail, chance in orders(rest, places - 1):
            yield (runner, *tail), w / total * chance
