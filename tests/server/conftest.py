"""Fixtures for the server: an app on a fresh database (SQLite file; PostgreSQL when reachable)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hippodrome.server.app import create_app
from hippodrome.server.settings import Settings

PG_ADMIN = os.environ.get(
    "HIPPODROME_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)


def postgres_available() -> str | None:
    """None if PostgreSQL answers, else why not."""
    try:
        import sqlalchemy  # noqa: PLC0415

        engine = sqlalchemy.create_engine(PG_ADMIN, connect_args={"connect_timeout": 2})
        with engine.connect():
            pass
        engine.dispose()
    except Exception as exc:
        return f"no PostgreSQL at {PG_ADMIN}: {exc.__class__.__name__}"
    return None


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hippodrome.db'}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL database, dropped afterwards. Mandatory in CI, skipped with a reason elsewhere."""
    import sqlalchemy  # noqa: PLC0415

    reason = postgres_available()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is required in CI: {reason}")
        pytest.skip(reason)
    name = f"hippodrome_test_{uuid.uuid4().hex[:10]}"
    admin = sqlalchemy.create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    try:
        yield PG_ADMIN.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest) -> str:
    """Each database Hippodrome supports, in turn."""
    url: str = request.getfixturevalue("db_url" if request.param == "sqlite" else "pg_url")
    return url


def make_client(db_url: str, **settings: object) -> TestClient:
    # Tests play as fast as the server answers: no message budget unless a test sets one.
    values: dict[str, object] = {
        "bot_delay": 0.0,
        "seat_timeout": 60.0,
        "bot_processes": 0,
        "ws_messages_per_second": 0.0,
    }
    values.update(settings)
    return TestClient(create_app(Settings(db_url=db_url, **values)))  # type: ignore[arg-type]


@contextmanager
def table_socket(
    client: TestClient, table_id: str, token: str | None = None
) -> Iterator[WebSocketTestSession]:
    """A websocket at the table, joined as the seat of ``token`` (none: a spectator)."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "join", "token": token})
        yield ws


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as c:
        yield c


CLIENT_HEADERS = {"X-Hippodrome": "1"}
"""The header the site's own pages send with every request (the server's cross-site check)."""


@pytest.fixture
def app_client(db_url: str) -> Iterator[TestClient]:
    """A client on a fresh database that sends the site's own header, as the browser's pages do."""
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        yield client
