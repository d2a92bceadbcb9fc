"""Balance reports (``hippodrome analyze``) and the tournament's plot and Ray cluster.

Lean on purpose: a handful of games each. The figures' statistics are checked on games whose
outcome is built by hand; the real games are played only to show that every registered game gets a
report (through its manifest's hook) and that the command answers bad input with one clear line.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from tests import suite
from tests.command import run

from hippodrome.analysis.balance import (
    BalanceGame,
    BalanceReport,
    BalanceTask,
    Question,
    Row,
    analyze,
    event_label,
    play_balance_game,
    questions,
)
from hippodrome.analysis.stats import mean_interval, wilson_interval
from hippodrome.analysis.tournament import tournament
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.errors import OptionsError
from hippodrome.engine.events import Event
from hippodrome.engine.pool_events import SlipPaid
from hippodrome.engine.study import Measure, Tally
from hippodrome.games import entry, load_game, playable_ids
from hippodrome.games.win_place_show.balance import slip_returns

PNG = b"\x89PNG"
RAW_KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")


def _game(index: int, returns: tuple[float, ...], *facts: Tally | Measure) -> BalanceGame:
    n = len(returns)
    return BalanceGame(index, returns, (100.0,) * n, 10, (("pool.paid", index % 2),), facts)


def test_royal_turf_report_counts_each_horse_of_each_race_once() -> None:
    report = analyze("royal_turf", {"players": 3}, games=3, seed=5)
    data = report.to_json()
    assert data["games"] == 3
    assert sum(s["value"] for s in data["seats"]) == pytest.approx(1.0)
    first = data["first_seat"]
    assert first["advantage"] == pytest.approx(first["value"] - 1 / 3)
    by_square = next(q for q in data["questions"] if q["question"].endswith("starting square"))
    # Seven horses line up on squares 33 down to 27, three races a game.
    assert [r["level"] for r in by_square["rows"]] == [f"square {s}" for s in range(27, 34)]
    assert all(r["count"] == 3 * 3 for r in by_square["rows"])
    assert sum(r["value"] * r["count"] for r in by_square["rows"]) == pytest.approx(9)
    assert not by_square["reconstructed"]
    cards = next(q for q in data["questions"] if q["question"] == "Race won, by the horse's card")
    assert cards["reconstructed"]
    for event in data["events"]:
        assert "{" not in event["label"] and event["label"] != event["key"]
        low, high = event["games_fired"]["ci"]
        assert low <= event["games_fired"]["value"] <= high


def test_several_processes_give_the_same_report_as_one() -> None:
    one = analyze("toques_et_casques", {}, games=2, seed=1)
    two = analyze("toques_et_casques", {}, games=2, seed=1, workers=2)
    assert one.results == two.results
    assert {**one.to_json(), "workers": 2} == two.to_json()


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_registered_game_reports_its_own_questions(game_id: str) -> None:
    """A game gets the report by registering: its manifest's hook answers on a real game."""
    assert entry(game_id).balance_hook() is not None
    result = play_balance_game_for(game_id)
    assert result.facts, f"{game_id}: the hook said nothing about a whole game"
    for fact in result.facts:
        assert fact.question and fact.level
        assert not RAW_KEY.fullmatch(fact.level), f"{game_id}: a raw key as a level: {fact.level}"


def play_balance_game_for(game_id: str) -> BalanceGame:
    options = entry(game_id).conformance_options()[0]
    return play_balance_game(BalanceTask(game_id, options, seed=2, index=0))


def test_a_level_dominates_only_when_its_interval_clears_every_other() -> None:
    rows = (Row("a", 0.9, 0.8, 0.95, 100), Row("b", 0.2, 0.1, 0.3, 100))
    clear = Question("q", "rate", True, rows, Row("overall", 0.55, 0.5, 0.6, 200))
    assert clear.dominant() == "a"
    assert clear.apart() == (["a"], ["b"])
    close = (Row("a", 0.5, 0.3, 0.7, 10), Row("b", 0.4, 0.2, 0.6, 10))
    overlapping = Question("q", "rate", True, close, Row("overall", 0.45, 0.3, 0.6, 20))
    assert overlapping.dominant() is None
    assert "No level dominates" in overlapping.verdict()


def test_a_promised_rate_outside_the_interval_is_named() -> None:
    """Win, Place & Show's odds promise a rate: 30 to 1 is 1/31, which 2 wins in 400 miss."""
    games = [
        _game(
            i,
            (1.0, 0.0),
            Tally("Won, by odds", "30 to 1", float(i < 2), True, 1 / 31),
            Tally("Won, by odds", "1 to 1", float(i < 200), True, 1 / 2),
        )
        for i in range(400)
    ]
    (q,) = questions(games)
    long_shot, favourite = q.rows[1], q.rows[0]
    assert (favourite.level, long_shot.level) == ("1 to 1", "30 to 1")
    assert long_shot.misses_expected() and not favourite.misses_expected()
    assert "Promised rate outside the interval: 30 to 1." in q.verdict()


def test_questions_group_facts_by_level_with_their_intervals() -> None:
    results = [
        _game(0, (1.0, 0.0), Tally("Won, by lane", "lane 10", 1.0), Measure("Paid", "x", 2.0)),
        _game(1, (0.0, 1.0), Tally("Won, by lane", "lane 9", 0.0), Measure("Paid", "x", 4.0)),
        _game(2, (0.5, 0.5), Tally("Won, by lane", "lane 9", 1.0, reconstructed=True)),
    ]
    won, paid = questions(results)
    assert [r.level for r in won.rows] == ["lane 9", "lane 10"]  # natural order
    assert [(r.value, r.count) for r in won.rows] == [(0.5, 2), (1.0, 1)]
    assert won.reconstructed and won.kind == "rate"
    assert paid.kind == "mean" and paid.rows[0].value == pytest.approx(3.0)
    report = BalanceReport("royal_turf", {}, 0, 1, 2, results)
    seats = report.seats()
    assert [s.value for s in seats] == [0.5, 0.5]
    fired = {key: (share.value, mean.value) for key, share, mean in report.events()}
    assert fired["pool.paid"] == pytest.approx((1 / 3, 1 / 3))


def test_a_game_without_a_hook_gets_the_common_report_as_one_page() -> None:
    suite.requires("matplotlib", "research")
    report = BalanceReport("royal_turf", {"players": 2}, 0, 1, 2, [_game(0, (1.0, 0.0))])
    page = report.to_html()
    assert page.startswith("<!doctype html>")
    assert "declares no balance hook" in page
    assert page.count("data:image/png;base64,") == 4  # seats, length, money, events
    assert 'src="http' not in page and "<script" not in page  # self-contained


def test_event_labels_are_the_catalogs_words() -> None:
    assert event_label("royal_turf.horse_moved") == "… moves … from square … to square …."
    assert "…" in event_label("royal_turf.horse_moved", "fr")
    assert event_label("no.such_event") == "no.such_event"


def test_analyze_writes_one_html_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    suite.requires("matplotlib", "research")
    page = tmp_path / "report.html"
    argv = ["analyze", "toques_et_casques", "--games", "3", "--out", str(page), "--seed", "4"]
    code, out, _ = run(argv, capsys)
    assert code == 0, out
    text = page.read_text(encoding="utf-8")
    assert "Toques et Casques: balance report" in text
    assert "Race won, by starting lane" in text and "reconstructed table" in text
    assert "3 games" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["analyze", "no_such_game", "--games", "2"], "no game 'no_such_game'"),
        (["analyze", "royal_turf", "--games", "0"], "--games 0: give at least 1"),
        (["analyze", "royal_turf", "--workers", "0"], "--workers 0: give at least 1"),
        (["analyze", "royal_turf", "-o", "players=9"], "players: 9"),
    ],
)
def test_analyze_refuses_bad_input_in_one_line(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "report.html"
    code, out, err = run([*argv, "--out", str(page)], capsys)
    assert code == 2
    assert said in err and "Traceback" not in err + out
    assert not page.exists()


def test_without_matplotlib_a_plot_is_refused_with_the_extra_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    page = tmp_path / "report.html"
    code, _, err = run(["analyze", "royal_turf", "--games", "1", "--out", str(page)], capsys)
    assert code == 2 and "hippodrome[research]" in err
    assert not page.exists()
    plot = tmp_path / "t.png"
    argv = ["tournament", "royal_turf", "--games", "1", "--plot", str(plot)]
    code, _, err = run(argv, capsys)
    assert code == 2 and "hippodrome[research]" in err


def test_tournament_plot_draws_the_win_rates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite.requires("matplotlib", "research")
    plot = tmp_path / "rates.png"
    argv = ["tournament", "royal_turf", "--seat", "heuristic", "--seat", "random"]
    code, out, _ = run([*argv, "--games", "2", "--plot", str(plot)], capsys)
    assert code == 0, out
    assert plot.read_bytes().startswith(PNG)


def test_a_ray_address_that_does_not_answer_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In one line naming the address; without Ray (the cluster extra), naming the extra."""
    with pytest.raises(OptionsError):
        tournament(
            "royal_turf", {"players": 2}, ["heuristic", "random"], games=1, ray="127.0.0.1:1"
        )
    argv = ["tournament", "royal_turf", "--games", "1", "--ray", "127.0.0.1:1"]
    code, out, err = run(argv, capsys)
    said = "127.0.0.1:1" if importlib.util.find_spec("ray") else "hippodrome[cluster]"
    assert code == 2 and said in err and "Traceback" not in err + out


def test_tournament_runs_on_a_local_ray_instance() -> None:
    ray = suite.requires("ray", "cluster")
    specs = ["heuristic", "random"]
    try:
        on_ray = tournament("royal_turf", {"players": 2}, specs, games=2, seed=4, ray="local")
    finally:
        ray.shutdown()
    here = tournament("royal_turf", {"players": 2}, specs, games=2, seed=4)
    assert [r.returns for r in on_ray.results] == [r.returns for r in here.results]


def test_win_place_show_slips_are_paid_from_their_own_pool() -> None:
    """Each race's pool and the daily doubles' pool number their slips from 1 (§10, §11): every
    dollar paid is set against the one slip it pays, none lost, none counted twice."""
    game = load_game("win_place_show", players=4)
    events: list[Event] = []
    bots = [make_bot("heuristic", "win_place_show") for _ in range(4)]
    play_match(game, bots, seed=3, on_events=lambda _, new: events.extend(new))
    slips = slip_returns(events)
    assert {slip.kind for slip, _ in slips} >= {"win", "show", "double"}
    paid = sum(e.amount for e in events if isinstance(e, SlipPaid))
    assert sum(back * (slip.stake or 0) for slip, back in slips) == pytest.approx(paid)


def test_a_question_s_intervals_are_clustered_by_game() -> None:
    """Issue 37, point 8: the bets of one race win or lose together. Forty games of ten bets
    that all win or all lose tell as much as forty bets, not four hundred: the interval is that
    of forty observations, much wider than independent bets would give."""
    games = [
        _game(i, (1.0, 0.0), *[Tally("Bet won, by kind", "win", float(i % 2)) for _ in range(10)])
        for i in range(40)
    ]
    (q,) = questions(games)
    (row,) = q.rows
    assert (row.value, row.count, row.games) == (0.5, 400, 40)
    independent = wilson_interval(200, 400)
    forty = wilson_interval(20, 40)
    assert row.high - row.low > 2 * (independent[1] - independent[0])
    assert (row.low, row.high) == pytest.approx(forty, abs=0.01)
    # One observation a game: the plain Wilson interval.
    single = [_game(i, (1.0, 0.0), Tally("Won", "x", float(i % 3 == 0))) for i in range(30)]
    (plain,) = questions(single)
    assert (plain.rows[0].low, plain.rows[0].high) == pytest.approx(wilson_interval(10, 30))


def test_a_mean_s_interval_is_clustered_by_game_and_never_narrower() -> None:
    """Money back per bet: ten bets a game that pay alike (one race) spread as one."""
    games = [
        _game(i, (1.0, 0.0), *[Measure("Paid back", "win", float(i % 4)) for _ in range(10)])
        for i in range(20)
    ]
    (q,) = questions(games)
    row = q.rows[0]
    mean, low, high = mean_interval([float(i % 4) for i in range(20) for _ in range(10)])
    assert row.value == pytest.approx(mean) and row.games == 20
    assert row.high - row.low > 2.5 * (high - low)
    # Independent values in every game: the cluster-robust interval may not be narrower.
    spread = [
        _game(i, (1.0, 0.0), *[Measure("Paid back", "win", float((i + j) % 5)) for j in range(5)])
        for i in range(20)
    ]
    (q2,) = questions(spread)
    values = [float((i + j) % 5) for i in range(20) for j in range(5)]
    _, low2, high2 = mean_interval(values)
    assert q2.rows[0].high - q2.rows[0].low >= high2 - low2 - 1e-12


def test_a_long_title_stays_inside_a_wide_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 37, point 8: a question with long labels beside its bars kept its title's ends off
    the picture; it is wrapped to the figure's width."""
    suite.requires("matplotlib", "research")
    from hippodrome.analysis import plots  # noqa: PLC0415

    measured: dict[str, Any] = {}
    real = plots.png

    def keep(figure: Any) -> bytes:
        figure.tight_layout()
        figure.canvas.draw()
        title = figure._suptitle
        measured["title"], measured["figure"] = title.get_window_extent(), figure.bbox
        line = figure.text(0, 0, title.get_text().replace("\n", " "), fontsize=10)
        measured["one_line"] = line.get_window_extent(figure.canvas.get_renderer()).width
        line.remove()
        return real(figure)

    monkeypatch.setattr(plots, "png", keep)
    title = "Money back per unit bet, by kind of bet and by the horse's odds on the board " * 2
    labels = [f"a rather long event label number {i} of the report, in words" for i in range(6)]
    plots.interval_bars(labels, [1.0] * 6, [(0.5, 1.5)] * 6, title=title, xlabel="x")
    box, figure_box = measured["title"], measured["figure"]
    assert measured["one_line"] > figure_box.width, "on one line the title would not fit"
    assert figure_box.x0 <= box.x0 and box.x1 <= figure_box.x1
    assert figure_box.y0 <= box.y0 and box.y1 <= figure_box.y1
