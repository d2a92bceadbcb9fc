"""Actions: frozen values with one text notation, and a typed form for front ends.

Every game defines its actions as frozen dataclasses deriving from :class:`Action`, gives them a
``__str__`` that is their notation, and a parser (``Game.parse_action``) that is its exact inverse.
Chance outcomes (a die face, a card drawn) are actions too, so a game record is a plain list of them.

Front ends get each action typed as well, derived from its dataclass fields with no per-class code:
``kind`` (the class name in snake case: ``Bet`` is ``bet``, ``PlayHalf`` is ``play_half``) and ``args``
(the fields, JSON-ready, each as the observation names it: a field declared with :func:`shown_as`
converts its value, so a horse index reaches the browser as the id the observation uses). A
message ``<game>.action.<kind>`` in the game's catalog labels the action for a player
(``Game.action_json``); an action whose label needs more than its args says so in ``label_message``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from hippodrome.engine.types import JSON, JSONObject

_SHOWN = "hippodrome.shown_as"


def shown_as(to_json: Callable[[Any], JSON], *, default: Any = MISSING) -> Any:
    """A dataclass field whose value ``Action.args`` shows as ``to_json(value)`` (``horse: int =
    shown_as(horse_id)``: the index the rules use, the id the observation uses)."""
    return field(default=default, metadata={_SHOWN: to_json})


def _plain(value: object) -> JSON:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return str(value)  # a value with a notation of its own (a station ``4.12``)


_kinds: dict[type, str] = {}
_arg_fields: dict[type, tuple[tuple[str, Callable[[Any], JSON]], ...]] = {}


def _kind(cls: type) -> str:
    found = _kinds.get(cls)
    if found is None:
        found = _kinds[cls] = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    return found


def _fields(cls: type) -> tuple[tuple[str, Callable[[Any], JSON]], ...]:
    found = _arg_fields.get(cls)
    if found is None:
        found = tuple((f.name, f.metadata.get(_SHOWN, _plain)) for f in fields(cls))
        _arg_fields[cls] = found
    return found


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``str(action)`` is its notation."""

    terms: ClassVar[Mapping[str, str]] = {}
    """Label parameters whose value is a term of another name (``{"target": "player"}``)."""

    def __str__(self) -> str:  # pragma: no cover - every concrete action overrides it
        raise NotImplementedError

    @property
    def kind(self) -> str:
        """A stable short name of what the action is (``bet``, ``play_half``): its class, in snake
        case. The label's message key ends with it."""
        return _kind(type(self))

    @property
    def args(self) -> JSONObject:
        """The action's parameters, JSON-ready, named as its fields and valued as the observation
        shows them."""
        return {name: convert(getattr(self, name)) for name, convert in _fields(type(self))}

    def label_message(self) -> tuple[str, JSONObject]:
        """The label's message (a key under ``<game>.action.``) and its parameters: by default the
        kind and the args; an action whose wording depends on its values picks a variant."""
        return self.kind, self.args
