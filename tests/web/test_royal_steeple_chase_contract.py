"""Royal Steeple Chase contract in Debian's headless chromium: one deal played by clicks.

Ada and three heuristic bots play one deal of « Royal Steeple Chase contract » (``scoring:
contract``, ``deals: 1``): Ada asks for a colour and bids « Gagnant » once when she may, in the bidding
box, and passes otherwise, eliminates her three cards from her hand, lets her own hurdles wait and
plays her cards until the deal ends. The table shows her partner facing her, the bidding box its
history, and the score sheet the rubber, the camps and the contract under way. With a dummy, three
seats: the dummy's open hand is drawn as cards for Ada, and no fourth seat is shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer
from tests.web.test_royal_steeple_chase_board import KEY, Rider

pytestmark = pytest.mark.browser

GAME = "royal_steeple_chase"


class Bidder(Rider):
    """Ada's page in the contract game: the calls, the bidding and the cards eliminated by clicks on
    the board's labelled choices; the race as in the ordinary game."""

    def choice(self, testid: str, start: str) -> str | None:
        """The first choice ``testid`` whose action starts with ``start``, clicked; its action."""
        choices = self.page.locator(f'.rsc [data-testid="{testid}"][data-action]:not([disabled])')
        for i in range(choices.count()):
            action = choices.nth(i).get_attribute("data-action") or ""
            if action.startswith(start):
                choices.nth(i).click()
                return action
        return None

    def play_one(self) -> str:
        phase = self.waiting_for()
        if phase not in ("calls", "bidding", "discard", "own_hurdles"):
            return super().play_one()
        version = self.version()
        sent = len(self.acts())
        expected: str | None = None
        if phase in ("calls", "bidding"):
            expect(self.page.get_by_test_id("rsc-bid-box")).to_be_visible()
            assert not self.page.locator('.rsc [data-testid="other-action"]').count()
        if phase == "calls":
            expected = self.choice("bid-box-colour", "annonce ")
            self.count("colour")
        elif phase == "bidding" and not self.done.get("call"):
            expected = self.choice("bid-box-call", "annonce gagnant")
            self.count("call")
        elif phase == "discard":
            expected = self.choice("hand-card", "elimine ")
            self.count("eliminated")
        if expected is None:
            expected = self.click("bid-box-pass" if phase in ("calls", "bidding") else "passe")
        self.then_wait(version)
        assert self.acts()[sent:] == [expected], f"{phase}: sent {self.acts()[sent:]}"
        return phase


@pytest.fixture
def ada(
    live_server: LiveServer, context: BrowserContext
) -> Iterator[tuple[Bidder, dict[str, Any]]]:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    table = live_server.create_table(seats, {"scoring": "contract", "deals": 1}, game=GAME)
    rider = Bidder(context.new_page())
    rider.page.goto(table["seats"][0]["invite"])
    yield rider, table
    assert not rider.errors, f"script errors on the board: {rider.errors}"


def test_one_contract_deal_played_by_clicks_with_three_bots(
    live_server: LiveServer, ada: tuple[Bidder, dict[str, Any]]
) -> None:
    rider, _ = ada
    page = rider.page
    en = live_server.http.get("/api/i18n/en").json()
    assert rider.waiting_for() == "calls", "Ada deals and speaks first"
    score = page.get_by_test_id("rsc-score")
    expect(score).to_contain_text(en[KEY + "scoring.contract"])
    expect(page.get_by_test_id("rsc-rubber")).to_contain_text("Ada")
    expect(page.get_by_test_id("rsc-contract")).to_have_text(en[KEY + "no_contract"])
    # Partners face each other: Ada south, her partner of the first rubber (seat 2) north.
    expect(page.get_by_test_id("rsc-place-south")).to_have_attribute("data-place", "0")
    expect(page.get_by_test_id("rsc-place-north")).to_have_attribute("data-place", "2")
    expect(page.get_by_test_id("rsc-bidding")).to_have_text(en[KEY + "no_bidding"])
    expect(page.get_by_test_id("bid-box-step")).to_have_count(8)
    for _ in range(300):
        if rider.play_one() == "over":
            break
    else:
        raise AssertionError(f"the deal did not end after 300 decisions: {rider.done}")
    done = rider.done
    assert done.get("colour") == 1 and done.get("eliminated") == 3, done
    assert done.get("card"), done
    assert "{" not in score.inner_text() and "web.royal" not in score.inner_text()
    expect(page.get_by_test_id("rsc-camp")).to_have_count(2)


def test_the_dummys_open_hand_is_drawn_and_the_table_has_three_seats(
    live_server: LiveServer, context: BrowserContext
) -> None:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "heuristic"}] * 2
    table = live_server.create_table(seats, {"scoring": "dummy", "deals": 1}, game=GAME)
    assert len(table["seats"]) == 3
    rider = Bidder(context.new_page())
    page = rider.page
    page.goto(table["seats"][0]["invite"])
    assert rider.waiting_for() == "calls"
    en = live_server.http.get("/api/i18n/en").json()
    dummy = rider.state()["observation"]["dummy"]
    # Ada faces her partner (seat 2); the dummy sits east, after the seats, its hand open as cards.
    expect(page.get_by_test_id("rsc-place-north")).to_have_attribute("data-place", "2")
    expect(page.get_by_test_id("rsc-place-east")).to_have_attribute("data-place", "dummy")
    hand = page.get_by_test_id("rsc-dummy-hand").get_by_test_id("dummy-card")
    expect(hand).to_have_count(15)
    assert sorted(hand.evaluate_all("cards => cards.map((c) => c.dataset.card)")) == sorted(
        dummy["hand"]
    )
    expect(page.get_by_test_id("rsc-place-east")).to_contain_text(en[KEY + "dummy"])
    expect(page.get_by_test_id("rsc-seat-3")).to_have_count(0)
    expect(page.get_by_test_id("rsc-score-3")).to_have_count(0)
    assert not rider.errors, f"script errors on the board: {rider.errors}"
