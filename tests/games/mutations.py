"""Damaged position documents, for the property every game's reader must hold (issue 10, point 6):
a mutated document either loads into a state that can be played on, or is refused with a
``RecordError``, never another exception.

``positions(game_id, options)`` collects valid documents from seeded random playouts;
``mutations(documents)`` is a hypothesis strategy that damages one of them in one or two places
(a value replaced by a neighbour, a foreign value or another part of the document; an entry dropped
or repeated; a field added); ``check_loads_or_is_refused`` states the property.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from hypothesis import strategies as st

import hippodrome
from hippodrome.engine.errors import RecordError
from hippodrome.engine.game import Game, State

Path = tuple[str | int, ...]


@cache
def positions(game_id: str, options: tuple[tuple[str, Any], ...], seeds: int = 3) -> list[Any]:
    """Position documents met along ``seeds`` random playouts (every few moves, and the end)."""
    game = hippodrome.load_game(game_id, **dict(options))
    found: list[Any] = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                found.append(state.position_json())
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                action = rng.choice(list(state.legal_actions(state.active_players()[0])))
            state.apply(action)
            step += 1
        found.append(state.position_json())
    return found


def paths(doc: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every place in ``doc``, containers included (the root excepted)."""
    items: Any = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for key, value in items:
        yield (*prefix, key)
        if isinstance(value, dict | list) and value:
            yield from paths(value, (*prefix, key))


def strings(doc: Any) -> set[str]:
    if isinstance(doc, str):
        return {doc}
    if isinstance(doc, dict):
        return set(doc).union(*(strings(v) for v in doc.values()))
    if isinstance(doc, list):
        return set().union(*(strings(v) for v in doc))
    return set()


def _parent(doc: Any, path: Path) -> Any:
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node


@st.composite
def mutations(draw: st.DrawFn, documents: list[Any]) -> Any:
    doc = copy.deepcopy(draw(st.sampled_from(documents)))
    for _ in range(draw(st.integers(1, 2))):
        places = list(paths(doc))
        if not places:
            break
        path = draw(st.sampled_from(places))
        parent, key = _parent(doc, path), path[-1]
        old = parent[key]
        kind = draw(st.sampled_from(["value"] * 6 + ["drop", "repeat", "add"]))
        if kind == "drop":
            del parent[key]
        elif kind == "repeat" and isinstance(parent, list):
            parent.append(copy.deepcopy(old))
        elif kind == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(sorted(strings(doc))))] = copy.deepcopy(old)
        else:
            near: list[Any] = [not old] if type(old) is bool else []
            near += [old + d for d in (-40, -2, -1, 1, 2, 40)] if type(old) is int else []
            slip: bool = draw(st.booleans())  # half the time, a plausible slip of the pen
            if near and slip:
                parent[key] = draw(st.sampled_from(near))
                continue
            pool = [*near, -1, 0, 1, 7, 99, None, True, False, "", [], {}, 2.5]
            pool += sorted(strings(doc))
            pool += [copy.deepcopy(_parent(doc, p)[p[-1]]) for p in places[:40]]
            parent[key] = draw(st.sampled_from(pool))
    return doc


def check_loads_or_is_refused(game: Game[Any], header: dict[str, Any], position: Any) -> None:
    """The property: the document is refused with a ``RecordError``, or it loads into a state whose
    legal actions, observations, JSON and every legal next move work."""
    doc = {**header, "position": position, "history": []}
    try:
        state = game.state_from_json(doc)
    except RecordError:
        return
    play_on(state)


def play_on(state: State) -> None:
    for seat in (None, *range(state.game.num_players)):
        state.observation(seat)
    state.context()
    assert state.game.state_from_json(state.to_json()).to_json() == state.to_json()
    if state.is_terminal():
        return
    if state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        assert outcomes, "a chance node with no outcome"
        actors: list[int | None] = [None]
    else:
        actors = list(state.active_players())
        assert actors, "nobody to act in a game that is not over"
    for actor in actors:
        legal = state.legal_actions(actor)
        assert legal, f"seat {actor} is to act and has no legal action"
        for action in legal:
            after = state.clone()
            after.apply(action, actor)
            after.observation(None)
