"""The server's settings, read once from arguments and the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_DB = "sqlite:///hippodrome.db"


@dataclass(frozen=True, slots=True)
class Settings:
    db_url: str = DEFAULT_DB
    """Any SQLAlchemy URL; a SQLite file by default (created on first start)."""
    bot_delay: float = 0.8
    """Seconds a bot (or an automatic draw) waits before acting, so people can follow."""
    seat_timeout: float = 60.0
    """Seconds without a connection after which the other players may hand a seat to a bot."""
    bot_processes: int = 1
    """Worker processes for bots that think for a while (0: they think on the event loop)."""
    cache_size: int = 256
    """Live tables kept in memory; others are rebuilt from their actions when needed."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {}
        if "HIPPODROME_DB" in os.environ:
            values["db_url"] = os.environ["HIPPODROME_DB"]
        if "HIPPODROME_BOT_DELAY" in os.environ:
            values["bot_delay"] = float(os.environ["HIPPODROME_BOT_DELAY"])
        if "HIPPODROME_SEAT_TIMEOUT" in os.environ:
            values["seat_timeout"] = float(os.environ["HIPPODROME_SEAT_TIMEOUT"])
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
