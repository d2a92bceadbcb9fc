"""Events as ``engine/events.py`` writes them: plain slotted classes with an explicit constructor
(mypyc compiles them as native classes), which behave as the dataclasses they were did.

``make test`` runs this file a second time on the compiled build (``scripts/build_compiled.py``),
where the field list is read from what mypyc keeps of a class, not from its ``__slots__``.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator

import pytest

from hippodrome.engine.events import Event, fields_of
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
