"""Events as ``engine/events.py`` writes them: plain slotted classes with an explicit constructor
(mypyc compiles them as native classes), which behave as the dataclasses they were did.

``make test`` runs this file a second time on the compiled build (``scripts/build_compiled.py``),
where the field list is read from what mypyc keeps of a class, not from its ``__slots__``.
"""

from __future__ import annotations

import copy
import inspect
import pickle
import random
import sys
from collections.abc import Iterator

import pytest

from hippodrome.compiled import is_compiled
from hippodrome.engine.events import Event, PaidByPlayer, PaidToPlayer, fields_of
from hippodrome.engine.pool_events import SlipPaid
from hippodrome.games import load_game, playable_ids


def played_events(game_id: str, seed: int = 0) -> Iterator[Event]:
    """The events of a random game, and each as every seat and a spectator see it."""
    game = load_game(game_id)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
            continue
        for player in state.active_players():
            state.apply_unchecked(rng.choice(state.legal_actions(player)), player)
    for event in state.events:
        for viewer in (None, *range(game.num_players)):
            yield event.seen_by(viewer)


@pytest.mark.parametrize("game_id", playable_ids())
def test_an_event_is_its_fields_in_its_constructors_order(game_id: str) -> None:
    classes = set()
    for event in played_events(game_id):
        names = fields_of(type(event))
        values = [getattr(event, name) for name in names]
        again = type(event)(*values)  # positional: a field out of order would land elsewhere
        assert again == event, (names, event)
        assert again.to_json() == event.to_json()
        assert list(event.to_json())[1:] == [n for n in names if n in event.params()]
        classes.add(type(event))
    assert len(classes) >= 5, classes


@pytest.mark.parametrize("game_id", playable_ids())
def test_an_event_pickles_copies_and_compares_by_value(game_id: str) -> None:
    for event in played_events(game_id):
        for twin in (pickle.loads(pickle.dumps(event)), copy.copy(event), copy.deepcopy(event)):
            assert type(twin) is type(event)
            assert twin == event
            assert twin.to_json() == event.to_json()
        assert event.copy_with() == event
        assert repr(event).startswith(f"{type(event).__name__}(")
        name = fields_of(type(event))[0] if fields_of(type(event)) else None
        if name is not None and isinstance(getattr(event, name), int):
            changed = event.copy_with(**{name: getattr(event, name) + 1})
            assert changed != event
            assert getattr(changed, name) == getattr(event, name) + 1


def test_a_payment_keeps_its_own_order_of_fields() -> None:
    """``PaidToPlayer`` names ``player`` and ``amount`` (compiled, they are its attributes): an
    event deriving from it lists them where it declares them itself."""
    assert fields_of(SlipPaid) == ("player", "number", "amount")
    assert list(SlipPaid(2, 7, 30).to_json()) == ["key", "player", "number", "amount"]
    assert SlipPaid(2, 7, 30).money_changes() == {2: 30}
    assert fields_of(Event) == ()


def every_event_class() -> list[type[Event]]:
    """Every event class of the engine and the registered games, the rare ones included."""
    for game_id in playable_ids():
        load_game(game_id)  # imports its events
    found: list[type[Event]] = []
    waiting: list[type[Event]] = [Event]
    while waiting:
        for sub in waiting.pop().__subclasses__():
            if sub not in found:
                found.append(sub)
                waiting.append(sub)
    return found


def test_every_event_class_takes_its_fields_in_order_and_keeps_no_dict() -> None:
    """A field left out of ``__slots__`` or out of the constructor, or a class without
    ``__slots__`` (its events would carry a ``__dict__``, where a misspelt field passes unseen),
    in any event class, not only those a random game happens to make. Compiled, a constructor has
    no signature to read (mypyc's is ``*args, **kwargs``) and a native class no ``__dict__`` at
    all: the played events above check the order there."""
    classes = every_event_class()
    assert len(classes) > 150
    for cls in classes:
        if is_compiled(sys.modules[cls.__module__]):
            assert hasattr(cls, "__mypyc_attrs__"), cls
            continue
        assert "__slots__" in cls.__dict__, cls
        if cls in (PaidToPlayer, PaidByPlayer):
            continue  # the payments' bases, which declare no constructor of their own
        if cls.__init__ is object.__init__:
            assert fields_of(cls) == (), cls  # an event with no fields needs no constructor
            continue
        parameters = list(inspect.signature(cls.__init__).parameters)[1:]
        assert parameters == list(fields_of(cls)), cls
