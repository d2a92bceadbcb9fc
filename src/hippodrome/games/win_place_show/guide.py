"""Win, Place & Show's guide (``GuideHooks``, ``bots/guide.py``): the phase text that fits the seat's
situation. Read from the seat's own observation only."""

from __future__ import annotations

from hippodrome.engine.bot import GuideHooks, Message
from hippodrome.engine.game import State
from hippodrome.engine.types import Player

SHORT = 5_000
"""Below this much money a seat is told that a lost bet cannot be won back."""


def situation(state: State, seat: Player) -> Message | None:
    """The betting text knows the last race and a seat short of money; riding knows the last race."""
    seen = state.observation(seat)
    phase = seen.get("phase")
    race, races = seen.get("race"), seen.get("races")
    money = seen.get("money")
    last = isinstance(race, int) and race == races
    if phase == "betting":
        mine = money[seat] if isinstance(money, list) and isinstance(money[seat], int) else None
        if mine is not None and mine < SHORT:
            return "win_place_show.guide.betting.short", {"amount": mine}
        if last:
            return "win_place_show.guide.betting.last", {}
    if phase == "riding" and last:
        return "win_place_show.guide.riding.last", {}
    return None


HOOKS = GuideHooks(situation=situation)
