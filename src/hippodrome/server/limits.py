"""What one client may ask of the server: quotas per address, a message budget per connection, a
bound on request bodies. Each refusal is a named error (docs/web.md, "Limits"); a limit of 0 is none.

With several server processes on Redis, the quotas per address (tables, seats, logins) and the
connections per address and per table are counted in Redis for all of them (``cluster.RedisBus``);
while Redis does not answer, and with one process, each process counts its own.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hippodrome.server.schemas import error_body
from hippodrome.server.service import ServerError

Clock = Callable[[], float]


class QuotaError(ServerError):
    """A client went past one of its quotas (HTTP 429): try again in ``retry_after`` seconds."""

    def __init__(self, key: str, retry_after: float, /, **params: object) -> None:
        self.retry_after = max(1, round(retry_after))
        super().__init__(429, key, seconds=self.retry_after, **params)


class CountsUnavailableError(Exception):
    """The counts shared by the server processes did not answer: count in this process meanwhile."""


class SharedCounts(Protocol):
    """Quotas counted for every server process of a site (``cluster.RedisBus``)."""

    async def take_use(self, name: str, address: str, limit: int, window: float) -> float | None:
        """Count one use of quota ``name`` by ``address``: None if allowed, else the seconds until
        one is. Raises :class:`CountsUnavailableError`."""

    async def return_use(self, name: str, address: str) -> None:
        """Give back the last use of ``address``. Raises :class:`CountsUnavailableError`."""


class AddressQuota:
    """At most ``limit`` uses per ``window`` seconds for each client address (a sliding window).

    Memory stays bounded by the addresses seen within the last window: the others are forgotten.
    With ``shared`` counts (several processes), :meth:`use` and :meth:`give_back` count there,
    under ``name``, and here only while they do not answer."""

    def __init__(
        self, limit: int, window: float, *, clock: Clock = time.monotonic, name: str = ""
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.name = name
        self.shared: SharedCounts | None = None
        self._uses: dict[str, deque[float]] = {}
        self._swept = clock()

    async def take_anywhere(self, address: str) -> float | None:
        """:meth:`take`, across the server processes when the counts are shared."""
        if self.shared is None or self.limit <= 0:
            return self.take(address)
        try:
            return await self.shared.take_use(self.name, address, self.limit, self.window)
        except CountsUnavailableError:
            return self.take(address)

    async def use(self, address: str, key: str) -> None:
        """:meth:`charge`, across the server processes when the counts are shared."""
        wait = await self.take_anywhere(address)
        if wait is not None:
            raise QuotaError(key, wait, limit=self.limit, minutes=round(self.window / 60))

    async def give_back(self, address: str) -> None:
        """:meth:`refund`, across the server processes when the counts are shared."""
        if self.shared is not None and self.limit > 0:
            try:
                await self.shared.return_use(self.name, address)
                return
            except CountsUnavailableError:
                pass
        self.refund(address)

    def take(self, address: str) -> float | None:
        """Count one use by ``address``; None if allowed, else the seconds until one is."""
        if self.limit <= 0:
            return None
        now = self.clock()
        if now - self._swept > self.window:
            self._forget_before(now - self.window)
            self._swept = now
        uses = self._uses.setdefault(address, deque())
        while uses and uses[0] <= now - self.window:
            uses.popleft()
        if len(uses) >= self.limit:
            return uses[0] + self.window - now
        uses.append(now)
        return None

    def charge(self, address: str, key: str) -> None:
        """Count one use by ``address``, or refuse it: :class:`QuotaError` ``key``, naming the limit
        and the window in minutes."""
        wait = self.take(address)
        if wait is not None:
            raise QuotaError(key, wait, limit=self.limit, minutes=round(self.window / 60))

    def refund(self, address: str) -> None:
        """Give back the last use of ``address`` (what it was counted for did not happen)."""
        uses = self._uses.get(address)
        if uses:
            uses.pop()

    def _forget_before(self, horizon: float) -> None:
        for address in [a for a, uses in self._uses.items() if not uses or uses[-1] <= horizon]:
            del self._uses[address]


@dataclass
class MessageBudget:
    """A connection's messages: ``rate`` per second on average, ``burst`` at once (a token bucket)."""

    rate: float
    burst: int
    clock: Clock = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)
        self.stamp = self.clock()

    def take(self) -> bool:
        """Spend one message; False when the budget is spent (the message is refused)."""
        if self.rate <= 0:
            return True
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


def client_address(scope: Scope) -> str:
    """The client's address as the server sees it (behind a proxy, uvicorn's ``--proxy-headers``
    puts the forwarded one here)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class _BodyTooLargeError(Exception):
    pass


class BodySizeLimit:
    """Refuses a request body over ``max_bytes`` with 413 ``error.body_too_large``: at once when its
    declared length is over (nothing is read), else as soon as what arrives goes over."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.max_bytes <= 0:
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await self._refuse(scope, receive, send)
            return
        received = 0
        too_large = started = False

        async def counted() -> Message:
            nonlocal received, too_large
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    too_large = True
                    raise _BodyTooLargeError
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if too_large:
                return  # the app's answer to a body it could not read: ours goes instead
            started = True
            await send(message)

        with contextlib.suppress(_BodyTooLargeError):
            await self.app(scope, counted, guarded)
        if too_large and not started:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = error_body("error.body_too_large", {"limit": self.max_bytes})
        await JSONResponse(body, status_code=413, headers={"Connection": "close"})(
            scope, receive, send
        )
