"""Toques et Casques's guide (``GuideHooks``, ``bots/guide.py``): a whole move of the horse in words
(where it ends), and the race text that fits the seat's situation (a move that may end in a fall)."""

from __future__ import annotations

from hippodrome.engine.bot import GuideHooks, Message
from hippodrome.engine.game import State
from hippodrome.engine.plan import Plan
from hippodrome.engine.types import Player
from hippodrome.games.toques_et_casques.actions import BLOQUE
from hippodrome.games.toques_et_casques.rules import ToquesState


def plan_words(state: State, plan: Plan) -> Message:
    """« No. 3 to lane 2 », « … and declared blocked », « … and falls »."""
    assert isinstance(state, ToquesState)
    horse = state.current + 1
    lane = state.track.cells[plan.end].lane + 1
    if plan.warning is not None:
        return "toques_et_casques.guide.race.plan_fall", {"horse": horse, "lane": lane}
    if plan.actions[-1] == BLOQUE:
        return "toques_et_casques.guide.race.plan_blocked", {"horse": horse, "lane": lane}
    return "toques_et_casques.guide.race.plan", {"horse": horse, "lane": lane}


def situation(state: State, seat: Player) -> Message | None:
    """The race text says when some of the roll's ends are falls, and how many points to play."""
    plans = state.plans(seat)
    if not plans:
        return None
    assert isinstance(state, ToquesState)
    if any(p.warning is not None for p in plans):
        return "toques_et_casques.guide.race.danger", {"horse": state.current + 1}
    return "toques_et_casques.guide.race.move", {"horse": state.current + 1}


HOOKS = GuideHooks(situation=situation, plan_words=plan_words)
