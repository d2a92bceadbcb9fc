"""Two real server processes on one PostgreSQL and one Redis (docs/deploy.md), and one kill -9.

Process A and process B serve the same tables. Spectators watch every table from both; a player
plays one table through B. A is killed (SIGKILL) during play: its clients reconnect to B and catch up
by version, B takes over the tables A drove, every table finishes, every action a client saw
acknowledged is in the store, every record replays, no version was played by two drivers at once,
and A's bot worker process died with it. Skipped with the reason when Redis or PostgreSQL is absent,
except in CI, where both are required.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from hippodrome.engine.record import GameRecord
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game
from hippodrome.server.cluster import Notice, RedisBus, address_count, table_count
from hippodrome.server.service import (
    SeatKind,
    SeatSpec,
    StoredMoves,
    TableService,
    VersionTakenError,
    automatic_action,
    automatic_actor,
)
from hippodrome.server.storage import open_database
from hippodrome.server.views import can_undo
from tests import suite
from tests.server.test_accounts import play_out
from tests.server.test_restart import SERVE, free_port

# The tests that start several server processes run one after the other on one pytest worker
# (make test: --dist loadgroup): two clusters at once starve each other on a two-core machine.
pytestmark = pytest.mark.xdist_group("server-processes")

REDIS = os.environ.get("HIPPODROME_TEST_REDIS", "redis://127.0.0.1:6379/0")
BOT_TABLES = 2
Message = dict[str, Any]


def redis_available() -> str | None:
    """None if Redis answers, else why not."""
    try:
        import redis  # noqa: PLC0415
    except ImportError:
        return "the redis package is not installed: pip install -e '.[cluster]'"
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=2, socket_timeout=2).ping()
    except Exception as exc:
        return f"no Redis at {REDIS}: {exc.__class__.__name__}"
    return None


@pytest.fixture
def redis_url() -> str:
    reason = redis_available()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"Redis is required in CI: {reason}")
        pytest.skip(reason)
    return REDIS


def spawn(args: list[str], log: Path, **env: str) -> tuple[subprocess.Popen[bytes], str]:
    """``hippodrome serve`` on a free port, its output in ``log``."""
    port = free_port()
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [*SERVE, "--port", str(port), *args],
            env={**os.environ, "HIPPODROME_WS_MESSAGES_PER_SECOND": "0", **env},
            stdout=sink,
            stderr=sink,
        )
    return process, f"http://127.0.0.1:{port}"


@contextmanager
def serving(
    started: list[tuple[subprocess.Popen[bytes], str]], logs: list[Path]
) -> Iterator[list[str]]:
    """Servers started together, once each answers; killed if still alive at the end."""
    try:
        deadline = time.monotonic() + 120  # a loaded machine starts a process slowly
        for (process, url), log in zip(started, logs, strict=True):
            while True:
                assert process.poll() is None, (
                    f"a server exited at start: {log.read_text()[-2000:]}"
                )
                try:
                    if httpx.get(f"{url}/api/games", trust_env=False).is_success:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "the servers did not answer within 120 s"
                time.sleep(0.1)
        yield [url for _, url in started]
    finally:
        for process, _ in started:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Watcher:
    """A spectator that reconnects to the next server when its own dies, as the browser does."""

    def __init__(self, table_id: str, urls: list[str]) -> None:
        self.table_id = table_id
        self.urls = urls
        self.versions: list[int] = []
        self.reconnections: list[tuple[int, int]] = []
        """(last version seen before, first version after) at each reconnection."""
        self.presence = 0
        self.chat: list[str] = []
        self.final: Message | None = None
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        for url in self.urls:
            try:
                await self._watch(url)
                return
            except (ConnectionClosed, OSError):
                continue  # this server died: the next one

    async def _watch(self, url: str) -> None:
        ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{self.table_id}"
        async with connect(ws_url, proxy=None, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "join", "token": None}))
            first = True
            async for raw in ws:
                message: Message = json.loads(raw)
                if message["type"] == "presence":
                    self.presence += 1
                if message["type"] == "chat" and not message["history"]:
                    self.chat += [line["text"] for line in message["lines"]]
                if message["type"] != "state":
                    continue
                if first and self.versions:
                    self.reconnections.append((self.versions[-1], message["version"]))
                first = False
                self.versions.append(message["version"])
                if message["status"] == "finished":
                    self.final = message
                    return


async def play(
    url: str, table_id: str, token: str, acknowledged: list[tuple[int, str]], moves: int
) -> None:
    """The player's seat, through ``url``, until ``moves`` more of its moves are acknowledged (by
    the next state), or the game ends."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    goal = len(acknowledged) + moves
    async with connect(ws_url, proxy=None, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        sent: tuple[int, str] | None = None
        async for raw in ws:
            message: Message = json.loads(raw)
            if message["type"] in ("stale", "error"):
                sent = None  # not played: the next state says what to do
            if message["type"] != "state":
                continue
            if sent is not None and message["version"] > sent[0]:
                acknowledged.append(sent)
                sent = None
            if message["status"] == "finished" or len(acknowledged) >= goal:
                return
            if sent is None and (message["legal"] or message["can_roll"]):
                version = message["version"]
                if message["can_roll"]:
                    sent = (version, "")
                    await ws.send(json.dumps({"type": "roll", "version": version}))
                else:
                    notation = message["legal"][0]["notation"]
                    sent = (version, notation)
                    await ws.send(
                        json.dumps({"type": "act", "action": notation, "version": version})
                    )


async def until(condition: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    """Wait for ``condition`` (checked every 50 ms), failing with ``what`` after ``seconds``: a
    scenario waits for what it needs, never for a time that a loaded machine may overrun."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds:g} s: {what}"
        await asyncio.sleep(0.05)


def create(url: str, seats: list[Message]) -> Message:
    response = httpx.post(
        f"{url}/api/tables", json={"game": "royal_turf", "seats": seats}, trust_env=False
    )
    assert response.status_code == 201, response.text
    body: Message = response.json()
    return body


def test_two_processes_share_the_tables_and_survive_a_kill(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    env = {
        "HIPPODROME_REDIS_NAMESPACE": f"hippodrome-test-{uuid.uuid4().hex[:8]}",
        "HIPPODROME_LEASE_SECONDS": "1.5",
    }
    args = ["--db", pg_url, "--redis", redis_url, "--bot-delay", "0.01", "--bot-processes", "0"]
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    started = [spawn(args, log, **env) for log in logs]
    a = started[0][0]
    with serving(started, logs) as (url_a, url_b):
        duel = create(url_a, [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
        tables = [
            create(url_a, [{"kind": "bot", "bot": "random"}] * 2)["id"] for _ in range(BOT_TABLES)
        ]
        acknowledged: list[tuple[int, str]] = []

        async def scenario() -> list[Watcher]:
            watchers = [
                Watcher(t, order)
                for t in [*tables, duel["id"]]
                for order in ([url_a, url_b], [url_b, url_a])
            ]
            token = duel["seats"][0]["token"]
            # The player opens the table through B, then the spectators come to A and B, then
            # the player leaves and comes back (presence), A dies meanwhile, and the player plays
            # on through B while the bots of A's tables play on through B.
            await play(url_b, duel["id"], token, acknowledged, 3)
            for watcher in watchers:
                watcher.task = asyncio.create_task(watcher.run())
            # Every spectator in (its first state shown) before the line is said: a late one would
            # miss it on a loaded machine.
            await until(lambda: all(w.versions for w in watchers), "every spectator joined")
            # A spectator says a line through B: the duel's spectators at A hear it too.
            ws_b = url_b.replace("http", "ws", 1) + f"/ws/tables/{duel['id']}"
            async with connect(ws_b, proxy=None) as talker:
                await talker.send(json.dumps({"type": "join", "token": None}))
                await talker.send(json.dumps({"type": "say", "text": "Allez Ada !", "name": "Zoé"}))
                async for raw in talker:
                    if json.loads(raw)["type"] == "chat":
                        break  # stored and told
            player = asyncio.create_task(play(url_b, duel["id"], token, acknowledged, 20))
            # A dies with play under way on every table: the player's first move through B
            # acknowledged, and a move of every bot table shown to each of its spectators. Waited
            # for, not slept: a fixed second let fast bots finish before the kill, leaving A's
            # spectators nothing to reconnect for, and was too short on a loaded machine.
            bot_watchers = [w for w in watchers if w.table_id != duel["id"]]
            await until(
                lambda: len(acknowledged) > 3 and all(len(w.versions) > 1 for w in bot_watchers),
                "play under way on every table",
            )
            assert all(w.final is None for w in bot_watchers), "a bot table ended before the kill"
            a.send_signal(signal.SIGKILL)
            a.wait(timeout=10)
            await asyncio.wait_for(player, timeout=60)
            bots = [w.task for w in watchers if w.task and w.table_id != duel["id"]]
            await asyncio.wait_for(asyncio.gather(*bots), timeout=60)
            # The duel now waits for its player: its spectators end at its stored version.
            version = httpx.get(f"{url_b}/api/tables/{duel['id']}", trust_env=False).json()
            deadline = time.monotonic() + 10
            at_duel = [w for w in watchers if w.table_id == duel["id"]]
            while any(w.versions[-1:] != [version["version"]] for w in at_duel):
                assert time.monotonic() < deadline, "the duel's spectators caught up"
                await asyncio.sleep(0.1)
            for watcher in at_duel:
                assert watcher.task is not None
                watcher.task.cancel()
            return watchers

        started_at = time.monotonic()
        watchers = asyncio.run(scenario())
        print(f"scenario: {time.monotonic() - started_at:.1f} s")
        for table_id in [*tables, duel["id"]]:
            summary = httpx.get(f"{url_b}/api/tables/{table_id}", trust_env=False).json()
            record = httpx.get(f"{url_b}/api/tables/{table_id}/record", trust_env=False).json()
            replayed = GameRecord.from_json(record).replay(load_game("royal_turf", players=2))
            assert len(replayed.history) == summary["version"], "the record replays"
            if table_id != duel["id"]:
                assert summary["status"] == "finished", f"table {table_id} was taken over by B"
                assert replayed.is_terminal()
            if table_id == duel["id"]:
                for version, notation in acknowledged:
                    player, action = replayed.history[version]
                    # A roll is stored as chance's outcome, an action as the seat's.
                    stored = (player, str(action) if notation else "")
                    assert stored == (0 if notation else CHANCE, notation), (
                        f"the move acknowledged at version {version} is the one stored"
                    )
    output = "".join(log.read_text() for log in logs)
    assert "two drivers at once" not in output
    assert "Traceback" not in output, output[-3000:]
    assert len(acknowledged) == 23
    for watcher in watchers:
        assert watcher.final is not None or watcher.table_id == duel["id"], (
            f"a spectator of {watcher.table_id} saw the end"
        )
        assert watcher.versions == sorted(watcher.versions), "versions only go forward"
        for before, after in watcher.reconnections:
            assert after >= before, "a reconnected spectator catches up, never goes back"
    moved = [w for w in watchers if w.urls[0] == url_a]
    assert all(w.reconnections for w in moved), "A's spectators reconnected to B"
    assert all(w.chat == ["Allez Ada !"] for w in watchers if w.table_id == duel["id"]), (
        "a chat line said through B reached the spectators at A (through the bus) and at B"
    )
    assert all(w.presence >= 2 for w in watchers if w.table_id == duel["id"]), (
        "the player's leaving and coming back, through B, were told to every spectator (A's "
        "through the bus) as presence messages"
    )


def test_the_bot_worker_process_dies_with_its_server(tmp_path: Path) -> None:
    """kill -9 of the server leaves no worker behind (``thinking.die_with_parent``)."""
    log = tmp_path / "serve.log"
    started = spawn(["--db", f"sqlite:///{tmp_path / 'h.db'}", "--bot-delay", "0"], log)
    server_process = started[0]
    with serving([started], [log]) as (url,):
        # Royal Turf's heuristic bot thinks in the worker process.
        create(url, [{"kind": "bot", "bot": "heuristic"}] * 2)
        deadline = time.monotonic() + 30
        while not children(server_process.pid):
            assert time.monotonic() < deadline, "the server never started its worker process"
            time.sleep(0.1)
        time.sleep(0.5)
        workers = children(server_process.pid)
        server_process.send_signal(signal.SIGKILL)
        server_process.wait(timeout=10)
    deadline = time.monotonic() + 10
    while [pid for pid in workers if alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in workers if alive(pid)] == [], "the server's children outlived it"


def test_a_move_taken_back_in_one_process_is_read_anew_in_the_other(pg_url: str) -> None:
    """Two processes' services on one store: after one takes a move back, the other's cached table
    is read anew (its version went down, or its log changed under the same length), never only
    appended to; an undo from a table behind the store is refused, changing nothing."""
    engine = open_database(pg_url)
    one, two, three, four = (TableService(engine, shared=True) for _ in range(4))
    seats = [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.HUMAN, name="Bob")]
    table, _ = one.create("toques_et_casques", {"category": "A"}, seats, practice=True)
    one.mark_seen(table, 0)
    one.mark_seen(table, 1)

    def step(choice: int = 0) -> int | None:
        """One action at the table through ``one``; the seat that chose, if a person did."""
        state = table.state
        actor = automatic_actor(table)
        if actor is not None:
            one.apply(table, actor, automatic_action(table, actor))
            return None
        if state.is_chance_node():
            one.apply(table, CHANCE, table.draw_chance())
            return None
        seat = state.active_players()[0]
        one.apply(table, seat, state.legal_actions(seat)[choice])
        return seat

    for _ in range(200):
        mover = step()
        if mover is not None and can_undo(table, mover):
            back = table.state.taken_back(mover, practice=True)
            if len(back.legal_actions(mover)) > 1:
                break  # a move to take back, begun with one action among others
    else:
        pytest.fail("no move to take back within 200 actions")
    assert mover is not None
    for other in (two, three, four):
        seen, events = other.fresh(table.id)
        assert seen.version == table.version and events == []
    played = table.version
    old = list(table.state.history)

    one.undo(table, mover)
    # ``four`` has not caught up: its own undo of the same move is refused, changing nothing.
    behind = four.get(table.id)
    assert behind.version == played and can_undo(behind, mover)
    with pytest.raises(VersionTakenError):
        four.undo(behind, mover)
    again, events = two.fresh(table.id)
    assert events is None, "a version gone down is read anew"
    assert again.version == table.version < played
    assert again.state.history == table.state.history

    # ``one`` plays another action instead, and on up to the version ``three`` knows.
    taken = str(old[table.version][1])  # the first action taken back
    legal = [str(a) for a in table.state.legal_actions(mover)]
    step(next(i for i, a in enumerate(legal) if a != taken))
    while table.version < played:
        step()
    changed, events = three.fresh(table.id)
    assert events is None, "a log that changed under it (another move after the undo) is read anew"
    assert changed.state.history == table.state.history

    stored = TableService(engine).get(table.id).state.history
    assert stored == table.state.history, "the store holds the game as played"


async def first_message(url: str, table_id: str, token: str | None) -> Message:
    """The first message a new connection at the table gets (its state, or a refusal)."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    async with connect(ws_url, proxy=None, max_size=2**24) as ws:
        with contextlib.suppress(ConnectionClosed):  # a refusal may close it before the join
            await ws.send(json.dumps({"type": "join", "token": token}))
        message: Message = json.loads(await ws.recv())
        return message


@contextmanager
def two_processes(pg_url: str, redis_url: str, tmp_path: Path, **env: str) -> Iterator[list[str]]:
    """Processes A and B on one PostgreSQL and a Redis namespace of their own, with ``env`` (small
    limits); their logs must hold no traceback."""
    env = {"HIPPODROME_REDIS_NAMESPACE": f"hippodrome-test-{uuid.uuid4().hex[:8]}", **env}
    args = ["--db", pg_url, "--redis", redis_url, "--bot-processes", "0"]
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with serving([spawn(args, log, **env) for log in logs], logs) as urls:
        yield urls
    output = "".join(log.read_text() for log in logs)
    assert "Traceback" not in output, output[-3000:]


def test_limits_and_rematches_hold_across_two_processes(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    """docs/web.md, "Limits" and "End of a game": the quotas and the connections of one address
    are counted for both processes (each alone would allow more), and a rematch asked through A
    reaches the player connected to B, with no token in the news between them; coming back
    through A, he is handed the same token there."""
    namespace = f"hippodrome-test-{uuid.uuid4().hex[:8]}"
    limits = {
        "HIPPODROME_TABLES_PER_ADDRESS": "3",
        "HIPPODROME_WS_PER_ADDRESS": "3",
        "HIPPODROME_REDIS_NAMESPACE": namespace,
    }
    with two_processes(pg_url, redis_url, tmp_path, **limits) as (url_a, url_b):
        # A finished duel, played to its end in the store.
        service = TableService(open_database(pg_url), shared=True)
        seats = [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.HUMAN, name="Bob")]
        table, (ada, bob) = service.create("royal_turf", {}, seats)
        assert ada is not None and bob is not None
        for seat in (0, 1):
            service.mark_seen(table, seat)
        play_out(pg_url, table.id)

        async def scenario() -> None:
            ws_b = url_b.replace("http", "ws", 1) + f"/ws/tables/{table.id}"
            ws_a = url_a.replace("http", "ws", 1) + f"/ws/tables/{table.id}"
            from redis.asyncio import Redis  # noqa: PLC0415 (the cluster's extra)

            news = Redis.from_url(redis_url).pubsub()
            await news.subscribe(f"{namespace}:news")
            async with (
                connect(ws_b, proxy=None, max_size=2**24) as bob_ws,
                connect(ws_a, proxy=None) as watching_1,
                connect(ws_a, proxy=None) as watching_2,
            ):
                await bob_ws.send(json.dumps({"type": "join", "token": bob}))
                for ws in (watching_1, watching_2):
                    await ws.send(json.dumps({"type": "join", "token": None}))
                    assert json.loads(await ws.recv())["type"] == "state"
                assert json.loads(await bob_ws.recv())["status"] == "finished"
                # Three connections of this address, two through A: B alone holds one.
                refused = await first_message(url_b, table.id, None)
                assert refused.get("key") == "error.too_many_connections", refused

                # Ada asks for the rematch through A: Bob, at B, is handed his new seat.
                response = httpx.post(
                    f"{url_a}/api/tables/{table.id}/rematch",
                    headers={"X-Seat-Token": ada},
                    trust_env=False,
                )
                assert response.status_code == 201, response.text
                new_id = response.json()["id"]
                handed = None
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(30):
                        async for raw in bob_ws:
                            message = json.loads(raw)
                            if message["type"] == "rematch":
                                handed = message
                            if message["type"] == "state" and message["rematch"] == new_id:
                                break
                assert handed is not None and handed["table"] == new_id, "B told Bob"
            # The news of the rematch named the new table, and no token went over Redis.
            heard = []
            while (item := await news.get_message(timeout=0.5)) is not None:
                heard.append(item["data"].decode() if isinstance(item["data"], bytes) else "")
            await news.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed in newer redis
            told = [Notice.from_text(text) for text in heard]
            assert any(n and n.kind == "rematch" and n.detail == {"table": new_id} for n in told)
            asker_token = response.json()["seats"][0]["token"]
            for secret in (handed["token"], asker_token, ada, bob):
                assert not any(secret in text for text in heard), "a token went over the news"
            # Bob comes back through A, which never had him connected: the same token.
            async with connect(ws_a, proxy=None, max_size=2**24) as again:
                await again.send(json.dumps({"type": "join", "token": bob}))
                async with asyncio.timeout(30):
                    async for raw in again:
                        message = json.loads(raw)
                        if message["type"] == "rematch":
                            assert message == handed, "A derives the token B handed"
                            break
            # Every connection closed: the address may connect again, through either process.
            deadline = time.monotonic() + 10
            while (joined := await first_message(url_b, new_id, handed["token"]))[
                "type"
            ] != "state":
                assert time.monotonic() < deadline, (
                    f"the closed connections were uncounted: {joined}"
                )
                await asyncio.sleep(0.1)
            assert joined["seat"] == 1, "the token B handed to Bob is his seat at the rematch"

        asyncio.run(scenario())
        # The rematch took one table of this address's quota (through A); one more through B and
        # one through A reach it, and B refuses the next though it made only one.
        for url in (url_b, url_a):
            create(url, [{"kind": "bot", "bot": "random"}] * 2)
        response = httpx.post(
            f"{url_b}/api/tables",
            json={"game": "royal_turf", "seats": [{"kind": "bot", "bot": "random"}] * 2},
            trust_env=False,
        )
        assert response.status_code == 429, response.text
        assert response.json()["error"]["key"] == "error.too_many_tables"


def test_logins_and_connections_per_table_are_counted_across_two_processes(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    """docs/web.md, "Limits": the login attempts of one address and the connections at one table
    are counted for both processes (each alone would allow more); a closed connection is
    uncounted, through either process."""
    limits = {"HIPPODROME_LOGINS_PER_ADDRESS": "3", "HIPPODROME_WS_PER_TABLE": "3"}
    with two_processes(pg_url, redis_url, tmp_path, **limits) as (url_a, url_b):
        # Three failed logins, two through A: B alone counted one, and refuses the next.
        wrong = {"name": "Ada", "password": "not her password"}
        answers = [
            httpx.post(
                f"{url}/api/account/login",
                json=wrong,
                headers={"X-Hippodrome": "1"},
                trust_env=False,
            )
            for url in (url_a, url_b, url_a, url_b)
        ]
        assert [a.status_code for a in answers] == [401, 401, 401, 429], answers[-1].text
        answer = answers[-1]
        assert answer.json()["error"]["key"] == "error.too_many_logins"

        table = create(url_a, [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"}])
        ws_a = url_a.replace("http", "ws", 1) + f"/ws/tables/{table['id']}"
        ws_b = url_b.replace("http", "ws", 1) + f"/ws/tables/{table['id']}"

        async def scenario() -> Message:
            async with (
                connect(ws_a, proxy=None, max_size=2**24) as first,
                connect(ws_a, proxy=None, max_size=2**24) as second,
                connect(ws_b, proxy=None, max_size=2**24) as third,
            ):
                for ws in (first, second, third):
                    await ws.send(json.dumps({"type": "join", "token": None}))
                    assert json.loads(await ws.recv())["type"] == "state"
                # Three at the table, two through A: B alone holds one, and refuses the next.
                refused = await first_message(url_b, table["id"], None)
                assert refused.get("key") == "error.table_crowded", refused
                await first.close()
                # One left through A: B lets the next in (once A's uncount is through).
                deadline = time.monotonic() + 10
                while (joined := await first_message(url_b, table["id"], None))["type"] != "state":
                    assert joined.get("key") == "error.table_crowded", joined
                    assert time.monotonic() < deadline, "the closed connection was uncounted"
                    await asyncio.sleep(0.1)
                return joined

        assert asyncio.run(scenario())["status"] == "open"


def test_the_connections_of_a_process_no_longer_heard_of_are_not_counted(redis_url: str) -> None:
    """docs/deploy.md, "Limits": a connection is counted under its table and its address at once,
    or under neither when one is full; the counts of a process that died (no longer heard of) are
    dropped at the next admission, and a closed connection is uncounted."""
    namespace = f"hippodrome-test-{uuid.uuid4().hex[:8]}"
    table, address = table_count("t"), address_count("198.51.100.7")

    async def nothing() -> None:
        pass

    async def scenario() -> None:
        dead, alive = (RedisBus(redis_url, namespace=namespace) for _ in range(2))
        for bus in (dead, alive):
            await bus.start(lambda _: None, nothing)
        try:
            counts = [(table, 2), (address, 3)]
            assert await dead.admit(counts, [alive.process]) is None
            assert await dead.admit(counts, [alive.process]) is None
            assert await alive.admit(counts, [dead.process]) == 0, "the table is full"
            assert await alive.admit([(address, 2)], [dead.process]) == 0, "so is the address"
            assert await alive.admit(counts, []) is None, "the dead process's two are dropped"
            held = alive._client  # the counts as stored: one connection of ``alive`` under each
            for counted in (table, address):
                assert await held.hgetall(f"{namespace}:{counted}") == {
                    alive.process.encode(): b"1"
                }
            alive.leave([table, address])
            await asyncio.gather(*alive._leaving)
            assert await held.exists(f"{namespace}:{table}", f"{namespace}:{address}") == 0
        finally:
            for bus in (dead, alive):
                await bus.stop()

    asyncio.run(scenario())


def test_a_move_from_the_news_is_played_without_reading_the_store(pg_url: str) -> None:
    """docs/deploy.md: a process plays another's move from its news (``StoredMoves``, through its
    JSON as on the bus) and ends where the store is; news that does not continue its copy (one
    missed) is refused, for the store to be read instead."""
    engine = open_database(pg_url)
    writer, follower = TableService(engine, shared=True), TableService(engine, shared=True)
    seats = [SeatSpec(SeatKind.BOT, bot="random")] * 2
    table, _ = writer.create("royal_turf", {}, seats)
    copy, _ = follower.fresh(table.id, trust=True)
    assert table.id in follower.current, "read with the news live: trusted"

    def step() -> StoredMoves:
        actor = automatic_actor(table)
        assert actor is not None
        _, write = writer.play(table, actor, automatic_action(table, actor))
        writer.store(write)
        news = StoredMoves.from_json(json.loads(json.dumps(StoredMoves.of(write).to_json())))
        assert news is not None
        return news

    for _ in range(5):
        events = follower.follow(copy, step())
        assert events is not None and events == table.state.events[-len(events) :]
    assert copy.state.history == table.state.history
    assert (copy.version, copy.status, copy.updated) == (table.version, table.status, table.updated)
    assert follower.fresh(table.id, trust=True)[1] == [], "trusted: nothing read, nothing new"

    step()  # this news is missed
    version = copy.version
    assert follower.follow(copy, step()) is None, "a gap: the store must be read"
    assert copy.version == version, "nothing played from news that does not continue the copy"
    follower.forget_news(table.id)
    caught, events = follower.fresh(table.id, trust=True)
    assert caught.state.history == table.state.history and events


def test_a_joiner_is_never_shown_a_table_older_than_the_store(
    pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    """docs/deploy.md: a process trusts its copy of a table while the news is live, but news is
    not instant. A spectator who saw a move at another process, which then died, and who joins
    here before the news of that move arrived, is shown the table with the move: a join reads the
    store. (Here the move is stored with no news at all, the extreme of news still on its way.)"""
    env = {"HIPPODROME_REDIS_NAMESPACE": f"hippodrome-test-{uuid.uuid4().hex[:8]}"}
    args = ["--db", pg_url, "--redis", redis_url, "--bot-processes", "0"]
    log = tmp_path / "b.log"
    with serving([spawn(args, log, **env)], [log]) as (url_b,):
        writer = TableService(open_database(pg_url), shared=True)
        seats = [SeatSpec(SeatKind.HUMAN, name="Ada"), SeatSpec(SeatKind.HUMAN, name="Bob")]
        table, _ = writer.create("royal_turf", {}, seats)
        for seat in (0, 1):
            writer.mark_seen(table, seat)
        while table.state.is_chance_node():  # the deal: then a player's move, nothing automatic
            writer.apply(table, CHANCE, table.draw_chance())
        joined = asyncio.run(first_message(url_b, table.id, None))
        assert joined["version"] == table.version, "B read the table: now its copy is trusted"
        seat = table.state.active_players()[0]
        writer.apply(table, seat, table.state.legal_actions(seat)[0])  # no news of it
        joined = asyncio.run(first_message(url_b, table.id, None))
        assert joined["version"] == table.version, "the joiner sees the move stored meanwhile"
    assert "Traceback" not in log.read_text()


@contextmanager
def own_redis() -> Iterator[tuple[str, Callable[[], None], Callable[[], None]]]:
    """A redis-server of the test's own on a free port (the machine's shared one is never
    restarted): its URL, a function that kills it and one that starts it again, empty. Skipped
    when redis-server is not installed, except in CI."""
    suite.requires("redis", "cluster")  # the servers' client (hippodrome serve --redis)
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is required in CI (a Redis of the test's own is restarted)")
        pytest.skip("redis-server is not installed: no Redis of the test's own to restart")
    port = free_port()
    running: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        running.append(
            subprocess.Popen(
                [
                    *("redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""),
                    *("--appendonly", "no", "--daemonize", "no"),
                ],
                stdout=subprocess.DEVNULL,
            )
        )
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                return
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not answer within 20 s"
                time.sleep(0.05)

    def kill() -> None:
        running[-1].kill()
        running[-1].wait(timeout=10)

    start()
    try:
        yield f"redis://127.0.0.1:{port}/0", kill, start
    finally:
        if running[-1].poll() is None:
            kill()


LEASE = 0.6
"""The lease of a table's driver in the Redis restart test, in seconds."""


async def still(
    read: Callable[[], dict[str, int]], lease: float, seconds: float = 30.0
) -> dict[str, int]:
    """The versions ``read`` gives once they have stood still for two leases (a lapsed lease can
    no longer be renewed): read every lease, until two readings in a row agree with the one
    before them. Fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    seen = [read()]
    while len(seen) < 3 or not seen[-1] == seen[-2] == seen[-3]:
        assert time.monotonic() < deadline, f"the bots never stood still: {seen[-3:]}"
        await asyncio.sleep(lease)
        seen.append(read())
    return seen[-1]


def test_play_and_news_resume_after_redis_restarts(pg_url: str, tmp_path: Path) -> None:
    """docs/deploy.md: Redis killed during play and started again, empty. The bots pause once
    their leases lapse and play on once it is back; the spectators at both processes (those of
    the process that does not drive a table hear of it only through Redis) catch up with the
    store by version, never going back; the records replay, no version played by two drivers."""
    with own_redis() as (redis_url, kill_redis, start_redis):
        env = {
            "HIPPODROME_LEASE_SECONDS": str(LEASE),
            "HIPPODROME_REDIS_NAMESPACE": "hippodrome-test",
        }
        args = ["--db", pg_url, "--redis", redis_url, "--bot-delay", "0.05", "--bot-processes", "0"]
        logs = [tmp_path / "a.log", tmp_path / "b.log"]
        with serving([spawn(args, log, **env) for log in logs], logs) as (url_a, url_b):
            tables = [create(url_a, [{"kind": "bot", "bot": "random"}] * 2)["id"] for _ in range(2)]
            store = TableService(open_database(pg_url), shared=True)

            def stored() -> dict[str, int]:
                return {t: store.fresh(t)[0].version for t in tables}

            def finished() -> set[str]:
                return {t for t in tables if store.fresh(t)[0].status == "finished"}

            async def scenario() -> tuple[list[Watcher], dict[str, int]]:
                watchers = [Watcher(t, [url]) for t in tables for url in (url_a, url_b)]
                for watcher in watchers:
                    watcher.task = asyncio.create_task(watcher.run())
                # Play under way: a move stored at every table (waited for, not slept).
                await until(lambda: all(stored().values()), "play under way at every table")
                kill_redis()
                # Every lease lapses (0.6 s) and the bots stand still: the stored versions stop
                # moving. Waited for, as long as a loaded machine needs; a driver that went on
                # without Redis would keep them moving, and fail here.
                paused = await still(stored, LEASE)
                await asyncio.sleep(2 * LEASE)
                assert stored() == paused, "no driver without Redis (no lease can be taken)"
                start_redis()
                deadline = time.monotonic() + 30
                while any(v <= paused[t] for t, v in stored().items() if t not in finished()):
                    assert time.monotonic() < deadline, "play resumed once Redis was back"
                    await asyncio.sleep(0.1)
                target = stored()  # moves made since: every spectator is shown them
                while any(
                    (w.versions[-1:] or [-1])[0] < target[w.table_id] and w.final is None
                    for w in watchers
                ):
                    assert time.monotonic() < deadline, "every spectator caught up by version"
                    await asyncio.sleep(0.05)
                for watcher in watchers:
                    assert watcher.task is not None
                    watcher.task.cancel()
                return watchers, target

            watchers, target = asyncio.run(scenario())
            for table_id in tables:
                record = httpx.get(f"{url_b}/api/tables/{table_id}/record", trust_env=False)
                state = GameRecord.from_json(record.json()).replay(
                    load_game("royal_turf", players=2)
                )
                assert len(state.history) >= target[table_id], "the record holds every move shown"
    output = "".join(log.read_text() for log in logs)
    assert output.count("is back: catching up") == 2, "both processes saw Redis go and come back"
    assert "two drivers at once" not in output and "Traceback" not in output, output[-3000:]
    for watcher in watchers:
        assert watcher.versions == sorted(watcher.versions), "versions only go forward"
