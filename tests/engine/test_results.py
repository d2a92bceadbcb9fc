"""The result sheet of a finished game (``hippodrome.engine.results``), for every game."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from hippodrome.bots import make_bot, play_match
from hippodrome.engine.game import State
from hippodrome.engine.results import result_sheet
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game, playable_ids
from hippodrome.games.toques_et_casques.actions import Avant, Bloque, Ecart, Roll


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
        for line in (line for section in sections for line in section["lines"]):
            if "detail" in line:  # a line's causes add up to it
                column = [d["amounts"] for d in line["detail"]]
                assert [sum(c) for c in zip(*column, strict=True)] == line["amounts"]
    players = [p for p, _ in state.history]
    seats = range(state.game.options.players)
    assert sheet["steps"] == [players.count(p) for p in seats]
    assert sheet["chance"] == players.count(CHANCE)
    # A move is one or more steps of one seat, in a row.
    runs = [
        sum(1 for i, p in enumerate(players) if p == s and (not i or players[i - 1] != s))
        for s in seats
    ]
    assert all(r <= m <= s for r, m, s in zip(runs, sheet["moves"], sheet["steps"], strict=True))


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


def test_a_move_is_what_a_player_counts_not_the_engines_steps() -> None:
    """Issue 34, point 5: « The result's statistics count what a player counts: moves, not steps ».
    In Toques et Casques a seat moves its horse by the dice, length by length: one roll is one move
    of the seat who plays it, however many lengths (actions) it takes; a seat's other decisions (a
    review, a hurdle moved) are a move each."""
    state = played("toques_et_casques")
    sheet = result_sheet(state.game, state.history)
    history = state.history
    expected = [0] * state.game.options.players
    for i, (player, action) in enumerate(history):
        if player == CHANCE and isinstance(action, Roll) and i + 1 < len(history):
            expected[history[i + 1][0]] += 1  # the roll's lengths are its seat's one move
        elif player >= 0 and not isinstance(action, (Avant, Ecart, Bloque)):
            expected[player] += 1
    assert sheet["moves"] == expected
    assert sum(sheet["steps"]) > sum(sheet["moves"]), "lengths are steps, not moves"


def test_ascot_names_where_every_franc_went() -> None:
    """Issue 34, point 2: « every result line broken down into its causes »: Ascot's cards kept from
    the deal, entry fees and the businesses' fees are lines of their own, each with its causes (the
    card, the horse, the business) in the game's words."""
    lines: dict[str, set[str]] = {}
    game = load_game("ascot")
    for seed in range(2):
        state = play_match(
            game, [make_bot("heuristic", "ascot") for _ in range(game.num_players)], seed=seed
        )
        for section in result_sheet(state.game, state.history)["sections"]:
            for line in section["lines"]:
                lines.setdefault(line["line"], set()).update(
                    d["cause"] for d in line.get("detail", ())
                )
    assert "other" not in lines
    assert {"cards", "entry_fees", "fees", "purchases"} <= lines.keys()
    assert all(c.startswith("ascot.item.") for c in lines["cards"] | lines["entry_fees"])
    assert all(c.startswith("ascot.business.") for c in lines["fees"])
