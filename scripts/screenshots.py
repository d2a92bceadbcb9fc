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
from playwright.sync_api import sync_playwright

from hippodrome.games import playable_ids
from hippodrome.server import service
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
        self, game: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        response = self.http.post(
            "/api/tables", json={"game": game, "options": options or {}, "seats": seats}
        )
        if response.status_code != 201:
            raise SystemExit(f"POST /api/tables refused {game}: {response.text}")
        body: dict[str, Any] = response.json()
        return body

    def table(self, table_id: str) -> dict[str, Any]:
        body: dict[str, Any] = self.http.get(f"/api/tables/{table_id}").json()
        return body


@contextmanager
def serve(db: Path, seed: str) -> Iterator[Server]:
    """The real app on a free port of 127.0.0.1, its tables drawn from `seed`."""
    service.secrets = SeededSecrets(seed)  # type: ignore[attr-defined,assignment]
    settings = Settings(db_url=f"sqlite:///{db}", bot_delay=0.0, bot_processes=0)
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


SHOTS = [
    Shot("lobby.png", "the lobby: the games, the form to create a table, the tables"),
    Shot("royal_turf.png", "Royal Turf in the middle of a race, in English"),
    Shot("royal_steeple_chase.png", "Royal Steeple Chase: a hand and the course, in French"),
    Shot("toques_et_casques.png", "Toques et Casques: a gallop race with hurdles, in English"),
    Shot("toques_et_casques-fr.png", "Toques et Casques: the same race, in French"),
    Shot("ascot.png", "Ascot: the six-lane race course, a horse's squares to choose, in English"),
    Shot("result.png", "a finished game's result, in French"),
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
        try:
            phone.goto(seat.page.url)
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
    "lobby": Studio.lobby,
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
