"""Turn-based tables (issue 35): a pace of hours or days a move, « My tables » with the tables where
it is your turn first, and "your turn" by e-mail to a player away from his table, at most one a
table per period, through a real SMTP server the test starts (``tests/server/test_mail.py``)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session
from starlette.testclient import WebSocketTestSession

from hippodrome.server.storage import SeatRow, now
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import receive_until
from tests.server.test_mail import (
    CLIENT_HEADERS,
    Inbox,
    body_of,
    confirmed_account,
    link_in,
    smtp,
)

__all__ = ["smtp"]  # the fixture

TWO_DAYS = {"kind": "slow", "hours": 48}
TWO_HUMANS = [{"kind": "human", "mine": True}, {"kind": "human"}]


def browser(client: TestClient) -> TestClient:
    """Another browser (its own cookies) on the same running server: its requests and sockets
    run on the first client's event loop, where the live tables are (two players at once)."""
    other = TestClient(client.app)
    other.portal = client.portal
    other.headers.update(CLIENT_HEADERS)
    return other


def create(client: TestClient, clock: dict[str, Any] | None) -> dict[str, Any]:
    body = {"game": "royal_turf", "seats": TWO_HUMANS, "clock": clock}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def state(ws: WebSocketTestSession) -> dict[str, Any]:
    return receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")


def my_turn(message: dict[str, Any]) -> bool:
    return bool(message["can_roll"] or message["legal"])


def act(ws: WebSocketTestSession, message: dict[str, Any]) -> None:
    if message["can_roll"]:
        ws.send_json({"type": "roll", "version": message["version"]})
    else:
        action = message["legal"][0]["notation"]
        ws.send_json({"type": "act", "action": action, "version": message["version"]})


def running(message: dict[str, Any]) -> list[int]:
    """The seats whose clock runs in a state message: those to decide."""
    clock = message.get("clock") or {"seats": []}
    return [i for i, seat in enumerate(clock["seats"]) if seat["running"]]


def until_someone_decides(ws: WebSocketTestSession) -> dict[str, Any]:
    return receive_until(
        ws, lambda m: m["type"] == "state" and m["status"] == "running" and running(m)
    )


class Seat:
    """A player's socket at the table, and the latest state it was sent."""

    def __init__(self, client: TestClient, ws: WebSocketTestSession, table_id: str) -> None:
        self.client, self.ws, self.table_id = client, ws, table_id
        self.last: dict[str, Any] = {"version": -1}

    def summary(self) -> dict[str, Any]:
        """The table as the account's « My tables » shows it."""
        mine = self.client.get("/api/account/tables").json()
        found: dict[str, Any] = next(t for t in mine if t["id"] == self.table_id)
        return found

    def state_at(self, version: int) -> dict[str, Any]:
        while self.last["version"] < version:
            message = self.ws.receive_json()
            if message["type"] == "state":
                self.last = message
        return self.last

    def play_my_turn(self) -> int:
        """Play while it is this account's turn (its first legal action each time); the table's
        version once it is no longer its turn."""
        for _ in range(100):
            summary = self.summary()
            if not summary["your_turn"]:
                return int(summary["version"])
            message = self.state_at(summary["version"])
            act(self.ws, message)
            self.state_at(summary["version"] + 1)
        raise AssertionError("the turn never ended")


def test_my_tables_lists_first_the_tables_where_it_is_my_turn_with_the_time_left(
    db_url: str,
) -> None:
    with make_client(db_url) as ada:
        ada.headers.update(CLIENT_HEADERS)
        ada.post("/api/account/signup", json={"name": "Ada", "password": "correct horse"})
        bob = browser(ada)
        bob.post("/api/account/signup", json={"name": "Bob", "password": "correct horse"})
        slow = create(ada, TWO_DAYS)
        with (
            table_socket(ada, slow["id"], slow["seats"][0]["token"]) as first,
            table_socket(bob, slow["id"], slow["seats"][1]["token"]),
        ):
            (deciding,) = running(until_someone_decides(first))
            later = create(bob, None)  # Bob's later table, waiting for its second player
            create(ada, None)  # and Ada's
            for seat, browser_of in enumerate((ada, bob)):
                mine = browser_of.get("/api/account/tables").json()
                assert len(mine) == 2, mine
                if seat == deciding:
                    assert mine[0]["id"] == slow["id"], "my turn first, though not the latest"
                    assert mine[0]["your_turn"] is True
                    assert 47 * 3600 < mine[0]["left"] <= 48 * 3600, "the time my clock leaves"
                    assert mine[1]["your_turn"] is False and mine[1]["left"] is None
                else:
                    assert [t["your_turn"] for t in mine] == [False, False]
                    if browser_of is bob:
                        assert mine[0]["id"] == later["id"], "the latest first when no turn is mine"


def test_an_away_player_is_told_his_turn_by_mail_once_a_period(
    smtp: tuple[str, Inbox], db_url: str
) -> None:
    url, inbox = smtp
    with make_client(db_url, smtp_url=url, site_url="https://play.example.org") as ada:
        ada.headers.update(CLIENT_HEADERS)
        ada.post("/api/account/signup", json={"name": "Ada", "password": "correct horse"})
        bob = browser(ada)
        confirmed_account(bob, inbox, "Bob", "bob@example.org", "fr")
        table = create(ada, TWO_DAYS)
        ada_token, bob_token = (s["token"] for s in table["seats"])
        with table_socket(ada, table["id"], ada_token) as ws:
            with table_socket(bob, table["id"], bob_token) as there:
                until_someone_decides(there)  # Bob came (his seat is his account's), then goes
            seat = Seat(ada, ws, table["id"])
            notifier = ada.app.state.runtime.notifier  # type: ignore[attr-defined]
            seat.play_my_turn()  # (if it is hers first) then Bob's turn comes: he is away
            turn = inbox.wait(2)[1]
            assert inbox.envelopes[1][1] == ["bob@example.org"]
            assert turn["Subject"] == f"À vous de jouer : Royal Turf, table {table['id']}"
            assert link_in(turn) == f"https://play.example.org/?play={table['id']}"
            assert bob_token not in turn.as_string(), "no seat key travels by mail"
            assert re.search(
                r"Il vous reste (2 jours|47 heures|1 jour et 23 heures)", body_of(turn)
            )

            def bob_plays_and_goes() -> None:
                with table_socket(bob, table["id"], bob_token) as there:
                    Seat(bob, there, table["id"]).play_my_turn()

            # Bob comes back, plays his turn and goes; his next turn within the period sends
            # nothing more.
            bob_plays_and_goes()
            seat.play_my_turn()
            wait_until(lambda: Seat(bob, ws, table["id"]).summary()["your_turn"])  # he is away
            wait_until(lambda: not notifier._pending)
            assert len(inbox.messages) == 2, "one e-mail a table within the period"

            # Once the period has passed (the store says when Bob was last told), he is told again.
            engine = ada.app.state.service.engine  # type: ignore[attr-defined]
            with Session(engine) as session, session.begin():
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table["id"], SeatRow.index == 1)
                    .values(notified=now() - timedelta(hours=13))
                )
            bob_plays_and_goes()
            seat.play_my_turn()
            assert len(inbox.wait(3)) == 3


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)


def test_a_live_table_sends_no_mail(smtp: tuple[str, Inbox], db_url: str) -> None:
    url, inbox = smtp
    with make_client(db_url, smtp_url=url) as ada:
        ada.headers.update(CLIENT_HEADERS)
        ada.post("/api/account/signup", json={"name": "Ada", "password": "correct horse"})
        bob = browser(ada)
        confirmed_account(bob, inbox, "Bob", "bob@example.org", "en")
        table = create(ada, {"kind": "move", "seconds": 3600})
        ada_token, bob_token = (s["token"] for s in table["seats"])
        with table_socket(ada, table["id"], ada_token) as ws:
            with table_socket(bob, table["id"], bob_token) as there:
                until_someone_decides(there)
            for _ in range(200):
                message = ws.receive_json()
                if message["type"] == "state" and my_turn(message):
                    act(ws, message)
                elif message["type"] == "state" and 1 in running(message):
                    break
        notifier = ada.app.state.runtime.notifier  # type: ignore[attr-defined]
        assert not notifier._pending and not notifier._waiting
    assert len(inbox.messages) == 1, "the confirmation only: a live table's players are at it"
