"""The result sheet of a finished game (``hippodrome.engine.results``), for every game."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from hippodrome.engine.game import State
from hippodrome.engine.results import result_sheet
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game, playable_ids


def played(game_id: str, seed: int = 3) -> State:
    state = load_game(game_id).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            player = state.active_players()[0]
            state.apply(rng.choice(state.legal_actions(player)), player)
    return state


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_sheet_adds_up_to_the_final_standings(game_id: str) -> None:
    state = played(game_id)
    sheet = result_sheet(state.game, state.history)
    sections = sheet["sections"]
    assert sections, "every game has at least one race or deal"
    assert sections[-1]["standings"] == list(state.outcome().basis)
    # Each race's change carries on from the one before.
    for earlier, later in pairwise(sections):
        assert [a + c for a, c in zip(earlier["standings"], later["change"], strict=True)] == (
            later["standings"]
        )
    if sheet["basis"] == "money":  # every coin moved is on a line of its race
        for section in sections:
            totals = [
                sum(line["amounts"][p] for line in section["lines"])
                for p in range(len(section["change"]))
            ]
            assert totals == section["change"]
    players = [p for p, _ in state.history]
    assert sheet["moves"] == [players.count(p) for p in range(state.game.options.players)]
    assert sheet["chance"] == players.count(CHANCE)


def test_royal_turf_names_its_winnings_bonuses_and_penalties() -> None:
    state = played("royal_turf")
    sheet = result_sheet(state.game, state.history)
    assert len(sheet["sections"]) == 3
    lines = {line["line"] for section in sheet["sections"] for line in section["lines"]}
    assert "winnings" in lines and lines <= {"winnings", "bonuses", "penalties", "bets"}


def test_royal_steeple_chase_is_ranked_on_its_score_sheet() -> None:
    state = played("royal_steeple_chase")
    sheet = result_sheet(state.game, state.history)
    assert sheet["basis"] == "scores"
    assert sheet["sections"][-1]["standings"] == list(state.outcome().scores or ())
