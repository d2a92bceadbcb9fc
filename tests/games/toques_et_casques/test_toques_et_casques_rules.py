"""Toques et Casques scenario tests: one rule each, with forced dice.

Every test names the seed section it checks (``shared/seeds/002_040eccd8846c6b7d.txt``, sections 01 to
25) or the decision ``Dn`` of ``docs/rules/toques_et_casques.md`` that it pins. Positions are written as
state documents (the FEN of this game, see ``position``) or reached by forcing the draws and the dice.
The figures of the rulebook are not in the seed, only their text: each figure test says in its docstring
how the position was read from that text. Expected cells, places and amounts are worked out from the
rules and the track's geometry (turns of 2, 2, 3, 3, 4, 4 lengths, straights of ``material.toml``),
never copied from a run of the engine.

Cells are written ``(lane, segment, rank)`` with lanes 1 (the rail) to 6 and the stations of
``course.py``: segment 0 is the start straight, 1 the first turn, 2 the first short straight, 3 a turn,
4 the far straight, 5 a turn, 6 the second short straight, 7 the last turn.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from importlib.resources import files
from typing import Any, TypeVar

import pytest

import hippodrome
from hippodrome.bots import RandomBot
from hippodrome.engine import Event, IllegalActionError
from hippodrome.engine.bot import SeatView
from hippodrome.engine.errors import OptionsError
from hippodrome.engine.i18n import catalog
from hippodrome.engine.lanetrack import Cell, Station
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game
from hippodrome.games.toques_et_casques import events as ev
from hippodrome.games.toques_et_casques.actions import Ecart
from hippodrome.games.toques_et_casques.material import material
from hippodrome.games.toques_et_casques.rules import (
    HORSES,
    ON_TRACK,
    Phase,
    ToquesEtCasques,
    ToquesState,
)

E = TypeVar("E", bound=Event)

Spot = tuple[int, int, int] | tuple[int, int, int, int]
"""(lane 1-6, segment, rank in the segment[, lap]) of a horse on the track."""

NS = "toques_et_casques"
SMALL: dict[str, Any] = {"category": "A"}
"""Trot, speed 1 (one die), the small hippodrome: long straights of 20, short of 4."""
LARGE_D: dict[str, Any] = {"category": "D", "river": "none"}
"""Gallop with obstacles, speed 2 (two dice), the large hippodrome: long straights of 44."""


# -- helpers ----------------------------------------------------------------------------------------


def new_game(players: int = 2, **options: Any) -> ToquesEtCasques:
    game = hippodrome.load_game("toques_et_casques", players=players, **options)
    assert isinstance(game, ToquesEtCasques)
    return game


def cell(game: ToquesEtCasques, lane: int, segment: int, rank: int) -> Cell:
    """The cell of ``lane`` (1 is the rail) at ``rank`` of ``segment`` (a straight or a turn)."""
    return game.course.track.cell_named(lane - 1, segment, rank)


def position(
    game: ToquesEtCasques,
    horses: Mapping[int, Spot],
    *,
    current: int,
    points: int = -1,
    placed: Sequence[int] = (),
    round_: int = 2,
    start_plaque: bool = False,
    last_ecart: bool = False,
    stepped: bool = False,
    owners: Sequence[int] | None = None,
) -> ToquesState:
    """A racing position written as a state document: ``horses`` on the track by number, the
    ``placed`` horses on the arrival board in that order, every other horse fallen. Horse N°n belongs
    to seat (n-1) mod jockeys."""
    doc = game.new_initial_state().to_json()
    entries: list[dict[str, Any]] = []
    for n in range(1, 7):
        if n in horses:
            spot = horses[n]
            lane, segment, rank = spot[:3]
            lap = spot[3] if len(spot) == 4 else 0
            entries.append(
                {"status": "running", "cell": cell(game, lane, segment, rank), "lap": lap}
            )
        elif n in placed:
            entries.append({"status": "placed", "cell": None, "lap": 0})
        else:
            entries.append({"status": "fallen", "cell": None, "lap": 0})
    here = entries[current - 1]
    doc["position"] = {
        "phase": "race",
        "drawn": 6,
        "owners": list(owners) if owners else [(n - 1) % game.jockeys for n in range(1, 7)],
        "horses": entries,
        "current": current,
        "points": points,
        "rolled": max(points, 0),
        "last_ecart": last_ecart,
        "stepped": stepped,
        "turn_start": [here["cell"], here["lap"]],
        "round": round_,
        "start_plaque": start_plaque,
        "hurdles": [[str(h), game.course.track.station_start(h)] for h in game.course.hurdles],
        "order": list(placed),
        "rolloff": [],
        "pending": [],
        "decider": None,
        "money": [0] * game.num_players,
    }
    doc["history"] = []
    state = game.state_from_json(doc)
    assert isinstance(state, ToquesState)
    return state


def act(state: ToquesState, *notations: str, player: int | None = None) -> list[Event]:
    """Apply each action written in notation (validated); return every event they made."""
    out: list[Event] = []
    for text in notations:
        out += state.apply(state.game.parse_action(text), player)
    return out


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def legal(state: ToquesState, player: int | None = None) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(player))


def where(state: ToquesState, horse: int) -> Cell:
    return state.cell[horse - 1]


def status(state: ToquesState, horse: int) -> str:
    return state.status[horse - 1].name.lower()


def order(state: ToquesState) -> list[int]:
    return [h + 1 for h in state.order]


def refuse(
    state: ToquesState, text: str, key: str, *, player: int | None = None
) -> IllegalActionError:
    """``text`` is refused with the message ``key`` and leaves the state exactly as it was."""
    before, n_events = json.dumps(state.to_json(), sort_keys=True), len(state.events)
    with pytest.raises(IllegalActionError) as err:
        act(state, text, player=player)
    assert err.value.key == key, str(err.value)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert len(state.events) == n_events
    return err.value


def drawn_race(game: ToquesEtCasques) -> ToquesState:
    """The start of round 1: horses drawn in the order 1 to 6 (08-01), N°1 to roll (06-01)."""
    state = game.new_initial_state()
    act(state, *(f"draw {n}" for n in range(1, 7)))
    return state


# -- 02, 11: the hippodrome -------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_a_lap_is_8_lengths_longer_outside_than_at_the_rail(size: str) -> None:
    """02-01: 2 long straights, 2 short straights, 4 turns; 11-01: « dans chaque tournant, les
    couloirs 1 et 2 [...] 2 longueurs [...] 3 et 4 [...] 3 longueurs [...] 5 et 6 [...] 4 longueurs
    [...] pour un tour de piste complet [...] 8 longueurs de plus » (D1)."""
    game = new_game(category="C", speed=2, track=size)
    t = game.course.track
    kinds = [s.kind for s in t.segments]
    assert kinds == ["straight", "turn"] * 4
    spec = material().sizes[size]
    straights = [s.lengths[0] for s in t.segments if s.kind == "straight"]
    assert straights == [spec.long_straight, spec.short_straight] * 2
    assert all(s.lengths == (2, 2, 3, 3, 4, 4) for s in t.segments if s.kind == "turn")
    rail = 2 * spec.long_straight + 2 * spec.short_straight + 4 * 2
    assert [t.lane_length(lane) for lane in range(6)] == [rail, rail, rail + 4, rail + 4] + [
        rail + 8
    ] * 2


def test_reconstructed_straights_fit_the_finish_rule_at_both_speeds() -> None:
    """10-01/10-02: the finish at the entrance of a long straight leaves 6 (one die) or 12 (two
    dice) lengths before the next turn: every reconstructed long straight holds the finish plaque and
    12 lengths after it, and the sizes grow with 02-01's lengths (D1)."""
    m = material()
    longs = [m.sizes[s].long_straight for s in ("small", "medium", "large")]
    assert all(n >= 1 + 12 for n in longs)
    assert longs == sorted(longs) and len(set(longs)) == 3
    assert m.provenance["tracks"] == "reconstructed"


# -- 03, 10, 12, 13, 14-05, 15: the course ----------------------------------------------------------


def test_speed_follows_the_category_and_picks_the_track() -> None:
    """03-01: speed 1 « pour le trot A et B [...] un seul DÉ », 2 « pour le galop C et D [...] les
    deux DÉs »; 10-01/10-02: the small hippodrome at speed 1, the large one at speed 2 (D6)."""
    for category, speed, size in (("A", 1, "small"), ("B", 1, "small"), ("C", 2, "large")):
        course = new_game(category=category).course
        assert (course.speed, course.size) == (speed, size)
        state = drawn_race(new_game(category=category))
        faces = {str(a): p for a, p in state.chance_outcomes()}
        if speed == 1:
            assert faces == pytest.approx({f"roll {n}": 1 / 6 for n in range(1, 7)})
        else:
            assert faces == pytest.approx(
                {f"roll {n}": (6 - abs(n - 7)) / 36 for n in range(2, 13)}
            )


@pytest.mark.parametrize("size", ["small", "medium", "large"])
def test_gallop_may_run_at_either_speed_on_any_track(size: str) -> None:
    """15-01: « Ce n'est pas une obligation de jouer à la vitesse 2 [...] si vous organisez une course
    de galop sur le petit hippodrome en jouant avec deux DÉs, vous risquez [...] »: allowed (D6)."""
    for speed in (1, 2):
        course = new_game(category="C", speed=speed, track=size).course
        assert (course.speed, course.size, course.max_points) == (speed, size, 6 * speed)


@pytest.mark.parametrize("category", ["A", "B"])
def test_trot_at_speed_2_is_refused(category: str) -> None:
    """03-01: speed 1 « pour le trot A et B en ne jouant qu'avec un seul DÉ » (D6)."""
    with pytest.raises(OptionsError) as err:
        new_game(category=category, speed=2)
    assert err.value.key == f"{NS}.course.trot_speed"


@pytest.mark.parametrize(("size", "long_straight"), [("small", 20), ("medium", 32), ("large", 44)])
@pytest.mark.parametrize("speed", [1, 2])
def test_the_finish_must_leave_a_full_roll_before_the_turn(
    size: str, long_straight: int, speed: int
) -> None:
    """10-01: « laisser 6 longueurs devant vous avant le prochain tournant »; 10-02: « 12
    longueurs »: the finish at rank r of a long straight of L lengths leaves L - 1 - r lengths (D3)."""
    run_out = 6 * speed
    fits = long_straight - 1 - run_out
    for straight in (0, 4):
        course = new_game(category="C", speed=speed, track=size, finish=f"{straight}.{fits}").course
        assert course.finish == Station(straight, fits)
        with pytest.raises(OptionsError) as err:
            new_game(category="C", speed=speed, track=size, finish=f"{straight}.{fits + 1}")
        assert err.value.key == f"{NS}.course.finish_run_out"
        assert err.value.params["left"] == run_out - 1


COURSE_REFUSALS: list[tuple[dict[str, Any], str]] = [
    # 14-05 / 10-05: « Ne jamais placer l'arrivée dans un tournant ».
    ({"finish": "1.0"}, "in_turn"),
    ({"finish": "7.1"}, "in_turn"),
    # 10-01: « à l'entrée d'une grande ligne droite »: not on a short straight.
    ({"finish": "2.0"}, "finish_long"),
    ({"finish": "6.1"}, "finish_long"),
    # A station that is not on the track at all.
    ({"finish": "0.20"}, "station"),
    ({"finish": "9.0"}, "station"),
    # 12-01, 13-01: river and hurdles « que pour les courses D ».
    ({"category": "C", "hurdles": "4.5"}, "obstacles_d"),
    ({"category": "A", "river": "4.9"}, "obstacles_d"),
    ({"category": "B", "hurdles": "4.5"}, "obstacles_d"),
    # 01-01: « 2 haies ».
    ({"category": "D", "hurdles": "4.3,4.5,4.7"}, "hurdle_count"),
    # 12-02: « Ne placez jamais la rivière sur une petite ligne droite et encore moins dans un
    # tournant ».
    ({"category": "D", "river": "2.1"}, "river_long"),
    ({"category": "D", "river": "5.0"}, "in_turn"),
    # 12-01: « La rivière occupe 2 longueurs »: both on the straight.
    ({"category": "D", "river": "4.43", "hurdles": "none"}, "river_fits"),
    # 13-01: « Ne placez jamais une haie juste devant ou à la sortie de la rivière ».
    ({"category": "D", "river": "4.20", "hurdles": "4.19"}, "hurdle_river"),
    ({"category": "D", "river": "4.20", "hurdles": "4.22"}, "hurdle_river"),
    # 13-01: « Ne placez jamais une haie dans un tournant ».
    ({"category": "D", "hurdles": "3.1"}, "in_turn"),
    # One plaque per station: not on the start, the finish, the river or the other hurdle.
    ({"category": "D", "river": "none", "hurdles": "0.0"}, "overlap"),
    ({"category": "D", "river": "4.20", "hurdles": "4.21"}, "overlap"),
    ({"category": "D", "river": "none", "hurdles": "4.6,4.6"}, "overlap"),
    ({"category": "D", "river": "none", "hurdles": "4.5", "finish": "4.5"}, "overlap"),
    # 10-04: « qu'il n'y ait plus d'obstacle après la plaquette arrivée ».
    ({"category": "D", "river": "none", "hurdles": "0.5"}, "after_finish"),
    ({"category": "D", "river": "none", "hurdles": "0.12"}, "after_finish"),
    ({"category": "D", "river": "0.11", "hurdles": "none"}, "after_finish"),
    ({"category": "D", "river": "4.10", "hurdles": "none", "finish": "4.2"}, "after_finish"),
    # 07-05, 01-01: stakes in notes of 10 from a bank of 80 notes.
    ({"stakes": 125, "split": "125"}, "stakes"),
    ({"stakes": 810, "split": "810"}, "stakes"),
    ({"stakes": -10, "split": ""}, "stakes"),
    # 07-05: « comment sera partagé l'enjeu ».
    ({"split": "60,40,30"}, "split"),
    ({"split": "65,55"}, "split"),
    ({"stakes": 70, "split": "10,10,10,10,10,10,10"}, "split"),
    ({"split": "60;40;20"}, "split_format"),
    # A race is one lap or more (07-04), nine at most.
    ({"laps": 0}, "laps"),
    ({"laps": 10}, "laps"),
    # 07-01, 07-07: 2 to 6 jockeys, the steward being someone else.
    ({"players": 7}, "jockeys"),
    ({"players": 2, "steward": True}, "jockeys"),
]


@pytest.mark.parametrize(("options", "rule"), COURSE_REFUSALS)
def test_a_course_breaking_a_placement_rule_is_refused(options: dict[str, Any], rule: str) -> None:
    """Sections 10 to 14 (and 01-01, 07-01, 07-05): the course is fixed and checked before the
    start; a course that breaks a placement rule is refused naming that rule (D2)."""
    raw: dict[str, Any] = {"players": 2, "category": "A"}  # the small track unless category D
    raw.update(options)
    with pytest.raises(OptionsError) as err:
        hippodrome.load_game("toques_et_casques", **raw)
    assert err.value.key == f"{NS}.course.{rule}"


def test_10_04_closes_only_the_run_out_after_a_finish_on_the_start_line() -> None:
    """10-04: « il est important et logique qu'il n'y ait plus d'obstacle après la plaquette
    arrivée ». With the finish on the start line (0.0), the horses run the rest of the start straight
    in every lap before they cross the line for the last time: only the run-out, the 12 lengths (two
    dice) a horse crossing with a full roll runs on (10-02), is after the finish; beyond it a hurdle
    or the river may stand on the start straight (D2)."""
    with pytest.raises(OptionsError) as err:
        new_game(**LARGE_D, hurdles="0.12")
    assert err.value.key == f"{NS}.course.after_finish"
    assert err.value.params["run_out"] == 12
    course = new_game(category="D", river="0.30", hurdles="0.13,0.40", laps=2).course
    assert course.finish == Station(0, 0)
    assert course.hurdles == (Station(0, 13), Station(0, 40))
    assert course.river_stations() == (Station(0, 30), Station(0, 31))
    # At speed 1 on the small track the run-out is 6 lengths: rank 7 is open.
    small = new_game(category="D", speed=1, track="small", river="none", hurdles="0.7").course
    assert small.hurdles == (Station(0, 7),)
    assert small.is_in_run_out(Station(0, 6)) and not small.is_in_run_out(Station(0, 7))


def test_a_course_that_keeps_every_placement_rule_is_accepted() -> None:
    """10 to 14: a double hurdle (13-01: « 2 haies placées l'une après l'autre »), on a short
    straight (13-01 forbids only turns and the river's edges), the river two lengths clear of it,
    the finish on the far straight with its run-out after the obstacles (D2)."""
    game = new_game(
        category="D", river="4.10", hurdles="4.13,4.14", finish="4.20", split="100,20", laps=2
    )
    course = game.course
    assert course.river_stations() == (Station(4, 10), Station(4, 11))
    assert course.hurdles == (Station(4, 13), Station(4, 14))
    assert course.split == (100, 20)
    assert sorted(set(course.obstacle_cells().values())) == ["hurdle", "river"]
    assert len(course.obstacle_cells()) == 6 * 4
    assert new_game(category="D", river="none", hurdles="2.0,6.3").course.hurdles == (
        Station(2, 0),
        Station(6, 3),
    )


def test_category_d_lays_out_its_obstacles_when_not_told() -> None:
    """12-01: the river « vers le milieu d'une grande ligne droite »; 13-01: hurdles clear of the
    river, of the turns and of the finish; categories A to C have none (D5)."""
    course = new_game(category="D").course
    assert course.size == "large"
    assert course.river == Station(4, 44 // 2 - 1)
    assert course.hurdles == (Station(4, 11), Station(4, 32))
    river = course.river.offset
    assert all(abs(h.offset - river) > 2 for h in course.hurdles)
    assert new_game(category="C").course.obstacle_cells() == {}


def test_the_race_length_is_laps_then_the_finish_plaque() -> None:
    """07-04: « la longueur de cette course: un ou plusieurs tours de piste »; 10-03: the finish
    placed at the last moment: a horse has arrived at ``laps`` full laps plus the way to the finish
    plaque (D4)."""
    game = new_game(**SMALL, laps=2, finish="4.3")
    t = game.course.track
    assert game.course.target == 2 * t.lap_ticks + t.station_start(Station(4, 3))
    assert new_game(**SMALL).course.target == t.lap_ticks


# -- 07-05, 08: stakes and the draw of the horses ---------------------------------------------------


def test_jockeys_draw_their_horses_in_seat_order_until_all_six_run() -> None:
    """08-01: « chaque jockey, l'un après l'autre, lance un DÉ et [...] correspond au numéro du cheval
    [...] Si un jockey marque un nombre de points déjà pris, il relance le DÉ »; 24-06: fewer than six
    jockeys run several horses: the draw goes round the seats until all six are drawn (D7)."""
    game = new_game(4)
    state = game.new_initial_state()
    draws = [3, 1, 6, 2, 5, 4]
    for k, n in enumerate(draws):
        assert state.is_chance_node()
        assert state.chance_roller() == k % 4
        free = sorted(set(range(1, 7)) - set(draws[:k]))
        outcomes = {str(a): p for a, p in state.chance_outcomes()}
        assert outcomes == pytest.approx({f"draw {m}": 1 / len(free) for m in free})
        if k:
            refuse(state, f"draw {draws[0]}", f"{NS}.illegal.not_an_outcome")
        events = act(state, f"draw {n}")
        assert of_type(events, ev.HorseDrawn)[0] == ev.HorseDrawn(k % 4, n, n)
    assert state.owner == [1, 3, 0, 1, 0, 2]  # N°1 to seat 1, N°2 to seat 3, N°3 to seat 0, ...
    assert state.round == 1 and state.current == 0  # 06-01: « ce sera au cheval N°1 de partir »


def test_three_jockeys_run_two_horses_each() -> None:
    """24-06: « Si, par exemple, vous n'êtes que trois, chaque joueur fera courir 2 chevaux »."""
    state = drawn_race(new_game(3))
    assert sorted(state.owner) == [0, 0, 1, 1, 2, 2]


def test_the_steward_draws_no_horse() -> None:
    """07-01, 07-07: the steward is someone other than the jockeys: with a steward, the last seat
    never draws (D22)."""
    game = new_game(4, steward=True)
    assert game.jockeys == 3 and game.steward == 3
    state = drawn_race(game)
    assert sorted(state.owner) == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize(
    ("clockwise", "lanes"), [(False, [1, 2, 3, 4, 5, 6]), (True, [6, 5, 4, 3, 2, 1])]
)
def test_place_1_of_the_start_plaque_is_at_the_rail_or_outside(
    clockwise: bool, lanes: list[int]
) -> None:
    """05-01: « la place N°1 marquée sur cette plaquette peut se trouver à la corde ou à l'extérieur
    suivant le sens dans lequel vous voulez courir »; 06-02: « détermine celui qui sera placé à la
    corde: le cheval N°1 ou le cheval N°6 » (D8)."""
    game = new_game(2, clockwise=clockwise)
    state = game.new_initial_state()
    events = act(state, *(f"draw {n}" for n in (4, 1, 6, 2, 3, 5)))
    by_horse = {e.horse: e.lane for e in of_type(events, ev.HorseDrawn)}
    assert [by_horse[n] for n in range(1, 7)] == lanes
    for n in range(1, 7):
        assert where(state, n) == cell(game, lanes[n - 1], 0, 0)


def test_the_jockey_rolls_for_his_horse_from_n1_to_n6() -> None:
    """09-02: « c'est au jockey du cheval N°1 de commencer à jouer. Le jockey lance le DÉ [...] au
    jockey du cheval N°2 de jouer ... et ainsi de suite jusqu'au N°6 » (D9)."""
    state = drawn_race(new_game(6))
    for n in range(1, 7):
        assert state.is_chance_node() and state.chance_roller() == n - 1
        act(state, "roll 1")
        assert state.active_players() == (n - 1,)
        act(state, "avant")
    assert state.round == 2 and state.current == 0


# -- 09-06, 14, 16, 18: moving ----------------------------------------------------------------------


def test_fig04_from_the_start_n3_blocks_n4_who_must_declare_it() -> None:
    """09-06, FIG.04: « Sur la plaquette départ vous n'avez pas le droit de faire un écart, vous
    devez obligatoirement commencer par un avant [...] vous êtes le N°3 [...] Vous avez marqué 2
    points. Vous vous placez juste devant le N°4, ainsi il est bloqué ».

    Read as: round 1, N°1 and N°2 have each gone one length forward; N°3 (lane 3, on the plaque)
    must begin with an avant, then makes an écart into lane 4, one length ahead of N°4, who is still
    on the plaque: no avant (N°3 in front), no écart (the plaque), so N°4 declares « bloqué »."""
    game = new_game(6)
    state = drawn_race(game)
    act(state, "roll 1", "avant", "roll 1", "avant")
    act(state, "roll 2")
    assert legal(state) == ["avant"]  # no écart on the start plaque
    act(state, "avant")
    assert legal(state) == ["avant", "ecart 4"]  # lane 2 holds N°2
    act(state, "ecart 4")
    assert where(state, 3) == cell(game, 4, 0, 1)
    assert state.current == 3 and state.is_chance_node()
    act(state, "roll 5")
    assert legal(state) == ["bloque"]
    events = act(state, "bloque")
    assert of_type(events, ev.Blocked) == [ev.Blocked(3, 4, 5)]  # all 5 points unplayed
    assert where(state, 4) == cell(game, 4, 0, 0) and status(state, 4) == "running"
    assert state.current == 4  # « doit passer son tour »: N°5 plays


def test_the_start_plaque_is_lifted_after_the_first_round() -> None:
    """09-05: « lorsque le dernier jockey a joué, vous ôtez la plaquette départ »: a horse still on
    rank 0 in round 2 may begin with an écart (D14)."""
    game = new_game(6)
    state = drawn_race(game)
    act(state, "roll 1", "avant", "roll 1", "avant", "roll 2", "avant", "ecart 4")
    act(state, "roll 3", "bloque")  # N°4, as in FIG.04
    events = act(state, "roll 1", "avant", "roll 1", "avant")  # N°5, N°6: the round ends
    assert of_type(events, ev.StartPlaqueRemoved) == [ev.StartPlaqueRemoved()]
    assert not state.start_plaque and state.round == 2
    act(state, "roll 1", "avant", "roll 1", "avant", "roll 1", "avant")  # N°1, N°2, N°3 forward
    act(state, "roll 1")
    # Lane 3 and lane 5 are free at rank 0 (N°3 and N°5 left them), lane 4 ahead is free.
    assert legal(state) == ["avant", "ecart 3", "ecart 5"]


def test_ecart_on_the_start_plaque_is_refused() -> None:
    """09-06: « Sur la plaquette départ vous n'avez pas le droit de faire un écart »: even into a
    free lane (D11)."""
    state = drawn_race(new_game(6))
    act(state, "roll 1", "avant", "roll 2")  # N°1 has left lane 1, rank 0
    refuse(state, "ecart 1", f"{NS}.illegal.ecart_start")
    assert legal(state) == ["avant"]


def test_fig05_three_lane_changes_take_five_steps() -> None:
    """16-02, FIG.05: « si vous voulez changer trois fois de couloir vous devrez faire 5
    déplacements : 1 écart, 1 avant, 1 écart, 1 avant et enfin 1 écart »."""
    game = new_game(**SMALL)
    state = position(game, {1: (1, 4, 2), 6: (6, 4, 10)}, current=1)
    act(state, "roll 5", "ecart 2", "avant", "ecart 3", "avant", "ecart 4")
    assert where(state, 1) == cell(game, 4, 4, 4)
    assert state.current == 5  # the five points are played: N°6's turn


@pytest.mark.parametrize("points", [1, 2, 3, 4, 5, 6])
def test_n_points_change_lane_at_most_half_of_them_rounded_up(points: int) -> None:
    """16-01: « vous ne pouvez faire qu'un écart à la fois »; 16-02: so n points change lane at most
    ceil(n / 2) times: every way of playing them, explored step by step, ends in lanes 1 to
    1 + ceil(n / 2) (FIG.05)."""
    game = new_game(**SMALL)
    start = position(game, {1: (1, 4, 2), 6: (6, 4, 15)}, current=1)
    act(start, f"roll {points}")
    ends: set[int] = set()
    frontier = [start]
    while frontier:
        state = frontier.pop()
        if state.current != 0:
            ends.add(state.track.cells[where(state, 1)].lane + 1)
            continue
        for a in state.legal_actions():
            assert str(a) != "bloque"
            nxt = state.clone()
            nxt.apply(a)
            frontier.append(nxt)
    assert ends == set(range(1, 2 + math.ceil(points / 2)))


def test_every_point_must_be_played_and_bloque_is_refused_while_a_step_exists() -> None:
    """14-01: « Vous êtes obligé de jouer et de faire autant de déplacements que de points marqués,
    sauf si vous êtes bloqué »; 18-02: « Vous n'avez absolument pas le droit de passer votre tour si
    vous n'êtes pas bloqué » (D10, D12)."""
    game = new_game(**SMALL)
    state = position(game, {1: (1, 4, 2), 2: (4, 4, 2)}, current=1)
    act(state, "roll 3", "avant", "avant")
    assert state.current == 0 and state.points == 1  # the turn goes on until the last point
    err = refuse(state, "bloque", f"{NS}.illegal.not_blocked")
    assert err.params["steps"] == [  # told in words: « un avant, un écart au couloir 2 »
        {"key": f"{NS}.step_to.avant", "params": {}},
        {"key": f"{NS}.step_to.ecart", "params": {"lane": 2}},
    ]
    assert "18-02" in str(err) and "18-02" in err.message("fr")
    act(state, "avant")
    assert state.current == 1 and where(state, 1) == cell(game, 1, 4, 5)


def test_each_step_is_final() -> None:
    """14-06: « si vous vous êtes trompé, c'est trop tard, vous ne pouvez pas revenir en arrière :
    POSER C'EST JOUER »; 14-02: « pas le droit de reculer »: each step is its own action, and no
    action leads back (D10)."""
    game = new_game(**SMALL)
    state = position(game, {1: (2, 4, 2), 2: (5, 4, 2)}, current=1)
    act(state, "roll 3", "ecart 3")
    refuse(state, "ecart 2", f"{NS}.illegal.ecart_twice")
    act(state, "avant")
    assert where(state, 1) == cell(game, 3, 4, 3)
    assert legal(state) == ["avant", "ecart 2", "ecart 4"]  # forward or sideways, never back
    assert all(state.step_target(a) != cell(game, 3, 4, 2) for a in state.legal_actions())


def test_a_horse_may_not_step_into_another() -> None:
    """14-02: « Vous n'avez pas le droit [...] de pousser un concurrent vers l'avant ou à gauche ou à
    droite, ni de passer par-dessus un concurrent » (D12)."""
    game = new_game(**SMALL)
    state = position(game, {1: (3, 4, 2), 2: (3, 4, 3), 3: (4, 4, 2)}, current=1)
    act(state, "roll 4")
    assert legal(state) == ["ecart 2"]
    refuse(state, "avant", f"{NS}.illegal.avant_taken")
    refuse(state, "ecart 4", f"{NS}.illegal.ecart_taken")
    refuse(state, "ecart 5", f"{NS}.illegal.ecart_one_lane")


def test_a_horse_hemmed_in_declares_itself_blocked_and_stays_in_the_race() -> None:
    """18-01: « sauf si vous êtes bloqué avant ou pendant vos déplacements. Une fois bloqué, vous
    déclarez "bloqué", vous passez votre tour »; 14-02: nobody is jumped (D12)."""
    game = new_game(**SMALL)
    state = position(game, {1: (1, 4, 2), 2: (1, 4, 5), 3: (2, 4, 4)}, current=1)
    act(state, "roll 6", "avant", "avant")
    assert legal(state) == ["bloque"]  # N°2 in front, N°3 beside, the rail on the other side
    refuse(state, "avant", f"{NS}.illegal.avant_taken")
    events = act(state, "bloque")
    assert of_type(events, ev.Blocked) == [ev.Blocked(0, 1, 4)]
    assert status(state, 1) == "running" and where(state, 1) == cell(game, 1, 4, 4)
    assert state.current == 1


def test_a_second_ecart_in_a_row_is_refused_but_a_new_move_may_begin_with_one() -> None:
    """16-01: « vous ne pouvez faire qu'un écart à la fois »; 14-03: « vous pouvez commencer par un
    avant ou un écart »: the one-écart rule counts within a move (D11)."""
    game = new_game(**SMALL)
    state = position(game, {1: (2, 4, 2), 2: (6, 4, 10)}, current=1)
    act(state, "roll 2", "avant", "ecart 3")  # the move ends with an écart
    act(state, "roll 1", "avant")  # N°2; the round ends
    act(state, "roll 2")
    assert state.current == 0
    assert legal(state) == ["avant", "ecart 2", "ecart 4"]
    act(state, "ecart 4")
    err = refuse(state, "ecart 5", f"{NS}.illegal.ecart_twice")
    assert "16-01" in str(err)
    refuse(state, "ecart 3", f"{NS}.illegal.ecart_twice")
    assert legal(state) == ["avant"]


def test_no_ecart_in_a_turn_even_beside_a_free_cell_of_the_same_length() -> None:
    """19-02: « il n'a pas le droit de faire un écart dans un tournant »; 21-01: « Vous n'avez pas le
    droit de changer de couloir dans un tournant ». Lanes 3 and 4 have 3 lengths each in a turn, so
    their cells lie exactly side by side, and still no écart (D11)."""
    game = new_game(**SMALL)
    state = position(game, {1: (3, 3, 1), 2: (6, 4, 10)}, current=1)
    assert state.track.outward[where(state, 1)] == cell(game, 4, 3, 1)  # side by side
    act(state, "roll 3")
    assert legal(state) == ["avant"]
    refuse(state, "ecart 4", f"{NS}.illegal.ecart_turn")
    act(state, "avant", "avant")  # the turn's last length, then the far straight
    assert legal(state) == ["avant", "ecart 2", "ecart 4"]


# -- 04-01, 14-04, 17: obstacles and falls ----------------------------------------------------------


def test_fig06_going_straight_ends_blocked_on_the_hurdle_and_falls() -> None:
    """17-02, FIG.06: « On suppose que vous avez un bon marquage de 11 points [...] si vous allez
    tout droit, au 3ème déplacement vous vous trouverez bloqué sur la haie puisque vous n'avez pas le
    droit de pousser ou de passer par dessus un concurrent, ni de faire un écart sur un obstacle,
    c'est donc la chute ».

    Read as: your horse (N°1) at the rail, rank 7 of the far straight; the hurdle at rank 9; a rival
    (N°3) on your lane just after it, at rank 10; another (N°2) in lane 2 at rank 8. Going straight:
    an avant to rank 8 (lane 2 is taken, so no écart), an avant onto the hurdle, and the 3rd step is
    impossible: blocked on the hurdle, a fall (D12, D13)."""
    game = new_game(**LARGE_D, hurdles="4.9")
    state = position(game, {1: (1, 4, 7), 2: (2, 4, 8), 3: (1, 4, 10)}, current=1)
    act(state, "roll 11", "avant")
    assert legal(state) == ["avant"]
    act(state, "avant")
    assert state.obstacle[where(state, 1)] == "hurdle"
    assert legal(state) == ["bloque"]
    refuse(state, "ecart 2", f"{NS}.illegal.ecart_obstacle")
    events = act(state, "bloque")
    assert of_type(events, ev.Blocked) == [ev.Blocked(0, 1, 9)]
    assert of_type(events, ev.Fell) == [ev.Fell(1, "hurdle")]
    assert status(state, 1) == "fallen"
    assert state.occupant[cell(game, 1, 4, 9)] == -1


def test_fig07_an_immediate_ecart_behind_a_rival_blocks_without_a_fall() -> None:
    """17-03, FIG.07: « en faisant de suite un écart [...] vous vous bloquez volontairement derrière
    un concurrent [...] vous n'avez pas avancé, mais au moins vous n'êtes pas éliminé [...] Vous vous
    déclarez "bloqué" ». Same position as FIG.06: the écart into lane 2 puts N°1 right behind N°2;
    no avant, no second écart: blocked with 10 points unplayed, still in the race (D12)."""
    game = new_game(**LARGE_D, hurdles="4.9")
    state = position(game, {1: (1, 4, 7), 2: (2, 4, 8), 3: (1, 4, 10)}, current=1)
    act(state, "roll 11")
    assert legal(state) == ["avant", "ecart 2"]
    act(state, "ecart 2")
    assert legal(state) == ["bloque"]
    events = act(state, "bloque")
    assert of_type(events, ev.Blocked) == [ev.Blocked(0, 1, 10)]
    assert not of_type(events, ev.Fell)
    assert status(state, 1) == "running" and where(state, 1) == cell(game, 2, 4, 7)
    assert state.current == 1  # N°2 plays next


def test_fig08_four_points_straight_end_on_the_hurdle() -> None:
    """17-04, FIG.08: « supposons que vous ayez marqué 4 points. Si vous allez tout droit, vous
    finissez sur la haie, c'est la chute ». Read as: the hurdle four lengths ahead (D13)."""
    game = new_game(**LARGE_D, hurdles="4.9")
    state = position(game, {1: (3, 4, 5), 2: (6, 4, 1), 3: (5, 4, 1)}, current=1)
    events = act(state, "roll 4", "avant", "avant", "avant", "avant")
    assert of_type(events, ev.Fell) == [ev.Fell(1, "hurdle")]
    assert status(state, 1) == "fallen"
    assert state.current == 1


@pytest.mark.parametrize(
    "steps",
    [
        ("ecart 4", "avant", "avant", "avant"),
        ("ecart 2", "avant", "avant", "avant"),
        ("avant", "avant", "ecart 2", "avant"),
        ("avant", "avant", "avant", "ecart 4"),
    ],
)
def test_fig09_an_ecart_costs_a_length_and_avoids_the_fall(steps: tuple[str, ...]) -> None:
    """17-05, FIG.09: « en faisant un écart, vous perdez une longueur, mais au moins, vous ne chutez
    pas sur la haie »: wherever the écart comes in the move, the horse ends one length short of the
    hurdle (D13)."""
    game = new_game(**LARGE_D, hurdles="4.9")
    state = position(game, {1: (3, 4, 5), 2: (6, 4, 1), 3: (5, 4, 1)}, current=1)
    events = act(state, "roll 4", *steps)
    assert not of_type(events, ev.Fell)
    assert status(state, 1) == "running"
    assert state.track.cells[where(state, 1)].offset == 8
    assert state.obstacle[where(state, 1)] == ""


def test_the_river_is_two_lengths_without_ecart_and_ending_on_it_is_a_fall() -> None:
    """12-01: « La rivière occupe 2 longueurs »; 14-04: « Sur une haie ou sur la rivière, vous n'avez
    pas le droit de faire un écart »; 04-01: « Si votre déplacement se termine sur un obstacle, on
    dit que vous avez CHUTÉ et vous êtes ÉLIMINÉ » (D13)."""
    game = new_game(category="D", river="4.20", hurdles="none")
    state = position(game, {1: (2, 4, 19), 2: (5, 4, 19)}, current=1)
    act(state, "roll 3", "avant")
    err = refuse(state, "ecart 3", f"{NS}.illegal.ecart_obstacle")
    assert err.params["obstacle"] == "river"
    act(state, "avant")
    assert state.obstacle[where(state, 1)] == "river"
    refuse(state, "ecart 1", f"{NS}.illegal.ecart_obstacle")
    act(state, "avant")  # clear of the river after three steps
    assert status(state, 1) == "running"
    events = act(state, "roll 2", "avant", "avant")  # N°2 ends on the river's second length
    assert of_type(events, ev.Fell) == [ev.Fell(2, "river")]
    assert status(state, 2) == "fallen"


# -- 19, 20, 21: blocking and eliminating a rival ---------------------------------------------------


def test_fig10_n3_blocks_n4_by_standing_beside_him() -> None:
    """19-01, FIG.10: « Vous êtes le N°3 [...] Si vous avez la chance de marquer 5 points, vous
    pouvez aller bloquer le N°4 en allant vous placer juste à côté de lui. Ainsi il sera obligé de se
    déclarer "bloqué" ».

    Read as: N°4 at the rail with a rival (N°1) right in front of him; lane 2 beside him is his only
    way out. N°3, five lengths behind in lane 2, plays his 5 points straight and stands there."""
    game = new_game(**SMALL)
    state = position(game, {1: (1, 4, 11), 3: (2, 4, 5), 4: (1, 4, 10), 6: (6, 4, 2)}, current=3)
    before = state.steps_from(3, where(state, 4), 0, False, False)
    assert [str(a) for a, _, _ in before] == ["ecart 2"]
    act(state, "roll 5", "avant", "avant", "avant", "avant", "avant")
    assert where(state, 3) == cell(game, 2, 4, 10)
    act(state, "roll 4")
    assert state.current == 3 and legal(state) == ["bloque"]
    events = act(state, "bloque")
    assert of_type(events, ev.Blocked) == [ev.Blocked(1, 4, 4)]
    assert status(state, 4) == "running"


def test_fig11_an_ecart_in_front_of_a_horse_in_a_turn_blocks_him() -> None:
    """19-02, FIG.11: « Vous êtes le N°5 et vous venez de marquer 3 points. Votre intérêt n'est pas
    d'aller tout droit mais de faire un écart juste devant le N°6 [...] Comme il n'a pas le droit de
    faire un écart dans un tournant, il se déclare "bloqué" ».

    Read as: N°6 on the last length of a turn in lane 3 (lanes 3 and 4 have 3 lengths in a turn);
    N°5 in lane 4 one length behind that. Two avants take N°5 to the first rank of the far straight,
    and the écart into lane 3 puts him right in front of N°6, whose écart is forbidden in the turn."""
    game = new_game(**SMALL)
    state = position(game, {5: (4, 3, 1), 6: (3, 3, 2), 1: (1, 4, 15)}, current=5)
    assert [str(a) for a, _, _ in state.steps_from(5, where(state, 6), 0, False, False)] == [
        "avant"
    ]
    act(state, "roll 3", "avant", "avant", "ecart 3")
    assert where(state, 5) == cell(game, 3, 4, 0) == state.track.forward[where(state, 6)]
    act(state, "roll 6")
    assert state.current == 5 and legal(state) == ["bloque"]
    refuse(state, "ecart 4", f"{NS}.illegal.ecart_turn")  # lane 4 beside him is free now
    events = act(state, "bloque")
    assert of_type(events, ev.Blocked) == [ev.Blocked(1, 6, 6)]


def test_fig11_going_straight_would_have_left_n6_free() -> None:
    """19-02: « Votre intérêt n'est pas d'aller tout droit »: three avants leave N°6 his avant."""
    game = new_game(**SMALL)
    state = position(game, {5: (4, 3, 1), 6: (3, 3, 2), 1: (1, 4, 15)}, current=5)
    act(state, "roll 3", "avant", "avant", "avant", "roll 6")
    assert legal(state) == ["avant"]


@pytest.mark.parametrize("points", [2, 5, 12])
def test_fig12_n3_beside_n4_forces_him_onto_the_hurdle(points: int) -> None:
    """20-01, FIG.12: « Vous êtes le N°3 [...] Vous avez la chance d'avoir marqué 5 points. Vous
    allez vous placer à côté du N°4. Il est obligé de jouer et doit donc faire un avant. N'ayant pas
    le droit de faire un écart sur un obstacle et ayant un concurrent devant lui, c'est la chute ».

    Read as: N°4 at the rail, the hurdle right in front of him, a rival (N°1) just beyond it; N°3
    comes from five lengths behind in lane 2 to stand beside him. Whatever N°4 rolls, his only step
    is onto the hurdle, where he is stuck: a fall (D12, D13)."""
    game = new_game(**LARGE_D, hurdles="4.10")
    state = position(game, {1: (1, 4, 11), 3: (2, 4, 4), 4: (1, 4, 9), 6: (6, 4, 30)}, current=3)
    act(state, "roll 5", *["avant"] * 5)
    assert where(state, 3) == cell(game, 2, 4, 9)
    act(state, f"roll {points}")
    assert legal(state) == ["avant"]
    events = act(state, "avant")
    assert legal(state) == ["bloque"]
    events += act(state, "bloque")
    assert of_type(events, ev.Fell) == [ev.Fell(4, "hurdle")]
    assert status(state, 4) == "fallen"


FIG13 = {1: (3, 2, 3), 2: (2, 2, 3), 3: (4, 2, 3), 4: (3, 4, 1)}
"""FIG.13 read as: your horse N°1 in lane 3 on the last rank of the first short straight, rivals on
its left (lane 2) and right (lane 4); ahead, the 3 lengths of lane 3 in the turn, then a hurdle on the
first rank of the far straight, and a rival (N°4) at the hurdle's exit in lane 3."""


def test_fig13_nine_points_between_two_rivals_fall_on_the_4th_step() -> None:
    """21-01, FIG.13: « supposons que vous ayez marqué 9 points [...] Vous ne pouvez pas faire un écart
    puisque vous avez un concurrent à gauche et un autre à droite [...] Vous n'avez pas le droit de
    changer de couloir dans un tournant ni sur une haie - A la sortie de la haie, il y a un concurrent
    sur votre couloir [...] Vous êtes donc bloqué sur la haie à votre 4ème déplacement, c'est la
    chute » (D12, D13)."""
    game = new_game(**LARGE_D, hurdles="4.0")
    state = position(game, FIG13, current=1)
    act(state, "roll 9")
    for step in range(1, 5):
        assert legal(state) == ["avant"], f"step {step}"
        act(state, "avant")
    assert where(state, 1) == cell(game, 3, 4, 0) and state.obstacle[where(state, 1)] == "hurdle"
    assert state.points == 5 and legal(state) == ["bloque"]
    events = act(state, "bloque")
    assert of_type(events, ev.Fell) == [ev.Fell(1, "hurdle")]


@pytest.mark.parametrize(("points", "falls"), [(2, False), (3, False), (4, True), (5, True)])
def test_fig13_three_points_or_fewer_stop_before_the_hurdle(points: int, falls: bool) -> None:
    """21-01: « Si vous aviez eu la chance de ne marquer que 3 points, ou moins, vous auriez évité la
    chute en vous arrêtant avant la haie »: 4 points end on it, more are stuck on it (D13)."""
    game = new_game(**LARGE_D, hurdles="4.0")
    state = position(game, FIG13, current=1)
    act(state, f"roll {points}")
    events: list[Event] = []
    while state.current == 0 and not state.is_chance_node():
        (step,) = state.legal_actions()
        events += state.apply(step)
    assert bool(of_type(events, ev.Fell)) is falls
    assert status(state, 1) == ("fallen" if falls else "running")


# -- 22: stragglers ---------------------------------------------------------------------------------


def test_a_straggler_in_the_leaders_lane_does_not_hold_him_up() -> None:
    """22-01: « il est possible que le premier soit gêné par le dernier. Ce traînard n'a pas le droit
    d'empêcher la progression du premier et il est automatiquement éliminé »: the leader steps onto
    the straggler's cell, which eliminates him (D15)."""
    game = new_game(**SMALL, laps=2)
    state = position(game, {1: (1, 4, 5, 1), 2: (1, 4, 6, 0), 3: (5, 4, 1, 1)}, current=1)
    act(state, "roll 3")
    assert "avant" in legal(state)
    events = act(state, "avant")
    assert of_type(events, ev.Straggler) == [ev.Straggler(2, 1)]
    assert status(state, 2) == "straggler" and where(state, 1) == cell(game, 1, 4, 6)
    act(state, "avant", "avant")
    assert where(state, 1) == cell(game, 1, 4, 8)


def test_a_straggler_in_another_lane_is_eliminated_when_the_leader_draws_level() -> None:
    """22-01: « Si ce traînard est sur un autre couloir que celui du premier, il est également
    éliminé dès que le premier arrive à sa hauteur » (D15)."""
    game = new_game(**SMALL, laps=2)
    state = position(game, {1: (1, 4, 4, 1), 2: (3, 4, 6, 0), 3: (5, 4, 1, 1)}, current=1)
    events = act(state, "roll 3", "avant")
    assert status(state, 2) == "running"  # still a length short of a lap behind
    events += act(state, "avant")
    assert of_type(events, ev.Straggler) == [ev.Straggler(2, 1)]
    assert status(state, 2) == "straggler"
    assert state.occupant[cell(game, 3, 4, 6)] == -1


def test_in_a_turn_level_means_the_leaders_length_starts_at_or_past_the_stragglers() -> None:
    """22-01: « dès que le premier arrive à sa hauteur »: in a turn the outer lengths are shorter
    arcs (4 in lane 6 for 2 at the rail), so "at his height" is read on the track's common measure:
    the leader's length begins at or past the straggler's, a lap on (D15). N°2 is on the 3rd of lane
    6's four lengths, which begins halfway round the turn: the leader at the rail is level with him
    on his 2nd length of the turn, not on his 1st."""
    game = new_game(**SMALL, laps=2)
    state = position(game, {1: (1, 2, 3, 1), 2: (6, 3, 2, 0), 3: (5, 4, 1, 1)}, current=1)
    act(state, "roll 3", "avant")
    assert where(state, 1) == cell(game, 1, 3, 0) and status(state, 2) == "running"
    events = act(state, "avant")
    assert of_type(events, ev.Straggler) == [ev.Straggler(2, 1)]


# -- 23: the arrival ---------------------------------------------------------------------------------


ARRIVAL: dict[str, Any] = {"category": "A", "finish": "0.5"}
"""The finish plaque on rank 5 of the start straight: a horse has arrived at lap 1, rank 5 or past."""


def test_arrival_order_is_read_after_the_round_furthest_past_first() -> None:
    """23-01: « la position des 6 chevaux après que le jockey du cheval N°6 ait fini de jouer [...] le
    cheval N°2 a dépassé l'arrivée et le cheval N°5 est sur la plaquette d'arrivée, (Le fait d'être
    sur la plaquette est considéré comme étant arrivé) [...] le N°2 est premier et le N°5 est
    deuxième »: N°1 reaches the plaque first, but N°3 and N°4, later in the round, go further past
    (D16)."""
    game = new_game(6, **ARRIVAL)
    spots = {1: (1, 0, 1, 1), 2: (2, 0, 0, 1), 3: (3, 0, 2, 1), 4: (4, 0, 3, 1)}
    state = position(game, {**spots, 5: (5, 0, 0, 1), 6: (6, 0, 0, 1)}, current=1)
    events = act(state, "roll 4", *["avant"] * 4)  # N°1 onto the plaque
    assert of_type(events, ev.CrossedFinish) == [ev.CrossedFinish(1)]
    assert status(state, 1) == "arrived" and order(state) == []  # read after the round
    act(state, "roll 1", "avant")  # N°2: rank 1, short of the finish
    act(state, "roll 6", *["avant"] * 6)  # N°3: rank 8, three lengths past
    act(state, "roll 4", *["avant"] * 4)  # N°4: rank 7, two past
    act(state, "roll 2", "avant", "avant")  # N°5: rank 2
    assert status(state, 4) == "arrived" and where(state, 4) == cell(game, 4, 0, 7)
    events = act(state, "roll 4", *["avant"] * 4)  # N°6: rank 4, one short of the plaque
    assert status(state, 6) == "running"
    assert [(e.horse, e.place) for e in of_type(events, ev.Placed)] == [(3, 1), (4, 2), (1, 3)]
    assert order(state) == [3, 4, 1]
    assert all(state.occupant[where(state, n)] == -1 for n in (1, 3, 4))  # off the track
    assert state.round == 3 and state.current == 1  # N°2, N°5 and N°6 run on


def test_arrived_horses_stay_on_the_track_until_the_round_ends() -> None:
    """23-01: the horses are taken off the track when the order is read, after the round: until then
    an arrived horse stands where it stopped, and nobody passes through it (D16)."""
    game = new_game(**ARRIVAL)
    state = position(game, {1: (1, 0, 4, 1), 2: (1, 0, 2, 1), 3: (2, 0, 4, 1)}, current=1)
    act(state, "roll 1", "avant")  # N°1 on the plaque
    act(state, "roll 3", "avant", "avant")
    assert legal(state) == ["bloque"]  # N°1 in front, N°3 beside


def test_horses_abreast_at_the_finish_roll_off_for_the_better_place() -> None:
    """23-04: « deux chevaux soient EX AEQUO [...] lancent chacun une fois un DÉ et celui qui a marqué
    le nombre de points le plus fort devient le deuxième et l'autre est le troisième »: a chance node,
    each equally likely to win (D17)."""
    game = new_game(**ARRIVAL)
    spots = {1: (1, 0, 3, 1), 2: (2, 0, 1, 1), 3: (3, 0, 0, 1), 4: (4, 0, 0, 1), 5: (5, 0, 0, 1)}
    state = position(game, spots, current=1)
    act(state, "roll 4", *["avant"] * 4)  # N°1: rank 7
    act(state, "roll 6", *["avant"] * 6)  # N°2: rank 7, abreast
    act(state, "roll 6", *["avant"] * 6)  # N°3: rank 6
    act(state, "roll 1", "avant")  # N°4
    events = act(state, "roll 1", "avant")  # N°5: the round ends
    assert of_type(events, ev.Tied) == [ev.Tied((1, 2))]
    assert state.is_chance_node() and state.chance_roller() is None
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx({"rolloff 1": 0.5, "rolloff 2": 0.5})
    refuse(state, "rolloff 3", f"{NS}.illegal.not_an_outcome")
    events = act(state, "rolloff 2")
    assert order(state) == [2, 1, 3]
    assert [(e.horse, e.place) for e in of_type(events, ev.Placed)] == [(2, 1), (1, 2), (3, 3)]


def test_three_horses_abreast_roll_off_until_each_has_a_place() -> None:
    """23-04 for three horses abreast: the highest die takes the best place, the two others roll
    again; re-rolls of equal dice are left out, so every horse left is equally likely (D17)."""
    game = new_game(**ARRIVAL)
    spots = {1: (1, 0, 3, 1), 2: (2, 0, 1, 1), 3: (3, 0, 2, 1), 4: (4, 0, 0, 1), 5: (5, 0, 0, 1)}
    state = position(game, spots, current=1)
    act(state, "roll 4", *["avant"] * 4, "roll 6", *["avant"] * 6, "roll 5", *["avant"] * 5)
    act(state, "roll 1", "avant", "roll 1", "avant")  # N°4, N°5: the round ends
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx({f"rolloff {n}": 1 / 3 for n in (1, 2, 3)})
    act(state, "rolloff 3")
    assert order(state) == [3]
    assert {str(a): p for a, p in state.chance_outcomes()} == pytest.approx(
        {"rolloff 1": 0.5, "rolloff 2": 0.5}
    )
    act(state, "rolloff 1")
    assert order(state) == [3, 1, 2]
    assert state.is_chance_node() and state.current == 3  # N°4 and N°5 run on


def test_the_last_horse_left_is_placed_without_playing() -> None:
    """23-02: « Concernant le cheval N°4, il est inutile qu'il rejoue puisqu'il est automatiquement
    dernier » (D18)."""
    game = new_game(**ARRIVAL)
    state = position(game, {5: (5, 0, 4, 1), 6: (6, 0, 0, 1)}, current=5, placed=[2, 1, 3])
    act(state, "roll 1", "avant")  # N°5 on the plaque
    events = act(state, "roll 2", "avant", "avant")  # N°6 short of it
    assert [(e.horse, e.place) for e in of_type(events, ev.Placed)] == [(5, 4)]
    assert of_type(events, ev.LastPlaced) == [ev.LastPlaced(6, 5)]
    assert of_type(events, ev.RaceOver) == [ev.RaceOver((2, 1, 3, 5, 6))]
    assert state.is_terminal()


def test_the_round_stops_when_the_only_horse_left_has_nobody_to_race() -> None:
    """23-02: the last horse is « automatiquement dernier »: when a fall leaves one horse running and
    no horse waits for its place this round, it is placed at once, without rolling (D18)."""
    game = new_game(**LARGE_D, hurdles="4.10")
    state = position(game, {5: (1, 4, 8), 6: (6, 4, 2)}, current=5, placed=[1, 2, 3])
    events = act(state, "roll 2", "avant", "avant")
    assert of_type(events, ev.Fell) == [ev.Fell(5, "hurdle")]
    assert of_type(events, ev.LastPlaced) == [ev.LastPlaced(6, 4)]
    assert of_type(events, ev.DiceRolled) == [ev.DiceRolled(0, 5, 2)]  # N°6 never rolls
    assert state.is_terminal() and order(state) == [1, 2, 3, 6]


def test_a_horse_yet_to_play_may_still_pass_one_that_arrived_this_round() -> None:
    """23-01: the order is read « après que le jockey du cheval N°6 ait fini de jouer », furthest
    past first: when N°5 arrives and N°6 is the only horse left running, N°6 still plays his turn
    and, going further past, takes the better place (D18)."""
    game = new_game(**ARRIVAL)
    state = position(game, {5: (5, 0, 4, 1), 6: (6, 0, 3, 1)}, current=5, placed=[2, 1, 3])
    act(state, "roll 1", "avant")  # N°5 on the plaque, no length past
    assert state.current == 5 and state.is_chance_node()  # N°6 rolls
    act(state, "roll 6", *["avant"] * 6)  # N°6: rank 9, four lengths past
    assert order(state) == [2, 1, 3, 6, 5]
    assert state.is_terminal()


def test_with_every_horse_eliminated_nobody_is_placed_or_paid() -> None:
    """04-01, 22-01: a straggler eliminated and a fall in the same move can leave no horse: the race
    ends without placings, and the stakes stay in the bank (D19)."""
    game = new_game(**LARGE_D, hurdles="4.10", laps=2)
    state = position(game, {5: (1, 4, 7, 1), 6: (1, 4, 8, 0)}, current=5)
    events = act(state, "roll 3", "avant", "avant", "avant")
    assert of_type(events, ev.Straggler) == [ev.Straggler(6, 5)]
    assert of_type(events, ev.Fell) == [ev.Fell(5, "hurdle")]
    assert of_type(events, ev.RaceOver) == [ev.RaceOver(())]
    assert not of_type(events, ev.StakePaid)
    assert state.is_terminal() and list(state.money()) == [0, 0]


# -- 07-05, 23-03: stakes ---------------------------------------------------------------------------


def finish_with(game: ToquesEtCasques, placed: Sequence[int]) -> ToquesState:
    """A race that ends now: ``placed`` already on the board, N°6 arrives alone on the plaque."""
    state = position(game, {6: (6, 0, 4, 1)}, current=6, placed=placed)
    act(state, "roll 1", "avant")
    assert state.is_terminal()
    return state


def test_the_stakes_are_paid_to_the_owners_as_announced() -> None:
    """07-05: « 60 Euros au 1er, 40 Euros au 2ème et 20 Euros au 3ème »; 23-03: the arrival order;
    the shares go to the jockeys who run the horses (D20)."""
    game = new_game(**ARRIVAL)  # two jockeys: N°1, N°3, N°5 to seat 0; N°2, N°4, N°6 to seat 1
    state = finish_with(game, [3, 4, 1, 2])
    assert order(state) == [3, 4, 1, 2, 6]
    paid = [e for e in state.events if isinstance(e, ev.StakePaid)]
    assert paid == [ev.StakePaid(0, 3, 1, 60), ev.StakePaid(1, 4, 2, 40), ev.StakePaid(0, 1, 3, 20)]
    assert list(state.money()) == [80, 40]
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.returns == (1.0, 0.0)


def test_shares_with_no_horse_to_take_them_stay_in_the_bank() -> None:
    """07-05: the split names places; when fewer horses are placed than shares, the rest of the
    stakes is not paid to anyone (D20)."""
    game = new_game(**ARRIVAL, stakes=200, split="80,50,40,20,10")
    state = finish_with(game, [2, 1])  # three horses placed: 2, 1, 6
    assert list(state.money()) == [50, 80 + 40]
    assert sum(state.money()) == 170  # of the 200 stakes


def test_equal_fortunes_share_the_win() -> None:
    """The richest jockey wins the table; equal fortunes share the win (D21)."""
    game = new_game(**ARRIVAL, split="60,60")
    state = finish_with(game, [1])  # N°1 (seat 0) first, N°6 (seat 1) second
    assert list(state.money()) == [60, 60]
    assert state.outcome().winners == (0, 1)
    assert state.outcome().returns == (0.5, 0.5)


# -- 07: the steward ---------------------------------------------------------------------------------


STEWARD: dict[str, Any] = {"category": "A", "steward": True}


def test_the_steward_reviews_every_move_and_approves() -> None:
    """07-03: « Le rôle du Commissaire consiste à surveiller le bon déroulement de la course »: after
    every move of a horse still on the track, the steward's seat decides; nobody else acts (D22)."""
    game = new_game(3, **STEWARD)  # seats 0 and 1 ride, seat 2 is the steward
    state = position(game, {1: (1, 4, 2), 2: (4, 4, 2)}, current=1)
    act(state, "roll 2", "avant", "avant")
    assert state.active_players() == (2,)
    assert legal(state, 2) == ["approve", "disqualify", "replace"]
    assert state.legal_actions(0) == []
    refuse(state, "avant", "error.not_your_turn", player=0)
    refuse(state, "avant", f"{NS}.illegal.review_now", player=2)
    events = act(state, "approve", player=2)
    assert of_type(events, ev.Reviewed) == [ev.Reviewed(2, 1, "approve")]
    assert where(state, 1) == cell(game, 1, 4, 4) and state.current == 1


def test_the_steward_puts_the_horse_back_where_its_move_began() -> None:
    """07-03: « le pénaliser en le remplaçant à l'endroit où il se trouvait »: the horse goes back to
    where the move began; a straggler the move eliminated stays eliminated (D22)."""
    game = new_game(3, **STEWARD, laps=2)
    state = position(game, {1: (1, 4, 2, 1), 2: (1, 4, 3, 0), 3: (4, 4, 9, 1)}, current=1)
    events = act(state, "roll 3", "avant", "avant", "avant")
    assert of_type(events, ev.Straggler) == [ev.Straggler(2, 1)]
    events = act(state, "replace", player=2)
    assert of_type(events, ev.Reviewed) == [ev.Reviewed(2, 1, "replace")]
    assert where(state, 1) == cell(game, 1, 4, 2) and state.lap[0] == 1
    assert state.occupant[cell(game, 1, 4, 5)] == -1
    assert status(state, 2) == "straggler"
    assert state.current == 2  # N°3 plays next


def test_a_horse_put_back_from_the_finish_has_not_arrived() -> None:
    """07-03 and 23-01: the steward's replacement undoes an arrival (D22)."""
    game = new_game(3, **STEWARD, finish="0.5")
    state = position(game, {1: (1, 0, 3, 1), 2: (2, 0, 0, 1)}, current=1)
    act(state, "roll 3", "avant", "avant", "avant")
    assert status(state, 1) == "arrived"
    act(state, "replace", player=2)
    assert status(state, 1) == "running" and where(state, 1) == cell(game, 1, 0, 3)


def test_the_steward_may_disqualify_a_cheat() -> None:
    """07-03: « il peut aussi éliminer un jockey s'il estime que celui-ci a triché. Dans ce cas, il
    ôte de la piste le cheval fautif » (D22)."""
    game = new_game(3, **STEWARD)
    state = position(game, {1: (1, 4, 2), 2: (4, 4, 2), 3: (5, 4, 2)}, current=1)
    act(state, "roll 2", "avant", "ecart 2")
    events = act(state, "disqualify", player=2)
    assert of_type(events, ev.Reviewed) == [ev.Reviewed(2, 1, "disqualify")]
    assert status(state, 1) == "disqualified"
    assert state.occupant[cell(game, 2, 4, 3)] == -1
    assert state.current == 1


def test_a_fall_is_not_reviewed_but_a_blocked_horse_is() -> None:
    """07-03: the steward reviews the moves of horses still on the track: a horse declared blocked
    is one, a horse that fell is not (D22)."""
    game = new_game(3, category="D", river="none", hurdles="4.20", steward=True)
    state = position(game, {1: (1, 4, 18), 2: (1, 4, 12), 3: (1, 4, 13), 4: (2, 4, 12)}, current=1)
    act(state, "roll 2", "avant", "avant")  # ends on the hurdle
    assert status(state, 1) == "fallen" and state.current == 1 and state.is_chance_node()
    act(state, "roll 3")
    assert legal(state) == ["bloque"]  # N°2 at the rail: N°3 in front, N°4 beside
    act(state, "bloque")
    assert state.active_players() == (2,)


# -- 13-02: moving a hurdle everyone has passed -----------------------------------------------------


RELOCATION: dict[str, Any] = {"category": "D", "river": "none", "hurdles": "4.10,4.30"}
"""Large track (long straights of 44, short of 4, a lap of 104 rail lengths), finish at 0.0, one lap."""
RELOCATION_SPOTS = {1: (1, 4, 20), 2: (2, 4, 15), 3: (3, 4, 9)}
"""N°1 leads on rank 20 of the far straight; N°3, last, stands just behind the hurdle on rank 10."""
EXPECTED_TARGETS = [f"hurdle 4.{r}" for r in range(33, 44)] + [f"hurdle 6.{r}" for r in range(4)]
"""Where the hurdle may go once N°3 has passed it: more than a full roll (12 lengths) beyond the
leader on rank 20 (so from rank 33 of the far straight), before the finish at 0.0 of the next lap
(which leaves the far straight's end and the second short straight; the first short straight comes
only after the finish), clear of the other hurdle on 4.30."""


def test_a_hurdle_everyone_has_passed_may_be_moved_far_ahead_by_the_last_passer() -> None:
    """13-02: « lorsque tous les chevaux ont franchi une haie celle-ci peut être ôtée et replacée
    loin devant le cheval de tête »: without a steward, the jockey whose move completes the passage
    decides; the hurdle goes more than a full roll ahead of the leader, before the finish (D23)."""
    game = new_game(3, **RELOCATION)
    state = position(game, RELOCATION_SPOTS, current=3)
    act(state, "roll 2", "avant", "avant")  # over the hurdle to rank 11
    assert status(state, 3) == "running"
    assert state.active_players() == (state.owner[2],) == (2,)
    assert legal(state) == sorted(["keep", *EXPECTED_TARGETS])
    events = act(state, "hurdle 4.40")
    assert of_type(events, ev.HurdleMoved) == [ev.HurdleMoved(2, "4.10", "4.40")]
    assert state.obstacle[cell(game, 3, 4, 10)] == ""
    assert all(state.obstacle[c] == "hurdle" for c in state.track.station_cells(Station(4, 40)))
    assert state.hurdles == [Station(4, 40), Station(4, 30)]
    assert state.is_chance_node() and state.current == 0  # round over: N°1 rolls


def test_in_a_longer_race_a_station_behind_the_pack_is_far_ahead_in_the_next_lap() -> None:
    """13-02: « loin devant le cheval de tête », two laps: a station behind the last horse (N°3 on
    rank 11 of the far straight) is next passed a lap later, far beyond the leader, so it may take the
    hurdle; the first short straight (before the finish in lap 1) may too, and so may the start
    straight beyond the finish's run-out (10-04 closes only ranks 0 to 12 there). Stations among the
    horses (ranks 11 to 32) may not (D2, D23)."""
    game = new_game(3, **RELOCATION, laps=2)
    state = position(game, RELOCATION_SPOTS, current=3)
    act(state, "roll 2", "avant", "avant")
    behind = [f"hurdle 4.{r}" for r in range(11)] + [f"hurdle 2.{r}" for r in range(4)]
    behind += [f"hurdle 0.{r}" for r in range(13, 44)]
    assert legal(state) == sorted(["keep", *EXPECTED_TARGETS, *behind])


def test_a_hurdle_may_be_kept_where_it_is() -> None:
    """13-02: « celle-ci peut être ôtée »: may, not must; a hurdle kept waits for the next lap's
    passage before it is offered again (D23)."""
    game = new_game(3, **RELOCATION)
    state = position(game, RELOCATION_SPOTS, current=3)
    act(state, "roll 2", "avant", "avant")
    events = act(state, "keep")
    assert of_type(events, ev.HurdleKept) == [ev.HurdleKept(2, "4.10")]
    assert state.hurdles[0] == Station(4, 10)
    assert state.obstacle[cell(game, 1, 4, 10)] == "hurdle"
    act(state, "roll 2", "avant", "avant")  # N°1 moves on: no new decision
    assert state.is_chance_node() and state.current == 1


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("4.32", "exactly a full roll ahead: the leader could land on it"),
        ("4.25", "among the horses"),
        ("4.30", "on the other hurdle"),
        ("0.10", "after the finish"),
        ("2.1", "beyond the finish, in the next lap"),
        ("5.0", "in a turn"),
    ],
)
def test_a_hurdle_cannot_be_moved_anywhere(target: str, why: str) -> None:
    """13-02: « replacée loin devant le cheval de tête »; 10-04, 13-01, 14-05 hold for it too (D23)."""
    game = new_game(3, **RELOCATION)
    state = position(game, RELOCATION_SPOTS, current=3)
    act(state, "roll 2", "avant", "avant")
    err = refuse(state, f"hurdle {target}", f"{NS}.illegal.hurdle_place")
    assert err.params["station"] == target, why
    refuse(state, "avant", f"{NS}.illegal.relocate_now")


def test_with_a_steward_the_steward_moves_the_hurdle() -> None:
    """07-03, 13-02: the steward runs the race, so he decides where the hurdle goes (D23)."""
    game = new_game(4, **RELOCATION, steward=True)
    state = position(game, RELOCATION_SPOTS, current=3)
    act(state, "roll 2", "avant", "avant")
    act(state, "approve", player=3)
    assert state.active_players() == (3,)
    assert legal(state, 3) == sorted(["keep", *EXPECTED_TARGETS])
    refuse(state, "keep", "error.not_your_turn", player=2)
    act(state, "hurdle 6.2", player=3)
    assert state.hurdles[0] == Station(6, 2)


def test_the_hurdle_is_not_offered_while_a_horse_has_still_to_pass_it() -> None:
    """13-02: « lorsque tous les chevaux ont franchi une haie »: a horse still short of it has not
    (D23)."""
    game = new_game(3, **RELOCATION)
    state = position(game, {**RELOCATION_SPOTS, 3: (3, 4, 7)}, current=3)
    act(state, "roll 2", "avant", "avant")  # N°3 stops just before the hurdle
    assert state.is_chance_node() and state.current == 0


def test_adjacent_hurdles_are_one_double_hurdle_in_the_observation() -> None:
    """13-01: « 2 haies placées l'une après l'autre représentent une double haie qui occupe donc 2
    longueurs »: the observation lists the hurdles as the engine groups them, so the board draws
    what it is given; a hurdle moved next to the other (13-02) makes a double hurdle there."""
    game = new_game(3, category="D", river="none", hurdles="4.11,4.10")
    obs = game.new_initial_state().observation(0)
    assert obs["hurdle_runs"] == [{"stations": ["4.10", "4.11"], "double": True}]
    assert obs["hurdles"] == ["4.11", "4.10"]  # the plaques, as the course lists them
    game = new_game(3, category="D", river="none", hurdles="4.10,4.34")
    state = position(game, RELOCATION_SPOTS, current=3)
    singles = [{"stations": ["4.10"], "double": False}, {"stations": ["4.34"], "double": False}]
    assert state.observation(None)["hurdle_runs"] == singles
    act(state, "roll 2", "avant", "avant", "hurdle 4.33")
    assert state.observation(1)["hurdle_runs"] == [{"stations": ["4.33", "4.34"], "double": True}]


@pytest.mark.parametrize("clockwise", [False, True])
def test_the_observation_names_the_start_places_and_the_eliminated_horses(clockwise: bool) -> None:
    """06-02, FIG.03: place N°1 is at the rail, or outside when running the other way round; the
    observation gives each place's cell, where the draw (08-01) puts that horse. 07-03: a fallen
    horse is eliminated, a placed one is not. 03-01: category A is harness trot."""
    game = new_game(2, clockwise=clockwise)
    state = game.new_initial_state()
    places = state.observation(0)["start_places"]
    lanes = [game.course.track.cells[c].lane + 1 for c in places]
    assert lanes == ([6, 5, 4, 3, 2, 1] if clockwise else [1, 2, 3, 4, 5, 6])
    rng = random.Random(7)
    while state.phase is Phase.DRAW and state.is_chance_node():
        state.apply(state.sample_chance(rng), None)
    assert state.phase is Phase.RACE
    assert [state.cell[h] for h in HORSES] == places  # the draw put every horse on its place
    assert state.observation(None)["course"]["harness"] is True  # category A by default
    assert not new_game(2, category="C").new_initial_state().observation(0)["course"]["harness"]
    game = new_game(3, **RELOCATION)
    obs = position(game, RELOCATION_SPOTS, current=3, placed=[4]).observation(0)
    eliminated = {x["number"]: (x["status"], x["eliminated"]) for x in obs["horses"]}
    assert eliminated[4] == ("placed", False) and eliminated[1] == ("running", False)
    assert eliminated[5] == eliminated[6] == ("fallen", True)


def test_a_fall_can_complete_the_passage_and_the_fallen_horses_jockey_decides() -> None:
    """13-02: « lorsque tous les chevaux ont franchi une haie »: the horses are those still in the
    race; when the last horse behind a hurdle falls, every horse left has passed it, and the jockey
    whose move it was decides (D23)."""
    game = new_game(3, **RELOCATION)
    state = position(game, {1: (1, 4, 20), 2: (2, 4, 15), 3: (3, 4, 7)}, current=3)
    events = act(state, "roll 3", "avant", "avant", "avant")  # ends on the hurdle at 4.10
    assert of_type(events, ev.Fell) == [ev.Fell(3, "hurdle")]
    assert state.active_players() == (2,)
    assert "keep" in legal(state)


# -- 24: variants -----------------------------------------------------------------------------------


def test_variant_24_02_ecart_on_the_start_plaque() -> None:
    """24-02: « Accorder le droit de faire un écart sur la plaquette départ » (D24)."""
    state = drawn_race(new_game(6, ecart_on_start=True))
    act(state, "roll 1", "avant", "roll 2")  # N°2, lane 1 beside him now free
    assert legal(state) == ["avant", "ecart 1"]
    act(state, "ecart 1")
    assert where(state, 2) == cell(state.game, 1, 0, 0)


def test_variant_24_03_every_move_begins_with_an_avant() -> None:
    """24-03: « Interdire de commencer par un écart mais obligatoirement par un avant » (D24)."""
    game = new_game(**SMALL, avant_first=True)
    state = position(game, {1: (3, 4, 2), 2: (6, 4, 10)}, current=1)
    act(state, "roll 3")
    assert legal(state) == ["avant"]
    refuse(state, "ecart 2", f"{NS}.illegal.ecart_first")
    act(state, "avant")
    assert legal(state) == ["avant", "ecart 2", "ecart 4"]


def test_variant_24_03_except_on_the_start_plaque_with_24_02() -> None:
    """24-03: « [...] sauf sur la plaquette départ »: there 09-06 (or 24-02 when played) decides
    (D24)."""
    state = drawn_race(new_game(6, avant_first=True, ecart_on_start=True))
    act(state, "roll 1", "avant", "roll 2")
    assert legal(state) == ["avant", "ecart 1"]
    state = drawn_race(new_game(6, avant_first=True))
    act(state, "roll 1", "avant", "roll 2")
    refuse(state, "ecart 1", f"{NS}.illegal.ecart_start")


def test_variant_24_04_first_ecart_two_lengths_after_the_plaque() -> None:
    """24-04: « Interdire de faire un écart dès que vous quittez la plaquette départ, et n'autoriser
    le premier écart que 2 longueurs après avoir quitté cette plaquette »: the plaque is rank 0, so no
    écart on rank 1, the length right after leaving it, and the first écart on rank 2, two lengths
    after the plaque, in the first lap; a lap on, no restriction (D24)."""
    game = new_game(6, late_ecart=True)
    state = drawn_race(game)
    act(state, "roll 4")
    refuse(state, "ecart 2", f"{NS}.illegal.ecart_start")
    act(state, "avant")
    err = refuse(state, "ecart 2", f"{NS}.illegal.ecart_late")
    assert "24-04" in str(err)
    act(state, "avant")  # rank 2: two lengths after the plaque, the écart is allowed from here
    assert where(state, 1) == cell(game, 1, 0, 2)
    assert legal(state) == ["avant", "ecart 2"]
    act(state, "ecart 2")
    assert where(state, 1) == cell(game, 2, 0, 2)
    later = position(game, {1: (3, 0, 1, 1), 2: (6, 0, 10, 1)}, current=1)
    act(later, "roll 1")
    assert legal(later) == ["avant", "ecart 2", "ecart 4"]  # a lap on, no restriction


def test_variant_24_04_overrides_24_02_on_the_plaque() -> None:
    """24-02 and 24-04 together: the first écart still waits for rank 2 (D24)."""
    state = drawn_race(new_game(6, late_ecart=True, ecart_on_start=True))
    act(state, "roll 1", "avant", "roll 2")
    refuse(state, "ecart 1", f"{NS}.illegal.ecart_late")


# -- messages ---------------------------------------------------------------------------------------


def _keys_in_source() -> set[str]:
    """Every refusal key the rules and the course checks can raise, read from their source."""
    pkg = files("hippodrome.games.toques_et_casques")
    rules = (pkg / "rules.py").read_text(encoding="utf-8")
    course = (pkg / "course.py").read_text(encoding="utf-8")
    found = {f"{NS}.illegal.{k}" for k in re.findall(r"\{ns\}\.(\w+)", rules)}
    found |= {f"{NS}.course.{k}" for k in re.findall(r'_refuse\(\s*"(\w+)"', course)}
    found |= {f"{NS}.course.{k}" for k in re.findall(rf'"{NS}\.course\.(\w+)"', rules)}
    return found


def test_every_refusal_is_explained_in_english_and_french() -> None:
    """D25: every refusal names its rule in both languages of the platform, with the same
    parameters."""
    keys = _keys_in_source()
    tested = {f"{NS}.course.{rule}" for _, rule in COURSE_REFUSALS}
    assert tested <= keys
    assert len(keys) > 30
    en, fr = catalog("en"), catalog("fr")
    for key in sorted(keys):
        assert key in en, key
        assert key in fr, key
        assert string_fields(en[key]) == string_fields(fr[key]), key
        assert en[key] != fr[key], key


def string_fields(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", template))


def test_every_refusal_key_has_a_scenario() -> None:
    """D25: each reason a step or a decision can be refused for is met by a test above."""
    pinned = {
        "not_an_outcome",
        "review_now",
        "relocate_now",
        "hurdle_place",
        "not_blocked",
        "avant_taken",
        "ecart_one_lane",
        "ecart_twice",
        "ecart_obstacle",
        "ecart_turn",
        "ecart_start",
        "ecart_first",
        "ecart_late",
        "ecart_taken",
    }
    illegal = {k.rsplit(".", 1)[1] for k in _keys_in_source() if ".illegal." in k}
    # chance_action, not_now and no_lane are met below; every other key has its scenario above.
    assert illegal - pinned == {"chance_action", "not_now", "no_lane"}


def test_chance_and_decisions_cannot_be_played_by_a_jockey_moving_his_horse() -> None:
    """D25: dice are chance's, reviews the steward's, hurdles the decider's: a jockey playing his
    points is told so."""
    game = new_game(**SMALL)
    state = position(game, {1: (1, 4, 2), 2: (6, 4, 10)}, current=1)
    act(state, "roll 3")
    refuse(state, "roll 6", f"{NS}.illegal.chance_action")
    refuse(state, "approve", f"{NS}.illegal.not_now")
    refuse(state, "hurdle 4.5", f"{NS}.illegal.not_now")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Ecart(0))  # no notation reaches it: lanes are written 1 to 6
    assert err.value.key == f"{NS}.illegal.no_lane"
    assert state.to_json() == before


def test_notation_round_trips() -> None:
    """Every action has one notation (DESIGN.md): ``str(parse(text)) == text``."""
    game = new_game()
    for text in itertools.chain(
        ["avant", "bloque", "approve", "replace", "disqualify", "keep", "hurdle 4.12"],
        (f"ecart {n}" for n in range(1, 7)),
        (f"roll {n}" for n in range(1, 13)),
        (f"draw {n}" for n in range(1, 7)),
        (f"rolloff {n}" for n in range(1, 7)),
    ):
        assert str(game.parse_action(text)) == text
    assert str(game.parse_action("écart 3")) == "ecart 3"
    assert str(game.parse_action("bloqué")) == "bloque"


def test_the_finish_is_laid_at_the_last_moment() -> None:
    """10-03: « l'arrivée ne sera placée qu'au dernier moment »: in a two-lap race the finish plaque
    (station 0.0, where the start plaque lay) is announced, not laid, while any horse has still to
    pass that station before its final lap; a one-lap race lays it once the start plaque is lifted."""
    for laps in (1, 2):
        game = load_game("toques_et_casques", players=2, category="C", laps=laps)
        state = game.new_initial_state()
        assert isinstance(state, ToquesState)
        rng = random.Random(laps)
        seen = []
        while not state.is_terminal():
            laid = state.finish_placed()
            lap = state.track.lap_ticks
            on_track = [state.progress(h) for h in range(6) if state.status[h] in ON_TRACK]
            if laid and not state.order:
                assert not state.start_plaque
                assert min(on_track) > game.course.target - lap  # type: ignore[attr-defined]
            if state.start_plaque:
                assert not laid, "never laid while the start plaque lies on its station"
            seen.append(laid)
            if state.is_chance_node():
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                p = state.active_players()[0]
                state.apply(RandomBot().choose(SeatView(state, p), rng), p)
        assert state.finish_placed(), "laid for good once horses are placed"
        assert not seen[0] and seen[-1]
        assert seen == sorted(seen), "once laid, the plaque stays"
