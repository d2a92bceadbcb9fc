"""Which new websockets are let in: at most ``ws_per_table`` per table and ``ws_per_address`` per
client address, counted in this process and, with the news between server processes live, for all of
them (``cluster.table_count``, ``cluster.address_count``; docs/web.md, "Limits").
"""

from __future__ import annotations

from collections import Counter

from hippodrome.engine.errors import HippodromeError
from hippodrome.server.cluster import Bus, address_count, table_count
from hippodrome.server.limits import CountsUnavailableError
from hippodrome.server.presence import Presence
from hippodrome.server.protocol import CLOSE_TRY_LATER
from hippodrome.server.service import ServerError
from hippodrome.server.settings import Settings

Refusal = tuple[HippodromeError, int]
"""Why a websocket is refused, and the code it is closed with."""


class Admission:
    """The open websockets by table and by client address, and the limits on them."""

    def __init__(self, settings: Settings, presence: Presence, bus: Bus | None = None) -> None:
        self.settings = settings
        self.presence = presence
        self.bus = bus
        self.per_address: Counter[str] = Counter()
        self.per_table: Counter[str] = Counter()
        """Open websockets by client address and by table, those still to join included (this
        process's; with the news live, they are counted for every process too: ``Bus.admit``)."""

    async def admit(self, table_id: str, address: str) -> tuple[Refusal | None, tuple[str, ...]]:
        """Why a new websocket is refused (and its close code), or None; and what it was counted
        under across the server processes (to be uncounted when it closes). With the news between
        processes live, the connections per table and per address are counted for all of them
        (``cluster.table_count``, ``cluster.address_count``); this process's own count refuses too
        (it holds the connections it admitted while the shared counts did not answer)."""
        limits = self.settings
        refusals = [
            (limits.ws_per_table, self.per_table[table_id], "error.table_crowded"),
            (limits.ws_per_address, self.per_address[address], "error.too_many_connections"),
        ]
        counts = [
            (table_count(table_id), limits.ws_per_table),
            (address_count(address), limits.ws_per_address),
        ]
        for limit, here, key in refusals:
            if 0 < limit <= here:
                return (ServerError(429, key, limit=limit), CLOSE_TRY_LATER), ()
        wanted = [(i, count) for i, count in enumerate(counts) if count[1] > 0]
        if not wanted or self.bus is None or not self.bus.up:
            return None, ()
        try:
            full = await self.bus.admit([count for _, count in wanted], list(self.presence.heard))
        except CountsUnavailableError:
            return None, ()  # counted in this process alone meanwhile
        if full is not None:
            limit, _, key = refusals[wanted[full][0]]
            return (ServerError(429, key, limit=limit), CLOSE_TRY_LATER), ()
        return None, tuple(counted for _, (counted, _) in wanted)

    def enter(self, table_id: str, address: str) -> None:
        """An admitted websocket is open (counted here until it closes)."""
        self.per_address[address] += 1
        self.per_table[table_id] += 1

    def leave(self, table_id: str, address: str, shared: tuple[str, ...]) -> None:
        """An admitted websocket closed: uncounted here, and where it was counted for every
        process (``shared``, as ``admit`` said)."""
        for counter, key in ((self.per_address, address), (self.per_table, table_id)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]
        if shared and self.bus is not None:
            self.bus.leave(shared)
