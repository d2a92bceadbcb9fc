"""Mail: e-mails sent to players through SMTP, their texts, signed links, and the account's address.

Nothing is sent without ``HIPPODROME_SMTP_URL`` (``smtp://host:25``; ``smtp://user:password@host:587
?starttls=1``; ``smtps://user:password@host:465`` for SSL from the start). A message is made of two
catalog texts, ``mail.<key>.subject`` and ``mail.<key>.body``, rendered in the reader's language
(the one his account gave with its address); :class:`Mailer` sends it with :mod:`smtplib` in a
worker thread, never on the event loop, and a failure is logged, never raised into a game.

Links in e-mails carry a signed, expiring token (:class:`Signer`: HMAC-SHA256 over the purpose, the
subject and the expiry) made with the site's secret (``HIPPODROME_SECRET_KEY``, or one drawn once and
kept in the store, ``site_secrets``), so every process of a site and every restart reads it alike.

An account gives an address (:class:`AddressBook`), which is used only once confirmed by the link
sent to it. See docs/web.md, "Mail and push".
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import re
import secrets
import smtplib
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any, Literal
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hippodrome.engine.i18n import render
from hippodrome.engine.types import JSON
from hippodrome.server.service import ServerError
from hippodrome.server.storage import AccountRow, SiteSecretRow

log = logging.getLogger("hippodrome.server.mail")

LANGUAGES = ("en", "fr")
ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")
"""An e-mail address as a player types it: one @, no spaces, no characters a header would need
quoted; the domain a host name (an address in quotes or an IP literal is refused)."""
MAX_ADDRESS = 254
CONFIRM_TTL = 3 * 86400.0
"""Seconds a confirmation link stays valid."""


class MailError(ValueError):
    """An SMTP URL the server cannot use (at start)."""


# -- SMTP ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SmtpTarget:
    """Where and how mail is sent, read from ``HIPPODROME_SMTP_URL``."""

    host: str
    port: int
    security: Literal["plain", "starttls", "ssl"] = "plain"
    username: str = ""
    password: str = ""
    timeout: float = 20.0

    @classmethod
    def from_url(cls, url: str) -> SmtpTarget:
        """``smtp://[user:password@]host[:port][?starttls=1]`` (port 25 by default; 587 with
        starttls) or ``smtps://[user:password@]host[:port]`` (SSL, 465 by default)."""
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise MailError(f"not an SMTP URL (smtp://host:port or smtps://...): {url!r}")
        query = parse_qs(parts.query)
        starttls = query.get("starttls", ["0"])[-1].lower() in ("1", "true", "yes")
        security: Literal["plain", "starttls", "ssl"] = (
            "ssl" if parts.scheme == "smtps" else "starttls" if starttls else "plain"
        )
        default = {"ssl": 465, "starttls": 587, "plain": 25}[security]
        try:
            port = parts.port or default
            timeout = float(query.get("timeout", ["20"])[-1])
        except ValueError as error:
            raise MailError(f"a bad port or timeout in the SMTP URL: {error}") from None
        return cls(
            parts.hostname,
            port,
            security,
            unquote(parts.username or ""),
            unquote(parts.password or ""),
            timeout,
        )

    def send(self, message: EmailMessage) -> None:
        """Send one message now (blocking: call it from a worker thread)."""
        context = ssl.create_default_context()
        client: smtplib.SMTP
        if self.security == "ssl":
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=context)
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        with client:
            if self.security == "starttls":
                client.starttls(context=context)
            if self.username:
                client.login(self.username, self.password)
            client.send_message(message)


def language(lang: str | None) -> str:
    """One of the languages the catalogs speak (English for anything else)."""
    return lang if lang in LANGUAGES else "en"


def compose(key: str, lang: str, params: dict[str, JSON]) -> tuple[str, str]:
    """The subject and the body of message ``key`` (``mail.<key>.subject``, ``mail.<key>.body``)
    in ``lang``, with its parameters."""
    lang = language(lang)
    return (
        render(f"mail.{key}.subject", params, lang),
        render(f"mail.{key}.body", params, lang),
    )


class Mailer:
    """Sends the players' e-mails; does nothing (and says so once) without an SMTP URL."""

    def __init__(self, smtp_url: str, sender: str, site_url: str = "") -> None:
        self.target = SmtpTarget.from_url(smtp_url) if smtp_url else None
        self.sender = sender
        self.site_url = site_url.rstrip("/")
        """The site's address for links (``HIPPODROME_SITE_URL``); none: the latest request's."""
        self._seen_url = "http://localhost:8000"
        self._pending: set[asyncio.Task[bool]] = set()

    def link(self, path: str, base: str | None = None) -> str:
        """The absolute address of ``path`` (``/table/abc``) for a link in a mail: on the site's
        address, else on ``base`` (the request's ``base_url``), which is then remembered for the
        mail sent away from a request ("your turn")."""
        if base and not self.site_url:
            self._seen_url = base.rstrip("/")
        return f"{self.site_url or self._seen_url}{path}"

    @property
    def enabled(self) -> bool:
        return self.target is not None

    def message(self, to: str, key: str, lang: str, params: dict[str, JSON]) -> EmailMessage:
        subject, body = compose(key, lang, params)
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = formataddr(("", to))
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(
            domain=self.sender.rpartition("@")[2].strip("> ") or None
        )
        message["Content-Language"] = language(lang)
        message["Auto-Submitted"] = "auto-generated"  # no vacation replies (RFC 3834)
        message.set_content(body)
        return message

    def send_now(self, to: str, key: str, lang: str, **params: JSON) -> bool:
        """Send message ``key`` to ``to`` now (blocking); False when not sent (no SMTP URL, or the
        server refused it: logged)."""
        if self.target is None:
            log.info("no HIPPODROME_SMTP_URL: the %s e-mail is not sent", key)
            return False
        try:
            self.target.send(self.message(to, key, lang, params))
        except (OSError, smtplib.SMTPException):
            log.exception("the %s e-mail could not be sent", key)
            return False
        return True

    async def send(self, to: str, key: str, lang: str, **params: JSON) -> bool:
        """Send message ``key`` from a worker thread: the event loop (the live tables) never
        waits on the SMTP server."""
        if self.target is None:
            return self.send_now(to, key, lang, **params)
        return await asyncio.to_thread(self.send_now, to, key, lang, **params)

    def send_soon(self, to: str, key: str, lang: str, **params: JSON) -> None:
        """Send in the background, from a coroutine's thread (a route, the runtime): returns at once."""
        task = asyncio.get_running_loop().create_task(self.send(to, key, lang, **params))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def drain(self) -> None:
        """Wait for the messages being sent (at shutdown; in tests)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)


# -- signed links --------------------------------------------------------------------------------


def site_secret(engine: Engine, name: str = "tokens") -> bytes:
    """The site's secret ``name``: drawn at the first call and kept in the store, so every process
    and every restart signs alike."""
    with engine.begin() as connection:
        found = connection.scalar(select(SiteSecretRow.value).where(SiteSecretRow.name == name))
        if found is not None:
            return bytes(found)
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(SiteSecretRow).values(name=name, value=secrets.token_bytes(32))
            )
    except IntegrityError:  # another process drew it at the same instant: its one is kept
        pass
    with engine.begin() as connection:
        kept = connection.scalar(select(SiteSecretRow.value).where(SiteSecretRow.name == name))
    return bytes(kept or b"")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Signer:
    """Signed, expiring tokens for the links sent by mail: ``<subject>.<expiry>.<signature>``,
    the signature an HMAC-SHA256 over the purpose, the subject and the expiry. A token made for
    one purpose (``confirm``) is worth nothing for another (``reset``)."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _signature(self, purpose: str, subject: str, expires: int) -> str:
        signed = f"{purpose}\n{subject}\n{expires}".encode()
        return _b64(hmac.new(self.key, signed, hashlib.sha256).digest())

    def sign(self, purpose: str, subject: str, ttl: float, *, at: float | None = None) -> str:
        expires = int((time.time() if at is None else at) + ttl)
        encoded = _b64(subject.encode())
        return f"{encoded}.{expires}.{self._signature(purpose, subject, expires)}"

    def read(self, purpose: str, token: str, *, at: float | None = None) -> str:
        """The subject of a token made for ``purpose``; a ``ServerError`` (400) for a token that
        is not one, was made for another purpose or has expired."""
        try:
            encoded, expires_text, signature = token.split(".")
            subject = _unb64(encoded).decode()
            expires = int(expires_text)
        except (ValueError, UnicodeDecodeError):
            raise ServerError(400, "error.link_invalid") from None
        if not hmac.compare_digest(signature, self._signature(purpose, subject, expires)):
            raise ServerError(400, "error.link_invalid")
        if expires < (time.time() if at is None else at):
            raise ServerError(400, "error.link_expired")
        return subject


# -- the account's address -------------------------------------------------------------------------


def normalise_address(address: str) -> str:
    """The address as kept: trimmed, its domain in small letters; a ``ServerError`` (400) for one
    that is not an e-mail address."""
    address = address.strip()
    if len(address) > MAX_ADDRESS or not ADDRESS.fullmatch(address):
        raise ServerError(400, "error.email_address", address=address[:80])
    local, _, domain = address.rpartition("@")
    return f"{local}@{domain.lower()}"


@dataclass(frozen=True, slots=True)
class Address:
    """A confirmed address, with the language its account reads."""

    account_id: int
    name: str
    email: str
    language: str


class AddressBook:
    """The accounts' e-mail addresses: given, confirmed by a signed link, looked up."""

    def __init__(self, engine: Engine, signer: Signer) -> None:
        self.engine = engine
        self.signer = signer

    def propose(self, account_id: int, email: str, lang: str) -> str:
        """Keep ``email`` as the account's address, not confirmed yet (replacing any other), and
        the language its mail is written in; returns the token of the confirmation link."""
        email = normalise_address(email)
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(email=email, email_confirmed=False, language=language(lang))
            )
        return self.signer.sign("confirm", f"{account_id}:{email}", CONFIRM_TTL)

    def confirm(self, token: str) -> Address:
        """Confirm the address a link was sent to; refused (400) when the account has given
        another address since (the link is worth nothing then) or the token is not good."""
        account_id_text, _, email = self.signer.read("confirm", token).partition(":")
        with Session(self.engine) as session, session.begin():
            row = session.get(AccountRow, int(account_id_text))
            if row is None or row.email != email:
                raise ServerError(400, "error.link_invalid")
            row.email_confirmed = True
            return Address(row.id, row.name, email, language(row.language))

    def forget(self, account_id: int) -> None:
        """The account no longer gives an address."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(email=None, email_confirmed=False)
            )

    def confirmed(self, account_id: int) -> Address | None:
        """The account's address if it is confirmed."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            if row is None or not row.email or not row.email_confirmed:
                return None
            return Address(row.id, row.name, row.email, language(row.language))

    def by_address(self, email: str) -> Address | None:
        """The account whose confirmed address this is (for a password reset), or None."""
        try:
            email = normalise_address(email)
        except ServerError:
            return None
        with Session(self.engine) as session:
            row = session.scalar(
                select(AccountRow).where(
                    func.lower(AccountRow.email) == email.lower(),
                    AccountRow.email_confirmed.is_(True),
                )
            )
            if row is None or row.email is None:
                return None
            return Address(row.id, row.name, row.email, language(row.language))

    def info(self, account_id: int) -> dict[str, Any]:
        """What the account's settings page shows: its address, confirmed or not, its language
        and its notification choices."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            if row is None:
                raise ServerError(404, "error.player_not_found", name=str(account_id))
            return {
                "email": row.email,
                "confirmed": bool(row.email and row.email_confirmed),
                "language": language(row.language),
                "notify_email": row.notify_email,
                "notify_push": row.notify_push,
            }

    def choose(
        self,
        account_id: int,
        *,
        notify_email: bool | None = None,
        notify_push: bool | None = None,
        lang: str | None = None,
    ) -> None:
        """The account's choices: "your turn" by e-mail, by push; the language of its mail."""
        values: dict[str, object] = {}
        if notify_email is not None:
            values["notify_email"] = notify_email
        if notify_push is not None:
            values["notify_push"] = notify_push
        if lang is not None:
            values["language"] = language(lang)
        if values:
            with Session(self.engine) as session, session.begin():
                session.execute(
                    update(AccountRow).where(AccountRow.id == account_id).values(values)
                )
