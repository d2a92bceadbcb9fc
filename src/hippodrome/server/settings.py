"""The server's settings, read once from arguments and the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields

DEFAULT_DB = "sqlite:///hippodrome.db"


@dataclass(frozen=True, slots=True)
class Settings:
    """Every setting can also be given in the environment as ``HIPPODROME_<NAME>`` (upper case:
    ``HIPPODROME_BOT_DELAY=0.2``), the database as ``HIPPODROME_DB``. A limit of 0 means none."""

    db_url: str = DEFAULT_DB
    """Any SQLAlchemy URL; a SQLite file by default (created on first start)."""
    bot_delay: float = 0.8
    """Seconds a bot (or an automatic draw) waits before acting, so people can follow."""
    step_delay: float = 0.1
    """Seconds between the steps of one automatic run: a bot's next length after its first, the
    next card of a deal. A new turn still waits ``bot_delay``."""
    seat_timeout: float = 60.0
    """Seconds without a connection after which the other players may hand a seat to a bot."""
    bot_processes: int = 1
    """Worker processes for bots that think for a while (0: they think on the event loop)."""
    cache_size: int = 256
    """Live tables kept in memory; others are rebuilt from their actions when needed."""
    redis_url: str = ""
    """Redis, for several server processes on one store (``redis://host:6379/0``); none: this
    process is the store's only writer (``server/cluster.py``)."""
    redis_namespace: str = "hippodrome"
    """The prefix of the Redis channel and keys: one per site (its processes share one store)."""
    lease_seconds: float = 3.0
    """With several processes: how long a table's driver holds its lease unrenewed, and so how
    soon another process takes a dead driver's tables over."""

    # -- what one client may do (docs/web.md, "Limits") --------------------------------------------
    tables_per_address: int = 60
    """Tables one client address may create within ``tables_window`` seconds."""
    tables_window: float = 600.0
    seats_per_address: int = 30
    """Free seats one client address may take within ``tables_window`` seconds."""
    open_table_ttl: float = 3600.0
    """Seconds an open table (a human seat never came) may stay untouched before it expires."""
    idle_table_ttl: float = 7 * 86400.0
    """Seconds a running table may stay untouched (no action, no one joining) before it expires
    (longer for a table whose clock gives more time a move: ``clocks.idle_limit``)."""
    abandoned_table_time: float = 3600.0
    """Seconds a running table without a clock, none of its players connected, stays listed in the
    lobby after its last action or arrival: an abandoned game is not shown running until it
    expires (it can still be played by its links). 0: listed until it expires."""
    max_body_bytes: int = 64 * 1024
    """The largest request body; a table's creation takes well under a kilobyte."""
    ws_max_frame: int = 4096
    """The largest websocket message a client may send (an action takes a few dozen bytes)."""
    ws_messages_per_second: float = 20.0
    """Messages a connection may send per second, on average; ``ws_burst`` at once."""
    ws_burst: int = 40
    ws_per_table: int = 1000
    """Connections (players and spectators) at one table."""
    ws_per_address: int = 64
    """Connections from one client address, over all tables."""
    ws_join_timeout: float = 10.0
    """Seconds a new websocket has to send its ``join`` message."""

    # -- the chat (docs/web.md, "Chat") ------------------------------------------------------------
    chat_max_length: int = 500
    """The longest line one may say, in characters (at most 2000, what the store keeps)."""
    chat_history: int = 100
    """Lines of a table's chat a page gets when it (re)connects."""
    # -- accounts and cross-site requests (docs/web.md, "Accounts") -------------------------------
    allowed_origins: str = ""
    """Origins, besides the server's own, whose pages may open a websocket or send a request that
    changes something, separated by commas (``https://play.example.org``)."""
    logins_per_address: int = 10
    """Log-in and sign-up attempts one client address may make within ``logins_window`` seconds."""
    logins_window: float = 300.0
    session_ttl: float = 30 * 86400.0
    """Seconds a login lasts (the session cookie's life)."""

    def to_env(self) -> dict[str, str]:
        """These settings as the environment gives them to :meth:`from_env` (another process)."""
        values = {f"HIPPODROME_{f.name.upper()}": str(getattr(self, f.name)) for f in fields(self)}
        values["HIPPODROME_DB"] = values.pop("HIPPODROME_DB_URL")
        return values

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {}
        if "HIPPODROME_DB" in os.environ:
            values["db_url"] = os.environ["HIPPODROME_DB"]
        for setting in fields(cls):
            variable = f"HIPPODROME_{setting.name.upper()}"
            if setting.name != "db_url" and variable in os.environ:
                kind = type(getattr(cls(), setting.name))
                values[setting.name] = kind(os.environ[variable])
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
