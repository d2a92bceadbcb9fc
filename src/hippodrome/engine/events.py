"""Typed events: what an ``apply`` made happen, ready to narrate in any language.

An event is a small slotted class with a message ``key``; treat it as immutable (events are made on
the fast path, and a frozen class is several times slower to create); its fields are the message
parameters. Fields named ``player`` hold a seat index, which a narrator replaces by the seat's
name. Events that carry a secret say how they look to someone else (:meth:`Event.seen_by`); events
that move money say so (:meth:`Event.money_changes`), which the conformance suite uses to check
that money is conserved.

Every event class is written the same way, so that mypyc compiles it into a native class whose
constructor is a C function (``hippodrome.compiled``; docs/engine.md, "A compiled build"): its
constants as ``ClassVar`` class attributes, its new fields named in ``__slots__`` and annotated,
and an ``__init__`` that takes every field, the inherited ones first, in that order::

    class HorseFell(Event):
        key: ClassVar[str] = "game.horse_fell"
        __slots__ = ("horse", "square")
        horse: str
        square: int

        def __init__(self, horse: str, square: int) -> None:
            self.horse = horse
            self.square = square

:class:`Event` gives them what a dataclass would (equality field by field, a ``repr``,
:meth:`Event.copy_with` for ``dataclasses.replace``, pickling) from that field list
(:func:`fields_of`). They are not dataclasses: mypyc's dataclasses keep the interpreted ``__init__``
that ``dataclasses`` writes, and lose their ``ClassVar`` annotations (mypyc issues 740 and 1122),
so that a constant became a field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields as dataclass_fields
from dataclasses import is_dataclass
from typing import Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from hippodrome.engine.i18n import render
from hippodrome.engine.types import JSON, JSONObject, Money, Player

E = TypeVar("E", bound="Event")

_FIELDS: Final[dict[type, tuple[str, ...]]] = {}


def fields_of(cls: type) -> tuple[str, ...]:
    """The fields of an event class (or an action class: ``engine/actions.py``), in its
    constructor's order (read once a class)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = _read_fields(cls)
    return found


def _read_fields(cls: type) -> tuple[str, ...]:
    if is_dataclass(cls):  # a dataclass deriving from Event or Action, slotted or not
        return tuple(f.name for f in dataclass_fields(cls))
    # Base first; a field a class names again takes its place there (the mixins below).
    names: list[str] = []
    for klass in reversed(cls.__mro__[:-1]):  # not ``object``
        own = _own_fields(klass)
        names = [name for name in names if name not in own] + list(own)
    return tuple(names)


def _own_fields(klass: type) -> tuple[str, ...]:
    """The fields ``klass`` itself declares: its ``__slots__`` as Python reads the source; compiled,
    where mypyc keeps no ``__slots__``, the head of its ``__mypyc_attrs__`` (a class's own attributes
    in their order, then its base's)."""
    namespace = klass.__dict__
    if "__slots__" in namespace:
        return tuple(namespace["__slots__"])
    attrs: tuple[str, ...] = namespace.get("__mypyc_attrs__", ())
    inherited: tuple[str, ...] = klass.__base__.__dict__.get("__mypyc_attrs__", ())
    return attrs[: len(attrs) - len(inherited)]


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:  # noqa: PLW1641 (equal by value, so not hashable: Python sets no __hash__)
    """Something that happened. Subclasses are written as the module's docstring shows."""

    __slots__ = ()
    key: ClassVar[str] = "event"
    terms: ClassVar[Mapping[str, str]] = {}
    """Parameters whose value is a term of another name (``{"winner": "horse"}``)."""
    variants: ClassVar[tuple[str, ...]] = ()
    """The suffixes of the variant keys :meth:`message` may name (``("free",)``: ``<key>_free``)."""
    quiet: ClassVar[bool] = False
    """Told later in a summary (one card of a deal, told with the whole hand): narrators leave it
    out of what they say, though it still records what each viewer may know."""
    ends_race: ClassVar[bool] = False
    """This event closes a race: the places given up to it are that race's finish (what
    ``hippodrome odds`` counts, for any game, without knowing its rules)."""
    ledger: ClassVar[str] = ""
    """The line of a game's result sheet the money this event moves goes on (``purchases``,
    ``entry_fees``, ``bets``, ``winnings``, ...: ``hippodrome.engine.results.LEDGER_LINES``, each
    named for the player by the web catalogs' ``web.result.line.<line>``); empty: ``other``, which
    no game leaves (tests/conformance/test_result_sheet.py)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in fields_of(type(self)))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields_of(type(self)))
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        # Pickled (Ray ships states) and copied as a call of the constructor: a compiled class
        # makes no blank instance.
        return type(self), tuple(getattr(self, name) for name in fields_of(type(self)))

    def copy_with(self: E, **changes: Any) -> E:
        """This event with the fields ``changes`` names changed (``dataclasses.replace``)."""
        values = {name: getattr(self, name) for name in fields_of(type(self))}
        values.update(changes)
        made: E = type(self)(**values)
        return made

    def params(self) -> JSONObject:
        out: JSONObject = {}
        for name in fields_of(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def to_json(self) -> JSONObject:
        data: JSONObject = {"key": self.key}
        data.update(self.params())
        return data

    def message(self) -> tuple[str, JSONObject]:
        """The message that narrates this event and its parameters: by default ``key`` and every
        field. An event whose sentence depends on its values (nothing bid, a card kept hidden)
        names a variant key ``<key>_<variant>`` of its catalog instead."""
        return self.key, self.params()

    def narrate(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """This event as a sentence in ``lang`` (seats called by ``names``)."""
        key, params = self.message()
        return render(key, params, lang, names=names, kinds=self.terms)

    def seen_by(self, viewer: Player | None) -> Event:
        """This event as ``viewer`` (None: a spectator) may see it. Public events return themselves."""
        return self

    def money_changes(self) -> Mapping[Player, Money]:
        """How this event changed each player's money (empty for most events)."""
        return {}

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        """Where the money this event moves goes on the result sheet: ``(line, cause, changes)``
        per part, the parts adding up to :meth:`money_changes`. The cause, a key of the catalogs
        (``ascot.business.veterinaire``) or empty, breaks a line that adds up several causes down
        (the fees paid to each business, the cards kept). Default: all of it on :attr:`ledger`,
        with no cause; an event whose money goes on several lines (a lot's price, and the
        auctioneer's commission) or names its cause says so here."""
        return ((self.ledger, "", self.money_changes()),)

    def placings(self) -> Sequence[tuple[str, int]]:
        """The horses this event gives a place in a race, by id, with the place (1: the winner);
        empty for most events."""
        return ()


class PaidToPlayer(Event):
    """For an event that pays ``amount`` to ``player``: its ``money_changes`` (a prize, a purse, a
    winning slip). The event declares the two fields among its own."""

    __slots__ = ()
    player: Player
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount}


class PaidByPlayer(Event):
    """For an event in which ``player`` pays ``amount`` (a fee, a stake): its ``money_changes``."""

    __slots__ = ()
    player: Player
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount}


def events_json(events: list[Event], viewer: Player | None) -> list[JSON]:
    """The events as ``viewer`` may see them, JSON-ready."""
    return [e.seen_by(viewer).to_json() for e in events]


def apply_money(money: list[Money], events: Sequence[Event]) -> None:
    """Carry out the money movements ``events`` declare on ``money`` (one amount per seat): how a
    game applies what a shared component (an auction, a pool) says was paid."""
    for event in events:
        for player, delta in event.money_changes().items():
            money[player] += delta


def flagged(event: Event, flag: str) -> tuple[str, JSONObject]:
    """The message of an event with a yes-or-no field: the variant ``<key>_<flag>`` when it is
    true, the plain key when not; the flag itself is not shown."""
    params = event.params()
    on = params.pop(flag)
    return (f"{event.key}_{flag}" if on else event.key), params
