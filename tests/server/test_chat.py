"""The chat of a table (docs/web.md, "Chat"): players and spectators in their own channels, lines
bounded in length and counted against the connection's message budget, kept for a reloaded page,
carrying nothing of the game but how many events had happened; every bad line a named error."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tests.server.conftest import make_client, table_socket
from tests.server.test_abuse import BAD_TEXTS
from tests.server.test_api import create, receive_until

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
LINE_KEYS = {"id", "channel", "seat", "name", "text", "at_event", "at", "author"}
"""``author``: an opaque mark of the speaker at the table (issue 39), by which a page mutes him."""


def is_chat(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "chat")


def said(ws: WebSocketTestSession, text: str, **extra: Any) -> dict[str, Any]:
    """Say ``text`` and return the line as the server sends it back to its own speaker."""
    ws.send_json({"type": "say", "text": text, **extra})
    message = receive_until(ws, lambda m: m["type"] in ("chat", "error"))
    assert message["type"] == "chat", message
    line: dict[str, Any] = message["lines"][0]
    return line


def refusal(ws: WebSocketTestSession, message: Any) -> dict[str, Any]:
    if isinstance(message, str):
        ws.send_text(message)
    else:
        ws.send_json(message)
    return refusal_received(ws)


def test_players_talk_among_themselves_and_spectators_hear_them_but_not_back(
    client: TestClient,
) -> None:
    table = create(client, HUMANS)
    t0, t1 = (s["token"] for s in table["seats"])
    with (
        table_socket(client, table["id"], t0) as ada,
        table_socket(client, table["id"], t1) as bob,
        table_socket(client, table["id"]) as fan,
    ):
        for ws in (ada, bob, fan):
            receive_until(ws, lambda m: m["type"] == "state")
        line = said(ada, "  Bonne chance à tous  ")
        assert line["text"] == "Bonne chance à tous", "a line is said without its outer blanks"
        assert (line["channel"], line["seat"], line["name"]) == ("players", 0, "Ada")
        assert receive_until(bob, is_chat)["lines"][0]["text"] == "Bonne chance à tous"
        assert receive_until(fan, is_chat)["lines"][0]["channel"] == "players"

        # A spectator says something: the spectators' channel, which players never receive.
        shout = said(fan, "Allez Othello !", name="Zoé")
        assert (shout["channel"], shout["seat"], shout["name"]) == ("spectators", None, "Zoé")
        nothing_for_players = said(bob, "merci")  # the next chat message Ada gets is Bob's
        assert nothing_for_players["channel"] == "players"
        heard = receive_until(ada, is_chat)["lines"][0]
        assert heard["text"] == "merci", "a player heard the spectators' channel"
        assert receive_until(fan, is_chat)["lines"][0]["text"] == "merci"
        # A spectator cannot pretend to be a player: whatever he sends, he writes the gallery's.
        forged = said(fan, "je suis Ada", seat=0, channel="players")
        assert forged["channel"] == "spectators" and forged["seat"] is None


def test_a_reloaded_page_gets_the_recent_lines_of_its_channels(db_url: str) -> None:
    with make_client(db_url, chat_history=3) as client:
        table = create(client, HUMANS)
        t0 = table["seats"][0]["token"]
        with table_socket(client, table["id"], t0) as ada, table_socket(client, table["id"]) as fan:
            receive_until(ada, lambda m: m["type"] == "state")
            receive_until(fan, lambda m: m["type"] == "state")
            for n in range(4):
                said(ada, f"ligne {n}")
            said(fan, "du public")
        with table_socket(client, table["id"], t0) as ada:
            assert receive_until(ada, lambda m: True)["type"] == "state", "the state comes first"
            history = receive_until(ada, is_chat)
            assert history["history"] is True
            assert [x["text"] for x in history["lines"]] == ["ligne 1", "ligne 2", "ligne 3"]
        with table_socket(client, table["id"]) as fan:
            history = receive_until(fan, is_chat)
            assert [x["text"] for x in history["lines"]] == ["ligne 2", "ligne 3", "du public"]
    # The store is the truth: another server on the same database tells the same history.
    with make_client(db_url) as again, table_socket(again, table["id"], t0) as ada:
        lines = receive_until(ada, is_chat)["lines"]
        assert [x["text"] for x in lines] == ["ligne 0", "ligne 1", "ligne 2", "ligne 3"]


def test_bad_lines_are_named_errors_and_change_nothing(db_url: str) -> None:
    with make_client(db_url, chat_max_length=20) as client:
        table = create(client, HUMANS)
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ada:
            receive_until(ada, lambda m: m["type"] == "state")
            long = refusal(ada, {"type": "say", "text": "x" * 21})
            assert long["key"] == "error.chat_too_long"
            assert long["params"] == {"length": 21, "limit": 20}
            assert "20" in long["message"]["en"] and "20" in long["message"]["fr"]
            assert said(ada, "y" * 20)["text"] == "y" * 20, "the limit itself is allowed"
            assert refusal(ada, {"type": "say", "text": "   "})["key"] == "error.chat_empty"
            for bad, field in (
                ({"type": "say"}, "say.text"),
                ({"type": "say", "text": 42}, "say.text"),
                ({"type": "say", "text": "two\nlines"}, "say.text"),
                ({"type": "say", "text": "hi", "name": "n" * 41}, "say.name"),
                ({"type": "shout", "text": "hi"}, "message"),
            ):
                error = refusal(ada, bad)
                assert error["key"] == "error.bad_message", bad
                assert error["params"]["field"] == field, (bad, error["params"])
            assert refusal(ada, "{not json")["key"] == "error.bad_message"
        # None of the refused lines was kept.
        with table_socket(client, table["id"]) as fan:
            lines = receive_until(fan, is_chat)["lines"]
            assert [x["text"] for x in lines] == ["y" * 20]


def test_text_no_database_can_hold_is_refused_by_name(any_db: str) -> None:
    """NUL, control characters and lone surrogates, in the line or in a spectator's name, on SQLite
    and on PostgreSQL: each a named error, the connection kept, nothing stored."""
    with make_client(any_db) as client:
        table = create(client, HUMANS)
        with table_socket(client, table["id"]) as fan:
            receive_until(fan, lambda m: m["type"] == "state")
            for text in BAD_TEXTS:
                for message in (
                    {"type": "say", "text": text},
                    {"type": "say", "text": "hi", "name": text},
                ):
                    fan.send_text(json.dumps(message))
                    error = refusal_received(fan)
                    assert error["key"] == "error.bad_message", (message, error)
            assert said(fan, "toujours là")["text"] == "toujours là"
        with table_socket(client, table["id"]) as fan:
            lines = receive_until(fan, is_chat)["lines"]
            assert [x["text"] for x in lines] == ["toujours là"]


def refusal_received(ws: WebSocketTestSession) -> dict[str, Any]:
    answer = receive_until(ws, lambda m: m["type"] in ("chat", "error"))
    assert answer["type"] == "error", f"the line was taken: {answer}"
    return answer


def test_chat_spends_the_connections_message_budget(db_url: str) -> None:
    with make_client(db_url, ws_messages_per_second=0.001, ws_burst=3) as client:
        table = create(client, HUMANS)
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ada:
            receive_until(ada, lambda m: m["type"] == "state")
            for text in ("un", "deux", "trois"):
                said(ada, text)
            error = refusal(ada, {"type": "say", "text": "quatre"})
            assert error["key"] == "error.too_many_messages"
        with table_socket(client, table["id"]) as fan:
            lines = receive_until(fan, is_chat)["lines"]
            assert [x["text"] for x in lines] == ["un", "deux", "trois"], "a line past the budget"


def test_a_line_carries_no_secret_only_how_many_events_had_happened(client: TestClient) -> None:
    """Hidden bets: what a player bet is his secret. A chat line tells who said what and at which
    event; each page interleaves it with its own log, as that seat may see it."""
    table = create(client, HUMANS, hidden_bets=True)
    t0, t1 = (s["token"] for s in table["seats"])
    with (
        table_socket(client, table["id"], t0) as ws0,
        table_socket(client, table["id"], t1) as ws1,
        table_socket(client, table["id"]) as fan,
    ):
        states = {}
        for ws, seat in ((ws0, 0), (ws1, 1)):
            states[seat] = receive_until(
                ws, lambda m: m["type"] == "state" and m["observation"]["phase"] == "betting"
            )
        mover, seat = (ws0, 0) if states[0]["legal"] else (ws1, 1)
        other = ws1 if seat == 0 else ws0
        mover.send_json(
            {"type": "act", "action": "bet 2 othello", "version": states[seat]["version"]}
        )
        mine = receive_until(mover, lambda m: m["type"] == "state" and m["observation"]["bets"])
        line = said(mover, "j'ai parié")
        assert set(line) == LINE_KEYS, "a line carries nothing but who said what, and when"
        told = receive_until(other, is_chat)
        assert told["lines"] == [line]
        for message in (told, receive_until(fan, is_chat)):
            assert "othello" not in str(message).lower() and "token" not in str(message)
        # at_event counts every event so far: as many as each seat's log holds, whatever it hides.
        table_events = client.get(f"/api/tables/{table['id']}/replay").json()["steps"]
        assert line["at_event"] == sum(len(s["events"]) for s in table_events)
        assert mine["version"] == len(table_events) - 1


def test_an_archived_table_takes_no_more_lines(client: TestClient) -> None:
    from datetime import timedelta  # noqa: PLC0415

    from hippodrome.server.storage import now  # noqa: PLC0415

    table = create(client, HUMANS)
    runtime = client.app.state.runtime  # type: ignore[attr-defined]
    assert runtime.expire_untouched(now() + timedelta(days=30)) == [table["id"]]
    with table_socket(client, table["id"], table["seats"][0]["token"]) as ada:
        assert receive_until(ada, lambda m: m["type"] == "state")["status"] == "expired"
        assert refusal(ada, {"type": "say", "text": "il y a quelqu'un ?"})["key"] == (
            "error.table_expired"
        )
