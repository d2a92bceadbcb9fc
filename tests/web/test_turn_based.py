"""A turn-based game between two accounts in two browsers, one of them away (issue 35, "Done
means"): Bob's page is closed when his turn comes, the e-mail reaches the test's real SMTP server
(aiosmtpd), its link is followed in a fresh browser (Bob logs in and lands on his seat) and Bob
moves; then Ada, whose page is in the background, gets the browser's notice and the tab's title.

The game is Royal Turf for two, its first decisions (a bet, a roll, a horse) the fewest clicks a
game offers; a day a move. The accounts and the address are made over HTTP (the mail tests cover
those pages' words); everything a player does at the table is done by clicks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from hippodrome.server.accounts import SESSION_COOKIE
from hippodrome.server.settings import Settings
from hippodrome.server.threaded import serve_in_thread
from tests.server.test_mail import Inbox, link_in, smtp
from tests.web.test_browser import ACTIONABLE, Player

__all__ = ["smtp"]  # the fixture
pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"

RECORD_NOTICES = """() => {
  window.notices = [];
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) {
      super(title, options);
      window.notices.push({ title, body: options?.body });
    }
  };
  Object.defineProperty(window.Notification, "permission", { get: () => Real.permission });
}"""
"""Ada's page goes to the background (``document.hidden``) and keeps a copy of each notice it
makes: the real browser's Notification is still called."""


@pytest.fixture
def mail_server(smtp: tuple[str, Inbox], tmp_path: Path) -> Iterator[tuple[str, Inbox]]:
    """The real app on a free port, sending its mail to the test's SMTP server."""
    url, inbox = smtp
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'hippodrome.db'}",
        bot_delay=0.05,
        tables_per_address=0,
        ws_messages_per_second=0,
        smtp_url=url,
    )
    with serve_in_thread(settings) as base:
        yield base, inbox


def account(base: str, name: str) -> httpx.Client:
    http = httpx.Client(base_url=base, headers={"X-Hippodrome": "1"}, trust_env=False)
    answer = http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return http


def logged_in(browser: Browser, base: str, http: httpx.Client | None) -> BrowserContext:
    ctx = browser.new_context(base_url=base, locale="en-GB")
    ctx.set_default_timeout(15_000)
    if http is not None:
        cookie = http.cookies[SESSION_COOKIE]
        ctx.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": base}])
    return ctx


def player(page: Page) -> Player:
    """A page at the table, its script errors kept."""
    seat = Player(page)
    page.on("pageerror", lambda exc: seat.errors.append(str(exc)))
    return seat


def play_until(player: Player, done: Any, limit: int = 100) -> None:
    """Play the page's decisions until ``done()``, waiting while the others decide."""
    for _ in range(limit * 10):
        if done():
            return
        if player.page.evaluate(ACTIONABLE) not in (False, "over"):
            player.play_one()
        else:
            player.page.wait_for_timeout(100)
    raise AssertionError("waited in vain")


def test_an_away_player_gets_the_mail_follows_it_and_moves(
    browser: Browser, mail_server: tuple[str, Inbox]
) -> None:
    base, inbox = mail_server
    ada, bob = account(base, "Ada"), account(base, "Bob")
    bob.post("/api/account/email", json={"email": "bob@example.org", "lang": "en"})
    assert bob.get(link_in(inbox.wait(1)[0])).status_code == 303  # to the lobby: confirmed
    assert bob.get("/api/account/email").json()["confirmed"] is True
    clock = {"kind": "slow", "hours": 24}
    seats = [{"kind": "human", "mine": True}, {"kind": "human"}]
    table = ada.post("/api/tables", json={"game": "royal_turf", "seats": seats, "clock": clock})
    assert table.status_code == 201, table.text
    table_id, (ada_token, bob_token) = (
        table.json()["id"],
        (s["token"] for s in table.json()["seats"]),
    )

    contexts = [logged_in(browser, base, ada), logged_in(browser, base, bob)]
    try:
        ada_ctx, bob_ctx = contexts
        ada_ctx.grant_permissions(["notifications"], origin=base)
        ada_page = player(ada_ctx.new_page())
        ada_page.page.goto(f"/table/{table_id}#token={ada_token}")
        bob_page = bob_ctx.new_page()
        bob_page.goto(f"/table/{table_id}#token={bob_token}")
        expect(bob_page.get_by_test_id("notify-button")).to_be_visible()
        bob_page.wait_for_function(
            "() => window.hippodromeTable.state()?.status === 'running'", timeout=15_000
        )
        bob_page.close()  # Bob is away

        # Ada asks for the browser's notices (a click: the permission is asked on a gesture).
        ada_page.page.get_by_test_id("notify-button").click()
        expect(ada_page.page.get_by_test_id("notify-button")).to_have_attribute(
            "aria-pressed", "true"
        )
        play_until(ada_page, lambda: len(inbox.messages) >= 2)
        turn = inbox.messages[1]
        assert turn["To"] == "bob@example.org" and "Your turn" in turn["Subject"]
        link = link_in(turn)
        assert link == f"{base}/?play={table_id}" and bob_token not in turn.as_string()

        ada_page.page.evaluate(RECORD_NOTICES)  # Ada's page goes to the background

        # Bob, on another device, follows the link: he logs in and lands on his seat.
        phone_ctx = logged_in(browser, base, None)
        contexts.append(phone_ctx)
        phone = phone_ctx.new_page()
        phone.goto(link)
        expect(phone.get_by_test_id("play-login")).to_contain_text(table_id)
        phone.get_by_test_id("account-name").fill("Bob")
        phone.get_by_test_id("account-password").fill(PASSWORD)
        phone.get_by_test_id("login-button").click()
        phone.wait_for_url(f"**/table/{table_id}**")
        phone.wait_for_function("() => window.hippodromeTable.state()?.seat === 1")
        bob_player = player(phone)
        version = bob_player.page.evaluate("() => window.hippodromeTable.state().version")
        bob_player.play_one()  # the move made
        assert bob_player.page.evaluate("() => window.hippodromeTable.state().version") > version

        # Back to Ada, whose page is in the background: the tab's title and the browser's notice.
        play_until(
            bob_player,
            lambda: ada_page.page.evaluate("() => window.notices.length") > 0,
        )
        notices = ada_page.page.evaluate("() => window.notices")
        assert notices[0]["title"] == "Your turn: Royal Turf"
        assert table_id in notices[0]["body"]
        assert ada_page.page.title().startswith("● Your turn")
        assert not ada_page.errors and not bob_player.errors

        # In the lobby, « My tables » shows Ada her turn first, with the time she has.
        lobby = ada_ctx.new_page()
        lobby.goto("/")
        first = lobby.get_by_test_id("my-tables").locator("li").first
        expect(first.get_by_test_id("your-turn")).to_contain_text("Your turn · ")
        expect(first.get_by_test_id("your-turn")).to_contain_text("left")
        expect(lobby.get_by_test_id("mail-settings")).to_be_visible()
    finally:
        for ctx in contexts:
            ctx.close()
        ada.close()
        bob.close()


def test_the_lobby_form_makes_a_turn_based_table_counted_in_days(context: BrowserContext) -> None:
    """The pace is chosen at creation: turn-based, two days a move (sent as 48 hours)."""
    page: Page = context.new_page()
    page.goto("/")
    page.get_by_test_id("clock-kind").select_option("slow")
    page.get_by_test_id("clock-unit").select_option("days")
    page.get_by_test_id("clock-slow").fill("2")
    page.get_by_test_id("clock-slow").dispatch_event("change")
    with page.expect_response("**/api/tables") as answer:
        page.get_by_test_id("create-button").click()
    assert answer.value.status == 201
    sent = answer.value.request.post_data_json
    assert sent is not None
    assert sent["clock"] == {"kind": "slow", "hours": 48}
