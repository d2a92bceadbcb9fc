"""Tournaments: every seating in turn, the same figures in one process or several, honest ratings."""

from __future__ import annotations

import json

import pytest
from tests.command import run

from hippodrome.analysis.tournament import (
    TRUESKILL,
    GameResult,
    elo_ratings,
    seatings,
    tournament,
    trueskill_ratings,
)
from hippodrome.engine.errors import OptionsError
from hippodrome.server.ratings import TRUESKILL as PLAYERS

SPECS = ["heuristic", "random", "ismcts:3it"]


def test_every_seating_is_played_in_turn_and_each_bot_sits_every_seat() -> None:
    result = tournament("royal_turf", {"players": 3}, SPECS, games=6, seed=3)
    assert [r.seating for r in result.results] == seatings(3)
    data = result.to_json()
    assert data["games"] == 6 and data["seatings"] == 6
    assert sum(e["win_rate"] for e in data["entrants"]) == pytest.approx(1.0)
    assert sum(s["win_rate"] for s in data["seats"]) == pytest.approx(1.0)
    for e in data["entrants"]:
        low, high = e["win_rate_ci"]
        assert 0.0 <= low <= e["win_rate"] <= high <= 1.0
        assert e["decisions"] > 0
    assert data["first_seat"]["even_share"] == pytest.approx(1 / 3)


def test_several_processes_give_the_same_games_as_one() -> None:
    one = tournament("royal_turf", {"players": 2}, ["heuristic", "random"], games=4, seed=8)
    two = tournament(
        "royal_turf", {"players": 2}, ["heuristic", "random"], games=4, seed=8, workers=2
    )
    strip = [(r.seating, r.returns, r.money, r.places, r.length) for r in one.results]
    assert strip == [(r.seating, r.returns, r.money, r.places, r.length) for r in two.results]


def _result(seating: tuple[int, ...], places: tuple[int, ...]) -> GameResult:
    n = len(seating)
    return GameResult(0, seating, (0.0,) * n, (0.0,) * n, places, 1, (0.0,) * n, (0,) * n)


def test_elo_orders_the_stronger_first_and_keeps_the_mean() -> None:
    results = [_result((0, 1, 2), (0, 1, 2)), _result((2, 1, 0), (2, 1, 0))] * 10
    elo = elo_ratings(3, results)
    assert elo[0] > elo[1] > elo[2]
    assert sum(elo) / 3 == pytest.approx(1500.0)
    even = elo_ratings(2, [_result((0, 1), (0, 1)), _result((0, 1), (1, 0))] * 5)
    assert even[0] == pytest.approx(even[1])


def test_trueskill_orders_the_stronger_first_and_grows_surer_with_the_games() -> None:
    """The library's TrueSkill, game after game: three finishing in the same order most of the
    time end rated in that order, each sigma smaller than the starting 25/3; two who share first
    place every time end level, above the third."""
    results = [_result((0, 1, 2), (0, 1, 2)), _result((2, 1, 0), (2, 1, 0))] * 10
    results.append(_result((1, 0, 2), (0, 1, 2)))
    skill = trueskill_ratings(3, results)
    assert skill[0].mu > skill[1].mu > skill[2].mu
    assert all(r.sigma < 25 / 3 for r in skill)
    shared = trueskill_ratings(3, [_result((0, 1, 2), (0, 0, 1)), _result((2, 1, 0), (1, 0, 0))])
    assert shared[0].mu == pytest.approx(shared[1].mu, abs=0.01) and shared[1].mu > shared[2].mu + 3


def test_bots_are_rated_in_the_environment_players_are() -> None:
    """A tournament's TrueSkill reads as the server's ratings of players do."""
    settings = ("mu", "sigma", "beta", "tau", "draw_probability")
    assert [getattr(TRUESKILL, k) for k in settings] == [getattr(PLAYERS, k) for k in settings]


@pytest.mark.parametrize(
    ("specs", "games", "workers"),
    [
        (["heuristic", "random", "random"], 2, 0),
        (["heuristic", "random", "random"], 0, 1),
        (["heuristic", "random", "ismcts:0it"], 2, 1),
        (["heuristic", "random"], 2, 1),
    ],
)
def test_bad_input_is_refused(specs: list[str], games: int, workers: int) -> None:
    with pytest.raises(OptionsError):
        tournament("royal_turf", {"players": 3}, specs, games=games, workers=workers)


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "royal_turf", "--seat", "heuristic", "--seat", "ismcts:2it"]
    code, out, _ = run([*argv, "--games", "2", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert [e["bot"] for e in data["entrants"]] == ["heuristic", "ismcts:2it"]
    assert data["games"] == 2 and "elo" in data["entrants"][0]
    skill = data["entrants"][0]["trueskill"]
    assert skill["mu"] > 0 and 0 < skill["sigma"] < 25 / 3


def test_the_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "royal_turf", "--seat", "heuristic", "--seat", "random"]
    code, out, _ = run([*argv, "--games", "2"], capsys)
    assert code == 0
    assert "Elo" in out and "±" in out and "First seat" in out  # TrueSkill: mu ± sigma


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--workers", "0"], "--workers 0"),
        (["--games", "0"], "--games 0"),
        (["--seat", "random", "--seat", "ismcts:0it"], "bot budget '0it'"),
        (["--seat", "random", "--seat", "ismcts:nanms"], "bot budget 'nanms'"),
        (["--seat", "random", "--seat", "human"], "bots only"),
    ],
)
def test_the_command_names_bad_input_without_a_traceback(
    extra: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["tournament", "royal_turf", *extra], capsys)
    assert code != 0
    assert named in out + err
    assert "Traceback" not in out + err
