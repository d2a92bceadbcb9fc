"""Friends (issue 35, point 4; docs/web.md, "Friends"): following an account, the friends' running
tables (never a private one), and inviting an account to a seat by its name: the seat is kept for
it, appears in its « My tables » (and by e-mail, to a confirmed address, if it wishes), and is
played with its own key or declined."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import make_client, table_socket
from tests.server.test_accounts import (
    CLIENT_HEADERS,
    ROYAL_TURF_THREE,
    browser,
    sign_up,
)
from tests.server.test_mail import (
    Inbox,
    body_of,
    confirmed_account,
    smtp,  # noqa: F401 (a fixture, as the mail tests start it)
)

MINE_AND_FREE = [
    {"kind": "human", "mine": True},
    {"kind": "human"},
    {"kind": "bot", "bot": "random"},
]


def error_of(answer: Any) -> str:
    return str(answer.json()["error"]["key"])


def test_an_account_follows_and_unfollows_others_by_name(app_client: TestClient) -> None:
    assert app_client.get("/api/account/follows").status_code == 401, "for accounts only"
    bob = browser(app_client)
    sign_up(bob, "Bob")
    sign_up(app_client, "Ada")
    answer = app_client.post("/api/account/follows", json={"name": "BOB"})
    assert answer.status_code == 201 and answer.json()["name"] == "Bob"
    app_client.post("/api/account/follows", json={"name": "bob"})  # again: changes nothing
    assert [f["name"] for f in app_client.get("/api/account/follows").json()] == ["Bob"]
    myself = app_client.post("/api/account/follows", json={"name": "Ada"})
    assert myself.status_code == 409 and error_of(myself) == "error.follow_self"
    nobody = app_client.post("/api/account/follows", json={"name": "Nobody"})
    assert nobody.status_code == 404 and error_of(nobody) == "error.player_not_found"
    assert app_client.delete("/api/account/follows/Bob").json() == []


def test_the_friends_running_tables_are_listed_never_a_private_one(
    app_client: TestClient,
) -> None:
    bob = browser(app_client)
    sign_up(bob, "Bob")
    public = bob.post("/api/tables", json={"game": "royal_turf", "seats": ROYAL_TURF_THREE})
    private = bob.post(
        "/api/tables", json={"game": "royal_turf", "seats": ROYAL_TURF_THREE, "private": True}
    )
    assert public.status_code == private.status_code == 201
    cleo = browser(app_client)
    sign_up(cleo, "Cleo")
    cleo.post("/api/tables", json={"game": "royal_turf", "seats": ROYAL_TURF_THREE})
    sign_up(app_client, "Ada")
    assert app_client.get("/api/account/friends/tables").json() == []
    app_client.post("/api/account/follows", json={"name": "Bob"})
    tables = app_client.get("/api/account/friends/tables").json()
    assert [(t["id"], t["friends"]) for t in tables] == [(public.json()["id"], ["Bob"])]


def invited_table(ada: TestClient) -> tuple[dict[str, Any], TestClient]:
    """Ada creates a table keeping the first seat; Bob has an account. Returns the table and
    Bob's browser (Bob not invited yet)."""
    sign_up(ada, "Ada")
    answer = ada.post("/api/tables", json={"game": "royal_turf", "seats": MINE_AND_FREE})
    assert answer.status_code == 201, answer.text
    bob = browser(ada)
    sign_up(bob, "Bob")
    table: dict[str, Any] = answer.json()
    return table, bob


def test_a_seat_invited_by_name_is_kept_listed_and_played_with_the_accounts_own_key(
    app_client: TestClient,
) -> None:
    table, bob = invited_table(app_client)
    ada_token = table["seats"][0]["token"]
    url = f"/api/tables/{table['id']}/seats/1/invite"
    answer = app_client.post(url, json={"name": "bob"}, headers={"X-Seat-Token": ada_token})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"table": table["id"], "seat": 1, "name": "Bob", "mailed": False}
    seat = app_client.get(f"/api/tables/{table['id']}").json()["seats"][1]
    assert seat["name"] == "Bob" and seat["free"] is False
    [mine] = bob.get("/api/account/tables").json()
    assert (mine["id"], mine["seat"], mine["invited_by"]) == (table["id"], 1, "Ada")
    # The seat's first link, in a stranger's hands, no longer plays it: it is Bob's now.
    stranger = browser(app_client, "192.0.2.7")
    with table_socket(stranger, table["id"], table["seats"][1]["token"]) as ws:
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["key"] == "error.seat_of_account"
    key = bob.post(f"/api/account/tables/{table['id']}/seats/1/key").json()["token"]
    with table_socket(bob, table["id"], key) as ws:
        assert ws.receive_json()["seat"] == 1
    [mine] = bob.get("/api/account/tables").json()
    assert mine["invited_by"] is None, "he came: no longer an invitation"


def test_an_invitation_is_refused_with_a_reason(app_client: TestClient) -> None:
    table, bob = invited_table(app_client)
    url = f"/api/tables/{table['id']}/seats/{{}}/invite"
    ada = {"X-Seat-Token": table["seats"][0]["token"]}
    cases = [
        (url.format(1), {"name": "Bob"}, {}, 403, "error.seat_needed"),
        (url.format(1), {"name": "Nobody"}, ada, 404, "error.player_not_found"),
        (url.format(0), {"name": "Bob"}, ada, 409, "error.invite_seat_taken"),
        (url.format(2), {"name": "Bob"}, ada, 409, "error.invite_seat_taken"),
        (url.format(9), {"name": "Bob"}, ada, 404, "error.no_seat"),
        (url.format(1), {"name": "Ada"}, ada, 409, "error.invite_seated"),
    ]
    for address, body, headers, status, key in cases:
        answer = app_client.post(address, json=body, headers=headers)
        assert (answer.status_code, error_of(answer)) == (status, key), (address, body)
        message = answer.json()["error"]["message"]
        assert message["en"] != message["fr"]
    with table_socket(app_client, table["id"], table["seats"][0]["token"]):
        pass
    taken = bob.post(f"/api/tables/{table['id']}/seats/1/take", json={})
    assert taken.status_code == 200, taken.text  # the table runs now
    late = app_client.post(url.format(1), json={"name": "Bob"}, headers=ada)
    assert late.status_code == 409 and error_of(late) == "error.invite_not_open"


def test_a_declined_invitation_frees_the_seat(app_client: TestClient) -> None:
    table, bob = invited_table(app_client)
    ada = {"X-Seat-Token": table["seats"][0]["token"]}
    app_client.post(f"/api/tables/{table['id']}/seats/1/invite", json={"name": "Bob"}, headers=ada)
    decline = f"/api/account/invitations/{table['id']}/1/decline"
    assert app_client.post(decline).status_code == 404, "Ada was not invited to it"
    assert bob.post(decline).status_code == 204
    seat = app_client.get(f"/api/tables/{table['id']}").json()["seats"][1]
    assert seat["free"] is True and seat["name"] == "Player 2"
    assert bob.get("/api/account/tables").json() == []
    again = bob.post(decline)
    assert again.status_code == 404 and error_of(again) == "error.invitation_not_found"


def test_an_invitation_reaches_a_confirmed_address_by_mail_if_wished(
    db_url: str,
    smtp: tuple[str, Inbox],  # noqa: F811
) -> None:
    url, inbox = smtp
    with make_client(db_url, smtp_url=url, mail_from="hippodrome@example.org") as ada:
        ada.headers.update(CLIENT_HEADERS)
        sign_up(ada, "Ada")
        created = ada.post("/api/tables", json={"game": "royal_turf", "seats": MINE_AND_FREE})
        table = created.json()
        bob = browser(ada)
        confirmed_account(bob, inbox, "Bob", "bob@example.org", "fr")
        headers = {"X-Seat-Token": table["seats"][0]["token"]}
        invite = f"/api/tables/{table['id']}/seats/1/invite"
        first = ada.post(invite, json={"name": "Bob"}, headers=headers)
        assert first.json()["mailed"] is False, "Bob has not asked for invitations by mail"
        assert bob.post(f"/api/account/invitations/{table['id']}/1/decline").status_code == 204
        wish = bob.put("/api/account/invite-mail", json={"invite_mail": True})
        assert wish.status_code == 200 and bob.get("/api/account/invite-mail").json()["invite_mail"]
        before = len(inbox.messages)
        second = ada.post(invite, json={"name": "Bob"}, headers=headers)
        assert second.json()["mailed"] is True
        message = inbox.wait(before + 1)[before]
    assert message["To"] == "bob@example.org"
    assert "Ada" in str(message["Subject"]) and "Royal Turf" in str(message["Subject"])
    assert "« Mes tables »" in body_of(message), "in the language Bob reads"
