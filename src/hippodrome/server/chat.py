"""The chat of a table: players and spectators each in their own channel, stored so that a page
opened again shows the recent lines (docs/web.md, "Chat").

Who reads what: a player reads the players' channel; a spectator reads both, and writes only the
spectators'. Players do not read the spectators' channel: a crowd watching a game (up to
``ws_per_table`` connections) must not drown the table's talk, nor coach one player from the gallery.
A line carries no game content: only who said what, and how many of the table's events had happened
then (``at_event``), so each page interleaves it with its own log, as that seat may see it.

Nothing of it holds the event loop (issue 39): a line is judged on the loop (cheap), then written
with the others said meanwhile in one transaction in a thread (:class:`ChatWriter`), and fanned out
encoded once per channel, however many listen. A speaker (an account, else a client address) says
at most ``chat_lines_per_minute`` lines a minute at a table over all his connections
(:class:`SpeakerBudgets`); his lines carry an opaque ``author`` mark, the same whatever name he
gives, by which a page mutes him. Lines older than ``chat_retention`` are removed by the sweeper.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import delete, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from hippodrome.engine.types import JSONObject
from hippodrome.server.limits import MessageBudget
from hippodrome.server.service import LiveTable, SeatKind, ServerError, TableStatus
from hippodrome.server.storage import ChatRow, now

log = logging.getLogger("hippodrome.server")


class ChatChannel(StrEnum):
    PLAYERS = "players"
    SPECTATORS = "spectators"


def channel_of(seat: int | None) -> ChatChannel:
    """Where a connection writes: its seat's players' channel, or the spectators'."""
    return ChatChannel.SPECTATORS if seat is None else ChatChannel.PLAYERS


def readable(seat: int | None) -> tuple[ChatChannel, ...]:
    """The channels a connection reads: a spectator hears the players, not the other way round."""
    if seat is None:
        return (ChatChannel.PLAYERS, ChatChannel.SPECTATORS)
    return (ChatChannel.PLAYERS,)


def author_mark(table: LiveTable, speaker: str) -> str:
    """An opaque mark of a speaker (``account:ID``, ``address:IP``) at one table: the same for his
    every line there whatever name he gives, telling nothing of who he is (the table's secret seed
    keys it) and different at another table."""
    return hashlib.sha256(f"{table.seed}\x00chat\x00{speaker}".encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class ChatLine:
    id: int
    channel: ChatChannel
    seat: int | None
    name: str
    """The seat's name; a spectator's chosen name, or empty (the page says « a spectator »)."""
    text: str
    at_event: int
    created: datetime
    author: str | None = None
    """The speaker's mark at the table (:func:`author_mark`); None for lines said before it."""
    table_id: str = ""

    def to_json(self) -> JSONObject:
        return {
            "id": self.id,
            "channel": self.channel,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at_event": self.at_event,
            "at": self.created.isoformat(),
            "author": self.author,
        }

    @classmethod
    def from_row(cls, row: ChatRow) -> ChatLine:
        return cls(
            row.id,
            ChatChannel(row.channel),
            row.seat,
            row.name,
            row.text,
            row.at_event,
            row.created,
            row.author,
            row.table_id,
        )


LONGEST = 2000
"""What the store's column holds: the longest line whatever the setting (0 included)."""


class ChatStore:
    """The chat lines of every table, over the tables' database."""

    def __init__(self, engine: Engine, *, max_length: int, history: int) -> None:
        self.engine = engine
        self.max_length = max_length if 0 < max_length <= LONGEST else LONGEST
        self.history = history

    def judge(
        self, table: LiveTable, seat: int | None, text: str, name: str | None, speaker: str = ""
    ) -> ChatRow:
        """The line ``seat`` (None: a spectator, who may give a name) says, ready to be stored.
        Refused with a named error: an empty or too long line, a closed table, a seat now a bot's."""
        text = text.strip()
        if not text:
            raise ServerError(400, "error.chat_empty")
        if len(text) > self.max_length:
            raise ServerError(400, "error.chat_too_long", length=len(text), limit=self.max_length)
        if table.status == TableStatus.EXPIRED:
            raise ServerError(409, "error.table_expired", table=table.id)
        if seat is not None and table.seats[seat].kind != SeatKind.HUMAN:
            raise ServerError(403, "error.seat_handed_over", name=table.seats[seat].name)
        said_as = table.seats[seat].name if seat is not None else (name or "").strip()[:40]
        return ChatRow(
            table_id=table.id,
            channel=channel_of(seat),
            seat=seat,
            name=said_as,
            text=text,
            at_event=len(table.state.events),
            created=now(),
            author=author_mark(table, f"seat:{seat}" if seat is not None else speaker),
        )

    def write(self, rows: Sequence[ChatRow]) -> list[ChatLine]:
        """Store lines judged by :meth:`judge`, in one transaction (in a thread: it may wait on
        the database)."""
        with Session(self.engine) as session, session.begin():
            session.add_all(rows)
            session.flush()
            return [ChatLine.from_row(row) for row in rows]

    def say(
        self, table: LiveTable, seat: int | None, text: str, name: str | None, speaker: str = ""
    ) -> ChatLine:
        """Judge and store one line at once (tests, scripts; the live server batches them)."""
        return self.write([self.judge(table, seat, text, name, speaker)])[0]

    def recent(self, table_id: str, seat: int | None) -> list[ChatLine]:
        """The last lines ``seat`` may read at the table (at most ``history``), oldest first."""
        if self.history <= 0:
            return []
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.channel.in_(readable(seat)))
                .order_by(ChatRow.id.desc())
                .limit(self.history)
            ).all()
            return [ChatLine.from_row(r) for r in reversed(rows)]

    def line(self, table_id: str, line_id: int) -> ChatLine | None:
        """One line of the table, by its id (said through another server process)."""
        with Session(self.engine) as session:
            row = session.get(ChatRow, line_id)
            return None if row is None or row.table_id != table_id else ChatLine.from_row(row)

    def forget_before(self, moment: datetime) -> int:
        """Remove the lines said before ``moment`` (``chat_retention``), at every table: what a
        finished game keeps is its record, its replay and its result, not its talk. Returns how
        many were removed."""
        with Session(self.engine) as session, session.begin():
            removed = session.execute(delete(ChatRow).where(ChatRow.created < moment))
            return int(getattr(removed, "rowcount", 0) or 0)


class SpeakerBudgets:
    """The lines each speaker (an account, else a client address) may say at each table: a token
    bucket of ``per_minute`` lines a minute, ``burst`` at once, shared by all his connections, so
    neither a burst nor many connections say more."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1, burst)
        self.budgets: dict[tuple[str, str], MessageBudget] = {}
        self._taken = 0

    def take(self, table_id: str, speaker: str) -> bool:
        """Spend one line of the speaker's budget at the table; False when it is spent."""
        if self.rate <= 0:
            return True
        budget = self.budgets.get((table_id, speaker))
        if budget is None:
            budget = self.budgets[(table_id, speaker)] = MessageBudget(self.rate, self.burst)
        self._taken += 1
        if self._taken % 1000 == 0:
            self._forget_full()
        return budget.take()

    def _forget_full(self) -> None:
        """Forget the budgets that have filled up again (their speakers have been quiet)."""
        full_after = self.burst / self.rate
        quiet = time.monotonic() - full_after
        for key in [k for k, b in self.budgets.items() if b.stamp < quiet]:
            del self.budgets[key]


Failed = Callable[[Exception], None]


class ChatWriter:
    """Writes the lines said, those said meanwhile together in one transaction, in a thread, then
    hands them to ``told`` (which fans them out): the event loop never waits on the database for a
    line, and a busy chat costs one write per batch, not one per line."""

    def __init__(self, store: ChatStore, told: Callable[[list[ChatLine]], None]) -> None:
        self.store = store
        self.told = told
        self.pending: list[tuple[ChatRow, Failed]] = []
        self.batches = 0
        """Transactions written (tests: a burst of lines takes fewer than it has lines)."""
        self._wake = asyncio.Event()
        self._writing = False
        self._task: asyncio.Task[None] | None = None

    def add(self, row: ChatRow, failed: Failed) -> None:
        """A line to write; ``failed`` is called with the error if it cannot be."""
        self.pending.append((row, failed))
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self.pending = self.pending, []
            if not batch:
                continue
            self._writing = True
            try:
                lines = await asyncio.to_thread(self.store.write, [row for row, _ in batch])
            except Exception as exc:
                log.exception("%d chat lines could not be stored", len(batch))
                for _, failed in batch:
                    failed(exc)
                continue
            finally:
                self._writing = False
            self.batches += 1
            try:
                self.told(lines)
            except Exception:
                log.exception("chat lines could not be sent")

    async def flush(self) -> None:
        """Wait until every line added so far is written and told (tests, shutting down)."""
        while self.pending or self._wake.is_set() or self._writing:
            await asyncio.sleep(0.01)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
