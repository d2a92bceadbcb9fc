"""Who is at each live table: the connections here, the seats connected through the other server
processes, and since when a seat has had no connection (its hand-over countdown).

Whether a seat *shows* as connected is one rule, ``service.seat_connected`` (a bot's always); this
module says which human seats have a connection, through this process or another, and tells the
other processes which seats this one has connections for (``presence`` news).

It also says how long a table has waited on a seat (``seat_silence``): a player connected and
never playing froze a table without a clock for ever (issue 39); past ``silent_seat_timeout`` the
others may hand his seat to a bot as they may an absent one's, and he may come back to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from datetime import UTC

from hippodrome.server.cluster import Bus, Notice
from hippodrome.server.connection import Connection
from hippodrome.server.service import LiveTable, TableStatus, seat_connected
from hippodrome.server.settings import Settings
from hippodrome.server.storage import now


class Presence:
    """The connections per table, this process's and the others', and the seats' absences."""

    def __init__(self, settings: Settings, bus: Bus | None = None) -> None:
        self.settings = settings
        self.bus = bus
        self.connections: dict[str, set[Connection]] = {}
        self.remote: dict[str, dict[str, frozenset[int]]] = {}
        """Seats connected through other server processes: table -> process -> seats."""
        self.heard: dict[str, float] = {}
        """When each other process was last heard of (its presence is forgotten when it is silent)."""
        self.published: dict[str, frozenset[int]] = {}
        """The seats this process last told the others it has connections for, per table."""
        self.absent_since: dict[tuple[str, int], float] = {}
        self.moved: dict[str, tuple[int, float]] = {}
        """Each running table's version when this process last saw it change, and when."""

    def at(self, table_id: str) -> set[Connection]:
        """The connections at the table through this process."""
        return self.connections.get(table_id, set())

    def local_seats(self, table_id: str) -> set[int]:
        return {c.seat for c in self.at(table_id) if c.seat is not None}

    def connected_seats(self, table_id: str) -> set[int]:
        """Seats with a connection at the table, through this process or another."""
        seats = self.local_seats(table_id)
        for remote in self.remote.get(table_id, {}).values():
            seats |= remote
        return seats

    # -- comings and goings -----------------------------------------------------------------------

    def arrived(self, conn: Connection) -> None:
        """A connection joined its table (its seat is known)."""
        self.connections.setdefault(conn.table_id, set()).add(conn)
        if conn.seat is not None:
            self.absent_since.pop((conn.table_id, conn.seat), None)

    def left(self, conn: Connection) -> None:
        """A connection went: its seat's absence begins if it was the seat's last one anywhere."""
        at_table = self.at(conn.table_id)
        at_table.discard(conn)
        if not at_table:
            self.connections.pop(conn.table_id, None)
        if conn.seat is not None and conn.seat not in self.connected_seats(conn.table_id):
            self.absent_since[(conn.table_id, conn.seat)] = time.monotonic()

    def forget_tables(self, gone: Collection[str]) -> None:
        """Tables that expired: their seats' absences are no longer counted."""
        for key in [k for k in self.absent_since if k[0] in gone]:
            del self.absent_since[key]
        for table_id in gone:
            self.moved.pop(table_id, None)

    def tables_remembered(self) -> set[str]:
        """The tables this process keeps a seat's absence or a wait for (``forget_tables`` drops
        those no longer played: the sweeper asks the store which, issue 39)."""
        return {table_id for table_id, _ in self.absent_since} | set(self.moved)

    # -- seats the table waits on -----------------------------------------------------------------

    def saw(self, table: LiveTable) -> None:
        """The table changed (or may have): the wait on its seats starts again at a new version."""
        if table.status != TableStatus.RUNNING or table.state.is_terminal():
            self.moved.pop(table.id, None)
            return
        seen = self.moved.get(table.id)
        if seen is None or seen[0] != table.version:
            self.moved[table.id] = (table.version, time.monotonic())

    def seat_silence(self, table: LiveTable, seat: int) -> float:
        """Seconds the table has waited on ``seat`` (connected or not): since its last change, while
        the seat is one it waits on (to act, or to roll); 0 otherwise (a bot's, a stand-in's, a
        table not running)."""
        state = table.state
        if table.status != TableStatus.RUNNING or state.is_terminal() or table.is_automatic(seat):
            return 0.0
        awaited = {state.chance_roller()} if state.is_chance_node() else set(state.active_players())
        if seat not in awaited:
            return 0.0
        seen = self.moved.get(table.id)
        if seen is not None and seen[0] == table.version:
            return time.monotonic() - seen[1]
        # Not seen changing here (a restart, another process's move): since it was last touched.
        touched = table.updated if table.updated.tzinfo else table.updated.replace(tzinfo=UTC)
        return max(0.0, (now() - touched).total_seconds())

    # -- the other server processes ---------------------------------------------------------------

    def publish(self, table_id: str) -> None:
        """Tell the other processes the seats this one has connections for at the table, if they
        changed since it last did."""
        local = frozenset(self.local_seats(table_id))
        if self.bus is not None and self.published.get(table_id, frozenset()) != local:
            self.bus.publish(Notice("presence", self.bus.process, table_id, seats=tuple(local)))
            if local:
                self.published[table_id] = local
            else:
                self.published.pop(table_id, None)

    def publish_again(self) -> None:
        """Tell the other processes every seat this one has connections for (a newcomer, or the
        news back after an outage)."""
        if self.bus is not None:
            for table_id, seats in self.published.items():
                self.bus.publish(Notice("presence", self.bus.process, table_id, seats=tuple(seats)))

    def heard_from(self, notice: Notice) -> None:
        """Another process's ``presence`` news: the seats it has connections for at a table."""
        at_table = self.remote.setdefault(notice.table, {})
        if notice.seats:
            at_table[notice.process] = frozenset(notice.seats)
        else:
            at_table.pop(notice.process, None)
        if not at_table:
            del self.remote[notice.table]

    def forget_silent(self, quiet: float, changed: Callable[[str], None]) -> None:
        """Forget the processes not heard of for ``quiet`` seconds and their connections, calling
        ``changed`` with each table where one of them had some."""
        silent = [p for p, t in self.heard.items() if time.monotonic() - t > quiet]
        for process in silent:
            del self.heard[process]
            for table_id in [t for t, r in self.remote.items() if process in r]:
                self.remote[table_id].pop(process, None)
                if not self.remote[table_id]:
                    del self.remote[table_id]
                changed(table_id)

    # -- seats left by their players --------------------------------------------------------------

    def seat_absence(self, table: LiveTable, seat: int) -> float:
        """Seconds the seat has had no connection (infinite if its player never came)."""
        if seat in self.connected_seats(table.id):
            return 0.0
        since = self.absent_since.get((table.id, seat))
        if since is None:
            if not table.seats[seat].joined:
                return float("inf")
            last = table.seats[seat].last_seen
            if last is None:
                return float("inf")
            # Known only from the store (the server restarted): count from the restart.
            self.absent_since[(table.id, seat)] = time.monotonic()
            return 0.0
        return time.monotonic() - since

    def handover(self, table: LiveTable, connected: Collection[int]) -> list[float | None]:
        """For each seat, the seconds before it may be handed to a bot (None: connected and not yet
        waited on for ``silent_seat_timeout``, a bot, or a table no longer waiting for its players
        or playing; 0 for a connected seat waited on past it)."""
        handover: list[float | None] = []
        silent_timeout = self.settings.silent_seat_timeout
        for info in table.seats:
            if table.status not in (TableStatus.OPEN, TableStatus.RUNNING):
                handover.append(None)
            elif seat_connected(info.kind, info.index, connected):
                # A present seat shows 0 once silent past the limit, else nothing: no countdown
                # that changes by the second, so a crowd joining shares one view (transport).
                silent = self.seat_silence(table, info.index) if info.kind != "bot" else 0.0
                handover.append(0.0 if 0 < silent_timeout <= silent else None)
            else:
                absent = self.seat_absence(table, info.index)
                handover.append(round(max(0.0, self.settings.seat_timeout - absent), 3))
        return handover
