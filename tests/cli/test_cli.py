"""The hippodrome command, driven as a user would: arguments in, text out, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from tests.command import run
from tests.planned import add_planned_game

from hippodrome.engine.record import GameRecord
from hippodrome.games import CATALOGUE, playable_ids


def test_games_lists_every_registered_game_with_its_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = add_planned_game(monkeypatch)
    code, out, _ = run(["games"], capsys)
    assert code == 0
    for game_id in playable_ids():
        assert game_id in out
    assert "playable" in out
    assert any(planned.id in line and "planned" in line for line in out.splitlines())


def test_rules_prints_the_rules_document_with_its_decisions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["rules", "royal_turf"], capsys)
    assert code == 0
    assert "Royal Turf" in out
    assert "test_" in out, "every decision names the test that pins it"


def test_rules_of_a_planned_game_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = add_planned_game(monkeypatch)
    code, _, err = run(["rules", planned.id], capsys)
    assert code == 2
    assert "not playable yet" in err
    assert "Traceback" not in err


def test_unknown_game_and_bad_options_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["bench", "monopoly"], capsys)
    assert code == 2 and "no game 'monopoly'" in err
    code, _, err = run(["bench", "royal_turf", "-o", "players=9"], capsys)
    assert code == 2 and "players: 9" in err and "2 to 6" in err
    code, _, err = run(["bench", "royal_turf", "-o", "jokers=true"], capsys)
    assert code == 2 and "unknown option 'jokers'" in err
    code, _, err = run(["bench", "royal_turf", "-o", "hidden_bets"], capsys)
    assert code == 2 and "NAME=VALUE" in err
    for seconds in ("nan", "inf", "0", "1e300"):  # a bench that would never end, or never begin
        code, _, err = run(["bench", "royal_turf", "--seconds", seconds], capsys)
        assert code == 2 and f"--seconds {seconds.replace('1e300', '1e+300')}" in err
    assert "Traceback" not in err


def test_a_bad_seat_is_refused_in_the_command_s_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "royal_turf", "--seat", "human", "--lang", "fr", "--seat"]
    code, _, err = run([*argv, "ismcts:0it"], capsys)
    assert code == 2 and "budget de bot « 0it »" in err
    code, _, err = run([*argv, "wise"], capsys)
    assert code == 2 and "type de place « wise » : choisissez parmi human" in err


@pytest.mark.slow  # 200 games
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


BENCH_MEASURES = (
    "actions_per_second",
    "games_per_second",
    "clone_per_second",
    "resample_for_per_second",
)


def check_bench_figures(result: dict[str, object], rounds: int) -> None:
    """One game's figures: each a positive median within its spread, counted over every round."""
    assert result["rounds"] == rounds
    actions, games = result["actions"], result["games"]
    assert isinstance(actions, int) and isinstance(games, int)
    assert actions > games >= rounds, "every round plays at least one whole game"
    assert isinstance(result["mid_game_actions"], int) and result["mid_game_actions"] > 0
    spread = result["spread"]
    assert isinstance(spread, dict) and set(spread) == set(BENCH_MEASURES)
    for name in BENCH_MEASURES:
        low, high = spread[name]
        median = result[name]
        assert isinstance(median, float)
        assert 0 < low <= median <= high, (name, low, median, high)


def test_bench_json_reports_speed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["bench", "royal_turf", "--seconds", "0.2", "--rounds", "2", "--json"], capsys
    )
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "royal_turf" and data["options"]["players"] == 3
    assert data["build"] in ("pure Python", "compiled")
    check_bench_figures(data, rounds=2)


def test_bench_all_interleaves_every_playable_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bench", "--all", "--seconds", "0.05", "--rounds", "2", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["build"] in ("pure Python", "compiled")
    assert (data["build"] == "compiled") == any(
        m.startswith("hippodrome.engine.") for m in data["compiled_modules"]
    )
    assert data["python"] and data["rounds"] == 2
    assert [r["game"] for r in data["results"]] == playable_ids()
    for result in data["results"]:
        check_bench_figures(result, rounds=2)


def test_bench_all_prints_a_table_that_names_the_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["bench", "--all", "--seconds", "0.02", "--rounds", "1"], capsys)
    assert code == 0
    assert "pure Python build" in out or "compiled build" in out
    for column in ("actions/s", "games/s", "clone/s", "resample"):  # a narrow terminal wraps
        assert column in out
    for game_id in playable_ids():
        assert CATALOGUE[game_id].titles["en"] in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["bench"], "name a game to bench, or give --all"),
        (["bench", "royal_turf", "--all"], "not both"),
        (["bench", "--all", "-o", "players=4"], "name the game instead of --all"),
        (["bench", "--all", "--rounds", "0"], "--rounds"),
        (["bench", "royal_turf", "--seconds", "0"], "--seconds"),
    ],
)
def test_bench_refuses_bad_input_in_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert says in err and "Traceback" not in err
    assert out == "", "nothing is measured"


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
    # The menu says each move as a player would, its notation beside it.
    assert "Bet 1 on Earl Grey (bet 1 earl_grey)" in out
    assert "Result" in out and "Ada" in out
    assert record.exists()

    code, out, _ = run(["replay", str(record), "--lang", "fr"], capsys)
    assert code == 0
    assert "Vainqueur" in out and "Course 3 terminée" in out and "Résultat" in out


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


def test_play_refuses_a_save_path_that_cannot_be_written_before_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """--save is checked before the first move: a missing folder or a folder given as the file is
    refused at once, and no game is played."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    for target, reason in (
        (tmp_path / "missing" / "game.json", "does not exist"),
        (tmp_path, "this is a folder"),
    ):
        code, out, err = run(
            ["play", "royal_turf", "--seat", "human", "--seat", "random", "--save", str(target)],
            capsys,
        )
        assert code == 2 and reason in err, err
        assert "Result" not in out and "Traceback" not in out + err


def test_a_played_game_is_never_lost_when_the_save_fails_at_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """If the record cannot be written once the game is over (the folder went away), it is written
    to a file of its own in the temporary folder, and the command says where."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    folder = tmp_path / "gone"
    folder.mkdir()
    target = folder / "game.json"
    real_save = GameRecord.save

    def vanished_folder(self: GameRecord, path: Path) -> None:
        if path == target:
            raise FileNotFoundError(2, "No such file or directory")
        real_save(self, path)

    monkeypatch.setattr(GameRecord, "save", vanished_folder)
    code, out, err = run(
        ["play", "royal_turf", "--seat", "human", "--seat", "random", "--save", str(target)],
        capsys,
    )
    assert code == 0 and "Could not write" in err and "Traceback" not in out + err
    saved = sorted(tmp_path.glob("hippodrome-royal_turf-*.json"))
    assert len(saved) == 1 and f"Recordsavedto{saved[0]}instead" in "".join(out.split())
    assert json.loads(saved[0].read_text())["result"] is not None


def test_players_without_seats_fills_the_table_with_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """-o players=4 with no --seat: nobody chose a seat count, so the default table (a human
    against heuristic bots) grows to four seats instead of being refused; with --seat given, the
    counts must agree, and the message says what to do."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 2000))
    code, out, err = run(["play", "royal_turf", "-o", "players=4", "--seed", "2"], capsys)
    assert code == 0, err
    assert "human-0, heuristic-1, heuristic-2, heuristic-3" in out
    code, out, _ = run(
        ["simulate", "royal_turf", "-o", "players=4", "--games", "2", "--json"], capsys
    )
    assert code == 0 and len(json.loads(out)["seats"]) == 4
    code, _, err = run(
        ["play", "royal_turf", "--seat", "human", "--seat", "random", "-o", "players=4"], capsys
    )
    assert code == 2 and "one --seat per player" in err


def test_the_0_token_is_hinted_only_with_its_variant(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """§1: « Variante - on prend aussi les pions 0 »: without the variant the hints offer 1 and 2."""
    monkeypatch.setattr("sys.stdin", io.StringIO("bet 5 othello\nfly\n" + "1\n" * 2000))
    code, out, _ = run(["play", "royal_turf", "--seat", "human", "--seat", "random"], capsys)
    flat = " ".join(out.split())  # the console wraps long lines
    assert code == 0
    assert "tokens: 1, 2)" in flat and "bet <1|2> <horse>" in flat and "<0|" not in flat
    monkeypatch.setattr("sys.stdin", io.StringIO("bet 5 othello\n" + "1\n" * 2000))
    argv = ["play", "royal_turf", "--seat", "human", "--seat", "random", "-o", "zero_tokens=true"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and "tokens: 0, 1, 2)" in " ".join(out.split())


def test_replay_of_a_truncated_record_reads_well(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "cut.json"
    bad.write_text('{"format": "hippodrome-rec')
    code, _, err = run(["replay", str(bad)], capsys)
    flat = " ".join(err.split())  # the console wraps long lines
    assert code == 2 and "Unterminated string starting at: line 1 column 12" in flat
    assert "at at" not in flat


def test_replay_refuses_a_record_of_other_game_data_before_narrating(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A record played with other cards or tables is refused before its first line of narration."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    record = tmp_path / "partial.json"
    run(
        ["play", "royal_turf", "--seat", "human", "--seat", "random", "--save", str(record)], capsys
    )
    data = json.loads(record.read_text())
    data["data_digest"] = "0000000000000000"
    record.write_text(json.dumps(data))
    code, out, err = run(["replay", str(record)], capsys)
    assert code == 2 and "field data_digest" in err
    assert out == ""


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
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every playable game describes its positions today; a game registered later may not yet (the
    engine's default), and the command says so in one line."""
    from hippodrome.engine.game import Game  # noqa: PLC0415
    from hippodrome.games.win_place_show.rules import WinPlaceShow  # noqa: PLC0415

    monkeypatch.setattr(WinPlaceShow, "position_schema", Game.position_schema)
    code, _, err = run(["position-schema", "win_place_show"], capsys)
    assert code == 2
    assert "error" in err
