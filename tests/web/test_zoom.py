"""Space (issue 16, point 10): the large Toques et Casques hippodrome on a 1366-wide screen is zoomed
and panned (web/js/zoom.js); at the whole board the drawing is back as the board drew it."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

CELL_WIDTH = """() => {
  const cell = document.querySelector('[data-cell]');
  return cell ? cell.getBoundingClientRect().width : 0;
}"""
"""The width on screen of the track's first length."""


def cell_width(page: Page) -> float:
    width: float = page.evaluate(CELL_WIDTH)
    return width


def test_the_large_hippodrome_is_zoomed_and_panned_at_1366(
    live_server: LiveServer, context: BrowserContext
) -> None:
    table = live_server.create_table(
        [{"kind": "human", "name": "Ada"}, {"kind": "bot"}],
        options={"track": "large", "category": "C"},
        game="toques_et_casques",
    )
    page = context.new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(table["seats"][0]["invite"])
    zoom_in = page.get_by_test_id("zoom-in")
    expect(zoom_in).to_be_visible()
    page.wait_for_function(f"({CELL_WIDTH})() > 0")
    whole = cell_width(page)
    assert whole < 20, f"a length is {whole:.1f} px wide on the whole board"
    zoom_in.click()
    zoom_in.click()  # 1.5, then 2
    viewport = page.get_by_test_id("zoom-viewport")
    expect(viewport).to_be_visible()
    zoomed = cell_width(page)
    assert 1.8 * whole < zoomed < 2.2 * whole, (whole, zoomed)
    box = viewport.bounding_box()
    assert box is not None
    scrollable = viewport.evaluate("(v) => [v.scrollWidth > v.clientWidth, v.scrollLeft]")
    assert scrollable[0], "the zoomed drawing does not overflow its frame"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 150, y, steps=5)
    page.mouse.up()
    after = viewport.evaluate("(v) => v.scrollLeft")
    assert after > scrollable[1] + 100, f"dragging left panned from {scrollable[1]} to {after}"
    page.get_by_test_id("zoom-fit").click()
    expect(viewport).to_have_count(0)
    assert abs(cell_width(page) - whole) < 0.5
    assert not errors, errors
