"""Ascot's positions: every state of random games goes through JSON and comes back the same, playing
on identically; a faulty field is refused by name."""

from __future__ import annotations

import json
import random

import pytest

from hippodrome.engine.errors import RecordError
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot.rules import Ascot


@pytest.mark.parametrize(("seed", "players"), [(21, 2), (22, 3), (23, 5)])
def test_states_round_trip_through_json(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = Ascot.from_options(players=players)
    state = game.new_initial_state()
    phases = set()
    while not state.is_terminal():
        phases.add(state.phase_name())
        copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert copy.position_json() == state.position_json()
        assert copy.active_players() == state.active_players()
        assert list(copy.legal_actions()) == list(state.legal_actions())
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
        else:
            seat = state.active_players()[0]
            actions = list(state.legal_actions(seat))
            state.apply(actions[0] if rng.random() < 0.5 else rng.choice(actions[:8]), seat)
    assert {"deal", "auction", "training", "betting", "move"} <= phases


def test_a_faulty_field_is_named() -> None:
    game = Ascot.from_options(players=3)
    doc = game.new_initial_state().to_json()
    doc["position"]["money"] = [1, 2]
    with pytest.raises(RecordError) as err:
        game.state_from_json(doc)
    assert err.value.field == "position.money"


def test_a_determinization_changes_nothing_its_seat_sees_and_varies_what_it_cannot() -> None:
    rng, draw = random.Random(31), random.Random(32)
    game = Ascot.from_options(players=3)
    state = game.new_initial_state()
    varied = 0
    while not state.is_terminal():
        for seat in range(3):
            other = state.resample_for(seat, draw)
            assert other.observation(seat) == state.observation(seat)
            assert other.observation(None) == state.observation(None)
            assert list(other.legal_actions(seat)) == list(state.legal_actions(seat))
            seen = [e.seen_by(seat).to_json() for e in other.events]
            assert seen == [e.seen_by(seat).to_json() for e in state.events]
            varied += other.position_json() != state.position_json()
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
        else:
            seat = state.active_players()[0]
            actions = list(state.legal_actions(seat))
            state.apply(actions[0] if rng.random() < 0.5 else rng.choice(actions[:8]), seat)
    assert varied > 0


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("bank", -5, "position.bank"),
        ("dead", [0, 0], "position.dead[1]"),
        ("offer", "offer 9 sideways h4 5", "position.offer"),
        ("unseen", {"walroy": [0]}, "position.unseen.stevens"),
        ("reports", [["walroy:99"], [], []], "position.reports[0][0]"),
        ("lane_effect", "diagonal", "position.lane_effect"),
    ],
)
def test_the_codec_refuses_an_impossible_position_naming_the_field(
    field: str, value: object, named: str
) -> None:
    game = Ascot.from_options(players=3)
    doc = game.new_initial_state().to_json()
    doc["position"][field] = value
    with pytest.raises(RecordError) as err:
        game.state_from_json(doc)
    assert err.value.field == named


def test_the_schema_states_the_table_s_bounds() -> None:
    schema = Ascot.from_options(players=4).position_schema()
    assert schema["title"] == "Ascot position"
    assert schema["properties"]["money"]["minItems"] == 4
    assert "unseen" in schema["properties"] and "places" in schema["properties"]
