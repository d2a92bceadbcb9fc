"""Reading the JSON of the engine's small records (a flow, an auction, a pool), each refusal
naming the faulty field (``auction.high``) as ``RecordError`` does for whole positions."""

from __future__ import annotations

from typing import Final

from hippodrome.engine.errors import RecordError
from hippodrome.engine.types import JSONObject, Money, Player

NOBODY: Final[Player] = -1


class FieldReader:
    """Typed fields of a record's JSON, each refusal naming ``<where>.<field>``."""

    def __init__(self, data: JSONObject, where: str) -> None:
        if not isinstance(data, dict):
            raise RecordError(where, "an object expected")
        self.data, self.where = data, where

    def fail(self, name: str, reason: str) -> RecordError:
        return RecordError(f"{self.where}.{name}", reason)

    def count(self, name: str, low: int = 0) -> int:
        value = self.data.get(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise self.fail(name, f"a whole number of at least {low}")
        return value

    def flag(self, name: str) -> bool:
        value = self.data.get(name)
        if not isinstance(value, bool):
            raise self.fail(name, "true or false")
        return value

    def text(self, name: str) -> str:
        value = self.data.get(name)
        if not isinstance(value, str):
            raise self.fail(name, "a text")
        return value

    def seat(self, name: str, seats: int, *, nullable: bool = False) -> Player:
        value = self.data.get(name)
        if value is None and nullable:
            return NOBODY
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < seats:
            raise self.fail(name, f"seat {value!r} is not at this table")
        return value

    def seats(self, name: str, seats: int) -> list[Player]:
        value = self.data.get(name)
        if not isinstance(value, list) or any(
            not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < seats for s in value
        ):
            raise self.fail(name, "a list of seats")
        return list(value)

    def flags_or_none(self, name: str, seats: int) -> list[bool] | None:
        return None if self.data.get(name) is None else self.flags(name, seats)

    def flags(self, name: str, seats: int) -> list[bool]:
        value = self.data.get(name)
        if (
            not isinstance(value, list)
            or len(value) != seats
            or any(not isinstance(v, bool) for v in value)
        ):
            raise self.fail(name, f"{seats} true or false")
        return list(value)

    def bids(self, name: str, seats: int) -> list[Money | None] | None:
        value = self.data.get(name)
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != seats
            or any(
                v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 0)
                for v in value
            )
        ):
            raise self.fail(name, f"{seats} bids (null: not written yet)")
        return list(value)
