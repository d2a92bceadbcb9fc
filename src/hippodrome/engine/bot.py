"""The bot protocol: what a seat controller sees and how it answers.

A bot sees a :class:`SeatView`: its seat's observation, its legal actions, and determinized states
(``resample_for``) for search. It never sees the true state, so it cannot cheat, and it receives its
random generator from the driver, so games stay reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from hippodrome.engine.actions import Action
from hippodrome.engine.game import Game, State
from hippodrome.engine.types import JSONObject, Player


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


class Bot(Protocol):
    """Chooses an action for a seat."""

    kind: ClassVar[str]
    slow: ClassVar[bool]
    """True when ``choose`` may take milliseconds (search, simulations): a server then runs it away
    from the loop that serves every table."""

    def choose(self, view: SeatView, rng: random.Random) -> Action: ...
