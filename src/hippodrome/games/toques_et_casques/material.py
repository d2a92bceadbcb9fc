"""Toques et Casques' material, read from ``material.toml`` and checked against the rulebook."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from hippodrome.engine.data import DataFile, check_provenance
from hippodrome.engine.errors import DataError
from hippodrome.engine.lanetrack import LaneTrack, oval

TABLES: Final = ("lanes", "turns", "tracks", "plaques", "dice", "bank", "horses")
SIZES: Final = ("small", "medium", "large")


@dataclass(frozen=True, slots=True)
class TrackSize:
    name: str
    long_straight: int
    short_straight: int
    length_cm: int


@dataclass(frozen=True, slots=True)
class Material:
    lanes: int
    turn_lengths: tuple[int, ...]
    sizes: dict[str, TrackSize]
    river_lengths: int
    hurdles: int
    dice: int
    faces: int
    notes: int
    note_value: int
    default_stakes: int
    default_split: tuple[int, ...]
    horse_numbers: tuple[int, ...]
    colours: tuple[str, ...]
    provenance: dict[str, str]

    @property
    def bank(self) -> int:
        return self.notes * self.note_value


@cache
def digest() -> str:
    """The fingerprint of ``material.toml`` as installed (see ``Game.data_digest``)."""
    return FILE.digest()


@cache
def material() -> Material:
    """The material, loaded once. Raises ``DataError`` naming the first inconsistency."""
    return FILE.load()


@cache
def track(size: str) -> LaneTrack:
    """The hippodrome of that size (seed 02-01): start straight, turn, short straight, turn, long
    straight, turn, short straight, turn."""
    m = material()
    spec = m.sizes[size]
    straights = [spec.long_straight, spec.short_straight] * 2
    names = [
        "start straight",
        "turn 1",
        "short straight 1",
        "turn 2",
        "far straight",
        "turn 3",
        "short straight 2",
        "turn 4",
    ]
    return LaneTrack.build(oval(straights, [m.turn_lengths] * 4, lanes=m.lanes, names=names))


def check() -> list[str]:
    """Every inconsistency in the data file (empty when it is sound), the tracks it describes
    included."""
    return FILE.check(_check_tracks)


def _check_tracks(_: Material) -> list[str]:
    problems: list[str] = []
    for size in SIZES:
        try:
            track.__wrapped__(size)  # the uncached builder: check this file, not a cached one
        except DataError as exc:
            problems.append(f"tracks.{size}: {exc}")
    return problems


def _parse(raw: dict[str, Any], problems: list[str]) -> Material | None:
    provenance = check_provenance(raw, TABLES, problems)

    lanes = int(raw["lanes"]["count"])
    if lanes != 6:
        problems.append(f"lanes.count: the seed's track has 6 lanes (04-01), not {lanes}")
    turn_lengths = tuple(int(n) for n in raw["turns"]["lengths"])
    if len(turn_lengths) != lanes or any(n < 1 for n in turn_lengths):
        problems.append("turns.lengths: one positive length per lane, rail first")
    elif any(a > b for a, b in itertools.pairwise(turn_lengths)):
        problems.append("turns.lengths: an outer lane is never shorter than an inner one (11-01)")
    if int(raw["turns"]["count"]) != 4:
        problems.append("turns.count: every hippodrome has 4 turns (02-01)")

    bank = raw["bank"]
    dice = raw["dice"]
    max_points = int(dice["count"]) * int(dice["faces"])
    sizes: dict[str, TrackSize] = {}
    order = raw["tracks"]["order"]
    if list(order) != list(SIZES):
        problems.append(f"tracks.order must be {list(SIZES)}")
    for name in SIZES:
        spec = raw["tracks"][name]
        size = TrackSize(
            name, int(spec["long_straight"]), int(spec["short_straight"]), int(spec["length_cm"])
        )
        # Seed 10-01/10-02: the finish at the entrance of a long straight leaves 6 (one die) or
        # 12 (two dice) lengths before the next turn: the straight holds the finish and that run-out.
        if size.long_straight < max_points + 1:
            problems.append(
                f"tracks.{name}.long_straight: {size.long_straight} lengths cannot hold the finish "
                f"and the {max_points} lengths after it (seed 10-02)"
            )
        if size.short_straight < 1:
            problems.append(f"tracks.{name}.short_straight must be at least 1")
        sizes[name] = size
    if not sizes["small"].length_cm < sizes["medium"].length_cm < sizes["large"].length_cm:
        problems.append("tracks: small < medium < large (02-01)")

    plaques = raw["plaques"]
    split = tuple(int(v) for v in bank["default_split"])
    note = int(bank["note_value"])
    if sum(split) != int(bank["default_stakes"]) or any(v % note for v in split):
        problems.append("bank.default_split: notes of the stakes' value, adding up to the stakes")
    horses = raw["horses"]
    numbers = tuple(int(n) for n in horses["numbers"])
    colours = tuple(str(c) for c in horses["colours"])
    if numbers != tuple(range(1, lanes + 1)) or len(colours) != lanes:
        problems.append("horses: numbers 1 to 6, one colour each (one horse per start place)")
    if problems:
        return None
    return Material(
        lanes=lanes,
        turn_lengths=turn_lengths,
        sizes=sizes,
        river_lengths=int(plaques["river_lengths"]),
        hurdles=int(plaques["hurdles"]),
        dice=int(dice["count"]),
        faces=int(dice["faces"]),
        notes=int(bank["notes"]),
        note_value=note,
        default_stakes=int(bank["default_stakes"]),
        default_split=split,
        horse_numbers=numbers,
        colours=colours,
        provenance=provenance,
    )


FILE: Final = DataFile("hippodrome.games.toques_et_casques", _parse)
"""The game's data file (``material.toml``), read through the engine's data-file helper."""
