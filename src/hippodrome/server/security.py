"""Cross-site protection, needed once a login cookie exists (docs/web.md, "Accounts").

A browser sends the session cookie with any request to this server, whichever page makes it; so:

- a websocket opened by a page of another origin is refused (``error.forbidden_origin``, closed with
  1008): browsers always send ``Origin`` on a websocket, and the cookie rides along with it;
- a request that changes something (POST, PUT, PATCH, DELETE) from a page of another origin is
  refused (403 ``error.forbidden_origin``);
- such a request must also carry the header ``X-Hippodrome`` when it carries the session cookie, and
  always for the account's own routes (log-in forgery): a page of another origin cannot add a custom
  header without a CORS preflight, which this server never grants (403 ``error.cross_site_request``).

A client that sends no ``Origin`` (a program, not a page) is not a browser tricked into sending a
request: it passes the origin check, and the header check applies to it alike.

Two guards of the server's own resources live here too (issue 39): :class:`BoundedHasher` computes
at most ``password_hashes`` password hashes at once (argon2 takes 64 MiB each: ten logins at once
took the process from 109 to 751 MB), the others waiting their turn a moment, then refused with
503 and ``Retry-After``; :class:`NulGuard` refuses the NUL character in a request's address,
query and body before any of it reaches the database (PostgreSQL cannot store it in a text, and
answered 500).
"""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any, Literal
from urllib.parse import unquote_to_bytes

from argon2 import PasswordHasher
from starlette.requests import cookie_parser
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hippodrome.engine.errors import message
from hippodrome.server.schemas import error_body
from hippodrome.server.service import ServerError

CSRF_HEADER = "x-hippodrome"
"""The custom header every state-changing request of the browser client carries."""
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CLOSE_POLICY = 1008


def own_origin(scope: Scope) -> str | None:
    """The origin a page of this server has, as the request reached it (scheme and Host)."""
    host = dict(scope["headers"]).get(b"host")
    if host is None:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme"))
    return f"{scheme}://{host.decode('latin-1').lower()}"


def parse_origins(text: str) -> frozenset[str]:
    return frozenset(o.strip().rstrip("/").lower() for o in text.split(",") if o.strip())


class CrossSiteGuard:
    """Refuses websockets and state-changing requests from pages of other origins, and cookie
    requests without the client's custom header."""

    def __init__(self, app: ASGIApp, *, allowed_origins: str, cookie: str) -> None:
        self.app = app
        self.allowed = parse_origins(allowed_origins)
        self.cookie = cookie

    def origin_allowed(self, scope: Scope) -> bool:
        origin = dict(scope["headers"]).get(b"origin")
        if origin is None:
            return True
        text = origin.decode("latin-1").rstrip("/").lower()
        return text in self.allowed or text == own_origin(scope)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not self.origin_allowed(scope):
            await self._refuse_socket(scope, receive, send)
            return
        if scope["type"] == "http" and scope["method"] in UNSAFE:
            if not self.origin_allowed(scope):
                await self._refuse(scope, receive, send, "error.forbidden_origin")
                return
            headers = dict(scope["headers"])
            cookies = cookie_parser(headers.get(b"cookie", b"").decode("latin-1"))
            needs_header = self.cookie in cookies or scope["path"].startswith("/api/account")
            if needs_header and CSRF_HEADER.encode() not in headers:
                await self._refuse(scope, receive, send, "error.cross_site_request")
                return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, key: str) -> None:
        body = error_body(
            key, {"header": "X-Hippodrome"} if key == "error.cross_site_request" else {}
        )
        await JSONResponse(body, status_code=403)(scope, receive, send)

    async def _refuse_socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Accepted only to say why, then closed: a page learns the reason, not just a failure."""
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        error = error_body("error.forbidden_origin", {})["error"]
        await send({"type": "websocket.send", "text": json.dumps({"type": "error", **error})})
        await send({"type": "websocket.close", "code": CLOSE_POLICY})


# -- password hashes, a few at a time --------------------------------------------------------------


class BusyError(ServerError):
    """The server is at its limit of some costly work for the moment (HTTP 503): try again in
    ``retry_after`` seconds."""

    def __init__(self, key: str, retry_after: float, /, **params: object) -> None:
        self.retry_after = max(1, round(retry_after))
        super().__init__(503, key, seconds=self.retry_after, **params)


class BoundedHasher(PasswordHasher):
    """A password hasher that computes at most ``at_once`` hashes at the same time, whatever the
    number of threads asking (each argon2 hash holds its memory cost, 64 MiB by default). A hash
    beyond them waits up to ``wait`` seconds for its turn in its own thread (never the event
    loop's: the routes hash in the thread pool), then is refused with :class:`BusyError`."""

    def __init__(self, inner: PasswordHasher, at_once: int, wait: float) -> None:
        super().__init__(
            time_cost=inner.time_cost,
            memory_cost=inner.memory_cost,
            parallelism=inner.parallelism,
            hash_len=inner.hash_len,
            salt_len=inner.salt_len,
            type=inner.type,
        )
        self.inner = inner
        self.at_once = at_once
        self.wait = wait
        self._slots = threading.BoundedSemaphore(at_once) if at_once > 0 else None
        self._count = threading.Lock()
        self.running = 0
        self.peak = 0
        """The most hashes ever computed at once (tests and the load test look at it)."""

    def _slot(self) -> _Slot:
        return _Slot(self)

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        with self._slot():
            return self.inner.hash(password, salt=salt)

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        with self._slot():
            return self.inner.verify(hash, password)

    def check_needs_rehash(self, hash: str | bytes) -> bool:
        return self.inner.check_needs_rehash(hash)


class _Slot:
    """One hash's turn in a :class:`BoundedHasher`."""

    def __init__(self, hasher: BoundedHasher) -> None:
        self.hasher = hasher

    def __enter__(self) -> None:
        hasher = self.hasher
        slots = hasher._slots
        started = time.monotonic()
        if slots is not None and not slots.acquire(timeout=max(0.0, hasher.wait)):
            raise BusyError("error.password_busy", max(1.0, time.monotonic() - started))
        with hasher._count:
            hasher.running += 1
            hasher.peak = max(hasher.peak, hasher.running)

    def __exit__(self, *_: Any) -> None:
        hasher = self.hasher
        with hasher._count:
            hasher.running -= 1
        if hasher._slots is not None:
            hasher._slots.release()


# -- no NUL character into the database ------------------------------------------------------------

JSON_NUL = re.compile(rb"(?:^|[^\\])(?:\\\\)*\\u0000")
"""A NUL character written in a JSON text: ``\\u0000`` after an even run of backslashes (after an
odd one, the backslash is itself escaped and the text says ``\\u0000`` literally)."""


def nul_in(scope: Scope) -> str | None:
    """Where a request's address carries a NUL character (as sent or %-encoded): ``path`` or
    ``query``; None when it does not."""
    raw = bytes(scope.get("raw_path") or scope.get("path", "").encode("utf-8", "replace"))
    if "\x00" in scope.get("path", "") or b"\x00" in unquote_to_bytes(raw):
        return "path"
    query = bytes(scope.get("query_string") or b"")
    if b"\x00" in unquote_to_bytes(query):
        return "query"
    return None


class NulGuard:
    """Refuses the NUL character wherever an HTTP request could carry it to the database: no
    database stores one in a text (PostgreSQL refuses it, which surfaced as a 500 while SQLite
    answered), and no id, name, game or option has one. An address with one names nothing (404, as
    SQLite answered); a query parameter or a JSON body with one does not fit its schema (422
    ``error.bad_request``, naming the field as a schema's refusal does: ``body.seats.0.name``). A
    websocket's address is the route's to judge (``error.table_not_found``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        where = nul_in(scope)
        if where is not None:
            await self._refuse(scope, receive, send, where)
            return
        if scope["method"] in UNSAFE:
            chunks: list[Message] = []
            while True:  # the body, already bounded by BodySizeLimit (the outer middleware)
                chunk = await receive()
                chunks.append(chunk)
                if chunk["type"] != "http.request" or not chunk.get("more_body", False):
                    break
            body = b"".join(c.get("body", b"") for c in chunks)
            field = nul_field(body) if JSON_NUL.search(body) else None
            if field is not None:
                await self._refuse(scope, receive, send, field)
                return
            receive = _replay(chunks, receive)
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, where: str) -> None:
        reason = message("error.reason.nul")
        if where == "path":
            body = not_found(scope.get("path", ""), reason)
            await JSONResponse(body, status_code=404)(scope, receive, send)
            return
        body = error_body("error.bad_request", {"field": where, "reason": reason})
        await JSONResponse(body, status_code=422)(scope, receive, send)


NAMED_BY_PATH = {
    "/api/tables/": ("error.table_not_found", "table"),
    "/api/account/tables/": ("error.table_not_found", "table"),
    "/api/players/": ("error.player_not_found", "name"),
}
"""The addresses whose first segment names a table or a player: a NUL there names none, and the
answer is the route's own (what SQLite answered: ``error.table_not_found``)."""


def not_found(path: str, reason: object) -> dict[str, Any]:
    """The 404 body for an address with a NUL character: the table or player it would name is not
    found; any other address has nothing (``error.http``, the reason named)."""
    for prefix, (key, param) in NAMED_BY_PATH.items():
        if path.startswith(prefix):
            named = path[len(prefix) :].split("/", 1)[0]
            return error_body(key, {param: named[:40]})
    return error_body("error.http", {"status": 404, "reason": reason})


def nul_field(body: bytes) -> str | None:
    """Where a JSON body holds a NUL character in a text (a value or a key), named as a schema's
    refusal names a field (``body.seats.0.name``); None if it holds none, or is no JSON (the
    route refuses it as such)."""
    try:
        value = json.loads(body)
    except ValueError:
        return None

    def find(node: object, path: str) -> str | None:
        if isinstance(node, str):
            return path if "\x00" in node else None
        if isinstance(node, dict):
            for key, item in node.items():
                if "\x00" in key:
                    return path
                if (found := find(item, f"{path}.{key}")) is not None:
                    return found
        if isinstance(node, list):
            for index, item in enumerate(node):
                if (found := find(item, f"{path}.{index}")) is not None:
                    return found
        return None

    return find(value, "body")


def _replay(chunks: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives the body's chunks read already, then what comes after."""
    pending = list(chunks)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
