"""Accounts (docs/web.md, "Accounts"): sign up, log in and out, the session cookie, "my tables" from
another browser, ratings after a game between accounts, and the cross-site protections a login
cookie calls for (origin checks, the custom header, login attempts counted per address)."""

from __future__ import annotations

import logging
from importlib.resources import files
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session
from starlette.websockets import WebSocketDisconnect

from hippodrome.engine.types import CHANCE
from hippodrome.server.accounts import SESSION_COOKIE
from hippodrome.server.service import TableService
from hippodrome.server.storage import AccountRow, Base, LoginSessionRow, SeatRow, open_database
from tests.server.conftest import make_client, table_socket

CLIENT_HEADERS = {"X-Hippodrome": "1"}
"""What the browser client sends with every request that changes something."""
PASSWORD = "correct horse battery"
ROYAL_TURF_THREE = [
    {"kind": "human", "name": "Ada"},
    {"kind": "human", "name": "Bob"},
    {"kind": "bot", "bot": "random"},
]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest) -> str:
    url: str = request.getfixturevalue("db_url" if request.param == "sqlite" else "pg_url")
    return url


def browser(client: TestClient, address: str = "testclient") -> TestClient:
    """Another browser (its own cookies) on the same server, as the client does: custom header on."""
    other = TestClient(client.app, client=(address, 50000))
    other.headers.update(CLIENT_HEADERS)
    return other


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    answer = client.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def create_table(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "royal_turf", "seats": seats})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def ada_and_bob_at_a_table(ada: TestClient) -> tuple[dict[str, Any], TestClient]:
    """Ada signs up and creates a table (its first seat hers); Bob signs up on another browser and
    joins the second seat while logged in. Returns the table and Bob's browser."""
    sign_up(ada, "Ada")
    table = create_table(ada, ROYAL_TURF_THREE)
    bob = browser(ada)
    sign_up(bob, "Bob")
    with table_socket(bob, table["id"], table["seats"][1]["token"]) as ws:
        assert ws.receive_json()["seat"] == 1
    return table, bob


def error_of(answer: Any) -> str:
    error = answer.json()["error"]
    assert error["message"]["en"] and error["message"]["fr"], "a refusal is told in both languages"
    key: str = error["key"]
    return key


# -- signing up, logging in and out -------------------------------------------------------------


def test_sign_up_log_out_and_log_in_again(any_db: str) -> None:
    with make_client(any_db) as client:
        client.headers.update(CLIENT_HEADERS)
        assert client.get("/api/account").json() == {"account": None}, "a guest to begin with"
        answer = client.post("/api/account/signup", json={"name": " Ada ", "password": PASSWORD})
        assert answer.status_code == 201 and answer.json() == {"name": "Ada"}
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
        assert client.get("/api/account").json() == {"account": {"name": "Ada"}}

        assert client.post("/api/account/logout").json() == {"account": None}
        assert client.get("/api/account").json() == {"account": None}
        assert client.get("/api/account/tables").status_code == 401

        answer = client.post("/api/account/login", json={"name": "ADA", "password": PASSWORD})
        assert answer.status_code == 200 and answer.json() == {"name": "Ada"}
        assert client.get("/api/account").json() == {"account": {"name": "Ada"}}

    with Session(open_database(any_db)) as session:
        stored = session.scalars(select(AccountRow.password_hash)).one()
        assert stored.startswith("$argon2id$") and PASSWORD not in stored
        tokens = session.scalars(select(LoginSessionRow.token_hash)).all()
        assert len(tokens) == 1, "the logout ended the first session; the login opened one"
        assert client.cookies.get(SESSION_COOKIE) not in tokens, "sessions are stored hashed"


def test_a_name_is_taken_once_whatever_its_case(app_client: TestClient) -> None:
    sign_up(app_client, "Ada")
    other = browser(app_client)
    answer = other.post("/api/account/signup", json={"name": "aDA", "password": PASSWORD})
    assert answer.status_code == 409 and error_of(answer) == "error.name_taken"
    assert other.get("/api/account").json() == {"account": None}, "no session for a refusal"


LOOK_ALIKES = ["Zoë", "ZOÉ", "\u0396oe", "Ｚｏｅ", "Zo\u0435"]
"""Zoe with an accent, in capitals, with a Greek capital Zeta, in full-width letters, with a
Cyrillic e (a name with an invisible space is refused whatever others there are:
``test_account_management.py``)."""


def test_a_name_that_looks_like_another_is_refused(any_db: str) -> None:
    """Zoe exists: each look-alike would pass for her, and is refused (NFKC, case-folded,
    confusables); a name that looks like no other is taken."""
    with make_client(any_db) as client:
        client.headers.update(CLIENT_HEADERS)
        sign_up(client, "Zoe")
        for look_alike in LOOK_ALIKES:
            other = browser(client, "198.51.100.7")
            body = {"name": look_alike, "password": PASSWORD}
            answer = other.post("/api/account/signup", json=body)
            assert answer.status_code == 409, (look_alike, answer.text)
            # Full-width letters are the same name once NFKC-normalised: taken, as ZOE would be.
            assert error_of(answer) in {"error.name_look_alike", "error.name_taken"}, look_alike
            assert other.get("/api/account").json() == {"account": None}
        assert sign_up(other, "Zed")["name"] == "Zed"


def migrations(connection: object) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("hippodrome.server") / "migrations"))
    config.attributes["connection"] = connection
    return config


def test_the_accounts_made_before_migration_0009_have_their_look(any_db: str) -> None:
    """A store at 0008 holding Zoë's account is migrated: her name's look is stored, a Zoe is
    refused, she still logs in, and every migration together gives the model's schema."""
    engine = create_engine(any_db)
    with engine.begin() as connection:
        command.upgrade(migrations(connection), "0008_rematch")
        connection.execute(
            text(
                "INSERT INTO accounts (name, name_key, password_hash, created)"
                " VALUES (:name, :key, :hash, CURRENT_TIMESTAMP)"
            ),
            {"name": "Zoë", "key": "zoë", "hash": PasswordHasher().hash(PASSWORD)},
        )
    engine.dispose()
    engine = open_database(any_db)
    with engine.connect() as connection:
        assert connection.scalar(select(AccountRow.name_skeleton)) == "zoe"
        context = MigrationContext.configure(connection)
        assert compare_metadata(context, Base.metadata) == [], "the model and the migrations agree"
    engine.dispose()
    with make_client(any_db) as client:
        client.headers.update(CLIENT_HEADERS)
        answer = client.post("/api/account/signup", json={"name": "Zoe", "password": PASSWORD})
        assert answer.status_code == 409 and error_of(answer) == "error.name_look_alike"
        answer = client.post("/api/account/login", json={"name": "ZOË", "password": PASSWORD})
        assert answer.status_code == 200 and answer.json() == {"name": "Zoë"}


def test_a_bad_name_or_a_short_password_is_refused_by_name(app_client: TestClient) -> None:
    cases = [
        ({"name": "A", "password": PASSWORD}, 400, "error.account_name"),
        ({"name": "Ada", "password": "short"}, 400, "error.password_length"),
        ({"name": "Ada\x07", "password": PASSWORD}, 400, "error.account_name"),
        ({"name": "Ada", "password": "x" * 300}, 422, "error.bad_request"),
    ]
    for body, status, key in cases:
        answer = app_client.post("/api/account/signup", json=body)
        assert answer.status_code == status and error_of(answer) == key, (body, answer.text)


def test_a_wrong_password_or_an_unknown_name_is_refused_alike(app_client: TestClient) -> None:
    sign_up(app_client, "Ada")
    app_client.post("/api/account/logout")
    for name, password in (("Ada", "wrong password"), ("Nobody", PASSWORD)):
        answer = app_client.post("/api/account/login", json={"name": name, "password": password})
        assert answer.status_code == 401 and error_of(answer) == "error.bad_password"
        assert SESSION_COOKIE not in answer.headers.get("set-cookie", "")
    assert app_client.get("/api/account").json() == {"account": None}


def test_passwords_are_never_logged_nor_sent_back(
    app_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "never-say-this-0042"
    answers = [
        app_client.post("/api/account/signup", json={"name": "Ada", "password": secret}),
        app_client.post("/api/account/login", json={"name": "Ada", "password": secret + "x"}),
        app_client.post("/api/account/signup", json={"name": "A", "password": secret}),
        app_client.post("/api/account/signup", json={"name": ["Ada"], "password": secret}),
    ]
    assert [a.status_code for a in answers] == [201, 401, 400, 422]
    for answer in answers:
        assert secret not in answer.text
    assert secret not in caplog.text


# -- login attempts per address ------------------------------------------------------------------


def test_login_attempts_are_limited_per_address(db_url: str) -> None:
    with make_client(db_url, logins_per_address=3, logins_window=300.0) as client:
        client.headers.update(CLIENT_HEADERS)
        sign_up(client, "Ada")  # one attempt
        good = {"name": "Ada", "password": PASSWORD}
        assert client.post("/api/account/login", json=good).status_code == 200, "not counted"
        bad = {"name": "Ada", "password": "wrong password"}
        assert client.post("/api/account/login", json=bad).status_code == 401
        assert client.post("/api/account/login", json=bad).status_code == 401
        answer = client.post("/api/account/login", json=good)
        assert answer.status_code == 429 and error_of(answer) == "error.too_many_logins"
        params = answer.json()["error"]["params"]
        assert params["limit"] == 3 and params["minutes"] == 5 and 1 <= params["seconds"] <= 300
        assert 1 <= int(answer.headers["Retry-After"]) <= 300
        refused = client.post("/api/account/signup", json={"name": "Bob", "password": PASSWORD})
        assert refused.status_code == 429, "sign-ups count against the address too"
        other = browser(client, "203.0.113.9")
        assert other.post("/api/account/login", json=good).status_code == 200


# -- cross-site protections ----------------------------------------------------------------------


def test_a_websocket_from_a_page_of_another_site_is_refused(db_url: str) -> None:
    with make_client(db_url, allowed_origins="https://play.example.org") as client:
        table = create_table(client, ROYAL_TURF_THREE)
        token = table["seats"][0]["token"]
        path = f"/ws/tables/{table['id']}"
        with client.websocket_connect(path, headers={"Origin": "https://evil.example"}) as ws:
            message = ws.receive_json()
            assert message["type"] == "error" and message["key"] == "error.forbidden_origin"
            assert message["message"]["fr"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
        for origin in ("http://testserver", "https://play.example.org"):
            with client.websocket_connect(path, headers={"Origin": origin}) as ws:
                ws.send_json({"type": "join", "token": token})
                message = ws.receive_json()
                assert message["type"] == "state" and message["seat"] == 0, origin


def test_a_change_asked_by_a_page_of_another_site_is_refused(app_client: TestClient) -> None:
    seats = {"game": "royal_turf", "seats": ROYAL_TURF_THREE}
    answer = app_client.post("/api/tables", json=seats, headers={"Origin": "https://evil.example"})
    assert answer.status_code == 403 and error_of(answer) == "error.forbidden_origin"
    answer = app_client.post(
        "/api/account/signup",
        json={"name": "Ada", "password": PASSWORD},
        headers={"Origin": "https://evil.example"},
    )
    assert answer.status_code == 403 and error_of(answer) == "error.forbidden_origin"
    assert app_client.get("/api/tables").json() == [], "nothing was created"
    answer = app_client.post("/api/tables", json=seats, headers={"Origin": "http://testserver"})
    assert answer.status_code == 201


def test_a_cookie_request_without_the_client_header_is_refused(app_client: TestClient) -> None:
    seats = {"game": "royal_turf", "seats": ROYAL_TURF_THREE}
    plain = TestClient(app_client.app)  # a program: no cookie, no header
    assert plain.post("/api/tables", json=seats).status_code == 201, "the API without cookies"
    answer = plain.post("/api/account/login", json={"name": "Ada", "password": PASSWORD})
    assert answer.status_code == 403 and error_of(answer) == "error.cross_site_request"

    sign_up(app_client, "Ada")
    forged = TestClient(app_client.app, cookies=dict(app_client.cookies))  # no custom header
    answer = forged.post("/api/tables", json=seats)
    assert answer.status_code == 403 and error_of(answer) == "error.cross_site_request"
    assert answer.json()["error"]["params"] == {"header": "X-Hippodrome"}
    assert forged.post("/api/account/logout").status_code == 403
    assert forged.get("/api/account").json() == {"account": {"name": "Ada"}}, "still logged in"
    assert app_client.get("/api/account/tables").json() == [], "no table made for the account"


# -- my tables -----------------------------------------------------------------------------------


def test_my_tables_follow_the_account_to_another_browser(any_db: str) -> None:
    with make_client(any_db) as home:
        home.headers.update(CLIENT_HEADERS)
        table, bob = ada_and_bob_at_a_table(home)

        away = browser(home)
        assert away.get("/api/account/tables").status_code == 401, "a guest has no such list"
        away.post("/api/account/login", json={"name": "Ada", "password": PASSWORD})
        mine = away.get("/api/account/tables").json()
        assert [(t["id"], t["seat"]) for t in mine] == [(table["id"], 0)]
        assert mine[0]["game"] == "royal_turf" and mine[0]["seats"][0]["name"] == "Ada"
        assert [(t["id"], t["seat"]) for t in bob.get("/api/account/tables").json()] == [
            (table["id"], 1)
        ]

        key = away.post(f"/api/account/tables/{table['id']}/seats/0/key")
        assert key.status_code == 200, key.text
        token = key.json()["token"]
        assert token != table["seats"][0]["token"]
        assert key.json()["invite"] == f"/table/{table['id']}#token={token}"
        with table_socket(away, table["id"], token) as ws:
            assert ws.receive_json()["seat"] == 0, "the new key opens Ada's seat"
        with table_socket(home, table["id"], table["seats"][0]["token"]) as ws:
            assert ws.receive_json()["seat"] == 0, "the first key still works"

        refused = bob.post(f"/api/account/tables/{table['id']}/seats/0/key")
        assert refused.status_code == 403 and error_of(refused) == "error.not_your_seat"
        assert away.post("/api/account/tables/nope/seats/0/key").status_code == 403


def test_an_account_holds_one_seat_per_table(app_client: TestClient) -> None:
    sign_up(app_client, "Ada")
    table = create_table(app_client, ROYAL_TURF_THREE)
    # Hot-seat on a logged-in browser: the second human seat stays a guest's.
    with table_socket(app_client, table["id"], table["seats"][1]["token"]) as ws:
        assert ws.receive_json()["seat"] == 1
    mine = app_client.get("/api/account/tables").json()
    assert [t["seat"] for t in mine] == [0]


# -- ratings -------------------------------------------------------------------------------------


def play_out(db_url: str, table_id: str) -> dict[str, Any]:
    """Play the table to its end through the table service (the first legal action each time),
    with the server stopped, as a table's last action is stored by the server."""
    service = TableService(open_database(db_url))
    table = service.get(table_id)
    while not table.state.is_terminal():
        state = table.state
        if state.is_chance_node():
            service.apply(table, CHANCE, table.draw_chance())
        else:
            player = state.active_players()[0]
            service.apply(table, player, state.legal_actions(player)[0])
    service.engine.dispose()
    return table.state.outcome().to_json()


def test_a_game_between_two_accounts_rates_both(any_db: str) -> None:
    with make_client(any_db) as ada:
        ada.headers.update(CLIENT_HEADERS)
        table, _ = ada_and_bob_at_a_table(ada)
        guests = create_table(ada, [{"kind": "human"}, {"kind": "human"}])
        assert ada.get("/api/players/Ada").json()["ratings"] == []
    outcome = play_out(any_db, table["id"])
    play_out(any_db, guests["id"])  # Ada against a guest: played, not rated

    with make_client(any_db) as client:
        ada_profile = client.get("/api/players/ada").json()
        bob_profile = client.get("/api/players/Bob").json()
    assert ada_profile["name"] == "Ada" and ada_profile["played"] == 2
    assert bob_profile["played"] == 1
    place = {p: i for i, tied in enumerate(outcome["ranking"]) for p in tied}
    [ada_result] = [r for r in ada_profile["results"] if r["table"] == table["id"]]
    assert ada_result == {
        "table": table["id"],
        "game": "royal_turf",
        "finished": ada_result["finished"],
        "seat": 0,
        "place": place[0] + 1,
        "players": 3,
    }
    [ada_rating] = ada_profile["ratings"]
    [bob_rating] = bob_profile["ratings"]
    assert ada_rating["game"] == bob_rating["game"] == "royal_turf"
    assert ada_rating["games"] == bob_rating["games"] == 1, "rated once, the guest game not at all"
    for rating in (ada_rating, bob_rating):
        assert rating["sigma"] < 8.33, "a rated game makes the rating surer"
        assert rating["rating"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.06)
    if place[0] < place[1]:
        assert ada_rating["mu"] > 25 > bob_rating["mu"]
    elif place[1] < place[0]:
        assert bob_rating["mu"] > 25 > ada_rating["mu"]
    else:
        assert ada_rating["mu"] == pytest.approx(bob_rating["mu"])


def test_an_unknown_player_has_no_profile(app_client: TestClient) -> None:
    answer = app_client.get("/api/players/Nobody")
    assert answer.status_code == 404 and error_of(answer) == "error.player_not_found"


def test_a_seat_handed_to_a_bot_comes_back_with_its_account_key(app_client: TestClient) -> None:
    """Issue 39 (and 35's weak point): a seat handed to a bot while its player was away is his
    again when he comes back with one of its keys, while the game goes on."""
    sign_up(app_client, "Ada")
    table = create_table(app_client, [{"kind": "human"}, {"kind": "human"}])
    key = app_client.post(f"/api/account/tables/{table['id']}/seats/0/key").json()["token"]
    answer = app_client.post(
        f"/api/tables/{table['id']}/seats/0/bot",
        json={"bot": "random"},
        headers={"X-Seat-Token": table["seats"][1]["token"]},
    )
    assert answer.status_code == 200, answer.text
    with table_socket(app_client, table["id"], key) as ws:
        message = ws.receive_json()
        assert message["type"] == "state" and message["seat"] == 0, message
    with Session(open_database(str(app_client.app.state.settings.db_url))) as session:  # type: ignore[attr-defined]
        seat = session.get(SeatRow, (table["id"], 0))
        assert seat is not None and seat.kind == "human"


# -- a seat tied to an account ---------------------------------------------------------------------


def test_after_logout_the_account_s_seat_key_opens_nothing(app_client: TestClient) -> None:
    """A shared computer: Ada logs out; the seat key left in the browser no longer plays her seat,
    over the websocket nor over HTTP; logged in again, it does. A guest's seat keeps working."""
    table, _ = ada_and_bob_at_a_table(app_client)
    ada_key, guest_key = table["seats"][0]["token"], table["seats"][1]["token"]
    app_client.post("/api/account/logout")
    with table_socket(app_client, table["id"], ada_key) as ws:
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["key"] == "error.seat_of_account"
        assert refused["message"]["fr"] and refused["message"]["en"]
    answer = app_client.get(f"/api/tables/{table['id']}/replay", headers={"X-Seat-Token": ada_key})
    assert answer.status_code == 403 and error_of(answer) == "error.seat_of_account"
    other = browser(app_client)
    sign_up(other, "Eve")
    with table_socket(other, table["id"], ada_key) as ws:
        assert ws.receive_json()["key"] == "error.seat_of_account", "nor another account"
    with table_socket(other, table["id"], guest_key) as ws:
        # Bob's seat is tied to Bob: a guest key taken while logged in is his account's too.
        assert ws.receive_json()["key"] == "error.seat_of_account"

    app_client.post("/api/account/login", json={"name": "Ada", "password": PASSWORD})
    with table_socket(app_client, table["id"], ada_key) as ws:
        assert ws.receive_json()["seat"] == 0

    guests = create_table(other, [{"kind": "human"}, {"kind": "human"}])
    with table_socket(app_client, guests["id"], guests["seats"][1]["token"]) as ws:
        assert ws.receive_json()["seat"] == 1, "a seat no account holds opens to its key"


def test_a_private_table_is_listed_on_profiles_to_its_player_only(any_db: str) -> None:
    """A finished private table's id (the way into it, and into its rematch) is not shown to
    strangers on its players' profiles; a public one is, and the player sees both."""
    with make_client(any_db) as ada:
        ada.headers.update(CLIENT_HEADERS)
        sign_up(ada, "Ada")
        body = {"game": "royal_turf", "seats": ROYAL_TURF_THREE, "private": True}
        private = ada.post("/api/tables", json=body).json()
        public = create_table(ada, ROYAL_TURF_THREE)
    play_out(any_db, private["id"])
    play_out(any_db, public["id"])
    with make_client(any_db) as client:
        client.headers.update(CLIENT_HEADERS)
        stranger = client.get("/api/players/Ada").json()
        assert [r["table"] for r in stranger["results"]] == [public["id"]]
        assert stranger["played"] == 2, "the figures count every game"
        client.post("/api/account/login", json={"name": "Ada", "password": PASSWORD})
        own = client.get("/api/players/Ada").json()
        assert {r["table"] for r in own["results"]} == {public["id"], private["id"]}
        answer = client.post(
            f"/api/tables/{private['id']}/rematch",
            headers={"X-Seat-Token": private["seats"][0]["token"]},
        )
        assert answer.status_code == 201, answer.text
        rematch = answer.json()["id"]
        assert client.get(f"/api/tables/{rematch}").json()["private"] is True
        assert rematch not in {t["id"] for t in client.get("/api/tables").json()}


# -- which games are rated -------------------------------------------------------------------------


def accounts_at_a_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    """Ada creates a table (``extra``: practice, clock…) and Bob joins its second seat logged in."""
    sign_up(client, "Ada")
    body = {"game": "royal_turf", "seats": ROYAL_TURF_THREE, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    bob = browser(client)
    sign_up(bob, "Bob")
    with table_socket(bob, table["id"], table["seats"][1]["token"]) as ws:
        assert ws.receive_json()["seat"] == 1
    return table


def ratings_of(db_url: str, name: str) -> list[dict[str, Any]]:
    with make_client(db_url) as client:
        found: list[dict[str, Any]] = client.get(f"/api/players/{name}").json()["ratings"]
    return found


@pytest.mark.parametrize("kind", ["practice", "guided"])
def test_a_practice_or_guided_table_is_never_rated(db_url: str, kind: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client, **{kind: True})
    play_out(db_url, table["id"])
    assert ratings_of(db_url, "Ada") == ratings_of(db_url, "Bob") == []


def test_a_game_its_stand_ins_played_through_is_not_rated(db_url: str) -> None:
    """Both players' time ran out at once and their stand-in bots played every step: no human
    moved, nobody is rated."""
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client, clock={"kind": "move", "seconds": 3600})
    service = TableService(open_database(db_url))
    live = service.get(table["id"])
    assert live.clocks is not None
    live.clocks.away |= {0, 1}
    while not live.state.is_terminal():
        state = live.state
        if state.is_chance_node():
            service.apply(live, CHANCE, live.draw_chance())
        else:
            player = state.active_players()[0]
            service.apply(live, player, state.legal_actions(player)[0])
    service.engine.dispose()
    assert ratings_of(db_url, "Ada") == ratings_of(db_url, "Bob") == []


def test_a_quitter_handed_to_a_bot_loses_his_rating(any_db: str) -> None:
    """Bob left; his seat was handed to a bot for good: the game is still rated, and Bob loses as
    a quitter whatever the bot made of his seat."""
    with make_client(any_db) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client)
    service = TableService(open_database(any_db))
    service.hand_to_bot(service.get(table["id"]), 1, "heuristic")
    service.engine.dispose()
    play_out(any_db, table["id"])
    [ada] = ratings_of(any_db, "Ada")
    [bob] = ratings_of(any_db, "Bob")
    assert ada["games"] == bob["games"] == 1
    assert bob["mu"] < 25 < ada["mu"], "the quitter lost to the player who stayed"


def test_a_logged_in_player_who_joins_is_shown_by_his_account_name(app_client: TestClient) -> None:
    sign_up(app_client, "Ada")
    table = create_table(app_client, [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    assert [s["name"] for s in table["seats"]] == ["Ada", "Player 2", "Player 3"]
    bob = browser(app_client)
    sign_up(bob, "Bob")
    with table_socket(bob, table["id"], table["seats"][1]["token"]) as ws:
        assert ws.receive_json()["seats"][1]["name"] == "Bob"
    cleo = browser(app_client)
    sign_up(cleo, "Cléo")
    taken = cleo.post(f"/api/tables/{table['id']}/seats/2/take", json={"name": "someone"})
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"]["name"] == "Cléo"
    names = [s["name"] for s in app_client.get(f"/api/tables/{table['id']}").json()["seats"]]
    assert names == ["Ada", "Bob", "Cléo"]
    assert [t["seat"] for t in cleo.get("/api/account/tables").json()] == [2]
