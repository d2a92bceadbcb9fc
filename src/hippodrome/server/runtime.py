"""Live tables: websocket connections, what each seat is sent, and bots playing server-side.

Each connection belongs to one seat (or to a spectator). After every change each connection gets its
own ``state`` message: its seat's observation, its legal actions (typed: kind, args, notation and a
label in every language) and the new events as that seat may see them. The per-seat view is made in one place, :func:`state_message`, from the engine's
``observation`` and ``Event.seen_by``; nothing else reaches a client.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import random
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field, TypeAdapter, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import texts
from hippodrome.engine.types import CHANCE, JSONObject
from hippodrome.server.service import (
    LiveTable,
    SeatKind,
    ServerError,
    TableService,
    TableStatus,
    automatic_action,
    automatic_actor,
    event_json,
)
from hippodrome.server.settings import Settings
from hippodrome.server.thinking import BotTurn, think

log = logging.getLogger("hippodrome.server")


class ActMessage(BaseModel):
    type: Literal["act"]
    action: str = Field(max_length=200)
    version: int


class RollMessage(BaseModel):
    type: Literal["roll"]
    version: int


class PingMessage(BaseModel):
    type: Literal["ping"]


ClientMessage = TypeAdapter(ActMessage | RollMessage | PingMessage)


def error_message(exc: HippodromeError, names: Sequence[str] | None = None) -> JSONObject:
    """A refusal as the client shows it, seats called by their names."""
    return {
        "type": "error",
        "key": exc.key,
        "params": exc.params,
        "message": texts(exc.key, exc.params, names=names),
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
    }


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    table_id: str
    seat: int | None
    queue: asyncio.Queue[JSONObject] = field(default_factory=asyncio.Queue)
    closed: bool = False


class Runtime:
    """The live side of the server: connections per table, per-table locks, bot drivers."""

    def __init__(self, service: TableService, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        self.connections: dict[str, set[Connection]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.absent_since: dict[tuple[str, int], float] = {}
        self.latencies: deque[float] = deque(maxlen=10_000)
        """Seconds from an action's arrival to its broadcast, for the last actions (bounded)."""
        self._jitter = random.Random()
        self._thinkers = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor | None:
        if self.settings.bot_processes <= 0:
            return None
        return ProcessPoolExecutor(
            max_workers=self.settings.bot_processes, mp_context=multiprocessing.get_context("spawn")
        )

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def connected_seats(self, table_id: str) -> set[int]:
        return {c.seat for c in self.connections.get(table_id, ()) if c.seat is not None}

    # -- connections ------------------------------------------------------------------------------

    async def serve(self, websocket: WebSocket, table_id: str, token: str | None) -> None:
        """One websocket, from accept to close."""
        await websocket.accept()
        conn = Connection(websocket, table_id, None)
        try:
            self.service.get(table_id)  # an unknown table takes no lock
            async with self.lock(table_id):
                # The token is read under the table's lock, so a seat handed to a bot meanwhile
                # cannot be joined with its old token.
                table = self.service.get(table_id)
                conn.seat = seat = self.service.seat_of(table, token)
                self.connections.setdefault(table_id, set()).add(conn)
                if seat is not None:
                    self.absent_since.pop((table_id, seat), None)
                    self.service.mark_seen(table, seat)
                conn.queue.put_nowait(
                    state_message(table, seat, table.state.events, self.connected_seats(table_id))
                )
        except HippodromeError as exc:
            await websocket.send_json(error_message(exc))
            await websocket.close(code=4404 if getattr(exc, "status", 0) == 404 else 4403)
            return
        await self._refresh_others(table_id, conn)
        self.kick(table_id)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
            while not conn.closed:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: the protocol is JSON text
                    conn.queue.put_nowait(
                        error_message(
                            ServerError(400, "error.bad_message", field="frame", reason="binary")
                        )
                    )
                    continue
                await self.receive(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            self.connections.get(table_id, set()).discard(conn)
            if conn.seat is not None and conn.seat not in self.connected_seats(table_id):
                self.absent_since[(table_id, conn.seat)] = time.monotonic()
            await self._refresh_others(table_id, None)

    async def release_seat(self, table: LiveTable, seat: int, error: HippodromeError) -> None:
        """Close the connections of a seat that is no longer its player's (handed to a bot)."""
        for conn in list(self.connections.get(table.id, set())):
            if conn.seat == seat:
                conn.closed = True
                conn.queue.put_nowait(error_message(error, table.names))
                conn.queue.put_nowait({"type": "close"})

    async def _send_loop(self, conn: Connection) -> None:
        with contextlib.suppress(Exception):
            while True:
                message = await conn.queue.get()
                if message.get("type") == "close":
                    await conn.websocket.close(code=4403)
                    return
                await conn.websocket.send_json(message)

    async def _refresh_others(self, table_id: str, skip: Connection | None) -> None:
        """Tell everyone at the table who is connected now (no new events)."""
        table = self.service.get(table_id)
        connected = self.connected_seats(table_id)
        for other in self.connections.get(table_id, set()):
            if other is not skip:
                other.queue.put_nowait(state_message(table, other.seat, [], connected))

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
                table = self.service.get(conn.table_id)
                if conn.seat is None:
                    raise ServerError(403, "error.spectator")
                if table.seats[conn.seat].kind != SeatKind.HUMAN:
                    raise ServerError(
                        403, "error.seat_handed_over", name=table.seats[conn.seat].name
                    )
                if table.status == TableStatus.OPEN:
                    raise ServerError(409, "error.table_open")
                if message.version != table.version:
                    conn.queue.put_nowait({"type": "stale", "version": table.version})
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
        except HippodromeError as exc:
            names = self.service.get(conn.table_id).names if conn.table_id else None
            conn.queue.put_nowait(error_message(exc, names))
            return
        self.latencies.append(time.perf_counter() - started)
        self.kick(conn.table_id)

    async def play(self, table: LiveTable, player: int, action: Action) -> list[Event]:
        """Play an action (the caller holds the table's lock) and store it before anyone is told.

        The commit runs on the event loop: it takes about a millisecond, and a writer thread was
        measured slower under load (every step of the loop then waits for the interpreter lock)."""
        events, write = self.service.play(table, player, action)
        try:
            self.service.store(write)
        except Exception as exc:
            raise ServerError(503, "error.store", table=table.id) from exc
        return events

    def broadcast(self, table: LiveTable, events: Sequence[Event]) -> None:
        """Send every connection at the table its own view of the change."""
        connected = self.connected_seats(table.id)
        for conn in self.connections.get(table.id, set()):
            conn.queue.put_nowait(state_message(table, conn.seat, events, connected))

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
        """Play the table's automatic steps (bots, draws) one by one, each after the bot delay."""
        while True:
            if automatic_actor(self.service.get(table_id)) is None:
                return
            delay = self.settings.bot_delay
            # A little jitter, so that tables started together do not all think at the same instant.
            await asyncio.sleep(delay * self._jitter.uniform(0.8, 1.2) if delay else 0)
            async with self.lock(table_id):
                table = self.service.get(table_id)
                actor = automatic_actor(table)
                if actor is None:
                    return
                started = time.perf_counter()
                try:
                    action = await self._decide(table, actor)
                    events = await self.play(table, actor, action)
                except HippodromeError as exc:
                    log.warning("table %s: automatic step refused: %s", table_id, exc)
                    return
                self.broadcast(table, events)
                self.latencies.append(time.perf_counter() - started)

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

    async def stop(self) -> None:
        for task in list(self.drivers.values()):
            task.cancel()
        for task in list(self.drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)

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
