"""Fixtures for the browser tests: the real server on a free port, and Debian's chromium.

The server is the production app (``create_app``) served by uvicorn in a background thread, on a
fresh SQLite file, with a short bot delay so a whole game stays quick. The browser is
``/usr/bin/chromium`` driven by Playwright through ``executable_path``: no browser is ever
downloaded (``playwright install`` is not used). Without chromium the tests skip with the reason,
unless ``HIPPODROME_REQUIRE_BROWSER`` is set (CI sets it), when they fail.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    WebSocket,
    expect,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hippodrome.server.settings import Settings
from hippodrome.server.threaded import ServerNotAnsweringError, serve_in_thread

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOT_DELAY = 0.05
"""Seconds a bot waits before acting: short, so a whole game against bots takes a few seconds."""


@dataclass(frozen=True)
class LiveServer:
    """A running server: its base URL and an HTTP client on it."""

    url: str
    http: httpx.Client

    def create_table(
        self,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        game: str = "royal_turf",
    ) -> dict[str, Any]:
        response = self.http.post(
            "/api/tables", json={"game": game, "options": options or {}, "seats": seats}
        )
        assert response.status_code == 201, response.text
        body: dict[str, Any] = response.json()
        return body


VERSION = "() => window.hippodromeTable.state()?.version ?? -1"
"""The table page's state version, as the page holds it."""


MOVED_ON = """(v) => {
  const state = window.hippodromeTable.state();
  const error = document.querySelector('[data-testid="error"]');
  return (state && state.version > v) || (error && !error.hidden);
}"""
"""The table has moved on from version ``v``, or the page shows an error."""


class SeatPage:
    """A player's page: the messages it sent over its websocket and the script errors it raised."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.sent: list[dict[str, Any]] = []
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def version(self) -> int:
        version: int = self.page.evaluate(VERSION)
        return version

    def click_and_wait(self, target: Locator, what: str, version: int) -> bool:
        """Click ``target``, seen on ``version``, and wait until the table moves on, no error
        shown. False when the bots moved on between the look and the click (the board redrew
        without that control): look again. A control missing on an unchanged state is a defect."""
        try:
            target.click(timeout=5_000)
        except PlaywrightTimeoutError:
            assert self.version() > version, f"{what}: the control vanished on version {version}"
            return False
        self.page.wait_for_function(MOVED_ON, arg=version)
        expect(self.page.get_by_test_id("error")).to_be_hidden()
        return True


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app, served by uvicorn in a thread on a free port of 127.0.0.1."""
    db = tmp_path_factory.mktemp("web") / "hippodrome.db"
    # The whole session creates its tables from one address: no quota. Its seats are played by
    # code, faster than any player on a quick machine: no budget of messages a second either
    # (tests/server/test_abuse.py and test_chat.py test the budget).
    settings = Settings(
        db_url=f"sqlite:///{db}",
        bot_delay=BOT_DELAY,
        seat_timeout=60.0,
        tables_per_address=0,
        ws_messages_per_second=0,
    )
    try:
        with (
            serve_in_thread(settings) as url,
            httpx.Client(base_url=url, timeout=10.0, trust_env=False) as http,
        ):
            yield LiveServer(url, http)
    except ServerNotAnsweringError as exc:
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        reason = (
            f"no chromium at {CHROMIUM}: install Debian's chromium package to run the browser tests"
        )
        if os.environ.get("HIPPODROME_REQUIRE_BROWSER"):
            pytest.fail(reason + " (HIPPODROME_REQUIRE_BROWSER is set)")
        pytest.skip(reason)
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's chromium, headless (never a browser downloaded by Playwright)."""
    launched = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture
def new_context(
    browser: Browser, live_server: LiveServer
) -> Iterator[Callable[[], BrowserContext]]:
    """Fresh browser profiles (cookies, storage: one person each) whose relative URLs go to the
    live server, in English; all closed after the test."""
    made: list[BrowserContext] = []

    def make() -> BrowserContext:
        ctx = browser.new_context(base_url=live_server.url, locale="en-GB")
        ctx.set_default_timeout(10_000)
        made.append(ctx)
        return ctx

    try:
        yield make
    finally:
        for ctx in made:
            ctx.close()


@pytest.fixture
def context(new_context: Callable[[], BrowserContext]) -> BrowserContext:
    """The test's first browser profile."""
    return new_context()
