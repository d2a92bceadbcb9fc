"""Royal Steeple Chase's search hooks (``games/royal_steeple_chase/search.py``): the rollout policy
plays a legal move in every phase of every way to play, the evaluation gives each seat a share of
the win or waits, neither reads another seat's hand, and the search that uses them plays the same
move from the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hippodrome.bots import make_bot
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.game import State
from hippodrome.engine.types import Player
from hippodrome.games import entry, load_game
from hippodrome.games.royal_steeple_chase.rules import Phase, SteepleState
from hippodrome.games.royal_steeple_chase.search import HOOKS, evaluate, rollout
from tests.games.hooks import play_checked

OPTIONS = [*entry("royal_steeple_chase").conformance_options(), {"players": 2}]
"""Every way to play the conformance suite plays, and the two-player ordinary game (the
benchmark's)."""


def _play(options: dict[str, Any], seed: int) -> tuple[set[Phase], int, list[SteepleState]]:
    """A game of the policy's moves and a few random ones, each checked (``play_checked``); with
    a few positions where a seat had a choice."""
    kept: list[SteepleState] = []
    pick = random.Random(seed)

    def keep(state: State, player: Player, legal: list[Action]) -> None:
        if len(legal) > 1 and len(kept) < 40 and pick.random() < 0.2:
            assert isinstance(state, SteepleState)
            kept.append(state.clone())

    game = load_game("royal_steeple_chase", **options)
    phases, scored = play_checked(game, HOOKS, seed, wander=0.1, visit=keep)
    return phases, scored, kept


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items())
)
def test_the_policy_plays_legal_moves_and_the_evaluation_scores_as_returns(
    options: dict[str, Any],
) -> None:
    phases, scored, _ = _play(options, seed=1)
    if options["players"] > 1:
        assert Phase.RACE in phases and Phase.HALVES in phases, phases
    if options.get("scoring") == "bridge" or options == {"players": 2}:
        assert scored > 0, f"{options}: the evaluation scored no position of the match"


def test_the_policy_meets_every_phase_of_the_ordinary_game_and_its_variants() -> None:
    seen: set[Phase] = set()
    for options in OPTIONS:
        seen |= _play(options, seed=2)[0]
    # The deal, the incident draws and the discards are chance: nobody decides there.
    every = set(Phase) - {Phase.DEAL, Phase.OVER, Phase.DRAW_INCIDENT, Phase.DRAW_DISCARD}
    assert every - seen <= {Phase.TRADE_ASK}, f"never met: {sorted(p.name for p in every - seen)}"


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "scoring": "bridge"}])
def test_neither_hook_reads_another_seat_s_hand(options: dict[str, Any]) -> None:
    # The search plays the hooks on determinizations: the other hands dealt anew, consistent with
    # what the seat saw, must give the same move and the same score.
    changed = 0
    for state in _play(options, seed=3)[2]:
        for player in state.active_players():
            other = state.resample_for(player, random.Random(9))
            assert isinstance(other, SteepleState)
            if other.hands == state.hands:
                continue
            changed += 1
            assert other.observation(player) == state.observation(player)
            a = rollout(state, player, random.Random(1))
            b = rollout(other, player, random.Random(1))
            assert a == b, f"{state.phase.name}: {a} with the real hands, {b} with others"
            assert evaluate(state) == evaluate(other)
    assert changed >= 5, "too few positions with another hand to deal"


def test_the_evaluation_scores_the_match_between_deals() -> None:
    """JEU ORDINAIRE BRIDGÉ: two games win; one game up is the better chance, and a second game
    made is the match."""
    _, scored, _ = _play({"players": 2}, seed=4)
    assert scored
    state = load_game("royal_steeple_chase", players=2).new_initial_state()
    assert isinstance(state, SteepleState)
    state.races = 1
    state.games = [1, 0]
    state.toward = [0, 40]
    value = evaluate(state)
    assert value is not None and value[0] > 0.6 > value[1]
    state.games = [1, 1]
    state.toward = [0, 0]
    value = evaluate(state)
    assert value is not None and value[0] == pytest.approx(0.5)


def test_the_search_uses_the_hooks_and_plays_the_same_move_from_the_same_seed() -> None:
    assert entry("royal_steeple_chase").search_hooks() is HOOKS and not HOOKS.proven
    _, _, kept = _play({"players": 2}, seed=5)
    for state in kept[:4]:
        player = state.active_players()[0]
        view = SeatView(state, player)
        bot = make_bot("ismcts:8it", "royal_steeple_chase")
        assert isinstance(bot, ISMCTSBot) and bot.rollout is rollout and bot.evaluate is evaluate
        first = bot.choose(view, random.Random(7))
        again = make_bot("ismcts:8it", "royal_steeple_chase").choose(view, random.Random(7))
        assert first == again and first in state.legal_actions(player)
