"""Ascot's facts for the balance report (``hippodrome analyze ascot``).

Per race and runner: whether it won, by horse (the seed ranks the colours, black strongest and blue
weakest; the training and race squares that make it so are reconstructed). Per rental card bought:
whether its buyer won the game (the card prices are reconstructed: a card that wins far more often
than the others is underpriced).
"""

from __future__ import annotations

from collections.abc import Sequence

from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.i18n import term
from hippodrome.engine.study import Fact, Tally
from hippodrome.games.ascot.events import CardPaid, HorseCalled, RaceOver


def balance_facts(state: State, events: Sequence[Event]) -> list[Fact]:
    facts: list[Fact] = []
    returns = state.outcome().returns
    runners: list[str] = []
    for event in events:
        if isinstance(event, HorseCalled):
            runners.append(event.horse)
        elif isinstance(event, RaceOver):
            winner = event.horses[0] if event.horses else None
            for horse in runners:
                won = 1.0 if horse == winner else 0.0
                name = term("ascot", "card", horse)
                facts.append(Tally("Race won, by horse (runners only)", name, won, True))
        elif isinstance(event, CardPaid):
            card = term("ascot", "card", event.card)
            won = returns[event.player]
            facts.append(Tally("Game won by the card's buyer, by rental card", card, won, True))
    return facts
