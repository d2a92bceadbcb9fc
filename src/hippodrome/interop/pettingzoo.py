"""Every registered playable game as a PettingZoo AEC environment.

``env("royal_turf", players=3)`` makes one; the game's options are keyword arguments, next to the
environment's own: ``render_mode`` (``"ansi"`` returns the text view, ``"human"`` prints it),
``max_cycles`` (the game is truncated after that many trips round the table) and ``round_robin``.

- **Agents** are ``seat_0`` .. ``seat_{n-1}``. Chance (dice, draws, shuffles) is resolved inside the
  environment from a ``random.Random`` seeded by ``reset(seed=...)``.
- **Who is asked.** By default only seats with a decision are asked, in table order from the last
  one asked: the game's turn order, and for secret simultaneous choices (sealed bids, hidden bets)
  each chooser in turn, none seeing the earlier choices (the engine keeps them hidden until the rules
  reveal them). With ``round_robin=True`` every seat is asked every cycle, a seat without a decision
  having one legal id, *wait*; that is what PettingZoo's parallel API needs (``parallel_env``).
- **Observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``
  (``hippodrome.interop.encoding``); the action space is ``Discrete(ids + 1)``, the last id being
  *wait*. ``action_space(agent).sample()`` draws a legal id (the current mask) when given no mask.
- **Rewards** come at the end: the game's returns (the winners share 1.0).
- An illegal id raises ``ValueError`` naming the id and the mask, the game unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel

from hippodrome.engine.game import State
from hippodrome.games import entry, load_game
from hippodrome.interop.encoding import encoding_for

__all__ = ["HippodromeEnv", "env", "parallel_env"]


_ILLEGAL = object()
_MASKS_KEPT = 4096


class _LegalDiscrete(gymnasium.spaces.Discrete):  # type: ignore[misc, unused-ignore]
    """A seat's action space: sampling without a mask draws one of the seat's legal ids."""

    def __init__(self, n: int, env: HippodromeEnv, agent: str) -> None:
        super().__init__(n)
        self._env = env
        self._agent = agent

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self._agent in self._env.agents:
            mask = self._env.mask(self._agent)
        return super().sample(mask=mask, probability=probability)


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
        self.encoding = encoding_for(self.game)
        self._view = entry(game_id).text_view()
        n = self.game.num_players
        self.possible_agents = [f"seat_{i}" for i in range(n)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.wait = self.encoding.actions.size
        obs_size = self.encoding.observation.size
        self._observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self.wait + 1,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {
            a: _LegalDiscrete(self.wait + 1, self, a) for a in self.possible_agents
        }
        self._wait_mask = np.zeros(self.wait + 1, np.int8)
        self._wait_mask[self.wait] = 1
        self._wait_mask.flags.writeable = False
        self._masks: dict[Any, np.ndarray[Any, Any]] = {}
        self._masks_of: dict[int, tuple[Sequence[Any], np.ndarray[Any, Any]]] = {}
        # The mask last built, by the history's length and the seat: asked for twice a step.
        self._last_mask: tuple[int, int, np.ndarray[Any, Any]] = (-1, -1, self._wait_mask)
        self._acting_at: tuple[int, tuple[int, ...]] = (-1, ())  # by the history's length
        self._rng = random.Random()
        self.state: State = self.game.new_initial_state()
        self._deciders: set[int] = set()
        self._cycles = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the game -------------------------------------------------------------------------------

    def _chance(self) -> None:
        state = self.state
        while not state.is_terminal() and state.is_chance_node():
            state.apply_unchecked(state.sample_chance(self._rng))

    def _acting(self) -> tuple[int, ...]:
        """The seats to act now (none once the game is over), asked once per position."""
        version = len(self.state.history)
        if self._acting_at[0] != version:
            state = self.state
            self._acting_at = (
                version,
                () if state.is_terminal() else tuple(state.active_players()),
            )
        return self._acting_at[1]

    def _decides(self, seat: int) -> bool:
        if seat not in self._acting():
            return False
        return not self.round_robin or seat in self._deciders

    def _chosen(self, seat: int, action: Any) -> Any:
        """The engine's action for ``action`` (None for *wait*), or ``_ILLEGAL``: judged by the
        seat's mask, the legal actions' own ids."""
        try:
            index = int(action)
        except (TypeError, ValueError):
            return _ILLEGAL
        if not 0 <= index <= self.wait or not self.mask(self.possible_agents[seat])[index]:
            return _ILLEGAL
        if index == self.wait:
            return None
        listed = self.encoding.actions.actions
        return listed[index] if listed is not None else self.state.legal_actions(seat)[index]

    def mask(self, agent: str) -> np.ndarray[Any, Any]:
        """The legal ids of ``agent`` now (the last one is *wait*), read-only.

        The same legal actions give the same mask, so masks are kept by legal actions (a game
        offers few distinct sets: Royal Turf's some hundreds) and built once."""
        seat = self._seats[agent]
        version = len(self.state.history)
        if self._last_mask[:2] == (version, seat):
            return self._last_mask[2]
        out = self._mask_now(seat)
        self._last_mask = (version, seat, out)
        return out

    def _mask_now(self, seat: int) -> np.ndarray[Any, Any]:
        if not self._decides(seat):
            return self._wait_mask
        legal = self.state.legal_actions(seat)
        known = self._masks_of.get(id(legal))
        if known is not None and known[0] is legal:
            return known[1]  # the game's own shared tuple (a race's moves): no hashing
        key: Any = (
            len(legal)  # indexed ids: the mask is the first len(legal)
            if self.encoding.actions.actions is None
            else legal
            if type(legal) is tuple
            else tuple(legal)
        )
        out = self._masks.get(key)
        if out is None:
            out = np.zeros(self.wait + 1, np.int8)
            out[: self.wait] = self.encoding.actions.mask(self.state, seat)
            out.flags.writeable = False
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
            self._masks[key] = out
        if type(legal) is tuple:
            if len(self._masks_of) >= _MASKS_KEPT:
                self._masks_of.clear()
            self._masks_of[id(legal)] = (legal, out)  # kept alive here, so the id stays its own
        return out

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self.possible_agents.index(agent)
        return {
            "observation": self.encoding.observation.encode(self.state, seat),
            "action_mask": self.mask(agent),
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self._chance()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cycles = 0
        self._acting_at = (-1, ())
        self._deciders = set(self._acting())
        self._last_mask = (-1, -1, self._wait_mask)
        self.agent_selection = self.agents[0] if self.round_robin else self._next_from(-1)[0]

    def _next_from(self, seat: int) -> tuple[str, bool]:
        """The next seat to ask after ``seat``, and whether the table was wrapped round."""
        n = len(self.possible_agents)
        if self.round_robin or self.state.is_terminal():
            return self.possible_agents[(seat + 1) % n], seat + 1 >= n
        active = self._acting()
        if not active:
            raise AssertionError(f"{self.game.id}: nobody acts at a position that is not over")
        k = (
            min((a - seat - 1) % n for a in active) + 1
            if len(active) > 1
            else (active[0] - seat - 1) % n + 1
        )
        return self.possible_agents[(seat + k) % n], seat + k >= n

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        chosen = self._chosen(seat, action)
        if chosen is _ILLEGAL:
            mask = self.mask(agent)
            legal = [int(i) for i in np.flatnonzero(mask)]
            raise ValueError(
                f"{self.metadata['name']}: action {action!r} is not legal for {agent} now; "
                f"legal ids {legal} (mask {mask.tolist()}, id {self.wait} is wait)"
            )
        self._cumulative_rewards[agent] = 0.0
        if chosen is not None:
            # Checked against the legal actions just above: the engine's fast path.
            self.state.apply_unchecked(chosen, seat)
            self._chance()
        self.agent_selection, wrapped = self._next_from(seat)
        if wrapped:
            self._cycles += 1
            self._deciders = set(self._acting())
            self._last_mask = (-1, -1, self._wait_mask)  # who decides changed, not the history
        cycle_end = wrapped or not self.round_robin
        if cycle_end and self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()  # the only rewards: every other step's are all 0.0
        elif wrapped and self.max_cycles is not None and self._cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (the spectator's view: what everyone sees)."""
        names = [f"seat {i}" for i in range(self.game.num_players)]
        text = self._view(self.state.observation(None), "en", names)
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
