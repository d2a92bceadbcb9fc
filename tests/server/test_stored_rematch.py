"""A finished table's rematch is stored (migration 0008_rematch; docs/web.md, "End of a game"):
after a restart, or in a process that missed the news of it, a second rematch is refused naming
the first, and a player coming back is shown it; of two processes asking at once, one makes it."""

from __future__ import annotations

import threading
from importlib.resources import files
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from starlette.testclient import WebSocketTestSession

from hippodrome.server.service import (
    LiveTable,
    SeatKind,
    SeatSpec,
    ServerError,
    TableService,
    hash_token,
    rematch_token,
)
from hippodrome.server.storage import Base, SeatKeyRow, SeatRow, TableRow, open_database
from tests.server.conftest import make_client, table_socket
from tests.server.test_accounts import play_out
from tests.server.test_api import receive_until

ADA_AND_BOB = [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.HUMAN, name="Bob")]


def finished_duel(db_url: str) -> tuple[str, list[str]]:
    """A Royal Turf duel between two people, played to its end in the store: its id, the tokens."""
    service = TableService(open_database(db_url))
    table, tokens = service.create("royal_turf", {}, ADA_AND_BOB)
    for seat in (0, 1):
        service.mark_seen(table, seat)
    service.engine.dispose()
    play_out(db_url, table.id)
    assert all(tokens)
    return table.id, [t for t in tokens if t is not None]


def count_tables(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(TableRow)) or 0)


def test_a_rematch_survives_a_restart(db_url: str) -> None:
    """Before migration 0008 the rematch was kept in memory: after a restart a second one was made."""
    table_id, (ada, bob) = finished_duel(db_url)
    url = f"/api/tables/{table_id}/rematch"
    with make_client(db_url) as client:
        made = client.post(url, headers={"X-Seat-Token": ada})
        assert made.status_code == 201, made.text
        new_id = made.json()["id"]
    # The server restarted: Bob comes back to the finished table, then asks for a rematch himself.
    with make_client(db_url) as client:
        with table_socket(client, table_id, bob) as ws:
            state = ws.receive_json()
            assert state["status"] == "finished" and state["rematch"] == new_id
        again = client.post(url, headers={"X-Seat-Token": bob})
        assert again.status_code == 409, again.text
        error = again.json()["error"]
        assert error["key"] == "error.rematch_made" and error["params"]["table"] == new_id
        mine = client.get("/api/tables", params={"status": "open"}).json()
        assert [t["id"] for t in mine] == [new_id], "no second rematch table"
    service = TableService(open_database(db_url))
    assert service.get(table_id).rematch == new_id, "read back with the table"
    assert count_tables(service.engine) == 2


def test_a_process_that_missed_the_news_refuses_a_second_rematch(pg_url: str) -> None:
    engine = open_database(pg_url)
    table_id, (ada, bob) = finished_duel(pg_url)
    one, two = TableService(engine, shared=True), TableService(engine, shared=True)
    two_copy = two.get(table_id)  # cached before the rematch, and never told of it
    new, _ = one.rematch(one.get(table_id), ada)
    assert two_copy.rematch is None
    with pytest.raises(ServerError) as refused:
        two.rematch(two_copy, bob)
    assert refused.value.key == "error.rematch_made" and refused.value.params["table"] == new.id
    assert two_copy.rematch == new.id, "the refusal taught it the stored rematch"
    assert count_tables(engine) == 2, "the refused rematch stored no table"
    # A third process catching the finished table up from the store learns it too.
    three = TableService(engine, shared=True)
    three_copy = three.get(table_id)
    three_copy.rematch = None  # as if cached before the rematch
    three.fresh(table_id)
    assert three_copy.rematch == new.id


def test_two_processes_asking_a_rematch_at_once_make_one_table(pg_url: str) -> None:
    engine = open_database(pg_url)
    table_id, tokens = finished_duel(pg_url)
    services = [TableService(open_database(pg_url), shared=True) for _ in range(2)]
    copies: list[LiveTable] = [s.get(table_id) for s in services]
    start = threading.Barrier(2)
    made: list[str] = []
    refused: list[ServerError] = []

    def ask(i: int) -> None:
        start.wait()
        try:
            made.append(services[i].rematch(copies[i], tokens[i])[0].id)
        except ServerError as exc:
            refused.append(exc)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(made) == 1, f"one rematch made, the other refused: {made}, {refused}"
    assert [e.key for e in refused] == ["error.rematch_made"]
    assert refused[0].params["table"] == made[0]
    assert [c.rematch for c in copies] == made * 2
    assert count_tables(engine) == 2
    with engine.connect() as connection:
        stored = connection.scalar(select(TableRow.rematch).where(TableRow.id == table_id))
    assert stored == made[0]


# -- the migrations ------------------------------------------------------------------------------


def migrations(connection: object) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("hippodrome.server") / "migrations"))
    config.attributes["connection"] = connection
    return config


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_the_migrations_bring_a_0007_store_to_the_model(
    store: str, db_url: str, request: pytest.FixtureRequest
) -> None:
    """A store at the previous head, holding a table, is migrated to 0008 (the table has no
    rematch), and every migration together gives the schema the model declares."""
    url = db_url if store == "sqlite" else request.getfixturevalue("pg_url")
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(migrations(connection), "0007_guided")
        connection.execute(
            text(
                "INSERT INTO tables (id, game, rules_version, options, seed, status, version,"
                " created, updated) VALUES ('old', 'royal_turf', 1, '{}', 's', 'finished', 0,"
                " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        )
    engine.dispose()
    engine = open_database(url)  # what a server does at start
    with engine.connect() as connection:
        assert connection.scalar(select(TableRow.rematch).where(TableRow.id == "old")) is None
        context = MigrationContext.configure(connection)
        head = ScriptDirectory.from_config(migrations(connection)).get_current_head()
        assert context.get_current_revision() == head
        differences = compare_metadata(context, Base.metadata)
    assert differences == [], "the model and the migrations agree"


# -- the rematch seats' tokens, derived from the old ones ----------------------------------------


def next_state(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = receive_until(ws, lambda m: m["type"] == "state")
    return message


def to_act(message: dict[str, Any]) -> dict[str, Any] | None:
    """The seat's move in this state (a roll, else its first legal action), if it has one."""
    if message["can_roll"]:
        return {"type": "roll", "version": message["version"]}
    if message["legal"]:
        notation = message["legal"][0]["notation"]
        return {"type": "act", "action": notation, "version": message["version"]}
    return None


def bob_plays_a_move(ada_ws: WebSocketTestSession, bob_ws: WebSocketTestSession) -> int:
    """Ada and Bob play their first legal moves until one of Bob's is played: its version."""
    ada, bob = next_state(ada_ws), next_state(bob_ws)
    for _ in range(500):
        while ada["version"] < bob["version"]:
            ada = next_state(ada_ws)
        while bob["version"] < ada["version"]:
            bob = next_state(bob_ws)
        move = to_act(bob)
        if move is not None:
            bob_ws.send_json(move)
            played = next_state(bob_ws)
            assert played["version"] == bob["version"] + 1, played.get("key")
            return int(bob["version"])
        move = to_act(ada)
        if move is not None:
            ada_ws.send_json(move)
        ada, bob = next_state(ada_ws), next_state(bob_ws)
    raise AssertionError("Bob never had a move to play")


def test_after_a_restart_a_player_is_handed_his_rematch_seat(db_url: str) -> None:
    """docs/web.md, "End of a game": the rematch seat's token is derived from the old seat's, so
    a server that restarted (nothing kept in memory) hands it to Bob when he comes back to the
    finished table, and it plays his seat there. Ada, who asked, was answered her own new token
    only; what she can derive from hers for Bob's seat opens nothing, and a wrong token at the
    finished table is refused and handed nothing."""
    table_id, (ada, bob) = finished_duel(db_url)
    with make_client(db_url) as client:
        made = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": ada})
        assert made.status_code == 201, made.text
        new = made.json()
    new_id, ada_new = new["id"], new["seats"][0]["token"]
    assert new["seats"][1]["token"] is None, "Bob's new token is not the asker's to know"
    assert ada_new == rematch_token(ada, new_id, 0)
    with make_client(db_url) as client:  # the server restarted
        with table_socket(client, table_id, "not a token") as ws:
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["key"] == "error.bad_token"
        with table_socket(client, table_id, bob) as ws:
            state = ws.receive_json()
            assert state["rematch"] == new_id and state["seat"] == 1
            handed = receive_until(ws, lambda m: m["type"] == "rematch")
        assert handed["table"] == new_id
        bob_new = handed["token"]
        assert bob_new not in (ada_new, bob, ada)
        # Ada's token derives her own seat's token, never Bob's: the one she can compute for
        # seat 1 from her own opens nothing.
        with table_socket(client, table_id, ada) as ws:
            assert ws.receive_json()["seat"] == 0
            assert receive_until(ws, lambda m: m["type"] == "rematch")["token"] == ada_new
        with table_socket(client, new_id, rematch_token(ada, new_id, 1)) as ws:
            assert ws.receive_json()["key"] == "error.bad_token"
        with (
            table_socket(client, new_id, ada_new) as ada_ws,
            table_socket(client, new_id, bob_new) as bob_ws,
        ):
            version = bob_plays_a_move(ada_ws, bob_ws)
    history = TableService(open_database(db_url)).get(new_id).state.history
    assert history[version][0] == 1, "Bob played his seat at the rematch with the handed token"
    assert service_hashes_hold_no_token(db_url, [ada_new, bob_new])


def service_hashes_hold_no_token(db_url: str, tokens: list[str]) -> bool:
    """The store holds the rematch seats' hashes, never the tokens themselves."""
    with open_database(db_url).connect() as connection:
        stored = [str(v) for row in connection.execute(select(SeatRow)) for v in row]
    hashes = {hash_token(t) for t in tokens}
    return hashes <= set(stored) and not any(t in stored for t in tokens)


def test_each_key_of_a_seat_derives_a_key_of_its_rematch_seat(db_url: str) -> None:
    """A player who holds two keys to his seat (one obtained for another browser, ``seat_keys``)
    gets a rematch token from each, both opening his new seat and no other; the same key derives
    the same token every time (any process, any restart); a rematch seat handed to a bot meanwhile
    yields none."""
    table_id, (ada, bob) = finished_duel(db_url)
    service = TableService(open_database(db_url))
    with Session(service.engine) as session, session.begin():
        other_browser = "Bob's key for his telephone"
        session.add(SeatKeyRow(token_hash=hash_token(other_browser), table_id=table_id, index=1))
    table = service.get(table_id)
    new, answered = service.rematch(table, ada)
    assert answered[1] is None and answered[0] == service.rematch_seat(table, 0, ada)
    first, second = (
        service.rematch_seat(table, 1, bob),
        service.rematch_seat(table, 1, other_browser),
    )
    assert first is not None and second is not None and first != second
    assert service.rematch_seat(table, 1, bob) == first, "derived, so the same each time"
    assert [service.seat_of(new, t) for t in (first, second)] == [1, 1]
    assert service.seat_of(new, answered[0]) == 0
    service.hand_to_bot(new, 1, "random")
    assert service.rematch_seat(table, 1, bob) is None, "Bob's seat is a bot's now"
