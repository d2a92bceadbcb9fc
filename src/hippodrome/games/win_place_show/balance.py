"""Win, Place & Show's facts for the balance report (``hippodrome analyze win_place_show``).

Per race and horse: whether it won, by its starting position and by its printed odds (the programs,
start positions and odds are reconstructed: a horse at N to 1 should win about 1 race in N + 1).
Per betting slip: the money it brought back per dollar staked, by kind of bet (the payouts are
reconstructed: the tote board's win, place and show prices, fitted to hold back a track's take, and
the daily double from the two win prices with the take once, D3 and D4; a bet returns less than its
stake on average, ``scripts/wps_payouts.py`` prints each one's return).
"""

from __future__ import annotations

from collections.abc import Sequence

from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.i18n import term
from hippodrome.engine.pool_events import SlipPaid, SlipPlaced
from hippodrome.engine.study import Fact, Measure, Tally
from hippodrome.games.win_place_show.events import Finish, RaceCalled, SlipsRevealed
from hippodrome.games.win_place_show.material import material
from hippodrome.games.win_place_show.phases import DOUBLE


def balance_facts(state: State, events: Sequence[Event]) -> list[Fact]:
    facts: list[Fact] = []
    races = {race.number: race for race in material().races}
    for event in events:
        if not isinstance(event, Finish) or event.race not in races:
            continue
        winner = event.order[0] if event.order else None
        for horse in races[event.race].horses:
            won = 1.0 if horse.id == winner else 0.0
            position = f"position {horse.start}"
            facts.append(Tally("Race won, by starting position", position, won, True))
            odds = f"{horse.odds} to 1"
            implied = 1 / (horse.odds + 1)
            facts.append(Tally("Race won, by printed odds", odds, won, True, expected=implied))
    for slip, back in slip_returns(events):
        kind = term("win_place_show", "bet", slip.kind) if slip.kind else "?"
        facts.append(Measure("Money back per dollar staked, by kind of bet", kind, back, True))
    return facts


def slip_returns(events: Sequence[Event]) -> list[tuple[SlipPlaced, float]]:
    """Every betting slip with the money it brought back per dollar staked (0 for a lost slip).

    Slips are numbered from 1 in each race's pool and in the daily doubles' pool, so a payment
    names its slip only with the pool: after « the betting slips are turned face up » (§10) the
    race's pool pays its slips in their order, then, after the second race, the doubles' pool pays
    its own (§11), its numbers starting again."""
    race: dict[tuple[int, int], SlipPlaced] = {}
    doubles: dict[tuple[int, int], SlipPlaced] = {}
    back: dict[int, float] = {}
    slips: list[SlipPlaced] = []
    settling, doubles_paying, last = False, False, 0
    for event in events:
        if isinstance(event, RaceCalled):
            race = {}
        if isinstance(event, SlipPlaced) and event.stake:
            (doubles if event.kind == DOUBLE else race)[(event.player, event.number)] = event
            back[id(event)] = 0.0
            slips.append(event)
        elif isinstance(event, SlipsRevealed):
            settling, doubles_paying, last = True, False, 0
        elif isinstance(event, SlipPaid) and settling:
            key = (event.player, event.number)
            if event.number <= last or key not in race:
                doubles_paying = True
            last = event.number
            slip = (doubles if doubles_paying else race).get(key)
            if slip is not None:
                back[id(slip)] += event.amount
        else:
            settling = False
    return [(slip, back[id(slip)] / (slip.stake or 1)) for slip in slips]
