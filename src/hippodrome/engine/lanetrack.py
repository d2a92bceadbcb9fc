"""The lane-track model shared by the multi-lane racing games (DESIGN.md, "Boards and cards are data").

Toques et Casques, Win, Place & Show and Ascot race on ovals cut into parallel lanes (couloirs,
pistes). A track is a sequence of **segments**, straights and turns; each segment gives the number of
cells (longueurs) of every lane, rail first. On a straight every lane has the same number of cells and
a cell is abreast of the cells of the same rank in the other lanes; in a turn the outer lanes have more
cells (Toques et Casques: 2, 2, 3, 3, 4, 4; Win, Place & Show: 15 at the rail to 19 outside), so
"abreast" is a matter of overlapping spans.

Positions along the track are measured in **ticks**: every segment is as long as its rail lane, and a
rail length is ``ticks_per_length`` ticks, chosen so that every cell of every lane starts and ends on a
whole tick. Two cells are abreast when their spans overlap; a horse is "at the height" of another when
its span starts at or past the other's start. Progress over several laps is ``lap * lap_ticks +
start(cell)``.

The model answers what the rules of all three games ask of a board:

- forward neighbour (an *avant*, the next cell of the lane; a closed track wraps and counts a lap),
- sideways neighbour (a Toques et Casques *écart*: the cell of the next lane at exactly the same
  height, which only straights have),
- forward-diagonal neighbour (Ascot's and Win, Place & Show's lane change "de biais": the cell of the
  next lane abreast of the forward cell),
- cells abreast, stations (one cell per lane at one rank of a straight: where a plaque, the start or
  the finish lies across the whole track),
- per-cell features given by the game's data (colour, inscription, passing space, obstacle),
- and the drawing geometry: a polygon and a centre per cell, which the browser draws as they are.

Lanes are numbered from 0 (the rail, la corde) outwards; games show them from 1 as their rulebooks do.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import reduce
from typing import Final, Literal, NamedTuple, TypeAlias

from hippodrome.engine.errors import DataError
from hippodrome.engine.types import JSON, JSONObject

Lane: TypeAlias = int
"""0 is the rail (la corde); the highest lane is the outside."""
Cell: TypeAlias = int
"""A cell's index in the whole track (see :meth:`LaneTrack.cell`)."""
Tick: TypeAlias = int
"""A position along the track, in units of ``1 / ticks_per_length`` of a rail length."""

NO_CELL: Final[Cell] = -1
INWARD: Final = -1
"""Towards the rail."""
OUTWARD: Final = 1
"""Away from the rail."""
ARC_POINTS: Final = 4
"""Points drawn along each curved edge of a turn's cell."""

SegmentKind = Literal["straight", "turn"]


@dataclass(frozen=True, slots=True)
class Segment:
    """A straight or a turn: how many cells each lane has, rail first."""

    kind: SegmentKind
    lengths: tuple[int, ...]
    name: str = ""
    angle: float = 0.0
    """Degrees turned, to the left (turns only): the drawing's business, not the rules'."""

    @classmethod
    def straight(cls, length: int, lanes: int, name: str = "") -> Segment:
        return cls("straight", (length,) * lanes, name)

    @classmethod
    def turn(cls, lengths: Sequence[int], angle: float, name: str = "") -> Segment:
        return cls("turn", tuple(lengths), name, angle)


@dataclass(frozen=True, slots=True)
class CellInfo:
    """Everything fixed about one cell."""

    lane: Lane
    index: int
    """Rank along its lane from the lap's start."""
    segment: int
    offset: int
    """Rank within its segment."""
    start: Tick
    end: Tick


@dataclass(frozen=True, slots=True)
class Station:
    """A rank of a straight: one cell per lane, side by side (where a plaque lies across the track)."""

    segment: int
    offset: int

    def __str__(self) -> str:
        return f"{self.segment}.{self.offset}"

    @classmethod
    def parse(cls, text: str) -> Station:
        """``"2.5"``: segment 2, rank 5. Raises ``ValueError`` on anything else."""
        head, sep, tail = text.strip().partition(".")
        if not sep or not (head.isascii() and head.isdigit() and tail.isascii() and tail.isdigit()):
            raise ValueError(f"a station is written <segment>.<rank>, not {text!r}")
        if len(head) > 3 or len(tail) > 4:
            raise ValueError(f"no such station: {text!r}")
        return cls(int(head), int(tail))


class CellName(NamedTuple):
    """A cell named as a board shows it: its lane, its segment, and its rank within that segment in
    running order (all from 0; ``LaneTrack.cell_named`` and ``LaneTrack.name_of`` convert)."""

    lane: Lane
    segment: int
    rank: int

    def __str__(self) -> str:
        return f"lane {self.lane}, {self.segment}.{self.rank}"


Numbering = Literal["with_the_run", "against_the_run"]
"""How a board prints the numbers of its squares along a lane: rising in the running direction (the
cell after square 5 is 6), or falling towards the finish (a board whose squares count down to the
line). The cells themselves are always indexed in running order."""


@dataclass(frozen=True, slots=True)
class LaneTrack:
    """A multi-lane track: cells, neighbours, heights and drawing geometry. Immutable.

    Build one with :meth:`build`; the tables below are precomputed so the rules' hot paths are list
    lookups.
    """

    segments: tuple[Segment, ...]
    lanes: int
    closed: bool
    ticks_per_length: int
    lap_ticks: Tick
    cells: tuple[CellInfo, ...]
    lane_start: tuple[Cell, ...]
    """The first cell of each lane (cells of a lane are consecutive)."""
    forward: tuple[Cell, ...]
    """The next cell along the lane (``NO_CELL`` at the end of an open track)."""
    wraps: tuple[bool, ...]
    """Whether stepping forward from this cell starts a new lap."""
    inward: tuple[Cell, ...]
    """The cell of the next lane towards the rail at exactly the same height, or ``NO_CELL``."""
    outward: tuple[Cell, ...]
    """The cell of the next lane outwards at exactly the same height, or ``NO_CELL``."""
    features: Mapping[str, Mapping[Cell, JSON]] = field(default_factory=dict)
    """Per-cell features from the game's data, by name (``"colour"``, ``"inscription"``, ...)."""
    numbering: Numbering = "with_the_run"
    """The direction in which the board numbers its squares (``square_number``)."""

    # -- construction ----------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        segments: Sequence[Segment],
        *,
        closed: bool = True,
        features: Mapping[str, Mapping[Cell, JSON]] | None = None,
        numbering: Numbering = "with_the_run",
    ) -> LaneTrack:
        """The track made of ``segments`` in running order, its squares numbered as ``numbering``
        says; raises ``DataError`` if inconsistent."""
        if not segments:
            raise DataError("lane track", "a track needs at least one segment")
        lanes = len(segments[0].lengths)
        if lanes < 1:
            raise DataError("lane track", "a track needs at least one lane")
        if numbering not in ("with_the_run", "against_the_run"):
            raise DataError(
                "lane track", f"squares are numbered with or against the run, not {numbering!r}"
            )
        for i, seg in enumerate(segments):
            if len(seg.lengths) != lanes:
                raise DataError(
                    "lane track", f"segment {i} has {len(seg.lengths)} lanes, not {lanes}"
                )
            if any(n < 1 for n in seg.lengths):
                raise DataError("lane track", f"segment {i} has a lane without cells")
            if seg.kind == "straight" and len(set(seg.lengths)) != 1:
                raise DataError("lane track", f"straight {i} has lanes of different lengths")
        # Every cell boundary must fall on a whole tick: a rail length is the lcm of the lanes' counts.
        denominators = [
            Fraction(seg.lengths[0], n).denominator for seg in segments for n in seg.lengths
        ]
        per_length = reduce(math.lcm, denominators, 1)
        starts: list[Tick] = []
        tick = 0
        for seg in segments:
            starts.append(tick)
            tick += seg.lengths[0] * per_length
        lap = tick

        infos: list[CellInfo] = []
        lane_start: list[Cell] = []
        for lane in range(lanes):
            lane_start.append(len(infos))
            index = 0
            for s, seg in enumerate(segments):
                n = seg.lengths[lane]
                span = seg.lengths[0] * per_length // n
                for k in range(n):
                    start = starts[s] + k * span
                    infos.append(CellInfo(lane, index, s, k, start, start + span))
                    index += 1
        total = len(infos)
        forward = [NO_CELL] * total
        wraps = [False] * total
        for lane in range(lanes):
            first = lane_start[lane]
            last = lane_start[lane + 1] - 1 if lane + 1 < lanes else total - 1
            for c in range(first, last):
                forward[c] = c + 1
            if closed:
                forward[last] = first
                wraps[last] = True
        by_start = {(info.lane, info.start): c for c, info in enumerate(infos)}
        inward = [NO_CELL] * total
        outward = [NO_CELL] * total
        for c, info in enumerate(infos):
            inward[c] = (
                by_start.get((info.lane - 1, info.start), NO_CELL) if info.lane > 0 else NO_CELL
            )
            outward[c] = by_start.get((info.lane + 1, info.start), NO_CELL)
            # Same height means the same span, not just the same start.
            for side in (inward, outward):
                other = side[c]
                if other != NO_CELL and infos[other].end != info.end:
                    side[c] = NO_CELL
        _check_features(features or {}, total)
        return cls(
            segments=tuple(segments),
            lanes=lanes,
            closed=closed,
            ticks_per_length=per_length,
            lap_ticks=lap,
            cells=tuple(infos),
            lane_start=tuple(lane_start),
            forward=tuple(forward),
            wraps=tuple(wraps),
            inward=tuple(inward),
            outward=tuple(outward),
            features={name: dict(values) for name, values in (features or {}).items()},
            numbering=numbering,
        )

    def with_features(self, features: Mapping[str, Mapping[Cell, JSON]]) -> LaneTrack:
        """The same track with more per-cell features (a game's colours, inscriptions, ...); raises
        ``DataError`` if one names a cell the track does not have."""
        _check_features(features, len(self.cells))
        merged = {name: dict(values) for name, values in self.features.items()}
        for name, values in features.items():
            merged.setdefault(name, {}).update(values)
        return LaneTrack(
            self.segments,
            self.lanes,
            self.closed,
            self.ticks_per_length,
            self.lap_ticks,
            self.cells,
            self.lane_start,
            self.forward,
            self.wraps,
            self.inward,
            self.outward,
            merged,
            self.numbering,
        )

    # -- cells -----------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.cells)

    def cell(self, lane: Lane, index: int) -> Cell:
        """The ``index``-th cell of ``lane`` from the lap's start."""
        if not 0 <= lane < self.lanes or not 0 <= index < self.lane_length(lane):
            raise IndexError(f"no cell {index} in lane {lane}")
        return self.lane_start[lane] + index

    def cell_named(self, lane: Lane, segment: int, rank: int) -> Cell:
        """The cell of ``lane`` at ``rank`` (from 0, in running order) of ``segment``, a straight or
        a turn: how a board names it. Raises ``IndexError`` if the track has no such cell."""
        if not 0 <= lane < self.lanes or not 0 <= segment < len(self.segments):
            raise IndexError(f"no segment {segment} in lane {lane}")
        length = self.segments[segment].lengths[lane]
        if not 0 <= rank < length:
            raise IndexError(f"segment {segment} has ranks 0 to {length - 1} in lane {lane}")
        before = sum(seg.lengths[lane] for seg in self.segments[:segment])
        return self.lane_start[lane] + before + rank

    def name_of(self, cell: Cell) -> CellName:
        """The (lane, segment, rank) of ``cell``: the inverse of ``cell_named``."""
        info = self.cells[cell]
        return CellName(info.lane, info.segment, info.offset)

    def square_number(self, cell: Cell, first: int = 1) -> int:
        """The number a board prints on ``cell`` when each lane's squares are numbered from
        ``first`` at one end of the lap, in the direction ``numbering`` says: from the lap's start
        with the run, or from its end (the finish) against it."""
        info = self.cells[cell]
        if self.numbering == "with_the_run":
            return first + info.index
        return first + self.lane_length(info.lane) - 1 - info.index

    def cell_numbered(self, lane: Lane, number: int, first: int = 1) -> Cell:
        """The cell of ``lane`` whose square number is ``number``: the inverse of ``square_number``.
        Raises ``IndexError`` if the lane has no such square."""
        length = self.lane_length(lane) if 0 <= lane < self.lanes else 0
        index = number - first
        if self.numbering == "against_the_run":
            index = length - 1 - index
        if not 0 <= index < length:
            raise IndexError(f"no square {number} in lane {lane}")
        return self.lane_start[lane] + index

    def lane_length(self, lane: Lane) -> int:
        return sum(seg.lengths[lane] for seg in self.segments)

    def to_post(self, cell: Cell) -> int:
        """On an open track, the exact count that carries a horse on ``cell`` past the post at the
        end of its lane (Ascot: « il faut dépasser le poteau d'arrivée [...] en jetant un nombre de
        points exact [...] si l'on se trouve sur la dernière case avant le poteau, il faut obtenir 1
        point »): 1 on the lane's last cell. A closed track has no post: ``ValueError``."""
        if self.closed:
            raise ValueError("a closed track has no post")
        info = self.cells[cell]
        return self.lane_length(info.lane) - info.index

    def lane_of(self, cell: Cell) -> Lane:
        return self.cells[cell].lane

    def segment_of(self, cell: Cell) -> Segment:
        return self.segments[self.cells[cell].segment]

    def is_turn(self, cell: Cell) -> bool:
        return self.segments[self.cells[cell].segment].kind == "turn"

    def sideways(self, cell: Cell, side: int) -> Cell:
        """The cell beside ``cell`` (``INWARD`` or ``OUTWARD``) at the same height, or ``NO_CELL``."""
        _check_side(side)
        return self.inward[cell] if side == INWARD else self.outward[cell]

    def diagonal(self, cell: Cell, side: int) -> Cell:
        """The cell of the next lane on ``side`` abreast of the cell ahead: a lane change "de biais"
        (the neighbouring lane's cell whose span holds the start of the forward cell), or ``NO_CELL``.

        The step always gains ground: where that cell also holds the start of ``cell`` (inward in a
        turn, onto longer cells), it is the next one, if still abreast of the cell ahead. A closed
        track's lap line is crossed exactly when ``wraps[cell]``."""
        _check_side(side)
        ahead = self.forward[cell]
        lane = self.cells[cell].lane + side
        if ahead == NO_CELL or not 0 <= lane < self.lanes:
            return NO_CELL
        beside = self.cell_at(lane, self.cells[ahead].start)
        if not self.wraps[cell] and self.cells[beside].start <= self.cells[cell].start:
            # Same height as the horse: that would be a move "en ligne horizontale", which a lane
            # change de biais is not (seed 000, « Changement de piste », 1°).
            if self.wraps[beside] or self.forward[beside] == NO_CELL:
                return NO_CELL
            beside = self.forward[beside]
            if self.cells[beside].start >= self.cells[ahead].end:
                return NO_CELL
        return beside

    def cell_at(self, lane: Lane, tick: Tick) -> Cell:
        """The cell of ``lane`` whose span holds ``tick`` (taken modulo a lap on a closed track)."""
        if not 0 <= lane < self.lanes:
            raise IndexError(f"no lane {lane}")  # lane -1 would otherwise read the outside lane
        if self.closed:
            tick %= self.lap_ticks
        elif not 0 <= tick < self.lap_ticks:
            return NO_CELL
        first = self.lane_start[lane]
        last = self.lane_start[lane + 1] if lane + 1 < self.lanes else len(self.cells)
        lo, hi = first, last - 1
        while lo < hi:  # binary search on the lane's spans
            mid = (lo + hi + 1) // 2
            if self.cells[mid].start <= tick:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def abreast(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells of the other lanes whose spans overlap ``cell``'s, rail first."""
        info = self.cells[cell]
        found: list[Cell] = []
        for lane in range(self.lanes):
            if lane == info.lane:
                continue
            c = self.cell_at(lane, info.start)
            while c != NO_CELL and self.cells[c].lane == lane and self.cells[c].start < info.end:
                if self.cells[c].end > info.start:
                    found.append(c)
                nxt = self.forward[c]
                if nxt == NO_CELL or self.wraps[c]:
                    break
                c = nxt
        return tuple(found)

    def progress(self, cell: Cell, lap: int = 0) -> Tick:
        """How far along the course a horse on ``cell`` in its ``lap``-th lap (from 0) stands."""
        return lap * self.lap_ticks + self.cells[cell].start

    def steps_to(self, cell: Cell, target: Tick, lap: int = 0) -> int:
        """Forward steps along ``cell``'s lane until a cell that starts at or past ``target``."""
        steps = 0
        here = self.progress(cell, lap)
        while here < target:
            nxt = self.forward[cell]
            if nxt == NO_CELL:
                raise ValueError("the track ends before the target")
            if self.wraps[cell]:
                lap += 1
            cell = nxt
            here = self.progress(cell, lap)
            steps += 1
        return steps

    # -- stations --------------------------------------------------------------------------------

    def station_cells(self, station: Station) -> tuple[Cell, ...]:
        """The cells of ``station``, rail first; raises ``ValueError`` if it is not a straight's rank."""
        if not 0 <= station.segment < len(self.segments):
            raise ValueError(f"there is no segment {station.segment}")
        seg = self.segments[station.segment]
        if seg.kind != "straight":
            raise ValueError(f"segment {station.segment} is a turn")
        if not 0 <= station.offset < seg.lengths[0]:
            raise ValueError(f"segment {station.segment} has ranks 0 to {seg.lengths[0] - 1}")
        return tuple(
            self.lane_start[lane]
            + sum(s.lengths[lane] for s in self.segments[: station.segment])
            + station.offset
            for lane in range(self.lanes)
        )

    def station_of(self, cell: Cell) -> Station | None:
        """The station ``cell`` belongs to, or None in a turn."""
        info = self.cells[cell]
        if self.segments[info.segment].kind != "straight":
            return None
        return Station(info.segment, info.offset)

    def station_start(self, station: Station) -> Tick:
        return self.cells[self.station_cells(station)[0]].start

    def stations(self, segment: int) -> list[Station]:
        """Every station of a straight, in running order."""
        seg = self.segments[segment]
        if seg.kind != "straight":
            return []
        return [Station(segment, k) for k in range(seg.lengths[0])]

    def straights(self) -> list[int]:
        return [i for i, s in enumerate(self.segments) if s.kind == "straight"]

    # -- drawing ---------------------------------------------------------------------------------

    def geometry(
        self,
        *,
        inner_radius: float = 0.8,
        lane_width: float = 1.0,
        turn_radii: Sequence[float] = (),
    ) -> JSONObject:
        """Drawing geometry in track units (a straight cell is 1 x ``lane_width``): a polygon and a
        centre per cell, and the station a straight's cell lies on (None in a turn), in SVG
        orientation (y down), running anticlockwise on screen with the rail on the left. The browser
        draws these points as they are; mirror them to run clockwise. ``turn_radii`` gives the
        rail's radius of each turn in running order (``inner_radius`` for those it does not name):
        an open course that turns a full circle or more draws a later turn wider, so that its home
        straight does not lie on its first one."""
        x, y, heading = 0.0, 0.0, 0.0  # a point on the rail's edge, heading in radians (0: +x)
        turns = 0
        polygons: list[list[list[float]]] = [[] for _ in self.cells]
        centres: list[list[float]] = [[0.0, 0.0] for _ in self.cells]
        firsts = [self.lane_start[lane] for lane in range(self.lanes)]
        counters = [0] * self.lanes
        for seg in self.segments:
            # Outward is to the right of the heading; with y down, right of (cos, sin) is (-sin, cos).
            ox, oy = -math.sin(heading), math.cos(heading)
            if seg.kind == "straight":
                dx, dy = math.cos(heading), math.sin(heading)
                length = seg.lengths[0]
                for lane in range(self.lanes):
                    for k in range(length):
                        c = firsts[lane] + counters[lane] + k
                        a0, a1 = k, k + 1
                        r0, r1 = lane * lane_width, (lane + 1) * lane_width
                        pts = [
                            (x + dx * a0 + ox * r0, y + dy * a0 + oy * r0),
                            (x + dx * a1 + ox * r0, y + dy * a1 + oy * r0),
                            (x + dx * a1 + ox * r1, y + dy * a1 + oy * r1),
                            (x + dx * a0 + ox * r1, y + dy * a0 + oy * r1),
                        ]
                        polygons[c] = [[round(px, 4), round(py, 4)] for px, py in pts]
                        mid_a, mid_r = (a0 + a1) / 2, (r0 + r1) / 2
                        centres[c] = [
                            round(x + dx * mid_a + ox * mid_r, 4),
                            round(y + dy * mid_a + oy * mid_r, 4),
                        ]
                    counters[lane] += length
                x += dx * length
                y += dy * length
            else:
                # A left turn (anticlockwise on screen): the centre lies inward, to the left.
                radius = turn_radii[turns] if turns < len(turn_radii) else inner_radius
                turns += 1
                cx, cy = x - ox * radius, y - oy * radius
                turn = math.radians(seg.angle)
                base = math.atan2(y - cy, x - cx)
                for lane in range(self.lanes):
                    n = seg.lengths[lane]
                    r0 = radius + lane * lane_width
                    r1 = r0 + lane_width
                    for k in range(n):
                        c = firsts[lane] + counters[lane] + k
                        t0 = base - turn * k / n
                        t1 = base - turn * (k + 1) / n
                        inner = [
                            _polar(cx, cy, r0, t0 + (t1 - t0) * i / ARC_POINTS)
                            for i in range(ARC_POINTS + 1)
                        ]
                        outer = [
                            _polar(cx, cy, r1, t1 + (t0 - t1) * i / ARC_POINTS)
                            for i in range(ARC_POINTS + 1)
                        ]
                        polygons[c] = [[round(px, 4), round(py, 4)] for px, py in inner + outer]
                        mx, my = _polar(cx, cy, (r0 + r1) / 2, (t0 + t1) / 2)
                        centres[c] = [round(mx, 4), round(my, 4)]
                    counters[lane] += n
                end = base - turn
                x, y = cx + radius * math.cos(end), cy + radius * math.sin(end)
                heading -= turn
        xs = [p[0] for poly in polygons for p in poly]
        ys = [p[1] for poly in polygons for p in poly]
        return {
            "lanes": self.lanes,
            "closed": self.closed,
            "segments": [
                {"kind": s.kind, "lengths": list(s.lengths), "name": s.name} for s in self.segments
            ],
            "cells": [
                {
                    "lane": info.lane,
                    "index": info.index,
                    "segment": info.segment,
                    "offset": info.offset,
                    "station": (
                        str(Station(info.segment, info.offset))
                        if self.segments[info.segment].kind == "straight"
                        else None
                    ),
                    "points": polygons[c],
                    "centre": centres[c],
                }
                for c, info in enumerate(self.cells)
            ],
            "bounds": [round(min(xs), 4), round(min(ys), 4), round(max(xs), 4), round(max(ys), 4)],
        }


def _check_side(side: int) -> None:
    if side not in (INWARD, OUTWARD):
        raise ValueError(f"a side is INWARD (-1) or OUTWARD (1), not {side!r}")


def _check_features(features: Mapping[str, Mapping[Cell, JSON]], cells: int) -> None:
    for name, values in features.items():
        for cell in values:
            if not (isinstance(cell, int) and 0 <= cell < cells):
                raise DataError(
                    "lane track", f"feature {name!r} names cell {cell!r}, not on the track"
                )


def _polar(cx: float, cy: float, r: float, angle: float) -> tuple[float, float]:
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def oval(
    straights: Sequence[int],
    turns: Sequence[Sequence[int]],
    *,
    lanes: int,
    angle: float | None = None,
    names: Iterable[str] = (),
) -> list[Segment]:
    """Segments of an oval alternating straight, turn, straight, turn, ...: ``straights[i]`` cells per
    lane, then the turn ``turns[i]`` (cells per lane, rail first). The turns share 360 degrees."""
    if len(straights) != len(turns):
        raise DataError(
            "lane track", "an oval alternates straights and turns: give as many of each"
        )
    turn_angle = 360.0 / len(turns) if angle is None else angle
    labels = list(names)
    segments: list[Segment] = []
    for i, (length, turn) in enumerate(zip(straights, turns, strict=True)):
        straight_name = labels[2 * i] if 2 * i < len(labels) else ""
        turn_name = labels[2 * i + 1] if 2 * i + 1 < len(labels) else ""
        segments.append(Segment.straight(length, lanes, straight_name))
        segments.append(Segment.turn(turn, turn_angle, turn_name))
    return segments
