"""One client's websocket connection to a live table: its seat (None: a spectator) and the queue of
messages waiting to be sent to it (``server/transport.py`` sends them, in order)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from starlette.websockets import WebSocket

from hippodrome.engine.errors import HippodromeError
from hippodrome.server.views import Outgoing, error_message


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    table_id: str
    seat: int | None
    queue: asyncio.Queue[Outgoing] = field(default_factory=asyncio.Queue)
    closed: bool = False
    resynced: int | None = None
    """The version at which a stale action last brought this connection a fresh state."""
    token: str | None = field(default=None, repr=False)
    """The seat's token it joined with: its rematch seat's token is derived from it (never logged,
    forgotten with the connection)."""
    speaker: str = ""
    """Who speaks in the chat through it (``account:ID``, else ``address:IP``): his lines' budget
    and mark (``server/chat.py``), whatever name he gives."""

    def close(self, error: HippodromeError, code: int, names: Sequence[str] | None = None) -> None:
        """Send ``error``, then close the connection with ``code``."""
        self.closed = True
        self.queue.put_nowait(error_message(error, names))
        self.queue.put_nowait({"type": "close", "code": code})
