"""A finished table's game review over the API (issue 36, point 2; ``server/reviews.py``): refused
while the game runs, computed once in the review workers and kept with the table, shared by the
requests that come while it is computed (in this process or another on the same store), read back
after a restart; bad input is a clear 4xx."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from hippodrome.server import reviews
from hippodrome.server.service import SeatKind, SeatSpec, TableService
from hippodrome.server.storage import ReviewRow, now, open_database
from tests.server.conftest import make_client
from tests.server.test_accounts import play_out

QUICK = {"review_processes": 0, "review_budget": "2x2"}
"""Reviews judged in threads of the test's process, two moves compared twice a decision: under a
second a game."""


def duel(db_url: str, *, finished: bool = True) -> tuple[str, list[str]]:
    """A Royal Turf duel between Ada and Bob (played to its end unless ``finished`` is false)."""
    service = TableService(open_database(db_url))
    table, tokens = service.create(
        "royal_turf",
        {},
        [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.HUMAN, name="Bob")],
    )
    for seat in (0, 1):
        service.mark_seen(table, seat)
    service.engine.dispose()
    if finished:
        play_out(db_url, table.id)
    return table.id, [t for t in tokens if t is not None]


def wait_done(client: TestClient, path: str, within: float = 120.0) -> dict[str, Any]:
    """The review once done (a bound on the wait, not a timing: a stuck job fails the test)."""
    deadline = time.monotonic() + within
    while True:
        body: dict[str, Any] = client.get(path).json()
        assert body["status"] in ("computing", "done"), body
        if body["status"] == "done":
            return body
        assert time.monotonic() < deadline, f"the review is still computing: {body}"
        time.sleep(0.1)


class Counted:
    """The reviews computed, counted, each held until ``release``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.computed = 0
        self.gate = threading.Event()
        compute = reviews.review_seat

        def counted(work: reviews.ReviewWork) -> dict[str, Any]:
            self.computed += 1
            assert self.gate.wait(60), "the test never let the review go on"
            return compute(work)

        monkeypatch.setattr(reviews, "review_seat", counted)

    def release(self) -> None:
        self.gate.set()


def test_a_running_game_and_bad_requests_are_clear_refusals(db_url: str) -> None:
    table_id, (ada, _) = duel(db_url, finished=False)
    with make_client(db_url, **QUICK) as client:
        for method in ("get", "post"):
            answer = client.request(
                method, f"/api/tables/{table_id}/reviews/0", headers={"X-Seat-Token": ada}
            )
            assert answer.status_code == 409, answer.text
            error = answer.json()["error"]
            assert error["key"] == "error.review_not_over"
            assert "running game" in error["message"]["en"]
            assert "partie en cours" in error["message"]["fr"]
        unknown = client.post("/api/tables/nosuchtable/reviews/0")
        assert unknown.status_code == 404
        assert unknown.json()["error"]["key"] == "error.table_not_found"
        for seat in (2, -1, 2**40):
            answer = client.post(f"/api/tables/{table_id}/reviews/{seat}")
            assert answer.status_code == 404, answer.text
            assert answer.json()["error"]["key"] == "error.no_seat"
        not_a_seat = client.get(f"/api/tables/{table_id}/reviews/first")
        assert not_a_seat.status_code == 422
        wrong_token = client.post(
            f"/api/tables/{table_id}/reviews/0", headers={"X-Seat-Token": "not-a-token"}
        )
        assert wrong_token.status_code == 403
        assert wrong_token.json()["error"]["key"] == "error.bad_token"


def test_a_review_is_computed_once_stored_and_read_back_after_a_restart(
    any_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, (ada, _) = duel(any_db)
    counted = Counted(monkeypatch)
    path = f"/api/tables/{table_id}/reviews/0"
    with make_client(any_db, **QUICK) as client:
        assert client.get(path).json()["status"] == "none"
        first = client.post(path, headers={"X-Seat-Token": ada})  # as a player
        assert first.status_code == 200, first.text
        assert first.json()["status"] == "computing"
        again = client.post(path)  # a spectator with the link, while it is computed
        assert again.json()["status"] == "computing"
        counted.release()
        done = wait_done(client, path)
        assert counted.computed == 1, "two requests made two computations"
        review = done["review"]
        assert review["game"] == "royal_turf" and review["seats"] == [0]
        assert done["done"] == done["total"] == review["decisions_total"] > 0
        decision = review["decisions"][0]
        assert decision["seat"] == 0
        assert decision["played"]["text"]["en"] and decision["best"]["text"]["fr"]
        assert decision["board"]["played"]["notation"] == decision["played"]["action"]
        assert client.post(path).json() == done, "asked again: the stored review"
        assert counted.computed == 1
    with make_client(any_db, **QUICK) as client:  # a restart: read from the store, not computed
        assert client.get(path).json() == done
        assert client.post(path).json() == done
    assert counted.computed == 1
    with Session(open_database(any_db)) as session:
        rows = session.query(ReviewRow).filter_by(table_id=table_id).all()
        assert [(r.seat, r.status) for r in rows] == [(0, "done")]


def test_another_process_shares_the_review_under_way(
    any_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two server processes on one store: the second one asked reports the first one's progress
    and starts nothing (the store's row decides who computes)."""
    table_id, _ = duel(any_db)
    counted = Counted(monkeypatch)
    path = f"/api/tables/{table_id}/reviews/1"
    with make_client(any_db, **QUICK) as first, make_client(any_db, **QUICK) as second:
        assert first.post(path).json()["status"] == "computing"
        assert second.get(path).json()["status"] == "computing"  # read from the store
        assert second.post(path).json()["status"] == "computing"
        counted.release()
        done = wait_done(first, path)
        assert wait_done(second, path) == done
    assert counted.computed == 1


def test_a_review_left_by_a_dead_process_is_taken_over(db_url: str) -> None:
    table_id, _ = duel(db_url)
    stamp = now() - timedelta(seconds=reviews.STALE + 60)
    engine = open_database(db_url)
    with Session(engine) as session, session.begin():
        session.add(
            ReviewRow(
                table_id=table_id, seat=0, status="computing", total=9, created=stamp, updated=stamp
            )
        )
    engine.dispose()
    path = f"/api/tables/{table_id}/reviews/0"
    with make_client(db_url, **QUICK) as client:
        assert client.get(path).json()["status"] == "computing"  # it cannot know yet
        assert client.post(path).json()["status"] in ("computing", "done")
        assert wait_done(client, path)["review"]["seats"] == [0]


def test_reviews_started_count_against_the_address(db_url: str) -> None:
    table_id, _ = duel(db_url)
    with make_client(db_url, reviews_per_address=1, **QUICK) as client:
        assert client.post(f"/api/tables/{table_id}/reviews/0").status_code == 200
        refused = client.post(f"/api/tables/{table_id}/reviews/1")
        assert refused.status_code == 429
        assert refused.json()["error"]["key"] == "error.too_many_reviews"
        wait_done(client, f"/api/tables/{table_id}/reviews/0")
        # Asked again, a review is read from the store: not counted, not refused.
        assert client.post(f"/api/tables/{table_id}/reviews/0").json()["status"] == "done"


def test_a_failed_review_says_so_and_is_tried_again(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, _ = duel(db_url)
    compute = reviews.review_seat

    def broken(work: reviews.ReviewWork) -> dict[str, Any]:
        raise RuntimeError("a worker fell over")

    monkeypatch.setattr(reviews, "review_seat", broken)
    path = f"/api/tables/{table_id}/reviews/0"
    with make_client(db_url, **QUICK) as client:
        client.post(path)
        deadline = time.monotonic() + 60
        while (status := client.get(path).json()["status"]) == "computing":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert status == "failed"
        monkeypatch.setattr(reviews, "review_seat", compute)
        assert client.post(path).json()["status"] == "computing"
        assert wait_done(client, path)["review"]["decisions"]
