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

from hippodrome.engine.i18n import texts
from hippodrome.engine.types import JSONObject
from hippodrome.server.botplay import Thinkers
from hippodrome.server.service import LiveTable, SeatKind, TableService, TableStatus
from hippodrome.server.thinking import AdviceTurn, advise, suggest

log = logging.getLogger("hippodrome.server")

T = TypeVar("T")

ODDS_AFTER_HINT = 1.0
"""Seconds a guided seat's odds wait after its hint: they are computed only if it is still deciding."""

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
        if guided:  # the move the heuristic bot would play, and why: sent first
            await self._send(key, "hint", suggest, turn, self._hint)
            # A guided player often plays the suggestion at once: the odds of a position he has
            # left would hold a worker for nothing, so they wait until he stops to think.
            await asyncio.sleep(ODDS_AFTER_HINT)
            if self.service.get(key[0]).version != key[2]:
                return
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
    def _hint(table: LiveTable, guidance: JSONObject) -> JSONObject:
        """A guided table's hint (``bots/guide.py``, ``Guidance.to_json``): the heuristic bot's move
        from the seat's view as a legal action, the whole move it makes where the game has plans
        (notations, played as a ``plan`` message), the reason for it and the phase text for the
        situation, each a message rendered in every language."""
        game = table.game
        action = game.action_json(game.parse_action(str(guidance["action"])), table.names)
        return {
            "action": action,
            "plan": guidance.get("plan"),
            "reason": _message(table, guidance.get("reason")),
            "about": _message(table, guidance.get("about")),
            "move": _message(table, guidance.get("move")),
        }

    def stop(self) -> None:
        for advice in list(self._advising.values()):
            advice.cancel()


def _message(table: LiveTable, told: object) -> JSONObject | None:
    """``[key, params]`` as the hint sends a text: ``{key, params, text: {en, fr}}``."""
    if not isinstance(told, list | tuple) or len(told) != 2:
        return None
    key, params = told
    params = params if isinstance(params, dict) else {}
    return {"key": key, "params": params, "text": texts(str(key), params, names=table.names)}
