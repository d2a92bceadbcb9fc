"""Whole moves and taking a move back over the websocket (docs/web.md, ``plan`` and ``undo``).

Two people race at Toques et Casques. The state message offers the seat to act its plans (every end
of its roll, with the actions to it); a ``plan`` message plays one whole, stored as its separate
actions; a plan with a bad step, or one reaching past the turn, is refused with its reason and
changes nothing. An ``undo`` takes the move back on a practice table (the game's moves are final,
14-06), deleting its actions from the store, and is refused with a named reason otherwise. Bots'
moves and deals go on at the step pace once begun.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hippodrome.engine.types import CHANCE
from hippodrome.server.botplay import automatic_delay, run_of
from hippodrome.server.service import (
    SeatKind,
    SeatSpec,
    ServerError,
    TableService,
    automatic_action,
    automatic_actor,
)
from hippodrome.server.settings import Settings
from hippodrome.server.storage import open_database
from tests.server.conftest import table_socket
from tests.server.test_api import receive_until

Sockets = list[WebSocketTestSession]


@pytest.fixture
def race(client: TestClient, request: pytest.FixtureRequest) -> Iterator[tuple[str, Sockets]]:
    """A two-person table (a practice table when the test asks for one), both seats connected."""
    practice = bool(getattr(request, "param", False))
    body = {
        "game": "toques_et_casques",
        "options": {"category": "A"},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}],
        "practice": practice,
    }
    table = client.post("/api/tables", json=body).json()
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(table_socket(client, table["id"], seat["token"]))
            for seat in table["seats"]
        ]
        yield table["id"], sockets


def states_after(sockets: Sockets, version: int) -> list[dict[str, Any]]:
    """Each seat's first state message past ``version``."""
    return [
        receive_until(ws, lambda m: m["type"] == "state" and m["version"] > version)
        for ws in sockets
    ]


def to_plans(sockets: Sockets) -> tuple[int, list[dict[str, Any]]]:
    """Roll (the draws, then the dice) until a seat has plans: that seat, and every seat's state."""
    states = [
        receive_until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
        for ws in sockets
    ]
    for _ in range(50):
        seat = next(i for i, s in enumerate(states) if s["can_roll"] or s["plans"])
        if states[seat]["plans"]:
            return seat, states
        version = states[seat]["version"]
        sockets[seat].send_json({"type": "roll", "version": version})
        states = states_after(sockets, version)
    raise AssertionError("no seat ever had a move to make")


def error_of(ws: WebSocketTestSession) -> dict[str, Any]:
    return receive_until(ws, lambda m: m["type"] in ("error", "stale"))


def moves(client: TestClient, table_id: str) -> list[list[Any]]:
    record: list[list[Any]] = client.get(f"/api/tables/{table_id}/record").json()["moves"]
    return record


def test_a_whole_move_is_played_in_one_message_and_stored_step_by_step(
    client: TestClient, race: tuple[str, Sockets]
) -> None:
    table_id, sockets = race
    seat, states = to_plans(sockets)
    state = states[seat]
    version = state["version"]
    assert all(not s["plans"] for i, s in enumerate(states) if i != seat), "only the seat to act"
    plan = max(state["plans"], key=lambda p: len(p["actions"]))
    assert plan["path"][-1] == plan["end"] and plan["warning"] is None
    stored = moves(client, table_id)
    sockets[seat].send_json({"type": "plan", "actions": plan["actions"], "version": version})
    after = states_after(sockets, version)
    assert after[seat]["version"] == version + len(plan["actions"])
    stepped = [e for e in after[seat]["events"] if e["key"] == "toques_et_casques.stepped"]
    assert [e["params"]["cell"] for e in stepped] == plan["path"][1:]
    assert moves(client, table_id) == stored + [[seat, a] for a in plan["actions"]], (
        "the record holds the steps, each as if played alone"
    )
    assert not after[seat]["can_undo"], "Toques et Casques' moves are final (14-06)"
    sockets[seat].send_json({"type": "undo", "version": after[seat]["version"]})
    assert error_of(sockets[seat])["key"] == "error.undo_final"


def test_a_move_with_a_bad_step_or_past_its_turn_is_refused_and_changes_nothing(
    client: TestClient, race: tuple[str, Sockets]
) -> None:
    table_id, sockets = race
    seat, states = to_plans(sockets)
    version = states[seat]["version"]
    plan = states[seat]["plans"][0]["actions"]
    stored = moves(client, table_id)
    refusals = {
        "error.plan_interrupted": [*plan, "avant"],  # the next roll comes first
        "error.plan_step": ["ecart 6", *plan],  # three lanes at once (16-01)
        "error.notation": ["fly away"],
    }
    for key, actions in refusals.items():
        sockets[seat].send_json({"type": "plan", "actions": actions, "version": version})
        error = error_of(sockets[seat])
        assert error["key"] == key, error
        assert error["message"]["en"] != error["message"]["fr"]
        assert "{" not in error["message"]["fr"], error["message"]["fr"]
    sockets[seat].send_json({"type": "plan", "actions": [], "version": version})
    assert error_of(sockets[seat])["key"] == "error.bad_message"
    other = 1 - seat
    sockets[other].send_json({"type": "plan", "actions": plan, "version": version})
    assert error_of(sockets[other])["key"] == "error.plan_step"  # not Bob's turn
    assert moves(client, table_id) == stored, "nothing was stored"
    sockets[seat].send_json({"type": "plan", "actions": plan, "version": version})
    assert states_after(sockets, version)[seat]["version"] == version + len(plan)


@pytest.mark.parametrize("race", [True], indirect=True, ids=["practice"])
def test_on_a_practice_table_a_move_is_taken_back_until_someone_else_acts(
    client: TestClient, race: tuple[str, Sockets]
) -> None:
    table_id, sockets = race
    seat, states = to_plans(sockets)
    other = 1 - seat
    version = states[seat]["version"]
    stored = moves(client, table_id)
    plan = max(states[seat]["plans"], key=lambda p: len(p["actions"]))["actions"]
    sockets[seat].send_json({"type": "plan", "actions": plan, "version": version})
    after = states_after(sockets, version)
    moved = after[seat]["version"]
    assert after[seat]["can_undo"] and not after[other]["can_undo"]
    sockets[other].send_json({"type": "undo", "version": moved})
    assert error_of(sockets[other])["key"] == "error.undo_not_yours"
    sockets[seat].send_json({"type": "undo", "version": moved - 1})
    assert error_of(sockets[seat])["type"] == "stale", "an undo against an old state is not judged"

    sockets[seat].send_json({"type": "undo", "version": moved})
    back = [
        receive_until(ws, lambda m: m["type"] == "state" and m["version"] == version)
        for ws in sockets
    ]
    assert all(s["full_log"] for s in back), "the log is sent whole: the move's events are gone"
    assert back[seat]["plans"] == states[seat]["plans"], "the same decision again"
    assert back[seat]["observation"] == states[seat]["observation"]
    assert moves(client, table_id) == stored, "the store holds the game as played"

    sockets[seat].send_json({"type": "undo", "version": version})
    assert error_of(sockets[seat])["key"] == "error.undo_chance"  # the die is before it
    with table_socket(client, table_id) as spectator:
        spectator.send_json({"type": "undo", "version": version})
        assert error_of(spectator)["key"] == "error.spectator"
    sockets[seat].send_json({"type": "plan", "actions": plan, "version": version})
    assert states_after(sockets, version)[seat]["version"] == moved, "and the game goes on"
    assert client.get(f"/api/tables/{table_id}").json()["version"] == moved


@pytest.mark.parametrize("game", ["toques_et_casques", "royal_steeple_chase"])
def test_a_bots_move_and_a_deal_go_on_at_the_step_pace_once_begun(db_url: str, game: str) -> None:
    """Issue 16, 7: a bot's lengths after its roll, and the cards of a deal after the first, follow
    each other at the step pace; a roll (a new turn) and a bot's first action wait the bot delay."""
    service = TableService(open_database(db_url))
    settings = Settings(db_url=db_url, bot_delay=0.8, step_delay=0.1)
    seats = [SeatSpec(SeatKind.BOT, bot="heuristic")] * 4
    table, _ = service.create(game, {}, seats)
    run: int | None = None
    quick = slow = 0
    for _ in range(300):
        actor = automatic_actor(table)
        assert actor is not None
        state = table.state
        roller = state.chance_roller() if actor == CHANCE else None
        last = state.history[-1][0] if state.history else None
        delay = automatic_delay(table, actor, run, settings)
        if roller is not None:
            assert delay == 0.8, "a roll begins a turn"
        elif last is not None and last == actor and (actor != CHANCE or run == CHANCE):
            assert delay == 0.1, f"seat {actor} goes on with its run"
        quick += delay == 0.1
        slow += delay == 0.8
        run = run_of(table, actor)
        service.apply(table, actor, automatic_action(table, actor))
    assert quick > 40 and slow > 5, (quick, slow)


def test_a_finished_game_takes_no_move_back_and_its_store_is_untouched(db_url: str) -> None:
    service = TableService(open_database(db_url))
    seats = [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.BOT, bot="random")]
    table, _ = service.create("toques_et_casques", {"category": "A"}, seats, practice=True)
    service.mark_seen(table, 0)  # Ada comes: the table runs
    state = table.state
    while not state.is_terminal():
        actor = automatic_actor(table)
        if actor is None:  # Ada: her roll, or her first choice
            roller = state.chance_roller() if state.is_chance_node() else None
            action = table.draw_chance() if roller is not None else state.legal_actions(0)[0]
            service.apply(table, CHANCE if roller is not None else 0, action)
        else:
            service.apply(table, actor, automatic_action(table, actor))
    version = table.version
    with pytest.raises(ServerError) as err:
        service.undo(table, 0)
    assert err.value.key == "error.undo_game_over"
    fresh = TableService(service.engine).get(table.id)
    assert fresh.version == version and fresh.status == "finished"
