"""Several server processes on one store: the news between them and who drives each table.

The store (PostgreSQL) is the truth: an action is played once it is stored, and its unique
``(table, seq)`` key lets only one action take each version, whichever process wrote it. The bus
only carries news of it, so that every process with connections at a table reads the new actions
from the store (catching up by version) and sends its own connections their views:

- ``version``: a process stored an action (or changed a seat) at a table;
- ``presence``: the seats a process has connections for at a table (its part of "who is here");
- ``beat``: a process is alive (its presence is forgotten when it falls silent);
- ``hello``: a process started (the others send it their presence).

Bots and automatic chance are driven by one process per table at a time, the holder of the table's
lease: a key with an expiry that its holder renews while it drives, taken over by another process
when the holder dies (the expiry passes) or lets it go (the table waits for a person).

A news item lost (the bus restarted) loses nothing: a process that reconnects catches up every table
it shows, and a table that stops moving is taken over (``Runtime``). :class:`RedisBus` runs on Redis
(pub/sub and ``SET NX PX``); ``tests/server/test_cluster.py`` runs two real processes on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from hippodrome.server.limits import CountsUnavailableError

log = logging.getLogger("hippodrome.server")


NoticeKind = Literal["version", "presence", "beat", "hello", "chat", "rematch"]
NOTICE_KINDS = frozenset(("version", "presence", "beat", "hello", "chat", "rematch"))


@dataclass(frozen=True, slots=True)
class Notice:
    """One item of news between server processes."""

    kind: NoticeKind
    process: str
    table: str = ""
    version: int = 0
    seats: tuple[int, ...] = ()
    detail: dict[str, Any] | None = None
    """What the news carries besides: a ``version`` notice of an action, the stored move itself
    (``service.StoredMoves``), so that the others play it without reading the store."""

    def to_text(self) -> str:
        fields: list[Any] = [self.kind, self.process, self.table, self.version, list(self.seats)]
        if self.detail is not None:
            fields.append(self.detail)
        return json.dumps(fields, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str | bytes) -> Notice | None:
        """The notice, or None for anything else on the channel."""
        try:
            kind, process, table, version, seats, *rest = json.loads(text)
            if kind not in NOTICE_KINDS or len(rest) > 1:
                return None
            detail = rest[0] if rest and isinstance(rest[0], dict) else None
            return cls(
                kind,
                str(process),
                str(table),
                int(version),
                tuple(int(s) for s in seats),
                detail,
            )
        except (ValueError, TypeError):
            return None


OnNotice = Callable[[Notice], None]
OnReconnect = Callable[[], Awaitable[None]]


class Bus(Protocol):
    """What the runtime needs from the news between server processes."""

    process: str
    """This process's name on the bus (random at each start)."""
    up: bool
    """Whether the news is live now (while it is not, news may be lost)."""

    async def start(self, on_notice: OnNotice, on_reconnect: OnReconnect) -> None:
        """Listen; ``on_notice`` gets every other process's notice, ``on_reconnect`` is awaited after
        an outage (news may have been lost meanwhile)."""

    def publish(self, notice: Notice) -> None:
        """Send a notice, without waiting (lost if the bus is down: the store is the truth)."""

    async def take_lease(self, table_id: str) -> bool:
        """Become the table's driver, unless another live process is."""

    def holds(self, table_id: str) -> bool:
        """Whether this process still holds the table's lease (renewed within its expiry)."""

    async def drop_lease(self, table_id: str) -> None: ...

    async def admit(self, counts: Sequence[tuple[str, int]], live: Collection[str]) -> int | None:
        """Count a new connection under each of ``counts`` (what it is counted under, e.g.
        :func:`address_count`, and its limit) across the processes ``live`` (this one too), unless
        they hold one's limit already: then the index of the first that is full, and nothing
        counted. Raises :class:`CountsUnavailableError`."""

    def leave(self, counted: Collection[str]) -> None:
        """Uncount a connection that :meth:`admit` counted under ``counted`` (without waiting)."""

    async def take_use(self, name: str, address: str, limit: int, window: float) -> float | None:
        """``limits.SharedCounts``: one use of quota ``name`` across the processes."""

    async def return_use(self, name: str, address: str) -> None: ...

    async def stop(self) -> None: ...


def new_process_name() -> str:
    return secrets.token_hex(6)


_RENEW = """
local kept = {}
for i, key in ipairs(KEYS) do
    if redis.call('get', key) == ARGV[1] then
        kept[i] = redis.call('pexpire', key, ARGV[2])
    else
        kept[i] = 0
    end
end
return kept
"""
"""Every lease this process holds renewed in one round trip: however many tables it drives, a busy
process renews them in time."""
_ADMIT = """
local n = #KEYS
local live = {}
for i = 3 + n, #ARGV do live[ARGV[i]] = true end
for k = 1, n do
    local all = redis.call('hgetall', KEYS[k])
    local total = 0
    for i = 1, #all, 2 do
        if live[all[i]] then
            total = total + tonumber(all[i + 1])
        else
            redis.call('hdel', KEYS[k], all[i])
        end
    end
    if total >= tonumber(ARGV[2 + k]) then
        return k
    end
end
for k = 1, n do
    redis.call('hincrby', KEYS[k], ARGV[1], 1)
    redis.call('pexpire', KEYS[k], ARGV[2])
end
return 0
"""
"""A new connection admitted under every count it is counted under (its address's, its table's),
or the first count that is full (1-based); each count is a hash of connections per process, the
processes no longer heard of forgotten (their connections died with them)."""
_LEAVE = """
for k = 1, #KEYS do
    if redis.call('hincrby', KEYS[k], ARGV[1], -1) <= 0 then
        redis.call('hdel', KEYS[k], ARGV[1])
    end
end
return 0
"""
_TAKE_USE = """
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - window)
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[3]) then
    local oldest = redis.call('zrange', KEYS[1], 0, 0, 'WITHSCORES')
    return tostring(tonumber(oldest[2]) + window - now)
end
redis.call('zadd', KEYS[1], now, ARGV[4])
redis.call('pexpire', KEYS[1], math.ceil(window))
return false
"""
"""One use of a quota by one address in a sliding window (a sorted set of the uses' times, in ms),
or the milliseconds to wait for one."""
CONNECTIONS_TTL = 24 * 3600 * 1000
"""A connection count (an address's, a table's) is forgotten a day after its last new connection."""


def address_count(address: str) -> str:
    """What the connections of one client address are counted under (:meth:`Bus.admit`)."""
    return f"connections:{address}"


def table_count(table_id: str) -> str:
    """What the connections at one table are counted under (:meth:`Bus.admit`)."""
    return f"table-connections:{table_id}"


_DROP = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
"""


@dataclass
class RedisBus:
    """The bus on Redis: one pub/sub channel for the news, one key per driven table for its lease."""

    url: str
    lease_seconds: float = 3.0
    namespace: str = "hippodrome"
    """The channel's and the leases' prefix: the processes of one site share it (and its store)."""
    process: str = field(default_factory=new_process_name)
    up: bool = False
    """Whether the subscription is live now."""
    _held: dict[str, float] = field(default_factory=dict)
    """Tables whose lease this process holds, with when it was last taken or renewed (monotonic)."""
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _sending: set[asyncio.Task[None]] = field(default_factory=set)
    _client: Any = None
    _down_logged: bool = False
    _leaving: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def _channel(self) -> str:
        return f"{self.namespace}:news"

    def _lease_key(self, table_id: str) -> str:
        return f"{self.namespace}:driver:{table_id}"

    async def start(self, on_notice: OnNotice, on_reconnect: OnReconnect) -> None:
        from redis.asyncio import Redis  # noqa: PLC0415 (only several server processes need it)

        self._client = Redis.from_url(
            self.url, socket_timeout=2.0, socket_connect_timeout=2.0, health_check_interval=5
        )
        ready = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._listen(on_notice, on_reconnect, ready)),
            asyncio.create_task(self._renew()),
        ]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready.wait(), 5.0)  # else it keeps trying in the background

    async def _listen(
        self, on_notice: OnNotice, on_reconnect: OnReconnect, ready: asyncio.Event
    ) -> None:
        from redis.exceptions import RedisError  # noqa: PLC0415

        first = True
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            catching_up = False
            try:
                await pubsub.subscribe(self._channel)
                self.up, self._down_logged = True, False
                ready.set()
                self.publish(Notice("hello", self.process))
                if not first:
                    log.warning("the bus at %s is back: catching up", self.url)
                    catching_up = True
                    await on_reconnect()
                    catching_up = False
                first = False
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    notice = Notice.from_text(message["data"])
                    if notice is not None and notice.process != self.process:
                        try:
                            on_notice(notice)
                        except Exception:  # a handler failed: keep listening
                            log.exception("a notice from the bus could not be handled")
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except (RedisError, OSError, RuntimeError) as exc:
                # RuntimeError from the subscription: the client writing to a connection Redis
                # closed meanwhile (its transport gone), as when Redis restarts. From the catch-up,
                # it is a fault of the catch-up's own, told with its traceback.
                if isinstance(exc, RuntimeError) and catching_up:
                    log.exception("catching up after an outage failed: listening again")
                elif not self._down_logged:
                    log.warning("the bus at %s is down (%s): retrying", self.url, exc)
                    self._down_logged = True
            except Exception:  # catching up after an outage failed: listen again, catch up again
                log.exception("the bus's listener failed: listening again")
            self.up = False
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            await asyncio.sleep(0.5)

    def publish(self, notice: Notice) -> None:
        if not self.up or self._client is None:
            return
        task = asyncio.create_task(self._publish(notice))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _publish(self, notice: Notice) -> None:
        with contextlib.suppress(Exception):  # lost news: the others catch up from the store
            await self._client.publish(self._channel, notice.to_text())

    async def take_lease(self, table_id: str) -> bool:
        key = self._lease_key(table_id)
        try:
            taken = await self._client.set(
                key, self.process, nx=True, px=int(self.lease_seconds * 1000)
            )
            if not taken and await self._client.get(key) != self.process.encode():
                return False
        except Exception:  # no bus, no lease: nobody drives until it is back
            return False
        self._held[table_id] = time.monotonic()
        return True

    def holds(self, table_id: str) -> bool:
        renewed = self._held.get(table_id)
        # A margin under the expiry: past it, another process may already have taken the lease.
        return renewed is not None and time.monotonic() - renewed < self.lease_seconds * 0.8

    async def drop_lease(self, table_id: str) -> None:
        if self._held.pop(table_id, None) is None:
            return
        with contextlib.suppress(Exception):
            await self._client.eval(_DROP, 1, self._lease_key(table_id), self.process)

    # -- counts shared by the processes (docs/web.md, "Limits") ---------------------------------

    async def admit(self, counts: Sequence[tuple[str, int]], live: Collection[str]) -> int | None:
        if not counts:
            return None
        try:
            full = await self._client.eval(
                _ADMIT,
                len(counts),
                *(f"{self.namespace}:{counted}" for counted, _ in counts),
                self.process,
                CONNECTIONS_TTL,
                *(limit for _, limit in counts),
                self.process,
                *live,
            )
        except Exception as exc:
            raise CountsUnavailableError from exc
        return int(full) - 1 if full else None

    def leave(self, counted: Collection[str]) -> None:
        if not counted:
            return
        keys = [f"{self.namespace}:{name}" for name in counted]

        async def uncount() -> None:
            with contextlib.suppress(Exception):  # a lost uncount: the key expires in a day
                await self._client.eval(_LEAVE, len(keys), *keys, self.process)

        task = asyncio.create_task(uncount())
        self._leaving.add(task)
        task.add_done_callback(self._leaving.discard)

    async def take_use(self, name: str, address: str, limit: int, window: float) -> float | None:
        try:
            wait = await self._client.eval(
                _TAKE_USE,
                1,
                f"{self.namespace}:quota:{name}:{address}",
                int(time.time() * 1000),
                int(window * 1000),
                limit,
                secrets.token_hex(8),
            )
        except Exception as exc:
            raise CountsUnavailableError from exc
        return None if wait is None else float(wait) / 1000

    async def return_use(self, name: str, address: str) -> None:
        try:
            await self._client.zpopmax(f"{self.namespace}:quota:{name}:{address}")
        except Exception as exc:
            raise CountsUnavailableError from exc

    async def _renew(self) -> None:
        """Renew every held lease a few times per expiry; a lease not renewed is given up."""
        ttl = int(self.lease_seconds * 1000)
        while True:
            await asyncio.sleep(self.lease_seconds / 4)
            self.publish(Notice("beat", self.process))
            held = list(self._held.items())
            if not held:
                continue
            asked = time.monotonic()
            keys = [self._lease_key(table_id) for table_id, _ in held]
            try:
                kept = await self._client.eval(_RENEW, len(keys), *keys, self.process, ttl)
            except Exception:
                continue  # ``holds`` turns false once the expiry is near
            for (table_id, taken), renewed in zip(held, kept, strict=True):
                if self._held.get(table_id) != taken:
                    continue  # let go (and perhaps taken again) meanwhile: not this renewal's
                if renewed:
                    self._held[table_id] = asked
                else:
                    log.warning("table %s: the driver's lease was lost", table_id)
                    del self._held[table_id]

    async def stop(self) -> None:
        for table_id in list(self._held):
            await self.drop_lease(table_id)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()
