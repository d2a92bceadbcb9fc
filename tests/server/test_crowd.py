"""A crowd at one table (docs/web.md, "A crowd at one table"): a spectator or a player arriving or
leaving sends the others at most a small ``presence`` message, never a whole state; everyone who sees
the same thing gets the same view, made once; the table's cached views go with its last connection."""

from __future__ import annotations

import asyncio
import gc
import time
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hippodrome.server.connection import Connection
from hippodrome.server.memory import MemoryRelief
from tests.server.conftest import table_socket
from tests.server.test_abuse import HUMANS, runtime_of
from tests.server.test_api import create, receive_until


def until_pong(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message the server had queued for this connection (a ping's answer comes after them)."""
    ws.send_json({"type": "ping"})
    messages = []
    while (message := ws.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


def test_arrivals_and_departures_send_presence_never_a_state(client: TestClient) -> None:
    table = create(client, HUMANS)
    ada, bob = (s["token"] for s in table["seats"])
    with (
        table_socket(client, table["id"], ada) as seat0,
        table_socket(client, table["id"], bob) as seat1,
        table_socket(client, table["id"]) as watching,
    ):
        running = receive_until(
            watching, lambda m: m["type"] == "state" and m["status"] == "running"
        )
        assert [s["connected"] for s in running["seats"]] == [True, True]
        until_pong(watching)
        until_pong(seat0)

        # Another spectator comes and goes: nobody at the table hears of it.
        with table_socket(client, table["id"]) as other:
            assert other.receive_json()["type"] == "state"
            assert until_pong(watching) == [] and until_pong(seat0) == []
        assert until_pong(watching) == [] and until_pong(seat0) == []

        # Bob leaves and comes back: a small presence message each time, no state.
        seat1.close()
        gone = until_pong(watching)
        assert [m["type"] for m in gone] == ["presence"]
        assert [s["connected"] for s in gone[0]["seats"]] == [True, False]
        assert gone[0]["version"] >= running["version"]
        assert [m["type"] for m in until_pong(seat0)] == ["presence"]
        with table_socket(client, table["id"], bob) as back:
            assert back.receive_json()["type"] == "state"
            again = until_pong(watching)
            assert [m["type"] for m in again] == ["presence"]
            assert [s["connected"] for s in again[0]["seats"]] == [True, True]


def test_everyone_who_sees_the_same_thing_gets_the_same_view(client: TestClient) -> None:
    table = create(client, [HUMANS[0], {"kind": "bot", "bot": "random"}])
    token = table["seats"][0]["token"]
    runtime = runtime_of(client)
    with table_socket(client, table["id"], token) as seat:
        state = receive_until(seat, lambda m: m["type"] == "state" and bool(m["legal"]))
        with (
            table_socket(client, table["id"]) as first,
            table_socket(client, table["id"]) as second,
        ):
            joined = [first.receive_json(), second.receive_json()]
            assert joined[0] == joined[1] and joined[0]["seat"] is None
            views = runtime.joined_views[table["id"]][1]
            assert list(views) == [None], "the spectators' full view, made once for both"
            move = state["legal"][0]["notation"]
            seat.send_json({"type": "act", "action": move, "version": state["version"]})
            after = [
                receive_until(ws, lambda m: m["version"] > state["version"])
                for ws in (first, second)
            ]
            assert after[0] == after[1] and after[0]["observation"] == after[1]["observation"]
    assert table["id"] not in runtime.joined_views, "the views go with the last connection"
    assert table["id"] not in runtime.shown and table["id"] not in runtime.connections


def connections_alive() -> int:
    """The server's connection objects still reachable (the test client's server shares this
    process)."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Connection))


def test_a_crowd_that_leaves_leaves_nothing_behind(client: TestClient) -> None:
    """docs/web.md, "A crowd at one table": when the crowd goes, every object the server held for
    its connections goes with it (registrations, counts, views, send tasks), and the memory is
    given back once the closes stop (``server/memory.py``)."""
    table = create(client, [HUMANS[0], {"kind": "bot", "bot": "random"}])
    runtime = runtime_of(client)
    runtime.relief = MemoryRelief(burst=30, quiet=0.1)
    portal = client.portal
    assert portal is not None

    async def tasks() -> int:
        return len(asyncio.all_tasks())

    before = (connections_alive(), portal.call(tasks))
    with ExitStack() as crowd:
        sockets = [crowd.enter_context(table_socket(client, table["id"])) for _ in range(40)]
        for ws in sockets:
            assert ws.receive_json()["type"] == "state"
        assert len(runtime.connections[table["id"]]) == 40
        assert runtime.per_table[table["id"]] == 40
        assert connections_alive() == before[0] + 40
    deadline = time.monotonic() + 10
    while table["id"] in runtime.connections or runtime.relief.reliefs == 0:
        assert time.monotonic() < deadline, "the server let the crowd's connections go"
        time.sleep(0.05)
    assert dict(runtime.per_table) == {} and dict(runtime.per_address) == {}
    assert table["id"] not in runtime.joined_views and table["id"] not in runtime.shown
    assert connections_alive() == before[0], "no connection object outlives its socket"
    assert portal.call(tasks) <= before[1], "every connection's send task ended"
    assert runtime.relief.reliefs == 1 and runtime.relief.closed == 0, (
        "one relief after the burst of 40 closes (burst 30), none per close"
    )
