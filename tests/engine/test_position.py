"""The generic position codec (``hippodrome.engine.position``) on a small made-up game.

The records below use every kind of field the codec knows (integers, strings, booleans, enums,
``Literal``, fixed and open tuples, lists, objects with fixed keys, nested records, ``None``) and the
checks a game declares next to them (``Range``, ``Size``, ``OneOf``, ``Keys``, ``Unique``, a
``validate`` hook), with bounds that depend on the game. The tests pin the round trip, name the field
of every refusal, check that the schema accepts what the writer writes and refuses what the reader
refuses, and let hypothesis look for a document the writer cannot read back.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippodrome.engine.errors import RecordError
from hippodrome.engine.position import (
    Codec,
    Doc,
    Invalid,
    Keys,
    OneOf,
    Range,
    Size,
    Unique,
    at,
)
from tests.engine.schemas import documents, violations

HORSE_IDS = ("ajax", "bijou", "comete")


@dataclass(frozen=True)
class Table:
    """The context the bounds depend on (a game stands here in real use)."""

    players: int
    squares: int = 20


class Gait(IntEnum):
    WALK = 0
    TROT = 1
    GALLOP = 2


class Colour(Enum):
    RED = "rouge"
    BLUE = "bleu"


Seat = Annotated[int, Range(0, lambda t: t.players - 1), Doc("a seat at the table")]
HorseId = Annotated[str, OneOf(lambda t: HORSE_IDS, what="horse")]
Amount = Annotated[int, Range(0)]


@dataclass(frozen=True)
class Horse:
    """One horse of the made-up game."""

    square: Annotated[int, Range(0, lambda t: t.squares)] | None
    gait: Gait
    owner: Seat | None = None
    colour: Colour = Colour.RED

    def validate(self, table: Table) -> None:
        if self.square is None and self.gait is not Gait.WALK:
            raise Invalid("gait", "a horse off the track walks")


@dataclass(frozen=True)
class Position:
    """A made-up race."""

    phase: Literal["betting", "racing"]
    turn: Seat
    money: Annotated[list[Amount], Size.exactly(lambda t: t.players)]
    horses: Annotated[dict[str, Horse], Keys(lambda t: HORSE_IDS)]
    podium: Annotated[tuple[HorseId, ...], Unique("horse"), Size(0, 3)]
    bets: list[tuple[Seat, HorseId, Annotated[int, Range(1, 2)]]]
    score: float = 0.0
    notes: dict[str, str] = field(default_factory=dict)

    def validate(self, table: Table) -> None:
        squares: dict[int, str] = {}
        for hid, horse in self.horses.items():
            if horse.square:
                if horse.square in squares:
                    raise Invalid(f"horses.{hid}.square", f"square {horse.square} is taken")
                squares[horse.square] = hid
        for i, hid in enumerate(self.podium):
            if self.horses[hid].square != 0:
                raise Invalid(f"podium[{i}]", "a placed horse is across the line")


CODEC = Codec(Position)
TABLE = Table(players=3)
DOCUMENT: dict[str, Any] = {
    "phase": "racing",
    "turn": 2,
    "money": [0, 150, 30],
    "horses": {
        "ajax": {"square": 0, "gait": "gallop", "owner": 1, "colour": "bleu"},
        "bijou": {"square": 12, "gait": "trot", "owner": None, "colour": "rouge"},
        "comete": {"square": None, "gait": "walk", "owner": 0, "colour": "rouge"},
    },
    "podium": ["ajax"],
    "bets": [[0, "ajax", 2], [2, "bijou", 1]],
    "score": 1.5,
    "notes": {"ajax": "favourite"},
}


def test_a_document_reads_into_typed_records_and_writes_back_unchanged() -> None:
    position = CODEC.read(DOCUMENT, TABLE)
    assert position.horses["ajax"] == Horse(0, Gait.GALLOP, 1, Colour.BLUE)
    assert position.podium == ("ajax",)
    assert position.bets == [(0, "ajax", 2), (2, "bijou", 1)]
    assert CODEC.write(position) == DOCUMENT
    assert json.loads(json.dumps(CODEC.write(position))) == DOCUMENT


def test_a_field_with_a_default_may_be_left_out() -> None:
    doc = copy.deepcopy(DOCUMENT)
    del doc["score"], doc["notes"], doc["horses"]["bijou"]["owner"]
    position = CODEC.read(doc, TABLE)
    assert (position.score, position.notes, position.horses["bijou"].owner) == (0.0, {}, None)


Tamper = Callable[[dict[str, Any]], None]


def put(path: str, value: Any) -> Tamper:
    """Set the entry at ``path`` (``horses.ajax.square``, ``bets.1.0``) to ``value``."""

    def tamper(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return tamper


def drop(path: str) -> Tamper:
    def tamper(doc: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = doc
        for key in parents:
            node = node[key]
        del node[last]

    return tamper


REFUSALS: list[tuple[str, Tamper, str]] = [
    ("a missing field", drop("turn"), "position.turn"),
    ("a field the record does not have", put("weather", "rain"), "position.weather"),
    ("a turn given as text", put("turn", "2"), "position.turn"),
    ("a turn given as a boolean", put("turn", True), "position.turn"),
    ("a turn out of range", put("turn", 3), "position.turn"),
    ("a negative turn", put("turn", -1), "position.turn"),
    ("an unknown phase", put("phase", "paused"), "position.phase"),
    ("a money list one short", put("money", [0, 150]), "position.money"),
    ("negative money", put("money.2", -30), "position.money[2]"),
    ("money that is not a list", put("money", {"0": 5}), "position.money"),
    ("a horse left out", drop("horses.bijou"), "position.horses.bijou"),
    (
        "a horse that does not exist",
        put("horses.pegasus", DOCUMENT["horses"]["ajax"]),
        "position.horses.pegasus",
    ),
    ("a horse that is not an object", put("horses.ajax", 3), "position.horses.ajax"),
    ("a square off the track", put("horses.bijou.square", 21), "position.horses.bijou.square"),
    ("an unknown gait", put("horses.bijou.gait", "canter"), "position.horses.bijou.gait"),
    ("a gait given by number", put("horses.bijou.gait", 1), "position.horses.bijou.gait"),
    ("an owner out of range", put("horses.bijou.owner", 7), "position.horses.bijou.owner"),
    ("an unknown colour", put("horses.bijou.colour", "vert"), "position.horses.bijou.colour"),
    (
        "a horse off the track that trots",
        put("horses.comete.gait", "trot"),
        "position.horses.comete.gait",
    ),
    ("a placed horse before the line", put("horses.ajax.square", 5), "position.podium[0]"),
    ("a square taken twice", put("horses.ajax.square", 12), "position.horses.bijou.square"),
    ("a podium horse that does not exist", put("podium", ["pegasus"]), "position.podium[0]"),
    ("a horse placed twice", put("podium", ["ajax", "ajax"]), "position.podium[1]"),
    ("a podium of four", put("podium", ["ajax", "bijou", "comete", "ajax"]), "position.podium"),
    ("a bet of two items", put("bets.1", [2, "bijou"]), "position.bets[1]"),
    ("a bet by no seat", put("bets.1.0", 5), "position.bets[1][0]"),
    ("a bet on no horse", put("bets.0.1", "pegasus"), "position.bets[0][1]"),
    ("a token of three", put("bets.0.2", 3), "position.bets[0][2]"),
    ("a score given as text", put("score", "high"), "position.score"),
    ("a note that is not text", put("notes.ajax", 5), "position.notes.ajax"),
]


@pytest.mark.parametrize(
    ("tamper", "where"), [pytest.param(t, w, id=what) for what, t, w in REFUSALS]
)
def test_every_refusal_names_its_field(tamper: Tamper, where: str) -> None:
    doc = copy.deepcopy(DOCUMENT)
    tamper(doc)
    with pytest.raises(RecordError) as refused:
        CODEC.read(doc, TABLE)
    assert refused.value.field == where, refused.value.reason
    assert where in str(refused.value)


def test_a_document_that_is_not_an_object_is_refused_at_the_root() -> None:
    with pytest.raises(RecordError) as refused:
        CODEC.read([1, 2], TABLE)
    assert refused.value.field == "position"


def test_the_bounds_that_depend_on_the_game_follow_it() -> None:
    doc = copy.deepcopy(DOCUMENT)
    doc["money"].append(10)
    doc["turn"] = 3
    assert CODEC.read(doc, Table(players=4)).turn == 3
    with pytest.raises(RecordError, match=r"position\.turn"):
        CODEC.read(doc, TABLE)


def test_a_path_inside_a_record_joins_its_parts() -> None:
    assert at("position", "") == "position"
    assert at("position", "horses[3].square") == "position.horses[3].square"
    assert at("position.bets", "[2]") == "position.bets[2]"


def test_a_field_type_the_codec_does_not_know_is_refused_when_the_codec_is_made() -> None:
    @dataclass(frozen=True)
    class Odd:
        value: int | str

    with pytest.raises(TypeError, match="unions"):
        Codec(Odd)


# -- the schema -----------------------------------------------------------------------------------

SCHEMA = CODEC.schema(TABLE, title="A made-up race")


def test_the_schema_accepts_what_the_writer_writes() -> None:
    assert violations(SCHEMA, CODEC.write(CODEC.read(DOCUMENT, TABLE))) == []
    assert SCHEMA["$schema"].startswith("https://json-schema.org/")
    assert SCHEMA["title"] == "A made-up race"
    assert SCHEMA["description"] == "A made-up race."
    assert SCHEMA["required"] == ["phase", "turn", "money", "horses", "podium", "bets"]


def test_the_schema_states_the_game_s_bounds_and_the_checks_declared() -> None:
    props = SCHEMA["properties"]
    assert props["turn"] == {
        "type": "integer",
        "minimum": 0,
        "maximum": 2,
        "description": "a seat at the table",
    }
    assert (props["money"]["minItems"], props["money"]["maxItems"]) == (3, 3)
    assert props["money"]["items"] == {"type": "integer", "minimum": 0}
    assert props["horses"]["required"] == list(HORSE_IDS)
    assert props["horses"]["properties"]["ajax"]["properties"]["gait"]["enum"] == [
        "walk",
        "trot",
        "gallop",
    ]
    assert props["podium"]["uniqueItems"] is True
    assert props["bets"]["items"]["prefixItems"][1]["enum"] == list(HORSE_IDS)
    assert props["phase"] == {"enum": ["betting", "racing"]}


def test_without_a_game_the_schema_leaves_out_the_bounds_that_depend_on_one() -> None:
    bare = CODEC.schema()
    assert bare["properties"]["turn"] == {
        "type": "integer",
        "minimum": 0,
        "description": "a seat at the table",
    }
    assert "minItems" not in bare["properties"]["money"]


HOOK_REFUSALS = {
    "a horse off the track that trots",
    "a placed horse before the line",
    "a square taken twice",
}
"""Refusals of a ``validate`` hook: they span several fields, which no schema states."""


@pytest.mark.parametrize(
    "tamper", [pytest.param(t, id=what) for what, t, _ in REFUSALS if what not in HOOK_REFUSALS]
)
def test_the_schema_refuses_every_document_the_reader_refuses_for_its_shape(tamper: Tamper) -> None:
    doc = copy.deepcopy(DOCUMENT)
    tamper(doc)
    assert violations(SCHEMA, doc), "the schema accepts a document the reader refuses"


# -- properties -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Inner:
    flag: bool
    label: Annotated[str, Size(0, 4)]
    gait: Gait | None


@dataclass(frozen=True)
class Everything:
    count: Annotated[int, Range(-5, 5)]
    ratio: float
    inner: Inner
    many: tuple[Inner, ...]
    pairs: list[tuple[int, Colour]]
    table: dict[str, list[int | None]]
    fixed: Annotated[dict[str, int], Keys(("x", "y"))]
    choice: Literal["a", "b", 3]


EVERYTHING = Codec(Everything)


@settings(max_examples=150, deadline=None)
@given(documents(EVERYTHING.schema()))
def test_every_document_the_schema_allows_reads_and_writes_back_unchanged(doc: Any) -> None:
    record = EVERYTHING.read(doc)
    assert EVERYTHING.write(record) == doc
    assert EVERYTHING.read(EVERYTHING.write(record)) == record


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_writer_s_output_always_reads_back_and_fits_the_schema(data: st.DataObject) -> None:
    doc = data.draw(documents(SCHEMA))
    try:
        position = CODEC.read(doc, TABLE)
    except RecordError as refused:  # only the validate hooks refuse what the schema allows
        assert refused.field.startswith(("position.horses", "position.podium")), refused
        return
    written = CODEC.write(position)
    assert violations(SCHEMA, written) == []
    assert CODEC.read(written, TABLE) == position
