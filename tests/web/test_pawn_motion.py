"""Pawns move along their path (issue 16, 7) on Royal Turf, Royal Steeple Chase, Win, Place & Show,
Ascot and Toques et Casques, in Debian's headless chromium.

Every seat of the table is a human played from here over its own websocket (the first legal action,
or the roll), so that nothing moves but what the test plays; a spectator's page watches. At the
first horse the game moves, the page slides that pawn along the cells it went through (round the
track, never across the infield), records the way on its layer (``data-path-<horse>``), and the pawn
then stands on the cell the state gives. A reader who asks for reduced motion sees no slide
(``data-animated-<horse>`` "false"), the pawn standing there at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import LiveServer

pytestmark = pytest.mark.browser

Message = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class Moved:
    """A horse the game moved, as a board names it: the pawn, the static cell it ends on, the key
    its way is kept under on the layer, and that way, cell by cell (only its ends when the board
    reconstructs the lane changes: the events name where a move ended, not how it went)."""

    layer: str
    pawn: str
    cell: str
    key: str
    way: tuple[str, ...]
    exact: bool = True

    def went(self, path: list[str]) -> bool:
        if self.exact:
            return tuple(path) == self.way
        return len(path) >= 2 and (path[0], path[-1]) == self.way


Observation = dict[str, Any]


@dataclass(frozen=True)
class Case:
    game: str
    seats: int
    options: dict[str, Any]
    moved: Callable[[Event, Observation], Moved | None]
    """The move ``event`` made, from the position ``before`` it; None if it moved no horse."""
    prefer: tuple[str, ...] = ()
    """Notations played before the first legal action when legal (an opening bid, to buy)."""
    board: str = ""
    """Which of the game's boards, when it has two."""
    ready: str = ""
    """What the page shows once its board is drawn, waited for before anything is played: a move
    made while the board module loads is not seen moving (the board starts from the state it finds)."""

    @property
    def id(self) -> str:
        return f"{self.game}-{self.board}" if self.board else self.game


def squares(start: int, end: int, lap: int, step: int = 1) -> tuple[str, ...]:
    """The squares from ``start`` to ``end`` on a loop numbered 1 to ``lap`` in running order."""
    way = [start]
    while way[-1] != end:
        way.append((way[-1] - 1 + step) % lap + 1)
    return tuple(map(str, way))


def royal_turf(e: Event, before: Observation) -> Moved | None:
    """A horse moved round the oval of 33 squares (« une case par cheval »), not across the line."""
    p = e["params"]
    if e["key"] != "royal_turf.horse_moved" or p["end"] in (0, p["start"]):
        return None
    horse, end = p["horse"], p["end"]
    pawn, cell = f'.rt-pawn[data-horse="{horse}"]', f'.rt-cell[data-square="{end}"]'
    return Moved(".rt-pawns", pawn, cell, horse, squares(p["start"], end, 33))


COLOURS = "rbjv"


def royal_steeple_chase(e: Event, before: Observation) -> Moved | None:
    """A horse moved along its own lane of 21 squares, from the start (square 21) on."""
    p = e["params"]
    if e["key"] != "royal_steeple_chase.horse_moved":
        return None
    c, to = COLOURS[p["horse"]], p["to"]
    cell = f'.rsc-cell[data-lane="{c}"][data-square="{to}"]'
    return Moved(".rsc-horses", f'[data-testid="horse-{c}"]', cell, c, squares(p["frm"], to, 21))


def win_place_show(e: Event, before: Observation) -> Moved | None:
    """A horse ridden from its cell to the one its rider chose."""
    p = e["params"]
    if e["key"] != "win_place_show.horse_moved":
        return None
    start = next(h for h in before["horses"] if h["id"] == p["horse"])
    way = (f"{start['lane']}-{start['square']}", f"{p['lane']}-{p['square']}")
    pawn, cell = f'[data-horse="{p["horse"]}"]', f'.wps-oval path.lt-cell[data-cell="{way[1]}"]'
    return Moved(".wps-horses", pawn, cell, p["horse"], way, exact=False)


def ascot(e: Event, before: Observation) -> Moved | None:
    """A horse trained round the loop, square by square (its box excepted: it is not a square)."""
    p = e["params"]
    if e["key"] != "ascot.horse_trained" or not p["start"] < p["end"] < 40:
        return None
    horse, end = p["horse"], p["end"]
    cell = f'.as-loop .as-sq[data-square="{end}"]'
    way = tuple(str(n) if n else "box" for n in range(p["start"], end + 1))
    return Moved(".as-loop .as-pawns", f'[data-horse="{horse}"]', cell, horse, way)


def ascot_race(e: Event, before: Observation) -> Moved | None:
    """A horse run from its start square onto the race course (the events name where it ended)."""
    p = e["params"]
    if e["key"] != "ascot.horse_ran" or before["race"]["at"].get(p["horse"]) != "start":
        return None
    horse, end = p["horse"], f"{p['lane']}.{p['square']}"
    cell = f'.as-race .as-cell[data-square="{end}"]'
    way = ("start", end)
    return Moved(".as-race .as-pawns", f'[data-horse="{horse}"]', cell, horse, way, exact=False)


def toques_et_casques(e: Event, before: Observation) -> Moved | None:
    """A horse stepped one length (an avant or an écart) from the length it stood on: the lane
    track drawn by the kit (``kit/lanetrack.js``), its cells by their index."""
    p = e["params"]
    if e["key"] != "toques_et_casques.stepped":
        return None
    start = next(h for h in before["horses"] if h["number"] == p["horse"])["cell"]
    if start is None:
        return None
    horse, end = p["horse"], p["cell"]
    pawn, cell = f'.tc-horse[data-horse="{horse}"]', f'.tc-cell[data-cell="{end}"]'
    return Moved(".tc-horses", pawn, cell, horse, (str(start), str(end)))


CASES = [
    Case("royal_turf", 2, {}, royal_turf),
    Case("royal_steeple_chase", 1, {"solo_cards": 13}, royal_steeple_chase),
    Case("win_place_show", 6, {"quick": True}, win_place_show),
    Case("ascot", 2, {}, ascot, prefer=("bid 500",), board="loop"),
    Case("toques_et_casques", 2, {"category": "A"}, toques_et_casques, ready=".tc-horses"),
]
RACE = Case("ascot", 2, {}, ascot_race, prefer=("bid 500",), board="race")
"""Ascot's second board, its race course, far into the game: its slide only (the reduced motion is
the same code, seen on the loop)."""

WAY = """([layer, key]) => {
  const g = document.querySelector(layer);
  return g && g.getAttribute(`data-path-${key}`)
    ? [g.getAttribute(`data-animated-${key}`), g.getAttribute(`data-path-${key}`)]
    : null;
}"""
"""Whether the pawn under ``key`` slid, and the way it went, as the layer keeps them."""

STANDS = """([pawn, cell]) => {
  const p = document.querySelector(pawn)?.getBoundingClientRect();
  const c = document.querySelector(cell)?.getBoundingClientRect();
  if (!p || !c || !c.width) return false;
  const [x, y] = [p.x + p.width / 2, p.y + p.height / 2];
  return x >= c.left - 1 && x <= c.right + 1 && y >= c.top - 1 && y <= c.bottom + 1;
}"""
"""Whether the pawn's middle lies on the cell."""


class Table:
    """Every seat of a table, played from here: each over its own websocket, the first legal action
    (or a preferred one), or the roll."""

    def __init__(self, live_server: LiveServer, table: dict[str, Any], prefer: tuple[str, ...]):
        url = live_server.url.replace("http://", "ws://") + f"/ws/tables/{table['id']}"
        self.prefer = prefer
        self.stack = ExitStack()
        self.sockets: list[ClientConnection] = []
        self.states: list[Message] = []
        self.events: list[Event] = []
        """Every event seat 0 was told, in order."""
        for seat in table["seats"]:
            ws = self.stack.enter_context(connect(url, proxy=None, max_size=2**24))
            ws.send(json.dumps({"type": "join", "token": seat["token"]}))
            self.sockets.append(ws)
            self.states.append({"version": -1, "status": "open"})
        for seat in range(len(self.sockets)):
            self._until(seat, 0)

    def close(self) -> None:
        self.stack.close()

    def _until(self, seat: int, version: int) -> None:
        """Read seat's messages until its state is at ``version`` or later, the table begun (it
        opens as the last seat joins)."""
        while self.states[seat]["version"] < version or self.states[seat].get("status") == "open":
            message: Message = json.loads(self.sockets[seat].recv(timeout=20))
            assert message["type"] not in ("error", "stale"), message
            if message["type"] != "state":
                continue
            self.states[seat] = message
            if seat == 0:
                self.events.extend(message.get("events") or [])

    def version(self) -> int:
        return max(int(s["version"]) for s in self.states)

    def play_one(self) -> None:
        """One seat acts; then every seat has heard of the table as it stands after."""
        while True:
            version = self.version()
            for seat in range(len(self.sockets)):
                self._until(seat, version)
            acting = [s for s in self.states if s["legal"] or s["can_roll"]]
            if acting:
                break
            assert self.states[0]["status"] != "finished", "the game ended before a horse moved"
            self._until(0, version + 1)  # chance, or the server, moves on
        state = acting[0]
        seat = self.states.index(state)
        notations = [m["notation"] for m in state["legal"]]
        if state["can_roll"]:
            message: Message = {"type": "roll"}
        else:
            chosen = next((n for n in self.prefer if n in notations), notations[0])
            message = {"type": "act", "action": chosen}
        self.sockets[seat].send(json.dumps({**message, "version": state["version"]}))
        self._until(seat, state["version"] + 1)

    def first_move(
        self, moved: Callable[[Event, Observation], Moved | None], limit: int = 400
    ) -> Moved:
        """Play until the game moves a horse; that move."""
        for _ in range(limit):
            seen = len(self.events)
            before = self.states[0]["observation"]
            self.play_one()
            self._until(0, self.version())
            for event in self.events[seen:]:
                found = moved(event, before)
                if found:
                    return found
        raise AssertionError(f"no horse moved in {limit} actions")


@pytest.fixture
def watched(
    live_server: LiveServer, context: BrowserContext, case: Case
) -> Iterator[Callable[[bool], tuple[Page, Table]]]:
    """A table of the case's game, all seats played from here, and a spectator's page on it (the
    reader asking for reduced motion or not)."""
    made: list[Table] = []
    errors: list[str] = []

    def make(reduced: bool) -> tuple[Page, Table]:
        seats = [{"kind": "human", "name": f"P{i + 1}"} for i in range(case.seats)]
        created = live_server.create_table(seats, case.options, game=case.game)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        page.goto(created["spectate"])
        page.wait_for_function("() => (window.hippodromeTable.state()?.version ?? -1) >= 0")
        if case.ready:
            page.locator(case.ready).first.wait_for(state="attached")
        table = Table(live_server, created, case.prefer)
        made.append(table)
        return page, table

    try:
        yield make
    finally:
        for table in made:
            table.close()
    assert not errors, f"script errors on the board: {errors}"


def first_move_seen(
    watched: Callable[[bool], tuple[Page, Table]], case: Case, *, reduced: bool
) -> tuple[Page, Moved, list[str] | None]:
    """The first horse the game moves, once the page has the state that moved it: the page, the
    move, and what the layer keeps of it (whether it slid, and its way), if anything."""
    page, table = watched(reduced)
    moved = table.first_move(case.moved)
    page.wait_for_function(
        "(v) => (window.hippodromeTable.state()?.version ?? -1) >= v", arg=table.version()
    )
    way: list[str] | None = page.evaluate(WAY, [moved.layer, moved.key])
    return page, moved, way


@pytest.mark.parametrize("case", [*CASES, RACE], ids=lambda c: c.id)
def test_a_moved_pawn_slides_along_its_way_and_stands_on_its_cell(
    watched: Callable[[bool], tuple[Page, Table]], case: Case
) -> None:
    page, moved, way = first_move_seen(watched, case, reduced=False)
    assert way is not None, f"{moved.key}: no way kept on {moved.layer}"
    animated, path = way[0], way[1].split()
    assert animated == "true", f"{moved.key} did not slide: {way}"
    assert moved.went(path), f"{moved.key} went {path}, not {moved.way}"
    page.wait_for_function(STANDS, arg=[f"{moved.layer} {moved.pawn}", moved.cell])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_under_reduced_motion_a_moved_pawn_stands_on_its_cell_at_once(
    watched: Callable[[bool], tuple[Page, Table]], case: Case
) -> None:
    page, moved, way = first_move_seen(watched, case, reduced=True)
    assert way is not None and way[0] == "false", f"{moved.key} slid under reduced motion: {way}"
    assert page.evaluate(STANDS, [f"{moved.layer} {moved.pawn}", moved.cell]), (
        f"{moved.key} is not on {moved.cell} at once"
    )


WAYS = """async () => {
  const { laneTrackPath } = await import("/static/js/kit/motion.js");
  const board = async (game) => (await fetch(`/api/games/${game}/board`)).json();
  const way = (geo, from, to, mayChange) => {
    const id = (text) => geo.cells.findIndex((c) => `${c.lane + 1}.${c.index + 1}` === text);
    const found = laneTrackPath(geo, id(from), id(to), { mayChange });
    return found && found.map((i) => `${geo.cells[i].lane + 1}.${geo.cells[i].index + 1}`);
  };
  const wps = (await board("win_place_show")).geometry;
  const straight = (c) => wps.segments[wps.cells[c].segment].kind === "straight";
  const ascot = (await board("ascot")).race_course;
  return [
    way(wps, "1.1", "3.5", straight),
    way(wps, "1.38", "2.44", straight),
    way(ascot, "1.15", "2.18"),
    way(ascot, "2.15", "1.17"),
    way(ascot, "2.30", "2.28"),
  ];
}"""
"""Ways drawn on the lane tracks of Win, Place & Show and Ascot (lane.square, from 1)."""


def test_a_lane_change_is_drawn_de_biais_then_along_the_lane(
    live_server: LiveServer, context: BrowserContext
) -> None:
    """Win, Place & Show's oval has straights of 25 squares and turns of 15 (the rail) to 19; Ascot's
    course a first straight of 14 and a turn of 5 (the rail), 6, ... A lane change is a step de biais
    into the next lane's cell abreast of the cell ahead, taken as soon as allowed: in Win, Place &
    Show only from a straight (§6), so a horse in a turn keeps its lane to the straight; in Ascot's
    turn too, where a step inward onto the longer cells of the rail goes one further (the cell abreast
    is no further on). A horse sent back on Ascot's open course goes back along its lane."""
    page = context.new_page()
    page.goto(live_server.url + "/")
    ways = page.evaluate(WAYS)
    assert ways == [
        ["1.1", "2.2", "3.3", "3.4", "3.5"],
        ["1.38", "1.39", "1.40", "1.41", "2.43", "2.44"],
        ["1.15", "2.16", "2.17", "2.18"],
        ["2.15", "1.16", "1.17"],
        ["2.30", "2.29", "2.28"],
    ], ways


REDRAWN_DURING_A_SLIDE = """([layer]) => {
  window.__slide = null;
  const seen = new MutationObserver(() => {
    const g = document.querySelector(layer);
    if (window.__slide || !g?.hasAttribute("data-sliding")) return;
    seen.disconnect();
    const pawns = [...g.querySelectorAll('[data-animated="true"]')];
    const version = window.hippodromeTable.state().version;
    window.__slide = { pending: true };
    // Whether the slide still ran as the redraw drew the layer (seen before any frame: a short slide
    // on a loaded machine may end on its own by the time a timer fires).
    let atRedraw = null;
    const redraw = new MutationObserver(() => {
      redraw.disconnect();
      atRedraw = g.hasAttribute("data-sliding");
    });
    redraw.observe(g, { childList: true });
    // The language switch draws the board again at the same version (as a player connecting, the
    // odds or a hint do): the slide under way goes on.
    document.querySelector('[data-testid="lang-fr"]').click();
    setTimeout(() => {
      redraw.disconnect();
      window.__slide = {
        redrawn: document.documentElement.lang === "fr",
        same: window.hippodromeTable.state().version === version,
        sliding: g.isConnected && (atRedraw ?? g.hasAttribute("data-sliding")),
        pawns: pawns.length > 0 && pawns.every((p) => p.isConnected),
      };
    }, 0);
  });
  seen.observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-sliding"] });
}"""
"""Watch for the first slide; as it starts, switch the language (a redraw at the same version) and
record whether the slide and its pawns are still there just after."""

LAYERS = {
    "royal_turf": ".rt-pawns",
    "win_place_show": ".wps-horses",
    "royal_steeple_chase": ".rsc-horses",
    "ascot": ".as-loop .as-pawns",
    "toques_et_casques": ".tc-horses",
}
"""Each game's layer of pawns, where its slides are marked (``data-sliding``)."""
SAME_VERSION = [c for c in CASES if c.game in LAYERS]


@pytest.mark.parametrize("case", SAME_VERSION, ids=lambda c: c.id)
def test_a_redraw_at_the_same_version_does_not_cut_a_slide(
    watched: Callable[[bool], tuple[Page, Table]], case: Case
) -> None:
    """The shell redraws the board at every render of the page (a player connecting, the odds, a
    hint, the language) at the same version: a slide under way goes on, its pawns kept, and the
    horse then stands on its cell."""
    page, table = watched(False)
    for lang in ("fr", "en"):  # both catalogs loaded: the switch below redraws at once
        page.get_by_test_id(f"lang-{lang}").click()
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    layer = LAYERS[case.game]
    page.evaluate(REDRAWN_DURING_A_SLIDE, [layer])
    moved = table.first_move(case.moved)
    page.wait_for_function("() => window.__slide && !window.__slide.pending")
    seen = page.evaluate("() => window.__slide")
    assert seen == {"redrawn": True, "same": True, "sliding": True, "pawns": True}, seen
    page.wait_for_function(STANDS, arg=[f"{moved.layer} {moved.pawn}", moved.cell])
