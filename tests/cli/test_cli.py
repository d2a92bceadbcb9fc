"""The hippodrome command, driven as a user would: arguments in, text out, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hippodrome.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the command; return (exit code, stdout, stderr)."""
    code = 0
    try:
        main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_games_lists_the_five_games_with_their_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["games"], capsys)
    assert code == 0
    for game_id in (
        "royal_turf",
        "royal_steeple_chase",
        "toques_et_casques",
        "win_place_show",
        "ascot",
    ):
        assert game_id in out
    assert "playable" in out and "planned" in out


def test_rules_prints_the_rules_document_with_its_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["rules", "royal_turf"], capsys)
    assert code == 0
    assert "Royal Turf" in out
    assert "test_" in out, "every decision names the test that pins it"


def test_rules_of_a_planned_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["rules", "ascot"], capsys)
    assert code == 2
    assert "not playable yet" in err
    assert "Traceback" not in err


def test_unknown_game_and_bad_options_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["bench", "monopoly"], capsys)
    assert code == 2 and "no game 'monopoly'" in err
    code, _, err = run(["bench", "royal_turf", "-o", "players=9"], capsys)
    assert code == 2 and "9 players" in err and "2 to 6" in err
    code, _, err = run(["bench", "royal_turf", "-o", "jokers=true"], capsys)
    assert code == 2 and "unknown option 'jokers'" in err
    code, _, err = run(["bench", "royal_turf", "-o", "hidden_bets"], capsys)
    assert code == 2 and "NAME=VALUE" in err
    assert "Traceback" not in err


def test_simulate_json_reports_win_rates_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        [
            "simulate",
            "royal_turf",
            "--games",
            "200",
            "--seed",
            "7",
            "--json",
            "--seat",
            "heuristic",
            "--seat",
            "random",
            "--seat",
            "random",
        ],
        capsys,
    )
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 200
    seats = data["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert sum(s["win_rate"] for s in seats) == pytest.approx(1.0)
    for s in seats:
        low, high = s["win_rate_ci"]
        assert 0.0 <= low <= s["win_rate"] <= high <= 1.0
        assert s["mean_money"] >= 0
    # The heuristic bot wins clearly more than its fair third: the whole interval lies above 1/3.
    assert seats[0]["win_rate_ci"][0] > 1 / 3, seats[0]


def test_simulate_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["simulate", "royal_turf", "--games", "5", "--seat", "random", "--seat", "random"], capsys
    )
    assert code == 0
    assert "win rate" in out and "95% interval" in out and "Mean game length" in out


def test_simulate_refuses_a_human_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["simulate", "royal_turf", "--seat", "human", "--seat", "random"], capsys)
    assert code == 2 and "bots only" in err


def test_bench_json_reports_speed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bench", "royal_turf", "--seconds", "0.2", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["actions_per_second"] > 0 and data["games_per_second"] > 0
    assert data["actions"] > data["games"] > 0


def test_play_a_whole_game_from_the_keyboard_then_replay_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A human answers nonsense, an illegal bet, then always the first legal action."""
    answers = "fly away\nbet 7 othello\n99\n" + "1\n" * 2000
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    record = tmp_path / "game.json"
    code, out, _ = run(
        [
            "play",
            "royal_turf",
            "--seat",
            "human",
            "--seat",
            "heuristic",
            "--seed",
            "5",
            "--name",
            "Ada",
            "--save",
            str(record),
        ],
        capsys,
    )
    assert code == 0, out
    assert "'fly away' is not an action of this game" in out
    assert "'bet 7 othello' is not an action" in out
    assert "choose a number from 1 to" in out
    assert "Result" in out and "Ada" in out
    assert record.exists()

    code, out, _ = run(["replay", str(record), "--lang", "fr"], capsys)
    assert code == 0
    assert "Winner" in out and "Course 3 terminée" in out


def test_play_explains_a_legal_notation_that_is_illegal_now(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Betting twice on one horse is refused with the rulebook's reason, then play goes on."""
    script = ""
    for horse in ("othello", "othello"):
        script += f"bet 1 {horse}\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script + "1\n" * 2000))
    code, out, _ = run(
        ["play", "royal_turf", "--seat", "human", "--seat", "random", "--seed", "1"], capsys
    )
    assert code == 0
    assert "already bet on Othello" in out


def test_play_with_closed_input_abandons_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    record = tmp_path / "partial.json"
    code, out, err = run(
        ["play", "royal_turf", "--seat", "human", "--seat", "random", "--save", str(record)], capsys
    )
    assert code == 1
    assert "Game abandoned" in out
    assert "Traceback" not in out + err
    assert json.loads(record.read_text())["result"] is None


def test_replay_refuses_a_corrupt_record_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and "field file" in err and "Traceback" not in err

    bad.write_text(
        json.dumps({"format": "hippodrome-record", "format_version": 1, "game": "royal_turf"})
    )
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and "field rules_version" in err


def test_data_check_finds_the_material_consistent(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["data", "check"], capsys)
    assert code == 0
    assert "royal_turf: data consistent" in out


def test_position_schema_prints_the_schema_with_the_options_bounds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["position-schema", "royal_turf", "-o", "players=5"], capsys)
    assert code == 0
    schema = json.loads(out)
    assert schema["title"] == "Royal Turf position"
    assert schema["properties"]["money"]["minItems"] == 5
    code, out, _ = run(["position-schema", "toques_et_casques", "-o", "category=D"], capsys)
    assert code == 0
    assert json.loads(out)["properties"]["hurdles"]["maxItems"] >= 1


def test_position_schema_of_a_game_without_one_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["position-schema", "ascot"], capsys)
    assert code == 2
    assert "error" in err
