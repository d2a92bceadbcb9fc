"""Moves at the scale of a decision: plans.

The engine splits decisions into small atomic actions (one length of a horse, one bid), which keeps
every action space small and finite for search, but a player thinks in whole moves: "my horse ends
there". A **plan** is one such move: a run of the acting seat's own consecutive actions, named by
where it ends (a lane-track cell) and the cells it goes through, with a warning when the move ends
badly (a fall), so that a front end offers the ends, draws the path and asks before a bad end.

A plan is a shortcut, never a rule: each of its actions is still judged and played one by one
(``State.apply_plan``, all or nothing), and a record holds the actions, not the plan. A plan never
reaches past a chance event or a change of the seat to act: there the player decides again.

:func:`reachable_ends` is the search the lane-track games share: the game says what steps a node
(a cell, plus what its rules need: the lap, whether the last step changed lane) allows, and the
search finds every end a run of ``points`` steps can reach, with one path to each.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from hippodrome.engine.actions import Action
from hippodrome.engine.types import JSONObject

Node = TypeVar("Node", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Plan:
    """One whole move of the seat to act: its actions in order, the cell it ends on and the cells it
    goes through (the start first), and, when the move ends badly, the message saying so (a key of
    the game's catalog and its parameters) for the player to confirm."""

    actions: tuple[Action, ...]
    end: int
    path: tuple[int, ...]
    warning: tuple[str, JSONObject] | None = None


def reachable_ends(
    start: Node,
    points: int,
    steps: Callable[[Node], Iterable[tuple[Action, Node]]],
    cell: Callable[[Node], int],
    *,
    blocked: Action | None = None,
) -> list[tuple[tuple[Action, ...], tuple[int, ...], Node]]:
    """Every end a run of exactly ``points`` steps from ``start`` can reach, as ``(actions, cells,
    node)``: the actions, the cells from the start's to the end's, and the end node. ``steps(node)``
    lists the steps a node allows with the node each leads to, best first. With ``blocked`` (the
    action a player declares when no step is left, Toques et Casques' « Bloqué ! »), a node with
    points left but no step is an end too, reached by that action.

    One end per cell: a run that spends every point is preferred to a blocked one, then the first
    found level by level, which is the run whose steps come first in ``steps``' order. The search
    visits each node once per level, so it stays small (a 12-point roll on six lanes: a few thousand
    nodes), while the runs themselves would be counted in hundreds of thousands."""
    level: dict[Node, tuple[tuple[Action, ...], tuple[int, ...]]] = {start: ((), (cell(start),))}
    full: dict[int, tuple[tuple[Action, ...], tuple[int, ...], Node]] = {}
    stuck: dict[int, tuple[tuple[Action, ...], tuple[int, ...], Node]] = {}
    for left in range(points, 0, -1):
        following: dict[Node, tuple[tuple[Action, ...], tuple[int, ...]]] = {}
        for node, (actions, cells) in level.items():
            moved = False
            for action, after in steps(node):
                moved = True
                if after not in following:
                    following[after] = ((*actions, action), (*cells, cell(after)))
            if not moved and blocked is not None:
                stuck.setdefault(cell(node), ((*actions, blocked), cells, node))
        level = following
        if left == 1:
            for node, (actions, cells) in level.items():
                full.setdefault(cell(node), (actions, cells, node))
    ends = dict(stuck)
    ends.update(full)
    return sorted(ends.values(), key=lambda end: (len(end[0]), end[1]))


def plan_json(plan: Plan, texts: Callable[[str, JSONObject], JSONObject]) -> JSONObject:
    """A plan typed for a front end: its actions by their notation, its end and path, and its
    warning told in every language by ``texts(key, params)``."""
    warning: JSONObject | None = None
    if plan.warning is not None:
        key, params = plan.warning
        warning = {"key": key, "params": params, "text": texts(key, params)}
    return {
        "actions": [str(a) for a in plan.actions],
        "end": plan.end,
        "path": list(plan.path),
        "warning": warning,
    }


def same_seat_run(history: Sequence[tuple[int, Action]], player: int) -> int:
    """Where the run of ``player``'s own last actions starts in ``history`` (its length when the last
    action is not the player's)."""
    start = len(history)
    while start and history[start - 1][0] == player:
        start -= 1
    return start
