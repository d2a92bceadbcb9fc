"""Toques et Casques moves at the scale of a decision: the ends a roll can reach (D26, D27), the fall
a player is warned of (D28), a whole move played at once (D29), and taking a move back (D30).

The ends are checked against a search of their own: every run of legal actions, played through
``apply`` on real states, from positions of random races; a plan is only a shortcut, so what it
offers must be exactly what the steps one by one allow.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.games.toques_et_casques.test_toques_et_casques_rules import (
    act,
    cell,
    drawn_race,
    new_game,
    of_type,
    position,
)

from hippodrome.engine import IllegalActionError
from hippodrome.engine.plan import Plan
from hippodrome.engine.types import CHANCE
from hippodrome.games.toques_et_casques import events as ev
from hippodrome.games.toques_et_casques.rules import Status, ToquesState


def ends_by_steps(state: ToquesState) -> dict[int, bool]:
    """Every cell the horse to move can end its move on, by playing legal actions one at a time on
    real states until the move is over, with whether it falls there (04-01). Positions already seen
    with as many points left are not searched twice."""
    horse = state.current
    player = state.acting_player()
    ends: dict[int, bool] = {}
    seen: set[str] = set()

    def walk(s: ToquesState) -> None:
        key = json.dumps(s.position_json(), sort_keys=True)
        if key in seen:
            return
        seen.add(key)
        for action in s.legal_actions(player):
            after = s.clone()
            after.apply(action, player)
            if after.current == horse and after.phase.name == "RACE" and after.points > 0:
                walk(after)
            else:
                ends[after.cell[horse]] = after.status[horse] is Status.FALLEN

    walk(state)
    return ends


def decisions(options: dict[str, Any], seed: int, every: int) -> list[ToquesState]:
    """Positions of a random race where a horse has points to play, one in ``every``."""
    game = new_game(players=3, **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[ToquesState] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
            continue
        if state.phase.name == "RACE" and state.points > 0 and rng.randrange(every) == 0:
            found.append(state.clone())
        state.apply(rng.choice(list(state.legal_actions())))
    return found


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"category": "A"}, 1),
        ({"category": "D", "track": "small"}, 2),
        ({"category": "A", "avant_first": True, "late_ecart": True, "ecart_on_start": True}, 3),
    ],
)
def test_the_ends_offered_are_exactly_those_the_steps_reach_and_each_plan_leads_there(
    options: dict[str, Any], seed: int
) -> None:
    """D26: one plan per end the horse can reach, spending every point (14-01) or up to where it is
    blocked (18-01); its actions, played one by one as the rules judge them, take the horse along
    its path to its end, where it falls exactly when the plan warns of it (04-01, D28)."""
    positions = decisions(options, seed, every=4)
    assert len(positions) > 10
    for state in positions:
        player = state.acting_player()
        plans = state.plans(player)
        expected = ends_by_steps(state)
        where = f"{options}, seed {seed}, after {len(state.history)} actions"
        assert {p.end for p in plans} == set(expected), where
        assert len({p.end for p in plans}) == len(plans), f"{where}: one plan per end"
        horse = state.current
        for plan in plans:
            after = state.clone()
            stepped: list[int] = [state.cell[horse]]
            for action in plan.actions:
                stepped += [e.cell for e in of_type(after.apply(action, player), ev.Stepped)]
            assert after.cell[horse] == plan.end, f"{where}: {plan}"
            assert tuple(stepped) == plan.path, f"{where}: {plan} went {stepped}"
            fell = after.status[horse] is Status.FALLEN
            assert fell == expected[plan.end] == (plan.warning is not None), f"{where}: {plan}"
        others = [p for p in range(state.game.num_players) if p != player]
        assert all(not state.plans(p) for p in others), "only the seat to act has plans"


def test_an_end_on_the_river_asks_for_confirmation_with_the_fall() -> None:
    """04-01: « Si votre déplacement se termine sur un obstacle, on dit que vous avez CHUTÉ et vous
    êtes ÉLIMINÉ »; D28: the plan that ends there carries the warning, in French and English."""
    game = new_game(category="D", track="small")
    river = game.course.river_stations()[0]
    lane, segment, rank = 3, river.segment, river.offset - 2
    state = position(game, {1: (lane, segment, rank), 2: (6, 0, 3)}, current=1, points=2)
    plans = {p.end: p for p in state.plans(0)}
    on_river = cell(game, lane, segment, river.offset)
    fall = plans[on_river]
    assert [str(a) for a in fall.actions] == ["avant", "avant"]
    assert fall.warning is not None
    key, params = fall.warning
    assert key == "toques_et_casques.plan.fall"
    assert params["horse"] == 1
    short = [p for p in plans.values() if p.end != on_river and not state.obstacle[p.end]]
    assert short and all(p.warning is None for p in short), "a safe end asks nothing"
    events = state.apply_plan(fall.actions, 0)
    assert [e.obstacle for e in of_type(events, ev.Fell)] == ["river"]


def test_a_horse_boxed_in_after_one_length_ends_there_and_declares_itself_blocked() -> None:
    """18-01: « sauf si vous êtes bloqué avant ou pendant vos déplacements. Une fois bloqué, vous
    déclarez "bloqué" » (D27): the only end is the length where N°1 is boxed in, by an avant then
    « Bloqué ! »."""
    game = new_game(players=4, category="A")
    state = position(
        game,
        {1: (1, 0, 5), 2: (1, 0, 7), 3: (2, 0, 6), 4: (2, 0, 5)},
        current=1,
        points=3,
    )
    plans = state.plans(0)
    assert [([str(a) for a in p.actions], p.end) for p in plans] == [
        (["avant", "bloque"], cell(game, 1, 0, 6))
    ]
    events = state.apply_plan(plans[0].actions, 0)
    assert of_type(events, ev.Blocked)


def test_a_whole_move_is_refused_at_its_first_illegal_step_and_nothing_is_played() -> None:
    """D29: the steps of a move are judged one by one (14-06: each is final), all or nothing."""
    game = new_game(category="A")
    state = position(game, {1: (3, 0, 5), 2: (3, 0, 7)}, current=1, points=3)
    before = json.dumps(state.to_json(), sort_keys=True)
    told = len(state.events)
    parse = game.parse_action
    with pytest.raises(IllegalActionError) as err:
        state.apply_plan([parse("avant"), parse("avant"), parse("avant")], 0)
    assert err.value.key == "error.plan_step"
    assert err.value.params["step"] == 2  # 14-02: N°2 stands ahead
    assert err.value.params["reason"]["key"] == "toques_et_casques.illegal.avant_taken"
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert len(state.events) == told


def test_a_whole_move_stops_where_the_dice_are_rolled_again() -> None:
    """D29: a move does not reach past its last point: the next horse's roll is chance, and an action
    sent after it is refused, with nothing played."""
    game = new_game(category="A")
    state = position(game, {1: (3, 0, 5), 2: (3, 0, 10)}, current=1, points=2)
    before = json.dumps(state.to_json(), sort_keys=True)
    parse = game.parse_action
    with pytest.raises(IllegalActionError) as err:
        state.apply_plan([parse("avant"), parse("avant"), parse("avant")], 0)
    assert err.value.key == "error.plan_interrupted"
    assert err.value.params["step"] == 3
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_a_move_is_final_but_a_practice_table_may_take_it_back() -> None:
    """14-06: « si vous vous êtes trompé, c'est trop tard, vous ne pouvez pas revenir en arrière :
    "POSER C'EST JOUER" » (D30): refused, but on a practice table, where the move is taken back to
    the points just rolled; never once the next die is rolled."""
    game = new_game(category="A")
    state = drawn_race(game)
    act(state, "roll 3")
    after_roll = json.dumps(state.to_json(), sort_keys=True)
    plan: Plan = next(p for p in state.plans(0) if p.actions[0] == game.parse_action("avant"))
    state.apply_plan(plan.actions, 0)
    with pytest.raises(IllegalActionError) as err:
        state.undo_point(0)
    assert err.value.key == "error.undo_final"
    with pytest.raises(IllegalActionError) as err:
        state.undo_point(1, practice=True)
    assert err.value.key == "error.undo_not_yours"
    back = state.taken_back(0, practice=True)
    assert json.dumps(back.to_json(), sort_keys=True) == after_roll
    state.apply(game.parse_action("roll 2"), CHANCE)  # N°2's die: the move is out of reach
    with pytest.raises(IllegalActionError) as err:
        state.undo_point(0, practice=True)
    assert err.value.key == "error.undo_chance"
