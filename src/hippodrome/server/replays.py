"""Replays built off the event loop (issue 39): a replay of a long game replays every move, each
with its events and its observation, and four of them at once held every other request up (329 ms
at the median instead of 2.4 ms). Here each is built in a thread from what the table was when it
was asked for (``service.ReplaySource``), one client address has at most ``replays_per_address``
being built at once (429 with ``Retry-After``), and a finished game's replay is kept built for the
next viewer who asks (``replay_cache``: it cannot change any more). The answer's JSON is made in
the thread too, checked by its schema there: the loop only sends the bytes.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict

from hippodrome.server.limits import QuotaError
from hippodrome.server.schemas import Replay
from hippodrome.server.service import LiveTable, ReplaySource, replay_of


class Replays:
    """Builds the replays asked for: in a thread, a few per address at once, finished ones kept."""

    def __init__(self, *, per_address: int, cache_size: int) -> None:
        self.per_address = per_address
        self.cache_size = cache_size
        self.building: Counter[str] = Counter()
        """Replays being built, per client address."""
        self.cache: OrderedDict[tuple[str, int | None], bytes] = OrderedDict()
        """Finished tables' replays, per table and viewer, the least recently read first."""
        self.built = 0
        """Replays built so far (tests: a cached one is not built again)."""

    async def replay(self, table: LiveTable, seat: int | None, address: str) -> bytes:
        """The table's replay as ``seat`` (None: a spectator) saw it, for a client at ``address``,
        as the JSON of its schema (``schemas.Replay``)."""
        source = ReplaySource.of(table)  # on the loop: what the table is now
        key = (table.id, seat)
        if source.finished and key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        if 0 < self.per_address <= self.building[address]:
            raise QuotaError("error.too_many_replays", 1.0, limit=self.per_address)
        self.building[address] += 1
        try:
            made = await asyncio.to_thread(_encoded_replay, source, seat)
        finally:
            self.building[address] -= 1
            if self.building[address] <= 0:
                del self.building[address]
        self.built += 1
        if source.finished and self.cache_size > 0:
            self.cache[key] = made
            while len(self.cache) > self.cache_size:
                self.cache.popitem(last=False)
        return made


def _encoded_replay(source: ReplaySource, seat: int | None) -> bytes:
    """The replay built and written as its schema says (in a thread)."""
    return Replay.model_validate(replay_of(source, seat)).model_dump_json().encode()
