"""Legal actions reach the browser typed (docs/web.md, "Websocket"): each is ``{kind, args,
notation, label}``, the label in every language like the events' texts, and is played back by its
notation; Royal Turf's landing previews come in the observation, from the engine."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import table_socket
from tests.server.test_api import create, receive_until


def _acting(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and bool(message["legal"] or message["can_roll"])


def test_legal_actions_are_typed_with_a_label_in_each_language(client: TestClient) -> None:
    table = create(client, [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    token = table["seats"][0]["token"]
    seen_kinds: set[str] = set()
    landings_checked = 0
    with table_socket(client, table["id"], token) as ws:
        state = receive_until(ws, _acting)
        for _ in range(400):
            if state["status"] == "finished":
                break
            if state["can_roll"]:
                ws.send_json({"type": "roll", "version": state["version"]})
            else:
                for entry in state["legal"]:
                    assert set(entry) == {"kind", "args", "notation", "label"}, entry
                    assert set(entry["label"]) == {"en", "fr"}
                    kind, args = entry["kind"], entry["args"]
                    seen_kinds.add(kind)
                    if kind == "bet":
                        assert entry["notation"] == f"bet {args['token']} {args['horse']}"
                        horse = args["horse"].replace("_", " ").title()
                        assert entry["label"]["en"] == f"Bet {args['token']} on {horse}"
                        assert entry["label"]["fr"] == f"Parier {args['token']} sur {horse}"
                    elif kind == "move":
                        assert entry["label"]["fr"].startswith("Avancer ")
                        # The board previews the landing from the observation, for each move.
                        assert args["horse"] in state["observation"]["landings"]
                        landings_checked += 1
                assert {e["kind"] for e in state["legal"]} in ({"bet"}, {"move"})
                notation = state["legal"][0]["notation"]
                ws.send_json({"type": "act", "action": notation, "version": state["version"]})
            state = receive_until(ws, lambda m: _acting(m) or m.get("status") == "finished")
    assert seen_kinds == {"bet", "move"} and landings_checked


def test_steeple_chase_labels_say_the_horse_in_each_language(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "royal_steeple_chase",
            "options": {},
            "seats": [
                {"kind": "human", "name": "Ada"},
                {"kind": "bot", "bot": "random"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
    assert response.status_code == 201, response.text
    table = response.json()
    token = table["seats"][0]["token"]
    with table_socket(client, table["id"], token) as ws:
        state = receive_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))
    requests = [e for e in state["legal"] if e["kind"] == "request_horse"]
    assert requests, state["legal"]
    for entry in requests:
        colour = ["r", "b", "j", "v"][entry["args"]["horse"]]
        french = ["rouge", "bleu", "jaune", "vert"][entry["args"]["horse"]]
        english = ["red", "blue", "yellow", "green"][entry["args"]["horse"]]
        assert entry["notation"].split()[:2] == ["demande", colour]
        assert entry["label"]["fr"].startswith(f"Demander le cheval {french}")
        assert entry["label"]["en"].startswith(f"Ask for the {english} horse")
