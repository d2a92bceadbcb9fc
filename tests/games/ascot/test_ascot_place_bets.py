"""Les paris: the private place bets beside the Totalisator (« On ne jouera pas aux placés, sauf sur
la demande expresse des joueurs et, dans ce cas, ils devront s'adresser au Bookmaker indépendamment
du Totalisateur. Ces paris seront sans cotation fixe, étant une convention strictement privée entre
le joueur et le Bookmaker »), decision D40."""

from __future__ import annotations

import random

import pytest
from tests.games.ascot.scenarios import act, betting, race

from hippodrome.engine.auction_events import PASS
from hippodrome.engine.errors import IllegalActionError
from hippodrome.games.ascot.actions import ACCEPT, DONE, REFUSE, Wager
from hippodrome.games.ascot.rules import AscotState, Phase


def places() -> AscotState:
    """The default table (seat 0 the Bookmaker; seat 0 runs h2, seat 1 h4, seat 2 h6), place bets
    asked for, nobody betting on the Totalisator: the private place bets are open."""
    state = betting(place_bets=True)
    while state.phase is Phase.BETTING:
        act(state, PASS)
    assert state.phase is Phase.PLACES
    return state


def test_without_the_players_request_no_place_bet_is_taken() -> None:
    state = race()
    assert state.phase_name() == "roll"
    assert not state.places.slips


def test_d40_a_place_bet_is_offered_to_the_bookmaker_who_accepts_or_refuses() -> None:
    state = places()
    assert state.active_players() == (1,)  # from the Bookmaker's left
    money = list(state.money_)
    state.apply(Wager(4, 10_000, "3/2"), 1)
    assert state.phase_name() == "book" and state.active_players() == (0,)
    state.apply(ACCEPT, 0)
    assert len(state.places.slips) == 1 and state.place_odds == ["3/2"]
    assert list(state.money_) == money, "nothing is paid before the race is over"
    assert state.active_players() == (2,)
    state.apply(Wager(6, 5_000, "1/2"), 2)
    state.apply(REFUSE, 0)
    assert len(state.places.slips) == 1
    for seat in (0, 1, 2):
        state.apply(DONE, seat)
    assert state.phase is Phase.RACE


def test_d40_the_terms_are_the_player_s_and_the_bookmaker_s_secret() -> None:
    state = places()
    state.apply(Wager(4, 10_000, "3/2"), 1)
    for seat in (0, 1):
        assert state.observation(seat)["place_bets"]["offer"] == "place h4 10000 3/2"
    assert state.observation(2)["place_bets"]["offer"] is None
    assert state.observation(None)["place_bets"]["offer"] is None
    state.apply(ACCEPT, 0)
    told = [e.seen_by(2).to_json() for e in state.events[-2:]]
    assert all(e["horse"] is None and e["stake"] is None and e["odds"] is None for e in told)
    assert state.observation(2)["place_bets"]["slips"][0]["horses"] is None
    assert state.observation(0)["place_bets"]["slips"][0]["horses"] == ["h4"]
    assert state.observation(1)["place_bets"]["slips"][0]["odds"] == "3/2"
    assert "h4" not in str(state.observation(2)["place_bets"])


def test_d40_after_the_race_the_bookmaker_pays_a_placed_horse_and_takes_the_others_stakes() -> None:
    state = places()
    state.apply(Wager(4, 10_000, "3/2"), 1)
    state.apply(ACCEPT, 0)
    state.apply(Wager(6, 20_000, "2/1"), 2)
    state.apply(ACCEPT, 0)
    money = list(state.money_)
    state.settle_places([4, 2, 9])  # h4 placed, h6 not
    assert state.money_[1] == money[1] + 15_000
    assert state.money_[2] == money[2] - 20_000
    assert state.money_[0] == money[0] - 15_000 + 20_000


def test_d40_bad_place_bets_are_refused_and_change_nothing() -> None:
    state = places()
    before = state.position_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Wager(1, 10_000, "1/1"), 1)  # h1 is not running
    assert err.value.key == "ascot.illegal.place_runner"
    with pytest.raises(IllegalActionError) as err:
        state.apply(Wager(4, 55_000, "1/1"), 1)
    assert err.value.key == "ascot.illegal.place_stake"
    state.money_[1] = 7_000
    with pytest.raises(IllegalActionError) as err:
        state.apply(Wager(4, 10_000, "1/1"), 1)  # beyond his money: no loans
    assert err.value.key == "ascot.illegal.place_stake"
    state.money_[1] = before["money"][1]
    assert state.position_json() == before
    state.apply(DONE, 1)
    state.apply(DONE, 2)
    assert state.legal_actions(0) == [DONE]
    with pytest.raises(IllegalActionError) as err:
        state.apply(Wager(2, 5_000, "1/1"), 0)  # the Bookmaker bets with nobody
    assert err.value.key == "ascot.illegal.no_place_bets"


def test_d40_the_bookmaker_takes_no_bet_he_could_not_pay() -> None:
    state = places()
    state.money_[0] = 100_000
    state.apply(Wager(4, 50_000, "3/1"), 1)  # he would owe 150,000
    assert state.legal_actions(0) == [REFUSE]
    with pytest.raises(IllegalActionError) as err:
        state.apply(ACCEPT, 0)
    assert err.value.key == "ascot.illegal.place_cover"
    assert state.phase is Phase.BOOK


def test_d40_a_determinization_varies_the_terms_only_for_a_seat_no_party_to_them() -> None:
    state = places()
    state.apply(Wager(4, 10_000, "3/2"), 1)
    state.apply(ACCEPT, 0)
    state.apply(Wager(6, 20_000, "2/1"), 2)
    rng = random.Random(7)
    varied = set()
    for _ in range(20):
        other = state.resample_for(2, rng)
        assert other.observation(2) == state.observation(2)
        assert list(other.legal_actions(2)) == list(state.legal_actions(2))
        seen = [e.seen_by(2).to_json() for e in other.events]
        assert seen == [e.seen_by(2).to_json() for e in state.events]
        assert other.wager == state.wager, "seat 2's own offer is his"
        slip = other.places.slips[0]
        assert slip.stake <= 10_000 and other.places.slips[0].player == 1
        varied.add((slip.horses, slip.stake, other.place_odds[0]))
    assert len(varied) > 1
    for party in (0, 1):
        same = state.resample_for(party, rng)
        assert same.places.slips == state.places.slips and same.place_odds == state.place_odds
