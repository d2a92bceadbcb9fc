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
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import texts
from hippodrome.engine.types import CHANCE, JSONObject
from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.limits import MessageBudget, client_address
from hippodrome.server.schemas import PLAIN_TEXT, printable
from hippodrome.server.service import (
    LiveTable,
    SeatKind,
    ServerError,
    TableService,
    TableStatus,
    VersionTakenError,
    automatic_action,
    automatic_actor,
    event_json,
)
from hippodrome.server.settings import Settings
from hippodrome.server.storage import now
from hippodrome.server.thinking import AdviceTurn, BotTurn, advise, die_with_parent, think

log = logging.getLogger("hippodrome.server")


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


class PingMessage(BaseModel):
    type: Literal["ping"]


ClientMessage: TypeAdapter[ActMessage | RollMessage | PingMessage] = TypeAdapter(
    Annotated[ActMessage | RollMessage | PingMessage, Field(discriminator="type")]
)
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
    table: LiveTable, seat: int | None, events: Sequence[Event], connected: set[int]
) -> JSONObject:
    """Everything one seat (None: a spectator) may know, and the new events as it may see them."""
    state = table.state
    playing = seat is not None and table.status == "running"
    legal = (
        [table.game.action_json(a, table.names) for a in state.legal_actions(seat)]
        if playing and not state.is_chance_node()
        else []
    )
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
        "can_roll": playing and state.is_chance_node() and state.chance_roller() == seat,
        "events": [event_json(e.seen_by(seat), table.names) for e in events],
        "result": state.outcome().to_json() if state.is_terminal() else None,
        "practice": table.practice,
        "hidden_information": state.has_hidden_information(),
    }


def presence_message(table: LiveTable, connected: set[int]) -> JSONObject:
    """Who is at the table now: sent when a seat's player comes or goes, instead of a whole state."""
    return {
        "type": "presence",
        "table": table.id,
        "version": table.version,
        "seats": [s.to_json(connected=s.index in connected) for s in table.seats],
    }


def encoded(message: JSONObject) -> str:
    """A message as the websocket sends it (as Starlette's ``send_json`` writes it), encoded once
    for every connection that gets it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


Outgoing = JSONObject | str
"""A message waiting in a connection's queue: an object, or one already encoded (shared)."""


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    table_id: str
    seat: int | None
    queue: asyncio.Queue[Outgoing] = field(default_factory=asyncio.Queue)
    closed: bool = False
    resynced: int | None = None
    """The version at which a stale action last brought this connection a fresh state."""

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
        """Per table with connections: what its cached full views were made of (version, status,
        connected seats, seats' kinds) and each viewer's (seat or None) full view, encoded once
        for every joiner while that holds."""
        self._following: dict[str, asyncio.Task[None]] = {}
        self._watcher: asyncio.Task[None] | None = None
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        """A table's lock lives while someone holds or awaits it: no lock kept per table ever seen."""
        self.per_address: Counter[str] = Counter()
        self.per_table: Counter[str] = Counter()
        """Open websockets by client address and by table, those still to join included."""
        self._sweeper: asyncio.Task[None] | None = None
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.absent_since: dict[tuple[str, int], float] = {}
        self.latencies: deque[float] = deque(maxlen=10_000)
        """Seconds from an action's arrival to its broadcast, for the last actions (bounded)."""
        self._jitter = random.Random()
        self._thinkers = self._new_pool()
        self._advising: dict[tuple[str, int, int], asyncio.Task[None]] = {}
        """Practice tables' odds being computed: (table, seat, version)."""

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

    async def serve(self, websocket: WebSocket, table_id: str) -> None:
        """One websocket, from accept to close: admitted within the connection limits, joined by
        its first message, then read within its message budget."""
        await websocket.accept()
        address = client_address(websocket.scope)
        refusal = self._admission(table_id, address)
        if refusal is not None:
            error, code = refusal
            with contextlib.suppress(Exception):
                await websocket.send_json(error_message(error))
                await websocket.close(code=code)
            return
        self.per_address[address] += 1
        self.per_table[table_id] += 1
        try:
            await self._serve_admitted(websocket, table_id)
        finally:
            for counter, key in ((self.per_address, address), (self.per_table, table_id)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    def _admission(self, table_id: str, address: str) -> tuple[HippodromeError, int] | None:
        """Why a new websocket is refused (and its close code), or None."""
        limits = self.settings
        if 0 < limits.ws_per_address <= self.per_address[address]:
            error = ServerError(429, "error.too_many_connections", limit=limits.ws_per_address)
            return error, CLOSE_TRY_LATER
        if 0 < limits.ws_per_table <= self.per_table[table_id]:
            error = ServerError(429, "error.table_crowded", limit=limits.ws_per_table)
            return error, CLOSE_TRY_LATER
        return None

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

    async def _serve_admitted(self, websocket: WebSocket, table_id: str) -> None:
        conn = Connection(websocket, table_id, None)
        try:
            token = await self._join(websocket)
            self.service.get(table_id)  # an unknown table takes no lock
            async with self.lock(table_id):
                # The token is read under the table's lock, so a seat handed to a bot meanwhile
                # cannot be joined with its old token.
                table = self._fresh(table_id)
                conn.seat = seat = self.service.seat_of(table, token)
                self.connections.setdefault(table_id, set()).add(conn)
                status = table.status
                if seat is not None:
                    self.absent_since.pop((table_id, seat), None)
                    self.service.mark_seen(table, seat)
                    self._told(table)
                conn.queue.put_nowait(self._joined_view(table, seat))
                if table.status != status:  # the last player came: the game begins for everyone
                    self.broadcast(table, [], skip=conn)
                self.advise(table)
        except WebSocketDisconnect:
            return
        except ProtocolError as exc:
            await self._refuse(websocket, exc.error, exc.code)
            return
        except HippodromeError as exc:
            await self._refuse(websocket, exc, 4404 if getattr(exc, "status", 0) == 404 else 4403)
            return
        self._presence(table_id, skip=conn)  # the joiner's state says it already
        self.kick(table_id)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
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
                        ServerError(400, "error.bad_message", field="frame", reason="binary")
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
        self._told(table)

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
        connected = frozenset(self.connected_seats(table.id))
        key = (table.version, table.status, connected, tuple(s.kind for s in table.seats))
        seen, views = self.joined_views.get(table.id, (None, {}))
        if seen != key:
            views = {}
            self.joined_views[table.id] = (key, views)
        if seat not in views:
            views[seat] = encoded(state_message(table, seat, table.state.events, set(connected)))
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
        message = encoded(presence_message(table, set(connected)))
        for conn in self.connections[table_id]:
            if conn is not skip:
                conn.queue.put_nowait(message)

    def _told(self, table: LiveTable) -> None:
        """Tell the other processes that the table changed in the store (an action, a seat)."""
        if self.bus is not None:
            self.bus.publish(Notice("version", self.bus.process, table.id, table.version))

    def _fresh(self, table_id: str) -> LiveTable:
        """The table as the store has it (the caller holds its lock); what other processes played
        on it meanwhile is sent to this process's connections first."""
        table, events = self.service.fresh(table_id)
        if events:
            self.broadcast(table, events)
        return table

    async def receive(self, conn: Connection, raw: str) -> None:
        """One client message: validated, then acted on; every refusal is an ``error`` message."""
        try:
            message = ClientMessage.validate_json(raw)
        except ValidationError as exc:
            problem = exc.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "message"
            conn.queue.put_nowait(
                error_message(
                    ServerError(400, "error.bad_message", field=where, reason=problem["msg"])
                )
            )
            return
        if isinstance(message, PingMessage):
            conn.queue.put_nowait({"type": "pong"})
            return
        started = time.perf_counter()
        try:
            async with self.lock(conn.table_id):
                table = self._fresh(conn.table_id)
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
                if not table.same_decision(conn.seat, message.version):
                    # A short answer; the state only to a client truly behind, once per version
                    # (it has the state in hand, or on its way, after that).
                    conn.queue.put_nowait({"type": "stale", "version": table.version})
                    if message.version < table.version and conn.resynced != table.version:
                        conn.resynced = table.version
                        conn.queue.put_nowait(
                            state_message(table, conn.seat, [], self.connected_seats(conn.table_id))
                        )
                    return
                if isinstance(message, RollMessage):
                    state = table.state
                    if not state.is_chance_node() or state.chance_roller() != conn.seat:
                        raise ServerError(409, "error.not_your_roll")
                    events = await self.play(table, CHANCE, table.draw_chance())
                else:
                    action = table.game.parse_action(message.action)
                    events = await self.play(table, conn.seat, action)
                self.broadcast(table, events)
        except VersionTakenError as exc:
            # Another process played first: this client gets the table as the store has it.
            conn.queue.put_nowait(error_message(exc, self.service.get(conn.table_id).names))
            self.follow(conn.table_id)
            return
        except HippodromeError as exc:
            names = self.service.get(conn.table_id).names if conn.table_id else None
            conn.queue.put_nowait(error_message(exc, names))
            return
        self.latencies.append(time.perf_counter() - started)
        self.kick(conn.table_id)

    async def play(self, table: LiveTable, player: int, action: Action) -> list[Event]:
        """Play an action (the caller holds the table's lock) and store it before anyone is told.

        On SQLite the commit runs on the event loop: it takes about a millisecond of work, and a
        writer thread was measured slower under load (every step of the loop then waits for the
        interpreter lock). A database server's commit is a wait (PostgreSQL's flush to disk, a few
        milliseconds), not work: it runs in a thread, and the loop serves the other tables meanwhile."""
        before = self.service.snapshot(table) if self.service.shared else None
        events, write = self.service.play(table, player, action)
        try:
            if self.service.engine.dialect.name == "sqlite":
                self.service.store(write)
            else:
                await asyncio.to_thread(self.service.store, write)
        except VersionTakenError:
            if before is not None:  # back to the stored version, to catch up from there
                self.service.restore(table, before)
            raise
        except Exception as exc:
            raise ServerError(503, "error.store", table=table.id) from exc
        self._told(table)
        return events

    def broadcast(
        self, table: LiveTable, events: Sequence[Event], skip: Connection | None = None
    ) -> None:
        """Send every connection at the table its own view of the change: one view per viewer
        (each seat, the spectators), encoded once and shared by all who see the same thing."""
        connected = self.connected_seats(table.id)
        views: dict[int | None, str] = {}
        for conn in self.connections.get(table.id, set()):
            if conn is skip:
                continue
            view = views.get(conn.seat)
            if view is None:
                view = views[conn.seat] = encoded(
                    state_message(table, conn.seat, events, connected)
                )
            conn.queue.put_nowait(view)
        if table.id in self.connections:
            self.shown[table.id] = frozenset(connected)
        self.advise(table)

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
            )
            task = asyncio.create_task(self._advise(table.id, key, turn))
            self._advising[key] = task
            task.add_done_callback(functools.partial(self._advised, key))

    def _advised(self, key: tuple[str, int, int], _: asyncio.Task[None]) -> None:
        self._advising.pop(key, None)

    async def _advise(self, table_id: str, key: tuple[str, int, int], turn: AdviceTurn) -> None:
        _, seat, version = key
        try:
            report = await asyncio.get_running_loop().run_in_executor(self._thinkers, advise, turn)
        except Exception:  # the odds are a help: a failure must not disturb the game
            log.exception("table %s: the odds for seat %d could not be computed", table_id, seat)
            return
        table = self.service.get(table_id)
        if table.version != version:
            return  # the game moved on: these odds are of a past position
        message: JSONObject = {"type": "odds", "version": version, "seat": seat, "odds": report}
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
                return automatic_actor(self._fresh(table_id)) is not None
            except HippodromeError:
                return False

    async def _drive_steps(self, table_id: str) -> None:
        """Play the table's automatic steps (bots, draws) one by one, each after the bot delay."""
        while True:
            if automatic_actor(self.service.get(table_id)) is None:
                return
            delay = self.settings.bot_delay
            # A little jitter, so that tables started together do not all think at the same instant.
            await asyncio.sleep(delay * self._jitter.uniform(0.8, 1.2) if delay else 0)
            if self.bus is not None and not self.bus.holds(table_id):
                return  # the lease was lost (the bus is down): another process may drive now
            async with self.lock(table_id):
                table = self._fresh(table_id)
                actor = automatic_actor(table)
                if actor is None:
                    return
                started = time.perf_counter()
                try:
                    action = await self._decide(table, actor)
                    events = await self.play(table, actor, action)
                except VersionTakenError as exc:
                    self._taken(table_id, exc.seq)
                    continue  # someone played first (choices at once): look again
                except HippodromeError as exc:
                    log.warning("table %s: automatic step refused: %s", table_id, exc)
                    return
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
            if notice.table in self.connections:
                self.follow(notice.table)
        elif notice.kind == "presence":
            at_table = self.remote.setdefault(notice.table, {})
            if notice.seats:
                at_table[notice.process] = frozenset(notice.seats)
            else:
                at_table.pop(notice.process, None)
            if not at_table:
                del self.remote[notice.table]
            self._presence(notice.table)
        elif notice.kind == "hello" and self.bus is not None:
            for table_id, seats in self.published.items():
                self.bus.publish(Notice("presence", self.bus.process, table_id, seats=tuple(seats)))

    def follow(self, table_id: str) -> None:
        """Catch the table up from the store and send this process's connections the change."""
        task = self._following.get(table_id)
        if task is not None and not task.done():
            return
        task = asyncio.create_task(self._follow(table_id))
        self._following[table_id] = task
        task.add_done_callback(lambda _: self._following.pop(table_id, None))

    async def _follow(self, table_id: str) -> None:
        async with self.lock(table_id):
            try:
                table = self.service.cached(table_id)
                before = None if table is None else (table.version, table.status, table.updated)
                table = self._fresh(table_id)
            except HippodromeError:
                return
            after = (table.version, table.status, table.updated)
            if before is None or (before[0] == table.version and before != after):
                self.broadcast(table, [])  # a seat changed (no action), or the table was read anew

    async def on_reconnect(self) -> None:
        """The bus is back after an outage: news was lost meanwhile, so every table shown here is
        caught up from the store, and the other processes are told this one's presence again."""
        for table_id in list(self.connections):
            self.follow(table_id)
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
                stalled = self.service.stalled(
                    now() - timedelta(seconds=every + 2 * self.settings.bot_delay)
                )
            except Exception:
                log.exception("the stalled tables could not be read; trying again later")
                continue
            for table_id, version in stalled:
                if table_id in self.drivers:
                    continue
                table = self.service.cached(table_id)
                if (
                    table is not None
                    and table.version == version
                    and automatic_actor(table) is None
                ):
                    continue  # it waits for a person
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
            page = self.service.list_tables(TableStatus.RUNNING, limit=500, offset=offset)
            for summary in page:
                self.kick(str(summary["id"]))
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
        return expired

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._watcher is not None:
            self._watcher.cancel()
        for advice in list(self._advising.values()):
            advice.cancel()
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
