"""Royal Turf's facts for the balance report (``hippodrome analyze royal_turf``).

Per race and horse: whether it won, by the square it started on (seed §1: the order the cards are
drawn lines the horses up on squares 33 down to 27), by horse and by its card (the reconstructed
cards: one steady, one middling, one gambler's card per horse). Per bet: what it brought back per unit
of its token (payout, pace bonus and last-horse penalty), by the card of the horse bet on and by the
units laid on that horse (the rows of the reconstructed payout table).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.i18n import term
from hippodrome.engine.study import Fact, Measure, Tally
from hippodrome.games.royal_turf.events import (
    BetPlaced,
    BetWon,
    CardDrawn,
    LastHorsePenalty,
    PaceBonus,
    RaceFinished,
    RaceStarted,
)

CARD_NAMES = {1: "card 1 (steady)", 2: "card 2 (middling)", 3: "card 3 (gambler's)"}


def balance_facts(state: State, events: Sequence[Event]) -> list[Fact]:
    facts: list[Fact] = []
    races: list[list[Event]] = []
    for event in events:
        if isinstance(event, RaceStarted):
            races.append([])
        elif races:
            races[-1].append(event)
    for race in races:
        facts += _race_facts(race)
    return facts


def _race_facts(events: Sequence[Event]) -> list[Fact]:
    cards = {e.horse: e for e in events if isinstance(e, CardDrawn)}
    finished = [e for e in events if isinstance(e, RaceFinished)]
    if not finished:
        return []
    winner = finished[0].first
    facts: list[Fact] = []
    for horse, card in cards.items():
        won = 1.0 if horse == winner else 0.0
        facts.append(Tally("Race won, by starting square", f"square {card.square}", won))
        facts.append(Tally("Race won, by horse", term("royal_turf", "horse", horse), won))
        name = CARD_NAMES.get(card.card, f"card {card.card}")
        facts.append(Tally("Race won, by the horse's card", name, won, reconstructed=True))
    back: dict[tuple[int, str], float] = defaultdict(float)
    units: dict[str, int] = defaultdict(int)
    bets = [e for e in events if isinstance(e, BetPlaced) and e.token]
    for bet in bets:
        units[bet.horse] += bet.token or 0
    for event in events:
        if isinstance(event, BetWon | PaceBonus):
            back[(event.player, event.horse)] += event.amount
        elif isinstance(event, LastHorsePenalty):
            back[(event.player, event.horse)] -= event.paid
    for bet in bets:
        token = bet.token or 1
        per_unit = back[(bet.player, bet.horse)] / token
        number = cards[bet.horse].card if bet.horse in cards else 0
        name = CARD_NAMES.get(number, f"card {number}")
        facts.append(
            Measure(
                "Money back per unit bet, by the card of the horse bet on", name, per_unit, True
            )
        )
        laid = units[bet.horse]
        level = f"{laid} unit{'' if laid == 1 else 's'} on the horse"
        facts.append(
            Measure("Money back per unit bet, by units laid on the horse", level, per_unit, True)
        )
    return facts
