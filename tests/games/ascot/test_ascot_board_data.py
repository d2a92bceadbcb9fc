"""The board data the browser draws Ascot from (``view.board_data``): both boards whole, the start
squares where the seed puts the horses (D60), the posts, and a course whose squares never lie on one
another although it turns a full circle from the gate to the post."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hippodrome.games.ascot.material import material
from hippodrome.games.ascot.rules import TRACK, ZONE
from hippodrome.games.ascot.view import board_data

Point = Sequence[float]


def inside(point: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``point`` lies strictly inside ``polygon`` (ray casting)."""
    x, y = point
    found = False
    for (x0, y0), (x1, y1) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def test_both_boards_are_whole() -> None:
    data = board_data()
    m = material()
    assert len(data["race_course"]["cells"]) == len(TRACK.cells) == sum(map(len, m.lanes))
    assert data["training"]["length"] == m.training_length
    assert {s["n"] for s in data["training"]["squares"]} == set(m.squares)
    assert {d: len(r) for d, r in data["reports"].items()} == {
        d: len(r) for d, r in m.reports.items()
    }
    assert [h["colour"] for h in data["horses"]] == list(m.horse_colours)
    assert data["no_lane_change"] == sorted(ZONE)


def test_the_start_squares_put_each_horse_in_the_lane_of_its_number() -> None:
    """D60. Préliminaires 2°: « place ses chevaux sur les cases de départ, de façon que le numéro
    du cheval coïncide avec celui de la case »; Départ: « les chevaux ayant les numéros de 7 à 12
    peuvent passer par-dessus ceux placés devant eux »: nos. 1 to 6 stand on the front row, each in
    its lane, and nos. 7 to 12 behind them, no. 7 behind no. 1."""
    data = board_data()
    cells = data["race_course"]["cells"]
    gate = {g["horse"]: g for g in data["gate"]}
    assert sorted(gate, key=lambda h: int(h[1:])) == [f"h{n}" for n in range(1, 13)]
    for n in range(1, 13):
        g = gate[f"h{n}"]
        lane = (n - 1) % 6
        first = cells[TRACK.cell(lane, 0)]
        assert g["lane"] == lane + 1
        assert g["centre"][1] == first["centre"][1], f"no. {n} starts in its own lane"
        behind = 2 if n > 6 else 1
        assert g["centre"][0] == first["centre"][0] - behind, f"no. {n}: row {behind}"


def test_no_square_lies_on_another() -> None:
    data = board_data()
    cells = data["race_course"]["cells"]
    polygons = [c["points"] for c in cells] + [g["points"] for g in data["gate"]]
    centres = [c["centre"] for c in cells] + [g["centre"] for g in data["gate"]]
    for (i, centre), (j, polygon) in itertools.product(enumerate(centres), enumerate(polygons)):
        if i != j:
            assert not inside(centre, polygon), f"square {i} lies on square {j}"
    x0, y0, x1, y1 = data["bounds"]
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for p in polygons for x, y in p)


def test_the_posts_stand_where_the_last_turn_begins_and_the_home_straight_ends() -> None:
    data = board_data()
    m = material()
    cells = data["race_course"]["cells"]
    (lx0, ly0), (lx1, ly1) = data["posts"]["last_turn"]
    turn = [c for c in cells if c["segment"] == m.last_turn_segment and c["offset"] == 0]
    assert lx0 == lx1 and all(c["points"][0][0] == lx0 for c in turn)
    assert abs(ly1 - ly0) == 6
    (fx0, fy0), (fx1, fy1) = data["posts"]["finish"]
    ends = [cells[TRACK.cell(lane, TRACK.lane_length(lane) - 1)] for lane in range(6)]
    assert fx0 == fx1 and all(c["points"][1][0] == fx0 for c in ends)
    assert abs(fy1 - fy0) == 6
