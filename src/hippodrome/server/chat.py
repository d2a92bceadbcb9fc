"""The chat of a table: players and spectators each in their own channel, stored so that a page
opened again shows the recent lines (docs/web.md, "Chat").

Who reads what: a player reads the players' channel; a spectator reads both, and writes only the
spectators'. Players do not read the spectators' channel: a crowd watching a game (up to
``ws_per_table`` connections) must not drown the table's talk, nor coach one player from the gallery.
A line carries no game content: only who said what, and how many of the table's events had happened
then (``at_event``), so each page interleaves it with its own log, as that seat may see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from hippodrome.engine.types import JSONObject
from hippodrome.server.service import LiveTable, SeatKind, ServerError, TableStatus
from hippodrome.server.storage import ChatRow, now


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

    def to_json(self) -> JSONObject:
        return {
            "id": self.id,
            "channel": self.channel,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at_event": self.at_event,
            "at": self.created.isoformat(),
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
        )


LONGEST = 2000
"""What the store's column holds: the longest line whatever the setting (0 included)."""


class ChatStore:
    """The chat lines of every table, over the tables' database."""

    def __init__(self, engine: Engine, *, max_length: int, history: int) -> None:
        self.engine = engine
        self.max_length = max_length if 0 < max_length <= LONGEST else LONGEST
        self.history = history

    def say(self, table: LiveTable, seat: int | None, text: str, name: str | None) -> ChatLine:
        """Store one line said by ``seat`` (None: a spectator, who may give a name). Refused with a
        named error, nothing stored: an empty or too long line, a closed table, a seat now a bot's."""
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
        row = ChatRow(
            table_id=table.id,
            channel=channel_of(seat),
            seat=seat,
            name=said_as,
            text=text,
            at_event=len(table.state.events),
            created=now(),
        )
        with Session(self.engine) as session, session.begin():
            session.add(row)
            session.flush()
            return ChatLine.from_row(row)

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
