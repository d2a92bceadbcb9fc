"""Load test of the web server: many live tables, websocket spectators, and memory.

    python scripts/load_test.py --tables 200 --spectators 50 --seconds 30 [--json]

Everything runs against a real ``hippodrome serve`` process on a fresh SQLite file (or ``--db URL``),
from the outside, as clients would: HTTP to create and poll tables, websockets to watch and play.
Two phases, each with its own server process on the same database:

1. **Storage.** A server with no bot delay plays ``--finished`` Royal Turf tables of two random bots to the end
   (at most ``--fill-concurrency`` at a time) and stores them. Reported: the server's unthrottled
   action rate (its capacity when nobody waits), and its resident memory (VmRSS from
   ``/proc/<pid>/status``) before and after.
2. **Live.** A server with ``--bot-delay`` (0.5 s by default) runs ``--tables`` tables at once: bot-only
   tables (three ``--bot`` bots, heuristic by default), plus ``--probes`` of them where this script
   plays one seat itself (a human seat answering at once, against two random bots) while the
   ``--spectators`` websocket spectators watch those probe tables. The tables are created evenly over
   ``--ramp`` seconds (``--ramp 0``: all at once, so every bot wakes at the same instant, as after a
   restart), and a finished table is replaced by a new one, so the count stays up. Measured over
   ``--seconds``, after ``--warmup``:

   - actions per second: the sum of every table's version increase (polled over HTTP at the start and
     the end of the window), against the ideal ``tables / bot_delay`` of a server that is never late;
   - latency: for each action the probe seat sends, from sending it to its own update arriving, and to
     the *last* client at that table (the player and every spectator) receiving the update. The server
     keeps the same figure in-process (``Runtime.latencies``, from an action's arrival to the last
     connection's update being queued), which is not reachable from outside; the figure here adds the
     loopback network and this script's own scheduling, whose lag is reported alongside so the reader
     can judge it;
   - fan-out spread: for every update at a watched table (bot moves included), the time between the
     first and the last of its clients receiving it;
   - the server's resident memory and CPU time over the window.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import resource
import shutil
import signal
import socket
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
"""This one client is the whole crowd: the limits per client address are lifted."""


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
                ],
                stdout=sink,
                stderr=sink,
                env={**os.environ, **UNLIMITED, **(env or {})},
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


def own_cpu_seconds() -> float:
    """This script's own CPU time so far (user + system), to tell its share of the machine."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def quantiles(values: list[float]) -> dict[str, float | int | None]:
    """Count, p50, p90, p99 and max (in milliseconds)."""
    if not values:
        return {"n": 0, "p50": None, "p90": None, "p99": None, "max": None}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

    return {
        "n": len(ordered),
        "p50": at(0.50),
        "p90": at(0.90),
        "p99": at(0.99),
        "max": round(ordered[-1] * 1000, 2),
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


# -- phase 2: live tables, spectators and probes --------------------------------------------------


@dataclass
class Live:
    """What the live phase's clients observe, keyed by (table, version)."""

    servers: list[ServerProcess]
    http: httpx.AsyncClient
    spectators_per_table: int
    bot_seats: list[dict[str, Any]]
    crowd: int = 0
    """Spectators at the first probe table instead of ``spectators_per_table``."""
    crowd_table: str | None = None
    watchers: dict[str, int] = field(default_factory=dict)
    """The spectators each probe table has (the player comes once they are all in)."""
    created_count: int = 0
    window: tuple[float, float] = (math.inf, math.inf)
    stopping: bool = False
    tables: dict[str, float] = field(default_factory=dict)
    """Every table of the phase, with the time it was created."""
    bot_tables: set[str] = field(default_factory=set)
    """Every bot-only table of the phase, finished ones included."""
    replaceable: set[str] = field(default_factory=set)
    """Bot-only tables not yet seen finished."""
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    """When the probe seat sent the action that makes (table, version)."""
    own_update: dict[tuple[str, int], float] = field(default_factory=dict)
    received: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    """When each client at a watched table (spectators and the probe seat) got (table, version)."""
    messages: int = 0
    errors: list[str] = field(default_factory=list)
    spectators_connected: int = 0

    def in_window(self, t: float) -> bool:
        return self.window[0] <= t <= self.window[1]

    def url(self, i: int) -> str:
        """The i-th client's server: clients are spread evenly over the server processes."""
        return self.servers[i % len(self.servers)].url

    def next_url(self) -> str:
        self.created_count += 1
        return self.url(self.created_count)


async def watch(live: Live, table_id: str, ready: asyncio.Event, server: str) -> None:
    """One spectator: records when each new version of the table arrives, until the game ends."""
    url = server.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    try:
        async with connect(url, proxy=None, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "join", "token": None}))
            live.spectators_connected += 1
            try:
                await receive_states(live, ws, table_id, ready)
            finally:
                live.spectators_connected -= 1
    except (OSError, TimeoutError, ConnectionClosed) as exc:
        live.errors.append(f"spectator: {exc.__class__.__name__}")
        ready.set()  # counted as an error, not waited for


STATE_HEAD = re.compile(
    r'\{"type":"state","table":"[^"]*","game":"[^"]*","version":(\d+),"status":"(\w+)"'
)
"""What a spectator reads of a state: its version and status, at the head of the message (the
server writes them first), without decoding the rest: 1,000 spectators decoding every state would
make this script, not the server, what is measured."""


async def receive_states(
    live: Live, ws: ClientConnection, table_id: str, ready: asyncio.Event | None
) -> None:
    last = -1
    async for raw in ws:
        now = time.monotonic()
        live.messages += 1
        head = STATE_HEAD.match(raw if isinstance(raw, str) else raw.decode())
        if head is None:
            continue  # presence, chat: not a state
        if ready is not None:
            ready.set()
        version, status = int(head[1]), head[2]
        if version > last:
            last = version
            live.received.setdefault((table_id, last), []).append(now)
        if status == "finished" or live.stopping:
            return


async def probe(live: Live, delay: float) -> None:
    """A probe table: this script plays its human seat at once while spectators watch it."""
    await asyncio.sleep(delay)
    while not live.stopping:
        table = await create_table(live.http, live.next_url(), PROBE_SEATS)
        table_id, token = table["id"], table["seats"][0]["token"]
        live.tables[table_id] = time.monotonic()
        count = live.spectators_per_table
        if live.crowd and live.crowd_table is None:
            live.crowd_table, count = table_id, live.crowd
        live.watchers[table_id] = count
        readies = [asyncio.Event() for _ in range(count)]
        watchers = [
            asyncio.create_task(watch(live, table_id, r, live.url(i)))
            for i, r in enumerate(readies)
        ]
        # Every spectator is in before the player joins, which starts the game.
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=120)
        url = live.next_url().replace("http", "ws", 1) + f"/ws/tables/{table_id}"
        async with connect(url, proxy=None, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            acted = -1
            async for raw in ws:
                now = time.monotonic()
                message = json.loads(raw)
                live.messages += 1
                if message["type"] == "error":
                    live.errors.append(message["key"])
                if message["type"] != "state":
                    continue
                version = message["version"]
                key = (table_id, version)
                if key not in live.own_update:
                    live.own_update[key] = now
                    live.received.setdefault(key, []).append(now)
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
                    live.sent[(table_id, version + 1)] = time.monotonic()
                    await ws.send(json.dumps(reply))
        for task in watchers:
            task.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)


async def replace_finished(live: Live) -> None:
    """Keep the number of bot tables up: a finished one is replaced by a new one."""
    while not live.stopping:
        await asyncio.sleep(1.0)
        listed = (await live.http.get(f"{live.url(0)}/api/tables?status=finished")).json()
        for summary in listed:
            if summary["id"] in live.replaceable:
                live.replaceable.discard(summary["id"])
                table = await create_table(live.http, live.next_url(), live.bot_seats)
                live.tables[table["id"]] = time.monotonic()
                live.bot_tables.add(table["id"])
                live.replaceable.add(table["id"])


async def loop_lag(samples: list[float], stop: asyncio.Event) -> None:
    """This script's own event-loop lag: how late a 50 ms sleep wakes up."""
    while not stop.is_set():
        before = time.monotonic()
        await asyncio.sleep(0.05)
        samples.append(time.monotonic() - before - 0.05)


async def live_phase(args: argparse.Namespace, db_url: str, log: Path) -> dict[str, Any]:
    servers = [ServerProcess(db_url, args.bot_delay, log, args.redis) for _ in range(args.workers)]
    server = servers[0]
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    try:
        async with httpx.AsyncClient(trust_env=False, timeout=60.0, limits=limits) as http:
            for one in servers:
                await one.ready(http)
            await asyncio.sleep(0.5)
            rss_start = [one.rss_mib() for one in servers]
            probes = min(args.probes, args.tables)
            spread = args.spectators - args.crowd
            per_table = (
                math.ceil(spread / max(1, probes - (1 if args.crowd else 0))) if probes else 0
            )
            bot_seats = [{"kind": "bot", "bot": args.bot}] * 3  # a live bot-only table
            live = Live(servers, http, per_table, bot_seats, crowd=args.crowd)
            gate = asyncio.Semaphore(20)

            async def one_bot_table(delay: float) -> None:
                await asyncio.sleep(delay)
                async with gate:
                    table = await create_table(http, live.next_url(), live.bot_seats)
                live.tables[table["id"]] = time.monotonic()
                live.bot_tables.add(table["id"])
                live.replaceable.add(table["id"])

            # Tables are created evenly over the ramp, so their bots do not all wake at the same
            # instant (as they would not on a real site).
            created = time.monotonic()
            n_bot = args.tables - probes
            probe_tasks = [
                asyncio.create_task(probe(live, args.ramp * i / max(1, probes)))
                for i in range(probes)
            ]
            await asyncio.gather(*(one_bot_table(args.ramp * i / n_bot) for i in range(n_bot)))
            replacer = asyncio.create_task(replace_finished(live))
            lag: list[float] = []
            lag_stop = asyncio.Event()
            lagger = asyncio.create_task(loop_lag(lag, lag_stop))
            creation_seconds = time.monotonic() - created
            await asyncio.sleep(args.warmup)

            start = await versions(http, server.url, list(live.tables))
            t0, cpu0 = time.monotonic(), sum(one.cpu_seconds() for one in servers)
            own0 = own_cpu_seconds()
            live.window = (t0, math.inf)
            rss_samples: list[list[float]] = []
            while time.monotonic() - t0 < args.seconds:
                await asyncio.sleep(1.0)
                rss_samples.append([one.rss_mib() for one in servers])
            t1, cpu1 = time.monotonic(), sum(one.cpu_seconds() for one in servers)
            own1 = own_cpu_seconds()
            live.window = (t0, t1)
            end = await versions(http, server.url, list(live.tables))
            spectators = live.spectators_connected
            live.stopping = True
            lag_stop.set()
            for task in [*probe_tasks, replacer, lagger]:
                task.cancel()
            await asyncio.gather(*probe_tasks, replacer, lagger, return_exceptions=True)
            # Every client is gone: the memory the connections held should come back.
            await asyncio.sleep(5.0)
            rss_after = [one.rss_mib() for one in servers]
    finally:
        for one in servers:
            one.stop()

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
    own: list[float] = []
    last: list[float] = []
    crowd_last: list[float] = []
    for key, sent in live.sent.items():
        got = live.received.get(key, [])
        complete = len(got) == live.watchers.get(key[0], -1) + 1
        if live.in_window(sent) and key in live.own_update and complete:
            own.append(live.own_update[key] - sent)
            (crowd_last if key[0] == live.crowd_table else last).append(max(got) - sent)
    spread = [
        max(got) - min(got)
        for key, got in live.received.items()
        if len(got) == live.watchers.get(key[0], -1) + 1 and live.in_window(min(got))
    ]
    ideal = (args.tables - probes) / args.bot_delay if args.bot_delay > 0 else math.inf
    return {
        "tables": args.tables,
        "bot_tables": args.tables - probes,
        "probe_tables": probes,
        "spectators": spectators,
        "spectators_per_probe_table": per_table,
        "bot": args.bot,
        "bot_delay": args.bot_delay,
        "ramp_seconds": args.ramp,
        "seconds": round(window, 2),
        "table_creation_seconds": round(creation_seconds, 2),
        "tables_created_in_all": len(live.tables),
        "bot_tables_running_at_end": running_bot_tables,
        "actions_per_second": round(actions / window, 1),
        "bot_table_actions_per_second": round(bot_actions / window, 1),
        "bot_table_actions_per_second_ideal": round(ideal, 1),
        "probe_actions_sent": sum(1 for t in live.sent.values() if live.in_window(t)),
        "latency_ms_action_to_own_update": quantiles(own),
        "latency_ms_action_to_last_client": quantiles(last),
        "crowd": args.crowd,
        "latency_ms_action_to_last_client_of_the_crowd": quantiles(crowd_last),
        "fan_out_spread_ms": quantiles(spread),
        "client_loop_lag_ms": quantiles(lag),
        "websocket_messages_received": live.messages,
        "errors": sorted(set(live.errors)),
        "server_processes": len(servers),
        "server_cpu_percent": round(100 * (cpu1 - cpu0) / window, 1),
        "client_cpu_percent": round(100 * (own1 - own0) / window, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "rss_mib_start": [round(r, 1) for r in rss_start],
        "rss_mib_peak": [round(max(r[i] for r in rss_samples), 1) for i in range(len(servers))],
        "rss_mib_end": [round(r, 1) for r in rss_samples[-1]],
        "rss_mib_after_clients_left": [round(r, 1) for r in rss_after],
    }


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
    """The acknowledged moves not found in the record: each must be the seat's first move stored at
    or after the version it was sent at (a roll: a chance outcome)."""
    missing = []
    for version, notation in acked:
        player = CHANCE if notation == "" else 0
        found = next((n for p, n in moves[version:] if p == player), None)
        if found is None or (notation and found != notation):
            missing.append(f"v{version} {notation or 'roll'}")
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
        "tables_with_a_version_gap_or_twice": gaps,
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
            "no table driven by two processes: no version stored twice or skipped, none logged "
            "as played by two drivers, spectators' versions only going forward",
            not end["tables_with_a_version_gap_or_twice"]
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
        return f"p50 {d['p50']} ms, p90 {d['p90']} ms, p99 {d['p99']} ms, max {d['max']} ms (n={d['n']})"

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
    lines += [
        f"Live phase: {live['tables']} tables ({live['bot_tables']} bot-only, {live['probe_tables']} "
        f"where this script plays a seat), {live['spectators']} spectators "
        f"({live['spectators_per_probe_table']} per probe table), {live['bot']} bots, bot delay "
        f"{live['bot_delay']} s, created over {live['ramp_seconds']} s, {live['seconds']} s measured",
        f"  actions/s, all tables: {live['actions_per_second']:,.1f}",
        f"  actions/s, bot-only tables: {live['bot_table_actions_per_second']:,.1f} "
        f"(ideal {live['bot_table_actions_per_second_ideal']:,.1f}: one step per bot delay per table)",
        f"  probe action -> its own update: {q(live['latency_ms_action_to_own_update'])}",
        f"  probe action -> last client at the table updated: "
        f"{q(live['latency_ms_action_to_last_client'])}",
        f"  fan-out spread (first to last client, every update): {q(live['fan_out_spread_ms'])}",
        f"  the crowd ({live['crowd']} spectators at one table), action -> last client: "
        f"{q(live['latency_ms_action_to_last_client_of_the_crowd'])}",
        f"  this script's own loop lag (adds to the above): {q(live['client_loop_lag_ms'])}",
        f"  {live['server_processes']} server process(es), CPU {live['server_cpu_percent']} % of "
        f"one core in all (this script: {live['client_cpu_percent']} %; load average "
        f"{live['load_average']}); RSS per process (MiB): {live['rss_mib_start']} at start, "
        f"{live['rss_mib_peak']} peak, {live['rss_mib_end']} at the end, "
        f"{live['rss_mib_after_clients_left']} 5 s after every client left",
        f"  {live['tables_created_in_all']} tables created in all, "
        f"{live['websocket_messages_received']:,} websocket messages received, "
        f"errors: {', '.join(live['errors']) or 'none'}",
    ]
    return "\n".join(lines)


def fresh_postgres(url: str) -> str:
    """A new, empty PostgreSQL database beside the one ``url`` names (dropped at the next run)."""
    import sqlalchemy  # noqa: PLC0415

    base, name = url.replace("postgresql://", "postgresql+psycopg://", 1).rsplit("/", 1)
    fresh = f"{name}_load"
    admin = sqlalchemy.create_engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)'))
        conn.execute(sqlalchemy.text(f'CREATE DATABASE "{fresh}"'))
    admin.dispose()
    return f"{base}/{fresh}"


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="hippodrome-load-") as tmp:
        db_url = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        if args.fresh_db and db_url.startswith("postgresql"):
            db_url = fresh_postgres(db_url)
        log = Path(args.log) if args.log else Path(tmp) / "server.log"
        result: dict[str, Any] = {"database": db_url.split("://", 1)[0]}
        if args.kills or args.restart_redis:
            result["faults"] = await fault_phase(args, db_url, log, Path(tmp))
            return result
        if args.finished:
            result["storage"] = await storage_phase(args, db_url, log)
        result["live"] = await live_phase(args, db_url, log)
        return result


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
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    result = asyncio.run(main_async(args))
    faults = result.get("faults")
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(fault_report(faults) if faults else report(result))
    if faults and not faults["passed"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
