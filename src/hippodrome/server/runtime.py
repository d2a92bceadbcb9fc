"""Live tables: the server's runtime, composed of parts that each own one concern.

The game's authority is kept apart from its transport, as boardgame.io keeps its ``master`` apart
from its socket transport:

- ``authority.py``: each table's lock and its state caught up with the store; a seat's moves judged
  against its decision and the table's version, played and stored (no websocket knowledge);
- ``transport.py``: the websockets, from accept to close (let in by ``admission.py``); a client's
  messages (``protocol.py``) routed to the authority; every change fanned out, each connection
  (``connection.py``) its own view, made by ``views.py``;
- ``presence.py``: who is at each table, through this process or another, and since when a seat
  has had no connection (the rule of who shows as connected is one: ``service.seat_connected``);
- ``botplay.py``: the tables' drivers (bots, stand-ins, automatic chance) and the bot worker
  processes; ``advice.py``: a practice table's odds and a guided table's hints;
- ``timekeeper.py``: the clock alarms; ``follower.py``: following the other server processes;
  ``sweeper.py``: untouched tables expiring.

:class:`Runtime` builds them and is what they tell of each other's doings (a table changed, a
driver to start, a clock to arm, odds to compute); the routes use it as before.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter, deque
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from starlette.websockets import WebSocket

from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.events import Event
from hippodrome.server.advice import Advisor
from hippodrome.server.authority import TableAuthority
from hippodrome.server.botplay import Bots, Thinkers, automatic_delay, run_of
from hippodrome.server.chat import ChatStore
from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.connection import Connection
from hippodrome.server.follower import Follower
from hippodrome.server.memory import MemoryRelief
from hippodrome.server.notify import Notifier
from hippodrome.server.presence import Presence
from hippodrome.server.replays import Replays
from hippodrome.server.service import LiveTable, StoredMoves, TableService, TableStatus
from hippodrome.server.settings import Settings
from hippodrome.server.storage import now
from hippodrome.server.sweeper import Sweeper
from hippodrome.server.timekeeper import Timekeeper
from hippodrome.server.transport import Sockets
from hippodrome.server.views import can_undo

__all__ = ["Connection", "Runtime", "automatic_delay", "can_undo", "run_of"]


class Runtime:
    """The live side of the server: its parts, and what each tells the others of a table."""

    def __init__(self, service: TableService, settings: Settings, bus: Bus | None = None) -> None:
        self.service = service
        self.settings = settings
        self.bus = bus
        """The news between server processes (None: this process is the only one)."""
        self.chat = ChatStore(
            service.engine, max_length=settings.chat_max_length, history=settings.chat_history
        )
        self.authority = TableAuthority(service, self, bus)
        self.presence = Presence(settings, bus)
        self.sockets = Sockets(
            self.authority, self, presence=self.presence, chat=self.chat, settings=settings, bus=bus
        )
        self.thinkers = Thinkers(settings.bot_processes)
        self.bots = Bots(self.authority, self.thinkers, settings, self, bus)
        self.timekeeper = Timekeeper(self.authority, self)
        self.advisor = Advisor(
            service, self.thinkers, self.presence.connected_seats, self.sockets.tell_seat
        )
        self.follower = Follower(self.sockets, self.bots, self)
        self.notifier: Notifier | None = None
        """Tells the players away from turn-based tables (``notify.py``; set by the app)."""
        self.replays = Replays(
            per_address=settings.replays_per_address, cache_size=settings.replay_cache
        )
        """Replays built off the event loop, a few per address at once, finished ones kept."""
        self.sweeper = Sweeper(
            service,
            settings,
            self._busy,
            self.presence.forget_tables,
            bus,
            chat=self.chat,
            remembered=self.presence.tables_remembered,
        )

    # -- a table changed: what every part does about it -------------------------------------------

    def broadcast(
        self, table: LiveTable, events: Sequence[Event], *, full_log: bool = False
    ) -> None:
        """The table changed: its clocks brought up to it and re-armed, every connection at the
        table sent its own view, the practice odds started (``Sockets.broadcast``)."""
        self.sockets.broadcast(table, events, full_log=full_log)
        if self.notifier is not None:  # "your turn" for a player away from a turn-based table
            self.notifier.turn(table, self.presence.connected_seats(table.id))

    def seat_left(self, table_id: str) -> None:
        """A seat's connection went: tell its player if he left with his turn to play at a
        turn-based table (``notify.py``)."""
        if self.notifier is not None:
            with contextlib.suppress(HippodromeError):
                table = self.service.get(table_id)
                self.notifier.turn(table, self.presence.connected_seats(table_id))

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs if something automatic is due."""
        self.bots.kick(table_id)

    def arm(self, table: LiveTable) -> None:
        self.timekeeper.arm(table)

    def advise(self, table: LiveTable) -> None:
        self.advisor.advise(table)

    def follow(self, table_id: str, news: StoredMoves | None, *, current: bool = False) -> None:
        self.follower.follow(table_id, news, current=current)

    # -- what the routes ask ----------------------------------------------------------------------

    async def serve(
        self, websocket: WebSocket, table_id: str, *, account_id: int | None = None
    ) -> None:
        await self.sockets.serve(websocket, table_id, account_id=account_id)

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.authority.lock(table_id)

    async def current(self, table_id: str) -> LiveTable:
        return await self.authority.current(table_id)

    def fresh(self, table_id: str, *, check: bool = False) -> LiveTable:
        return self.authority.fresh(table_id, check=check)

    def told(self, table: LiveTable, moves: StoredMoves | None = None) -> None:
        self.authority.told(table, moves)

    def connected_seats(self, table_id: str) -> set[int]:
        return self.presence.connected_seats(table_id)

    def present_tables(self) -> set[str]:
        """The tables a player is connected to, through this process or another."""
        known = set(self.presence.connections) | set(self.presence.remote)
        return {t for t in known if self.presence.connected_seats(t)}

    def seat_absence(self, table: LiveTable, seat: int) -> float:
        return self.presence.seat_absence(table, seat)

    async def release_seat(self, table: LiveTable, seat: int, error: HippodromeError) -> None:
        await self.sockets.release_seat(table, seat, error)

    def start_rematch(self, table: LiveTable, new_id: str) -> None:
        """Hand each seat's player his new seat: now to those at the table, when they next come to
        the others; the other server processes do the same for theirs (``rematch`` news, which
        carries the new table's id and no token: each is derived from its player's own,
        ``service.rematch_token``)."""
        self.sockets.hand_rematch(table)
        if self.bus is not None:
            detail = {"table": new_id}
            self.bus.publish(Notice("rematch", self.bus.process, table.id, detail=detail))

    def expire_untouched(self, at: datetime | None = None) -> list[str]:
        return self.sweeper.expire_untouched(at)

    def _busy(self, at: datetime | None = None) -> set[str]:
        """The tables being played (never expired), and those someone is connected to, but a
        running one nobody has played on for ``idle_table_ttl``: a player connected and silent, or
        a gallery watching, no longer keeps an abandoned game running for ever (issue 39)."""
        busy = set(self.bots.drivers)
        busy |= {t for t, lock in self.authority.locks.items() if lock.locked()}
        ttl = self.settings.idle_table_ttl
        untouched = (at or now()) - timedelta(seconds=ttl) if ttl > 0 else None
        for table_id in self.presence.connections:
            table = self.service.cached(table_id)
            if (
                untouched is None
                or table is None
                or table.status != TableStatus.RUNNING
                or _aware(table.updated) >= untouched
            ):
                busy.add(table_id)
        return busy

    # -- what the tests and the load test look at -------------------------------------------------

    @property
    def connections(self) -> dict[str, set[Connection]]:
        return self.presence.connections

    @property
    def shown(self) -> dict[str, frozenset[int]]:
        return self.sockets.shown

    @property
    def joined_views(self) -> dict[str, tuple[object, dict[int | None, str]]]:
        return self.sockets.joined_views

    @property
    def per_table(self) -> Counter[str]:
        return self.sockets.admission.per_table

    @property
    def per_address(self) -> Counter[str]:
        return self.sockets.admission.per_address

    @property
    def relief(self) -> MemoryRelief:
        return self.sockets.relief

    @relief.setter
    def relief(self, relief: MemoryRelief) -> None:
        self.sockets.relief = relief

    @property
    def latencies(self) -> deque[float]:
        return self.authority.latencies

    # -- start and stop ---------------------------------------------------------------------------

    async def start(self) -> None:
        """At start: listen to the other processes, then drive every running table that needs it."""
        await self.follower.start()
        await self.resume_all()
        self.sweeper.start()

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

    async def stop(self) -> None:
        self.sockets.relief.stop()
        with contextlib.suppress(Exception):  # the lines said just before are stored
            await asyncio.wait_for(self.sockets.chat_writer.flush(), 5.0)
        self.sockets.chat_writer.stop()
        self.sweeper.stop()
        self.follower.stop()
        self.advisor.stop()
        self.timekeeper.stop()
        await self.bots.stop()
        self.thinkers.stop()
        if self.bus is not None:
            await self.bus.stop()


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
