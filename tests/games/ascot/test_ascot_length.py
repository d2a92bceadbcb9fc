"""How long a game can last (issue 32, point 10): the three limits that make every game end (D47 to
D49, not the seed's), and the bound ``Ascot.max_length`` counts (``length.py``).

The seed lets a club member take reports before his throw for as long as he likes (D19), a horse the
frost or a report sends back stay out on the training loop (D5), and a race go on while a fallen horse
waits for a six (D34) or the post wants an exact count (D6). A member takes 30 reports at most before
a throw (D47), the training is called after 80 rounds (D48) and the race after 92 (D49).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from tests.games.ascot.scenarios import race, training

from hippodrome.engine.bot import SeatView
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.types import CHANCE
from hippodrome.games import entry
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot import length, rules
from hippodrome.games.ascot.actions import ROLL, ClubReport
from hippodrome.games.ascot.length import MEMBER_REPORTS, RACE_ROUNDS, TRAINING_ROUNDS
from hippodrome.games.ascot.rules import BOXED, STABLE_OF_HORSE, Ascot, AscotState, Phase


def first_choices(state: AscotState, until: Callable[[AscotState], bool]) -> None:
    """Play the first legal action (the first outcome at a chance node) while ``until(state)`` is
    false and the game is on."""
    while not state.is_terminal() and not until(state):
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0], CHANCE)
        else:
            seat = state.active_players()[0]
            state.apply(state.legal_actions(seat)[0], seat)


def test_d47_a_member_takes_thirty_reports_at_most_before_a_throw() -> None:
    """D47: seat 0, a club member, asks for reports from his horse h2's own stable deck before his
    first throw; the thirtieth is his last: only the throw is left, a thirty-first is refused and
    changes nothing. At his next turn he may ask again."""
    state = training()
    deck = STABLE_OF_HORSE[2]
    for _ in range(MEMBER_REPORTS):
        assert ClubReport(deck, 2) in state.legal_actions(0)
        state.apply(ClubReport(deck, 2), 0)
        first_choices(state, lambda s: s.phase is Phase.TRAINING)
        assert state.active_players() == (0,), "a stable's report neither strangles nor stops him"
    assert list(state.legal_actions(0)) == [ROLL], f"{MEMBER_REPORTS} reports taken: throw now"
    before = state.position_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(ClubReport(deck, 2), 0)
    assert err.value.key == "ascot.illegal.reports_spent"
    assert state.position_json() == before
    state.apply(ROLL, 0)
    first_choices(state, lambda s: s.phase is Phase.TRAINING and s.active_players() == (0,))
    assert ClubReport(deck, 2) in state.legal_actions(0), "a new turn, a new count"


def test_d48_the_training_is_called_at_the_end_of_its_eightieth_round() -> None:
    """D48: the first round under way is made the eightieth: when it ends the training is called,
    every horse still out goes back to its box, and the preliminaries begin, counting no rounds."""
    state = training()
    state.flow.round = TRAINING_ROUNDS
    first_choices(state, lambda s: not s.in_training() or s.flow.round != TRAINING_ROUNDS)
    called = [e for e in state.events if isinstance(e, ev.TrainingCalled)]
    assert called and called[0].rounds == 80, "the training goes on past its eightieth round"
    assert all(sq in (BOXED, -1) for sq in state.square[1:])
    assert state.phase is Phase.TRADING and state.flow.round == 0 and state.opener == -1


def test_d48_a_training_before_its_last_round_goes_on() -> None:
    """D48: one round short of the limit, the next round is played."""
    state = training()
    state.flow.round = TRAINING_ROUNDS - 1
    first_choices(state, lambda s: s.flow.round != TRAINING_ROUNDS - 1)
    assert state.in_training() and state.flow.round == TRAINING_ROUNDS
    assert not any(isinstance(e, ev.TrainingCalled) for e in state.events)


def test_d49_the_race_is_called_at_the_end_of_its_ninety_second_round() -> None:
    """D49: the race's first round, seat 0 starting, is made the 92nd: when it ends the race is
    called; no horse has passed the post, so none is placed and the Bank's prizes are not given
    (D28)."""
    state = race(first=0)
    assert state.flow.round == 1 and state.opener == 0
    state.flow.round = RACE_ROUNDS
    first_choices(state, lambda s: s.flow.round != RACE_ROUNDS)
    called = [e for e in state.events if isinstance(e, ev.RaceCalled)]
    assert called and called[0].rounds == 92, "the race goes on past its 92nd round"
    assert state.is_terminal() and state.placed == []
    assert any(isinstance(e, ev.PrizesUnawarded) for e in state.events)


def test_d49_a_race_before_its_last_round_goes_on() -> None:
    state = race(first=1)
    state.flow.round = RACE_ROUNDS - 1
    first_choices(state, lambda s: s.flow.round != RACE_ROUNDS - 1)
    assert not state.is_terminal() and state.flow.round == RACE_ROUNDS
    assert state.phase_name() == "roll" and state.flow.turn == 1, "round 92 opens with the starter"


def test_the_bound_counts_every_action_the_limits_allow() -> None:
    """``length.py``: the limits read from the data (the decks, the loop, the rail), the default
    table's bound and the greatest, six players with the private place bets, the manifest's."""
    assert (MEMBER_REPORTS, TRAINING_ROUNDS, RACE_ROUNDS) == (30, 80, 92)
    assert length.OFFERS_EACH == rules.OFFERS_EACH and len(rules.HORSES) == length.HORSES
    traits = entry("ascot").traits
    assert traits is not None
    assert Ascot.from_options().max_length() == 17_978_652
    longest = max(
        Ascot.from_options(players=n, place_bets=bets).max_length()
        for n in range(2, 7)
        for bets in (False, True)
    )
    assert longest == Ascot.from_options(players=6, place_bets=True).max_length()
    assert longest == traits.max_length < 2**31 - 1


def test_no_heuristic_game_comes_near_the_limits() -> None:
    """The limits are safeguards: heuristic games train for a sixth of D48's rounds at most and
    race for less than half of D49's."""
    heuristic = entry("ascot").heuristic_class()
    for seed in range(2):
        state = Ascot.from_options().new_initial_state()
        rng = random.Random(seed)
        bots = [heuristic() for _ in range(3)]
        trained = raced = 0
        while not state.is_terminal():
            if state.phase is Phase.TRAINING:
                trained = max(trained, state.flow.round)
            elif state.phase is Phase.ROLL:
                raced = max(raced, state.flow.round)
            if state.is_chance_node():
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            seat = state.active_players()[0]
            state.apply(bots[seat].choose(SeatView(state, seat), rng), seat)
        assert 0 < trained <= TRAINING_ROUNDS // 6, f"seed {seed}: {trained} rounds of training"
        assert 0 < raced < RACE_ROUNDS // 2, f"seed {seed}: {raced} rounds of racing"
