"""The position documents of Toques et Casques (issue 10, point 6): a public format, read by the
generic codec, whose schema is generated from the typed records, and which refuses an impossible
position with the field named.

Each refusal test damages one thing in a valid position (category D, four seats of which the last is
the steward: three jockeys, six horses, two hurdles; horse N°1 has rolled 7 and not moved yet) and
names the field the refusal must point at; hypothesis then damages documents met in random playouts
of three courses and checks that each is refused or can be played on.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.engine.schemas import violations
from tests.games.mutations import (
    Tamper,
    check_loads_or_is_refused,
    mutations,
    play_on,
    positions,
    put,
    refusal,
)

import hippodrome
from hippodrome.games.toques_et_casques.position import POSITION
from hippodrome.games.toques_et_casques.rules import ToquesEtCasques

OPTIONS = (("players", 4), ("category", "D"), ("steward", True))
GAME = ToquesEtCasques.from_options(**dict(OPTIONS))
HEADER = {k: v for k, v in GAME.new_initial_state().to_json().items() if k != "history"}
del HEADER["position"]
POSITION_DOC = next(
    p for p in positions("toques_et_casques", OPTIONS) if p["phase"] == "race" and p["points"] > 0
)


def document() -> dict[str, Any]:
    return {**HEADER, "position": copy.deepcopy(POSITION_DOC), "history": []}


def test_the_position_damaged_below_is_sound() -> None:
    position = POSITION_DOC
    assert (position["current"], position["points"], position["drawn"]) == (1, 7, 6)
    assert all(h["status"] == "running" for h in position["horses"])
    assert len(position["hurdles"]) == 2
    play_on(GAME.state_from_json(document()))


def two_on_one_cell(position: dict[str, Any]) -> None:
    position["horses"][4]["cell"] = position["horses"][2]["cell"]


def a_third_hurdle(position: dict[str, Any]) -> None:
    position["hurdles"].append(["4.20", 400])


REFUSALS: list[tuple[str, Tamper, str]] = [
    ("a cell off the track", put("horses", 2, "cell", value=10_000), "position.horses[2].cell"),
    ("a negative cell", put("horses", 2, "cell", value=-1), "position.horses[2].cell"),
    ("two horses on one cell", two_on_one_cell, "position.horses[4].cell"),
    ("a running horse on no cell", put("horses", 2, "cell", value=None), "position.horses[2].cell"),
    ("a lap beyond the race", put("horses", 2, "lap", value=5), "position.horses[2].lap"),
    ("an unknown status", put("horses", 2, "status", value="asleep"), "position.horses[2].status"),
    ("a seventh horse", lambda p: p["horses"].append(p["horses"][0]), "position.horses"),
    ("an owner out of range", put("owners", 1, value=9), "position.owners[1]"),
    ("the steward owning a horse", put("owners", 1, value=3), "position.owners[1]"),
    ("a negative owner", put("owners", 1, value=-1), "position.owners[1]"),
    ("a jockey owning three horses", put("owners", 1, value=0), "position.owners"),
    ("a horse drawn with no owner", put("owners", 1, value=None), "position.owners"),
    ("seven horses drawn", put("drawn", value=7), "position.drawn"),
    ("a horse to move that does not exist", put("current", value=7), "position.current"),
    ("more points than the dice give", put("points", value=13), "position.points"),
    ("more points left than rolled", put("rolled", value=3), "position.rolled"),
    ("negative money", put("money", 0, value=-10), "position.money[0]"),
    ("money for five at a table of four", put("money", value=[0] * 5), "position.money"),
    ("a decider out of range", put("decider", value=4), "position.decider"),
    ("more hurdles than the box holds", a_third_hurdle, "position.hurdles"),
    ("a hurdle off the track", put("hurdles", 0, 0, value="4.99"), "position.hurdles[0][0]"),
    ("a hurdle that is no station", put("hurdles", 0, 0, value="far"), "position.hurdles[0][0]"),
    ("two hurdles on one station", put("hurdles", 1, 0, value="4.11"), "position.hurdles[1][0]"),
    ("a pending hurdle that does not exist", put("pending", value=[2]), "position.pending[0]"),
    ("a horse on the arrival board still running", put("order", value=[3]), "position.order"),
    ("a horse twice on the arrival board", put("order", value=[3, 3]), "position.order[1]"),
    ("a roll-off of running horses", put("rolloff", value=[[1, 2]]), "position.rolloff[0][0]"),
    ("a turn start off the track", put("turn_start", 0, value=10_000), "position.turn_start[0]"),
    ("a review without a steward's decision", put("phase", value="review"), "position.decider"),
    ("a roll-off with nobody abreast", put("phase", value="rolloff"), "position.rolloff"),
    ("a hurdle moved with none pending", put("phase", value="relocate"), "position.decider"),
    ("a draw with every horse drawn", put("phase", value="draw"), "position.drawn"),
    ("an unknown field", put("weather", value="rain"), "position.weather"),
]


@pytest.mark.parametrize(
    ("tamper", "where"), [pytest.param(t, w, id=what) for what, t, w in REFUSALS]
)
def test_an_impossible_position_is_refused_naming_its_field(tamper: Tamper, where: str) -> None:
    refused = refusal(GAME, document(), tamper)
    assert refused.field == where, refused.reason


def test_the_schema_states_the_course_s_bounds() -> None:
    schema = POSITION.schema(GAME)
    props = schema["properties"]
    assert props["owners"]["items"]["anyOf"][0]["maximum"] == GAME.jockeys - 1
    assert props["decider"]["anyOf"][0]["maximum"] == GAME.num_players - 1
    assert props["hurdles"]["minItems"] == props["hurdles"]["maxItems"] == 2
    assert props["points"]["maximum"] == GAME.course.max_points


COURSES = [
    OPTIONS,
    (("players", 3), ("category", "D"), ("laps", 2)),
    (("players", 2), ("category", "A"), ("ecart_on_start", True)),
]


@pytest.mark.parametrize("options", COURSES, ids=["steward", "hurdles_moved", "trot"])
def test_the_schema_accepts_every_position_of_a_playout(options: Any) -> None:
    schema = POSITION.schema(hippodrome.load_game("toques_et_casques", **dict(options)))
    for position in positions("toques_et_casques", options):
        assert violations(schema, position) == []


@pytest.mark.parametrize("options", COURSES, ids=["steward", "hurdles_moved", "trot"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_document_is_refused_or_plays_on(options: Any, data: st.DataObject) -> None:
    game = hippodrome.load_game("toques_et_casques", **dict(options))
    header = {k: v for k, v in game.new_initial_state().to_json().items() if k != "position"}
    position = data.draw(mutations(positions("toques_et_casques", options)))
    check_loads_or_is_refused(game, header, position)
