"""Win, Place & Show's text view (what ``hippodrome play`` shows) and board data, in both languages."""

from __future__ import annotations

from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show.actions import DICE, DONE
from hippodrome.games.win_place_show.material import material
from hippodrome.games.win_place_show.rules import WinPlaceShow
from hippodrome.games.win_place_show.view import board_data, render_text


def test_the_text_view_shows_the_program_the_sale_and_the_money_in_both_languages() -> None:
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    english = render_text(state.observation(0), "en", ["Ann", "Bob"])
    french = render_text(state.observation(0), "fr", ["Ann", "Bob"])
    assert "Race 1 of 6" in english and "Course 1 sur 6" in french
    assert "Mister Lucky" in english and "On sale:" in english and "À vendre" in french
    assert "Ann 50000" in english and "Bob 50000" in french


def test_the_text_view_shows_the_move_to_make_and_where_it_may_end() -> None:
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    for seat in (0, 1):
        for _ in range(len(state.lots)):
            horse = state.race.horses[state.lots[len(state.sheets[seat])]].id
            amount = 1_000 if len(state.sheets[seat]) == seat else 0  # one horse each
            state.apply(state.game.parse_action(f"sheet {horse} {amount}"), seat)
    state.apply(DONE, 0)
    state.apply(DONE, 1)
    mine = state.owner.index(0)
    state.apply(DICE[mine][0], CHANCE)
    text = render_text(state.observation(0), "en", ["Ann", "Bob"])
    assert "may go to:" in text and "On sale" not in text


def test_the_board_data_names_every_cell_and_program() -> None:
    data = board_data()
    assert len(data["cells"]) == len(data["geometry"]["cells"])
    assert [r["number"] for r in data["races"]] == [1, 2, 3, 4, 5, 6]


def test_the_program_shows_the_tote_board_s_prices() -> None:
    # D3: players see what $1,000 brings back on each horse to win, place and show.
    horse = material().races[0].horses[0]
    shown = board_data()["races"][0]["horses"][0]["prices"]
    assert shown == dict(zip(("win", "place", "show"), horse.prices, strict=True))
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    row = next(
        line
        for line in render_text(state.observation(0), "en", ["A", "B"]).splitlines()
        if horse.name in line
    )
    assert row.split()[4:7] == [str(p) for p in horse.prices]


def test_the_text_view_names_the_steward_and_a_jockey() -> None:
    state = WinPlaceShow.from_options(players=3, steward=2).new_initial_state()
    state.out[2], state.money_[2] = True, 0
    state.jockey[0] = 2
    english = render_text(state.observation(0), "en", ["Ann", "Bob", "Cy"])
    french = render_text(state.observation(0), "fr", ["Ann", "Bob", "Cy"])
    assert "Steward: Bob" in english and "Responsable : Bob" in french
    assert "Mister Lucky ridden by Cy" in english and "Mister Lucky monté par Cy" in french
