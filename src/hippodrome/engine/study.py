"""What a game tells the balance report about one finished game (``hippodrome analyze``).

The report counts for every game what the engine protocol already says (wins by seat, money, length,
events by kind). What only a game knows (which horse started where, which card a horse drew, what a
bet of each kind paid back) it says through a small hook its manifest names (``Pieces.balance``): a
function ``(final_state, events) -> facts`` returning ``Tally`` and ``Measure`` facts. The analysis
groups them by ``question`` and ``level`` and gives each group its 95% interval; a question marked
``reconstructed`` is about a table the project rebuilt (``GAMES.md``), and the report says whether
one of its levels dominates the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hippodrome.engine.events import Event

if TYPE_CHECKING:
    from hippodrome.engine.game import State


@dataclass(frozen=True, slots=True)
class Tally:
    """One trial of a rate: under ``question`` (``"Race won, by starting square"``), the thing
    at ``level`` (``"square 33"``) succeeded (1.0), failed (0.0) or shared a success (a fraction)."""

    question: str
    level: str
    success: float
    reconstructed: bool = False
    """The question is about a reconstructed table (GAMES.md)."""
    expected: float | None = None
    """The rate the game's material promises for this level (odds of N to 1: 1/(N+1)), which the
    report sets against the observed one."""


@dataclass(frozen=True, slots=True)
class Measure:
    """One value of a mean: under ``question`` (``"Money back per unit bet, by card"``), one
    observation of ``value`` at ``level``."""

    question: str
    level: str
    value: float
    reconstructed: bool = False


Fact = Tally | Measure

BalanceHook = Callable[["State", Sequence[Event]], Iterable[Fact]]
"""A game's balance hook: its facts about one finished game, from the final state and every event
the game made (in order)."""
