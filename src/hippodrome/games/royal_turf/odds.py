"""Royal Turf odds from the vectorised race simulator (needs numpy): the game's ``simulator`` piece.

The manifest names :func:`odds` (``Pieces.simulator``), an ``OddsMethod`` (``engine/odds.py``) that
``hippodrome odds`` (``hippodrome.analysis.odds``) uses for a Royal Turf position whose horses are on
the track (the bets being placed, or the race under way); elsewhere it answers None and the odds play
the game out. The race is run on a million times by ``races`` (``races.py``) under its
random move policy; each option of the seat is valued by what the seat wins or pays when this race is
settled (§4: the payout table, doubled in the third race, the pace bonus, the last horse's penalty,
paid as far as the seat's money goes), with every token the seat has on the board:

- a bet (§2): that token added on its horse, the payout looked up with the units on the board then
  (bets still to come may lower it);
- a move (§3): the horse moved by the face rolled, then the race run on.

With hidden bets (variant) the other seats' face-down tokens are dealt anew for every race
(``resample_for``): race ``i`` is paid with the ``i mod 64``-th determinization.
"""

from __future__ import annotations

import random
import time
from typing import Final

import numpy as np
import numpy.typing as npt

from hippodrome.engine.actions import Action
from hippodrome.engine.game import State
from hippodrome.engine.odds import (
    Budget,
    OddsReport,
    OptionValue,
    mean_json,
    rate_json,
    seat_options,
)
from hippodrome.engine.types import JSONObject, Player
from hippodrome.games.royal_turf.actions import Bet, Move
from hippodrome.games.royal_turf.races import RaceResults, RaceStart, simulate_races
from hippodrome.games.royal_turf.rules import CARD_VALUES, HORSE_IDS, M, Phase, RoyalTurfState

BATCH: Final = 1 << 16
DETERMINIZATIONS: Final = 64
POLICY: Final = "random: the horse to move is drawn uniformly among those that may move"

Bets = list[tuple[Player, int, int]]


def applies(state: State) -> bool:
    """Whether the horses are on the track: the bets being placed or the race under way."""
    return isinstance(state, RoyalTurfState) and state.phase in (Phase.BETTING, Phase.RACING)


def race_start(state: RoyalTurfState) -> RaceStart:
    """The race as ``state`` has it, for the simulator."""
    return RaceStart(
        to_go=tuple(state.to_go),
        values=tuple(CARD_VALUES[card] for card in state.card_of),
        moved=tuple(state.moved),
        podium=tuple(state.podium),
        pace=state.pace,
        rolled=state.rolled,
    )


def odds(state: State, seat: Player, budget: Budget, seed: int) -> OddsReport | None:
    """The odds of ``seat`` from ``state`` over the races simulated; None where the horses are not
    on the track (:func:`applies`)."""
    if not applies(state):
        return None
    assert isinstance(state, RoyalTurfState)
    began = time.perf_counter()
    rng = np.random.default_rng(seed)
    seen = random.Random(seed)
    options = seat_options(state, seat)
    # What each estimate runs from: the position itself, then the race after each move open.
    runs: list[RaceStart | RaceResults] = [race_start(state)]
    for action in options:
        runs.append(_after(state, action) if isinstance(action, Move) else runs[0])
    results, simulated = _simulate(runs, budget, rng)
    determinizations = [
        state.resample_for(seat, seen).bets
        for _ in range(DETERMINIZATIONS if state.has_hidden_information() else 1)
    ]
    here = results[0]
    report = OddsReport(
        game=state.game.id,
        options=state.game.options.to_json(),
        seat=seat,
        method="vectorised",
        policy=POLICY,
        horizon="race",
        simulations=simulated,
        race_simulations=here.races,
    )
    counts = here.place_counts()
    pace = np.bincount(here.pace[here.pace >= 0], minlength=len(HORSE_IDS))
    last = np.bincount(here.last, minlength=len(HORSE_IDS))
    for h in sorted(range(len(HORSE_IDS)), key=lambda h: tuple(-counts[h])):
        horse: dict[str, JSONObject] = {
            str(k + 1): rate_json(float(counts[h, k]), here.races) for k in range(3)
        }
        horse["pace"] = rate_json(float(pace[h]), here.races)
        horse["last"] = rate_json(float(last[h]), here.races)
        report.horses[HORSE_IDS[h]] = horse
    report.standing = {"money": _value(state, seat, here, determinizations, None), "win": None}
    for i, action in enumerate(options, start=1):
        extra = (action.horse, action.token) if isinstance(action, Bet) else None
        report.choices.append(
            OptionValue(
                action=action,
                label=state.game.action_json(action)["label"],
                money=_value(state, seat, results[i], determinizations, extra),
            )
        )
    report.seconds = time.perf_counter() - began
    return report


def _after(state: RoyalTurfState, move: Action) -> RaceStart | RaceResults:
    """The race once ``move`` is played: where it stands, or its result when the move ended it."""
    after = state.clone()
    after.apply_unchecked(move, state.turn)
    if after.result is not None and after.result[0] == state.race:
        _, podium, last, pace = after.result
        return RaceResults(
            np.array([podium], dtype=np.int8),
            np.array([last], dtype=np.int8),
            np.array([pace], dtype=np.int8),
        )
    return race_start(after)


def _simulate(
    runs: list[RaceStart | RaceResults], budget: Budget, rng: np.random.Generator
) -> tuple[list[RaceResults], int]:
    """Races from every distinct start, ``budget.simulations`` each or for ``budget.seconds`` in
    all, in batches taken in turn; and how many races that made."""
    distinct: dict[int, list[RaceResults]] = {}
    starts: list[RaceStart] = []
    for run in runs:
        if isinstance(run, RaceStart) and id(run) not in distinct:
            distinct[id(run)] = []
            starts.append(run)
    began = time.perf_counter()
    wanted = budget.simulations
    while True:
        progressed = False
        for start in starts:
            parts = distinct[id(start)]
            have = sum(p.races for p in parts)
            size = BATCH if wanted is None else min(BATCH, wanted - have)
            if size > 0:
                parts.append(simulate_races(start, size, rng))
                progressed = True
        if not progressed:
            break
        if budget.seconds is not None and time.perf_counter() - began >= budget.seconds:
            break
    out: list[RaceResults] = []
    total = sum(p.races for parts in distinct.values() for p in parts)
    for run in runs:
        if isinstance(run, RaceResults):
            out.append(run)
            continue
        parts = distinct[id(run)]
        out.append(
            RaceResults(
                np.concatenate([p.places for p in parts]),
                np.concatenate([p.last for p in parts]),
                np.concatenate([p.pace for p in parts]),
            )
        )
    return out, total


def _value(
    state: RoyalTurfState,
    seat: Player,
    results: RaceResults,
    determinizations: list[Bets],
    extra: tuple[int, int] | None,
) -> JSONObject:
    """The seat's money change when this race is settled (§4), over the races simulated."""
    paid = np.empty(results.races, dtype=np.float64)
    for d, bets in enumerate(determinizations):
        part = slice(d, None, len(determinizations))
        placed = bets if extra is None else [*bets, (seat, extra[0], extra[1])]
        paid[part] = _settle(state, seat, placed, results, part)
    return mean_json(paid.shape[0], float(paid.sum()), float(np.square(paid).sum()))


def _settle(
    state: RoyalTurfState, seat: Player, bets: Bets, results: RaceResults, part: slice
) -> npt.NDArray[np.float64]:
    """§4 Gains for ``seat``, race by race: the table, the pace bonus, then the penalty."""
    places, last, pace = results.places[part], results.last[part], results.pace[part]
    units = [0] * len(HORSE_IDS)
    for _, horse, token in bets:
        units[horse] += token
    multiplier = M.final_race_multiplier if state.race == M.races else 1
    any_place = state.game.options.pace_bonus_any_place
    gains = np.zeros(last.shape[0], dtype=np.float64)
    due = np.zeros(last.shape[0], dtype=np.float64)
    for player, horse, token in bets:
        if player != seat or token == 0:
            continue
        placed = np.zeros(last.shape[0], dtype=bool)
        for k in range(3):
            on = places[:, k] == horse
            placed |= on
            gains += on * float(M.payout(k + 1, units[horse]) * token * multiplier)
        # D13: the pace bonus needs a place in the first three, unless the option pays it anywhere.
        bonus = (pace == horse) if any_place else (pace == horse) & placed
        gains += bonus * float(M.pace_per_unit * token)
        due += (last == horse) * float(M.last_penalty_per_unit * token)
    # « Si un joueur n'a pas assez, il paie ce qu'il peut »: the penalty comes after the gains.
    return gains - np.minimum(due, state.money_[seat] + gains)
