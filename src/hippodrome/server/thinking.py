"""Bots that think for a while (search, simulations) play in a worker process.

The event loop serves every table; a bot that simulates races for a few milliseconds would hold all
of them up, and a thread would not help (the interpreter lock). So the runtime sends such a bot's
turn here: the state as JSON, the seat, the bot's kind and its seed; the answer is an action's
notation. Each worker keeps the bots it has made (a heuristic remembers its estimate for the race).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import random
import signal
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from hippodrome.analysis.odds import Budget, odds
from hippodrome.bots.base import BotKind, make_bot
from hippodrome.bots.guide import guide
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.types import JSONObject
from hippodrome.games import load_game


def die_with_parent(parent: int) -> None:
    """A worker's initializer: the worker ends when the server process that started it ends, even
    killed with no chance to stop its workers (kill -9): the kernel sends it SIGKILL on Linux
    (``PR_SET_PDEATHSIG``), and a thread watching the parent ends it everywhere else."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


_bots: OrderedDict[tuple[str, int, str], Bot] = OrderedDict()
_KEPT = 2048


@dataclass(frozen=True, slots=True)
class BotTurn:
    """Everything a worker needs to play one bot's turn."""

    table_id: str
    game_id: str
    options: dict[str, Any]
    state: dict[str, Any]
    """The whole state as JSON (the bot itself sees only its seat's view of it)."""
    seat: int
    bot: str
    seed: str


def _bot(turn: BotTurn) -> Bot:
    """The bot that plays ``turn``'s seat, kept by this worker for the table's next turns."""
    key = (turn.table_id, turn.seat, turn.bot)
    bot = _bots.get(key)
    if bot is None:
        bot = make_bot(turn.bot, turn.game_id)
        _bots[key] = bot
        while len(_bots) > _KEPT:
            _bots.popitem(last=False)
    _bots.move_to_end(key)
    return bot


def think(turn: BotTurn) -> str:
    """The notation of the action the bot at ``turn.seat`` plays."""
    game = load_game(turn.game_id, **turn.options)
    state = game.state_from_json(turn.state)
    return str(_bot(turn).choose(SeatView(state, turn.seat), random.Random(turn.seed)))


ADVICE_BUDGET = Budget(seconds=0.5, strict=True)
"""How long a worker simulates for one practice-table estimate: a limit (the workers also play the
bots), so with many choices some may have no estimate yet."""


@dataclass(frozen=True, slots=True)
class AdviceTurn:
    """A practice table's decision: the odds of ``seat``'s options, computed in a worker."""

    game_id: str
    options: dict[str, Any]
    state: dict[str, Any]
    """The whole state as JSON; the simulations start from ``resample_for(seat)`` only."""
    seat: int
    seed: str
    table_id: str = ""
    """Whose heuristic bot a guided table's suggestion comes from (each worker keeps it, as it keeps
    the bots it plays: a heuristic remembers its estimate for the race)."""


def suggest(turn: AdviceTurn) -> JSONObject:
    """A guided table's hint (``bots/guide.py``): the move the heuristic bot (the « medium » level)
    would play at ``turn.seat``, the whole move where the game has plans, the reason for it from
    simulations, and the phase text for the situation, as JSON (``Guidance.to_json``). The bot sees
    that seat's view only (``SeatView``), as at the table."""
    game = load_game(turn.game_id, **turn.options)
    state = game.state_from_json(turn.state)
    bot = _bot(
        BotTurn(
            table_id=f"{turn.table_id}:guide",
            game_id=turn.game_id,
            options=turn.options,
            state=turn.state,
            seat=turn.seat,
            bot=BotKind.HEURISTIC,
            seed="",
        )
    )
    return guide(state, turn.seat, bot, random.Random(f"{turn.seed}:guide")).to_json()


def advise(turn: AdviceTurn) -> dict[str, Any]:
    """``hippodrome odds`` for the seat, as JSON (``OddsReport.to_json``)."""
    game = load_game(turn.game_id, **turn.options)
    state = game.state_from_json(turn.state)
    seed = random.Random(turn.seed).getrandbits(32)
    return odds(state, turn.seat, ADVICE_BUDGET, seed=seed).to_json()
