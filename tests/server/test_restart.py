"""A real process restart: ``hippodrome serve`` killed mid-game and started again on the same file.

The in-process restart of ``test_api.py`` shares one Python process; here the server is a separate
process, stopped in the middle of a game, once gracefully (SIGTERM) and once as a crash would stop
it (SIGKILL). The new process on the same SQLite file must give the reconnecting player exactly the
same version, observation and legal actions, and the game must go on to its end (docs/web.md).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

Message = dict[str, Any]
SERVE = [sys.executable, "-c", "from hippodrome.cli import main; main()", "serve"]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``hippodrome serve`` in its own process, once it answers HTTP; killed if still alive after."""
    process = subprocess.Popen(
        [
            *SERVE,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--bot-delay",
            "0.01",
        ],
        # This client plays as fast as it is answered: no message budget.
        env={**os.environ, "HIPPODROME_WS_MESSAGES_PER_SECOND": "0"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30.0
        while True:
            if process.poll() is not None:
                assert process.stderr is not None
                pytest.fail(f"the server exited at start: {process.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", trust_env=False).is_success:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the server did not answer within 30 s")
            time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        if process.stderr is not None:
            process.stderr.close()


def receive_until(
    ws: ClientConnection, predicate: Callable[[Message], bool], log: list[Message]
) -> Message:
    """The next message matching ``predicate``; every state's events are added to ``log``."""
    for _ in range(5000):
        message: Message = json.loads(ws.recv(timeout=20))
        assert message["type"] != "error", message
        if message["type"] == "state":
            log.extend(message["events"])
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


def my_turn(message: Message) -> bool:
    return message["type"] == "state" and bool(message["legal"] or message["can_roll"])


def next_turn(ws: ClientConnection, after: int, log: list[Message]) -> Message:
    """The first state past version ``after`` where this seat must act, or the game is over."""
    return receive_until(
        ws,
        lambda m: (
            m["type"] == "state"
            and m["version"] > after
            and (my_turn(m) or m["status"] == "finished")
        ),
        log,
    )


def play_one(ws: ClientConnection, state: Message) -> None:
    """The seat's first legal action, or its roll."""
    if state["can_roll"]:
        ws.send(json.dumps({"type": "roll", "version": state["version"]}))
    else:
        action = state["legal"][0]["notation"]
        ws.send(json.dumps({"type": "act", "action": action, "version": state["version"]}))


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_a_server_process_restart_loses_nothing(tmp_path: Path, stop: signal.Signals) -> None:
    db = tmp_path / "hippodrome.db"
    port = free_port()
    with serving(db, port) as process:
        response = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={
                "game": "royal_turf",
                "seats": [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}],
            },
            trust_env=False,
        )
        assert response.status_code == 201, response.text
        table = response.json()
        url = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}"
        with connect(url, proxy=None, max_size=2**24) as ws:
            ws.send(json.dumps({"type": "join", "token": table["seats"][0]["token"]}))
            # Play into the first race (betting is over, horses have moved), then stop the server
            # while the game waits for this seat: nothing else can change the table meanwhile.
            log: list[Message] = []
            state = receive_until(ws, my_turn, log)
            while not (state["observation"]["phase"] == "racing" and state["version"] >= 40):
                play_one(ws, state)
                state = next_turn(ws, state["version"], log)
            before = state
            process.send_signal(stop)
            process.wait(timeout=15)
    assert before["status"] == "running"
    assert any(h["square"] is not None for h in before["observation"]["horses"])

    port = free_port()
    with serving(db, port):
        url = f"ws://127.0.0.1:{port}/ws/tables/{table['id']}"
        with connect(url, proxy=None, max_size=2**24) as ws:
            ws.send(json.dumps({"type": "join", "token": table["seats"][0]["token"]}))
            after: Message = json.loads(ws.recv(timeout=20))
            assert after["type"] == "state"
            assert after["version"] == before["version"], "no action was lost nor added"
            assert after["observation"] == before["observation"]
            assert after["legal"] == before["legal"] and after["can_roll"] == before["can_roll"]
            assert after["events"] == log, "the whole log so far, as it was told the first time"
            state = after
            while state["status"] != "finished":
                play_one(ws, state)
                state = next_turn(ws, state["version"], log)
        summary = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table['id']}", trust_env=False)
    assert summary.json()["status"] == "finished"
    assert state["result"] is not None and state["version"] > before["version"]
