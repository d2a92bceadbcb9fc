"""The course of one race: track, category, speed, length, finish, river, hurdles and stakes.

The course is fixed before the start (seed 07-04, 07-05, 10-03: announced before the start, by the
steward or by the jockeys together) and checked against the placement rules of sections 10 to 14. A
course that breaks a rule is refused with the rule it breaks, as an ``OptionsError`` whose message key
names it (``toques_et_casques.course.<rule>``).

Stations are written ``<segment>.<rank>``: segment 0 is the start straight, 1 the first turn, 2 the
first short straight, 3 a turn, 4 the far straight, 5 a turn, 6 the second short straight, 7 the last
turn; ranks count from 0 in running order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from hippodrome.engine.errors import OptionsError
from hippodrome.engine.lanetrack import Cell, LaneTrack, Station, Tick
from hippodrome.games.toques_et_casques.material import material, track

START: Final = Station(0, 0)
"""The start plaque lies at the entrance of a long straight (seed 05-01)."""
LONG_STRAIGHTS: Final = (0, 4)
TRACK_FOR_SPEED: Final = {1: "small", 2: "large"}
"""Seed 10-01/10-02: the small hippodrome for speed 1, preferably the large one for speed 2."""
MAX_LAPS: Final = 9


def _refuse(rule: str, **params: object) -> OptionsError:
    return OptionsError(f"toques_et_casques.course.{rule}", **params)


@dataclass(frozen=True, slots=True)
class Course:
    size: str
    category: str
    speed: int
    laps: int
    finish: Station
    river: Station | None
    """The river's first length; it covers this station and the next (seed 12-01)."""
    hurdles: tuple[Station, ...]
    stakes: int
    split: tuple[int, ...]

    @property
    def track(self) -> LaneTrack:
        return track(self.size)

    @property
    def max_points(self) -> int:
        return 6 * self.speed

    @property
    def target(self) -> Tick:
        """The progress at which a horse has arrived: ``laps`` full laps, then on to the finish
        plaque (on it counts as arrived, seed 23-01)."""
        t = self.track
        return self.laps * t.lap_ticks + t.station_start(self.finish)

    def is_in_run_out(self, station: Station) -> bool:
        """Whether ``station`` is the finish plaque or one of the ``max_points`` lengths after it,
        where a horse crossing the line with a full roll runs on (10-01, 10-02). Seed 10-04 closes
        these to obstacles: « qu'il n'y ait plus d'obstacle après la plaquette arrivée ». The rest of
        the straight is passed in every lap before the last crossing and stays open (D2)."""
        return (
            station.segment == self.finish.segment
            and 0 <= station.offset - self.finish.offset <= self.max_points
        )

    @property
    def harness(self) -> bool:
        """Whether the horses are driven from a sulky: seed 03-01, « A, trot attelé » (01-01: « 6
        chevaux attelés. 6 chevaux montés »)."""
        return self.category == "A"

    def river_stations(self) -> tuple[Station, ...]:
        if self.river is None:
            return ()
        return (self.river, Station(self.river.segment, self.river.offset + 1))

    def obstacle_cells(self, hurdles: Sequence[Station] | None = None) -> dict[Cell, str]:
        """Every cell under the river or a hurdle, with which it is; ``hurdles`` where they stand now
        (default: where the course puts them at the start)."""
        t = self.track
        found: dict[Cell, str] = {}
        for s in self.river_stations():
            found.update(dict.fromkeys(t.station_cells(s), "river"))
        for s in self.hurdles if hurdles is None else hurdles:
            found.update(dict.fromkeys(t.station_cells(s), "hurdle"))
        return found

    def to_json(self) -> dict[str, object]:
        return {
            "track": self.size,
            "category": self.category,
            "harness": self.harness,
            "speed": self.speed,
            "laps": self.laps,
            "start": str(START),
            "finish": str(self.finish),
            "river": [str(s) for s in self.river_stations()],
            "hurdles": [str(s) for s in self.hurdles],
            "stakes": self.stakes,
            "split": list(self.split),
        }


def _station(text: str, what: str, size: str) -> Station:
    try:
        station = Station.parse(text)
        track(size).station_cells(station)
    except ValueError as exc:
        if "turn" in str(exc):
            # Seed 14-05: « Ne placez jamais le départ, l'arrivée, une haie ou la rivière dans un
            # tournant. »
            raise _refuse("in_turn", what=what, station=text) from None
        raise _refuse("station", what=what, station=text, reason=str(exc)) from None
    return station


@lru_cache(maxsize=1024)  # bounded: options come from clients (a table, a course being designed)
def resolve(
    *,
    category: str,
    speed: int,
    size: str,
    laps: int,
    finish: str,
    river: str,
    hurdles: str,
    stakes: int,
    split: str,
) -> Course:
    """The course the options describe, ``auto`` values filled in; raises ``OptionsError`` naming
    the placement rule broken."""
    m = material()
    gallop = category in ("C", "D")
    if speed == 0:
        speed = 2 if gallop else 1
    if not gallop and speed == 2:
        # Seed 03-01: speed 1 « pour le trot A et B »; 15-01 relaxes speed 2 for gallop only.
        raise _refuse("trot_speed", category=category)
    if size == "auto":
        size = TRACK_FOR_SPEED[speed]
    if not 1 <= laps <= MAX_LAPS:
        raise _refuse("laps", laps=laps, max=MAX_LAPS)
    t = track(size)
    long_length = t.segments[0].lengths[0]
    run_out = 6 * speed

    finish_station = Station(0, 0) if finish == "auto" else _station(finish, "finish", size)
    if finish_station.segment not in LONG_STRAIGHTS:
        # Seed 10-01/10-02: « placer l'arrivée à l'entrée d'une grande ligne droite ».
        raise _refuse("finish_long", station=str(finish_station))
    if long_length - 1 - finish_station.offset < run_out:
        # Seed 10-01/10-02: leave 6 (one die) or 12 (two dice) lengths before the next turn.
        raise _refuse(
            "finish_run_out",
            station=str(finish_station),
            needed=run_out,
            left=long_length - 1 - finish_station.offset,
        )

    river_station: Station | None = None
    hurdle_stations: list[Station] = []
    if category == "D":
        if river == "auto":
            river_station = Station(4, long_length // 2 - 1)  # 12-01: « vers le milieu »
        elif river != "none":
            river_station = _station(river, "river", size)
        if hurdles == "auto":
            hurdle_stations = [
                Station(4, long_length // 4),
                Station(4, long_length - 1 - long_length // 4),
            ]
        elif hurdles != "none":
            hurdle_stations = [_station(h, "hurdle", size) for h in hurdles.split(",") if h.strip()]
    elif river not in ("auto", "none") or hurdles not in ("auto", "none"):
        # Seed 12-01, 13-01: river and hurdles only « pour les courses D, galop avec obstacles ».
        raise _refuse("obstacles_d", category=category)

    if len(hurdle_stations) > m.hurdles:
        raise _refuse("hurdle_count", count=len(hurdle_stations), max=m.hurdles)  # seed 01-01
    obstacles: list[tuple[str, Station]] = [("hurdle", h) for h in hurdle_stations]
    if river_station is not None:
        if river_station.segment not in LONG_STRAIGHTS:
            # Seed 12-02: « Ne placez jamais la rivière sur une petite ligne droite ».
            raise _refuse("river_long", station=str(river_station))
        if river_station.offset + 1 >= long_length:
            # Seed 12-01: the river covers 2 lengths, both on the straight.
            raise _refuse("river_fits", station=str(river_station))
        second = Station(river_station.segment, river_station.offset + 1)
        obstacles += [("river", river_station), ("river", second)]
        for h in hurdle_stations:
            if h.segment == river_station.segment and h.offset in (
                river_station.offset - 1,
                river_station.offset + 2,
            ):
                # Seed 13-01: « Ne placez jamais une haie juste devant ou à la sortie de la rivière ».
                raise _refuse("hurdle_river", station=str(h))
    seen: dict[Station, str] = {START: "start"}
    for what, s in obstacles:
        if s in seen or s == finish_station:
            other = "finish" if s == finish_station else seen[s]
            raise _refuse("overlap", what=what, other=other, station=str(s))
        seen[s] = what
        if s.segment == finish_station.segment and 0 <= s.offset - finish_station.offset <= run_out:
            # Seed 10-04: « qu'il n'y ait plus d'obstacle après la plaquette arrivée »: the run-out
            # the finish leaves (10-01, 10-02), not the whole straight (Course.is_in_run_out).
            raise _refuse("after_finish", what=what, station=str(s), run_out=run_out)

    if stakes < 0 or stakes % m.note_value or stakes > m.bank:
        # Seed 07-05 and 01-01: the stakes are notes of 10 taken from the bank of 80.
        raise _refuse("stakes", stakes=stakes, note=m.note_value, bank=m.bank)
    try:
        shares = tuple(int(v) for v in split.split(",") if v.strip()) if split.strip() else ()
    except ValueError:
        raise _refuse("split_format", split=split) from None
    if (
        len(shares) > m.lanes
        or any(v < 0 or v % m.note_value for v in shares)
        or sum(shares) != stakes
    ):
        # Seed 07-05: « Il annonce enfin comment sera partagé l'enjeu ».
        raise _refuse("split", split=split, stakes=stakes, places=m.lanes, note=m.note_value)
    return Course(
        size=size,
        category=category,
        speed=speed,
        laps=laps,
        finish=finish_station,
        river=river_station,
        hurdles=tuple(hurdle_stations),
        stakes=stakes,
        split=shares,
    )


def hurdle_runs(hurdles: Sequence[Station]) -> list[tuple[Station, ...]]:
    """The hurdles as the riders meet them, in running order: seed 13-01, « Une haie occupe 1
    longueur [...] 2 haies placées l'une après l'autre représentent une double haie qui occupe donc 2
    longueurs ». Hurdles on consecutive ranks of a straight form one run (a double hurdle); every
    other hurdle is a run of its own. Each length of a run is an obstacle cell (D13)."""
    runs: list[list[Station]] = []
    for station in sorted(set(hurdles), key=lambda s: (s.segment, s.offset)):
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and last.segment == station.segment
            and last.offset + 1 == station.offset
        ):
            runs[-1].append(station)
        else:
            runs.append([station])
    return [tuple(run) for run in runs]


def hurdle_allowed(course: Course, station: Station, others: tuple[Station, ...]) -> bool:
    """Whether a hurdle may stand at ``station`` with the other hurdles at ``others``: on a straight,
    clear of the river's edges, the finish and its run-out, and every other plaque."""
    t = course.track
    if t.segments[station.segment].kind != "straight":
        return False
    if station == START or station in others or course.is_in_run_out(station):
        return False
    river = course.river
    # 13-01: neither on the river nor « juste devant ou à la sortie de la rivière ».
    return not (
        river is not None
        and station.segment == river.segment
        and river.offset - 1 <= station.offset <= river.offset + 2
    )
