"""How long a game can last (issue 32, point 10): the limit that makes every tie auction end (D35),
and the bound ``WinPlaceShow.max_length`` counts (``length.py``).

The seed lets the open auction between tied seats (§9) go on by $500 up to a seat's money, which the
bets make grow race after race; D35 closes it on its hundredth raise, which buys. A race's turns are
bounded by the rules themselves: the frontmost horse on the oval always gains ground in a turn that
brings no horse home (``length.turns_at_most``), which the random races below check turn by turn.
"""

from __future__ import annotations

import random

from hippodrome.engine.auction_events import Bid, RaisesSpent
from hippodrome.engine.types import CHANCE
from hippodrome.games import entry
from hippodrome.games.win_place_show.actions import Dice, Sheet
from hippodrome.games.win_place_show.length import STEP_GAIN, TIE_RAISES, turns_at_most
from hippodrome.games.win_place_show.race import progress
from hippodrome.games.win_place_show.rules import RACES, Phase, WinPlaceShow, WinPlaceShowState


def sheets(state: WinPlaceShowState, first: int) -> None:
    """Every seat writes ``first`` for the favourite and nothing for the other horses."""
    for seat in range(state.game.num_players):
        for at, h in enumerate(state.lots):
            state.apply(Sheet(state.race.horses[h].id, first if at == 0 else 0), seat)


def test_a_tie_auction_closes_on_its_hundredth_raise_and_that_raise_buys() -> None:
    """D35: two seats richer than at the start (winnings make them so) tie at $1,000 on the
    favourite and raise by $500 in turn; the hundredth raise, seat 1's at $51,000, buys it: seat 0
    is not asked again, the auction says why it closed, and the sale goes on."""
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    state.money_ = [200_000, 200_000]
    sheets(state, 1_000)
    favourite = state.lots[0]
    for k in range(1, TIE_RAISES + 1):
        assert state.flow.phase is Phase.BIDDING and state.owner[favourite] < 0
        seat = state.active_players()[0]
        assert seat == (k - 1) % 2, "the tied seats raise in turn, seat 0 first"
        told = state.apply(Bid(1_000 + 500 * k), seat)
    assert any(isinstance(e, RaisesSpent) and e.raises == TIE_RAISES for e in told), (
        f"after {TIE_RAISES} raises the bidding goes on: seats {state.active_players()} asked"
    )
    assert state.owner[favourite] == 1 and state.money_[1] == 200_000 - 51_000
    assert state.auction is None or state.auction.lot != state.race.horses[favourite].id


def test_the_bound_counts_every_action_a_race_can_take() -> None:
    """``length.py``: the default game (four players) and the longest (six, $50,000 each), which
    is the manifest's; the 1 1/2-mile race 6 takes 608 turns at most."""
    traits = entry("win_place_show").traits
    assert traits is not None
    assert [turns_at_most(r) for r in RACES] == [304, 408, 256, 456, 508, 608]
    assert WinPlaceShow.from_options().max_length() == 68_088
    longest = max(
        WinPlaceShow.from_options(players=n, quick=q).max_length()
        for n in range(2, 7)
        for q in (False, True)
    )
    assert longest == WinPlaceShow.from_options(players=6).max_length() == traits.max_length


def test_a_turn_that_brings_no_horse_home_takes_the_frontmost_horse_further() -> None:
    """The argument of ``turns_at_most``, checked on random games: after every turn in which no
    horse comes home, the frontmost horse on the oval is a step's ground (``STEP_GAIN``) further on
    than the frontmost was when the dice were rolled; and no race comes near its most turns, nor a
    tie auction near D35's limit."""
    for seed in range(5):
        game = WinPlaceShow.from_options(players=3)
        state = game.new_initial_state()
        rng = random.Random(seed)
        front, home, raises, race, turn = -1, 0, 0, -1, 0
        while not state.is_terminal():
            same_race = front >= 0 and state.race_index == race
            if state.flow.phase is Phase.DICE and same_race and len(state.finish) == home:
                # A turn that brought no horse home: the frontmost horse is a step further on.
                assert frontmost(state) >= front + STEP_GAIN, f"seed {seed}, turn {turn}"
            if state.is_chance_node():
                action = state.sample_chance(rng)
                if isinstance(action, Dice):
                    race, turn = state.race_index, state.turn_no + 1
                    front, home = frontmost(state), len(state.finish)
                    assert turn <= turns_at_most(state.race) // 4, f"seed {seed}: {turn} turns"
                state.apply(action, CHANCE)
                continue
            seat = state.active_players()[0]
            action = rng.choice(list(state.legal_actions(seat)))
            raises = raises + 1 if isinstance(action, Bid) else 0
            assert raises < TIE_RAISES // 4, f"seed {seed}: {raises} raises in a row"
            state.apply(action, seat)


def frontmost(state: WinPlaceShowState) -> int:
    """How far the frontmost horse on the oval has run (the rail's ticks)."""
    return max(progress(state.cell[h], state.lap[h]) for h in range(6) if not state.gone[h])
