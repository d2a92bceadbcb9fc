"""Joining and leaving (docs/web.md, "Joining"): the creator keeps his own seat, the other human
seats are free for anyone to take, from the lobby (public tables) or from the table's link (private
tables, never listed); the lobby filters by game and status; untouched tables are archived, not
deleted, and their replay still works."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from hippodrome.server.runtime import Runtime
from hippodrome.server.storage import now
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import receive_until

MINE = {"kind": "human", "name": "Ada", "mine": True}
FREE = {"kind": "human", "name": "Player 2"}
BOT = {"kind": "bot"}


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": extra.pop("game", "royal_turf"), "seats": seats, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def listed(client: TestClient, query: str = "") -> list[str]:
    answer = client.get(f"/api/tables{query}")
    assert answer.status_code == 200, answer.text
    return [t["id"] for t in answer.json()]


def take(client: TestClient, table_id: str, index: int, **body: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/seats/{index}/take", json=body)


def test_a_free_seat_is_taken_from_the_lobby_and_plays(client: TestClient) -> None:
    table = create(client, [MINE, FREE, BOT])
    summary = next(
        t for t in client.get("/api/tables?status=open").json() if t["id"] == table["id"]
    )
    assert [s["free"] for s in summary["seats"]] == [False, True, False], (
        "the creator's own seat and a bot's are never free"
    )
    with table_socket(client, table["id"], table["seats"][0]["token"]) as ada:
        receive_until(ada, lambda m: m["type"] == "state")
        answer = take(client, table["id"], 1, name="Zoé")
        assert answer.status_code == 200, answer.text
        seat = answer.json()["seat"]
        assert (seat["index"], seat["name"], seat["free"]) == (1, "Zoé", False)
        assert seat["invite"] == f"/table/{table['id']}#token={seat['token']}"
        # Everyone at the table sees the seat taken, and the table starts once all have come.
        state = receive_until(ada, lambda m: m["type"] == "state" and m["status"] == "running")
        assert state["seats"][1]["name"] == "Zoé" and state["seats"][1]["free"] is False
    with table_socket(client, table["id"], seat["token"]) as zoe:
        assert receive_until(zoe, lambda m: m["type"] == "state")["seat"] == 1
    # The seat is no one else's now, and its old invitation no longer plays it.
    again = take(client, table["id"], 1)
    assert again.status_code == 409 and again.json()["error"]["key"] == "error.seat_taken"
    assert "Zoé" in again.json()["error"]["message"]["fr"]
    with table_socket(client, table["id"], table["seats"][1]["token"]) as old:
        assert old.receive_json()["key"] == "error.bad_token"


def test_seats_that_cannot_be_taken_are_named_refusals(client: TestClient) -> None:
    table = create(client, [MINE, FREE, BOT])
    for index, status, key in (
        (0, 409, "error.seat_taken"),  # the creator's own
        (2, 409, "error.seat_is_bot"),
        (7, 404, "error.no_seat"),
    ):
        answer = take(client, table["id"], index)
        assert answer.status_code == status, answer.text
        assert answer.json()["error"]["key"] == key
    assert take(client, "nosuchtable", 1).json()["error"]["key"] == "error.table_not_found"
    bad_name = take(client, table["id"], 1, name="a\u0007b")
    assert bad_name.status_code == 422
    assert bad_name.json()["error"]["key"] == "error.bad_request"
    # None of these took the free seat.
    assert take(client, table["id"], 1).status_code == 200


def test_one_address_takes_at_most_its_quota_of_seats(db_url: str) -> None:
    with make_client(db_url, seats_per_address=1) as client:
        first = create(client, [MINE, FREE])
        second = create(client, [MINE, FREE])
        assert take(client, first["id"], 0).status_code == 409, "a refused take is not counted"
        assert take(client, first["id"], 1).status_code == 200
        answer = take(client, second["id"], 1)
        assert answer.status_code == 429
        assert answer.json()["error"]["key"] == "error.too_many_seats"
        assert "Retry-After" in answer.headers


def test_a_private_table_is_never_listed_but_its_link_takes_its_free_seats(
    client: TestClient,
) -> None:
    public = create(client, [MINE, FREE])
    private = create(client, [MINE, FREE], private=True)
    for query in ("", "?status=open", "?game=royal_turf", "?status=open&game=royal_turf"):
        assert public["id"] in listed(client, query)
        assert private["id"] not in listed(client, query), query
    summary = client.get(f"/api/tables/{private['id']}").json()
    assert summary["private"] is True and summary["seats"][1]["free"] is True
    assert take(client, private["id"], 1).status_code == 200
    # Archived, it stays unlisted.
    runtime: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    runtime.expire_untouched(now() + timedelta(days=30))
    assert private["id"] not in listed(client, "?status=expired")
    assert public["id"] in listed(client, "?status=expired")


def test_the_lobby_filters_by_game_and_status(client: TestClient) -> None:
    turf = create(client, [MINE, FREE])
    toques = create(client, [MINE, BOT], game="toques_et_casques")
    with table_socket(client, toques["id"], toques["seats"][0]["token"]) as ws:
        receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
    assert listed(client, "?game=toques_et_casques") == [toques["id"]]
    assert listed(client, "?game=royal_turf") == [turf["id"]]
    assert listed(client, "?game=royal_turf&status=running") == []
    assert listed(client, "?game=toques_et_casques&status=running") == [toques["id"]]
    assert listed(client, "?game=ascot") == []
    long = client.get("/api/tables?game=" + "x" * 65)
    assert long.status_code == 422 and long.json()["error"]["key"] == "error.bad_request"


def test_untouched_tables_are_archived_and_their_replay_still_works(db_url: str) -> None:
    with make_client(db_url, open_table_ttl=3600.0, idle_table_ttl=86400.0) as client:
        table = create(client, [MINE, BOT])
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
        runtime: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
        before = client.get(f"/api/tables/{table['id']}/replay").json()
        assert runtime.expire_untouched(now() + timedelta(days=2)) == [table["id"]]
        assert table["id"] not in listed(client)
        assert listed(client, "?status=expired") == [table["id"]], "listed as archived"
        replay = client.get(f"/api/tables/{table['id']}/replay")
        assert replay.status_code == 200
        assert replay.json()["steps"] == before["steps"], "an archived table keeps its moves"
        free = create(client, [MINE, FREE])
        runtime.expire_untouched(now() + timedelta(days=2))
        closed = take(client, free["id"], 1)
        assert closed.status_code == 409 and closed.json()["error"]["key"] == "error.table_expired"
