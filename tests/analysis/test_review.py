"""The game review (``hippodrome.analysis.review``, issue 36): each decision judged from the seat's
information, labels only where the simulations tell the moves apart, and the review's own honesty:
a known blunder is the one labelled, the move the search prefers is not, and a random player loses
more a decision than the heuristic bot."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hippodrome.analysis.review import (
    FORMAT,
    ReviewBudget,
    decisions,
    judge_task,
    review_game,
    review_position,
    review_tasks,
    summarise,
)
from hippodrome.bots.base import make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.errors import RecordError
from hippodrome.engine.game import State
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game, playable_ids

SMALL = ReviewBudget(rounds=8, moves=4)
"""Enough rounds to label (the guide's ``SEPARATING`` is 6), few enough for a lean test."""


def _record(game_id: str, kinds: list[str], seed: int, **options: Any) -> GameRecord:
    game = load_game(game_id, **options)
    final = play_match(game, [make_bot(kind, game_id) for kind in kinds], seed=seed)
    return GameRecord.from_state(final, [Seat(f"{kind}-{i}", kind) for i, kind in enumerate(kinds)])


@pytest.fixture(scope="module")
def royal_turf_game() -> GameRecord:
    return _record("royal_turf", ["random", "heuristic", "heuristic"], seed=3, players=3)


@pytest.fixture(scope="module")
def reviewed(royal_turf_game: GameRecord) -> dict[str, Any]:
    return review_game(royal_turf_game, seats=[0], budget=SMALL, seed=1)


def _hopeless_horse() -> State:
    """Royal Turf, the bets of the first race (§2), in a crafted position: six horses a few
    squares from the line, Othello 40 squares from it. Othello cannot win: it will be last (§4: the
    last horse's penalty, 100 a unit bet on it) and pays nothing."""
    game = load_game("royal_turf", players=3)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    document = state.to_json()
    horses = document["position"]["horses"]
    for i, horse in enumerate(("earl_grey", "albino", "sahara", "caramello", "rubino", "moka")):
        horses[horse]["to_go"] = 8 + i
    horses["othello"]["to_go"] = 40
    document["history"] = []
    return game.state_from_json(document)


def test_betting_on_the_horse_that_cannot_win_is_the_blunder_labelled() -> None:
    state = _hopeless_horse()
    blunder = (state.game.parse_action("bet 2 othello"),)
    decision = review_position(state, 0, budget=SMALL, played=blunder)["decision"]
    assert decision["played"]["actions"] == ["bet 2 othello"]
    assert not decision["best_is_played"]
    assert decision["label"] in ("mistake", "blunder"), decision["explanation"]["text"]["en"]
    assert decision["loss"]["win"]["interval"][0] > 0, "a label only where the interval separates"
    assert decision["loss"]["money"]["mean"] > 0
    assert "othello" not in decision["best"]["action"]
    assert "Othello" in decision["explanation"]["text"]["en"]
    assert "Othello" in decision["explanation"]["text"]["fr"]
    assert "bet 2" not in decision["explanation"]["text"]["en"], "no notation in the words"


def test_the_move_the_search_prefers_is_not_labelled_on_fresh_simulations() -> None:
    """The best move one review finds, played and reviewed again on other simulations (another
    seed), is never called a mistake: a label needs the interval clear of zero, raised for the
    number of moves the best was picked among."""
    state = _hopeless_horse()
    first = review_position(state, 0, budget=SMALL, seed=1)["decision"]
    preferred = tuple(state.game.parse_action(a) for a in first["best"]["actions"])
    for seed in (2, 3, 4):
        again = review_position(state, 0, budget=SMALL, played=preferred, seed=seed)["decision"]
        assert again["label"] in (None, "inaccuracy"), again["explanation"]["text"]["en"]


def test_a_decision_where_the_best_was_played_has_no_loss_and_no_label(
    reviewed: dict[str, Any],
) -> None:
    best_played = [d for d in reviewed["decisions"] if d["best_is_played"]]
    assert best_played, "the random seat happened on the best move somewhere"
    for d in best_played:
        assert d["label"] is None
        assert d["loss"]["money"]["mean"] == 0 and d["loss"]["win"]["mean"] == 0


def test_every_label_rests_on_a_separating_interval(reviewed: dict[str, Any]) -> None:
    for d in reviewed["decisions"]:
        if d["label"] is not None:
            assert d["loss"]["win"]["interval"][0] > 0, d
            assert d["played"]["actions"] != d["best"]["actions"]


def test_the_review_s_shape(royal_turf_game: GameRecord, reviewed: dict[str, Any]) -> None:
    data = json.loads(json.dumps(reviewed))  # JSON all the way down
    assert data["format"] == FORMAT and data["game"] == "royal_turf"
    assert data["rules_version"] == load_game("royal_turf").rules_version
    assert data["currency"] == "money" and data["seats"] == [0] and data["complete"]
    assert data["budget"] == {"rounds": 8, "moves": 4}
    assert data["decisions_judged"] == data["decisions_total"] == len(data["decisions"]) > 20
    for d in data["decisions"]:
        player, notation = royal_turf_game.moves[d["index"]]
        assert player == d["seat"] == 0, "the index is the move the seat made there"
        assert d["played"]["action"] == notation
        assert set(d["played"]["text"]) == {"en", "fr"}
        assert d["best"]["money"]["n"] == d["played"]["win"]["n"] == 8
        assert len(d["loss"]["money"]["interval"]) == 2
        assert d["explanation"]["text"]["en"] and d["explanation"]["text"]["fr"]
        assert d["alternatives"][0]["actions"] == d["best"]["actions"]
    seat = data["by_seat"]["0"]
    assert len(seat["standing"]) == len(data["decisions"])
    assert seat["luck"] + seat["play"] == pytest.approx(seat["result"] - seat["table_mean"])
    assert "your decisions" in seat["explanation"]["text"]["en"]
    assert "vos décisions" in seat["explanation"]["text"]["fr"]


def test_the_same_seed_gives_the_same_review(royal_turf_game: GameRecord) -> None:
    budget = ReviewBudget(rounds=2, moves=2)
    once = review_game(royal_turf_game, seats=[1], budget=budget, seed=4)
    again = review_game(royal_turf_game, seats=[1], budget=budget, seed=4)
    assert once["decisions"] == again["decisions"]


def test_forced_decisions_and_other_seats_are_skipped(royal_turf_game: GameRecord) -> None:
    game = load_game("royal_turf", players=3)
    found, standings, forced = decisions(royal_turf_game, game, [2])
    assert found and forced >= 0
    assert {seat for _, _, seat, _ in found} == {2}
    assert all(len(state.legal_actions(2)) > 1 for _, state, _, _ in found)
    every, _, every_forced = decisions(royal_turf_game, game)
    moves = sum(1 for p, _ in royal_turf_game.moves if p != CHANCE)
    assert len(every) + every_forced == moves
    assert len(standings) < len(royal_turf_game.moves)


def test_a_whole_move_of_several_steps_is_one_decision() -> None:
    """Toques et Casques splits a roll's move into lengths (``State.plans``): the review compares
    whole moves, once per move."""
    record = _record("toques_et_casques", ["heuristic", "heuristic"], seed=2, players=2)
    game = load_game("toques_et_casques", players=2)
    found, _, _ = decisions(record, game, [0])
    steps = sum(1 for p, _ in record.moves if p == 0)
    assert 0 < len(found) < steps
    assert any(len(run) > 1 for _, _, _, run in found)


def test_a_running_game_is_not_reviewed(royal_turf_game: GameRecord) -> None:
    cut = GameRecord.from_json(
        royal_turf_game.to_json()
        | {"result": None, "moves": [list(m) for m in royal_turf_game.moves[:40]]}
    )
    with pytest.raises(RecordError, match="not over"):
        review_game(cut, budget=SMALL)


def test_stopping_keeps_what_is_done(royal_turf_game: GameRecord) -> None:
    def stop(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    data = review_game(royal_turf_game, seats=[0], budget=ReviewBudget(2, 2), progress=stop)
    assert not data["complete"]
    assert data["decisions_judged"] == 3 < data["decisions_total"]


def test_a_random_player_loses_more_a_decision_than_the_heuristic() -> None:
    """Over a handful of games (docs/analysis/review.md has the figures over many, with their
    intervals): the seat played at random gives away more money a decision, by the review's
    held-out loss, than the same seat played by the heuristic bot."""
    losses: dict[str, list[float]] = {"random": [], "heuristic": []}
    for seed in (11, 12):
        for kind in losses:
            record = _record("royal_turf", [kind, "heuristic", "heuristic"], seed, players=3)
            data = review_game(record, seats=[0], budget=SMALL, seed=seed)
            losses[kind] += [d["loss_held_out"]["money"] for d in data["decisions"]]
    mean = {kind: sum(v) / len(v) for kind, v in losses.items()}
    assert mean["random"] > mean["heuristic"], mean


def test_worker_processes_and_the_caller_s_own_pool_give_the_same_review(
    royal_turf_game: GameRecord,
) -> None:
    """Decisions judged in two worker processes, or task by task as a server's pool would
    (``review_tasks``, ``judge_task``, ``summarise``), come out as in one process."""
    budget = ReviewBudget(rounds=2, moves=2)
    alone = review_game(royal_turf_game, seats=[1], budget=budget, seed=4)
    pooled = review_game(royal_turf_game, seats=[1], budget=budget, seed=4, workers=2)
    plan = review_tasks(royal_turf_game, seats=[1], budget=budget, seed=4)
    by_hand = summarise(royal_turf_game, plan, [judge_task(t) for t in reversed(plan.tasks)])
    assert pooled["decisions"] == alone["decisions"] == by_hand["decisions"]
    assert by_hand["by_seat"] == alone["by_seat"]


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_game_s_decisions_are_judged(game_id: str) -> None:
    """A few decisions of every game, spread over a game of heuristic bots, each judged with a
    tiny budget: the moves in words in both languages, the values in the game's currency."""
    game = load_game(game_id)
    record = _record(game_id, ["heuristic"] * game.num_players, seed=5)
    found, _, _ = decisions(record, game)
    assert found
    for index, state, seat, played in found[:: max(1, len(found) // 3)][:3]:
        decision = review_position(
            state, seat, budget=ReviewBudget(2, 3), played=played, index=index
        )["decision"]
        assert decision["played"]["actions"] == [str(a) for a in played]
        assert decision["index"] == index
        for move in decision["alternatives"]:
            assert move["text"]["en"] and move["text"]["fr"]
        assert decision["explanation"]["text"]["fr"]
