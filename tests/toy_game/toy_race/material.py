"""Toy Race's material (``material.toml``): loaded, checked and fingerprinted by the engine."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from hippodrome.engine.data import DataFile, check_provenance

TABLES: Final = ("track", "die", "gaits", "money", "horses")


@dataclass(frozen=True, slots=True)
class Material:
    squares: int
    """The line: a horse that reaches this square has finished."""
    ditch: int
    faces: tuple[int, ...]
    trot: int
    start_money: int
    purse: int
    fine: int
    horses: tuple[str, ...]
    provenance: dict[str, str]


def _parse(raw: dict[str, Any], problems: list[str]) -> Material | None:
    provenance = check_provenance(raw, TABLES, problems)
    found = Material(
        squares=int(raw["track"]["squares"]),
        ditch=int(raw["track"]["ditch"]),
        faces=tuple(int(f) for f in raw["die"]["faces"]),
        trot=int(raw["gaits"]["trot"]),
        start_money=int(raw["money"]["start"]),
        purse=int(raw["money"]["purse"]),
        fine=int(raw["money"]["fine"]),
        horses=tuple(str(h) for h in raw["horses"]["ids"]),
        provenance=provenance,
    )
    if not 0 < found.ditch < found.squares:
        problems.append(f"[track] the ditch ({found.ditch}) is not on the track")
    if sorted(set(found.faces)) != list(found.faces) or min(found.faces, default=0) < 1:
        problems.append("[die] faces must be distinct positive numbers, in order")
    if found.trot < 1:
        problems.append("[gaits] a trot must move the horse")
    if len(found.horses) < 3 or len(set(found.horses)) != len(found.horses):
        problems.append("[horses] three different horses are needed, one a seat")
    if found.purse <= found.start_money:
        problems.append("[money] the purse must be worth more than a seat's starting money")
    return found


FILE: Final = DataFile(__package__ or "tests.toy_game.toy_race", _parse)


@cache
def material() -> Material:
    return FILE.load()


def digest() -> str:
    return FILE.digest()


def check() -> list[str]:
    """Every inconsistency in ``material.toml`` (``hippodrome data check``)."""
    return FILE.check()
