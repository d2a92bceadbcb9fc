"""Actions as ``engine/actions.py`` writes them: slotted classes with an explicit constructor
(mypyc compiles them as native classes), which behave as the frozen dataclasses they were did:
equal and hashed by value, immutable, pickled, written and read back in their notation (and the
frozen dataclasses of a game whose rules stay interpreted, the same way).

``make test`` runs this file a second time on the compiled build (``scripts/build_compiled.py``),
where the field list is read from what mypyc keeps of a class, not from its ``__slots__``.
"""

from __future__ import annotations

import copy
import inspect
import json
import pickle
import random
import sys
from collections.abc import Iterator
from dataclasses import FrozenInstanceError, dataclass, is_dataclass
from typing import Any

import pytest

from hippodrome.compiled import is_compiled
from hippodrome.engine.actions import Action, FrozenAction
from hippodrome.engine.auction_events import Bid, SealedBid
from hippodrome.engine.events import fields_of
from hippodrome.engine.game import Game
from hippodrome.games import load_game, playable_ids


def offered_actions(game: Game[Any], seed: int = 0) -> Iterator[Action]:
    """Every action a random game offers: each seat's legal actions at every decision and the
    chance outcomes, the one played among them."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            yield from (outcome for outcome, _ in state.chance_outcomes())
            state.apply_unchecked(state.sample_chance(rng))
            continue
        for player in state.active_players():
            legal = state.legal_actions(player)
            yield from legal
            state.apply_unchecked(rng.choice(legal), player)


@pytest.mark.parametrize("game_id", playable_ids())
def test_an_action_is_its_fields_compared_hashed_and_pickled_by_value(game_id: str) -> None:
    game = load_game(game_id)
    classes = set()
    seen: dict[Action, str] = {}
    for action in offered_actions(game):
        cls = type(action)
        names = fields_of(cls)
        values = tuple(getattr(action, name) for name in names)
        again = cls(*values)  # positional: a field out of order would land elsewhere
        assert again == action, (names, action)
        assert not again != action  # noqa: SIM202 (the operator itself)
        assert hash(again) == hash(action) == hash(values)  # a dataclass's hash: its fields'
        for twin in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
            assert type(twin) is cls and twin == action
        assert (
            repr(action)
            == f"{cls.__name__}("
            + ", ".join(f"{name}={value!r}" for name, value in zip(names, values, strict=True))
            + ")"
        )
        seen.setdefault(action, str(action))
        classes.add(cls)
    assert len(classes) >= 4, classes
    for action, notation in seen.items():
        assert game.parse_action(notation) == action, notation
        assert list(action.args) == list(fields_of(type(action)))
        json.dumps([action.kind, action.args, action.label_message()])
        assert game.action_json(action)["notation"] == notation


@pytest.mark.parametrize("game_id", playable_ids())
def test_an_action_refuses_to_change(game_id: str) -> None:
    game = load_game(game_id)
    for action in {type(a): a for a in offered_actions(game)}.values():
        assert frozen(type(action)), type(action)
        # Not a field either (a frozen dataclass with slots fails that with a TypeError, CPython's).
        other = ("other",) if isinstance(action, FrozenAction) else ()
        for name in (*fields_of(type(action)), *other):
            with pytest.raises(FrozenInstanceError):
                setattr(action, name, 1)
            with pytest.raises(FrozenInstanceError):
                delattr(action, name)


def test_actions_of_different_classes_differ_though_their_fields_agree() -> None:
    assert Bid(5) != SealedBid(5) and Bid(5) == Bid(5) and Bid(5) != Bid(6)
    assert Bid(5) != 5 and hash(Bid(5)) == hash(SealedBid(5)) == hash((5,))
    assert len({Bid(5), SealedBid(5), Bid(5)}) == 2
    assert Bid(amount=5) == Bid(5)


def frozen(cls: type[Action]) -> bool:
    """A compiled game's action class derives from ``FrozenAction``; a game whose rules stay
    interpreted keeps frozen dataclasses (Toques et Casques: docs/engine.md, "A compiled build")."""
    return issubclass(cls, FrozenAction) or (is_dataclass(cls) and cls.__dataclass_params__.frozen)


def every_action_class() -> list[type[Action]]:
    """Every action class of the engine and the registered games, the rare ones included."""
    for game_id in playable_ids():
        load_game(game_id)  # imports its actions
    found: list[type[Action]] = []
    waiting: list[type[Action]] = [Action]
    while waiting:
        for sub in waiting.pop().__subclasses__():
            module = sys.modules[sub.__module__]
            # A dataclass with slots is a new class: the one it replaced is left out.
            if sub not in found and getattr(module, sub.__qualname__, None) is sub:
                waiting.append(sub)
                if sub.__module__.startswith("hippodrome."):  # not a test's own
                    found.append(sub)
    return found


def test_every_action_class_takes_its_fields_in_order_and_keeps_no_dict() -> None:
    """A field left out of ``__slots__`` or out of the constructor, or a class without
    ``__slots__``, in any action class, not only those a random game offers. Compiled, a
    constructor has no signature to read (mypyc's is ``*args, **kwargs``) and a native class no
    ``__dict__``: the offered actions above check the order there."""
    classes = every_action_class()
    assert len(classes) > 75
    for cls in classes:
        assert cls is FrozenAction or frozen(cls), cls
        assert set(cls.shown) <= set(fields_of(cls)), cls
        if is_compiled(sys.modules[cls.__module__]):
            assert hasattr(cls, "__mypyc_attrs__"), cls
            continue
        assert "__slots__" in cls.__dict__, cls
        if cls.__init__ is object.__init__:
            assert fields_of(cls) == (), cls  # an action with no fields needs no constructor
            continue
        parameters = list(inspect.signature(cls.__init__).parameters)[1:]
        assert parameters == list(fields_of(cls)), cls


@dataclass(frozen=True)
class Wager(Action):
    """An action written as a plain frozen dataclass, without slots (a game not yet compiled)."""

    horse: int
    amount: int = 10

    def __str__(self) -> str:
        return f"wager {self.horse} {self.amount}"


def test_a_frozen_dataclass_without_slots_is_an_action_too() -> None:
    wager = Wager(3, 50)
    assert fields_of(Wager) == ("horse", "amount")
    assert wager.args == {"horse": 3, "amount": 50}
    assert wager.kind == "wager"
    assert pickle.loads(pickle.dumps(wager)) == wager
    assert copy.deepcopy(wager) == wager
    assert hash(Wager(3, 50)) == hash(wager) != hash(Wager(3, 60))
