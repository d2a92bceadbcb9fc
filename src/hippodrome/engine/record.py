"""Game records: everything needed to replay a game exactly, with no random generator.

A record holds the game id, ``rules_version``, options, seats and every action (chance outcomes
included) in notation. It is the file the CLI saves, the server offers for download and the golden
tests replay. Reading one validates every field and names the first one at fault.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hippodrome.engine.errors import HippodromeError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Player

FORMAT = "hippodrome-record"
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str
    """``human``, or the kind of bot that played the seat (``random``, ``heuristic``...)."""

    def to_json(self) -> JSONObject:
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    rules_version: int
    options: JSONObject
    seats: tuple[Seat, ...]
    moves: tuple[tuple[Player, str], ...]
    record_id: str | None = None
    result: JSONObject | None = field(default=None)
    data_digest: str | None = None
    """The game data's fingerprint when the game was played (``Game.data_digest``)."""

    @classmethod
    def from_state(
        cls, state: State, seats: Sequence[Seat], *, record_id: str | None = None
    ) -> GameRecord:
        result = state.outcome().to_json() if state.is_terminal() else None
        return cls(
            game=state.game.id,
            rules_version=state.game.rules_version,
            options=state.game.options.to_json(),
            seats=tuple(seats),
            moves=tuple((p, str(a)) for p, a in state.history),
            record_id=record_id,
            result=result,
            data_digest=state.game.data_digest,
        )

    def to_json(self) -> JSONObject:
        moves: list[JSON] = [[p, a] for p, a in self.moves]
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "record_id": self.record_id,
            "game": self.game,
            "rules_version": self.rules_version,
            "data_digest": self.data_digest,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "moves": moves,
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: Path) -> None:
        path.write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError("file", f"cannot read {path}: {exc}") from exc
        return cls.loads(text)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            # str(exc) reads "Unterminated string starting at: line 3 column 5 (char 40)".
            raise RecordError("file", f"not JSON ({exc})") from exc
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("record", "a record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError("format", f"expected {FORMAT!r}, found {data.get('format')!r}")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(
                "format_version",
                f"this version reads {FORMAT_VERSION}, found {data.get('format_version')!r}",
            )
        game = _expect(data, "game", str)
        rules_version = _expect(data, "rules_version", int)
        options = _expect(data, "options", dict)
        record_id = data.get("record_id")
        if record_id is not None and not isinstance(record_id, str):
            raise RecordError("record_id", "must be a string or null")
        raw_seats = _expect(data, "seats", list)
        seats = []
        for i, raw in enumerate(raw_seats):
            if not isinstance(raw, dict):
                raise RecordError(f"seats[{i}]", "a seat is an object with a name and a kind")
            seats.append(
                Seat(
                    name=_expect(raw, "name", str, f"seats[{i}]."),
                    kind=_expect(raw, "kind", str, f"seats[{i}]."),
                )
            )
        raw_moves = _expect(data, "moves", list)
        moves = []
        for i, raw in enumerate(raw_moves):
            ok = (
                isinstance(raw, list)
                and len(raw) == 2
                and isinstance(raw[0], int)
                and not isinstance(raw[0], bool)
                and isinstance(raw[1], str)
            )
            if not ok:
                raise RecordError(f"moves[{i}]", "a move is [seat, action notation]")
            if raw[0] < CHANCE or raw[0] >= len(seats):
                raise RecordError(f"moves[{i}]", f"seat {raw[0]} is not at this table")
            moves.append((raw[0], raw[1]))
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("result", "must be an object or null")
        data_digest = data.get("data_digest")
        if data_digest is not None and not isinstance(data_digest, str):
            raise RecordError("data_digest", "must be a string or null")
        return cls(
            game, rules_version, options, tuple(seats), tuple(moves), record_id, result, data_digest
        )

    def check_game(self, game: Game[Any]) -> None:
        if game.id != self.game:
            raise RecordError("game", f"this record is for {self.game!r}, not {game.id!r}")
        if game.rules_version != self.rules_version:
            raise RecordError(
                "rules_version",
                f"recorded under rules version {self.rules_version}, "
                f"this engine plays version {game.rules_version}",
            )
        if self.data_digest is not None and self.data_digest != game.data_digest:
            raise RecordError(
                "data_digest",
                "played with other game data (cards, tables) than this installation's",
            )
        if len(self.seats) != game.num_players:
            raise RecordError(
                "seats", f"{len(self.seats)} seats for a {game.num_players}-player game"
            )

    def replay_steps(self, game: Game[Any]) -> Iterator[tuple[int, State, list[Event]]]:
        """Apply the moves one by one, validating each, yielding (index, state, new events)."""
        self.check_game(game)
        state = game.new_initial_state()
        for i, (player, notation) in enumerate(self.moves):
            try:
                action = game.parse_action(notation)
                events = state.apply(action, player)
            except HippodromeError as exc:
                raise RecordError(f"moves[{i}]", f"{notation!r}: {exc}") from exc
            yield i, state, events

    def replay(self, game: Game[Any]) -> State:
        """The state after every move, checked against the recorded result."""
        state = game.new_initial_state()
        for _, state, _ in self.replay_steps(game):  # noqa: B007 (the last state is the answer)
            pass
        self.check_result(state)
        return state

    def check_result(self, state: State) -> None:
        """Refuse a recorded result that the replayed ``state`` does not reach."""
        if self.result is None:
            return
        if not state.is_terminal():
            raise RecordError("result", "the record has a result but its moves do not end the game")
        if state.outcome().to_json() != self.result:
            raise RecordError("result", "the recorded result differs from the replayed one")


def parse_history(game: Game[Any], raw: Any, where: str = "history") -> list[tuple[Player, Any]]:
    """A state document's history, parsed (used by ``Game.state_from_json``)."""
    if not isinstance(raw, list):
        raise RecordError(where, "must be a list of [seat, action]")
    out = []
    for i, item in enumerate(raw):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
            and isinstance(item[1], str)
        ):
            raise RecordError(f"{where}[{i}]", "must be [seat, action notation]")
        if not CHANCE <= item[0] < game.num_players:
            raise RecordError(f"{where}[{i}]", f"seat {item[0]} is not at this table")
        try:
            out.append((item[0], game.parse_action(item[1])))
        except HippodromeError as exc:
            raise RecordError(f"{where}[{i}]", str(exc)) from exc
    return out


def _expect(data: dict[str, Any], name: str, kind: type, prefix: str = "") -> Any:
    if name not in data:
        raise RecordError(prefix + name, "missing")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(prefix + name, f"must be of type {kind.__name__}")
    return value
