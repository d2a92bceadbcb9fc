"""Ratings people trust (issue 35, point 5; docs/web.md, "Ratings"): rated or not chosen at a
table's creation, a seat a stand-in bot played beyond the allowed share loses as a quitter,
conceding is a loss, the ratings shown beside names and their change at the end, the leaderboard,
and the stand-in's level fixed by the server."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from hippodrome.bots.base import BotKind
from hippodrome.engine.types import CHANCE
from hippodrome.server.clocks import Clock
from hippodrome.server.service import LiveTable, TableService
from hippodrome.server.storage import open_database
from tests.server.conftest import make_client, table_socket
from tests.server.test_accounts import (
    CLIENT_HEADERS,
    ROYAL_TURF_THREE,
    accounts_at_a_table,
    browser,
    play_out,
    sign_up,
)

HUMANS_TWO = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]


def error_of(answer: Any) -> str:
    return str(answer.json()["error"]["key"])


def both_at_a_running_table(ada: TestClient, **extra: Any) -> tuple[dict[str, Any], TestClient]:
    """Ada creates a two-seat Royal Turf table and comes to it; Bob, logged in, joins the other seat:
    the game runs. Returns the table and Bob's browser."""
    sign_up(ada, "Ada")
    answer = ada.post("/api/tables", json={"game": "royal_turf", "seats": HUMANS_TWO, **extra})
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    bob = browser(ada)
    sign_up(bob, "Bob")
    with (
        table_socket(ada, table["id"], table["seats"][0]["token"]) as one,
        table_socket(bob, table["id"], table["seats"][1]["token"]) as two,
    ):
        assert one.receive_json()["seat"] == 0 and two.receive_json()["seat"] == 1
    assert ada.get(f"/api/tables/{table['id']}").json()["status"] == "running"
    return table, bob


def play_with(
    service: TableService, table: LiveTable, stand_in: dict[int, int] | None = None
) -> None:
    """Play the table to its end (first legal action); ``stand_in``: for each seat, how many of its
    first steps its stand-in bot plays (its clock ran out, then it took the seat back)."""
    left = dict(stand_in or {})
    while not table.state.is_terminal():
        state = table.state
        if state.is_chance_node():
            service.apply(table, CHANCE, table.draw_chance())
            continue
        player = state.active_players()[0]
        assert table.clocks is not None or not left
        if table.clocks is not None:
            if left.get(player, 0) > 0:
                table.clocks.away.add(player)
                left[player] -= 1
            else:
                table.clocks.away.discard(player)
        service.apply(table, player, state.legal_actions(player)[0])


def changes(client: TestClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table_id}/ratings")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_a_table_made_unrated_rates_nobody(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client, rated=False)
        assert client.get(f"/api/tables/{table['id']}").json()["rated"] is False
    play_out(db_url, table["id"])
    with make_client(db_url) as client:
        assert client.get("/api/players/Ada").json()["ratings"] == []
        assert changes(client, table["id"]) == {"rated": False, "changes": []}


@pytest.mark.parametrize("kind", ["practice", "guided"])
def test_a_practice_table_asked_rated_is_still_unrated(app_client: TestClient, kind: str) -> None:
    answer = app_client.post(
        "/api/tables",
        json={"game": "royal_turf", "seats": ROYAL_TURF_THREE, kind: True, "rated": True},
    )
    assert answer.status_code == 201, answer.text
    assert app_client.get(f"/api/tables/{answer.json()['id']}").json()["rated"] is False


def test_a_seat_its_stand_in_played_beyond_the_share_loses_as_a_quitter(db_url: str) -> None:
    """Bob let his clock run out and the stand-in bot played all his moves: whatever the bot made
    of his seat, Bob ranks last and loses rating to Ada, who played her own."""
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client, clock={"kind": "move", "seconds": 3600})
    service = TableService(open_database(db_url))
    play_with(service, service.get(table["id"]), stand_in={1: 10_000})
    service.engine.dispose()
    with make_client(db_url) as client:
        rated = changes(client, table["id"])
    assert rated["rated"] is True
    ada, bob = rated["changes"]
    assert (ada["seat"], bob["seat"]) == (0, 1)
    assert bob["quitter"] and not ada["quitter"]
    assert bob["after"] < bob["before"] + 0.01 and ada["change"] > bob["change"]
    assert ada["games"] == bob["games"] == 1


def test_a_stand_in_within_the_share_makes_no_quitter(db_url: str) -> None:
    """Bob's clock ran out once and the stand-in played one step for him (well under a quarter of
    his steps): he played his own game, and nobody is ranked a quitter."""
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client, clock={"kind": "move", "seconds": 3600})
    service = TableService(open_database(db_url))
    live = service.get(table["id"])
    play_with(service, live, stand_in={1: 1})
    assert live.clocks is not None and live.clocks.stood_in[1] == 1
    service.engine.dispose()
    with make_client(db_url) as client:
        rated = changes(client, table["id"])["changes"]
    assert [c["quitter"] for c in rated] == [False, False]


def test_the_allowed_share_is_a_setting(db_url: str) -> None:
    """With no share allowed, the one step the stand-in played makes Bob a quitter."""
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client, clock={"kind": "move", "seconds": 3600})
    service = TableService(open_database(db_url))
    service.stand_in_share = 0.0
    play_with(service, service.get(table["id"]), stand_in={1: 1})
    service.engine.dispose()
    with make_client(db_url, stand_in_share=0.0) as client:
        rated = changes(client, table["id"])["changes"]
    assert [c["quitter"] for c in rated] == [False, True]


def test_conceding_is_a_loss_rated_at_once_and_final(app_client: TestClient, db_url: str) -> None:
    table, bob = both_at_a_running_table(app_client)
    url = f"/api/tables/{table['id']}/concede"
    bob_token = table["seats"][1]["token"]
    assert error_of(app_client.post(url)) == "error.seat_needed", "only a player concedes"
    answer = bob.post(url, headers={"X-Seat-Token": bob_token})
    assert answer.status_code == 200, answer.text
    seat = answer.json()["seats"][1]
    assert seat["kind"] == "bot" and seat["conceded"] is True
    # Only Ada is left facing a bot: the game is rated now, Bob last.
    rated = changes(app_client, table["id"])["changes"]
    assert [(c["seat"], c["quitter"]) for c in rated] == [(0, False), (1, True)]
    assert rated[0]["change"] > 0 > rated[1]["change"]
    again = bob.post(url, headers={"X-Seat-Token": bob_token})
    assert again.status_code == 403 and error_of(again) == "error.bad_token"
    with table_socket(bob, table["id"], bob_token) as ws:
        assert ws.receive_json()["type"] == "error", "his link no longer plays the seat"
    # Played out, the game is not rated a second time.
    play_out(db_url, table["id"])
    profile = app_client.get("/api/players/Bob").json()
    assert profile["ratings"][0]["games"] == 1


def test_conceding_before_the_game_begins_or_after_it_ends_is_refused(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client)  # Ada never came: the table is still open
        url = f"/api/tables/{table['id']}/concede"
        early = client.post(url, headers={"X-Seat-Token": table["seats"][0]["token"]})
        assert early.status_code == 409 and error_of(early) == "error.concede_not_begun"
        message = early.json()["error"]["message"]
        assert message["fr"] != message["en"]
    play_out(db_url, table["id"])
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        client.post("/api/account/login", json={"name": "Ada", "password": "correct horse battery"})
        late = client.post(url, headers={"X-Seat-Token": table["seats"][0]["token"]})
        assert late.status_code == 409 and error_of(late) == "error.concede_over"


def test_each_name_shows_its_rating_at_the_table_and_in_the_lobby(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        first = accounts_at_a_table(client)
    play_out(db_url, first["id"])
    with make_client(db_url) as ada:
        ada.headers.update(CLIENT_HEADERS)
        ada.post("/api/account/login", json={"name": "Ada", "password": "correct horse battery"})
        ratings = {r["game"]: r["rating"] for r in ada.get("/api/players/Ada").json()["ratings"]}
        answer = ada.post("/api/tables", json={"game": "royal_turf", "seats": ROYAL_TURF_THREE})
        table = answer.json()
        assert table["seats"][0]["rating"] == ratings["royal_turf"]
        assert "rating" not in table["seats"][1] or table["seats"][1]["rating"] is None
        listed = [t for t in ada.get("/api/tables").json() if t["id"] == table["id"]]
        assert listed[0]["seats"][0]["rating"] == ratings["royal_turf"]
        with table_socket(ada, table["id"], table["seats"][0]["token"]) as ws:
            assert ws.receive_json()["seats"][0]["rating"] == ratings["royal_turf"]


def test_the_leaderboard_ranks_by_the_conservative_estimate_with_a_minimum(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        table = accounts_at_a_table(client)
    play_out(db_url, table["id"])
    with make_client(db_url, leaderboard_min_games=1) as client:
        board = client.get("/api/leaderboard/royal_turf").json()
        profiles = {n: client.get(f"/api/players/{n}").json()["ratings"][0] for n in ("Ada", "Bob")}
        unknown = client.get("/api/leaderboard/chess")
    assert board["min_games"] == 1
    names = [p["name"] for p in board["players"]]
    assert sorted(names) == ["Ada", "Bob"]
    shown = [p["rating"] for p in board["players"]]
    assert shown == sorted(shown, reverse=True)
    for player in board["players"]:
        assert player["rating"] == profiles[player["name"]]["rating"] and player["games"] == 1
    assert unknown.status_code == 404 and error_of(unknown) == "error.leaderboard_game"
    with make_client(db_url, leaderboard_min_games=2) as client:
        assert client.get("/api/leaderboard/royal_turf").json()["players"] == []


def test_the_stand_in_is_the_servers_choice_never_the_creators(app_client: TestClient) -> None:
    """A creator could pick the hard bot as his stand-in and idle: the server now refuses any level
    but its own, and a table stored with another level gets the server's stand-in."""
    answer = app_client.post(
        "/api/tables",
        json={
            "game": "royal_turf",
            "seats": HUMANS_TWO,
            "clock": {"kind": "move", "seconds": 30, "bot": "ismcts_hard"},
        },
    )
    assert answer.status_code == 400 and error_of(answer) == "error.clock_stand_in_fixed"
    stored = Clock.from_json({"kind": "move", "seconds": 30, "bot": "ismcts_hard"})
    assert stored.bot == BotKind.HEURISTIC
