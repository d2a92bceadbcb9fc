"""Player accounts: a name and a password, login sessions, the account's seats and its profile.

Passwords are hashed with argon2id (``argon2-cffi``) and never kept, logged nor sent back. A login
session is an opaque random token in an HttpOnly, SameSite=Lax cookie; the store keeps its SHA-256
only. Playing needs no account: a guest plays with the seat tokens of his links, as before. A seat
taken while logged in is tied to the account (``seats.account_id``); the seat token stays the
capability, and an account may obtain a further token for one of its own seats from another browser
(``seat_keys``). See docs/web.md, "Accounts".
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hippodrome.engine.types import JSONObject
from hippodrome.server.ratings import Rating, places
from hippodrome.server.service import SeatKind, ServerError, TableStatus, hash_token
from hippodrome.server.storage import (
    AccountRow,
    LoginSessionRow,
    RatingRow,
    SeatKeyRow,
    SeatRow,
    TableRow,
    now,
)

SESSION_COOKIE = "hippodrome_session"
NAME = re.compile(r"[^\x00-\x1f\x7f]{2,40}")
"""An account's name: 2 to 40 characters, no control character (spaces inside allowed)."""
INVISIBLE = {"Cf", "Co", "Cn", "Zl", "Zp"}
"""Unicode categories refused in a name: format characters (zero-width spaces and joiners, the
right-to-left and other direction overrides), private-use and unassigned ones, line breaks."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    name: str


def name_key(name: str) -> str:
    """The form a name is looked up in at login: ``Ada`` and `` ADA `` are one name (NFKC, then
    case-folded: ``Ａｄａ`` too)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name.strip()).casefold())


LOOK_ALIKES = str.maketrans(
    # Greek and Cyrillic letters drawn like Latin ones, capitals first (before case-folding: the
    # Greek capital Ζ is a Z, its small ζ is not), and the digits and capitals read as l or o.
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχγАВЕКМНОРСТХУЅІЈаеорсухѕіјһԁԛԝ0I1|",
    "ABEZHIKMNOPTYXaiknoptuxyABEKMHOPCTXYSIJaeopcyxsijhdqwolll",
)
"""The look-alikes of Unicode's confusables (TR 39) a name is likeliest to use, mapped to the Latin
letter they pass for."""


def name_skeleton(name: str) -> str:
    """What a name looks like, for telling look-alike names apart (after Unicode TR 39's skeleton):
    NFKC, accents dropped, invisible characters dropped, Greek and Cyrillic look-alikes mapped to
    Latin, case-folded, spaces collapsed. ``Zoe``, ``Zoë``, ``ZOE`` and ``Ζoe`` (a Greek capital)
    have one skeleton: one account may take it."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name.strip()))
    text = "".join(c for c in text if unicodedata.category(c) not in {"Mn", "Me", "Cf"})
    text = text.translate(LOOK_ALIKES).casefold().translate(LOOK_ALIKES)
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    return text.replace("rn", "m").replace("vv", "w")[:160]


CONFUSABLE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})
"""The alphabets whose letters pass for each other's (а and a, ο and o)."""


def passes_for_latin(name: str) -> bool:
    """Whether a name mixes letters of the Latin, Cyrillic and Greek alphabets (``Zoе``: a
    Cyrillic е), or is written in Cyrillic or Greek letters that all pass for Latin ones (``Аее``):
    such a name reads as another one, even before that other exists (issue 39). A name wholly in
    one alphabet (``Борис``, ``Zoë``) is not."""
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in name if c.isalpha()}
    scripts &= CONFUSABLE_SCRIPTS
    if len(scripts) > 1:
        return True
    return bool(scripts) and scripts != {"LATIN"} and name_skeleton(name).isascii()


class AccountService:
    """Accounts and their login sessions, over the same database as the tables."""

    def __init__(
        self,
        engine: Engine,
        *,
        session_ttl: float,
        hasher: PasswordHasher | None = None,
        session_max_age: float | None = None,
    ) -> None:
        self.engine = engine
        self.session_ttl = session_ttl
        """Seconds a session lasts unused; each use moves its end forward (``account_of``)."""
        self.session_max_age = session_max_age if session_max_age is not None else session_ttl
        """Seconds a session lasts at most after its login, however often it is used."""
        self.hasher = hasher or PasswordHasher()
        self._dummy_hash = self.hasher.hash(secrets.token_hex(16))
        """Verified against when a name is unknown, so a wrong name costs what a wrong password does."""

    # -- signing up, logging in and out -----------------------------------------------------------

    def sign_up(self, name: str, password: str) -> tuple[Account, str]:
        """A new account, logged in: returns it with its session token."""
        name = unicodedata.normalize("NFKC", name.strip())
        if not NAME.fullmatch(name) or not name_skeleton(name):
            raise ServerError(400, "error.account_name", min=2, max=40)
        if any(unicodedata.category(c) in INVISIBLE for c in name):
            # A zero-width or a right-to-left override character: two names that read alike.
            raise ServerError(400, "error.account_name_invisible")
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise ServerError(400, "error.password_length", min=MIN_PASSWORD, max=MAX_PASSWORD)
        row = AccountRow(
            name=name,
            name_key=name_key(name),
            name_skeleton=name_skeleton(name),
            password_hash=self.hasher.hash(password),
        )
        try:
            with Session(self.engine) as session, session.begin():
                if session.scalar(select(AccountRow.id).where(AccountRow.name_key == row.name_key)):
                    raise ServerError(409, "error.name_taken", name=name)
                like = session.scalar(
                    select(AccountRow.name).where(AccountRow.name_skeleton == row.name_skeleton)
                )
                if like is not None:  # Zoë when Zoe exists: others could not tell them apart
                    raise ServerError(409, "error.name_look_alike", name=name, other=like)
                if passes_for_latin(name):  # a look-alike of a name nobody has taken yet
                    raise ServerError(400, "error.account_name_scripts")
                session.add(row)
                session.flush()
                account = Account(row.id, row.name)
        except IntegrityError:  # the same name signed up at the same instant
            raise ServerError(409, "error.name_taken", name=name) from None
        return account, self._open_session(account)

    def log_in(self, name: str, password: str) -> tuple[Account, str]:
        """The account of this name and password, with a new session token; a wrong name or a wrong
        password are refused alike (which of the two is not told)."""
        with Session(self.engine) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            stored = row.password_hash if row is not None else self._dummy_hash
            try:
                self.hasher.verify(stored, password)
            except (VerificationError, InvalidHashError):
                row = None
            if row is None:
                raise ServerError(401, "error.bad_password")
            account = Account(row.id, row.name)
            if self.hasher.check_needs_rehash(row.password_hash):
                row.password_hash = self.hasher.hash(password)
                session.commit()
        return account, self._open_session(account)

    def log_out_everywhere(self, account: Account) -> int:
        """End every session of the account, in every browser (a lost phone, a shared computer);
        returns how many were open."""
        with Session(self.engine) as session, session.begin():
            ended = session.execute(
                delete(LoginSessionRow).where(LoginSessionRow.account_id == account.id)
            )
            return int(getattr(ended, "rowcount", 0) or 0)

    def log_out(self, token: str | None) -> None:
        if not token:
            return
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(LoginSessionRow).where(LoginSessionRow.token_hash == hash_token(token))
            )

    def account_of(self, token: str | None) -> Account | None:
        """The account logged in with this session token; None for none, an unknown or an expired
        one (a guest)."""
        if not token or len(token) > 200:
            return None
        hashed = hash_token(token)
        with Session(self.engine) as session:
            found = session.execute(
                select(
                    AccountRow.id,
                    AccountRow.name,
                    LoginSessionRow.expires,
                    LoginSessionRow.created,
                )
                .join(LoginSessionRow, LoginSessionRow.account_id == AccountRow.id)
                .where(LoginSessionRow.token_hash == hashed)
            ).first()
            moment = now()
            if found is None or _aware(found.expires) <= moment:
                return None
            # Sliding: a session used lasts session_ttl more, within session_max_age of its
            # login; written at most once an hour.
            end = min(
                moment + timedelta(seconds=self.session_ttl),
                _aware(found.created) + timedelta(seconds=self.session_max_age),
            )
            if end - _aware(found.expires) > timedelta(hours=1):
                session.execute(
                    update(LoginSessionRow)
                    .where(LoginSessionRow.token_hash == hashed)
                    .values(expires=end)
                )
                session.commit()
        return Account(found.id, found.name)

    def _open_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        with Session(self.engine) as session, session.begin():
            session.execute(delete(LoginSessionRow).where(LoginSessionRow.expires < now()))
            session.add(
                LoginSessionRow(
                    token_hash=hash_token(token),
                    account_id=account.id,
                    expires=now() + timedelta(seconds=self.session_ttl),
                )
            )
        return token

    # -- the account's seats ----------------------------------------------------------------------

    def seat_key(self, account: Account, table_id: str, index: int) -> str:
        """A new secret token for the account's seat ``index`` at the table (another browser's key
        to it); the seat's other tokens keep working."""
        with Session(self.engine) as session, session.begin():
            seat = session.get(SeatRow, (table_id, index))
            if seat is None or seat.account_id != account.id:
                raise ServerError(403, "error.not_your_seat", table=table_id[:40], n=index + 1)
            if seat.kind != SeatKind.HUMAN:
                raise ServerError(409, "error.seat_is_bot", index=index)
            token = secrets.token_urlsafe(24)
            session.add(SeatKeyRow(token_hash=hash_token(token), table_id=table_id, index=index))
        return token

    # -- profiles ---------------------------------------------------------------------------------

    def profile(self, name: str, *, viewer: Account | None = None, limit: int = 50) -> JSONObject:
        """An account's public page: its finished games with their results, and its ratings. A
        private table is listed to the account itself only (``viewer``): its id is the way into
        it and into its rematch, which only those with its link may have; to others it counts in
        the figures (played, won), never by its id."""
        with Session(self.engine) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            if row is None or row.deleted is not None:  # a deleted account has no page
                raise ServerError(404, "error.player_not_found", name=name[:40])
            finished = session.execute(
                select(TableRow, SeatRow.index)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account_id == row.id, TableRow.status == TableStatus.FINISHED)
                .order_by(TableRow.updated.desc(), TableRow.id)
            ).all()
            ratings = [
                Rating(r.game, r.mu, r.sigma, r.games)
                for r in session.scalars(
                    select(RatingRow).where(RatingRow.account_id == row.id).order_by(RatingRow.game)
                )
            ]
            results: list[JSONObject] = []
            won = 0
            for table, seat in finished:
                result: dict[str, Any] = table.result or {}
                ranking = result.get("ranking") or []
                place = places(ranking).get(seat)
                won += place == 0
                if table.private and (viewer is None or viewer.id != row.id):
                    continue
                if len(results) < limit:
                    results.append(
                        {
                            "table": table.id,
                            "game": table.game,
                            "finished": table.updated.isoformat(),
                            "seat": seat,
                            "place": None if place is None else place + 1,
                            "players": len(result.get("money") or []),
                        }
                    )
            return {
                "name": row.name,
                "since": row.created.isoformat(),
                "played": len(finished),
                "won": won,
                "results": results,
                "ratings": [
                    {
                        "game": r.game,
                        "rating": r.shown,
                        "mu": round(r.mu, 2),
                        "sigma": round(r.sigma, 2),
                        "games": r.games,
                    }
                    for r in ratings
                ],
            }


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now().tzinfo)
