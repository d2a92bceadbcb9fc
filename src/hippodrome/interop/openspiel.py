"""Every registered playable game as an OpenSpiel Python game.

Importing this module registers, for each playable game ``<id>``, the game ``hippodrome_<id>`` with
``pyspiel``; its parameters are the game's options (defaults as ``load_game`` gives them)::

    import pyspiel
    import hippodrome.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("hippodrome_royal_turf", {"players": 4})

- **Game type**, from the game's manifest (``Traits``): explicit stochastic chance when the game has
  dice or draws, imperfect information when a seat may not see everything or seats choose in secret,
  constant-sum utility (the winners share 1.0), terminal rewards, sequential dynamics.
- **Length.** ``max_game_length`` is the game's bound for the options given (``GameInfo.max_length``).
  It counts every action, chance outcomes included, seat by seat; OpenSpiel counts decision nodes
  only, a joint action once, so its count is never larger.
- **Chance** nodes are explicit: the outcomes are ``State.chance_outcomes()``, id ``i`` being the
  ``i``-th.
- **Simultaneous moves.** A game whose manifest says its seats choose at once (Win, Place & Show's
  sealed bids, slips and claims; Royal Steeple Chase's) has simultaneous dynamics: every decision
  node is an OpenSpiel simultaneous node. Each seat the engine asks chooses among its legal ids;
  every other seat has one legal id, *pass* (the last id, ``num_distinct_actions() - 1``). The
  joint action is applied seat by seat in table order; the engine keeps each choice hidden from
  the others, so the order changes nothing, except where an earlier choice ends the window (a
  claim closes it): a later seat's choice that is no longer legal then lapses. A node where only
  one seat decides is a simultaneous node too, the others passing. Other games are sequential.
- **Actions** use ``hippodrome.interop.encoding`` (enumerated ids for Royal Turf, indexed otherwise).
- **Tensors.** The observation tensor is the seat's view in the game's exact layout
  (``encoding.observation.names``); the information-state tensor hashes the view and every event as
  the seat was told it (4,096 slots); a public observer (``private_info=NONE``) sees the spectator's
  view. The strings are the view's JSON.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from hippodrome.engine.game import Game, State
from hippodrome.engine.types import Player
from hippodrome.games import entry, load_game, playable_ids
from hippodrome.interop.encoding import Encoding, encoding_for, hash_into

__all__ = ["register_all", "short_name"]


def short_name(game_id: str) -> str:
    return f"hippodrome_{game_id}"


class HippodromeObserver:
    """An OpenSpiel Python observer: a seat's view (or the spectator's) as a tensor and a string."""

    def __init__(self, encoding: Encoding, iig_obs_type: Any) -> None:
        self.encoding = encoding
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        size = (
            encoding.observation.history_size if self.perfect_recall else encoding.observation.size
        )
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> Player | None:
        return None if self.public_only else player

    def set_from(self, state: HippodromeState, player: int) -> None:
        seat = self._viewer(player)
        if self.perfect_recall:
            events, _ = state._held.events_told(seat)
            self.tensor[:] = events
            hash_into(state.inner.observation(seat), "view", self.tensor)
        else:
            self.tensor[:] = self.encoding.observation.encode(state.inner, seat)

    def string_from(self, state: HippodromeState, player: int) -> str:
        """The seat's view as JSON; with perfect recall, followed by one line per event told."""
        seat = self._viewer(player)
        view = json.dumps(state.inner.observation(seat), sort_keys=True)
        if not self.perfect_recall:
            return view
        _, lines = state._held.events_told(seat)
        return "\n".join([view, *lines[: len(state.inner.events)]])


class _Fixed:
    """What an OpenSpiel game holds: the engine's game and its encoding, both immutable, so a deep
    copy (OpenSpiel copies a Python game's attributes) shares them."""

    __slots__ = ("encoding", "game")

    def __init__(self, game: Game[Any], encoding: Encoding) -> None:
        self.game = game
        self.encoding = encoding

    def __deepcopy__(self, memo: dict[int, Any]) -> _Fixed:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _fixed, (self.game.id, self.game.options.to_json())


def _fixed(game_id: str, options: dict[str, Any]) -> _Fixed:
    game = load_game(game_id, **options)
    return _Fixed(game, encoding_for(game))


class _Held:
    """What an OpenSpiel state holds: the engine's state and the encoding. OpenSpiel clones a
    Python state by deep-copying its attributes; this copies the engine state with its own cheap
    ``clone`` and shares the (immutable) encoding."""

    __slots__ = ("encoding", "state", "told")

    def __init__(self, state: State, encoding: Encoding) -> None:
        self.state = state
        self.encoding = encoding
        self.told: dict[Player | None, tuple[int, np.ndarray[Any, Any], list[str]]] = {}
        """Per viewer, the events already encoded: how many, their hashed vector and their JSON
        lines. Events are only ever appended, so each call encodes the new ones only. Clones
        share the vectors (never changed in place) and the lines (a clone that finds the list
        longer than its count copies its own prefix before appending)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        copy = _Held(self.state.clone(), self.encoding)
        copy.told = dict(self.told)
        return copy

    def events_told(self, seat: Player | None) -> tuple[np.ndarray[Any, Any], list[str]]:
        """Every event as ``seat`` was told it: hashed (``encode_history``'s ``events/`` part) and
        as JSON lines (the first ``len(events)`` of the list)."""
        events = self.state.events
        size = self.encoding.observation.history_size
        count, vector, lines = self.told.get(seat, (0, np.zeros(size, np.float32), []))
        if count < len(events):
            vector = vector.copy()
            if len(lines) != count:
                lines = lines[:count]
            for i in range(count, len(events)):
                told = events[i].seen_by(seat).to_json()
                hash_into(told, f"events/{i}", vector)
                lines.append(json.dumps(told, sort_keys=True))
            self.told[seat] = (len(events), vector, lines)
        return vector, lines

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's serialization) as the game and its history, replayed on loading
        so that the events, the narration each seat was told, come back too."""
        game = self.state.game
        moves = [(p, str(a)) for p, a in self.state.history]
        return _replayed, (game.id, game.options.to_json(), moves)


def _replayed(game_id: str, options: dict[str, Any], moves: list[tuple[int, str]]) -> _Held:
    fixed = _fixed(game_id, options)
    state = fixed.game.new_initial_state()
    for player, notation in moves:
        state.apply_unchecked(fixed.game.parse_action(notation), player)
    return _Held(state, fixed.encoding)


class HippodromeState(pyspiel.State):  # type: ignore[misc, unused-ignore]
    """A position of a Hippodrome game, through OpenSpiel's State interface."""

    def __init__(self, game: HippodromeGame) -> None:
        super().__init__(game)
        self._held = _Held(game.hippodrome.new_initial_state(), game.encoding)

    @property
    def inner(self) -> State:
        """The engine's state."""
        return self._held.state

    @property
    def encoding(self) -> Encoding:
        return self._held.encoding

    @property
    def _passes(self) -> int | None:
        """The *pass* id of a simultaneous game (None in a sequential one)."""
        passes: int | None = self.get_game().pass_id
        return passes

    def current_player(self) -> int:
        inner = self.inner
        if inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if inner.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        if self._passes is not None:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return int(inner.active_players()[0])

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0:  # the simultaneous "player": each seat has its own (``apply_actions``)
            return []
        passes = self._passes
        if passes is not None and player not in self.inner.active_players():
            return [passes]
        return [i for i, _ in self.encoding.actions.legal(self.inner, player)]

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node's joint action, applied seat by seat (see the module)."""
        inner = self.inner
        deciders = set(inner.active_players())
        chosen = []
        for seat, action in enumerate(actions):
            if seat in deciders:
                chosen.append((seat, self._decode(seat, action)))
            elif action != self._passes:
                raise pyspiel.SpielError(
                    f"player {seat} has no decision here: its one legal action is {self._passes}"
                )
        for seat, move in chosen:
            if not inner.is_terminal() and move in inner.legal_actions(seat):
                inner.apply_unchecked(move, seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, _, p in self.encoding.actions.chance(self.inner)]

    def _decode(self, player: int, action: int) -> Any:
        """The engine's action of id ``action``; OpenSpiel's ``SpielError`` when it is not legal."""
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self.encoding.actions.chance(self.inner)
            if not 0 <= action < len(outcomes):
                raise pyspiel.SpielError(
                    f"{action} is not a chance outcome here: 0..{len(outcomes) - 1}"
                )
            return outcomes[action][1]
        legal = dict(self.encoding.actions.legal(self.inner, player))
        if action not in legal:
            raise pyspiel.SpielError(
                f"action {action} is not legal for player {player}: legal actions {sorted(legal)}"
            )
        return legal[action]

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            raise pyspiel.SpielError(
                "a simultaneous node: give one id per player with apply_actions "
                "(legal_actions(player) lists each player's)"
            )
        self.inner.apply(self._decode(player, action), None if player < 0 else player)

    def _action_to_string(self, player: int, action: int) -> str:
        if action == self._passes and player >= 0:
            return "pass"
        if player == pyspiel.PlayerId.CHANCE:
            return str(self.encoding.actions.chance(self.inner)[action][1])
        if self.encoding.actions.actions is not None:
            return str(self.encoding.actions.actions[action])
        legal = self.encoding.actions.legal(self.inner, player)
        return str(legal[action][1]) if action < len(legal) else f"legal action #{action}"

    def is_terminal(self) -> bool:
        return bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():
            return [0.0] * self.inner.game.num_players
        return [float(r) for r in self.inner.returns()]

    def __str__(self) -> str:
        return json.dumps(self.inner.observation(None), sort_keys=True)


class HippodromeGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """Base of the registered games; ``register_all`` makes one subclass per game."""

    game_id: str
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        options = {**_defaults(self.game_id), **(params or {})}
        hippodrome = load_game(self.game_id, **_from_spiel(options))
        self._fixed = _Fixed(hippodrome, encoding_for(hippodrome))
        manifest = entry(self.game_id)
        traits = manifest.traits
        assert traits is not None
        self.pass_id: int | None = self.encoding.actions.size if traits.simultaneous_moves else None
        """The *pass* id of a seat without a decision at a simultaneous node (simultaneous games)."""
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions.size + (traits.simultaneous_moves or 0),
            max_chance_outcomes=self.encoding.actions.chance_bound if traits.chance else 0,
            num_players=self.hippodrome.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=manifest.max_length(hippodrome),
        )
        super().__init__(self.game_type, info, options)

    @property
    def hippodrome(self) -> Game[Any]:
        """The engine's game."""
        return self._fixed.game

    @property
    def encoding(self) -> Encoding:
        return self._fixed.encoding

    def new_initial_state(self) -> HippodromeState:
        return HippodromeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HippodromeObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return HippodromeObserver(self.encoding, iig_obs_type)


def _defaults(game_id: str) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters: a comma, which OpenSpiel's game strings cannot
    hold, is written ``;`` (Toques et Casques' ``split="60;40;20"``)."""
    options = load_game(game_id).options.to_json()
    return {k: v.replace(",", ";") if isinstance(v, str) else v for k, v in options.items()}


def _from_spiel(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v.replace(";", ",") if isinstance(v, str) else v for k, v in params.items()}


def _game_type(game_id: str) -> Any:
    info = entry(game_id)
    traits = info.traits
    players = info.players
    assert traits is not None and players is not None
    hidden = traits.hidden_information or traits.simultaneous_moves
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game_id),
        long_name=f"Hippodrome {info.titles['en']}",
        dynamics=kind.Dynamics.SIMULTANEOUS
        if traits.simultaneous_moves
        else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC
        if traits.chance
        else kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.IMPERFECT_INFORMATION
        if hidden
        else kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game_id),
    )


def register_all() -> list[str]:
    """Register every playable game with ``pyspiel`` (once); the short names registered."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in playable_ids():
        name = short_name(game_id)
        names.append(name)
        if name in registered:
            continue
        game_type = _game_type(game_id)
        cls = type(
            f"Hippodrome_{game_id}", (HippodromeGame,), {"game_id": game_id, "game_type": game_type}
        )
        pyspiel.register_game(game_type, cls)
    return names


register_all()
