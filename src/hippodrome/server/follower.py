"""Following the other server processes (``docs/deploy.md``): their news through the bus (moves
stored, seats connected, chat lines, rematches), each table shown here brought up to their changes in
the order the news came, and the tables whose driver went silent taken over.

The store is the truth; the news only says where to look. A table whose copy here was the store's
when the news came plays the moves the news carries; any other is read from the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from datetime import timedelta

from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.events import Event
from hippodrome.server.authority import Listener
from hippodrome.server.botplay import Bots
from hippodrome.server.cluster import Notice
from hippodrome.server.service import StoredMoves, automatic_actor
from hippodrome.server.storage import now
from hippodrome.server.transport import Sockets

log = logging.getLogger("hippodrome.server")


class Follower:
    """Hears the other processes and catches this process's tables up with them."""

    def __init__(self, sockets: Sockets, bots: Bots, live: Listener) -> None:
        self.sockets = sockets
        self.bots = bots
        self.live = live
        self.authority = sockets.authority
        self.presence = sockets.presence
        self.service = sockets.service
        self.bus = sockets.bus
        self._following: dict[str, asyncio.Task[None]] = {}
        self._news: dict[str, tuple[bool, list[StoredMoves | None]]] = {}
        """Per table, the news of other processes' changes not yet followed here: whether the
        table was the store's when the first came, and what each tells (None: read the store)."""
        self._watcher: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen to the other processes, and watch for the tables that stop moving."""
        if self.bus is not None:
            await self.bus.start(self.on_notice, self.on_reconnect)
            self._watcher = asyncio.create_task(self._watch_stalled())

    def stop(self) -> None:
        if self._watcher is not None:
            self._watcher.cancel()

    # -- news -------------------------------------------------------------------------------------

    def on_notice(self, notice: Notice) -> None:
        """News from another server process."""
        self.presence.heard[notice.process] = time.monotonic()
        if notice.kind == "version":
            current = notice.table in self.service.current
            self.service.forget_news(notice.table)  # read at its next use, unless followed first
            if notice.table in self.presence.connections:
                news = None if notice.detail is None else StoredMoves.from_json(notice.detail)
                self.follow(notice.table, news, current=current)
        elif notice.kind == "presence":
            self.presence.heard_from(notice)
            self.sockets.announce_presence(notice.table)
        elif notice.kind == "chat" and notice.table in self.presence.connections:
            self._chat_news(notice)
        elif notice.kind == "rematch":
            self._rematch_news(notice)
        elif notice.kind == "hello" and self.bus is not None:
            # Heard of at once by the newcomer, which counts connections only for processes heard
            # of (``Bus.admit``): it does not wait for the next beat.
            self.bus.publish(Notice("beat", self.bus.process))
            self.presence.publish_again()

    def _chat_news(self, notice: Notice) -> None:
        """Another process stored a chat line: sent to the connections here that read it."""
        try:
            line = self.sockets.chat.line(notice.table, notice.version)
        except Exception:
            log.exception("table %s: a chat line could not be read", notice.table)
            return
        if line is not None:
            self.sockets.tell_chat(notice.table, line)

    def _rematch_news(self, notice: Notice) -> None:
        """Another process started a finished table's rematch: its players here are handed their
        new seats, and everyone here sees the rematch on the table. A player who comes later reads
        it with the table from the store."""
        new_id = (notice.detail or {}).get("table")
        if not isinstance(new_id, str):
            return
        table = self.service.cached(notice.table)
        if table is None and notice.table in self.presence.connections:
            with contextlib.suppress(HippodromeError):
                table = self.service.get(notice.table)
        if table is None:
            return
        table.rematch = new_id
        self.sockets.hand_rematch(table)

    async def on_reconnect(self) -> None:
        """The bus is back after an outage: news was lost meanwhile, so every table shown here is
        caught up from the store, and the other processes are told this one's presence again."""
        self.service.forget_news()
        for table_id in list(self.presence.connections):
            self.follow(table_id, None)
        self.presence.publish_again()

    # -- catching a table up ----------------------------------------------------------------------

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
        async with self.authority.lock(table_id):
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
                        self.live.broadcast(table, played)
                    return
                if played:
                    self.live.broadcast(table, played)
            try:
                before = None if table is None else (table.version, table.status, table.updated)
                table = self.authority.fresh(table_id)
            except HippodromeError:
                return
            after = (table.version, table.status, table.updated)
            if before is None or (before[0] == table.version and before != after):
                self.live.broadcast(
                    table, []
                )  # a seat changed (no action), or the table was read anew

    # -- tables that stopped moving ---------------------------------------------------------------

    async def _watch_stalled(self) -> None:
        """Take over the tables that stopped moving while something automatic was due (their
        driver's process died, or the bus was down); forget the presence of silent processes."""
        assert self.bus is not None
        every = max(0.5, getattr(self.bus, "lease_seconds", 3.0) / 2)
        while True:
            await asyncio.sleep(every)
            self.presence.forget_silent(4 * every, self.sockets.announce_presence)
            try:
                stalled = await self.authority.read(
                    self.service.stalled,
                    now() - timedelta(seconds=every + 2 * self.sockets.settings.bot_delay),
                )
            except Exception:
                log.exception("the stalled tables could not be read; trying again later")
                continue
            for table_id, version in stalled:
                if table_id in self.bots.drivers:
                    continue
                table = self.service.cached(table_id)
                if table is not None and table.version == version:
                    if automatic_actor(table) is None:
                        continue  # it waits for a person
                else:
                    self.service.forget_news(table_id)  # its news was lost: read it anew
                self.bots.kick(table_id)
