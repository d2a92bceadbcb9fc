"""The landing preview the observation carries (docs/rules/royal_turf.md §3, D1 and D8): for every
legal move, where the horse would end is where playing the move puts it."""

from __future__ import annotations

import random

from hippodrome.bots import RandomBot, play_match
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game
from hippodrome.games.royal_turf import events as ev
from hippodrome.games.royal_turf.actions import Move
from hippodrome.games.royal_turf.rules import RoyalTurfState


def test_each_landing_preview_is_where_the_move_puts_the_horse() -> None:
    checked = blocked = crossed = 0
    for seed in range(4):
        game = load_game("royal_turf", players=3)
        played = play_match(game, [RandomBot()] * 3, seed=seed)
        state = game.new_initial_state()
        assert isinstance(state, RoyalTurfState)
        for player, action in played.history:
            seat = state.turn
            previews = state.observation(seat)["landings"]
            moves = [] if state.is_chance_node() else state.legal_actions(seat)
            moving = [m for m in moves if isinstance(m, Move)]
            assert sorted(previews) == sorted(m.args["horse"] for m in moving), (
                f"after {len(state.history)} actions: a preview for each legal move, no other"
            )
            for move in moving:
                preview = previews[move.args["horse"]]
                # The move's own events say where it went (a third arrival ends the race and
                # clears the track, so the squares after it tell nothing).
                events = state.clone().apply(move, seat)
                (moved,) = (e for e in events if isinstance(e, ev.HorseMoved))
                assert (preview["start"], preview["end"], preview["rolled"]) == (
                    moved.start,
                    moved.end,
                    moved.rolled,
                ), f"after {len(state.history)} actions, {move}: previewed {preview}, went {moved}"
                if preview["end"] == 0:
                    crossed += 1
                    (arrived,) = (e for e in events if isinstance(e, ev.HorseArrived))
                    assert preview["place"] == arrived.place
                elif preview["moved"] < preview["rolled"]:
                    blocked += 1
                checked += 1
            state.apply(action, player)
            assert player == CHANCE or action in moves or not moving
    assert checked > 100 and blocked and crossed, "the playouts met no blocked or crossing move"


def test_no_preview_before_the_die_is_rolled() -> None:
    game = load_game("royal_turf", players=2)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_chance_node() or state.phase_name() != "racing":
        state.apply(
            state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    assert state.observation(None)["landings"] == {}
