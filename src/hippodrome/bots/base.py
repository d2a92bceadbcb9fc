"""The bot kinds every game has, and how to make one by name."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import ClassVar

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import OptionsError
from hippodrome.games import entry


class BotKind(StrEnum):
    """The bots every game has: declared here once, for the command line, the server and its API."""

    RANDOM = "random"
    HEURISTIC = "heuristic"


BOT_KINDS: tuple[str, ...] = tuple(kind.value for kind in BotKind)


class RandomBot:
    """Picks uniformly among the legal actions."""

    kind: ClassVar[str] = "random"
    slow: ClassVar[bool] = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


def make_bot(kind: str, game_id: str) -> Bot:
    """A fresh bot of ``kind`` for ``game_id``."""
    if kind == BotKind.RANDOM:
        return RandomBot()
    if kind == BotKind.HEURISTIC:
        return entry(game_id).heuristic_class()()
    raise OptionsError("error.bot_kind", kind=kind, kinds=list(BOT_KINDS))
