"""Fixed-shape encodings of a seat's view and of its actions, for every registered game.

**Observation.** ``ObservationEncoding.encode(state, seat)`` turns ``state.observation(seat)``, the
JSON view the engine already guarantees to hold only what that seat may see, into a float32 vector
of a fixed length. A game that declares an exact layout (its manifest's ``tensor`` piece, a
``hippodrome.engine.tensor.TensorLayout``: Royal Turf does) gets it, each slot named
(``encoding.observation.names``). Any other game's view is encoded in ``size`` slots (1,024) by
feature hashing, with no per-game code:

- the view is walked as a tree; each leaf has a path (``horses/3/square``, list items by index);
- a number ``x`` (or a boolean, 1/0) at path ``p`` adds ``x`` to slot ``crc32(p) % size``;
- a string ``s`` at path ``p`` adds 1 to slot ``crc32(p + "=" + s) % size`` (a one-hot of the word);
- ``null`` adds nothing.

Because the vector is a function of the seat's observation alone, it carries nothing the seat may
not see: two states that differ only in another seat's secret give the same vector (pinned by
``tests/interop/test_encoding.py`` with each game's ``resample_for``). Distinct leaves can share a
slot (hashing collisions); a game that wants an exact layout registers its own encoder in
``OBSERVATION_SIZES``' stead (``register``).

**Information state.** ``ObservationEncoding.encode_history(state, seat)`` hashes, the same way and
into ``history_size`` slots (4,096), the seat's view under ``view/`` and every event of the game as
that seat was told it (``Event.seen_by``) under ``events/<i>/``: what the seat has seen since the
start, for algorithms that want perfect recall (OpenSpiel's information-state tensor).

**Actions.** ``ActionEncoding`` gives each decision a fixed list of ids ``0 .. size - 1`` and a mask
of the legal ones. Two kinds:

- *enumerated* (a game that lists every action it can ever offer, e.g. Royal Turf's 7 moves and
  its bets): id ``i`` is always the same action, whatever the position;
- *indexed* (the default, for any game): id ``i`` is the ``i``-th legal action of the position, in
  the order the engine lists them, up to a declared bound; the mask is the first ``len(legal)``
  ids. Meaning depends on the position, the price of needing no list of the game's actions.

Chance outcomes are indexed the same way over ``chance_outcomes()``.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hippodrome.engine.actions import Action
from hippodrome.engine.game import Game, State
from hippodrome.engine.tensor import TensorLayout
from hippodrome.engine.types import JSON, Player
from hippodrome.games import entry

DEFAULT_OBSERVATION_SIZE = 1024
DEFAULT_HISTORY_SIZE = 4096
DEFAULT_ACTION_BOUND = 512
"""Legal actions one decision may offer under the indexed encoding, unless the game says more
(``Game.max_choices``; Royal Steeple Chase's pirate stakes offer up to 480 at once)."""
DEFAULT_CHANCE_BOUND = 64


def _first(pair: tuple[int, Action]) -> int:
    return pair[0]


class EncodingError(ValueError):
    """A position offers more choices than its encoding has ids."""


_slots: dict[str, int] = {}


def _slot(key: str, size: int) -> int:
    found = _slots.get(key)
    if found is None:
        found = _slots[key] = zlib.crc32(key.encode())
    return found % size


def hash_into(value: JSON, path: str, out: np.ndarray[Any, Any]) -> None:
    """Add the leaves of ``value``, under ``path``, into ``out`` (the hashing the module describes)."""
    _walk(value, path, out, len(out))


def _walk(value: JSON, path: str, out: np.ndarray[Any, Any], size: int) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _walk(item, f"{path}/{key}", out, size)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _walk(item, f"{path}/{i}", out, size)
    elif isinstance(value, bool):
        if value:
            out[_slot(path, size)] += 1.0
    elif isinstance(value, int | float):
        out[_slot(path, size)] += float(value)
    elif isinstance(value, str):
        out[_slot(f"{path}={value}", size)] += 1.0


@dataclass(frozen=True, slots=True)
class ObservationEncoding:
    """A seat's view as a float32 vector: the game's exact layout when it declares one (slot ``i``
    is ``names[i]``), else ``size`` hashed slots (see the module)."""

    size: int = DEFAULT_OBSERVATION_SIZE
    history_size: int = DEFAULT_HISTORY_SIZE
    layout: TensorLayout | None = None

    @property
    def names(self) -> tuple[str, ...] | None:
        """What each slot holds, under an exact layout (None when hashed)."""
        return self.layout.names if self.layout is not None else None

    def encode(self, state: State, seat: Player | None) -> np.ndarray[Any, Any]:
        if self.layout is not None:
            return np.asarray(self.layout.encode(state.observation(seat)), np.float32)
        out = np.zeros(self.size, np.float32)
        _walk(state.observation(seat), "", out, self.size)
        return out

    def encode_history(self, state: State, seat: Player | None) -> np.ndarray[Any, Any]:
        out = np.zeros(self.history_size, np.float32)
        _walk(state.observation(seat), "view", out, self.history_size)
        for i, event in enumerate(state.events):
            _walk(event.seen_by(seat).to_json(), f"events/{i}", out, self.history_size)
        return out


@dataclass(frozen=True, slots=True)
class ActionEncoding:
    """Ids for the actions of one game: enumerated when ``actions`` lists them all, else indexed
    over the legal actions of the position (``bound`` ids)."""

    actions: tuple[Action, ...] | None = None
    bound: int = DEFAULT_ACTION_BOUND
    chance_bound: int = DEFAULT_CHANCE_BOUND
    _ids: dict[Action, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.actions is not None:
            self._ids.update({a: i for i, a in enumerate(self.actions)})

    @property
    def size(self) -> int:
        return len(self.actions) if self.actions is not None else self.bound

    def legal(self, state: State, seat: Player) -> list[tuple[int, Action]]:
        """The legal actions of ``seat`` with their ids, ids ascending."""
        legal = self._checked(state, seat)
        if self.actions is None:
            return list(enumerate(legal))
        ids = self._ids
        return sorted(((ids[a], a) for a in legal), key=_first)

    def mask(self, state: State, seat: Player) -> np.ndarray[Any, Any]:
        out = np.zeros(self.size, np.int8)
        legal = self._checked(state, seat)
        if self.actions is None:
            out[: len(legal)] = 1
        else:
            ids = self._ids
            out[[ids[a] for a in legal]] = 1
        return out

    def _checked(self, state: State, seat: Player) -> Sequence[Action]:
        legal = state.legal_actions(seat)
        if self.actions is None and len(legal) > self.bound:
            raise EncodingError(
                f"{state.game.id}: {len(legal)} legal actions, more than the encoding's "
                f"{self.bound} ids"
            )
        return legal

    def chance(self, state: State) -> list[tuple[int, Action, float]]:
        """The pending chance outcomes with their ids (their index) and probabilities."""
        outcomes = state.chance_outcomes()
        if len(outcomes) > self.chance_bound:
            raise EncodingError(
                f"{state.game.id}: {len(outcomes)} chance outcomes, more than the encoding's "
                f"{self.chance_bound} ids"
            )
        return [(i, a, p) for i, (a, p) in enumerate(outcomes)]


@dataclass(frozen=True, slots=True)
class Encoding:
    observation: ObservationEncoding
    actions: ActionEncoding


ActionHook = Callable[[Game[Any]], Sequence[Action]]
_action_hooks: dict[str, ActionHook] = {}


def register(game_id: str, actions: ActionHook) -> None:
    """Declare every action ``game_id`` can offer a seat (its enumerated encoding)."""
    _action_hooks[game_id] = actions


def encoding_for(game: Game[Any]) -> Encoding:
    """The encoding of ``game``: enumerated actions when the game lists them (``action_catalogue``,
    or a hook given to ``register``), else indexed over at most ``max_choices``."""
    hook = _action_hooks.get(game.id)
    listed = hook(game) if hook is not None else game.action_catalogue()
    if listed is not None:
        actions = ActionEncoding(tuple(listed))
    else:
        actions = ActionEncoding(bound=game.max_choices)
    layout = entry(game.id).tensor_layout(game)
    if layout is not None:
        return Encoding(ObservationEncoding(size=layout.size, layout=layout), actions)
    return Encoding(ObservationEncoding(), actions)
