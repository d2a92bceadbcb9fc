"""A game's exact numeric encoding of a seat's view: a fixed list of named slots.

Research code (``hippodrome.interop``) turns a seat's observation into a vector. By default it
hashes the observation's leaves (no code per game, but slots may collide and have no names). A game
that declares a ``TensorLayout`` (its manifest's ``tensor`` piece) gets an exact layout instead:
slot ``i`` always holds what ``names[i]`` says, documented by the names themselves.

``encode`` reads only the seat's observation, the JSON the engine already guarantees to hold only
what that seat may see, so the vector cannot carry another seat's secret. The engine keeps no
dependency on numpy: ``encode`` returns a list of floats.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hippodrome.engine.types import JSONObject


@dataclass(frozen=True, slots=True)
class TensorLayout:
    """Slot ``i`` of ``encode(observation)`` holds ``names[i]``."""

    names: tuple[str, ...]
    encode: Callable[[JSONObject], list[float]]

    @property
    def size(self) -> int:
        return len(self.names)


class Slots:
    """Builds a layout's names once, in the order ``encode`` will fill them."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def one_hot(self, what: str, values: Sequence[object]) -> None:
        self.names.extend(f"{what}={v}" for v in values)

    def scalar(self, what: str) -> None:
        self.names.append(what)

    def scalars(self, names: Iterable[str]) -> None:
        self.names.extend(names)


def seat_names(n: int) -> list[str]:
    """The ``n`` seats counted from the viewer: ``me``, then ``left1``, ``left2``, ... round the
    table, so one policy serves every seat."""
    return ["me", *(f"left{k}" for k in range(1, n))]


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Viewer:
    """Seats counted from the seat whose observation is encoded (``viewer``; seat 0 for a
    spectator), among ``n``."""

    me: int
    n: int

    @classmethod
    def of(cls, observation: Any, n: int) -> Viewer:
        seat = observation["viewer"]
        return cls(seat if seat is not None else 0, n)

    def relative(self, seat: int | None) -> int | None:
        return None if seat is None else (seat - self.me) % self.n

    def seat(self, seat: int | None) -> list[float]:
        """A one-hot of ``seat`` among the seats from the viewer (all 0 for None)."""
        out = [0.0] * self.n
        if seat is not None:
            out[(seat - self.me) % self.n] = 1.0
        return out

    def among(self, seats: Iterable[int]) -> list[float]:
        """1 for each seat (from the viewer) that is one of ``seats``."""
        chosen = {self.relative(seat) for seat in seats}
        return [1.0 if k in chosen else 0.0 for k in range(self.n)]

    def around(self, values: Sequence[T]) -> list[T]:
        """A list by seat, reordered to start at the viewer."""
        return [values[(self.me + k) % self.n] for k in range(self.n)]


def one_hot(value: object, values: Sequence[object]) -> list[float]:
    """1 at ``value``'s place among ``values`` (all 0 when it is not one of them, e.g. None)."""
    out = [0.0] * len(values)
    with contextlib.suppress(ValueError):  # not one of them: all 0
        out[values.index(value)] = 1.0  # ``values`` hold each value once
    return out


AUCTION_STAGES = ("open", "sealed", "lot", "closed")
AUCTION_SEAT_SLOTS = ("in", "to_act", "written", "bid", "tied")


def auction_slots(slots: Slots, seats: Sequence[str], what: str = "auction") -> None:
    """The names ``encode_auction`` fills: ``<what>`` (one is on), its stage, ``high``, ``minimum``
    (the next bid allowed), ``price``, who leads, bids next and won; per seat, whether it is ``in``
    (eligible and not out), ``to_act``, has ``written`` a sealed bid, the ``bid`` shown to the viewer
    (its own, or every one once opened) and whether it is ``tied``."""
    slots.scalar(what)
    slots.one_hot(f"{what}/stage", AUCTION_STAGES)
    for amount in ("high", "minimum", "price"):
        slots.scalar(f"{what}/{amount}")
    for role in ("leader", "bidder", "winner"):
        slots.one_hot(f"{what}/{role}", seats)
    for seat in seats:
        for slot in AUCTION_SEAT_SLOTS:
            slots.scalar(f"{what}/{seat}/{slot}")


def encode_auction(auction: Any, viewer: Viewer) -> list[float]:
    """An engine auction's view (``Auction.view``, None when no auction is on), seats counted from
    the viewer."""
    n = viewer.n
    size = 1 + len(AUCTION_STAGES) + 3 + 3 * n + len(AUCTION_SEAT_SLOTS) * n
    if auction is None:
        return [0.0] * size
    out = [1.0, *one_hot(auction["stage"], AUCTION_STAGES)]
    out += [float(auction[amount] or 0) for amount in ("high", "minimum", "price")]
    for role in ("leader", "bidder", "winner"):
        out += viewer.seat(auction[role])
    to_act = set(auction["to_act"])
    active = auction["active"]
    bids = auction["sealed_bids"]
    for seat in viewer.around(range(n)):
        bid = None if bids is None else bids[seat]
        amount = float(bid) if isinstance(bid, int) and not isinstance(bid, bool) else 0.0
        out += [
            float(auction["eligible"][seat] and (active is None or active[seat])),
            float(seat in to_act),
            float(bid is not None and bid is not False),
            amount,
            float(seat in auction["tied"]),
        ]
    return out


def slips_slots(slots: Slots, seats: Sequence[str], what: str) -> None:
    """The names ``slips_by_seat`` fills: ``<what>/<seat>`` and ``<what>/<seat>/stake``."""
    for seat in seats:
        slots.scalars((f"{what}/{seat}", f"{what}/{seat}/stake"))


def slips_by_seat(slips: Sequence[Any], viewer: Viewer) -> list[float]:
    """An engine pool's slips (``Pool.view``): per seat from the viewer, how many it holds and
    their stakes as shown (a face-down stake counts 0), ``[count, stake]`` seat after seat."""
    out = [0.0] * (2 * viewer.n)
    for slip in slips:
        k = (slip["player"] - viewer.me) % viewer.n
        out[2 * k] += 1.0
        out[2 * k + 1] += float(slip["stake"] or 0)
    return out
