"""The game-agnostic core: the Game/State protocol, actions, events, errors, records, catalogs.

The engine imports nothing above it (no game, bot, server or random generator of its own).
"""

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import (
    DataError,
    HippodromeError,
    IllegalActionError,
    NotationError,
    OptionsError,
    RecordError,
    UnknownGameError,
)
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, Outcome, State
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player, Square

__all__ = [
    "CHANCE",
    "JSON",
    "Action",
    "Bot",
    "DataError",
    "Event",
    "Game",
    "GameOptions",
    "GameRecord",
    "HippodromeError",
    "IllegalActionError",
    "JSONObject",
    "Money",
    "NotationError",
    "OptionsError",
    "Outcome",
    "Player",
    "RecordError",
    "Seat",
    "SeatView",
    "Square",
    "State",
    "UnknownGameError",
    "option",
]
