"""Tables: created, joined, played and listed over the event-sourced store.

A table's state is never stored: it is rebuilt by replaying the table's actions through the engine
(validated, so a corrupt store is detected, not trusted) and kept in a small LRU cache. Every action is
validated by the engine before it is written; the write and the state change happen together.
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, selectinload

from hippodrome.bots.base import BOT_KINDS, make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import HippodromeError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.types import CHANCE, JSONObject, Player
from hippodrome.games import load_game
from hippodrome.server.storage import ActionRow, SeatRow, TableRow, now

log = logging.getLogger("hippodrome.server")


class ServerError(HippodromeError):
    """A request the server refuses: carries an HTTP status besides the message key."""

    def __init__(self, status: int, key: str, /, **params: object) -> None:
        self.status = status
        super().__init__(key, **params)


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


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str
    """human or bot."""
    name: str | None = None
    bot: str | None = None


@dataclass
class SeatInfo:
    index: int
    name: str
    kind: str
    bot: str | None
    joined: bool
    last_seen: datetime | None

    def to_json(self, *, connected: bool = False) -> JSONObject:
        return {
            "index": self.index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "connected": connected or self.kind == "bot",
        }


@dataclass
class LiveTable:
    """A table in memory: its game, its rebuilt state, its seats."""

    id: str
    game: Game[Any]
    state: State
    seats: list[SeatInfo]
    seed: str
    status: str
    created: datetime
    updated: datetime
    bots: dict[int, Bot] = field(default_factory=dict)
    problem: str | None = None
    """Why a broken table's stored actions do not replay."""

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def bot_for(self, seat: int) -> Bot | None:
        info = self.seats[seat]
        if info.kind != "bot" or info.bot is None:
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


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class TableService:
    """The tables, over a SQLAlchemy engine. Synchronous and short: callers serialise per table."""

    def __init__(self, engine: Engine, *, cache_size: int = 256) -> None:
        self.engine = engine
        self.cache_size = cache_size
        self._cache: OrderedDict[str, LiveTable] = OrderedDict()

    # -- creating ---------------------------------------------------------------------------------

    def create(
        self, game_id: str, options: dict[str, object], seats: Sequence[SeatSpec]
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it with each human seat's secret token (shown once, never stored)."""
        game = load_game(game_id, players=len(seats), **options)
        tokens: list[str | None] = []
        rows = []
        for i, spec in enumerate(seats):
            if spec.kind == "bot":
                if spec.bot not in BOT_KINDS:
                    raise ServerError(400, "error.bot_kind", kind=spec.bot, kinds=list(BOT_KINDS))
                tokens.append(None)
                name = spec.name or f"{spec.bot} {i + 1}"
                rows.append(SeatRow(index=i, name=name, kind="bot", bot=spec.bot, joined=True))
            else:
                token = secrets.token_urlsafe(24)
                tokens.append(token)
                name = spec.name or f"Player {i + 1}"
                rows.append(SeatRow(index=i, name=name, kind="human", token_hash=hash_token(token)))
        status = "open" if any(s.kind == "human" for s in seats) else "running"
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
        )
        with Session(self.engine) as session, session.begin():
            session.add(row)
            session.flush()
            table = self._live(row, game, [])
        self._remember(table)
        return table, tokens

    # -- reading ----------------------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        table = self._cache.get(table_id)
        if table is not None:
            self._cache.move_to_end(table_id)
            return table
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
                    409, "error.record", field="rules_version", reason="the rules changed since"
                )
            table = self._live(row, game, [(a.player, a.notation) for a in actions])
        self._remember(table)
        return table

    def seat_of(self, table: LiveTable, token: str | None) -> int | None:
        """The seat whose token this is; None for no token (a spectator). A wrong token is refused."""
        if not token:
            return None
        with Session(self.engine) as session:
            index = session.scalar(
                select(SeatRow.index).where(
                    SeatRow.table_id == table.id, SeatRow.token_hash == hash_token(token)
                )
            )
        if index is None:
            raise ServerError(403, "error.bad_token")
        return index

    def list_tables(
        self, status: str | None, *, limit: int = 100, offset: int = 0
    ) -> list[JSONObject]:
        """Tables, most recently active first."""
        with Session(self.engine) as session:
            query = select(TableRow).options(selectinload(TableRow.seats))
            if status is not None:
                query = query.where(TableRow.status == status)
            query = query.order_by(TableRow.updated.desc(), TableRow.id).offset(offset).limit(limit)
            rows = session.scalars(query).all()
            return [self._summary_of_row(r) for r in rows]

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
        if table.status == "finished":
            raise ServerError(409, "error.game_over", action=str(action))
        if table.status == "broken":
            raise ServerError(409, "error.table_broken", table=table.id)
        seq = table.version
        events = table.state.apply(action, player)  # raises IllegalActionError, changes nothing
        table.updated = now()
        if table.state.is_terminal():
            table.status = "finished"
        write = ActionWrite(
            table_id=table.id,
            seq=seq,
            player=table.state.history[-1][0],
            notation=str(action),
            status=table.status,
            result=table.state.outcome().to_json() if table.state.is_terminal() else None,
            updated=table.updated,
        )
        return events, write

    def store(self, write: ActionWrite) -> None:
        """Write one played action and the table's new version, in one transaction. If the store
        refuses, the table is forgotten in memory: it is rebuilt from the store at its next use."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(
                    ActionRow(
                        table_id=write.table_id,
                        seq=write.seq,
                        player=write.player,
                        notation=write.notation,
                    )
                )
                session.execute(
                    update(TableRow)
                    .where(TableRow.id == write.table_id)
                    .values(
                        version=write.seq + 1,
                        status=write.status,
                        result=write.result,
                        updated=write.updated,
                    )
                )
        except Exception:
            self._cache.pop(write.table_id, None)
            raise

    def mark_seen(self, table: LiveTable, seat: int) -> None:
        """A human seat connected (or is still connected): the table opens once all have joined."""
        info = table.seats[seat]
        info.last_seen = now()
        info.joined = True
        self._store_seat(table, seat, joined=True, last_seen=info.last_seen)

    def hand_to_bot(self, table: LiveTable, seat: int, bot: str) -> None:
        """A bot takes the seat over for good; the seat's token stops working."""
        if bot not in BOT_KINDS:
            raise ServerError(400, "error.bot_kind", kind=bot, kinds=list(BOT_KINDS))
        info = table.seats[seat]
        info.kind, info.bot, info.joined = "bot", bot, True
        self._store_seat(table, seat, kind="bot", bot=bot, joined=True, token_hash=None)

    def _store_seat(self, table: LiveTable, seat: int, **values: object) -> None:
        """Write a seat's change, and the table's opening once every seat has a player."""
        if table.status == "open" and all(s.joined for s in table.seats):
            table.status = "running"
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.index == seat)
                .values(**values)
            )
            session.execute(
                update(TableRow).where(TableRow.id == table.id).values(status=table.status)
            )

    # -- summaries --------------------------------------------------------------------------------

    def summary(self, table: LiveTable, connected: set[int] | None = None) -> JSONObject:
        connected = connected or set()
        return {
            "id": table.id,
            "game": table.game.id,
            "options": table.game.options.to_json(),
            "status": table.status,
            "created": table.created.isoformat(),
            "updated": table.updated.isoformat(),
            "version": table.version,
            "seats": [s.to_json(connected=s.index in connected) for s in table.seats],
            "result": table.state.outcome().to_json() if table.state.is_terminal() else None,
            "problem": table.problem,
        }

    def _summary_of_row(self, row: TableRow) -> JSONObject:
        cached = self._cache.get(row.id)
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
                {
                    "index": s.index,
                    "name": s.name,
                    "kind": s.kind,
                    "bot": s.bot,
                    "connected": s.kind == "bot",
                }
                for s in row.seats
            ],
            "result": row.result,
        }

    # -- internals --------------------------------------------------------------------------------

    def _live(self, row: TableRow, game: Game[Any], moves: list[tuple[int, str]]) -> LiveTable:
        state = game.new_initial_state()
        status = row.status
        problem = None
        if row.data_digest is not None and row.data_digest != game.data_digest:
            # Cards or tables were edited since: replaying would play a different game.
            status, problem, moves = "broken", "the game's data changed since this table began", []
        for i, (player, notation) in enumerate(moves):
            try:
                state.apply(game.parse_action(notation), player)
            except HippodromeError as exc:
                # A store that does not replay is reported, never trusted nor half-applied.
                # The detail (the action, the engine's reason) may hold a secret: it goes to the
                # server's log; the table shows only where its store went wrong.
                status = "broken"
                problem = f"actions[{i}] does not replay"
                log.error(
                    "table %s: %s", row.id, RecordError(f"actions[{i}]", f"{notation!r}: {exc}")
                )
                break
        seats = [SeatInfo(s.index, s.name, s.kind, s.bot, s.joined, s.last_seen) for s in row.seats]
        return LiveTable(
            id=row.id,
            game=game,
            state=state,
            seats=seats,
            seed=row.seed,
            status=status,
            created=row.created,
            updated=row.updated,
            problem=problem,
        )

    def _remember(self, table: LiveTable) -> None:
        """Cache ``table``; past the cache size, forget the least recently used tables that are not
        being played (a running table stays: rebuilding it at every move would cost a replay)."""
        self._cache[table.id] = table
        self._cache.move_to_end(table.id)
        excess = len(self._cache) - self.cache_size
        if excess <= 0:
            return
        idle = [t for t, live in self._cache.items() if live.status != "running" and t != table.id]
        for table_id in idle[:excess]:
            del self._cache[table_id]


def automatic_actor(table: LiveTable) -> Player | None:
    """Who acts next without anyone at the table clicking: ``CHANCE`` for a chance event that no
    human seat rolls, a bot's seat for its move; None when the table waits for a person (or is over).
    Cheap: it does not ask the bot what it will play."""
    state = table.state
    if table.status != "running" or state.is_terminal():
        return None
    if state.is_chance_node():
        roller = state.chance_roller()
        if roller is not None and table.seats[roller].kind == "human":
            return None
        return CHANCE
    for player in state.active_players():
        if table.seats[player].kind == "bot":
            return player
    return None


def automatic_action(table: LiveTable, actor: Player) -> Action:
    """What ``actor`` (as found by :func:`automatic_actor`) plays now. May take a while for a bot
    that searches: the server calls it off the event loop."""
    state = table.state
    if actor == CHANCE:
        return table.draw_chance()
    bot = table.bot_for(actor)
    assert bot is not None, f"seat {actor} is not a bot"
    return bot.choose(SeatView(state, actor), table.rng(f"bot{actor}"))
