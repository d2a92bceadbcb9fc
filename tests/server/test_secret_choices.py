"""Which actions sent against an earlier version the server still judges (``LiveTable.same_decision``):
a seat choosing in secret beside others, until it acts, the last one left included; never a seat whose
rivals' choices were shown to it as they were made (Win, Place & Show's claims, Royal Steeple
Chase's stakes)."""

from __future__ import annotations

from datetime import UTC, datetime

from hippodrome.engine.actions import Action
from hippodrome.engine.game import State
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show.actions import DICE, DONE, RIDES
from hippodrome.games.win_place_show.rules import WinPlaceShow, ride_key
from hippodrome.server.service import LiveTable, TableStatus
from tests.games.royal_steeple_chase.test_ways_to_play import dealt_pirate
from tests.games.win_place_show.test_wps_claims import bet, betting_with_owner, first_claim


def table_of(state: State) -> LiveTable:
    at = datetime.now(UTC)
    return LiveTable("t", state.game, state, [], "seed", TableStatus.RUNNING, at, at)


def play(table: LiveTable, seat: int, action: Action) -> None:
    table.state.apply(action, seat)
    table.note_decisions()


def test_the_last_seat_left_writing_its_sheet_still_answers_the_version_it_began_at() -> None:
    # §9: both seats write their sheets at once, in secret.
    table = table_of(WinPlaceShow.from_options(players=2).new_initial_state())
    state = table.state
    assert state.phase_name() == "sheet" and state.choosing_in_secret()
    began = table.version
    while 1 in state.active_players():
        play(table, 1, state.legal_actions(1)[0])
    assert list(state.active_players()) == [0] and state.choosing_in_secret()
    assert table.same_decision(0, began), "Ada has learnt nothing from Bob's secret sheet"
    assert not table.same_decision(1, began), "Bob has acted since"
    play(table, 0, state.legal_actions(0)[0])
    assert not table.same_decision(0, began), "Ada has acted since"


def test_a_slip_is_the_same_decision_while_the_others_turn_theirs_face_down() -> None:
    # §10: the slips are filled at once and stay face down until the race is off.
    table = table_of(betting_with_owner(0))
    state = table.state
    assert state.phase_name() == "betting" and state.choosing_in_secret()
    began = table.version
    play(table, 1, DONE)
    play(table, 2, DONE)
    assert list(state.active_players()) == [0]
    assert table.same_decision(0, began)


def test_a_claim_is_shown_as_it_is_made_so_the_seat_left_to_choose_must_see_it_first() -> None:
    # §8: a claim is recorded (« cheval concerné, le type de faute, le réclamant ») for all to see,
    # and it changes what another claim is worth (D22: the claimants share).
    state = betting_with_owner(0)
    horse = state.race.horses[0].id
    bet(state, 1, "win", horse, 2_000)
    bet(state, 2, "place", horse, 1_000)
    for seat in range(3):
        state.apply(DONE, seat)
    state.apply(DICE[0][0], CHANCE)
    worst = min(state.ends, key=lambda c: ride_key(c, state.ends))
    state.apply(RIDES[worst], 0)
    table = table_of(state)
    assert state.phase_name() == "claim" and list(state.active_players()) == [1, 2]
    assert not state.choosing_in_secret()
    began = table.version
    play(table, 1, first_claim(state, 1))
    assert list(state.active_players()) == [2] and state.observation(2)["claims"]
    assert not table.same_decision(2, began), "seat 2 has seen seat 1's claim since"
    assert table.same_decision(2, table.version)


def test_a_pirate_stake_goes_on_the_table_in_sight_so_the_others_must_see_it_first() -> None:
    # JEU PIRATE: « parie clandestinement sur un cheval », but the stake is put on the table.
    state = dealt_pirate(pirate="stakes")
    table = table_of(state)
    assert state.phase_name() == "bets" and not state.choosing_in_secret()
    began = table.version
    play(table, 3, state.game.parse_action("parie v 20"))
    assert not table.same_decision(0, began), "seat 0 has seen seat 3's stake since"
