""" "Your turn" for a player away from a turn-based table: an e-mail and a web push.

A table is turn-based when its clock is slow (hours or days a move, ``clocks.ClockKind.SLOW``):
there nobody waits at the table, so when a seat's decision comes and no page of its player is
connected, the seat's account is told, by e-mail to its confirmed address (``server/mail.py``)
and by push to the browsers it subscribed (``server/push.py``), as it chose. At most one notice
reaches an account for one table within ``turn_mail_period``: the store keeps when the seat was last
told (``seats.notified``), set by one conditional update, so two server processes seeing the same
move never both send.

The link in the notice is ``/?play=<table>``: the lobby, which logs the player in if needed and
opens his seat (a further key for it, ``POST /api/account/tables/.../key``); no seat key travels by
mail. A live table (no clock, or a clock of seconds) is watched by its players: it sends nothing;
its page has the tab's title, the chime and the browser's notification (``web/js/notify.js``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import or_, update
from sqlalchemy.orm import Session

from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.types import JSON, JSONObject
from hippodrome.server.clocks import ClockKind
from hippodrome.server.mail import Mailer, compose, language
from hippodrome.server.push import Pusher
from hippodrome.server.service import LiveTable, TableService, TableStatus
from hippodrome.server.storage import AccountRow, SeatRow, now

log = logging.getLogger("hippodrome.server.notify")


def is_turn_based(table: LiveTable) -> bool:
    """A table whose clock counts hours or days a move: its players come and go."""
    return table.clocks is not None and table.clocks.clock.kind is ClockKind.SLOW


def turn_of(table: LiveTable, seat: int, at: float | None = None) -> tuple[bool, float | None]:
    """Whether it is ``seat``'s turn to decide at the table, and the seconds its clock leaves it
    then (None without a clock) – what « My tables » shows."""
    if table.status != TableStatus.RUNNING or table.state.is_terminal():
        return False, None
    state = table.state
    if state.is_chance_node():
        to_act = {r} if (r := state.chance_roller()) is not None else set()
    else:
        to_act = set(state.active_players())
    if seat not in to_act:
        return False, None
    if table.clocks is None:
        return True, None
    at = time.monotonic() if at is None else at
    return True, round(table.clocks.left(seat, at), 1)


def left_text(seconds: float) -> JSONObject:
    """A time left as the mail says it: « 2 jours et 3 heures », "5 hours"."""
    hours = max(0, round(seconds / 3600))
    if hours >= 24:
        return {"key": "mail.left.days", "params": {"days": hours // 24, "hours": hours % 24}}
    return {"key": "mail.left.hours", "params": {"hours": max(1, hours)}}


@dataclass(frozen=True, slots=True)
class TurnNotice:
    """One seat to tell: at which table, whose account, how long it has."""

    table_id: str
    seat: int
    account_id: int
    game_titles: dict[str, str]
    left: float


class Notifier:
    """Tells the accounts whose turn came at a turn-based table while they are away."""

    def __init__(
        self,
        service: TableService,
        mailer: Mailer,
        pusher: Pusher,
        *,
        period: float,
    ) -> None:
        self.service = service
        self.mailer = mailer
        self.pusher = pusher
        self.period = period
        self._waiting: dict[str, set[int]] = {}
        """Per turn-based table, the seats with an account waited for and away at the last look."""
        self._pending: set[asyncio.Task[bool]] = set()

    def turn(self, table: LiveTable, connected: set[int]) -> None:
        """The table changed, or a seat's connection went: tell each account whose decision it
        now is and that has no page at the table. Only a seat newly waiting (its turn came, or its
        player left) is looked at, so the steps of one move cost nothing; the store and the sending
        are in a worker thread."""
        if not is_turn_based(table) or not (self.mailer.enabled or self.pusher.enabled):
            self._waiting.pop(table.id, None)
            return
        waiting = {s for s in table.clock_seats() - connected if table.seats[s].account}
        new = waiting - self._waiting.get(table.id, set())
        if waiting:
            self._waiting[table.id] = waiting
        else:
            self._waiting.pop(table.id, None)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called off the event loop (never by the runtime): nothing to do
            return
        at = time.monotonic()
        for seat in sorted(new):
            account_id = table.seats[seat].account
            assert table.clocks is not None and account_id is not None
            notice = TurnNotice(
                table.id, seat, account_id, dict(table.game.titles), table.clocks.left(seat, at)
            )
            task = loop.create_task(asyncio.to_thread(self.tell, notice))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    def tell(self, notice: TurnNotice) -> bool:
        """Tell one account (blocking): True when something was sent. The seat's ``notified``
        is set first, by the one update that finds it older than the period."""
        with Session(self.service.engine) as session, session.begin():
            account = session.get(AccountRow, notice.account_id)
            if account is None or getattr(account, "deleted", None) is not None:
                return False
            email = (
                account.email
                if account.email and account.email_confirmed and account.notify_email
                else None
            )
            push = account.notify_push and self.pusher.has_subscriptions(account.id)
            if not (email and self.mailer.enabled) and not push:
                return False
            stamp = now()
            claimed = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == notice.table_id,
                    SeatRow.index == notice.seat,
                    SeatRow.account_id == notice.account_id,
                    or_(
                        SeatRow.notified.is_(None),
                        SeatRow.notified < stamp - timedelta(seconds=self.period),
                    ),
                )
                .values(notified=stamp)
            )
            if getattr(claimed, "rowcount", 0) != 1:
                return False
            lang = language(account.language)
            name = account.name
        game = notice.game_titles.get(lang) or notice.game_titles.get("en") or ""
        link = self.mailer.link(f"/?play={notice.table_id}")
        params: dict[str, JSON] = {
            "name": name,
            "game": game,
            "table": notice.table_id,
            "left": left_text(notice.left),
            "link": link,
            "hours": max(1, round(self.period / 3600)),
        }
        sent = False
        if email and self.mailer.enabled:
            sent = self.mailer.send_now(email, "turn", lang, **params)
        if push:
            title, body = compose("turn_push", lang, params)
            message: JSONObject = {
                "title": title,
                "body": body,
                "url": link,
                "tag": notice.table_id,
            }
            sent = self.pusher.send_now(notice.account_id, message) > 0 or sent
        return sent

    async def drain(self) -> None:
        """Wait for the notices being sent (at shutdown; in tests)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)


def turn_marks(summary: JSONObject, service: TableService) -> JSONObject:
    """What « My tables » shows of a table beside its summary: whether it is the account's turn
    (``summary["seat"]``) and how long its clock leaves it."""
    seat = summary.get("seat")
    if summary.get("status") != TableStatus.RUNNING or not isinstance(seat, int):
        return {"your_turn": False, "left": None}
    try:
        table = service.get(str(summary["id"]))
    except HippodromeError:
        return {"your_turn": False, "left": None}
    yours, left = turn_of(table, seat)
    return {"your_turn": yours, "left": left}
