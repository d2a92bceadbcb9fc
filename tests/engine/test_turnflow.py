"""The turn flow (engine/turnflow.py): phases declare who acts, the flow answers; seat rotation, a
round of each seat, secret answers, a round of passes and the seats a component calls on, written
once."""

from __future__ import annotations

import json
from enum import IntEnum

import pytest

from hippodrome.engine.auction import Auction
from hippodrome.engine.auction_events import PASS, Bid
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
    seat_after,
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
        "shown": False,
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


# -- a phase whose seats a component calls on (an auction's bidder, a trade's partner) -------------


class Asking(IntEnum):
    ROUND = 0
    AUCTION = 1
    LOT = 2


ASKING = Phases(
    Asking,
    {
        Asking.ROUND: Step(Acts.SEAT, next=("auction",)),
        Asking.AUCTION: Step(Acts.CALLED, next=("round",)),
        Asking.LOT: Step(Acts.CHANCE),
    },
)


class Answer:
    """A component that calls on one seat, or on chance."""

    def __init__(self, seats: tuple[int, ...], *, chance: bool = False) -> None:
        self.seats, self.chance = seats, chance

    def to_act(self) -> tuple[int, ...]:
        return self.seats

    def is_chance(self) -> bool:
        return self.chance


def test_a_called_phase_follows_the_auction_while_the_round_waits() -> None:
    """The shared open auction names the bidder in turn: the flow calls on him, not on the seat
    whose turn it is, and keeps that turn and the round's passes for afterwards."""
    flow = Flow(ASKING, Asking.ROUND, seats=4)
    flow.enter(Asking.ROUND, turn=1)
    assert not flow.passed()  # seat 1 passes...
    flow.next_turn()  # ...and seat 2 asks for a lot another seat holds, bidding 5
    lot, _ = Auction.outcry("horse 0", 4, [100] * 4, first=3, increment=5, opening=(2, 5))
    flow.call(Asking.AUCTION, lot)
    assert flow.to_act == (3,) and flow.actor == 3 and flow.called == (3,)
    assert flow.turn == 2 and flow.passes == 1, "the round's turn and passes wait"
    lot.apply(3, Bid(10), [100] * 4)
    flow.follow(lot)
    assert flow.to_act == (0,), "the auction's next bidder"
    for seat in (0, 1, 2):
        lot.apply(seat, PASS, [100] * 4)
        flow.follow(lot)
    assert lot.closed and not flow.to_act and flow.actor == NOBODY
    flow.switch(Asking.ROUND, turn=3)
    assert flow.to_act == (3,) and flow.passes == 1, "switch goes on with the round's counts"
    flow.enter(Asking.ROUND, turn=3)
    assert flow.passes == 0, "enter begins a new round"


def test_a_called_phase_with_several_seats_or_chance() -> None:
    flow = Flow(ASKING, Asking.ROUND, seats=3)
    flow.call(Asking.AUCTION, Answer((0, 2)))
    assert flow.to_act == (0, 2) and flow.actor == SEVERAL and not flow.chance
    flow.follow(Answer((), chance=True))
    assert flow.chance and flow.actor == CHANCE and flow.to_act == ()
    flow.follow(Answer((1,)))
    data = json.loads(json.dumps(flow.to_json()))
    assert data["called"] == [1]
    back = Flow.from_json(ASKING, 3, data)
    assert back.to_act == (1,) and back.actor == 1
    copy = flow.copy()
    copy.follow(Answer((2,)))
    assert flow.to_act == (1,) and copy.to_act == (2,)
    data["called"] = [5]
    with pytest.raises(RecordError) as err:
        Flow.from_json(ASKING, 3, data)
    assert err.value.field == "flow.called"


def test_a_seat_nobody_sits_at_has_its_turn_taken_by_its_stand_in() -> None:
    """A bridge dummy: its turn is its own (the round goes on from it), its stand-in acts in it."""
    flow = Flow(PHASES, Phase.BETTING, seats=4)
    flow.stand_in({3: 1})
    flow.enter(Phase.BETTING, turn=2)
    assert flow.to_act == (2,) and flow.actor == 2
    flow.next_turn()
    assert flow.turn == 3 and flow.to_act == (1,) and flow.actor == 1
    copy = flow.copy()
    flow.next_turn()
    assert flow.turn == 0 and flow.to_act == (0,)
    assert copy.to_act == (1,) and copy.stand_ins == {3: 1}, "a copy keeps the stand-ins"
    flow.stand_in({})
    flow.switch(Phase.BETTING, turn=3)
    assert flow.to_act == (3,), "without a stand-in the seat acts itself"


def test_a_table_seated_in_another_order_turns_in_it() -> None:
    """Bridge partners 0-1 and 2-3 facing each other sit 0, 2, 1, 3: the turns, the rounds and the
    next eligible seat follow that order; a copy keeps it."""
    order = (0, 2, 1, 3)
    assert [seat_after(0, k, 4, order) for k in range(4)] == [0, 2, 1, 3]
    assert seat_after(0, -1, 4, order) == 3 and seat_after(3, 1, 4, order) == 0
    assert next_seat(2, 4, lambda p: p != 1, order) == 3
    assert rotation(1, 4, order) == (1, 3, 0, 2)
    flow = Flow(PHASES, Phase.BETTING, seats=4)
    flow.seat(order)
    flow.enter(Phase.BETTING, turn=0)
    turns = [flow.turn]
    while flow.advance():
        turns.append(flow.turn)
    assert turns == [0, 2, 1, 3] * 2
    flow.enter(Phase.RACING, turn=2)
    copy = flow.copy()
    flow.next_turn()
    assert flow.turn == 1 and copy.order == order
    assert flow.next_seat(lambda p: p == 0) == 0 and flow.seat_after(1, 2) == 0
