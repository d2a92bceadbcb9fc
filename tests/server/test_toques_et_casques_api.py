"""Toques et Casques through the web API: courses refused with the rule they break, illegal steps
refused with their reason and nothing changed, a whole race played over the websocket."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import table_socket
from tests.server.test_api import play_to_the_end, receive_until


def create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> Any:
    return client.post(
        "/api/tables", json={"game": "toques_et_casques", "options": options, "seats": seats}
    )


@pytest.mark.parametrize(
    ("options", "key"),
    [
        # seed 13-01: « Ne placez jamais une haie juste devant ou à la sortie de la rivière »
        (
            {"category": "D", "river": "4.10", "hurdles": "4.9"},
            "toques_et_casques.course.hurdle_river",
        ),
        # seed 14-05: never in a turn
        ({"category": "D", "hurdles": "1.0"}, "toques_et_casques.course.in_turn"),
        # seed 10-02: the finish leaves 12 lengths at speed 2
        ({"category": "C", "finish": "0.35"}, "toques_et_casques.course.finish_run_out"),
        # seed 03-01: trot is run with one die
        ({"category": "A", "speed": 2}, "toques_et_casques.course.trot_speed"),
        # seed 12-01: obstacles only in category D
        ({"category": "B", "river": "4.5"}, "toques_et_casques.course.obstacles_d"),
    ],
)
def test_a_course_that_breaks_a_placement_rule_is_refused_with_the_rule(
    client: TestClient, options: dict[str, Any], key: str
) -> None:
    before = client.get("/api/tables").json()
    players = 2
    response = create(client, [{"kind": "bot", "bot": "random"}] * players, **options)
    assert response.status_code == 400, response.text
    body = response.json()["error"]
    assert body["key"] == key
    assert body["message"]["en"] and body["message"]["fr"]
    assert body["message"]["en"] != body["message"]["fr"], "the refusal is told in both languages"
    assert client.get("/api/tables").json() == before, "a refused course creates no table"


def test_an_illegal_step_is_refused_with_its_reason_and_changes_nothing(
    client: TestClient,
) -> None:
    response = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert response.status_code == 201, response.text
    table = response.json()
    token = table["seats"][0]["token"]
    with table_socket(client, table["id"], token) as ws:
        state = receive_until(ws, lambda m: m["type"] == "state" and (m["can_roll"] or m["legal"]))
        while not state["legal"]:  # roll until we have steps to play
            ws.send_json({"type": "roll", "version": state["version"]})
            state = receive_until(
                ws, lambda m: m["type"] == "state" and (m["can_roll"] or m["legal"])
            )
        assert state["observation"]["points"] > 0
        version = state["version"]
        if [entry["notation"] for entry in state["legal"]] != ["bloque"]:
            # seed 18-02: « Vous n'avez absolument pas le droit de passer votre tour si vous n'êtes
            # pas bloqué. »
            ws.send_json({"type": "act", "action": "bloque", "version": version})
            error = receive_until(ws, lambda m: m["type"] == "error")
            assert error["key"] == "toques_et_casques.illegal.not_blocked"
            assert "18-02" in error["message"]["fr"]
        # An écart three lanes away is never one step (16-01).
        ws.send_json({"type": "act", "action": "ecart 6", "version": version})
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["key"].startswith("toques_et_casques.illegal.")
        ws.send_json({"type": "act", "action": "fly away", "version": version})
        assert receive_until(ws, lambda m: m["type"] == "error")["key"] == "error.notation"
        ws.send_json({"type": "act", "action": "avant", "version": version - 1})
        assert receive_until(ws, lambda m: m["type"] in ("stale", "error"))["type"] == "stale"
        fresh = receive_until(ws, lambda m: m["type"] == "state")
        assert fresh["version"] == version, "refused steps change nothing"
        final = play_to_the_end(ws, fresh)
    assert final["status"] == "finished"
    observation = final["observation"]
    assert observation["phase"] == "over"
    assert observation["order"], "the arrival board holds the placed horses"
