"""Load test of the web server: many live tables, websocket spectators, and memory.

    python scripts/load_test.py --tables 200 --spectators 50 --seconds 30 [--json]

Everything runs against a real ``hippodrome serve`` process on a fresh SQLite file (or ``--db URL``),
from the outside, as clients would: HTTP to create and poll tables, websockets to watch and play.
Two phases, each with its own server process on the same database:

1. **Storage.** A server with no bot delay plays ``--finished`` Royal Turf tables of two random bots to the end
   (at most ``--fill-concurrency`` at a time) and stores them. Reported: the server's unthrottled
   action rate (its capacity when nobody waits), and its resident memory (VmRSS from
   ``/proc/<pid>/status``) before and after.
2. **Live.** Servers with ``--bot-delay`` (0.5 s by default), every limit on (``--nginx``: behind
   Debian's nginx configured as docs/deploy.md says, the servers trusting it), run ``--tables`` tables
   at once: bot-only tables (three ``--bot`` bots), plus ``--probes`` of them where this script plays
   one seat itself (a human seat answering at once, against two random bots) while the
   ``--spectators`` websocket spectators watch those probe tables (``--crowd`` of them at one). Every
   client comes from an address of its own (127.1.0.1, 127.1.0.2, ...), as a real crowd does, so
   the limits per address count it alone. ``--talkers`` bot tables have a spectator saying a chat
   line at the allowed rate, as do ``--crowd-talkers`` of the crowd; logins (``--logins-per-second``,
   each from a new address) and replays of finished games (``--replays-per-second``) are offered at
   a fixed rate whatever the answers, with another request (``GET /api/games``) every
   ``--ping-every`` seconds. The tables are created evenly over ``--ramp`` seconds, and a finished
   table is replaced by a new one, so the count stays up. Measured over ``--seconds``, after
   ``--warmup`` (the pings of the warm-up, before any login or replay, are the baseline):

   - actions per second (no "ideal" rate: bots and chance take several steps a turn, and a step
     waits ``step_delay`` or ``bot_delay``);
   - for every probe action acknowledged in the window, when each client of its table (the player
     and every spectator who joined) was first shown its version or a later one: to the player's own
     update, to the last client; a client never shown it within ``--grace`` seconds of the window's
     end is a missing delivery (the percentiles count it, as never arriving);
   - every chat line said in the window: back to its talker, and to every spectator of its table;
   - the logins, replays and pings offered against those answered (a server that falls behind
     leaves them unanswered, or answers late), and what a login or a replay in flight costs a
     ping against the baseline;
   - the servers', nginx's and this script's CPU, its own loop lag, the servers' memory.

   It fails (exit 1) when a check fails: a delivery or a chat line missing, a client refused or
   failed, an offered request unanswered or refused, or past ``--max-p99-ms`` (action to the last
   client) or ``--max-delay-ms`` (a login or a replay delaying a ping, at p99).

``--fresh-db`` plays on a PostgreSQL database of the run's own, dropped at its end; with ``--redis``
the servers use a namespace of the run's own, whose keys are removed at its end.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from hippodrome.engine.types import CHANCE

GAME = "royal_turf"
FILL_SEATS = [{"kind": "bot", "bot": "random"}] * 2
"""The storage phase's tables: two random bots, the cheapest whole game (the heuristic bot's betting
simulations would dominate the time)."""
PROBE_SEATS = [{"kind": "human", "name": "probe"}, *([{"kind": "bot", "bot": "random"}] * 2)]
"""A probe table: this script plays the human seat; two random bots, so the probe's own bots add no
betting simulations of their own to what is measured."""


# -- the server process ---------------------------------------------------------------------------

UNLIMITED = {
    f"HIPPODROME_{name}": "0"
    for name in ("TABLES_PER_ADDRESS", "WS_PER_ADDRESS", "WS_PER_TABLE", "WS_MESSAGES_PER_SECOND")
}
"""The storage and fault phases are one client from one address: their limits per address are
lifted. The live phase keeps every limit, its clients spread over addresses as a crowd is."""
DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy.md"
LOAD_PASSWORD = "a load test's password"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``hippodrome serve`` as a child process, with its memory and CPU read from ``/proc``."""

    def __init__(
        self,
        db_url: str,
        bot_delay: float,
        log: Path,
        redis: str | None = None,
        *,
        port: int | None = None,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
        limits: bool = False,
    ) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        with log.open("ab") as sink:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "from hippodrome.cli import main; main()",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--db",
                    db_url,
                    "--bot-delay",
                    str(bot_delay),
                    *(["--redis", redis] if redis else []),
                    *(args or []),
                ],
                stdout=sink,
                stderr=sink,
                env={**os.environ, **({} if limits else UNLIMITED), **(env or {})},
            )

    async def ready(self, http: httpx.AsyncClient, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server exited at start; see {self.log}")
            with contextlib.suppress(httpx.TransportError):
                if (await http.get(f"{self.url}/api/games")).is_success:
                    return
            await asyncio.sleep(0.1)
        raise SystemExit(f"the server did not answer within {timeout:.0f} s; see {self.log}")

    def rss_mib(self) -> float:
        """Resident memory (VmRSS) in MiB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return math.nan

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


async def create_table(
    http: httpx.AsyncClient, url: str, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    response = await http.post(f"{url}/api/tables", json={"game": GAME, "seats": seats})
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


async def versions(
    http: httpx.AsyncClient, url: str, ids: list[str]
) -> dict[str, tuple[int, str, float]]:
    """Each table's (version, status, time read), 20 requests at a time."""
    gate = asyncio.Semaphore(20)

    async def one(table_id: str) -> tuple[str, tuple[int, str, float]]:
        async with gate:
            body = (await http.get(f"{url}/api/tables/{table_id}")).json()
            return table_id, (int(body["version"]), str(body["status"]), time.monotonic())

    return dict(await asyncio.gather(*(one(i) for i in ids)))


async def stored_versions(store: Store, ids: list[str]) -> dict[str, tuple[int, str, float]]:
    """Each table's (version, status, time read), read from the store in one query (the live
    phase does not load the servers with its own bookkeeping)."""
    read = await asyncio.to_thread(store.tables, ids)
    now = time.monotonic()
    return {t: (v, s, now) for t, (v, s) in read.items()}


def own_cpu_seconds() -> float:
    """This script's own CPU time so far (user + system), to tell its share of the machine."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def quantiles(values: list[float]) -> dict[str, float | int | None]:
    """Count, p50, p90, p99 and max (in milliseconds). An infinite value is a sample that never
    came (an action a client never received): it counts, as ``missing``, and a percentile that
    falls on one is None."""
    if not values:
        return {"n": 0, "missing": 0, "p50": None, "p90": None, "p99": None, "max": None}
    ordered = sorted(values)

    def at(q: float) -> float | None:
        value = ordered[min(len(ordered) - 1, int(q * len(ordered)))]
        return None if math.isinf(value) else round(value * 1000, 2)

    return {
        "n": len(ordered),
        "missing": sum(1 for v in ordered if math.isinf(v)),
        "p50": at(0.50),
        "p90": at(0.90),
        "p99": at(0.99),
        "max": at(1.0),
    }


# -- phase 1: finished tables stored --------------------------------------------------------------


async def storage_phase(args: argparse.Namespace, db_url: str, log: Path) -> dict[str, Any]:
    server = ServerProcess(db_url, 0.0, log)
    try:
        async with httpx.AsyncClient(trust_env=False, timeout=60.0) as http:
            await server.ready(http)
            await asyncio.sleep(0.5)
            rss_idle = server.rss_mib()
            started, cpu_start = time.monotonic(), server.cpu_seconds()
            created: list[str] = []
            running: set[str] = set()
            # The running list answers at most 100 rows: keep at most that many tables in play so one
            # request tells which have finished.
            limit = min(args.fill_concurrency, 100)
            while len(created) < args.finished or running:
                while len(running) < limit and len(created) < args.finished:
                    table = await create_table(http, server.url, FILL_SEATS)
                    created.append(table["id"])
                    running.add(table["id"])
                await asyncio.sleep(0.2)
                listed = (await http.get(f"{server.url}/api/tables?status=running")).json()
                running &= {t["id"] for t in listed}
            seconds = time.monotonic() - started
            cpu = server.cpu_seconds() - cpu_start
            await asyncio.sleep(0.5)
            rss_after = server.rss_mib()
            final = await versions(http, server.url, created)
            rss_after_reads = server.rss_mib()
    finally:
        server.stop()
    args.finished_ids = [t for t, (_, s, _) in final.items() if s == "finished"]
    """The live phase asks for these games' replays (a crowd looking at past games)."""
    actions = sum(v for v, _, _ in final.values())
    return {
        "tables_finished": sum(1 for _, s, _ in final.values() if s == "finished"),
        "actions": actions,
        "seconds": round(seconds, 2),
        "actions_per_second": round(actions / seconds, 1),
        "server_cpu_percent": round(100 * cpu / seconds, 1),
        "rss_mib_idle": round(rss_idle, 1),
        "rss_mib_after": round(rss_after, 1),
        "rss_mib_after_reading_all_back": round(rss_after_reads, 1),
    }


# -- phase 2: live tables, spectators, probes, chat, logins and replays ---------------------------


class Addresses:
    """The client addresses of a crowd: 127.1.0.1, 127.1.0.2, ... (every 127.x.y.z is this
    machine's), one per client, as a real crowd has; the limits per address stay on."""

    def __init__(self) -> None:
        self.count = 0

    def next(self) -> str:
        n = self.count
        self.count += 1
        return f"127.{1 + n // 62500}.{(n // 250) % 250}.{n % 250 + 1}"


NO_TLS = ssl.create_default_context()
"""One TLS context for every client (the URLs are plain HTTP): making one per client would load
the certificates each time, holding this script's loop."""


def http_from(address: str, timeout: float = 60.0) -> httpx.AsyncClient:
    """An HTTP client whose connections leave from ``address``."""
    return httpx.AsyncClient(
        transport=httpx.AsyncHTTPTransport(local_address=address, verify=NO_TLS),
        trust_env=False,
        timeout=timeout,
        headers={"X-Hippodrome": "1"},
    )


@dataclass
class Seen:
    """One client of a watched table: each new highest version it was shown, and when."""

    versions: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def note(self, version: int, at: float) -> None:
        if not self.versions or version > self.versions[-1]:
            self.versions.append(version)
            self.times.append(at)

    def first_at_or_after(self, version: int) -> float | None:
        """When it was first shown ``version`` or a later one (None: never)."""
        i = bisect.bisect_left(self.versions, version)
        return self.times[i] if i < len(self.versions) else None


@dataclass
class Stream:
    """Requests offered at a fixed rate whatever the answers (logins, replays, pings): each one's
    start, end (None: unanswered) and status."""

    name: str
    calls: list[tuple[float, float | None, int | str]] = field(default_factory=list)

    async def call(self, request: Any) -> None:
        start = time.monotonic()
        index = len(self.calls)
        self.calls.append((start, None, 0))
        status: int | str
        try:
            status = await request()
        except (httpx.HTTPError, OSError) as exc:
            status = exc.__class__.__name__
        self.calls[index] = (start, time.monotonic(), status)


@dataclass
class Live:
    """What the live phase's clients observe."""

    front: list[str]
    """The URLs clients connect to: nginx's, or the server processes' (spread evenly)."""
    servers: list[ServerProcess]
    http: httpx.AsyncClient
    addresses: Addresses
    creators: list[httpx.AsyncClient]
    spectators_per_table: int
    bot_seats: list[dict[str, Any]]
    chat_every: float
    crowd: int = 0
    """Spectators at the first probe table instead of ``spectators_per_table``."""
    crowd_talkers: int = 0
    crowd_table: str | None = None
    created_count: int = 0
    window: tuple[float, float] = (math.inf, math.inf)
    stopping: bool = False
    tables: dict[str, float] = field(default_factory=dict)
    """Every table of the phase, with the time it was created."""
    bot_tables: set[str] = field(default_factory=set)
    replaceable: set[str] = field(default_factory=set)
    """Bot-only tables not yet seen finished."""
    finished: list[str] = field(default_factory=list)
    """Tables of the phase seen finished (their replays are asked for)."""
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    """When the probe seat sent the action that makes (table, version), once acknowledged."""
    refused: int = 0
    clients: dict[str, list[Seen]] = field(default_factory=dict)
    """Every client of a watched table that joined it (the player first)."""
    said: dict[str, tuple[str, float]] = field(default_factory=dict)
    """Every chat line said: its table, and when."""
    heard: dict[str, list[tuple[float, set[str]]]] = field(default_factory=dict)
    """Per table, what each listening spectator heard (line texts), with when it joined."""
    echoed: dict[str, float] = field(default_factory=dict)
    """When each line came back to the talker who said it."""
    messages: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    spectators_connected: int = 0

    def in_window(self, t: float) -> bool:
        return self.window[0] <= t <= self.window[1]

    def url(self, i: int) -> str:
        return self.front[i % len(self.front)]

    def ws(self, i: int, table_id: str) -> str:
        return self.url(i).replace("http", "ws", 1) + f"/ws/tables/{table_id}"

    async def create(self, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """A new table, by the next of the creators (each its own address)."""
        self.created_count += 1
        creator = self.creators[self.created_count % len(self.creators)]
        try:
            return await create_table(creator, self.url(self.created_count), seats)
        except httpx.HTTPStatusError as exc:
            self.errors[f"table creation: {exc.response.status_code}"] += 1
            raise
        except httpx.HTTPError as exc:
            self.errors[f"table creation: {exc.__class__.__name__}"] += 1
            raise


STATE_HEAD = re.compile(
    r'\{"type":"state","table":"[^"]*","game":"[^"]*","version":(\d+),"status":"(\w+)"'
)
"""What a spectator reads of a state: its version and status, at the head of the message (the
server writes them first), without decoding the rest: 1,000 spectators decoding every state would
make this script, not the server, what is measured."""
OPEN_TIMEOUT = 60.0
"""Seconds a client waits for its websocket to open (a browser waits on): longer is a failure."""
CHAT_TEXT = re.compile(r'"text":"(said-[0-9-]+)"')


async def watch(
    live: Live, table_id: str, ready: asyncio.Event, i: int, talker: int | None = None
) -> None:
    """One spectator from an address of its own: records when each new version of the table
    arrives and the chat lines it hears, until the game ends; a talker also says a line every
    ``chat_every`` seconds (the allowed rate)."""
    seen = Seen()
    heard: set[str] = set()
    try:
        async with connect(
            live.ws(i, table_id),
            proxy=None,
            max_size=2**24,
            local_addr=(live.addresses.next(), 0),
            open_timeout=OPEN_TIMEOUT,
        ) as ws:
            await ws.send(json.dumps({"type": "join", "token": None}))
            saying = None
            try:
                async for raw in ws:
                    now = time.monotonic()
                    live.messages += 1
                    text = raw if isinstance(raw, str) else raw.decode()
                    head = STATE_HEAD.match(text)
                    if head is not None:
                        if not seen.versions:
                            live.spectators_connected += 1
                            live.clients.setdefault(table_id, []).append(seen)
                            live.heard.setdefault(table_id, []).append((now, heard))
                            ready.set()
                            if talker is not None:
                                saying = asyncio.create_task(talk(live, ws, table_id, talker))
                        seen.note(int(head[1]), now)
                        if head[2] == "finished" or live.stopping:
                            return
                    elif text.startswith('{"type":"chat"'):
                        for line in CHAT_TEXT.findall(text):
                            heard.add(line)
                            if line.startswith(f"said-{talker}-"):
                                live.echoed.setdefault(line, now)
                    elif text.startswith('{"type":"error"'):
                        live.errors[json.loads(text).get("key", "error")] += 1
            finally:
                if seen.versions:
                    live.spectators_connected -= 1
                if saying is not None:
                    saying.cancel()
    except (OSError, TimeoutError, WebSocketException) as exc:
        live.errors[f"spectator: {exc.__class__.__name__}"] += 1
    finally:
        ready.set()  # a spectator that never joined is counted as an error, not waited for


async def talk(live: Live, ws: ClientConnection, table_id: str, talker: int) -> None:
    """A spectator talking at the allowed rate: a line every ``chat_every`` seconds, the first
    at a random offset so that the talkers do not all speak at once."""
    await asyncio.sleep(random.uniform(0, live.chat_every))
    n = 0
    with contextlib.suppress(ConnectionClosed):
        while not live.stopping:
            n += 1
            text = f"said-{talker}-{n}"
            live.said[text] = (table_id, time.monotonic())
            await ws.send(json.dumps({"type": "say", "text": text, "name": f"talker {talker}"}))
            await asyncio.sleep(live.chat_every)


async def probe(live: Live, delay: float, first_talker: int) -> None:
    """A probe table: this script plays its human seat at once while spectators watch it."""
    await asyncio.sleep(delay)
    while not live.stopping:
        try:
            table = await live.create(PROBE_SEATS)
        except httpx.HTTPError:
            await asyncio.sleep(1.0)  # counted among the errors; tried again
            continue
        table_id, token = table["id"], table["seats"][0]["token"]
        live.tables[table_id] = time.monotonic()
        count, talkers = live.spectators_per_table, 0
        if live.crowd and live.crowd_table is None:
            live.crowd_table, count, talkers = table_id, live.crowd, live.crowd_talkers
        readies = [asyncio.Event() for _ in range(count)]
        watchers = [
            asyncio.create_task(
                watch(live, table_id, r, i, first_talker + i if i < talkers else None)
            )
            for i, r in enumerate(readies)
        ]
        # Every spectator is in before the player joins, which starts the game; after 60 s the
        # game starts anyway (one joining later counts from the action to his joining state).
        try:
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=60)
        except TimeoutError:
            live.errors["spectators not in after 60 s"] += 1
        own = Seen()
        live.clients.setdefault(table_id, []).insert(0, own)
        async with connect(
            live.ws(live.created_count, table_id),
            proxy=None,
            max_size=2**24,
            local_addr=(live.addresses.next(), 0),
            open_timeout=OPEN_TIMEOUT,
        ) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            acted, pending = -1, None
            async for raw in ws:
                now = time.monotonic()
                message = json.loads(raw)
                live.messages += 1
                if message["type"] in ("error", "stale"):
                    if message["type"] == "error":
                        live.errors[message["key"]] += 1
                    if pending is not None:
                        live.refused += 1
                        pending = None
                if message["type"] != "state":
                    continue
                version = message["version"]
                own.note(version, now)
                if pending is not None and version >= pending[0]:
                    live.sent[(table_id, pending[0])] = pending[1]  # acknowledged
                    pending = None
                if message["status"] == "finished" or live.stopping:
                    break
                if version > acted and (message["can_roll"] or message["legal"]):
                    acted = version
                    if message["can_roll"]:
                        reply = {"type": "roll", "version": version}
                    else:
                        reply = {
                            "type": "act",
                            "action": message["legal"][0]["notation"],
                            "version": version,
                        }
                    pending = (version + 1, time.monotonic())
                    await ws.send(json.dumps(reply))
        for task in watchers:
            task.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)


async def bot_table(live: Live, talker: int | None) -> None:
    """A bot-only table; with a ``talker`` (a spectator saying a line at the allowed rate), a new
    one each time the last one finishes (without, :func:`replace_finished` replaces it)."""
    while not live.stopping:
        try:
            table = await live.create(live.bot_seats)
        except httpx.HTTPError:
            return  # counted among the errors
        live.tables[table["id"]] = time.monotonic()
        live.bot_tables.add(table["id"])
        if talker is None:
            live.replaceable.add(table["id"])
            return
        await watch(live, table["id"], asyncio.Event(), talker, talker)
        live.finished.append(table["id"])
        await asyncio.sleep(1.0)  # no loop of new tables if its talker could not connect


async def replace_finished(live: Live, store: Store, tasks: list[asyncio.Task[None]]) -> None:
    """Keep the number of bot tables up: a finished one without a talker is replaced."""
    while not live.stopping:
        await asyncio.sleep(1.0)
        stored = await asyncio.to_thread(store.tables, list(live.replaceable))
        for table_id, (_, status) in stored.items():
            if status == "finished":
                live.replaceable.discard(table_id)
                live.finished.append(table_id)
                tasks.append(asyncio.create_task(bot_table(live, None)))


async def offered(
    stream: Stream, every: float, request: Any, stop: asyncio.Event, tasks: set[Any]
) -> None:
    """Offer ``request`` every ``every`` seconds, whatever the answers (an open loop: a server that
    falls behind shows as answers coming late, or not at all)."""
    if every <= 0:
        return
    next_at = time.monotonic() + random.uniform(0, every)
    while not stop.is_set():
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        next_at += every
        task = asyncio.create_task(stream.call(request))
        tasks.add(task)
        task.add_done_callback(tasks.discard)


async def loop_lag(samples: list[float], stop: asyncio.Event) -> None:
    """This script's own event-loop lag: how late a 50 ms sleep wakes up."""
    while not stop.is_set():
        before = time.monotonic()
        await asyncio.sleep(0.05)
        samples.append(time.monotonic() - before - 0.05)


def nginx_config(ports: list[int], listen: int, home: Path) -> str:
    """docs/deploy.md's nginx site (its one ``nginx`` block) in front of ``ports``, listening on
    127.0.0.1:``listen``, in a whole configuration of its own directory."""
    blocks = re.findall(r"```nginx\n(.*?)```", DEPLOY.read_text(), flags=re.DOTALL)
    if len(blocks) != 1:
        raise SystemExit("docs/deploy.md should show one nginx configuration")
    lines = re.findall(r" *server 127\.0\.0\.1:\d+;\n", blocks[0])
    upstreams = "".join(f"    server 127.0.0.1:{port};\n" for port in ports)
    site = blocks[0].replace(lines[0], upstreams, 1)
    for line in lines[1:]:
        site = site.replace(line, "", 1)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{listen} backlog=4096;", 1)
    temps = "".join(
        f"{kind}_temp_path {home / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"pid {home / 'nginx.pid'};\nerror_log {home / 'error.log'} warn;\n"
        "worker_processes 1;\nworker_rlimit_nofile 20000;\n"
        "events { worker_connections 8192; }\n"
        f"http {{\naccess_log off;\n{temps}{site}}}\n"
    )


class Nginx:
    """Debian's nginx in front of the server processes, as docs/deploy.md configures it."""

    def __init__(self, ports: list[int], home: Path) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        home.mkdir(parents=True, exist_ok=True)
        home.chmod(0o755)
        (home / "nginx.conf").write_text(nginx_config(ports, self.port, home))
        self.process = subprocess.Popen(
            [
                binary,
                "-p",
                str(home),
                "-e",
                str(home / "error.log"),
                "-c",
                str(home / "nginx.conf"),
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=(home / "stderr.log").open("wb"),
        )
        self.home = home

    async def ready(self, http: httpx.AsyncClient) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"nginx exited at start; see {self.home / 'error.log'}")
            with contextlib.suppress(httpx.TransportError):
                if (await http.get(f"{self.url}/api/games")).is_success:
                    return
            await asyncio.sleep(0.1)
        raise SystemExit("nginx did not answer within 30 s")

    def cpu_seconds(self) -> float:
        total = 0.0
        for pid in [self.process.pid, *children(self.process.pid)]:
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def delivery(live: Live, grace_end: float) -> dict[str, Any]:
    """Every acknowledged probe action sent in the window, checked at every client of its table
    (the player and every spectator who joined): when the last one was shown it, or missing.
    Chat lines said in the window, checked at the talker (echo) and at every spectator of the
    table."""
    own: list[float] = []
    last: list[float] = []
    crowd_last: list[float] = []
    missing = crowd_missing = expected = 0
    for (table_id, version), sent in live.sent.items():
        if not live.in_window(sent):
            continue
        clients = live.clients.get(table_id, [])
        times = [c.first_at_or_after(version) for c in clients]
        got = [t for t in times if t is not None and t <= grace_end]
        expected += len(clients)
        lost = len(clients) - len(got)
        if clients and times[0] is not None:
            own.append(times[0] - sent)  # the player's own connection comes first
        worst = math.inf if lost else max(got) - sent
        if table_id == live.crowd_table:
            crowd_missing += lost
            crowd_last.append(worst)
        else:
            missing += lost
            last.append(worst)
    said = [(text, table, at) for text, (table, at) in live.said.items() if live.in_window(at)]
    unechoed = [text for text, _, _ in said if text not in live.echoed]
    echo = [live.echoed[text] - at for text, _, at in said if text in live.echoed]
    chat_missing = 0
    chat_expected = 0
    for text, table, at in said:
        for joined, heard in live.heard.get(table, []):
            if joined <= at:  # a line said before one joined is in its history only if recent
                chat_expected += 1
                chat_missing += text not in heard
    return {
        "probe_actions_acknowledged": len(last) + len(crowd_last),
        "deliveries_expected": expected,
        "deliveries_missing": missing + crowd_missing,
        "latency_ms_action_to_own_update": quantiles(own),
        "latency_ms_action_to_last_client": quantiles(last),
        "latency_ms_action_to_last_client_of_the_crowd": quantiles(crowd_last),
        "chat_lines_said": len(said),
        "chat_lines_not_echoed": len(unechoed),
        "chat_deliveries_expected": chat_expected,
        "chat_deliveries_missing": chat_missing,
        "latency_ms_chat_echo": quantiles(echo),
    }


def stream_summary(stream: Stream, window: tuple[float, float]) -> dict[str, Any]:
    """A stream's requests offered in the window: how many, answered how, and how fast."""
    calls = [c for c in stream.calls if window[0] <= c[0] <= window[1]]
    answered = [c for c in calls if c[1] is not None]
    seconds = window[1] - window[0]
    return {
        "offered": len(calls),
        "offered_per_second": round(len(calls) / seconds, 2),
        "answered": len(answered),
        "unanswered": len(calls) - len(answered),
        "statuses": dict(Counter(str(c[2]) for c in answered)),
        "latency_ms": quantiles([c[1] - c[0] for c in answered if c[1] is not None]),
    }


def delays(
    pings: Stream, slow: list[Stream], window: tuple[float, float], before: tuple[float, float]
) -> dict[str, Any]:
    """What logins and replays cost other requests: the pings of the window sent while one was in
    flight, against those sent ``before`` the window (the same play, no login nor replay)."""
    busy = sorted((s, e if e is not None else math.inf) for st in slow for s, e, _ in st.calls)
    during: list[float] = []
    quiet: list[float] = []
    for start, end, _ in pings.calls:
        took = (end if end is not None else math.inf) - start
        if before[0] <= start <= before[1]:
            quiet.append(took)
        elif window[0] <= start <= window[1] and any(s <= start < e for s, e in busy):
            during.append(took)
    during_q, quiet_q = quantiles(during), quantiles(quiet)
    base = quiet_q["p50"] or 0.0
    return {
        "pings_while_a_login_or_replay_ran": during_q,
        "pings_before_any_login_or_replay": quiet_q,
        "delay_ms_p99": None if during_q["p99"] is None else round(during_q["p99"] - base, 2),
        "delay_ms_max": None if during_q["max"] is None else round(during_q["max"] - base, 2),
    }


async def live_phase(args: argparse.Namespace, db_url: str, log: Path, tmp: Path) -> dict[str, Any]:
    namespace = f"hippodrome-load-{os.getpid()}-{int(time.time())}"
    proxies = ["--trusted-proxies", "127.0.0.1"] if args.nginx else []
    env = {"HIPPODROME_REDIS_NAMESPACE": namespace, **dict(kv.split("=", 1) for kv in args.env)}
    servers = [
        ServerProcess(db_url, args.bot_delay, log, args.redis, env=env, args=proxies, limits=True)
        for _ in range(args.workers)
    ]
    nginx = Nginx([s.port for s in servers], tmp / "nginx") if args.nginx else None
    front = [nginx.url] if nginx else [s.url for s in servers]
    store = Store(db_url)
    addresses = Addresses()
    creators = [http_from(addresses.next()) for _ in range(args.creators)]
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    background: list[asyncio.Task[None]] = []
    try:
        async with httpx.AsyncClient(trust_env=False, timeout=60.0, limits=limits) as http:
            for one in servers:
                await one.ready(http)
            if nginx is not None:
                await nginx.ready(http)
            await asyncio.sleep(0.5)
            rss_start = [one.rss_mib() for one in servers]
            probes = min(args.probes, args.tables)
            spread = args.spectators - args.crowd
            per_table = (
                math.ceil(spread / max(1, probes - (1 if args.crowd else 0))) if probes else 0
            )
            bot_seats = [{"kind": "bot", "bot": args.bot}] * 3  # a live bot-only table
            chat_every = 60.0 / args.chat_per_minute if args.chat_per_minute > 0 else math.inf
            live = Live(
                front, servers, http, addresses, creators, per_table, bot_seats, chat_every,
                crowd=args.crowd, crowd_talkers=args.crowd_talkers,
            )  # fmt: skip
            # Accounts for the logins, each signed up from an address of its own.
            accounts = [f"load{os.getpid()}x{i}" for i in range(args.accounts)]
            for name in accounts:
                async with http_from(addresses.next()) as one_client:
                    answer = await one_client.post(
                        f"{live.url(0)}/api/account/signup",
                        json={"name": name, "password": LOAD_PASSWORD},
                    )
                    if answer.status_code != 201:
                        raise SystemExit(f"sign-up refused: {answer.text}")

            n_bot = args.tables - probes
            talking = min(args.talkers, n_bot)

            async def one_bot_table(i: int) -> None:
                await asyncio.sleep(args.ramp * i / max(1, n_bot))
                background.append(
                    asyncio.create_task(bot_table(live, 1000 + i if i < talking else None))
                )

            created = time.monotonic()
            probe_tasks = [
                asyncio.create_task(probe(live, args.ramp * i / max(1, probes), 100000 * (i + 1)))
                for i in range(probes)
            ]
            await asyncio.gather(*(one_bot_table(i) for i in range(n_bot)))
            replacer = asyncio.create_task(replace_finished(live, store, background))
            lag: list[float] = []
            stop = asyncio.Event()
            lagger = asyncio.create_task(loop_lag(lag, stop))
            creation_seconds = time.monotonic() - created
            # The open-loop streams: logins, replays, and the pings that show what they cost.
            in_flight: set[Any] = set()
            logins, replays_asked, pings = Stream("logins"), Stream("replays"), Stream("pings")
            pinger = http_from(addresses.next(), timeout=30.0)

            async def log_in() -> int:
                async with http_from(addresses.next()) as one_client:
                    body = {"name": random.choice(accounts), "password": LOAD_PASSWORD}
                    url = live.url(random.randrange(len(front)))
                    return (
                        await one_client.post(f"{url}/api/account/login", json=body)
                    ).status_code

            async def replay() -> int:
                pool = [*live.finished, *args.finished_ids]
                if not pool:
                    return 0  # nothing finished to replay yet: counted as not served
                async with http_from(addresses.next()) as one_client:
                    url = live.url(random.randrange(len(front)))
                    table_id = random.choice(pool)
                    return (await one_client.get(f"{url}/api/tables/{table_id}/replay")).status_code

            async def ping() -> int:
                url = live.url(random.randrange(len(front)))
                return (await pinger.get(f"{url}/api/games")).status_code

            # The pings start with the warm-up: those before the window, when no login nor replay
            # runs, are the baseline of what the play alone costs a request.
            streams = [asyncio.create_task(offered(pings, args.ping_every, ping, stop, in_flight))]
            quiet_from = time.monotonic()
            await asyncio.sleep(args.warmup)
            quiet_to = time.monotonic()
            streams += [
                asyncio.create_task(offered(stream, 1 / rate, request, stop, in_flight))
                for stream, rate, request in (
                    (logins, args.logins_per_second, log_in),
                    (replays_asked, args.replays_per_second, replay),
                )
                if rate > 0
            ]

            start = await stored_versions(store, list(live.tables))
            t0 = time.monotonic()
            cpu0 = sum(one.cpu_seconds() for one in servers)
            nginx0 = nginx.cpu_seconds() if nginx else 0.0
            own0 = own_cpu_seconds()
            live.window = (t0, math.inf)
            rss_samples: list[list[float]] = []
            while time.monotonic() - t0 < args.seconds:
                await asyncio.sleep(1.0)
                rss_samples.append([one.rss_mib() for one in servers])
            t1 = time.monotonic()
            cpu1 = sum(one.cpu_seconds() for one in servers)
            nginx1 = nginx.cpu_seconds() if nginx else 0.0
            own1 = own_cpu_seconds()
            live.window = (t0, t1)
            stop.set()
            end = await stored_versions(store, list(live.tables))
            spectators = live.spectators_connected
            # Whatever was sent in the window has ``--grace`` seconds more to arrive.
            await asyncio.sleep(args.grace)
            grace_end = time.monotonic()
            live.stopping = True
            for task in [*probe_tasks, replacer, lagger, *background]:
                task.cancel()
            for task in streams:
                task.cancel()
            for task in list(in_flight):
                task.cancel()
            await asyncio.gather(
                *probe_tasks,
                *(replacer, lagger),
                *background,
                *streams,
                *in_flight,
                return_exceptions=True,
            )
            await pinger.aclose()
            # Every client is gone: the memory the connections held should come back.
            await asyncio.sleep(5.0)
            rss_after = [one.rss_mib() for one in servers]
    finally:
        for client in creators:
            await client.aclose()
        for one in servers:
            one.stop()
        if nginx is not None:
            nginx.stop()
        store.engine.dispose()
        if args.redis:
            forget_namespace(args.redis, namespace)

    window = t1 - t0

    def played(table_id: str) -> float:
        """The table's actions in the window. Each table is read at its own instant at the start
        and at the end; a table read at both is scaled from its own interval to the window."""
        version, _, read = end[table_id]
        if table_id not in start:
            return version  # created during the window
        before, _, read_before = start[table_id]
        return (version - before) * window / (read - read_before)

    actions = sum(played(i) for i in end)
    bot_actions = sum(played(i) for i in end if i in live.bot_tables)
    running_bot_tables = sum(
        1 for i, (_, s, _) in end.items() if i in live.bot_tables and s == "running"
    )
    result = {
        "front": "nginx" if nginx else "direct",
        "tables": args.tables,
        "bot_tables": args.tables - probes,
        "probe_tables": probes,
        "spectators": spectators,
        "spectators_per_probe_table": per_table,
        "crowd": args.crowd,
        "talkers": talking,
        "crowd_talkers": args.crowd_talkers,
        "chat_lines_per_minute_each": args.chat_per_minute,
        "client_addresses": addresses.count,
        "bot": args.bot,
        "bot_delay": args.bot_delay,
        "ramp_seconds": args.ramp,
        "seconds": round(window, 2),
        "table_creation_seconds": round(creation_seconds, 2),
        "tables_created_in_all": len(live.tables),
        "bot_tables_running_at_end": running_bot_tables,
        "actions_per_second": round(actions / window, 1),
        "bot_table_actions_per_second": round(bot_actions / window, 1),
        "probe_actions_refused": live.refused,
        **delivery(live, grace_end),
        "logins": stream_summary(logins, live.window),
        "replays": stream_summary(replays_asked, live.window),
        "pings": stream_summary(pings, live.window),
        **delays(pings, [logins, replays_asked], live.window, (quiet_from, quiet_to)),
        "client_loop_lag_ms": quantiles(lag),
        "websocket_messages_received": live.messages,
        "errors": dict(live.errors),
        "server_processes": len(servers),
        "server_cpu_percent": round(100 * (cpu1 - cpu0) / window, 1),
        "nginx_cpu_percent": round(100 * (nginx1 - nginx0) / window, 1),
        "client_cpu_percent": round(100 * (own1 - own0) / window, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rss_mib_start": [round(r, 1) for r in rss_start],
        "rss_mib_peak": [round(max(r[i] for r in rss_samples), 1) for i in range(len(servers))],
        "rss_mib_end": [round(r, 1) for r in rss_samples[-1]],
        "rss_mib_after_clients_left": [round(r, 1) for r in rss_after],
    }
    result["checks"] = [{"check": c, "passed": ok} for c, ok in live_verdicts(result, args)]
    result["passed"] = all(c["passed"] for c in result["checks"])
    return result


def live_verdicts(live: dict[str, Any], args: argparse.Namespace) -> list[tuple[str, bool]]:
    """Each check of the live phase: what it asserts, and whether it held."""
    streams = [live[name] for name in ("logins", "replays", "pings")]
    verdicts = [
        (
            "every acknowledged player action reached every client of its table "
            f"({live['deliveries_missing']} deliveries of {live['deliveries_expected']} missing)",
            live["deliveries_missing"] == 0 and live["deliveries_expected"] > 0,
        ),
        (
            "every chat line said came back to its talker and reached every spectator of its "
            f"table ({live['chat_lines_not_echoed']} not echoed, "
            f"{live['chat_deliveries_missing']} of {live['chat_deliveries_expected']} missing)",
            live["chat_lines_not_echoed"] == 0 and live["chat_deliveries_missing"] == 0,
        ),
        (
            "no client refused nor failed (every limit counted per client): "
            + (", ".join(f"{k} x{v}" for k, v in live["errors"].items()) or "none"),
            not live["errors"],
        ),
        (
            "the server kept up with the offered logins, replays and pings (every one answered "
            f"within the window and {args.grace:g} s, none refused): "
            + ", ".join(
                f"{s} {x['answered']}/{x['offered']} {x['statuses']}"
                for s, x in zip(("logins", "replays", "pings"), streams, strict=True)
            ),
            all(x["unanswered"] == 0 and set(x["statuses"]) <= {"200"} for x in streams),
        ),
    ]
    if args.max_p99_ms:
        worst = [
            live["latency_ms_action_to_last_client"]["p99"],
            live["latency_ms_action_to_last_client_of_the_crowd"]["p99"],
        ]
        wanted = worst if args.crowd else worst[:1]  # a figure that never came fails
        verdicts.append(
            (
                f"p99 from a player's action to the last client under {args.max_p99_ms:g} ms "
                f"(tables {worst[0]} ms, the crowd's {worst[1]} ms)",
                all(w is not None and w < args.max_p99_ms for w in wanted),
            )
        )
    if args.max_delay_ms:
        delay = live["delay_ms_p99"]
        verdicts.append(
            (
                f"a login or a replay delays other requests by under {args.max_delay_ms:g} ms "
                f"at p99 (measured {delay} ms, max {live['delay_ms_max']} ms)",
                delay is not None and delay < args.max_delay_ms,
            )
        )
    return verdicts


def forget_namespace(redis_url: str, namespace: str) -> None:
    """Remove what this run's servers left in Redis (their keys, under the run's namespace)."""
    try:
        import redis  # noqa: PLC0415
    except ImportError:
        return
    client = redis.Redis.from_url(redis_url)
    with contextlib.suppress(redis.RedisError):
        keys = list(client.scan_iter(f"{namespace}:*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i : i + 500])
    client.close()


# -- faults: kill -9 of a server process, a Redis restart -----------------------------------------


class OwnRedis:
    """A ``redis-server`` of this run's own, on a free port: the one the machine shares with other
    work is never restarted. Started again on the same port, empty (no snapshot, no log)."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    async def start(self) -> None:
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(
                [
                    *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                    *("--save", "", "--appendonly", "no", "--daemonize", "no"),
                ],
                stdout=sink,
                stderr=sink,
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"redis-server exited at start; see {self.log}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return
            await asyncio.sleep(0.05)
        raise SystemExit(f"redis-server did not answer within 20 s; see {self.log}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Store:
    """What the store holds, read directly (it is the truth the checks compare the clients to)."""

    def __init__(self, db_url: str) -> None:
        import sqlalchemy  # noqa: PLC0415

        self.sql = sqlalchemy
        self.engine = sqlalchemy.create_engine(
            db_url.replace("postgresql://", "postgresql+psycopg://", 1)
        )

    def tables(self, ids: Collection[str]) -> dict[str, tuple[int, str]]:
        """Each table's (version, status)."""
        if not ids:
            return {}
        query = self.sql.text("SELECT id, version, status FROM tables WHERE id IN :ids")
        query = query.bindparams(self.sql.bindparam("ids", expanding=True))
        with self.engine.connect() as conn:
            return {r[0]: (int(r[1]), str(r[2])) for r in conn.execute(query, {"ids": list(ids)})}

    def action_counts(self, ids: Collection[str]) -> dict[str, tuple[int, int, int]]:
        """Each table's stored actions: (count, distinct versions, highest version + 1)."""
        query = self.sql.text(
            "SELECT table_id, count(*), count(DISTINCT seq), coalesce(max(seq) + 1, 0)"
            " FROM actions WHERE table_id IN :ids GROUP BY table_id"
        ).bindparams(self.sql.bindparam("ids", expanding=True))
        with self.engine.connect() as conn:
            rows = conn.execute(query, {"ids": list(ids)})
            return {r[0]: (int(r[1]), int(r[2]), int(r[3])) for r in rows}


@dataclass
class Follower:
    """A spectator of one table that reconnects to the next server process when its own goes,
    as the browser does; every version it is shown, in order."""

    table: str
    first: int
    versions: list[int] = field(default_factory=list)
    final: int | None = None
    reconnections: int = 0


@dataclass
class Faults:
    """The fault run's clients and what they saw."""

    servers: list[ServerProcess]
    http: httpx.AsyncClient
    store: Store
    bot_seats: list[dict[str, Any]]
    spectators_per_table: int
    stopping: bool = False
    draining: bool = False
    tables: dict[str, str] = field(default_factory=dict)
    """Every table of the run: "bot" or "player" (this script plays its first seat)."""
    followers: list[Follower] = field(default_factory=list)
    acknowledged: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    """Per player table, each move this script saw acknowledged: (the version it was sent at, its
    notation, "" for a roll)."""
    player_reconnections: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def ws_url(self, i: int, table_id: str) -> str:
        url = self.servers[i % len(self.servers)].url
        return url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"

    async def create(self, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """A new table, through whichever process answers (one may be dead)."""
        for attempt in range(100):
            server = self.servers[(len(self.tables) + attempt) % len(self.servers)]
            with contextlib.suppress(httpx.TransportError):
                return await create_table(self.http, server.url, seats)
            await asyncio.sleep(0.1)
        raise SystemExit("no server process answered for 10 s")

    async def add_table(self, kind: str) -> None:
        table = await self.create(self.bot_seats if kind == "bot" else PROBE_SEATS)
        table_id = table["id"]
        self.tables[table_id] = kind
        for i in range(self.spectators_per_table):
            follower = Follower(table_id, len(self.tables) + i)
            self.followers.append(follower)
            self.tasks.append(asyncio.create_task(follow(self, follower)))
        if kind == "player":
            token = table["seats"][0]["token"]
            self.tasks.append(asyncio.create_task(play_seat(self, table_id, token)))


RECONNECTING = (OSError, TimeoutError, WebSocketException)
"""What a client that reconnects takes for its server gone (refused, reset, closed, timed out)."""


async def follow(faults: Faults, follower: Follower) -> None:
    i = follower.first
    while not faults.stopping:
        with contextlib.suppress(*RECONNECTING):
            async with connect(faults.ws_url(i, follower.table), proxy=None, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "join", "token": None}))
                async for raw in ws:
                    head = STATE_HEAD.match(raw if isinstance(raw, str) else raw.decode())
                    if head is None:
                        continue
                    follower.versions.append(int(head[1]))
                    if head[2] == "finished":
                        follower.final = int(head[1])
                        return
        follower.reconnections += 1
        i += 1  # the next process
        await asyncio.sleep(0.2)


async def play_seat(faults: Faults, table_id: str, token: str) -> None:
    """This script's seat at a player table: the first legal move (or a roll) at once, through one
    process and, when it goes, the next. A move counts as acknowledged when the same connection
    then shows a later version; one sent just before its process died is left uncounted (the
    client cannot know whether it was stored)."""
    acknowledged = faults.acknowledged.setdefault(table_id, [])
    i = len(faults.tables)
    while not faults.stopping:
        with contextlib.suppress(*RECONNECTING):
            async with connect(faults.ws_url(i, table_id), proxy=None, max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "join", "token": token}))
                sent: tuple[int, str] | None = None
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] in ("stale", "error"):
                        faults.refusals[message.get("key", message["type"])] += 1
                        sent = None  # not played: the next state says what to do
                    if message["type"] != "state":
                        continue
                    if sent is not None and message["version"] > sent[0]:
                        acknowledged.append(sent)
                        sent = None
                    if message["status"] == "finished":
                        return
                    move = None
                    if sent is None and message["can_roll"]:
                        sent, move = (message["version"], ""), {"type": "roll"}
                    elif sent is None and message["legal"]:
                        notation = message["legal"][0]["notation"]
                        sent, move = (message["version"], notation), {"type": "act"}
                        move["action"] = notation
                    if move is not None:
                        await ws.send(json.dumps({**move, "version": message["version"]}))
        faults.player_reconnections += 1
        i += 1
        await asyncio.sleep(0.2)


async def keep_tables_up(faults: Faults) -> None:
    """A finished table is replaced by a new one of its kind, until the run drains."""
    replaced: set[str] = set()
    while not faults.draining:
        await asyncio.sleep(1.0)
        stored = await asyncio.to_thread(faults.store.tables, list(faults.tables))
        for table_id, (_, status) in stored.items():
            if status == "finished" and table_id not in replaced and not faults.draining:
                replaced.add(table_id)
                await faults.add_table(faults.tables[table_id])


async def running_tables(faults: Faults) -> dict[str, int]:
    stored = await asyncio.to_thread(faults.store.tables, list(faults.tables))
    return {t: v for t, (v, s) in stored.items() if s == "running"}


async def until_moved(
    faults: Faults, since: dict[str, int], started: float, timeout: float
) -> dict[str, float]:
    """Wait until each table of ``since`` has a version above it in the store (or has ended):
    the seconds from ``started`` at which each was seen moving; those that never did are left out."""
    moved: dict[str, float] = {}
    deadline = time.monotonic() + timeout
    while len(moved) < len(since) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        waiting = [t for t in since if t not in moved]
        stored = await asyncio.to_thread(faults.store.tables, waiting)
        for table_id in waiting:
            version, status = stored[table_id]
            if version > since[table_id] or status != "running":
                moved[table_id] = time.monotonic() - started
    return moved


def seconds_summary(values: Collection[float]) -> dict[str, float | None]:
    ordered = sorted(values)
    if not ordered:
        return {"p50": None, "max": None}
    return {"p50": round(ordered[len(ordered) // 2], 2), "max": round(ordered[-1], 2)}


async def kill_one(
    faults: Faults, k: int, args: argparse.Namespace, restart: Any
) -> dict[str, Any]:
    """kill -9 of one process (A and B in turn); every running table must move on in the store
    while it is dead, so on the survivor; then it is started again on its port, as a supervisor
    (``hippodrome serve --workers``, systemd) would."""
    victim = k % len(faults.servers)
    process = faults.servers[victim].process
    process.send_signal(signal.SIGKILL)
    await asyncio.to_thread(process.wait)
    killed = time.monotonic()
    running = await running_tables(faults)
    moved = await until_moved(faults, running, killed, args.resume_timeout)
    dead_for = time.monotonic() - killed
    faults.servers[victim] = restart(faults.servers[victim].port)
    await faults.servers[victim].ready(faults.http)
    return {
        "kill": k + 1,
        "process": "AB"[victim],
        "tables_running": len(running),
        "tables_resumed": len(moved),
        "not_resumed": sorted(set(running) - set(moved)),
        "resume_seconds": seconds_summary(moved.values()),
        "dead_seconds": round(dead_for, 2),
    }


async def restart_redis(
    faults: Faults, redis: OwnRedis, args: argparse.Namespace
) -> dict[str, Any]:
    """Redis killed for ``--redis-outage`` seconds and started again, empty: play must resume
    (the leases are taken anew), and every spectator must catch up with the store by version,
    whichever process it watches through (the news between them flows again)."""
    redis.kill()
    down = time.monotonic()
    await asyncio.sleep(args.redis_outage)
    during = await running_tables(faults)
    await redis.start()
    back = time.monotonic()
    moved = await until_moved(faults, during, back, args.resume_timeout)
    # Fan-out: the store's versions now; each spectator of those tables must be shown at least
    # as much (or the end) through its process, within the timeout.
    target = await running_tables(faults)
    caught: dict[int, float] = {}
    watching = [
        (i, f) for i, f in enumerate(faults.followers) if f.table in target and f.final is None
    ]
    deadline = time.monotonic() + args.resume_timeout
    while len(caught) < len(watching) and time.monotonic() < deadline:
        for i, follower in watching:
            seen = follower.versions[-1] if follower.versions else -1
            if i not in caught and (seen >= target[follower.table] or follower.final is not None):
                caught[i] = time.monotonic() - back
        await asyncio.sleep(0.05)
    return {
        "outage_seconds": round(back - down, 2),
        "tables_running": len(during),
        "tables_resumed": len(moved),
        "not_resumed": sorted(set(during) - set(moved)),
        "resume_seconds": seconds_summary(moved.values()),
        "spectators_checked": len(watching),
        "spectators_caught_up": len(caught),
        "catch_up_seconds": seconds_summary(caught.values()),
    }


def replays(record: dict[str, Any]) -> str | None:
    """None if the record replays as ``hippodrome replay`` replays it (each move validated by the
    engine, the recorded result reached), else why not."""
    from hippodrome.engine.record import GameRecord  # noqa: PLC0415
    from hippodrome.games import load_game  # noqa: PLC0415

    try:
        rec = GameRecord.from_json(record)
        game = load_game(rec.game, **rec.options)
        rec.replay(game)
    except Exception as exc:
        return f"{exc.__class__.__name__}: {exc}"
    return None


def acknowledged_stored(moves: list[tuple[int, str]], acked: list[tuple[int, str]]) -> list[str]:
    """The acknowledged moves not found in the record by their content at their version: a move
    sent at version v and acknowledged is the record's action v, the seat's, with the same notation
    (a roll: the chance outcome drawn there). A move lost and played again later, or another
    action stored at its version, is found wanting."""
    missing = []
    for version, notation in acked:
        player = CHANCE if notation == "" else 0
        stored = moves[version] if version < len(moves) else None
        if stored is None or stored[0] != player or (notation and stored[1] != notation):
            found = f"{stored[0]}:{stored[1]}" if stored else "nothing"
            missing.append(f"v{version} {notation or 'roll'} (stored: {found})")
    return missing


async def final_checks(faults: Faults, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    ids = list(faults.tables)
    stored = await asyncio.to_thread(faults.store.tables, ids)
    counts = await asyncio.to_thread(faults.store.action_counts, ids)
    url = faults.servers[0].url
    finished = [t for t, (_, s) in stored.items() if s == "finished"]
    records: dict[str, dict[str, Any]] = {}
    for table_id in {*finished, *faults.acknowledged}:
        response = await faults.http.get(f"{url}/api/tables/{table_id}/record")
        if response.is_success:
            records[table_id] = response.json()
    not_replaying = {
        t: why
        for t in finished
        if (why := replays(records[t]) if t in records else "its record could not be read")
        is not None
    }
    # ``hippodrome replay`` itself on a few of them, as a person would.
    cli_failed = []
    for table_id in [t for t in finished if t in records][: args.replay_cli]:
        path = tmp / f"{table_id}.json"
        path.write_text(json.dumps(records[table_id]))
        done = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-c", "from hippodrome.cli import main; main()", "replay", str(path)],
            capture_output=True,
        )
        if done.returncode != 0:
            cli_failed.append(table_id)
    unacknowledged = {
        t: missing
        for t, acked in faults.acknowledged.items()
        if (
            missing := acknowledged_stored(
                [(int(p), str(n)) for p, n in records.get(t, {}).get("moves", [])], acked
            )
        )
    }
    gaps = [t for t in ids if counts.get(t, (0, 0, 0)) != (stored[t][0],) * 3]
    backwards = [f.table for f in faults.followers if f.versions != sorted(f.versions)]
    ahead = [f.table for f in faults.followers if max(f.versions, default=0) > stored[f.table][0]]
    wrong_end = [
        f.table for f in faults.followers if f.final is not None and f.final != stored[f.table][0]
    ]
    log_text = faults.servers[0].log.read_text(errors="replace")  # both servers write to it
    return {
        "tables": len(ids),
        "tables_finished": len(finished),
        "unfinished": sorted(set(ids) - set(finished)),
        "actions_stored": sum(v for v, _ in stored.values()),
        "records_replayed": len(finished) - len(not_replaying),
        "records_not_replaying": not_replaying,
        "replayed_by_the_cli": min(len(finished), args.replay_cli),
        "cli_replay_failed": cli_failed,
        "moves_acknowledged": sum(len(a) for a in faults.acknowledged.values()),
        "acknowledged_not_stored": unacknowledged,
        "tables_with_a_version_gap": gaps,
        "spectators": len(faults.followers),
        "spectators_finished": sum(1 for f in faults.followers if f.final is not None),
        "spectator_reconnections": sum(f.reconnections for f in faults.followers),
        "player_reconnections": faults.player_reconnections,
        "spectators_going_back": backwards,
        "spectators_ahead_of_the_store": ahead,
        "spectators_ending_elsewhere": wrong_end,
        "two_drivers_logged": log_text.count("two drivers at once"),
        "tracebacks_logged": log_text.count("Traceback"),
        "refusals": dict(faults.refusals),
    }


def fault_verdicts(result: dict[str, Any]) -> list[tuple[str, bool]]:
    """Each check of the fault run: what it asserts, and whether it held."""
    end = result["end"]
    kills = result["kills"]
    verdicts = [
        (
            "every move a client saw acknowledged is in the store",
            not end["acknowledged_not_stored"] and not end["spectators_ahead_of_the_store"],
        ),
        (
            f"every table running at each of the {len(kills)} kills moved on on the survivor",
            all(not k["not_resumed"] for k in kills),
        ),
        (
            "no table driven by two processes: the stored actions numbered 0 to the table's "
            "version without a gap, none logged as played by two drivers, spectators' versions "
            "only going forward and ending at the store's",
            not end["tables_with_a_version_gap"]
            and end["two_drivers_logged"] == 0
            and not end["spectators_going_back"]
            and not end["spectators_ending_elsewhere"],
        ),
        (
            "every table played to its end and every finished game replays",
            not end["unfinished"]
            and not end["records_not_replaying"]
            and not end["cli_replay_failed"],
        ),
        ("no traceback in the servers' logs", end["tracebacks_logged"] == 0),
    ]
    redis = result.get("redis_restart")
    if redis is not None:
        verdicts.append(
            (
                "after the Redis restart play resumed and every spectator caught up by version",
                not redis["not_resumed"]
                and redis["spectators_caught_up"] == redis["spectators_checked"],
            )
        )
    return verdicts


async def fault_phase(
    args: argparse.Namespace, db_url: str, log: Path, tmp: Path
) -> dict[str, Any]:
    redis: OwnRedis | None = None
    redis_url = args.redis
    if args.restart_redis:
        redis = OwnRedis(tmp / "redis.log")
        await redis.start()
        redis_url = redis.url
    env = {
        "HIPPODROME_LEASE_SECONDS": str(args.lease_seconds),
        "HIPPODROME_REDIS_NAMESPACE": f"hippodrome-faults-{os.getpid()}-{int(time.time())}",
    }

    def start(port: int | None = None) -> ServerProcess:
        return ServerProcess(db_url, args.bot_delay, log, redis_url, port=port, env=env)

    servers = [start() for _ in range(args.workers)]
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    faults: Faults | None = None
    try:
        async with httpx.AsyncClient(trust_env=False, timeout=30.0, limits=limits) as http:
            for server in servers:
                await server.ready(http)
            bot_seats = [{"kind": "bot", "bot": args.bot}] * 3
            faults = Faults(servers, http, Store(db_url), bot_seats, args.spectators_per_table)
            started = time.monotonic()
            for i in range(args.tables):
                await faults.add_table("player" if i < args.probes else "bot")
            keeper = asyncio.create_task(keep_tables_up(faults))
            kills = []
            for k in range(args.kills):
                await asyncio.sleep(args.kill_every)
                kills.append(await kill_one(faults, k, args, start))
            redis_restart = None
            if redis is not None:
                await asyncio.sleep(args.kill_every)
                redis_restart = await restart_redis(faults, redis, args)
            faults.draining = True
            await keeper
            played = time.monotonic() - started
            # Every table plays to its end (the clients' tasks end with their tables).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*faults.tasks), args.drain)
            left = await running_tables(faults)
            deadline = time.monotonic() + args.drain
            while left and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
                left = await running_tables(faults)
            faults.stopping = True
            for task in faults.tasks:
                task.cancel()
            await asyncio.gather(*faults.tasks, return_exceptions=True)
            end = await final_checks(faults, args, tmp)
    finally:
        for server in faults.servers if faults is not None else servers:
            server.stop()
        if redis is not None:
            redis.kill()
    result = {
        "server_processes": args.workers,
        "tables_at_once": args.tables,
        "player_tables_at_once": args.probes,
        "bot": args.bot,
        "bot_delay": args.bot_delay,
        "lease_seconds": args.lease_seconds,
        "seconds_of_play": round(played, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "kills": kills,
        "redis_restart": redis_restart,
        "end": end,
    }
    result["checks"] = [{"check": c, "passed": ok} for c, ok in fault_verdicts(result)]
    result["passed"] = all(ok for _, ok in fault_verdicts(result))
    return result


def fault_report(result: dict[str, Any]) -> str:
    end = result["end"]
    lines = [
        f"Faults: {result['server_processes']} server processes, {result['tables_at_once']} tables "
        f"at once ({result['player_tables_at_once']} where this script plays a seat), "
        f"{result['bot']} bots, bot delay {result['bot_delay']} s, leases of "
        f"{result['lease_seconds']} s, {result['seconds_of_play']} s of play "
        f"(load average {result['load_average']})",
    ]
    for kill in result["kills"]:
        lines.append(
            f"  kill -9 #{kill['kill']} of {kill['process']}: {kill['tables_resumed']} of "
            f"{kill['tables_running']} running tables moved on on the survivor (p50 "
            f"{kill['resume_seconds']['p50']} s, max {kill['resume_seconds']['max']} s after the "
            f"kill); started again after {kill['dead_seconds']} s"
        )
    redis = result["redis_restart"]
    if redis is not None:
        lines.append(
            f"  Redis down {redis['outage_seconds']} s, started again empty: "
            f"{redis['tables_resumed']} of {redis['tables_running']} tables moved on (max "
            f"{redis['resume_seconds']['max']} s after), {redis['spectators_caught_up']} of "
            f"{redis['spectators_checked']} spectators caught up with the store (max "
            f"{redis['catch_up_seconds']['max']} s)"
        )
    lines += [
        f"  {end['tables']} tables, {end['tables_finished']} finished, {end['actions_stored']:,} "
        f"actions stored; {end['records_replayed']} records replayed in-process, "
        f"{end['replayed_by_the_cli']} by hippodrome replay",
        f"  {end['moves_acknowledged']} moves of this script's seats acknowledged; "
        f"{end['spectators']} spectators ({end['spectators_finished']} saw the end), "
        f"{end['spectator_reconnections']} spectator and {end['player_reconnections']} player "
        f"reconnections; refusals: {end['refusals'] or 'none'}",
        "",
    ]
    for check in result["checks"]:
        lines.append(f"  {'PASS' if check['passed'] else 'FAIL'}  {check['check']}")
    lines.append(f"Faults: {'PASS' if result['passed'] else 'FAIL'}")
    return "\n".join(lines)


# -- the report -----------------------------------------------------------------------------------


def report(result: dict[str, Any]) -> str:
    def q(d: dict[str, Any]) -> str:
        if not d["n"]:
            return "no samples"
        missing = f", {d['missing']} never came" if d.get("missing") else ""
        return (
            f"p50 {d['p50']} ms, p90 {d['p90']} ms, p99 {d['p99']} ms, max {d['max']} ms "
            f"(n={d['n']}{missing})"
        )

    lines = [f"Hippodrome server load test ({result['database']})", ""]
    s = result.get("storage")
    if s:
        lines += [
            f"Storage phase: {s['tables_finished']} tables of two random bots played to the end with no bot delay",
            f"  {s['actions']:,} actions in {s['seconds']} s: {s['actions_per_second']:,.0f} actions/s "
            f"(server CPU {s['server_cpu_percent']} % of one core)",
            f"  server RSS: {s['rss_mib_idle']} MiB idle, {s['rss_mib_after']} MiB with "
            f"{s['tables_finished']} finished tables stored, {s['rss_mib_after_reading_all_back']} "
            "MiB after reading every one back",
            "",
        ]
    live = result["live"]

    def stream(x: dict[str, Any]) -> str:
        return (
            f"{x['offered']} offered ({x['offered_per_second']}/s), {x['answered']} answered "
            f"{x['statuses']}, {x['unanswered']} unanswered; {q(x['latency_ms'])}"
        )

    lines += [
        f"Live phase ({live['front']}, {live['server_processes']} server process(es), every limit "
        f"on, {live['client_addresses']} client addresses): {live['tables']} tables "
        f"({live['bot_tables']} bot-only, {live['probe_tables']} where this script plays a seat), "
        f"{live['spectators']} spectators ({live['crowd']} at one table, "
        f"{live['spectators_per_probe_table']} per other probe table), {live['bot']} bots, bot "
        f"delay {live['bot_delay']} s, created over {live['ramp_seconds']} s, {live['seconds']} s "
        "measured",
        f"  chat: {live['talkers']} bot tables with a talker, {live['crowd_talkers']} talkers in "
        f"the crowd, {live['chat_lines_per_minute_each']:g} lines a minute each",
        f"  actions/s, all tables: {live['actions_per_second']:,.1f}; bot-only tables: "
        f"{live['bot_table_actions_per_second']:,.1f}",
        f"  probe actions acknowledged: {live['probe_actions_acknowledged']} "
        f"({live['probe_actions_refused']} refused); deliveries to their tables' clients: "
        f"{live['deliveries_expected']:,} expected, {live['deliveries_missing']} missing",
        f"  probe action -> its own update: {q(live['latency_ms_action_to_own_update'])}",
        f"  probe action -> last client at the table updated: "
        f"{q(live['latency_ms_action_to_last_client'])}",
        f"  the crowd ({live['crowd']} spectators at one table), action -> last client: "
        f"{q(live['latency_ms_action_to_last_client_of_the_crowd'])}",
        f"  chat: {live['chat_lines_said']} lines said, {live['chat_lines_not_echoed']} not "
        f"echoed, {live['chat_deliveries_missing']} of {live['chat_deliveries_expected']:,} "
        f"deliveries missing; echo {q(live['latency_ms_chat_echo'])}",
        f"  logins: {stream(live['logins'])}",
        f"  replays: {stream(live['replays'])}",
        f"  other requests (GET /api/games): {stream(live['pings'])}",
        f"    while a login or a replay ran: {q(live['pings_while_a_login_or_replay_ran'])}",
        f"    before any (the warm-up, the same play): "
        f"{q(live['pings_before_any_login_or_replay'])}",
        f"    delay a login or a replay caused: p99 {live['delay_ms_p99']} ms, max "
        f"{live['delay_ms_max']} ms (over the median before any)",
        f"  this script's own loop lag (adds to the above): {q(live['client_loop_lag_ms'])}",
        f"  CPU % of one core: servers {live['server_cpu_percent']}, nginx "
        f"{live['nginx_cpu_percent']}, this script {live['client_cpu_percent']} (load average "
        f"{live['load_average']}); RSS per process (MiB): {live['rss_mib_start']} at start, "
        f"{live['rss_mib_peak']} peak, {live['rss_mib_end']} at the end, "
        f"{live['rss_mib_after_clients_left']} 5 s after every client left",
        f"  {live['tables_created_in_all']} tables created in all, "
        f"{live['websocket_messages_received']:,} websocket messages received",
        "",
    ]
    for check in live["checks"]:
        lines.append(f"  {'PASS' if check['passed'] else 'FAIL'}  {check['check']}")
    lines.append(f"Live phase: {'PASS' if live['passed'] else 'FAIL'}")
    return "\n".join(lines)


def fresh_postgres(url: str) -> str:
    """A new, empty PostgreSQL database beside the one ``url`` names, of this run's own (dropped
    at its end: :func:`drop_postgres`)."""
    import sqlalchemy  # noqa: PLC0415

    base, name = url.replace("postgresql://", "postgresql+psycopg://", 1).rsplit("/", 1)
    fresh = f"{name}_load_{os.getpid()}"
    admin = sqlalchemy.create_engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)'))
        conn.execute(sqlalchemy.text(f'CREATE DATABASE "{fresh}"'))
    admin.dispose()
    return f"{base}/{fresh}"


def drop_postgres(url: str) -> None:
    """Drop the database :func:`fresh_postgres` made (its connections closed first)."""
    import sqlalchemy  # noqa: PLC0415

    base, name = url.rsplit("/", 1)
    admin = sqlalchemy.create_engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    args.finished_ids = []
    with tempfile.TemporaryDirectory(prefix="hippodrome-load-") as tmp:
        db_url = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        fresh = args.fresh_db and db_url.startswith("postgresql")
        if fresh:
            db_url = fresh_postgres(db_url)
        log = Path(args.log) if args.log else Path(tmp) / "server.log"
        result: dict[str, Any] = {"database": db_url.split("://", 1)[0]}
        try:
            if args.kills or args.restart_redis:
                result["faults"] = await fault_phase(args, db_url, log, Path(tmp))
                return result
            if args.finished:
                result["storage"] = await storage_phase(args, db_url, log)
            result["live"] = await live_phase(args, db_url, log, Path(tmp))
            return result
        finally:
            if fresh:
                drop_postgres(db_url)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--tables", type=int, default=200, help="live tables at once (200)")
    parser.add_argument("--spectators", type=int, default=50, help="websocket spectators (50)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured window (30)")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="live phase bot delay (0.5)")
    parser.add_argument(
        "--probes", type=int, default=10, help="tables where the script plays a seat (10)"
    )
    parser.add_argument(
        "--finished", type=int, default=1000, help="tables played and stored first; 0 skips (1000)"
    )
    parser.add_argument(
        "--fill-concurrency", type=int, default=100, help="storage phase tables at once (100)"
    )
    parser.add_argument(
        "--bot", choices=["heuristic", "random"], default="heuristic", help="live tables' bots"
    )
    parser.add_argument(
        "--ramp", type=float, default=5.0, help="seconds over which live tables are created (5)"
    )
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds after the ramp before measuring (5)"
    )
    parser.add_argument("--db", help="SQLAlchemy URL (default: a fresh temporary SQLite file)")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes, clients spread over them (1)"
    )
    parser.add_argument("--redis", help="Redis URL, for more than one server process")
    parser.add_argument(
        "--fresh-db",
        action="store_true",
        help="play on a new PostgreSQL database <name>_load beside --db's (made again each run)",
    )
    parser.add_argument(
        "--crowd", type=int, default=0, help="of the spectators, how many watch one table (0)"
    )
    mix = parser.add_argument_group(
        "the mix", "chat, logins and replays during play, and what is checked (docs/web.md, Load)"
    )
    mix.add_argument(
        "--nginx",
        action="store_true",
        help="clients reach the servers through Debian's nginx as docs/deploy.md configures it "
        "(the servers trust it: --trusted-proxies 127.0.0.1)",
    )
    mix.add_argument(
        "--talkers", type=int, default=0, help="bot tables with a spectator chatting (0)"
    )
    mix.add_argument(
        "--crowd-talkers", type=int, default=0, help="spectators of the crowd chatting (0)"
    )
    mix.add_argument(
        "--chat-per-minute",
        type=float,
        default=20.0,
        help="lines a talker says a minute: the servers' allowed rate (chat_lines_per_minute, 20)",
    )
    mix.add_argument("--accounts", type=int, default=10, help="accounts the logins use (10)")
    mix.add_argument("--logins-per-second", type=float, default=0.0, help="logins offered (0)")
    mix.add_argument("--replays-per-second", type=float, default=0.0, help="replays offered (0)")
    mix.add_argument(
        "--ping-every",
        type=float,
        default=0.25,
        help="seconds between other requests, GET /api/games (0.25: a few ms of server each)",
    )
    mix.add_argument(
        "--creators", type=int, default=16, help="client addresses creating the tables (16)"
    )
    mix.add_argument(
        "--grace", type=float, default=5.0, help="seconds for the window's last updates (5)"
    )
    mix.add_argument(
        "--max-p99-ms", type=float, default=0.0, help="fail above this p99 action -> last client"
    )
    mix.add_argument(
        "--max-delay-ms",
        type=float,
        default=0.0,
        help="fail when a login or a replay delays other requests more than this at p99",
    )
    mix.add_argument(
        "--server-env", dest="env", action="append", default=[], help="KEY=VALUE for the servers"
    )
    faults = parser.add_argument_group(
        "faults", "kill -9 and a Redis restart during play, with checks (docs/web.md)"
    )
    faults.add_argument(
        "--kills", type=int, default=0, help="kill -9 a server process this many times (0)"
    )
    faults.add_argument(
        "--restart-redis",
        action="store_true",
        help="run a redis-server of this run's own, and kill it and start it again during play",
    )
    faults.add_argument(
        "--kill-every", type=float, default=5.0, help="seconds of play before each fault (5)"
    )
    faults.add_argument(
        "--resume-timeout",
        type=float,
        default=30.0,
        help="seconds a table may stand still after a fault (30)",
    )
    faults.add_argument("--redis-outage", type=float, default=5.0, help="Redis down seconds (5)")
    faults.add_argument(
        "--lease-seconds", type=float, default=1.5, help="the servers' driver leases (1.5)"
    )
    faults.add_argument(
        "--spectators-per-table", type=int, default=2, help="reconnecting spectators (2)"
    )
    faults.add_argument(
        "--drain", type=float, default=180.0, help="seconds for the tables to end at the end (180)"
    )
    faults.add_argument(
        "--replay-cli", type=int, default=3, help="finished records also run through the CLI (3)"
    )
    parser.add_argument("--log", help="file for the server's output (default: temporary)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.bot_delay < 0:
        parser.error("--tables must be at least 1, --seconds positive, --bot-delay not negative")
    if args.spectators and args.probes < 1:
        parser.error("spectators watch the probe tables: --probes must be at least 1")
    if args.workers > 1 and not ((args.redis or args.restart_redis) and args.db):
        parser.error("--workers above 1 needs --redis and a shared --db (PostgreSQL)")
    if (args.kills or args.restart_redis) and args.workers < 2:
        parser.error("--kills and --restart-redis need --workers 2 or more")
    if args.restart_redis and shutil.which("redis-server") is None:
        parser.error("--restart-redis runs a redis-server of its own: none is installed")
    if args.crowd > args.spectators:
        parser.error("--crowd is a part of --spectators")
    if args.nginx and not (shutil.which("nginx") or os.access("/usr/sbin/nginx", os.X_OK)):
        parser.error("--nginx: no nginx installed (apt-get install nginx)")
    if args.replays_per_second > 0 and not args.finished:
        parser.error("--replays-per-second asks for finished games' replays: --finished above 0")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per client
    result = asyncio.run(main_async(args))
    faults = result.get("faults")
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(fault_report(faults) if faults else report(result))
    checked = faults or result["live"]
    if not checked["passed"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
