"""Toques et Casques' heuristic bot: the judgements measured in docs/analysis/bots.md, pinned on
positions where they decide the move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.toques_et_casques.test_toques_et_casques_rules import act, cell, new_game, position

from hippodrome.engine.bot import SeatView
from hippodrome.games.toques_et_casques.heuristic import ToquesHeuristic
from hippodrome.games.toques_et_casques.rules import ToquesState


def play_move(state: ToquesState) -> None:
    """The heuristic plays the rest of the current horse's move, a step at a time."""
    horse, bot = state.current, ToquesHeuristic()
    while state.current == horse and state.points > 0:
        state.apply(bot.choose(SeatView(state, state.acting_player()), random.Random(0)))


@pytest.mark.parametrize(
    ("options", "lane"),
    [
        ({"category": "A"}, 2),  # one die: an écart for the length the turn would cost
        ({"category": "C", "track": "small"}, 3),  # two dice: the length of progress first
    ],
)
def test_at_one_die_the_heuristic_spends_an_ecart_to_save_a_length_in_the_next_turn(
    options: dict[str, Any], lane: int
) -> None:
    """09-04: « il est important pour eux de se rabattre vers la corde avant d'arriver au premier
    tournant » (and 11-01). N°1 in lane 3 of the start straight, halfway to the first turn, rolls 3:
    straight on, it ends 3 lengths on in a lane whose turn is 3 lengths long; by an écart into lane
    2 (whose turn is 2 lengths, as the rail's), 2 lengths on.
    The heuristic weighs a length saved in the turn at 1.2 lengths of progress at one die and 0.8
    at two (``ToquesHeuristic.rail``), so it cuts in at one die only. N°2, far off on the far
    straight, hinders nothing."""
    game = new_game(**options)
    state = position(game, {1: (3, 0, 10), 2: (6, 4, 5)}, current=1)
    act(state, "roll 3")
    play_move(state)
    assert state.cell[0] == cell(game, lane, 0, 13 if lane == 3 else 12)
