"""One anonymous client must not knock the server over (docs/web.md, "Limits"): quotas per address,
tables that expire, a bound on bodies and frames, a message budget per connection, connection limits,
short answers to stale actions, no 500 for any text, and seat tokens kept out of every log."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update
from starlette.testclient import WebSocketTestSession
from starlette.types import Message
from starlette.websockets import WebSocketDisconnect

from hippodrome.server.app import create_app
from hippodrome.server.limits import AddressQuota, MessageBudget
from hippodrome.server.runtime import Runtime
from hippodrome.server.settings import Settings
from hippodrome.server.storage import TableRow, now
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import create, receive_until

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]


def runtime_of(client: TestClient) -> Runtime:
    runtime: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    return runtime


def until_closed(ws: WebSocketTestSession, limit: int = 200) -> tuple[list[dict[str, Any]], int]:
    """Every message until the server closes the connection, and the close code."""
    messages: list[dict[str, Any]] = []
    for _ in range(limit):
        try:
            messages.append(ws.receive_json())
        except WebSocketDisconnect as closed:
            return messages, closed.code
    raise AssertionError(f"the server never closed the connection: {messages[-3:]}")


# -- tables: quotas and expiry ---------------------------------------------------------------------


def test_one_address_creates_at_most_its_quota_of_tables(db_url: str) -> None:
    with make_client(db_url, tables_per_address=3, tables_window=600.0) as client:
        refused = client.post("/api/tables", json={"game": "royal_turf", "seats": HUMANS[:1]})
        assert refused.status_code == 400, "a table refused is not counted"
        for _ in range(3):
            create(client, HUMANS)
        answer = client.post("/api/tables", json={"game": "royal_turf", "seats": HUMANS})
        assert answer.status_code == 429, answer.text
        error = answer.json()["error"]
        assert error["key"] == "error.too_many_tables"
        assert error["params"]["limit"] == 3 and error["params"]["minutes"] == 10
        assert 1 <= int(answer.headers["Retry-After"]) <= 600
        assert "3" in error["message"]["en"] and "3" in error["message"]["fr"]
        # Another address has its own quota.
        other = TestClient(client.app, client=("203.0.113.7", 50000))
        assert other.post("/api/tables", json={"game": "royal_turf", "seats": HUMANS}).is_success


def test_a_quota_frees_itself_as_its_window_slides_and_forgets_old_addresses() -> None:
    clock = [0.0]
    quota = AddressQuota(2, 60.0, clock=lambda: clock[0])
    assert quota.take("a") is None and quota.take("a") is None
    assert quota.take("a") == pytest.approx(60.0)
    assert quota.take("b") is None, "one address's use does not count against another"
    clock[0] = 30.0
    assert quota.take("a") == pytest.approx(30.0)
    clock[0] = 60.5
    assert quota.take("a") is None, "the first use left the window"
    clock[0] = 500.0
    quota.take("c")
    assert set(quota._uses) == {"c"}, "addresses not seen within the window are forgotten"
    assert AddressQuota(0, 60.0).take("a") is None, "0: no quota"


def test_untouched_tables_expire_and_leave_the_lobby(db_url: str) -> None:
    with make_client(db_url, open_table_ttl=3600.0, idle_table_ttl=86400.0) as client:
        waiting = create(client, HUMANS)  # nobody ever comes
        played = create(client, [HUMANS[0], {"kind": "bot"}])
        with table_socket(client, played["id"], played["seats"][0]["token"]) as ws:
            receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
        runtime = runtime_of(client)

        assert runtime.expire_untouched(now() + timedelta(minutes=30)) == []
        assert runtime.expire_untouched(now() + timedelta(hours=2)) == [waiting["id"]]
        listed = {t["id"] for t in client.get("/api/tables").json()}
        assert waiting["id"] not in listed and played["id"] in listed
        assert client.get("/api/tables?status=open").json() == []
        assert [t["id"] for t in client.get("/api/tables?status=expired").json()] == [waiting["id"]]
        assert client.get(f"/api/tables/{waiting['id']}").json()["status"] == "expired"

        # A running table nobody plays on expires after its own, longer time.
        assert runtime.expire_untouched(now() + timedelta(days=2)) == [played["id"]]
        assert client.get("/api/tables?status=running").json() == []

        # An expired table can still be looked at, but no longer played.
        with table_socket(client, played["id"], played["seats"][0]["token"]) as ws:
            state = ws.receive_json()
            assert state["status"] == "expired" and state["legal"] == []
            ws.send_json({"type": "act", "action": "pass", "version": state["version"]})
            assert ws.receive_json()["key"] == "error.table_expired"


def test_an_abandoned_table_leaves_the_lobby_long_before_it_expires(any_db: str) -> None:
    """A running table without a clock, nobody at it, untouched for ``abandoned_table_time`` is
    no longer listed as running; a table with a clock (its stand-ins play on), or with a player at
    it, still is."""
    with make_client(any_db, abandoned_table_time=3600.0) as client:
        left = create(client, [HUMANS[0], {"kind": "bot"}])
        clocked_body: dict[str, Any] = {"game": "royal_turf", "seats": [HUMANS[0], {"kind": "bot"}]}
        clocked_body["clock"] = {"kind": "slow", "hours": 48}
        clocked = client.post("/api/tables", json=clocked_body).json()
        for table in (left, clocked):
            with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
                receive_until(ws, lambda m: m["type"] == "state" and m["legal"])
        engine = create_engine(any_db)
        with engine.begin() as connection:  # two hours pass
            connection.execute(
                update(TableRow).values(updated=now() - timedelta(hours=2)),
            )
        engine.dispose()

        def listed(query: str = "") -> set[str]:
            return {t["id"] for t in client.get(f"/api/tables{query}").json()}

        assert listed() == listed("?status=running") == {clocked["id"]}
        with table_socket(client, left["id"], left["seats"][0]["token"]) as ws:
            ws.receive_json()
            assert left["id"] in listed("?status=running"), "its player is back"


def test_a_table_someone_is_at_does_not_expire(client: TestClient) -> None:
    table = create(client, HUMANS)
    with table_socket(client, table["id"]) as ws:
        ws.receive_json()
        assert runtime_of(client).expire_untouched(now() + timedelta(days=30)) == []
    assert runtime_of(client).expire_untouched(now() + timedelta(days=30)) == [table["id"]]


# -- request bodies --------------------------------------------------------------------------------


async def post_raw(
    settings: Settings, headers: list[tuple[bytes, bytes]], chunks: Iterator[bytes]
) -> tuple[int, dict[str, Any], int]:
    """POST /api/tables straight to the ASGI app: the status, the body, and how many chunks of the
    request body the server read."""
    app = create_app(settings)
    read = 0
    answer: list[Message] = []

    async def receive() -> Message:
        nonlocal read
        chunk = next(chunks, None)
        read += 1
        return {"type": "http.request", "body": chunk or b"", "more_body": chunk is not None}

    async def send(message: Message) -> None:
        answer.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("198.51.100.1", 4000),
        "server": ("testserver", 80),
        "scheme": "http",
        "root_path": "",
        "http_version": "1.1",
        "asgi": {"version": "3.0"},
    }
    await app(scope, receive, send)
    status = answer[0]["status"]
    body = b"".join(m.get("body", b"") for m in answer[1:])
    return status, json.loads(body), read


def megabytes(total: int) -> Iterator[bytes]:
    chunk = b"x" * 2**20
    for _ in range(total):
        yield chunk


def test_a_200_megabyte_body_is_refused_before_it_is_read(db_url: str) -> None:
    settings = Settings(db_url=db_url, max_body_bytes=64 * 1024)
    declared = [(b"content-length", str(200 * 2**20).encode())]
    status, body, read = asyncio.run(post_raw(settings, declared, megabytes(200)))
    assert status == 413 and body["error"]["key"] == "error.body_too_large"
    assert body["error"]["params"] == {"limit": 65536}
    assert read == 0, "a declared length over the limit is refused without reading anything"
    # Sent in chunks, without a length: refused at the first chunk over the limit.
    status, body, read = asyncio.run(post_raw(settings, [], megabytes(200)))
    assert status == 413 and body["error"]["key"] == "error.body_too_large"
    assert read == 1


def test_a_body_over_the_limit_gets_a_named_413(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "x" * 40}] * 12
    body = {
        "game": "royal_turf",
        "seats": seats,
        "options": {f"o{i}": "y" * 60 for i in range(1200)},
    }
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 413
    # Sentence case is the catalog's business (issue 34 capitalises the messages): not checked here.
    assert answer.json()["error"]["message"]["fr"].casefold().startswith("requête trop volumineuse")


# -- websockets ------------------------------------------------------------------------------------


def test_a_flood_of_messages_is_refused_unread_then_the_connection_closed(db_url: str) -> None:
    with make_client(db_url, ws_messages_per_second=0.001, ws_burst=5) as client:
        table = create(client, HUMANS)
        with table_socket(client, table["id"]) as ws:
            assert ws.receive_json()["type"] == "state"
            for _ in range(5):  # the burst
                ws.send_json({"type": "ping"})
            for _ in range(20):
                ws.send_text("{not json")  # past the budget: not even read
            messages, code = until_closed(ws)
    kinds = [m.get("key", m["type"]) for m in messages]
    # The first refusal says so; the connection is closed when the refusals outnumber the burst.
    assert kinds == ["pong"] * 5 + ["error.too_many_messages"] * 2, kinds
    assert code == 1008
    assert MessageBudget(0.0, 1).take() and MessageBudget(0.0, 1).take(), "0: no budget"


def test_a_frame_over_the_size_limit_closes_the_connection(client: TestClient) -> None:
    table = create(client, HUMANS)
    with table_socket(client, table["id"]) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 10_000}))
        messages, code = until_closed(ws)
    assert [m["key"] for m in messages] == ["error.frame_too_large"]
    assert messages[0]["params"]["limit"] == 4096
    assert code == 1009


def test_connections_are_limited_per_table_and_per_address(db_url: str) -> None:
    with make_client(db_url, ws_per_table=2, ws_per_address=3) as client:
        first, second = create(client, HUMANS), create(client, HUMANS)
        with table_socket(client, first["id"]) as a, table_socket(client, first["id"]) as b:
            a.receive_json(), b.receive_json()
            with table_socket(client, first["id"]) as crowd:
                messages, code = until_closed(crowd)
            assert [m["key"] for m in messages] == ["error.table_crowded"] and code == 1013
            with table_socket(client, second["id"]) as c:
                assert c.receive_json()["type"] == "state"
                with table_socket(client, second["id"]) as d:
                    messages, code = until_closed(d)
                assert [m["key"] for m in messages] == ["error.too_many_connections"]
                assert code == 1013
        # The slots are given back when the connections close.
        with table_socket(client, first["id"]) as again:
            assert again.receive_json()["type"] == "state"


def test_the_token_travels_in_the_join_message_never_in_the_url(client: TestClient) -> None:
    table = create(client, HUMANS)
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        messages, code = until_closed(ws)
    assert [m["key"] for m in messages] == ["error.token_in_url"] and code == 1008
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "ping"})
        messages, code = until_closed(ws)
    assert [m["key"] for m in messages] == ["error.join_expected"] and code == 1008
    with table_socket(client, table["id"], token) as ws:
        assert ws.receive_json()["seat"] == 0


def test_a_connection_that_never_joins_is_closed(db_url: str) -> None:
    with (
        make_client(db_url, ws_join_timeout=0.05) as client,
        client.websocket_connect("/ws/tables/anything") as ws,
    ):
        messages, code = until_closed(ws)
    assert [m["key"] for m in messages] == ["error.join_expected"] and code == 1008


def test_a_stale_action_gets_a_short_answer_and_the_state_once(client: TestClient) -> None:
    table = create(client, HUMANS)
    tokens = [s["token"] for s in table["seats"]]
    with (
        table_socket(client, table["id"], tokens[0]) as ws0,
        table_socket(client, table["id"], tokens[1]),
    ):
        # Two people at the table: once no draw is due it waits for one of them, and stays still.
        waiting = receive_until(
            ws0,
            lambda m: (
                m["type"] == "state"
                and m["status"] == "running"
                and not (m["context"]["chance"] and m["context"]["chance_roller"] is None)
            ),
        )
        version = waiting["version"]
        ahead = {"type": "act", "action": "pass", "version": version + 5}
        behind = {"type": "roll", "version": version - 1}
        for message in (ahead, behind, behind, behind, {"type": "ping"}):
            ws0.send_json(message)
        answers: list[dict[str, Any]] = []
        while not answers or answers[-1]["type"] != "pong":
            answers.append(ws0.receive_json())
    assert [m["type"] for m in answers] == ["stale", "stale", "state", "stale", "stale", "pong"]
    assert all(m["version"] == version for m in answers if m["type"] != "pong")
    assert len(json.dumps(answers[0])) < 40


def test_a_secret_choice_made_while_another_seat_chose_is_judged_not_stale(
    client: TestClient,
) -> None:
    # Win, Place & Show's sheets (§9): both seats write their bids at once, in secret. Bob's bid
    # moves the table on, but Ada knows nothing she did not know: her bid, sent against the version
    # she saw, is judged. Bob's own second bid against that old version is stale: he has acted since.
    response = client.post("/api/tables", json={"game": "win_place_show", "seats": HUMANS})
    assert response.status_code == 201, response.text
    table = response.json()
    tokens = [s["token"] for s in table["seats"]]
    with (
        table_socket(client, table["id"], tokens[0]) as ada,
        table_socket(client, table["id"], tokens[1]) as bob,
    ):
        seen = receive_until(ada, lambda m: m["type"] == "state" and m["legal"])
        assert seen["observation"]["phase"] == "sheet" and seen["context"]["to_act"] == [0, 1]
        version = seen["version"]
        horse = seen["observation"]["sale"][0]
        bob.send_json({"type": "act", "action": f"sheet {horse} 500", "version": version})
        receive_until(ada, lambda m: m["type"] == "state" and m["version"] == version + 1)
        ada.send_json({"type": "act", "action": f"sheet {horse} 1000", "version": version})
        judged = receive_until(ada, lambda m: m["type"] in ("state", "stale", "error"))
        assert judged["type"] == "state" and judged["version"] == version + 2, judged
        assert judged["observation"]["sheets"][0] == [1000]
        bob.send_json({"type": "act", "action": f"sheet {horse} 500", "version": version})
        assert receive_until(bob, lambda m: m["type"] in ("stale", "error"))["type"] == "stale"
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == version + 2


@pytest.mark.parametrize("restart", [False, True], ids=["live", "after a restart"])
def test_the_last_seat_left_writing_its_secret_choice_is_judged_not_stale(
    db_url: str, restart: bool
) -> None:
    # Win, Place & Show's sheets (§9) again: Bob writes his whole sheet while Ada thinks. Once he is
    # done she is the only seat left to write, and still before the decision she began with him: a
    # bid sent against the version she saw then is judged, not answered "the game moved on", also
    # by a server stopped and started again in between (it rebuilds the table from the store).
    def bob_writes_his_sheet(client: TestClient) -> tuple[str, list[str], dict[str, Any], int]:
        response = client.post("/api/tables", json={"game": "win_place_show", "seats": HUMANS})
        assert response.status_code == 201, response.text
        table = response.json()
        tokens = [s["token"] for s in table["seats"]]
        with (
            table_socket(client, table["id"], tokens[0]),
            table_socket(client, table["id"], tokens[1]) as bob,
        ):
            seen = receive_until(bob, lambda m: m["type"] == "state" and m["legal"])
            assert seen["context"]["to_act"] == [0, 1]
            mine = seen
            while mine["legal"]:
                line = mine["legal"][0]["notation"]
                bob.send_json({"type": "act", "action": line, "version": mine["version"]})
                mine = receive_until(bob, lambda m: m["type"] in ("state", "stale", "error"))
                assert mine["type"] == "state", mine
        assert mine["context"]["to_act"] == [0] and mine["version"] > seen["version"] + 1
        return table["id"], tokens, seen, mine["version"]

    def ada_is_judged(
        client: TestClient, table: str, tokens: list[str], seen: Any, written: int
    ) -> None:
        horse = seen["observation"]["sale"][0]
        with (
            table_socket(client, table, tokens[0]) as ada,
            table_socket(client, table, tokens[1]) as bob,
        ):
            ada.send_json(
                {"type": "act", "action": f"sheet {horse} 1000", "version": seen["version"]}
            )
            judged = receive_until(
                ada,
                lambda m: m["type"] in ("stale", "error") or m.get("version") == written + 1,
            )
            assert judged["type"] == "state", judged
            assert judged["observation"]["sheets"][0] == [1000]
            # Bob has acted since that version: his line against it is stale.
            bob.send_json(
                {"type": "act", "action": f"sheet {horse} 500", "version": seen["version"]}
            )
            assert receive_until(bob, lambda m: m["type"] in ("stale", "error"))["type"] == "stale"

    with make_client(db_url) as client:
        written = bob_writes_his_sheet(client)
        if not restart:
            ada_is_judged(client, *written)
    if restart:
        with make_client(db_url) as client:  # a new server on the same database
            ada_is_judged(client, *written)


@pytest.mark.parametrize("version", ["8", 8.0, True, None, [8]])
def test_a_version_is_an_integer_and_nothing_else(client: TestClient, version: object) -> None:
    table = create(client, HUMANS)
    with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
        ws.receive_json()
        ws.send_json({"type": "roll", "version": version})
        error = receive_until(ws, lambda m: m["type"] == "error")
    assert error["key"] == "error.bad_message" and error["params"]["field"].endswith("version")


# -- text no server can store ----------------------------------------------------------------------


BAD_TEXTS = ["Ada\x00", "\x00", "A\x07da", "Ada\ud800", "\udfff"]


def test_invalid_text_anywhere_gets_a_clear_4xx(any_db: str) -> None:
    with make_client(any_db) as client:
        for text in BAD_TEXTS:
            raw = json.dumps({"game": "royal_turf", "seats": [{"kind": "human", "name": text}] * 2})
            answer = client.post(
                "/api/tables", content=raw, headers={"content-type": "application/json"}
            )
            assert answer.status_code == 422, (text, answer.text)
            assert answer.json()["error"]["params"]["field"] == "body.seats.0.name"
            for options in ({text: 1}, {"hidden_bets": text}):
                raw = json.dumps({"game": "royal_turf", "options": options, "seats": HUMANS})
                answer = client.post(
                    "/api/tables", content=raw, headers={"content-type": "application/json"}
                )
                assert 400 <= answer.status_code < 500, (options, answer.text)
                assert answer.json()["error"]["message"]["en"]
            raw = json.dumps({"game": text, "seats": HUMANS})
            answer = client.post(
                "/api/tables", content=raw, headers={"content-type": "application/json"}
            )
            assert 400 <= answer.status_code < 500, (text, answer.text)
        for table_id in ("a%00b", "%00", "a%ED%A0%80"):
            for path in ("", "/record", "/replay"):
                answer = client.get(f"/api/tables/{table_id}{path}")
                assert answer.status_code == 404, (table_id, path, answer.text)
        table = create(client, HUMANS)
        for token in ("\x00", "a\x00b", "\ud800"):
            answer = client.get(
                f"/api/tables/{table['id']}/replay",
                headers={"X-Seat-Token": token.encode("utf-8", "surrogatepass")},
            )
            assert 400 <= answer.status_code < 500, (token, answer.text)
        # Over the websocket: a NUL in the table id or the token, and invalid text in an action,
        # each get a named error, not a connection dropped without a word.
        with table_socket(client, "a%00b") as ws:  # a NUL in the path
            messages, code = until_closed(ws)
            assert [m["key"] for m in messages] == ["error.table_not_found"] and code == 4404
        with table_socket(client, table["id"], "a\x00b") as ws:
            messages, code = until_closed(ws)
            assert [m["key"] for m in messages] == ["error.bad_token"] and code == 4403
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            version = ws.receive_json()["version"]
            for text in BAD_TEXTS:
                ws.send_text(json.dumps({"type": "act", "action": text, "version": version}))
                error = receive_until(ws, lambda m: m["type"] == "error")
                assert error["key"] == "error.bad_message", error
            ws.send_json({"type": "ping"})
            receive_until(ws, lambda m: m["type"] == "pong")


# -- seat tokens stay out of the logs --------------------------------------------------------------


def test_no_log_line_holds_a_seat_token(tmp_path: Any) -> None:
    from websockets.sync.client import connect  # noqa: PLC0415

    from hippodrome.server.threaded import serve_in_thread  # noqa: PLC0415

    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record))

    keep = Keep(logging.DEBUG)
    # uvicorn's own loggers do not pass their lines on: each is watched (once uvicorn has set them).
    watched = [logging.getLogger(n) for n in ("", "uvicorn", "uvicorn.access")]
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'h.db'}",
        bot_delay=0.0,
        bot_processes=0,
        ws_messages_per_second=0.0,  # this client plays as fast as it is answered
    )
    try:
        with serve_in_thread(settings, log_level="info") as url:
            import httpx  # noqa: PLC0415

            for logger in watched:
                logger.addHandler(keep)
            with httpx.Client(base_url=url, trust_env=False) as http:
                table = http.post(
                    "/api/tables",
                    json={"game": "royal_turf", "seats": [HUMANS[0], {"kind": "bot"}]},
                ).json()
                token = table["seats"][0]["token"]
                ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table['id']}"
                with connect(ws_url, proxy=None, max_size=2**24) as ws:
                    ws.send(json.dumps({"type": "join", "token": token}))
                    message = json.loads(ws.recv(timeout=20))
                    while message.get("status") != "finished":
                        if message["type"] == "state" and (message["can_roll"] or message["legal"]):
                            ws.send(json.dumps(_first_move(message)))
                        message = json.loads(ws.recv(timeout=20))
                http.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": token})
                http.get(f"/api/tables/{table['id']}/record")
    finally:
        for logger in watched:
            logger.removeHandler(keep)
    assert any("/ws/tables/" in line for line in lines), "the access log was on"
    assert any("/replay" in line for line in lines)
    leaks = [line for line in lines if token in line]
    assert leaks == [], leaks


def _first_move(state: dict[str, Any]) -> dict[str, Any]:
    if state["can_roll"]:
        return {"type": "roll", "version": state["version"]}
    return {"type": "act", "action": state["legal"][0]["notation"], "version": state["version"]}
