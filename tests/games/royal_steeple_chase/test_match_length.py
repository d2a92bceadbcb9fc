"""How long a match can last (D83): the limit of 100 deals, and the bound it gives.

The bridge score ends a match when someone makes his second game, « aux enchères » and the contract
after three rubbers, the pirate game for points at 200; a void race (« Si, après épuisement des
cartes, il n'y a pas de gagnant la partie est nulle ») marks nothing toward them, so the seed lets a
run of void races go on without end. D83 stops a match after 100 deals, as the option ``deals`` stops
one (D27: ranked by the totals); ``RoyalSteepleChase.max_length`` counts the actions that allows.
"""

from __future__ import annotations

import pytest

from hippodrome.engine.errors import OptionsError
from hippodrome.games import entry
from hippodrome.games.royal_steeple_chase.board import MAX_DEALS
from hippodrome.games.royal_steeple_chase.rules import Phase, RoyalSteepleChase, SteepleState
from tests.games.royal_steeple_chase.positions import table

A, B, C, D = range(4)


def void_race(races_before: int) -> SteepleState:
    """A plays his last card and nobody can play any more: the race is void (D11)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D}, at={"b": 1}, hands={A: ["3/2"]}, scoring="bridge"
    )
    state.races = races_before
    for notation in ("joue 3/2", "3 b", "2 b"):
        state.apply(state.game.parse_action(notation), A)
    assert (state.winner, state.placed) == (-1, -1)
    return state


def test_a_match_still_on_after_100_deals_stops_there() -> None:
    """D83: the bridge score's match, nobody with a game yet, ends with its 100th deal's race."""
    state = void_race(MAX_DEALS - 1)
    assert state.races == MAX_DEALS == 100
    assert state.is_terminal() and state.phase is Phase.OVER
    assert state.outcome().ranking == ((A, B, C, D),), "ranked by the totals (D27), all still at 0"


def test_a_match_before_its_100th_deal_goes_on() -> None:
    """D83: after the 99th deal's void race, the next deal is dealt."""
    state = void_race(MAX_DEALS - 2)
    assert not state.is_terminal() and state.phase is Phase.DEAL


@pytest.mark.parametrize("deals", [-1, MAX_DEALS + 1])
def test_the_option_deals_stops_a_match_within_100_deals(deals: int) -> None:
    """D83: ``deals`` is 0 (as the rules end the match, 100 deals at most) to 100."""
    with pytest.raises(OptionsError):
        RoyalSteepleChase.from_options(deals=deals)
    assert RoyalSteepleChase.from_options(deals=MAX_DEALS).max_length() > 0


def test_the_bound_is_deals_times_a_deals_most_and_the_manifest_holds_the_greatest() -> None:
    """D83: a single race's bound is one deal's; a match as the rules end it, 100 deals; the
    manifest's bound is the greatest over every option set: 8 players with the incident cards."""
    race = RoyalSteepleChase.from_options(players=4, scoring="race")
    match = RoyalSteepleChase.from_options(players=4)
    assert match.max_length() == MAX_DEALS * race.max_length()
    two = RoyalSteepleChase.from_options(players=4, deals=2)
    assert two.max_length() == 2 * race.max_length()
    traits = entry("royal_steeple_chase").traits
    assert traits is not None
    worst = RoyalSteepleChase.from_options(players=8, incidents=True)
    assert worst.max_length() == traits.max_length
