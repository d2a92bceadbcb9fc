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

    # -- game reviews (docs/web.md, "Game review") ------------------------------------------------
    review_processes: int = 1
    """Worker processes for finished games' reviews, apart from the bots' (0: threads of this
    process); a seat's decisions are judged in parallel over them."""
    review_budget: str = ""
    """How much a review simulates each decision, as ``hippodrome review --budget`` reads it:
    ``24`` (paired play-outs of each move compared) or ``24x8`` (and the most moves compared);
    none: the analysis's default (``analysis.review.ReviewBudget``)."""
    reviews_per_address: int = 20
    """Reviews one client address may start within ``tables_window`` seconds (a review asked again
    is answered from the store and not counted)."""

    # -- the chat (docs/web.md, "Chat") ------------------------------------------------------------
    chat_max_length: int = 500
    """The longest line one may say, in characters (at most 2000, what the store keeps)."""
    chat_history: int = 100
    """Lines of a table's chat a page gets when it (re)connects."""
    chat_lines_per_minute: float = 20.0
    """Lines one speaker (an account, else a client address) may say per minute at one table, on
    average, over all his connections; ``chat_burst`` at once (0: no limit but the messages')."""
    chat_burst: int = 5
    chat_retention: float = 30 * 86400.0
    """Seconds a chat line is kept; older lines are removed by the sweeper, whatever the table
    (the game itself, its record and its replay, are kept). 0: kept for ever."""
    # -- slow work kept off the event loop (docs/web.md, "Limits") ---------------------------------
    password_hashes: int = 2
    """Password hashes (argon2, 64 MiB each) computed at once; others wait ``password_wait``
    seconds for their turn, then are refused (503 with ``Retry-After``)."""
    password_wait: float = 5.0
    replays_per_address: int = 2
    """Replays one client address may have being built at once (429 with ``Retry-After``)."""
    replay_cache: int = 64
    """Finished games' replays kept built (one per table and viewer)."""
    silent_seat_timeout: float = 600.0
    """Seconds a connected seat may stay silent with a decision before it (the others may hand it to
    a bot, as an absent one's). 0: never."""
    # -- accounts and cross-site requests (docs/web.md, "Accounts") -------------------------------
    trusted_proxies: str = ""
    """Networks of the load balancers (CIDRs, separated by commas or spaces: ``10.0.0.0/8``)
    whose ``X-Forwarded-For`` gives the client's address (``limits.TrustedProxies``). From any
    other peer the header is ignored: the peer is the client, whom the limits count."""
    allowed_origins: str = ""
    """Origins, besides the server's own, whose pages may open a websocket or send a request that
    changes something, separated by commas (``https://play.example.org``)."""
    logins_per_address: int = 60
    """Log-in and sign-up attempts one client address may make within ``logins_window`` seconds
    (a club behind one address shares it; a successful login is not counted)."""
    logins_per_name: int = 10
    """Failed logins one client address may make at one account name within ``logins_window``."""
    logins_window: float = 300.0
    session_ttl: float = 14 * 86400.0
    """Seconds a login lasts unused: each use moves its end forward (at most once an hour), up to
    ``session_max_age`` after the login."""
    session_max_age: float = 90 * 86400.0
    """Seconds a login lasts at most, however often it is used (the session cookie's life)."""

    # -- mail, push and "your turn" (docs/web.md, "Mail and push"; docs/deploy.md) ---------------
    smtp_url: str = ""
    """Where mail is sent: ``smtp://host:25``, ``smtp://user:password@host:587?starttls=1``,
    ``smtps://user:password@host:465``. None: no mail is sent (no address confirmation either)."""
    mail_from: str = "Hippodrome <hippodrome@localhost>"
    """The ``From`` of the mail (an address of the site's domain, which its SPF record allows)."""
    site_url: str = ""
    """The site's address as players reach it (``https://play.example.org``), for the links in
    mail; none: the address of the latest request that asked for a mail."""
    secret_key: str = ""
    """The key signing the links sent by mail; none: one drawn once and kept in the store."""
    turn_mail_period: float = 12 * 3600.0
    """Seconds within which a seat's account gets at most one "your turn" e-mail for one table."""
    vapid_private_key: str = ""
    """Web push: the site's VAPID private key (``python -m hippodrome.server.push`` makes a pair);
    none: no push."""
    vapid_public_key: str = ""
    """Web push: the VAPID public key (base64url, the browser subscribes with it)."""
    vapid_subject: str = "mailto:hippodrome@localhost"
    """Web push: who runs the site, for the push services (``mailto:`` or ``https:``)."""
    # -- ratings and accounts' care (docs/web.md, "Ratings", "Accounts") ---------------------------
    stand_in_share: float = 0.25
    """The share of a rated seat's steps a stand-in bot may play (its player's time ran out)
    before the player loses the game as a quitter, whatever the bot made of his seat."""
    leaderboard_min_games: int = 5
    """Rated games a player needs at a game to appear on its leaderboard."""
    reset_ttl: float = 3600.0
    """Seconds a password reset link sent by e-mail stays good (it works once)."""

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
