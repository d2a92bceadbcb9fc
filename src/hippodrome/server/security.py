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
"""

from __future__ import annotations

import json

from starlette.requests import cookie_parser
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from hippodrome.server.schemas import error_body

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
