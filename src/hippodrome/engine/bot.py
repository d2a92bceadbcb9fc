"""The bot protocol: what a seat controller sees and how it answers.

A bot sees a :class:`SeatView`: its seat's observation, its legal actions, and determinized states
(``resample_for``) for search. It never sees the true state, so it cannot cheat, and it receives its
random generator from the driver, so games stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from hippodrome.engine.actions import Action
from hippodrome.engine.game import Game, State
from hippodrome.engine.plan import Plan
from hippodrome.engine.types import JSONObject, Player

LONGEST_THOUGHT = 86_400.0
"""The longest time budget taken, a day (a bot's thinking, the odds' simulations): a longer one is a
typing error, not a plan."""


class SeatView:
    """One seat's window on a state."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: Player) -> None:
        self._state = state
        self.player = player

    @property
    def game(self) -> Game[Any]:
        return self._state.game

    def observation(self) -> JSONObject:
        return self._state.observation(self.player)

    def legal_actions(self) -> Sequence[Action]:
        return self._state.legal_actions(self.player)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what this seat knows, for search."""
        return self._state.resample_for(self.player, rng)

    def plans(self) -> Sequence[Plan]:
        """The whole moves this seat may make now (``State.plans``), as a player is offered them."""
        return self._state.plans(self.player)


class Bot(Protocol):
    """Chooses an action for a seat."""

    kind: ClassVar[str]
    slow: ClassVar[bool]
    """True when ``choose`` may take milliseconds (search, simulations): a server then runs it away
    from the loop that serves every table."""

    def choose(self, view: SeatView, rng: random.Random) -> Action: ...


Policy = Callable[[State, Player, random.Random], Action]
"""A rollout policy: an action for ``player`` in a full (determinized) state, drawn from ``rng``."""

Evaluation = Callable[[State], Sequence[float] | None]
"""Each seat's share of the win, estimated from an unfinished (determinized) state: values in
[0, 1] summing to 1, as ``State.returns`` scores a finished game; None where the game cannot score
the position (a rollout then plays on)."""

Settled = Callable[[State, Player], bool]
"""True where ``player``'s decision in a full (determinized) state completes a move the seat chose
at an earlier step (Royal Steeple Chase's coups after its card)."""

Candidates = Callable[[State, Player, Sequence[Action]], Sequence[Action]]
"""The moves worth comparing, of the legal ones given, for ``player`` deciding in a full
(determinized) state: where a seat has hundreds of amounts, the few that differ in kind."""


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """What a game lends a tree search (``GameInfo.search_hooks``, the manifest's ``search`` piece):
    a cheap rollout policy that plays better than random moves, and optionally an evaluation that
    ends a rollout at the first position it can score, ``depth`` actions (chance outcomes included)
    or more after the rollout leaves the tree (from the first when ``depth`` is None). A search
    plays these on the determinizations it builds, never on the real state."""

    rollout: Policy | None = None
    evaluate: Evaluation | None = None
    depth: int | None = None
    candidates: Candidates | None = None
    """The moves a search compares at its root (its guide's added), where not every legal one is
    worth a sample: in an open auction, passing and the least raise (a higher bid only pays more
    for the same lot). None: every legal move."""
    settled: Settled | None = None
    """Where a seat completes a move it began at an earlier step (Royal Steeple Chase: the card's
    coups after the card), below its root a search plays its rollout policy's step there for its
    own seat instead of branching on it: the steps are searched when the seat is at them, and a
    choice of card is then judged by the coups the seat will play after it, not by the mean of
    every coup the tree tries below it. The other seats' steps are still searched. None: every
    step is searched."""
    proven: bool = False
    """True once the benchmark (``docs/analysis/bots.md``: 400 games or more, seats rotated) shows
    the search beating the heuristic bot with its interval clear of an even share: the server then
    offers it as the hard level rather than as an experimental one."""


Message = tuple[str, JSONObject]
"""A text for a player: a key of the catalogs and its parameters (rendered in every language)."""

Situation = Callable[[State, Player], Message | None]
"""The phase text that fits ``player``'s decision now, where the game has one for the situation (the
last race, little money left, the lot on sale): a key of the game's catalog (``<game>.guide.*``)
and its parameters; None: the phase's own text (``<game>.guide.<phase>``)."""

PlanWords = Callable[[State, Plan], Message]
"""A whole move (``State.plans``) in words, for the guide's reason: where the horse ends."""


@dataclass(frozen=True, slots=True)
class GuideHooks:
    """What a game lends the guide of a guided table (``GameInfo.guide_hooks``, the manifest's
    ``guide`` piece, ``games/<id>/guide.py``): the phase text for the situation at hand, and a whole
    move in words. Without it the guide shows the phase's text and names a move by its first
    action's label."""

    situation: Situation | None = None
    plan_words: PlanWords | None = None
