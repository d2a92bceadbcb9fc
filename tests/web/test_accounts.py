"""Accounts in the browser (docs/web.md, "Accounts"): a newcomer creates an account, creates a table,
lands at his seat, and finds the table under "My tables", on this browser and on another one; logged
out, that browser no longer holds the seat."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

SEAT = "() => window.hippodromeTable?.state()?.seat ?? null"


def test_a_newcomer_signs_up_creates_a_table_lands_at_his_seat_and_finds_it_again(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    name = f"Zoé {secrets.token_hex(3)}"
    password = "a long enough secret"
    errors: list[str] = []
    page = new_context().new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/")
    expect(page.get_by_test_id("my-tables")).to_contain_text("No table yet")
    page.get_by_test_id("account-name").fill(name)
    page.get_by_test_id("account-password").fill(password)
    page.get_by_test_id("signup-button").click()
    expect(page.get_by_test_id("account-status")).to_have_text(f"Logged in as {name}")
    expect(page.get_by_test_id("seat-name-0")).to_have_attribute("placeholder", name)

    expect(page.get_by_test_id("create-button")).to_be_enabled()
    page.get_by_test_id("create-button").click()
    page.wait_for_url(re.compile(r"/table/[^/#]+$"))  # the seat key leaves the address bar
    table_id = page.url.split("/table/", 1)[1].split("#", 1)[0]
    page.wait_for_function(f"() => ({SEAT})() === 0")  # at his own seat, not watching
    expect(page.get_by_test_id("invitations")).to_contain_text(f"Invitation for {name}")
    summary = live_server.http.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][0]["name"] == name

    page.goto("/")
    mine = page.get_by_test_id("my-tables").locator(f'[data-table="{table_id}"]')
    expect(mine).to_be_visible()
    mine.get_by_test_id("my-table-link").click()
    page.wait_for_url(re.compile(rf"/table/{re.escape(table_id)}$"))
    page.wait_for_function(f"() => ({SEAT})() === 0")

    # Another device: the same account finds the table and takes its seat there.
    other = new_context().new_page()
    other.on("pageerror", lambda exc: errors.append(str(exc)))
    other.goto("/")
    expect(other.get_by_test_id("my-tables")).not_to_contain_text(table_id)
    other.get_by_test_id("account-name").fill(name)
    other.get_by_test_id("account-password").fill("not the secret")
    other.get_by_test_id("login-button").click()
    expect(other.get_by_test_id("account-error")).to_have_text(
        re.compile("wrong name or password", re.I)
    )
    other.get_by_test_id("account-password").fill(password)
    other.get_by_test_id("login-button").click()
    expect(other.get_by_test_id("account-status")).to_have_text(f"Logged in as {name}")
    found = other.get_by_test_id("my-tables").locator(f'[data-table="{table_id}"]')
    found.get_by_test_id("my-table-link").click()
    other.wait_for_url(re.compile(rf"/table/{re.escape(table_id)}$"))
    other.wait_for_function(f"() => ({SEAT})() === 0")
    # The key is kept by the tab, out of the address bar: the link it made is rebuilt from there.
    kept = f"JSON.parse(sessionStorage.getItem('hippodrome.seat-keys.{table_id}'))[0]"
    key = other.evaluate(kept)
    seat_url = f"/table/{table_id}#token={key}"

    other.goto("/")
    other.get_by_test_id("profile-link").click()
    expect(other.get_by_test_id("profile-summary")).to_contain_text("Games played: 0")
    expect(other.locator("#title")).to_have_text(f"{name}'s profile")

    # A shared computer: logging out forgets the account's seats, and their keys open nothing.
    other.goto("/")
    expect(other.get_by_test_id("my-tables").locator(f'[data-table="{table_id}"]')).to_be_visible()
    other.get_by_test_id("logout-button").click()
    expect(other.get_by_test_id("login-button")).to_be_visible()
    expect(other.get_by_test_id("my-tables")).not_to_contain_text(table_id)
    assert table_id not in (other.evaluate("localStorage.getItem('hippodrome.seats')") or "")
    other.goto(seat_url)
    expect(other.locator("#refused")).to_have_attribute("data-reason", "account_seat")
    assert not errors, errors
