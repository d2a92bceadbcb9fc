"""Royal Steeple Chase positions for the scenario tests: one builder for every test file.

A position is written in the seed's terms: which seat owns which horse, where each horse stands, the
cards of each hand and of the spread, the mobile hurdles on each lane (« entre 7 et 8 » is ``7-8``).
The undealt cards are the rest of the deck; a position never needs more copies of a card than the
deck holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hippodrome.games.royal_steeple_chase.actions import parse_gap
from hippodrome.games.royal_steeple_chase.material import COLOURS, material
from hippodrome.games.royal_steeple_chase.records import Contres, IncidentDeck, PirateBook
from hippodrome.games.royal_steeple_chase.rules import (
    TYPES,
    Phase,
    RoyalSteepleChase,
    SteepleState,
)


def deck(state: SteepleState) -> IncidentDeck:
    """The incident cards' record of a game played with them."""
    assert state.incidents is not None, "the game is played without incident cards"
    return state.incidents


def book(state: SteepleState) -> PirateBook:
    """The secret bets of a pirate game."""
    assert state.pirate is not None, "the game is not the pirate game"
    return state.pirate


def partners(state: SteepleState) -> list[int]:
    """Each seat's partner in a partnership game."""
    assert state.camps is not None, "the game is not played in camps"
    return state.camps.partner


def contres(state: SteepleState) -> Contres:
    """The « contre » of a game with the bridge score."""
    assert state.contres is not None, "the game is not scored as bridge"
    return state.contres


def carried(state: SteepleState) -> list[int]:
    """Where each player starts the next lap of a pursuit game."""
    assert state.pursuit is not None, "the game is not the pursuit"
    return state.pursuit.carried


def card(text: str) -> int:
    return material().card_type(text).index


def horse(colour: str) -> int:
    return COLOURS.index(colour)


def new_state(players: int = 4, scoring: str = "race", **options: Any) -> SteepleState:
    game = RoyalSteepleChase.from_options(players=players, scoring=scoring, **options)
    state = game.new_initial_state()
    assert isinstance(state, SteepleState)
    return state


def table(
    players: int = 4,
    *,
    horses: Mapping[str, int],
    at: Mapping[str, int] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    hurdles: Mapping[str, Sequence[str]] | None = None,
    spread: Sequence[str] = (),
    phase: Phase = Phase.RACE,
    turn: int = 0,
    scoring: str = "race",
    deal_the_rest: bool = False,
    **options: Any,
) -> SteepleState:
    """A position after the deal: ``horses`` maps a colour to its owner's seat, ``at`` a colour to its
    progress, ``hands`` a seat to its cards, ``hurdles`` a colour to the mobile hurdles on its lane.
    With ``deal_the_rest``, the seats without a hand given get full hands from the rest of the deck
    (a bot's determinization has something to redraw)."""
    state = new_state(players, scoring, **options)
    m = material()
    state.undealt = [0] * TYPES
    for t in m.deck:
        state.undealt[t] += 1
    for seat, cards in (hands or {}).items():
        for text in cards:
            t = card(text)
            state.hands[seat][t] += 1
            state.undealt[t] -= 1
    for text in spread:
        t = card(text)
        state.spread[t] += 1
        state.undealt[t] -= 1
    assert min(state.undealt) >= 0, "the position needs more copies of a card than the deck has"
    hand, spread_size = state.game.deal_sizes()
    if deal_the_rest:
        pool = [t for t in range(TYPES) for _ in range(state.undealt[t])]
        for seat in range(players):
            if seat not in (hands or {}):
                for t in pool[:hand]:
                    state.hands[seat][t] += 1
                    state.undealt[t] -= 1
                pool = pool[hand:]
    for colour, seat in horses.items():
        state.owner[horse(colour)] = seat
    for colour, progress in (at or {}).items():
        state.pos[horse(colour)] = progress
    for colour, gaps in (hurdles or {}).items():
        h = horse(colour)
        for label in gaps:
            square = parse_gap(label)
            gap = 0 if square == 21 and state.pos[h] == 0 else square
            state.hurdles[h] |= 1 << gap
    state.dealt = players * hand + spread_size
    state.phase = phase
    state.turn = turn
    return state
