"""The heuristic bot's odds run the race as the rules do (docs/rules/royal_turf.md, D1 and D9): from
the start squares, 34 to 40 squares to the line, the first horse drawn in front."""

from __future__ import annotations

import random

import pytest

import hippodrome
from hippodrome.engine.bot import SeatView
from hippodrome.games.royal_turf.heuristic import RoyalTurfHeuristic, simulate_race
from hippodrome.games.royal_turf.material import material

M = material()
CARD = (4, 6, 6, 6)
"""One card for every horse (Rubino's card 2), so that only the start squares differ."""


def test_with_equal_cards_the_front_of_the_grid_has_the_better_odds() -> None:
    """D1: the first horse drawn starts on 33 with 34 squares to run, the seventh on 27 with 40: it
    wins, takes the pace token and escapes last place more often."""
    to_go = [M.start_to_go(square) for square in M.start_squares]
    assert to_go == list(range(34, 41))
    odds = simulate_race(to_go, [CARD] * 7, None, random.Random(3), 2000)
    front, back = 0, 6
    assert odds.places[front][0] > 2 * odds.places[back][0]
    assert odds.pace[front] > 2 * odds.pace[back]
    assert odds.last[back] > 2 * odds.last[front]
    assert sum(odds.pace) == pytest.approx(
        1.0
    )  # someone always reaches square 18 before three horses finish


def test_a_horse_across_the_line_keeps_its_place_and_the_race_needs_two_more() -> None:
    """0 to go is across the line: that horse is first in every run."""
    to_go = [0, 20, 21, 22, 23, 24, 25]
    odds = simulate_race(to_go, [CARD] * 7, 0, random.Random(4), 200)
    assert odds.places[0] == [1.0, 0.0, 0.0]
    assert odds.pace[0] == 1.0 and odds.last[0] == 0.0


def test_the_bot_reads_the_squares_to_go_from_its_observation() -> None:
    """The odds the bot bets by come from the observation's ``to_go``: after the draw, the first
    horse drawn is its favourite to win when all the cards are alike in value."""
    game = hippodrome.load_game("royal_turf", players=2)
    state = game.new_initial_state()
    for horse in ("rubino", "sahara", "othello", "earl_grey", "albino", "moka", "caramello"):
        state.apply(game.parse_action(f"draw {horse} 2"))
    state.apply(game.parse_action("lot 0"))
    view = SeatView(state, 0)
    obs = view.observation()
    assert [h["to_go"] for h in obs["horses"] if h["id"] == "rubino"] == [34]
    for horse in obs["horses"]:  # every horse runs with the same card, as far as the bot knows
        horse["values"] = dict(zip(("head", "cap", "saddle", "shoe"), CARD, strict=True))
    bot = RoyalTurfHeuristic(runs=1000)
    odds = bot.odds(obs, random.Random(5))
    wins = [row[0] for row in odds.places]
    assert wins.index(max(wins)) == [h["id"] for h in obs["horses"]].index("rubino")
