"""The real app served by uvicorn in a thread of this process, on a free port of 127.0.0.1.

The browser tests (``tests/web/conftest.py``) and the screenshot script (``scripts/screenshots.py``)
both need the whole platform running beside a browser they drive; this is the one place that starts
it. ``hippodrome serve`` remains the way to run the platform for players.
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from hippodrome.server.app import create_app
from hippodrome.server.settings import Settings


class ServerNotAnsweringError(RuntimeError):
    """The server did not answer ``GET /api/games`` in time."""


@contextmanager
def serve_in_thread(
    settings: Settings, *, ready_within: float = 20.0, log_level: str = "warning"
) -> Iterator[str]:
    """Serve ``create_app(settings)`` until the block ends; yields its base URL once it answers.
    ``log_level="info"`` turns uvicorn's access log on."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))  # the port is held from here on: no race for it
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        # As `hippodrome serve`: forwarded addresses are the app's to believe (trusted_proxies).
        uvicorn.Config(
            create_app(settings), log_level=log_level, lifespan="on", proxy_headers=False
        )
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ready_within
        while not _answers(f"{url}/api/games"):
            if time.monotonic() > deadline or not thread.is_alive():
                raise ServerNotAnsweringError(
                    f"the server at {url} did not answer within {ready_within:g} s"
                )
            time.sleep(0.05)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10.0)
        sock.close()


_LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""No proxy from the environment: the server is on this machine."""


def _answers(url: str) -> bool:
    try:
        with _LOCAL.open(url, timeout=5.0) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False
