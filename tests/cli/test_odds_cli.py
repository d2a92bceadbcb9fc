"""``hippodrome odds``: a record or a position document in, odds out; bad input is one clear line."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from tests import suite
from tests.command import run

from hippodrome import cli
from hippodrome.analysis.odds import MIN_SIMULATIONS
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.games import load_game

BETTING = 11
"""In the record below, after 11 moves (seven draws, the lot, three bets) seat 0 bets again."""


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load_game("royal_turf", players=3)
    final = play_match(game, [make_bot("random", "royal_turf") for _ in range(3)], seed=3)
    seats = [Seat(f"bot-{i}", "random") for i in range(3)]
    path = tmp_path_factory.mktemp("odds") / "game.json"
    GameRecord.from_state(final, seats).save(path)
    return path


def test_odds_of_a_record_after_some_moves(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Royal Turf's races on numpy (its manifest's simulator): without numpy the odds would play
    5,000 whole games for each choice, over an hour."""
    suite.requires("numpy", "research")
    code, out, err = run(
        ["odds", str(record), "--at", str(BETTING), "--simulations", "5000", "--json"], capsys
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["at"] == BETTING and data["seat"] == 0
    assert data["simulations"] == 5000, "the bets share one set of races"
    assert len(data["horses"]) == 7
    assert data["choices"] and all(c["action"].startswith("bet ") for c in data["choices"])


def test_odds_as_a_table(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite.requires("numpy", "research")  # 2,000 races on numpy; whole games without it
    code, out, _ = run(
        ["odds", str(record), "--at", str(BETTING), "--simulations", "2000", "--lang", "fr"],
        capsys,
    )
    assert code == 0
    assert "2,000 simulations" in out and "Parier" in out and "pace" in out


def test_odds_of_a_position_document_for_another_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = load_game("toques_et_casques", players=2)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(30):
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    code, out, err = run(["odds", str(path), "--seat", "1", "--simulations", "1", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["at"] is None and data["seat"] == 1 and data["method"] == "engine"
    assert data["simulations"] >= 1


def _corrupt(tmp_path: Path, record: Path) -> Path:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["moves"][9] = [1, "bet 7 nobody"]
    path = tmp_path / "corrupt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--at", "100000"], "--at 100000"),
        (["--at", "-1"], "--at -1"),
        (["--seat", "3"], "--seat 3"),
        (["--seat", "-1"], "--seat -1"),
        (["--simulations", "0"], "--simulations 0"),
        (["--simulations", "-5"], "--simulations -5"),
        (["--seconds", "0"], "--seconds 0"),
        (["--seconds", "-2"], "--seconds -2"),
        (["--seconds", "nan"], "--seconds nan"),
        (["--seconds", "inf"], "--seconds inf"),
        (["--seconds", "1e300"], "a day at most"),
        (["--seconds", "1", "--simulations", "10"], "not both"),
    ],
)
def test_bad_arguments_are_named(
    record: Path, args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["odds", str(record), "--at", str(BETTING), *args], capsys)
    assert code == 2
    assert named in err, err
    assert "Traceback" not in err + out


def test_a_record_that_does_not_replay_is_refused_naming_the_move(
    tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["odds", str(_corrupt(tmp_path, record)), "--simulations", "10"], capsys)
    assert code == 2 and "moves[9]" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "neither a game record nor a position document"),
        ('{"game": "royal_turf", "options": {"players": 3}, "position": {}}', "rules_version"),
        ('{"game": "chess", "options": {}, "position": {}}', "chess"),
        ('{"game": "royal_turf", "options": {"players": 9}, "position": {}}', "options"),
    ],
)
def test_a_document_that_does_not_validate_is_refused(
    tmp_path: Path, content: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "doc.json"
    path.write_text(content, encoding="utf-8")
    code, _, err = run(["odds", str(path), "--simulations", "10"], capsys)
    assert code == 2 and named in err and "Traceback" not in err, err


def test_a_position_that_no_game_can_reach_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = load_game("royal_turf", players=3).new_initial_state()
    data = state.to_json()
    data["position"]["money"] = [0, -100, 0]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(["odds", str(path), "--simulations", "10"], capsys)
    assert code == 2 and "position.money" in err and "Traceback" not in err, err


def test_at_needs_a_record_and_a_finished_game_has_no_odds(
    tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = load_game("royal_turf", players=3).new_initial_state()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    code, _, err = run(["odds", str(path), "--at", "3"], capsys)
    assert code == 2 and "--at" in err
    code, _, err = run(["odds", str(record), "--simulations", "10"], capsys)
    assert code == 2 and "game is over" in err


def test_rates_show_their_wilson_interval_as_its_bounds(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37, point 8: a Wilson interval is not symmetric; it is printed [low, high]."""
    suite.requires("numpy", "research")
    monkeypatch.setattr(cli.console, "width", 160)  # each cell on one line
    code, out, _ = run(["odds", str(record), "--at", str(BETTING), "--simulations", "500"], capsys)
    assert code == 0
    assert re.search(r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\]", out), out
    horses = out.split("Horses", 1)[1].split("choices", 1)[0]
    assert "±" not in horses


def test_an_estimate_on_too_few_simulations_is_not_shown_and_says_so(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 37, point 8: one simulation for each choice printed ``+12500 ±0``; now no figure,
    and the reason with what to do."""
    code, out, _ = run(
        ["odds", str(record), "--at", str(BETTING), "--engine", "--simulations", "1"], capsys
    )
    assert code == 0
    assert "±0" not in out and "100.0%" not in out
    assert f"fewer than {MIN_SIMULATIONS} simulations" in out
    assert "races simulated, fewer than" in out


def test_the_ray_option_names_the_cluster_extra(capsys: pytest.CaptureFixture[str]) -> None:
    """Rich read ``[cluster]`` as markup and printed « Needs hippodrome. »."""
    code, out, _ = run(["analyze", "--help"], capsys)
    assert code == 0
    assert "hippodrome[cluster]" in " ".join(out.split())
