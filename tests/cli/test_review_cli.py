"""``hippodrome review``: a finished game's record in, every decision judged out; a position (a
record cut with ``--at``, or a position document) in, its best move and the loss of the others out;
bad input is one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.command import run

from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.games import load_game

BUDGET = "6x3"


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load_game("royal_turf", players=3)
    kinds = ["random", "heuristic", "heuristic"]
    final = play_match(game, [make_bot(kind, "royal_turf") for kind in kinds], seed=3)
    seats = [Seat(f"bot-{i}", kind) for i, kind in enumerate(kinds)]
    path = tmp_path_factory.mktemp("review") / "game.json"
    GameRecord.from_state(final, seats).save(path)
    return path


def _first_bet(record: Path) -> int:
    """The number of moves before seat 0's first bet (the draws and the lot come first)."""
    moves = json.loads(record.read_text(encoding="utf-8"))["moves"]
    return next(
        i for i, (seat, action) in enumerate(moves) if seat == 0 and action.startswith("bet")
    )


def test_a_seat_s_review_as_json(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["review", str(record), "--seat", "0", "--budget", BUDGET, "--json"], capsys
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["seats"] == [0] and data["complete"] and data["budget"]["rounds"] == 6
    assert data["decisions"] and all(d["seat"] == 0 for d in data["decisions"])
    assert set(data["by_seat"]) == {"0"}


def test_a_review_as_a_table_in_french(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["review", str(record), "--seat", "0", "--budget", "2x2", "--lang", "fr"], capsys
    )
    assert code == 0, err
    assert "Seat 0" in out and "vos décisions" in out
    assert "Parier" in out or "Avancer" in out


def test_what_should_i_have_done_here(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    at = _first_bet(record)
    code, out, err = run(
        ["review", str(record), "--at", str(at), "--budget", BUDGET, "--json"], capsys
    )
    assert code == 0, err
    data = json.loads(out)
    decision = data["decision"]
    assert data["at"] == at and decision["seat"] == 0 and decision["index"] == at
    assert decision["played"]["action"].startswith("bet")
    assert decision["best"]["text"]["en"] and decision["explanation"]["text"]["fr"]
    assert len(decision["alternatives"]) == 3
    code, out, err = run(["review", str(record), "--at", str(at), "--budget", BUDGET], capsys)
    assert code == 0, err
    assert "Moves compared" in out and "Bet" in out


def test_a_position_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = load_game("royal_turf", players=2)
    final = play_match(game, [make_bot("random", "royal_turf") for _ in range(2)], seed=1)
    record = GameRecord.from_state(final, [Seat("a", "random"), Seat("b", "random")])
    state = game.new_initial_state()
    for _, state, _ in record.replay_steps(game):  # up to the first bet
        if not state.is_chance_node() and state.phase_name() == "betting":
            break
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    code, out, err = run(["review", str(path), "--budget", BUDGET, "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["at"] is None and data["decision"]["played"] is None
    assert data["decision"]["label"] is None


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--budget", "lots"], "budget"),
        (["--budget", "1"], "at least 2"),
        (["--seat", "7"], "seats 0 to 2"),
        (["--at", "100000"], "--at 100000"),
        (["--at", "0"], "chance decides"),
    ],
)
def test_bad_input_is_one_clear_line(
    record: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    code, _, err = run(["review", str(record), *args], capsys)
    assert code == 2
    assert says in err and "Traceback" not in err and len(err.strip().splitlines()) <= 2


def test_a_running_game_is_refused(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["moves"], data["result"] = data["moves"][:30], None
    cut = tmp_path / "running.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(["review", str(cut), "--budget", BUDGET], capsys)
    assert code == 2 and "not over" in err
