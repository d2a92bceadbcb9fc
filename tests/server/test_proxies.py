"""The client a limit counts (docs/deploy.md, "Behind a load balancer"): a forwarded address is
believed only from a trusted proxy (``--trusted-proxies``), the right-most hop that is not one; a
local client cannot escape the limits by writing ``X-Forwarded-For``; the login lockout counts the
failures per address and account name under a looser ceiling per address.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from hippodrome.server.limits import TrustedProxies
from tests.server.conftest import make_client
from tests.server.test_accounts import CLIENT_HEADERS, PASSWORD, error_of, sign_up
from tests.server.test_restart import SERVE, free_port

BOTS = [{"kind": "bot", "bot": "random"}] * 2
BALANCER = "10.0.0.5"


def test_the_right_most_untrusted_hop_is_the_client() -> None:
    proxies = TrustedProxies("10.0.0.0/8, 127.0.0.1 ::1")
    # Not from a trusted peer: the header is whatever the client wrote.
    assert proxies.client("203.0.113.7", "198.51.100.1") == "203.0.113.7"
    assert proxies.client("127.0.0.2", "198.51.100.1") == "127.0.0.2"
    # From the balancer: the address it appended, whatever the client wrote before it.
    assert proxies.client("10.0.0.5", "1.2.3.4, 198.51.100.1") == "198.51.100.1"
    # Through two trusted hops (a CDN's edge in the trusted range, then the balancer).
    assert proxies.client("127.0.0.1", "1.2.3.4, 198.51.100.1, 10.9.9.9") == "198.51.100.1"
    # Addresses as some proxies write them: ports, brackets, IPv6, IPv4 mapped in IPv6.
    assert proxies.client("10.0.0.5", "198.51.100.1:5678") == "198.51.100.1"
    assert proxies.client("::1", "[2001:db8::1]:443") == "2001:db8::1"
    assert proxies.client("::ffff:10.0.0.5", "198.51.100.2") == "198.51.100.2"
    # Garbage after a trusted hop: that hop is what is known; no header: the peer.
    assert proxies.client("10.0.0.5", "1.2.3.4, unknown") == "10.0.0.5"
    assert proxies.client("10.0.0.5", None) == "10.0.0.5"
    # Every hop trusted: the left-most.
    assert proxies.client("10.0.0.5", "10.1.1.1, 10.2.2.2") == "10.1.1.1"
    assert not TrustedProxies("")
    with pytest.raises(ValueError, match="does not appear to be"):
        TrustedProxies("10.0.0.0/8, not-a-network")


@contextmanager
def through(client: TestClient, peer: str) -> Iterator[TestClient]:
    """A client of the same app connecting from ``peer`` (the custom header on)."""
    with TestClient(client.app, client=(peer, 50000)) as other:
        other.headers.update(CLIENT_HEADERS)
        yield other


def create(client: TestClient, forwarded: str | None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    answer = client.post("/api/tables", json={"game": "royal_turf", "seats": BOTS}, headers=headers)
    status: int = answer.status_code
    return status


def test_the_quotas_count_the_client_a_trusted_balancer_forwarded(db_url: str) -> None:
    with (
        make_client(db_url, tables_per_address=2, trusted_proxies="10.0.0.0/24") as client,
        through(client, BALANCER) as balancer,
        through(client, "198.51.100.9") as direct,
    ):
        # Two clients behind the balancer each get their own quota.
        assert [create(balancer, "203.0.113.1") for _ in range(3)] == [201, 201, 429]
        assert [create(balancer, "203.0.113.2") for _ in range(2)] == [201, 201]
        # What a client writes before the balancer's hop changes nothing.
        assert create(balancer, "203.0.113.99, 203.0.113.1") == 429
        # A client reaching the server directly is counted by its own address, whatever it
        # writes: a forged header does not let it escape.
        assert [create(direct, f"203.0.113.{n}") for n in range(10, 13)] == [201, 201, 429]


def test_the_connections_per_address_count_the_forwarded_client(db_url: str) -> None:
    with make_client(db_url, ws_per_address=1, trusted_proxies=BALANCER) as client:
        table = client.post("/api/tables", json={"game": "royal_turf", "seats": BOTS}).json()
        url = f"/ws/tables/{table['id']}"
        with through(client, BALANCER) as balancer:
            first = {"X-Forwarded-For": "203.0.113.1"}
            with balancer.websocket_connect(url, headers=first) as one:
                one.send_json({"type": "join", "token": None})
                assert one.receive_json()["type"] == "state"
                # Another client behind the same balancer gets in; the same client does not.
                second = {"X-Forwarded-For": "203.0.113.2"}
                with balancer.websocket_connect(url, headers=second) as two:
                    two.send_json({"type": "join", "token": None})
                    assert two.receive_json()["type"] == "state"
                with balancer.websocket_connect(url, headers=first) as three:
                    three.send_json({"type": "join", "token": None})
                    refused = three.receive_json()
                    assert refused["key"] == "error.too_many_connections", refused


def test_the_scheme_a_trusted_balancer_forwarded_is_the_pages_origin(db_url: str) -> None:
    """Behind a balancer serving TLS, a page's origin is https: its requests are not cross-site."""
    with make_client(db_url, trusted_proxies=BALANCER) as client:
        headers = {"Origin": "https://play.example.org", "Host": "play.example.org"}
        proto = {**headers, "X-Forwarded-Proto": "https"}
        with through(client, BALANCER) as balancer, through(client, "198.51.100.9") as direct:
            body = {"game": "royal_turf", "seats": BOTS}
            assert balancer.post("/api/tables", json=body, headers=proto).status_code == 201
            assert balancer.post("/api/tables", json=body, headers=headers).status_code == 403
            refused = direct.post("/api/tables", json=body, headers=proto)
            assert refused.status_code == 403, "only a trusted proxy tells the scheme"


def test_one_members_mistakes_do_not_lock_out_a_club_behind_one_address(db_url: str) -> None:
    """Issue 35's weak point: the failures are counted per address and account name; the address
    as a whole has a looser ceiling, which still counts every name and the sign-ups."""
    limits = {"logins_per_name": 3, "logins_per_address": 6, "logins_window": 300.0}
    with make_client(db_url, **limits) as client:
        client.headers.update(CLIENT_HEADERS)
        for name in ("Ada", "Bob"):
            sign_up(client, name)  # two attempts of the address
        wrong = {"name": "Ada", "password": "not her password"}
        assert [client.post("/api/account/login", json=wrong).status_code for _ in range(3)] == [
            401,
            401,
            401,
        ]
        locked = client.post("/api/account/login", json={"name": "ada", "password": PASSWORD})
        assert locked.status_code == 429 and error_of(locked) == "error.too_many_logins"
        assert locked.json()["error"]["params"]["limit"] == 3
        # Bob, behind the same address, still logs in: his success is not counted.
        good = {"name": "Bob", "password": PASSWORD}
        assert client.post("/api/account/login", json=good).status_code == 200
        assert client.post("/api/account/login", json=good).status_code == 200
        # Guessing other names reaches the address's ceiling (2 sign-ups, 3 + 1 failures).
        guess = {"name": "Bob", "password": "a guess"}
        assert client.post("/api/account/login", json=guess).status_code == 401
        ceiling = client.post("/api/account/login", json=good)
        assert ceiling.status_code == 429 and ceiling.json()["error"]["params"]["limit"] == 6
        assert int(ceiling.headers["Retry-After"]) >= 1


@contextmanager
def serve(tmp_path: Path, *args: str, **env: str) -> Iterator[str]:
    """``hippodrome serve`` on a free port of 127.0.0.1 (a SQLite file of the test's own)."""
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [*SERVE, "--port", str(port), "--db", f"sqlite:///{tmp_path / 'h.db'}", *args],
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env},
            stdout=sink,
            stderr=sink,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            assert process.poll() is None, log.read_text()[-2000:]
            try:
                if httpx.get(f"{url}/api/games", trust_env=False).is_success:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        yield url
    finally:
        process.kill()
        process.wait(timeout=10)


def test_a_local_client_cannot_escape_the_limits_by_forging_a_forwarded_address(
    tmp_path: Path,
) -> None:
    """`hippodrome serve` without trusted proxies believes no header, 127.0.0.1's neither (uvicorn's
    own default believed it: a client on the machine escaped every limit)."""
    with serve(tmp_path, HIPPODROME_TABLES_PER_ADDRESS="2", HIPPODROME_BOT_PROCESSES="0") as url:
        body = {"game": "royal_turf", "seats": BOTS}
        codes = [
            httpx.post(
                f"{url}/api/tables",
                json=body,
                headers={"X-Forwarded-For": f"203.0.113.{n}", "Forwarded": f"for=203.0.113.{n}"},
                trust_env=False,
            ).status_code
            for n in range(3)
        ]
        assert codes == [201, 201, 429]


def test_serve_refuses_a_trusted_proxy_that_is_no_network(tmp_path: Path) -> None:
    result = subprocess.run(
        [*SERVE, "--trusted-proxies", "10.0.0.0/33", "--db", f"sqlite:///{tmp_path / 'h.db'}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "--trusted-proxies" in result.stdout
