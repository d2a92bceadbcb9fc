"""Royal Turf's material, read from ``material.toml`` and checked against the rules' constraints."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from hippodrome.engine.data import DataFile, check_provenance

FACES: Final = ("head", "cap", "saddle", "shoe")
"""The die symbols: horse head (three faces), jockey cap, saddle, horseshoe."""


@dataclass(frozen=True, slots=True)
class Horse:
    id: str
    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class HorseCard:
    horse: int
    """Index of the horse in ``Material.horses``."""
    number: int
    """1, 2 or 3: which of the horse's three cards."""
    values: tuple[int, int, int, int]
    """Squares moved for head, cap, saddle, shoe."""


@dataclass(frozen=True, slots=True)
class Material:
    races: int
    final_race_multiplier: int
    squares: int
    pace_square: int
    start_squares: tuple[int, ...]
    die_faces: tuple[str, ...]
    standard_tokens: tuple[int, ...]
    variant_tokens: tuple[int, ...]
    bets_per_race: int
    pace_per_unit: int
    last_penalty_per_unit: int
    horses: tuple[Horse, ...]
    cards: tuple[HorseCard, ...]
    payouts: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """``payouts[place - 1][units - 1]``: paid per unit of a token."""
    provenance: dict[str, str]
    """Provenance of each table: ``authentic`` or ``reconstructed``."""

    def payout(self, place: int, units: int) -> int:
        row = self.payouts[place - 1]
        return row[min(units, len(row)) - 1]

    def face_probability(self, face: int) -> float:
        return self.die_faces.count(FACES[face]) / len(self.die_faces)


@cache
def digest() -> str:
    """The fingerprint of ``material.toml`` as installed (see ``Game.data_digest``)."""
    return FILE.digest()


@cache
def material() -> Material:
    """The material, loaded once. Raises ``DataError`` naming the first inconsistency."""
    return FILE.load()


def check() -> list[str]:
    """Every inconsistency in the data file (empty when it is sound)."""
    return FILE.check()


def _parse(raw: dict[str, Any], problems: list[str]) -> Material | None:
    provenance = check_provenance(
        raw, ("race", "track", "die", "tokens", "bonuses", "cards", "payouts"), problems
    )

    horses = []
    for i, h in enumerate(raw["horses"]):
        kind = h.get("provenance")
        if kind not in ("authentic", "reconstructed") or not (
            h.get("source") or h.get("constraint")
        ):
            problems.append(
                f"horses[{i}] ({h.get('id')}) lacks provenance with a source or constraint"
            )
        horses.append(Horse(str(h["id"]), str(h["name"]), str(h["colour"])))
    ids = [h.id for h in horses]
    if len(horses) != 7 or len(set(ids)) != 7:
        problems.append(f"expected 7 distinct horses, found {ids}")
    if any(not h.isidentifier() or h != h.lower() for h in ids):
        problems.append("horse ids must be lower-case identifiers (they are used in the notation)")

    die = tuple(raw["die"]["faces"])
    if len(die) != 6 or set(die) != set(FACES):
        problems.append(f"the die has six faces showing {FACES}, found {die}")

    cards = []
    for i, row in enumerate(raw["cards"]["list"]):
        horse_id, number, *values = row
        if horse_id not in ids:
            problems.append(f"cards[{i}]: unknown horse {horse_id!r}")
            continue
        if len(values) != 4 or any(not isinstance(v, int) or v < 1 for v in values):
            problems.append(f"cards[{i}]: four positive values (head, cap, saddle, shoe) expected")
            continue
        head, cap, saddle, shoe = values
        if 3 * head + cap + saddle + shoe != 30:
            problems.append(
                f"cards[{i}] ({horse_id} {number}): 3*head + cap + saddle + shoe must be 30, "
                f"is {3 * head + cap + saddle + shoe}"
            )
        cards.append(HorseCard(ids.index(horse_id), int(number), (head, cap, saddle, shoe)))
    for index, horse_id in enumerate(ids):
        numbers = sorted(c.number for c in cards if c.horse == index)
        if numbers != [1, 2, 3]:
            problems.append(f"{horse_id} must have cards 1, 2 and 3, has {numbers}")

    pay = raw["payouts"]
    rows = (tuple(pay["first"]), tuple(pay["second"]), tuple(pay["third"]))
    units = tuple(pay["units"])
    if units != tuple(range(1, len(units) + 1)) or any(len(r) != len(units) for r in rows):
        problems.append("payouts: units must be 1..N and every row must have N values")
    else:
        for name, row in zip(("first", "second", "third"), rows, strict=True):
            if any(a < b for a, b in itertools.pairwise(row)):
                problems.append(f"payouts.{name}: fewer units on a horse must pay as much or more")
        for u in range(len(units)):
            if not rows[0][u] > rows[1][u] > rows[2][u] > 0:
                problems.append(f"payouts, {u + 1} units: 1st > 2nd > 3rd > 0 is broken")

    track = raw["track"]
    start = tuple(track["start_squares"])
    if len(start) != len(horses) or max(start) > track["squares"]:
        problems.append("track.start_squares: one square per horse, on the track")
    if not 0 < track["pace_square"] < min(start):
        problems.append("track.pace_square must lie between the start and the line")

    tokens = raw["tokens"]
    if problems:
        return None
    return Material(
        races=int(raw["race"]["races"]),
        final_race_multiplier=int(raw["race"]["final_race_multiplier"]),
        squares=int(track["squares"]),
        pace_square=int(track["pace_square"]),
        start_squares=start,
        die_faces=die,
        standard_tokens=tuple(tokens["standard"]),
        variant_tokens=tuple(tokens["variant_extra"]),
        bets_per_race=int(tokens["bets_per_race"]),
        pace_per_unit=int(raw["bonuses"]["pace_per_unit"]),
        last_penalty_per_unit=int(raw["bonuses"]["last_penalty_per_unit"]),
        horses=tuple(horses),
        cards=tuple(sorted(cards, key=lambda c: (c.horse, c.number))),
        payouts=rows,
        provenance=provenance,
    )


FILE: Final = DataFile("hippodrome.games.royal_turf", _parse)
"""The game's data file (``material.toml``), read through the engine's data-file helper."""
