"""Win, Place & Show through the web API: the board data the browser draws from, a bid refused with
its reason and nothing changed, a whole quick game played over the websocket against a bot."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import table_socket
from tests.server.test_api import receive_until


def play_to_the_end(ws: WebSocketTestSession, first: dict[str, Any]) -> dict[str, Any]:
    """Answer with the first legal action (or a roll) until the game is finished, once per state
    version: the bot writes its sheet and slip at the same time as this seat (§9, §10), and every
    move of its is broadcast, so an answer to each message would be made against old versions."""
    message, answered = first, -1
    for _ in range(20_000):
        if message.get("type") == "state":
            if message["status"] == "finished":
                return message
            version = message["version"]
            if version > answered and (message["can_roll"] or message["legal"]):
                answered = version
                if message["can_roll"]:
                    ws.send_json({"type": "roll", "version": version})
                else:
                    action = message["legal"][0]["notation"]
                    ws.send_json({"type": "act", "action": action, "version": version})
        message = ws.receive_json()
    raise AssertionError("the game did not end")


def refused(
    ws: WebSocketTestSession, action: str, state: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Send ``action`` until it is judged (the bot's moves may make it stale): its refusal, and the
    latest state."""
    for _ in range(100):
        ws.send_json({"type": "act", "action": action, "version": state["version"]})
        answer = receive_until(ws, lambda m: m["type"] in ("error", "stale"))
        if answer["type"] == "error":
            return answer, state
        state = receive_until(ws, lambda m: m["type"] == "state")
    raise AssertionError(f"{action!r} was never judged")


def test_the_board_data_holds_the_oval_and_the_six_programs(client: TestClient) -> None:
    board = client.get("/api/games/win_place_show/board").json()
    assert board["lanes"] == 5
    assert len(board["geometry"]["cells"]) == len(board["cells"]) == 2 * 25 * 5 + 2 * 85
    assert [len(r["horses"]) for r in board["races"]] == [6] * 6
    assert board["passing_spaces"] and len(board["finish"]) == 5


def test_a_bad_bid_is_refused_then_a_quick_game_plays_to_its_end(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "win_place_show",
            "options": {"quick": True},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        },
    )
    assert response.status_code == 201, response.text
    table = response.json()
    token = table["seats"][0]["token"]
    with table_socket(client, table["id"], token) as ws:
        state = receive_until(ws, lambda m: m["type"] == "state" and (m["can_roll"] or m["legal"]))
        while state["can_roll"]:  # the stables (§12): each seat rolls its die
            ws.send_json({"type": "roll", "version": state["version"]})
            state = receive_until(
                ws, lambda m: m["type"] == "state" and (m["can_roll"] or m["legal"])
            )
        assert state["observation"]["phase"] == "sheet"
        horse = state["observation"]["sale"][0]
        # §9: « en multiple de 500 $ ».
        error, state = refused(ws, f"sheet {horse} 1250", state)
        assert error["key"] == "win_place_show.illegal.bid_unit"
        assert error["message"]["en"] != error["message"]["fr"]
        error, state = refused(ws, "line win nobody", state)
        assert error["key"] == "win_place_show.illegal.betting_closed"
        final = play_to_the_end(ws, state)
    assert final["status"] == "finished"
    observation = final["observation"]
    assert observation["phase"] == "over"
    assert len(observation["results"]) == 6


def test_a_steward_seat_rolls_the_dice_at_a_table(client: TestClient) -> None:
    # §4: « Les joueurs doivent nommer un responsable »: the table names seat 1 (D26); a human
    # steward rolls every turn's dice, a bot steward's rolls are the server's to make.
    for steward_kind in ("human", "bot"):
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
        if steward_kind == "bot":
            seats.reverse()
        response = client.post(
            "/api/tables",
            json={
                "game": "win_place_show",
                "options": {"quick": True, "steward": 1},
                "seats": seats,
            },
        )
        assert response.status_code == 201, response.text
        table = response.json()
        me = next(i for i, s in enumerate(table["seats"]) if s.get("token"))
        token = table["seats"][me]["token"]
        with table_socket(client, table["id"], token) as ws:
            state = receive_until(
                ws, lambda m: m["type"] == "state" and (m["can_roll"] or m["legal"])
            )
            rolled_dice = False
            for _ in range(2_000):
                if state["observation"]["phase"] == "dice" and state["can_roll"]:
                    rolled_dice = True
                if state["observation"]["turn"] >= 1 or state["status"] == "finished":
                    break
                state = play_one(ws, state)
            assert rolled_dice == (steward_kind == "human"), steward_kind
            assert state["observation"]["steward"] == 0
            final = play_to_the_end(ws, state)
        assert final["observation"]["phase"] == "over"


def play_one(ws: WebSocketTestSession, state: dict[str, Any]) -> dict[str, Any]:
    """Make the first legal move (or the roll) of ``state``; the next state this seat may act in."""
    if state["can_roll"]:
        ws.send_json({"type": "roll", "version": state["version"]})
    else:
        action = state["legal"][0]["notation"]
        ws.send_json({"type": "act", "action": action, "version": state["version"]})
    return receive_until(
        ws,
        lambda m: (
            m["type"] == "state"
            and m["version"] > state["version"]
            and (m["can_roll"] or m["legal"] or m["status"] == "finished")
        ),
    )
