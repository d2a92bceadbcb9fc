"""Two server processes behind Debian's nginx, configured as docs/deploy.md says ("Behind a load
balancer": the configuration is read from that page), on one PostgreSQL and one Redis.

The clients come from different addresses of the loopback (127.0.0.2, 127.0.0.3), as a crowd
does; nginx reaches the servers from 127.0.0.1, their only trusted proxy (``--trusted-proxies``).
Each client is counted by its own address for the tables it creates, its connections and its
failed logins, whatever ``X-Forwarded-For`` it writes itself; websockets are upgraded through
nginx and a page's origin passes the origin check. Skipped with the reason when nginx, Redis or
PostgreSQL is absent, except where ``HIPPODROME_REQUIRE_NGINX`` is set (CI), when it fails.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.server.test_cluster import redis_available, serving, spawn
from tests.server.test_restart import free_port

# The tests that start several server processes run one after the other on one pytest worker
# (make test: --dist loadgroup): two clusters at once starve each other on a two-core machine.
pytestmark = pytest.mark.xdist_group("server-processes")

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None
)
CLIENTS = ("127.0.0.2", "127.0.0.3")
BOTS = [{"kind": "bot", "bot": "random"}] * 2


def site_config(ports: list[int], listen: int) -> str:
    """The nginx site of docs/deploy.md, listening on 127.0.0.1:``listen`` in front of ``ports``."""
    blocks = re.findall(r"```nginx\n(.*?)```", DEPLOY.read_text(), flags=re.DOTALL)
    assert len(blocks) == 1, "docs/deploy.md shows one nginx configuration"
    site = blocks[0]
    upstreams = re.findall(r"server 127\.0\.0\.1:\d+;", site)
    assert len(upstreams) == len(ports), upstreams
    for line, port in zip(upstreams, ports, strict=True):
        site = site.replace(line, f"server 127.0.0.1:{port};", 1)
    site, listens = re.subn(r"listen 80;", f"listen 127.0.0.1:{listen};", site)
    assert listens == 1
    return site


@pytest.fixture
def nginx() -> str:
    if NGINX is None:
        reason = "no nginx: install Debian's nginx package to run the load balancer's test"
        if os.environ.get("HIPPODROME_REQUIRE_NGINX"):
            pytest.fail(reason + " (HIPPODROME_REQUIRE_NGINX is set)")
        pytest.skip(reason)
    return NGINX


@pytest.fixture
def redis_url() -> str:
    reason = redis_available()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"Redis is required in CI: {reason}")
        pytest.skip(reason)
    from tests.server.test_cluster import REDIS  # noqa: PLC0415

    return REDIS


@contextmanager
def balancer(binary: str, ports: list[int]) -> Iterator[str]:
    """nginx in front of ``ports``, from a directory of its own (readable by its workers, which
    run as nobody when the test is root), until the block ends; yields its URL."""
    home = Path(tempfile.mkdtemp(prefix="hippodrome-nginx-"))
    home.chmod(0o755)
    listen = free_port()
    temps = "\n".join(
        f"{kind}_temp_path {home / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (home / "nginx.conf").write_text(
        f"pid {home / 'nginx.pid'};\nerror_log {home / 'error.log'} warn;\n"
        "worker_processes 1;\nevents { worker_connections 512; }\n"
        f"http {{\naccess_log off;\n{temps}\n{site_config(ports, listen)}\n}}\n"
    )
    process = subprocess.Popen(
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
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{listen}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, f"nginx exited: {process.communicate()[1].decode()}"
            try:
                if httpx.get(f"{url}/api/games", trust_env=False).is_success:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "nginx did not answer within 30 s"
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


def client(address: str) -> httpx.Client:
    """A client from ``address`` of the loopback, with the browser's custom header."""
    return httpx.Client(
        transport=httpx.HTTPTransport(local_address=address),
        headers={"X-Hippodrome": "1"},
        trust_env=False,
        timeout=30,
    )


async def first_message(url: str, table_id: str, address: str, **headers: str) -> dict[str, Any]:
    """The first message a spectator's new websocket at the table gets through the balancer."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
    async with connect(
        ws_url,
        proxy=None,
        origin=Origin(url),
        local_addr=(address, 0),
        additional_headers=headers,
    ) as ws:
        await ws.send(json.dumps({"type": "join", "token": None}))
        message: dict[str, Any] = json.loads(await ws.recv())
        return message


def test_two_processes_behind_nginx_count_each_client_by_its_own_address(
    nginx: str, pg_url: str, redis_url: str, tmp_path: Path
) -> None:
    limits = {
        "HIPPODROME_REDIS_NAMESPACE": f"hippodrome-test-{uuid.uuid4().hex[:8]}",
        "HIPPODROME_TABLES_PER_ADDRESS": "2",
        "HIPPODROME_WS_PER_ADDRESS": "2",
        "HIPPODROME_LOGINS_PER_NAME": "2",
    }
    args = ["--db", pg_url, "--redis", redis_url, "--bot-processes", "0"]
    args += ["--trusted-proxies", "127.0.0.1"]
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    started = [spawn(args, log, **limits) for log in logs]
    ports = [int(url.rsplit(":", 1)[1]) for _, url in started]
    with serving(started, logs), balancer(nginx, ports) as url:
        one, two = (client(address) for address in CLIENTS)
        body = {"game": "royal_turf", "seats": BOTS}
        # Tables: the quota of each client, whichever process nginx hands each request to.
        made = [one.post(f"{url}/api/tables", json=body) for _ in range(2)]
        assert [a.status_code for a in made] == [201, 201], made[-1].text
        forged = one.post(
            f"{url}/api/tables", json=body, headers={"X-Forwarded-For": "198.51.100.1"}
        )
        assert forged.status_code == 429, "a header the client wrote does not reset its quota"
        assert forged.json()["error"]["key"] == "error.too_many_tables"
        assert two.post(f"{url}/api/tables", json=body).status_code == 201, "another client's own"

        # Failed logins: one client's mistakes at one name lock out only him at that name.
        wrong = {"name": "Ada", "password": "not her password"}
        codes = [one.post(f"{url}/api/account/login", json=wrong).status_code for _ in range(3)]
        assert codes == [401, 401, 429]
        assert two.post(f"{url}/api/account/login", json=wrong).status_code == 401

        # Connections: websockets upgraded through nginx, a page's origin accepted, each client
        # counted by its address across both processes.
        table_id = made[0].json()["id"]

        async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
            ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"
            async with (
                connect(
                    ws_url, proxy=None, origin=Origin(url), local_addr=(CLIENTS[0], 0)
                ) as first,
                connect(
                    ws_url, proxy=None, origin=Origin(url), local_addr=(CLIENTS[0], 0)
                ) as second,
            ):
                states = []
                for ws in (first, second):
                    await ws.send(json.dumps({"type": "join", "token": None}))
                    states.append(json.loads(await ws.recv()))
                refused = await first_message(
                    url, table_id, CLIENTS[0], **{"X-Forwarded-For": "198.51.100.2"}
                )
                other = await first_message(url, table_id, CLIENTS[1])
                return states, refused, other

        states, refused, other = asyncio.run(scenario())
        assert [s["type"] for s in states] == ["state", "state"], states
        assert refused.get("key") == "error.too_many_connections", refused
        assert other["type"] == "state", other
        one.close()
        two.close()
    output = "".join(log.read_text() for log in logs)
    assert "Traceback" not in output, output[-3000:]
