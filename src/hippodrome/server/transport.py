"""The live tables' socket transport: each websocket from accept to close (admitted within the
connection limits, joined by its first message, read within its message budget), what a client's
message asks routed to the table's authority, and every change fanned out to the connections, each
its own view, encoded once per viewer; presence (a seat's player coming or going), chat lines and a
rematch's seats are sent from here too.

It decides nothing of the game: moves are judged by ``server/authority.py``, views are made by
``server/views.py``, who is connected is ``server/presence.py``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import Protocol

from pydantic import ValidationError
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from hippodrome.engine.errors import HippodromeError, message
from hippodrome.engine.events import Event
from hippodrome.engine.types import JSONObject
from hippodrome.server.admission import Admission
from hippodrome.server.authority import TableAuthority
from hippodrome.server.chat import (
    ChatChannel,
    ChatLine,
    ChatStore,
    ChatWriter,
    SpeakerBudgets,
)
from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.connection import Connection
from hippodrome.server.limits import MessageBudget, client_address
from hippodrome.server.memory import MemoryRelief
from hippodrome.server.presence import Presence
from hippodrome.server.protocol import (
    CLOSE_POLICY,
    CLOSE_SEAT,
    CLOSE_TOO_BIG,
    BackMessage,
    ClientMessage,
    JoinMessage,
    PingMessage,
    ProtocolError,
    SayMessage,
    UndoMessage,
)
from hippodrome.server.schemas import refusal
from hippodrome.server.service import LiveTable, SeatKind, ServerError
from hippodrome.server.settings import Settings
from hippodrome.server.views import (
    chat_message,
    clock_json,
    encoded,
    error_message,
    presence_message,
    state_message,
)

log = logging.getLogger("hippodrome.server")


class Live(Protocol):
    """The runtime, as the connections see it: what a joiner, a move or a change sets going
    besides sending views."""

    def kick(self, table_id: str) -> None:
        """Make sure the table's driver runs if something automatic is due."""

    def arm(self, table: LiveTable) -> None:
        """Wake when the table's first running clock runs out."""

    def advise(self, table: LiveTable) -> None:
        """On a practice table, start the odds of the connected players' decisions."""

    def seat_left(self, table_id: str) -> None:
        """A seat's connection went: its player may be away from his turn (``notify.py``)."""


class Sockets:
    """The websockets of this process, by table, and the messages they are sent."""

    def __init__(
        self,
        authority: TableAuthority,
        live: Live,
        *,
        presence: Presence,
        chat: ChatStore,
        settings: Settings,
        bus: Bus | None = None,
    ) -> None:
        self.authority = authority
        self.service = authority.service
        self.presence = presence
        self.chat = chat
        self.settings = settings
        self.live = live
        self.bus = bus
        self.shown: dict[str, frozenset[int]] = {}
        """The connected seats each table's connections here were last told of."""
        self.joined_views: dict[str, tuple[object, dict[int | None, str]]] = {}
        """Per table with connections: what its cached full views were made of (see
        :meth:`_joined_view`) and each viewer's (seat or None) full view, encoded once for every
        joiner while that holds."""
        self.admission = Admission(settings, presence, bus)
        self.relief = MemoryRelief()
        """Gives memory back to the system after a burst of closed connections (a crowd left)."""
        self.speakers = SpeakerBudgets(settings.chat_lines_per_minute, settings.chat_burst)
        self.chat_writer = ChatWriter(chat, self.tell_lines)
        """Writes the lines said in batches, off the event loop, then fans them out."""

    # -- a connection's life ----------------------------------------------------------------------

    async def serve(
        self, websocket: WebSocket, table_id: str, *, account_id: int | None = None
    ) -> None:
        """One websocket, from accept to close: admitted within the connection limits, joined by
        its first message, then read within its message budget. ``account_id``: the account logged
        in on the connection's browser, to which the seat joined is tied."""
        await websocket.accept()
        address = client_address(websocket.scope)
        refused, shared = await self.admission.admit(table_id, address)
        if refused is not None:
            error, code = refused
            await self._refuse(websocket, error, code)
            return
        self.admission.enter(table_id, address)
        speaker = f"account:{account_id}" if account_id is not None else f"address:{address}"
        try:
            await self._serve_admitted(websocket, table_id, account_id, speaker)
        finally:
            self.admission.leave(table_id, address, shared)
            self.relief.closed_one()

    async def _join(self, websocket: WebSocket) -> str | None:
        """The seat token of the connection's first message, which must be a ``join``."""
        if "token" in websocket.query_params:
            raise ProtocolError(ServerError(400, "error.token_in_url"), CLOSE_POLICY)
        timeout = self.settings.ws_join_timeout
        try:
            frame = await asyncio.wait_for(websocket.receive(), timeout if timeout > 0 else None)
        except TimeoutError:
            raise ProtocolError(
                ServerError(408, "error.join_expected", seconds=f"{timeout:g}"), CLOSE_POLICY
            ) from None
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        text = self._frame_text(frame)
        try:
            return JoinMessage.model_validate_json(text or "").token
        except ValidationError:
            raise ProtocolError(
                ServerError(400, "error.join_expected", seconds=f"{timeout:g}"), CLOSE_POLICY
            ) from None

    def _frame_text(self, frame: Message) -> str | None:
        """A frame's text (None for a binary one); a frame over the size limit ends the connection."""
        text: str | None = frame.get("text")
        data: bytes | None = frame.get("bytes")
        limit = self.settings.ws_max_frame
        if limit > 0:
            size = len(data or b"") if text is None else len(text)
            if text is not None and size <= limit:
                size = len(text.encode("utf-8", "surrogatepass"))
            if size > limit:
                error = ServerError(400, "error.frame_too_large", size=size, limit=limit)
                raise ProtocolError(error, CLOSE_TOO_BIG)
        return text

    async def _serve_admitted(
        self, websocket: WebSocket, table_id: str, account_id: int | None = None, speaker: str = ""
    ) -> None:
        conn = Connection(websocket, table_id, None, speaker=speaker)
        try:
            token = await self._join(websocket)
            self.service.get(table_id)  # an unknown table takes no lock
            async with self.authority.lock(table_id):
                self._seat(conn, token, account_id)
        except WebSocketDisconnect:
            return
        except ProtocolError as exc:
            await self._refuse(websocket, exc.error, exc.code)
            return
        except HippodromeError as exc:
            # 4404: no such table; 4409: a table that can no longer be played (its rules have
            # changed since, or its store is broken); 4403: a seat key the table does not know.
            http: int = getattr(exc, "status", 0)
            await self._refuse(websocket, exc, {404: 4404, 409: 4409}.get(http, CLOSE_SEAT))
            return
        self.announce_presence(table_id, skip=conn)  # the joiner's state says it already
        self.live.kick(table_id)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
            await self._send_chat_history(conn)
            await self._read_loop(conn)
        except WebSocketDisconnect:
            pass
        finally:
            if conn.closed:  # let the refusal and the close go out first
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(sender, timeout=5.0)
            sender.cancel()
            self._leave(conn)

    def _seat(self, conn: Connection, token: str | None, account_id: int | None) -> None:
        """Seat a joiner at its table (the caller holds the table's lock) and send its first state.

        The token is read under the table's lock, so a seat handed to a bot meanwhile cannot be
        joined with its old token. The store is read (one small query): the joiner may have seen,
        at another process, a move whose news is not here yet."""
        table = self.authority.fresh(conn.table_id, check=True)
        conn.seat = seat = self.service.seat_of(table, token, account_id)
        conn.token = token if seat is not None else None
        status = table.status
        renamed = False
        if seat is not None and table.seats[seat].kind == SeatKind.BOT:
            # A seat handed to a bot while its player was away or silent: he takes it back.
            self.service.take_back_from_bot(table, seat)
            renamed = True
        self.presence.arrived(conn)
        if seat is not None:
            if account_id is not None:  # before the seat is seen: the table is touched after it
                renamed = self.service.link_account(table, seat, account_id)
            self.service.mark_seen(table, seat)
            self.authority.told(table)
        table.tick_clock()  # the table may have just opened: its clocks start
        self.live.arm(table)
        conn.queue.put_nowait(self._joined_view(table, seat))
        self.tell_rematch(table, conn)
        if table.status != status or renamed:  # the game begins, or a seat has its name
            self.broadcast(table, [], skip=conn)
        self.live.advise(table)

    def _leave(self, conn: Connection) -> None:
        """A connection went: the others hear of it if it was a seat's; the table's cached views
        go with its last connection."""
        table_id = conn.table_id
        self.presence.left(conn)
        if conn.seat is not None:
            self.announce_presence(table_id)
            self.live.seat_left(table_id)
        if table_id not in self.presence.connections:
            self.shown.pop(table_id, None)
            self.joined_views.pop(table_id, None)

    async def _send_chat_history(self, conn: Connection) -> None:
        """The chat's recent lines for a joiner, read out of the table's lock (and, on a database
        server, off the event loop): a crowd arriving does not queue on it, nor hold up the other
        tables."""
        try:
            recent = await self.authority.read(self.chat.recent, conn.table_id, conn.seat)
        except Exception:  # the chat is a help: the game goes on without its history
            log.exception("table %s: the chat's history could not be read", conn.table_id)
            return
        if recent:  # none: the page's chat starts empty with the full state
            conn.queue.put_nowait(chat_message(recent, history=True))

    async def _read_loop(self, conn: Connection) -> None:
        """The client's messages, each within the connection's budget: past it a message is
        refused unread (the first refusal says so); a client that goes on regardless is closed."""
        budget = MessageBudget(self.settings.ws_messages_per_second, self.settings.ws_burst)
        refused = 0
        while not conn.closed:
            frame = await conn.websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            if not budget.take():
                refused += 1
                error = ServerError(
                    429, "error.too_many_messages", rate=f"{self.settings.ws_messages_per_second:g}"
                )
                if refused > self.settings.ws_burst:
                    conn.close(error, CLOSE_POLICY)
                elif refused == 1:
                    conn.queue.put_nowait(error_message(error))
                continue
            refused = 0
            try:
                text = self._frame_text(frame)
            except ProtocolError as exc:
                conn.close(exc.error, exc.code)
                return
            if text is None:  # a binary frame: the protocol is JSON text
                binary = message("error.reason.binary")
                error = ServerError(400, "error.bad_message", field="frame", reason=binary)
                conn.queue.put_nowait(error_message(error))
                continue
            await self.receive(conn, text)

    async def _refuse(self, websocket: WebSocket, error: HippodromeError, code: int) -> None:
        with contextlib.suppress(Exception):
            await websocket.send_json(error_message(error))
            await websocket.close(code=code)

    async def _send_loop(self, conn: Connection) -> None:
        with contextlib.suppress(Exception):
            while True:
                outgoing = await conn.queue.get()
                if isinstance(outgoing, str):
                    await conn.websocket.send_text(outgoing)
                    continue
                if outgoing.get("type") == "close":
                    await conn.websocket.close(code=int(outgoing.get("code", CLOSE_SEAT)))
                    return
                await conn.websocket.send_json(outgoing)

    # -- a client's messages ----------------------------------------------------------------------

    async def receive(self, conn: Connection, raw: str) -> None:
        """One client message: validated, then acted on; every refusal is an ``error`` message."""
        try:
            sent = ClientMessage.validate_json(raw)
        except ValidationError as exc:
            params = refusal(exc.errors(), "message")
            conn.queue.put_nowait(error_message(ServerError(400, "error.bad_message", **params)))
            return
        if isinstance(sent, PingMessage):
            conn.queue.put_nowait({"type": "pong"})
            return
        if isinstance(sent, SayMessage):
            self.say(conn, sent)
            return
        if isinstance(sent, BackMessage):
            await self._back(conn)
            return
        started = time.perf_counter()
        try:
            stale = await self.authority.submit(conn.table_id, conn.seat, sent)
        except HippodromeError as exc:
            conn.queue.put_nowait(error_message(exc, self.service.get(conn.table_id).names))
            return
        if stale is not None:
            self._stale(conn, stale, sent.version)
            return
        if isinstance(sent, UndoMessage):
            return
        self.authority.latencies.append(time.perf_counter() - started)
        self.live.kick(conn.table_id)

    def _stale(self, conn: Connection, table: LiveTable, version: int) -> None:
        """A move sent against a decision no longer the seat's: a short answer; the state only to
        a client truly behind, once per version (it has the state in hand, or on its way, after
        that)."""
        conn.queue.put_nowait({"type": "stale", "version": table.version})
        if version < table.version and conn.resynced != table.version:
            conn.resynced = table.version
            connected = self.presence.connected_seats(conn.table_id)
            conn.queue.put_nowait(self.state_for(table, conn.seat, [], connected))

    async def _back(self, conn: Connection) -> None:
        """A ``back`` message: the player takes his seat back from the stand-in."""
        try:
            await self.authority.back(conn.table_id, conn.seat)
        except HippodromeError as exc:
            conn.queue.put_nowait(error_message(exc, self.service.get(conn.table_id).names))

    def say(self, conn: Connection, said: SayMessage) -> None:
        """A line of chat: judged here, within its speaker's budget at the table; then written with
        the others of the moment, off the event loop, and sent to every connection that reads its
        channel (``tell_lines``)."""
        table_id = conn.table_id
        try:
            table = self.service.get(table_id)
            row = self.chat.judge(table, conn.seat, said.text, said.name, conn.speaker)
            # A seat speaks for itself (hot-seat players share a browser); others as who they are.
            speaker = f"seat:{conn.seat}" if conn.seat is not None else conn.speaker
            if not self.speakers.take(table_id, speaker or f"conn:{id(conn)}"):
                per_minute = f"{self.settings.chat_lines_per_minute:g}"
                raise ServerError(429, "error.chat_too_fast", n=per_minute)
        except HippodromeError as exc:
            conn.queue.put_nowait(error_message(exc))
            return

        def failed(_: Exception) -> None:
            conn.queue.put_nowait(error_message(ServerError(503, "error.chat_store")))

        self.chat_writer.add(row, failed)

    # -- what the connections are sent ------------------------------------------------------------

    def tell_lines(self, lines: Sequence[ChatLine]) -> None:
        """Lines just stored: sent to this process's connections at their tables (each table's
        players' lines encoded once for the players, all of them once for the spectators), and
        news of them to the other processes."""
        tables: dict[str, list[ChatLine]] = {}
        for line in lines:
            tables.setdefault(line.table_id, []).append(line)
        for table_id, said in tables.items():
            self.tell_chat(table_id, *said)
            if self.bus is not None:  # the other processes send them to their connections
                for line in said:
                    self.bus.publish(Notice("chat", self.bus.process, table_id, line.id))

    def tell_chat(self, table_id: str, *lines: ChatLine) -> None:
        """Send chat lines to every connection here that reads their channel: one message per
        channel, encoded once, however many connections read it."""
        players = [line for line in lines if line.channel == ChatChannel.PLAYERS]
        to_players = encoded(chat_message(players, history=False)) if players else None
        to_all = encoded(chat_message(lines, history=False))
        for other in self.presence.at(table_id):
            if other.seat is None:
                other.queue.put_nowait(to_all)
            elif to_players is not None:
                other.queue.put_nowait(to_players)

    def tell_seat(self, table_id: str, seat: int, sent: JSONObject) -> None:
        """Send a message to the connections of ``seat`` alone (never another seat, never a
        spectator)."""
        for conn in self.presence.at(table_id):
            if conn.seat == seat:
                conn.queue.put_nowait(sent)

    def broadcast(
        self,
        table: LiveTable,
        events: Sequence[Event],
        *,
        skip: Connection | None = None,
        full_log: bool = False,
    ) -> None:
        """Send every connection at the table (but ``skip``) its own view of the change: one view
        per viewer (each seat, the spectators), encoded once and shared by all who see the same
        thing. The table's clocks are brought up to it and armed first, its odds started after."""
        table.tick_clock()
        self.live.arm(table)
        self.presence.saw(table)  # the wait on its seats starts again at a new version
        connected = self.presence.connected_seats(table.id)
        handover = self.presence.handover(table, connected)
        views: dict[int | None, str] = {}
        for conn in self.presence.at(table.id):
            if conn is skip:
                continue
            view = views.get(conn.seat)
            if view is None:
                view = views[conn.seat] = encoded(
                    state_message(table, conn.seat, events, connected, handover, full_log=full_log)
                )
            conn.queue.put_nowait(view)
        if table.id in self.presence.connections:
            self.shown[table.id] = frozenset(connected)
        self.live.advise(table)

    def state_for(
        self,
        table: LiveTable,
        seat: int | None,
        events: Sequence[Event],
        connected: set[int],
        *,
        full_log: bool = False,
    ) -> JSONObject:
        """``state_message`` with the hand-over countdown of every absent human seat."""
        handover = self.presence.handover(table, connected)
        return state_message(table, seat, events, connected, handover, full_log=full_log)

    def _joined_view(self, table: LiveTable, seat: int | None) -> str:
        """A joiner's first state (the whole log), computed once per table, version, connected
        seats and viewer, however many join: a crowd arriving at one table costs one view."""
        connected = set(self.presence.connected_seats(table.id))
        handover = self.presence.handover(table, connected)
        # Everything of the view that may change without a new version (seats taken, who is
        # connected, clocks, countdowns, a rematch, a move taken back and another played: the
        # table's time): a crowd at a quiet table shares one view.
        key = (
            table.version,
            table.updated,
            table.status,
            table.rematch,
            encoded(
                {
                    "seats": table.seats_json(connected),
                    "clock": clock_json(table),
                    "handover": handover,
                }
            ),
        )
        seen, views = self.joined_views.get(table.id, (None, {}))
        if seen != key:
            views = {}
            self.joined_views[table.id] = (key, views)
        if seat not in views:
            views[seat] = encoded(
                state_message(table, seat, table.state.events, connected, handover)
            )
        return views[seat]

    def announce_presence(self, table_id: str, skip: Connection | None = None) -> None:
        """After a seat's connection came or went: tell the other processes (if this process's
        seats changed) and this process's connections (if the table's connected seats changed),
        with a small ``presence`` message, never a whole state to everyone."""
        self.presence.publish(table_id)
        connected = frozenset(self.presence.connected_seats(table_id))
        if table_id not in self.presence.connections or self.shown.get(table_id) == connected:
            return
        self.shown[table_id] = connected
        table = self.service.get(table_id)
        handover = self.presence.handover(table, connected)
        told = encoded(presence_message(table, connected, handover))
        for conn in self.presence.at(table_id):
            if conn is not skip:
                conn.queue.put_nowait(told)

    # -- seats that change hands ------------------------------------------------------------------

    async def release_seat(self, table: LiveTable, seat: int, error: HippodromeError) -> None:
        """Close the connections of a seat that is no longer its player's (handed to a bot)."""
        for conn in list(self.presence.at(table.id)):
            if conn.seat == seat:
                conn.close(error, CLOSE_SEAT, table.names)
        self.authority.told(table)

    def hand_rematch(self, table: LiveTable) -> None:
        """Hand each player here his seat at the finished table's rematch, and show the rematch."""
        for conn in self.presence.at(table.id):
            self.tell_rematch(table, conn)
        self.broadcast(table, [])

    def tell_rematch(self, table: LiveTable, conn: Connection) -> None:
        """A player at a finished table whose rematch began: his seat's token there."""
        if table.rematch is None or conn.seat is None or conn.token is None:
            return
        try:
            token = self.service.rematch_seat(table, conn.seat, conn.token)
        except Exception:
            log.exception("table %s: the rematch seat could not be handed", table.id)
            return
        if token is not None:
            conn.queue.put_nowait({"type": "rematch", "table": table.rematch, "token": token})
