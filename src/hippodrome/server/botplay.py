"""Server-side bots and automatic chance: each table's driver plays its automatic steps (a bot's
move, a stand-in's for a seat whose time ran out, a deal, a bot's roll) one by one after a short
visible delay; bots that think for a while think in worker processes (:class:`Thinkers`), so the
event loop keeps serving the other tables. With several server processes, only the holder of a
table's lease drives it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.types import CHANCE
from hippodrome.server.authority import Listener, TableAuthority
from hippodrome.server.cluster import Bus
from hippodrome.server.service import (
    LiveTable,
    SeatKind,
    VersionTakenError,
    automatic_action,
    automatic_actor,
)
from hippodrome.server.settings import Settings
from hippodrome.server.thinking import BotTurn, die_with_parent, think

log = logging.getLogger("hippodrome.server")

A = TypeVar("A")
T = TypeVar("T")


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


class Thinkers:
    """The bot worker processes (none when ``bot_processes`` is 0), which die with this process
    (``thinking.die_with_parent``); the bots' thinking and the practice tables' odds run there."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor | None:
        if self.processes <= 0:
            return None
        return ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        )

    @property
    def ready(self) -> bool:
        return self.pool is not None

    async def run(self, work: Callable[[A], T], turn: A) -> T:
        """``work(turn)`` in a worker process, awaited without holding up the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, work, turn)

    def renew(self) -> None:
        """A worker died: a fresh pool for the next turns."""
        self.pool = self._new_pool()

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)


class Bots:
    """The tables' drivers: one task per table while something automatic is due."""

    def __init__(
        self,
        authority: TableAuthority,
        thinkers: Thinkers,
        settings: Settings,
        live: Listener,
        bus: Bus | None = None,
    ) -> None:
        self.authority = authority
        self.service = authority.service
        self.thinkers = thinkers
        self.settings = settings
        self.live = live
        self.bus = bus
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self._jitter = random.Random()

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
        async with self.authority.lock(table_id):
            try:
                return automatic_actor(self.authority.fresh(table_id)) is not None
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
            async with self.authority.lock(table_id):
                table = self.authority.fresh(table_id)
                actor = automatic_actor(table)
                if actor is None:
                    return
                started = time.perf_counter()
                mover = run_of(table, actor)
                try:
                    action = await self._decide(table, actor)
                    events = await self.authority.play(table, actor, action)
                except VersionTakenError as exc:
                    self._taken(table_id, exc.seq)
                    continue  # someone played first (choices at once): look again
                except HippodromeError as exc:
                    log.warning("table %s: automatic step refused: %s", table_id, exc)
                    return
                run = mover
                self.live.broadcast(table, events)
                self.authority.latencies.append(time.perf_counter() - started)

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

    async def _decide(self, table: LiveTable, actor: int) -> Action:
        """The automatic action: drawn here for chance and quick bots, thought out in a worker
        process for bots that take a while, so that the other tables are not held up."""
        bot = table.bot_for(actor) if actor != CHANCE else None
        if bot is None or not bot.slow or not self.thinkers.ready:
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
            notation = await self.thinkers.run(think, turn)
        except BrokenProcessPool:
            # A worker died: start a fresh pool for the next turns, and think here this once.
            log.warning("the bot worker process died; starting a new one")
            self.thinkers.renew()
            return automatic_action(table, actor)
        return table.game.parse_action(notation)

    async def stop(self) -> None:
        """Stop every driver, and wait for them to end."""
        for task in list(self.drivers.values()):
            task.cancel()
        for task in list(self.drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
