"""Mail (docs/web.md, "Mail and push"): the SMTP URL, the messages in the reader's language, the
signed links, and an account's address confirmed by the link sent to it, every message delivered
to a real SMTP server the test starts (aiosmtpd's ``Controller`` on a free port of 127.0.0.1)."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from fastapi.testclient import TestClient

from hippodrome.server.mail import Mailer, Signer, SmtpTarget, compose
from hippodrome.server.service import ServerError
from tests.server.conftest import make_client

CLIENT_HEADERS = {"X-Hippodrome": "1"}
PASSWORD = "correct horse battery"
LINK = re.compile(r"https?://\S+")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Inbox:
    """What the test's SMTP server received (aiosmtpd handler)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        parsed = message_from_bytes(envelope.original_content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 OK"

    def wait(self, count: int = 1, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages, once ``count`` have arrived (the mail is sent from a worker thread)."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(self.messages) >= count, f"{len(self.messages)} message(s), {count} expected"
        return self.messages


@pytest.fixture
def smtp() -> Iterator[tuple[str, Inbox]]:
    """A real SMTP server on a free port: its URL and its inbox."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{port}", inbox
    finally:
        controller.stop()


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    text = str(part.get_content())
    return text.replace("\r\n", "\n")  # the lines travel as CRLF


def link_in(message: EmailMessage) -> str:
    found = LINK.search(body_of(message))
    assert found, body_of(message)
    return found.group(0)


def sign_up(client: TestClient, name: str) -> None:
    answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text


def confirmed_account(client: TestClient, inbox: Inbox, name: str, email: str, lang: str) -> None:
    """Sign ``name`` up on ``client``, give ``email`` and follow the link the SMTP server got."""
    sign_up(client, name)
    before = len(inbox.messages)
    answer = client.post("/api/account/email", json={"email": email, "lang": lang})
    assert answer.status_code == 202, answer.text
    message = inbox.wait(before + 1)[before]
    confirm = client.get(link_in(message), follow_redirects=False)
    assert confirm.status_code == 303, confirm.text
    assert client.get("/api/account/email").json()["confirmed"] is True


# -- the SMTP URL ------------------------------------------------------------------------------


def test_the_smtp_url_says_host_port_security_and_login() -> None:
    assert SmtpTarget.from_url("smtp://mail.example.org") == SmtpTarget("mail.example.org", 25)
    tls = SmtpTarget.from_url("smtp://ada:s%40cret@mail.example.org?starttls=1")
    assert (tls.port, tls.security, tls.username, tls.password) == (
        587,
        "starttls",
        "ada",
        "s@cret",
    )
    ssl = SmtpTarget.from_url("smtps://mail.example.org")
    assert (ssl.port, ssl.security) == (465, "ssl")
    with pytest.raises(ValueError, match="SMTP URL"):
        SmtpTarget.from_url("http://mail.example.org")


# -- messages ------------------------------------------------------------------------------------


def test_a_message_reaches_a_real_smtp_server_in_the_reader_s_language(
    smtp: tuple[str, Inbox],
) -> None:
    url, inbox = smtp
    mailer = Mailer(url, "Hippodrome <play@example.org>")
    params: dict[str, Any] = {"name": "Ada", "email": "ada@example.org", "link": "http://x/y"}
    assert mailer.send_now("ada@example.org", "confirm", "fr", **params)
    (message,) = inbox.wait()
    assert inbox.envelopes == [("play@example.org", ["ada@example.org"])]
    subject, body = compose("confirm", "fr", params)
    assert message["Subject"] == subject and "Confirmez" in subject
    assert message["Auto-Submitted"] == "auto-generated"
    assert body_of(message).strip() == body.strip() and "http://x/y" in body


def test_an_smtp_login_is_made_when_the_url_carries_one() -> None:
    """The server asks for a login (allowed without TLS on this local test server): with a wrong
    password the mail is not sent; with the right one it is."""
    inbox = Inbox()
    port = free_port()

    def check(_server: Any, _session: Any, _envelope: Any, _mechanism: str, data: Any) -> Any:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"ada", b"pw")
        return AuthResult(success=ok)

    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=port,
        authenticator=check,
        auth_required=True,
        auth_require_tls=False,
    )
    controller.start()  # (aiosmtpd warns of a login without TLS: this server is the test's)
    try:
        # (this test server answers a wrong login by silence: the client gives up after a second)
        wrong = Mailer(f"smtp://ada:nope@127.0.0.1:{port}?timeout=1", "Hippodrome <p@example.org>")
        assert not wrong.send_now("bob@example.org", "confirm", "en", name="Bob", link="x")
        right = Mailer(f"smtp://ada:pw@127.0.0.1:{port}", "Hippodrome <play@example.org>")
        assert right.send_now("bob@example.org", "confirm", "en", name="Bob", link="x")
        assert len(inbox.wait()) == 1
    finally:
        controller.stop()


def test_without_an_smtp_url_nothing_is_sent() -> None:
    mailer = Mailer("", "Hippodrome <play@example.org>")
    assert not mailer.enabled
    assert not mailer.send_now("ada@example.org", "confirm", "en", name="Ada", link="x")


# -- signed links ----------------------------------------------------------------------------------


def test_a_signed_link_is_refused_altered_for_another_purpose_or_expired() -> None:
    signer = Signer(b"k" * 32)
    token = signer.sign("confirm", "7:ada@example.org", 60, at=1000.0)
    assert signer.read("confirm", token, at=1059.0) == "7:ada@example.org"
    refusals: dict[str, Callable[[], object]] = {
        "another purpose": lambda: signer.read("reset", token, at=1000.0),
        "expired": lambda: signer.read("confirm", token, at=1061.0),
        "another key": lambda: Signer(b"x" * 32).read("confirm", token, at=1000.0),
        "altered": lambda: signer.read("confirm", "OD" + token[2:], at=1000.0),
        "not a token": lambda: signer.read("confirm", "hello", at=1000.0),
    }
    for what, read in refusals.items():
        with pytest.raises(ServerError) as refused:
            read()
        expected = "error.link_expired" if what == "expired" else "error.link_invalid"
        assert refused.value.key == expected, what


# -- the account's address -----------------------------------------------------------------------


def test_an_address_is_confirmed_by_the_link_sent_to_it(
    smtp: tuple[str, Inbox], db_url: str
) -> None:
    url, inbox = smtp
    with make_client(db_url, smtp_url=url, mail_from="Hippodrome <play@example.org>") as client:
        client.headers.update(CLIENT_HEADERS)
        assert client.get("/api/account/email").status_code == 401, "an account's only"
        sign_up(client, "Ada")
        answer = client.post(
            "/api/account/email", json={"email": " Ada@Example.ORG ", "lang": "fr"}
        )
        assert answer.status_code == 202, answer.text
        settings = answer.json()
        assert settings["email"] == "Ada@example.org" and settings["confirmed"] is False
        assert settings["language"] == "fr" and settings["mail"] is True
        (message,) = inbox.wait()
        assert inbox.envelopes[0][1] == ["Ada@example.org"]
        assert message["Subject"] == compose("confirm", "fr", {})[0], "in the page's language"
        link = link_in(message)
        assert link.startswith("http://testserver/api/account/email/confirm?token=")

        # Another browser follows the link (the mail may be read anywhere): the token is the proof.
        other = TestClient(client.app)
        followed = other.get(link, follow_redirects=False)
        assert followed.status_code == 303 and followed.headers["location"] == "/?email=confirmed"
        assert client.get("/api/account/email").json()["confirmed"] is True

        # A link altered is refused, clearly, and confirms nothing.
        client.post("/api/account/email", json={"email": "ada@elsewhere.org", "lang": "en"})
        inbox.wait(2)
        bad = other.get(link_in(inbox.messages[1]).replace("token=", "token=x"))
        assert bad.status_code == 400 and bad.json()["error"]["key"] == "error.link_invalid"
        # The first link is for an address given up since: worth nothing now.
        stale = other.get(link)
        assert stale.status_code == 400 and stale.json()["error"]["key"] == "error.link_invalid"
        assert client.get("/api/account/email").json()["confirmed"] is False


def test_a_bad_address_is_refused_and_changes_nothing(smtp: tuple[str, Inbox], db_url: str) -> None:
    url, inbox = smtp
    with make_client(db_url, smtp_url=url) as client:
        client.headers.update(CLIENT_HEADERS)
        sign_up(client, "Ada")
        for bad in ("ada", "ada@", "a b@example.org", "ada@example.org\r\nBcc: x@y.z", "@x.org"):
            answer = client.post("/api/account/email", json={"email": bad})
            assert answer.status_code == 400, bad
            error = answer.json()["error"]
            assert error["key"] == "error.email_address" and error["message"]["fr"], bad
        assert client.get("/api/account/email").json()["email"] is None
        assert inbox.messages == []


def test_a_site_without_mail_says_so(db_url: str) -> None:
    with make_client(db_url) as client:
        client.headers.update(CLIENT_HEADERS)
        sign_up(client, "Ada")
        answer = client.post("/api/account/email", json={"email": "ada@example.org"})
        assert answer.status_code == 409 and answer.json()["error"]["key"] == "error.mail_off"
        assert client.get("/api/account/email").json() | {"email": None} == {
            "email": None,
            "confirmed": False,
            "language": "en",
            "notify_email": True,
            "notify_push": True,
            "mail": False,
            "push_key": None,
        }
