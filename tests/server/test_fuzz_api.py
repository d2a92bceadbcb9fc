"""A fuzzer of the HTTP API with the real games: hypothesis sends requests built around valid game
ids, option names, seat kinds, table ids and seat tokens (with junk, invalid text and wrong types
mixed in), on SQLite and on PostgreSQL. However malformed, no request may get a 500: every refusal
is a 4xx with a named error in both languages. A seat's websocket gets the same treatment: any
message is answered, and the connection goes on.

``test_openapi.py`` checks each route against its schema; this one reaches deeper, into the games'
options and the tables that exist. ``HIPPODROME_FUZZ_EXAMPLES`` sets the number of requests (a few
hundred in ``make test``)."""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippodrome.bots.base import BOT_KINDS
from hippodrome.server.service import TableStatus
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import create

EXAMPLES = int(os.environ.get("HIPPODROME_FUZZ_EXAMPLES", "150"))

# Any text: control characters, NUL and lone surrogates included.
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
short_text = st.one_of(
    any_text, st.sampled_from(["", "\x00", "\ud800", "Ada", "é" * 50, "x" * 300])
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    short_text,
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(short_text, inner, max_size=3),
    max_leaves=6,
)


names = st.text(st.characters(codec="utf-8", categories=["L", "N", "Zs"]), max_size=40)


def option_values(option: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A value one of a game's options takes: one it lists, or its default."""
    known = [v for v in (option.get("choices") or []) if v is not None]
    if option["default"] is not None:
        known.append(option["default"])
    if option["type"] == "int":
        known.extend([0, 1, 2, 3, 5, 9])
    return st.sampled_from(known) if known else scalars


def requests(games: list[dict[str, Any]], tables: list[dict[str, Any]]) -> st.SearchStrategy[Any]:
    """One request to the API: (method, path, headers, JSON body or None). Three in four are
    well-formed (they reach the games and the tables); the others carry junk somewhere."""
    game_ids = [g["id"] for g in games]
    table_ids = [t["id"] for t in tables]
    tokens = [s["token"] for t in tables for s in t["seats"] if "token" in s]

    def segment(text: str) -> str:
        return quote(text, safe="", errors="surrogatepass")

    @st.composite
    def request(draw: st.DrawFn) -> Any:
        junk = draw(st.integers(0, 3)) == 0

        def pick(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> Any:
            return draw(st.one_of(good, bad) if junk else good)

        route = draw(
            st.sampled_from(["create", "create", "list", "read", "hand_over", "take", "games"])
        )
        game = pick(st.sampled_from(game_ids), short_text)
        table = pick(st.sampled_from(table_ids), short_text)
        headers = {}
        if draw(st.booleans()):
            token = st.text(st.characters(max_codepoint=255), max_size=30)
            headers["X-Seat-Token"] = pick(st.sampled_from(tokens), token)
        if route == "create":
            known = [
                o
                for g in games
                if g["id"] == game
                for o in g["options"]
                if o["name"] != "players" or junk  # the seats say how many play
            ]
            chosen = draw(st.lists(st.sampled_from(known), max_size=4)) if known else []
            options = {o["name"]: pick(option_values(o), scalars) for o in chosen}
            options.update(pick(st.just({}), st.dictionaries(short_text, scalars, max_size=2)))
            seat = st.fixed_dictionaries(
                {"kind": st.sampled_from(["human", "bot"])},
                optional={"name": names, "bot": st.sampled_from(BOT_KINDS)},
            )
            bad_seat = st.fixed_dictionaries(
                {"kind": short_text}, optional={"name": short_text, "bot": short_text}
            )
            seats = pick(st.lists(seat, min_size=2, max_size=6), st.lists(bad_seat | seat))
            body: Any = {"game": game, "options": options, "seats": seats}
            if junk and draw(st.booleans()):  # a field of the wrong type
                body[draw(st.sampled_from(["game", "options", "seats"]))] = draw(json_values)
            return ("POST", "/api/tables", {}, body)
        if route == "list":
            status = pick(st.sampled_from([s.value for s in TableStatus]), short_text)
            limit = pick(st.integers(1, 500), st.one_of(st.integers(-5, 2**64), short_text))
            offset = pick(st.integers(0, 50), st.one_of(st.integers(-5, 2**64), short_text))
            query = f"status={segment(status)}&limit={segment(str(limit))}"
            if draw(st.booleans()):
                query += f"&game={segment(game)}"
            return ("GET", f"/api/tables?{query}&offset={segment(str(offset))}", {}, None)
        if route == "read":
            what = draw(st.sampled_from(["", "/record", "/replay"]))
            return ("GET", f"/api/tables/{segment(table)}{what}", headers, None)
        if route == "hand_over":
            index = pick(st.integers(-1, 6), st.one_of(st.just(2**70), short_text.map(segment)))
            bot = pick(st.sampled_from(BOT_KINDS), scalars)
            body = pick(st.just({"bot": bot}), json_values)
            return ("POST", f"/api/tables/{segment(table)}/seats/{index}/bot", headers, body)
        if route == "take":
            index = pick(st.integers(-1, 6), st.one_of(st.just(2**70), short_text.map(segment)))
            body = pick(st.fixed_dictionaries({}, optional={"name": names}), json_values)
            return ("POST", f"/api/tables/{segment(table)}/seats/{index}/take", {}, body)
        if draw(st.booleans()):
            return ("GET", f"/api/games/{segment(game)}/board", {}, None)
        language = pick(st.sampled_from(["en", "fr"]), short_text)
        return ("GET", f"/api/i18n/{segment(language)}", {}, None)

    return request()


def send(client: TestClient, request: Any) -> Any:
    method, path, headers, body = request
    headers = {k: v.encode("latin-1") for k, v in headers.items()}  # any byte a client may send
    if body is None:
        return client.request(method, path, headers=headers)
    raw = json.dumps(body)  # ASCII: lone surrogates travel escaped, as a client may send them
    return client.request(
        method, path, content=raw, headers={**headers, "content-type": "application/json"}
    )


def fuzz(db_url: str) -> None:
    with make_client(db_url, bot_delay=3600.0, tables_per_address=0) as client:
        games = [g for g in client.get("/api/games").json() if g["status"] == "playable"]
        tables = []
        for game in games:
            seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]
            answer = client.post("/api/tables", json={"game": game["id"], "seats": seats})
            assert answer.status_code == 201, answer.text
            tables.append(answer.json())

        @given(request=requests(games, tables))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        def never_a_server_error(request: Any) -> None:
            answer = send(client, request)
            assert answer.status_code < 500, (request, answer.text)
            if answer.status_code >= 400:
                error = answer.json()["error"]
                assert error["key"] and error["message"]["en"] and error["message"]["fr"], request

        never_a_server_error()


def test_the_api_never_answers_500_on_sqlite(db_url: str) -> None:
    fuzz(db_url)


def test_the_api_never_answers_500_on_postgresql(pg_url: str) -> None:
    fuzz(pg_url)


def websocket_messages() -> st.SearchStrategy[str]:
    """A client message: the protocol's types with any fields, any JSON, or any text."""
    typed = st.fixed_dictionaries(
        {"type": st.sampled_from(["act", "roll", "ping", "join", "say", "dance"])},
        optional={
            "action": short_text,
            "version": scalars,
            "token": short_text,
            "text": short_text,
            "name": short_text,
        },
    )
    return st.one_of(typed.map(json.dumps), json_values.map(json.dumps), short_text)


def test_no_websocket_message_drops_the_connection(db_url: str) -> None:
    """Whatever a seat sends, it gets an answer (an error, a stale notice, a state) and its
    connection goes on: the ping after each message is answered."""
    with make_client(db_url) as client:
        table = create(client, [{"kind": "human"}, {"kind": "human"}])
        tokens = [s["token"] for s in table["seats"]]
        with (
            table_socket(client, table["id"], tokens[0]) as ws,
            table_socket(client, table["id"], tokens[1]),
        ):

            @given(text=websocket_messages())
            @settings(max_examples=EXAMPLES // 2, deadline=None, database=None)
            def answered(text: str) -> None:
                # A text frame is UTF-8: a lone surrogate travels only escaped, inside JSON.
                ws.send_text(text.encode("utf-8", "replace").decode("utf-8"))
                ws.send_json({"type": "ping"})
                for _ in range(50):
                    message = ws.receive_json()
                    assert message["type"] in ("state", "error", "stale", "chat", "pong"), message
                    if message["type"] == "pong":
                        return
                raise AssertionError(f"no answer to the ping after {text!r}")

            answered()
