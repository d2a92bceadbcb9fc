"""Actions: immutable values with one text notation, and a typed form for front ends.

Every game defines its actions as classes deriving from :class:`FrozenAction`, gives them a
``__str__`` that is their notation, and a parser (``Game.parse_action``) that is its exact inverse.
Chance outcomes (a die face, a card drawn) are actions too, so a game record is a plain list of them.

An action class is written as an event is (``engine/events.py``), so that mypyc compiles it into a
native class whose constructor is a C function (``hippodrome.compiled``; docs/engine.md, "A
compiled build"): its constants as ``ClassVar`` class attributes, its fields named in ``__slots__``
and annotated, and an ``__init__`` that takes every field in that order and sets each with
``object.__setattr__`` (the class refuses any other assignment)::

    class Bet(FrozenAction):
        __slots__ = ("token", "horse")
        shown: ClassVar[Shown] = {"horse": horse_id}
        token: int
        horse: int

        def __init__(self, token: int, horse: int) -> None:
            object.__setattr__(self, "token", token)
            object.__setattr__(self, "horse", horse)

:class:`Action` gives them what the frozen dataclasses they were had, from that field list
(:func:`~hippodrome.engine.events.fields_of`): equality and hash by value (the hash of the tuple of
the fields, as a dataclass's), a ``repr``, pickling as a call of the constructor. A frozen dataclass
deriving from :class:`Action` is an action too (a test's, a game's not yet compiled).

Front ends get each action typed as well, with no per-class code: ``kind`` (the class name in snake
case: ``Bet`` is ``bet``, ``PlayHalf`` is ``play_half``) and ``args`` (the fields, JSON-ready, each
as the observation names it: a field the class's ``shown`` names converts its value, so a horse
index reaches the browser as the id the observation uses). A message ``<game>.action.<kind>`` in
the game's catalog labels the action for a player (``Game.action_json``); an action whose label
needs more than its args says so in ``label_message``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import FrozenInstanceError
from operator import attrgetter
from typing import Any, ClassVar, Final, TypeAlias

from mypy_extensions import mypyc_attr

from hippodrome.engine.events import fields_of
from hippodrome.engine.types import JSON, JSONObject

Shown: TypeAlias = Mapping[str, Callable[[Any], JSON]]
"""How ``Action.args`` shows a field: by name, the function of its value the observation uses
(``{"horse": horse_id}``: the index the rules use, the id the observation uses)."""


def _plain(value: object) -> JSON:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return str(value)  # a value with a notation of its own (a station ``4.12``)


_kinds: Final[dict[type, str]] = {}
_readers: Final[dict[type, tuple[Callable[[Any], Any], bool]]] = {}


def _kind(cls: type) -> str:
    found = _kinds.get(cls)
    if found is None:
        found = _kinds[cls] = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
    return found


def _nothing(action: object) -> tuple[()]:
    return ()


def reader(cls: type) -> tuple[Callable[[Any], Any], bool]:
    """How to read the fields of an action of ``cls`` at once, made once a class: a function
    (``operator.attrgetter``, which reads them in C) giving the tuple of their values in the
    constructor's order, or the value itself when the class has one field (then True)."""
    found = _readers.get(cls)
    if found is None:
        names = fields_of(cls)
        found = _readers[cls] = (attrgetter(*names) if names else _nothing), len(names) == 1
    return found


def values_of(action: Action) -> tuple[Any, ...]:
    """The values of the fields of ``action``, in its constructor's order."""
    get, single = _readers.get(type(action)) or reader(type(action))
    return (get(action),) if single else tuple(get(action))


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every action. ``str(action)`` is its notation. Subclasses are written as the
    module's docstring shows."""

    __slots__ = ()
    terms: ClassVar[Mapping[str, str]] = {}
    """Label parameters whose value is a term of another name (``{"target": "player"}``)."""
    shown: ClassVar[Shown] = {}
    """The fields ``args`` shows converted, with the conversion (by default a field shows as it is)."""

    def __str__(self) -> str:  # pragma: no cover - every concrete action overrides it
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        get = (_readers.get(type(self)) or reader(type(self)))[0]
        return bool(get(self) == get(other))

    def __hash__(self) -> int:
        # A dataclass's hash, the tuple of the fields' (the same numbers, so the same order
        # wherever actions are iterated in a set or a dictionary's table).
        get, single = _readers.get(type(self)) or reader(type(self))
        return hash((get(self),)) if single else hash(get(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields_of(type(self)))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # Pickled (Ray ships actions, tournaments send them to worker processes) and copied as a
        # call of the constructor: a compiled class makes no blank instance.
        return type(self), values_of(self)

    @property
    def kind(self) -> str:
        """A stable short name of what the action is (``bet``, ``play_half``): its class, in snake
        case. The label's message key ends with it."""
        return _kind(type(self))

    @property
    def args(self) -> JSONObject:
        """The action's parameters, JSON-ready, named as its fields and valued as the observation
        shows them."""
        shown = self.shown
        return {
            name: shown.get(name, _plain)(getattr(self, name)) for name in fields_of(type(self))
        }

    def label_message(self) -> tuple[str, JSONObject]:
        """The label's message (a key under ``<game>.action.``) and its parameters: by default the
        kind and the args; an action whose wording depends on its values picks a variant."""
        return self.kind, self.args


class FrozenAction(Action):
    """An action whose fields are set once, by its constructor (with ``object.__setattr__``): any
    other assignment is refused, as a frozen dataclass's. Compiled, the constructor's
    ``object.__setattr__`` is a plain store. (Not in :class:`Action` itself: mypyc refuses
    ``__setattr__`` in a class that interpreted classes may derive from.)"""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
