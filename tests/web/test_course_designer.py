"""Toques et Casques' course designer in the lobby (issue 16, point 9): the player lays the course out
by clicking on the hippodrome, reads the engine's verdict at each click in words (no station codes),
cannot create the table while the course breaks a placement rule, and finds his course on the board.
What a click means is D31 (docs/rules/toques_et_casques.md)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

CODE = re.compile(r"\b\d+\.\d+\b")
"""A station as the engine writes it (« 4.8 »): never shown to the player."""


def hurdle_at(page: Page, station: str) -> Locator:
    """The drawn hurdle on ``station``: one length in each of the six lanes."""
    return page.get_by_test_id("course-track").locator(
        f'[data-obstacle="hurdle"][data-station="{station}"]'
    )


def click_length(page: Page, station: str) -> None:
    page.get_by_test_id("course-track").locator(
        f'.tcd-target[data-station="{station}"]'
    ).first.click()


def open_designer(context: BrowserContext, lang: str) -> tuple[Page, list[str]]:
    """The lobby in ``lang``, Toques et Casques chosen, category D on the small hippodrome; the page
    and the script errors it will have met."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/")
    expect(page.get_by_test_id("players")).to_be_visible()  # the form is drawn
    page.get_by_test_id(f"lang-{lang}").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.locator("#game").select_option("toques_et_casques")
    expect(page.get_by_test_id("course-designer")).to_be_visible()
    page.get_by_test_id("option-category").select_option("D")
    page.get_by_test_id("option-track").select_option("small")
    return page, errors


def test_a_player_lays_out_hurdles_by_clicking_and_races_on_them(
    live_server: LiveServer, context: BrowserContext
) -> None:
    page, errors = open_designer(context, "fr")
    verdict = page.get_by_test_id("course-verdict")
    create = page.get_by_test_id("create-button")
    ok = "Le parcours respecte toutes les règles de placement."
    expect(verdict).to_have_text(ok)
    # Category D's default course on the small hippodrome (D5): hurdles at the far straight's quarters.
    expect(hurdle_at(page, "4.5")).to_have_count(6)
    expect(hurdle_at(page, "4.14")).to_have_count(6)
    expect(page.get_by_test_id("course-summary")).to_contain_text(
        "Haies : 6e longueur de la ligne opposée, 15e longueur de la ligne opposée"
    )

    click_length(page, "4.5")  # a hurdle clicked is taken away
    expect(hurdle_at(page, "4.5")).to_have_count(0)
    expect(verdict).to_have_text(ok)

    # Just before the river (its first length is 4.9): 13-01 forbids it, the engine says so.
    click_length(page, "4.8")
    refusal = page.get_by_test_id("course-refusal")
    expect(refusal).to_have_text(
        "La haie en 9e longueur de la ligne opposée est juste devant ou à la sortie de la rivière"
        " (13-01)"
    )
    expect(hurdle_at(page, "4.8")).to_have_count(6)  # drawn where he clicked, marked wrong
    expect(hurdle_at(page, "4.8").first).to_have_class(re.compile(r"tcd-wrong"))
    expect(create).to_be_disabled()
    assert not CODE.search(verdict.inner_text()), verdict.inner_text()

    # In a turn (segment 3, the second turn): 14-05, told in the player's words too; a second click
    # takes it away.
    click_length(page, "3.1")
    expect(refusal).to_have_text(
        "La haie en 2e longueur du tournant 2 serait dans un tournant : ne placez jamais le départ,"
        " l'arrivée, une haie ou la rivière dans un tournant (14-05)"
    )
    assert not CODE.search(verdict.inner_text()), verdict.inner_text()
    click_length(page, "3.1")
    expect(refusal).to_contain_text("juste devant ou à la sortie de la rivière")

    click_length(page, "4.8")  # taken away again: the course is good
    expect(verdict).to_have_text(ok)
    click_length(page, "4.3")
    expect(hurdle_at(page, "4.3")).to_have_count(6)
    expect(verdict).to_have_text(ok)
    expect(create).to_be_enabled()

    create.click()
    page.wait_for_url(re.compile(r"/table/"))
    table_id = page.url.split("/table/")[1].split("#")[0]
    options = live_server.http.get(f"/api/tables/{table_id}").json()["options"]
    assert options["hurdles"] == "4.14,4.3", options
    page.wait_for_function("() => window.hippodromeTable && window.hippodromeTable.state()")
    course = page.evaluate("window.hippodromeTable.state().observation.course")
    assert sorted(course["hurdles"]) == ["4.14", "4.3"], course
    expect(page.locator('.tc-course [data-obstacle="hurdle"]')).to_have_count(12)
    assert not errors, errors


def test_the_river_and_the_finish_follow_the_click_and_english_says_it(
    live_server: LiveServer, context: BrowserContext
) -> None:
    page, errors = open_designer(context, "en")
    verdict = page.get_by_test_id("course-verdict")
    expect(verdict).to_have_text("The course keeps every placement rule.")
    page.get_by_test_id("course-tool-river").check()
    click_length(page, "4.13")  # the river begins where he clicks (D31)...
    refusal = page.get_by_test_id("course-refusal")
    # ... and covers the next length, where the default hurdle stands (01-01: one plaque a length).
    expect(refusal).to_have_text(
        "The river at length 15 of the far straight would lie on the other hurdle"
    )
    page.get_by_test_id("course-clear").click()
    expect(verdict).to_have_text("The course keeps every placement rule.")
    click_length(page, "4.13")
    expect(verdict).to_have_text("The course keeps every placement rule.")
    river = page.get_by_test_id("course-track").locator('[data-obstacle="river"]')
    expect(river).to_have_count(12)
    expect(page.get_by_test_id("course-summary")).to_contain_text(
        "River: length 14 of the far straight and the next length"
    )
    page.get_by_test_id("course-tool-finish").check()
    click_length(page, "0.10")  # 9 lengths left after it on the small track; speed 2 needs 12
    expect(page.get_by_test_id("course-refusal")).to_contain_text(
        "The finish at length 11 of the start straight leaves 9 lengths before the next turn"
    )
    expect(page.get_by_test_id("create-button")).to_be_disabled()
    page.get_by_test_id("course-default").click()
    expect(verdict).to_have_text("The course keeps every placement rule.")
    expect(page.get_by_test_id("create-button")).to_be_enabled()
    # The keyboard's way on the drawing: the arrows walk the straights' lengths, Enter places.
    page.get_by_test_id("course-clear").click()
    expect(verdict).to_have_text("The course keeps every placement rule.")
    page.get_by_test_id("course-tool-hurdle").check()
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("course-track")).to_be_focused()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowLeft")  # from the start line back to the last length before it
    expect(page.get_by_test_id("course-pointed")).to_have_text(
        "Chosen: length 4 of short straight 2"
    )
    page.keyboard.press("Enter")
    expect(hurdle_at(page, "6.3")).to_have_count(6)
    expect(verdict).to_have_text("The course keeps every placement rule.")
    # The keyboard's way: the same options as text, folded away.
    keyboard = page.get_by_test_id("course-keyboard")
    keyboard.locator("summary").click()
    page.locator("#opt-hurdles").fill("4.2,4.3")
    page.locator("#opt-hurdles").press("Tab")
    expect(hurdle_at(page, "4.2")).to_have_count(6)
    expect(hurdle_at(page, "6.3")).to_have_count(0)
    expect(page.get_by_test_id("course-summary")).to_contain_text(
        "Hurdles: length 3 of the far straight, length 4 of the far straight"
    )
    assert not errors, errors
