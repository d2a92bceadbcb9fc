"""Every registered playable game as a PettingZoo AEC environment.

``env("royal_turf", players=3)`` makes one; the game's options are keyword arguments, next to the
environment's own: ``render_mode`` (``"ansi"`` returns the text view, ``"human"`` prints it),
``max_cycles`` and ``round_robin``.

- **Agents** are ``seat_0`` .. ``seat_{n-1}``. Chance (dice, draws, shuffles) is resolved inside the
  environment from a ``random.Random`` seeded by ``reset(seed=...)``.
- **Who is asked.** By default only seats with a decision are asked, in table order from the last
  one asked: the game's turn order, and for secret simultaneous choices (sealed bids, hidden bets)
  each chooser in turn, none seeing the earlier choices (the engine keeps them hidden until the rules
  reveal them). With ``round_robin=True`` every seat is asked every cycle, a seat without a decision
  having one legal id, *wait*; that is what PettingZoo's parallel API needs (``parallel_env``).
- **Truncation** (``max_cycles``): in the sequential mode, no seat makes more than ``max_cycles``
  decisions (steps, not trips round the table: a seat may decide several times in a row); the game
  is truncated when it would ask a seat for one more. With ``round_robin``, after ``max_cycles``
  cycles, every seat asked once in each.
- **Observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``
  (``hippodrome.interop.encoding``: every slot within the bounds the space declares); the action
  space is ``Discrete(ids + 1)``, the last id being *wait*. ``action_space(agent).sample()`` draws a
  legal id (the current mask) when given no mask.
- **State** (``state()``, ``state_space``): every seat's observation vector, seat 0's first, for a
  centralised critic *during training only*: it holds what each seat knows, together, so a policy
  that acts on it reads the others' secrets.
- **Speed.** The observation is a dict like any other, but its vector is encoded the first time it
  is read: a seat that only reads the mask (a random or scripted opponent) does not pay for it. A
  vector read after the game has moved on is still that of the position observed (rebuilt from the
  history). The mask is built once per set of legal actions and shared, read-only.
- **Rewards** come at the end: the game's returns (the winners share 1.0).
- An illegal id raises ``ValueError`` naming the id and the mask, the game unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal, SupportsIndex, overload

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel
from pettingzoo.utils.env import AECIterable

from hippodrome.engine.game import State
from hippodrome.engine.types import CHANCE
from hippodrome.games import entry, load_game
from hippodrome.interop.encoding import ObservationEncoding, encoding_for

__all__ = ["HippodromeEnv", "env", "parallel_env"]


_MASKS_KEPT = 4096
_Mask = tuple[np.ndarray[Any, Any], bytes, tuple[np.int64, ...]]
"""A mask (read-only), its bytes (``bytes[i]``: id ``i`` is legal) and its legal ids."""


class _LegalDiscrete(gymnasium.spaces.Discrete):  # type: ignore[misc, unused-ignore]
    """A seat's action space: sampling without a mask draws one of the seat's legal ids.

    Given one of the environment's own masks (``last()``'s ``action_mask``), it draws among that
    mask's ids, listed once per mask, with a generator seeded from the space's own (``seed``):
    Gymnasium's checks of an arbitrary mask are skipped for a mask known to be well formed."""

    def __init__(self, n: int, env: HippodromeEnv, agent: str) -> None:
        super().__init__(n)
        self._env = env
        self._agent = agent
        self._draw: Callable[[], float] = self._first_draw

    def seed(self, seed: int | None = None) -> Any:
        self._draw = self._first_draw  # drawn afresh from the reseeded generator
        return super().seed(seed)

    def _first_draw(self) -> float:
        self._draw = random.Random(int(self.np_random.integers(2**63))).random
        return self._draw()

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        known = self._env._last_mask[2]  # the mask last() gave, usually
        if mask is not known[0] or mask is None or probability is not None:
            if probability is not None:
                return super().sample(mask=mask, probability=probability)
            if mask is None and self._agent in self._env.agents:
                mask = self._env.mask(self._agent)
            found = self._env._ids_of.get(id(mask))
            if found is None or found[0] is not mask:
                return super().sample(mask=mask)
            known = found
        ids = known[2]
        return ids[int(self._draw() * len(ids))]


class _Observation(dict[str, Any]):
    """``{"observation": ..., "action_mask": ...}``, a dict in every way, whose vector is encoded
    the first time it is read. Until then the dict holds the mask alone, so reading the mask is a
    plain dict lookup; reading the vector (``__missing__``) or the dict as a whole (every other
    way of reading or changing it) fills the vector in first."""

    __slots__ = ("source",)

    source: tuple[Any, ...] | None
    """What to encode the vector from (the environment, the state, its history's length and the
    seat), until it is read."""

    def _filled(self) -> _Observation:
        source = getattr(self, "source", None)  # none in a copy made by hand (type(obs)())
        if source is not None:
            self.source = None
            env, state, version, seat = source
            _set(self, "observation", env.vector(state, version, seat))
        return self

    def __missing__(self, key: str) -> Any:
        if key == "observation" and getattr(self, "source", None) is not None:
            return dict.__getitem__(self._filled(), key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._filled())

    def __len__(self) -> int:
        return dict.__len__(self._filled())

    def __contains__(self, key: object) -> bool:
        # Answered without encoding: PettingZoo's own tools ask ``"action_mask" in obs`` each step.
        if key == "observation" and getattr(self, "source", None) is not None:
            return True
        return dict.__contains__(self, key)

    def keys(self) -> Any:
        return dict.keys(self._filled())

    def values(self) -> Any:
        return dict.values(self._filled())

    def items(self) -> Any:
        return dict.items(self._filled())

    def get(self, key: str, default: Any = None) -> Any:
        if key != "observation":  # the mask: no need to encode the vector
            return dict.get(self, key, default)
        return dict.get(self._filled(), key, default)

    def copy(self) -> dict[str, Any]:
        return dict(self._filled())

    def __setitem__(self, key: str, value: Any) -> None:
        dict.__setitem__(self._filled(), key, value)

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self._filled(), key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        dict.update(self._filled(), *args, **kwargs)

    def clear(self) -> None:
        self.source = None
        dict.clear(self)

    def pop(self, key: str, *default: Any) -> Any:
        return dict.pop(self._filled(), key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self._filled())

    def setdefault(self, key: str, default: Any = None) -> Any:
        return dict.setdefault(self._filled(), key, default)

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._filled(), other)

    def __ne__(self, other: object) -> bool:
        return dict.__ne__(self._filled(), other)

    __hash__ = None

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self._filled(), other)

    def __ror__(self, other: Any) -> Any:
        return dict.__ror__(self._filled(), other)

    def __ior__(self, other: Any) -> Any:
        return dict.__ior__(self._filled(), other)

    def __repr__(self) -> str:
        return dict.__repr__(self._filled())

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        return (dict, (dict(self._filled()),))  # copied and pickled as a plain dict


_set = dict.__setitem__


class _AgentIterable(AECIterable):  # type: ignore[misc, unused-ignore]
    """PettingZoo's ``agent_iter``: the selected agent until no agent is left (or ``max_iter``
    agents were given), as a generator."""

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


class HippodromeEnv(AECEnv):  # type: ignore[misc, unused-ignore]
    """A game of Hippodrome as a PettingZoo AEC environment (see the module)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": True}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        round_robin: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = load_game(game_id, **options)
        self.metadata = {**self.metadata, "name": f"hippodrome_{game_id}"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: choose one of ansi, human")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.round_robin = round_robin
        self._sequential = not round_robin
        self.encoding = encoding_for(self.game)
        self._view = entry(game_id).text_view()
        n = self.game.num_players
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self._n = n
        self.wait = self.encoding.actions.size
        self._listed_actions = self.encoding.actions.actions  # None: ids index the legal actions
        observed = self.encoding.observation
        self._observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        observed.low, observed.high, (observed.size,), np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self.wait + 1,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state_space = gymnasium.spaces.Box(
            np.tile(observed.low, n), np.tile(observed.high, n), (n * observed.size,), np.float32
        )
        """``state()``'s space: every seat's observation vector, end to end."""
        self._action_spaces = {
            a: _LegalDiscrete(self.wait + 1, self, a) for a in self.possible_agents
        }
        self._wait_mask = np.zeros(self.wait + 1, np.int8)
        self._wait_mask[self.wait] = 1
        self._wait_mask.flags.writeable = False
        # Each mask handed out, by its id, with its legal ids (for sampling): kept alive here.
        self._ids_of: dict[int, _Mask] = {}
        self._wait = self._listed(self._wait_mask)
        # The position a stale observation was last rebuilt at (``vector``).
        self._rebuilt: tuple[State, State] | None = None
        # A mask with its bytes (``bytes[i]``: id ``i`` is legal), by legal actions.
        self._masks: dict[Any, _Mask] = {}
        self._masks_of: dict[int, tuple[Sequence[Any], _Mask]] = {}
        # The mask last built, by the history's length and the seat: asked for twice a step.
        self._last_mask: tuple[int, int, _Mask, Sequence[Any]] = (-1, -1, self._wait, ())
        self._acting_at: tuple[int, tuple[int, ...]] = (-1, ())  # by the history's length
        self._rng = random.Random()
        self.game_state: State = self.game.new_initial_state()
        self._deciders: set[int] = set()
        self._cycles = 0
        self._decisions = [0] * n  # each seat's decisions (steps, *wait* aside) this game
        self._ended = False

    def state(self) -> np.ndarray[Any, Any]:
        """Every seat's observation vector now, seat 0's first (``state_space``): the table's
        knowledge together, for a centralised critic while training, never a player's input."""
        encode = self.encoding.observation.encode
        return np.concatenate([encode(self.game_state, seat) for seat in range(self._n)])

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the game -------------------------------------------------------------------------------

    def _chance(self) -> None:
        state = self.game_state
        while not state.is_terminal() and state.is_chance_node():
            state.apply_unchecked(state.sample_chance(self._rng), CHANCE)

    def _acting(self) -> tuple[int, ...]:
        """The seats to act now (none once the game is over), asked once per position."""
        acting = self._acting_at
        if acting[0] != len(self.game_state.history):
            acting = self._acting_now()
        return acting[1]

    def _acting_now(self) -> tuple[int, tuple[int, ...]]:
        state = self.game_state
        self._acting_at = (
            len(state.history),
            () if state.is_terminal() else tuple(state.active_players()),
        )
        return self._acting_at

    def mask(self, agent: str) -> np.ndarray[Any, Any]:
        """The legal ids of ``agent`` now (the last one is *wait*), read-only.

        The same legal actions give the same mask, so masks are kept by legal actions (a game
        offers few distinct sets: Royal Turf's some hundreds) and built once."""
        return self._masked(self._seats[agent])[2][0]

    def _masked(self, seat: int) -> tuple[int, int, _Mask, Sequence[Any]]:
        """The history's length, ``seat``, its mask and its legal actions (none for *wait*): kept
        for the position, as ``last()`` and ``step`` both ask."""
        masked = self._last_mask
        state = self.game_state
        version = len(state.history)
        if masked[0] == version and masked[1] == seat:
            return masked
        acting = self._acting_at
        if acting[0] != version:
            acting = self._acting_now()
        if seat in acting[1] and (self._sequential or seat in self._deciders):
            legal = state.legal_actions(seat)
            if self._listed_actions is None:  # indexed ids: the mask is the first len(legal)
                mask = self._masks.get(len(legal)) or self._mask_of(seat, legal)
            else:
                known = self._masks_of.get(id(legal))
                if known is not None and known[0] is legal:
                    mask = known[1]  # the game's own shared tuple (a race's moves): no hashing
                else:
                    mask = self._mask_of(seat, legal)
            masked = (version, seat, mask, legal)
        else:
            masked = (version, seat, self._wait, ())
        self._last_mask = masked
        return masked

    def _mask_of(self, seat: int, legal: Sequence[Any]) -> _Mask:
        key: Any = (
            len(legal)  # indexed ids: the mask is the first len(legal)
            if self._listed_actions is None
            else legal
            if type(legal) is tuple
            else tuple(legal)
        )
        out = self._masks.get(key)
        if out is None:
            mask = np.zeros(self.wait + 1, np.int8)
            mask[: self.wait] = self.encoding.actions.mask(self.game_state, seat)
            mask.flags.writeable = False
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
                self._masks_of.clear()
                self._ids_of.clear()
                self._listed(self._wait_mask)
            out = self._masks[key] = self._listed(mask)
        if type(legal) is tuple and self._listed_actions is not None:
            if len(self._masks_of) >= _MASKS_KEPT:
                self._masks_of.clear()
            self._masks_of[id(legal)] = (legal, out)  # kept alive here, so the id stays its own
        return out

    def _listed(self, mask: np.ndarray[Any, Any]) -> _Mask:
        """``mask`` with its bytes and ids, kept by its id (and alive) for ``legal_ids``."""
        out = self._ids_of[id(mask)] = (mask, mask.tobytes(), tuple(np.flatnonzero(mask)))
        return out

    def legal_ids(self, mask: Any) -> tuple[np.int64, ...] | None:
        """The ids ``mask`` marks legal, when it is one of the masks this environment handed out
        (None for any other array)."""
        known = self._ids_of.get(id(mask))
        return known[2] if known is not None and known[0] is mask else None

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s observation now; its vector is encoded when first read (see the module)."""
        seat = self._seats[agent]
        masked = self._masked(seat)
        observation = _Observation()
        _set(observation, "action_mask", masked[2][0])
        observation.source = (self, self.game_state, masked[0], seat)
        return observation

    @overload
    def last(
        self, observe: Literal[True] = ...
    ) -> tuple[dict[str, np.ndarray[Any, Any]], float, bool, bool, dict[str, Any]]: ...

    @overload
    def last(self, observe: Literal[False]) -> tuple[None, float, bool, bool, dict[str, Any]]: ...

    @overload
    def last(
        self, observe: bool
    ) -> tuple[dict[str, np.ndarray[Any, Any]] | None, float, bool, bool, dict[str, Any]]: ...

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray[Any, Any]] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, without its checks: the selected agent's observation (see
        ``observe``), cumulative reward, termination, truncation and info."""
        agent = self.agent_selection
        observation = None
        if observe:
            seat = self._seats[agent]
            masked = self._masked(seat)
            fresh = observation = _Observation()
            _set(fresh, "action_mask", masked[2][0])
            fresh.source = (self, self.game_state, masked[0], seat)
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        return _AgentIterable(self, max_iter)

    def vector(self, state: State, version: int, seat: int) -> np.ndarray[Any, Any]:
        """``seat``'s observation vector at the position ``state`` was in after ``version``
        actions: ``state`` itself, or one rebuilt from its history (which only ever grows)."""
        encoding: ObservationEncoding = self.encoding.observation
        if len(state.history) == version:
            return encoding.encode(state, seat)
        rebuilt = self._rebuilt
        if rebuilt is None or rebuilt[0] is not state or len(rebuilt[1].history) > version:
            rebuilt = self._rebuilt = (state, self.game.new_initial_state())
        position = rebuilt[1]
        for actor, action in state.history[len(position.history) : version]:
            position.apply_unchecked(action, actor)
        return encoding.encode(position, seat)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = self.game.new_initial_state()
        self._chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cycles = 0
        self._decisions = [0] * self._n
        self._ended = False  # some seat is terminated or truncated
        self._acting_at = (-1, ())
        self._deciders = set(self._acting())
        self._last_mask = (-1, -1, self._wait, ())
        self.agent_selection = self.agents[0] if self.round_robin else self._next_from(-1)[0]

    def _next_from(self, seat: int) -> tuple[str, bool]:
        """The next seat to ask after ``seat``, and whether the table was wrapped round."""
        k = self._seats_on(seat, self._acting())
        n = len(self.possible_agents)
        return self.possible_agents[(seat + k) % n], seat + k >= n

    def _seats_on(self, seat: int, active: tuple[int, ...]) -> int:
        """How many seats round the table from ``seat`` the next one to ask sits, ``active``
        acting now (none once the game is over)."""
        n = len(self.possible_agents)
        if self.round_robin or not active:
            return 1
        return min((a - seat - 1) % n for a in active) + 1

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self._ended and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        state = self.game_state
        masked = self._last_mask  # the mask last() gave, for this position and seat
        if masked[0] != len(state.history) or masked[1] != seat:
            masked = self._masked(seat)
        try:
            index = int(action)
            legal_id = index >= 0 and masked[2][1][index]  # judged by the seat's mask
        except (TypeError, ValueError, IndexError):
            legal_id = False
        if not legal_id:
            mask = masked[2][0]
            legal = [int(i) for i in np.flatnonzero(mask)]
            raise ValueError(
                f"{self.metadata['name']}: action {action!r} is not legal for {agent} now; "
                f"legal ids {legal} (mask {mask.tolist()}, id {self.wait} is wait)"
            )
        self._cumulative_rewards[agent] = 0.0
        if index == self.wait:
            active = self._acting()
        else:
            self._decisions[seat] += 1
            # Checked against the legal actions just above: the engine's fast path.
            listed = self._listed_actions
            state.apply_unchecked(listed[index] if listed is not None else masked[3][index], seat)
            while True:
                if state.is_terminal():
                    active = ()
                    break
                if not state.is_chance_node():
                    active = tuple(state.active_players())
                    if not active:
                        raise AssertionError(f"{self.game.id}: nobody acts, the game not over")
                    break
                state.apply_unchecked(state.sample_chance(self._rng), CHANCE)
            self._acting_at = (len(state.history), active)
        if len(active) == 1 and self._sequential:
            after = active[0]  # the one seat to act
            wrapped = after <= seat  # the table was wrapped round
        else:
            k = self._seats_on(seat, active)
            after = (seat + k) % self._n
            wrapped = seat + k >= self._n
        self.agent_selection = self.possible_agents[after]
        if wrapped:
            self._cycles += 1
            self._deciders = set(active)
            self._last_mask = (-1, -1, self._wait, ())  # who decides changed, not the history
        if not active and (wrapped or not self.round_robin):
            returns = state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._ended = True
            self._accumulate_rewards()  # the only rewards: every other step's are all 0.0
        elif self.max_cycles is not None and (
            (wrapped and self._cycles >= self.max_cycles)
            if self.round_robin
            else self._decisions[after] >= self.max_cycles  # asked for one more: no
        ):
            self.truncations = dict.fromkeys(self.agents, True)
            self._ended = True
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (the spectator's view: what everyone sees)."""
        names = [f"seat {i}" for i in range(self.game.num_players)]
        text = self._view(self.game_state.observation(None), "en", names)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game_id: str, **kwargs: Any) -> HippodromeEnv:
    """The AEC environment of ``game_id``; the game's options and the environment's as keywords."""
    return HippodromeEnv(game_id, **kwargs)


def parallel_env(game_id: str, **kwargs: Any) -> Any:
    """The parallel environment of ``game_id`` (every seat every cycle, *wait* for the idle)."""
    return aec_to_parallel(HippodromeEnv(game_id, round_robin=True, **kwargs))
