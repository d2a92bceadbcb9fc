"""Tables: created, joined, played and listed over the event-sourced store.

A table's state is never stored: it is rebuilt by replaying the table's actions through the engine
(validated, so a corrupt store is detected, not trusted) and kept in a small LRU cache. Every action is
validated by the engine before it is written; the write and the state change happen together.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import logging
import random
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import String, and_, cast, delete, false, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from hippodrome.bots.base import BOT_KINDS, BotKind, make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import HippodromeError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import texts
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.results import result_sheet
from hippodrome.engine.types import CHANCE, JSONObject, Player
from hippodrome.games import load_game
from hippodrome.server.clocks import Clock, SeatClocks, idle_limit
from hippodrome.server.ratings import (
    STAND_IN_SHARE,
    changes_of,
    rate_finished_table,
    shown_ratings,
)
from hippodrome.server.storage import (
    AccountRow,
    ActionRow,
    InvitationRow,
    SeatKeyRow,
    SeatRow,
    TableRow,
    now,
)

log = logging.getLogger("hippodrome.server")

STAND_IN_BOT = BotKind.HEURISTIC
"""The bot that plays a seat its player left (time ran out, conceded): fixed by the server, never
chosen by a table's creator, so idling never earns a strong bot's result (issue 35)."""

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id may be (``secrets.token_urlsafe``); anything else names no table."""


class TableStatus(StrEnum):
    """Where a table is in its life (stored as text)."""

    OPEN = "open"
    """A human seat has never connected."""
    RUNNING = "running"
    FINISHED = "finished"
    BROKEN = "broken"
    """Its stored actions no longer replay (the game's data or rules changed)."""
    EXPIRED = "expired"
    """Left untouched too long (open: its players never all came; running: nobody played on).
    Kept, and readable by its id (its replay too), but no longer listed unless asked for, and closed
    to play, to chat and to joining: the lobby calls it archived."""


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


def seat_connected(kind: str, index: int, connected: Collection[int]) -> bool:
    """Whether a seat shows as connected: a bot's always (it plays here, server-side), a human
    seat's while its player has a connection at the table (``connected``: through any server
    process). The one rule of who is connected: every seat list the server sends is marked by it."""
    return kind == SeatKind.BOT or index in connected


def mark_connected(summary: JSONObject, connected: Collection[int]) -> JSONObject:
    """A table's summary with its seats marked connected as the live tables say (``seat_connected``)."""
    for seat in summary["seats"]:
        seat["connected"] = seat_connected(seat["kind"], seat["index"], connected)
    return summary


class ServerError(HippodromeError):
    """A request the server refuses: carries an HTTP status besides the message key."""

    def __init__(self, status: int, key: str, /, **params: object) -> None:
        self.status = status
        super().__init__(key, **params)


class VersionTakenError(ServerError):
    """Another server process stored an action at this version first (the store's unique
    ``(table, seq)`` key): this one is not played; the table is read again from the store."""

    def __init__(self, table_id: str, seq: int) -> None:
        self.seq = seq
        super().__init__(409, "error.version_taken", table=table_id, version=seq)


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """One played action, waiting to be stored."""

    table_id: str
    seq: int
    player: Player
    notation: str
    status: str
    result: JSONObject | None
    updated: datetime
    clocks: JSONObject | None = None


@dataclass(frozen=True, slots=True)
class StoredMoves:
    """What another server process stored at a table, as its news tells it: the actions
    ``(seq, player, notation)`` of one move, and the table's version, status, time and clocks
    after them (see ``cluster.Notice``)."""

    version: int
    moves: tuple[tuple[int, int, str], ...]
    status: str
    updated: datetime
    clock: JSONObject | None = None

    def to_json(self) -> JSONObject:
        return {
            "version": self.version,
            "moves": [list(m) for m in self.moves],
            "status": self.status,
            "updated": self.updated.isoformat(),
            "clock": self.clock,
        }

    @classmethod
    def from_json(cls, data: JSONObject) -> StoredMoves | None:
        """The news, or None for anything malformed (the store is read instead)."""
        try:
            moves = tuple((int(q), int(p), str(n)) for q, p, n in data["moves"])
            clock = data.get("clock")
            return cls(
                int(data["version"]),
                moves,
                str(TableStatus(data["status"])),
                datetime.fromisoformat(str(data["updated"])),
                clock if isinstance(clock, dict) else None,
            )
        except (KeyError, TypeError, ValueError):
            return None

    @classmethod
    def of(cls, *writes: ActionWrite) -> StoredMoves:
        """The news of a move stored as ``writes`` (in order)."""
        last = writes[-1]
        return cls(
            last.seq + 1,
            tuple((w.seq, w.player, w.notation) for w in writes),
            str(last.status),
            last.updated,
            last.clocks,
        )


CHECKED_TAIL = 64
"""The last actions a process checks against the store when catching a table up: a move taken back
(by another process) is never longer, so a log that changed is told from one that only grew."""


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    state: State
    status: TableStatus
    updated: datetime
    deciding: dict[int, int]
    clocks: SeatClocks | None


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: SeatKind
    name: str | None = None
    bot: str | None = None
    mine: bool = False
    """The creator's own seat: kept for him (only its token plays it), never offered as free."""


@dataclass
class SeatInfo:
    index: int
    name: str
    kind: SeatKind
    bot: str | None
    joined: bool
    last_seen: datetime | None
    reserved: bool = False
    account: int | None = None
    """The seat's account (never sent to a client)."""
    conceded: bool = False
    """Its player conceded: a bot plays it out (migration 0011)."""
    former: bool = False
    """Its account was deleted: the seat shows « former player »."""
    rating: float | None = None
    """The account's rating at the table's game, shown beside its name (None: no rated game)."""

    @property
    def free(self) -> bool:
        """A human seat nobody has come to and its creator did not keep: anyone may take it."""
        return self.kind == SeatKind.HUMAN and not self.joined and not self.reserved

    @classmethod
    def of_row(cls, row: SeatRow) -> SeatInfo:
        return cls(
            row.index,
            row.name,
            SeatKind(row.kind),
            row.bot,
            row.joined,
            row.last_seen,
            bool(row.reserved),
            row.account_id,
            bool(row.conceded),
        )

    def to_json(self, connected: Collection[int] = ()) -> JSONObject:
        """The seat as clients see it; ``connected``: the table's seats with a connection."""
        return {
            "index": self.index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "connected": seat_connected(self.kind, self.index, connected),
            "free": self.free,
        } | self.marks()

    def marks(self) -> JSONObject:
        """What is shown beside the seat's name, only when there is something: its player's
        rating, « former player », a concession (issue 35)."""
        marks: JSONObject = {}
        if self.rating is not None:
            marks["rating"] = self.rating
        if self.former:
            marks["former"] = True
        if self.conceded:
            marks["conceded"] = True
        return marks


@dataclass
class LiveTable:
    """A table in memory: its game, its rebuilt state, its seats."""

    id: str
    game: Game[Any]
    state: State
    seats: list[SeatInfo]
    seed: str
    status: TableStatus
    created: datetime
    updated: datetime
    bots: dict[int, Bot] = field(default_factory=dict)
    problem: str | None = None
    """Why a broken table's stored actions do not replay."""
    practice: bool = False
    """Its human players are shown the odds of their decisions (``hippodrome.analysis.odds``)."""
    guided: bool = False
    """A guided first game: each decision of a human seat is explained, with the heuristic bot's
    suggestion (``hippodrome.server.thinking.suggest``); always a practice table too."""
    private: bool = False
    """Never listed in the lobby: only those with its link find it (and take its free seats)."""
    rated: bool = False
    """Its end updates the ratings of the accounts at it (``hippodrome.server.ratings``)."""
    deciding: dict[int, int] = field(default_factory=dict)
    """Each seat choosing in secret while others do or have (``State.choosing_in_secret``): the
    version since which it has been choosing without acting (see ``same_decision``)."""
    clocks: SeatClocks | None = None
    """The seats' clocks, on a table that has one (``hippodrome.server.clocks``)."""
    stand_ins: dict[int, Bot] = field(default_factory=dict)
    """The bots playing seats whose time ran out, until their players take them back."""
    rematch: str | None = None
    """The table started as this one's rematch, once someone asked for it (stored: read back with
    the table, and when it is caught up with the store)."""
    sheet: JSONObject | None = None
    """The finished game's result sheet (``hippodrome.engine.results``), made once."""

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seats_json(self, connected: Collection[int] = ()) -> list[JSONObject]:
        """The seats as clients see them, marked connected by ``seat_connected``."""
        return [s.to_json(connected) for s in self.seats]

    def __post_init__(self) -> None:
        self.note_decisions()

    def same_decision(self, seat: int, version: int) -> bool:
        """Whether an action ``seat`` sent against ``version`` answers the decision still before it.

        True when the version is the table's, or when, since that version, the seat has been one of
        several choosing at once and in secret (sealed bids, sheets, slips) and only the others
        have acted, all of them perhaps: their choices are secret, so the seat knows nothing it did
        not know then (choices shown as they are made, claims and stakes, are not secret).
        Otherwise the action was made on a state that has changed under it, and it is not judged."""
        return self.deciding.get(seat, self.version) <= version <= self.version

    def note_decisions(self) -> None:
        """After a step: track the seats choosing together in secret (``same_decision``)."""
        self.deciding = decisions_after(self.deciding, self.state)

    def is_automatic(self, seat: int) -> bool:
        """Whether the server plays this seat: a bot's, or one a stand-in plays (time ran out)."""
        return self.seats[seat].kind == SeatKind.BOT or self.is_away(seat)

    def is_away(self, seat: int) -> bool:
        return self.clocks is not None and seat in self.clocks.away

    def clock_seats(self) -> set[int]:
        """The seats whose clock runs now: the human seats to act (or to roll), but those a
        stand-in plays; none while the table waits for its players or is over."""
        state = self.state
        if self.clocks is None or self.status != TableStatus.RUNNING or state.is_terminal():
            return set()
        if state.is_chance_node():
            roller = state.chance_roller()
            seats = set() if roller is None else {roller}
        else:
            seats = set(state.active_players())
        return {s for s in seats if self.seats[s].kind == SeatKind.HUMAN and not self.is_away(s)}

    def tick_clock(self, mover: int | None = None, at: float | None = None) -> None:
        """Bring the clocks up to the table's state (``SeatClocks.update``); ``mover``: the seat
        whose step was just played. A move is what the engine calls one (``State.continues_move``,
        as the result sheet counts them: a Toques et Casques move of three lengths is one move of
        three steps): the mover's clock runs on through its move, and the increment is paid once,
        when the move ends."""
        if self.clocks is not None:
            state = self.state
            to_act = self.clock_seats()
            chance_next = state.is_chance_node() or state.is_terminal()
            same = mover is not None and not chance_next and state.continues_move(mover)
            self.clocks.update(to_act, mover, at, same_move=same)

    def result_sheet(self) -> JSONObject | None:
        """The finished game's sheet (per race or deal, statistics), made at the first asking."""
        if not self.state.is_terminal():
            return None
        if self.sheet is None:
            self.sheet = result_sheet(self.game, self.state.history)
            # SQLite gives back naive times (UTC): both are read as UTC.
            ended, began = (
                t if t.tzinfo else t.replace(tzinfo=UTC) for t in (self.updated, self.created)
            )
            seconds = (ended - began).total_seconds()
            self.sheet["seconds"] = max(0, round(seconds))
        return self.sheet

    def bot_for(self, seat: int) -> Bot | None:
        if self.is_away(seat) and self.clocks is not None:
            if seat not in self.stand_ins:
                self.stand_ins[seat] = make_bot(STAND_IN_BOT, self.game.id)
            return self.stand_ins[seat]
        info = self.seats[seat]
        if info.kind != SeatKind.BOT or info.bot is None:
            return None
        if seat not in self.bots:
            self.bots[seat] = make_bot(info.bot, self.game.id)
        return self.bots[seat]

    def rng(self, purpose: str) -> random.Random:
        """A generator for the next step, derived from the secret seed: replays and restarts agree."""
        return random.Random(f"{self.seed}:{purpose}:{self.version}")

    def draw_chance(self) -> Action:
        """The pending chance outcome (die, card, lot), drawn from the table's secret seed."""
        return self.state.sample_chance(self.rng("chance"))

    def record(self) -> GameRecord:
        seats = [Seat(s.name, s.bot or s.kind) for s in self.seats]
        return GameRecord.from_state(self.state, seats, record_id=self.id)


def decisions_after(deciding: dict[int, int], state: State) -> dict[int, int]:
    """``LiveTable.deciding`` after the step that led to ``state``, from what it was before."""
    if not state.choosing_in_secret():  # never at a chance node, nor at the end
        return {}
    version = len(state.history)
    mover = state.history[-1][0] if state.history else None
    # Each seat keeps the version it began its secret choice at until it acts, the last one left
    # to choose included: the others' choices have told it nothing.
    return {
        seat: version if seat == mover or seat not in deciding else deciding[seat]
        for seat in state.active_players()
    }


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def rematch_token(token: str, table_id: str, seat: int) -> str:
    """A seat's token at a rematch, derived from the same seat's token at the finished table:
    HMAC-SHA256 keyed by the old token, of the new table's id and the seat (docs/web.md, "End of a
    game"). Only whoever holds the old token can compute it, any server process can, after any
    restart, and nothing secret is stored or sent between processes to do so."""
    message = f"hippodrome rematch:{table_id}:{seat}".encode()
    digest = hmac.new(token.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def event_json(event: Event, names: Sequence[str]) -> JSONObject:
    """An event as a client shows it (already as its viewer may see it), seats named."""
    key, params = event.message()
    shown: JSONObject = {
        "key": event.key,
        "params": event.params(),
        "text": texts(key, params, names=names, kinds=event.terms),
    }
    if event.quiet:
        shown["quiet"] = True  # told later in a summary: the log keeps it out of sight
    return shown


class TableService:
    """The tables, over a SQLAlchemy engine. Synchronous and short: callers serialise per table."""

    def __init__(self, engine: Engine, *, cache_size: int = 256, shared: bool = False) -> None:
        self.engine = engine
        self.cache_size = cache_size
        self.shared = shared
        """Other server processes write to the same store: :meth:`fresh` reads it again."""
        self._cache: OrderedDict[str, LiveTable] = OrderedDict()
        self.stand_in_share = STAND_IN_SHARE
        """A rated seat a stand-in played more of is its player's loss (``ratings``)."""
        self.current: set[str] = set()
        """Shared store: the tables whose memory here is the store's as far as the news between
        processes tells (read with the news live, and no news of them since): :meth:`fresh`
        trusts them without a read. Emptied when the news may have been lost."""

    # -- creating ---------------------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        options: dict[str, object],
        seats: Sequence[SeatSpec],
        *,
        practice: bool = False,
        guided: bool = False,
        private: bool = False,
        account_id: int | None = None,
        clock: Clock | None = None,
        rated: bool = True,
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it with each human seat's secret token (shown once, never stored).
        The creator's seat (the first he keeps, else the first human seat) is tied to his account
        when he is logged in."""
        row, game, tokens = self._new_table(
            game_id,
            options,
            seats,
            practice=practice,
            guided=guided,
            private=private,
            account_id=account_id,
            clock=clock,
            rated=rated,
        )
        with Session(self.engine) as session, session.begin():
            session.add(row)
            session.flush()
            table = self._live(row, game, [])
            self._mark_seats(session, table)
        self._remember(table)
        return table, tokens

    def _new_table(
        self,
        game_id: str,
        options: dict[str, object],
        seats: Sequence[SeatSpec],
        *,
        practice: bool,
        guided: bool,
        private: bool,
        account_id: int | None,
        clock: Clock | None,
        rated: bool = False,
    ) -> tuple[TableRow, Game[Any], list[str | None]]:
        """A new table's row, not stored yet, with its game and each human seat's token."""
        game = load_game(game_id, players=len(seats), **options)
        humans = [i for i, s in enumerate(seats) if s.kind != SeatKind.BOT]
        own = next((i for i in humans if seats[i].mine), humans[0] if humans else None)
        tokens: list[str | None] = []
        rows = []
        for i, spec in enumerate(seats):
            if spec.kind == SeatKind.BOT:
                if spec.bot not in BOT_KINDS:
                    raise ServerError(400, "error.bot_kind", kind=spec.bot, kinds=list(BOT_KINDS))
                tokens.append(None)
                name = spec.name or f"{spec.bot} {i + 1}"
                rows.append(
                    SeatRow(index=i, name=name, kind=SeatKind.BOT, bot=spec.bot, joined=True)
                )
            else:
                token = secrets.token_urlsafe(24)
                tokens.append(token)
                name = spec.name or f"Player {i + 1}"
                rows.append(
                    SeatRow(
                        index=i,
                        name=name,
                        kind=SeatKind.HUMAN,
                        token_hash=hash_token(token),
                        reserved=spec.mine,
                        account_id=account_id if i == own else None,
                    )
                )
        human = any(s.kind == SeatKind.HUMAN for s in seats)
        status = TableStatus.OPEN if human else TableStatus.RUNNING
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.id,
            rules_version=game.rules_version,
            data_digest=game.data_digest,
            options=game.options.to_json(),
            seed=secrets.token_hex(16),
            status=status,
            version=0,
            seats=rows,
            practice=practice or guided,
            guided=guided,
            private=private,
            clock=None if clock is None else clock.to_json(),
            rated=rated and not (practice or guided),  # a practice game is never rated
        )
        return row, game, tokens

    # -- reading ----------------------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        table = self._cache.get(table_id)
        if table is not None:
            self._cache.move_to_end(table_id)
            return table
        if not TABLE_ID.fullmatch(table_id):
            raise ServerError(404, "error.table_not_found", table=table_id[:40])
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
            if row is None:
                raise ServerError(404, "error.table_not_found", table=table_id)
            actions = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            ).all()
            game = load_game(row.game, **row.options)
            if game.rules_version != row.rules_version:
                raise ServerError(
                    409,
                    "error.rules_changed",
                    table=table_id,
                    was=row.rules_version,
                    now=game.rules_version,
                )
            table = self._live(row, game, [(a.player, a.notation) for a in actions])
            self._mark_seats(session, table)
        self._remember(table)
        return table

    def cached(self, table_id: str) -> LiveTable | None:
        """The table if this process has it in memory (possibly behind the store)."""
        return self._cache.get(table_id)

    def fresh(
        self, table_id: str, *, trust: bool = False, check: bool = False
    ) -> tuple[LiveTable, list[Event] | None]:
        """The table as the store has it now, and the events of the actions it gained since this
        process last saw it (none when this process is the store's only writer). None instead of
        the events: the table's log changed, not only grew (another process took a move back), so
        the table was read anew and its whole log replaces what was shown.

        ``trust``: the news between processes is live, so a table :attr:`current` is taken as it
        is, without a read (another process's move reaches it as news, :meth:`follow`); a table
        read now becomes current. Without it, the store is read every time.

        ``check``: read the store even if the table is current. News is live but not instant: a
        client that comes from another process may have seen a move whose news is still on its
        way here, and must not be shown the table as it was before it."""
        table = self.get(table_id)
        if not self.shared:
            return table, []
        if trust and table_id in self.current and not check:
            return table, []
        events = self.catch_up(table)
        if events is None:
            self._cache.pop(table_id, None)
            table, events = self.get(table_id), None
        if trust:
            self.current.add(table_id)
        else:
            self.current.discard(table_id)
        return table, events

    def follow(self, table: LiveTable, news: StoredMoves) -> list[Event] | None:
        """Play the moves another process stored (as its news tells them) on a table that was
        the store's just before, without reading the store: their events, or None when the news
        does not continue what this process holds (news missed): the caller reads the store."""
        if table.status == TableStatus.BROKEN or not news.moves:
            return None
        if news.moves[0][0] != table.version:
            return None
        return self._continue(table, news.moves, news.status, news.updated, news.clock)

    def forget_news(self, table_id: str | None = None) -> None:
        """Another process changed the table (None: perhaps any table): read it at its next use."""
        if table_id is None:
            self.current.clear()
        else:
            self.current.discard(table_id)

    def catch_up(self, table: LiveTable) -> list[Event] | None:
        """Bring a cached table up to the store, where another server process may have played on
        it: its new actions are replayed (validated, as at a rebuild), its seats, status and clocks
        read again. One small query when nothing changed. Returns the new actions' events, or None
        when the store's log is no longer this one's continuation (a move taken back since, and
        perhaps others played): the caller reads the table anew."""
        with Session(self.engine) as session:
            head = session.execute(
                select(
                    TableRow.version,
                    TableRow.status,
                    TableRow.updated,
                    TableRow.clock_state,
                    TableRow.rematch,
                ).where(TableRow.id == table.id)
            ).one_or_none()
            if head is None:
                raise ServerError(404, "error.table_not_found", table=table.id)
            version, status, updated, clock_state, rematch = head
            table.rematch = rematch or table.rematch  # asked through another process
            if (version, status, updated) == (table.version, table.status, table.updated):
                return []
            if version < table.version:
                return None  # a move was taken back
            # The last actions this process knows must still be the store's (an undo followed by
            # other moves brings the version back up with other actions): a move taken back is
            # at most a few dozen steps.
            known = len(table.state.history)
            first = max(0, known - CHECKED_TAIL)
            moves = session.execute(
                select(ActionRow.seq, ActionRow.player, ActionRow.notation)
                .where(ActionRow.table_id == table.id, ActionRow.seq >= first)
                .order_by(ActionRow.seq)
            ).all()
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.index)
            ).all()
        if table.status == TableStatus.BROKEN:
            return []
        history = table.state.history
        for seq, player, notation in moves:
            if seq < known and (history[seq][0] != player or str(history[seq][1]) != notation):
                return None
        was = {s.index: s for s in table.seats}
        table.seats = [SeatInfo.of_row(s) for s in seats]
        for info in table.seats:  # the marks beside the names stay those read with the table
            if info.index in was and was[info.index].account == info.account:
                info.rating, info.former = was[info.index].rating, was[info.index].former
        for seat in [s for s, info in enumerate(table.seats) if info.kind != SeatKind.BOT]:
            table.bots.pop(seat, None)
        new = [(seq, player, notation) for seq, player, notation in moves if seq >= known]
        return self._continue(table, new, status, updated, clock_state)

    def _continue(
        self,
        table: LiveTable,
        moves: Sequence[tuple[int, int, str]],
        status: str,
        updated: datetime,
        clock_state: JSONObject | None,
    ) -> list[Event]:
        """Play the moves another process stored after this table's last one (validated, as at a
        rebuild), and take the table's status, time and clocks as stored with them."""
        start = len(table.state.events)
        known = table.version
        for _, player, notation in moves:
            try:
                table.state.apply(table.game.parse_action(notation), player)
            except HippodromeError as exc:
                table.status, table.problem = TableStatus.BROKEN, "a stored action does not replay"
                log.error("table %s: %s", table.id, RecordError("actions", f"{notation!r}: {exc}"))
                return table.state.events[start:]
            table.note_decisions()
        table.status, table.updated = TableStatus(status), updated
        if table.clocks is not None and table.version != known:
            # The figures the other process stored with its last action; the seats to act now
            # start their decision afresh, as at a restart.
            table.clocks = SeatClocks.start(table.clocks.clock, len(table.seats), clock_state)
            table.stand_ins = {s: b for s, b in table.stand_ins.items() if s in table.clocks.away}
            table.tick_clock()
        return table.state.events[start:]

    def snapshot(self, table: LiveTable) -> TableSnapshot:
        """What :meth:`play` changes, to :meth:`restore` if another process stored first."""
        return TableSnapshot(
            table.state.clone(),
            table.status,
            table.updated,
            dict(table.deciding),
            copy.deepcopy(table.clocks),
        )

    def restore(self, table: LiveTable, snapshot: TableSnapshot) -> None:
        table.state, table.status, table.updated, table.deciding, table.clocks = (
            snapshot.state,
            snapshot.status,
            snapshot.updated,
            snapshot.deciding,
            snapshot.clocks,
        )
        self._remember(table)

    def stalled(self, before: datetime, *, limit: int = 1000) -> list[tuple[str, int]]:
        """Running tables untouched since ``before`` (most recent first), with their versions."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.version)
                .where(TableRow.status == TableStatus.RUNNING, TableRow.updated < before)
                .order_by(TableRow.updated.desc())
                .limit(limit)
            ).all()
        return [(table_id, version) for table_id, version in rows]

    def seat_of(
        self, table: LiveTable, token: str | None, account_id: int | None = None
    ) -> int | None:
        """The seat whose token this is; None for no token (a spectator). A wrong token is refused,
        and so is the token of a seat tied to an account when ``account_id`` (the account logged in
        where the token comes from; None: a guest) is not that account: a seat taken while logged
        in is played by its account only, so a key left in a browser after its logout opens
        nothing to the next person at that computer."""
        if not token:
            return None
        hashed = hash_token(token)
        with Session(self.engine) as session:
            found = session.execute(
                select(SeatRow.index, SeatRow.account_id).where(
                    SeatRow.table_id == table.id, SeatRow.token_hash == hashed
                )
            ).first()
            if found is None:  # a further key the seat's account obtained for another browser
                found = session.execute(
                    select(SeatKeyRow.index, SeatRow.account_id)
                    .join(
                        SeatRow,
                        and_(
                            SeatRow.table_id == SeatKeyRow.table_id,
                            SeatRow.index == SeatKeyRow.index,
                        ),
                    )
                    .where(SeatKeyRow.table_id == table.id, SeatKeyRow.token_hash == hashed)
                ).first()
        if found is None:
            raise ServerError(403, "error.bad_token")
        index, owner = found
        if owner is not None and owner != account_id:
            raise ServerError(403, "error.seat_of_account", n=index + 1)
        return int(index)

    def tables_of_account(self, account_id: int, *, limit: int = 100) -> list[JSONObject]:
        """The tables where the account holds a seat, most recently active first, each with the
        account's seat (``seat``)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow, SeatRow.index)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account_id == account_id)
                .options(selectinload(TableRow.seats))
                .order_by(TableRow.updated.desc(), TableRow.id)
                .limit(limit)
            ).all()
            marks = self._row_marks(session, [row for row, _ in rows])
            invited = dict(
                session.execute(  # seats kept for it by an invitation it has not answered
                    select(InvitationRow.table_id, InvitationRow.inviter)
                    .join(
                        SeatRow,
                        and_(
                            SeatRow.table_id == InvitationRow.table_id,
                            SeatRow.index == InvitationRow.index,
                        ),
                    )
                    .where(InvitationRow.account_id == account_id, SeatRow.joined == false())
                ).all()
            )
            return [
                self._summary_of_row(row, marks)
                | {"seat": index, "invited_by": invited.get(row.id)}
                for row, index in rows
            ]

    def summaries(self, table_ids: Sequence[str]) -> list[JSONObject]:
        """The summaries of these stored tables, in the order given (an unknown id is left out)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.id.in_(list(table_ids)))
                .options(selectinload(TableRow.seats))
            ).all()
            marks = self._row_marks(session, rows)
            found = {r.id: self._summary_of_row(r, marks) for r in rows}
        return [found[t] for t in table_ids if t in found]

    def reread_seats(self, table: LiveTable) -> None:
        """Read the table's seats again from the store (an account was deleted: « former player »)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.index)
            ).all()
            table.seats = [SeatInfo.of_row(r) for r in rows]
            self._mark_seats(session, table)

    def marks_changed(self, table: LiveTable) -> None:
        """Read again what is shown beside the table's names (an account came to a seat)."""
        with Session(self.engine) as session:
            self._mark_seats(session, table)

    def link_account(self, table: LiveTable, seat: int, account_id: int) -> bool:
        """Tie a human seat joined by someone logged in to his account, unless the seat already has
        one or the account holds another seat at the table (one seat per account and table). The
        seat takes the account's name: the others see who plays it, not « Player 2 ». True when
        the seat was tied (and perhaps renamed) now."""
        if table.seats[seat].kind != SeatKind.HUMAN:
            return False
        with Session(self.engine) as session, session.begin():
            holders = session.execute(
                select(SeatRow.index, SeatRow.account_id).where(SeatRow.table_id == table.id)
            ).all()
            if any(a == account_id for _, a in holders) or any(
                i == seat and a is not None for i, a in holders
            ):
                return False
            name = session.scalar(select(AccountRow.name).where(AccountRow.id == account_id))
            values: dict[str, object] = {"account_id": account_id}
            if name:
                values["name"] = table.seats[seat].name = name
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.index == seat)
                .values(**values)
            )
            table.seats[seat].account = account_id
            self._mark_seats(session, table)
        return True

    def list_tables(
        self,
        status: TableStatus | None,
        *,
        game: str | None = None,
        limit: int = 100,
        offset: int = 0,
        private: bool = False,
        abandoned_before: datetime | None = None,
        present: Collection[str] = (),
    ) -> list[JSONObject]:
        """Tables, most recently active first; the expired ones only when asked for by status, the
        private ones never (but to the server itself: ``private=True``); of one game if given.
        ``abandoned_before``: a running table without a clock untouched since then is left out
        (abandoned), unless a player is at it (``present``)."""
        with Session(self.engine) as session:
            query = select(TableRow).options(selectinload(TableRow.seats))
            if not private:
                query = query.where(TableRow.private == false())
            if abandoned_before is not None:
                query = query.where(
                    or_(
                        TableRow.status != TableStatus.RUNNING,
                        TableRow.updated >= abandoned_before,
                        # A table without a clock holds JSON null (or SQL NULL, for an old row).
                        and_(TableRow.clock.is_not(None), cast(TableRow.clock, String) != "null"),
                        TableRow.id.in_(list(present)),
                    )
                )
            if game is not None:
                query = query.where(TableRow.game == game)
            if status is not None:
                query = query.where(TableRow.status == status)
            else:
                query = query.where(TableRow.status != TableStatus.EXPIRED)
            query = query.order_by(TableRow.updated.desc(), TableRow.id).offset(offset).limit(limit)
            rows = session.scalars(query).all()
            marks = self._row_marks(session, rows)
            return [self._summary_of_row(r, marks) for r in rows]

    # -- changing ---------------------------------------------------------------------------------

    def apply(self, table: LiveTable, player: Player | None, action: Action) -> list[Event]:
        """Validate and play ``action`` (player None or CHANCE for chance), then store it."""
        events, write = self.play(table, player, action)
        self.store(write)
        return events

    def play(
        self, table: LiveTable, player: Player | None, action: Action
    ) -> tuple[list[Event], ActionWrite]:
        """Validate and play ``action`` in memory; the returned write must then be stored (the server
        does it off the event loop) before anyone is told."""
        if table.status == TableStatus.FINISHED:
            raise ServerError(409, "error.game_over", action=str(action))
        if table.status == TableStatus.BROKEN:
            raise ServerError(409, "error.table_broken", table=table.id)
        if table.status == TableStatus.EXPIRED:
            raise ServerError(409, "error.table_expired", table=table.id)
        seq = table.version
        stand_in = player is not None and player != CHANCE and table.is_away(player)
        events = table.state.apply(action, player)  # raises IllegalActionError, changes nothing
        if stand_in and table.clocks is not None and player is not None:
            table.clocks.stood_in[player] += 1
        table.note_decisions()
        table.updated = now()
        if table.state.is_terminal():
            table.status = TableStatus.FINISHED
        mover = table.state.history[-1][0]
        table.tick_clock(mover if mover != CHANCE else None)
        write = ActionWrite(
            table_id=table.id,
            seq=seq,
            player=table.state.history[-1][0],
            notation=str(action),
            status=table.status,
            result=table.state.outcome().to_json() if table.state.is_terminal() else None,
            updated=table.updated,
            clocks=None if table.clocks is None else table.clocks.stored(),
        )
        return events, write

    def play_plan(
        self, table: LiveTable, player: Player, actions: Sequence[Action]
    ) -> tuple[list[Event], list[ActionWrite]]:
        """Play a whole move of ``player``, all or nothing: judged whole first (``State.apply_plan``
        on a copy: every step, and no die, card or other seat between them), then played action by
        action as :meth:`play` plays one, so records and replays hold the steps, never the plan.
        Store the writes together: ``store(writes[-1], *writes[:-1])``."""
        if table.status == TableStatus.RUNNING:
            table.state.clone().apply_plan(actions, player)  # raises, changing nothing
        events: list[Event] = []
        writes: list[ActionWrite] = []
        for action in actions:
            played, write = self.play(table, player, action)
            events += played
            writes.append(write)
        return events, writes

    def undo(self, table: LiveTable, seat: int) -> None:
        """``seat`` takes back its last move (``State.undo_point``: before anyone else acts, nothing
        drawn nor hidden since; a game whose moves are final only on a practice table). The
        actions taken back are deleted from the store with the table's version in one
        transaction: the stored log stays the game as played, which records and replays read."""
        closed = {
            TableStatus.FINISHED: "error.undo_game_over",
            TableStatus.BROKEN: "error.table_broken",
            TableStatus.EXPIRED: "error.table_expired",
            TableStatus.OPEN: "error.table_open",
        }
        if table.status in closed:
            raise ServerError(409, closed[TableStatus(table.status)], table=table.id)
        state = table.state.taken_back(seat, practice=table.practice)  # raises, changing nothing
        keep = len(state.history)
        updated = now()
        try:
            with Session(self.engine) as session, session.begin():
                # Only from the version this process knows: another process may have played since.
                moved = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table.id, TableRow.version == table.version)
                    .values(version=keep, updated=updated)
                )
                if moved.rowcount != 1:  # type: ignore[attr-defined]
                    raise VersionTakenError(table.id, table.version)
                session.execute(
                    delete(ActionRow).where(ActionRow.table_id == table.id, ActionRow.seq >= keep)
                )
        except VersionTakenError:
            self._forget(table.id)
            raise
        except Exception as exc:
            self._forget(table.id)
            raise ServerError(503, "error.undo_store", table=table.id) from exc
        table.state = state
        table.updated = updated
        table.deciding.clear()
        table.note_decisions()

    def store(self, write: ActionWrite, *earlier: ActionWrite) -> None:
        """Write one played action and the table's new version, in one transaction, with the
        ``earlier`` actions of the same move (a whole move, ``play_plan``). If the store refuses,
        the table is forgotten in memory: it is rebuilt from the store at its next use."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add_all(
                    ActionRow(table_id=w.table_id, seq=w.seq, player=w.player, notation=w.notation)
                    for w in earlier
                )
                session.add(
                    ActionRow(
                        table_id=write.table_id,
                        seq=write.seq,
                        player=write.player,
                        notation=write.notation,
                    )
                )
                values: dict[str, object] = {
                    "version": write.seq + 1,
                    "status": write.status,
                    "result": write.result,
                    "updated": write.updated,
                }
                if write.clocks is not None:
                    values["clock_state"] = write.clocks
                session.execute(
                    update(TableRow).where(TableRow.id == write.table_id).values(**values)
                )
                if write.status == TableStatus.FINISHED and write.result is not None:
                    game = session.scalar(
                        select(TableRow.game).where(TableRow.id == write.table_id)
                    )
                    rate_finished_table(
                        session,
                        write.table_id,
                        str(game),
                        write.result.get("ranking") or [],
                        stood_in=(write.clocks or {}).get("stood_in") or [],
                        stand_in_share=self.stand_in_share,
                    )
        except IntegrityError as exc:
            self._forget(write.table_id)
            raise VersionTakenError(write.table_id, write.seq) from exc
        except Exception:
            self._forget(write.table_id)
            raise

    def store_clocks(self, table: LiveTable) -> None:
        """Write the clocks' figures (a seat's time ran out, or its player took it back)."""
        if table.clocks is None:
            return
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow)
                .where(TableRow.id == table.id)
                .values(clock_state=table.clocks.stored())
            )

    def rematch(
        self, table: LiveTable, token: str | None, account_id: int | None = None
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table for a finished one's rematch, asked by one of its players: the same game,
        options, clock and seats (each bot seat the same bot). Returns it with the asker's token
        for his new seat (:func:`rematch_token`; None for every other seat). Each other human seat
        waits with no token until its player comes back to the finished table with his own token
        (:meth:`rematch_seat`): nobody else, the asker included, obtains a way into it, but for
        whoever holds that seat's old token (its invite: the invite is the key).
        Asked again, it is refused with the rematch already made.

        The store decides which asking makes it: the finished table's row takes the new table's id
        only if it has none yet, in the transaction that stores the new table. Of two processes
        asking at once, the second waits for the first's transaction, finds the id there and
        stores nothing; a process that missed the first's news reads it there too."""
        asker = self.seat_of(table, token, account_id)
        if asker is None or token is None:
            raise ServerError(403, "error.seat_needed")
        if table.status != TableStatus.FINISHED:
            raise ServerError(409, "error.rematch_not_over")
        if table.rematch is not None:
            raise ServerError(409, "error.rematch_made", table=table.rematch)
        # Each human seat is kept for its player (his new token reaches him), never a free seat.
        specs = [
            SeatSpec(s.kind, s.name, s.bot, mine=s.kind == SeatKind.HUMAN) for s in table.seats
        ]
        options = {k: v for k, v in table.game.options.to_json().items() if k != "players"}
        row, game, _ = self._new_table(
            table.game.id,
            options,
            specs,
            practice=table.practice,
            guided=table.guided,
            private=table.private,
            account_id=None,
            clock=None if table.clocks is None else table.clocks.clock,
            rated=table.rated,
        )
        tokens: list[str | None] = [None] * len(specs)
        for seat in row.seats:
            if seat.kind == SeatKind.HUMAN:  # the random token made with it is dropped, unseen
                seat.token_hash = None
                if seat.index == asker:
                    own = tokens[asker] = rematch_token(token, row.id, asker)
                    seat.token_hash = hash_token(own)
        with Session(self.engine) as session, session.begin():
            claimed = session.execute(
                update(TableRow)
                .where(TableRow.id == table.id, TableRow.rematch.is_(None))
                .values(rematch=row.id)
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                # Made already (the new table goes with this transaction, never stored).
                made = session.scalar(select(TableRow.rematch).where(TableRow.id == table.id))
                if made is None:
                    raise ServerError(404, "error.table_not_found", table=table.id)
                table.rematch = made
                raise ServerError(409, "error.rematch_made", table=made)
            session.add(row)
            session.flush()
            new = self._live(row, game, [])
            self._mark_seats(session, new)
        self._remember(new)
        table.rematch = new.id
        return new, tokens

    def rematch_seat(self, table: LiveTable, seat: int, token: str) -> str | None:
        """The token of ``seat``'s place at the finished table's rematch, for the player who holds
        ``token``, the seat's own token there (:meth:`seat_of` checked it): derived, and its hash
        stored as the new seat's (or, when the seat has one from another of the player's keys, as
        a further key of it), so that it opens the new seat. None when there is no rematch, or the
        new seat is no longer a person's (handed to a bot)."""
        if table.rematch is None:
            return None
        new_token = rematch_token(token, table.rematch, seat)
        hashed = hash_token(new_token)
        where = (SeatRow.table_id == table.rematch, SeatRow.index == seat)
        # The seat's row is locked while it is read and keyed (PostgreSQL), and only a person's seat
        # takes a key: a hand-over to a bot in between (under the new table's lock, not the old
        # one's) either waits for this, then drops the key with the seat's others, or comes first
        # and this hands nothing.
        try:
            with Session(self.engine) as session, session.begin():
                row = session.execute(
                    select(SeatRow.kind, SeatRow.token_hash).where(*where).with_for_update()
                ).one()
                if row.kind != SeatKind.HUMAN:
                    return None
                if row.token_hash is None:
                    claimed = session.execute(
                        update(SeatRow)
                        .where(*where, SeatRow.kind == SeatKind.HUMAN, SeatRow.token_hash.is_(None))
                        .values(token_hash=hashed)
                    )
                    if claimed.rowcount == 1:  # type: ignore[attr-defined]
                        return new_token
                    # Stored meanwhile by another process: perhaps this very token.
                    row = session.execute(
                        select(SeatRow.kind, SeatRow.token_hash).where(*where)
                    ).one()
                    if row.kind != SeatKind.HUMAN:
                        return None
                if row.token_hash != hashed and session.get(SeatKeyRow, hashed) is None:
                    session.add(SeatKeyRow(token_hash=hashed, table_id=table.rematch, index=seat))
        except IntegrityError:
            pass  # the same further key, stored meanwhile by another process
        return new_token

    def mark_seen(self, table: LiveTable, seat: int) -> None:
        """A human seat connected (or is still connected): the table opens once all have joined.
        The table counts as touched: it does not expire meanwhile."""
        info = table.seats[seat]
        info.last_seen = table.updated = now()
        info.joined = True
        self._store_seat(table, seat, joined=True, last_seen=info.last_seen)

    def expire_untouched(
        self,
        *,
        open_before: datetime,
        running_before: datetime,
        keep: Collection[str] = (),
        at: datetime | None = None,
    ) -> list[str]:
        """Expire the open tables untouched since ``open_before`` and the running ones untouched
        since ``running_before``, but those in ``keep`` (someone is connected) and the running ones
        whose clock still runs at ``at`` (now by default): a table waits for a move as long as its
        clock gives it, and a margin (``clocks.idle_limit``). Returns their ids. Their rows stay (a
        record can still be read); they leave the cache."""
        at = at or now()
        with Session(self.engine) as session, session.begin():
            found = session.execute(
                select(
                    TableRow.id,
                    TableRow.status,
                    TableRow.updated,
                    TableRow.clock,
                    TableRow.clock_state,
                ).where(
                    or_(
                        and_(TableRow.status == TableStatus.OPEN, TableRow.updated < open_before),
                        and_(
                            TableRow.status == TableStatus.RUNNING,
                            TableRow.updated < running_before,
                        ),
                    )
                )
            ).all()

            def clock_runs(status: str, updated: datetime, clock: Any, figures: Any) -> bool:
                limit = idle_limit(clock, figures) if status == TableStatus.RUNNING else 0.0
                touched = updated if updated.tzinfo else updated.replace(tzinfo=UTC)
                return limit > 0 and (at - touched).total_seconds() < limit

            expired = [
                table_id
                for table_id, status, updated, clock, figures in found
                if table_id not in keep and not clock_runs(status, updated, clock, figures)
            ]
            for start in range(0, len(expired), 500):
                session.execute(
                    update(TableRow)
                    .where(TableRow.id.in_(expired[start : start + 500]))
                    .values(status=TableStatus.EXPIRED)
                )
        for table_id in expired:
            self._forget(table_id)
        return expired

    def hand_over(
        self,
        table: LiveTable,
        seat: int,
        token: str | None,
        bot: str,
        *,
        absence: Callable[[LiveTable, int], float],
        timeout: float,
        account_id: int | None = None,
        silence: Callable[[LiveTable, int], float] | None = None,
        silent_timeout: float = 0.0,
    ) -> None:
        """Another player at the table (``token``) hands the absent ``seat`` to a bot: allowed once
        the seat has had no connection for ``timeout`` seconds (``absence`` says how long it has
        had none), or at once if its player never came; or once the table has waited on the seat
        for ``silent_timeout`` seconds, connected or not (``silence``: a player present but silent
        froze a table without a clock). Its player may come back and take it again (the token
        still opens it: ``take_back_from_bot``). The caller holds the table's lock."""
        asker = self.seat_of(table, token, account_id)
        if asker is None:
            raise ServerError(403, "error.seat_needed")
        if not 0 <= seat < len(table.seats):
            raise ServerError(404, "error.no_seat", index=seat)
        if table.seats[seat].kind == SeatKind.BOT:
            raise ServerError(409, "error.seat_is_bot", index=seat)
        if seat == asker:
            raise ServerError(409, "error.own_seat")
        absent = absence(table, seat)
        if absent < timeout:
            waits = timeout - absent
            if silence is not None and silent_timeout > 0:
                silent = silence(table, seat)
                waits = 0.0 if silent >= silent_timeout else min(waits, silent_timeout - silent)
            if waits > 0:
                raise ServerError(
                    409, "error.seat_present", name=table.seats[seat].name, seconds=round(waits)
                )
        self.hand_to_bot(table, seat, bot, returnable=True)

    def hand_to_bot(
        self, table: LiveTable, seat: int, bot: str, *, returnable: bool = False
    ) -> None:
        """A bot takes the seat over: for good (the seat's token stops working), or, ``returnable``,
        until its player comes back with his token (``take_back_from_bot``)."""
        if bot not in BOT_KINDS:
            raise ServerError(400, "error.bot_kind", kind=bot, kinds=list(BOT_KINDS))
        info = table.seats[seat]
        info.kind, info.bot, info.joined = SeatKind.BOT, str(bot), True
        table.updated = now()
        if table.clocks is not None:
            table.clocks.away.discard(seat)
            table.stand_ins.pop(seat, None)
        if returnable:  # a bot seat that keeps a token: its player's, who may come back
            self._store_seat(table, seat, kind=SeatKind.BOT, bot=str(bot), joined=True)
            return
        self._store_seat(table, seat, kind=SeatKind.BOT, bot=str(bot), joined=True, token_hash=None)
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(SeatKeyRow).where(SeatKeyRow.table_id == table.id, SeatKeyRow.index == seat)
            )

    def take_back_from_bot(self, table: LiveTable, seat: int) -> None:
        """The player of a seat handed to a bot while he was away or silent came back with its
        token (``seat_of`` found it): he plays it again, while the game goes on; once it is over
        the token opens nothing (``error.bad_token``). The caller holds the table's lock."""
        if table.status not in (TableStatus.OPEN, TableStatus.RUNNING):
            raise ServerError(403, "error.bad_token")
        info = table.seats[seat]
        info.kind, info.bot = SeatKind.HUMAN, None
        table.bots.pop(seat, None)
        table.updated = now()
        self._store_seat(table, seat, kind=SeatKind.HUMAN, bot=None)

    def concede(self, table: LiveTable, token: str | None, account_id: int | None = None) -> int:
        """The player of ``token`` concedes: his game ends as a loss. A bot plays his seat out (the
        others play on), and the seat ranks last for the ratings, whatever the bot makes of it.
        When only one person is left facing bots, the game is rated at once (``ratings``): the
        concession is final for the ratings, whether the game is played out or not. Returns the
        seat. The caller holds the table's lock."""
        seat = self.seat_of(table, token, account_id)
        if seat is None:
            raise ServerError(403, "error.seat_needed")
        closed = {
            TableStatus.FINISHED: "error.concede_over",
            TableStatus.BROKEN: "error.table_broken",
            TableStatus.EXPIRED: "error.table_expired",
            TableStatus.OPEN: "error.concede_not_begun",
        }
        if table.status in closed:
            raise ServerError(409, closed[TableStatus(table.status)], table=table.id)
        self.hand_to_bot(table, seat, STAND_IN_BOT)
        table.seats[seat].conceded = True
        people = [s for s in table.seats if s.kind == SeatKind.HUMAN]
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.index == seat)
                .values(conceded=True)
            )
            if len(people) <= 1:
                rate_finished_table(
                    session,
                    table.id,
                    table.game.id,
                    [[s.index for s in table.seats]],  # the conceders are ranked last
                    stood_in=[] if table.clocks is None else table.clocks.stood_in,
                    stand_in_share=self.stand_in_share,
                )
        return seat

    def rating_changes(self, table: LiveTable) -> list[JSONObject]:
        """What the table's game did to its players' ratings (empty: not rated, or not yet)."""
        with Session(self.engine) as session:
            return changes_of(session, table.id)

    def take_seat(self, table: LiveTable, seat: int, name: str | None = None) -> str:
        """Someone takes a free seat (a human seat nobody has come to, not kept by the creator) of an
        open table, under ``name`` if given; returns the seat's new secret token. The seat's former
        invitation stops working. The caller holds the table's lock."""
        if not 0 <= seat < len(table.seats):
            raise ServerError(404, "error.no_seat", index=seat)
        if table.status == TableStatus.EXPIRED:
            raise ServerError(409, "error.table_expired", table=table.id)
        info = table.seats[seat]
        if info.kind == SeatKind.BOT:
            raise ServerError(409, "error.seat_is_bot", index=seat)
        if table.status != TableStatus.OPEN or not info.free:
            raise ServerError(409, "error.seat_taken", name=info.name)
        token = secrets.token_urlsafe(24)
        if name and name.strip():
            info.name = name.strip()
        info.joined = True
        info.last_seen = table.updated = now()
        self._store_seat(
            table,
            seat,
            token_hash=hash_token(token),
            joined=True,
            last_seen=info.last_seen,
            name=info.name,
        )
        return token

    def _store_seat(self, table: LiveTable, seat: int, **values: object) -> None:
        """Write a seat's change, and the table's opening once every seat has a player."""
        if table.status == TableStatus.OPEN and all(s.joined for s in table.seats):
            table.status = TableStatus.RUNNING
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.index == seat)
                .values(**values)
            )
            session.execute(
                update(TableRow)
                .where(TableRow.id == table.id)
                .values(status=table.status, updated=table.updated)
            )

    # -- reading back -----------------------------------------------------------------------------

    def record(self, table: LiveTable) -> GameRecord:
        """The table's game record; refused while a running game hides something (hidden bets)."""
        if table.status != TableStatus.FINISHED and table.state.has_hidden_information():
            raise ServerError(409, "error.record_private")
        return table.record()

    def replay(self, table: LiveTable, seat: int | None) -> JSONObject:
        """Every step of the table as ``seat`` (None: a spectator) saw it (:func:`replay_of`)."""
        return replay_of(ReplaySource.of(table), seat)

    # -- summaries --------------------------------------------------------------------------------

    def summary(self, table: LiveTable, connected: Collection[int] = ()) -> JSONObject:
        return {
            "id": table.id,
            "game": table.game.id,
            "options": table.game.options.to_json(),
            "status": table.status,
            "created": table.created.isoformat(),
            "updated": table.updated.isoformat(),
            "version": table.version,
            "seats": table.seats_json(connected),
            "result": table.state.outcome().to_json() if table.state.is_terminal() else None,
            "problem": table.problem,
            "practice": table.practice,
            "guided": table.guided,
            "private": table.private,
            "rated": table.rated,
            "clock": None if table.clocks is None else table.clocks.clock.to_json(),
        }

    def _summary_of_row(
        self, row: TableRow, marks: dict[tuple[str, int], JSONObject] | None = None
    ) -> JSONObject:
        # With other writers, a cached table may be behind its row: the row is the truth.
        cached = None if self.shared else self._cache.get(row.id)
        if cached is not None:
            return self.summary(cached)
        return {
            "id": row.id,
            "game": row.game,
            "options": row.options,
            "status": row.status,
            "created": row.created.isoformat(),
            "updated": row.updated.isoformat(),
            "version": row.version,
            "seats": [
                SeatInfo.of_row(s).to_json() | (marks or {}).get((row.id, s.index), {})
                for s in row.seats
            ],
            "result": row.result,
            "problem": None,
            "practice": bool(row.practice),
            "guided": bool(row.guided),
            "private": bool(row.private),
            "rated": bool(row.rated),
            "clock": row.clock,
        }

    # -- internals --------------------------------------------------------------------------------

    def _mark_seats(self, session: Session, table: LiveTable) -> None:
        """Read what is shown beside the names of the table's seats with an account: its rating
        at the game, or that the account was deleted (« former player »)."""
        accounts = {s.account for s in table.seats if s.account is not None}
        if not accounts:
            return
        deleted = set(
            session.scalars(
                select(AccountRow.id).where(
                    AccountRow.id.in_(accounts), AccountRow.deleted.is_not(None)
                )
            )
        )
        ratings = shown_ratings(session, table.game.id, accounts - deleted)
        for seat in table.seats:
            if seat.account is not None:
                seat.former = seat.account in deleted
                seat.rating = ratings.get(seat.account)

    def _row_marks(
        self, session: Session, rows: Sequence[TableRow]
    ) -> dict[tuple[str, int], JSONObject]:
        """``SeatInfo.marks`` of the seats of stored tables, in two queries for them all."""
        held = [(r, s) for r in rows for s in r.seats if s.account_id is not None]
        if not held:
            return {}
        accounts = {s.account_id for _, s in held if s.account_id is not None}
        deleted = set(
            session.scalars(
                select(AccountRow.id).where(
                    AccountRow.id.in_(accounts), AccountRow.deleted.is_not(None)
                )
            )
        )
        ratings: dict[tuple[str, int], float] = {}
        for game in {r.game for r, _ in held}:
            for account, rating in shown_ratings(session, game, accounts - deleted).items():
                ratings[game, account] = rating
        marks: dict[tuple[str, int], JSONObject] = {}
        for row, seat in held:
            info = SeatInfo.of_row(seat)
            info.former = seat.account_id in deleted
            info.rating = ratings.get((row.game, seat.account_id or 0))
            marks[row.id, seat.index] = info.marks()
        return marks

    def _live(self, row: TableRow, game: Game[Any], moves: list[tuple[int, str]]) -> LiveTable:
        state = game.new_initial_state()
        status = TableStatus(row.status)
        problem = None
        if row.data_digest is not None and row.data_digest != game.data_digest:
            # Cards or tables were edited since: replaying would play a different game.
            status, problem, moves = (
                TableStatus.BROKEN,
                "the game's data changed since this table began",
                [],
            )
        deciding = decisions_after({}, state)
        for i, (player, notation) in enumerate(moves):
            try:
                state.apply(game.parse_action(notation), player)
                deciding = decisions_after(deciding, state)
            except HippodromeError as exc:
                # A store that does not replay is reported, never trusted nor half-applied.
                # The detail (the action, the engine's reason) may hold a secret: it goes to the
                # server's log; the table shows only where its store went wrong.
                status = TableStatus.BROKEN
                problem = f"actions[{i}] does not replay"
                log.error(
                    "table %s: %s", row.id, RecordError(f"actions[{i}]", f"{notation!r}: {exc}")
                )
                break
        seats = [SeatInfo.of_row(s) for s in row.seats]
        clocks = None
        if row.clock is not None:
            clocks = SeatClocks.start(Clock.from_json(row.clock), len(seats), row.clock_state)
        table = LiveTable(
            id=row.id,
            game=game,
            state=state,
            seats=seats,
            seed=row.seed,
            status=status,
            created=row.created,
            updated=row.updated,
            problem=problem,
            practice=bool(row.practice),
            guided=bool(row.guided),
            private=bool(row.private),
            rated=bool(row.rated),
            clocks=clocks,
            rematch=row.rematch,
            deciding=deciding,  # a seat choosing in secret keeps its version across a restart
        )
        table.tick_clock()  # a restart: the seats to act start their decision afresh
        return table

    def _forget(self, table_id: str) -> None:
        """The store refused a change: the table is rebuilt from it at its next use."""
        self._cache.pop(table_id, None)
        self.current.discard(table_id)

    def _remember(self, table: LiveTable) -> None:
        """Cache ``table``; past the cache size, forget the least recently used tables that are not
        being played (a running table stays: rebuilding it at every move would cost a replay)."""
        self._cache[table.id] = table
        self._cache.move_to_end(table.id)
        excess = len(self._cache) - self.cache_size
        if excess <= 0:
            return
        idle = [
            t
            for t, live in self._cache.items()
            if live.status != TableStatus.RUNNING and t != table.id
        ]
        for table_id in idle[:excess]:
            del self._cache[table_id]


@dataclass(frozen=True, slots=True)
class ReplaySource:
    """What a replay is built from, taken from the live table at once (on the event loop), so that
    the building itself may run in a thread while the table plays on (``server/replays.py``)."""

    table_id: str
    game: Game[Any]
    history: tuple[tuple[Player, Action], ...]
    names: tuple[str, ...]
    seats: list[JSONObject]
    secret: bool
    """Whether the game still hides something (running, with hidden information)."""
    finished: bool

    @classmethod
    def of(cls, table: LiveTable) -> ReplaySource:
        finished = table.status == TableStatus.FINISHED
        return cls(
            table.id,
            table.game,
            tuple(table.state.history),
            tuple(table.names),
            table.seats_json(),
            not finished and table.state.has_hidden_information(),
            finished,
        )


def replay_of(source: ReplaySource, seat: int | None) -> JSONObject:
    """Every step of the table as ``seat`` (None: a spectator) saw it: the events and the
    observation after each action; a move stays hidden where it would tell a secret. Once the
    game is over nothing is secret: the events are told whole (each dealt hand named), as the
    moves are shown. Reads nothing but ``source``: safe in another thread."""
    secret = source.secret
    names = list(source.names)

    def told(event: Event) -> JSONObject:
        return event_json(event.seen_by(seat) if secret else event, names)

    replayed = source.game.new_initial_state()
    steps: list[JSONObject] = [
        {
            "version": 0,
            "move": None,
            "label": None,
            "player": None,
            "events": [told(e) for e in replayed.events],
            "observation": replayed.observation(seat),
            "context": replayed.context(),
        }
    ]
    for player, action in source.history:
        start = len(replayed.events)
        replayed.apply(action, player)
        shown = not secret or player == seat
        steps.append(
            {
                "version": len(replayed.history),
                "move": str(action) if shown else None,
                "label": source.game.action_json(action, names)["label"] if shown else None,
                "player": player,
                "events": [told(e) for e in replayed.events[start:]],
                "observation": replayed.observation(seat),
                "context": replayed.context(),
            }
        )
    return {
        "table": source.table_id,
        "game": source.game.id,
        "seat": seat,
        "seats": source.seats,
        "steps": steps,
    }


def automatic_actor(table: LiveTable) -> Player | None:
    """Who acts next without anyone at the table clicking: ``CHANCE`` for a chance event that no
    human seat rolls, a bot's seat for its move; None when the table waits for a person (or is over).
    Cheap: it does not ask the bot what it will play."""
    state = table.state
    if table.status != TableStatus.RUNNING or state.is_terminal():
        return None
    if state.is_chance_node():
        roller = state.chance_roller()
        if roller is not None and not table.is_automatic(roller):
            return None
        return CHANCE
    for player in state.active_players():
        if table.is_automatic(player):
            return player
    return None


def automatic_action(table: LiveTable, actor: Player) -> Action:
    """What ``actor`` (as found by :func:`automatic_actor`) plays now. May take a while for a bot
    that searches: the server calls it off the event loop."""
    state = table.state
    if actor == CHANCE:
        return table.draw_chance()
    bot = table.bot_for(actor)
    assert bot is not None, f"seat {actor} is not played by a bot"
    return bot.choose(SeatView(state, actor), table.rng(f"bot{actor}"))
