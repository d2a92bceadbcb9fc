"""Web push: "your turn" shown by the browser even when no page of the site is open.

The standard protocol (RFC 8030 push, RFC 8291 message encryption, RFC 8292 VAPID): a browser
subscribes with the site's VAPID public key (``HIPPODROME_VAPID_PUBLIC_KEY``) and gives its push
service's endpoint and keys (``POST /api/account/push``); to tell it something, the server POSTs
the message, encrypted for that browser, to the endpoint with a VAPID header signed by the site's
private key (``pywebpush``); the service worker (``web/js/push-worker.js``) shows it.

``pywebpush`` (with ``cryptography``) is the ``push`` extra: imported only when the keys are set.
Make a key pair with ``python -m hippodrome.server.push``.
"""

from __future__ import annotations

import base64
import json
import logging
import sys
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from hippodrome.engine.types import JSONObject
from hippodrome.server.service import ServerError
from hippodrome.server.storage import PushSubscriptionRow

log = logging.getLogger("hippodrome.server.push")

MAX_ENDPOINT = 1000
SUBSCRIPTIONS_PER_ACCOUNT = 10
"""Browsers one account may have subscribed at once; a further one replaces the oldest."""
TTL = 24 * 3600
"""Seconds a push service keeps a message for a browser that is offline."""


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_keys() -> tuple[str, str]:
    """A new VAPID key pair (P-256): the private key (32 bytes) and the public key (65 bytes, the
    uncompressed point the browser subscribes with), each in base64url."""
    from cryptography.hazmat.primitives.asymmetric import ec  # noqa: PLC0415 (the push extra)
    from cryptography.hazmat.primitives.serialization import (  # noqa: PLC0415
        Encoding,
        PublicFormat,
    )

    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return _b64(private), _b64(public)


@dataclass(frozen=True, slots=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str

    def to_info(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def check_subscription(
    endpoint: str, p256dh: str, auth: str, *, secure: bool = True
) -> Subscription:
    """A subscription as a browser gives it (``PushSubscription.toJSON()``): an https endpoint, a
    P-256 public key of 65 bytes and an auth secret of 16, in base64url; refused (400) otherwise.
    ``secure=False`` lets an http endpoint through (the tests' local push service only)."""
    parts = urlsplit(endpoint)
    schemes = ("https",) if secure else ("https", "http")
    try:
        keys_ok = len(_unb64(p256dh)) == 65 and len(_unb64(auth)) == 16
    except ValueError:
        keys_ok = False
    if len(endpoint) > MAX_ENDPOINT or parts.scheme not in schemes or not parts.hostname:
        keys_ok = False
    if not keys_ok:
        raise ServerError(400, "error.push_subscription")
    return Subscription(endpoint, p256dh, auth)


class Pusher:
    """The accounts' push subscriptions, and the messages sent to them."""

    def __init__(
        self,
        engine: Engine,
        private_key: str,
        public_key: str,
        subject: str,
        *,
        secure: bool = True,
    ) -> None:
        self.engine = engine
        self.public_key = public_key
        self.subject = subject
        self.secure = secure
        self._vapid: Any = None
        if private_key:
            from py_vapid import Vapid  # noqa: PLC0415 (the push extra)

            self._vapid = Vapid.from_string(private_key)

    @property
    def enabled(self) -> bool:
        return self._vapid is not None and bool(self.public_key)

    def subscribe(self, account_id: int, endpoint: str, p256dh: str, auth: str) -> None:
        """Keep a browser's subscription for the account (one endpoint belongs to one account: a
        browser shared by two players tells the last who subscribed)."""
        if not self.enabled:
            raise ServerError(409, "error.push_off")
        sub = check_subscription(endpoint, p256dh, auth, secure=self.secure)
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == sub.endpoint)
            )
            kept = session.scalars(
                select(PushSubscriptionRow.id)
                .where(PushSubscriptionRow.account_id == account_id)
                .order_by(PushSubscriptionRow.id.desc())
                .offset(SUBSCRIPTIONS_PER_ACCOUNT - 1)
            ).all()
            if kept:
                session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id.in_(kept)))
            session.add(
                PushSubscriptionRow(
                    account_id=account_id, endpoint=sub.endpoint, p256dh=sub.p256dh, auth=sub.auth
                )
            )

    def unsubscribe(self, account_id: int, endpoint: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.account_id == account_id,
                    PushSubscriptionRow.endpoint == endpoint,
                )
            )

    def has_subscriptions(self, account_id: int) -> bool:
        if not self.enabled:
            return False
        with Session(self.engine) as session:
            found = session.scalar(
                select(PushSubscriptionRow.id).where(PushSubscriptionRow.account_id == account_id)
            )
        return found is not None

    def send_now(self, account_id: int, message: JSONObject) -> int:
        """Push ``message`` (JSON: ``title``, ``body``, ``url``) to each browser the account
        subscribed (blocking: call it from a worker thread); returns how many push services took
        it. A subscription its service says is gone (404, 410) is forgotten."""
        if not self.enabled:
            return 0
        from pywebpush import WebPushException, webpush  # noqa: PLC0415 (the push extra)

        with Session(self.engine) as session:
            subs = [
                Subscription(r.endpoint, r.p256dh, r.auth)
                for r in session.scalars(
                    select(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account_id)
                )
            ]
        data = json.dumps(message)
        sent = 0
        for sub in subs:
            try:
                webpush(
                    sub.to_info(),
                    data=data,
                    vapid_private_key=self._vapid,
                    vapid_claims={"sub": self.subject},
                    ttl=TTL,
                    timeout=10,
                )
                sent += 1
            except WebPushException as error:
                status = getattr(error.response, "status_code", None)
                if status in (404, 410):
                    self.unsubscribe(account_id, sub.endpoint)
                else:
                    log.warning("a push to %s failed: %s", urlsplit(sub.endpoint).netloc, error)
            except OSError as error:  # the push service is out of reach
                log.warning("a push to %s failed: %s", urlsplit(sub.endpoint).netloc, error)
        return sent


def main() -> None:
    """Print a new VAPID key pair as the settings take it."""
    private, public = make_keys()
    sys.stdout.write(
        f"HIPPODROME_VAPID_PRIVATE_KEY={private}\nHIPPODROME_VAPID_PUBLIC_KEY={public}\n"
    )


if __name__ == "__main__":
    main()
