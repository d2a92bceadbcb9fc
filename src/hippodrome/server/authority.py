"""The tables' game authority, apart from any transport (as boardgame.io's ``master`` is from its
socket transport): each table's lock, its state caught up with the store, and the moves a seat asks
for (an action, a roll, a whole plan, a move taken back, its seat taken back from a stand-in),
judged against the seat's decision and the table's version, played by the engine and stored before
anyone hears of them.

It knows nothing of websockets: a change is reported to its :class:`Listener` (the runtime, which
sends each connection its view), a refusal is raised as a ``HippodromeError``.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from hippodrome.engine.actions import Action
from hippodrome.engine.events import Event
from hippodrome.engine.types import CHANCE
from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.protocol import Move, PlanMessage, RollMessage, UndoMessage
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
)

T = TypeVar("T")


class Listener(Protocol):
    """Who hears of the tables' changes (boardgame.io's master has its ``transportAPI``)."""

    def broadcast(
        self, table: LiveTable, events: Sequence[Event], *, full_log: bool = False
    ) -> None:
        """The table changed (``events``: what happened; ``full_log``: its log was rewritten)."""

    def follow(self, table_id: str, news: StoredMoves | None) -> None:
        """Another process changed the table in the store: catch up with it."""


class TableAuthority:
    """Plays and stores the tables' moves, one at a time per table (its lock)."""

    def __init__(self, service: TableService, listener: Listener, bus: Bus | None = None) -> None:
        self.service = service
        self.listener = listener
        self.bus = bus
        """The news between server processes (None: this process is the only one)."""
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        """A table's lock lives while someone holds or awaits it: no lock kept per table ever seen."""
        self.latencies: deque[float] = deque(maxlen=10_000)
        """Seconds from an action's arrival to its broadcast, for the last actions (bounded)."""

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    # -- the table as the store has it ------------------------------------------------------------

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
            self.listener.broadcast(table, table.state.events, full_log=True)
        elif events:
            self.listener.broadcast(table, events)
        return table

    def told(self, table: LiveTable, moves: StoredMoves | None = None) -> None:
        """Tell the other processes that the table changed in the store: with the ``moves`` just
        stored, which they play without reading the store; else (a seat, a move taken back) they
        read it."""
        if self.bus is not None:
            detail = None if moves is None else moves.to_json()
            self.bus.publish(
                Notice("version", self.bus.process, table.id, table.version, (), detail)
            )

    async def read(self, read: Callable[..., T], *args: object) -> T:
        """A read of the store that changes nothing in memory: in a thread on a database server
        (a wait on the network, the event loop serves the other tables meanwhile), on the loop on
        SQLite (a file read, quicker than a thread's hand-over)."""
        if self.service.engine.dialect.name == "sqlite":
            return read(*args)
        return await asyncio.to_thread(read, *args)

    # -- a seat's moves ---------------------------------------------------------------------------

    async def submit(self, table_id: str, seat: int | None, move: Move) -> LiveTable | None:
        """A move a seat (None: a spectator) sent against a version: judged, played, stored and
        broadcast; every refusal is raised. Returns the table when the move answers a decision
        that is no longer the seat's (stale: the caller tells its client), else None."""
        try:
            async with self.lock(table_id):
                table = self.fresh(table_id)
                mover = self._mover(table, seat)
                if table.is_away(mover):  # playing is taking the seat back
                    self.take_seat_back(table, mover)
                if not table.same_decision(mover, move.version):
                    return table
                await self._apply(table, mover, move)
        except VersionTakenError:
            # Another process played first: the table is caught up as the store has it.
            self.listener.follow(table_id, None)
            raise
        return None

    def _mover(self, table: LiveTable, seat: int | None) -> int:
        """The seat, if it may move at the table now (its player's, at a table in play)."""
        if seat is None:
            raise ServerError(403, "error.spectator")
        if table.seats[seat].kind != SeatKind.HUMAN:
            raise ServerError(403, "error.seat_handed_over", name=table.seats[seat].name)
        if table.status == TableStatus.OPEN:
            raise ServerError(409, "error.table_open")
        if table.status == TableStatus.EXPIRED:
            raise ServerError(409, "error.table_expired", table=table.id)
        return seat

    async def _apply(self, table: LiveTable, seat: int, move: Move) -> None:
        """Play a move that answers the seat's decision (the caller holds the table's lock)."""
        if isinstance(move, UndoMessage):
            self.service.undo(table, seat)
            self.told(table)  # the other processes read the table anew
            self.listener.broadcast(table, table.state.events, full_log=True)
            return
        if isinstance(move, RollMessage):
            state = table.state
            if not state.is_chance_node() or state.chance_roller() != seat:
                raise ServerError(409, "error.not_your_roll")
            events = await self.play(table, CHANCE, table.draw_chance())
        elif isinstance(move, PlanMessage):
            parse = table.game.parse_action
            events = await self.play_plan(table, seat, [parse(text) for text in move.actions])
        else:
            action = table.game.parse_action(move.action)
            events = await self.play(table, seat, action)
        self.listener.broadcast(table, events)

    async def back(self, table_id: str, seat: int | None) -> None:
        """A ``back`` message: the player takes his seat back from the stand-in."""
        async with self.lock(table_id):
            table = self.service.get(table_id)
            if seat is None:
                raise ServerError(403, "error.spectator")
            if not table.is_away(seat):
                raise ServerError(409, "error.seat_not_away")
            self.take_seat_back(table, seat)
            self.listener.broadcast(table, [])

    def take_seat_back(self, table: LiveTable, seat: int) -> None:
        """The seat's player plays it again (the caller holds the table's lock)."""
        if table.clocks is None or not table.is_away(seat):
            return
        table.clocks.take_back(seat)
        table.stand_ins.pop(seat, None)
        table.tick_clock()
        with contextlib.suppress(Exception):
            self.service.store_clocks(table)

    # -- playing and storing ----------------------------------------------------------------------

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
