"""The vectorised Royal Turf races (``races.py``, behind the game's simulator piece) agree with the
engine's own races (seed §3), under the same policy.

Both run the race on from one position with the move chosen uniformly among the horses that may move
(the random bot): the engine a few thousand times through ``apply_unchecked``, the simulator 400,000
times. Every horse's chance of each place, of the pace token and of coming last must agree: the
engine's frequency within 4 standard errors of the simulator's (over the 35 figures of a position,
a false alarm has a chance of about 1 in 500 for a fair simulator; the seeds are fixed).
"""

from __future__ import annotations

import random

import pytest
from tests import suite

np = suite.requires("numpy", "research")

from hippodrome.games import load_game  # noqa: E402
from hippodrome.games.royal_turf.odds import race_start  # noqa: E402
from hippodrome.games.royal_turf.races import RaceStart, simulate_races  # noqa: E402
from hippodrome.games.royal_turf.rules import HORSE_IDS, Phase, RoyalTurfState  # noqa: E402

ENGINE_RACES = 2500
SIMULATED_RACES = 400_000
Z = 4.0


def _racing_position(seed: int, moves_into_race: int) -> RoyalTurfState:
    """A random game's position ``moves_into_race`` actions after its first race is off."""
    game = load_game("royal_turf", players=3)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, RoyalTurfState)
    while state.phase is not Phase.RACING:
        _step(state, rng)
    for _ in range(moves_into_race):
        _step(state, rng)
    return state


def _step(state: RoyalTurfState, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_unchecked(state.sample_chance(rng))
    else:
        state.apply_unchecked(rng.choice(state.legal_actions()))


def _engine_frequencies(state: RoyalTurfState, races: int, seed: int) -> dict[str, list[float]]:
    rng = random.Random(seed)
    n = len(HORSE_IDS)
    counts = {"1": [0.0] * n, "2": [0.0] * n, "3": [0.0] * n, "pace": [0.0] * n, "last": [0.0] * n}
    for _ in range(races):
        race = state.clone()
        while race.result is None or race.result[0] != state.race:
            _step(race, rng)
        _, podium, last, pace = race.result
        for k, h in enumerate(podium):
            counts[str(k + 1)][h] += 1
        counts["last"][last] += 1
        if pace >= 0:
            counts["pace"][pace] += 1
    return {key: [c / races for c in row] for key, row in counts.items()}


def _simulated_frequencies(start: RaceStart, races: int, seed: int) -> dict[str, list[float]]:
    results = simulate_races(start, races, np.random.default_rng(seed))
    counts = results.place_counts() / races
    n = len(HORSE_IDS)
    return {
        "1": list(counts[:, 0]),
        "2": list(counts[:, 1]),
        "3": list(counts[:, 2]),
        "pace": list(np.bincount(results.pace[results.pace >= 0], minlength=n) / races),
        "last": list(np.bincount(results.last, minlength=n) / races),
    }


@pytest.mark.parametrize(
    ("seed", "moves_into_race"),
    [
        (2, 0),  # the race is off: horses on their start squares, nobody has moved
        (1, 61),  # mid-race: a horse across the line, some moved this round, the die rolled
        (5, 30),
    ],
)
@pytest.mark.slow  # statistical: 2,500 engine races and 400,000 simulated ones a position
def test_vectorised_races_agree_with_the_engine_under_the_random_policy(
    seed: int, moves_into_race: int
) -> None:
    state = _racing_position(seed, moves_into_race)
    start = race_start(state)
    engine = _engine_frequencies(state, ENGINE_RACES, seed)
    simulated = _simulated_frequencies(start, SIMULATED_RACES, seed)
    for key in engine:
        for h, horse in enumerate(HORSE_IDS):
            p, q = simulated[key][h], engine[key][h]
            error = max(p * (1 - p), 1.0 / ENGINE_RACES) ** 0.5 / ENGINE_RACES**0.5
            assert abs(p - q) <= Z * error, (
                f"{horse}'s chance of {key} from {start}: simulator {p:.4f}, engine {q:.4f} "
                f"over {ENGINE_RACES} races (allowed {Z * error:.4f})"
            )


def test_the_positions_compared_include_a_race_under_way() -> None:
    """The mid-race comparison is what it says: a horse across, horses moved, the die rolled."""
    start = race_start(_racing_position(1, 61))
    assert start.podium and any(start.moved) and start.rolled >= 0


def test_a_race_results_have_three_different_placed_horses_and_a_last_off_the_podium() -> None:
    state = _racing_position(3, 0)
    results = simulate_races(race_start(state), 10_000, np.random.default_rng(0))
    places = results.places
    assert results.races == 10_000
    assert (places[:, 0] != places[:, 1]).all() and (places[:, 1] != places[:, 2]).all()
    assert (places[:, 0] != places[:, 2]).all()
    assert ((results.last[:, None] != places).all(axis=1)).all()
    assert (results.pace >= 0).all(), "the first horse across takes the pace token at the latest"
