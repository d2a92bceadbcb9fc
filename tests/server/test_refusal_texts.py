"""A malformed request or message is refused in the reader's language: pydantic's own reasons are
in English only, so each is named by a message of the catalog (``validation_reason``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import create_engine, update
from starlette.websockets import WebSocketDisconnect

from hippodrome.engine.i18n import catalog, texts
from hippodrome.server.schemas import validation_reason
from hippodrome.server.storage import TableRow
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import create


class Sample(BaseModel):
    """A field of each kind the API's schemas hold."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    name: Annotated[str, Field(min_length=1, max_length=5, pattern=r"^[a-z]*$")]
    seats: Annotated[list[int], Field(min_length=1, max_length=2)]
    count: Annotated[int, Field(ge=1, le=6)]
    share: float
    flag: bool
    nested: dict[str, int]


GOOD: dict[str, Any] = {
    "kind": "bot",
    "name": "ada",
    "seats": [1],
    "count": 2,
    "share": 0.5,
    "flag": True,
    "nested": {},
}


@pytest.mark.parametrize(
    ("field", "value", "key"),
    [
        ("kind", "wizard", "error.reason.choice"),
        ("name", "", "error.reason.empty"),
        ("name", "abcdefg", "error.reason.text_long"),
        ("name", "ABC", "error.reason.pattern"),
        ("name", 5, "error.reason.text"),
        ("seats", [], "error.reason.empty"),
        ("seats", [1, 2, 3], "error.reason.list_long"),
        ("seats", "1", "error.reason.list"),
        ("count", 0, "error.reason.at_least"),
        ("count", 9, "error.reason.at_most"),
        ("count", "many", "error.reason.integer"),
        ("share", "half", "error.reason.number"),
        ("flag", "maybe", "error.reason.boolean"),
        ("nested", [], "error.reason.object"),
        ("extra", 1, "error.reason.extra"),
        ("kind", None, "error.reason.choice"),
    ],
)
def test_each_refusal_of_a_field_has_its_own_words_in_both_languages(
    field: str, value: Any, key: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        Sample.model_validate({**GOOD, field: value})
    reason = validation_reason(caught.value.errors()[0])
    assert reason["key"] == key
    shown = texts(str(reason["key"]), reason["params"])
    for lang in ("en", "fr"):
        assert str(reason["key"]) in catalog(lang)
        assert "{" not in shown[lang] and "error." not in shown[lang]
    assert shown["en"] != shown["fr"]


def test_a_missing_field_and_an_unknown_one_are_named() -> None:
    with pytest.raises(ValidationError) as caught:
        Sample.model_validate({k: v for k, v in GOOD.items() if k != "count"})
    assert validation_reason(caught.value.errors()[0])["key"] == "error.reason.missing"
    assert validation_reason({"type": "some_new_kind"})["key"] == "error.reason.invalid"


def test_the_api_refuses_a_malformed_request_in_french_too(client: TestClient) -> None:
    for body in (
        {"game": "royal_turf", "seats": []},
        {"game": "royal_turf", "seats": [{"kind": "wizard"}]},
        {"game": 5, "seats": [{"kind": "human"}]},
        [1, 2],
    ):
        error = client.post("/api/tables", json=body).json()["error"]
        assert error["key"] == "error.bad_request"
        assert str(error["params"]["reason"]["key"]).startswith("error.reason.")
        assert "should" not in error["message"]["fr"].lower(), error
        assert error["message"]["en"] != error["message"]["fr"]
    nowhere = client.get("/api/nothing-here").json()["error"]
    assert (nowhere["key"], nowhere["message"]["fr"]) == ("error.http", "rien à cette adresse")


def test_a_malformed_message_on_a_table_s_socket_is_refused_in_french_too(
    client: TestClient,
) -> None:
    table = create(client, [{"kind": "human"}, {"kind": "human"}])
    with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
        ws.receive_json()
        ws.send_text('{"version": 1}')
        while (error := ws.receive_json())["type"] != "error":
            pass
        assert error["key"] == "error.bad_message"
        assert error["message"]["fr"] == "message mal formé (message : champ « type » manquant)"


def test_a_table_played_under_rules_since_changed_says_so_in_both_languages(db_url: str) -> None:
    """A store may hold a table of an earlier rules version: opening it is refused by name."""
    with make_client(db_url) as client:
        table = create(client, [{"kind": "human"}, {"kind": "human"}])
    engine = create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            update(TableRow).where(TableRow.id == table["id"]).values(rules_version=0)
        )
    engine.dispose()
    with make_client(db_url) as client:  # a new process: the table is read from the store
        answer = client.get(f"/api/tables/{table['id']}")
        assert answer.status_code == 409, answer.text
        error = answer.json()["error"]
        assert error["key"] == "error.rules_changed"
        assert "version 0 des règles" in error["message"]["fr"]
        assert "version 0 of the rules" in error["message"]["en"]
        # The table's page is told why its socket closes: not a bad seat key (4403), a table that
        # can no longer be played (4409), with the message.
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            assert ws.receive_json()["key"] == "error.rules_changed"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 4409
