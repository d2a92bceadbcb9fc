"""The guide of a guided table: the move the heuristic bot would play, why, and the phase's text for
the situation at hand.

At each decision of a guided seat the guide answers with:

- the heuristic bot's move from the seat's view, and where the game has whole moves
  (``State.plans``) the whole move it makes, to be played at one tap;
- a **reason** built from numbers computed here, never made up: the suggested move and a few
  others are each taken and the game played out to its end by heuristic bots, from the same
  determinizations and the same dice (paired simulations, so that the comparison is not drowned in
  the luck of the draw), and the reason says what the suggestion brings on average by the end of the
  game and how often it wins, against the best other move tried. It claims the suggestion better
  only where the 95% interval of the paired difference says so, says the two are close where it
  cannot tell them apart, that too few games were played to tell where the time allowed fewer than
  ``SEPARATING``, and says so plainly where the simulations favour the other move (the bot
  plays by rule of thumb: the guide does not hide it);
- the phase's text fitting the situation, when the game lends one (``GuideHooks.situation``).

A reason is a message (a key of ``web.guide.reason.*`` and its parameters), rendered by the server in
every language; the guide never changes the bot's move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hippodrome.bots.base import make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, GuideHooks, Message, SeatView
from hippodrome.engine.game import State
from hippodrome.engine.plan import Plan
from hippodrome.engine.stats import Z95
from hippodrome.engine.types import JSONObject, Player
from hippodrome.games import entry

REASON_SECONDS = 0.2
"""How long the guide simulates for one reason (a worker thinks it while the player reads)."""
ROUNDS = 40
"""At most this many paired rounds: enough to separate clear differences, a bound on the time."""
LEAST_ROUNDS = 2
"""Rounds played even past the time (a reason rests on simulations, never on none)."""
SEPARATING = 6
"""The fewest rounds on which the guide calls one move better than another."""
ALTERNATIVES = 3
"""How many other moves are tried beside the suggestion."""
LONGEST_RUN = 64
"""The most steps a whole move takes (``protocol.MAX_PLAN``)."""


@dataclass(frozen=True, slots=True)
class Guidance:
    """The guide's answer for one decision."""

    action: Action
    """The heuristic bot's move (the first step of the whole move, where there is one)."""
    plan: tuple[Action, ...] | None
    """The whole move it makes, where the game has plans: played at one tap."""
    reason: Message
    about: Message | None
    """The phase text for the situation, where the game has one."""
    move: Message | None = None
    """The whole move in words (where it ends), where the game names its plans."""

    def to_json(self) -> JSONObject:
        return {
            "action": str(self.action),
            "plan": None if self.plan is None else [str(a) for a in self.plan],
            "reason": list(self.reason),
            "about": None if self.about is None else list(self.about),
            "move": None if self.move is None else list(self.move),
        }


def guide(
    state: State,
    seat: Player,
    bot: Bot,
    rng: random.Random,
    *,
    seconds: float = REASON_SECONDS,
    rounds: int = ROUNDS,
) -> Guidance:
    """The guide's answer for ``seat``'s decision in ``state``; ``bot`` is the heuristic bot that
    suggests (it sees the seat's view only)."""
    hooks = entry(state.game.id).guide_hooks()
    action = bot.choose(SeatView(state, seat), rng)
    plans = list(state.plans(seat))
    run = _whole_move(state, seat, bot, action, rng) if plans else (action,)
    chosen = plan_of(state, seat, run, plans) if plans else None
    if chosen is not None:
        mine: tuple[Action, ...] = chosen.actions
        others: list[tuple[Action, ...]] = [p.actions for p in plans if p is not chosen]
    else:
        mine = run
        others = [(a,) for a in candidates(state, seat) if a != action]
    words = wording(state, hooks, plans)
    reason = _reason(state, seat, mine, others, words, rng=rng, seconds=seconds, rounds=rounds)
    about = hooks.situation(state, seat) if hooks.situation is not None else None
    move: Message | None = None
    if chosen is not None and hooks.plan_words is not None:
        move = hooks.plan_words(state, chosen)
    return Guidance(action, mine if plans else None, reason, about, move)


def _whole_move(
    state: State, seat: Player, bot: Bot, first: Action, rng: random.Random
) -> tuple[Action, ...]:
    """The bot's steps from ``first`` until its move is whole: while the seat still has a move under
    way (``plans``) and decides again with nothing new to know (``State.apply_plan``'s limits)."""
    sim = state.clone()
    run = [first]
    sim.apply(first, seat)
    while (
        len(run) < LONGEST_RUN
        and not sim.is_terminal()
        and not sim.is_chance_node()
        and seat in sim.active_players()
        and not sim.has_hidden_information()
        and sim.plans(seat)
    ):
        step = bot.choose(SeatView(sim, seat), rng)
        sim.apply(step, seat)
        run.append(step)
    return tuple(run)


def plan_of(
    state: State, seat: Player, run: tuple[Action, ...], plans: Sequence[Plan]
) -> Plan | None:
    """The offered whole move that ends where ``run`` ends (the same position), the run's own
    when the game offers none such."""
    reached = _after(state, seat, run).position_json()
    for plan in plans:
        if plan.actions == run or _after(state, seat, plan.actions).position_json() == reached:
            return plan
    return None


def _after(state: State, seat: Player, actions: Sequence[Action]) -> State:
    sim = state.clone()
    for action in actions:
        sim.apply_unchecked(action, seat)
    return sim


def candidates(state: State, seat: Player) -> Sequence[Action]:
    """The moves worth comparing: the game's search candidates where it lends them (the few amounts
    that differ in kind), else every legal move."""
    legal = state.legal_actions(seat)
    pick = entry(state.game.id).search_hooks().candidates
    return pick(state, seat, legal) if pick is not None else legal


def wording(state: State, hooks: GuideHooks, plans: Sequence[Plan]) -> Any:
    """How a move (its actions) is named in a reason: a whole move by the game's words, else its
    first action's label."""
    by_actions = {p.actions: p for p in plans}

    def words(actions: tuple[Action, ...]) -> JSONObject:
        plan = by_actions.get(actions)
        if plan is not None and hooks.plan_words is not None:
            key, params = hooks.plan_words(state, plan)
            return {"key": key, "params": params}
        first = actions[0]
        key, params = first.label_message()
        return {
            "key": f"{state.game.id}.action.{key}",
            "params": dict(params),
            "kinds": dict(first.terms),
        }

    return words


class _Arm:
    __slots__ = ("actions", "money", "wins")

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.actions = actions
        self.money: list[float] = []
        self.wins: list[float] = []


def _reason(
    state: State,
    seat: Player,
    mine: tuple[Action, ...],
    others: list[tuple[Action, ...]],
    words: Any,
    *,
    rng: random.Random,
    seconds: float,
    rounds: int,
) -> Message:
    if not others:
        return "web.guide.reason.only", {}
    if len(others) > ALTERNATIVES:
        others = rng.sample(others, ALTERNATIVES)
    arms = [_Arm(mine)] + [_Arm(a) for a in others]
    game = state.game
    start = state.money()[seat]
    bots = [make_bot("heuristic", game.id) for _ in range(game.num_players)]
    began = time.perf_counter()
    for played in range(rounds):
        if played >= LEAST_ROUNDS and time.perf_counter() - began >= seconds:
            break
        seed = rng.getrandbits(64)
        for arm in arms:  # the same determinization and the same dice for every arm
            final = _play_out(state, seat, arm.actions, bots, random.Random(seed))
            arm.money.append(float(final.money()[seat] - start))
            arm.wins.append(final.returns()[seat])
    suggestion, rivals = arms[0], arms[1:]
    rival = max(rivals, key=lambda a: (_mean(a.wins), _mean(a.money)))
    n = len(suggestion.money)
    params: JSONObject = {
        "move": words(rival.actions),
        "money": _money(game.id, _mean(suggestion.money)),
        "other_money": _money(game.id, _mean(rival.money)),
        "win": round(100 * _mean(suggestion.wins)),
        "other_win": round(100 * _mean(rival.wins)),
        "games": n,
        "tried": len(rivals),
    }
    verdict = _verdict(
        [a - b for a, b in zip(suggestion.wins, rival.wins, strict=True)],
        [a - b for a, b in zip(suggestion.money, rival.money, strict=True)],
    )
    return f"web.guide.reason.{verdict}", params


def _verdict(wins: Sequence[float], money: Sequence[float]) -> str:
    """``better`` when the paired differences (suggestion minus rival) show the suggestion ahead,
    in its chance of winning first, else in money, with 95% confidence; ``worse`` when they show it
    behind; ``close`` when they cannot tell; ``few`` when too few games were played out in the time
    to tell anything (the reason then says so, rather than that the two moves are alike)."""
    if len(wins) < SEPARATING:
        return "few"
    for differences in (wins, money):
        low, high = _interval(differences)
        if low > 0:
            return "better"
        if high < 0:
            return "worse"
    return "close"


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean (normal approximation); a single value has none but itself."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * (var / n) ** 0.5
    return mean - half, mean + half


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _money(game_id: str, amount: float) -> JSONObject:
    """An expected change of money as the game writes money (``<game>.guide.money``)."""
    whole = round(amount)
    sign = "+" if whole > 0 else "\u2212" if whole < 0 else ""
    return {"key": f"{game_id}.guide.money", "params": {"sign": sign, "amount": abs(whole)}}


def _play_out(
    state: State, seat: Player, first: tuple[Action, ...], bots: Sequence[Bot], rng: random.Random
) -> State:
    """One game played out from a determinization for ``seat``, its move taken first, every seat
    (its own too) then played by the heuristic bot."""
    sim = state.resample_for(seat, rng)
    for action in first:
        sim.apply_unchecked(action, seat)
    while not sim.is_terminal():
        if sim.is_chance_node():
            sim.apply_unchecked(sim.sample_chance(rng))
        else:
            for player in list(sim.active_players()):
                sim.apply_unchecked(bots[player].choose(SeatView(sim, player), rng), player)
    return sim
