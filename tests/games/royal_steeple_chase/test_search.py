"""Royal Steeple Chase's search hooks (``games/royal_steeple_chase/search.py``): the rollout policy
plays a legal move in every phase of every way to play, and in the race the card and the coups the
heuristic judges best; the evaluation gives each seat a share of the win or waits, its race odds
reading each seat's hand as the search deals it; the policy reads no other seat's hand; and the
search that uses them plays the same move from the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hippodrome.bots import make_bot
from hippodrome.bots.base import bot_label
from hippodrome.bots.ismcts import ISMCTSBot
from hippodrome.bots.ismcts import _Node as ismcts_node
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.game import State
from hippodrome.engine.types import Player
from hippodrome.games import entry, load_game
from hippodrome.games.royal_steeple_chase.rules import NOBODY, Phase, SteepleState
from hippodrome.games.royal_steeple_chase.search import (
    HEURISTIC,
    HOOKS,
    RACE_ODDS,
    _race_odds,
    evaluate,
    race_logits,
    rollout,
)
from tests.games.hooks import play_checked
from tests.games.royal_steeple_chase.positions import horse
from tests.games.royal_steeple_chase.positions import table as position

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
            if state.phase is not Phase.RACE:
                # In the race the odds weigh each seat's hand, as the determinization deals it
                # (test_the_race_odds_weigh_each_seat_s_hand_as_the_search_deals_it).
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


def test_the_search_proven_by_its_benchmark_plays_the_same_move_from_the_same_seed() -> None:
    assert entry("royal_steeple_chase").search_hooks() is HOOKS
    assert HOOKS.proven  # docs/analysis/bots.md: the label earned at 220 wins of 400 at 200 ms
    assert bot_label("ismcts", "royal_steeple_chase") == "web.bot.ismcts_hard"
    _, _, kept = _play({"players": 2}, seed=5)
    for state in kept[:4]:
        player = state.active_players()[0]
        view = SeatView(state, player)
        bot = make_bot("ismcts:8it", "royal_steeple_chase")
        assert isinstance(bot, ISMCTSBot) and bot.rollout is rollout and bot.evaluate is evaluate
        first = bot.choose(view, random.Random(7))
        again = make_bot("ismcts:8it", "royal_steeple_chase").choose(view, random.Random(7))
        assert first == again and first in state.legal_actions(player)


class _Stepping(ISMCTSBot):
    """The search, noting each step taken below the root where a card's coups are to play, with
    the step the policy plays there: its own seat's in ``steps``, the other seats' in ``rivals``."""

    steps: list[tuple[Action, Action]]
    rivals: list[tuple[Action, Action]]

    def _select(
        self,
        node: Any,
        state: State,
        rng: random.Random,
        skip: Player | None = None,
        settle: Player | None = None,
    ) -> Any:
        key, fresh = super()._select(node, state, rng, skip, settle)
        assert isinstance(state, SteepleState)
        if settle is not None and state.phase is Phase.HALVES:
            for player, action in key:
                noted = self.steps if player == settle else self.rivals
                noted.append((action, rollout(state, player, random.Random(0))))
        return key, fresh


@pytest.mark.parametrize("settled", [True, False])
def test_below_its_root_the_search_plays_its_own_coups_as_the_policy_does(settled: bool) -> None:
    """MARCHE DU JEU: a card and its coups are one move of its player; below the root the search
    plays the seat's own coups as the policy does (``HOOKS.settled``), so that a card is judged by
    the coups the seat will play after it. Without it the tree tries other coups there."""
    made = make_bot("ismcts:600it", "royal_steeple_chase")  # the rival's coup nodes visited again
    assert isinstance(made, ISMCTSBot) and made.settled is HOOKS.settled is not None
    bot = _Stepping(made.budget)
    bot.__dict__.update(made.__dict__)
    bot.steps = []
    bot.rivals = []
    if not settled:
        bot.settled = None
    _, _, kept = _play({"players": 2}, seed=6)
    races = [s for s in kept if s.phase is Phase.RACE][:3]
    assert races
    for state in races:
        bot.choose(SeatView(state, state.active_players()[0]), random.Random(3))
    assert len(bot.steps) >= 20, "the tree met its own coups below the root"
    others = [played for played, policy in bot.steps if played != policy]
    if settled:
        assert not others, f"coups other than the policy's below the root: {others[:5]}"
    else:
        assert others, "without settled steps, the tree explores other coups"
    # Only the search's own seat is settled: the rival's coups below the root are still searched.
    assert bot.rivals, "the tree met the rival's coups below the root"
    assert any(played != policy for played, policy in bot.rivals), "the rival's coups searched"


def test_random_rollouts_settle_nothing() -> None:
    """docs/bots.md: a search with random rollouts (``ismcts:…:random``) has no policy to settle
    its steps with, so it searches every step."""
    made = make_bot("ismcts:10it:random", "royal_steeple_chase")
    assert isinstance(made, ISMCTSBot) and made.settled is None


def test_the_search_settles_its_own_seat_s_coups_and_searches_its_rival_s() -> None:
    """At a node where a card's coups are to play, the search's own seat plays the policy's coup
    again and again; a rival's node tries another coup once the policy's has been visited."""
    _, _, kept = _play({"players": 2}, seed=6)
    state = next(s for s in kept if s.phase is Phase.HALVES)
    player = state.active_players()[0]
    policy = rollout(state, player, random.Random(0))
    bot = make_bot("ismcts:10it", "royal_steeple_chase")
    assert isinstance(bot, ISMCTSBot)
    for settle, searched in ((player, False), (1 - player, True)):
        node = ismcts_node()
        rng = random.Random(1)
        first, _ = bot._select(node, state, rng, settle=settle)
        assert first == ((player, policy),), "the policy's coup first"
        node.visits = node.stats[first[0]].visits = 1
        second, _ = bot._select(node, state, rng, settle=settle)
        assert (second != first) is searched, (settle, second)


def _as_good(state: SteepleState, me: Player, chosen: Action, best: Action) -> bool:
    """Whether the heuristic judges ``chosen`` as good as its own ``best`` (a card by its best
    coups, a coup by the position it leaves, the card's other coup played best)."""
    if chosen == best:
        return True
    seat = HEURISTIC.seat(state, me)

    def judged(action: Action) -> float:
        sim = state.fork()
        sim.apply_unchecked(action, me)
        if sim.phase is Phase.HALVES and sim.card_player == me:
            return HEURISTIC._best_halves(sim, seat)[0]
        return HEURISTIC._judge(sim, seat)

    return judged(chosen) >= judged(best) - 1e-9


def test_the_policy_plays_the_card_and_the_coups_the_heuristic_judges_best() -> None:
    """The search models the heuristic's play with its policy: where the heuristic has a choice of
    card or coup, over whole games of the heuristic against itself, the policy's choice is one the
    heuristic judges as good as its own at most decisions (measured on seeds 10 to 19: 91% of the
    cards and 99% of the coups; the policy before it, 76% and 95%)."""
    game = load_game("royal_steeple_chase", players=2)
    rng = random.Random(0)
    counts = {Phase.RACE: [0, 0], Phase.HALVES: [0, 0]}
    for seed in range(3):
        state = game.new_initial_state()
        assert isinstance(state, SteepleState)
        play = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(play))
                continue
            player = state.active_players()[0]
            legal = list(state.legal_actions(player))
            me = state.acting_as(player)
            best = HEURISTIC.decide(state, me, legal) if len(legal) > 1 else legal[0]
            if len(legal) > 1 and state.phase in counts:
                good = _as_good(state, me, rollout(state, player, rng), best)
                counts[state.phase][0] += good
                counts[state.phase][1] += 1
            state.apply(best, player)
    cards, coups = counts[Phase.RACE], counts[Phase.HALVES]
    assert cards[1] >= 100 and coups[1] >= 200
    assert cards[0] >= 0.85 * cards[1], f"cards: {cards[0]} of {cards[1]}"
    assert coups[0] >= 0.95 * coups[1], f"coups: {coups[0]} of {coups[1]}"


def _turn(state: SteepleState) -> list[str]:
    """A's card and its two coups, as the policy plays them."""
    moves: list[str] = []
    while state.active_players() == (0,) and state.phase in (Phase.RACE, Phase.HALVES):
        action = rollout(state, 0, random.Random(0))
        moves.append(str(action))
        state.apply(action, 0)
        if len(moves) == 3:
            break
    return moves


def test_the_policy_runs_the_royal_as_a_galop_then_the_trot_over_a_bordered_river() -> None:
    """The example, move 13 (as the heuristic's test): « Jouer d'abord le R comme 4, puis le 3b »;
    the river's banks, bordered with hurdles, are left behind."""
    state = position(
        4,
        horses={"b": 0, "v": 1, "r": 2, "j": 3},
        at={"b": 8, "v": 7, "r": 6, "j": 2},
        hands={0: ["R/3b", "3/2"]},
        hurdles={"b": ["9-10", "10-11"]},
        turn=0,
        deal_the_rest=True,
    )
    assert _turn(state) == ["joue R/3b", "R=4 b", "3b b"]
    assert state.pos[horse("b")] == 11


def test_the_policy_takes_a_hurdle_off_its_lane_before_the_run_it_frees() -> None:
    """« Vous pouvez retirer une haie sur votre propre piste »: red on 5 with a mobile hurdle just
    ahead (5-6), the white hurdle comes off first and the trot then runs three squares; the galop
    of 4/0 would take red only to 7 over the hurdle (the heuristic plays it so too)."""
    state = position(
        4,
        horses={"r": 0, "b": 1, "j": 2, "v": 3},
        at={"r": 5, "b": 4, "j": 3, "v": 2},
        hands={0: ["3/H", "4/0"]},
        hurdles={"r": ["5-6"]},
        turn=0,
        deal_the_rest=True,
    )
    twin = state.clone()
    assert isinstance(twin, SteepleState)
    assert HEURISTIC.decide(twin, 0, list(twin.legal_actions(0))) == state.game.parse_action(
        "joue 3/H"
    )
    moves = _turn(state)
    assert moves[0] == "joue 3/H" and moves[1].startswith("H -r")
    assert state.pos[horse("r")] == 8


def test_the_policy_does_not_take_a_hurdle_off_its_central_hurdle_s_gap() -> None:
    """A mobile hurdle laid where the lane's central hurdle stands adds no jump: taking it off
    gains nothing (« une mauvaise utilisation »). Green on 17 with its own hurdle on 19-20, its
    central hurdle's gap: after the trot to 19, the white hurdle goes on a rival's lane, as the
    heuristic plays it."""
    state = position(
        4,
        horses={"v": 0, "b": 1, "j": 2, "r": 3},
        at={"v": 17, "b": 15, "j": 14, "r": 13},
        hands={0: ["3/H", "2/2j"]},
        hurdles={"v": ["19-20"]},
        turn=0,
        deal_the_rest=True,
    )
    assert state.central[horse("v")] >> 19 & 1, "19-20 is green's central hurdle"
    for move in ("joue 3/H", "3 v"):
        state.apply(state.game.parse_action(move), 0)
    assert state.halves_left == ["H"]
    legal = list(state.legal_actions(0))
    played = rollout(state, 0, random.Random(0))
    assert str(played).startswith("H ") and not str(played).startswith("H -v"), played
    assert played == HEURISTIC.decide(state.clone(), 0, legal)


def test_the_policy_and_the_evaluation_leave_the_position_as_they_found_it() -> None:
    """The policy tries runs on the determinization itself (the horse moved on, the hand without
    the card) and puts it back: over a game, every position is the same before and after."""
    game = load_game("royal_steeple_chase", players=2)
    state = game.new_initial_state()
    assert isinstance(state, SteepleState)
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        player = state.active_players()[0]
        before = state.to_json()
        action = rollout(state, player, rng)
        evaluate(state)
        assert state.to_json() == before, f"{state.phase.name}: {action}"
        checked += 1
        state.apply(action, player)
    assert checked > 100


def test_the_race_odds_weigh_each_seat_s_hand_as_the_search_deals_it() -> None:
    """Past the middle of a race the evaluation counts what each hand can still do: the same
    horses, a seat's hand of galops against one of pas, and the seat with the galops is the
    likelier winner; with hands alike, the seat to play; with a single poor card in each hand, a
    void race (« après épuisement des cartes ») becomes likelier too."""

    def odds(hands: dict[int, list[str]]) -> dict[Player, float]:
        state = position(
            2,
            horses={"r": 0, "b": 1},
            at={"r": 11, "b": 11},  # each 13 to run, its central hurdle ahead
            hands=hands,
            turn=0,
            scoring="bridge",
        )
        return dict(_race_odds(state))

    even = odds({0: ["4/3r", "3/2"], 1: ["4/3b", "3/2"]})
    assert even[0] > even[1], "the seat to play is a card ahead"
    strong = odds({0: ["2/2j", "2/2v"], 1: ["R/4", "4/3b"]})
    assert strong[1] > strong[0]
    empty = odds({0: ["2/2j"], 1: ["2/2v"]})
    assert empty[NOBODY] > even[NOBODY]
    lean, full = (
        race_logits([(0, 8.0, 0.0, 0.0, 1.0)], RACE_ODDS),
        race_logits([(0, 8.0, 0.0, 6.0, 1.0)], RACE_ODDS),
    )
    assert dict(lean)[NOBODY] > dict(full)[NOBODY], "more to play with, less chance of a void race"
