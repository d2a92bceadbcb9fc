"""Every registered playable game as an OpenSpiel Python game.

Importing this module registers, for each playable game ``<id>``, the game ``hippodrome_<id>`` with
``pyspiel``; its parameters are the game's options (defaults as ``load_game`` gives them)::

    import pyspiel
    import hippodrome.interop.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("hippodrome_royal_turf", {"players": 4})

- **Game type**, from the game's manifest (``Traits``): explicit stochastic chance when the game has
  dice or draws, imperfect information when a seat may not see everything or seats choose in secret,
  constant-sum utility (the winners share 1.0), terminal rewards, sequential dynamics.
- **Classes.** Each game's class (``RoyalTurfGame``, ...) is bound in this module under its name,
  so a game and its states pickle (``pickle``, ``multiprocessing``, Ray, an algorithm's checkpoint):
  unpickling imports this module, which registers the games again.
- **Length.** ``max_game_length`` is the game's bound for the options given (``GameInfo.max_length``,
  worked out by the game from its options). It counts every action, chance outcomes included, seat
  by seat; OpenSpiel counts decision nodes only, a joint action once, so its count is never larger.
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
  OpenSpiel's algorithms for sequential games take them through ``pyspiel.convert_to_turn_based``.
- **Actions** use ``hippodrome.interop.encoding`` (enumerated ids for Royal Turf, indexed otherwise).
- **Tensors.** The observation tensor is the seat's view in the encoding's layout
  (``encoding.observation``: named slots where the game declares them); a public observer
  (``private_info=NONE``) sees the spectator's view. The game provides no information-state
  tensor, so ``rl_environment`` and the learners on it read the observation tensor.
- **Strings.** The observation string is the view's JSON. The information-state string is a compact
  key of the seat's own history of what it saw: ``"p<seat> e<events> <digest>"``, the digest
  (BLAKE2b, 128 bits) of every event of the game as the seat was told it (``Event.seen_by``), one
  after the other, and of its view now. Two positions the seat cannot tell apart get the same key;
  a seat that saw anything differently gets another. The key is about 40 characters however long
  the game (tabular algorithms, MCCFR, keep one per information state); the history in words is
  the events' ``narrate``.
- **Resampling.** ``resample_from_infostate(player, sampler)`` is the engine's ``resample_for``
  (another seat's secrets dealt anew, consistent with what ``player`` saw), replayed into a new
  OpenSpiel state so that its history and every seat's events follow from it: OpenSpiel's ISMCTS
  runs on the games with hidden information (sequential ones).
- **Depth.** OpenSpiel's Python algorithms that walk a game recursively (outcome-sampling MCCFR, its
  ``get_all_states``) use one Python frame per node, and a game of Royal Steeple Chase or Win, Place
  & Show as turn-based nodes is longer than Python's default recursion limit (1,000). Importing
  this module raises the limit to :data:`RECURSION_LIMIT` (never lowers it); Python 3.11 keeps
  Python-to-Python calls off the C stack, so the deeper limit is safe.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import numpy as np
import pyspiel

from hippodrome.engine.game import Game, State
from hippodrome.engine.types import CHANCE, Player
from hippodrome.games import entry, load_game, playable_ids
from hippodrome.interop.encoding import Encoding, encoding_for

__all__ = ["RECURSION_LIMIT", "HippodromeGame", "HippodromeState", "register_all", "short_name"]

RECURSION_LIMIT = 200_000
"""Python's recursion limit once this module is imported: well above the nodes of a game played out
(random play of Royal Steeple Chase takes some 10,000 actions; as turn-based nodes, a few times
more)."""

DIGEST_SIZE = 16
"""Bytes of the information-state key's digest (128 bits: no two histories share one in practice)."""


def short_name(game_id: str) -> str:
    return f"hippodrome_{game_id}"


class HippodromeObserver:
    """An OpenSpiel Python observer: a seat's view (or the spectator's) as a tensor and a string;
    with perfect recall, the string is the seat's history key (the module's *Strings*) and there is
    no tensor (the game provides none)."""

    def __init__(self, encoding: Encoding, iig_obs_type: Any) -> None:
        self.encoding = encoding
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public_only = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        size = 0 if self.perfect_recall else encoding.observation.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> Player | None:
        return None if self.public_only else player

    def set_from(self, state: HippodromeState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = self.encoding.observation.encode(state.inner, self._viewer(player))

    def string_from(self, state: HippodromeState, player: int) -> str:
        """The seat's view as JSON; with perfect recall, the key of its history."""
        seat = self._viewer(player)
        view = json.dumps(state.inner.observation(seat), sort_keys=True)
        if not self.perfect_recall:
            return view
        count, chain = state._held.told(seat)
        digest = chain.copy()
        digest.update(view.encode())
        who = "public" if seat is None else f"p{seat}"
        return f"{who} e{count} {digest.hexdigest()}"


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


def _chain() -> Any:
    return hashlib.blake2b(digest_size=DIGEST_SIZE)


class _Held:
    """What an OpenSpiel state holds: the engine's state and the encoding. OpenSpiel clones a
    Python state by deep-copying its attributes; this copies the engine state with its own cheap
    ``clone`` and shares the (immutable) encoding."""

    __slots__ = ("chains", "encoding", "state")

    def __init__(self, state: State, encoding: Encoding) -> None:
        self.state = state
        self.encoding = encoding
        self.chains: dict[Player | None, tuple[int, Any]] = {}
        """Per viewer, the events already digested: how many, and the running digest after them.
        Events are only ever appended, so each call digests the new ones only. Clones share the
        digests, which are never updated in place (a longer one starts from a copy)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        copy = _Held(self.state.clone(), self.encoding)
        copy.chains = dict(self.chains)
        return copy

    def told(self, seat: Player | None) -> tuple[int, Any]:
        """How many events the game has told ``seat``, and the running digest of them all, each
        as the seat was told it."""
        events = self.state.events
        count, chain = self.chains.get(seat, (0, None))
        if chain is None or count < len(events):
            chain = _chain() if chain is None else chain.copy()
            for event in events[count:]:
                chain.update(repr(event.seen_by(seat)).encode())
                chain.update(b"\n")
            count = len(events)
            self.chains[seat] = (count, chain)
        return count, chain

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game and its history, replayed on loading so that the events, what
        each seat was told, come back too."""
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

    _held: _Held

    def __getattr__(self, name: str) -> Any:
        """The engine's initial state, made when first needed: OpenSpiel clones a Python state as
        a new initial state whose attributes it then replaces by copies of the original's, so a
        clone never pays for an initial position it throws away."""
        if name != "_held":
            raise AttributeError(name)
        game: HippodromeGame = self.get_game()
        held = self._held = _Held(game.hippodrome.new_initial_state(), game.encoding)
        return held

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

    def _id_of(self, player: int, move: Any) -> int:
        """The OpenSpiel id of the engine's action ``move`` for ``player`` here."""
        if player == CHANCE:
            ids = [i for i, a, _ in self.encoding.actions.chance(self.inner) if a == move]
        else:
            ids = [i for i, a in self.encoding.actions.legal(self.inner, player) if a == move]
        if not ids:
            raise pyspiel.SpielError(f"{move} is not open to player {player} here")
        return ids[0]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HippodromeState:
        """A state ``player_id`` cannot tell from this one, drawn by the engine's ``resample_for``
        (the random generator seeded from ``probability_sampler``, a callable giving floats in
        [0, 1), as OpenSpiel passes it) and replayed move by move into a new OpenSpiel state, so
        that its history (ids), its events and every seat's strings follow from the drawn one."""
        if self._passes is not None:
            raise pyspiel.SpielError(
                "resample_from_infostate: a simultaneous game; its joint actions cannot be "
                "rebuilt from the engine's moves (take it through convert_to_turn_based)"
            )
        if not 0 <= player_id < self.inner.game.num_players:
            raise pyspiel.SpielError(f"resample_from_infostate: no player {player_id}")
        rng = random.Random(int(probability_sampler() * 2**53))
        drawn = self.inner.resample_for(player_id, rng)
        game: HippodromeGame = self.get_game()
        state = game.new_initial_state()
        for player, move in drawn.history:
            state.apply_action(state._id_of(player, move))
        return state

    def is_terminal(self) -> bool:
        return bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():
            return [0.0] * self.inner.game.num_players
        return [float(r) for r in self.inner.returns()]

    def __str__(self) -> str:
        return json.dumps(self.inner.observation(None), sort_keys=True)


class HippodromeGame(pyspiel.Game):  # type: ignore[misc, unused-ignore]
    """Base of the registered games; ``register_all`` binds one subclass per game in this module."""

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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game_id),
    )


def class_name(game_id: str) -> str:
    """The name a game's class is bound under in this module (``RoyalTurfGame``)."""
    return "".join(part.capitalize() for part in game_id.split("_")) + "Game"


def register_all() -> list[str]:
    """Register every playable game with ``pyspiel`` (once), its class bound in this module under
    :func:`class_name` (what pickling finds it by); the short names registered."""
    names = []
    registered = set(pyspiel.registered_names())
    module = sys.modules[__name__]
    for game_id in playable_ids():
        name = short_name(game_id)
        names.append(name)
        if name in registered and hasattr(module, class_name(game_id)):
            continue
        game_type = _game_type(game_id)
        cls = type(
            class_name(game_id),
            (HippodromeGame,),
            {
                "game_id": game_id,
                "game_type": game_type,
                "__module__": __name__,
                "__qualname__": class_name(game_id),
                "__doc__": f"{entry(game_id).titles['en']}, as an OpenSpiel game.",
            },
        )
        setattr(module, cls.__name__, cls)
        if name not in registered:
            pyspiel.register_game(game_type, cls)
    return names


sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
register_all()
