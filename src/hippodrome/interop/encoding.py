"""Fixed-shape encodings of a seat's view and of its actions, for every registered game.

**Observation.** ``ObservationEncoding.encode(state, seat)`` turns ``state.observation(seat)``, the
JSON view the engine already guarantees to hold only what that seat may see, into a float32 vector
of a fixed length, every slot bounded (``low``, ``high``: what the spaces declare). A game that
declares an exact layout (its manifest's ``tensor`` piece, a ``hippodrome.engine.tensor.TensorLayout``:
all five do) gets it, each slot named (``encoding.observation.names``) and scaled (``SCALES``):

- a one-hot or a flag (a name with ``=``, or any slot ``SCALES`` does not name) is 0 or 1, bounds
  [0, 1] (clipped there: ``tests/interop/test_encoding.py`` checks that random playouts of every
  game never need the clip);
- an amount or a count (money, stakes, squares to go, cards held: a pattern of ``SCALES``, with its
  scale ``s``, about its typical size) is ``x / (|x| + s)``, bounds [-1, 1]: monotone, ``x / 2s`` for
  a small ``x``, one half at ``x = s``, never reaching 1 however large the game lets ``x`` grow
  (Royal Turf's money reaches 5,900, Ascot's bank 1.7 million). ``raw`` gives the game's units.

Any other game's view is encoded in ``size`` slots (1,024) by feature hashing, with no per-game code,
each slot then squashed the same way on a log scale (``sign(x) log(1 + |x|) / (1 + log(1 + |x|))``,
bounds [-1, 1]):

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
  its bets, or Toques et Casques' 12 decisions and 48 hurdle stations, registered here): id ``i`` is
  always the same action, whatever the position;
- *indexed* (the default, for any game): id ``i`` is the ``i``-th legal action of the position, in
  the order the engine lists them, up to a declared bound; the mask is the first ``len(legal)``
  ids. Meaning depends on the position, the price of needing no list of the game's actions.

Chance outcomes are indexed the same way over ``chance_outcomes()``.
"""

from __future__ import annotations

import fnmatch
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


SCALES: dict[str, tuple[tuple[str, float], ...]] = {
    # Per game, the slots that hold an amount or a count (``fnmatch`` patterns over the layout's
    # names, first match wins) and their scale ``s``: the slot holds ``x / (|x| + s)``. Every
    # other slot is a one-hot or a flag, 0 or 1. ``*`` also spans ``/``: ``*/*/stake`` is a
    # horse's stake by a seat, ``*/place`` a horse's place.
    "royal_turf": (
        ("round", 5),
        ("money/*", 1000),
        ("*/to_go", 20),
        ("*/card/*", 8),
        ("*/moved", 1),
        ("*/*/tokens", 1),
        ("*/*/stake", 2),
        ("hand/*", 1),
        ("hand_size/*", 2),
    ),
    "toques_et_casques": (
        ("round", 20),
        ("points", 6),
        ("rolled", 6),
        ("money/*", 1000),
        ("*/progress", 50),
        ("*/to_go", 50),
        ("*/place", 2),
        ("*/lap", 1),
        ("*/rolloff", 6),
        ("relocation/targets", 8),
    ),
    "royal_steeple_chase": (
        ("deal", 3),
        ("*/progress", 10),
        ("*/hurdle/*", 1),
        ("*/central/*", 1),
        ("hand/*", 1),
        ("spread/*", 1),
        ("known/*", 1),
        ("hand_size/*", 6),
        ("chips/*", 100),
        ("hurdles_in_hand/*", 2),
        ("honours/*", 300),
        ("below/*", 50),
        ("toward/*", 10),
        ("games/*", 1),
        ("totals/*", 300),
        ("pot", 100),
        ("hurdle_supply", 8),
        ("discards", 20),
        ("races", 2),
        ("auction/high", 40),
        ("auction/minimum", 40),
        ("auction/price", 40),
        ("auction/*/bid", 40),
        ("incidents/*", 10),
        ("trade/points", 5),
        ("trade/given", 5),
        ("bet/*", 20),
        ("contract/doubled", 1),
        ("contract/eliminated/*", 1),
        ("contract/calls", 4),
        ("rubber", 1),
    ),
    "win_place_show": (
        ("turn", 6),
        ("money/*", 20000),
        ("stables/*", 2),
        ("dice/*", 3),
        ("total", 10),
        ("destinations", 5),
        ("*/*/bid", 10000),
        ("*/*/win", 5000),
        ("*/*/place", 5000),
        ("*/*/show", 5000),
        ("*/square", 40),
        ("*/place", 2),
        ("*/claims", 2),
        ("*/lost", 2),
        ("sheet/*", 2),
        ("slips/*/stake", 5000),
        ("slips/*", 2),
        ("doubles/*/stake", 5000),
        ("doubles/*", 2),
        ("double/*", 2000),
        ("auction/high", 5000),
        ("auction/minimum", 5000),
        ("auction/price", 5000),
        ("auction/*/bid", 5000),
    ),
    "ascot": (
        ("money/*", 100000),
        ("bank", 500000),
        ("jackpot", 50000),
        ("dead_pile", 5),
        ("hand/*", 1),
        ("hand_size/*", 3),
        ("reports/*", 2),
        ("report/*", 1),
        ("*/square", 20),
        ("race/advantages/*", 4),
        ("race/disadvantages/*", 4),
        ("*/advantages", 2),
        ("*/disadvantages", 2),
        ("*/*/win", 20000),
        ("*/*/place", 20000),
        ("*/*/odds", 5),
        ("tote/*/stake", 20000),
        ("tote/*", 2),
        ("place/*/stake", 20000),
        ("place/*", 2),
        ("auction/high", 50000),
        ("auction/minimum", 50000),
        ("auction/price", 50000),
        ("auction/*/bid", 50000),
    ),
}
"""Each game's amounts and counts, with their scales (see the module): a slot no pattern names is
a one-hot or a flag."""


def scales_for(game_id: str, names: Sequence[str]) -> np.ndarray[Any, Any]:
    """Each slot's scale ``s`` (0: a one-hot or a flag, kept in [0, 1])."""
    patterns = SCALES.get(game_id, ())
    out = np.zeros(len(names), np.float32)
    for i, name in enumerate(names):
        if "=" in name:
            continue
        for pattern, scale in patterns:
            if fnmatch.fnmatchcase(name, pattern):
                out[i] = scale
                break
    return out


def _squash_log(out: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    magnitude = np.log1p(np.abs(out))
    squashed: np.ndarray[Any, Any] = np.sign(out) * magnitude / (1.0 + magnitude)
    return squashed


@dataclass(frozen=True, slots=True)
class ObservationEncoding:
    """A seat's view as a float32 vector: the game's exact layout when it declares one (slot ``i``
    is ``names[i]``), else ``size`` hashed slots; every slot within ``[low[i], high[i]]`` (see the
    module)."""

    size: int = DEFAULT_OBSERVATION_SIZE
    history_size: int = DEFAULT_HISTORY_SIZE
    layout: TensorLayout | None = None
    scales: np.ndarray[Any, Any] | None = field(default=None, compare=False, repr=False)
    """Each slot's scale under an exact layout (``scales_for``)."""
    _scaled: np.ndarray[Any, Any] = field(init=False, compare=False, repr=False)
    _flags: np.ndarray[Any, Any] = field(init=False, compare=False, repr=False)
    _is_scaled: np.ndarray[Any, Any] = field(init=False, compare=False, repr=False)
    _divisor: np.ndarray[Any, Any] = field(init=False, compare=False, repr=False)
    """``s`` for a scaled slot, 1 for a flag (whole-vector arithmetic is faster than indexing)."""
    low: np.ndarray[Any, Any] = field(init=False, compare=False, repr=False)
    high: np.ndarray[Any, Any] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        scales = self.scales if self.scales is not None else np.zeros(self.size, np.float32)
        if self.layout is not None and len(scales) != self.size:
            raise ValueError(f"{len(scales)} scales for a layout of {self.size} slots")
        scaled = np.flatnonzero(scales > 0)
        flags = np.flatnonzero(scales <= 0)
        low = np.zeros(self.size, np.float32)
        if self.layout is None:
            low[:] = -1.0  # hashed: every slot squashed (log scale)
        else:
            low[scaled] = -1.0
        high = np.ones(self.size, np.float32)
        is_scaled = scales > 0
        divisor = np.where(is_scaled, scales, 1.0).astype(np.float32)
        for name, value in (
            ("_scaled", scaled),
            ("_flags", flags),
            ("low", low),
            ("high", high),
            ("_is_scaled", is_scaled),
            ("_divisor", divisor),
        ):
            value.flags.writeable = False
            object.__setattr__(self, name, value)
        object.__setattr__(self, "scales", scales[scaled] if self.layout is not None else scales)

    @property
    def bounds(self) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """``(low, high)``: every slot of ``encode`` lies within them (read-only arrays)."""
        return self.low, self.high

    @property
    def names(self) -> tuple[str, ...] | None:
        """What each slot holds, under an exact layout (None when hashed)."""
        return self.layout.names if self.layout is not None else None

    def raw(self, state: State, seat: Player | None) -> np.ndarray[Any, Any]:
        """The slots in the game's own units (money as money), unscaled and unbounded."""
        if self.layout is not None:
            return np.array(self.layout.encode(state.observation(seat)), np.float32)
        out = np.zeros(self.size, np.float32)
        _walk(state.observation(seat), "", out, self.size)
        return out

    def encode(self, state: State, seat: Player | None) -> np.ndarray[Any, Any]:
        """``seat``'s view, every slot scaled into its bounds (see the module)."""
        return self.scale(self.raw(state, seat))

    def scale(self, raw: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """``raw`` (``raw``'s slots, in the game's units) scaled into the bounds, in place."""
        if self.layout is None:
            return _squash_log(raw).astype(np.float32)
        squashed = raw / (np.abs(raw) + self._divisor)
        np.clip(raw, 0.0, 1.0, out=raw)
        np.copyto(raw, squashed, where=self._is_scaled)
        return raw

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
        try:
            return sorted(((ids[a], a) for a in legal), key=_first)
        except KeyError as missing:
            raise self._unlisted(state, missing) from None

    def mask(self, state: State, seat: Player) -> np.ndarray[Any, Any]:
        out = np.zeros(self.size, np.int8)
        legal = self._checked(state, seat)
        if self.actions is None:
            out[: len(legal)] = 1
        else:
            ids = self._ids
            try:
                out[[ids[a] for a in legal]] = 1
            except KeyError as missing:
                raise self._unlisted(state, missing) from None
        return out

    def id_of(self, action: Action) -> int | None:
        """The fixed id of ``action`` under an enumerated encoding (None when indexed)."""
        return self._ids.get(action) if self.actions is not None else None

    @staticmethod
    def _unlisted(state: State, missing: KeyError) -> EncodingError:
        return EncodingError(
            f"{state.game.id}: legal action {missing.args[0]} is not in the game's list of "
            f"actions (its enumerated encoding)"
        )

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
        scales = scales_for(game.id, layout.names)
        return Encoding(
            ObservationEncoding(size=layout.size, layout=layout, scales=scales), actions
        )
    return Encoding(ObservationEncoding(), actions)


def _toques_et_casques_actions(game: Game[Any]) -> list[Action]:
    """Toques et Casques' decisions (seed 07 to 13): *avant*, each *écart*, *bloqué*, the steward's
    three rulings, keeping a hurdle, then moving it to each station of the track's straights (the
    only places a hurdle may stand, 13-02), in the track's order: 60 ids at the default track."""
    track: Any = game.track  # type: ignore[attr-defined]
    words = ["avant", *(f"ecart {lane}" for lane in range(1, 7)), "bloque"]
    words += ["approve", "replace", "disqualify", "keep"]
    words += [f"hurdle {s}" for seg in track.straights() for s in track.stations(seg)]
    return [game.parse_action(word) for word in words]


register("toques_et_casques", _toques_et_casques_actions)
