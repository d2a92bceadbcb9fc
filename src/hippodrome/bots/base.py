"""The bot kinds every game has, and how to make one by name."""

from __future__ import annotations

import random
from typing import ClassVar

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import OptionsError
from hippodrome.games import entry

BOT_KINDS: tuple[str, ...] = ("random", "heuristic")


class RandomBot:
    """Picks uniformly among the legal actions."""

    kind: ClassVar[str] = "random"
    slow: ClassVar[bool] = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


def make_bot(kind: str, game_id: str) -> Bot:
    """A fresh bot of ``kind`` for ``game_id``."""
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        return entry(game_id).heuristic_class()()
    raise OptionsError("error.bot_kind", kind=kind, kinds=list(BOT_KINDS))
