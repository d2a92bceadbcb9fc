"""Conformance of moves at the scale of a decision (``State.plans``, ``apply_plan``) and of taking a
move back (``State.undo_point``, ``taken_back``), over every registered game.

Nothing here names a game: a game that offers no plans passes the plan checks by offering none where
nobody acts, and every game's random playouts check when a move may be taken back.
"""

from __future__ import annotations

import pytest
from tests.conformance.test_conformance import CASES, Case, fingerprint, playout

from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.plan import same_seat_run
from hippodrome.engine.types import CHANCE

EVERY = 3
"""Plans are played out at one position in three (each plan is a dozen actions)."""


@pytest.mark.parametrize("case", CASES)
def test_every_plan_is_a_run_of_its_seats_legal_actions_played_whole_by_apply_plan(
    case: Case,
) -> None:
    """A plan's actions are legal one by one for the seat that has it, with no chance event or other
    seat between them; ``apply_plan`` plays them to the same state; one plan per end; nobody but
    a seat to act has plans."""
    play = playout(case, 0)
    for node in play.nodes():
        state = node.state
        seats = range(state.game.num_players)
        if state.is_terminal() or state.is_chance_node():
            assert all(not state.plans(p) for p in seats), f"{node.where}: plans out of turn"
            continue
        active = set(state.active_players())
        for player in seats:
            plans = state.plans(player)
            if player not in active:
                assert not plans, f"{node.where}: seat {player} has plans out of turn"
                continue
            if node.index % EVERY:
                continue
            assert len({p.end for p in plans}) == len(plans), f"{node.where}: one plan per end"
            for plan in plans:
                where = f"{node.where}: seat {player}'s plan {[str(a) for a in plan.actions]}"
                assert plan.actions and plan.path, where
                stepwise = state.clone()
                for i, action in enumerate(plan.actions):
                    if i:
                        assert not stepwise.is_chance_node(), f"{where}: chance inside"
                        assert player in stepwise.active_players(), f"{where}: another seat inside"
                    stepwise.apply(action, player)
                whole = state.clone()
                whole.apply_plan(plan.actions, player)
                assert fingerprint(whole) == fingerprint(stepwise), where


@pytest.mark.parametrize("case", CASES)
def test_a_move_taken_back_is_the_position_before_it_and_only_before_anyone_else_acts(
    case: Case,
) -> None:
    """After a seat's own actions, taking them back (on a practice table, for a game whose moves are
    final) gives the very position before the first of them; after chance, another seat's action,
    with something hidden or at the end, it is refused with its reason and changes nothing."""
    play = playout(case, 0)
    before: list[tuple[object, ...]] = []
    for node in play.nodes():
        state = node.state
        before.append(fingerprint(state))
        history = state.history
        if not history:
            continue
        last = history[-1][0]
        seats = [last] if last != CHANCE else [0]
        for player in seats:
            now = fingerprint(state)
            try:
                keep = state.undo_point(player, practice=True)
            except IllegalActionError as exc:
                expected = (
                    "error.undo_game_over"
                    if state.is_terminal()
                    else "error.undo_chance"
                    if last == CHANCE
                    else "error.undo_hidden"
                )
                assert exc.key == expected, f"{node.where}: {exc.key}"
                assert fingerprint(state) == now, f"{node.where}: a refused undo changed the state"
                continue
            assert keep == same_seat_run(history, player) < len(history), node.where
            if node.sampled:
                back = state.taken_back(player, practice=True)
                assert fingerprint(back) == before[keep], f"{node.where}: not the position before"
            if not state.game.takes_back:
                with pytest.raises(IllegalActionError, match="final"):
                    state.undo_point(player)
        other = next((p for p in range(state.game.num_players) if p != last), None)
        if other is not None and last != CHANCE and not state.is_terminal():
            with pytest.raises(IllegalActionError) as err:
                state.undo_point(other, practice=True)
            assert err.value.key in ("error.undo_not_yours", "error.undo_hidden"), node.where
