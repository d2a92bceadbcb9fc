"""Royal Turf's hooks for tree search (``SearchHooks``): a rollout policy far cheaper than the
heuristic bot and far better than random moves.

Racing, the policy plays the heuristic's racing rule on the state itself (no observation built): it
spends big rolls on the horses its seat has bet on and small ones on its rivals' horses, each horse
scored by how much better than an average roll (5 squares) this roll is for it, weighted by the
seat's stake in it against the others' mean stake, plus the pace token (§3, §4). Betting, it makes
the heuristic's bet, from odds simulated once per race set-up.

The evaluation ends a rollout when the race it is in has been paid: the search then values a
move by the race it plays out, not by two more races of noise.

The policy reads the determinization the search gives it; a face-down token there is one the search
dealt consistently with what the seat saw (``resample_for``), never the real one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SearchHooks
from hippodrome.engine.game import State
from hippodrome.engine.types import Player
from hippodrome.games.royal_turf.actions import Bet, Move
from hippodrome.games.royal_turf.heuristic import RaceOdds, best_bet, simulate_race
from hippodrome.games.royal_turf.rules import CARD_VALUES, PACE_TO_GO, M, Phase, RoyalTurfState

if TYPE_CHECKING:
    import random

MEAN_ROLL = 5
"""Every card averages 5 squares a roll (3 x head + cap + saddle + shoe = 30 over six faces)."""
PACE_WEIGHT = 3.0


def rollout(state: State, player: Player, rng: random.Random) -> Action:
    """The action ``player`` plays in a rollout of ``state`` (a Royal Turf state)."""
    assert isinstance(state, RoyalTurfState)
    legal: Sequence[Action] = state.legal_actions(player)
    if state.flow.phase is Phase.BETTING:
        return _bet(state, legal, rng)
    if state.flow.phase is not Phase.RACING:
        return rng.choice(legal)
    others = max(1, state.game.num_players - 1)
    stake = [0.0] * len(state.to_go)
    for owner, horse, token in state.bets:
        stake[horse] += token if owner == player else -token / others
    pace_free = state.pace < 0
    to_go = state.to_go
    best = legal[0]
    best_score = -1e18
    for action in legal:
        assert isinstance(action, Move)
        horse = action.horse
        end = state.landing(horse)
        gain = to_go[horse] - end - MEAN_ROLL
        bonus = PACE_WEIGHT if pace_free and end <= PACE_TO_GO else 0.0
        score = stake[horse] * (gain + bonus) - 0.01 * gain
        if score > best_score:
            best, best_score = action, score
    return best


ODDS_RUNS = 100
"""Simulated races behind the odds a rollout bets by (the heuristic's own number)."""
_ODDS: dict[tuple[int, ...], RaceOdds] = {}
"""The odds of each race set-up met in rollouts: betting happens before any horse moves, so every
bet of a race reads the same odds, computed once."""


def _bet(state: RoyalTurfState, legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's bet (the best expected payout given the units already on each horse), from
    odds simulated once per race set-up and kept: the set-up seeds their generator, so the odds,
    and the bet, do not depend on what was searched before."""
    key = (*state.to_go, *state.card_of)
    odds = _ODDS.get(key)
    if odds is None:
        if len(_ODDS) >= 4096:
            _ODDS.clear()
        values = [CARD_VALUES[card] for card in state.card_of]
        seeded = type(rng)(",".join(map(str, key)))
        odds = _ODDS[key] = simulate_race(state.to_go, values, None, seeded, ODDS_RUNS)
    units = [0.0] * len(state.to_go)
    for _, horse, token in state.bets:
        units[horse] += token
    pace = odds.pace if state.game.options.pace_bonus_any_place else odds.pace_placed
    multiplier = M.final_race_multiplier if state.race == M.races else 1
    bets = [a for a in legal if isinstance(a, Bet)]
    return best_bet(bets, odds, pace, units, multiplier)


RACE_SPREAD = 600.0
"""How far apart (in money) two players' winnings in one race of multiplier 1 typically fall: the
scale of the evaluation's logistic, per race still to run (the last race counts double, §4)."""


def evaluate(state: State) -> Sequence[float] | None:
    """Each seat's chance of winning once a race is paid and before the next is run (None
    elsewhere, so a rollout runs to the end of the race it is in): the money as it stands, through
    a logistic whose scale grows with the races still to run (§4: the last one pays double)."""
    assert isinstance(state, RoyalTurfState)
    if state.flow.phase is not Phase.DRAW or state.race == 1:
        return None
    left = sum(
        M.final_race_multiplier if race == M.races else 1 for race in range(state.race, M.races + 1)
    )
    scale = RACE_SPREAD * left
    money = state.money_
    top = max(money)
    weights = [math.exp((m - top) / scale) for m in money]
    total = sum(weights)
    return [w / total for w in weights]


HOOKS = SearchHooks(rollout=rollout, evaluate=evaluate, proven=True)
"""Proven: the search beats the heuristic over 400 two-player games (docs/analysis/bots.md)."""
