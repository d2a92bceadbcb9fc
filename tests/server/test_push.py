"""Web push (docs/web.md, "Mail and push"): the real protocol, end to end on the server's side. A
tiny HTTP server of the test stands for the browser's push service: the message must arrive as
RFC 8030 says, encrypted for the subscribing browser (RFC 8291, ``aes128gcm``: the test decrypts
it with the browser's key) and signed by the site's VAPID key (RFC 8292: the test checks the JWT's
signature with the public key the browser subscribed with). The browser's own side (its push
service, the service worker showing the notice) is out of reach of a headless chromium without a
push service; the page's subscription call is tested in tests/web/test_turn_based.py."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient

from hippodrome.server.push import Pusher, make_keys
from hippodrome.server.storage import open_database
from tests.server.conftest import make_client, table_socket
from tests.server.test_mail import CLIENT_HEADERS
from tests.server.test_turn_based import TWO_DAYS, Seat, browser, create, until_someone_decides


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """The test's stand-in for a browser's push service: keeps each request, answers ``status``."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.status = 201
        self.arrived = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.requests.append(
                    {
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                    }
                )
                self.send_response(service.status)
                self.end_headers()
                service.arrived.set()

            def log_message(self, *_: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService()
    thread = threading.Thread(target=service.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        service.server.shutdown()
        service.server.server_close()


class Browser:
    """What a browser's ``PushManager.subscribe`` makes: a P-256 key pair and a 16-byte secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = b"0123456789abcdef"
        self.endpoint = endpoint

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def read(self, request: dict[str, Any]) -> dict[str, Any]:
        """Decrypt a pushed message as the browser does (RFC 8291)."""
        plain = http_ece.decrypt(
            request["body"], private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        message: dict[str, Any] = json.loads(plain)
        return message


def check_vapid(request: dict[str, Any], public_key: str, audience: str) -> dict[str, Any]:
    """The request's VAPID header: ``vapid t=<JWT>, k=<public key>``, the JWT signed (ES256) by
    the private key of ``public_key``, for the push service's origin; returns its claims."""
    scheme, _, params = request["headers"]["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    told: dict[str, Any] = json.loads(unb64(claims))
    assert told["aud"] == audience
    return told


def test_a_push_arrives_encrypted_for_the_browser_and_signed_by_the_site(
    push_service: PushService, db_url: str
) -> None:
    private, public = make_keys()
    engine = open_database(db_url)
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO accounts (name, name_key, password_hash, created) "
            "VALUES ('Ada', 'ada', 'x', CURRENT_TIMESTAMP)"
        )
    pusher = Pusher(engine, private, public, "mailto:admin@example.org", secure=False)
    browser_ = Browser(f"{push_service.url}/push/abc")
    sub = browser_.subscription()
    pusher.subscribe(1, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"])
    assert pusher.send_now(1, {"title": "Your turn", "body": "Table x", "url": "/?play=x"}) == 1
    (request,) = push_service.requests
    assert request["path"] == "/push/abc"
    assert request["headers"]["content-encoding"] == "aes128gcm"
    assert int(request["headers"]["ttl"]) > 0
    claims = check_vapid(request, public, push_service.url)
    assert claims["sub"] == "mailto:admin@example.org"
    assert b"Your turn" not in request["body"], "the push service cannot read it"
    assert browser_.read(request) == {"title": "Your turn", "body": "Table x", "url": "/?play=x"}

    # A subscription its push service says is gone (410) is forgotten.
    push_service.status = 410
    assert pusher.send_now(1, {"title": "again"}) == 0
    assert not pusher.has_subscriptions(1)
    assert pusher.send_now(1, {"title": "and again"}) == 0
    assert len(push_service.requests) == 2
    engine.dispose()


def test_a_subscription_is_an_account_s_and_must_look_like_a_browser_s(db_url: str) -> None:
    private, public = make_keys()
    with make_client(db_url, vapid_private_key=private, vapid_public_key=public) as client:
        client.headers.update(CLIENT_HEADERS)
        assert client.get("/api/push/key").json() == {"key": public}
        sub = Browser("https://push.example.net/send/abc").subscription()
        assert client.post("/api/account/push", json=sub).status_code == 401, "logged in only"
        client.post("/api/account/signup", json={"name": "Ada", "password": "correct horse"})
        assert client.post("/api/account/push", json=sub).status_code == 204
        assert client.app.state.pusher.has_subscriptions(1)  # type: ignore[attr-defined]
        for bad in (
            sub | {"endpoint": "http://push.example.net/x"},  # not https
            sub | {"endpoint": "file:///etc/passwd"},
            sub | {"keys": {"p256dh": "abc", "auth": sub["keys"]["auth"]}},
            sub | {"keys": {"p256dh": sub["keys"]["p256dh"], "auth": "!!"}},
        ):
            answer = client.post("/api/account/push", json=bad)
            assert answer.status_code == 400, bad
            assert answer.json()["error"]["key"] == "error.push_subscription"
        forget = {"endpoint": sub["endpoint"]}
        assert client.post("/api/account/push/forget", json=forget).status_code == 204
        assert not client.app.state.pusher.has_subscriptions(1)  # type: ignore[attr-defined]


def test_a_site_without_vapid_keys_sends_no_push(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        assert client.get("/api/push/key").json() == {"key": None}
        client.post("/api/account/signup", json={"name": "Ada", "password": "correct horse"})
        sub = Browser("https://push.example.net/send/abc").subscription()
        answer = client.post("/api/account/push", json=sub)
        assert answer.status_code == 409 and answer.json()["error"]["key"] == "error.push_off"


def test_an_away_player_s_turn_is_pushed_to_his_browser(
    push_service: PushService, db_url: str
) -> None:
    """Bob subscribed a browser, has no e-mail address, and is away when his turn comes at a
    turn-based table: the push service gets "your turn" for that browser, in his language."""
    private, public = make_keys()
    with make_client(db_url, vapid_private_key=private, vapid_public_key=public) as ada:
        ada.headers.update(CLIENT_HEADERS)
        ada.app.state.pusher.secure = False  # type: ignore[attr-defined]  # the local service
        ada.post("/api/account/signup", json={"name": "Ada", "password": "correct horse"})
        bob: TestClient = browser(ada)
        bob.post("/api/account/signup", json={"name": "Bob", "password": "correct horse"})
        bob.post("/api/account/notifications", json={"lang": "fr"})
        phone = Browser(f"{push_service.url}/push/bob")
        assert bob.post("/api/account/push", json=phone.subscription()).status_code == 204
        table = create(ada, TWO_DAYS)
        ada_token, bob_token = (s["token"] for s in table["seats"])
        with table_socket(ada, table["id"], ada_token) as ws:
            with table_socket(bob, table["id"], bob_token) as there:
                until_someone_decides(there)
            Seat(ada, ws, table["id"]).play_my_turn()
            assert push_service.arrived.wait(10), "no push came"
    (request,) = push_service.requests
    told = phone.read(request)
    assert told["title"] == "À vous de jouer : Royal Turf"
    assert told["url"].endswith(f"/?play={table['id']}") and bob_token not in json.dumps(told)
    assert told["body"].startswith(f"Table {table['id']} : il vous reste ")
