"""Toques et Casques' position documents: the typed records a position is read into and written
from (``hippodrome.engine.position``), with what makes a position one the rules can reach.

A module of its own, apart from the rules, so that the rules compile (docs/engine.md, "A compiled
build"): the codec reads these records' annotations, which a compiled module does not keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Final

from hippodrome.engine.lanetrack import NO_CELL, Station
from hippodrome.engine.position import Codec, Doc, Invalid, Range, Size, Unique
from hippodrome.games.toques_et_casques.rules import (
    HORSES,
    ON_TRACK,
    Phase,
    Status,
    ToquesEtCasques,
)

Seat = Annotated[int, Range(0, lambda game: game.num_players - 1), Doc("a seat, from 0")]
Jockey = Annotated[int, Range(0, lambda game: game.jockeys - 1), Doc("a jockey's seat, from 0")]
HorseNumber = Annotated[int, Range(1, len(HORSES)), Doc("a horse's number, 1 to 6")]
TrackCell = Annotated[int, Range(0, lambda game: len(game.course.track) - 1)]
Points = Annotated[int, Range(-1, lambda game: game.course.max_points)]


@dataclass(frozen=True, slots=True)
class HorseRecord:
    """A horse: where it stands in the race, on which cell and in which lap."""

    status: Status
    cell: Annotated[TrackCell | None, Doc("the cell it stands on, while running or arrived")]
    lap: Annotated[int, Range(0, lambda game: game.course.laps + 1), Doc("laps completed")]


@dataclass(frozen=True, slots=True)
class ToquesPosition:
    """A Toques et Casques position: the six horses, their jockeys, the move under way, the
    hurdles, the arrival board and the stakes won."""

    phase: Phase
    drawn: Annotated[int, Range(0, len(HORSES)), Doc("horses drawn by the jockeys (08-01)")]
    owners: Annotated[list[Jockey | None], Size.exactly(len(HORSES)), Doc("each horse's jockey")]
    horses: Annotated[list[HorseRecord], Size.exactly(len(HORSES))]
    current: Annotated[HorseNumber | None, Doc("the horse to move")]
    points: Annotated[Points, Doc("points still to play; -1 while the dice are to be rolled")]
    rolled: Annotated[int, Range(0, lambda game: game.course.max_points)]
    last_ecart: bool
    stepped: bool
    turn_start: Annotated[
        tuple[Annotated[int, Range(NO_CELL, lambda game: len(game.course.track) - 1)], int],
        Doc("[cell, lap] the horse to move started its turn from (-1: none)"),
    ]
    round: Annotated[int, Range(0)]
    start_plaque: bool
    hurdles: Annotated[
        list[tuple[str, int]],
        Size.exactly(lambda game: len(game.course.hurdles)),
        Doc(
            "[station, mark]: where each hurdle stands, and the progress every horse must pass "
            "before it may be moved (13-02)"
        ),
    ]
    order: Annotated[list[HorseNumber], Unique("horse"), Doc("the arrival board, best first")]
    rolloff: Annotated[
        list[Annotated[list[HorseNumber], Size(1)]],
        Doc("groups of horses arrived abreast awaiting a roll-off, best group first (23-04)"),
    ]
    pending: Annotated[
        list[Annotated[int, Range(0)]], Unique("hurdle"), Doc("hurdles awaiting a decision")
    ]
    decider: Annotated[Seat | None, Doc("who decides (the steward, or a jockey for a hurdle)")]
    money: Annotated[list[Annotated[int, Range(0)]], Size.exactly(lambda game: game.num_players)]

    def validate(self, game: ToquesEtCasques) -> None:
        """What makes a position one the rules can reach (and play on from)."""
        self._validate_horses(game)
        self._validate_hurdles(game)
        placed = [h for h, horse in enumerate(self.horses) if horse.status is Status.PLACED]
        if any(self.horses[n - 1].status is not Status.PLACED for n in self.order):
            raise Invalid("order", "the arrival board holds placed horses only")
        if len(placed) != len(self.order):
            raise Invalid("order", "every placed horse is on the arrival board")
        grouped = [n for group in self.rolloff for n in group]
        for i, group in enumerate(self.rolloff):
            for j, n in enumerate(group):
                if self.horses[n - 1].status is not Status.ARRIVED:
                    raise Invalid(f"rolloff[{i}][{j}]", f"horse {n} has not arrived")
                if n in grouped[: sum(len(g) for g in self.rolloff[:i]) + j]:
                    raise Invalid(f"rolloff[{i}][{j}]", f"horse {n} appears twice")
        if self.points > self.rolled:
            raise Invalid("rolled", "what the dice scored, at least the points left")
        self._validate_phase(game)

    def _validate_horses(self, game: ToquesEtCasques) -> None:
        jockeys = game.jockeys
        owned = [o for o in self.owners if o is not None]
        if len(owned) != self.drawn:
            raise Invalid("owners", "as many owners as horses drawn")
        for j in range(jockeys):
            # 08-01: the jockeys draw in turn, seat 0 first.
            if owned.count(j) != len(range(j, self.drawn, jockeys)):
                raise Invalid(
                    "owners",
                    f"jockey {j} cannot own {owned.count(j)} of {self.drawn} horses drawn in turn",
                )
        cells: dict[int, int] = {}
        for h, horse in enumerate(self.horses):
            where = f"horses[{h}]"
            if (horse.status is Status.WAITING) != (self.owners[h] is None):
                raise Invalid(f"{where}.status", "a horse waits exactly until it is drawn")
            if horse.status in ON_TRACK:
                if horse.cell is None:
                    raise Invalid(f"{where}.cell", "a horse on the track stands on a cell")
                if horse.cell in cells:
                    raise Invalid(
                        f"{where}.cell",
                        f"cell {horse.cell} already holds horse {cells[horse.cell] + 1}",
                    )
                cells[horse.cell] = h
            elif horse.cell is not None:
                raise Invalid(f"{where}.cell", "only a horse on the track stands on a cell")

    def _validate_hurdles(self, game: ToquesEtCasques) -> None:
        t = game.course.track
        stations: list[Station] = []
        for i, (text, _) in enumerate(self.hurdles):
            try:
                station = Station.parse(text)
                t.station_cells(station)
            except ValueError as exc:
                raise Invalid(f"hurdles[{i}][0]", str(exc)) from None
            if station in stations:
                raise Invalid(f"hurdles[{i}][0]", f"a hurdle already stands at {station}")
            stations.append(station)
        for i, index in enumerate(self.pending):
            if index >= len(self.hurdles):
                raise Invalid(f"pending[{i}]", f"there is no hurdle {index}")

    def _validate_phase(self, game: ToquesEtCasques) -> None:
        """The invariants that make a position playable in its phase."""
        phase = self.phase
        on_track = [h for h in self.horses if h.status in ON_TRACK]
        if phase is Phase.DRAW and self.drawn == len(HORSES):
            raise Invalid("drawn", "the race starts once all six horses are drawn")
        if phase is not Phase.DRAW and phase is not Phase.OVER and self.drawn != len(HORSES):
            raise Invalid("drawn", "the race starts once all six horses are drawn")
        if phase in (Phase.RACE, Phase.REVIEW) and (
            self.current is None or self.horses[self.current - 1].status not in ON_TRACK
        ):
            raise Invalid("current", "a horse on the track must be the one to move")
        if phase is Phase.ROLLOFF and (not self.rolloff or len(self.rolloff[0]) < 2):
            raise Invalid("rolloff", "a roll-off needs two horses or more abreast")
        if phase in (Phase.REVIEW, Phase.RELOCATE) and self.decider is None:
            raise Invalid("decider", "someone must decide")
        if phase is Phase.REVIEW and self.decider != game.steward:
            raise Invalid("decider", "the steward reviews the moves (07-03)")
        if phase is Phase.RELOCATE:
            if not self.pending:
                raise Invalid("pending", "a hurdle must await its decision")
            if len(on_track) < 2:
                raise Invalid("phase", "a hurdle is moved while two horses or more race")


POSITION: Final = Codec(ToquesPosition)
"""Reads and writes the position documents of Toques et Casques; ``POSITION.schema(game)`` is their
schema."""
