"""Win, Place & Show's hooks for tree search (``SearchHooks``): a rollout policy that plays the
heuristic bot's rules on the state itself (no observation built), and an evaluation that ends a
rollout once the race it is in has been settled.

The policy, phase by phase (the heuristic's rules, ``heuristic.py``, without building a view):
riding, it spurts when it may and otherwise takes ``race.best`` of the move's ends (home, else the
farthest, then the rail: §6, the heuristic's ``ride_key`` to within the lane order); writing its
sheet (§9), the horse's ``value`` capped at a third of its money; in a tie auction, it raises while
the price stays under that value; betting (§10, §11), the heuristic's win, place and show bets and
its daily double before race 1, whose estimated chance beats the tote board's price (``bets``, its
choices kept for each race and set of own horses). It never claims (§8: a claim is a
fine risked on a guess, rare in the heuristic's play), rules a claim justified when the move gave up
a square or more (D27), asks no jockey and accepts a ride (§10).

The evaluation scores a position only at the first step of a race not yet begun: after a race's
settlement (``_end_race``: purses, bets, claims) and before anyone has written a sheet, a bet or a
jockey request for the next one. Each seat's share of the win is a logistic of its money whose scale
grows with the purses still to run for, as Royal Turf's does. A rollout from a sheet or a bet thus
runs to the end of the race it concerns.

The policy reads the determinization the search gives it (``resample_for``), never the real state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.bot import SearchHooks
from hippodrome.engine.game import State
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.types import Player
from hippodrome.games.win_place_show.actions import (
    ACCEPT,
    DONE,
    NO_CLAIM,
    NO_JOCKEY,
    REJECT,
    SPURT,
    UPHOLD,
    Line,
    Ride,
    Sheet,
)
from hippodrome.games.win_place_show.heuristic import HORSES, bets, value
from hippodrome.games.win_place_show.material import material
from hippodrome.games.win_place_show.phases import Phase
from hippodrome.games.win_place_show.race import best
from hippodrome.games.win_place_show.rules import RACES, WinPlaceShowState

if TYPE_CHECKING:
    import random

M: Final = material()

PRE_RACE: Final = frozenset(
    {Phase.STABLE, Phase.SHEET, Phase.BIDDING, Phase.LOT, Phase.BETTING, Phase.JOCKEY, Phase.ANSWER}
)
"""The phases between two races (§9, §10): where a race not yet begun may be scored."""


def rollout(state: State, player: Player, rng: random.Random) -> Action:
    """The action ``player`` plays in a rollout of ``state`` (a Win, Place & Show state)."""
    assert isinstance(state, WinPlaceShowState)
    legal: Sequence[Action] = state.legal_actions(player)
    phase = state.flow.phase
    if phase is Phase.RIDING:
        if legal[-1] is SPURT:
            return SPURT
        cell = best(state.ends)
        for action in legal:
            if isinstance(action, Ride) and action.cell == cell:
                return action
        return legal[0]
    if phase is Phase.SHEET:
        first = legal[0]
        assert isinstance(first, Sheet)
        race, horse = HORSES[first.horse]
        want = min(value(horse, race.purse), state.money_[player] // 3) // M.bid_unit
        return legal[want] if 0 <= want < len(legal) else first
    if phase is Phase.BIDDING:
        assert state.auction is not None
        race, horse = HORSES[str(state.auction.lot)]
        for action in legal:
            if isinstance(action, Bid):
                return action if action.amount <= value(horse, race.purse) else PASS
        return PASS
    if phase is Phase.BETTING:
        return _bet(state, player, legal)
    if phase is Phase.CLAIM:
        return NO_CLAIM
    if phase is Phase.JOCKEY:
        return NO_JOCKEY
    if phase is Phase.ANSWER:
        return ACCEPT
    if phase is Phase.RULING:
        ruled = state._next_ruling()
        gave_up = any(h == ruled and lost >= 1 for h, _, _, lost, _ in state.fouls)
        return UPHOLD if gave_up else REJECT
    return rng.choice(legal)


def _wanted(state: WinPlaceShowState, player: Player) -> list[PlaceBet]:
    """The heuristic's bets this race (``WinPlaceShowHeuristic._bet``: ``heuristic.bets``, its
    choices computed once for each race and set of the seat's own horses), from the state."""
    mine = tuple(o == player for o in state.owner)
    doubles = state.race_index == 0 and not state.dd.slips_of(player)
    return bets(state.race_index, mine, state.money_[player], doubles)


def _bet(state: WinPlaceShowState, player: Player, legal: Sequence[Action]) -> Action:
    wanted = _wanted(state, player)
    line = state.lines[player]
    if line is not None:  # the stake of the line begun
        for bet in wanted:
            if (bet.bet, bet.horses) == line and bet in legal:
                return bet
        return next(a for a in legal if isinstance(a, PlaceBet))
    taken = {s.kind for s in state.pool.slips_of(player)}
    half = state.money_[player] // 2
    for bet in wanted:
        if bet.bet not in taken and bet.stake <= half:
            begin = Line(bet.bet, bet.horses)
            if begin in legal:
                return begin
    return DONE


def _fresh(state: WinPlaceShowState) -> bool:
    """Nothing has been written yet for the race called: no sheet, slip, line or jockey asked."""
    return (
        state.auction is None
        and not any(state.sheets)
        and not state.pool.slips
        and all(line is None for line in state.lines)
        and not any(state.asked)
        and state.request is None
    )


RACE_SPREAD: Final = 0.5
"""How far apart two players' money typically falls after a race, as a share of its purse: the
scale of the evaluation's logistic is this times the purses still to run for (the purse is what a
race moves most; bets move a fraction of a seat's money besides)."""


def evaluate(state: State) -> Sequence[float] | None:
    """Each seat's chance of winning once a race is settled and before anything of the next is
    written (None elsewhere, so a rollout runs to the end of the race it is in): the money as it
    stands, through a logistic whose scale grows with the purses still to run for."""
    assert isinstance(state, WinPlaceShowState)
    if state.race_index == 0 or state.flow.phase not in PRE_RACE or not _fresh(state):
        return None
    left = sum(race.purse for race in RACES[state.race_index :])
    scale = RACE_SPREAD * left
    money = state.money_
    top = max(money)
    weights = [
        0.0 if out else math.exp((m - top) / scale) for m, out in zip(money, state.out, strict=True)
    ]
    total = sum(weights)
    if total <= 0:
        return None
    return [w / total for w in weights]


HOOKS = SearchHooks(rollout=rollout, evaluate=evaluate, proven=True)
"""Proven: the search beats the heuristic over 400 two-player games at 200 ms a move
(docs/analysis/bots.md)."""
