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

    # The geometry of the race (seed §1 and §3, D1). The squares are numbered in the running
    # direction from the line: square 1 lies just past it, square 33 just behind it. The start
    # squares are the last squares of the lap, behind the line; a horse crosses the line, runs the
    # whole lap and crosses the line again. Where a horse is on its way is said by the squares it
    # still has to run to the line ("to go"): 34 (square 33) to 40 (square 27) on the start squares,
    # 33 on square 1 once off, 1 on square 33 at the end of the lap, 0 once across the line.

    @property
    def finish(self) -> int:
        """The squares to go from square 0, the line itself: a horse on lap square ``q`` has
        ``finish - q`` squares to go (34 - q on a 33-square lap)."""
        return self.squares + 1

    def start_to_go(self, square: int) -> int:
        """The squares a horse on start square ``square`` runs to the line: to the start line, then
        the whole lap (34 from square 33, 40 from square 27)."""
        return self.finish - (square - self.squares)

    def square_at(self, to_go: int) -> int:
        """The square a horse with ``to_go`` squares still to run stands on (0 once across)."""
        if to_go <= 0:
            return 0
        if to_go <= self.squares:
            return self.finish - to_go
        return self.finish - to_go + self.squares

    @property
    def pace_to_go(self) -> int:
        """The squares to go on the pace square: a horse with this many or fewer has reached it."""
        return self.finish - self.pace_square


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
    squares = track["squares"]
    if (
        len(start) != len(horses)
        or len(set(start)) != len(start)
        or not all(0 < s <= squares for s in start)
    ):
        problems.append("track.start_squares: one square per horse, each on the track")
    elif list(start) != sorted(start, reverse=True) or start[0] != squares:
        problems.append(
            "track.start_squares: the first horse drawn stands on the last square, just behind "
            "the line, the next ones further back (seed §1)"
        )
    if not 0 < track["pace_square"] < min(start):
        problems.append("track.pace_square must lie on the lap, short of the start squares")

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
