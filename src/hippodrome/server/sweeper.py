"""Tables left untouched expire (``open_table_ttl``: its players never all came; ``idle_table_ttl``:
nobody played on), from time to time, but those someone is connected to or being played, and
those whose clock still runs (a slow clock of days a move: ``clocks.idle_limit``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection
from datetime import UTC, datetime, timedelta

from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.service import TableService
from hippodrome.server.settings import Settings
from hippodrome.server.storage import now

log = logging.getLogger("hippodrome.server")


class Sweeper:
    """Expires the untouched tables every so often."""

    def __init__(
        self,
        service: TableService,
        settings: Settings,
        busy: Callable[[], set[str]],
        expired: Callable[[Collection[str]], None],
        bus: Bus | None = None,
    ) -> None:
        self.service = service
        self.settings = settings
        self.busy = busy
        """The tables that may not expire now (someone is connected to or playing them)."""
        self.expired = expired
        """What else forgets the tables that expired."""
        self.bus = bus
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Expire untouched tables from time to time (``open_table_ttl``, ``idle_table_ttl``)."""
        ttls = [t for t in (self.settings.open_table_ttl, self.settings.idle_table_ttl) if t > 0]
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
            keep=self.busy(),
            at=at,
        )
        self.expired(set(expired))
        if self.bus is not None:  # the other processes read them anew
            for table_id in expired:
                self.bus.publish(Notice("version", self.bus.process, table_id))
        return expired
