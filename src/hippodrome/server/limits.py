"""What one client may ask of the server: quotas per address, a message budget per connection, a
bound on request bodies. Each refusal is a named error (docs/web.md, "Limits"); a limit of 0 is none.

With several server processes on Redis, the quotas per address (tables, seats, logins) and the
connections per address and per table are counted in Redis for all of them (``cluster.RedisBus``);
while Redis does not answer, and with one process, each process counts its own.

The address is the client's: the connection's peer, or behind a load balancer named in
``trusted_proxies`` the right-most hop of its ``X-Forwarded-For`` that is not one of them
(:class:`TrustedProxies`, :class:`ForwardedAddress`; docs/deploy.md, "Behind a load balancer").
Failed logins are counted per address and account name under a looser ceiling per address
(:class:`LoginQuota`), so that one member of a club behind one address does not lock out the rest.
"""

from __future__ import annotations

import contextlib
import ipaddress
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


class LoginQuota:
    """The login attempts of one client: at most ``per_address`` (sign-ups and failed logins) per
    ``window`` seconds from an address, and at most ``per_name`` failed logins at one account name
    from that address. A club behind one address is not locked out by one member's mistakes (his
    name is), and guessing one account's password from one address stays slow."""

    def __init__(
        self, per_address: int, per_name: int, window: float, *, clock: Clock = time.monotonic
    ) -> None:
        self.per_address = AddressQuota(per_address, window, clock=clock, name="logins")
        self.per_name = AddressQuota(per_name, window, clock=clock, name="login-names")

    @property
    def shared(self) -> SharedCounts | None:
        return self.per_address.shared

    @shared.setter
    def shared(self, counts: SharedCounts | None) -> None:
        self.per_address.shared = self.per_name.shared = counts

    async def use(self, address: str, name: str | None, key: str) -> None:
        """Count one attempt by ``address`` (at account ``name``, a login), or refuse it:
        :class:`QuotaError` ``key``, naming the limit reached and its window in minutes."""
        quota = self.per_address
        wait = await quota.take_anywhere(address)
        if wait is None and name is not None:
            quota = self.per_name
            wait = await quota.take_anywhere(_named(address, name))
            if wait is not None:
                await self.per_address.give_back(address)
        if wait is not None:
            minutes = max(1, round(quota.window / 60))
            raise QuotaError(key, wait, limit=quota.limit, minutes=minutes)

    async def give_back(self, address: str, name: str | None) -> None:
        """Take back the attempt :meth:`use` counted (the login succeeded)."""
        await self.per_address.give_back(address)
        if name is not None:
            await self.per_name.give_back(_named(address, name))


def _named(address: str, name: str) -> str:
    return f"{address} {name}"


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
    """The client's address as the server sees it: the connection's peer, or behind a trusted
    proxy the address it forwarded (:class:`ForwardedAddress` puts it here)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a proxy writes it in ``X-Forwarded-For`` (``1.2.3.4``, ``1.2.3.4:5678``,
    ``2001:db8::1``, ``[2001:db8::1]:80``), or None when it is none."""
    text = text.strip().strip('"')
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]  # an IPv4 address with its port
    try:
        found = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


class TrustedProxies:
    """The networks of the load balancers whose forwarded addresses are believed (``--trusted-proxies``,
    ``Settings.trusted_proxies``): CIDRs or single addresses, separated by commas or spaces.

    A request from a trusted peer is counted under the right-most address of its
    ``X-Forwarded-For`` that is not itself trusted: each hop appends the address it was reached
    from, so everything to the left of the first untrusted hop was written by the client and may be
    forged. From any other peer the header is ignored: the peer is the client."""

    def __init__(self, networks: str) -> None:
        self.networks: tuple[Network, ...] = tuple(
            ipaddress.ip_network(part, strict=False) for part in networks.replace(",", " ").split()
        )

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: str) -> bool:
        found = _ip(address)
        return found is not None and any(found in network for network in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address, from the connection's ``peer`` and its ``X-Forwarded-For``."""
        if forwarded_for is None or not self.trusts(peer):
            return peer
        address = peer
        for hop in reversed(forwarded_for.split(",")):
            found = _ip(hop)
            if found is None:
                return address  # garbage from a trusted hop: that hop is what is known
            address = str(found)
            if not any(found in network for network in self.networks):
                return address
        return address  # every hop trusted: the left-most one


class ForwardedAddress:
    """Puts the client's address (and scheme) a trusted proxy forwarded in the request's scope, so
    that every limit counts clients, not the balancer (:class:`TrustedProxies`). From a trusted peer,
    ``X-Forwarded-Proto`` also gives the scheme (a page served over TLS by the balancer checks its
    origin as ``https``). Without trusted proxies it changes nothing."""

    def __init__(self, app: ASGIApp, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if scope["type"] in ("http", "websocket") and self.proxies and client:
            peer = str(client[0])
            if self.proxies.trusts(peer):
                scope = dict(scope)
                headers: list[tuple[bytes, bytes]] = scope["headers"]
                forwarded = [v.decode("latin-1") for k, v in headers if k == b"x-forwarded-for"]
                address = self.proxies.client(peer, ",".join(forwarded) if forwarded else None)
                scope["client"] = (address, client[1] if address == peer else 0)
                proto = [v for k, v in headers if k == b"x-forwarded-proto"]
                if proto:
                    secure = proto[-1].decode("latin-1").split(",")[-1].strip().lower() == "https"
                    plain, tls = (
                        ("ws", "wss") if scope["type"] == "websocket" else ("http", "https")
                    )
                    scope["scheme"] = tls if secure else plain
        await self.app(scope, receive, send)


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
