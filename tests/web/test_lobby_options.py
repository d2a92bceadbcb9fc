"""The lobby draws each option with the control its kind calls for (issue 34, point 4): an amount as
money, a list of amounts one field a place, a count with its unit and its "none" as a choice of its
own, never a number that means something else nor a list typed as text."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser


def test_options_are_edited_as_amounts_counts_and_choices(
    live_server: LiveServer, context: BrowserContext
) -> None:
    lobby = context.new_page()
    lobby.goto(f"{live_server.url}/")
    expect(lobby.get_by_test_id("create-button")).to_be_enabled()
    lobby.get_by_test_id("lang-en").click()
    lobby.get_by_test_id("game").select_option("royal_steeple_chase")
    options = lobby.locator("#options")
    expect(options).not_to_contain_text("(0:")
    # The length of the match: "play it out" is a box of its own; the count, with its unit, once
    # the box is unticked.
    deals = lobby.get_by_test_id("option-deals")
    expect(lobby.get_by_test_id("option-deals-zero")).to_be_checked()
    expect(deals).to_be_disabled()
    lobby.get_by_test_id("option-deals-zero").uncheck()
    expect(deals).to_be_enabled()
    deals.fill("3")
    deals.dispatch_event("change")
    expect(options.locator(".option-unit").first).to_have_text("deals")

    lobby.get_by_test_id("game").select_option("toques_et_casques")
    # The course designer's module loads, then the form is drawn again with it: edit after that.
    expect(lobby.get_by_test_id("course-designer")).to_be_visible()
    expect(options).not_to_contain_text("Stakes (notes")
    # The stakes are an amount, the shares one amount a place, the first place first.
    stakes = lobby.get_by_test_id("option-stakes")
    expect(stakes).to_have_value("120")
    split = lobby.get_by_test_id("option-split")
    expect(split.locator("input[type=number]")).to_have_count(3)
    expect(split.locator("label").first).to_have_text("1st place")
    stakes.fill("130")
    stakes.dispatch_event("change")
    lobby.get_by_test_id("option-split-add").click()
    fourth = lobby.get_by_test_id("option-split-3")
    fourth.fill("10")
    fourth.dispatch_event("change")
    expect(lobby.get_by_test_id("option-split-total")).to_have_text("Total: 130")
    lobby.get_by_test_id("lang-fr").click()  # the same controls in French
    expect(lobby.get_by_test_id("option-split").locator("label").first).to_have_text("Au 1er")
    lobby.get_by_test_id("seat-mine-0").uncheck()  # stay on the lobby, with the invitations
    # The course designer asks the engine about every change; no table until its verdict is in (a
    # loaded machine answers slowly).
    create = lobby.get_by_test_id("create-button")
    expect(create).to_be_enabled(timeout=30_000)
    create.click()
    expect(lobby.locator("#created")).to_contain_text("est prête")
    created = lobby.locator("#created h3").inner_text().split()[2]
    table = live_server.http.get(f"/api/tables/{created}").json()
    assert table["options"]["stakes"] == 130
    assert table["options"]["split"] == "60,40,20,10", "the amounts, first place first"
