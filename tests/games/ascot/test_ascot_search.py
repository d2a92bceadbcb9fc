"""Ascot's search hooks (``search.py``): the rollout policy plays legal moves in every phase and
finishes games, the evaluation of the race's start counts the money as the rules pay it, and the
search with them plays the same move from the same seed."""

from __future__ import annotations

import random

import pytest
from tests.games.ascot.scenarios import act, betting
from tests.games.hooks import play_checked
from tests.games.playouts import searched_twice

from hippodrome.bots import make_bot
from hippodrome.bots.base import bot_label
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.bot import SeatView
from hippodrome.engine.lanetrack import NO_CELL
from hippodrome.games import entry, load_game
from hippodrome.games.ascot import search
from hippodrome.games.ascot.actions import ACCEPT, DONE, Wager
from hippodrome.games.ascot.rules import FORWARD, AscotState, Phase
from hippodrome.games.ascot.search import HOOKS, evaluate, rollout

OPTIONS = ({"players": 2}, {"players": 3, "place_bets": True}, {"players": 6})


def test_the_manifest_lends_the_policy_to_the_search_proven_by_its_benchmark() -> None:
    hooks = entry("ascot").search_hooks()
    assert hooks is HOOKS and hooks.rollout is rollout and hooks.evaluate is evaluate
    assert hooks.proven  # docs/analysis/bots.md: 400 games at 200 ms a move
    assert bot_label("ismcts", "ascot") == "web.bot.ismcts_hard"
    bot = make_bot("ismcts:5it", "ascot")
    assert isinstance(bot, ISMCTSBot) and bot.rollout is rollout
    assert bot.candidates is search.candidates


def test_in_an_auction_the_search_compares_passing_the_least_raise_and_its_guide_s_bid() -> None:
    """The auction is open: a bid above the least raise only pays more for the same lot, so the
    search spends its budget on whether to go on, not on which of hundreds of amounts."""
    checked = 0
    for seed in range(3):
        state = load_game("ascot", players=2).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and checked < 4 * (seed + 1):
            assert isinstance(state, AscotState)
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                legal = list(state.legal_actions(player))
                if state.phase is Phase.AUCTION and len(legal) > 3:
                    assert state.auction is not None
                    least = Bid(state.auction.minimum())
                    view = SeatView(state, player)
                    bot = make_bot("ismcts:8it", "ascot")
                    assert isinstance(bot, ISMCTSBot)
                    moves, default = bot._root_moves(view, legal, random.Random(seed))
                    guide = entry("ascot").heuristic_class()().choose(view, random.Random(seed))
                    assert {m[0] for m in moves} == {PASS, least, guide}
                    assert default is not None and moves[default] == (guide,)
                    assert bot.choose(view, random.Random(seed)) in (PASS, least, guide)
                    checked += 1
                state.apply(rollout(state, player, rng), player)
    assert checked >= 6


def test_the_policy_plays_a_legal_move_on_random_positions_of_every_phase() -> None:
    """Random games end in the market (random owners enter no runners), so the positions come from
    games where each move is random or the policy's, at random: they reach the race too."""
    phases: set[Phase] = set()
    checked = 0
    for seed, options in enumerate(OPTIONS):
        for start in range(3):
            state = load_game("ascot", **options).new_initial_state()
            rng = random.Random(10 * seed + start)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                assert isinstance(state, AscotState)
                phases.add(state.phase)
                for player in list(state.active_players()):
                    legal = state.legal_actions(player)
                    action = rollout(state, player, rng)
                    assert action in legal, (state.phase, action)
                    checked += 1
                    state.apply(action if rng.random() < 0.7 else rng.choice(legal), player)
    assert checked > 300
    assert {Phase.AUCTION, Phase.TRAINING, Phase.RUNNERS, Phase.BETTING, Phase.MOVE} <= phases


def test_the_policy_plays_whole_games_as_the_heuristic_does() -> None:
    for seed, options in enumerate(OPTIONS):
        game = load_game("ascot", **options)
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                action = rollout(state, player, rng)
                guide = entry("ascot").heuristic_class()()
                assert isinstance(state, AscotState)
                if state.phase is not Phase.PLACES:
                    assert action == guide.choose(SeatView(state, player), rng), state.phase
                state.apply(action, player)
        assert len(state.returns()) == game.num_players


def test_the_search_with_the_policy_plays_the_same_move_from_the_same_seed() -> None:
    game = load_game("ascot", players=3)
    assert searched_twice(game, "ascot", "ismcts:6it", every=25, count=3) >= 3


def _at_the_start(options: dict[str, object], seed: int) -> AscotState:
    """A game played by the policy up to the race's start (« Départ »)."""
    state = load_game("ascot", **options).new_initial_state()
    rng = random.Random(seed)
    while not (isinstance(state, AscotState) and state.phase is Phase.RACE):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        for player in list(state.active_players()):
            state.apply(rollout(state, player, rng), player)
    assert isinstance(state, AscotState)
    return state


def test_the_evaluation_scores_the_start_and_each_throw_of_the_race_as_shares_of_the_win() -> None:
    """Shares of the win at the race's start and wherever the die is about to be thrown for a
    horse, nowhere else; and nowhere while private place bets wait for the race (D40)."""
    for seed, options in enumerate(OPTIONS):
        game = load_game("ascot", **options)
        _, scored = play_checked(game, HOOKS, seed, wander=0.0)  # shares: each >= 0, summing to 1
        assert scored > 10, options
        state = game.new_initial_state()
        rng = random.Random(seed)
        throws = 0
        while not state.is_terminal():
            assert isinstance(state, AscotState)
            scoring = state.phase in (Phase.RACE, Phase.ROLL) and not state.places.slips
            assert (evaluate(state) is not None) == scoring, state.phase
            throws += state.phase is Phase.ROLL and scoring
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            for player in list(state.active_players()):
                state.apply(rollout(state, player, rng), player)
        assert throws > 10, options


@pytest.mark.parametrize("seed", range(4))
def test_a_race_the_strongest_surely_win_is_scored_as_the_rules_pay_it(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a weight so steep that the runners finish in the order of their strengths, the
    evaluation's chances are the returns of the game the rules end with that order: the
    totalisator, the Banker's cut and the prizes counted as the rules count them."""
    state = _at_the_start({"players": 3}, seed)
    runners = sorted(h for seat in state.runners for h in seat)
    rank = {h: len(runners) - i for i, h in enumerate(runners)}  # the lowest number is strongest
    monkeypatch.setattr(search, "horse_strength", rank.__getitem__)
    monkeypatch.setattr(search, "RACE_STRENGTH", 60.0)
    chances = evaluate(state)
    assert chances is not None
    finished = state.clone()
    assert isinstance(finished, AscotState)
    finished.placed = runners[:3]
    finished._finish_race()
    assert chances == pytest.approx(finished.returns(), abs=1e-9)


def test_more_money_before_the_race_is_never_a_worse_chance() -> None:
    """The prizes come in steps of a quarter of the Bank, so a little more money may change no
    order's richest; never for the worse, and a prize's worth more always for the better."""
    for seed in range(4):
        state = _at_the_start({"players": 2}, seed)
        chances = evaluate(state)
        assert chances is not None and 0.0 < chances[1] < 1.0, chances
        last = chances[1]
        for more in (20_000, 40_000, 200_000):
            richer = state.clone()
            assert isinstance(richer, AscotState)
            richer.money_[1] += more
            better = evaluate(richer)
            assert better is not None and better[1] >= last
            last = better[1]
        assert last > chances[1]


def test_private_place_bets_waiting_for_the_race_leave_the_rollout_to_play_on() -> None:
    for wagered in (False, True):
        state = betting(place_bets=True)
        while state.phase is Phase.BETTING:
            act(state, PASS)
        if wagered:
            state.apply(Wager(4, 10_000, "3/2"), 1)
            state.apply(ACCEPT, 0)
        while state.phase is Phase.PLACES:
            act(state, DONE)
        assert state.phase is Phase.RACE
        assert (evaluate(state) is None) == wagered


def _in_the_race(options: dict[str, object], seed: int, placed: int) -> AscotState:
    """A game played by the policy until the die is about to be thrown with ``placed`` horses or
    more past the post and every horse still racing a different distance from it."""
    state = load_game("ascot", **options).new_initial_state()
    rng = random.Random(seed)
    while True:
        assert not state.is_terminal(), (options, seed)
        assert isinstance(state, AscotState)
        if state.phase is Phase.ROLL and len(state.placed) >= placed:
            racing = [h for seat in state.runners for h in seat if state.racing(h)]
            left = [search._lengths_left(state.at[h]) for h in racing]
            if len(set(left)) == len(left):
                return state
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        for player in list(state.active_players()):
            state.apply(rollout(state, player, rng), player)


@pytest.mark.parametrize(("seed", "placed"), [(0, 0), (1, 1), (3, 2), (4, 1)])
def test_a_race_run_as_it_stands_is_scored_as_the_rules_pay_it(
    seed: int, placed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a weight so steep that the horses still racing finish in the order they stand, the
    evaluation's chances in the race are the returns of the game the rules end with those past the
    post first, then that order: the totalisator on the winner, the cut and the prizes."""
    state = _in_the_race({"players": 2}, seed, placed)
    racing = [h for seat in state.runners for h in seat if state.racing(h)]
    monkeypatch.setattr(search, "RUNNING", (0.0, 1_000.0, 0.0, 0.0))
    chances = evaluate(state)
    assert chances is not None
    finished = state.clone()
    assert isinstance(finished, AscotState)
    standing = sorted(racing, key=lambda h: search._lengths_left(state.at[h]))
    finished.placed = [*state.placed, *standing][:3]
    finished._finish_race()
    assert chances == pytest.approx(finished.returns(), abs=1e-9)


def test_a_horse_further_on_is_never_a_worse_chance_for_its_owner() -> None:
    moved = 0
    for seed in range(6):
        state = _in_the_race({"players": 2}, seed, 0)
        before = evaluate(state)
        assert before is not None
        for seat, horses in enumerate(state.runners):
            for horse in horses:
                cell = state.at[horse]
                ahead = FORWARD[cell] if cell >= 0 else NO_CELL
                if ahead == NO_CELL or ahead in state.at:
                    continue
                further = state.clone()
                assert isinstance(further, AscotState)
                further.at[horse] = ahead
                after = evaluate(further)
                assert after is not None and after[seat] >= before[seat] - 1e-12
                moved += after[seat] > before[seat]
    assert moved > 5
