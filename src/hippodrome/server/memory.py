"""Memory given back after a crowd leaves.

When many connections close (a crowd leaves a table, a process's clients move elsewhere), their
objects are freed, but the memory stays with the process: cyclic garbage waits for the collector,
whose youngest generation runs rarely here (``create_app`` sets its threshold high), and what the C
allocator freed (the connections' buffers and compression contexts) stays in its free lists. After a
burst of closes, once the closes have stopped for a moment, :class:`MemoryRelief` collects the
garbage and asks the C allocator to give its free pages back to the system (glibc's
``malloc_trim``), so that the process's memory returns near its level before the crowd.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
import time
from collections.abc import Callable
from functools import cache

log = logging.getLogger("hippodrome.server")

BURST = 100
"""Closes since the last relief that make a burst worth a collection (a few ms per 100,000 live
objects, taken once)."""
QUIET = 2.0
"""Seconds without a close before the relief runs: never in the middle of the crowd leaving."""


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None on another C library (musl, macOS: nothing to trim)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def release_memory() -> int:
    """Collect the cyclic garbage and give the C allocator's free pages back to the system;
    returns how many unreachable objects were found."""
    found = gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
    return found


class MemoryRelief:
    """Counts closed connections; after a burst of them and a quiet moment, releases memory once."""

    def __init__(self, burst: int = BURST, quiet: float = QUIET) -> None:
        self.burst = burst
        self.quiet = quiet
        self.closed = 0
        """Connections closed since the last relief."""
        self.reliefs = 0
        self._last_close = 0.0
        self._task: asyncio.Task[None] | None = None

    def closed_one(self) -> None:
        self.closed += 1
        self._last_close = time.monotonic()
        if self.closed >= self.burst and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._relieve())

    async def _relieve(self) -> None:
        while (wait := self._last_close + self.quiet - time.monotonic()) > 0:
            await asyncio.sleep(wait)
        closed, self.closed = self.closed, 0
        started = time.perf_counter()
        found = release_memory()
        self.reliefs += 1
        log.info(
            "%d connections closed: %d unreachable objects collected, memory trimmed in %.0f ms",
            closed,
            found,
            (time.perf_counter() - started) * 1000,
        )

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
