"""POST /api/games/{id}/options/check: the engine judges a game's options before any table exists
(the Toques et Casques course designer asks it at each click, so the browser holds no rule)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from hippodrome.games import playable_ids

CHECK = "/api/games/toques_et_casques/options/check"


def check(client: TestClient, **options: Any) -> Any:
    return client.post(CHECK, json={"options": options})


def test_a_good_course_comes_back_completed_and_as_it_will_be_raced(client: TestClient) -> None:
    answer = check(client, players=3, category="D", hurdles="4.3,4.30", river="4.20")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["game"] == "toques_et_casques"
    assert body["options"]["hurdles"] == "4.3,4.30"
    assert body["options"]["track"] == "auto" and body["options"]["stakes"] == 120  # defaults
    course = body["start"]["course"]
    assert course["track"] == "large", "speed 2 (gallop) runs on the large hippodrome (D6)"
    assert course["hurdles"] == ["4.3", "4.30"]
    assert course["river"] == ["4.20", "4.21"], "the river covers its station and the next (12-01)"
    assert course["finish"] == "0.0"


def test_the_default_course_is_resolved_to_its_stations(client: TestClient) -> None:
    """`auto` (D5): the river in the middle of the far straight, the hurdles at its quarters."""
    answer = check(client, players=2, category="D", track="small")
    assert answer.status_code == 200, answer.text
    course = answer.json()["start"]["course"]
    assert course["river"] == ["4.9", "4.10"]
    assert course["hurdles"] == ["4.5", "4.14"]


@pytest.mark.parametrize(
    ("options", "key", "params"),
    [
        # 13-01: « Ne placez jamais une haie juste devant ou à la sortie de la rivière »
        (
            {"category": "D", "river": "4.10", "hurdles": "4.9"},
            "toques_et_casques.course.hurdle_river",
            {"station": "4.9"},
        ),
        # 14-05: never in a turn
        (
            {"category": "D", "hurdles": "3.1"},
            "toques_et_casques.course.in_turn",
            {"what": "hurdle", "station": "3.1"},
        ),
        # 01-01: the box holds two hurdles
        (
            {"category": "D", "river": "none", "hurdles": "4.3,4.8,4.30"},
            "toques_et_casques.course.hurdle_count",
            {"count": 3, "max": 2},
        ),
        # 01-01: one plaque per station
        (
            {"category": "D", "river": "4.20", "hurdles": "4.21"},
            "toques_et_casques.course.overlap",
            {"what": "river", "other": "hurdle", "station": "4.21"},
        ),
        # 10-04: no obstacle in the finish's run-out (12 lengths at speed 2)
        (
            {"category": "D", "river": "none", "hurdles": "0.12"},
            "toques_et_casques.course.after_finish",
            {"station": "0.12", "run_out": 12},
        ),
        # 12-02: the river on a long straight only
        (
            {"category": "D", "river": "2.1", "hurdles": "none"},
            "toques_et_casques.course.river_long",
            {"station": "2.1"},
        ),
        # 12-01, 13-01: obstacles are for category D
        (
            {"category": "C", "hurdles": "4.5"},
            "toques_et_casques.course.obstacles_d",
            {"category": "C"},
        ),
        # 07-01, 07-07: two jockeys at least, the steward being someone else
        ({"players": 2, "steward": True}, "toques_et_casques.course.jockeys", {"jockeys": 1}),
        # the station must exist on that hippodrome
        (
            {"category": "D", "track": "small", "hurdles": "4.40"},
            "toques_et_casques.course.station",
            {"station": "4.40"},
        ),
    ],
)
def test_a_course_breaking_a_placement_rule_is_refused_with_its_rule(
    client: TestClient, options: dict[str, Any], key: str, params: dict[str, Any]
) -> None:
    answer = check(client, **{"players": 3, **options})
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["key"] == key
    assert params.items() <= error["params"].items(), error["params"]
    assert error["message"]["en"] and error["message"]["fr"] != error["message"]["en"]


def test_nothing_is_created_by_a_check(client: TestClient) -> None:
    before = client.get("/api/tables?status=open").json()
    assert check(client, players=3, category="D").status_code == 200
    assert client.get("/api/tables?status=open").json() == before


@pytest.mark.parametrize(
    ("body", "status", "key"),
    [
        ({"options": {"category": "E"}}, 400, "error.option_type"),
        ({"options": {"hurdels": "4.5"}}, 400, "error.option_unknown"),
        ({"options": {"hurdles": 45}}, 400, "error.option_type"),
        ({"options": "category=D"}, 422, "error.bad_request"),
        ({"options": {"hurdles": ["4.5"]}}, 422, "error.bad_request"),
        ([1, 2], 422, "error.bad_request"),
    ],
)
def test_a_malformed_request_gets_a_named_error(
    client: TestClient, body: Any, status: int, key: str
) -> None:
    answer = client.post(CHECK, json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["key"] == key


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    answer = client.post(CHECK, content=b"{nope", headers={"Content-Type": "application/json"})
    assert answer.status_code in (400, 422), answer.text
    assert answer.json()["error"]["key"] == "error.bad_request"


def test_an_unknown_game_is_a_named_404(client: TestClient) -> None:
    answer = client.post("/api/games/nope/options/check", json={"options": {}})
    assert answer.status_code == 404
    assert answer.json()["error"]["key"] == "error.unknown_game"


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_game_s_default_options_pass_the_check(client: TestClient, game_id: str) -> None:
    answer = client.post(f"/api/games/{game_id}/options/check", json={"options": {}})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["game"] == game_id and isinstance(body["options"]["players"], int)
    assert isinstance(body["start"], dict) and body["start"]
