"""A guided first game (issue 16, point 1): at each decision of a human seat, the server sends that
seat alone the move the heuristic bot would play from its view (docs/web.md, "Guided tables")."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import make_client, table_socket


def messages_until(
    ws: WebSocketTestSession, predicate: Any, limit: int = 2000
) -> list[dict[str, Any]]:
    """Every message up to and including the first that satisfies ``predicate``."""
    seen: list[dict[str, Any]] = []
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        seen.append(message)
        if predicate(message):
            return seen
    raise AssertionError("the expected message never came")


def create_guided(client: TestClient) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    response = client.post(
        "/api/tables", json={"game": "royal_turf", "options": {}, "seats": seats, "guided": True}
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_guided_table_is_a_practice_table_and_says_so(db_url: str) -> None:
    with make_client(db_url) as client:
        table = create_guided(client)
        summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["guided"] is True
    assert summary["practice"] is True, "a guided table shows the odds too"


def test_the_seat_to_act_alone_is_sent_the_heuristic_bots_suggestion(db_url: str) -> None:
    with make_client(db_url, bot_processes=1) as client:
        table = create_guided(client)
        tokens = [s["token"] for s in table["seats"]]
        with (
            table_socket(client, table["id"], tokens[0]) as ws0,
            table_socket(client, table["id"], tokens[1]) as ws1,
            table_socket(client, table["id"]) as spectator,
        ):
            sockets = {0: ws0, 1: ws1}
            # The chance steps (the draw, the lot) play themselves: wait for a seat to decide.
            state = messages_until(
                ws0,
                lambda m: (
                    m["type"] == "state" and m["context"]["to_act"] and not m["context"]["chance"]
                ),
            )[-1]
            assert state["guided"] is True
            acting = state["context"]["to_act"][0]
            ws, other = sockets[acting], sockets[1 - acting]
            seen = messages_until(ws, lambda m: m["type"] == "hint")
            mine = next((m for m in reversed(seen) if m["type"] == "state"), state)
            hint = seen[-1]
            assert mine["legal"], "the seat to act has choices"
            assert hint["seat"] == acting and hint["version"] == mine["version"]
            legal = {m["notation"]: m for m in mine["legal"]}
            assert hint["action"]["notation"] in legal, "the suggestion is one of the seat's moves"
            assert hint["action"]["label"] == legal[hint["action"]["notation"]]["label"]
            # Why (issue 34): a sentence from the guide's simulations, in every language.
            assert hint["reason"]["key"].startswith("web.guide.reason.")
            assert all(hint["reason"]["text"][lang] for lang in ("en", "fr"))
            assert hint["plan"] is None, "Royal Turf has no whole moves"
            ws.send_json(
                {"type": "act", "action": hint["action"]["notation"], "version": hint["version"]}
            )
            after = mine["version"] + 1
            for watcher in (other, spectator):
                seen = messages_until(
                    watcher, lambda m: m["type"] == "state" and m["version"] >= after
                )
                assert not [m for m in seen if m["type"] == "hint"], "a hint reached another seat"


def test_a_toques_et_casques_hint_is_the_whole_move_of_the_horse_played_at_one_tap(
    db_url: str,
) -> None:
    """Issue 34: where the game has plans the suggestion is the whole move, not one length."""
    with make_client(db_url, bot_processes=1) as client:
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
        response = client.post(
            "/api/tables",
            json={"game": "toques_et_casques", "options": {}, "seats": seats, "guided": True},
        )
        table = response.json()
        tokens = [s["token"] for s in table["seats"]]
        with (
            table_socket(client, table["id"], tokens[0]) as ws0,
            table_socket(client, table["id"], tokens[1]) as ws1,
        ):
            sockets = {0: ws0, 1: ws1}
            for _ in range(20):  # the dice are the seats' to throw: throw them till a horse moves
                state = messages_until(ws0, lambda m: m["type"] == "state")[-1]
                context = state["context"]
                if context["to_act"]:
                    break
                roller = context["chance_roller"]
                if roller is not None:
                    sockets[roller].send_json({"type": "roll", "version": state["version"]})
            acting = context["to_act"][0]
            ws = sockets[acting]
            version = state["version"]
            seen = messages_until(ws, lambda m: m["type"] == "hint" and m["version"] == version)
            mine = next((m for m in reversed(seen) if m["type"] == "state"), state)
            hint = seen[-1]
            ends = [p["actions"] for p in mine["plans"]]
            assert hint["plan"] in ends, "the suggestion is one of the ends the board offers"
            assert hint["plan"][0] == hint["action"]["notation"]
            assert hint["move"]["text"]["en"].startswith("No. "), "the move named by its end"
            ws.send_json({"type": "plan", "actions": hint["plan"], "version": version})
            after = messages_until(
                ws, lambda m: m["type"] == "error" or m.get("version", 0) > version
            )[-1]
            assert after["type"] == "state", after


def test_a_practice_table_that_is_not_guided_sends_no_hint(db_url: str) -> None:
    with make_client(db_url, bot_processes=1) as client:
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
        response = client.post(
            "/api/tables",
            json={"game": "royal_turf", "options": {}, "seats": seats, "practice": True},
        )
        table = response.json()
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            seen = messages_until(ws, lambda m: m["type"] == "odds")
    assert not [m for m in seen if m["type"] == "hint"]


def test_a_guided_table_stays_guided_after_a_restart(db_url: str) -> None:
    """The flag is stored (migration 0007_guided), not only held by the live table."""
    with make_client(db_url) as client:
        table = create_guided(client)
    with make_client(db_url) as client:
        summary = client.get(f"/api/tables/{table['id']}").json()
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            state = messages_until(ws, lambda m: m["type"] == "state")[-1]
    assert summary["guided"] is True and state["guided"] is True
