"""Typed events: what an ``apply`` made happen, ready to narrate in any language.

An event is a slotted dataclass with a message ``key``; treat it as immutable (it is not frozen only
because frozen dataclasses are several times slower to create, and events are made on the fast path); its fields are the message parameters. Fields
named ``player`` hold a seat index, which a narrator replaces by the seat's name. Events that carry a
secret say how they look to someone else (:meth:`Event.seen_by`); events that move money say so
(:meth:`Event.money_changes`), which the conformance suite uses to check that money is conserved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import ClassVar

from hippodrome.engine.i18n import render
from hippodrome.engine.types import JSON, JSONObject, Money, Player


class PaidToPlayer:
    """For an event that pays ``amount`` to ``player``: its ``money_changes`` (a prize, a purse, a
    winning slip). Put before ``Event`` among the bases; the event declares the two fields."""

    __slots__ = ()
    player: Player
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount}


class PaidByPlayer:
    """For an event in which ``player`` pays ``amount`` (a fee, a stake): its ``money_changes``."""

    __slots__ = ()
    player: Player
    amount: Money

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount}


@dataclass(slots=True)
class Event:
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
    """The line of a game's result sheet the money this event moves goes on (``purchases``, ``pot``,
    ``bets``, ``winnings``, ``prizes``, ``bonuses``, ``penalties``, ``house``: see
    ``hippodrome.engine.results``); empty: ``other``."""

    def params(self) -> JSONObject:
        out: JSONObject = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
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

    def placings(self) -> Sequence[tuple[str, int]]:
        """The horses this event gives a place in a race, by id, with the place (1: the winner);
        empty for most events."""
        return ()


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
