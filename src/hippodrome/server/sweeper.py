"""Tables left untouched expire (``open_table_ttl``: its players never all came; ``idle_table_ttl``:
nobody played on), from time to time, but those someone is connected to or being played, and
those whose clock still runs (a slow clock of days a move: ``clocks.idle_limit``). Chat lines
older than ``chat_retention`` are removed on the same rounds (``chat.ChatStore.forget_before``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from hippodrome.server.chat import ChatStore
from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.service import TableService, TableStatus
from hippodrome.server.settings import Settings
from hippodrome.server.storage import TableRow, now

log = logging.getLogger("hippodrome.server")


class Sweeper:
    """Expires the untouched tables every so often."""

    def __init__(
        self,
        service: TableService,
        settings: Settings,
        busy: Callable[[datetime], set[str]],
        expired: Callable[[Collection[str]], None],
        bus: Bus | None = None,
        *,
        chat: ChatStore | None = None,
        remembered: Callable[[], set[str]] | None = None,
    ) -> None:
        self.service = service
        self.settings = settings
        self.busy = busy
        """The tables that may not expire at a moment (being played, or someone is connected to
        them and a game went on there lately)."""
        self.expired = expired
        """What else forgets the tables that expired."""
        self.bus = bus
        self.chat = chat
        """Whose old lines are removed (``chat_retention``)."""
        self.remembered = remembered
        """The tables whose seats' absences this process keeps: those finished, broken or
        archived are forgotten (with ``expired``) on each round, so that the memory they take
        does not grow with every table a player ever left (issue 39)."""
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Expire untouched tables from time to time (``open_table_ttl``, ``idle_table_ttl``)."""
        kept = (
            self.settings.open_table_ttl,
            self.settings.idle_table_ttl,
            self.settings.chat_retention if self.chat is not None else 0.0,
        )
        ttls = [t for t in kept if t > 0]
        if ttls and self._sweeper is None:
            every = min(max(min(ttls) / 10, 1.0), 300.0)
            self._sweeper = asyncio.create_task(self._sweep(every))

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

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
            try:
                self.expired(await asyncio.to_thread(self.over, self.remembered_tables()))
            except Exception:
                log.exception("reading which tables are over failed; trying again later")
            try:
                removed = await asyncio.to_thread(self.forget_old_chat)
            except Exception:
                log.exception("removing old chat lines failed; trying again later")
                continue
            if removed:
                log.info("%d chat lines older than chat_retention removed", removed)

    def remembered_tables(self) -> set[str]:
        return self.remembered() if self.remembered is not None else set()

    def over(self, tables: Collection[str]) -> set[str]:
        """Which of ``tables`` are no longer played (finished, broken, archived, or gone)."""
        tables = list(tables)
        playing: set[str] = set()
        with Session(self.service.engine) as session:
            for start in range(0, len(tables), 500):
                playing.update(
                    session.scalars(
                        select(TableRow.id).where(
                            TableRow.id.in_(tables[start : start + 500]),
                            TableRow.status.in_((TableStatus.OPEN, TableStatus.RUNNING)),
                        )
                    )
                )
        return set(tables) - playing

    def forget_over(self) -> set[str]:
        """Forget what this process keeps of the tables no longer played; returns them."""
        over = self.over(self.remembered_tables())
        self.expired(over)
        return over

    def forget_old_chat(self, at: datetime | None = None) -> int:
        """Remove the chat lines said ``chat_retention`` seconds before ``at`` (now by default);
        returns how many."""
        if self.chat is None or self.settings.chat_retention <= 0:
            return 0
        return self.chat.forget_before(
            (at or now()) - timedelta(seconds=self.settings.chat_retention)
        )

    def expire_untouched(self, at: datetime | None = None) -> list[str]:
        """Expire the tables untouched for their time to live at ``at`` (now by default), but
        those someone is connected to or being played; returns their ids."""
        at = at or now()
        never = datetime(1970, 1, 1, tzinfo=UTC)

        def before(ttl: float) -> datetime:
            return at - timedelta(seconds=ttl) if ttl > 0 else never

        expired = self.service.expire_untouched(
            open_before=before(self.settings.open_table_ttl),
            running_before=before(self.settings.idle_table_ttl),
            keep=self.busy(at),
            at=at,
        )
        self.expired(set(expired))
        if self.bus is not None:  # the other processes read them anew
            for table_id in expired:
                self.bus.publish(Notice("version", self.bus.process, table_id))
        return expired
