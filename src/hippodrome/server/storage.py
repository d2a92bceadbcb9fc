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
    String,
    create_engine,
    event,
    false,
    text,
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
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


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
    """argon2id, with its parameters and salt (``argon2-cffi``); the password itself is never kept."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


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
