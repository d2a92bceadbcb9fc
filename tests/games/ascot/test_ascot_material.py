"""Ascot's material (seed 000_fb5c4569383c9a83, read in full): what the seed prints is authentic and
checked against its sentence; what is reconstructed holds the constraint the data file states, which
``hippodrome data check ascot`` verifies and these tests show failing when broken."""

from __future__ import annotations

import copy
import tomllib
from importlib.resources import files
from typing import Any

import pytest

from hippodrome.cli import main
from hippodrome.engine.lanetrack import INWARD
from hippodrome.games import entry
from hippodrome.games.ascot import material as ascot_material
from hippodrome.games.ascot.material import COLOURS, FILE, expected_race_turns, material


def raw() -> dict[str, Any]:
    text = (files("hippodrome.games.ascot") / "material.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def problems_of(document: dict[str, Any]) -> list[str]:
    found: list[str] = []
    m = FILE.parse(document, found)
    if m is not None:
        found.extend(ascot_material._check_chances(m))
    return found


def test_the_data_file_is_consistent_and_the_cli_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert ascot_material.check() == []
    assert entry("ascot").check_data() == []
    with pytest.raises(SystemExit) as exit_:
        main(["data", "check", "ascot"])
    assert exit_.value.code in (0, None)
    assert "ascot: data consistent" in capsys.readouterr().out


def test_the_seed_s_printed_values_are_authentic() -> None:
    m = material()
    # Préparatifs: « Chaque joueur reçoit la somme de Frs 281.000, répartis comme suit : 10 billets
    # de Frs 20.000, 6 billets de Frs 10.000, 8 billets de Frs 2.000 et 10 billets de Frs 500 ».
    assert m.money_each == 281_000 and sum(v * k for v, k in m.notes) == 281_000
    assert m.provenance["money"] == "authentic"
    # Arrêt sur une case: « Fers spéciaux pour la Course Frs 10.000 », headed Maréchal-Ferrant.
    farrier = [s for s in m.squares.values() if s.amount == 10_000 and s.kind == "pay"]
    assert [s.header for s in farrier] == ["marechal_ferrant"]
    # Membres du Club, note: the dinner and the charity, 4.000 each, members only.
    assert sorted(s.fr.split(" :")[0] for s in m.squares.values() if s.kind == "members_pay") == [
        "La Bienfaisance",
        "Les Dépenses du dîner, veille de course",
    ]
    assert {s.amount for s in m.squares.values() if s.kind == "members_pay"} == {4_000}
    assert any(s.kind == "frost" for s in m.squares.values())  # « la case : « Gel » »
    # Préliminaires 2°, Vente aux enchères, Les Paris, Les Prix, Arrêt sur une case 2°.
    assert (m.entry_fee, m.max_runners, m.tickets_per_horse) == (10_000, 3, 4)
    assert (m.commission_percent, m.commission_rounding) == (10, 100)
    assert (m.banker_percent, m.prize_shares, m.totalisator_percent) == (10, (2, 1, 1), 10)
    assert m.colour_bonus == {"black": 4, "red": 3, "yellow": 2, "blue": 1}
    # « Les chevaux jaunes et bleus [...] Ecuries Stevens ; les chevaux noirs et rouges [...] Walroy ».
    assert m.stable_of_horse(1) == "walroy" and m.stable_of_horse(4) == "stevens"


def test_twenty_rental_cards_with_the_six_businesses_the_seed_names() -> None:
    m = material()
    horses = [c for c in m.cards if c.is_horse]
    businesses = {c.id for c in m.cards if not c.is_horse}
    assert len(m.cards) == 20 and [c.number for c in horses] == list(range(1, 13))
    assert {
        "marechal_ferrant",
        "commissaire_priseur",
        "bookmaker",
        "ecurie_stevens",
        "ecurie_walroy",
        "commissaire_du_club",
    } <= businesses
    assert m.provenance["cards"] == "reconstructed"


def test_what_the_seed_does_not_print_is_marked_reconstructed() -> None:
    """The seed names six businesses but prints none of their prices; it names the « Gel » square
    and says members have an advantage there, not what it does; it does not say whom the dinner
    and the charity are paid to (D4). The data file says so, entry by entry."""
    doc = raw()
    named = {
        "marechal_ferrant",
        "commissaire_priseur",
        "bookmaker",
        "ecurie_stevens",
        "ecurie_walroy",
        "commissaire_du_club",
    }
    for business in doc["businesses"]:
        assert business["price_provenance"] == "reconstructed", business["id"]
        assert business["provenance"] == (
            "authentic" if business["id"] in named else "reconstructed"
        )
        assert "price" not in business.get("source", ""), "the card's source names no price"
    (frost,) = [s for s in doc["squares"] if s["kind"] == "frost"]
    assert frost["provenance"] == "reconstructed" and "« Gel »" in frost["constraint"]
    for square in (s for s in doc["squares"] if s["kind"] == "members_pay"):
        assert "(D4)" in square["source"] and "D9" not in square["source"]
    bad = raw()
    del bad["businesses"][0]["price_provenance"]
    assert any("ecurie_walroy) lacks its price's provenance" in p for p in problems_of(bad))


def test_the_reports_hold_the_strangles_and_the_three_immunities() -> None:
    m = material()
    vet = m.reports["veterinary"]
    assert [r.fr.split(" :")[0] for r in vet if r.effect == "strangles"] == [
        "Vos chevaux souffrent de gourme"
    ]
    kept = {r.immunity for deck in m.reports.values() for r in deck if r.effect == "keep"}
    assert kept == {"bridle", "blood_vessel", "fall"}


def test_the_race_course_stands_on_the_lane_track_model() -> None:
    m = material()
    t = m.track()
    assert t.lanes == 6 and not t.closed
    # « il faut avoir au moins 5 points à faire » from the outside lane to the rail.
    here, steps = t.cell(5, 0), 0
    while t.lane_of(here) > 0:
        here = t.diagonal(here, INWARD)
        steps += 1
    assert steps == 5
    # The rail is the one lane of the last turn without « Rupture de vaisseau ».
    vessel = {t.lane_of(c) for c, code in t.features["inscription"].items() if code == "V"}
    assert vessel == {1, 2, 3, 4, 5}


def test_the_colour_order_of_chances_holds_on_every_lane() -> None:
    m = material()
    for text in m.lanes:
        turns = [expected_race_turns(text, c, m.colour_bonus[c]) for c in COLOURS]
        assert turns == sorted(turns)


def test_a_broken_file_is_refused_with_every_problem_named() -> None:
    doc = raw()
    bad = copy.deepcopy(doc)
    bad["money"]["each"] = 280_000
    del bad["club"]["constraint"]
    bad["horses"]["colours"][0] = "red"
    found = problems_of(bad)
    assert any("banknotes" in p for p in found)
    assert any("[club] is reconstructed but states no constraint" in p for p in found)
    assert any("three of each colour" in p for p in found)


def test_the_checks_by_computation_fail_when_the_chances_are_broken() -> None:
    bad = raw()
    # Blue squares everywhere on the rail: a blue horse would outrun a black one there.
    rail = bad["race_course"]["lanes"][0]
    bad["race_course"]["lanes"][0] = "".join("B" if ch in "KRY" else ch for ch in rail)
    assert any("lane 1: the colour order of chances fails" in p for p in problems_of(bad))
    long = raw()
    long["training"]["length"] = 70  # about ten rolls of two dice
    found = problems_of(long)
    assert any("rolls, not between 5 and 8" in p for p in found)


def test_the_vessel_danger_must_spare_the_rail() -> None:
    bad = raw()
    lanes = bad["race_course"]["lanes"]
    start = 14 + 5 + 12  # the rail's last turn
    lanes[0] = lanes[0][:start] + "V" + lanes[0][start + 1 :]
    assert any("but the rail" in p for p in problems_of(bad))
