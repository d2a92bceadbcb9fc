"""Typed game options (variants): a frozen dataclass per game, validated at the boundary."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from hippodrome.engine.errors import OptionsError
from hippodrome.engine.types import JSONObject

SeatsForm = Literal["indices", "number"]
"""How an option names seats, so a form can offer the seats themselves: ``indices``, seats counted
from 0 and separated by commas (``"0,2"``); ``number``, one player's number counted from 1, 0 for
nobody."""


def option(default: Any, *, en: str, fr: str, seats: SeatsForm | None = None) -> Any:
    """A game option with its description in both languages (and, for an option that names seats,
    how it writes them)."""
    metadata: dict[str, str] = {"en": en, "fr": fr}
    if seats is not None:
        metadata["seats"] = seats
    return field(default=default, metadata=metadata)


@dataclass(frozen=True, kw_only=True)
class GameOptions:
    """Options every game has. Games derive their own, adding variants as fields made by :func:`option`."""

    players: int = option(3, en="Number of players", fr="Nombre de joueurs")

    def to_json(self) -> JSONObject:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


OptionsT = TypeVar("OptionsT", bound=GameOptions)


def build_options(cls: type[OptionsT], raw: Mapping[str, object]) -> OptionsT:
    """``cls`` built from ``raw``, refusing unknown names and values of the wrong type."""
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    for name in raw:
        if name not in known:
            raise OptionsError("error.option_unknown", option=name, options=sorted(known))
    values: dict[str, object] = {}
    for name, value in raw.items():
        expected = hints[name]
        if not _matches(value, expected):
            raise OptionsError(
                "error.option_type", option=name, value=repr(value), expected=_type_name(expected)
            )
        values[name] = value
    return cls(**values)  # type: ignore[arg-type]  # checked field by field above


def options_schema(cls: type[GameOptions]) -> list[JSONObject]:
    """The options of a game as JSON: name, type, default and descriptions (for menus and forms),
    and for an option with a fixed set of values, those values (``choices``, typed as the option
    takes them), so a form offers them without reading the type's name."""
    hints = typing.get_type_hints(cls)
    schema: list[JSONObject] = []
    for f in dataclasses.fields(cls):
        entry: JSONObject = {
            "name": f.name,
            "type": _type_name(hints[f.name]),
            "default": f.default,
            "en": f.metadata.get("en", f.name),
            "fr": f.metadata.get("fr", f.name),
        }
        if typing.get_origin(hints[f.name]) is typing.Literal:
            entry["choices"] = list(typing.get_args(hints[f.name]))
        if "seats" in f.metadata:
            entry["seats"] = f.metadata["seats"]
        schema.append(entry)
    return schema


def _matches(value: object, expected: object) -> bool:
    if expected is bool:
        return isinstance(value, bool)
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if expected is str:
        return isinstance(value, str)
    origin = typing.get_origin(expected)
    if origin is typing.Literal:
        return value in typing.get_args(expected)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(expected))
    if expected is type(None):
        return value is None
    return False


def _type_name(expected: object) -> str:
    if typing.get_origin(expected) is typing.Literal:
        return "|".join(str(a) for a in typing.get_args(expected))
    return getattr(expected, "__name__", str(expected))
