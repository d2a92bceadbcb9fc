"""An account's care (issue 35, point 6; docs/web.md, "Accounts"): changing the password (the
current one required, the other sessions ended), resetting it by a link mailed to a confirmed
address (signed, expiring, working once; the mail delivered to a real SMTP server), deleting the
account (its seats become « former player », the others' games and ratings stay, its name stays
reserved), and names with invisible characters refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import make_client
from tests.server.test_accounts import (
    CLIENT_HEADERS,
    PASSWORD,
    accounts_at_a_table,
    browser,
    play_out,
    sign_up,
)
from tests.server.test_mail import (
    Inbox,
    body_of,
    confirmed_account,
    link_in,
    smtp,  # noqa: F401 (a fixture, as the mail tests start it)
)

NEW_PASSWORD = "a new and longer one"


def error_of(answer: Any) -> str:
    return str(answer.json()["error"]["key"])


def log_in(client: TestClient, name: str, password: str) -> int:
    return int(
        client.post("/api/account/login", json={"name": name, "password": password}).status_code
    )


def test_a_password_change_needs_the_current_one_and_ends_the_other_sessions(
    app_client: TestClient,
) -> None:
    sign_up(app_client, "Ada")
    phone = browser(app_client)
    assert log_in(phone, "Ada", PASSWORD) == 200
    url = "/api/account/password"
    wrong = app_client.post(url, json={"current": "not it at all", "new": NEW_PASSWORD})
    assert wrong.status_code == 403 and error_of(wrong) == "error.password_wrong"
    short = app_client.post(url, json={"current": PASSWORD, "new": "short"})
    assert short.status_code == 400 and error_of(short) == "error.password_length"
    answer = app_client.post(url, json={"current": PASSWORD, "new": NEW_PASSWORD})
    assert answer.status_code == 200 and answer.json() == {"sessions_ended": 1}
    assert app_client.get("/api/account").json()["account"] == {"name": "Ada"}, "this one stays"
    assert phone.get("/api/account").json()["account"] is None, "the phone's session ended"
    assert log_in(phone, "Ada", PASSWORD) == 401
    assert log_in(phone, "Ada", NEW_PASSWORD) == 200
    guest = browser(app_client, "192.0.2.9")
    assert guest.post(url, json={"current": PASSWORD, "new": NEW_PASSWORD}).status_code == 401


def test_a_password_is_reset_once_by_the_link_mailed_to_a_confirmed_address(
    db_url: str,
    smtp: tuple[str, Inbox],  # noqa: F811
) -> None:
    url, inbox = smtp
    with make_client(db_url, smtp_url=url, mail_from="hippodrome@example.org") as ada:
        ada.headers.update(CLIENT_HEADERS)
        confirmed_account(ada, inbox, "Ada", "ada@example.org", "en")
        other = browser(ada, "192.0.2.10")
        before = len(inbox.messages)
        nobody = other.post("/api/account/reset", json={"name": "Nobody"})
        asked = other.post("/api/account/reset", json={"name": "ada"})
        assert nobody.status_code == asked.status_code == 202
        assert nobody.json() == asked.json(), "the answer tells nobody who has an address"
        message = inbox.wait(before + 1)[before]
        assert len(inbox.messages) == before + 1, "no mail for a name without an account"
        assert message["To"] == "ada@example.org" and "60 minutes" in body_of(message)
        link = link_in(message)
        assert "/account/reset#token=" in link
        token = link.split("#token=", 1)[1]
        page = other.get("/account/reset")  # the link's page: it reads the token from #token=
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        confirm = "/api/account/reset/confirm"
        done = other.post(confirm, json={"token": token, "password": NEW_PASSWORD})
        assert done.status_code == 200 and done.json() == {"name": "Ada"}
        assert ada.get("/api/account").json()["account"] is None, "every session ended"
        again = other.post(confirm, json={"token": token, "password": "yet another password"})
        assert again.status_code == 400 and error_of(again) == "error.link_used"
        forged = other.post(confirm, json={"token": token[:-4] + "AAAA", "password": PASSWORD})
        assert forged.status_code == 400 and error_of(forged) == "error.link_invalid"
        assert log_in(other, "Ada", NEW_PASSWORD) == 200
    with make_client(db_url, smtp_url=url, reset_ttl=-60.0) as late:
        late.headers.update(CLIENT_HEADERS)
        before = len(inbox.messages)
        late.post("/api/account/reset", json={"name": "Ada"})
        token = link_in(inbox.wait(before + 1)[before]).split("#token=", 1)[1]
        expired = late.post(
            "/api/account/reset/confirm", json={"token": token, "password": PASSWORD}
        )
        assert expired.status_code == 400 and error_of(expired) == "error.link_expired"


def test_a_deleted_account_leaves_a_former_player_and_the_others_ratings(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client)
    play_out(db_url, table["id"])
    with make_client(db_url, leaderboard_min_games=1) as ada:
        ada.headers.update(CLIENT_HEADERS)
        bob = browser(ada)
        assert log_in(bob, "Bob", PASSWORD) == 200
        bob_rating = bob.get("/api/players/Bob").json()["ratings"]
        assert bob.post("/api/account/follows", json={"name": "Ada"}).status_code == 201
        assert log_in(ada, "Ada", PASSWORD) == 200
        wrong = ada.post("/api/account/delete", json={"password": "not my password"})
        assert wrong.status_code == 403 and error_of(wrong) == "error.password_wrong"
        answer = ada.post("/api/account/delete", json={"password": PASSWORD})
        assert answer.status_code == 200 and answer.json() == {"account": None}
        assert ada.get("/api/account").json()["account"] is None
        assert log_in(ada, "Ada", PASSWORD) == 401, "nobody logs in with it"
        assert ada.get("/api/players/Ada").status_code == 404
        taken = ada.post("/api/account/signup", json={"name": "ADA", "password": PASSWORD})
        assert taken.status_code == 409 and error_of(taken) == "error.name_taken", "kept reserved"
        seats = ada.get(f"/api/tables/{table['id']}").json()["seats"]
        assert seats[0]["name"] == "former player" and seats[0]["former"] is True
        assert seats[1]["name"] == "Bob" and not seats[1].get("former")
        assert bob.get("/api/players/Bob").json()["ratings"] == bob_rating, "Bob's stays"
        assert bob.get("/api/players/Bob").json()["played"] == 1, "and so does the game"
        board = bob.get("/api/leaderboard/royal_turf").json()["players"]
        assert [p["name"] for p in board] == ["Bob"]
        assert bob.get("/api/account/follows").json() == []


@pytest.mark.parametrize(
    "name",
    ["Zo\u200be", "\u202eAda", "Ada\u2066", "Bob\u200d"],
    ids=["zero-width space", "right-to-left override", "direction isolate", "zero-width joiner"],
)
def test_a_name_with_invisible_characters_is_refused(app_client: TestClient, name: str) -> None:
    answer = app_client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 400 and error_of(answer) == "error.account_name_invisible"
    message = answer.json()["error"]["message"]
    assert message["en"] != message["fr"] and "invisible" in message["fr"]
