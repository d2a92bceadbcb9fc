"""Toy Race's heuristic bot: gallop, unless the gallop would end in the ditch or a trot reaches the
line as well. It reads only its seat's observation."""

from __future__ import annotations

import random
from typing import ClassVar

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView

from .actions import GALLOP, TROT
from .material import material

M = material()


class ToyRaceHeuristic:
    kind: ClassVar[str] = "heuristic"
    slow: ClassVar[bool] = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        seen = view.observation()
        legal = view.legal_actions()
        rolled = seen["rolled"]
        if rolled is None or GALLOP not in legal:
            return rng.choice(list(legal))
        square = seen["horses"][view.player]["square"]
        if square + M.trot >= M.squares or square + rolled == M.ditch:
            return TROT
        return GALLOP if rolled > M.trot else TROT
