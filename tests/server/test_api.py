"""The HTTP API and the websocket protocol, without a browser (docs/web.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hippodrome.games import CATALOGUE
from tests.planned import add_planned_game
from tests.server.conftest import make_client, table_socket


def create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    response = client.post(
        "/api/tables", json={"game": "royal_turf", "options": options, "seats": seats}
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def receive_until(ws: WebSocketTestSession, predicate: Any, limit: int = 2000) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


def play_to_the_end(ws: WebSocketTestSession, first: dict[str, Any]) -> dict[str, Any]:
    """Answer every state with the first legal action (or a roll) until the game is finished."""
    message = first
    for _ in range(5000):
        if message.get("type") == "state":
            if message["status"] == "finished":
                return message
            if message["can_roll"]:
                ws.send_json({"type": "roll", "version": message["version"]})
            elif message["legal"]:
                ws.send_json(
                    {
                        "type": "act",
                        "action": message["legal"][0]["notation"],
                        "version": message["version"],
                    }
                )
        message = ws.receive_json()
    raise AssertionError("the game did not end")


def test_games_lists_the_catalogue_with_options(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert list(games) == list(CATALOGUE), "every game of the registry, in its order"
    rt = games["royal_turf"]
    assert rt["status"] == "playable" and rt["min_players"] == 2 and rt["max_players"] == 6
    assert {o["name"] for o in rt["options"]} >= {"hidden_bets", "zero_tokens"}
    assert rt["summary"]["fr"] and rt["summary"]["en"]
    # An option with a fixed set of values lists them, typed as the option takes them: the lobby
    # offers these without reading the type's name.
    toques = {o["name"]: o for o in games["toques_et_casques"]["options"]}
    assert toques["category"]["choices"] == ["A", "B", "C", "D"]
    assert toques["speed"]["choices"] == [0, 1, 2]
    assert toques["laps"]["choices"] is None


def test_games_lists_a_planned_game_without_players_options_or_bots(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = add_planned_game(monkeypatch)
    games = {g["id"]: g for g in client.get("/api/games").json()}
    listed = games[planned.id]
    assert listed["status"] == "planned"
    assert listed["min_players"] is None and listed["max_players"] is None
    assert listed["options"] == [] and listed["bots"] == []
    assert listed["titles"]["fr"] == "Exemple prévu"


def test_board_data_and_catalogs(client: TestClient) -> None:
    board = client.get("/api/games/royal_turf/board").json()
    assert board["squares"] == 33 and len(board["horses"]) == 7
    fr = client.get("/api/i18n/fr").json()
    assert fr["royal_turf.face.saddle"] == "selle"
    assert "error.bad_token" in fr
    assert client.get("/api/i18n/de").status_code == 404


def test_bad_requests_get_named_errors_never_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = add_planned_game(monkeypatch)
    cases = [
        ({"game": "royal_turf", "seats": []}, 422, "error.bad_request"),
        ({"game": "royal_turf", "seats": [{"kind": "wizard"}]}, 422, "error.bad_request"),
        (
            {"game": "chess", "seats": [{"kind": "human"}, {"kind": "human"}]},
            404,
            "error.unknown_game",
        ),
        (
            {"game": planned.id, "seats": [{"kind": "human"}, {"kind": "human"}]},
            404,
            "error.game_not_playable",
        ),
        ({"game": "royal_turf", "seats": [{"kind": "human"}]}, 400, "error.option_players"),
        (
            {"game": "royal_turf", "options": {"jokers": True}, "seats": [{"kind": "human"}] * 2},
            400,
            "error.option_unknown",
        ),
        (
            {"game": "royal_turf", "options": {"players": 3}, "seats": [{"kind": "human"}] * 2},
            400,
            "error.players_from_seats",
        ),
    ]
    for body, status, key in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        error = response.json()["error"]
        assert error["key"] == key, (body, error)
        assert error["message"]["en"] and error["message"]["fr"]
    response = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables?status=sideways").status_code == 422
    assert client.get("/api/games/nope/board").status_code == 404


def test_create_join_and_play_a_whole_table_against_bots(client: TestClient) -> None:
    table = create(
        client,
        [
            {"kind": "human", "name": "Ada"},
            {"kind": "bot", "bot": "heuristic"},
            {"kind": "bot", "bot": "random"},
        ],
    )
    token = table["seats"][0]["token"]
    assert table["seats"][0]["invite"] == f"/table/{table['id']}#token={token}"
    assert "token" not in table["seats"][1]
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "open"
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [table["id"]]
    with table_socket(client, table["id"], token) as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0
        assert first["events"], "the log so far comes with the first state"
        assert all(set(e["text"]) == {"en", "fr"} for e in first["events"])
        final = play_to_the_end(ws, first)
    assert final["result"] is not None
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "finished"
    assert [t["id"] for t in client.get("/api/tables?status=finished").json()] == [table["id"]]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["result"] == final["result"]
    assert record["seats"][0]["name"] == "Ada"


def test_illegal_malformed_and_stale_messages_change_nothing(client: TestClient) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "human"}])
    t0, t1 = (s["token"] for s in table["seats"])
    with table_socket(client, table["id"], t0) as ws0:
        state = ws0.receive_json()
        ws0.send_json({"type": "act", "action": "bet 1 othello", "version": state["version"]})
        error = receive_until(ws0, lambda m: m["type"] == "error")
        assert error["key"] == "error.table_open", "nobody plays before every seat has joined"
        with table_socket(client, table["id"], t1) as ws1:
            s1 = receive_until(
                ws1,
                lambda m: (
                    m["type"] == "state"
                    and (m["legal"] or m["can_roll"] or m["observation"]["phase"] == "betting")
                ),
            )
            s0 = receive_until(
                ws0, lambda m: m["type"] == "state" and m["observation"]["phase"] == "betting"
            )
            mover, other = (ws0, ws1) if s0["legal"] else (ws1, ws0)
            current = s0 if s0["legal"] else s1
            version = current["version"]
            for bad, key in [
                ("not json", "error.bad_message"),
                ('{"type": "act"}', "error.bad_message"),
                ('{"type": "dance", "version": 1}', "error.bad_message"),
                (
                    json.dumps({"type": "act", "action": "bet 7 othello", "version": version}),
                    "error.notation",
                ),
                (
                    json.dumps({"type": "act", "action": "move othello", "version": version}),
                    "royal_turf.illegal.not_racing",
                ),
            ]:
                mover.send_text(bad)
                error = receive_until(mover, lambda m: m["type"] == "error")
                assert error["key"] == key, (bad, error)
            other.send_json({"type": "act", "action": "bet 1 othello", "version": version})
            error = receive_until(other, lambda m: m["type"] == "error")
            assert error["key"] == "error.not_your_turn"
            assert "Player" in error["message"]["en"], "refusals name the seats by their names"
            assert "Player" in error["message"]["fr"]
            mover.send_json({"type": "act", "action": "bet 1 othello", "version": version - 1})
            assert (
                receive_until(mover, lambda m: m["type"] in ("stale", "error"))["type"] == "stale"
            )
            fresh = receive_until(mover, lambda m: m["type"] == "state")
            assert fresh["version"] == version, "a refused action changes nothing"
            mover.send_json({"type": "act", "action": "bet 1 othello", "version": version})
            after = receive_until(
                mover, lambda m: m["type"] == "state" and m["version"] == version + 1
            )
            assert any(e["key"] == "royal_turf.bet_placed" for e in after["events"])


def test_a_spectator_sees_only_public_information_and_cannot_act(client: TestClient) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "human"}], hidden_bets=True)
    t0, t1 = (s["token"] for s in table["seats"])
    with (
        table_socket(client, table["id"], t0) as ws0,
        table_socket(client, table["id"], t1) as ws1,
        table_socket(client, table["id"]) as spy,
    ):
        states = {}
        for ws, seat in ((ws0, 0), (ws1, 1)):
            states[seat] = receive_until(
                ws, lambda m: m["type"] == "state" and m["observation"]["phase"] == "betting"
            )
        mover, seat = (ws0, 0) if states[0]["legal"] else (ws1, 1)
        # Hidden bets hide something: a hot-seat device changes hands behind a cover.
        assert states[0]["hidden_information"] is True
        mover.send_json(
            {"type": "act", "action": "bet 2 othello", "version": states[seat]["version"]}
        )
        mine = receive_until(mover, lambda m: m["type"] == "state" and m["observation"]["bets"])
        assert mine["observation"]["bets"][0]["token"] == 2
        seen = receive_until(spy, lambda m: m["type"] == "state" and m["observation"]["bets"])
        assert seen["seat"] is None and seen["legal"] == []
        assert seen["observation"]["bets"][0]["token"] is None
        assert all(
            e["params"].get("token") is None
            for e in seen["events"]
            if e["key"] == "royal_turf.bet_placed"
        )
        assert "2 token" not in str(seen)
        spy.send_json({"type": "act", "action": "bet 1 albino", "version": seen["version"]})
        assert receive_until(spy, lambda m: m["type"] == "error")["key"] == "error.spectator"
    # The record of the running hidden game stays private; the spectator's replay hides the bet.
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 409
    replay = client.get(f"/api/tables/{table['id']}/replay").json()
    bets = [s for s in replay["steps"] if s.get("player") == seat]
    assert bets and all(s["move"] is None and s["label"] is None for s in bets)
    assert "bet 2" not in str(replay)
    own = client.get(
        f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": t0 if seat == 0 else t1}
    ).json()
    # The seat's own move, as its player says it in both languages.
    assert any(
        s["move"] == "bet 2 othello"
        and s["label"] == {"en": "Bet 2 on Othello", "fr": "Parier 2 sur Othello"}
        for s in own["steps"]
    )


def test_a_wrong_token_is_refused(client: TestClient) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "bot"}])
    with table_socket(client, table["id"], "forged") as ws:
        assert ws.receive_json()["key"] == "error.bad_token"
    with table_socket(client, "nope") as ws:
        assert ws.receive_json()["key"] == "error.table_not_found"
    response = client.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": "forged"})
    assert response.status_code == 403


def test_reconnecting_restores_the_table_exactly(client: TestClient) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    token = table["seats"][0]["token"]
    with table_socket(client, table["id"], token) as ws:
        state = ws.receive_json()
        for _ in range(6):  # play a few moves
            state = receive_until(
                ws, lambda m: m["type"] == "state" and (m["legal"] or m["can_roll"])
            )
            if state["can_roll"]:
                ws.send_json({"type": "roll", "version": state["version"]})
            else:
                ws.send_json(
                    {
                        "type": "act",
                        "action": state["legal"][0]["notation"],
                        "version": state["version"],
                    }
                )
        before = receive_until(ws, lambda m: m["type"] == "state" and (m["legal"] or m["can_roll"]))
    with table_socket(client, table["id"], token) as ws:
        after = ws.receive_json()
    assert after["version"] == before["version"]
    assert after["observation"] == before["observation"]
    assert after["legal"] == before["legal"]


def test_a_restart_loses_nothing_and_bots_carry_on(db_url: str) -> None:
    with make_client(db_url) as client:
        table = create(client, [{"kind": "human"}, {"kind": "bot"}])
        token = table["seats"][0]["token"]
        with table_socket(client, table["id"], token) as ws:
            state = receive_until(ws, lambda m: m["type"] == "state" and bool(m["legal"]))
            ws.send_json(
                {
                    "type": "act",
                    "action": state["legal"][0]["notation"],
                    "version": state["version"],
                }
            )
            before = receive_until(
                ws,
                lambda m: (
                    m["type"] == "state"
                    and m["version"] > state["version"]
                    and bool(m["legal"] or m["can_roll"])
                ),
            )
    with make_client(db_url) as client:  # a new process on the same database
        with table_socket(client, table["id"], token) as ws:
            after = ws.receive_json()
            assert after["version"] == before["version"]
            assert after["observation"] == before["observation"]
            final = play_to_the_end(ws, after)
        assert final["status"] == "finished"


def test_an_absent_players_seat_can_be_handed_to_a_bot(db_url: str) -> None:
    with make_client(db_url, seat_timeout=0.0) as client:
        table = create(client, [{"kind": "human"}, {"kind": "human"}])
        t0, t1 = (s["token"] for s in table["seats"])
        url = f"/api/tables/{table['id']}/seats/1/bot"
        assert client.post(url, json={}).status_code == 403, "only a player at the table may ask"
        with table_socket(client, table["id"], t0) as ws0:
            ws0.receive_json()
            response = client.post(url, json={"bot": "random"}, headers={"X-Seat-Token": t0})
            assert response.status_code == 200, response.text
            assert response.json()["seats"][1]["kind"] == "bot"
            final = play_to_the_end(ws0, ws0.receive_json())
            assert final["status"] == "finished"
        assert (
            client.post(url, json={}, headers={"X-Seat-Token": t0}).json()["error"]["key"]
            == "error.seat_is_bot"
        )
        # The seat's old token no longer works.
        with table_socket(client, table["id"], t1) as ws1:
            assert ws1.receive_json()["key"] == "error.bad_token"


def test_the_player_who_hands_a_seat_over_picks_the_searching_bot(db_url: str) -> None:
    """The level is the handing player's choice, the hard one included; a level the server does
    not offer is refused and leaves the seat to its player."""
    with make_client(db_url, seat_timeout=0.0) as client:
        table = create(client, [{"kind": "human"}, {"kind": "human"}])
        t0 = table["seats"][0]["token"]
        url = f"/api/tables/{table['id']}/seats/1/bot"
        with table_socket(client, table["id"], t0) as ws0:
            ws0.receive_json()
            refused = client.post(url, json={"bot": "ismcts:nanms"}, headers={"X-Seat-Token": t0})
            assert refused.status_code == 422, refused.text
            error = refused.json()["error"]
            assert (error["key"], error["params"]["field"]) == ("error.bad_request", "body.bot")
            seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
            assert seats[1]["kind"] == "human"
            response = client.post(url, json={"bot": "ismcts"}, headers={"X-Seat-Token": t0})
            assert response.status_code == 200, response.text
            seat = response.json()["seats"][1]
            assert (seat["kind"], seat["bot"]) == ("bot", "ismcts")


def test_a_present_player_keeps_the_seat(client: TestClient) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "human"}])
    t0, t1 = (s["token"] for s in table["seats"])
    with table_socket(client, table["id"], t1) as ws1:
        ws1.receive_json()
        response = client.post(
            f"/api/tables/{table['id']}/seats/1/bot", json={}, headers={"X-Seat-Token": t0}
        )
        assert response.status_code == 409
        assert response.json()["error"]["key"] == "error.seat_present"


def test_all_bot_tables_play_themselves(client: TestClient) -> None:
    table = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}])
    with table_socket(client, table["id"]) as spy:
        final = receive_until(
            spy, lambda m: m["type"] == "state" and m["status"] == "finished", limit=5000
        )
    assert final["result"]["ranking"]


def test_postgresql_stores_and_replays_a_table(pg_url: str) -> None:
    with make_client(pg_url) as client:
        table = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
        with table_socket(client, table["id"]) as spy:
            final = receive_until(
                spy, lambda m: m["type"] == "state" and m["status"] == "finished", limit=5000
            )
    with make_client(pg_url) as client:
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["status"] == "finished" and summary["result"] == final["result"]
        assert client.get(f"/api/tables/{table['id']}/record").json()["result"] == final["result"]


@pytest.mark.parametrize("path", ["/", "/table/abc", "/table/abc/replay"])
def test_pages_are_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert "text/html" in response.headers["content-type"]


def test_thinking_bots_play_in_a_worker_process(db_url: str) -> None:
    """Heuristic bots think in a separate process (the event loop stays free); the game still
    plays to the end and its record replays."""
    with make_client(db_url, bot_processes=1) as client:
        table = create(
            client, [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]
        )
        with table_socket(client, table["id"]) as spy:
            final = receive_until(
                spy, lambda m: m["type"] == "state" and m["status"] == "finished", limit=5000
            )
        record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["result"] == final["result"]
    assert [s["kind"] for s in record["seats"]] == ["heuristic", "heuristic"]


def test_a_binary_frame_is_refused_and_the_connection_goes_on(client: TestClient) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "bot"}])
    with table_socket(client, table["id"]) as ws:
        ws.receive_json()
        ws.send_bytes(b'{"type": "ping"}')
        error = receive_until(ws, lambda m: m["type"] == "error")
        assert error["key"] == "error.bad_message" and error["params"]["field"] == "frame"
        assert "trame binaire" in error["message"]["fr"]
        ws.send_json({"type": "ping"})
        assert receive_until(ws, lambda m: m["type"] != "state")["type"] == "pong"


def test_a_seat_handed_to_a_bot_is_closed_to_its_old_connection(db_url: str) -> None:
    """Even a connection still open on the seat stops playing it the moment a bot takes over."""
    with make_client(db_url, seat_timeout=0.0) as client:
        table = create(client, [{"kind": "human"}, {"kind": "human"}])
        t0, t1 = (s["token"] for s in table["seats"])
        with (
            table_socket(client, table["id"], t0) as ws0,
            table_socket(client, table["id"], t1) as ws1,
        ):
            ws0.receive_json()
            ws1.receive_json()
            response = client.post(
                f"/api/tables/{table['id']}/seats/1/bot",
                json={"bot": "random"},
                headers={"X-Seat-Token": t0},
            )
            assert response.status_code == 200, response.text
            error = receive_until(ws1, lambda m: m["type"] == "error")
            assert error["key"] == "error.seat_handed_over"
            final = play_to_the_end(ws0, ws0.receive_json())
            assert final["status"] == "finished"
