"""Royal Steeple Chase's determinizations (``resample_for``): the cards a seat cannot see dealt
anew (and the pirate game's secret bets), the deal in the history rewritten to match only when
first read (``State.rewrite_later``), so that a search playing a determinization out never pays
for it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hippodrome import load_game
from hippodrome.engine.game import State
from hippodrome.engine.types import JSONObject, Player
from tests.games.playouts import play_randomly, random_positions

OPTIONS: tuple[dict[str, Any], ...] = (
    {"players": 4, "scoring": "race"},
    {"players": 6, "pirate": "stakes"},
    {"players": 4, "scoring": "bridge", "deals": 2},
)


def positions(seed: int, every: int, **options: Any) -> Iterator[State]:
    state = load_game("royal_steeple_chase", **options).new_initial_state()
    return random_positions(state, seed, every=every, moves=600)


def replays_to(state: State, viewer: Player) -> bool:
    """Whether ``state``'s history, played anew, gives its position and tells ``viewer`` its
    events (a determinization keeps them as ``viewer`` saw them)."""
    again = state.game.new_initial_state()
    for player, action in state.history:
        again.apply_unchecked(action, player)
    told = [e.seen_by(viewer).to_json() for e in again.events]
    return again.position_json() == state.position_json() and told == [
        e.seen_by(viewer).to_json() for e in state.events
    ]


def record(state: State) -> tuple[JSONObject, list[object], int]:
    return state.position_json(), list(state.history), len(state.events)


def test_a_determinization_replays_from_its_history_to_itself_telling_what_the_seat_saw() -> None:
    """Between two deals too: a new deal's determinization tells the past deals as the seat saw
    them, not the other hands' cards."""
    rng = random.Random("replay")
    rewritten = 0
    for k, options in enumerate(OPTIONS):
        for state in positions(k, 7, **options):
            truth = record(state)
            for seat in range(state.game.num_players):
                other = state.resample_for(seat, rng)
                rewritten += other.is_rewrite_pending()
                assert [e.to_json() for e in other.events] == [
                    e.seen_by(seat).to_json() for e in state.events
                ], f"{options}, {len(state.history)} moves in: seat {seat} is told more than it saw"
                assert replays_to(other, seat), (
                    f"{options}, {len(state.history)} moves in, for seat {seat}: the history does "
                    "not replay to the determinization"
                )
            assert record(state) == truth, f"{options}: resampling changed the true state"
    assert rewritten > 100


def test_a_determinization_played_out_is_never_rewritten_and_still_replays() -> None:
    rng = random.Random("play out")
    played = 0
    for state in positions(5, 11, players=4, scoring="race"):
        seat = state.active_players()[0] if state.active_players() else 0
        other = state.resample_for(seat, rng)
        if not other.is_rewrite_pending():
            continue
        for _ in range(40):  # not into a new deal: it reads where the last one began
            if other.phase_name() == "deal" or not play_randomly(other, rng, 1):
                break
        assert other.is_rewrite_pending(), "playing on read the history"
        assert replays_to(other, seat)
        played += 1
    assert played >= 5
