"""How long a race can last (D32): the limit that makes every race end, and the bound it gives.

The seed lets a race go on without end: a roll of 1 played as a lone écart moves no horse on (14-03),
and the steward may put a horse back after every move (07-03). D32 calls the race after two rounds
for every length of its course at the rail; ``ToquesEtCasques.max_length`` counts the actions that
allows. The limit is far beyond any race played: random races run about half a round a length.
"""

from __future__ import annotations

import random

from hippodrome.engine import Event
from hippodrome.games import entry
from hippodrome.games.toques_et_casques import events as ev
from hippodrome.games.toques_et_casques.rules import (
    HORSES,
    Phase,
    Status,
    ToquesEtCasques,
    ToquesState,
)


def play_until(state: ToquesState, stop: type[Event], rng: random.Random) -> list[Event]:
    """Random legal actions (chance sampled) until an event of type ``stop`` is told."""
    told: list[Event] = []
    while not state.is_terminal():
        if state.is_chance_node():
            told += state.apply(state.sample_chance(rng))
        else:
            player = state.active_players()[0]
            told += state.apply(rng.choice(list(state.legal_actions(player))), player)
        if any(isinstance(e, stop) for e in told):
            break
    return told


def test_a_race_is_called_after_two_rounds_a_length_of_its_course() -> None:
    """D32: the small hippodrome's lap is 56 lengths at the rail, so a one-lap race is called after
    112 rounds; the horses still running then take no place, and the race is over."""
    game = ToquesEtCasques.from_options(players=3)
    assert game.max_rounds() == 2 * 56
    state = game.new_initial_state()
    rng = random.Random(3)
    play_until(state, ev.RaceOff, rng)
    state.round = game.max_rounds()  # the last round allowed is under way
    play_until(state, ev.RoundEnded, rng)
    assert state.is_terminal() and state.phase is Phase.OVER
    running = [h for h in HORSES if state.status[h] is Status.RUNNING]
    assert running, "round 1 of a race: every horse still runs when it is called"
    assert not set(running) & set(state.order), "a horse still running takes no place"


def test_a_race_before_its_last_round_goes_on() -> None:
    """D32: one round short of the limit, the next round is played."""
    game = ToquesEtCasques.from_options(players=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    play_until(state, ev.RaceOff, rng)
    state.round = game.max_rounds() - 1
    play_until(state, ev.RoundEnded, rng)
    assert not state.is_terminal() and state.phase is Phase.RACE


def test_the_bound_counts_every_action_a_round_can_take() -> None:
    """D32: 6 draws, then each of the allowed rounds at most 6 turns of a roll, a step or a
    « bloque » a point, the steward's verdict and a decision for each hurdle passed; 5 roll-offs.
    The manifest's bound is the greatest, over 9 laps of the large track (category D, the finish at
    4.31, two hurdles, the steward)."""
    default = ToquesEtCasques.from_options()
    assert default.max_length() == 6 + 112 * 6 * (1 + 6) + 5
    worst = ToquesEtCasques.from_options(
        players=7,
        steward=True,
        category="D",
        track="large",
        laps=9,
        finish="4.31",
        hurdles="0.1,0.2",
    )
    traits = entry("toques_et_casques").traits
    assert traits is not None
    assert worst.max_length() == traits.max_length == 6 + worst.max_rounds() * 6 * 16 + 5


def test_no_random_race_comes_near_the_limit() -> None:
    """The limit is a safeguard: random races of the default course end in well under half of it."""
    game = ToquesEtCasques.from_options()
    for seed in range(5):
        state = game.new_initial_state()
        rng = random.Random(seed)
        play_until(state, ev.RaceOver, rng)
        assert state.is_terminal()
        rounds = sum(1 for e in state.events if isinstance(e, ev.RoundEnded))
        assert rounds < game.max_rounds() / 2, f"seed {seed}: {rounds} rounds"
