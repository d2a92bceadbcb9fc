"""Win, Place & Show's material (seed 001, §3 « Le programme », §6 the track): the data file and
its check."""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any

from hippodrome.games.win_place_show.material import FILE, material, track


def raw() -> dict[str, Any]:
    text = (files("hippodrome.games.win_place_show") / "material.toml").read_text("utf-8")
    return tomllib.loads(text)


def problems_with(change: Any) -> list[str]:
    data = raw()
    change(data)
    found: list[str] = []
    FILE.parse(data, found)
    return found


def test_the_oval_has_two_straights_of_25_and_turns_of_15_inside_to_19_outside() -> None:
    # Seed §6: « deux lignes droites de 25 cases [...] deux virages de 15 cases à l'intérieur et de
    # 19 cases à l'extérieur ».
    t = track()
    assert [s.lengths for s in t.segments] == [
        (25,) * 5,
        (15, 16, 17, 18, 19),
        (25,) * 5,
        (15, 16, 17, 18, 19),
    ]
    assert t.lane_length(0) == 80 and t.lane_length(4) == 88
    spaces = [c for c, on in t.features["passing_space"].items() if on]
    assert any(t.is_turn(c) for c in spaces), "« doubler un cheval dans un virage » needs some"


def test_six_programs_of_six_horses_with_speed_and_klasse_as_the_seed_defines_them() -> None:
    m = material()
    assert len(m.races) == 6
    for race in m.races:
        assert len(race.horses) == 6
        for h in race.horses:
            # §3: Speed « total des déplacements du cheval sauf pour le dernier tour », Klasse all.
            assert h.speed == sum(h.strengths[:-1]) and h.klasse == sum(h.strengths)
            assert h.strength(len(h.strengths) + 5) == h.strengths[-1]


def test_a_speed_that_is_not_the_sum_of_the_strengths_is_named() -> None:
    def spoil(data: dict[str, Any]) -> None:
        data["races"][2]["horses"][1]["speed"] += 1

    found = problems_with(spoil)
    assert any("races[2].horses[1]" in p and "Speed" in p for p in found), found


def test_every_table_must_say_where_it_comes_from() -> None:
    def spoil(data: dict[str, Any]) -> None:
        del data["purse_split"]["constraint"]

    assert any("[purse_split]" in p for p in problems_with(spoil))


def test_the_purse_goes_to_four_shares_summing_to_the_whole() -> None:
    def spoil(data: dict[str, Any]) -> None:
        data["purse_split"]["percent"] = [60, 20, 12, 9]

    assert any("purse_split" in p for p in problems_with(spoil))
    assert sum(material().purse_split) == 100


def test_duplicate_bonus_numbers_in_a_race_are_refused() -> None:
    def spoil(data: dict[str, Any]) -> None:
        horses = data["races"][0]["horses"]
        horses[1]["bonus"] = horses[0]["bonus"]

    assert any("bonus" in p for p in problems_with(spoil))
