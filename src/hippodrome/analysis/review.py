"""Game review: what each decision of a finished game cost, and what luck did (``hippodrome review``).

For every decision of a seat (or of every seat) in a game record, and from that seat's information
only (every simulation starts from ``resample_for(seat, rng)``: another seat's secrets are dealt
anew, never read from the record), the review values the move played and the other moves open to
the seat:

- each move is taken, then every seat plays the game's rollout policy (``SearchHooks.rollout``,
  the heuristic bot where a game lends none) up to the search's horizon: the first position the
  game's evaluation can score (``SearchHooks.evaluate``: a race paid, a deal scored), once
  ``SearchHooks.depth`` actions are played, or the end of the game. A move's value is the seat's
  change of standing by then, in the game's own currency (its money; the score sheet's points
  where the game ranks by scores), and its chance of winning the game (the game's evaluation
  there, the result at the end);
- the moves of one decision are compared on common random numbers: round ``r`` deals one
  determinization and one stream of dice for every move, so that their difference is not drowned
  in the luck of the draw, and the loss (best found minus played) comes with the 95% interval of
  the paired differences. A label (inaccuracy, mistake, blunder, by the chance of winning lost)
  is given only where that interval is clear of zero (the guide's rule, ``bots/guide.py``);
- chance is not judged: the seat's result against the table's average is split into what its
  decisions cost (the sum of its losses) and the rest, luck and the other seats' moves.

The cost of a review is the number of decisions times the budget (rounds per move, moves per
decision), each play-out bounded by the horizon, not by the game's length; decisions are judged in
worker processes (``workers``), and a review stopped early (Ctrl-C) keeps the decisions done. A
decision with a single legal move is skipped. Where a game splits a move into steps and offers whole
moves (``State.plans``: Toques et Casques' lengths), the whole moves are compared, once per move.

``review_position`` answers the same for one position (a position document, or a record cut after
some moves): the best move found, the loss of every other, and the verdict in words.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from hippodrome.bots.base import make_bot
from hippodrome.bots.guide import SEPARATING
from hippodrome.bots.guide import candidates as guide_candidates
from hippodrome.bots.guide import plan_of as guide_plan_of
from hippodrome.bots.guide import wording as guide_wording
from hippodrome.bots.ismcts import override_bar
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Policy, SeatView
from hippodrome.engine.errors import HippodromeError, RecordError
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import texts
from hippodrome.engine.odds import mean_json
from hippodrome.engine.record import GameRecord
from hippodrome.engine.stats import Z95
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Player
from hippodrome.games import entry, load_game

FORMAT: Final = "hippodrome-review"
FORMAT_VERSION: Final = 1

DEFAULT_ROUNDS: Final = 48
"""Paired rounds per decision by default: every move of the decision is played out this many times
(the benchmark, ``hippodrome bench --review``, times a whole game at this budget)."""
MOST_MOVES: Final = 8
"""The most moves compared at one decision: the move played, the heuristic's, and the game's
search candidates (``SearchHooks.candidates``) drawn among the rest."""
LONGEST_ROLLOUT: Final = 100_000
"""A bound on the actions of one play-out (a game that cannot end is a bug, not a wait)."""

Move = tuple[Action, ...]
"""A move compared at a decision: one action, or a whole move of the seat's own steps."""
Label = Literal["inaccuracy", "mistake", "blunder"]
LABELS: Final[tuple[tuple[float, Label], ...]] = (
    (0.10, "blunder"),
    (0.05, "mistake"),
    (0.02, "inaccuracy"),
)
"""The label by the chance of winning the game the move played gave away (best found minus
played, in [0, 1]), given only where the paired 95% interval of that loss is clear of zero."""


@dataclass(frozen=True, slots=True)
class ReviewBudget:
    """How much a decision is simulated: ``rounds`` paired play-outs of each of at most ``moves``
    moves."""

    rounds: int = DEFAULT_ROUNDS
    moves: int = MOST_MOVES

    def __post_init__(self) -> None:
        if not 2 <= self.rounds <= 100_000:
            raise ValueError("a review plays 2 to 100,000 rounds a decision")
        if not 2 <= self.moves <= 1_000:
            raise ValueError("a review compares 2 to 1,000 moves a decision")

    @classmethod
    def parse(cls, text: str) -> ReviewBudget:
        """``48`` (rounds a decision) or ``48x12`` (rounds, and moves compared at most)."""
        rounds, _, moves = text.strip().lower().partition("x")
        try:
            return cls(int(rounds), int(moves) if moves else MOST_MOVES)
        except ValueError as exc:
            raise ValueError(
                f"budget {text!r}: give rounds a decision (48) or rounds x moves (48x12), "
                "at least 2 of each"
            ) from exc

    def to_json(self) -> JSONObject:
        return {"rounds": self.rounds, "moves": self.moves}


DEFAULT_BUDGETS: Final[dict[str, ReviewBudget]] = {
    "royal_steeple_chase": ReviewBudget(rounds=8, moves=5),
    "win_place_show": ReviewBudget(rounds=16, moves=6),
    "ascot": ReviewBudget(rounds=24, moves=6),
}
"""The default budget of the games whose decisions are many or whose play-outs are long (Royal
Steeple Chase plays over a thousand decisions a game): a whole game is reviewed within five minutes
on two cores (``hippodrome bench --review``); the others take ``ReviewBudget()``."""


def default_budget(game_id: str) -> ReviewBudget:
    """The budget a review of ``game_id`` takes when none is given."""
    return DEFAULT_BUDGETS.get(game_id, ReviewBudget())


# -- one decision --------------------------------------------------------------------------------


class _Arm:
    __slots__ = ("money", "move", "win")

    def __init__(self, move: Move) -> None:
        self.move = move
        self.money: list[float] = []
        self.win: list[float] = []


def currency(game: Game[Any]) -> Literal["money", "points"]:
    """What a review counts in: the money, or the score sheet's points where the game ranks by
    scores (Royal Steeple Chase)."""
    return "points" if game.ranking_basis == "scores" else "money"


def _standing(state: State, seat: Player) -> float:
    """The seat's money, or points, now (the final ones at the end)."""
    if state.is_terminal():
        return float(state.outcome().basis[seat])
    return float(state.standings()[seat])


def _policy(game_id: str, players: int) -> Policy:
    """The policy every seat plays after the move judged: the game's rollout policy (cheap, better
    than random), else its heuristic bot."""
    hooks = entry(game_id).search_hooks()
    if hooks.rollout is not None:
        return hooks.rollout
    bots = [make_bot("heuristic", game_id) for _ in range(players)]

    def heuristic(state: State, player: Player, rng: random.Random) -> Action:
        return bots[player].choose(SeatView(state, player), rng)

    return heuristic


def _play_out(
    sim: State,
    seat: Player,
    move: Move,
    policy: Policy,
    *,
    rng: random.Random,
    chance: random.Random,
) -> tuple[float, float, bool]:
    """Take ``move`` in the determinization ``sim`` and play on to the horizon: the seat's
    standing then, its chance of winning the game, and whether the game ended."""
    hooks = entry(sim.game.id).search_hooks()
    evaluate, depth = hooks.evaluate, hooks.depth
    for action in move:
        sim.apply_unchecked(action, seat)
    steps = 0
    while not sim.is_terminal():
        if evaluate is not None and (depth is None or steps >= depth):
            value = evaluate(sim)
            if value is not None:
                return _standing(sim, seat), float(value[seat]), False
        if steps >= LONGEST_ROLLOUT:
            raise RuntimeError(f"a play-out of {sim.game.id} ran {steps} actions without an end")
        if sim.is_chance_node():
            sim.apply_unchecked(sim.sample_chance(chance))
        else:
            for player in list(sim.active_players()):
                sim.apply_unchecked(policy(sim, player, rng), player)
        steps += 1
    return _standing(sim, seat), float(sim.returns()[seat]), True


def _moves_to_compare(
    state: State, seat: Player, played: Move | None, budget: ReviewBudget, rng: random.Random
) -> tuple[list[Move], dict[Move, Any]]:
    """The moves a decision compares (the played one first, where there is one) and the game's
    whole moves by their actions (for their words)."""
    plans = list(state.plans(seat))
    by_actions = {p.actions: p for p in plans}
    if plans:
        every: list[Move] = [p.actions for p in plans]
    else:
        # Asked of a determinization: a game's candidates see a whole state, which must not be
        # the record's (its secrets would choose the moves compared).
        seen = state.resample_for(seat, random.Random(rng.getrandbits(64)))
        every = [(a,) for a in guide_candidates(seen, seat)]
    chosen: list[Move] = []
    if played is not None:
        chosen.append(played)
    heuristic = make_bot("heuristic", state.game.id)
    try:
        suggested = heuristic.choose(SeatView(state.clone(), seat), random.Random(rng.random()))
    except HippodromeError:  # a heuristic that cannot answer here is not asked
        suggested = None
    if suggested is not None:
        first = next((m for m in every if m[0] == suggested), (suggested,))
        if first not in chosen:
            chosen.append(first)
    rest = [m for m in every if m not in chosen]
    room = budget.moves - len(chosen)
    if len(rest) > room:
        rest = rng.sample(rest, room)
    return chosen + rest, by_actions


def judge(
    state: State,
    seat: Player,
    played: Move | None,
    budget: ReviewBudget,
    *,
    seed: int = 0,
    index: int | None = None,
    names: Sequence[str] | None = None,
) -> JSONObject:
    """The review of ``seat``'s decision in ``state`` (``played``: the move the seat made, None to
    ask only for the best), as JSON (the shape in ``docs/analysis/review.md``)."""
    game = state.game
    rng = random.Random(f"{seed}:{index}:{seat}")
    moves, by_actions = _moves_to_compare(state, seat, played, budget, rng)
    arms = [_Arm(m) for m in moves]
    policy = _policy(game.id, game.num_players)
    start = _standing(state, seat)
    ended = 0
    for _ in range(budget.rounds):
        deal = rng.getrandbits(64)
        base = state.resample_for(seat, random.Random(deal))
        for arm in arms:  # one determinization, one stream of dice and choices for every move
            sim = base.clone()
            money, win, over = _play_out(
                sim,
                seat,
                arm.move,
                policy,
                rng=random.Random(deal + 1),
                chance=random.Random(deal + 2),
            )
            arm.money.append(money - start)
            arm.win.append(win)
            ended += over
    best = max(arms, key=lambda a: (_mean(a.win), _mean(a.money)))
    words = guide_wording(state, entry(game.id).guide_hooks(), list(by_actions.values()))
    unit = currency(game)

    def described(arm: _Arm, against: _Arm | None) -> JSONObject:
        message = words(arm.move)
        out: JSONObject = {
            "action": str(arm.move[0]),
            "actions": [str(a) for a in arm.move],
            "message": message,
            "text": _texts(message, names),
            "money": _stat(arm.money),
            "win": _stat(arm.win),
        }
        if against is not None:
            out["loss"] = _loss(against, arm)
        return out

    ranked = sorted(arms, key=lambda a: (-_mean(a.win), -_mean(a.money)))
    alternatives: list[JSON] = [described(a, best) for a in ranked]
    played_arm = arms[0] if played is not None else None
    loss = _loss(best, played_arm) if played_arm is not None else None
    label = None
    if loss is not None and played_arm is not best:
        label = _label(best.win, played_arm.win if played_arm else [], len(arms) - 1)
    horizon = "game" if ended == len(arms) * budget.rounds else "scored"
    data: JSONObject = {
        "index": index,
        "seat": seat,
        "phase": state.phase_name(),
        "moves_compared": len(arms),
        "legal": len(state.legal_actions(seat)),
        "played": described(played_arm, None) if played_arm is not None else None,
        "best": described(best, None),
        "best_is_played": played_arm is best,
        "loss": loss,
        "loss_held_out": None if played_arm is None else _held_out(arms, played_arm),
        "label": label,
        "horizon": horizon,
        "standing": {
            "now": start,
            "money": None if played_arm is None else _shifted(played_arm.money, start),
            "win": None if played_arm is None else _stat(played_arm.win),
        },
        "alternatives": alternatives,
    }
    data["explanation"] = _explanation(game.id, unit, data, names)
    return data


def _stat(values: Sequence[float]) -> JSONObject:
    total = sum(values)
    return mean_json(len(values), total, sum(v * v for v in values))


def _shifted(values: Sequence[float], by: float) -> JSONObject:
    return _stat([v + by for v in values])


def _loss(best: _Arm, other: _Arm | None) -> JSONObject:
    """What ``other`` gives away against ``best``: the paired differences' mean and interval."""
    assert other is not None
    money = [b - o for b, o in zip(best.money, other.money, strict=True)]
    win = [b - o for b, o in zip(best.win, other.win, strict=True)]
    return {"money": _stat(money), "win": _stat(win)}


def _separated(stat: JSONObject) -> bool:
    interval = stat.get("interval")
    return isinstance(interval, list) and float(interval[0]) > 0.0


def _label(best: Sequence[float], played: Sequence[float], tried: int) -> Label | None:
    """Inaccuracy, mistake or blunder by the chance of winning lost (best found minus played), only
    where the paired differences clear zero by the 95% bar raised for the ``tried`` other moves the
    best was picked among (Bonferroni, the search's ``override_bar``): with many moves, one lucky
    one would otherwise pass the plain 95% bar often. The reported interval is the plain one; a
    labelled loss clears it too."""
    differences = [b - p for b, p in zip(best, played, strict=True)]
    n = len(differences)
    if n < SEPARATING:
        return None
    lost = sum(differences) / n
    spread = (sum((d - lost) ** 2 for d in differences) / (n - 1) / n) ** 0.5
    if lost - override_bar(Z95, max(1, tried)) * spread <= 0.0:
        return None
    return next((label for bar, label in LABELS if lost >= bar), None)


def _held_out(arms: Sequence[_Arm], played: _Arm) -> JSONObject:
    """The loss with the best move picked on one half of the rounds and measured on the other
    (both ways, averaged): the plain loss measures the best move on the rounds that picked it, and
    over many moves the luckiest looks better than it is. In each currency the best is the best in
    that currency (the money lost against the move that brings the most, the chance of winning
    against the move that wins most often). A game's totals (``by_seat``) add these."""
    rounds = len(played.win)
    folds = [
        ([r for r in range(rounds) if r % 2 == fold], [r for r in range(rounds) if r % 2 != fold])
        for fold in (0, 1)
    ]
    out: JSONObject = {}
    for name in ("money", "win"):
        lost = 0.0
        for pick, test in folds:
            if pick and test:
                values = {id(a): getattr(a, name) for a in arms}
                best = max(arms, key=lambda a: _mean([values[id(a)][r] for r in pick]))
                mine = values[id(played)]
                lost += _mean([values[id(best)][r] - mine[r] for r in test]) / len(folds)
        out[name] = lost
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


# -- words ---------------------------------------------------------------------------------------


def _texts(message: JSONObject, names: Sequence[str] | None) -> dict[str, str]:
    kinds = message.get("kinds")
    return texts(
        str(message["key"]),
        message.get("params") or {},
        names=names,
        kinds={str(k): str(v) for k, v in kinds.items()} if isinstance(kinds, dict) else None,
    )


def amount(game_id: str, unit: str, value: float) -> JSONObject:
    """An amount (a change: signed) as the game writes money, or as points."""
    whole = round(value)
    sign = "+" if whole > 0 else "\u2212" if whole < 0 else ""
    key = "review.points" if unit == "points" else f"{game_id}.guide.money"
    return {"key": key, "params": {"sign": sign, "amount": abs(whole)}}


def _explanation(
    game_id: str, unit: str, data: JSONObject, names: Sequence[str] | None
) -> JSONObject:
    """The verdict in words: a message (``review.explain.*``) and its text in every language."""
    best, played, loss = data["best"], data["played"], data["loss"]
    n = best["money"]["n"]
    horizon = {"key": f"review.horizon.{data['horizon']}", "params": {}}
    if data["moves_compared"] < 2:
        key, params = "review.explain.only", {}
    elif played is None or data["best_is_played"]:
        key = "review.explain.best"
        params = {
            "move": best["message"],
            "money": amount(game_id, unit, best["money"]["mean"]),
            "win": round(100 * best["win"]["mean"]),
            "n": n,
            "horizon": horizon,
        }
    else:
        separated = _separated(loss["win"]) or _separated(loss["money"])
        key = "review.explain.loss" if separated else "review.explain.close"
        params = {
            "move": played["message"],
            "best": best["message"],
            "money": amount(game_id, unit, played["money"]["mean"]),
            "best_money": amount(game_id, unit, best["money"]["mean"]),
            "win": round(100 * played["win"]["mean"]),
            "best_win": round(100 * best["win"]["mean"]),
            "lost": round(100 * loss["win"]["mean"]),
            "n": n,
            "horizon": horizon,
        }
        if data["label"] is not None:
            key = "review.explain.labelled"
            params["label"] = {"key": f"review.label.{data['label']}", "params": {}}
    return {"key": key, "params": params, "text": texts(key, params, names=names)}


# -- a whole game ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReviewTask:
    """One decision to judge, as a worker receives it (JSON and notation only: it pickles)."""

    game: str
    options: JSONObject
    state: JSONObject
    seat: Player
    played: tuple[str, ...]
    index: int
    budget: ReviewBudget
    seed: int
    names: tuple[str, ...] | None


_GAMES: dict[str, Game[Any]] = {}


def judge_task(task: ReviewTask) -> JSONObject:
    """One decision judged (``judge``), in whatever process runs it: the game is made once a
    process, the state read from the task's JSON."""
    key = task.game + json.dumps(task.options, sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load_game(task.game, **task.options)
    state = game.state_from_json(task.state)
    played = tuple(game.parse_action(a) for a in task.played)
    return judge(
        state,
        task.seat,
        played,
        task.budget,
        seed=task.seed,
        index=task.index,
        names=task.names,
    )


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the review, which stops the pool and keeps what is done."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def decisions(
    record: GameRecord, game: Game[Any], seats: Iterable[Player] | None = None
) -> tuple[list[tuple[int, State, Player, Move]], list[JSONObject], int]:
    """The decisions of ``seats`` in ``record`` (all seats by default), each as (its index in the
    record, the state before it, the seat, the move played); the actual standings at every decision
    (for the chart); and how many decisions were forced (one legal move) and skipped."""
    record.check_game(game)
    wanted = set(range(game.num_players) if seats is None else seats)
    parsed: list[tuple[Player, Action]] = []
    for i, (player, notation) in enumerate(record.moves):
        try:
            parsed.append((player, game.parse_action(notation)))
        except HippodromeError as exc:
            raise RecordError(f"moves[{i}]", f"{notation!r}: {exc}") from exc
    state = game.new_initial_state()
    found: list[tuple[int, State, Player, Move]] = []
    standings: list[JSONObject] = []
    forced = 0
    for i, (player, action) in enumerate(parsed):
        if (
            player != CHANCE
            and player in wanted
            and not state.is_chance_node()
            and player in state.active_players()
        ):
            plans = state.plans(player)
            if plans and state.continues_move(player):
                pass  # a step of a move judged at its first step
            elif plans:
                run = whole_move(state, parsed, i, player)
                if len(plans) > 1:
                    found.append((i, state.clone(), player, run))
                else:
                    forced += 1
            elif len(state.legal_actions(player)) > 1:
                found.append((i, state.clone(), player, (action,)))
            else:
                forced += 1
        if player != CHANCE and not state.is_chance_node():
            standings.append({"index": i, "standings": [float(v) for v in state.standings()]})
        try:
            state.apply(action, player)
        except HippodromeError as exc:
            raise RecordError(f"moves[{i}]", f"{record.moves[i][1]!r}: {exc}") from exc
    record.check_result(state)
    return found, standings, forced


def whole_move(state: State, parsed: Sequence[tuple[Player, Action]], i: int, seat: Player) -> Move:
    """The whole move (the plan) the seat's steps from ``parsed[i]`` make: the steps while the seat
    carries on the move (``State.continues_move``), as the game offers that move."""
    sim = state.clone()
    run = [parsed[i][1]]
    sim.apply_unchecked(parsed[i][1], seat)
    j = i + 1
    while (
        j < len(parsed)
        and parsed[j][0] == seat
        and not sim.is_terminal()
        and not sim.is_chance_node()
        and sim.continues_move(seat)
    ):
        run.append(parsed[j][1])
        sim.apply_unchecked(parsed[j][1], seat)
        j += 1
    played = tuple(run)
    plan = guide_plan_of(state, seat, played, list(state.plans(seat)))
    return played if plan is None else plan.actions


@dataclass(frozen=True, slots=True)
class ReviewPlan:
    """What a whole game's review judges (``review_tasks``), and what its summary needs besides
    the judged decisions (``summarise``). Plain data: it pickles, for a pool of the caller's."""

    tasks: tuple[ReviewTask, ...]
    seats: tuple[Player, ...]
    standings: tuple[JSONObject, ...]
    forced: int
    budget: ReviewBudget
    seed: int


def review_tasks(
    record: GameRecord,
    *,
    seats: Iterable[Player] | None = None,
    budget: ReviewBudget | None = None,
    seed: int = 0,
) -> ReviewPlan:
    """The decisions of ``seats`` (all by default) in a finished game's ``record``, each a task
    for ``judge_task``. Refuses a record that does not replay (``RecordError``), a game not over,
    a seat not at the table (``ValueError``)."""
    budget = budget or default_budget(record.game)
    game = load_game(record.game, **record.options)
    chosen = tuple(sorted(set(range(game.num_players) if seats is None else seats)))
    for seat in chosen:
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat}: this table has seats 0 to {game.num_players - 1}")
    if record.result is None and not _replays_to_end(record, game):
        raise RecordError("result", "the game is not over: a running game is not reviewed")
    found, standings, forced = decisions(record, game, chosen)
    names = tuple(s.name for s in record.seats)
    options = game.options.to_json()
    tasks = tuple(
        ReviewTask(
            game.id, options, s.to_json(), seat, tuple(map(str, run)), i, budget, seed, names
        )
        for i, s, seat, run in found
    )
    return ReviewPlan(tasks, chosen, tuple(standings), forced, budget, seed)


def summarise(
    record: GameRecord,
    plan: ReviewPlan,
    judged: Iterable[JSONObject],
    *,
    complete: bool = True,
    seconds: float = 0.0,
) -> JSONObject:
    """The whole review's JSON from the decisions judged (``judge_task``'s answers, in any order;
    fewer than the plan's when the review was stopped, ``complete`` false)."""
    game = load_game(record.game, **record.options)
    ordered = sorted(judged, key=lambda d: (int(d["index"]), int(d["seat"])))
    return _summary(
        record,
        game,
        plan.seats,
        ordered,
        standings=plan.standings,
        final=record.replay(game),
        budget=plan.budget,
        seed=plan.seed,
        forced=plan.forced,
        total=len(plan.tasks),
        complete=complete,
        seconds=seconds,
    )


def review_game(
    record: GameRecord,
    *,
    seats: Iterable[Player] | None = None,
    budget: ReviewBudget | None = None,
    workers: int = 1,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> JSONObject:
    """The review of a finished game: every decision of ``seats`` (all by default) judged from the
    seat's information only, the standing over the game, and luck against play. ``workers``
    processes judge the decisions (1: in this process; a server's worker calls it so, or maps
    ``judge_task`` over its own pool). A KeyboardInterrupt stops the review: the decisions judged so
    far are returned, ``complete`` false."""
    if workers < 1:
        raise ValueError("at least one worker")
    plan = review_tasks(record, seats=seats, budget=budget, seed=seed)
    tasks = plan.tasks
    began = time.perf_counter()
    judged: list[JSONObject] = []
    complete = True
    try:
        if workers == 1 or len(tasks) <= 1:
            for task in tasks:
                judged.append(judge_task(task))
                if progress is not None:
                    progress(len(judged), len(tasks))
        else:
            context = multiprocessing.get_context("spawn")
            pool = context.Pool(workers, initializer=_quiet_worker)
            try:
                for result in pool.imap_unordered(judge_task, tasks):
                    judged.append(result)
                    if progress is not None:
                        progress(len(judged), len(tasks))
            finally:
                pool.terminate()
                with contextlib.suppress(Exception):
                    pool.join()
    except KeyboardInterrupt:
        complete = False
    return summarise(record, plan, judged, complete=complete, seconds=time.perf_counter() - began)


def _replays_to_end(record: GameRecord, game: Game[Any]) -> bool:
    return record.replay(game).is_terminal()


def _summary(
    record: GameRecord,
    game: Game[Any],
    seats: Sequence[Player],
    judged: Sequence[JSONObject],
    *,
    standings: Sequence[JSONObject],
    final: State,
    budget: ReviewBudget,
    seed: int,
    forced: int,
    total: int,
    complete: bool,
    seconds: float,
) -> JSONObject:
    unit = currency(game)
    start = game.new_initial_state()
    names = [s.name for s in record.seats]
    results = [_standing(final, p) - _standing(start, p) for p in range(game.num_players)]
    wins = list(final.returns())
    table_mean = sum(results) / len(results)
    seats_json: dict[str, JSON] = {}
    for seat in seats:
        mine = [d for d in judged if d["seat"] == seat]
        lost_money = sum(float(d["loss_held_out"]["money"]) for d in mine)
        lost_win = sum(float(d["loss_held_out"]["win"]) for d in mine)
        against = results[seat] - table_mean
        luck = against + lost_money
        counts = {label: sum(1 for d in mine if d["label"] == label) for _, label in LABELS}
        message: JSONObject = {
            "key": "review.luck",
            "params": {
                "luck": amount(game.id, unit, luck),
                "play": amount(game.id, unit, -lost_money),
                "result": amount(game.id, unit, against),
            },
        }
        seats_json[str(seat)] = {
            "name": names[seat],
            "decisions": len(mine),
            "labels": counts,
            "mean_loss": {
                "money": lost_money / len(mine) if mine else None,
                "win": lost_win / len(mine) if mine else None,
            },
            "result": results[seat],
            "won": wins[seat],
            "table_mean": table_mean,
            "play": -lost_money,
            "luck": luck,
            "explanation": message | {"text": texts("review.luck", message["params"])},
            "standing": [
                {
                    "index": d["index"],
                    "money": d["standing"]["money"]["mean"],
                    "win": d["standing"]["win"]["mean"],
                }
                for d in mine
            ],
        }
    hooks = entry(game.id).search_hooks()
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": game.id,
        "rules_version": game.rules_version,
        "options": game.options.to_json(),
        "record_id": record.record_id,
        "seat_names": names,
        "seats": list(seats),
        "currency": unit,
        "budget": budget.to_json(),
        "seed": seed,
        "method": {
            "policy": "the game's rollout policy for every seat after the move judged"
            if hooks.rollout is not None
            else "the heuristic bot for every seat after the move judged",
            "horizon": "the first position the game's evaluation scores (a race paid, a deal "
            "scored), else the end of the game"
            if hooks.evaluate is not None
            else "the end of the game",
        },
        "complete": complete,
        "decisions_total": total,
        "decisions_judged": len(judged),
        "forced_skipped": forced,
        "seconds": seconds,
        "decisions": list(judged),
        "standings": list(standings),
        "by_seat": seats_json,
    }


def review_position(
    state: State,
    seat: Player,
    *,
    budget: ReviewBudget | None = None,
    played: Move | None = None,
    seed: int = 0,
    index: int | None = None,
) -> JSONObject:
    """The review of one position for ``seat``: the best move found, the loss of every other (and
    of ``played``, where given), and the verdict in words."""
    if state.is_terminal():
        raise ValueError("the game is over in this position")
    if state.is_chance_node() or seat not in state.active_players():
        raise ValueError(f"seat {seat} has no decision to take in this position")
    data = judge(
        state, seat, played, budget or default_budget(state.game.id), seed=seed, index=index
    )
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": state.game.id,
        "rules_version": state.game.rules_version,
        "currency": currency(state.game),
        "decision": data,
    }
