"""A game of Hippodrome as a one-seat Gymnasium environment: one seat learns, the project's bots
hold the others.

``env("royal_turf", players=3, opponents="heuristic")`` makes one; the game's options are keyword
arguments next to the environment's own:

- ``seat``: the learner's seat (default 0); ``"rotate"`` moves it round the table at every
  ``reset``, so one policy meets every seat;
- ``opponents``: the other seats' bots, one kind for all or a list by seat (the learner's entry is
  ignored): ``"random"`` (the default), ``"heuristic"`` (each game's own), or the search bot at a
  budget, ``"ismcts:200it"`` or ``"ismcts:50ms"`` (``hippodrome.bots.make_bot``'s kinds); a search
  bot with a time budget makes the environment depend on the machine's speed;
- ``reward``: ``"win"`` (the default) is the game's own reward, given at the end: the learner's
  ``State.returns()`` (the winners share 1.0; 0 otherwise), 0 at every other step. ``"rank"`` is
  the one shaping offered, also given only at the end: 1 for first, 0 for last, evenly between by
  the final ranking (ties share their places' mean), for a learner that wants a signal in lost games
  too;
- ``render_mode``: ``"ansi"`` (``render()`` returns the spectator's text view).

The learner is asked only when it has a decision: between two of its steps the environment resolves
chance (with a ``random.Random`` seeded by ``reset(seed=...)``) and lets the bots play (with their own
generators, seeded from the same seed, so a seed replays a game). Secret simultaneous choices
(sealed bids, hidden bets) are made by the bots first and the learner after: the engine keeps each
hidden until the rules reveal it, so the order changes nothing.

- **Observation**: the learner's view encoded (``hippodrome.interop.encoding``): a float32 vector
  of the game's named layout, every slot within the bounds of the ``Box`` (about [0, 1] or [-1, 1]).
- **Actions**: ``Discrete(ids)``, the game's action ids (fixed meaning where the game enumerates its
  actions: Royal Turf and Toques et Casques; the i-th legal action elsewhere). The legal ones are
  ``action_masks()`` (what sb3-contrib's ``MaskablePPO`` asks for) and ``info["action_mask"]``;
  ``action_space.sample()`` with no mask draws one of them.
- **An illegal id** changes nothing: by default (``illegal="ignore"``) ``step`` returns the same
  observation, reward 0, the game not over, and ``info["illegal"]`` saying which id was refused and
  which were legal, so the learner decides again (every id of the action space is a valid input, as
  Gymnasium's ``check_env`` requires); with ``illegal="raise"`` it raises ``ValueError`` saying the
  same.
- **Batches**: ``vector_env("royal_turf", 8)`` is a ``gymnasium.vector.SyncVectorEnv`` of 8 games
  (``asynchronous=True``: an ``AsyncVectorEnv``, one process each), each seeded apart. A finished
  game is reset in the same step (``AutoresetMode.SAME_STEP``): the observation and
  ``infos["action_mask"]`` returned are the new game's, so every mask offers a legal id; the last
  observation of the finished game is in ``infos["final_obs"]``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from hippodrome.bots import make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.game import State
from hippodrome.engine.types import CHANCE, Player
from hippodrome.games import entry, load_game
from hippodrome.interop.encoding import encoding_for

__all__ = ["ILLEGAL", "REWARDS", "HippodromeGymEnv", "env", "vector_env"]

REWARDS = ("win", "rank")
ILLEGAL = ("ignore", "raise")
_MASKS_KEPT = 4096


class _LegalDiscrete(gymnasium.spaces.Discrete):  # type: ignore[misc, unused-ignore]
    """The learner's action space: ``sample()`` with no mask draws one of its legal ids now (as
    Gymnasium's own checks and random baselines expect any sample to be playable)."""

    def __init__(self, n: int, env: HippodromeGymEnv) -> None:
        super().__init__(n)
        self._env = env

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            legal = self._env._ids
            if legal:
                return legal[int(self.np_random.random() * len(legal))]
        return super().sample(mask=mask, probability=probability)  # type: ignore[no-any-return, unused-ignore]

    def __reduce__(self) -> Any:
        # Sent to another process (``AsyncVectorEnv``) or copied, it is a plain ``Discrete``.
        return (gymnasium.spaces.Discrete, (int(self.n),))


class HippodromeGymEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):  # type: ignore[misc, unused-ignore]
    """One seat of a Hippodrome game against the project's bots (see the module)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game_id: str = "royal_turf",
        *,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "win",
        illegal: str = "ignore",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = load_game(game_id, **options)
        n = self.game.num_players
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: choose ansi or None")
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r}: choose one of {', '.join(REWARDS)}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal {illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if seat != "rotate" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat {seat!r}: give a seat from 0 to {n - 1}, or 'rotate'")
        kinds = [opponents] * n if isinstance(opponents, str) else list(opponents)
        if len(kinds) != n:
            raise ValueError(f"opponents: {len(kinds)} kinds for {n} seats")
        self.render_mode = render_mode
        self.reward_kind = reward
        self.illegal = illegal
        self.rotate = seat == "rotate"
        self.seat: Player = 0 if self.rotate else int(seat)
        self.opponents = kinds
        self._bots: list[Bot | None] = [
            None if k == "random" else make_bot(k, game_id) for k in kinds
        ]
        self.encoding = encoding_for(self.game)
        observed = self.encoding.observation
        self.observation_space = gymnasium.spaces.Box(
            observed.low, observed.high, (observed.size,), np.float32
        )
        self.action_space = _LegalDiscrete(self.encoding.actions.size, self)
        self._view = entry(game_id).text_view()
        self._listed = self.encoding.actions.actions
        self._chance_rng = random.Random()
        self._bot_rng = random.Random()
        self.game_state: State = self.game.new_initial_state()
        self._legal: Sequence[Action] = ()
        self._none = np.zeros(self.action_space.n, np.int8)
        self._none.flags.writeable = False
        self._mask = self._none
        self._ids: tuple[np.int64, ...] = ()
        # Each set of legal actions met, with its mask (read-only) and its ids: built once.
        self._masks: dict[Any, tuple[np.ndarray[Any, Any], tuple[np.int64, ...], Any]] = {}
        self._games = 0

    # -- gymnasium ------------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        super().reset(seed=seed)
        draw = self.np_random.integers(2**62, size=2)
        self._chance_rng = random.Random(int(draw[0]))
        self._bot_rng = random.Random(int(draw[1]))
        if self.rotate:
            self.seat = self._games % self.game.num_players
        self._games += 1
        self.game_state = self.game.new_initial_state()
        self._advance()
        if self.game_state.is_terminal():  # no game ends before every seat decides: a guard
            raise AssertionError(f"{self.game.id}: the game ended before the learner's turn")
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state.is_terminal():
            raise ValueError("the game is over: call reset()")
        try:
            index = int(action)
            legal = 0 <= index < len(self._mask) and bool(self._mask[index])
        except (TypeError, ValueError):
            legal = False
        if not legal:
            refused = (
                f"{self.game.id}: action {action!r} is not legal for seat {self.seat} now; "
                f"legal ids {np.flatnonzero(self._mask).tolist()}"
            )
            if self.illegal == "raise":
                raise ValueError(refused)
            return self._observation(), 0.0, False, False, {**self._info(), "illegal": refused}
        chosen = self._listed[index] if self._listed is not None else self._legal[index]
        state.apply_unchecked(chosen, self.seat)  # checked against the mask just above
        self._advance()
        if state.is_terminal():
            return self._observation(), self._reward(), True, False, self._info()
        return self._observation(), 0.0, False, False, self._info()

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The learner's legal ids now, as booleans (sb3-contrib's ``MaskablePPO`` asks for them)."""
        return self._mask.astype(bool)  # a copy: the mask itself is shared, read-only

    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        """The table as text (the spectator's view)."""
        if self.render_mode != "ansi":
            return None
        names = [f"seat {i}" for i in range(self.game.num_players)]
        text: str = self._view(self.game_state.observation(None), "en", names)
        return text

    # -- the game between two of the learner's decisions ----------------------------------------

    def _advance(self) -> None:
        """Chance and the bots play until the learner has a decision or the game is over."""
        state = self.game_state
        me = self.seat
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(self._chance_rng), CHANCE)
                continue
            active = state.active_players()
            other = next((p for p in active if p != me), None)
            if other is None:
                break  # the learner alone decides
            legal = state.legal_actions(other)
            bot = self._bots[other]
            if bot is None:
                chosen = legal[int(self._bot_rng.random() * len(legal))]
            else:
                chosen = bot.choose(SeatView(state, other), self._bot_rng)
            state.apply_unchecked(chosen, other)
        if state.is_terminal():
            self._legal = ()
            self._mask, self._ids = self._none, ()
            return
        legal = self._legal = state.legal_actions(me)
        # Indexed ids: the mask is the first len(legal). Enumerated: by the actions' identities
        # (games hand out one object per action), kept alive with the mask so none is reused.
        key: Any = len(legal) if self._listed is None else tuple(map(id, legal))
        known = self._masks.get(key)
        if known is None:
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
            mask = self.encoding.actions.mask(state, me)
            mask.flags.writeable = False
            known = self._masks[key] = (mask, tuple(np.flatnonzero(mask)), tuple(legal))
        self._mask, self._ids = known[0], known[1]

    def _observation(self) -> np.ndarray[Any, Any]:
        vector: np.ndarray[Any, Any] = self.encoding.observation.encode(self.game_state, self.seat)
        return vector

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat}  # the caller's own

    def _reward(self) -> float:
        state = self.game_state
        if self.reward_kind == "win":
            return float(state.returns()[self.seat])
        ranking = state.outcome().ranking
        n = self.game.num_players
        mine = next(i for i, group in enumerate(ranking) if self.seat in group)
        ahead = sum(len(group) for group in ranking[:mine])
        place = ahead + (len(ranking[mine]) - 1) / 2  # 0 for first; ties share their mean
        return 1.0 - place / (n - 1)


def env(game_id: str = "royal_turf", **kwargs: Any) -> HippodromeGymEnv:
    """The one-seat environment of ``game_id``; the game's options and the environment's as
    keywords (see the module)."""
    return HippodromeGymEnv(game_id, **kwargs)


def vector_env(
    game_id: str, num_envs: int, *, asynchronous: bool = False, **kwargs: Any
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``num_envs`` games at once (``gymnasium.vector``): a ``SyncVectorEnv``, or an
    ``AsyncVectorEnv`` of one process each, a finished game reset in the same step (see the
    module). ``reset(seed=s)`` seeds game ``i`` with ``s + i``."""
    factories: list[Callable[[], gymnasium.Env[Any, Any]]] = [
        _Factory(game_id, kwargs) for _ in range(num_envs)
    ]
    same_step = gymnasium.vector.AutoresetMode.SAME_STEP
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv(factories, autoreset_mode=same_step)
    return gymnasium.vector.SyncVectorEnv(factories, autoreset_mode=same_step)


class _Factory:
    """Makes one environment (a class, not a closure: an ``AsyncVectorEnv`` pickles it)."""

    def __init__(self, game_id: str, kwargs: dict[str, Any]) -> None:
        self.game_id = game_id
        self.kwargs = kwargs

    def __call__(self) -> HippodromeGymEnv:
        return HippodromeGymEnv(self.game_id, **self.kwargs)
