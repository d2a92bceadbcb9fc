"""Table clocks: a time per decision, a time bank per player (with an optional Fischer increment), or
a slow mode counted in hours.

A seat's clock runs while the seat is among those to act (several at once in a simultaneous phase,
each on its own clock) and only then. When it runs out, a stand-in bot of the table's chosen level
plays for the seat, move after move, until its player takes the seat back. The server keeps the time
on its monotonic clock; what it stores with every action is each bank's remaining seconds and the
seats the stand-in plays, so a reload of the page changes nothing and a restart of the server
resumes every clock from the figures of the last action (the time the server was down is nobody's).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from hippodrome.bots.base import BotKind
from hippodrome.engine.errors import HippodromeError
from hippodrome.engine.types import JSONObject


class ClockKind(StrEnum):
    MOVE = "move"
    """The same time for every decision, in seconds."""
    BANK = "bank"
    """A bank of seconds for the whole game, and an increment added after each of the seat's moves."""
    SLOW = "slow"
    """A time for every decision counted in hours: a game played over days."""


class ClockError(HippodromeError):
    """A clock the server refuses: a named field out of its range (HTTP 400)."""

    status = 400


PER_MOVE_SECONDS = (1, 3600)
BANK_SECONDS = (1, 6 * 3600)
INCREMENT_SECONDS = (0, 600)
SLOW_HOURS = (1, 24 * 14)
RESERVE_SHARE = 0.1
"""A seat taken back with its bank (nearly) empty gets a tenth of the first bank, or the increment
if that is more: enough to play a move, not a new game's time."""


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's clock, chosen when the table is made and stored with it."""

    kind: ClockKind
    seconds: float
    """Per decision (``move``, ``slow``), or the bank each seat starts with (``bank``)."""
    increment: float = 0.0
    bot: str = BotKind.HEURISTIC
    """The level of the stand-in bot that plays a seat whose time ran out: always the heuristic
    bot, fixed by the server (issue 35: a player who idles must not earn a strong bot's result)."""

    def to_json(self) -> JSONObject:
        data: JSONObject = {
            "kind": self.kind.value,
            "seconds": self.seconds,
            "increment": self.increment,
            "bot": self.bot,
        }
        if self.kind is ClockKind.SLOW:
            data["hours"] = self.seconds / 3600
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Clock:
        """A clock as the store keeps it (already checked when the table was made)."""
        return cls(
            ClockKind(str(data["kind"])),
            float(data["seconds"]),  # type: ignore[arg-type]
            float(data.get("increment", 0.0)),  # type: ignore[arg-type]
            # A level stored by a table made before the server fixed it is not followed.
        )

    @property
    def reserve(self) -> float:
        return max(self.increment, self.seconds * RESERVE_SHARE)


IDLE_MARGIN = 86400.0
"""What a table with a running clock may stay untouched beyond its longest wait for a move before
it expires: a slow clock of two weeks a move keeps its table two weeks and a day."""


def idle_limit(clock: Mapping[str, object] | None, figures: Mapping[str, object] | None) -> float:
    """The seconds a running table with this stored clock (and figures) may wait for a move: the
    time per move (``move``, ``slow``), or the largest bank (``bank``), plus ``IDLE_MARGIN``; 0
    without a clock. A table never expires while a clock is running."""
    if not clock:
        return 0.0
    try:
        parsed = Clock.from_json(clock)
        longest = parsed.seconds
        if parsed.kind is ClockKind.BANK and figures:
            banks = [float(x) for x in figures.get("remaining", [])]  # type: ignore[attr-defined]
            longest = max([longest, *banks])
    except (KeyError, TypeError, ValueError):
        return 0.0
    return longest + IDLE_MARGIN


def _number(data: Mapping[str, object], name: str, low: float, high: float) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ClockError("error.clock_range", field=name, value=str(value), min=low, max=high)
    return float(value)


def parse_clock(data: Mapping[str, object] | None) -> Clock | None:
    """The clock a table's creation asks for (None: no clock); a ``ClockError`` naming the field
    that is wrong (an unknown kind, a time out of range, a field the kind does not take)."""
    if data is None:
        return None
    kind = data.get("kind")
    if kind not in tuple(ClockKind):
        raise ClockError("error.clock_kind", kind=str(kind), kinds=[k.value for k in ClockKind])
    kind = ClockKind(str(kind))
    allowed = {
        ClockKind.MOVE: {"seconds"},
        ClockKind.BANK: {"seconds", "increment"},
        ClockKind.SLOW: {"hours"},
    }[kind] | {"kind", "bot"}
    for name in data:
        if name not in allowed:
            raise ClockError("error.clock_field", field=name, kind=kind.value)
    bot = data.get("bot", BotKind.HEURISTIC)
    if bot != BotKind.HEURISTIC:  # the stand-in is the server's choice (issue 35)
        raise ClockError("error.clock_stand_in_fixed", kind=str(bot))
    if kind is ClockKind.MOVE:
        return Clock(kind, _number(data, "seconds", *PER_MOVE_SECONDS), bot=str(bot))
    if kind is ClockKind.BANK:
        increment = _number(data, "increment", *INCREMENT_SECONDS) if "increment" in data else 0.0
        return Clock(kind, _number(data, "seconds", *BANK_SECONDS), increment, str(bot))
    return Clock(kind, _number(data, "hours", *SLOW_HOURS) * 3600, bot=str(bot))


@dataclass
class SeatClocks:
    """The clocks of a table's seats as the game goes."""

    clock: Clock
    remaining: list[float]
    """Each seat's bank (``bank``); the other kinds give every decision the same time."""
    away: set[int] = field(default_factory=set)
    """Seats whose time ran out: the stand-in bot plays them until their player takes them back."""
    started: dict[int, float] = field(default_factory=dict)
    """The seats whose clock runs, with the monotonic time their current decision began."""
    stood_in: list[int] = field(default_factory=list)
    """Per seat, the steps its stand-in played (what the ratings ask: did the player play?)."""

    def __post_init__(self) -> None:
        self.stood_in += [0] * (len(self.remaining) - len(self.stood_in))

    @classmethod
    def start(cls, clock: Clock, seats: int, stored: Mapping[str, object] | None) -> SeatClocks:
        """Fresh clocks, or those of the store (a restart: every clock resumes from its figure)."""
        remaining = [clock.seconds] * seats
        away: set[int] = set()
        stood_in: list[int] = []
        if stored:
            remaining = [float(x) for x in stored.get("remaining", remaining)]  # type: ignore[attr-defined]
            away = {int(x) for x in stored.get("away", [])}  # type: ignore[attr-defined]
            stood_in = [int(x) for x in stored.get("stood_in", [])]  # type: ignore[attr-defined]
        return cls(clock, remaining, away, stood_in=stood_in)

    def stored(self) -> JSONObject:
        return {
            "remaining": [round(r, 3) for r in self.remaining],
            "away": sorted(self.away),
            "stood_in": list(self.stood_in),
        }

    def budget(self, seat: int) -> float:
        return self.remaining[seat] if self.clock.kind is ClockKind.BANK else self.clock.seconds

    def left(self, seat: int, now: float) -> float:
        since = self.started.get(seat)
        return max(0.0, self.budget(seat) - (now - since if since is not None else 0.0))

    def update(
        self,
        to_act: set[int],
        mover: int | None,
        now: float | None = None,
        *,
        same_move: bool = False,
    ) -> None:
        """After a step: stop the clocks of the seats no longer to act (and of the seat that just
        ended its move, whose next decision starts afresh), start those of the seats now to act.

        ``same_move``: the step was not the end of the mover's move (``State.continues_move``, the engine's one notion of a move):
        his clock runs on, and the increment is paid once, when the move ends, not per step."""
        now = time.monotonic() if now is None else now
        for seat in list(self.started):
            if seat == mover and same_move and seat in to_act:
                continue
            if seat not in to_act or seat == mover:
                self._stop(seat, now, moved=seat == mover)
        for seat in to_act:
            self.started.setdefault(seat, now)

    def _stop(self, seat: int, now: float, *, moved: bool) -> None:
        since = self.started.pop(seat)
        if self.clock.kind is ClockKind.BANK:
            spent = self.remaining[seat] - (now - since)
            self.remaining[seat] = max(0.0, spent) + (self.clock.increment if moved else 0.0)

    def next_deadline(self) -> float | None:
        """The monotonic time the first running clock runs out; None when none runs."""
        ends = [since + self.budget(seat) for seat, since in self.started.items()]
        return min(ends) if ends else None

    def expired(self, now: float) -> list[int]:
        return sorted(s for s, since in self.started.items() if now - since >= self.budget(s))

    def time_out(self, seat: int, now: float) -> None:
        """The seat's time ran out: the stand-in plays it from now on."""
        if seat in self.started:
            self._stop(seat, now, moved=False)
        self.away.add(seat)

    def take_back(self, seat: int) -> None:
        """The seat's player is back; a bank run dry gets the reserve (``RESERVE_SHARE``)."""
        self.away.discard(seat)
        if self.clock.kind is ClockKind.BANK:
            self.remaining[seat] = max(self.remaining[seat], self.clock.reserve)

    def to_json(self, now: float | None = None) -> JSONObject:
        """The clock figures a ``state`` message carries: each seat's time left now (the client
        counts down between messages while ``running``), and whether the stand-in plays it."""
        now = time.monotonic() if now is None else now
        data = self.clock.to_json()
        data["seats"] = [
            {
                "left": round(self.left(seat, now), 3),
                "running": seat in self.started,
                "away": seat in self.away,
            }
            for seat in range(len(self.remaining))
        ]
        return data
