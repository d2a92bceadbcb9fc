"""Table clocks and rematches over the API and the websocket (docs/web.md, "Clocks", "End of a game")."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hippodrome.engine.types import CHANCE
from hippodrome.server.clocks import Clock, ClockKind, SeatClocks
from hippodrome.server.service import SeatKind, SeatSpec, TableService, TableStatus
from hippodrome.server.storage import now, open_database
from tests.server.conftest import make_client, table_socket
from tests.server.test_api import play_to_the_end, receive_until

HUMAN_AND_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def create(client: TestClient, clock: dict[str, Any] | None, seats: Any = None) -> Any:
    body = {"game": "royal_turf", "seats": seats or HUMAN_AND_BOT, "clock": clock}
    return client.post("/api/tables", json=body)


@pytest.mark.parametrize(
    ("clock", "key", "field"),
    [
        ({"kind": "blitz", "seconds": 5}, "error.clock_kind", None),
        ({"kind": "move", "seconds": 0}, "error.clock_range", "seconds"),
        ({"kind": "move", "seconds": "ten"}, "error.clock_range", "seconds"),
        ({"kind": "move"}, "error.clock_range", "seconds"),
        ({"kind": "bank", "seconds": 60, "increment": -1}, "error.clock_range", "increment"),
        ({"kind": "slow", "hours": 10_000}, "error.clock_range", "hours"),
        ({"kind": "move", "seconds": 10, "increment": 2}, "error.clock_field", "increment"),
        ({"kind": "move", "seconds": 10, "bot": "random"}, "error.clock_stand_in_fixed", None),
    ],
)
def test_a_bad_clock_is_refused_by_name_and_makes_no_table(
    client: TestClient, clock: dict[str, Any], key: str, field: str | None
) -> None:
    response = create(client, clock)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["key"] == key
    assert field is None or error["params"]["field"] == field
    assert error["message"]["fr"] and error["message"]["en"] != key
    assert client.get("/api/tables").json() == []


def test_a_table_without_a_clock_has_none(client: TestClient) -> None:
    table = create(client, None).json()
    assert client.get(f"/api/tables/{table['id']}").json()["clock"] is None
    with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
        assert ws.receive_json()["clock"] is None


def test_on_time_out_a_stand_in_plays_and_the_player_takes_the_seat_back(db_url: str) -> None:
    # A bot delay, so the stand-in's moves come one at a time and the game waits for the taking back.
    with make_client(db_url, bot_delay=0.2) as client:
        response = create(client, {"kind": "move", "seconds": 1})
        assert response.status_code == 201, response.text
        table = response.json()
        summary = client.get(f"/api/tables/{table['id']}").json()
        clock = {"kind": "move", "seconds": 1, "increment": 0, "bot": "heuristic"}
        assert summary["clock"] == clock
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            first = receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
            assert first["clock"]["kind"] == "move"
            mine = first["clock"]["seats"][0]
            assert mine["running"] == bool(first["legal"]) and not mine["away"]
            assert 0 < mine["left"] <= 1
            # Nothing sent: the time runs out, the seat is the stand-in's, which plays for it.
            away = receive_until(
                ws, lambda m: m["type"] == "state" and m["clock"]["seats"][0]["away"]
            )
            assert not away["clock"]["seats"][0]["running"]
            played = receive_until(
                ws,
                lambda m: (
                    m["type"] == "state"
                    and any(p == 0 for p in m["context"]["to_act"] or [])
                    and m["version"] > away["version"]
                ),
            )
            movers = final_history(client, table["id"], table["seats"][0]["token"])
            assert 0 in movers[: played["version"]], "the stand-in played seat 0's move"
            # The player takes the seat back: his clock runs again when he is to act.
            ws.send_json({"type": "back"})
            back = receive_until(
                ws, lambda m: m["type"] == "state" and not m["clock"]["seats"][0]["away"]
            )
            assert back["clock"]["seats"][0]["away"] is False
            ws.send_json({"type": "back"})
            refused = receive_until(ws, lambda m: m["type"] == "error")
            assert refused["key"] == "error.seat_not_away"


def test_a_time_bank_runs_only_while_its_seat_is_to_act() -> None:
    clocks = SeatClocks.start(Clock(ClockKind.BANK, 60.0, increment=5.0), 3, None)
    clocks.update({0}, None, now=100.0)
    clocks.update({1}, 0, now=110.0)  # seat 0 moved after 10 s: 60 - 10 + 5
    assert clocks.remaining == [55.0, 60.0, 60.0]
    assert clocks.left(1, now=130.0) == 40.0 and clocks.left(0, now=130.0) == 55.0
    # Seats 1 and 2 choose at once: each clock runs; seat 2 answers first, seat 1 goes on.
    clocks.update({1, 2}, None, now=130.0)
    clocks.update({1}, 2, now=133.0)
    assert clocks.remaining[2] == 62.0 and clocks.left(1, now=140.0) == 30.0
    clocks.update(set(), 1, now=140.0)  # chance: nobody's clock runs
    assert clocks.remaining == [55.0, 35.0, 62.0]
    assert clocks.next_deadline() is None and clocks.expired(now=10_000.0) == []


def test_a_bank_run_dry_is_a_time_out_and_taking_back_gives_the_reserve() -> None:
    clocks = SeatClocks.start(Clock(ClockKind.BANK, 30.0), 2, None)
    clocks.update({0}, None, now=0.0)
    assert clocks.next_deadline() == 30.0
    assert clocks.expired(now=29.0) == [] and clocks.expired(now=30.0) == [0]
    clocks.time_out(0, now=31.0)
    assert clocks.away == {0} and clocks.remaining[0] == 0.0
    clocks.update({0}, None, now=32.0)
    clocks.take_back(0)
    assert clocks.away == set() and clocks.remaining[0] == 3.0  # a tenth of the first bank
    assert SeatClocks.start(clocks.clock, 2, clocks.stored()).remaining == [3.0, 30.0]


def test_a_bank_clock_is_stored_with_each_action_and_survives_a_restart(db_url: str) -> None:
    with make_client(db_url) as client:
        table = create(client, {"kind": "bank", "seconds": 600, "increment": 2}).json()
        with table_socket(client, table["id"], table["seats"][0]["token"]) as ws:
            state = receive_until(ws, lambda m: m["type"] == "state" and m["legal"])
            ws.send_json(
                {
                    "type": "act",
                    "action": state["legal"][0]["notation"],
                    "version": state["version"],
                }
            )
            after = receive_until(ws, lambda m: m["type"] == "state" and m["version"] > 0)
            left = after["clock"]["seats"][0]["left"]
            assert 600 < left <= 602, "the move took under 2 s and earned the increment"
    with make_client(db_url) as client, table_socket(client, table["id"]) as spy:
        again = spy.receive_json()
        assert again["clock"]["seats"][0]["left"] == pytest.approx(left, abs=2.0)
        assert again["clock"]["seats"][1]["left"] == 600  # the bot's seat has no clock running


def test_a_finished_game_has_its_sheet_and_a_rematch_hands_every_seat_its_new_token(
    client: TestClient,
) -> None:
    # Bob joins, then plays no more: his clock runs out and the stand-in plays for him.
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    clock = {"kind": "move", "seconds": 1}
    response = client.post(
        "/api/tables",
        json={
            "game": "royal_turf",
            "seats": seats,
            "options": {"hidden_bets": False},
            "clock": clock,
        },
    )
    table = response.json()
    t0, t1 = (s["token"] for s in table["seats"])
    url = f"/api/tables/{table['id']}/rematch"
    with table_socket(client, table["id"], t1) as ws1, table_socket(client, table["id"], t0) as ws0:
        ws1.receive_json()
        early = client.post(url, headers={"X-Seat-Token": t0})
        assert early.status_code == 409 and early.json()["error"]["key"] == "error.rematch_not_over"
        final = play_to_the_end(ws0, ws0.receive_json())
        sheet = final["sheet"]
        assert sheet["basis"] == "money" and len(sheet["sections"]) == 3  # three races
        players = final_history(client, table["id"], t0)
        assert sheet["moves"] == [players.count(0), players.count(1)]
        assert sheet["sections"][-1]["standings"] == final["context"]["standings"]
        assert client.post(url).status_code == 403, "only a player at the table may ask"
        answer = client.post(url, headers={"X-Seat-Token": t0})
        assert answer.status_code == 201, answer.text
        new = answer.json()
        assert [s["name"] for s in new["seats"]] == ["Ann", "Bob"]
        summary = client.get(f"/api/tables/{new['id']}").json()
        assert summary["options"]["hidden_bets"] is False and summary["clock"]["seconds"] == 1
        told = receive_until(ws1, lambda m: m["type"] == "rematch", limit=20_000)
        assert told["table"] == new["id"] and new["seats"][1]["token"] is None, (
            "Bob's new token is handed to Bob alone, never to the asker"
        )
        again = client.post(url, headers={"X-Seat-Token": t1})
        assert again.status_code == 409 and again.json()["error"]["key"] == "error.rematch_made"
    with table_socket(client, new["id"], told["token"]) as ws:
        assert ws.receive_json()["seat"] == 1


def final_history(client: TestClient, table_id: str, token: str | None = None) -> list[int]:
    """The player of each action, as the table's replay tells them (to the seat of ``token``)."""
    headers = {"X-Seat-Token": token} if token else {}
    replay = client.get(f"/api/tables/{table_id}/replay", headers=headers).json()
    return [int(step["player"]) for step in replay["steps"][1:]]


def test_a_bot_only_game_ends_with_no_rematch_offered_to_anyone(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    table = create(client, None, seats).json()
    with table_socket(client, table["id"]) as spy:
        final = receive_until(
            spy, lambda m: m["type"] == "state" and m["status"] == "finished", limit=5000
        )
    assert final["rematch"] is None and final["sheet"]["sections"]


def test_the_state_counts_down_the_hand_over_of_an_absent_seat(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    table = create(client, None, seats).json()
    t0, t1 = (s["token"] for s in table["seats"])
    with table_socket(client, table["id"], t0) as ws0:
        first = ws0.receive_json()
        assert first["handover"] == [None, 0], "Bob never came: his seat may be handed at once"
        with table_socket(client, table["id"], t1) as ws1:
            ws1.receive_json()
            joined = receive_until(
                ws0, lambda m: m["type"] == "state" and m["seats"][1]["connected"]
            )
            assert joined["handover"] == [None, None]
        # Bob's leaving changes only who is connected: a presence message, with the countdown.
        left = receive_until(
            ws0, lambda m: m["type"] == "presence" and not m["seats"][1]["connected"]
        )
        assert left["handover"][0] is None and 0 < left["handover"][1] <= 60  # the seat timeout


def test_in_a_simultaneous_phase_each_seat_s_clock_runs_until_it_answers(
    client: TestClient,
) -> None:
    """Win, Place & Show opens with both players choosing at once: both clocks run; the one who
    answers stops his, the other's keeps running from where it was (not started afresh)."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    body = {"game": "win_place_show", "seats": seats, "clock": {"kind": "bank", "seconds": 600}}
    table = client.post("/api/tables", json=body).json()
    t0, t1 = (s["token"] for s in table["seats"])
    with table_socket(client, table["id"], t0) as ws0, table_socket(client, table["id"], t1) as ws1:
        ws1.receive_json()
        both = receive_until(ws0, lambda m: m["type"] == "state" and m["status"] == "running")
        assert sorted(both["context"]["to_act"]) == [0, 1]
        assert [s["running"] for s in both["clock"]["seats"]] == [True, True]
        state = both
        for _ in range(50):  # Ann answers, in as many steps as her answer takes
            ws0.send_json(
                {
                    "type": "act",
                    "action": state["legal"][0]["notation"],
                    "version": state["version"],
                }
            )
            state = receive_until(
                ws0, lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v
            )
            if 0 not in state["context"]["to_act"]:
                break
        assert state["context"]["to_act"] == [1]
        ann, bob = state["clock"]["seats"]
        assert not ann["running"] and ann["left"] < 600
        assert bob["running"] and bob["left"] <= both["clock"]["seats"][1]["left"]


def test_the_increment_is_paid_once_per_move_not_per_step(db_url: str) -> None:
    """A Toques et Casques move is several steps (a length each): the bank earns the increment
    once when the move ends (another seat or a die is due), never once per length."""
    service = TableService(open_database(db_url))
    seats = [SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.HUMAN)]
    clock = Clock(ClockKind.BANK, 120.0, increment=5.0)
    table, _ = service.create("toques_et_casques", {}, seats, clock=clock)
    table.status = TableStatus.RUNNING
    table.tick_clock()
    moves = {0: 0, 1: 0}
    steps = {0: 0, 1: 0}
    while min(moves.values()) < 4:
        state = table.state
        if state.is_chance_node():
            service.apply(table, CHANCE, table.draw_chance())
            continue
        seat = state.active_players()[0]
        service.apply(table, seat, state.legal_actions(seat)[0])
        steps[seat] += 1
        after = table.state
        if after.is_chance_node() or seat not in after.active_players():
            moves[seat] += 1
    assert table.clocks is not None
    for seat in (0, 1):
        assert steps[seat] > moves[seat], "the moves had several steps"
        earned = table.clocks.remaining[seat] - 120.0
        assert 5.0 * moves[seat] - 1.0 < earned <= 5.0 * moves[seat], (seat, moves, steps)
    service.engine.dispose()


def test_a_slow_clock_keeps_its_table_past_the_idle_time(db_url: str) -> None:
    """A table waits for a move as long as its clock gives it (and a day): a slow clock of 14 days
    a move is not archived after the 7 idle days; a table without a clock is."""
    with make_client(db_url, idle_table_ttl=7 * 86400.0) as client:
        humans = [{"kind": "human"}, {"kind": "human"}]
        slow = create(client, {"kind": "slow", "hours": 336}, humans).json()
        bare = create(client, None, humans).json()
        for table in (slow, bare):
            first, second = (s["token"] for s in table["seats"])
            with (
                table_socket(client, table["id"], first) as ws,
                table_socket(client, table["id"], second),
            ):
                receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
        runtime = client.app.state.runtime  # type: ignore[attr-defined]
        assert runtime.expire_untouched(now() + timedelta(days=8)) == [bare["id"]]
        assert runtime.expire_untouched(now() + timedelta(days=14, hours=12)) == []
        assert runtime.expire_untouched(now() + timedelta(days=15, hours=1)) == [slow["id"]]
