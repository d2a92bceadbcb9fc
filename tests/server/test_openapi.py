"""The HTTP API against its own OpenAPI document, by schemathesis: generated requests, valid and
not, must never meet a server error, and every answer must have a status, a content type and a body
the document declares for its route. Plain tests pin the cases such runs have found."""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from hippodrome.server.app import create_app
from hippodrome.server.settings import Settings

from .conftest import make_client

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


ROUTES = [
    (method.upper(), path)
    for path, operations in create_app(Settings()).openapi()["paths"].items()
    for method in operations
]
EXAMPLES = int(os.environ.get("HIPPODROME_OPENAPI_EXAMPLES", "20"))
"""Generated requests per route and mode: a short run by default; a long one is a setting away
(``HIPPODROME_OPENAPI_EXAMPLES=2000``, and ``HIPPODROME_OPENAPI_DB`` for another database)."""


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> schemathesis.BaseSchema:
    db_url = os.environ.get("HIPPODROME_OPENAPI_DB")
    if db_url is None:
        db_url = f"sqlite:///{tmp_path_factory.mktemp('openapi') / 'hippodrome.db'}"
    # Bots wait for an hour: the tables the run creates stay still instead of playing meanwhile.
    app = create_app(Settings(db_url=db_url, bot_delay=3600.0, bot_processes=0))
    return schemathesis.openapi.from_asgi("/api/openapi.json", app)


@pytest.mark.parametrize("mode", list(GenerationMode))
@pytest.mark.parametrize(("method", "path"), ROUTES)
def test_every_route_answers_as_its_openapi_document_says(
    api_schema: schemathesis.BaseSchema, method: str, path: str, mode: GenerationMode
) -> None:
    operation = api_schema[path][method]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def answers_as_documented(case: schemathesis.Case[Any]) -> None:
        case.call_and_validate(checks=CHECKS)

    try:
        answers_as_documented()
    except Unsatisfiable:
        # No request breaks this route's schema (a free text in the path): nothing to send.
        assert mode == GenerationMode.NEGATIVE, "valid requests exist for every route"


def test_an_offset_past_any_database_integer_is_refused_not_a_server_error(
    client: TestClient,
) -> None:
    # Found by schemathesis: the offset reached the database, which cannot hold it (a 500).
    answer = client.get("/api/tables", params={"offset": 2**63})
    assert answer.status_code == 422
    assert answer.json()["error"]["key"] == "error.bad_request"
    assert answer.json()["error"]["params"]["field"] == "query.offset"
    assert client.get("/api/tables", params={"offset": 2**31 - 1}).json() == []


def test_a_table_id_no_table_can_have_is_not_found(client: TestClient) -> None:
    for table_id in ("a%00b", "%E2%82%AC", "a.b"):
        answer = client.get(f"/api/tables/{table_id}")
        assert answer.status_code == 404, table_id
        assert answer.json()["error"]["key"] == "error.table_not_found"


def test_a_control_character_in_a_seat_name_is_refused(client: TestClient) -> None:
    answer = client.post(
        "/api/tables",
        json={"game": "royal_turf", "seats": [{"kind": "human", "name": "Ada\x00"}]},
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["params"]["field"] == "body.seats.0.name"


def test_postgresql_refuses_bad_input_without_a_server_error(pg_url: str) -> None:
    # PostgreSQL, unlike SQLite, fails on a NUL character or an offset past its integers.
    with make_client(pg_url) as client:
        assert client.get("/api/tables", params={"offset": 2**63}).status_code == 422
        assert client.get("/api/tables", params={"offset": 2**31 - 1}).json() == []
        assert client.get("/api/tables/a%00b").status_code == 404
        assert client.get("/api/tables/a%00b/replay").status_code == 404


def test_the_openapi_document_declares_the_error_body_for_every_error_status(
    client: TestClient,
) -> None:
    document = client.get("/api/openapi.json").json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                if status.startswith("4"):
                    schema_ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert schema_ref.endswith("/ErrorBody"), (method, path, status)
