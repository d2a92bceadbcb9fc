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
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

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

    def __init__(self, db_url: str, bot_delay: float, log: Path, redis: str | None = None) -> None:
        self.port = free_port()
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
                env={**os.environ, **UNLIMITED},
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
    parser.add_argument("--log", help="file for the server's output (default: temporary)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.bot_delay < 0:
        parser.error("--tables must be at least 1, --seconds positive, --bot-delay not negative")
    if args.spectators and args.probes < 1:
        parser.error("spectators watch the probe tables: --probes must be at least 1")
    if args.workers > 1 and not (args.redis and args.db):
        parser.error("--workers above 1 needs --redis and a shared --db (PostgreSQL)")
    if args.crowd > args.spectators:
        parser.error("--crowd is a part of --spectators")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    result = asyncio.run(main_async(args))
    print(json.dumps(result, indent=2) if args.json else report(result))


if __name__ == "__main__":
    main()
