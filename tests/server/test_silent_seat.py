"""No seat freezes a table (issue 39): a player connected and never playing may have his seat
handed to a bot by the others once the table has waited on him for ``silent_seat_timeout``
seconds, as an absent player's may; he can come back to it with his seat's key while the game goes
on (issue 35: a player handed to a bot at a table without a clock could never come back); and a
table nobody plays on any more ends, archived unfinished, even with someone connected to it."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from hippodrome.server.storage import now
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import create, receive_until

SILENT = 0.3
"""Seconds of silence after which a seat may be handed over, in these tests."""


def is_state(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "state")


def waiting_on_a_player(message: dict[str, Any]) -> bool:
    """A state of the running game waiting on a seat (the opening draws done)."""
    return (
        is_state(message) and message["status"] == "running" and bool(message["context"]["to_act"])
    )


def awaited_seat(state: dict[str, Any]) -> int:
    """The one human seat the table waits on (Royal Turf: the first to play)."""
    to_act = state["context"]["to_act"]
    assert len(to_act) == 1, state["context"]
    seat: int = to_act[0]
    return seat


def hand_over(client: TestClient, table: dict[str, Any], seat: int, asker: int) -> Any:
    token = table["seats"][asker]["token"]
    return client.post(
        f"/api/tables/{table['id']}/seats/{seat}/bot",
        json={"bot": "random"},
        headers={"X-Seat-Token": token},
    )


def test_a_present_but_silent_seat_can_be_handed_over_and_its_player_comes_back(
    any_db: str,
) -> None:
    with make_client(any_db, seat_timeout=3600.0, silent_seat_timeout=SILENT) as client:
        table = create(client, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}])
        tokens = [s["token"] for s in table["seats"]]
        with (
            table_socket(client, table["id"], tokens[0]) as ada,
            table_socket(client, table["id"], tokens[1]) as bob,
        ):
            state = receive_until(ada, waiting_on_a_player)
            silent = awaited_seat(state)
            other = 1 - silent
            early = hand_over(client, table, silent, other)
            if early.status_code == 409:  # asked before the silence was long enough
                assert early.json()["error"]["key"] == "error.seat_present"
            time.sleep(SILENT + 0.2)
            # Connected all along (``seat_timeout`` is an hour), but silent past the limit.
            answer = hand_over(client, table, silent, other)
            assert answer.status_code == 200, answer.text
            assert answer.json()["seats"][silent]["kind"] == "bot"
            closed = receive_until(
                (ada, bob)[silent], lambda m: m["type"] == "error" and "key" in m
            )
            assert closed["key"] == "error.seat_handed_over"

        # He comes back with his seat's key while the game goes on: the seat is his again.
        with table_socket(client, table["id"], tokens[silent]) as back:
            state = receive_until(back, is_state)
            assert state["seat"] == silent
            assert state["seats"][silent]["kind"] == "human", state["seats"]
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["seats"][silent]["kind"] == "human"


def test_a_seat_the_table_does_not_wait_on_is_not_silent(db_url: str) -> None:
    """The silence counts only while the table waits on the seat: the other player, connected
    and not to act, keeps his seat however long the first one thinks."""
    with make_client(db_url, seat_timeout=3600.0, silent_seat_timeout=SILENT) as client:
        table = create(client, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}])
        tokens = [s["token"] for s in table["seats"]]
        with (
            table_socket(client, table["id"], tokens[0]) as ada,
            table_socket(client, table["id"], tokens[1]),
        ):
            state = receive_until(ada, waiting_on_a_player)
            silent = awaited_seat(state)
            time.sleep(SILENT + 0.2)
            answer = hand_over(client, table, 1 - silent, silent)
            assert answer.status_code == 409, answer.text
            assert answer.json()["error"]["key"] == "error.seat_present"


def test_an_abandoned_table_ends_even_with_someone_connected(db_url: str) -> None:
    """A player connected and silent (or a spectator) kept a table running for ever: once nobody
    has played on it for ``idle_table_ttl``, it is archived unfinished (``expired``: not rated,
    its record and replay kept)."""
    with make_client(db_url) as client:
        table = create(client, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}])
        tokens = [s["token"] for s in table["seats"]]
        runtime = client.app.state.runtime  # type: ignore[attr-defined]
        with (
            table_socket(client, table["id"], tokens[0]) as ada,
            table_socket(client, table["id"], tokens[1]),
        ):
            receive_until(ada, waiting_on_a_player)
            assert runtime.expire_untouched(now() + timedelta(days=1)) == []
            expired = runtime.expire_untouched(now() + timedelta(days=8))
            assert expired == [table["id"]]
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["status"] == "expired"
        assert client.get(f"/api/tables/{table['id']}/replay").status_code == 200
