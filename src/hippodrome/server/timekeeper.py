"""The live tables' clock alarms: for each table with a running clock, a task that wakes when the
first clock runs out, times the seat out (a stand-in bot of the table's level plays it, through the
table's driver, until its player takes it back) and is armed again after every change.

The clocks themselves (time per decision, time banks, what is stored) are ``server/clocks.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Protocol

from hippodrome.server.authority import Listener, TableAuthority
from hippodrome.server.service import LiveTable

log = logging.getLogger("hippodrome.server")


class Driven(Listener, Protocol):
    """The runtime, as the alarms see it: it broadcasts a change, and drives a table's bots."""

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs if something automatic is due."""


class Timekeeper:
    """One alarm per table whose clock runs."""

    def __init__(self, authority: TableAuthority, live: Driven) -> None:
        self.authority = authority
        self.live = live
        self.alarms: dict[str, asyncio.Task[None]] = {}
        """Per table with a running clock: the task that wakes when the first clock runs out."""

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
        async with self.authority.lock(table_id):
            table = self.authority.service.get(table_id)
            if table.clocks is None:
                return
            now = time.monotonic()
            expired = table.clocks.expired(now)
            for seat in expired:
                table.clocks.time_out(seat, now)
                log.info("table %s: seat %d ran out of time", table_id, seat)
            if expired:
                with contextlib.suppress(Exception):  # the figures go again with the next action
                    self.authority.service.store_clocks(table)
            self.live.broadcast(table, [])
        self.live.kick(table_id)

    def stop(self) -> None:
        for alarm in list(self.alarms.values()):
            alarm.cancel()
