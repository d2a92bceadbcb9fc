"""Odds and advice (``hippodrome.analysis.odds``): every registered game, from the seat's view only."""

from __future__ import annotations

import json
import random

import pytest
from tests import suite

from hippodrome.analysis import odds as odds_module
from hippodrome.analysis.odds import (
    MIN_SIMULATIONS,
    Budget,
    OddsReport,
    engine_odds,
    odds,
    seat_options,
)
from hippodrome.engine.game import State
from hippodrome.games import load_game, playable_ids
from hippodrome.games.royal_turf.actions import Move
from hippodrome.games.royal_turf.rules import Phase, RoyalTurfState


def _decision(game_id: str, seed: int, most: int = 6, **options: object) -> State:
    """A position of a random game where the seat to act has 2 to ``most`` choices."""
    game = load_game(game_id, **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(5000):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
            continue
        active = list(state.active_players())
        if 2 <= len(state.legal_actions(active[0])) <= most and rng.random() < 0.3:
            return state
        for player in active:
            state.apply_unchecked(rng.choice(state.legal_actions(player)), player)
    raise AssertionError(f"{game_id}: no position with 2 to {most} choices")


def _check_report(report: OddsReport, state: State, seat: int) -> None:
    data = json.loads(json.dumps(report.to_json()))  # JSON-ready
    legal = {str(a) for a in state.legal_actions(seat)}
    assert {c["action"] for c in data["choices"]} == legal
    for chances in data["horses"].values():
        for rate in chances.values():
            low, high = rate["interval"]
            assert 0.0 <= low <= rate["p"] <= high <= 1.0
    for choice in data["choices"]:
        assert set(choice["label"]) == {"en", "fr"}
        if choice["money"]["n"] < MIN_SIMULATIONS:
            assert choice["money"]["mean"] is None and choice["money"]["interval"] is None
            continue
        low, high = choice["money"]["interval"]
        assert low <= choice["money"]["mean"] <= high


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_game_gets_odds_through_the_engine(game_id: str) -> None:
    state = _decision(game_id, seed=4)
    seat = state.active_players()[0]
    choices = seat_options(state, seat)
    report = engine_odds(state, seat, Budget(simulations=1), seed=1)
    assert report.method == "engine" and report.horizon == "game"
    assert report.simulations == len(choices) + 1, "one game for each option and one as it stands"
    assert report.race_simulations == 1
    _check_report(report, state, seat)
    assert report.standing is not None and report.standing["win"]["n"] == 1
    # Issue 37, point 8: one simulation gives no figure, never a value with an interval of zero
    # width; the horses' chances on one race are not shown either.
    assert report.standing["win"]["p"] is None and report.standing["money"]["mean"] is None
    assert all(c.money["mean"] is None and c.money["n"] == 1 for c in report.choices)
    assert report.horses == {}


def test_the_same_seed_gives_the_same_odds() -> None:
    state = _decision("toques_et_casques", seed=2)
    seat = state.active_players()[0]
    one = engine_odds(state, seat, Budget(simulations=2), seed=5).to_json()
    two = engine_odds(state, seat, Budget(simulations=2), seed=5).to_json()
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def _hidden_bets_race() -> tuple[RoyalTurfState, int, int]:
    """A Royal Turf race with face-down tokens, seat 1 to move; and two of seat 0's bets with
    different tokens, one on a horse seat 1 backs too (so swapping them changes a secret of seat
    0 that seat 1's payout would depend on, were it read)."""
    game = load_game("royal_turf", players=3, hidden_bets=True)
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, RoyalTurfState)
        while not (state.phase is Phase.RACING and not state.is_chance_node() and state.turn == 1):
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
            else:
                state.apply_unchecked(rng.choice(state.legal_actions()))
        backed = {h for p, h, _ in state.bets if p == 1}
        mine = [i for i, (p, _, _) in enumerate(state.bets) if p == 0]
        for i in mine:
            for j in mine:
                if state.bets[i][2] != state.bets[j][2] and state.bets[i][1] in backed:
                    return state, i, j
    raise AssertionError("no such race met")


def _swapped(state: RoyalTurfState, i: int, j: int) -> RoyalTurfState:
    other = state.clone()
    (p, h, t), (q, g, u) = other.bets[i], other.bets[j]
    other.bets[i], other.bets[j] = (p, h, u), (q, g, t)
    return other


@pytest.mark.parametrize("engine_only", [False, True])
def test_odds_never_read_another_seats_secret(engine_only: bool) -> None:
    """Seat 1's odds are the same whichever of seat 0's face-down tokens lies on which horse."""
    if not engine_only:
        suite.requires("numpy", "research")  # the vectorised races (the game's simulator piece)
    state, i, j = _hidden_bets_race()
    budget = Budget(simulations=2 if engine_only else 20_000)
    one = odds(state, 1, budget, seed=3, engine_only=engine_only).to_json()
    two = odds(_swapped(state, i, j), 1, budget, seed=3, engine_only=engine_only).to_json()
    one.pop("seconds"), two.pop("seconds")
    assert one == two
    assert one["method"] == ("engine" if engine_only else "vectorised")


def test_royal_turf_uses_the_vectorised_races_and_values_every_choice() -> None:
    suite.requires("numpy", "research")  # the vectorised races (the game's simulator piece)
    state, _, _ = _hidden_bets_race()
    report = odds(state, 1, Budget(simulations=50_000), seed=1)
    assert report.method == "vectorised" and report.horizon == "race"
    assert report.race_simulations == 50_000
    _check_report(report, state, 1)
    for horse in report.horses.values():
        assert {"1", "2", "3", "pace", "last"} <= set(horse)
    total = {place: sum(h[place]["p"] for h in report.horses.values()) for place in "123"}
    assert total == pytest.approx({"1": 1.0, "2": 1.0, "3": 1.0})


def test_a_move_that_ends_the_race_is_worth_what_the_engine_pays() -> None:
    """A move that sends the third horse across settles the race (§4): its value is certain, and
    is the seat's money change when the engine settles it."""
    suite.requires("numpy", "research")  # the vectorised races (the game's simulator piece)
    game = load_game("royal_turf", players=3)
    rng = random.Random(11)
    for _ in range(200):
        state = game.new_initial_state()
        assert isinstance(state, RoyalTurfState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if state.phase is Phase.RACING and len(state.podium) == 2:
                ending = [
                    m
                    for m in state.legal_actions()
                    if isinstance(m, Move) and state.landing(m.horse) == 0
                ]
                if ending:
                    seat = state.turn
                    report = odds(state, seat, Budget(simulations=1000), seed=0)
                    after = state.clone()
                    after.apply(ending[0], seat)
                    value = next(c for c in report.choices if c.action == ending[0]).money
                    assert value["n"] == 1
                    assert value["mean"] == after.money_[seat] - state.money_[seat]
                    return
            state.apply_unchecked(rng.choice(state.legal_actions()))
    raise AssertionError("no race-ending move met")


@pytest.mark.parametrize(
    "budget",
    [
        {"simulations": 0},
        {"simulations": -3},
        {"seconds": 0.0},
        {"seconds": -1.0},
        {"seconds": float("nan")},
        {"seconds": float("inf")},
        {"seconds": 1e300},
        {},
    ],
)
def test_a_budget_is_one_positive_number(budget: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=r"budget|simulations or seconds"):
        Budget(**budget)  # type: ignore[arg-type]


def test_a_strict_time_budget_stops_even_before_every_choice_is_simulated() -> None:
    """The server's practice tables must not hold the bot workers: past the time, choices not yet
    simulated are reported with no figure rather than simulated anyway."""
    state = _decision("toques_et_casques", seed=2)
    seat = state.active_players()[0]
    report = engine_odds(state, seat, Budget(seconds=1e-9, strict=True), seed=1).to_json()
    assert report["simulations"] == 1
    assert all(c["money"]["n"] == 0 and c["money"]["mean"] is None for c in report["choices"])
    assert all(c["win"]["p"] is None for c in report["choices"])


def _last_race_decision() -> State:
    """A Royal Turf racing move late in the last race: the games played out from it are short."""
    game = load_game("royal_turf", players=2)
    rng = random.Random(7)
    state = game.new_initial_state()
    assert isinstance(state, RoyalTurfState)
    while (
        not (state.race == 3 and state.phase is Phase.RACING and len(state.podium) == 2)
        or state.is_chance_node()
        or len(state.legal_actions()) < 2
    ):
        if state.is_terminal():
            state = game.new_initial_state()
            assert isinstance(state, RoyalTurfState)
        elif state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def test_a_time_budget_runs_on_until_every_estimate_has_enough_simulations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 37, point 8: with many choices the time would give each one simulation; the run goes
    on past it until each has ``MIN_SIMULATIONS``, and every figure has an interval of width."""
    monkeypatch.setattr(odds_module, "OVERTIME", 1e9)
    state = _last_race_decision()
    seat = state.active_players()[0]
    report = engine_odds(state, seat, Budget(seconds=1e-6), seed=2).to_json()
    assert report["simulations"] >= MIN_SIMULATIONS * (len(report["choices"]) + 1)
    for choice in report["choices"]:
        assert choice["money"]["n"] >= MIN_SIMULATIONS
        low, high = choice["win"]["interval"]
        assert high - low > 0


def test_past_its_overtime_a_short_estimate_is_reported_without_figures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(odds_module, "OVERTIME", 1.0)
    state = _decision("royal_turf", seed=3, most=4)
    seat = state.active_players()[0]
    report = engine_odds(state, seat, Budget(seconds=1e-9), seed=1).to_json()
    assert report["simulations"] == 1, "the time was up after the first game"
    assert all(c["money"]["mean"] is None and c["win"]["p"] is None for c in report["choices"])
