"""Nothing slow on the event loop (issue 39): chat lines written off it and encoded once per
channel, replays built off it (a few per address at once, finished ones kept), password hashes a
few at a time; and the chat's own limits: a speaker's burst, his mark that survives a change of
name, old lines removed.

No test here times anything: each checks *where* the work runs (a database write or a replay made
with an event loop running in its thread is made on the loop) or *how many* run at once, so a
blocking implementation fails deterministically."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import argon2
import pytest
from argon2.exceptions import VerificationError
from fastapi.testclient import TestClient
from sqlalchemy import event, func, select
from sqlalchemy.orm import Session

from hippodrome.server import service as service_module
from hippodrome.server.storage import ChatRow, now
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import create, receive_until

CLIENT_HEADERS = {"X-Hippodrome": "1"}
HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]


def on_event_loop() -> bool:
    """Whether the calling thread runs an event loop (the server's: the test's threads do not)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def is_chat(message: dict[str, Any]) -> bool:
    return bool(message["type"] in ("chat", "error"))


@pytest.fixture
def site(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url, chat_lines_per_minute=20.0, chat_burst=5) as client:
        client.headers.update(CLIENT_HEADERS)
        yield client


# -- chat -----------------------------------------------------------------------------------------


def test_chat_lines_are_written_off_the_loop_and_encoded_once_per_channel(
    any_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """58 talkers at 20 lines a second stalled a process for seconds: each line was written on the
    event loop and encoded for each listener. Now the write runs in a thread (no event loop there)
    and a line heard by six connections is encoded at most twice (players', spectators')."""
    encodings: list[str] = []
    real_dumps = json.dumps

    def counting_dumps(obj: Any, *args: Any, **kwargs: Any) -> str:
        if isinstance(obj, dict) and obj.get("type") == "chat" and not obj.get("history"):
            encodings.append(obj["lines"][0]["text"])
        return real_dumps(obj, *args, **kwargs)

    with make_client(any_db, chat_lines_per_minute=0.0) as client:
        engine = client.app.state.service.engine  # type: ignore[attr-defined]
        inserts: list[bool] = []

        def watch(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if statement.lstrip().upper().startswith("INSERT INTO CHAT"):
                inserts.append(on_event_loop())

        event.listen(engine, "before_cursor_execute", watch)
        table = create(client, HUMANS)
        t0, t1 = (s["token"] for s in table["seats"])
        with (
            table_socket(client, table["id"], t0) as ada,
            table_socket(client, table["id"], t1) as bob,
            table_socket(client, table["id"]) as fan1,
            table_socket(client, table["id"]) as fan2,
            table_socket(client, table["id"]) as fan3,
            table_socket(client, table["id"]) as fan4,
        ):
            everyone = (ada, bob, fan1, fan2, fan3, fan4)
            for ws in everyone:
                receive_until(ws, lambda m: m["type"] == "state")
            monkeypatch.setattr(json, "dumps", counting_dumps)
            ada.send_json({"type": "say", "text": "Bonne chance"})
            for ws in everyone:
                assert receive_until(ws, is_chat)["lines"][0]["text"] == "Bonne chance"
            fan1.send_json({"type": "say", "text": "Allez Ada"})
            for ws in (fan1, fan2, fan3, fan4):
                assert receive_until(ws, is_chat)["lines"][0]["text"] == "Allez Ada"
            monkeypatch.setattr(json, "dumps", real_dumps)
        assert inserts == [False, False], "each line was written in a thread, not on the loop"
        assert encodings.count("Bonne chance") <= 2, encodings
        assert encodings.count("Allez Ada") == 1, encodings


def test_a_burst_of_lines_is_held_to_the_speakers_budget_over_all_his_connections(
    site: TestClient,
) -> None:
    """43 of 60 lines in one burst went through. A speaker (here one client address) now says
    ``chat_burst`` lines at once, then ``chat_lines_per_minute``, whichever connection he uses."""
    table = create(site, HUMANS)
    with table_socket(site, table["id"]) as first, table_socket(site, table["id"]) as second:
        for ws in (first, second):
            receive_until(ws, lambda m: m["type"] == "state")
        answers = []
        for n in range(60):
            first.send_json({"type": "say", "text": f"ligne {n}", "name": "Zoé"})
            answers.append(receive_until(first, is_chat))
        said = [a for a in answers if a["type"] == "chat"]
        refused = [a for a in answers if a["type"] == "error"]
        assert 5 <= len(said) <= 6, f"{len(said)} of 60 lines went through"
        assert {a["key"] for a in refused} == {"error.chat_too_fast"}
        second.send_json({"type": "say", "text": "et moi ?", "name": "Zoé bis"})
        answer = receive_until(second, lambda m: m["type"] == "error")
        assert answer["key"] == "error.chat_too_fast", "another connection shares the budget"


def test_a_spectator_keeps_his_mark_when_he_changes_his_name(site: TestClient) -> None:
    """A page mutes a spectator by his line's ``author`` mark, which names him as his account, or
    his address, does at this table: a new name does not escape a mute; another spectator has
    another mark, and so has each seat."""
    table = create(site, HUMANS)
    with table_socket(site, table["id"]) as fan:  # a guest: known by his address
        answer = site.post(
            "/api/account/signup", json={"name": "Zoé", "password": "correct horse battery"}
        )
        assert answer.status_code == 201
        with (
            table_socket(site, table["id"]) as other,  # logged in: known by the account
            table_socket(site, table["id"], table["seats"][0]["token"]) as ada,
        ):
            talk(fan, other, ada)


def talk(fan: Any, other: Any, ada: Any) -> None:
    """A spectator says two lines under two names, another spectator and a player one each: the
    first two carry one mark, the others each their own."""
    for ws in (fan, other, ada):
        receive_until(ws, lambda m: m["type"] == "state")
    marks = []
    for ws, text, name in (
        (fan, "hou", "Troll"),
        (fan, "hou hou", "Gentil"),
        (other, "bonjour", "Zoé"),
        (ada, "merci", None),
    ):
        ws.send_json({"type": "say", "text": text, "name": name})
        line = receive_until(
            ws, lambda m, said=text: m["type"] == "chat" and m["lines"][0]["text"] == said
        )["lines"][0]
        marks.append(line["author"])
    assert marks[0] == marks[1], "the same spectator under another name"
    assert len({marks[0], marks[2], marks[3]}) == 3
    assert all(isinstance(m, str) and "testclient" not in m for m in marks)


def test_old_chat_lines_are_removed_and_the_game_kept(site: TestClient) -> None:
    """Chat lines are not kept for ever: older than ``chat_retention`` (30 days by default), the
    sweep removes them, at any table; the table itself stays."""
    table = create(site, HUMANS)
    runtime = site.app.state.runtime  # type: ignore[attr-defined]
    engine = runtime.service.engine
    with Session(engine) as session, session.begin():
        for days, text in ((45, "il y a longtemps"), (1, "hier")):
            session.add(
                ChatRow(
                    table_id=table["id"],
                    channel="players",
                    seat=0,
                    name="Ada",
                    text=text,
                    at_event=0,
                    created=now() - timedelta(days=days),
                )
            )
    assert runtime.sweeper.forget_old_chat() == 1
    with Session(engine) as session:
        assert session.scalars(select(ChatRow.text)).all() == ["hier"]
    assert site.get(f"/api/tables/{table['id']}").status_code == 200


# -- replays --------------------------------------------------------------------------------------


def finished_table(client: TestClient) -> str:
    table = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    with table_socket(client, table["id"]) as spy:
        receive_until(spy, lambda m: m["type"] == "state" and m["status"] == "finished", limit=5000)
    return str(table["id"])


def test_replays_are_built_off_the_loop_a_few_per_address_and_kept_once_finished(
    site: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four replays in flight pushed every other request from 2.4 ms to 329 ms at the median. Here
    two replays are held half-built: the server still answers another request meanwhile (it
    could not if they were built on its loop), a third from the same address is refused (429 with
    ``Retry-After``), and a finished game's replay, once built, is not built again."""
    table_id = finished_table(site)
    gate = threading.Event()
    timed_out = threading.Event()
    holding: set[int] = set()
    places: list[bool] = []
    real_event_json = service_module.event_json

    def held_event_json(*args: Any) -> Any:
        places.append(on_event_loop())
        if not gate.is_set():
            holding.add(threading.get_ident())
            if not gate.wait(5.0):  # a replay built on the loop: nothing else could be answered
                timed_out.set()
                gate.set()
        return real_event_json(*args)

    monkeypatch.setattr(service_module, "event_json", held_event_json)
    runtime = site.app.state.runtime  # type: ignore[attr-defined]
    runtime.replays.cache.clear()
    answers: list[Any] = []

    def ask() -> None:
        answers.append(site.get(f"/api/tables/{table_id}/replay"))

    asking = [threading.Thread(target=ask) for _ in range(2)]
    for thread in asking:
        thread.start()
    for _ in range(500):
        if len(holding) == 2 or timed_out.is_set():
            break
        threading.Event().wait(0.01)
    games = site.get("/api/games")
    third = site.get(f"/api/tables/{table_id}/replay")
    answered_while_held = not timed_out.is_set()
    gate.set()
    for thread in asking:
        thread.join(30)
    assert answered_while_held, "another request waited for the replays: they held the loop"
    assert games.status_code == 200
    assert third.status_code == 429, third.text
    assert third.json()["error"]["key"] == "error.too_many_replays"
    assert int(third.headers["retry-after"]) >= 1
    assert [a.status_code for a in answers] == [200, 200]
    assert not any(places), "no replay step was made on the event loop"
    built = runtime.replays.built
    again = site.get(f"/api/tables/{table_id}/replay")
    assert again.status_code == 200 and again.json() == answers[0].json()
    assert runtime.replays.built == built, "a finished game's replay is kept, not built again"


# -- password hashes ------------------------------------------------------------------------------


def test_password_checks_run_a_few_at_a_time_the_rest_wait_or_are_told_when_to_come_back(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each argon2 check holds 64 MiB: ten logins at once took a process from 109 to 751 MB. With
    ``password_hashes`` 2, three logins at once never check more than two passwords at the same
    time; the third, which waited past ``password_wait``, is refused with 503 and Retry-After."""
    lock = threading.Condition()
    running = [0]
    peak = [0]

    def slow_verify(_self: Any, _hash: Any, _password: Any) -> bool:
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
            lock.notify_all()
            lock.wait_for(lambda: running[0] >= 3, timeout=1.5)  # all three at once, if allowed
            running[0] -= 1
        raise VerificationError("wrong password")

    monkeypatch.setattr(argon2.PasswordHasher, "verify", slow_verify)
    with make_client(db_url, password_hashes=2, password_wait=0.3) as client:
        client.headers.update(CLIENT_HEADERS)
        answers: list[Any] = []

        def log_in(n: int) -> None:
            body = {"name": f"nobody{n}", "password": "correct horse battery"}
            answers.append(client.post("/api/account/login", json=body))

        threads = [threading.Thread(target=log_in, args=(n,)) for n in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    assert peak[0] <= 2, f"{peak[0]} passwords were checked at once"
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [401, 401, 503], [a.text for a in answers]
    busy = next(a for a in answers if a.status_code == 503)
    assert busy.json()["error"]["key"] == "error.password_busy"
    assert int(busy.headers["retry-after"]) >= 1


def test_the_chat_table_has_an_index_for_its_sweep(db_url: str) -> None:
    """The sweep removes old lines by their time: ``chat.created`` is indexed (migration 0012)."""
    with make_client(db_url) as client:
        engine = client.app.state.service.engine  # type: ignore[attr-defined]
        with engine.connect() as connection:
            names = {
                row[0]
                for row in connection.exec_driver_sql(
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'chat'"
                )
            }
        assert "ix_chat_created" in names
        with Session(engine) as session:
            assert session.scalar(select(func.count()).select_from(ChatRow)) == 0
