"""Bots: the random bot, each game's heuristic (through the registry), and the match driver."""

from hippodrome.bots.base import BOT_KINDS, RandomBot, make_bot
from hippodrome.bots.match import SeatController, play_match, seat_rngs

__all__ = ["BOT_KINDS", "RandomBot", "SeatController", "make_bot", "play_match", "seat_rngs"]
