"""Practice tables' advice: the odds of a connected player's decision (``hippodrome.analysis.odds``)
and, on a guided table, the move the heuristic bot would play in his place. Each is thought out in a
bot worker process, never on the event loop, and sent to that seat alone if the table has not moved
on meanwhile; a failure never disturbs the game.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import TypeVar

from hippodrome.engine.types import JSONObject
from hippodrome.server.botplay import Thinkers
from hippodrome.server.service import LiveTable, SeatKind, TableService, TableStatus
from hippodrome.server.thinking import AdviceTurn, advise, suggest

log = logging.getLogger("hippodrome.server")

T = TypeVar("T")

Key = tuple[str, int, int]
"""An advice being computed: (table, seat, version)."""


class Advisor:
    """Starts the advice of each decision once, and sends it to its seat."""

    def __init__(
        self,
        service: TableService,
        thinkers: Thinkers,
        connected: Callable[[str], set[int]],
        tell: Callable[[str, int, JSONObject], None],
    ) -> None:
        self.service = service
        self.thinkers = thinkers
        self.connected = connected
        """The seats with a connection at a table (``Presence.connected_seats``)."""
        self.tell = tell
        """Send a message to one seat's connections alone (``Sockets.tell_seat``)."""
        self._advising: dict[Key, asyncio.Task[None]] = {}
        """Practice tables' odds being computed."""

    def advise(self, table: LiveTable) -> None:
        """On a practice table, start estimating the odds for every connected human seat that has a
        decision to take now; each is computed in a worker process (never on the event loop) and
        sent to that seat alone, if the table has not moved on meanwhile."""
        state = table.state
        if (
            not table.practice
            or not self.thinkers.ready
            or table.status != TableStatus.RUNNING
            or state.is_terminal()
            or state.is_chance_node()
        ):
            return
        connected = self.connected(table.id)
        for seat in state.active_players():
            key = (table.id, seat, table.version)
            if table.seats[seat].kind != SeatKind.HUMAN or seat not in connected:
                continue
            if key in self._advising:
                continue
            turn = AdviceTurn(
                game_id=table.game.id,
                options=table.game.options.to_json(),
                state=state.to_json(),
                seat=seat,
                seed=f"{table.seed}:odds{seat}:{table.version}",
                table_id=table.id,
            )
            task = asyncio.create_task(self._advise(key, turn, guided=table.guided))
            self._advising[key] = task
            task.add_done_callback(functools.partial(self._advised, key))

    def _advised(self, key: Key, _: asyncio.Task[None]) -> None:
        self._advising.pop(key, None)

    async def _advise(self, key: Key, turn: AdviceTurn, *, guided: bool) -> None:
        if guided:  # the move the heuristic bot would play: quicker than the odds, so sent first
            await self._send(key, "hint", suggest, turn, self._hint)
        await self._send(key, "odds", advise, turn, lambda _, report: {"odds": report})

    async def _send(
        self,
        key: Key,
        kind: str,
        work: Callable[[AdviceTurn], T],
        turn: AdviceTurn,
        message: Callable[[LiveTable, T], JSONObject],
    ) -> None:
        """Think ``work`` out in a worker, then send its ``kind`` message to the seat alone if the
        table has not moved on meanwhile (the advice would be of a past position)."""
        table_id, seat, version = key
        try:
            found = await self.thinkers.run(work, turn)
        except Exception:  # advice is a help: a failure must not disturb the game
            log.exception(
                "table %s: the %s for seat %d could not be computed", table_id, kind, seat
            )
            return
        table = self.service.get(table_id)
        if table.version != version:
            return  # the game moved on
        sent = {"type": kind, "version": version, "seat": seat, **message(table, found)}
        self.tell(table_id, seat, sent)

    @staticmethod
    def _hint(table: LiveTable, notation: str) -> JSONObject:
        """A guided table's hint: the heuristic bot's move from the seat's view, as a legal action."""
        return {"action": table.game.action_json(table.game.parse_action(notation), table.names)}

    def stop(self) -> None:
        for advice in list(self._advising.values()):
            advice.cancel()
