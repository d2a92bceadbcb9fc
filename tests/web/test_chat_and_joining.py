"""The table's chat and joining a table, in a real browser (docs/web.md, "Chat" and "Joining")."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]


def say(page: Page, text: str) -> None:
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()


def test_players_chat_and_a_spectator_talks_in_the_gallery(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    table = live_server.create_table(HUMANS)
    ada, bob, fan = (new_context().new_page() for _ in range(3))
    ada.goto(table["seats"][0]["invite"])
    bob.goto(table["seats"][1]["invite"])
    fan.goto(table["spectate"])
    for page in (ada, bob, fan):
        expect(page.get_by_test_id("chat-form")).to_be_visible()
        page.wait_for_function("() => window.hippodromeTable?.state() !== null")

    # What a player types is shown as text, never read as HTML.
    say(ada, "<b>Bonne chance</b>")
    line = bob.get_by_test_id("chat-line")
    expect(line).to_have_count(1)
    expect(line).to_contain_text("Ada")
    expect(line.locator(".chat-said")).to_have_text("<b>Bonne chance</b>")
    expect(bob.locator("[data-testid=chat-lines] b")).to_have_count(0)
    expect(fan.get_by_test_id("chat-line")).to_have_count(1)  # spectators hear the players

    # A spectator talks in the gallery: the spectators hear it, the players do not.
    fan.get_by_test_id("chat-name").fill("Zoé")
    say(fan, "Vive la tribune !")
    gallery = fan.locator("[data-testid=chat-line][data-channel=spectators]")
    expect(gallery).to_contain_text("Zoé")
    expect(gallery).to_contain_text("Vive la tribune !")
    say(bob, "merci")
    expect(ada.get_by_test_id("chat-line")).to_have_count(2)
    expect(ada.get_by_test_id("chat-lines")).not_to_contain_text("tribune")

    # Bob mutes Ada, on his browser only; a reloaded page keeps the history and the mute.
    bob.get_by_test_id("chat-line").first.get_by_test_id("chat-mute").click()
    expect(bob.get_by_test_id("chat-line")).to_have_count(1)
    bob.reload()
    expect(bob.get_by_test_id("chat-line")).to_have_count(1)
    expect(bob.get_by_test_id("chat-line")).to_have_text(re.compile("merci"))
    ada.reload()
    expect(ada.get_by_test_id("chat-line")).to_have_count(2)


def test_the_creator_lands_at_his_seat_and_a_stranger_takes_a_free_seat_from_the_lobby(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    creator = new_context().new_page()
    creator.goto("/")
    expect(creator.get_by_test_id("create-button")).to_be_enabled()
    creator.get_by_test_id("seat-kind-1").select_option("human")
    creator.get_by_test_id("seat-name-0").fill("Ada")
    creator.get_by_test_id("create-button").click()
    expect(creator).to_have_url(re.compile(r"/table/[^/#]+$"))
    creator.wait_for_function("() => window.hippodromeTable?.state()?.seat === 0")
    table_id = creator.url.split("/table/", 1)[1].split("#", 1)[0]
    expect(creator.get_by_test_id("join-link")).to_contain_text(f"/table/{table_id}")

    other_game = live_server.create_table([HUMANS[0], {"kind": "bot"}], game="toques_et_casques")
    stranger = new_context().new_page()
    stranger.goto("/")
    mine = stranger.locator(f"[data-table='{table_id}']")
    expect(mine).to_be_visible()
    # The lobby filters by game, and by status.
    stranger.get_by_test_id("filter-game").select_option("toques_et_casques")
    expect(stranger.locator(f"[data-table='{other_game['id']}']")).to_be_visible()
    expect(mine).to_have_count(0)
    stranger.get_by_test_id("filter-game").select_option("")
    stranger.get_by_test_id("filter-status").select_option("finished")
    expect(stranger.get_by_test_id("tables-open")).to_be_hidden()
    stranger.get_by_test_id("filter-status").select_option("open")
    expect(mine).to_be_visible()

    stranger.get_by_test_id("join-name").fill("Zoé")
    stranger.get_by_test_id("join-name").dispatch_event("change")
    expect(mine.get_by_test_id("take-seat-0")).to_have_count(0)  # the creator's own
    mine.get_by_test_id("take-seat-1").click()
    expect(stranger).to_have_url(re.compile(rf"/table/{table_id}$"))
    stranger.wait_for_function("() => window.hippodromeTable?.state()?.seat === 1")
    expect(creator.locator("#players")).to_contain_text("Zoé")
    expect(creator.get_by_test_id("join")).to_be_hidden()  # no free seat left


def test_a_friend_with_a_private_table_s_link_takes_its_free_seat(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    response = live_server.http.post(
        "/api/tables",
        json={
            "game": "royal_turf",
            "private": True,
            "seats": [{**HUMANS[0], "mine": True}, HUMANS[1]],
        },
    )
    table = response.json()
    assert table["id"] not in {t["id"] for t in live_server.http.get("/api/tables").json()}
    friend = new_context().new_page()
    friend.goto(table["spectate"])  # the link the creator sends
    join = friend.get_by_test_id("join")
    expect(join).to_be_visible()
    expect(join.get_by_test_id("take-seat-0")).to_have_count(0)
    join.get_by_test_id("take-seat-1").click()
    friend.wait_for_function("() => window.hippodromeTable?.state()?.seat === 1")
    expect(friend.get_by_test_id("join")).to_be_hidden()


# -- the first screen of a table (issue 33, point 5) ---------------------------------------------------

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}

ON_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, height: window.innerHeight, uncovered: el.contains(top),
          scrollY: window.scrollY};
}"""


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_create_the_table_is_on_the_lobby_s_first_screen(
    new_context: Callable[[], BrowserContext], viewport: ViewportSize
) -> None:
    """Whatever the game's options (Toques et Casques' course designer is the longest form), the
    button is on the screen as the lobby opens, not under the form, and nothing covers it."""
    lobby = new_context().new_page()
    lobby.set_viewport_size(viewport)
    lobby.goto("/")
    button = lobby.get_by_test_id("create-button")
    expect(button).to_be_enabled()
    for game in ["royal_turf", "toques_et_casques", "royal_steeple_chase"]:
        lobby.get_by_test_id("game").select_option(game)
        lobby.evaluate("() => window.scrollTo(0, 0)")
        seen = button.evaluate(ON_SCREEN)
        assert seen["scrollY"] == 0
        assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], (game, viewport, seen)
        assert seen["uncovered"], (game, viewport, seen)
    # It still creates the table from there.
    button.click()
    expect(lobby).to_have_url(re.compile(r"/table/[^/#]+$"))


def test_a_table_waiting_for_a_friend_says_so_and_folds_its_invitations(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    """Ada creates a table for herself and Bob on her phone: the invitations wait in a small "Invite"
    control instead of pushing the board down; the table says it waits for Bob (not that chance is
    drawing), in English and French; "let a bot play" is offered only once Ada stops waiting."""
    ada = new_context().new_page()
    ada.set_viewport_size(PHONE)
    ada.goto("/")
    expect(ada.get_by_test_id("create-button")).to_be_enabled()
    ada.get_by_test_id("seat-kind-1").select_option("human")
    ada.get_by_test_id("seat-name-0").fill("Ada")
    ada.get_by_test_id("seat-name-1").fill("Bob")
    ada.get_by_test_id("create-button").click()
    expect(ada).to_have_url(re.compile(r"/table/[^/#]+$"))
    ada.wait_for_function("() => window.hippodromeTable?.state()?.seat === 0")

    status = ada.get_by_test_id("status")
    expect(status).to_have_text("Waiting for Bob to join")
    toggle = ada.get_by_test_id("invite-toggle")
    expect(toggle).to_have_text("Invite")
    expect(ada.get_by_test_id("invite-1")).to_be_hidden()
    ada.locator("#board svg, #board button").first.wait_for()
    box, board = toggle.bounding_box(), ada.locator("#board").bounding_box()
    assert box and board and box["height"] <= 48, box
    assert board["y"] < 260, f"the board starts {board['y']} px down a 844 px phone screen"
    # Ada asks for the links: they unfold above the board, one per seat, Bob's among them.
    toggle.click()
    expect(ada.get_by_test_id("invite-1")).to_be_visible()
    expect(ada.get_by_test_id("invite-1")).to_contain_text("/table/")
    toggle.click()
    expect(ada.get_by_test_id("invite-1")).to_be_hidden()

    # No hand-over offered while Ada waits for her friend...
    expect(ada.get_by_test_id("takeover-1")).to_have_count(0)
    stop = ada.get_by_test_id("stop-waiting")
    expect(stop).to_have_text("Stop waiting for Bob")
    ada.get_by_test_id("lang-fr").click()
    expect(status).to_have_text("En attente de Bob")
    expect(stop).to_have_text("Ne plus attendre Bob")
    expect(toggle).to_have_text("Inviter")
    ada.get_by_test_id("lang-en").click()
    expect(status).to_have_text("Waiting for Bob to join")
    # ...until she asks: then the players' panel offers a bot for Bob's seat, and it plays.
    stop.click()
    expect(stop).to_be_hidden()
    expect(ada.get_by_test_id("takeover-1")).to_be_visible()
    ada.get_by_test_id("takeover-1").click()
    expect(status).not_to_contain_text("Waiting for Bob")
    table_id = ada.url.split("/table/", 1)[1].split("#", 1)[0]
    seats = live_server.http.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["kind"] == "bot"


def test_a_spectator_reads_whom_an_open_table_waits_for(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    table = live_server.create_table(
        [{**HUMANS[0], "mine": True}, HUMANS[1], {"kind": "human", "name": "Ève"}]
    )
    fan = new_context().new_page()
    fan.goto(table["spectate"])
    expect(fan.get_by_test_id("status")).to_have_text("Waiting for Ada, Bob and Ève to join")
    expect(fan.get_by_test_id("stop-waiting")).to_be_hidden()  # a spectator hands no seat over
    expect(fan.get_by_test_id("invitations")).to_be_hidden()
    fan.get_by_test_id("lang-fr").click()
    expect(fan.get_by_test_id("status")).to_have_text("En attente d'Ada, Bob et Ève")
