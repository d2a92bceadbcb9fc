"""Issue 39's edges of the HTTP API: a NUL character never reaches the database (PostgreSQL
answered 500 where SQLite answered), a 405 names the methods its address takes, look-alike account
names in other alphabets are refused before anyone is fooled, "log out everywhere" ends every
session, sessions slide within a bounded life instead of lasting 30 days, and nothing is kept per
connection or per finished table."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from hippodrome.server.accounts import SESSION_COOKIE, passes_for_latin
from hippodrome.server.connection import Connection
from hippodrome.server.storage import LoginSessionRow, TableRow, now
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import create, receive_until

CLIENT_HEADERS = {"X-Hippodrome": "1"}
PASSWORD = "correct horse battery"


@pytest.fixture
def api(any_db: str) -> Iterator[TestClient]:
    with make_client(any_db) as client:
        client.headers.update(CLIENT_HEADERS)
        yield client


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server on SQLite for the checks that ask nothing particular of the database."""
    db_url = f"sqlite:///{tmp_path_factory.mktemp('edges') / 'hippodrome.db'}"
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        yield client


def error_of(answer: Any) -> str:
    key: str = answer.json()["error"]["key"]
    return key


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


# -- NUL ------------------------------------------------------------------------------------------


NUL_REQUESTS: list[tuple[str, str, Any, int, str]] = [
    ("POST", "/api/account/login", {"name": "a\x00b", "password": PASSWORD}, 422, "body.name"),
    ("POST", "/api/account/signup", {"name": "Zo\x00e", "password": PASSWORD}, 422, "body.name"),
    ("GET", "/api/players/a%00b", None, 404, "error.player_not_found"),
    ("GET", "/api/tables?game=a%00", None, 422, "query"),
    ("GET", "/api/tables/ab%00cd", None, 404, "error.table_not_found"),
    ("GET", "/api/tables/ab%00cd/replay", None, 404, "error.table_not_found"),
    ("POST", "/api/account/tables/a%00b/seats/0/key", None, 404, "error.table_not_found"),
    (
        "POST",
        "/api/tables",
        {"game": "royal_turf", "seats": [{"kind": "human", "name": "A\x00"}]},
        422,
        "body.seats.0.name",
    ),
    ("POST", "/api/tables", {"game": "royal\x00turf", "seats": []}, 422, "body.game"),
]
"""Each request, the status it gets and what its error names (the field, or the key)."""


def test_a_nul_character_is_a_named_refusal_on_every_database(api: TestClient) -> None:
    """PostgreSQL cannot hold a NUL in a text: a login name, a player's or a table's address, a
    game filter, a seat's name with one was a 500 there. Every one is now refused alike on both
    databases, with a named error, before the database is asked."""
    for method, path, body, status, named in NUL_REQUESTS:
        answer = api.request(method, path, json=body)
        assert answer.status_code == status, (method, path, answer.text)
        error = answer.json()["error"]
        if status == 422:
            assert (error["key"], error["params"]["field"]) == ("error.bad_request", named)
            assert "NUL" in error["message"]["en"], answer.text
        else:
            assert error["key"] == named, answer.text


def test_an_escaped_backslash_before_u0000_is_no_nul(site: TestClient) -> None:
    """``\\\\u0000`` in JSON is a backslash and the text ``u0000``: not refused as a NUL (the
    name is judged as any other, here too short for nothing)."""
    raw = '{"name": "x\\\\u0000", "password": "correct horse battery"}'
    answer = site.post(
        "/api/account/login", content=raw, headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 401, answer.text


# -- 405 ------------------------------------------------------------------------------------------


def test_a_method_an_address_does_not_take_is_answered_with_allow(site: TestClient) -> None:
    answer = site.delete("/api/games")
    assert answer.status_code == 405
    assert answer.headers.get("allow") == "GET", answer.headers
    assert error_of(answer) == "error.http"


# -- look-alike names -----------------------------------------------------------------------------


LOOK_ALIKE_SCRIPTS = [
    "Zo\u0435",  # a Cyrillic е among Latin letters
    "\u0410da",  # a Cyrillic А
    "\u0410\u0435\u0435",  # all Cyrillic, every letter passing for a Latin one
    "\u039fscar",  # a Greek capital Ο
]


def test_a_name_whose_letters_pass_for_latin_ones_is_refused_before_its_twin_exists(
    site: TestClient,
) -> None:
    """Nobody has taken ``Zoe`` yet: ``Zoе`` (Cyrillic е) is refused all the same, or it would be
    the real one's twin the day she signs up."""
    for name in LOOK_ALIKE_SCRIPTS:
        answer = site.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 400, (name, answer.text)
        assert error_of(answer) == "error.account_name_scripts"


def test_names_wholly_in_one_alphabet_are_welcome() -> None:
    for name in ("Борис", "Zoë", "Ζωή", "Ева", "李雷", "Ada Lovelace"):
        assert not passes_for_latin(name), name


# -- sessions -------------------------------------------------------------------------------------


def test_logging_out_everywhere_ends_the_sessions_of_every_browser(site: TestClient) -> None:
    api = TestClient(site.app)
    api.headers.update(CLIENT_HEADERS)
    sign_up(api, "Ada")
    phone = TestClient(site.app)
    phone.headers.update(CLIENT_HEADERS)
    answer = phone.post("/api/account/login", json={"name": "Ada", "password": PASSWORD})
    assert answer.status_code == 200
    assert phone.get("/api/account").json()["account"] == {"name": "Ada"}

    answer = api.post("/api/account/logout-everywhere")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"account": None, "sessions": 2}
    assert api.get("/api/account").json()["account"] is None
    assert phone.get("/api/account").json()["account"] is None, "the phone is logged out too"
    assert api.post("/api/account/logout-everywhere").status_code == 401, "a guest has none"


def test_a_session_slides_while_used_and_ends_when_unused_or_too_old(db_url: str) -> None:
    """A login lasts ``session_ttl`` unused; each use moves its end forward (at most once an hour),
    never past ``session_max_age`` after the login; the cookie lives that long at most."""
    with make_client(db_url, session_ttl=3 * 86400.0, session_max_age=10 * 86400.0) as api:
        api.headers.update(CLIENT_HEADERS)
        answer = api.post("/api/account/signup", json={"name": "Ada", "password": PASSWORD})
        assert f"Max-Age={10 * 86400}" in answer.headers["set-cookie"]
        engine = api.app.state.service.engine  # type: ignore[attr-defined]

        def ends() -> Any:
            with Session(engine) as session:
                return session.scalar(select(LoginSessionRow.expires))

        def age(days: float, left: float) -> None:
            """The session as if logged in ``days`` ago, with ``left`` days before it ends."""
            with Session(engine) as session, session.begin():
                session.execute(
                    update(LoginSessionRow).values(
                        created=now() - timedelta(days=days), expires=now() + timedelta(days=left)
                    )
                )

        age(2, left=1)  # used two days after the login: a day was left, three are now
        assert api.get("/api/account").json()["account"] == {"name": "Ada"}
        left = ends().replace(tzinfo=None) - now().replace(tzinfo=None)
        assert timedelta(days=2, hours=23) < left <= timedelta(days=3)

        age(8.5, left=1)  # 8.5 days after the login: 1.5 days left at most, not three
        assert api.get("/api/account").json()["account"] == {"name": "Ada"}
        left = ends().replace(tzinfo=None) - now().replace(tzinfo=None)
        assert timedelta(days=1, hours=11) < left <= timedelta(days=1, hours=12)

        age(4, left=-1)  # unused for longer than session_ttl: over
        assert api.get("/api/account").json()["account"] is None
        assert api.cookies.get(SESSION_COOKIE)


# -- memory after many connections ----------------------------------------------------------------


def test_nothing_is_kept_per_connection_nor_per_table_once_its_game_is_over(db_url: str) -> None:
    """A process kept 46-53 MB more after 2,000-3,000 sequential connections. Counted in objects:
    once closed, no connection is kept; and what a seat's departure leaves (its absence's start,
    the table's wait) is forgotten on the sweeper's round once the game is over, instead of
    staying for every table a player ever left."""
    with make_client(db_url, tables_per_address=0, seats_per_address=0) as client:
        runtime = client.app.state.runtime  # type: ignore[attr-defined]
        tables = []
        for _ in range(30):
            table = create(client, [{"kind": "human", "name": "Ada"}, {"kind": "human"}])
            tables.append(table["id"])
            for token in (table["seats"][0]["token"], None):
                with table_socket(client, table["id"], token) as ws:
                    receive_until(ws, lambda m: m["type"] == "state")
        gc.collect()
        assert not [o for o in gc.get_objects() if isinstance(o, Connection)]
        assert not runtime.presence.connections
        assert len(runtime.presence.tables_remembered()) == 30
        with Session(runtime.service.engine) as session, session.begin():
            session.execute(
                update(TableRow).where(TableRow.id.in_(tables[:20])).values(status="finished")
            )
        assert runtime.sweeper.forget_over() == set(tables[:20])
        assert runtime.presence.tables_remembered() == set(tables[20:])
        assert len(runtime.presence.absent_since) == 10
