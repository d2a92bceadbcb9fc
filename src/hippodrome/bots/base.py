"""The bot kinds every game has, and how to make one by name."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import ClassVar

from hippodrome.bots.ismcts import (
    DEFAULT_BUDGET,
    ROLLOUTS,
    Budget,
    ISMCTSBot,
    bot_policy,
    random_policy,
)
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, Policy, SeatView
from hippodrome.engine.errors import OptionsError
from hippodrome.games import entry


class BotKind(StrEnum):
    """The bots every game has: declared here once, for the command line, the server and its API."""

    RANDOM = "random"
    HEURISTIC = "heuristic"
    ISMCTS = "ismcts"


BOT_KINDS: tuple[str, ...] = tuple(kind.value for kind in BotKind)


class RandomBot:
    """Picks uniformly among the legal actions."""

    kind: ClassVar[str] = "random"
    slow: ClassVar[bool] = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


def bot_label(kind: str, game_id: str) -> str:
    """The message key naming ``kind``'s level in ``game_id`` (``web.bot.*``): the search is the hard
    level where the game's benchmark proves it stronger than the heuristic, experimental elsewhere."""
    if kind == BotKind.ISMCTS and entry(game_id).search_hooks().proven:
        return "web.bot.ismcts_hard"
    return f"web.bot.{kind}"


def check_bot_spec(spec: str) -> str:
    """``spec`` if it names a bot (``random``, ``heuristic``, ``ismcts``, ``ismcts:500ms``,
    ``ismcts:2000it``, ``ismcts:200ms:heuristic``); an ``OptionsError`` naming the fault if not."""
    kind, _, rest = spec.partition(":")
    if kind not in BOT_KINDS or (rest and kind != BotKind.ISMCTS):
        raise OptionsError("error.bot_kind", kind=spec, kinds=list(BOT_KINDS))
    if rest:
        budget, _, rollout = rest.partition(":")
        Budget.parse(budget)
        if rollout not in ("", *ROLLOUTS):
            raise OptionsError("error.bot_kind", kind=spec, kinds=list(BOT_KINDS))
    return spec


def make_bot(kind: str, game_id: str) -> Bot:
    """A fresh bot of ``kind`` for ``game_id``: a kind of ``BotKind``, for ISMCTS optionally
    followed by its budget and rollout policy (``ismcts:500ms``, ``ismcts:2000it:heuristic``)."""
    check_bot_spec(kind)
    name, _, rest = kind.partition(":")
    if name == BotKind.RANDOM:
        return RandomBot()
    if name == BotKind.HEURISTIC:
        return entry(game_id).heuristic_class()()
    budget_text, _, rollout = rest.partition(":")
    budget = Budget.parse(budget_text) if budget_text else DEFAULT_BUDGET
    info = entry(game_id)
    hooks = info.search_hooks()
    policy: Policy = random_policy
    if rollout == "heuristic":
        policy = bot_policy(info.heuristic_class()())
    elif rollout in ("", "game") and hooks.rollout is not None:
        policy = hooks.rollout
    return ISMCTSBot(
        budget,
        rollout=policy,
        rollout_depth=hooks.depth,
        evaluate=hooks.evaluate,
        candidates=hooks.candidates,
        settled=hooks.settled if policy is not random_policy else None,
        guide=info.heuristic_class()(),
    )
