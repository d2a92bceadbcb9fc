"""The turn flow (engine/turnflow.py): phases declare who acts, the flow answers; seat rotation, a
round of each seat, secret answers and a round of passes, written once."""

from __future__ import annotations

import json
from enum import IntEnum

import pytest

from hippodrome.engine.errors import RecordError
from hippodrome.engine.turnflow import (
    NOBODY,
    SEVERAL,
    Acts,
    Flow,
    Phases,
    Step,
    next_seat,
    rotation,
)
from hippodrome.engine.types import CHANCE


class Phase(IntEnum):
    DRAW = 0
    BETTING = 1
    SEALED = 2
    RACING = 3
    OVER = 4


PHASES = Phases(
    Phase,
    {
        Phase.DRAW: Step(Acts.CHANCE, roller=True, next=("betting",)),
        Phase.BETTING: Step(Acts.EACH, rounds=2, next=("sealed",)),
        Phase.SEALED: Step(Acts.ALL, next=("racing",)),
        Phase.RACING: Step(Acts.SEAT, rolls=True, next=("over",)),
        Phase.OVER: Step(Acts.OVER),
    },
)


def test_a_chance_phase_with_a_roller() -> None:
    flow = Flow(PHASES, Phase.DRAW, seats=3)
    flow.enter(Phase.DRAW, turn=2)
    assert flow.chance and flow.to_act == () and flow.actor == CHANCE
    assert flow.roller() == 2
    assert not flow.over


def test_each_seat_in_turn_round_the_table_the_declared_number_of_times() -> None:
    flow = Flow(PHASES, Phase.DRAW, seats=3)
    flow.enter(Phase.BETTING, turn=1)
    seen = []
    while True:
        assert flow.to_act == (flow.turn,) and not flow.chance
        seen.append(flow.turn)
        if not flow.advance():
            break
    assert seen == [1, 2, 0, 1, 2, 0]


def test_every_seat_at_once_in_secret() -> None:
    flow = Flow(PHASES, Phase.DRAW, seats=3)
    flow.enter(Phase.SEALED, waiting=(0, 1, 2))
    assert flow.to_act == (0, 1, 2) and flow.actor == SEVERAL
    assert not flow.answered(1)
    assert list(flow.to_act) == [0, 2]
    assert not flow.answered(0)
    assert flow.actor == 2
    assert flow.answered(2)


def test_a_rolling_turn_opens_with_the_seats_roll() -> None:
    flow = Flow(PHASES, Phase.DRAW, seats=3)
    flow.enter(Phase.RACING, turn=0)
    assert flow.chance and flow.roller() == 0 and flow.to_act == ()
    flow.rolled()
    assert not flow.chance and flow.to_act == (0,) and flow.roller() is None
    flow.begin_turn(flow.next_seat())
    assert flow.chance and flow.roller() == 1
    flow.enter(Phase.OVER)
    assert flow.over and flow.to_act == () and not flow.chance


def test_seat_rotation_and_a_round_of_passes() -> None:
    assert next_seat(2, 4) == 3
    assert next_seat(3, 4) == 0
    assert next_seat(0, 4, lambda p: p == 0) == 0, "itself last"
    assert next_seat(0, 4, lambda p: False) == NOBODY
    assert rotation(2, 4) == (2, 3, 0, 1)
    flow = Flow(PHASES, Phase.RACING, seats=3)
    assert not flow.passed()
    flow.played()
    assert not flow.passed() and not flow.passed()
    assert flow.passed(), "three passes in a row at a table of three"
    assert Flow(PHASES, Phase.RACING, seats=3).passed(seats=1)


def test_the_table_is_checked_and_describes_itself() -> None:
    with pytest.raises(ValueError, match="without a step"):
        Phases(Phase, {Phase.DRAW: Step(Acts.CHANCE)})
    with pytest.raises(ValueError, match="unknown next"):
        Phases(Phase, {p: Step(Acts.SEAT, next=("lunch",)) for p in Phase})
    assert PHASES.may_follow(Phase.DRAW, Phase.BETTING)
    assert not PHASES.may_follow(Phase.DRAW, Phase.RACING)
    assert PHASES.describe()[3] == {
        "phase": "racing",
        "acts": "seat",
        "rolls": True,
        "roller": False,
        "rounds": 1,
        "next": ["over"],
    }


def test_json_round_trips_and_a_copy_is_independent() -> None:
    flow = Flow(PHASES, Phase.DRAW, seats=4)
    flow.enter(Phase.BETTING, turn=3)
    flow.advance()
    flow.new_round()
    data = json.loads(json.dumps(flow.to_json()))
    back = Flow.from_json(PHASES, 4, data)
    assert back.to_json() == flow.to_json() and back.to_act == flow.to_act == (0,)
    copy = flow.copy()
    copy.advance()
    assert flow.turn == 0 and copy.turn == 1
    data["pending"] = True
    with pytest.raises(RecordError) as err:
        Flow.from_json(PHASES, 4, data)
    assert err.value.field == "flow.pending"
