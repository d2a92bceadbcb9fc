"""Golden records: recorded games replayed on every run (DESIGN.md, "Tests, in layers", 3).

Every ``<name>.json`` under ``tests/golden/<game>/`` is a game record written by
``scripts/regenerate_golden.py`` (``make golden``), next to ``<name>.final.json``, the final state it
reached. Replaying the record with today's engine must reach that state and that result: a rules
change shows up here first. Each golden game is also played again by its bots from its seed, and
must make the very record stored: a bot that now plays otherwise shows up too. If the change is
deliberate, bump the game's ``rules_version`` (for a rule) and run ``make golden``; never edit these
files by hand.

The second half checks that a damaged or foreign record is refused with a ``RecordError`` whose
``field`` names the culprit.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.planned import add_planned_game

from hippodrome.bots.golden import play_golden
from hippodrome.engine.errors import RecordError
from hippodrome.engine.record import GameRecord
from hippodrome.engine.registry import GoldenSpec
from hippodrome.games import CATALOGUE, playable_ids, replay_record

GOLDEN_DIR = Path(__file__).resolve().parent
FINAL_SUFFIX = ".final.json"


def record_paths() -> list[Path]:
    return sorted(
        p for p in GOLDEN_DIR.rglob("*.json") if p.is_file() and not p.name.endswith(FINAL_SUFFIX)
    )


def final_path(record: Path) -> Path:
    return record.with_name(record.name.removesuffix(".json") + FINAL_SUFFIX)


def label(path: Path) -> str:
    return str(path.relative_to(GOLDEN_DIR))


RECORDS = record_paths()


def test_every_playable_game_has_golden_records() -> None:
    recorded = {path.parent.name for path in RECORDS}
    missing = sorted(set(playable_ids()) - recorded)
    assert not missing, (
        f"no golden record for {missing}: declare golden games in the game's manifest "
        "(GameInfo.golden) and run `make golden`"
    )


def test_every_golden_record_is_a_golden_game_of_its_manifest() -> None:
    declared = {(info.id, spec.name) for info in CATALOGUE.values() for spec in info.golden}
    unknown = [label(p) for p in RECORDS if (p.parent.name, p.stem) not in declared]
    assert not unknown, f"records no manifest declares (left from an old spec?): {unknown}"


def test_every_golden_record_has_its_final_state_and_every_final_state_its_record() -> None:
    without_final = [label(p) for p in RECORDS if not final_path(p).is_file()]
    assert not without_final, f"records without a .final.json: {without_final}"
    records = set(RECORDS)
    orphans = [
        label(p)
        for p in GOLDEN_DIR.rglob(f"*{FINAL_SUFFIX}")
        if p.with_name(p.name.removesuffix(FINAL_SUFFIX) + ".json") not in records
    ]
    assert not orphans, f"final states without a record: {orphans}"


@pytest.mark.parametrize("path", RECORDS, ids=label)
def test_a_golden_record_replays_to_its_stored_final_state_and_result(path: Path) -> None:
    record = GameRecord.load(path)
    game_id = path.parent.name
    assert record.game == game_id, (
        f"{label(path)} is a {record.game} record in the {game_id} folder"
    )
    assert record.record_id == f"golden/{game_id}/{path.stem}", (
        f"{label(path)} has record_id {record.record_id!r}: not written by regenerate_golden.py"
    )
    assert record.result is not None, f"{label(path)} is not a finished game"
    try:
        state = replay_record(record)  # checks every move, and the result against the replayed one
    except RecordError as exc:
        pytest.fail(
            f"{label(path)} no longer replays ({exc}): the rules changed. If on purpose, bump "
            "rules_version and run `make golden`."
        )
    stored = json.loads(final_path(path).read_text(encoding="utf-8"))
    assert state.to_json() == stored, (
        f"{label(path)} no longer replays to its stored final state: the rules changed. If on "
        "purpose, bump rules_version and run `make golden`."
    )
    assert state.outcome().to_json() == record.result
    assert stored["history"] == [[p, a] for p, a in record.moves]


GOLDEN_GAMES = [(info.id, spec) for info in CATALOGUE.values() for spec in info.golden]


@pytest.mark.parametrize(
    ("game_id", "spec"), GOLDEN_GAMES, ids=[f"{g}/{s.name}" for g, s in GOLDEN_GAMES]
)
def test_a_golden_game_played_again_by_its_bots_makes_its_stored_record(
    game_id: str, spec: GoldenSpec
) -> None:
    # A record that still replays can still be stale: its bots now play other moves from the same
    # seed (a heuristic changed). Played again, the game must write the very record stored, so that
    # `make golden` on a clean checkout changes nothing.
    path = GOLDEN_DIR / game_id / f"{spec.name}.json"
    record, final = play_golden(game_id, spec)
    stored = GameRecord.load(path)
    assert record.to_json() == stored.to_json(), (
        f"{label(path)}: its bots ({', '.join(spec.seats)}, seed {spec.seed}) no longer play the "
        "stored game. If a bot or a rule changed on purpose, run `make golden` (and bump "
        "rules_version for a rule) and commit the new records."
    )
    assert final.to_json() == json.loads(final_path(path).read_text(encoding="utf-8"))


# -- damaged and foreign records ------------------------------------------------------------------

Tamper = Callable[[dict[str, Any]], None]


def _set(key: str, value: Any) -> Tamper:
    def tamper(data: dict[str, Any]) -> None:
        data[key] = value

    return tamper


def _drop(key: str) -> Tamper:
    def tamper(data: dict[str, Any]) -> None:
        del data[key]

    return tamper


def _move(index: int, seat: int | None = None, notation: str | None = None) -> Tamper:
    def tamper(data: dict[str, Any]) -> None:
        old_seat, old_notation = data["moves"][index]
        data["moves"][index] = [
            old_seat if seat is None else seat,
            old_notation if notation is None else notation,
        ]

    return tamper


def _other_seat(index: int) -> Tamper:
    def tamper(data: dict[str, Any]) -> None:
        seat, notation = data["moves"][index]
        data["moves"][index] = [(seat + 1) % len(data["seats"]), notation]

    return tamper


def _richer_winner(data: dict[str, Any]) -> None:
    data["result"]["money"][data["result"]["ranking"][0][0]] += 100


def _stop_early(data: dict[str, Any]) -> None:
    data["moves"] = data["moves"][:-1]


def _swap_moves(first: int, second: int) -> Tamper:
    def tamper(data: dict[str, Any]) -> None:
        moves = data["moves"]
        moves[first], moves[second] = moves[second], moves[first]

    return tamper


TAMPERINGS: list[tuple[str, Tamper, str]] = [
    ("a die roll where a bet was made", _move(12, notation="roll cap"), "moves[12]"),
    ("a bet placed by the wrong seat", _other_seat(12), "moves[12]"),
    ("a bet on no horse", _move(12, notation="bet 1 pegasus"), "moves[12]"),
    ("a token no one has", _move(12, notation="bet 7 othello"), "moves[12]"),
    ("a superscript digit for a token", _move(12, notation="bet ² othello"), "moves[12]"),
    ("a move that is not [seat, notation]", _set("moves", [["-1", "draw othello 1"]]), "moves[0]"),
    ("a seat that is not at the table", _move(12, seat=9), "moves[12]"),
    ("a bet made before the horses are drawn", _swap_moves(0, 9), "moves[0]"),
    ("a wrong rules version", _set("rules_version", 999), "rules_version"),
    ("other game data (edited cards)", _set("data_digest", "0123456789abcdef"), "data_digest"),
    ("a data fingerprint that is not text", _set("data_digest", 7), "data_digest"),
    ("an unknown game", _set("game", "chess"), "game"),
    ("options the game does not have", _set("options", {"players": 9}), "options"),
    ("no moves", _drop("moves"), "moves"),
    ("no seats", _drop("seats"), "seats"),
    ("no game", _drop("game"), "game"),
    ("no rules version", _drop("rules_version"), "rules_version"),
    ("a seat without a kind", lambda d: d["seats"][0].pop("kind"), "seats[0].kind"),
    ("another format", _set("format", "pgn"), "format"),
    ("a winner made richer", _richer_winner, "result"),
    ("a result that is not an object", _set("result", "seat 0 won"), "result"),
    ("a result without the last move", _stop_early, "result"),
]


@pytest.fixture(scope="module")
def golden_text() -> str:
    """A golden record with enough moves to tamper with, as its file says it."""
    path = next(p for p in RECORDS if p.parent.name == "royal_turf")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("tamper", "field"),
    [pytest.param(tamper, field, id=what) for what, tamper, field in TAMPERINGS],
)
def test_a_tampered_record_is_refused_naming_the_culprit(
    golden_text: str, tamper: Tamper, field: str
) -> None:
    data = json.loads(golden_text)
    tamper(data)
    with pytest.raises(RecordError) as refused:
        replay_record(GameRecord.loads(json.dumps(data)))
    assert refused.value.field == field, (
        f"refused for {refused.value.field!r} ({refused.value.reason}), not for {field!r}"
    )
    assert isinstance(refused.value, ValueError)


def test_the_untampered_record_is_accepted(golden_text: str) -> None:
    # The tamperings above fail for what they change, not for something already wrong.
    state = replay_record(GameRecord.loads(golden_text))
    assert state.is_terminal()


@pytest.mark.parametrize(
    "text",
    ["", "{", "not a record", '{"format": "hippodrome-record",'],
    ids=["empty", "unclosed", "words", "cut short"],
)
def test_a_file_that_is_not_json_is_refused_as_the_file(text: str) -> None:
    with pytest.raises(RecordError) as refused:
        GameRecord.loads(text)
    assert refused.value.field == "file"


def test_an_unreadable_file_is_refused_as_the_file(tmp_path: Path) -> None:
    binary = tmp_path / "record.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError) as refused:
        GameRecord.load(binary)
    assert refused.value.field == "file"
    with pytest.raises(RecordError) as missing:
        GameRecord.load(tmp_path / "nowhere.json")
    assert missing.value.field == "file"


def test_a_json_document_that_is_not_an_object_is_refused_as_the_record() -> None:
    with pytest.raises(RecordError) as refused:
        GameRecord.loads("[1, 2, 3]")
    assert refused.value.field == "record"


def test_a_record_of_a_game_not_playable_yet_is_refused_naming_the_game(
    golden_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record naming a game of the catalogue that cannot be played yet is refused for its game,
    before its options or moves are read."""
    planned = add_planned_game(monkeypatch)
    data = json.loads(golden_text)
    data["game"] = planned.id
    with pytest.raises(RecordError) as refused:
        replay_record(GameRecord.loads(json.dumps(data)))
    assert refused.value.field == "game", refused.value
