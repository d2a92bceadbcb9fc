"""Typed game options (variants): a frozen dataclass per game, validated at the boundary."""

from __future__ import annotations

import dataclasses
import re
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

Kind = Literal["flag", "choice", "seats", "number", "money", "amounts", "text"]
"""The control a form draws for an option: ``flag`` a box to tick (a ``bool``), ``choice`` one of named
values (a ``Literal``), ``seats`` the seats themselves (:data:`SeatsForm`), ``number`` a count with its
unit, ``money`` an amount, ``amounts`` a list of amounts written ``"60,40,20"`` (one per place, first
first), ``text`` anything else. Derived from the option's type unless the option says it."""

Currency = Literal["franc", "dollar"]
"""The currency of a ``money`` or ``amounts`` option, as the browser's ``formatMoney`` names it; none
for a game that counts bare amounts."""


@dataclass(frozen=True, slots=True)
class Words:
    """A text in both languages."""

    en: str
    fr: str

    def to_json(self) -> JSONObject:
        return {"en": self.en, "fr": french(self.fr)}


@dataclass(frozen=True, slots=True)
class Unit:
    """What a ``number`` option counts, in both languages, one and many (``tour``, ``tours``)."""

    en: tuple[str, str]
    fr: tuple[str, str]

    def to_json(self) -> JSONObject:
        return {"en": list(self.en), "fr": list(self.fr)}


def option(
    default: Any,
    *,
    en: str,
    fr: str,
    seats: SeatsForm | None = None,
    kind: Kind | None = None,
    help: Words | None = None,
    unit: Unit | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    step: int | None = None,
    zero: Words | None = None,
    currency: Currency | None = None,
) -> Any:
    """A game option with its label in both languages, and what a form needs to draw it as a player
    reads it: ``help`` (a sentence under the label), for an option that names seats how it writes
    them, its ``kind`` where the type does not say it (``money``, ``amounts``), a number's ``unit``,
    ``minimum``, ``maximum`` and ``step``, ``zero`` the meaning of 0 when 0 means "none" (« play it
    out »), which the form offers as a choice of its own rather than a number, and a sum's
    ``currency``."""
    metadata: dict[str, object] = {"en": en, "fr": fr}
    extra: dict[str, object | None] = {
        "seats": seats,
        "kind": kind,
        "help": help,
        "unit": unit,
        "min": minimum,
        "max": maximum,
        "step": step,
        "zero": zero,
        "currency": currency,
    }
    metadata.update({name: value for name, value in extra.items() if value is not None})
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
    """The options of a game as JSON, for menus and forms: name, type, default, label (``en``,
    ``fr``) and the ``kind`` of control that edits it (:data:`Kind`); for an option with a fixed set
    of values, those values (``choices``, typed as the option takes them), so a form offers them
    without reading the type's name; and, where the option gives them, its ``help``, ``seats``,
    ``unit``, ``min``, ``max``, ``step``, ``zero`` and ``currency``."""
    hints = typing.get_type_hints(cls)
    schema: list[JSONObject] = []
    for f in dataclasses.fields(cls):
        entry: JSONObject = {
            "name": f.name,
            "type": _type_name(hints[f.name]),
            "kind": _kind(f.metadata, hints[f.name]),
            "default": f.default,
            "en": f.metadata.get("en", f.name),
            "fr": french(f.metadata.get("fr", f.name)),
        }
        if typing.get_origin(hints[f.name]) is typing.Literal:
            entry["choices"] = list(typing.get_args(hints[f.name]))
        for name in ("seats", "min", "max", "step", "currency"):
            if name in f.metadata:
                entry[name] = f.metadata[name]
        for name in ("help", "unit", "zero"):
            if name in f.metadata:
                entry[name] = f.metadata[name].to_json()
        schema.append(entry)
    return schema


_FRENCH_SPACE = re.compile(r" ([:;!?»])|(«) ")


def french(told: str) -> str:
    """A French text with its non-breaking spaces: before « : ; ! ? » and after « (the source is
    written with plain spaces, easier to read and to edit)."""
    return _FRENCH_SPACE.sub(lambda m: f"\u00a0{m.group(1)}" if m.group(1) else "«\u00a0", told)


def _kind(metadata: Mapping[str, object], expected: object) -> str:
    """The control an option is edited with: its own ``kind``, else the one its type calls for."""
    if isinstance(metadata.get("kind"), str):
        return str(metadata["kind"])
    if "seats" in metadata:
        return "seats"
    if expected is bool:
        return "flag"
    if typing.get_origin(expected) is typing.Literal:
        return "choice"
    return "number" if expected is int else "text"


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
