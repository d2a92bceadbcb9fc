"""Friends and ratings in the browser (issue 35; docs/web.md, "Friends", "Ratings"): the seat key
leaves the address bar (a copied address invites a spectator), a seat is kept for an account
invited by name and found in its « My tables », a friend's running table is listed, conceding
asks first and hands the seat to a bot, and the end of the game shows each rating's change."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

SEAT = "() => window.hippodromeTable?.state()?.seat ?? null"
PASSWORD = "a long enough secret"
HEADERS = {"X-Hippodrome": "1"}


def signed_up(context: BrowserContext, name: str) -> None:
    answer = context.request.post(
        "/api/account/signup", data={"name": name, "password": PASSWORD}, headers=HEADERS
    )
    assert answer.ok, answer.text()


def test_the_seat_key_leaves_the_address_bar_and_a_copied_address_invites_a_spectator(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}]
    )
    token = table["seats"][0]["token"]
    ada = new_context().new_page()
    ada.goto(f"/table/{table['id']}#token={token}")
    ada.wait_for_function(f"() => ({SEAT})() === 0")
    assert ada.url.endswith(f"/table/{table['id']}"), "no key in the address bar"
    assert token not in ada.url
    ada.reload()  # the tab keeps the key for the table
    ada.wait_for_function(f"() => ({SEAT})() === 0")

    copied = ada.url
    friend = new_context().new_page()
    friend.goto(copied)
    friend.wait_for_function("() => window.hippodromeTable?.state() != null")
    assert friend.evaluate(SEAT) is None, "the copied address only watches"


def test_a_friend_is_invited_by_name_concedes_and_the_end_shows_the_rating_changes(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    suffix = secrets.token_hex(3)
    ada_name, bob_name = f"Ada {suffix}", f"Bob {suffix}"
    ada_context, bob_context = new_context(), new_context()
    signed_up(ada_context, ada_name)
    signed_up(bob_context, bob_name)
    errors: list[str] = []

    # Ada makes a two-player table in the lobby and keeps the other seat for Bob, by his name.
    ada = ada_context.new_page()
    ada.on("pageerror", lambda exc: errors.append(str(exc)))
    ada.goto("/")
    expect(ada.get_by_test_id("option-rated")).to_be_checked()
    ada.get_by_test_id("players").fill("2")
    ada.get_by_test_id("players").dispatch_event("change")
    ada.get_by_test_id("seat-kind-1").select_option("human")
    ada.get_by_test_id("create-button").click()
    ada.wait_for_url(re.compile(r"/table/[^/#]+$"))
    table_id = ada.url.rsplit("/", 1)[1]
    ada.get_by_test_id("invite-toggle").click()
    ada.get_by_test_id("invite-name-1").fill(bob_name.upper())
    ada.get_by_test_id("invite-send-1").click()
    expect(ada.get_by_test_id("invite-status-1")).to_contain_text(
        f"The seat is kept for {bob_name}"
    )

    # Bob finds the invitation under « My tables » and takes his seat from there.
    bob = bob_context.new_page()
    bob.on("pageerror", lambda exc: errors.append(str(exc)))
    bob.goto("/")
    mine = bob.get_by_test_id("my-tables").locator(f'[data-table="{table_id}"]')
    expect(mine.get_by_test_id("invited-by")).to_contain_text(f"{ada_name} invites you")
    mine.get_by_test_id("my-table-link").click()
    bob.wait_for_url(re.compile(rf"/table/{table_id}$"))
    bob.wait_for_function(f"() => ({SEAT})() === 1")

    # Ada follows Bob: his running table is among her friends' tables.
    friends = ada_context.new_page()
    friends.goto("/friends")
    friends.get_by_test_id("follow-name").fill(bob_name)
    friends.get_by_test_id("follow-button").click()
    expect(friends.get_by_test_id("follows")).to_contain_text(bob_name)
    listed = friends.get_by_test_id("friends-tables").locator(f'[data-table="{table_id}"]')
    expect(listed).to_contain_text(f"At this table: {bob_name}")

    # Bob concedes: asked first, then his seat goes to a bot and his tab watches.
    bob.get_by_test_id("concede-button").click()
    expect(bob.get_by_test_id("concede-confirm")).to_be_visible()
    bob.get_by_test_id("concede-cancel").click()
    assert bob.evaluate(SEAT) == 1, "cancelled: nothing sent"
    bob.get_by_test_id("concede-button").click()
    bob.get_by_test_id("concede-confirm").click()
    bob.wait_for_function(
        "() => window.hippodromeTable?.state() != null && window.hippodromeTable.state().seat == null"
    )
    expect(ada.locator("#players")).to_contain_text("conceded")

    # Ada, alone with a bot, concedes too: the bots play the game out, and its end shows that Bob,
    # who left first, lost rating to Ada (rated when he conceded).
    ada.get_by_test_id("concede-button").click()
    ada.get_by_test_id("concede-confirm").click()
    ratings = ada.get_by_test_id("result-ratings")
    expect(ratings).to_be_visible(timeout=60_000)
    expect(ratings).to_contain_text(f"{ada_name}: 0.0 → ")
    expect(ratings).to_contain_text("(left the game: ranked last)")
    assert not errors, errors


def test_the_leaderboard_page_lists_a_game_s_players(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    page = new_context().new_page()
    page.goto("/leaderboard?game=royal_turf")
    expect(page.get_by_test_id("leaderboard-game")).to_have_value("royal_turf")
    note = page.locator("main .muted").first
    expect(note).to_contain_text("after 5 rated games")
    page.get_by_test_id("lang-fr").click()
    expect(note).to_contain_text("après 5 parties classées")
