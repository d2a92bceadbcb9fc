"""What a live table's connections are sent: each seat's state, who is at the table, chat lines and
refusals.

After every change each connection gets its own ``state`` message: its seat's observation, its legal
actions (typed: kind, args, notation and a label in every language) and the new events as that seat
may see them. The per-seat view is made in one place, :func:`state_message`, from the engine's
``observation`` and ``Event.seen_by``; nothing else reaches a client. A message that several
connections get is encoded once (:func:`encoded`) and shared.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence

from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import texts
from hippodrome.engine.plan import plan_json
from hippodrome.engine.types import JSONObject
from hippodrome.server.chat import ChatLine
from hippodrome.server.schemas import printable
from hippodrome.server.service import LiveTable, event_json

Outgoing = JSONObject | str
"""A message waiting in a connection's queue: an object, or one already encoded (shared)."""


def error_message(exc: HippodromeError, names: Sequence[str] | None = None) -> JSONObject:
    """A refusal as the client shows it, seats called by their names."""
    params = printable(exc.params)
    return {
        "type": "error",
        "key": exc.key,
        "params": params,
        "message": texts(exc.key, params, names=names),
    }


def clock_json(table: LiveTable) -> JSONObject | None:
    """The table's clocks' figures now (None: a table without clocks)."""
    return None if table.clocks is None else table.clocks.to_json()


def state_message(
    table: LiveTable,
    seat: int | None,
    events: Sequence[Event],
    connected: Collection[int],
    handover: Sequence[float | None] | None = None,
    *,
    full_log: bool = False,
) -> JSONObject:
    """Everything one seat (None: a spectator) may know, and the new events as it may see them
    (``full_log``: every event of the game, replacing what the client holds, after a move was taken
    back); the clocks' figures, and for each absent seat the seconds before it may be handed to a
    bot."""
    state = table.state
    playing = seat is not None and table.status == "running"
    deciding = playing and not state.is_chance_node() and not state.is_terminal()
    legal = (
        [table.game.action_json(a, table.names) for a in state.legal_actions(seat)]
        if deciding
        else []
    )
    plans = [
        plan_json(p, lambda key, params: texts(key, params, names=table.names))
        for p in (state.plans(seat) if deciding and seat is not None else ())
    ]
    return {
        "type": "state",
        "table": table.id,
        "game": table.game.id,
        "version": table.version,
        "status": table.status,
        "seat": seat,
        "seats": table.seats_json(connected),
        "observation": state.observation(seat),
        "context": state.context(),
        "legal": legal,
        "plans": plans,
        "can_roll": playing and state.is_chance_node() and state.chance_roller() == seat,
        "can_undo": playing and seat is not None and can_undo(table, seat),
        "events": [event_json(e.seen_by(seat), table.names) for e in events],
        "full_log": full_log,
        "result": state.outcome().to_json() if state.is_terminal() else None,
        "practice": table.practice,
        "guided": table.guided,
        "hidden_information": state.has_hidden_information(),
        "clock": clock_json(table),
        "handover": list(handover) if handover is not None else None,
        "sheet": table.result_sheet(),
        "rematch": table.rematch,
    }


def presence_message(
    table: LiveTable, connected: Collection[int], handover: Sequence[float | None]
) -> JSONObject:
    """Who is at the table now: sent when a seat's player comes or goes, instead of a whole state,
    with what changes with it: the hand-over countdowns, and the clocks' figures now."""
    return {
        "type": "presence",
        "table": table.id,
        "version": table.version,
        "seats": table.seats_json(connected),
        "handover": list(handover),
        "clock": clock_json(table),
    }


def encoded(message: JSONObject) -> str:
    """A message as the websocket sends it (as Starlette's ``send_json`` writes it), encoded once
    for every connection that gets it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def chat_message(lines: Sequence[ChatLine], *, history: bool) -> JSONObject:
    """Chat lines for one connection: its channels' recent history on (re)connecting (``history``:
    they replace what the page held), else a line just said."""
    return {"type": "chat", "history": history, "lines": [line.to_json() for line in lines]}


def can_undo(table: LiveTable, seat: int) -> bool:
    """Whether ``seat`` may take its last move back now (the engine's ``undo_point``)."""
    try:
        table.state.undo_point(seat, practice=table.practice)
    except HippodromeError:
        return False
    return True
