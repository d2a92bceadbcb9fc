"""Royal Steeple Chase's facts for the balance report (``hippodrome analyze royal_steeple_chase``).

Per race and horse: whether it won, by colour (the deck is reconstructed symmetric in the four
colours, so no colour should win more often). Per card played: how many squares it moved the horses
in all, by family of card (``x`` stands for a colour: ``3x/Hx`` is a coloured trot with a coloured
hurdle): the deck's composition is reconstructed, and a family that moves far more than the others
is one every hand wants.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.i18n import term
from hippodrome.engine.study import Fact, Measure, Tally
from hippodrome.games.royal_steeple_chase.events import CardPlayed, HorseMoved, RaceEnded

HORSES = 4
LAP = 21
"""Squares of a lane: a horse starts on 21 and runs one lap (seed, « Le parcours »)."""


def family(card: str) -> str:
    """A card's family: its halves with every colour letter written ``x``."""
    return "/".join(re.sub(r"(?<=[0-9HR])[rbjv]$", "x", half) for half in card.split("/"))


def _squares(move: HorseMoved) -> int:
    start = 0 if move.frm == LAP else move.frm
    moved = move.to - start
    return moved + LAP if moved < -LAP // 2 else moved


def balance_facts(state: State, events: Sequence[Event]) -> list[Fact]:
    facts: list[Fact] = []
    card: str | None = None
    moved = 0
    question = "Squares one card moves the horses, by family of card"
    for event in [*events, None]:
        if isinstance(event, HorseMoved):
            moved += _squares(event)
            continue
        if card is not None and (event is None or isinstance(event, CardPlayed | RaceEnded)):
            facts.append(Measure(question, family(card), float(moved), True))
            card = None
        if isinstance(event, CardPlayed):
            card, moved = event.card, 0
        elif isinstance(event, RaceEnded):
            for horse in range(HORSES):
                won = 1.0 if horse == event.winner else 0.0
                name = term("royal_steeple_chase", "horse", horse)
                facts.append(Tally("Race won, by horse", name, won, True))
    return facts
