"""Royal Turf's guide (``GuideHooks``, ``bots/guide.py``): the phase text that fits the seat's
situation (the last race). Read from the seat's own observation only."""

from __future__ import annotations

from hippodrome.engine.bot import GuideHooks, Message
from hippodrome.engine.game import State
from hippodrome.engine.types import Player


def situation(state: State, seat: Player) -> Message | None:
    """The betting and racing texts know the last race."""
    seen = state.observation(seat)
    phase = seen.get("phase")
    last = isinstance(seen.get("race"), int) and seen.get("race") == seen.get("races")
    if last and phase in ("betting", "racing"):
        return f"royal_turf.guide.{phase}.last", {}
    return None


HOOKS = GuideHooks(situation=situation)
