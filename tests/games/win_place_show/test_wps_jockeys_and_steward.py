"""A player out of the game riding for an owner (seed 001, §10; D23 to D25) and a steward seat
(§4 « Le responsable », §8; D26 to D30), played through the engine's protocol."""

from __future__ import annotations

import json

import pytest
from tests.games.win_place_show.test_wps_claims import first_claim

from hippodrome.engine.errors import IllegalActionError, OptionsError
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import (
    ACCEPT,
    DECLINE,
    DICE,
    DONE,
    NO_CLAIM,
    NO_JOCKEY,
    REJECT,
    RIDES,
    UPHOLD,
    Jockey,
    Line,
    Sheet,
)
from hippodrome.games.win_place_show.race import best
from hippodrome.games.win_place_show.rules import Phase, WinPlaceShow, WinPlaceShowState, ride_key


def sell(state: WinPlaceShowState, bids: dict[int, dict[int, int]]) -> None:
    """Every seat writing writes its sheet: ``bids[seat][k]`` on the ``k``-th horse on sale, 0
    elsewhere (a seat with no horse yet is held to $500 there, D19)."""
    for seat in state.flow.waiting:
        for at, h in enumerate(state.lots):
            amount = bids.get(seat, {}).get(at, 0)
            state.apply(Sheet(state.race.horses[h].id, amount), seat)


def with_a_seat_out(players: int = 3, out: int = 2) -> WinPlaceShowState:
    """Race 1 called again with seat ``out`` out of the game (no money left); seat 0 buys the
    favourite, seat 1 the second horse on sale (every player must buy one, D19)."""
    state = WinPlaceShow.from_options(players=players).new_initial_state()
    state.out[out], state.money_[out] = True, 0
    state._call_race()
    assert state.flow.phase is Phase.SHEET and out not in state.flow.waiting
    sell(state, {0: {0: 1_000}, 1: {1: 1_000}})
    return state


def frozen(state: WinPlaceShowState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_an_owner_may_ask_a_seat_out_of_the_game_to_ride_his_horse() -> None:
    # §10: « Un joueur qui n'a plus d'argent est éliminé mais peut servir de jockey si un
    # propriétaire le désire » (D23): after the sale, each owner in turn may ask; the seat asked
    # answers; it then rides that horse for its owner this race.
    state = with_a_seat_out()
    favourite = state.lots[0]
    hid = state.race.horses[favourite].id
    assert state.owner[favourite] == 0
    assert state.flow.phase is Phase.JOCKEY and state.active_players() == (0,)
    assert list(state.legal_actions(0)) == [NO_JOCKEY, Jockey(hid, 2)]
    state.apply(Jockey(hid, 2), 0)
    assert state.phase_name() == "answer" and state.active_players() == (2,)
    assert list(state.legal_actions(2)) == [ACCEPT, DECLINE]
    state.apply(ACCEPT, 2)
    assert state.jockey[favourite] == 2 and state.rider(favourite) == 2
    assert state.observation(1)["horses"][favourite]["jockey"] == 2
    # The bets: seat 2 is out and writes no slip.
    assert state.phase_name() == "betting" and set(state.active_players()) == {0, 1}
    for seat in (0, 1):
        state.apply(DONE, seat)
    state.apply(DICE[favourite][0], CHANCE)  # the favourite moves first
    assert state.moving == favourite and state.active_players() == (2,)
    # The purse and any claim stay the owner's (§8 « contre un propriétaire »).
    assert state.owner[favourite] == 0


def test_a_jockey_may_decline_and_the_owner_rides() -> None:
    state = with_a_seat_out()
    favourite = state.lots[0]
    state.apply(Jockey(state.race.horses[favourite].id, 2), 0)
    state.apply(DECLINE, 2)
    assert state.jockey[favourite] == -1 and state.rider(favourite) == 0
    assert any(isinstance(e, ev.JockeyAnswered) and not e.accepted for e in state.events)
    # One request an owner a race (D24): the next owner, seat 1, has his say; then the bets.
    assert state.phase_name() == "jockey" and state.active_players() == (1,)
    state.apply(NO_JOCKEY, 1)
    assert state.flow.phase is Phase.BETTING


def test_a_request_for_another_s_horse_or_a_seat_still_in_is_refused_and_changes_nothing() -> None:
    # Bad input: a clear error, nothing changed.
    state = with_a_seat_out()
    other = next(h for h in range(6) if state.owner[h] != 0)
    mine = state.race.horses[state.lots[0]].id
    before = frozen(state)
    for action, key in [
        (Jockey(state.race.horses[other].id, 2), "not_your_horse"),
        (Jockey(mine, 1), "not_a_free_jockey"),
        (ACCEPT, "nothing_asked"),
    ]:
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action, 0)
        assert refused.value.key == f"win_place_show.illegal.{key}"
        assert frozen(state) == before


def test_no_request_is_offered_when_nobody_is_out() -> None:
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    sell(state, {0: {0: 1_000}, 1: {1: 1_000}})
    assert state.flow.phase is Phase.BETTING


# -- the steward seat ---------------------------------------------------------------------------


def test_the_steward_is_a_seat_of_the_table_or_the_engine() -> None:
    assert WinPlaceShow.from_options(players=3).steward == -1
    assert WinPlaceShow.from_options(players=3, steward=3).steward == 2
    with pytest.raises(OptionsError):
        WinPlaceShow.from_options(players=3, steward=4)


def to_the_race(steward: int) -> WinPlaceShowState:
    """Three seats, seat 0 owns horse 1 and backs horse 2 to win, seat 1 backs horse 1 to show."""
    state = WinPlaceShow.from_options(players=3, steward=steward).new_initial_state()
    assert state.lots[0] == 0  # horse 1 is the favourite, first on sale
    sell(state, {0: {0: 5_000}, 1: {2: 1_000}, 2: {1: 1_500}})
    ids = [h.id for h in state.race.horses]
    for seat, kind, horse in [(0, "win", ids[1]), (1, "show", ids[0])]:
        state.apply(Line(kind, (horse,)), seat)
        state.apply(PlaceBet(kind, (horse,), 1_000), seat)
    for seat in range(3):
        state.apply(DONE, seat)
    return state


def run_with_a_claim(state: WinPlaceShowState, claimant: int) -> WinPlaceShowState:
    """Horse 1's first move is its worst; ``claimant`` claims; every other move is the best."""
    claimed = False
    turn = 0
    while state.flow.phase not in (Phase.RULING, Phase.SHEET):
        if state.is_chance_node():
            state.apply(DICE[turn % 6][(turn * 5 + 2) % 6], CHANCE)
            turn += 1
        elif state.flow.phase is Phase.RIDING:
            if state.moving == 0 and not claimed:
                worst = min(state.ends, key=lambda c: ride_key(c, state.ends))
                state.apply(RIDES[worst], state.active_players()[0])
                claimed = state.phase_name() == "claim"
            else:
                state.apply(RIDES[best(state.ends)], state.active_players()[0])
        else:
            assert state.flow.phase is Phase.CLAIM
            for seat in state.active_players():
                state.apply(first_claim(state, seat) if seat == claimant else NO_CLAIM, seat)
    assert claimed
    return state


def test_the_steward_rolls_the_dice_and_rules_on_the_claims() -> None:
    # §4: « un responsable qui s'assurera de la régularité de la course (... le départ,
    # l'arrivée ...) »; §8: « si la réclamation est justifiée »: a steward seat rules (D27).
    state = to_the_race(steward=3)
    assert state.is_chance_node() and state.chance_roller() == 2
    state = run_with_a_claim(state, claimant=1)
    assert state.flow.phase is Phase.RULING and state.active_players() == (2,)
    assert list(state.legal_actions(2)) == [UPHOLD, REJECT]
    ruling = state.observation(2)["ruling"]
    assert ruling["horse"] == state.race.horses[0].id and ruling["claimants"] == [1]
    assert ruling["owner"] == 0 and len(ruling["moves"]) == 1
    went, top, lost, faults = ruling["moves"][0]
    assert went != top and lost >= 0 and faults
    assert ruling["claims"] == [[1, faults[0]]]  # the claim with its fault (§8, D31)
    state.apply(REJECT, 2)
    judged = [e for e in state.events if isinstance(e, ev.ClaimJudged)]
    assert [(j.player, j.upheld) for j in judged] == [(1, False)]
    assert state.phase_name() == "sheet" and state.race_index == 1


def test_an_upheld_ruling_still_needs_the_owner_s_bet_ahead() -> None:
    # « si la réclamation est justifiée [...] et que le propriétaire du cheval suspecté a parié
    # sur un autre cheval devant le sien »: the second half is a fact the engine checks (D28).
    state = run_with_a_claim(to_the_race(steward=3), claimant=1)
    finish = list(state.results[-1])
    ahead = 1 in finish and (0 not in finish or finish.index(1) < finish.index(0))
    state.apply(UPHOLD, 2)
    judged = next(e for e in state.events if isinstance(e, ev.ClaimJudged))
    assert judged.upheld == ahead


def test_a_steward_who_is_a_party_does_not_rule() -> None:
    # D28: the steward does not judge his own claim: the engine's test applies.
    state = run_with_a_claim(to_the_race(steward=2), claimant=1)
    assert state.flow.phase is Phase.SHEET
    assert any(isinstance(e, ev.ClaimJudged) for e in state.events)


def test_the_steward_sees_no_secret_of_the_others() -> None:
    # D29: the office gives no sight of the sheets before they are opened, nor of the slips.
    state = WinPlaceShow.from_options(players=3, steward=3).new_initial_state()
    state.apply(Sheet(state.race.horses[state.lots[0]].id, 5_000), 0)
    assert state.observation(2)["sheets"][0] == [None]
    for seat in range(3):
        for at in range(len(state.sheets[seat]), len(state.lots)):
            amount = 1_000 if at == seat else 0  # seats 1 and 2 buy the second and third
            state.apply(Sheet(state.race.horses[state.lots[at]].id, amount), seat)
    state.apply(Line("win", (state.race.horses[0].id,)), 0)
    state.apply(PlaceBet("win", (state.race.horses[0].id,), 2_000), 0)
    assert state.observation(2)["slips"] == state.observation(1)["slips"]
    assert state.race.horses[0].id not in json.dumps(state.observation(2)["slips"])


def test_a_ruling_out_of_turn_is_refused() -> None:
    state = to_the_race(steward=3)
    state.apply(DICE[0][0], CHANCE)
    assert state.flow.phase is Phase.RIDING and state.active_players() == (0,)
    before = frozen(state)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(UPHOLD, 0)
    assert refused.value.key == "win_place_show.illegal.no_ruling_now"
    assert frozen(state) == before
