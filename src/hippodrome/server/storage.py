"""Event-sourced storage: tables, seats and the ordered actions of each table (SQLAlchemy 2).

The schema is owned by the Alembic migrations in ``migrations/``; :func:`open_database` brings any
database (a SQLite file by default, PostgreSQL by URL) up to the latest revision at start.
"""

from __future__ import annotations

from datetime import UTC, datetime
from importlib.resources import files
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    create_engine,
    event,
    false,
    text,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[int] = mapped_column(Integer)
    data_digest: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The game data's fingerprint when the table was created (None: before migration 0002)."""
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    """Secret: seeds the table's chance outcomes. Never leaves the server."""
    status: Mapped[str] = mapped_column(String(16), index=True)
    """open (a human seat has never connected), running, finished, broken."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    practice: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A practice table: its human players are shown the odds of their decisions."""
    guided: Mapped[bool] = mapped_column(default=False, server_default=false())
    """A guided table (a practice table for learning): each decision comes with its explanation and
    the heuristic bot's suggestion (migration 0007)."""
    private: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Never listed: its free seats are taken by those who have its link (migration 0005)."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The table's clock (``hippodrome.server.clocks.Clock``), or None: no clock."""
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The clock's figures after the last action: each bank, and the seats a stand-in plays."""
    rated: Mapped[bool] = mapped_column(default=True, server_default=true())
    """Chosen at creation: a finished game between accounts updates their ratings (never on a
    practice or guided table; migration 0011)."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The id of the table started as this finished one's rematch, once a player asked for it
    (migration 0008): set once, by the one request that finds it empty."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.index", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    """human or bot."""
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """SHA-256 of the seat's secret token (humans only); the token itself is never stored."""
    joined: Mapped[bool] = mapped_column(default=False)
    reserved: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Kept for its creator (his own seat): only its token plays it; never a free seat."""
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id"), nullable=True, index=True
    )
    """The player's account, when the seat was taken by someone logged in (None: a guest)."""
    notified: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When its account was last told "your turn" away from the table (``notify``; migration 0010)."""
    conceded: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Its player conceded: a bot plays the seat out, and it ranks last for the ratings (0011)."""

    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(128))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatRow(Base):
    """One line said at a table, in the players' or the spectators' channel."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    channel: Mapped[str] = mapped_column(String(16))
    """players or spectators."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The player's seat; None for a spectator."""
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(2000))
    at_event: Mapped[int] = mapped_column(Integer)
    """How many of the table's events had happened when it was said (to interleave them)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
    author: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """Who said it, as an opaque mark proper to the table (``chat.author_mark``): a page mutes a
    speaker by it, whatever name he gives (migration 0012)."""


# -- accounts (migration 0004_accounts) ------------------------------------------------------------


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name case-folded: ``Ada`` and ``ADA`` are one account."""
    name_skeleton: Mapped[str | None] = mapped_column(String(160), nullable=True, index=True)
    """What the name looks like (``accounts.name_skeleton``): a name that looks like another's is
    refused at sign-up (migration 0009)."""
    password_hash: Mapped[str] = mapped_column(String(200))
    deleted: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the account was deleted (migration 0011): its seats show « former player », its name
    stays reserved, nobody logs in with it."""
    invite_mail: Mapped[bool] = mapped_column(default=False, server_default=false())
    """The player wishes an e-mail when invited to a seat (to a confirmed address only)."""
    """argon2id, with its parameters and salt (``argon2-cffi``); the password itself is never kept."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # -- mail and "your turn" (migration 0010_turn_based; server/mail.py, server/notify.py) -----
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """The address the account gave; mail goes to it only once confirmed."""
    email_confirmed: Mapped[bool] = mapped_column(default=False, server_default=false())
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The language its mail is written in (the page's when the address was given)."""
    notify_email: Mapped[bool] = mapped_column(default=True, server_default=true())
    """"Your turn" by e-mail when away (at a turn-based table, to a confirmed address)."""
    notify_push: Mapped[bool] = mapped_column(default=True, server_default=true())
    """"Your turn" by web push to the browsers that subscribed."""


class PushSubscriptionRow(Base):
    """A browser's web push subscription (its push service's endpoint and keys), for an account."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SiteSecretRow(Base):
    """A secret of the site drawn once and kept (migration 0010): ``tokens`` signs the links sent
    by mail (``mail.site_secret``)."""

    __tablename__ = "site_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[bytes] = mapped_column(LargeBinary(64))


class LoginSessionRow(Base):
    __tablename__ = "login_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    """SHA-256 of the session cookie's random token; the token itself is never stored."""
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatKeyRow(Base):
    """A further secret token for a seat, issued to the seat's account for another browser: the
    token stays the capability, an account only obtains new ones for its own seats."""

    __tablename__ = "seat_keys"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    index: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingRow(Base):
    """An account's TrueSkill rating at one game."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    """Rated games played."""


# -- friends, invitations, rated tables, deleted accounts (migration 0011_friends) -----------------


class FollowRow(Base):
    """An account following another: the follower sees the other's running tables."""

    __tablename__ = "follows"

    follower_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    followed_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id"), primary_key=True, index=True
    )
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class InvitationRow(Base):
    """A seat kept for an account invited to it by name (the seat's ``account_id`` is his): listed
    in his « My tables » until he comes or declines."""

    __tablename__ = "invitations"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    inviter: Mapped[str] = mapped_column(String(64))
    """The name of the seat that invited him, as the table shows it."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingChangeRow(Base):
    """What one rated game did to one account's rating: shown at the end of the game."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    before: Mapped[float] = mapped_column(Float)
    """The rating shown (mu - 3 sigma) before the game."""
    after: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games after this one."""
    quitter: Mapped[bool] = mapped_column(default=False)
    """Ranked last: conceded, handed to a bot, or played by a stand-in past the allowed share."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


# -- game reviews (migration 0013_reviews) ---------------------------------------------------------


class ReviewRow(Base):
    """A finished table's review of one seat (``server/reviews.py``): computed once, kept."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    """computing or done."""
    done: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many of the seat's decisions are judged, of how many (while computing)."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    """When the computation last moved on: a row computing untouched for long is taken over."""


MIGRATION_LOCK = 0x48_69_70_70
"""The PostgreSQL advisory lock held while the schema is migrated (any number: Hippodrome's own)."""


def open_database(url: str) -> Engine:
    """An engine on ``url`` whose schema is migrated to the latest revision."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]  # the driver Hippodrome installs
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    config = Config()
    config.set_main_option("script_location", str(files("hippodrome.server") / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Several server processes start together: one migrates, the others wait for it.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
