"""The ISMCTS bot: legal and reproducible in every game and variant, blind to other seats' secrets."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pytest

from hippodrome.bots import RandomBot, make_bot
from hippodrome.bots.ismcts import (
    Budget,
    ISMCTSBot,
    override_bar,
    random_policy,
    standings_returns,
)
from hippodrome.bots.ismcts import _Node as ismcts_node
from hippodrome.engine.bot import Bot, SearchHooks, SeatView
from hippodrome.engine.errors import OptionsError
from hippodrome.engine.game import Game, State
from hippodrome.engine.types import Player
from hippodrome.games import entry, load_game, playable_ids
from hippodrome.games.toques_et_casques.rules import ToquesState

DECISIONS = (0, 4, 15, 40)
"""The decision points of a random game where the bot is asked (besides any secret answers)."""


def _cases() -> list[Any]:
    params = []
    for game_id in playable_ids():
        for options in entry(game_id).conformance_options():
            label = "-".join(f"{k}={v}" for k, v in sorted(options.items()))
            params.append(pytest.param(game_id, options, id=f"{game_id}-{label}"))
    return params


def positions(game: Game[Any], seed: int) -> list[State]:
    """Positions of a random game where some seat has a choice: a few decision points, and the
    first positions where several seats answer at once."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State] = []
    decisions = 0
    simultaneous = 0
    bot = RandomBot()
    while not state.is_terminal() and decisions <= DECISIONS[-1]:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        active = list(state.active_players())
        if any(len(state.legal_actions(p)) > 1 for p in active):
            if decisions in DECISIONS or (len(active) > 1 and simultaneous < 2):
                found.append(state.clone())
                simultaneous += len(active) > 1
            decisions += 1
        for p in active:
            state.apply(bot.choose(SeatView(state, p), rng), p)
    return found


def tiny_bot() -> ISMCTSBot:
    return ISMCTSBot(Budget(iterations=4), rollout_depth=40)


@pytest.mark.parametrize(("game_id", "options"), _cases())
def test_ismcts_plays_a_legal_move_and_the_same_one_from_the_same_seed(
    game_id: str, options: dict[str, Any]
) -> None:
    game = load_game(game_id, **options)
    states = positions(game, seed=11)
    assert states, f"{game_id} {options}: no decision in a random game"
    for state in states:
        for player in state.active_players():
            legal = state.legal_actions(player)
            view = SeatView(state, player)
            first = tiny_bot().choose(view, random.Random(5))
            again = tiny_bot().choose(view, random.Random(5))
            assert first in legal, f"{game_id} {options}: {first} is not legal for seat {player}"
            assert first == again, f"{game_id} {options}: seed 5 chose {first}, then {again}"


def test_the_search_runs_the_iterations_asked() -> None:
    game = load_game("royal_turf", players=3)
    state = positions(game, seed=2)[0]
    bot = ISMCTSBot(Budget(iterations=25))
    bot.choose(SeatView(state, state.active_players()[0]), random.Random(1))
    assert bot.last_iterations == 25


def test_a_time_budget_stops_the_search() -> None:
    game = load_game("royal_turf", players=3)
    state = positions(game, seed=2)[0]
    bot = ISMCTSBot(Budget(seconds=0.02))
    bot.choose(SeatView(state, state.active_players()[0]), random.Random(1))
    assert bot.last_iterations >= 1


def hidden_positions(game_id: str, options: dict[str, Any]) -> list[tuple[State, int]]:
    """Positions of a random game where the seat to act cannot see everything."""
    game = load_game(game_id, **options)
    found = []
    for seed in range(6):
        for state in positions(game, seed):
            for player in state.active_players():
                if state.has_hidden_information() and len(state.legal_actions(player)) > 1:
                    found.append((state, player))
    return found


def plain_bot() -> ISMCTSBot:
    return ISMCTSBot(Budget(iterations=30))


def named_bot() -> Bot:
    """The bot as the command line and the server make it: the game's rollout policy and
    evaluation, its heuristic as the guide."""
    return make_bot("ismcts:20it", "royal_turf")


@pytest.mark.parametrize(("bot", "players"), [(plain_bot, 4), (named_bot, 3)])
def test_changing_what_the_seat_cannot_see_changes_none_of_its_moves(
    bot: Callable[[], Bot], players: int
) -> None:
    # Royal Turf with face-down tokens: another state consistent with everything the seat knows
    # (the other seats' tokens dealt anew) must give the very same moves from the same seeds, since
    # the search sees only determinizations drawn from the seat's knowledge.
    cases = hidden_positions("royal_turf", {"players": players, "hidden_bets": True})
    differing = 0
    for state, player in cases:
        other = state.resample_for(player, random.Random(99))
        if other.to_json() == state.to_json():
            continue
        differing += 1
        assert other.observation(player) == state.observation(player)
        for seed in range(2):
            a = bot().choose(SeatView(state, player), random.Random(seed))
            b = bot().choose(SeatView(other, player), random.Random(seed))
            assert a == b, f"seat {player} chose {a} in the real state but {b} in the other"
    assert differing >= 2, "too few positions with a secret to change"


def test_the_bot_is_made_by_name_with_its_budget() -> None:
    bot = make_bot("ismcts:2000it", "toques_et_casques")
    assert isinstance(bot, ISMCTSBot) and bot.budget == Budget(iterations=2000)
    bot = make_bot("ismcts:500ms", "toques_et_casques")
    assert isinstance(bot, ISMCTSBot) and bot.budget == Budget(seconds=0.5)
    bot = make_bot("ismcts", "royal_turf")
    assert isinstance(bot, ISMCTSBot) and bot.budget.seconds is not None


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:0it",
        "ismcts:-5ms",
        "ismcts:nanms",
        "ismcts:infs",
        "ismcts:1e400ms",
        "ismcts:1e300s",
        "ismcts:fast",
        "ismcts:10it:clever",
        "random:10it",
        "wise",
    ],
)
def test_a_bad_bot_spec_is_refused_naming_it(spec: str) -> None:
    with pytest.raises(OptionsError) as caught:
        make_bot(spec, "royal_turf")
    assert spec.rsplit(":", maxsplit=1)[-1] in str(caught.value) or spec in str(caught.value)


@pytest.mark.parametrize("seconds", [0.0, -1.0, math.nan, math.inf, 1e300, 86_401.0])
def test_a_time_budget_is_a_positive_time_up_to_a_day(seconds: float) -> None:
    """A deadline of NaN or infinity would never come, nor one of 1e300 s: the search would not
    stop."""
    with pytest.raises(OptionsError, match=r"(?i)bot budget"):
        Budget(seconds=seconds)


def test_a_cut_rollout_scores_the_leaders_as_sharing_the_win() -> None:
    assert standings_returns([5, 9, 9]) == (0.0, 0.5, 0.5)
    assert standings_returns([7, 2]) == (1.0, 0.0)


def test_with_one_iteration_the_guide_s_move_stands() -> None:
    game = load_game("toques_et_casques", players=3)
    for state in positions(game, seed=4):
        player = state.active_players()[0]
        legal = state.legal_actions(player)

        class Last:
            kind: ClassVar[str] = "last"
            slow: ClassVar[bool] = False

            def choose(self, view: SeatView, rng: random.Random) -> Any:
                return view.legal_actions()[-1]

        bot = ISMCTSBot(Budget(iterations=1), guide=Last())
        assert bot.choose(SeatView(state, player), random.Random(0)) == legal[-1]


def test_the_search_compares_only_the_moves_its_game_names_and_its_guide_s() -> None:
    """A ``candidates`` hook narrows the root to the moves it names, the guide's added; with one
    move left the bot plays it without searching."""
    game = load_game("royal_turf", players=2)
    named: list[Any] = []

    def first_two(state: State, player: Player, legal: Sequence[Any]) -> Sequence[Any]:
        del state, player
        return list(legal)[:2]

    class Last:
        kind: ClassVar[str] = "last"
        slow: ClassVar[bool] = False

        def choose(self, view: SeatView, rng: random.Random) -> Any:
            return view.legal_actions()[-1]

    checked = 0
    for state in positions(game, seed=5):
        player = state.active_players()[0]
        legal = list(state.legal_actions(player))
        if len(legal) < 4:
            continue
        view = SeatView(state, player)
        bot = ISMCTSBot(Budget(iterations=30), candidates=first_two, guide=Last())
        moves, default = bot._root_moves(view, legal, random.Random(0))
        assert moves == [(legal[0],), (legal[1],), (legal[-1],)] and default == 2
        assert bot.choose(view, random.Random(0)) in (legal[0], legal[1], legal[-1])
        only = ISMCTSBot(Budget(iterations=30), candidates=lambda *_: named, guide=Last())
        assert only.choose(view, random.Random(0)) == legal[-1] and only.last_iterations == 0
        checked += 1
    assert checked >= 2


def _move_start(seed: int, plans: int = 3, points: int = 1) -> State:
    """A Toques et Casques position where the horse to move has rolled at least ``points`` and may
    end its move in at least ``plans`` places."""
    game = load_game("toques_et_casques", players=2)
    state = game.new_initial_state()
    assert isinstance(state, ToquesState)
    rng = random.Random(seed)
    while True:
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        player = state.active_players()[0]
        if (
            len(state.plans(player)) >= plans
            and state.points >= points
            and len(state.legal_actions(player)) > 1
        ):
            return state
        state.apply(RandomBot().choose(SeatView(state, player), rng), player)


def _play_move(bot: ISMCTSBot, state: State, seed: int) -> list[tuple[Any, int]]:
    """The bot's steps through one whole move, each with the iterations it spent on it."""
    player = state.active_players()[0]
    steps = []
    while state.plans(player):
        action = bot.choose(SeatView(state, player), random.Random(seed))
        steps.append((action, bot.last_iterations))
        state.apply(action, player)
    return steps


class _Recording(ISMCTSBot):
    """The search, keeping the moves it compared and the one it chose."""

    def _root_moves(self, view: SeatView, legal: list[Any], rng: random.Random) -> Any:
        self.compared, default = super()._root_moves(view, legal, rng)
        return self.compared, default

    def _overriding(self, samples: list[list[float]], default: int) -> int:
        self.chosen = super()._overriding(samples, default)
        return self.chosen


@pytest.mark.parametrize("seed", [1, 3, 9, 12])
def test_where_the_game_offers_whole_moves_the_search_compares_them_and_lays_one_out(
    seed: int,
) -> None:
    """Toques et Casques splits a move into lengths and offers its ends (``plans``): the search
    thinks once, over the ends, and plays the chosen move's steps without thinking again."""
    state = _move_start(seed, plans=4, points=3)
    player = state.active_players()[0]
    ends = sorted(plan.end for plan in state.plans(player))
    made = make_bot("ismcts:40it", "toques_et_casques")
    assert isinstance(made, ISMCTSBot)
    bot = _Recording(made.budget)
    bot.__dict__.update(made.__dict__)
    steps = _play_move(bot, state, seed)
    compared = bot.compared
    assert len(compared) == len(ends), "one move compared for each end"
    assert steps[0][1] == 40, "the first step is thought"
    assert all(spent == 0 for _, spent in steps[1:]), f"later steps thought again: {steps}"
    assert [action for action, _ in steps] == list(compared[bot.chosen]), (
        "the move chosen, laid out"
    )


def test_a_move_laid_out_may_change_lanes() -> None:
    """A move that changes lane after its first length is laid out as chosen: the guide here heads
    for such a move's end, and with one iteration its move stands."""

    class ToEnd:
        kind: ClassVar[str] = "to_end"
        slow: ClassVar[bool] = False

        def __init__(self, end: int) -> None:
            self.end = end

        def choose(self, view: SeatView, rng: random.Random) -> Any:
            return next(plan for plan in view.plans() if plan.end == self.end).actions[0]

    checked = 0
    for seed in range(1, 40):
        state = _move_start(seed, plans=4, points=3)
        player = state.active_players()[0]
        target = next(
            (
                p
                for p in state.plans(player)
                if any(str(a).startswith("ecart") for a in p.actions[1:])
            ),
            None,
        )
        if target is None:
            continue
        bot = ISMCTSBot(Budget(iterations=1), guide=ToEnd(target.end))
        steps = _play_move(bot, state, seed)
        assert [action for action, _ in steps] == list(target.actions)
        assert [spent for _, spent in steps[1:]] == [0] * (len(steps) - 1)
        assert isinstance(state, ToquesState) and state.plans(player) == []
        checked += 1
    assert checked >= 3, f"only {checked} positions with a lane change after the first length"


def test_with_one_iteration_the_guide_s_whole_move_stands() -> None:
    class Last:
        kind: ClassVar[str] = "last"
        slow: ClassVar[bool] = False

        def choose(self, view: SeatView, rng: random.Random) -> Any:
            return view.legal_actions()[-1]

    for seed in (4, 5, 6):
        state = _move_start(seed, points=3)
        player = state.active_players()[0]
        guided = state.clone()
        expected = []
        while guided.plans(player):
            expected.append(guided.legal_actions(player)[-1])
            guided.apply(expected[-1], player)
        assert len(expected) >= 3
        steps = _play_move(ISMCTSBot(Budget(iterations=1), guide=Last()), state, seed)
        assert [action for action, _ in steps] == expected
        assert state.to_json() == guided.to_json()


def test_a_move_laid_out_is_dropped_when_the_position_is_not_the_one_it_leads_to() -> None:
    state = _move_start(7, points=3)
    player = state.active_players()[0]
    bot = make_bot("ismcts:30it", "toques_et_casques")
    assert isinstance(bot, ISMCTSBot)
    bot.choose(SeatView(state, player), random.Random(0))
    # Asked about the same position again (its first step not played): it thinks afresh.
    again = bot.choose(SeatView(state, player), random.Random(0))
    assert bot.last_iterations == 30 and again in state.legal_actions(player)
    # Another table's position: it thinks too.
    other = _move_start(8, points=3)
    bot.choose(SeatView(state, player), random.Random(0))
    bot.choose(SeatView(other, other.active_players()[0]), random.Random(0))
    assert bot.last_iterations == 30


def test_seats_answering_in_secret_with_the_bot_choose_without_its_move() -> None:
    """Where several seats answer at once (Win, Place & Show's secret bets), the others choose at
    the root from statistics that all the bot's moves share (decoupled), so the search never lets
    them see its secret choice; whichever seat the bot is, the others keep their order."""
    checked = 0
    for game_id in playable_ids():
        game = load_game(game_id, players=2 if game_id == "ascot" else 3)
        for state in positions(game, seed=11):
            active = list(state.active_players())
            if len(active) < 2:
                continue
            for me in active:
                node = ismcts_node()
                key, _ = tiny_bot()._select(node, state.clone(), random.Random(0), skip=me)
                assert [seat for seat, _ in key] == [p for p in active if p != me]
                assert all((me, action) not in node.stats for action in state.legal_actions(me))
                checked += 1
    assert checked, "no position where seats answer at once"


def _many_moves() -> State:
    """An Ascot position where one seat has many moves (an auction's amounts)."""
    game = load_game("ascot", players=2)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        active = list(state.active_players())
        if len(active) == 1 and len(state.legal_actions(active[0])) > 60:
            return state
        for p in active:
            state.apply(RandomBot().choose(SeatView(state, p), rng), p)
    raise AssertionError("no position with many moves")


def test_among_many_moves_new_ones_are_tried_only_as_the_visits_grow() -> None:
    """Progressive widening: where a seat has more than ``widen_above`` moves, a node tries a new
    one only while it has tried fewer than ``widen_c * (visits + 1) ** widen_alpha`` (about 20
    after 100 visits), at the root and in the tree; with few moves it tries every one first."""
    bot = ISMCTSBot(Budget(iterations=1))
    rng = random.Random(0)

    def tried_at_root(moves: int, visits_in_all: int) -> int:
        visits, rewards = [0] * moves, [0.0] * moves
        for total in range(visits_in_all):
            i = bot._root_choice(visits, rewards, total, None, rng)
            visits[i] += 1
            rewards[i] += rng.random()
        return sum(1 for n in visits if n)

    bound = bot.widen_c * (100 + 1) ** bot.widen_alpha
    assert bot.widen_c * 50**bot.widen_alpha <= tried_at_root(200, 100) <= bound
    assert tried_at_root(bot.widen_above, bot.widen_above) == bot.widen_above

    state = _many_moves()
    node = ismcts_node()
    for _ in range(100):
        key, _ = bot._select(node, state.clone(), rng)
        node.visits += 1
        for player, action in key:
            node.stats[(player, action)].visits += 1
            node.stats[(player, action)].reward += rng.random()
    tried = sum(1 for stat in node.stats.values() if stat.visits)
    assert bot.widen_c * 50**bot.widen_alpha <= tried <= bound
    assert len(node.stats) > 60  # every move was available, few were tried


def test_the_search_overrides_its_guide_only_on_paired_evidence() -> None:
    bot = ISMCTSBot(Budget(iterations=1), override_z=2.0)
    a, b = 0, 1  # the moves by their index; a is the guide's
    # The same samples for both moves: no evidence, the guide's move stands.
    assert bot._overriding([[1.0, 0.0, 1.0], [1.0, 0.0, 1.0]], a) == a
    # b wins every paired sample by a clear margin: it overrides.
    assert bot._overriding([[0.0, 0.2, 0.1, 0.0, 0.3], [1.0, 0.9, 1.0, 0.8, 1.0]], a) == b
    # Too few pairs to say anything.
    assert bot._overriding([[0.0, 0.0], [1.0, 1.0]], a) == a


def test_the_more_moves_are_tried_the_higher_the_bar_to_override() -> None:
    assert override_bar(1.0, 1) == pytest.approx(1.0)
    bars = [override_bar(1.0, k) for k in (1, 2, 10, 100, 1000)]
    assert bars == sorted(bars) and len(set(bars)) == len(bars)
    # A chance of a tenth for one move (1.28 standard errors) is a ten-thousandth for each of a
    # thousand: 3.72 standard errors.
    assert override_bar(1.2816, 1000) == pytest.approx(3.72, abs=0.01)
    # Far out in the tail: no rounding to certainty, and an infinite bar never overrides.
    assert 8.0 < override_bar(8.0, 300) < 9.0
    assert override_bar(math.inf, 5) == math.inf


def test_one_lucky_bid_among_many_does_not_override_the_guide() -> None:
    """Three paired samples won 0, 1 and 1 more: evidence enough against one other move, luck when
    two hundred bids were tried, even if only that one was sampled three times (the search samples
    most the moves whose first samples went well; an Ascot auction: it once bid 70,000 on such a
    sample)."""
    bot = ISMCTSBot(Budget(iterations=1))
    guide, lucky = 0, 1  # the moves by their index
    guide_rewards = [0.0, 0.0, 0.0]
    lucky_rewards = [0.0, 1.0, 1.0]
    assert bot._overriding([guide_rewards, lucky_rewards], guide) == lucky
    crowd = [guide_rewards, lucky_rewards, *([0.0] for _ in range(200))]  # 200 bids tried once
    assert bot._overriding(crowd, guide) == guide


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_game_s_search_hooks_play_legal_moves_and_score_as_returns(game_id: str) -> None:
    hooks = entry(game_id).search_hooks()
    assert isinstance(hooks, SearchHooks)
    for options in entry(game_id).conformance_options():
        game = load_game(game_id, **options)
        state = game.new_initial_state()
        rng = random.Random(3)
        scored = 0
        for _ in range(game_info_length(game_id)):
            if state.is_terminal():
                break
            if hooks.evaluate is not None:
                value = hooks.evaluate(state)
                if value is not None:
                    scored += 1
                    assert len(value) == game.num_players
                    assert all(0.0 <= v <= 1.0 for v in value)
                    assert abs(sum(value) - 1.0) < 1e-9
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                policy = hooks.rollout or random_policy
                action = policy(state, player, rng)
                legal = state.legal_actions(player)
                assert action in legal, f"{game_id}: {action} is illegal"
                if hooks.candidates is not None:
                    named = hooks.candidates(state, player, legal)
                    assert named and set(named) <= set(legal), f"{game_id}: {named}"
                state.apply(action, player)
        assert state.is_terminal(), f"{game_id} {options}: the rollout policy does not finish"
        if hooks.evaluate is not None:
            assert scored, f"{game_id} {options}: the evaluation scored no position of a game"


def game_info_length(game_id: str) -> int:
    traits = entry(game_id).traits
    assert traits is not None
    return traits.max_length


def test_the_bot_by_name_uses_its_game_s_hooks_and_heuristic() -> None:
    bot = make_bot("ismcts:10it", "royal_turf")
    assert isinstance(bot, ISMCTSBot)
    hooks = entry("royal_turf").search_hooks()
    assert hooks.rollout is not None and bot.rollout is hooks.rollout
    assert bot.evaluate is hooks.evaluate
    assert isinstance(bot.guide, entry("royal_turf").heuristic_class())
    plain = make_bot("ismcts:10it:random", "royal_turf")
    assert isinstance(plain, ISMCTSBot) and plain.rollout is random_policy


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_bot_by_name_plays_the_same_move_from_the_same_seed(game_id: str) -> None:
    game = load_game(game_id)
    for state in positions(game, seed=8)[:2]:
        for player in state.active_players():
            view = SeatView(state, player)
            first = make_bot("ismcts:6it", game_id).choose(view, random.Random(2))
            again = make_bot("ismcts:6it", game_id).choose(view, random.Random(2))
            assert first in state.legal_actions(player) and first == again
