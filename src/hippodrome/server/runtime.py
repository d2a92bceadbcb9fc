"""Live tables: websocket connections, what each seat is sent, and bots playing server-side.

Each connection belongs to one seat (or to a spectator). After every change each connection gets its
own ``state`` message: its seat's observation, its legal actions (typed: kind, args, notation and a
label in every language) and the new events as that seat may see them. The per-seat view is made in one place, :func:`state_message`, from the engine's
``observation`` and ``Event.seen_by``; nothing else reaches a client.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import multiprocessing
import os
import random
import time
import weakref
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import HippodromeError, message
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import texts
from hippodrome.engine.plan import plan_json
from hippodrome.engine.types import CHANCE, JSONObject
from hippodrome.server.chat import ChatLine, ChatStore, readable
from hippodrome.server.cluster import Bus, Notice, address_count, table_count
from hippodrome.server.limits import CountsUnavailableError, MessageBudget, client_address
from hippodrome.server.memory import MemoryRelief
from hippodrome.server.schemas import PLAIN_TEXT, printable, refusal
from hippodrome.server.service import (
    ActionWrite,
    LiveTable,
    SeatKind,
    ServerError,
    StoredMoves,
    TableService,
    TableSnapshot,
    TableStatus,
    VersionTakenError,
    automatic_action,
    automatic_actor,
    event_json,
)
from hippodrome.server.settings import Settings
from hippodrome.server.storage import now
from hippodrome.server.thinking import (
    AdviceTurn,
    BotTurn,
    advise,
    die_with_parent,
    suggest,
    think,
)

log = logging.getLogger("hippodrome.server")

T = TypeVar("T")


MAX_PLAN = 64
"""The most actions one ``plan`` message may carry (a Toques et Casques roll is 12 steps at most)."""

Version = Annotated[int, Field(strict=True)]
"""A table's version as the client saw it: a JSON integer (neither ``"8"`` nor ``8.0``)."""


class JoinMessage(BaseModel):
    """The first message of every connection: the seat's token (none: a spectator). The token
    travels here, never in the URL, which servers and proxies write in their logs."""

    type: Literal["join"]
    token: str | None = Field(default=None, max_length=200)


class ActMessage(BaseModel):
    type: Literal["act"]
    action: str = Field(max_length=200, pattern=PLAIN_TEXT)
    version: Version


class RollMessage(BaseModel):
    type: Literal["roll"]
    version: Version


class PlanMessage(BaseModel):
    """A whole move: the seat's actions in order, played all or nothing (``State.apply_plan``)."""

    type: Literal["plan"]
    actions: list[Annotated[str, Field(max_length=200, pattern=PLAIN_TEXT)]] = Field(
        min_length=1, max_length=MAX_PLAN
    )
    version: Version


class UndoMessage(BaseModel):
    """Take back the seat's last move (``State.undo_point``)."""

    type: Literal["undo"]
    version: Version


class PingMessage(BaseModel):
    type: Literal["ping"]


class SayMessage(BaseModel):
    """A line of chat; its length is judged by the server's setting (``error.chat_too_long``)."""

    type: Literal["say"]
    text: str = Field(pattern=PLAIN_TEXT)
    name: str | None = Field(default=None, max_length=40, pattern=PLAIN_TEXT)
    """A spectator's name (a player speaks under his seat's)."""


class BackMessage(BaseModel):
    """The player takes back the seat a stand-in bot plays since the seat's time ran out."""

    type: Literal["back"]


Client = (
    ActMessage | RollMessage | PlanMessage | UndoMessage | PingMessage | SayMessage | BackMessage
)
ClientMessage: TypeAdapter[Client] = TypeAdapter(Annotated[Client, Field(discriminator="type")])
"""A message is read by its ``type``: a refusal names the field of that message that is wrong."""

CLOSE_POLICY = 1008
"""The client broke the protocol (flooding, no ``join``): it should not come back as it was."""
CLOSE_TOO_BIG = 1009
CLOSE_TRY_LATER = 1013
"""Too many connections now: the client may try again later."""


class ProtocolError(Exception):
    """A connection that broke the protocol: refused with ``error``, then closed with ``code``."""

    def __init__(self, error: HippodromeError, code: int) -> None:
        super().__init__(error.key)
        self.error = error
        self.code = code


def error_message(exc: HippodromeError, names: Sequence[str] | None = None) -> JSONObject:
    """A refusal as the client shows it, seats called by their names."""
    params = printable(exc.params)
    return {
        "type": "error",
        "key": exc.key,
        "params": params,
        "message": texts(exc.key, params, names=names),
    }


def state_message(
    table: LiveTable,
    seat: int | None,
    events: Sequence[Event],
    connected: set[int],
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
        "seats": [s.to_json(connected=s.index in connected) for s in table.seats],
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
        "clock": None if table.clocks is None else table.clocks.to_json(),
        "handover": list(handover) if handover is not None else None,
        "sheet": table.result_sheet(),
        "rematch": table.rematch,
    }


def presence_message(
    table: LiveTable, connected: set[int], handover: Sequence[float | None]
) -> JSONObject:
    """Who is at the table now: sent when a seat's player comes or goes, instead of a whole state,
    with what changes with it: the hand-over countdowns, and the clocks' figures now."""
    return {
        "type": "presence",
        "table": table.id,
        "version": table.version,
        "seats": [s.to_json(connected=s.index in connected) for s in table.seats],
        "handover": list(handover),
        "clock": None if table.clocks is None else table.clocks.to_json(),
    }


def encoded(message: JSONObject) -> str:
    """A message as the websocket sends it (as Starlette's ``send_json`` writes it), encoded once
    for every connection that gets it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


Outgoing = JSONObject | str
"""A message waiting in a connection's queue: an object, or one already encoded (shared)."""


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


def run_of(table: LiveTable, actor: int) -> int:
    """Whose run an automatic step belongs to: the bot's seat, or for chance the seat whose gesture
    it is (a bot's own roll begins its move), else chance itself (a deal)."""
    if actor == CHANCE:
        roller = table.state.chance_roller()
        return CHANCE if roller is None else roller
    return actor


def automatic_delay(table: LiveTable, actor: int, run: int | None, settings: Settings) -> float:
    """Seconds before ``actor``'s automatic step, the last one having been of ``run``'s run (None:
    none yet): the bot delay for a step that begins a run (a new turn, a roll), the shorter step
    delay (never longer) for one that goes on with it (a bot's next length, the next card)."""
    rolls = actor == CHANCE and table.state.chance_roller() is not None
    if not rolls and run is not None and run == run_of(table, actor):
        return min(settings.step_delay, settings.bot_delay)
    return settings.bot_delay


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    table_id: str
    seat: int | None
    queue: asyncio.Queue[Outgoing] = field(default_factory=asyncio.Queue)
    closed: bool = False
    resynced: int | None = None
    """The version at which a stale action last brought this connection a fresh state."""
    token: str | None = field(default=None, repr=False)
    """The seat's token it joined with: its rematch seat's token is derived from it (never logged,
    forgotten with the connection)."""

    def close(self, error: HippodromeError, code: int, names: Sequence[str] | None = None) -> None:
        """Send ``error``, then close the connection with ``code``."""
        self.closed = True
        self.queue.put_nowait(error_message(error, names))
        self.queue.put_nowait({"type": "close", "code": code})


class Runtime:
    """The live side of the server: connections per table, per-table locks, bot drivers."""

    def __init__(self, service: TableService, settings: Settings, bus: Bus | None = None) -> None:
        self.service = service
        self.settings = settings
        self.bus = bus
        """The news between server processes (None: this process is the only one)."""
        self.chat = ChatStore(
            service.engine, max_length=settings.chat_max_length, history=settings.chat_history
        )
        self.connections: dict[str, set[Connection]] = {}
        self.remote: dict[str, dict[str, frozenset[int]]] = {}
        """Seats connected through other server processes: table -> process -> seats."""
        self.heard: dict[str, float] = {}
        """When each other process was last heard of (its presence is forgotten when it is silent)."""
        self.shown: dict[str, frozenset[int]] = {}
        """The connected seats each table's connections here were last told of."""
        self.published: dict[str, frozenset[int]] = {}
        """The seats this process last told the others it has connections for, per table."""
        self.joined_views: dict[str, tuple[object, dict[int | None, str]]] = {}
        """Per table with connections: what its cached full views were made of (see
        :meth:`_joined_view`) and each viewer's (seat or None) full view, encoded once for every
        joiner while that holds."""
        self._following: dict[str, asyncio.Task[None]] = {}
        self._news: dict[str, tuple[bool, list[StoredMoves | None]]] = {}
        """Per table, the news of other processes' changes not yet followed here: whether the
        table was the store's when the first came, and what each tells (None: read the store)."""
        self._watcher: asyncio.Task[None] | None = None
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        """A table's lock lives while someone holds or awaits it: no lock kept per table ever seen."""
        self.per_address: Counter[str] = Counter()
        self.per_table: Counter[str] = Counter()
        """Open websockets by client address and by table, those still to join included (this
        process's; with the news live, they are counted for every process too: ``Bus.admit``)."""
        self._sweeper: asyncio.Task[None] | None = None
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.absent_since: dict[tuple[str, int], float] = {}
        self.latencies: deque[float] = deque(maxlen=10_000)
        """Seconds from an action's arrival to its broadcast, for the last actions (bounded)."""
        self._jitter = random.Random()
        self._thinkers = self._new_pool()
        self._advising: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        """Practice tables' odds being computed: (table, seat, version)."""
        self.alarms: dict[str, asyncio.Task[None]] = {}
        """Per table with a running clock: the task that wakes when the first clock runs out."""
        self.relief = MemoryRelief()
        """Gives memory back to the system after a burst of closed connections (a crowd left)."""

    def _new_pool(self) -> ProcessPoolExecutor | None:
        if self.settings.bot_processes <= 0:
            return None
        return ProcessPoolExecutor(
            max_workers=self.settings.bot_processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        )

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def local_seats(self, table_id: str) -> set[int]:
        return {c.seat for c in self.connections.get(table_id, ()) if c.seat is not None}

    def connected_seats(self, table_id: str) -> set[int]:
        """Seats with a connection at the table, through this process or another."""
        seats = self.local_seats(table_id)
        for remote in self.remote.get(table_id, {}).values():
            seats |= remote
        return seats

    # -- connections ------------------------------------------------------------------------------

    async def serve(
        self, websocket: WebSocket, table_id: str, *, account_id: int | None = None
    ) -> None:
        """One websocket, from accept to close: admitted within the connection limits, joined by
        its first message, then read within its message budget. ``account_id``: the account logged
        in on the connection's browser, to which the seat joined is tied."""
        await websocket.accept()
        address = client_address(websocket.scope)
        refusal, shared = await self._admission(table_id, address)
        if refusal is not None:
            error, code = refusal
            with contextlib.suppress(Exception):
                await websocket.send_json(error_message(error))
                await websocket.close(code=code)
            return
        self.per_address[address] += 1
        self.per_table[table_id] += 1
        try:
            await self._serve_admitted(websocket, table_id, account_id)
        finally:
            for counter, key in ((self.per_address, address), (self.per_table, table_id)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
            if shared and self.bus is not None:
                self.bus.leave(shared)
            self.relief.closed_one()

    async def _admission(
        self, table_id: str, address: str
    ) -> tuple[tuple[HippodromeError, int] | None, tuple[str, ...]]:
        """Why a new websocket is refused (and its close code), or None; and what it was counted
        under across the server processes (to be uncounted when it closes). With the news between
        processes live, the connections per table and per address are counted for all of them
        (``cluster.table_count``, ``cluster.address_count``); this process's own count refuses too
        (it holds the connections it admitted while the shared counts did not answer)."""
        limits = self.settings
        refusals = [
            (limits.ws_per_table, self.per_table[table_id], "error.table_crowded"),
            (limits.ws_per_address, self.per_address[address], "error.too_many_connections"),
        ]
        counts = [
            (table_count(table_id), limits.ws_per_table),
            (address_count(address), limits.ws_per_address),
        ]
        for limit, here, key in refusals:
            if 0 < limit <= here:
                return (ServerError(429, key, limit=limit), CLOSE_TRY_LATER), ()
        wanted = [(i, count) for i, count in enumerate(counts) if count[1] > 0]
        if not wanted or self.bus is None or not self.bus.up:
            return None, ()
        try:
            full = await self.bus.admit([count for _, count in wanted], list(self.heard))
        except CountsUnavailableError:
            return None, ()  # counted in this process alone meanwhile
        if full is not None:
            limit, _, key = refusals[wanted[full][0]]
            return (ServerError(429, key, limit=limit), CLOSE_TRY_LATER), ()
        return None, tuple(counted for _, (counted, _) in wanted)

    async def _join(self, websocket: WebSocket) -> str | None:
        """The seat token of the connection's first message, which must be a ``join``."""
        if "token" in websocket.query_params:
            raise ProtocolError(ServerError(400, "error.token_in_url"), CLOSE_POLICY)
        timeout = self.settings.ws_join_timeout
        try:
            frame = await asyncio.wait_for(websocket.receive(), timeout if timeout > 0 else None)
        except TimeoutError:
            raise ProtocolError(
                ServerError(408, "error.join_expected", seconds=f"{timeout:g}"), CLOSE_POLICY
            ) from None
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        text = self._frame_text(frame)
        try:
            return JoinMessage.model_validate_json(text or "").token
        except ValidationError:
            raise ProtocolError(
                ServerError(400, "error.join_expected", seconds=f"{timeout:g}"), CLOSE_POLICY
            ) from None

    def _frame_text(self, frame: Message) -> str | None:
        """A frame's text (None for a binary one); a frame over the size limit ends the connection."""
        text: str | None = frame.get("text")
        data: bytes | None = frame.get("bytes")
        limit = self.settings.ws_max_frame
        if limit > 0:
            size = len(data or b"") if text is None else len(text)
            if text is not None and size <= limit:
                size = len(text.encode("utf-8", "surrogatepass"))
            if size > limit:
                error = ServerError(400, "error.frame_too_large", size=size, limit=limit)
                raise ProtocolError(error, CLOSE_TOO_BIG)
        return text

    async def _serve_admitted(
        self, websocket: WebSocket, table_id: str, account_id: int | None = None
    ) -> None:
        conn = Connection(websocket, table_id, None)
        try:
            token = await self._join(websocket)
            self.service.get(table_id)  # an unknown table takes no lock
            async with self.lock(table_id):
                # The token is read under the table's lock, so a seat handed to a bot meanwhile
                # cannot be joined with its old token. The store is read (one small query): the
                # joiner may have seen, at another process, a move whose news is not here yet.
                table = self.fresh(table_id, check=True)
                conn.seat = seat = self.service.seat_of(table, token)
                conn.token = token if seat is not None else None
                self.connections.setdefault(table_id, set()).add(conn)
                status = table.status
                if seat is not None:
                    self.absent_since.pop((table_id, seat), None)
                    self.service.mark_seen(table, seat)
                    if account_id is not None:
                        self.service.link_account(table, seat, account_id)
                    self.told(table)
                table.tick_clock()  # the table may have just opened: its clocks start
                self.arm(table)
                conn.queue.put_nowait(self._joined_view(table, seat))
                self.tell_rematch(table, conn)
                if table.status != status:  # the last player came: the game begins for everyone
                    self.broadcast(table, [], skip=conn)
                self.advise(table)
        except WebSocketDisconnect:
            return
        except ProtocolError as exc:
            await self._refuse(websocket, exc.error, exc.code)
            return
        except HippodromeError as exc:
            # 4404: no such table; 4409: a table that can no longer be played (its rules have
            # changed since, or its store is broken); 4403: a seat key the table does not know.
            http: int = getattr(exc, "status", 0)
            await self._refuse(websocket, exc, {404: 4404, 409: 4409}.get(http, 4403))
            return
        self._presence(table_id, skip=conn)  # the joiner's state says it already
        self.kick(table_id)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
            await self._send_chat_history(conn)
            await self._read_loop(conn)
        except WebSocketDisconnect:
            pass
        finally:
            if conn.closed:  # let the refusal and the close go out first
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(sender, timeout=5.0)
            sender.cancel()
            at_table = self.connections.get(table_id, set())
            at_table.discard(conn)
            if not at_table:
                self.connections.pop(table_id, None)
            if conn.seat is not None and conn.seat not in self.connected_seats(table_id):
                self.absent_since[(table_id, conn.seat)] = time.monotonic()
            if conn.seat is not None:
                self._presence(table_id)
            if table_id not in self.connections:
                self.shown.pop(table_id, None)
                self.joined_views.pop(table_id, None)

    async def _send_chat_history(self, conn: Connection) -> None:
        """The chat's recent lines for a joiner, read out of the table's lock (and, on a database
        server, off the event loop): a crowd arriving does not queue on it, nor hold up the other
        tables."""
        try:
            recent = await self._read(self.chat.recent, conn.table_id, conn.seat)
        except Exception:  # the chat is a help: the game goes on without its history
            log.exception("table %s: the chat's history could not be read", conn.table_id)
            return
        if recent:  # none: the page's chat starts empty with the full state
            conn.queue.put_nowait(chat_message(recent, history=True))

    async def _read_loop(self, conn: Connection) -> None:
        """The client's messages, each within the connection's budget: past it a message is
        refused unread (the first refusal says so); a client that goes on regardless is closed."""
        budget = MessageBudget(self.settings.ws_messages_per_second, self.settings.ws_burst)
        refused = 0
        while not conn.closed:
            frame = await conn.websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            if not budget.take():
                refused += 1
                error = ServerError(
                    429, "error.too_many_messages", rate=f"{self.settings.ws_messages_per_second:g}"
                )
                if refused > self.settings.ws_burst:
                    conn.close(error, CLOSE_POLICY)
                elif refused == 1:
                    conn.queue.put_nowait(error_message(error))
                continue
            refused = 0
            try:
                text = self._frame_text(frame)
            except ProtocolError as exc:
                conn.close(exc.error, exc.code)
                return
            if text is None:  # a binary frame: the protocol is JSON text
                conn.queue.put_nowait(
                    error_message(
                        ServerError(
                            400,
                            "error.bad_message",
                            field="frame",
                            reason=message("error.reason.binary"),
                        )
                    )
                )
                continue
            await self.receive(conn, text)

    async def _refuse(self, websocket: WebSocket, error: HippodromeError, code: int) -> None:
        with contextlib.suppress(Exception):
            await websocket.send_json(error_message(error))
            await websocket.close(code=code)

    async def release_seat(self, table: LiveTable, seat: int, error: HippodromeError) -> None:
        """Close the connections of a seat that is no longer its player's (handed to a bot)."""
        for conn in list(self.connections.get(table.id, set())):
            if conn.seat == seat:
                conn.close(error, 4403, table.names)
        self.told(table)

    async def _send_loop(self, conn: Connection) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = await conn.queue.get()
                if isinstance(message, str):
                    await conn.websocket.send_text(message)
                    continue
                if message.get("type") == "close":
                    await conn.websocket.close(code=int(message.get("code", 4403)))
                    return
                await conn.websocket.send_json(message)

    def _joined_view(self, table: LiveTable, seat: int | None) -> str:
        """A joiner's first state (the whole log), computed once per table, version, connected
        seats and viewer, however many join: a crowd arriving at one table costs one view."""
        connected = set(self.connected_seats(table.id))
        handover = self._handover(table, connected)
        # Everything of the view that may change without a new version (seats taken, who is
        # connected, clocks, countdowns, a rematch, a move taken back and another played: the
        # table's time): a crowd at a quiet table shares one view.
        key = (
            table.version,
            table.updated,
            table.status,
            table.rematch,
            encoded(
                {
                    "seats": [s.to_json(connected=s.index in connected) for s in table.seats],
                    "clock": None if table.clocks is None else table.clocks.to_json(),
                    "handover": handover,
                }
            ),
        )
        seen, views = self.joined_views.get(table.id, (None, {}))
        if seen != key:
            views = {}
            self.joined_views[table.id] = (key, views)
        if seat not in views:
            views[seat] = encoded(
                state_message(table, seat, table.state.events, connected, handover)
            )
        return views[seat]

    def _presence(self, table_id: str, skip: Connection | None = None) -> None:
        """After a seat's connection came or went: tell the other processes (if this process's
        seats changed) and this process's connections (if the table's connected seats changed),
        with a small ``presence`` message, never a whole state to everyone."""
        local = frozenset(self.local_seats(table_id))
        if self.bus is not None and self.published.get(table_id, frozenset()) != local:
            self.bus.publish(Notice("presence", self.bus.process, table_id, seats=tuple(local)))
            if local:
                self.published[table_id] = local
            else:
                self.published.pop(table_id, None)
        connected = frozenset(self.connected_seats(table_id))
        if table_id not in self.connections or self.shown.get(table_id) == connected:
            return
        self.shown[table_id] = connected
        table = self.service.get(table_id)
        message = encoded(
            presence_message(table, set(connected), self._handover(table, set(connected)))
        )
        for conn in self.connections[table_id]:
            if conn is not skip:
                conn.queue.put_nowait(message)

    def told(self, table: LiveTable, moves: StoredMoves | None = None) -> None:
        """Tell the other processes that the table changed in the store: with the ``moves`` just
        stored, which they play without reading the store; else (a seat, a move taken back) they
        read it."""
        if self.bus is not None:
            detail = None if moves is None else moves.to_json()
            self.bus.publish(
                Notice("version", self.bus.process, table.id, table.version, (), detail)
            )

    async def current(self, table_id: str) -> LiveTable:
        """The table as the store has it, for a request (what it gained is sent to the
        connections here first, so that nobody at the table misses it)."""
        async with self.lock(table_id):
            return self.fresh(table_id)

    def fresh(self, table_id: str, *, check: bool = False) -> LiveTable:
        """The table as the store has it (the caller holds its lock); what other processes played
        on it meanwhile is sent to this process's connections first. With the news between
        processes live, a table whose memory is the store's (no news of it since) is not read,
        unless ``check``: a joiner may come from another process, where it saw a move whose news
        is still on its way here."""
        trust = self.bus is not None and self.bus.up
        if not trust:
            self.service.forget_news()  # news may be lost meanwhile: read every table again
        table, events = self.service.fresh(table_id, trust=trust, check=check)
        if events is None:  # its log changed (a move taken back): the whole log again
            self.broadcast(table, table.state.events, full_log=True)
        elif events:
            self.broadcast(table, events)
        return table

    async def receive(self, conn: Connection, raw: str) -> None:
        """One client message: validated, then acted on; every refusal is an ``error`` message."""
        try:
            message = ClientMessage.validate_json(raw)
        except ValidationError as exc:
            params = refusal(exc.errors(), "message")
            conn.queue.put_nowait(error_message(ServerError(400, "error.bad_message", **params)))
            return
        if isinstance(message, PingMessage):
            conn.queue.put_nowait({"type": "pong"})
            return
        if isinstance(message, SayMessage):
            self.say(conn, message)
            return
        if isinstance(message, BackMessage):
            await self.take_back(conn)
            return
        started = time.perf_counter()
        try:
            async with self.lock(conn.table_id):
                table = self.fresh(conn.table_id)
                if conn.seat is None:
                    raise ServerError(403, "error.spectator")
                if table.seats[conn.seat].kind != SeatKind.HUMAN:
                    raise ServerError(
                        403, "error.seat_handed_over", name=table.seats[conn.seat].name
                    )
                if table.status == TableStatus.OPEN:
                    raise ServerError(409, "error.table_open")
                if table.status == TableStatus.EXPIRED:
                    raise ServerError(409, "error.table_expired", table=table.id)
                if table.is_away(conn.seat):  # playing is taking the seat back
                    self._take_back(table, conn.seat)
                if not table.same_decision(conn.seat, message.version):
                    # A short answer; the state only to a client truly behind, once per version
                    # (it has the state in hand, or on its way, after that).
                    conn.queue.put_nowait({"type": "stale", "version": table.version})
                    if message.version < table.version and conn.resynced != table.version:
                        conn.resynced = table.version
                        conn.queue.put_nowait(
                            self.state_for(
                                table, conn.seat, [], self.connected_seats(conn.table_id)
                            )
                        )
                    return
                if isinstance(message, UndoMessage):
                    self.service.undo(table, conn.seat)
                    self.told(table)  # the other processes read the table anew
                    self.broadcast(table, table.state.events, full_log=True)
                    return
                if isinstance(message, RollMessage):
                    state = table.state
                    if not state.is_chance_node() or state.chance_roller() != conn.seat:
                        raise ServerError(409, "error.not_your_roll")
                    events = await self.play(table, CHANCE, table.draw_chance())
                elif isinstance(message, PlanMessage):
                    parse = table.game.parse_action
                    events = await self.play_plan(
                        table, conn.seat, [parse(text) for text in message.actions]
                    )
                else:
                    action = table.game.parse_action(message.action)
                    events = await self.play(table, conn.seat, action)
                self.broadcast(table, events)
        except VersionTakenError as exc:
            # Another process played first: this client gets the table as the store has it.
            conn.queue.put_nowait(error_message(exc, self.service.get(conn.table_id).names))
            self.follow(conn.table_id, None)
            return
        except HippodromeError as exc:
            names = self.service.get(conn.table_id).names if conn.table_id else None
            conn.queue.put_nowait(error_message(exc, names))
            return
        self.latencies.append(time.perf_counter() - started)
        self.kick(conn.table_id)

    def say(self, conn: Connection, message: SayMessage) -> None:
        """A line of chat: stored, then sent to every connection that reads its channel."""
        try:
            table = self.service.get(conn.table_id)
            line = self.chat.say(table, conn.seat, message.text, message.name)
        except HippodromeError as exc:
            conn.queue.put_nowait(error_message(exc))
            return
        except Exception:
            log.exception("table %s: a chat line could not be stored", conn.table_id)
            conn.queue.put_nowait(
                error_message(ServerError(503, "error.store", table=conn.table_id))
            )
            return
        self._tell_chat(conn.table_id, line)
        if self.bus is not None:  # the other processes send it to their connections at the table
            self.bus.publish(Notice("chat", self.bus.process, conn.table_id, line.id))

    def _tell_chat(self, table_id: str, line: ChatLine) -> None:
        """Send a chat line to every connection here that reads its channel."""
        told = chat_message([line], history=False)
        for other in self.connections.get(table_id, set()):
            if line.channel in readable(other.seat):
                other.queue.put_nowait(told)

    async def play(self, table: LiveTable, player: int, action: Action) -> list[Event]:
        """Play an action (the caller holds the table's lock) and store it before anyone is told.

        On SQLite the commit runs on the event loop: it takes about a millisecond of work, and a
        writer thread was measured slower under load (every step of the loop then waits for the
        interpreter lock). A database server's commit is a wait (PostgreSQL's flush to disk, a few
        milliseconds), not work: it runs in a thread, and the loop serves the other tables meanwhile."""
        before = self.service.snapshot(table) if self.service.shared else None
        events, write = self.service.play(table, player, action)
        await self._store(table, before, write)
        return events

    async def play_plan(self, table: LiveTable, player: int, actions: list[Action]) -> list[Event]:
        """Play a whole move (the caller holds the table's lock) and store its actions together
        before anyone is told."""
        before = self.service.snapshot(table) if self.service.shared else None
        events, writes = self.service.play_plan(table, player, actions)
        await self._store(table, before, writes[-1], *writes[:-1])
        return events

    async def _read(self, read: Callable[..., T], *args: object) -> T:
        """A read of the store that changes nothing in memory: in a thread on a database server
        (a wait on the network, the event loop serves the other tables meanwhile), on the loop on
        SQLite (a file read, quicker than a thread's hand-over)."""
        if self.service.engine.dialect.name == "sqlite":
            return read(*args)
        return await asyncio.to_thread(read, *args)

    async def _store(
        self,
        table: LiveTable,
        before: TableSnapshot | None,
        write: ActionWrite,
        *earlier: ActionWrite,
    ) -> None:
        """Store a move's writes (see :meth:`play`), then tell the other processes."""
        try:
            if self.service.engine.dialect.name == "sqlite":
                self.service.store(write, *earlier)
            else:
                await asyncio.to_thread(self.service.store, write, *earlier)
        except VersionTakenError:
            if before is not None:  # back to the stored version, to catch up from there
                self.service.restore(table, before)
            raise
        except Exception as exc:
            raise ServerError(503, "error.store", table=table.id) from exc
        self.told(table, StoredMoves.of(*earlier, write))

    def broadcast(
        self,
        table: LiveTable,
        events: Sequence[Event],
        *,
        skip: Connection | None = None,
        full_log: bool = False,
    ) -> None:
        """Send every connection at the table its own view of the change: one view per viewer
        (each seat, the spectators), encoded once and shared by all who see the same thing."""
        table.tick_clock()
        self.arm(table)
        connected = self.connected_seats(table.id)
        handover = self._handover(table, connected)
        views: dict[int | None, str] = {}
        for conn in self.connections.get(table.id, set()):
            if conn is skip:
                continue
            view = views.get(conn.seat)
            if view is None:
                view = views[conn.seat] = encoded(
                    state_message(table, conn.seat, events, connected, handover, full_log=full_log)
                )
            conn.queue.put_nowait(view)
        if table.id in self.connections:
            self.shown[table.id] = frozenset(connected)
        self.advise(table)

    def state_for(
        self,
        table: LiveTable,
        seat: int | None,
        events: Sequence[Event],
        connected: set[int],
        *,
        full_log: bool = False,
    ) -> JSONObject:
        """``state_message`` with the hand-over countdown of every absent human seat."""
        handover = self._handover(table, connected)
        return state_message(table, seat, events, connected, handover, full_log=full_log)

    def _handover(self, table: LiveTable, connected: set[int]) -> list[float | None]:
        """For each seat, the seconds before it may be handed to a bot (None: present, or a bot)."""
        handover: list[float | None] = []
        for info in table.seats:
            if (
                info.kind != SeatKind.HUMAN
                or info.index in connected
                or table.status not in (TableStatus.OPEN, TableStatus.RUNNING)
            ):
                handover.append(None)
            else:
                absent = self.seat_absence(table, info.index)
                handover.append(round(max(0.0, self.settings.seat_timeout - absent), 3))
        return handover

    # -- clocks -----------------------------------------------------------------------------------

    def arm(self, table: LiveTable) -> None:
        """Wake when the table's first running clock runs out (re-armed after every change)."""
        alarm = self.alarms.pop(table.id, None)
        if alarm is not None and alarm is not asyncio.current_task():
            alarm.cancel()
        deadline = None if table.clocks is None else table.clocks.next_deadline()
        if deadline is None:
            return
        task = asyncio.create_task(self._ring(table.id, deadline))
        self.alarms[table.id] = task
        task.add_done_callback(functools.partial(self._rung, table.id))

    def _rung(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self.alarms.get(table_id) is task:
            del self.alarms[table_id]

    async def _ring(self, table_id: str, deadline: float) -> None:
        """A clock ran out: a stand-in bot of the table's level takes the seat (and plays its
        move, through the table's driver) until the player takes the seat back."""
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        async with self.lock(table_id):
            table = self.service.get(table_id)
            if table.clocks is None:
                return
            now = time.monotonic()
            expired = table.clocks.expired(now)
            for seat in expired:
                table.clocks.time_out(seat, now)
                log.info("table %s: seat %d ran out of time", table_id, seat)
            if expired:
                with contextlib.suppress(Exception):  # the figures go again with the next action
                    self.service.store_clocks(table)
            self.broadcast(table, [])
        self.kick(table_id)

    def _take_back(self, table: LiveTable, seat: int) -> None:
        """The seat's player plays it again (the caller holds the table's lock)."""
        if table.clocks is None or not table.is_away(seat):
            return
        table.clocks.take_back(seat)
        table.stand_ins.pop(seat, None)
        table.tick_clock()
        with contextlib.suppress(Exception):
            self.service.store_clocks(table)

    async def take_back(self, conn: Connection) -> None:
        """A ``back`` message: the player takes his seat back from the stand-in."""
        try:
            async with self.lock(conn.table_id):
                table = self.service.get(conn.table_id)
                if conn.seat is None:
                    raise ServerError(403, "error.spectator")
                if not table.is_away(conn.seat):
                    raise ServerError(409, "error.seat_not_away")
                self._take_back(table, conn.seat)
                self.broadcast(table, [])
        except HippodromeError as exc:
            conn.queue.put_nowait(error_message(exc, self.service.get(conn.table_id).names))

    # -- rematch ----------------------------------------------------------------------------------

    def start_rematch(self, table: LiveTable, new_id: str) -> None:
        """Hand each seat's player his new seat: now to those at the table, when they next come to
        the others; the other server processes do the same for theirs (``rematch`` news, which
        carries the new table's id and no token: each is derived from its player's own,
        ``service.rematch_token``)."""
        self._hand_rematch(table)
        if self.bus is not None:
            detail = {"table": new_id}
            self.bus.publish(Notice("rematch", self.bus.process, table.id, detail=detail))

    def _hand_rematch(self, table: LiveTable) -> None:
        for conn in self.connections.get(table.id, set()):
            self.tell_rematch(table, conn)
        self.broadcast(table, [])

    def _rematch_news(self, notice: Notice) -> None:
        """Another process started a finished table's rematch: its players here are handed their
        new seats, and everyone here sees the rematch on the table. A player who comes later reads
        it with the table from the store."""
        new_id = (notice.detail or {}).get("table")
        if not isinstance(new_id, str):
            return
        table = self.service.cached(notice.table)
        if table is None and notice.table in self.connections:
            with contextlib.suppress(HippodromeError):
                table = self.service.get(notice.table)
        if table is None:
            return
        table.rematch = new_id
        self._hand_rematch(table)

    def tell_rematch(self, table: LiveTable, conn: Connection) -> None:
        """A player at a finished table whose rematch began: his seat's token there."""
        if table.rematch is None or conn.seat is None or conn.token is None:
            return
        try:
            token = self.service.rematch_seat(table, conn.seat, conn.token)
        except Exception:
            log.exception("table %s: the rematch seat could not be handed", table.id)
            return
        if token is not None:
            conn.queue.put_nowait({"type": "rematch", "table": table.rematch, "token": token})

    # -- practice tables: the odds of a player's decisions ----------------------------------------

    def advise(self, table: LiveTable) -> None:
        """On a practice table, start estimating the odds for every connected human seat that has a
        decision to take now; each is computed in a worker process (never on the event loop) and
        sent to that seat alone, if the table has not moved on meanwhile."""
        state = table.state
        if (
            not table.practice
            or self._thinkers is None
            or table.status != TableStatus.RUNNING
            or state.is_terminal()
            or state.is_chance_node()
        ):
            return
        connected = self.connected_seats(table.id)
        for seat in state.active_players():
            key = (table.id, seat, table.version)
            if table.seats[seat].kind != SeatKind.HUMAN or seat not in connected:
                continue
            if key in self._advising:
                continue
            turn = AdviceTurn(
                game_id=table.game.id,
                options=table.game.options.to_json(),
                state=state.to_json(),
                seat=seat,
                seed=f"{table.seed}:odds{seat}:{table.version}",
                table_id=table.id,
            )
            task = asyncio.create_task(self._advise(table.id, key, turn, guided=table.guided))
            self._advising[key] = task
            task.add_done_callback(functools.partial(self._advised, key))

    def _advised(self, key: tuple[str, int, int], _: asyncio.Task[None]) -> None:
        self._advising.pop(key, None)

    async def _advise(
        self, table_id: str, key: tuple[str, int, int], turn: AdviceTurn, *, guided: bool
    ) -> None:
        _, seat, version = key
        if guided:
            await self._hint(table_id, key, turn)
        try:
            report = await asyncio.get_running_loop().run_in_executor(self._thinkers, advise, turn)
        except Exception:  # the odds are a help: a failure must not disturb the game
            log.exception("table %s: the odds for seat %d could not be computed", table_id, seat)
            return
        table = self.service.get(table_id)
        if table.version != version:
            return  # the game moved on: these odds are of a past position
        self._tell_seat(
            table_id, seat, {"type": "odds", "version": version, "seat": seat, "odds": report}
        )

    async def _hint(self, table_id: str, key: tuple[str, int, int], turn: AdviceTurn) -> None:
        """A guided table's hint for ``seat``: the move the heuristic bot would play from that seat's
        view, thought out in a worker (quicker than the odds, so sent first), to that seat alone."""
        _, seat, version = key
        try:
            notation = await asyncio.get_running_loop().run_in_executor(
                self._thinkers, suggest, turn
            )
        except Exception:  # a hint is a help: a failure must not disturb the game
            log.exception("table %s: the hint for seat %d could not be computed", table_id, seat)
            return
        table = self.service.get(table_id)
        if table.version != version:
            return  # the game moved on
        action = table.game.action_json(table.game.parse_action(notation), table.names)
        self._tell_seat(
            table_id, seat, {"type": "hint", "version": version, "seat": seat, "action": action}
        )

    def _tell_seat(self, table_id: str, seat: int, message: JSONObject) -> None:
        """Send ``message`` to the connections of ``seat`` alone (never another seat, never a spectator)."""
        for conn in self.connections.get(table_id, set()):
            if conn.seat == seat:
                conn.queue.put_nowait(message)

    # -- bots and automatic chance ----------------------------------------------------------------

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs if something automatic is due."""
        task = self.drivers.get(table_id)
        if task is None or task.done():
            task = asyncio.create_task(self._drive(table_id))
            self.drivers[table_id] = task
            task.add_done_callback(lambda done: self._forget_driver(table_id, done))

    def _forget_driver(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self.drivers.get(table_id) is task:
            del self.drivers[table_id]

    async def _drive(self, table_id: str) -> None:
        """Drive the table while something automatic is due. With several server processes, only
        the holder of the table's lease drives it; the lease is let go when the table waits for a
        person, and looked at once more after that (a move may have come in meanwhile)."""
        if self.bus is None:
            await self._drive_steps(table_id)
            return
        while await self._due(table_id):
            if not await self.bus.take_lease(table_id):
                return  # another process drives it; if it dies, the watch takes the table over
            try:
                await self._drive_steps(table_id)
            finally:
                await self.bus.drop_lease(table_id)

    async def _due(self, table_id: str) -> bool:
        async with self.lock(table_id):
            try:
                return automatic_actor(self.fresh(table_id)) is not None
            except HippodromeError:
                return False

    async def _drive_steps(self, table_id: str) -> None:
        """Play the table's automatic steps (bots, draws) one by one, each after the bot delay; the
        steps that go on with the same run (a bot's next length once it has begun its move, or
        its roll; the next card of a deal) after the shorter step delay, so a bot's move or a deal
        takes seconds, not a bot delay per action."""
        run: int | None = None  # whose run the last automatic step was (a roll: its roller's)
        while True:
            table = self.service.get(table_id)
            actor = automatic_actor(table)
            if actor is None:
                return
            delay = automatic_delay(table, actor, run, self.settings)
            # A little jitter, so that tables started together do not all think at the same instant.
            await asyncio.sleep(delay * self._jitter.uniform(0.8, 1.2) if delay else 0)
            if self.bus is not None and not self.bus.holds(table_id):
                return  # the lease was lost (the bus is down): another process may drive now
            async with self.lock(table_id):
                table = self.fresh(table_id)
                actor = automatic_actor(table)
                if actor is None:
                    return
                started = time.perf_counter()
                mover = run_of(table, actor)
                try:
                    action = await self._decide(table, actor)
                    events = await self.play(table, actor, action)
                except VersionTakenError as exc:
                    self._taken(table_id, exc.seq)
                    continue  # someone played first (choices at once): look again
                except HippodromeError as exc:
                    log.warning("table %s: automatic step refused: %s", table_id, exc)
                    return
                run = mover
                self.broadcast(table, events)
                self.latencies.append(time.perf_counter() - started)

    # -- several server processes -----------------------------------------------------------------

    def _taken(self, table_id: str, version: int) -> None:
        """An automatic step lost the race for ``version``: fine if a person played it (choices at
        once), a fault of the leases if another automatic step did (two drivers at once)."""
        table = self.service.cached(table_id) or self.service.get(table_id)
        if len(table.state.history) <= version:
            table, _ = self.service.fresh(table_id)
        if version < len(table.state.history):
            player = table.state.history[version][0]
            if player == CHANCE or table.seats[player].kind == SeatKind.BOT:
                log.error(
                    "table %s: version %d was played by two drivers at once", table_id, version
                )

    async def start(self) -> None:
        """At start: listen to the other processes, then drive every running table that needs it."""
        if self.bus is not None:
            await self.bus.start(self.on_notice, self.on_reconnect)
            self._watcher = asyncio.create_task(self._watch_stalled())
        await self.resume_all()
        self.start_sweeping()

    def on_notice(self, notice: Notice) -> None:
        """News from another server process."""
        self.heard[notice.process] = time.monotonic()
        if notice.kind == "version":
            current = notice.table in self.service.current
            self.service.forget_news(notice.table)  # read at its next use, unless followed first
            if notice.table in self.connections:
                news = None if notice.detail is None else StoredMoves.from_json(notice.detail)
                self.follow(notice.table, news, current=current)
        elif notice.kind == "presence":
            at_table = self.remote.setdefault(notice.table, {})
            if notice.seats:
                at_table[notice.process] = frozenset(notice.seats)
            else:
                at_table.pop(notice.process, None)
            if not at_table:
                del self.remote[notice.table]
            self._presence(notice.table)
        elif notice.kind == "chat" and notice.table in self.connections:
            try:
                line = self.chat.line(notice.table, notice.version)
            except Exception:
                log.exception("table %s: a chat line could not be read", notice.table)
                return
            if line is not None:
                self._tell_chat(notice.table, line)
        elif notice.kind == "rematch":
            self._rematch_news(notice)
        elif notice.kind == "hello" and self.bus is not None:
            # Heard of at once by the newcomer, which counts connections only for processes heard
            # of (``Bus.admit``): it does not wait for the next beat.
            self.bus.publish(Notice("beat", self.bus.process))
            for table_id, seats in self.published.items():
                self.bus.publish(Notice("presence", self.bus.process, table_id, seats=tuple(seats)))

    def follow(self, table_id: str, news: StoredMoves | None, *, current: bool = False) -> None:
        """Bring the table up to another process's change and send this process's connections
        what changed: the moves the news carries, played here (``current``: the table was the
        store's when the news came), else (None) read from the store. News is followed in the
        order it came."""
        seen, pending = self._news.get(table_id, (current, []))
        self._news[table_id] = (seen, [*pending, news])
        task = self._following.get(table_id)
        if task is not None and not task.done():
            return
        task = asyncio.create_task(self._follow(table_id))
        self._following[table_id] = task
        task.add_done_callback(functools.partial(self._followed, table_id))

    def _followed(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self._following.get(table_id) is task:
            del self._following[table_id]

    async def _follow(self, table_id: str) -> None:
        async with self.lock(table_id):
            current, pending = self._news.pop(table_id, (False, []))
            if table_id in self.service.current or not pending:
                return  # read from the store since this news came: it holds it
            table = self.service.cached(table_id)
            if table is not None and current and None not in pending:
                played: list[Event] = []
                for news in pending:
                    assert news is not None
                    events = self.service.follow(table, news)
                    if events is None:
                        break
                    played += events
                else:
                    if self.bus is not None and self.bus.up:
                        self.service.current.add(table_id)
                    if played:
                        self.broadcast(table, played)
                    return
                if played:
                    self.broadcast(table, played)
            try:
                before = None if table is None else (table.version, table.status, table.updated)
                table = self.fresh(table_id)
            except HippodromeError:
                return
            after = (table.version, table.status, table.updated)
            if before is None or (before[0] == table.version and before != after):
                self.broadcast(table, [])  # a seat changed (no action), or the table was read anew

    async def on_reconnect(self) -> None:
        """The bus is back after an outage: news was lost meanwhile, so every table shown here is
        caught up from the store, and the other processes are told this one's presence again."""
        self.service.forget_news()
        for table_id in list(self.connections):
            self.follow(table_id, None)
        if self.bus is not None:
            for table_id, seats in self.published.items():
                self.bus.publish(Notice("presence", self.bus.process, table_id, seats=tuple(seats)))

    async def _watch_stalled(self) -> None:
        """Take over the tables that stopped moving while something automatic was due (their
        driver's process died, or the bus was down); forget the presence of silent processes."""
        assert self.bus is not None
        every = max(0.5, getattr(self.bus, "lease_seconds", 3.0) / 2)
        while True:
            await asyncio.sleep(every)
            silent = [p for p, t in self.heard.items() if time.monotonic() - t > 4 * every]
            for process in silent:
                del self.heard[process]
                for table_id in [t for t, r in self.remote.items() if process in r]:
                    self.remote[table_id].pop(process, None)
                    if not self.remote[table_id]:
                        del self.remote[table_id]
                    self._presence(table_id)
            try:
                stalled = await self._read(
                    self.service.stalled,
                    now() - timedelta(seconds=every + 2 * self.settings.bot_delay),
                )
            except Exception:
                log.exception("the stalled tables could not be read; trying again later")
                continue
            for table_id, version in stalled:
                if table_id in self.drivers:
                    continue
                table = self.service.cached(table_id)
                if table is not None and table.version == version:
                    if automatic_actor(table) is None:
                        continue  # it waits for a person
                else:
                    self.service.forget_news(table_id)  # its news was lost: read it anew
                self.kick(table_id)

    async def _decide(self, table: LiveTable, actor: int) -> Action:
        """The automatic action: drawn here for chance and quick bots, thought out in a worker
        process for bots that take a while, so that the other tables are not held up."""
        bot = table.bot_for(actor) if actor != CHANCE else None
        if bot is None or not bot.slow or self._thinkers is None:
            return automatic_action(table, actor)
        turn = BotTurn(
            table_id=table.id,
            game_id=table.game.id,
            options=table.game.options.to_json(),
            state=table.state.to_json(),
            seat=actor,
            bot=bot.kind,
            seed=f"{table.seed}:bot{actor}:{table.version}",  # the same draw as LiveTable.rng
        )
        try:
            notation = await asyncio.get_running_loop().run_in_executor(self._thinkers, think, turn)
        except BrokenProcessPool:
            # A worker died: start a fresh pool for the next turns, and think here this once.
            log.warning("the bot worker process died; starting a new one")
            self._thinkers = self._new_pool()
            return automatic_action(table, actor)
        return table.game.parse_action(notation)

    async def resume_all(self) -> None:
        """At start: drive every running table again (a restart loses no game)."""
        offset = 0
        while True:
            page = self.service.list_tables(
                TableStatus.RUNNING, limit=500, offset=offset, private=True
            )
            for summary in page:
                self.kick(str(summary["id"]))
                if summary.get("clock") is not None:
                    with contextlib.suppress(HippodromeError):
                        table = self.service.get(str(summary["id"]))
                        table.tick_clock()
                        self.arm(table)
            if len(page) < 500:
                return
            offset += len(page)

    # -- tables left untouched --------------------------------------------------------------------

    def start_sweeping(self) -> None:
        """Expire untouched tables from time to time (``open_table_ttl``, ``idle_table_ttl``)."""
        ttls = [t for t in (self.settings.open_table_ttl, self.settings.idle_table_ttl) if t > 0]
        if ttls and self._sweeper is None:
            every = min(max(min(ttls) / 10, 1.0), 300.0)
            self._sweeper = asyncio.create_task(self._sweep(every))

    async def _sweep(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                expired = self.expire_untouched()
            except Exception:
                log.exception("expiring untouched tables failed; trying again later")
                continue
            if expired:
                log.info("%d untouched tables expired", len(expired))

    def expire_untouched(self, at: datetime | None = None) -> list[str]:
        """Expire the tables untouched for their time to live at ``at`` (now by default), but
        those someone is connected to or being played; returns their ids."""
        at = at or now()
        never = datetime(1970, 1, 1, tzinfo=UTC)

        def before(ttl: float) -> datetime:
            return at - timedelta(seconds=ttl) if ttl > 0 else never

        busy = set(self.connections) | set(self.drivers)
        busy |= {table_id for table_id, lock in self.locks.items() if lock.locked()}
        expired = self.service.expire_untouched(
            open_before=before(self.settings.open_table_ttl),
            running_before=before(self.settings.idle_table_ttl),
            keep=busy,
        )
        gone = set(expired)
        for key in [k for k in self.absent_since if k[0] in gone]:
            del self.absent_since[key]
        if self.bus is not None:  # the other processes read them anew
            for table_id in expired:
                self.bus.publish(Notice("version", self.bus.process, table_id))
        return expired

    async def stop(self) -> None:
        self.relief.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._watcher is not None:
            self._watcher.cancel()
        for advice in list(self._advising.values()):
            advice.cancel()
        for alarm in list(self.alarms.values()):
            alarm.cancel()
        for task in list(self.drivers.values()):
            task.cancel()
        for task in list(self.drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)
        if self.bus is not None:
            await self.bus.stop()

    # -- seats left by their players --------------------------------------------------------------

    def seat_absence(self, table: LiveTable, seat: int) -> float:
        """Seconds the seat has had no connection (infinite if its player never came)."""
        if seat in self.connected_seats(table.id):
            return 0.0
        since = self.absent_since.get((table.id, seat))
        if since is None:
            if not table.seats[seat].joined:
                return float("inf")
            last = table.seats[seat].last_seen
            if last is None:
                return float("inf")
            # Known only from the store (the server restarted): count from the restart.
            self.absent_since[(table.id, seat)] = time.monotonic()
            return 0.0
        return time.monotonic() - since
