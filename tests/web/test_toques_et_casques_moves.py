"""Toques et Casques' whole moves in Debian's headless chromium: a roll played in one click, a fall
confirmed before it is sent (docs/web.md, the `plan` message).

Ada and a heuristic bot run a gallop with two hurdles near the start (0.4 and 0.9), so that nearly
every first roll can end on one. Pointing at an end draws its path; clicking a safe end sends the
whole roll as one message, and the horse slides along its path (not under reduced motion); clicking
an end on a hurdle asks first (04-01: a move that ends on an obstacle is a fall), sends nothing
until confirmed, and a cancel sends nothing at all.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer
from tests.web.test_toques_et_casques_board import Jockey

pytestmark = pytest.mark.browser

OPTIONS = {
    "category": "D",
    "track": "small",
    "river": "none",
    "finish": "4.5",
    "hurdles": "0.4,0.9",
}

STILL = """async () => {
  const { moveAlong } = await import("/static/js/kit/motion.js");
  const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
  g.setAttribute("transform", "translate(50 60)");
  moveAlong(g, [[0, 0], [10, 0], [50, 60]]);
  return [g.dataset.animated, g.getAttribute("transform")];
}"""
"""A pawn slid along a path on the page, as a board slides one: whether it was animated, and where
it stands."""


def test_a_roll_is_played_in_one_click_and_a_fall_is_confirmed_first(
    live_server: LiveServer, context: BrowserContext
) -> None:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}]
    table = live_server.create_table(seats, OPTIONS, game="toques_et_casques")
    jockey = Jockey(context.new_page())
    page = jockey.page
    page.goto(table["seats"][0]["invite"])
    en = live_server.http.get("/api/i18n/en").json()
    one_click = fell = False
    for _ in range(60):
        kind = jockey.waiting_for()
        assert kind != "over", "the race ended before both were seen"
        if kind != "plan" or (one_click and fell):
            jockey.play_one()
            if one_click and fell:
                break
            continue
        version = jockey.version()
        sent = len(jockey.sent)
        state: dict[str, Any] = page.evaluate("window.hippodromeTable.state()")
        horse = state["observation"]["current"]
        falls = page.locator('[data-testid="plan-end"][data-fall="true"]')
        if not fell and falls.count():
            end = falls.first
            end.hover()
            expect(page.get_by_test_id("plan-path")).to_have_count(1)
            end.click()
            box = page.get_by_test_id("plan-confirm-box")
            expect(box).to_be_visible()
            expect(page.get_by_test_id("plan-warning")).to_contain_text(f"No. {horse}")
            expect(page.get_by_test_id("plan-warning")).to_contain_text("a hurdle")
            assert len(jockey.sent) == sent, "nothing is sent before the fall is confirmed"
            page.get_by_test_id("plan-cancel").click()
            expect(box).to_be_hidden()
            assert len(jockey.sent) == sent and jockey.version() == version, (
                "a cancel sends nothing"
            )
            end.click()
            page.get_by_test_id("plan-confirm").click()
            jockey.then_wait(version)
            after = page.evaluate("window.hippodromeTable.state()")
            assert after["observation"]["horses"][horse - 1]["status"] == "fallen"
            told = en["toques_et_casques.fell"].format(
                horse=horse, obstacle=en["toques_et_casques.obstacle.hurdle"]
            )
            expect(page.get_by_test_id("event-log")).to_contain_text(told)
            fell = True
        elif not one_click:
            ends = page.locator('[data-testid="plan-end"][data-fall="false"]').all()
            if not ends:
                jockey.play_one()
                continue
            end = max(ends, key=lambda e: int(e.get_attribute("data-steps") or 0))
            steps = int(end.get_attribute("data-steps") or 0)
            cell = end.get_attribute("data-cell")
            end.focus()  # the keyboard shows the path too
            expect(page.get_by_test_id("plan-path")).to_have_count(1)
            end.click()
            jockey.then_wait(version)
            messages = [m for m in jockey.sent[sent:] if m["type"] != "ping"]
            assert [m["type"] for m in messages] == ["plan"], messages
            assert len(messages[0]["actions"]) == steps
            page.wait_for_function(
                "(v) => window.hippodromeTable.state().version >= v", arg=version + steps
            )
            # The horse slides along its path (issue 16, 7): from its length to the end clicked.
            layer = page.locator(".tc-horses")
            expect(layer).to_have_attribute(f"data-animated-{horse}", "true")
            path = (layer.get_attribute(f"data-path-{horse}") or "").split()
            assert len(path) == steps + 1 and path[-1] == cell, path
            one_click = True
        else:
            jockey.play_one()
    assert one_click and fell, "a whole roll in one click and a confirmed fall"
    # Under reduced motion a pawn stands where it goes at once, never slides.
    page.emulate_media(reduced_motion="reduce")
    still = page.evaluate(STILL)
    assert still == ["false", "translate(50 60)"], still
    assert not jockey.errors, f"script errors on the board: {jockey.errors}"


def test_on_a_practice_table_a_move_is_taken_back_before_the_next_roll(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Two people at one device (hot-seat) on a practice table: the move just played may be taken
    back until the next die is rolled (14-06, D30: only on a practice table), and the same ends are
    offered again."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}]
    body = {"game": "toques_et_casques", "options": {"category": "A"}, "seats": seats}
    response = live_server.http.post("/api/tables", json={**body, "practice": True})
    assert response.status_code == 201, response.text
    table = response.json()
    tokens = ",".join(seat["token"] for seat in table["seats"])
    jockey = Jockey(context.new_page())
    page = jockey.page
    page.goto(f"{live_server.url}/table/{table['id']}#tokens={tokens}")
    undo = page.get_by_test_id("undo-button")
    while jockey.waiting_for() == "roll":
        expect(undo).to_be_hidden()  # nothing of one's own to take back over a die
        jockey.play_one()
    assert jockey.waiting_for() == "plan"
    version = jockey.version()
    ends = sorted(e.get_attribute("data-cell") or "" for e in page.get_by_test_id("plan-end").all())
    page.get_by_test_id("plan-end").first.click()
    jockey.then_wait(version)
    expect(undo).to_be_visible()
    undo.click()
    page.wait_for_function("(v) => window.hippodromeTable.state().version === v", arg=version)
    expect(undo).to_be_hidden()
    again = sorted(
        e.get_attribute("data-cell") or "" for e in page.get_by_test_id("plan-end").all()
    )
    assert again == ends, "the same decision again"
    assert [m["type"] for m in jockey.sent if m["type"] in ("plan", "undo")] == ["plan", "undo"]
    assert not jockey.errors, f"script errors on the board: {jockey.errors}"
