"""The engine's shared lane-track model on its own (DESIGN.md, "Boards and cards are data").

Three games race on multi-lane ovals and configure this one model from their data: Toques et Casques
(``shared/seeds/002_040eccd8846c6b7d.txt``), Win, Place & Show (``001_d3b3ffa791c90747.txt``) and
Ascot (``000_fb5c4569383c9a83.clean.txt``, « II. Champ de courses »). The first tests pin the model's
answers (cells, forward steps, ticks, the three kinds of neighbour, cells abreast, stations, features,
refusals, drawing geometry) on small tracks whose figures are worked out by hand; hypothesis then
checks the invariants over random ovals; the last tests build each game's track and check the
figures its rulebook gives.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippodrome.engine.errors import DataError
from hippodrome.engine.lanetrack import (
    ARC_POINTS,
    INWARD,
    NO_CELL,
    OUTWARD,
    Cell,
    CellName,
    LaneTrack,
    Segment,
    Station,
    oval,
)
from hippodrome.games.toques_et_casques.material import SIZES, material, track

TOQUES_TURN = (2, 2, 3, 3, 4, 4)
"""Seed 002, 11-01: lanes 1-2 have 2 lengths in a turn, lanes 3-4 have 3, lanes 5-6 have 4."""


def toques_like(long: int = 6, short: int = 2, *, closed: bool = True) -> LaneTrack:
    """A small Toques et Casques hippodrome: long straight, turn, short straight, turn, ..."""
    return LaneTrack.build(oval([long, short] * 2, [TOQUES_TURN] * 4, lanes=6), closed=closed)


def straight_only(length: int = 5, lanes: int = 3, *, closed: bool = False) -> LaneTrack:
    return LaneTrack.build([Segment.straight(length, lanes)], closed=closed)


def segment_cells(t: LaneTrack, segment: int, lane: int) -> list[Cell]:
    return [c for c, info in enumerate(t.cells) if info.segment == segment and info.lane == lane]


def overlaps(t: LaneTrack, a: Cell, b: Cell) -> bool:
    return t.cells[a].start < t.cells[b].end and t.cells[b].start < t.cells[a].end


def gain(t: LaneTrack, origin: Cell, target: Cell) -> int:
    """Ticks gained from ``origin`` to ``target`` reached in one step (crossing the lap line counts)."""
    lap = 1 if t.wraps[origin] else 0
    return t.progress(target, lap) - t.progress(origin)


def shoelace(points: Sequence[Sequence[float]]) -> float:
    return abs(
        sum(
            x0 * y1 - x1 * y0
            for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True)
        )
        / 2
    )


def centre_chord(points: Sequence[Sequence[float]]) -> float:
    """A turn cell's length along its middle line, as the chord between its entry and exit edges'
    middles (the inner arc runs from ``points[0]`` to ``points[ARC_POINTS]``, the outer arc back)."""
    entry = [(points[0][i] + points[-1][i]) / 2 for i in (0, 1)]
    leave = [(points[ARC_POINTS][i] + points[ARC_POINTS + 1][i]) / 2 for i in (0, 1)]
    return math.dist(entry, leave)


# -- cells -----------------------------------------------------------------------------------------


def test_cells_of_a_lane_are_consecutive_and_ranked_from_the_lap_start() -> None:
    t = toques_like()
    assert len(t) == sum(t.lane_length(lane) for lane in range(t.lanes))
    for lane in range(t.lanes):
        for index in range(t.lane_length(lane)):
            c = t.cell(lane, index)
            assert c == t.lane_start[lane] + index, f"lane {lane}, rank {index}"
            assert t.lane_of(c) == lane
            assert t.cells[c].index == index


def test_a_lane_is_as_long_as_its_cells_in_every_segment() -> None:
    t = toques_like(long=6, short=2)
    # Two long and two short straights (16 lengths) plus four turns of 2, 2, 3, 3, 4, 4.
    assert [t.lane_length(lane) for lane in range(6)] == [16 + 4 * n for n in TOQUES_TURN]


def test_cell_refuses_a_lane_or_a_rank_off_the_track() -> None:
    t = toques_like()
    for lane, index in [(-1, 0), (6, 0), (0, -1), (0, t.lane_length(0)), (5, t.lane_length(5))]:
        with pytest.raises(IndexError):
            t.cell(lane, index)


def test_segment_of_and_is_turn_follow_the_running_order() -> None:
    t = toques_like(long=6, short=2)
    kinds = [s.kind for s in t.segments]
    assert kinds == ["straight", "turn"] * 4
    for c, info in enumerate(t.cells):
        assert t.segment_of(c) is t.segments[info.segment]
        assert t.is_turn(c) == (kinds[info.segment] == "turn")
    assert t.straights() == [0, 2, 4, 6]


# -- forward ---------------------------------------------------------------------------------------


def test_forward_on_a_closed_track_wraps_once_a_lap_in_every_lane() -> None:
    t = toques_like()
    for lane in range(t.lanes):
        first, last = t.cell(lane, 0), t.cell(lane, t.lane_length(lane) - 1)
        for c in range(first, last):
            assert t.forward[c] == c + 1
            assert not t.wraps[c]
        assert t.forward[last] == first, f"lane {lane}'s last cell leads back to its first"
        assert t.wraps[last]


def test_forward_on_an_open_track_ends_at_the_last_cell_of_every_lane() -> None:
    t = toques_like(closed=False)
    assert not any(t.wraps)
    for lane in range(t.lanes):
        last = t.cell(lane, t.lane_length(lane) - 1)
        assert t.forward[last] == NO_CELL
        assert t.forward[last - 1] == last


# -- ticks -----------------------------------------------------------------------------------------


def test_ticks_per_length_puts_every_cell_boundary_on_a_whole_tick() -> None:
    t = toques_like(long=6, short=2)
    # A rail length of a turn (2 cells) is 3/2 cells of lanes 3-4 and 2 cells of lanes 5-6:
    # the least whole number of ticks is lcm(1, 3, 2) = 6.
    assert t.ticks_per_length == 6
    assert t.lap_ticks == (2 * (6 + 2) + 4 * 2) * 6
    spans = {info.end - info.start for info in t.cells}
    assert spans == {6, 4, 3}, "straight and rail cells 6, lanes 3-4 4, lanes 5-6 3 ticks"
    assert straight_only().ticks_per_length == 1


def test_every_lane_tiles_the_lap_and_every_turn_the_same_span() -> None:
    t = toques_like()
    for lane in range(t.lanes):
        infos = [t.cells[t.cell(lane, i)] for i in range(t.lane_length(lane))]
        assert infos[0].start == 0
        assert infos[-1].end == t.lap_ticks
        for a, b in itertools.pairwise(infos):
            assert a.end == b.start, f"lane {lane}: a gap or an overlap at tick {a.end}"
    for s, seg in enumerate(t.segments):
        spans = set()
        for lane in range(t.lanes):
            cells = segment_cells(t, s, lane)
            assert len(cells) == seg.lengths[lane]
            spans.add((t.cells[cells[0]].start, t.cells[cells[-1]].end))
        assert len(spans) == 1, f"segment {s}'s lanes start and end together: {spans}"


# -- sideways (écart) ------------------------------------------------------------------------------


def test_sideways_on_a_straight_is_the_next_lane_at_the_same_rank() -> None:
    t = toques_like()
    for lane in range(t.lanes):
        for index in range(6):  # the start straight
            c = t.cell(lane, index)
            inward, outward = t.sideways(c, INWARD), t.sideways(c, OUTWARD)
            assert inward == (t.cell(lane - 1, index) if lane > 0 else NO_CELL)
            assert outward == (t.cell(lane + 1, index) if lane < 5 else NO_CELL)
            assert inward == t.inward[c]
            assert outward == t.outward[c]


def test_sideways_never_crosses_the_rail_or_the_outside() -> None:
    t = toques_like()
    for c, info in enumerate(t.cells):
        if info.lane == 0:
            assert t.inward[c] == NO_CELL
        if info.lane == t.lanes - 1:
            assert t.outward[c] == NO_CELL


def test_sideways_in_a_turn_only_between_lanes_of_equal_cell_counts() -> None:
    # Seed 002, 11-01: lanes 1-2, 3-4 and 5-6 share their turn cells' spans; 2 and 3, 4 and 5 do not.
    # (That Toques et Casques forbids an écart in a turn at all, 19-02, is the game's rule.)
    t = toques_like()
    for c in segment_cells(t, 1, 0) + segment_cells(t, 1, 2) + segment_cells(t, 1, 4):
        assert t.outward[c] != NO_CELL
        assert t.cells[t.outward[c]].start == t.cells[c].start
    for c in segment_cells(t, 1, 1) + segment_cells(t, 1, 3):
        assert t.outward[c] == NO_CELL, "no cell of the next lane has the same span"
    for c in segment_cells(t, 1, 2) + segment_cells(t, 1, 4):
        assert t.inward[c] == NO_CELL


def test_sideways_is_symmetric() -> None:
    t = toques_like()
    for c in range(len(t)):
        if t.outward[c] != NO_CELL:
            assert t.inward[t.outward[c]] == c
        if t.inward[c] != NO_CELL:
            assert t.outward[t.inward[c]] == c


# -- diagonal (de biais) ---------------------------------------------------------------------------


def test_diagonal_on_a_straight_is_the_next_lane_one_rank_ahead() -> None:
    t = toques_like(long=6)
    for lane in range(t.lanes):
        for index in range(5):
            c = t.cell(lane, index)
            assert t.diagonal(c, OUTWARD) == (t.cell(lane + 1, index + 1) if lane < 5 else NO_CELL)
            assert t.diagonal(c, INWARD) == (t.cell(lane - 1, index + 1) if lane > 0 else NO_CELL)


def test_diagonal_into_a_turn_lands_on_the_next_lane_s_first_turn_cell() -> None:
    t = toques_like(long=6)
    for lane in range(t.lanes):
        last_straight = t.cell(lane, 5)
        for side in (INWARD, OUTWARD):
            if 0 <= lane + side < t.lanes:
                assert t.diagonal(last_straight, side) == segment_cells(t, 1, lane + side)[0]


def test_diagonal_out_of_a_turn_lands_on_the_next_lane_s_first_straight_cell() -> None:
    t = toques_like(long=6, short=2)
    for lane in range(t.lanes):
        last_turn_cell = segment_cells(t, 1, lane)[-1]
        for side in (INWARD, OUTWARD):
            if 0 <= lane + side < t.lanes:
                assert t.diagonal(last_turn_cell, side) == segment_cells(t, 2, lane + side)[0]


def test_diagonal_is_abreast_of_the_forward_cell_and_always_gains_ground() -> None:
    # Seed 000, « Changement de piste », 1°: « en avançant progressivement et en décalant de biais
    # [...] En aucun cas un cheval ne peut se déplacer en ligne horizontale ». Inward in a turn, the
    # next lane's cells are longer: the cell holding the forward cell's start can be the one beside
    # the horse, which would be a sideways move. The model takes the next cell instead.
    t = toques_like()
    for c, info in enumerate(t.cells):
        for side in (INWARD, OUTWARD):
            d = t.diagonal(c, side)
            if not 0 <= info.lane + side < t.lanes:
                assert d == NO_CELL
                continue
            assert d != NO_CELL, f"no diagonal {side} from lane {info.lane}, rank {info.index}"
            assert t.lane_of(d) == info.lane + side
            assert overlaps(t, d, t.forward[c])
            assert gain(t, c, d) > 0, f"lane {info.lane}, rank {info.index}: a sideways move"


def test_diagonal_inward_at_a_turn_s_entry_skips_the_cell_beside_the_horse() -> None:
    t = toques_like()
    lane5 = segment_cells(t, 1, 4)  # couloir 5 (index 4): turn cells of 3 ticks
    lane4 = segment_cells(t, 1, 3)  # couloir 4: turn cells of 4 ticks
    # Couloir 5's forward cell starts at tick 3 of the turn, inside couloir 4's first cell, which
    # starts with the horse: the step lands on couloir 4's second cell (ticks 4-8, abreast of 3-6).
    assert t.diagonal(lane5[0], INWARD) == lane4[1]
    # Likewise from couloir 3 (ticks 0-4, ahead 4-8) to couloir 2 (0-6 beside it, then 6-12).
    assert t.diagonal(segment_cells(t, 1, 2)[0], INWARD) == segment_cells(t, 1, 1)[1]
    # Outward, onto shorter cells, the cell holding the forward cell's start already gains ground.
    assert t.diagonal(lane4[0], OUTWARD) == lane5[1]


def test_diagonal_wraps_the_lap_on_a_closed_track_and_stops_at_the_end_of_an_open_one() -> None:
    closed, open_ = toques_like(), toques_like(closed=False)
    for lane in range(5):
        last = closed.cell(lane, closed.lane_length(lane) - 1)
        assert closed.diagonal(last, OUTWARD) == closed.cell(lane + 1, 0)
        assert open_.diagonal(last, OUTWARD) == NO_CELL


# -- abreast ---------------------------------------------------------------------------------------


def test_abreast_on_a_straight_is_exactly_the_same_rank() -> None:
    t = toques_like(long=6)
    for station in t.stations(0):
        cells = t.station_cells(station)
        for c in cells:
            assert t.abreast(c) == tuple(x for x in cells if x != c)


def test_abreast_in_a_turn_an_inner_cell_overlaps_one_or_two_outer_cells() -> None:
    t = toques_like()
    for c in segment_cells(t, 1, 0):  # the rail, 2 cells of 6 ticks
        near = t.abreast(c)
        assert [x for x in near if t.lane_of(x) == 1] == [t.outward[c]]
        for lane in range(2, 6):
            mine = [x for x in near if t.lane_of(x) == lane]
            assert len(mine) == 2, f"lane {lane + 1}: {mine}"
    # Lane 3's middle cell (ticks 4-8) overlaps both rail cells (0-6 and 6-12).
    middle = segment_cells(t, 1, 2)[1]
    assert [x for x in t.abreast(middle) if t.lane_of(x) == 0] == segment_cells(t, 1, 0)


def test_abreast_is_symmetric() -> None:
    t = toques_like()
    for a in range(len(t)):
        for b in t.abreast(a):
            assert a in t.abreast(b)
            assert overlaps(t, a, b)


# -- cell_at, progress, steps_to -------------------------------------------------------------------


def test_cell_at_holds_the_tick_and_wraps_on_a_closed_track() -> None:
    t = toques_like()
    for lane in range(t.lanes):
        for tick in range(0, t.lap_ticks, 5):
            c = t.cell_at(lane, tick)
            assert t.lane_of(c) == lane
            assert t.cells[c].start <= tick < t.cells[c].end
            assert t.cell_at(lane, tick + 2 * t.lap_ticks) == c
        assert t.cell_at(lane, -1) == t.cell(lane, t.lane_length(lane) - 1)


def test_cell_at_off_an_open_track_or_off_the_lanes() -> None:
    t = toques_like(closed=False)
    assert t.cell_at(0, t.lap_ticks) == NO_CELL
    assert t.cell_at(5, -1) == NO_CELL
    for lane in (-1, 6):
        with pytest.raises(IndexError):
            t.cell_at(lane, 0)


def test_progress_counts_laps() -> None:
    t = toques_like()
    c = t.cell(3, 10)
    assert t.progress(c) == t.cells[c].start
    assert t.progress(c, 2) == 2 * t.lap_ticks + t.cells[c].start


def test_steps_round_a_turn_grow_outwards() -> None:
    # Seed 002, 11-01: « dans chaque tournant, il y a donc 2 longueurs de plus à parcourir à
    # l'extérieur qu'à la corde ».
    t = toques_like(long=6, short=2)
    turn_end = t.cells[segment_cells(t, 1, 0)[-1]].end
    steps = [t.steps_to(t.cell(lane, 6), turn_end) for lane in range(6)]
    assert steps == list(TOQUES_TURN)
    assert steps[5] - steps[0] == 2


def test_steps_for_a_lap_outside_are_eight_more_than_at_the_rail() -> None:
    # Seed 002, 11-01: « pour un tour de piste complet comprenant 4 tournants: 2 x 4 = 8 longueurs
    # de plus ».
    t = toques_like()
    laps = [t.steps_to(t.cell(lane, 0), t.lap_ticks) for lane in range(6)]
    assert laps == [t.lane_length(lane) for lane in range(6)]
    assert laps[5] - laps[0] == 8


def test_steps_to_a_tick_already_reached_is_zero_and_past_the_end_of_an_open_track_refused() -> (
    None
):
    t = toques_like(closed=False)
    c = t.cell(2, 7)
    assert t.steps_to(c, t.cells[c].start) == 0
    assert t.steps_to(c, t.cells[c].start - 1) == 0
    assert t.steps_to(c, t.cells[c].start + 1) == 1
    with pytest.raises(ValueError, match="ends before"):
        t.steps_to(c, t.lap_ticks)


# -- stations --------------------------------------------------------------------------------------


def test_station_cells_lie_across_every_lane_at_one_rank() -> None:
    t = toques_like(long=6, short=2)
    for s in t.straights():
        for station in t.stations(s):
            cells = t.station_cells(station)
            assert [t.lane_of(c) for c in cells] == list(range(6))
            assert {t.cells[c].start for c in cells} == {t.station_start(station)}
            for c in cells:
                assert t.station_of(c) == station
    # The far straight's rank 3: after a straight of 6, a turn, a straight of 2 and a turn.
    assert t.station_cells(Station(4, 3)) == tuple(
        t.cell(lane, 6 + n + 2 + n + 3) for lane, n in enumerate(TOQUES_TURN)
    )


def test_stations_refuse_a_turn_and_ranks_off_a_straight() -> None:
    t = toques_like(long=6)
    assert t.stations(1) == []
    assert all(t.station_of(c) is None for c in segment_cells(t, 1, 3))
    for station, message in [
        (Station(1, 0), "is a turn"),
        (Station(8, 0), "no segment 8"),
        (Station(0, 6), "ranks 0 to 5"),
    ]:
        with pytest.raises(ValueError, match=message):
            t.station_cells(station)


def test_station_notation_reads_back() -> None:
    for station in [Station(0, 0), Station(2, 5), Station(6, 43), Station(999, 9999)]:
        assert Station.parse(str(station)) == station
    assert str(Station(4, 12)) == "4.12"
    assert Station.parse(" 4.12\n") == Station(4, 12)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "2",
        "2.",
        ".5",
        "a.b",
        "-1.2",
        "2.-1",
        "2.5.1",
        "2 .5",
        "².1",
        "1.٣",
        "1234.1",
        "1.12345",
    ],
)
def test_station_notation_refuses_anything_else(text: str) -> None:
    with pytest.raises(ValueError):
        Station.parse(text)


@given(st.integers(0, 999), st.integers(0, 9999))
def test_any_station_reads_back(segment: int, offset: int) -> None:
    assert Station.parse(str(Station(segment, offset))) == Station(segment, offset)


# -- features --------------------------------------------------------------------------------------


def test_a_cell_is_named_by_lane_segment_and_rank_and_back() -> None:
    t = toques_like(long=6, short=2)
    # Lane 0 (the rail): the long straight's 6 cells, then the turn's 2: the turn's rank 1 is cell 7.
    assert t.cell_named(0, 1, 1) == 7
    assert t.name_of(7) == CellName(lane=0, segment=1, rank=1)
    # Lane 5 (outside) starts after the lanes inside; its turns have 4 cells each (11-01).
    assert t.cell_named(5, 1, 3) == t.lane_start[5] + 6 + 3
    assert t.cell_named(5, 2, 0) == t.lane_start[5] + 6 + 4
    assert str(t.name_of(t.cell_named(5, 2, 0))) == "lane 5, 2.0"
    # On a straight the named cell is the station's cell of that lane.
    assert t.cell_named(3, 4, 2) == t.station_cells(Station(4, 2))[3]


@pytest.mark.parametrize(
    ("lane", "segment", "rank"),
    [(6, 0, 0), (-1, 0, 0), (0, 8, 0), (0, 1, 2), (5, 1, 4), (0, 0, -1)],
)
def test_a_name_the_track_does_not_have_is_refused(lane: int, segment: int, rank: int) -> None:
    with pytest.raises(IndexError):
        toques_like().cell_named(lane, segment, rank)


def test_squares_numbered_with_the_run_rise_along_each_lane() -> None:
    t = straight_only(length=5, lanes=2)
    assert t.numbering == "with_the_run"
    assert [t.square_number(t.cell(1, i)) for i in range(5)] == [1, 2, 3, 4, 5]
    assert t.cell_numbered(1, 4) == t.cell(1, 3)
    assert t.square_number(t.cell(0, 0), first=0) == 0


def test_squares_numbered_against_the_run_fall_towards_the_finish() -> None:
    # A board of 33 squares counted down to the line, square 33 at the start.
    t = LaneTrack.build([Segment.straight(33, 1)], closed=False, numbering="against_the_run")
    assert t.numbering == "against_the_run"
    assert t.square_number(t.cell(0, 0)) == 33
    assert t.square_number(t.cell(0, 32)) == 1
    assert t.square_number(t.forward[t.cell_numbered(0, 18)]) == 17
    assert t.with_features({"colour": {0: "red"}}).numbering == "against_the_run"


@pytest.mark.parametrize("number", [0, 34, -5])
def test_a_square_number_the_lane_does_not_have_is_refused(number: int) -> None:
    t = LaneTrack.build([Segment.straight(33, 1)], closed=False, numbering="against_the_run")
    with pytest.raises(IndexError):
        t.cell_numbered(0, number)
    with pytest.raises(IndexError):
        t.cell_numbered(1, 5)


def test_build_refuses_an_unknown_numbering() -> None:
    with pytest.raises(DataError, match="numbered"):
        LaneTrack.build([Segment.straight(3, 1)], numbering="sideways")  # type: ignore[arg-type]


def test_features_are_read_per_cell_and_with_features_merges_without_changing_the_original() -> (
    None
):
    colours = {0: "rouge", 1: "noir"}
    t = LaneTrack.build([Segment.straight(3, 2)], closed=False, features={"colour": colours})
    colours[2] = "bleu"  # the track keeps its own copy
    assert t.features == {"colour": {0: "rouge", 1: "noir"}}
    more = t.with_features({"colour": {1: "jaune"}, "inscription": {4: "Cravachez et placez-vous"}})
    assert more.features == {
        "colour": {0: "rouge", 1: "jaune"},
        "inscription": {4: "Cravachez et placez-vous"},
    }
    assert t.features == {"colour": {0: "rouge", 1: "noir"}}
    assert more.cells == t.cells and more.forward == t.forward and more.inward == t.inward


def test_features_refuse_a_cell_off_the_track() -> None:
    t = straight_only(3, 2)
    with pytest.raises(DataError, match="cell 6"):
        t.with_features({"passing_space": {6: True}})
    with pytest.raises(DataError, match="cell -1"):
        LaneTrack.build(t.segments, features={"colour": {-1: "noir"}})


# -- build refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("segments", "message"),
    [
        ([], "at least one segment"),
        ([Segment.straight(3, 0)], "at least one lane"),
        (
            [Segment.straight(3, 6), Segment.turn((2, 2, 3, 3, 4), 90)],
            "segment 1 has 5 lanes, not 6",
        ),
        ([Segment("straight", (3, 3, 4))], "straight 0 has lanes of different lengths"),
        ([Segment.straight(0, 2)], "segment 0 has a lane without cells"),
        ([Segment.straight(3, 2), Segment.turn((2, 0), 180)], "segment 1 has a lane without cells"),
    ],
)
def test_build_refuses_an_inconsistent_track(segments: list[Segment], message: str) -> None:
    with pytest.raises(DataError, match=message):
        LaneTrack.build(segments)


def test_oval_alternates_straights_and_turns_sharing_a_full_circle() -> None:
    segments = oval([5, 2], [(1, 2), (1, 3)], lanes=2, names=["home", "first turn", "back"])
    assert [(s.kind, s.lengths, s.name, s.angle) for s in segments] == [
        ("straight", (5, 5), "home", 0.0),
        ("turn", (1, 2), "first turn", 180.0),
        ("straight", (2, 2), "back", 0.0),
        ("turn", (1, 3), "", 180.0),
    ]
    with pytest.raises(DataError, match="as many of each"):
        oval([5, 2], [(1, 2)], lanes=2)


# -- geometry --------------------------------------------------------------------------------------


def test_geometry_has_one_polygon_per_cell_and_describes_the_track() -> None:
    t = toques_like()
    g = t.geometry()
    assert g["lanes"] == 6 and g["closed"] is True
    assert [s["lengths"] for s in g["segments"]] == [list(s.lengths) for s in t.segments]
    assert len(g["cells"]) == len(t)
    for c, cell in enumerate(g["cells"]):
        info = t.cells[c]
        assert (cell["lane"], cell["index"], cell["segment"], cell["offset"]) == (
            info.lane,
            info.index,
            info.segment,
            info.offset,
        )
        assert len(cell["points"]) == (2 * (ARC_POINTS + 1) if t.is_turn(c) else 4)


@pytest.mark.parametrize(
    ("straights", "turns"),
    [([6, 2, 6, 2], [TOQUES_TURN] * 4), ([25, 25], [(15, 16, 17, 18, 19)] * 2)],
    ids=["four 90-degree turns", "two 180-degree turns"],
)
def test_geometry_of_an_oval_closes_the_loop(
    straights: list[int], turns: list[tuple[int, ...]]
) -> None:
    t = LaneTrack.build(oval(straights, turns, lanes=len(turns[0])))
    cells = t.geometry()["cells"]
    for lane in range(t.lanes):
        first = cells[t.cell(lane, 0)]["points"]
        last = cells[t.cell(lane, t.lane_length(lane) - 1)]["points"]
        # A straight cell runs rail-start, ahead, outer-ahead, outer-start; a turn cell's inner arc
        # ends at index ARC_POINTS and its outer arc starts at ARC_POINTS + 1.
        assert last[ARC_POINTS] == pytest.approx(first[0], abs=1e-3), f"lane {lane}, rail side"
        assert last[ARC_POINTS + 1] == pytest.approx(first[3], abs=1e-3), f"lane {lane}, outside"


def test_geometry_draws_a_later_turn_wider_when_asked() -> None:
    """``turn_radii`` sets each turn's rail radius in running order: an open course turning twice
    180 degrees runs its home straight outside its first straight instead of on it."""
    t = LaneTrack.build(
        [
            Segment("straight", (4, 4)),
            Segment("turn", (2, 3), angle=180.0),
            Segment("straight", (4, 4)),
            Segment("turn", (2, 3), angle=180.0),
            Segment("straight", (4, 4)),
        ],
        closed=False,
    )
    same = t.geometry(inner_radius=1.0)["cells"]
    wider = t.geometry(inner_radius=1.0, turn_radii=(1.0, 3.0))["cells"]
    first, last = (
        t.cell(0, 0),
        t.cell(0, 12),
    )  # the rail's first cell of the first and last straights
    assert same[first]["centre"][1] == pytest.approx(same[last]["centre"][1])
    # Home rail at -2 * 1.0 + 2 * 3.0 = 4, below the first straight's two lanes (0 to 2).
    assert wider[last]["points"][0][1] == pytest.approx(4.0)
    assert wider[:8] == same[:8], "the first straight, turn and back straight are as before"
    assert t.geometry(inner_radius=1.0, turn_radii=(1.0,))["cells"] == same


def test_geometry_bounds_contain_every_point() -> None:
    g = toques_like().geometry(inner_radius=2.0, lane_width=0.7)
    x0, y0, x1, y1 = g["bounds"]
    points = [p for cell in g["cells"] for p in [*cell["points"], cell["centre"]]]
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)
    assert min(x for x, _ in points) == x0 and max(y for _, y in points) == y1


def test_geometry_straight_cells_measure_one_length_by_a_lane_width() -> None:
    t = toques_like()
    cells = t.geometry(lane_width=0.75)["cells"]
    for c, cell in enumerate(cells):
        if not t.is_turn(c):
            assert shoelace(cell["points"]) == pytest.approx(0.75, abs=1e-3)


def test_geometry_turn_cells_are_longer_outside() -> None:
    t = toques_like()
    cells = t.geometry()["cells"]

    def arc(c: Cell) -> float:
        return centre_chord(cells[c]["points"])

    whole = [sum(arc(c) for c in segment_cells(t, 1, lane)) for lane in range(6)]
    assert whole == sorted(whole), "each lane runs a longer way round the turn than the one inside"
    for inner, outer in [(0, 1), (2, 3), (4, 5)]:  # equal cell counts: every cell is longer outside
        for a, b in zip(segment_cells(t, 1, inner), segment_cells(t, 1, outer), strict=True):
            assert arc(b) > arc(a)


# -- properties over random ovals -----------------------------------------------------------------


@st.composite
def ovals(draw: st.DrawFn) -> LaneTrack:
    """A random oval: 1 to 6 lanes, 1 to 4 turns whose cell counts never shrink outward."""
    lanes = draw(st.integers(1, 6))
    n = draw(st.integers(1, 4))
    straights = draw(st.lists(st.integers(1, 6), min_size=n, max_size=n))
    turns = []
    for _ in range(n):
        counts = [draw(st.integers(1, 5))]
        for _ in range(lanes - 1):
            counts.append(counts[-1] + draw(st.integers(0, 2)))
        turns.append(counts)
    return LaneTrack.build(oval(straights, turns, lanes=lanes), closed=draw(st.booleans()))


PROPERTIES = settings(max_examples=60, deadline=None)


@PROPERTIES
@given(ovals())
def test_every_lane_covers_the_lap_exactly_on_whole_ticks(t: LaneTrack) -> None:
    rail_lengths = sum(s.lengths[0] for s in t.segments)
    assert t.lap_ticks == rail_lengths * t.ticks_per_length
    for s, seg in enumerate(t.segments):
        for lane in range(t.lanes):
            # Each of the n cells spans exactly 1/n of the segment's rail lengths.
            want = Fraction(seg.lengths[0] * t.ticks_per_length, seg.lengths[lane])
            for c in segment_cells(t, s, lane):
                assert t.cells[c].end - t.cells[c].start == want
    for lane in range(t.lanes):
        cells = [t.cells[t.cell(lane, i)] for i in range(t.lane_length(lane))]
        assert cells[0].start == 0
        assert all(a.end == b.start for a, b in itertools.pairwise(cells))
        assert cells[-1].end == t.lap_ticks


@PROPERTIES
@given(ovals(), st.sampled_from(["with_the_run", "against_the_run"]))
def test_names_and_square_numbers_read_back_on_any_oval(t: LaneTrack, numbering: str) -> None:
    t = LaneTrack.build(t.segments, closed=t.closed, numbering=numbering)  # type: ignore[arg-type]
    for c in range(len(t)):
        lane, segment, rank = t.name_of(c)
        assert t.cell_named(lane, segment, rank) == c
        assert t.cell_numbered(lane, t.square_number(c)) == c
        ahead = t.forward[c]
        if ahead != NO_CELL and not t.wraps[c]:
            step = 1 if numbering == "with_the_run" else -1
            assert t.square_number(ahead) == t.square_number(c) + step


@PROPERTIES
@given(ovals())
def test_forward_is_a_permutation_on_a_closed_track(t: LaneTrack) -> None:
    if t.closed:
        assert sorted(t.forward) == list(range(len(t)))
        assert sum(t.wraps) == t.lanes
    else:
        assert sorted(t.forward)[: t.lanes] == [NO_CELL] * t.lanes
        assert sorted(t.forward)[t.lanes :] == sorted(set(range(len(t))) - set(t.lane_start))
    assert all(
        t.forward[c] == NO_CELL or t.lane_of(t.forward[c]) == t.lane_of(c) for c in range(len(t))
    )


@PROPERTIES
@given(ovals())
def test_abreast_is_symmetric_and_means_overlapping_spans(t: LaneTrack) -> None:
    for a in range(len(t)):
        near = t.abreast(a)
        assert t.lane_of(a) not in {t.lane_of(b) for b in near}
        for lane in range(t.lanes):
            if lane != t.lane_of(a):
                assert any(t.lane_of(b) == lane for b in near), (
                    "every other lane has a cell abreast"
                )
        for b in near:
            assert a in t.abreast(b)
            assert overlaps(t, a, b)


@PROPERTIES
@given(ovals())
def test_sideways_keeps_the_span_and_diagonal_gains_ground(t: LaneTrack) -> None:
    for c, info in enumerate(t.cells):
        for side in (INWARD, OUTWARD):
            beside = t.sideways(c, side)
            if beside != NO_CELL:
                assert t.lane_of(beside) == info.lane + side
                assert (t.cells[beside].start, t.cells[beside].end) == (info.start, info.end)
            elif not t.is_turn(c):
                assert not 0 <= info.lane + side < t.lanes, "a straight always has a cell beside"
            d = t.diagonal(c, side)
            if d != NO_CELL:
                assert t.lane_of(d) == info.lane + side
                assert overlaps(t, d, t.forward[c])
                assert gain(t, c, d) > 0
            elif t.forward[c] != NO_CELL and 0 <= info.lane + side < t.lanes:
                assert t.is_turn(c) or t.is_turn(t.forward[c]), "a straight always allows it"


@PROPERTIES
@given(st.integers(1, 30), st.integers(1, 30), st.lists(st.integers(1, 4), min_size=1, max_size=6))
def test_geometry_of_any_four_turn_oval_closes(long: int, short: int, steps: list[int]) -> None:
    turn = [sum(steps[: i + 1]) for i in range(len(steps))]
    t = LaneTrack.build(oval([long, short] * 2, [turn] * 4, lanes=len(turn)))
    cells = t.geometry()["cells"]
    for lane in range(t.lanes):
        first = cells[t.cell(lane, 0)]["points"]
        last = cells[t.cell(lane, t.lane_length(lane) - 1)]["points"]
        assert last[ARC_POINTS] == pytest.approx(first[0], abs=1e-3)


# -- the three games' tracks -----------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_toques_et_casques_hippodromes_fit_the_model(size: str) -> None:
    m = material()
    t = track(size)
    spec = m.sizes[size]
    # Seed 002, 04-01: 6 couloirs, the corde is lane 1; 02-01: 2 long straights, 2 short ones and
    # 4 turns; 11-01: turns of 2, 2, 3, 3, 4, 4 lengths.
    assert t.lanes == 6 and t.closed
    assert [s.kind for s in t.segments] == ["straight", "turn"] * 4
    assert [s.lengths[0] for s in t.segments if s.kind == "straight"] == [
        spec.long_straight,
        spec.short_straight,
    ] * 2
    assert all(s.lengths == TOQUES_TURN for s in t.segments if s.kind == "turn")
    # 11-01: « 2 x 4 = 8 longueurs de plus » outside than at the rail, for a lap.
    rail = 2 * (spec.long_straight + spec.short_straight) + 4 * 2
    assert [t.lane_length(lane) for lane in range(6)] == [
        rail,
        rail,
        rail + 4,
        rail + 4,
        rail + 8,
        rail + 8,
    ]
    assert t.steps_to(t.cell(5, 0), t.lap_ticks) - t.steps_to(t.cell(0, 0), t.lap_ticks) == 8
    # 04-01 / 16-02: an écart is a sideways move at the same height; every straight cell has one.
    for c in range(len(t)):
        if not t.is_turn(c):
            lane = t.lane_of(c)
            assert (t.inward[c] != NO_CELL) == (lane > 0)
            assert (t.outward[c] != NO_CELL) == (lane < 5)
    # 05-01: the start lies across the start of a long straight; 10-01: the finish lies across the
    # entrance of a long straight, one of its stations.
    assert t.station_start(Station(0, 0)) == 0
    assert t.stations(4) == [Station(4, k) for k in range(spec.long_straight)]


def test_win_place_show_oval_fits_the_model() -> None:
    # Seed 001, §6: « deux lignes droites de 25 cases [...] et deux virages de 15 cases à l'intérieur
    # et de 19 cases à l'extérieur ». The lanes in between are not given: 16, 17, 18 over five lanes.
    wps = (15, 16, 17, 18, 19)
    t = LaneTrack.build(oval([25, 25], [wps] * 2, lanes=5, names=["home", "top", "back", "bottom"]))
    assert [s.lengths for s in t.segments] == [(25,) * 5, wps, (25,) * 5, wps]
    assert t.lane_length(0) == 2 * 25 + 2 * 15
    assert t.lane_length(4) == 2 * 25 + 2 * 19
    assert all(len(t.stations(s)) == 25 for s in t.straights())
    # « Un cheval va toujours tout droit, directement ou en diagonale »: forward and diagonal.
    c = t.cell(2, 10)
    assert t.forward[c] == t.cell(2, 11)
    assert (t.diagonal(c, INWARD), t.diagonal(c, OUTWARD)) == (t.cell(1, 11), t.cell(3, 11))
    # « Quand un cheval est dans un virage il ne peut plus changer de ligne »: the game looks at
    # is_turn; in these turns no two lanes even share a cell's span.
    top = [c for c in range(len(t)) if t.cells[c].segment == 1]
    assert len(top) == sum(wps)
    assert all(t.inward[c] == NO_CELL and t.outward[c] == NO_CELL for c in top)
    # A diagonal from the straight's last rank is taken before the turn and lands in it.
    assert t.is_turn(t.diagonal(t.cell(0, 24), OUTWARD))
    # Passing spaces (« une case avec un trait noir en son centre ») are a per-cell feature.
    spaces = {t.cell(lane, 20): True for lane in range(5)}
    t = t.with_features({"passing_space": spaces})
    assert {c for c in range(len(t)) if t.features["passing_space"].get(c)} == set(spaces)
    # Drawn with a turn radius that makes the rail's 15 turn cells about a length each (180 degrees),
    # the outside's 19 cells are longer: the board's proportions.
    cells = t.geometry(inner_radius=15 / math.pi - 0.5)["cells"]
    rail, outside = (centre_chord(cells[segment_cells(t, 1, lane)[7]]["points"]) for lane in (0, 4))
    assert rail == pytest.approx(1.0, abs=0.01)
    assert outside == pytest.approx(2 * (15 / math.pi + 4) * math.sin(math.pi / 38), abs=1e-3)
    assert outside > rail


ASCOT_COLOURS = ("noir", "rouge", "jaune", "bleu", "blanc")
WHIP = "Cravachez et placez-vous"


def ascot_like() -> LaneTrack:
    """A reconstructed Ascot race course (seed 000, « II. Champ de courses »): six pistes from the
    starting gate to the finishing post, two turns, coloured cells and white cells with inscriptions,
    and no lane change from the last turn's post to the « Cravachez et placez-vous » square."""
    segments = [
        Segment.straight(10, 6, "starting straight"),
        Segment.turn((4, 4, 5, 5, 6, 6), 180, "first turn"),
        Segment.straight(12, 6, "back straight"),
        Segment.turn((4, 4, 5, 5, 6, 6), 180, "last turn"),
        Segment.straight(12, 6, "home straight"),
    ]
    t = LaneTrack.build(segments, closed=False)
    colour = {c: ASCOT_COLOURS[(info.index + info.lane) % 5] for c, info in enumerate(t.cells)}
    whip = t.station_cells(Station(4, 3))
    inscription = {c: WHIP for c in whip}
    # The zone runs from the last turn's post (its start) to the square, in every lane.
    post, square = t.cells[segment_cells(t, 3, 0)[0]].start, t.station_start(Station(4, 3))
    zone = {c: True for c, info in enumerate(t.cells) if post <= info.start < square}
    for c in whip:
        colour[c] = "blanc"
    return t.with_features({"colour": colour, "inscription": inscription, "no_lane_change": zone})


def test_ascot_race_course_fits_the_model() -> None:
    t = ascot_like()
    assert t.lanes == 6 and not t.closed
    # « Les pistes sont divisées en cases [...] les unes blanches avec inscriptions, les autres de
    # couleur »: every cell has a colour; the inscribed ones are white.
    assert set(t.features["colour"]) == set(range(len(t)))
    assert all(t.features["colour"][c] == "blanc" for c in t.features["inscription"])
    # « Les joueurs ne doivent pas changer de piste dans le secteur compris entre le poteau du
    # dernier tournant et la case blanche [...] Cravachez et placez-vous »: the whole last turn and
    # the home straight's first three ranks, in every lane.
    zone = t.features["no_lane_change"]
    for lane in range(6):
        inside = [c for c in sorted(zone) if t.lane_of(c) == lane]
        home = [t.station_cells(Station(4, k))[lane] for k in range(3)]
        assert inside == segment_cells(t, 3, lane) + home


def test_ascot_lane_change_from_outside_to_rail_takes_five_points() -> None:
    # Seed 000, « Changement de piste », 1°: « en décalant de biais, d'une piste par longueur [...]
    # pour aller de la piste la plus extérieure à la piste la plus intérieure [...] il faut avoir au
    # moins 5 points à faire. En aucun cas un cheval ne peut se déplacer en ligne horizontale ».
    t = ascot_like()
    here = t.cell(5, 2)
    path = []
    while t.lane_of(here) > 0:
        here = t.diagonal(here, INWARD)
        path.append(here)
    assert len(path) == 5
    assert path[-1] == t.cell(0, 7), "five lengths ahead, at the rail"
    assert all(
        gain(t, a, b) == t.ticks_per_length for a, b in itertools.pairwise([t.cell(5, 2), *path])
    )
    # The same change entering a turn still gains ground at every step (never horizontally).
    here = t.cell(5, 8)
    for _ in range(5):
        nxt = t.diagonal(here, INWARD)
        assert gain(t, here, nxt) > 0
        here = nxt
    assert t.lane_of(here) == 0 and t.is_turn(here)


def test_ascot_crossing_a_lane_needs_three_lengths_on_that_lane() -> None:
    # Seed 000, « Changement de piste », 2°: « il ne peut couper la piste devant un autre cheval [...]
    # à moins d'être à 3 longueurs de distance en avant de ce cheval, sur cette même piste ».
    t = ascot_like()
    other = t.station_cells(Station(2, 5))[3]  # a horse on piste 4 of the back straight
    mine = t.station_cells(Station(2, 6))[4]  # mine on piste 5, one length ahead of it

    def lengths_ahead(cell: Cell) -> int:
        return t.steps_to(other, t.progress(cell))

    crossing = t.diagonal(mine, INWARD)
    assert t.lane_of(crossing) == 3 and lengths_ahead(crossing) == 2  # too close: the game refuses
    farther = t.diagonal(t.forward[mine], INWARD)
    assert lengths_ahead(farther) == 3  # far enough


def test_ascot_finish_needs_the_exact_count() -> None:
    # Seed 000: « il faut dépasser le poteau d'arrivée [...] en jetant un nombre de points exact
    # (si l'on se trouve sur la dernière case avant le poteau, il faut obtenir 1 point [...]) ».
    # The post stands after the open track's last rank: the exact count is the steps to step off.
    t = ascot_like()
    for lane in range(6):
        for back in range(1, 6):
            c = t.cell(lane, t.lane_length(lane) - back)
            steps, here = 0, c
            while here != NO_CELL:
                here = t.forward[here]
                steps += 1
            assert steps == back
            assert t.steps_to(c, t.cells[t.cell(lane, t.lane_length(lane) - 1)].start) + 1 == back


def test_ascot_exact_count_at_the_post() -> None:
    # Seed 000, « Changement de piste »: « il faut dépasser le poteau d'arrivée, en venant par
    # n'importe quelle piste, mais en jetant un nombre de points exact. (C'est-à-dire que si l'on se
    # trouve sur la dernière case avant le poteau, il faut obtenir 1 point, si l'on se trouve sur
    # l'avant-dernière case, on fait 2 points et caetera) ».
    t = ascot_like()
    for lane in range(t.lanes):
        last = t.cell(lane, t.lane_length(lane) - 1)
        assert t.to_post(last) == 1
        assert t.to_post(t.cell(lane, t.lane_length(lane) - 2)) == 2
        assert t.forward[last] == NO_CELL
    # An outer lane is longer round the turns: from the start, more points to the post.
    assert t.to_post(t.cell(5, 0)) > t.to_post(t.cell(0, 0))
    with pytest.raises(ValueError, match="no post"):
        LaneTrack.build(oval((4, 4), ((2, 3), (2, 3)), lanes=2)).to_post(0)
