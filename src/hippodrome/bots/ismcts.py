"""Information-set Monte Carlo tree search, for any registered game and any number of players.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012), through the engine protocol only:

- every iteration searches one determinization, ``SeatView.determinize`` (the game's
  ``resample_for``): a full state consistent with what the bot's seat knows, so the search never uses
  another seat's secret;
- chance nodes (dice, draws, lots) are sampled from the determinization's own chance outcomes
  (``sample_chance``), never read from a hidden future, and branch the tree by outcome;
- a node where several seats answer at once and in secret (sealed bids, hidden bets) is a
  simultaneous node: each seat picks its action from its own statistics (decoupled UCT), none
  seeing the others' choices, and the child is the joint choice;
- actions that exist in some determinizations only are scored with availability counts (UCB over
  the number of times an action was available, not over the parent's visits);
- where a seat has many legal actions (auction amounts, bets), progressive widening lets a node try
  new actions only as its visits grow (``widen_c * visits ** widen_alpha``);
- rollouts play the game's own rollout policy (its ``SearchHooks``: cheap, better than random
  moves) or random moves, to the end or to the first position the game's evaluation can score; a
  node tries the rollout policy's move before the others;
- where a seat completes a move it began at an earlier step (``SearchHooks.settled``: Royal Steeple
  Chase's coups after the card), the bot's own seat plays the rollout policy's step there below the
  root rather than branching on it, so that a first step is judged by how the seat will go on;
- the game's heuristic guides the root: its move is tried first and played unless another beats it
  on paired samples (the k-th try of every root move searches the k-th determinization and chance
  stream: common random numbers) by ``override_z`` standard errors, a bar raised with the number of
  moves tried (Bonferroni), so that among many bids one lucky sample does not override it.

- where the game splits a move into steps and offers the seat its whole moves (``State.plans``:
  Toques et Casques' lengths), the root compares those moves, one per end, and the bot then lays
  the chosen one out step by step without searching again, as long as each position is the one the
  move leads to.

The budget is a number of iterations (reproducible: the same generator in the same position gives
the same move, the bot's own earlier move aside: a step of a move laid out is not searched) or a
time per move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import ClassVar

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import (
    LONGEST_THOUGHT,
    Bot,
    Candidates,
    Evaluation,
    Policy,
    SeatView,
    Settled,
)
from hippodrome.engine.errors import OptionsError
from hippodrome.engine.game import State
from hippodrome.engine.plan import Plan
from hippodrome.engine.types import JSONObject, Player

MIN_PAIRS = 3
"""The fewest paired samples on which the search overrides its guide's move."""
SPREAD_FLOOR = 0.01
"""Added to the variance of the paired differences, so that a few identical samples do not read as
certainty."""

Move = tuple[Action, ...]
"""A move the search compares at its root: one action, or a whole move of the seat's own steps (a
plan)."""

Key = tuple[tuple[Player, Action], ...]
"""A decision child: every seat that acted at the node and its action (one pair at a turn)."""


class _Stat:
    __slots__ = ("available", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class _Node:
    __slots__ = ("chance", "children", "stats", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[tuple[Player, Action], _Stat] = {}
        """Per seat and action: how often chosen here, available here, and the seat's reward."""
        self.children: dict[Key, _Node] = {}
        self.chance: dict[Action, _Node] = {}


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the bot thinks per move: ``iterations`` (reproducible) or ``seconds``."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        # Written so that NaN fails it too: a search with such a deadline would never stop.
        if (self.iterations is None) == (self.seconds is None) or (
            (self.iterations is not None and self.iterations <= 0)
            or (self.seconds is not None and not 0 < self.seconds <= LONGEST_THOUGHT)
        ):
            raise OptionsError("error.bot_budget", budget=str(self))

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``500ms``, ``2s`` or ``2000it``."""
        raw = text.strip().lower()
        try:
            if raw.endswith("ms"):
                return cls(seconds=float(raw[:-2]) / 1000.0)
            if raw.endswith("it"):
                return cls(iterations=int(raw[:-2]))
            if raw.endswith("s"):
                return cls(seconds=float(raw[:-1]))
        except ValueError:
            pass
        raise OptionsError("error.bot_budget", budget=text)

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations}it"
        seconds = self.seconds or 0.0
        return f"{round(seconds * 1000)}ms" if math.isfinite(seconds) else f"{seconds}s"


DEFAULT_BUDGET = Budget(seconds=0.5)
"""The budget of a bare ``ismcts`` (the server's hard level)."""

ROLLOUTS = ("game", "random", "heuristic")
"""The rollout policies a bot spec may name (``ismcts:200ms:random``): ``game`` (the default) is the
game's own rollout policy (its ``SearchHooks``), random moves where it declares none."""


def random_policy(state: State, player: Player, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions(player))


def bot_policy(bot: Bot) -> Policy:
    """A rollout policy that asks ``bot`` (a game's heuristic) with the seat's view of the
    determinization being played out."""

    def policy(state: State, player: Player, rng: random.Random) -> Action:
        return bot.choose(SeatView(state, player), rng)

    return policy


class ISMCTSBot:
    """Chance-aware multi-player ISMCTS with a time or iteration budget."""

    kind: ClassVar[str] = "ismcts"
    slow: ClassVar[bool] = True

    def __init__(
        self,
        budget: Budget = DEFAULT_BUDGET,
        *,
        rollout: Policy = random_policy,
        rollout_depth: int | None = None,
        evaluate: Evaluation | None = None,
        candidates: Candidates | None = None,
        settled: Settled | None = None,
        guide: Bot | None = None,
        override_z: float = 1.0,
        exploration: float = 0.7,
        widen_above: int = 8,
        widen_c: float = 2.0,
        widen_alpha: float = 0.5,
    ) -> None:
        self.budget = budget
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.candidates = candidates
        self.settled = settled
        self.guide = guide
        self.override_z = override_z
        self.exploration = exploration
        self.widen_above = widen_above
        self.widen_c = widen_c
        self.widen_alpha = widen_alpha
        self.last_iterations = 0
        """How many iterations the last ``choose`` ran (for reports of speed)."""
        self._plan: tuple[Player, list[tuple[JSONObject, Action]]] | None = None
        """The seat and the rest of the whole move the search chose (``_root_moves``), each step
        with the observation the seat should have before it."""

    # -- the search -------------------------------------------------------------------------------

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions())
        planned = self._planned(view, legal)
        if planned is not None or len(legal) == 1:
            self.last_iterations = 0
            return planned if planned is not None else legal[0]
        me = view.player
        moves, default = self._root_moves(view, legal, rng)
        if len(moves) == 1:  # the one move worth playing here
            self.last_iterations = 0
            return moves[0][0]
        deadline = None
        if self.budget.seconds is not None:
            deadline = time.perf_counter() + self.budget.seconds
        limit = self.budget.iterations
        root = _Node()
        """Where the other seats answering at the same time as the bot (in secret) choose, from
        statistics shared by all of the bot's moves, none of which they see."""
        visits = [0] * len(moves)
        rewards = [0.0] * len(moves)
        samples: list[list[float]] = [[] for _ in moves]
        """The bot's reward from each of its moves, by sample: the k-th try of every move plays
        the k-th determinization and chance stream (common random numbers)."""
        seeds: list[int] = []
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            i = self._root_choice(visits, rewards, done, default, rng)
            tried = samples[i]
            while len(seeds) <= len(tried):
                seeds.append(rng.getrandbits(64))
            chance = random.Random(seeds[len(tried)])
            state = view.determinize(chance)
            others, fresh = self._select(root, state, rng, skip=me)
            key = _joint(state.active_players(), me, moves[i], others)
            for player, action in key:
                state.apply_unchecked(action, player)
            child = root.children.get(key)
            if child is None:
                child = root.children[key] = _Node()
                fresh = True
            # A move tried anew (or an answer to it) is played out at once, as any node expanded.
            returns = self._descend(child, state, rng, chance, fresh or not tried, me=me)
            root.visits += 1
            for player, action in others:
                stat = root.stats[(player, action)]
                stat.visits += 1
                stat.reward += returns[player]
            reward = returns[me]
            visits[i] += 1
            rewards[i] += reward
            tried.append(reward)
            done += 1
        self.last_iterations = done
        if default is None:
            best = max(range(len(moves)), key=lambda i: (len(samples[i]), _mean(samples[i])))
        else:
            best = self._overriding(samples, default)
        chosen = moves[best]
        if len(chosen) > 1:
            self._plan = (me, self._expected(view, chosen, rng))
        return chosen[0]

    def _root_moves(
        self, view: SeatView, legal: list[Action], rng: random.Random
    ) -> tuple[list[Move], int | None]:
        """The moves the search compares, and which is its guide's (None without a guide).

        Where the game splits a move into steps and offers the seat its whole moves
        (``SeatView.plans``: Toques et Casques' lengths), the moves are those plans, one per end:
        every sample then plays a whole move, and no iteration is spent on the orders of the same
        steps. The guide's move is then the guide's own steps, in place of the plan to the same
        end. Elsewhere the moves are the legal ones, or those the game names worth comparing
        (``SearchHooks.candidates``: in an auction, passing and the least raise), the guide's
        among them."""
        plans = view.plans()
        if len(plans) < 2:
            compared = legal
            if self.candidates is not None:
                worth = set(self.candidates(view.determinize(rng), view.player, legal))
                compared = [action for action in legal if action in worth]
            if self.guide is None:
                return [(action,) for action in compared or legal], None
            asked = self.guide.choose(view, rng)
            if asked in legal and asked not in compared:
                compared = [*compared, asked]
            compared = compared or legal
            moves: list[Move] = [(action,) for action in compared]
            return moves, compared.index(asked) if asked in compared else None
        moves = [tuple(plan.actions) for plan in plans]
        if self.guide is None:
            return moves, None
        run, end = self._guide_run(view, rng)
        ends = [plan.end for plan in plans]
        if end not in ends:  # the guide's steps end nowhere a plan does: compared as they are
            moves.append(run)
            return moves, len(moves) - 1
        guided = ends.index(end)
        moves[guided] = run  # the guide's own steps to that end, its first step first
        return moves, guided

    def _guide_run(self, view: SeatView, rng: random.Random) -> tuple[Move, int | None]:
        """The guide's own steps, asked one after the other on a determinization until one ends
        the move (a plan of that one step from the position before it), and where they end."""
        assert self.guide is not None
        me = view.player
        state = view.determinize(rng)
        run: list[Action] = []
        last: Sequence[Plan] = ()
        while True:
            plans = state.plans(me)
            if not plans:
                break
            action = self.guide.choose(SeatView(state, me), rng)
            last = [plan for plan in plans if plan.actions == (action,)]
            state.apply_unchecked(action, me)
            run.append(action)
            if last:
                break  # the step that ends a move: the next is another move
        return tuple(run), last[0].end if last else None

    def _expected(
        self, view: SeatView, move: Move, rng: random.Random
    ) -> list[tuple[JSONObject, Action]]:
        """The rest of ``move`` after its first action, each action with the observation the seat
        should have when it plays it."""
        state = view.determinize(rng)
        me = view.player
        state.apply_unchecked(move[0], me)
        rest: list[tuple[JSONObject, Action]] = []
        for action in move[1:]:
            rest.append((state.observation(me), action))
            state.apply_unchecked(action, me)
        return rest

    def _planned(self, view: SeatView, legal: list[Action]) -> Action | None:
        """The next step of the move the search chose at an earlier step, when this is the position
        that move leads to (no chance and no other seat come between the steps of a move): the move
        was thought through once, as a player thinks a whole move and then lays it out."""
        if self._plan is None:
            return None
        seat, rest = self._plan
        seen, action = rest[0]
        self._plan = (seat, rest[1:]) if len(rest) > 1 else None
        if seat == view.player and action in legal and view.observation() == seen:
            return action
        self._plan = None
        return None

    def _root_choice(
        self,
        visits: list[int],
        rewards: list[float],
        total: int,
        default: int | None,
        rng: random.Random,
    ) -> int:
        """The bot's move to try next: untried moves first (the guide's before the others, more
        only as the visits grow when there are many), then by UCB on its reward."""
        untried = [i for i, n in enumerate(visits) if n == 0]
        tried = len(visits) - len(untried)
        if untried and (
            not tried
            or len(visits) <= self.widen_above
            or tried < self.widen_c * (total + 1) ** self.widen_alpha
        ):
            return default if default in untried else rng.choice(untried)
        log_n = math.log(max(1, total))
        best, best_value = 0, -math.inf
        for i, n in enumerate(visits):
            if n == 0:
                continue
            value = rewards[i] / n + self.exploration * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = i, value
        return best

    def _overriding(self, samples: list[list[float]], default: int) -> int:
        """The guide's move, unless another beats it in the paired samples (the same
        determinizations and chance): then the one that beats it by most.

        To override, a move's mean gain must pass ``override_z`` standard errors of the mean
        difference when it is the only other move tried, and a higher bar the more moves were
        tried: the search gives more samples to the moves whose first samples went well, so among
        two hundred bids one shows a gain over three samples by luck alone (an Ascot auction, where
        the search once bid 70,000 instead of 8,000 on such a sample). The bar keeps the chance
        that some move passes it by luck where ``override_z`` puts it for one move (Bonferroni's
        correction over the moves tried)."""
        base = samples[default]
        compared: list[tuple[int, float, float]] = []
        tried = 0
        for i, rewards in enumerate(samples):
            if i == default or not rewards:
                continue
            tried += 1
            n = min(len(rewards), len(base))
            if n < MIN_PAIRS:
                continue
            diffs = [rewards[k] - base[k] for k in range(n)]
            mean = sum(diffs) / n
            spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) + SPREAD_FLOOR
            compared.append((i, mean, math.sqrt(spread / n)))
        if not compared:
            return default
        bar = override_bar(self.override_z, tried)
        best, best_gain = default, 0.0
        for i, mean, error in compared:
            if mean > best_gain and mean > bar * error:
                best, best_gain = i, mean
        return best

    def _descend(
        self,
        node: _Node,
        state: State,
        rng: random.Random,
        chance: random.Random,
        expanded: bool,
        *,
        me: Player,
    ) -> Sequence[float]:
        """One iteration below a root move of ``me``, from ``node`` and the determinization
        ``state`` that move led to (straight to the rollout when the move was ``expanded``: tried
        anew); dice and draws come from ``chance``, choices from ``rng``. Every seat's reward."""
        path: list[tuple[_Node, Key]] = []
        while not expanded and not state.is_terminal():
            if state.is_chance_node():
                outcome = state.sample_chance(chance)
                state.apply_unchecked(outcome)
                child = node.chance.get(outcome)
                if child is None:
                    child = node.chance[outcome] = _Node()
                node = child
                continue
            key, expanded = self._select(node, state, rng, settle=me)
            for player, action in key:
                state.apply_unchecked(action, player)
            path.append((node, key))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
        returns = self._play_out(state, rng, chance)
        for visited, key in path:
            visited.visits += 1
            for player, action in key:
                stat = visited.stats[(player, action)]
                stat.visits += 1
                stat.reward += returns[player]
        return returns

    def _select(
        self,
        node: _Node,
        state: State,
        rng: random.Random,
        skip: Player | None = None,
        settle: Player | None = None,
    ) -> tuple[Key, bool]:
        """Each seat acting here (but ``skip``) picks its action from its own statistics (several
        seats: each in secret, as the rules have them answer); True when one of them tries an
        action anew. The seat ``settle`` plays the rollout policy's step where it completes a move
        it began (``settled``)."""
        chosen: list[tuple[Player, Action]] = []
        fresh = False
        log_c = self.exploration
        settled = self.settled
        for player in list(state.active_players()):
            if player == skip:
                continue
            stats = node.stats
            if player == settle and settled is not None and settled(state, player):
                step = self.rollout(state, player, rng)
                stat = stats.get((player, step))
                if stat is None:
                    stat = stats[(player, step)] = _Stat()
                    fresh = True
                stat.available += 1
                chosen.append((player, step))
                continue
            legal = state.legal_actions(player)
            untried: list[Action] = []
            tried: list[tuple[Action, _Stat]] = []
            for action in legal:
                stat = stats.get((player, action))
                if stat is None:
                    stat = stats[(player, action)] = _Stat()
                stat.available += 1
                if stat.visits == 0:
                    untried.append(action)
                else:
                    tried.append((action, stat))
            if untried and (
                not tried
                or len(legal) <= self.widen_above
                or len(tried) < self.widen_c * (node.visits + 1) ** self.widen_alpha
            ):
                pick = None
                if self.rollout is not random_policy:
                    # A guided rollout's choice is tried first: with few iterations the search
                    # plays like its guide, and refines it as the visits grow.
                    pick = self.rollout(state, player, rng)
                chosen.append((player, pick if pick in untried else rng.choice(untried)))
                fresh = True
                continue
            best: Action | None = None
            best_value = -math.inf
            for action, stat in tried:
                value = stat.reward / stat.visits + log_c * math.sqrt(
                    math.log(stat.available) / stat.visits
                )
                if value > best_value:
                    best, best_value = action, value
            assert best is not None
            chosen.append((player, best))
        return tuple(chosen), fresh

    def _play_out(self, state: State, rng: random.Random, chance: random.Random) -> Sequence[float]:
        depth = self.rollout_depth
        steps = 0
        policy = self.rollout
        evaluate = self.evaluate
        while not state.is_terminal():
            if evaluate is not None:
                if depth is None or steps >= depth:
                    value = evaluate(state)
                    if value is not None:
                        return value
            elif depth is not None and steps >= depth:
                return standings_returns(state.standings())
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(chance))
            else:
                for player in list(state.active_players()):
                    state.apply_unchecked(policy(state, player, rng), player)
            steps += 1
        return state.returns()


def override_bar(z: float, tried: int) -> float:
    """How many standard errors a move's gain over the guide's must pass when ``tried`` other moves
    were tried, so that the chance that any of them passes by luck alone is the one that ``z``
    standard errors give a single move."""
    # From the tail, so that a bar far out (a large ``z``, many moves) is not lost to rounding.
    chance = 0.5 * math.erfc(z / math.sqrt(2.0)) / tried
    return math.inf if chance <= 0.0 else -NormalDist().inv_cdf(chance)


def _joint(
    active: Sequence[Player], me: Player, move: Move, others: Key
) -> tuple[tuple[Player, Action], ...]:
    """The root's child: every seat acting there with its action, in the order the seats act
    (``active``), the bot's move (all its steps) in the bot's place."""
    answers = dict(others)
    key: list[tuple[Player, Action]] = []
    for player in active:
        if player == me:
            key.extend((me, action) for action in move)
        else:
            key.append((player, answers[player]))
    return tuple(key)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def standings_returns(values: Sequence[int]) -> tuple[float, ...]:
    """The leaders share 1, everyone else gets 0: a finished game's returns, from standings now."""
    top = max(values)
    leaders = sum(1 for v in values if v == top)
    return tuple(1.0 / leaders if v == top else 0.0 for v in values)
