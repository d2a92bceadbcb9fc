"""Position documents: one reader and writer for every game's typed position records.

A game describes its position as records, frozen dataclasses whose fields are typed with ``int``,
``str``, ``bool``, ``float``, enums, ``Literal``, tuples, lists, ``dict[str, ...]``, nested records and
``X | None``. A :class:`Codec` reads a JSON document into those records (refusing anything malformed
with a ``RecordError`` that names the field, ``position.horses[3].square``), writes records back to
JSON, and generates the document's JSON Schema from the same types.

What the types cannot say is declared next to them, in the field's annotation::

    Seat = Annotated[int, Range(0, last_seat)]

    @dataclass(frozen=True)
    class HorseRecord:
        square: Annotated[int, Range(0, 33), Doc("0 once across the line")]
        owner: Seat | None

    @dataclass(frozen=True)
    class Position:
        horses: Annotated[tuple[HorseRecord, ...], Size(6, 6)]
        money: list[Annotated[int, Range(0)]]

        def validate(self, game: Any) -> None:
            if two_horses_share_a_square(self):
                raise Invalid("horses[3].square", "square 12 already holds a horse")

A bound may be a callable of the *context* (the game, for every position document), so one record type
serves every table size; the schema of a given game states its own bounds. Bounds are named functions
(``seats``, ``last_seat``), not lambdas: mypyc cannot compile a lambda inside an annotation. A record's ``validate``
hook, called once its fields are read, checks what spans several fields; the ``Invalid`` it raises
names a field relative to the record, and the codec reports it from the document's root.

Enums are written by their lower-case name (their value when it is a string); a field with a default
may be left out of a document (it then takes the default); every other field is required, and a field
the record does not have is refused.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import json
import math
import sys
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hippodrome.engine.errors import RecordError
from hippodrome.engine.types import JSON, JSONObject

T = TypeVar("T")

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

Bound = int | Callable[[Any], int] | None
"""A limit, fixed or worked out from the context (the game)."""


def seats(game: Any) -> int:
    """A bound: the number of seats at the game's table (a list with one entry a seat)."""
    return int(game.num_players)


def last_seat(game: Any) -> int:
    """A bound: the last seat's number (seats count from 0)."""
    return int(game.num_players) - 1


# -- what the annotations declare -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Range:
    """The least and greatest value of an integer (either may be None: unbounded)."""

    minimum: Bound = None
    maximum: Bound = None


@dataclass(frozen=True, slots=True)
class Size:
    """How many items a list holds (entries an object holds, characters a string holds)."""

    minimum: Bound = None
    maximum: Bound = None

    @classmethod
    def exactly(cls, count: Bound) -> Size:
        return cls(count, count)


@dataclass(frozen=True, slots=True)
class OneOf:
    """The values a string or an integer may take (fixed, or worked out from the context)."""

    values: Sequence[JSON] | Callable[[Any], Sequence[JSON]]
    what: str = "value"
    """How a refusal names the thing (``unknown horse 'pegasus'``)."""

    def __post_init__(self) -> None:  # a tuple, so that the annotation holding it is hashable
        if not callable(self.values):
            object.__setattr__(self, "values", tuple(self.values))


@dataclass(frozen=True, slots=True)
class Keys:
    """The keys an object must have, each one (fixed, or worked out from the context)."""

    values: Sequence[str] | Callable[[Any], Sequence[str]]

    def __post_init__(self) -> None:  # a tuple, so that the annotation holding it is hashable
        if not callable(self.values):
            object.__setattr__(self, "values", tuple(self.values))


@dataclass(frozen=True, slots=True)
class Unique:
    """No item of the list appears twice."""

    what: str = "item"


@dataclass(frozen=True, slots=True)
class Doc:
    """What the field means, for the schema's ``description``."""

    text: str


class Invalid(Exception):  # noqa: N818 (a refusal raised by a record's validate hook, not a fault)
    """Raised by a record's ``validate`` hook: ``field`` is relative to the record (``""`` for the
    record itself, ``"square"``, ``"horses[3].square"``), ``reason`` says what is wrong."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def at(where: str, field: str) -> str:
    """The path of ``field`` inside ``where`` (``at("position", "horses[3]")``)."""
    if not field:
        return where
    if field.startswith("["):
        return where + field
    return f"{where}.{field}" if where else field


# -- the codec ------------------------------------------------------------------------------------


class Codec(Generic[T]):
    """Reads, writes and describes the documents of one record type."""

    __slots__ = ("_node", "kind", "root")

    def __init__(self, kind: type[T], *, root: str = "position") -> None:
        self.kind = kind
        self.root = root
        """How refusals name the document's top (``position.turn``)."""
        self._node = _compile(kind, ())

    def read(self, data: JSON, context: Any = None) -> T:
        """The record that ``data`` describes; raises ``RecordError`` naming the first field at
        fault. ``context`` (the game) resolves the bounds that depend on it."""
        return typing.cast(T, self._node.read(data, self.root, context))

    def write(self, record: T) -> JSONObject:
        """The JSON document of ``record`` (fresh lists and objects, ready for ``json.dumps``)."""
        return typing.cast(JSONObject, self._node.write(record))

    def schema(self, context: Any = None, *, title: str | None = None) -> JSONObject:
        """The JSON Schema (draft 2020-12) of the documents this codec reads, with the bounds of
        ``context`` (those that depend on a missing context are left out)."""
        body = self._node.schema(context)
        out: JSONObject = {"$schema": SCHEMA_DIALECT}
        if title is not None:
            out["title"] = title
        out.update(body)
        return out


# -- compiled type nodes --------------------------------------------------------------------------


class _Node:
    __slots__ = ("checks", "doc")

    def __init__(self, checks: tuple[object, ...]) -> None:
        # The count first: a list too long is refused as such before its repeats are looked at.
        self.checks = tuple(
            sorted(
                (c for c in checks if not isinstance(c, Doc)), key=lambda c: not isinstance(c, Size)
            )
        )
        docs = [c.text for c in checks if isinstance(c, Doc)]
        self.doc = " ".join(docs) if docs else None

    def read(self, value: JSON, where: str, context: Any) -> Any:
        raise NotImplementedError

    def write(self, value: Any) -> JSON:
        return value

    def schema(self, context: Any) -> JSONObject:
        raise NotImplementedError

    def _check(self, value: JSON, where: str, context: Any) -> None:
        for check in self.checks:
            if isinstance(check, Range):
                low, high = _bound(check.minimum, context), _bound(check.maximum, context)
                if (low is not None and value < low) or (high is not None and value > high):
                    raise RecordError(where, f"{value} is out of range ({_span(low, high)})")
            elif isinstance(check, Size):
                low, high = _bound(check.minimum, context), _bound(check.maximum, context)
                count = len(value)
                if (low is not None and count < low) or (high is not None and count > high):
                    raise RecordError(where, f"holds {count}, expected {_span(low, high)}")
            elif isinstance(check, OneOf):
                allowed = _values(check.values, context)
                if allowed is not None and value not in allowed:
                    raise RecordError(where, f"unknown {check.what} {value!r}")
            elif isinstance(check, Unique):
                seen: set[str] = set()
                for i, item in enumerate(value):
                    key = json.dumps(item, sort_keys=True)
                    if key in seen:
                        raise RecordError(f"{where}[{i}]", f"{check.what} {item!r} appears twice")
                    seen.add(key)

    def _decorate(self, schema: JSONObject, context: Any) -> JSONObject:
        for check in self.checks:
            if isinstance(check, Range):
                low, high = _bound(check.minimum, context), _bound(check.maximum, context)
                if low is not None:
                    schema["minimum"] = low
                if high is not None:
                    schema["maximum"] = high
            elif isinstance(check, Size):
                low, high = _bound(check.minimum, context), _bound(check.maximum, context)
                names = {"array": "Items", "object": "Properties", "string": "Length"}
                suffix = names.get(schema.get("type", ""), "Items")
                if low is not None:
                    schema["min" + suffix] = low
                if high is not None:
                    schema["max" + suffix] = high
            elif isinstance(check, OneOf):
                allowed = _values(check.values, context)
                if allowed is not None:
                    schema["enum"] = list(allowed)
            elif isinstance(check, Unique):
                schema["uniqueItems"] = True
        if self.doc is not None:
            schema["description"] = self.doc
        return schema


def _bound(bound: Bound, context: Any) -> int | None:
    if bound is None or isinstance(bound, int):
        return bound
    return None if context is None else bound(context)


def _values(values: Any, context: Any) -> Sequence[JSON] | None:
    if callable(values):
        return None if context is None else values(context)
    return typing.cast(Sequence[JSON], values)


def _span(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return str(low) if low == high else f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


class _Int(_Node):
    __slots__ = ()

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(where, f"must be an integer, not {_kind(value)}")
        self._check(value, where, context)
        return value

    def schema(self, context: Any) -> JSONObject:
        return self._decorate({"type": "integer"}, context)


class _Float(_Node):
    __slots__ = ()

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise RecordError(where, f"must be a number, not {_kind(value)}")
        if not math.isfinite(value):
            raise RecordError(where, "must be a finite number")
        self._check(value, where, context)
        return float(value)

    def schema(self, context: Any) -> JSONObject:
        return self._decorate({"type": "number"}, context)


class _Str(_Node):
    __slots__ = ()

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, str):
            raise RecordError(where, f"must be a string, not {_kind(value)}")
        self._check(value, where, context)
        return value

    def schema(self, context: Any) -> JSONObject:
        return self._decorate({"type": "string"}, context)


class _Bool(_Node):
    __slots__ = ()

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, bool):
            raise RecordError(where, f"must be true or false, not {_kind(value)}")
        return value

    def schema(self, context: Any) -> JSONObject:
        return self._decorate({"type": "boolean"}, context)


class _Choice(_Node):
    """An enum (written by name, or by value when it is a string) or a ``Literal``."""

    __slots__ = ("by_json", "to_json")

    def __init__(self, pairs: Sequence[tuple[JSON, Any]], checks: tuple[object, ...]) -> None:
        super().__init__(checks)
        self.by_json = dict(pairs)
        self.to_json = {v: j for j, v in pairs}

    def read(self, value: JSON, where: str, context: Any) -> Any:
        try:
            found = self.by_json[value]
        except (KeyError, TypeError):
            choices = ", ".join(repr(k) for k in self.by_json)
            raise RecordError(where, f"{value!r} is none of {choices}") from None
        if isinstance(value, bool) != isinstance(found, bool):  # True == 1 in a dict lookup
            raise RecordError(where, f"{value!r} is none of the choices")
        self._check(value, where, context)
        return found

    def write(self, value: Any) -> JSON:
        return self.to_json[value]

    def schema(self, context: Any) -> JSONObject:
        return self._decorate({"enum": list(self.by_json)}, context)


class _Optional(_Node):
    __slots__ = ("inner",)

    def __init__(self, inner: _Node) -> None:
        super().__init__(())
        self.inner = inner

    def read(self, value: JSON, where: str, context: Any) -> Any:
        return None if value is None else self.inner.read(value, where, context)

    def write(self, value: Any) -> JSON:
        return None if value is None else self.inner.write(value)

    def schema(self, context: Any) -> JSONObject:
        inner = self.inner.schema(context)
        out: JSONObject = {}
        if "description" in inner:
            out["description"] = inner.pop("description")
        out["anyOf"] = [inner, {"type": "null"}]
        return out


class _Array(_Node):
    """``list[X]`` and ``tuple[X, ...]``: an array of any length."""

    __slots__ = ("item", "make")

    def __init__(self, item: _Node, make: type, checks: tuple[object, ...]) -> None:
        super().__init__(checks)
        self.item = item
        self.make = make

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise RecordError(where, f"must be a list, not {_kind(value)}")
        read = self.item.read
        items = [read(v, f"{where}[{i}]", context) for i, v in enumerate(value)]
        self._check(value, where, context)
        return items if self.make is list else self.make(items)

    def write(self, value: Any) -> JSON:
        write = self.item.write
        return [write(v) for v in value]

    def schema(self, context: Any) -> JSONObject:
        return self._decorate({"type": "array", "items": self.item.schema(context)}, context)


class _Tuple(_Node):
    """``tuple[X, Y, Z]``: an array of exactly these items."""

    __slots__ = ("items",)

    def __init__(self, items: Sequence[_Node], checks: tuple[object, ...]) -> None:
        super().__init__(checks)
        self.items = tuple(items)

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, list | tuple) or len(value) != len(self.items):
            raise RecordError(where, f"must be a list of {len(self.items)} items")
        out = tuple(
            node.read(v, f"{where}[{i}]", context)
            for i, (node, v) in enumerate(zip(self.items, value, strict=True))
        )
        self._check(value, where, context)
        return out

    def write(self, value: Any) -> JSON:
        return [node.write(v) for node, v in zip(self.items, value, strict=True)]

    def schema(self, context: Any) -> JSONObject:
        n = len(self.items)
        return self._decorate(
            {
                "type": "array",
                "prefixItems": [node.schema(context) for node in self.items],
                "items": False,
                "minItems": n,
                "maxItems": n,
            },
            context,
        )


class _Dict(_Node):
    """``dict[str, X]``: an object; with ``Keys``, one entry for each key and no other."""

    __slots__ = ("keys", "value")

    def __init__(self, value: _Node, checks: tuple[object, ...]) -> None:
        keys = [c for c in checks if isinstance(c, Keys)]
        super().__init__(tuple(c for c in checks if not isinstance(c, Keys)))
        self.value = value
        self.keys = keys[0] if keys else None

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, dict):
            raise RecordError(where, f"must be an object, not {_kind(value)}")
        keys = None if self.keys is None else _values(self.keys.values, context)
        if keys is not None:
            for key in keys:
                if key not in value:
                    raise RecordError(at(where, str(key)), "missing")
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(where, f"key {key!r} is not a string")
            if keys is not None and key not in keys:
                raise RecordError(at(where, key), "unknown entry")
            out[key] = self.value.read(item, at(where, key), context)
        self._check(value, where, context)
        return out

    def write(self, value: Any) -> JSON:
        write = self.value.write
        return {k: write(v) for k, v in value.items()}

    def schema(self, context: Any) -> JSONObject:
        item = self.value.schema(context)
        keys = None if self.keys is None else _values(self.keys.values, context)
        if keys is None:
            return self._decorate({"type": "object", "additionalProperties": item}, context)
        return self._decorate(
            {
                "type": "object",
                "properties": {str(k): item for k in keys},
                "required": [str(k) for k in keys],
                "additionalProperties": False,
            },
            context,
        )


class _Record(_Node):
    """A dataclass: an object with one entry per field."""

    __slots__ = ("defaults", "fields", "kind", "validate")

    def __init__(self, kind: type) -> None:
        super().__init__(())
        self.kind = kind
        self.fields: dict[str, _Node] = {}
        self.defaults: dict[str, Callable[[], Any]] = {}
        self.validate = getattr(kind, "validate", None)
        _RECORDS[kind] = self  # before the fields: a record may hold records of its own kind
        hints = _field_types(kind)
        for f in dataclasses.fields(kind):
            if not f.init:
                continue
            self.fields[f.name] = _compile(hints[f.name], ())
            if f.default is not dataclasses.MISSING:
                self.defaults[f.name] = _constant(f.default)
            elif f.default_factory is not dataclasses.MISSING:
                self.defaults[f.name] = f.default_factory

    def read(self, value: JSON, where: str, context: Any) -> Any:
        if not isinstance(value, dict):
            raise RecordError(where, f"must be an object, not {_kind(value)}")
        for key in value:
            if key not in self.fields:
                raise RecordError(at(where, str(key)), "unknown field")
        values: dict[str, Any] = {}
        for name, node in self.fields.items():
            if name in value:
                values[name] = node.read(value[name], at(where, name), context)
            elif name in self.defaults:
                values[name] = self.defaults[name]()
            else:
                raise RecordError(at(where, name), "missing")
        record = self.kind(**values)
        if self.validate is not None:
            try:
                record.validate(context)
            except Invalid as refusal:
                raise RecordError(at(where, refusal.field), refusal.reason) from None
        return record

    def write(self, value: Any) -> JSON:
        return {name: node.write(getattr(value, name)) for name, node in self.fields.items()}

    def schema(self, context: Any) -> JSONObject:
        out: JSONObject = {"type": "object"}
        doc = (self.kind.__doc__ or "").strip()
        if doc and not doc.startswith(self.kind.__name__ + "("):  # not dataclass's made-up doc
            out["description"] = " ".join(doc.split("\n\n")[0].split())
        out["properties"] = {name: node.schema(context) for name, node in self.fields.items()}
        out["required"] = [name for name in self.fields if name not in self.defaults]
        out["additionalProperties"] = False
        return out


class _Checked(_Node):
    """A record with checks of its own where it is used (a ``Doc``, a ``Range``...)."""

    __slots__ = ("record",)

    def __init__(self, record: _Record, checks: tuple[object, ...]) -> None:
        super().__init__(checks)
        self.record = record

    def read(self, value: JSON, where: str, context: Any) -> Any:
        found = self.record.read(value, where, context)
        self._check(value, where, context)
        return found

    def write(self, value: Any) -> JSON:
        return self.record.write(value)

    def schema(self, context: Any) -> JSONObject:
        return self._decorate(self.record.schema(context), context)


_RECORDS: dict[type, _Record] = {}


def _field_types(kind: type) -> dict[str, Any]:
    """The annotations of a record's fields, evaluated in the module of the class that declares
    each (``typing.get_type_hints`` would evaluate them in the class's namespace first, where a
    ``lambda`` in a bound would not see the module's names)."""
    hints: dict[str, Any] = {}
    for base in reversed(kind.__mro__):
        module = vars(sys.modules[base.__module__])
        for name, annotation in inspect.get_annotations(base).items():
            # A string annotation is evaluated as typing does, but with the module's names first.
            hints[name] = (
                eval(annotation, module, dict(vars(base)))
                if isinstance(annotation, str)
                else annotation
            )
    return hints


def _constant(value: Any) -> Callable[[], Any]:
    return lambda: value


def _kind(value: JSON) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    names |= {list: "a list", tuple: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _compile(tp: Any, checks: tuple[object, ...]) -> _Node:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        inner, *extras = typing.get_args(tp)
        return _compile(inner, checks + tuple(extras))
    if origin is typing.Union or origin is types.UnionType:
        present = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(present) != 1 or len(typing.get_args(tp)) != 2:
            raise TypeError(f"only X | None unions are position fields, not {tp!r}")
        return _Optional(_compile(present[0], checks))
    if origin is typing.Literal:
        values = typing.get_args(tp)
        return _Choice([(v, v) for v in values], checks)
    if origin in (list, tuple, Sequence):
        args = typing.get_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            return _Tuple([_compile(a, ()) for a in args], checks)
        return _Array(_compile(args[0], ()), list if origin is list else tuple, checks)
    if origin is dict:
        key, value = typing.get_args(tp)
        if key is not str:
            raise TypeError(f"position objects have string keys, not {key!r}")
        return _Dict(_compile(value, ()), checks)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _Choice(
            [(m.value if isinstance(m.value, str) else m.name.lower(), m) for m in tp], checks
        )
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        record = _RECORDS.get(tp) or _Record(tp)
        return _Checked(record, checks) if checks else record
    if tp is bool:
        return _Bool(checks)
    if tp is int:
        return _Int(checks)
    if tp is float:
        return _Float(checks)
    if tp is str:
        return _Str(checks)
    raise TypeError(f"{tp!r} is not a position field type")
