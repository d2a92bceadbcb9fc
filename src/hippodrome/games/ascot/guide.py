"""Ascot's guide (``GuideHooks``, ``bots/guide.py``): the phase text that fits the seat's situation
(the lot on sale, the horse the Bookmaker calls). Read from the seat's own observation only."""

from __future__ import annotations

from hippodrome.engine.bot import GuideHooks, Message
from hippodrome.engine.game import State
from hippodrome.engine.types import Player


def situation(state: State, seat: Player) -> Message | None:
    """The auction text names the lot and the bid to beat; the betting text the horse called."""
    seen = state.observation(seat)
    phase = seen.get("phase")
    if phase == "auction":
        auction = seen.get("auction")
        if isinstance(auction, dict) and isinstance(auction.get("lot"), str):
            high = auction.get("high")
            if isinstance(high, int) and high > 0:
                return "ascot.guide.auction.bid", {"card": auction["lot"], "amount": high}
            return "ascot.guide.auction.lot", {"card": auction["lot"]}
    if phase == "betting" and isinstance(seen.get("called"), str):
        return "ascot.guide.betting.called", {"horse": seen["called"]}
    return None


HOOKS = GuideHooks(situation=situation)
