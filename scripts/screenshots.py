"""Regenerate the pictures of the README and the docs (``docs/images/*.png``) and the gallery of
every game at its start, in its middle and at its end, at two screen sizes
(``docs/screenshots/<game>-<start|middle|end>-<1366|390>.png``): ``make screenshots``.

The pictures are never drawn by hand. This script starts the real web platform (``create_app``,
served by uvicorn in a thread, as ``tests/web/conftest.py`` does) on a temporary SQLite file, creates
tables through the HTTP API (``POST /api/tables``), drives Debian's chromium (``/usr/bin/chromium``,
through Playwright's ``executable_path``; no browser is ever downloaded) to the table pages, plays
the one human seat of each table by sending legal actions the page offers
(``window.hippodromeTable``), chosen by a seeded generator, and photographs each game at a chosen
moment, at a fixed viewport.

The gallery. Each game's scene plays one table from the human seat's first decision ("start") to a
moment well into the game ("middle", the moment the docs/images picture shows too) and on to its end
("end": the result dialog, ``web/js/result.js``, over the board), and photographs the seat's page at
each of the three moments in a laptop's viewport (1366x768) and a phone's (390x844): on the laptop
the page is resized, reloaded and shot as the viewport shows it (not the whole page, which keeps the
files small); on the phone the seat's link is opened in a phone's browser (a touch screen, a mobile
viewport: ``PHONES``, as tests/web/test_phone.py plays) and shot the same way. The README shows the
phone pictures of the middle of each game.

The panels (``--only panels``, ``PANEL_SHOTS``). The panels that teach Win, Place & Show, Ascot and a
guided game at the table, each cropped to its element on a phone (390x844): Win, Place & Show's bid
helper, programme legend, betting form and the seat's own slip on a table played in the page; Ascot's
offer form, rescue question and role tags drawn by the real board from real engine states (the
rules' test scenarios, ``tests/games/ascot/scenarios.py``) fed to a blank page of the server's origin
as tests/web/test_ascot_board.py does; the guide's panel with its reason on a guided table, served by
a second server with one bot process (the guide's hints are thought out there). These tables are
drawn from a seed of their own: the same pictures with or without the other scenes.

Determinism. The HTTP API takes no seed: a table's secret seed (and its id and tokens) come from
``secrets``. So that a new run gives the same pictures, this script replaces, in its own process
only, the ``secrets`` module the table service draws from with a seeded generator. The bots draw from
the table's seed, and the human seat's moves from the scene's own seeded generator, so each game goes
the same way every run. The lobby shows when each table last moved: those times are set to one
fixed instant in the answers the lobby page reads (everything else on the page is the server's).
Each table page is reloaded once the table stands still and photographed when two shots in a row
agree, with reduced motion asked for (no spinning rings): two runs on one machine give the same
files, byte for byte. Another chromium or other fonts may draw a few pixels differently.

PNG files are re-compressed with the standard library (``zlib``, level 9): no image tool is needed.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import struct
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

from hippodrome.engine.types import CHANCE
from hippodrome.games import playable_ids
from hippodrome.games.ascot.actions import DIE_FACES, parse_action
from hippodrome.games.ascot.board import LANE_CODES, TRACK
from hippodrome.server import service
from hippodrome.server.service import event_json
from hippodrome.server.settings import Settings
from hippodrome.server.threaded import ServerNotAnsweringError, serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"
GALLERY = ROOT / "docs" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Rendering as alike as can be from one run to the next:
    "--font-render-hinting=none",
    "--force-color-profile=srgb",
    "--disable-lcd-text",
    "--num-raster-threads=1",
    "--disable-threaded-animation",
    "--disable-threaded-scrolling",
]
VIEWPORT = {"width": 1280, "height": 800}
SCREENS = {"1366": {"width": 1366, "height": 768}, "390": {"width": 390, "height": 844}}
"""The gallery's viewports: a laptop's screen and a phone's (CSS pixels), by their width."""
PHONES = {"390"}
"""The gallery's viewports shot on a phone: a mobile browser with a touch screen (``is_mobile``,
``has_touch``: the page's viewport meta, and its styles for a coarse pointer, apply), as the phone
test plays (tests/web/test_phone.py), not a desktop window narrowed."""
GAMES = tuple(playable_ids())
"""Every playable game of the registry: each must have its scene in ``SCENES`` (the script refuses to
run without one, rather than leave the game out of the gallery)."""
MOMENTS = ("start", "middle", "end")
FIXED_TIME = "2026-06-14T15:30:00+00:00"
"""The instant the lobby shows for every table (the real times change at every run)."""

State = dict[str, Any]
Chooser = Callable[[State, random.Random], str]


class SeededSecrets:
    """Stands in for the ``secrets`` module in the table service: the same ids, tokens and table
    seeds at every run of this script (and only in its process)."""

    def __init__(self, seed: str) -> None:
        self._rng = random.Random(seed)

    def token_hex(self, nbytes: int = 32) -> str:
        return self._rng.randbytes(nbytes).hex()

    def token_urlsafe(self, nbytes: int = 32) -> str:
        return base64.urlsafe_b64encode(self._rng.randbytes(nbytes)).rstrip(b"=").decode("ascii")


# -- the server --------------------------------------------------------------------------------------


@dataclass
class Server:
    url: str
    http: httpx.Client

    def create_table(
        self,
        game: str,
        seats: list[dict[str, Any]],
        options: dict[str, Any] | None = None,
        *,
        guided: bool = False,
    ) -> dict[str, Any]:
        asked: dict[str, Any] = {"game": game, "options": options or {}, "seats": seats}
        if guided:
            asked["guided"] = True
        response = self.http.post("/api/tables", json=asked)
        if response.status_code != 201:
            raise SystemExit(f"POST /api/tables refused {game}: {response.text}")
        body: dict[str, Any] = response.json()
        return body

    def table(self, table_id: str) -> dict[str, Any]:
        body: dict[str, Any] = self.http.get(f"/api/tables/{table_id}").json()
        return body


@contextmanager
def serve(
    db: Path, seed: str, bot_processes: int = 0, review_processes: int = 0
) -> Iterator[Server]:
    """The real app on a free port of 127.0.0.1, its tables drawn from `seed`; a guided table's
    hints need a bot process (``bot_processes``), a game review its worker (``review_processes``)."""
    service.secrets = SeededSecrets(seed)  # type: ignore[attr-defined,assignment]
    settings = Settings(
        db_url=f"sqlite:///{db}",
        bot_delay=0.0,
        bot_processes=bot_processes,
        review_processes=review_processes,
    )
    try:
        with (
            serve_in_thread(settings, ready_within=30.0) as url,
            httpx.Client(base_url=url, timeout=30.0, trust_env=False) as http,
        ):
            yield Server(url, http)
    except ServerNotAnsweringError as exc:
        raise SystemExit(str(exc)) from exc


# -- PNG ---------------------------------------------------------------------------------------------


def recompress_png(data: bytes) -> bytes:
    """The same image, its pixel data in one IDAT chunk compressed at zlib's level 9; ancillary
    chunks (text, times) dropped so that the file depends on the pixels only."""
    signature = b"\x89PNG\r\n\x1a\n"
    if not data.startswith(signature):
        raise ValueError("not a PNG file")
    pos = len(signature)
    header = b""
    idat = bytearray()
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(bytes(idat))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    return (
        signature
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# -- playing a seat in the browser -------------------------------------------------------------------

STATE = "() => window.hippodromeTable && window.hippodromeTable.state()"
# The page has a state newer than `v`, and it asks something of its seat or the game is over.
READY = """(v) => {
  const s = window.hippodromeTable && window.hippodromeTable.state();
  if (!s || s.version <= v) return false;
  return s.status === "finished" || (s.legal || []).length > 0 || s.can_roll;
}"""


@dataclass
class Seat:
    """A human seat played in a page, by a seeded generator (or a scene's own choice)."""

    page: Any  # playwright Page
    server: Server
    table_id: str
    rng: random.Random
    decisions: int = 0
    log: list[str] = field(default_factory=list)

    def state(self) -> State:
        state: State = self.page.evaluate(STATE)
        return state

    def settle(self, version: int = -1) -> State:
        """Wait until the page asks something of the seat (or the game is over) and the table no
        longer moves (no bot still to play), and return the state."""
        self.page.wait_for_function(READY, arg=version, timeout=60_000)
        while True:
            before = self.server.table(self.table_id)["version"]
            time.sleep(0.15)
            after = self.server.table(self.table_id)
            if after["version"] == before:
                break
        self.page.wait_for_function(
            "(v) => window.hippodromeTable.state().version >= v", arg=after["version"]
        )
        return self.state()

    def play(
        self,
        until: Callable[[State], bool],
        choose: Chooser | None = None,
        limit: int = 2000,
    ) -> State:
        """Play the seat until `until(state)` holds at one of its decisions (or the game ends)."""
        state = self.settle()
        for _ in range(limit):
            if until(state) or state["status"] == "finished":
                return state
            version = state["version"]
            if state["legal"]:
                action = (choose or pick_any)(state, self.rng)
                self.page.evaluate("(a) => window.hippodromeTable.act(a)", action)
            else:
                action = "roll"
                self.page.evaluate("() => window.hippodromeTable.roll()")
            self.log.append(action)
            self.decisions += 1
            state = self.settle(version)
        raise SystemExit(f"table {self.table_id}: the moment wanted never came")


def pick_any(state: State, rng: random.Random) -> str:
    notation: str = rng.choice(state["legal"])["notation"]
    return notation


# -- the scenes --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    name: str
    what: str


PANEL_SHOTS = [
    Shot("wps-legend.png", "Win, Place & Show: the programme's columns explained, on a phone"),
    Shot(
        "wps-bid-helper.png", "Win, Place & Show: the bid helper and its suggested bid, on a phone"
    ),
    Shot(
        "wps-bet-form.png", "Win, Place & Show: the betting slip's form and its payout, on a phone"
    ),
    Shot("wps-mine.png", "Win, Place & Show: the seat's own sealed bids and slip, on a phone"),
    Shot("ascot-offer-form.png", "Ascot: the trade offer form, on a phone"),
    Shot("ascot-rescue.png", "Ascot: the rescue's question and its cost, on a phone"),
    Shot("ascot-roles.png", "Ascot: the Banker and the Bookmaker named on their seat, on a phone"),
    Shot(
        "guide-reason.png", "a guided game's panel: the suggested move and its reason, on a phone"
    ),
]
"""The panels that teach a game at the table (issue 34), each cropped to its element at 390x844:
the ``panels`` scene."""


SHOTS = [
    Shot("lobby.png", "the lobby: the games, the form to create a table, the tables"),
    Shot("royal_turf.png", "Royal Turf in the middle of a race, in English"),
    Shot("royal_steeple_chase.png", "Royal Steeple Chase: a hand and the course, in French"),
    Shot("toques_et_casques.png", "Toques et Casques: a gallop race with hurdles, in English"),
    Shot("toques_et_casques-fr.png", "Toques et Casques: the same race, in French"),
    Shot("ascot.png", "Ascot: the six-lane race course, a horse's squares to choose, in English"),
    Shot("result.png", "a finished game's result, in French"),
    Shot("review.png", "a finished game's review on a phone: the chart, a turning point opened"),
    *PANEL_SHOTS,
]
GALLERY_SHOTS = [
    Shot(
        f"{game}-{moment}-{width}.png", f"{game} at its {moment}, {size['width']}x{size['height']}"
    )
    for game in GAMES
    for moment in MOMENTS
    for width, size in SCREENS.items()
]
"""The gallery (``docs/screenshots/``): every game at its start, middle and end, at each viewport."""


ADA_AND_TWO_BOTS: list[dict[str, Any]] = [
    {"kind": "human", "name": "Ada"},
    {"kind": "bot", "bot": "heuristic", "name": "Bruno"},
    {"kind": "bot", "bot": "heuristic", "name": "Chloé"},
]
"""The table of most scenes: Ada's seat, played in the page, and two bots."""


class Studio:
    def __init__(self, server: Server, browser: Any, out: Path, gallery: Path) -> None:
        self.server = server
        self.browser = browser
        self.out = out
        self.gallery = gallery
        self.written: list[Path] = []

    def page(self, lang: str, phone: dict[str, int] | None = None) -> Any:
        """A new page in ``lang``: at the desktop viewport, or on a phone of ``phone``'s size."""
        context = self.browser.new_context(
            base_url=self.server.url,
            viewport=phone or VIEWPORT,
            is_mobile=phone is not None,
            has_touch=phone is not None,
            device_scale_factor=1,
            locale="fr-FR" if lang == "fr" else "en-GB",
            timezone_id="Europe/Paris",
            reduced_motion="reduce",
        )
        context.set_default_timeout(30_000)
        context.add_init_script(f"localStorage.setItem('hippodrome.lang', '{lang}')")
        return context.new_page()

    def sit(
        self, game: str, seats: list[dict[str, Any]], options: dict[str, Any], lang: str, seed: int
    ) -> Seat:
        created = self.server.create_table(game, seats, options)
        page = self.page(lang)
        page.goto(next(s["invite"] for s in created["seats"] if s["kind"] == "human"))
        page.wait_for_selector("#board > *")
        return Seat(page, self.server, created["id"], random.Random(seed))

    def shoot(
        self,
        page: Any,
        name: str,
        selector: str | None = None,
        *,
        full_page: bool = False,
        reload: bool = True,
        out: Path | None = None,
        wait: str | None = None,
    ) -> None:
        if "/table/" in page.url and reload:
            # A fresh page at the settled state: the same pixels at every run, whatever the page
            # went through before.
            version = page.evaluate("() => window.hippodromeTable.state().version")
            page.reload()
            page.wait_for_function(
                "(v) => (window.hippodromeTable.state() || {}).version === v", arg=version
            )
        if wait:
            page.wait_for_selector(wait)
        page.evaluate("() => document.fonts.ready")
        page.mouse.move(0, 0)
        target = page.locator(selector).first if selector else page
        options: dict[str, Any] = {"animations": "disabled"}
        if full_page:
            options["full_page"] = True
        # Shoot until two shots in a row agree: the page has stopped changing (transitions ended).
        png = b""
        for _ in range(10):
            page.wait_for_timeout(400)
            again = target.screenshot(**options)
            if again == png:
                break
            png = again
        path = (out or self.out) / name
        path.write_bytes(recompress_png(png))
        self.written.append(path)

    def moment(self, seat: Seat, game: str, moment: str) -> None:
        """The seat's page at one of the game's moments, in each of the gallery's viewports: the
        seat's own page resized, or for a phone the seat's link opened on a phone (a second
        connection of the same seat, closed after the shot)."""
        wait = '[data-testid="result"]:not([hidden])' if moment == "end" else None
        for width, size in SCREENS.items():
            name = f"{game}-{moment}-{width}.png"
            if width in PHONES:
                self.shoot_on_phone(seat, name, size, wait)
                continue
            seat.page.set_viewport_size(size)
            self.shoot(seat.page, name, out=self.gallery, wait=wait)
        seat.page.set_viewport_size(VIEWPORT)

    def shoot_on_phone(self, seat: Seat, name: str, size: dict[str, int], wait: str | None) -> None:
        """The seat's page as its player's phone shows it now, in the seat page's language."""
        lang = seat.page.evaluate("() => document.documentElement.lang") or "en"
        version = seat.page.evaluate("() => window.hippodromeTable.state().version")
        phone = self.page(lang, size)
        # The seat's key left the address bar: the seat page's tab keeps it (web/js/dom.js).
        kept = f"JSON.parse(sessionStorage.getItem('hippodrome.seat-keys.{seat.table_id}'))"
        keys = seat.page.evaluate(kept)
        fragment = f"tokens={','.join(keys)}" if len(keys) > 1 else f"token={keys[0]}"
        try:
            phone.goto(f"{seat.page.url.split('#', 1)[0]}#{fragment}")
            phone.wait_for_function(
                "(v) => (window.hippodromeTable.state() || {}).version === v", arg=version
            )
            phone.wait_for_selector("#board > *")
            self.shoot(phone, name, out=self.gallery, wait=wait, reload=False)
        finally:
            phone.context.close()

    def start(self, seat: Seat, game: str) -> None:
        """The gallery's start: the seat's first decision."""
        seat.settle()
        self.moment(seat, game, "start")

    def end(self, seat: Seat, game: str, choose: Chooser | None = None) -> None:
        """Play the seat to the end of the game, photograph the result dialog, close the page."""
        seat.play(lambda s: False, choose, limit=5000)
        self.moment(seat, game, "end")
        seat.page.context.close()

    # -- one picture each ---------------------------------------------------------------------------

    def royal_turf(self) -> None:
        """Royal Turf, race 1, a few rounds in: pawns spread on the oval, tokens on the cards."""
        seat = self.sit("royal_turf", ADA_AND_TWO_BOTS, {}, "en", seed=1)
        self.start(seat, "royal_turf")
        seat.play(deciding("racing", "round", 4))
        self.shoot(seat.page, "royal_turf.png")
        self.moment(seat, "royal_turf", "middle")
        self.end(seat, "royal_turf")

    def royal_steeple_chase(self) -> None:
        """Royal Steeple Chase, one race at four: Ada's hand and the course, cards played."""
        seat = self.sit(
            "royal_steeple_chase",
            [
                {"kind": "human", "name": "Ada"},
                {"kind": "bot", "bot": "heuristic", "name": "Bruno"},
                {"kind": "bot", "bot": "heuristic", "name": "Chloé"},
                {"kind": "bot", "bot": "heuristic", "name": "Denis"},
            ],
            {"scoring": "race"},
            "fr",
            seed=2,
        )
        self.start(seat, "royal_steeple_chase")
        seat.play(lambda s: s["observation"]["phase"] == "race" and seat.decisions >= 30)
        self.shoot(seat.page, "royal_steeple_chase.png")
        self.moment(seat, "royal_steeple_chase", "middle")
        self.end(seat, "royal_steeple_chase")

    def toques_et_casques(self) -> None:
        """Toques et Casques, category D (gallop, river, hurdles), horses strung out on the course."""
        seat = self.sit("toques_et_casques", ADA_AND_TWO_BOTS, {"category": "D"}, "en", seed=3)
        self.start(seat, "toques_et_casques")
        seat.play(deciding("race", "round", 9, part="context"))
        self.shoot(seat.page, "toques_et_casques.png")
        self.french(seat.page)
        self.shoot(seat.page, "toques_et_casques-fr.png", reload=False)
        self.moment(seat, "toques_et_casques", "middle")  # reloaded: in English again
        self.end(seat, "toques_et_casques")

    def ascot(self) -> None:
        """Ascot at three, well into the race: horses strung out on the six lanes, the squares the
        die lets Ada's horse reach highlighted."""
        seat = self.sit("ascot", ADA_AND_TWO_BOTS, {}, "en", seed=4)
        self.start(seat, "ascot")
        seat.play(lambda s: s["observation"]["phase"] == "move" and far_on(s, 24), ascot_choice)
        self.shoot(seat.page, "ascot.png")
        self.moment(seat, "ascot", "middle")
        self.end(seat, "ascot", ascot_choice)

    def win_place_show(self) -> None:
        """Win, Place & Show at three (gallery only): the sale, the second race on the oval, the
        end of the sixth race."""
        seat = self.sit("win_place_show", ADA_AND_TWO_BOTS, {}, "en", seed=5)
        self.start(seat, "win_place_show")
        seat.play(deciding("riding", "race", 2))
        self.moment(seat, "win_place_show", "middle")
        self.end(seat, "win_place_show")

    def result(self) -> None:
        """A finished Royal Turf table of three bots, seen by a spectator: the final ranking."""
        created = self.server.create_table(
            "royal_turf",
            [
                {"kind": "bot", "bot": "heuristic", "name": "Ada"},
                {"kind": "bot", "bot": "heuristic", "name": "Bruno"},
                {"kind": "bot", "bot": "random", "name": "Chloé"},
            ],
        )
        deadline = time.monotonic() + 120
        while self.server.table(created["id"])["status"] != "finished":
            if time.monotonic() > deadline:
                raise SystemExit("the bots' Royal Turf table did not finish within 2 minutes")
            time.sleep(0.2)
        page = self.page("fr")
        page.goto(created["spectate"])
        page.wait_for_selector('[data-testid="game-over"]:not([hidden])')
        self.shoot(page, "result.png")
        page.context.close()

    def review(self) -> None:
        """A finished Royal Turf game of three bots reviewed on a phone (issue 36), on a server of
        its own with a review worker, at the review's default budget: Chloé's seat (the random bot,
        whose decisions give the chart its turning points), the first turning point opened."""
        with (
            tempfile.TemporaryDirectory(prefix="hippodrome-review-") as tmp,
            serve(Path(tmp) / "review.db", "hippodrome-screenshots-review", 0, 1) as server,
        ):
            created = server.create_table(
                "royal_turf",
                [
                    {"kind": "bot", "bot": "heuristic", "name": "Ada"},
                    {"kind": "bot", "bot": "heuristic", "name": "Bruno"},
                    {"kind": "bot", "bot": "random", "name": "Chloé"},
                ],
            )
            deadline = time.monotonic() + 120
            while server.table(created["id"])["status"] != "finished":
                if time.monotonic() > deadline:
                    raise SystemExit("the bots' Royal Turf table did not finish within 2 minutes")
                time.sleep(0.2)
            studio = Studio(server, self.browser, self.out, self.gallery)
            studio.written = self.written
            page = studio.page("en", SCREENS["390"])
            page.goto(f"/table/{created['id']}/replay#review=2")
            page.wait_for_selector('[data-testid="review-chart"]', timeout=600_000)
            turns = page.get_by_test_id("review-turn")
            if turns.count():
                turns.first.click()
            else:
                page.get_by_test_id("review-chart").locator(".review-area").click()
            page.wait_for_selector('[data-testid="review-decision"]')
            self.shoot(page, "review.png", '[data-testid="review"]', reload=False)
            page.context.close()

    def lobby(self) -> None:
        """The lobby, in English, with the tables made above (and one still open)."""
        self.server.create_table(
            "royal_steeple_chase",
            [
                {"kind": "human", "name": "Eve"},
                {"kind": "human", "name": "Fanny"},
                {"kind": "bot", "bot": "heuristic", "name": "Gaston"},
            ],
            {"scoring": "race"},
        )
        page = self.page("en")
        page.route(re.compile(r".*/api/tables(\?.*)?$"), fixed_times)
        page.goto("/")
        page.wait_for_selector("#tables-finished li")
        self.shoot(page, "lobby.png", full_page=True)
        page.context.close()

    # -- the panels that teach a game at the table (issue 34) --------------------------------------

    def panels(self) -> None:
        """Each panel that explains Win, Place & Show, Ascot or a guided game where it is played,
        on a phone (390x844), cropped to the panel's element: ``PANEL_SHOTS``. The tables are drawn
        from a seed of their own, so that these pictures are the same whether or not the other
        scenes ran first."""
        service.secrets = SeededSecrets("hippodrome-screenshots-panels")  # type: ignore[attr-defined,assignment]
        self.wps_panels()
        self.ascot_panels()
        self.guide_panel()

    def sit_on_phone(
        self, game: str, seats: list[dict[str, Any]], seed: int, *, guided: bool = False
    ) -> Seat:
        created = self.server.create_table(game, seats, {}, guided=guided)
        page = self.page("en", SCREENS["390"])
        page.goto(next(s["invite"] for s in created["seats"] if s["kind"] == "human"))
        page.wait_for_selector("#board > *")
        return Seat(page, self.server, created["id"], random.Random(seed))

    def wps_panels(self) -> None:
        """Win, Place & Show at three: the sale's sealed bids (the bid helper, the programme's
        legend opened), then the first betting slip (the form, Ada's own bids and slip)."""
        seat = self.sit_on_phone("win_place_show", ADA_AND_TWO_BOTS, seed=6)
        seat.play(lambda s: any(m["kind"] == "sheet" for m in s["legal"]))
        self.shoot(seat.page, "wps-bid-helper.png", '[data-testid="wps-helper"]')
        seat.page.locator('[data-testid="wps-legend"] summary').click()
        self.shoot(seat.page, "wps-legend.png", '[data-testid="wps-legend"]', reload=False)
        seat.play(lambda s: any("bet" in m["args"] for m in s["legal"]), wps_choice)
        # The form filled as a player would: the second horse, a place bet, this bet written; the
        # stakes to choose from and the payout show.
        seat.page.reload()
        seat.page.locator('[data-testid="wps-bet-horse"]').nth(1).click()
        seat.page.locator('[data-testid="wps-bet-kind"][data-value="place"]').click()
        version = seat.state()["version"]
        seat.page.get_by_test_id("wps-bet-write").click()
        seat.settle(version)
        self.shoot(seat.page, "wps-bet-form.png", '[data-testid="wps-bet"]')
        # The smallest stake: Ada's own board shows her slip (and her sealed bids while they stand).
        version = seat.state()["version"]
        seat.page.locator('[data-testid="wps-bet"] button[data-action]').first.click()
        seat.settle(version)
        self.shoot(seat.page, "wps-mine.png", '[data-testid="wps-mine"]')
        seat.page.context.close()

    def ascot_panels(self) -> None:
        """Ascot's trading, rescue and roles, drawn by the real board (``board.js``, the real
        catalogs) from real engine states of the rules' test scenarios (tests/games/ascot/
        scenarios.py), fed to a blank page of the server's origin as the server would send them,
        as tests/web/test_ascot_board.py does: a rescue happens too rarely to wait for."""
        page = self.page("en", SCREENS["390"])
        page.route(
            "**/ascot-blank",
            lambda route: route.fulfill(status=200, content_type="text/html", body=ASCOT_BLANK),
        )
        page.goto("/ascot-blank")
        trading = scenarios().trading()
        show_ascot(page, trading, 0)
        self.shoot(page, "ascot-roles.png", '[data-testid="as-seat-0"]')
        show_ascot(page, trading, trading.active_players()[0], version=2)
        form = page.get_by_test_id("as-trade")
        page.get_by_test_id("as-offer-to").select_option(label="Chloé")
        page.get_by_test_id("as-offer-ask").select_option("money")
        page.get_by_test_id("as-offer-price").select_option(index=2)
        form.wait_for()
        self.shoot(page, "ascot-offer-form.png", '[data-testid="as-trade"]')
        state = rescue_state()
        show_ascot(page, state, 0, version=3)
        page.get_by_test_id("as-rescue-offer-select").select_option("20000")
        page.get_by_test_id("as-rescue-offer-other").click()
        state.apply(parse_action("offer 1 sell walroy:6 20000"), 0)
        show_ascot(page, state, 1, version=4)
        self.shoot(page, "ascot-rescue.png", '[data-testid="as-rescue"]')
        page.context.close()

    def guide_panel(self) -> None:
        """A guided game of Ascot against a bot ("Learn to play"): the guide's panel at Ada's first
        decision with a suggestion, its reason in a sentence."""
        with (
            tempfile.TemporaryDirectory(prefix="hippodrome-guided-") as tmp,
            serve(Path(tmp) / "guided.db", "hippodrome-screenshots-guide", 1) as guided,
        ):
            Studio(guided, self.browser, self.out, self.gallery).guide_shot(self.written)

    def guide_shot(self, written: list[Path]) -> None:
        """``guide_panel`` on a server whose bot process thinks out the guide's hints."""
        self.written = written
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}]
        seat = self.sit_on_phone("ascot", seats, seed=7, guided=True)
        reason = seat.page.locator(REASON)
        state = seat.settle()
        for _ in range(50):
            if state["legal"]:
                try:
                    reason.wait_for(timeout=60_000)
                    break
                except PlaywrightTimeoutError:
                    pass
            seat.play(past(state["version"]), limit=2)
            state = seat.state()
        else:
            raise SystemExit("the guided table never gave a reason")
        self.shoot(seat.page, "guide-reason.png", '[data-testid="guide"]', reload=False)
        seat.page.context.close()

    @staticmethod
    def french(page: Any) -> None:
        page.get_by_test_id("lang-fr").click()
        page.wait_for_function("() => document.documentElement.lang === 'fr'")


def deciding(
    phase: str, counter: str, least: int, part: str = "observation"
) -> Callable[[State], bool]:
    """The moment the game is in ``phase``, its ``counter`` (read in the state's ``part``) is at
    least ``least``, and the seat has an action to choose."""
    return lambda s: (
        s["observation"]["phase"] == phase and s[part][counter] >= least and bool(s["legal"])
    )


def far_on(state: State, square: int) -> bool:
    """Some horse of the race has reached ``square`` of its lane, and the seat has squares to pick."""
    at = state["observation"]["race"]["at"].values()
    reached = any("." in where and int(where.split(".")[1]) >= square for where in at)
    return reached and any(m["kind"] == "move" and m["args"]["lane"] for m in state["legal"])


def ascot_choice(state: State, rng: random.Random) -> str:
    """A calm Ascot player: passes at the sale, makes no offer, enters and backs a horse with the
    smallest stake, takes the extra lengths, and otherwise picks any legal action."""
    legal = state["legal"]
    kinds = {m["kind"] for m in legal}
    if "place_bet" in kinds and state["observation"]["called"] in {
        f"h{h}" for h in state["observation"]["runners"][state["seat"]]
    }:
        notation: str = min(
            (m for m in legal if m["kind"] == "place_bet"), key=lambda m: m["args"]["stake"]
        )["notation"]
        return notation
    for preferred in ("pass", "done", "keep", "refuse", "decline", "run", "extra", "advantage"):
        found = [m for m in legal if m["kind"] == preferred or m["notation"] == preferred]
        if found:
            return str(found[0]["notation"])
    calm = [m for m in legal if m["kind"] not in ("bid", "offer", "place_bet")]
    return str(rng.choice(calm or legal)["notation"])


def past(version: int) -> Callable[[State], bool]:
    """The moment the table has moved past ``version``: one decision of the seat played."""
    return lambda s: bool(s["version"] > version)


def wps_choice(state: State, rng: random.Random) -> str:
    """Ada's move in the panels' scene: the bid helper's suggestion at the sale, else any."""
    sheet = [m for m in state["legal"] if m["kind"] == "sheet"]
    if sheet:
        amounts = sorted(m["args"]["amount"] for m in sheet)
        wanted = amounts[len(amounts) // 3]
        return str(next(m["notation"] for m in sheet if m["args"]["amount"] == wanted))
    return pick_any(state, rng)


REASON = '[data-testid="guide-reason"]'

ASCOT_BLANK = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/hippodrome.css"><link rel="stylesheet" href="/static/css/kit.css">
<link rel="stylesheet" href="/games/ascot/web/board.css"></head>
<body><div id="board"></div><ul id="players"></ul></body></html>"""
"""A blank page of the server's origin for Ascot's board and the table's players panel."""

ASCOT_MOUNT = """async (arg) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLang(arg.lang);
  if (!window.boardUnderTest) {
    const module = await import("/games/ascot/web/board.js");
    const boardData = await (await fetch("/api/games/ascot/board")).json();
    window.boardUnderTest = module.createBoard(document.getElementById("board"), {
      boardData, t: i18n.t, lang: arg.lang, send: () => {}, readOnly: false,
    });
  }
  window.boardUnderTest.setLang(arg.lang, i18n.t);
  window.boardUnderTest.update(arg.msg, arg.msg.events);
  const panels = await import("/static/js/panels.js");
  panels.renderPlayers(document.getElementById("players"), arg.msg);
  await document.fonts.ready;
}"""
"""Mount Ascot's board once and show it a state message, as tests/web/test_ascot_board.py does."""

ASCOT_NAMES = ["Ada", "Bruno", "Chloé"]


def scenarios() -> Any:
    """The Ascot rules' test scenarios (real engine states built by the engine's own moves)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.games.ascot import scenarios as module  # noqa: PLC0415 (ROOT on the path first)

    return module


def rescue_state() -> Any:
    """The race, seat 1 throwing: his no. 4 stops on « Broken bridle » and seat 0 holds the report
    that saves it (D43): seat 0 is asked whether to offer it (tests/web/test_ascot_board.py)."""
    bridle = next(c for c, code in enumerate(LANE_CODES) if code == "C")
    info = TRACK.cells[bridle]
    state = scenarios().race(first=1)
    state.reports[0].append(("walroy", 6))
    state.at[4] = TRACK.cell(info.lane, info.index - 2)
    state.apply(DIE_FACES[2], CHANCE)
    state.apply(parse_action(f"move h4 {info.lane + 1}.{info.index + 1}"), 1)
    if state.phase_name() != "rescue":
        raise SystemExit("the crafted Ascot position did not reach a rescue")
    return state


def show_ascot(page: Any, state: Any, seat: int, version: int = 1) -> None:
    """Show ``page`` what the server would send ``seat`` for ``state`` (server/views.py)."""
    game = state.game
    msg = {
        "type": "state",
        "version": version,
        "status": "running",
        "seat": seat,
        "game": "ascot",
        "seats": [{"name": n, "kind": "human", "connected": True} for n in ASCOT_NAMES],
        "observation": state.observation(seat),
        "context": state.context(),
        "legal": [game.action_json(a, ASCOT_NAMES) for a in state.legal_actions(seat)]
        if seat in state.active_players()
        else [],
        "can_roll": False,
        "events": [event_json(e.seen_by(seat), ASCOT_NAMES) for e in state.events],
    }
    page.evaluate(ASCOT_MOUNT, {"msg": msg, "lang": "en"})


def fixed_times(route: Any) -> None:
    """The lobby's list of tables, every time set to FIXED_TIME (see the module's docstring)."""
    response = route.fetch()
    body = response.json()
    if isinstance(body, list):
        for table in body:
            for key in ("created", "updated"):
                if key in table:
                    table[key] = FIXED_TIME
    route.fulfill(response=response, body=json.dumps(body))


SCENES: dict[str, Callable[[Studio], None]] = {
    "royal_turf": Studio.royal_turf,
    "royal_steeple_chase": Studio.royal_steeple_chase,
    "toques_et_casques": Studio.toques_et_casques,
    "ascot": Studio.ascot,
    "win_place_show": Studio.win_place_show,
    "result": Studio.result,
    "review": Studio.review,
    "lobby": Studio.lobby,
    "panels": Studio.panels,  # last: its tables would show in the lobby, its seed reset
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(
            "Regenerate the screenshots of the README and the docs (docs/images/*.png) from the real "
            "web platform, played in Debian's chromium at a fixed viewport "
            f"({VIEWPORT['width']}x{VIEWPORT['height']}), and the gallery of every game at its "
            "start, middle and end at 1366x768 and 390x844 (docs/screenshots/)."
        ),
        epilog="Pictures: "
        + "; ".join(f"{s.name}: {s.what}" for s in SHOTS)
        + f"; and {len(GALLERY_SHOTS)} gallery pictures <game>-<start|middle|end>-<1366|390>.png",
    )
    parser.add_argument(
        "--out", type=Path, default=OUT, help=f"where the PNG files go (default: {OUT})"
    )
    parser.add_argument(
        "--only",
        choices=sorted(SCENES),
        action="append",
        help="make only this scene's pictures (repeatable); every scene without it",
    )
    parser.add_argument(
        "--gallery",
        type=Path,
        default=GALLERY,
        help=f"where the gallery's PNG files go (default: {GALLERY})",
    )
    parser.add_argument("--seed", default="hippodrome-screenshots", help="the run's seed")
    args = parser.parse_args(argv)
    unstaged = [game for game in GAMES if game not in SCENES]
    if unstaged:
        print(
            f"no scene for {', '.join(unstaged)}: write its Studio method (the table, how the "
            "seat plays, the middle moment) and add it to SCENES, or the gallery would miss it",
            file=sys.stderr,
        )
        return 2
    if not CHROMIUM.exists():
        print(f"no chromium at {CHROMIUM}: apt-get install chromium", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    args.gallery.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with (
        tempfile.TemporaryDirectory(prefix="hippodrome-shots-") as tmp,
        serve(Path(tmp) / "hippodrome.db", args.seed) as server,
        sync_playwright() as driver,
    ):
        browser = driver.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        studio = Studio(server, browser, args.out, args.gallery)
        try:
            for name, scene in SCENES.items():
                if args.only and name not in args.only:
                    continue
                scene(studio)
        finally:
            browser.close()
    for path in studio.written:
        print(
            f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
            f"{path.stat().st_size // 1024} KiB"
        )
    print(f"{len(studio.written)} pictures in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
