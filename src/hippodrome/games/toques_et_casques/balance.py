"""Toques et Casques's facts for the balance report (``hippodrome analyze toques_et_casques``).

Per race and horse: whether it won, and whether it finished in the money, by the lane it started in
(seed 02: in a turn lanes 1-2 have 2 squares, 3-4 have 3, 5-6 have 4, so the inside lanes are
shorter; how much that counts depends on the straights between the turns, whose lengths are
reconstructed), on the track the race was run on.
"""

from __future__ import annotations

from collections.abc import Sequence

from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.study import Fact, Tally
from hippodrome.games.toques_et_casques.events import HorseDrawn, RaceAnnounced, RaceOver


def balance_facts(state: State, events: Sequence[Event]) -> list[Fact]:
    facts: list[Fact] = []
    track = ""
    paid = 0
    lanes: dict[int, int] = {}
    for event in events:
        if isinstance(event, RaceAnnounced):
            track, paid, lanes = event.track, len(event.split), {}
        elif isinstance(event, HorseDrawn):
            lanes[event.horse] = event.lane
        elif isinstance(event, RaceOver):
            for horse, lane in lanes.items():
                place = event.order.index(horse) if horse in event.order else len(lanes)
                level = f"lane {lane}"
                won = 1.0 if place == 0 else 0.0
                question = f"Race won, by starting lane ({track} track)"
                facts.append(Tally(question, level, won, reconstructed=True))
                money = 1.0 if place < paid else 0.0
                question = f"Finished in the money (first {paid}), by starting lane ({track} track)"
                facts.append(Tally(question, level, money, reconstructed=True))
    return facts
