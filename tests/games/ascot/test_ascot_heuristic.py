"""Ascot's heuristic bot and text view: it plays whole games from its seat's view alone, and clearly beats
players choosing uniformly among their legal actions (seeded games; 28 of 30 in the run reported
in docs/rules/ascot.md)."""

from __future__ import annotations

import json
import random

from hippodrome.engine.bot import SeatView
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot.heuristic import AscotHeuristic
from hippodrome.games.ascot.rules import Ascot, AscotState
from hippodrome.games.ascot.view import board_data, render_text


def play(seed: int, heroes: set[int], players: int = 3) -> AscotState:
    rng = random.Random(seed)
    state = Ascot.from_options(players=players).new_initial_state()
    bot = AscotHeuristic()
    for _ in range(20_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
            continue
        seat = state.active_players()[0]
        if seat in heroes:
            action = bot.choose(SeatView(state, seat), rng)
        else:
            action = rng.choice(list(state.legal_actions(seat)))
        state.apply(action, seat)
    assert state.is_terminal()
    return state


def test_the_heuristic_beats_random_players() -> None:
    games = 12
    wins = sum(seed % 3 in play(seed, {seed % 3}).outcome().winners for seed in range(games))
    assert wins >= 9, f"{wins} of {games}"


def test_heuristic_bots_play_a_whole_game_among_themselves() -> None:
    for players in (2, 4):
        state = play(players, set(range(players)), players)
        assert state.placed or not state.starters()


def test_the_text_view_and_the_board_data_draw_a_game() -> None:
    state = play(5, {0, 1, 2})
    for lang in ("en", "fr"):
        text = render_text(state.observation(0), lang, ["Ann", "Bob", "Cy"])
        assert "Ann" in text and "ascot." not in text
    data = board_data()
    assert json.loads(json.dumps(data)) == data and len(data["lanes"]) == 6
