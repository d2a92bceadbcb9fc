"""Helpers that set up Ascot positions for the scenario tests: a deal in a chosen order (the deal is a
chance node, so the tests choose its outcomes), and the market played to the training."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS
from hippodrome.engine.types import CHANCE, Player
from hippodrome.games.ascot.actions import (
    CARD_IDS,
    DICE,
    DONE,
    KEEP,
    NO_FAVOURITE,
    ROLL,
    Deal,
    Exchange,
    Favourite,
    Starter,
)
from hippodrome.games.ascot.rules import Ascot, AscotState, Phase, hand_size


def card(name: str) -> int:
    return CARD_IDS.index(name)


def dealt(
    players: int, hands: Mapping[int, Sequence[str]], dead: Sequence[str] = (), **options: Any
) -> AscotState:
    """A table of ``players`` dealt exactly ``hands`` (seat: card ids) and the dead pile ``dead``
    (top first; the cards named nowhere go under it in their printed order)."""
    state = Ascot.from_options(players=players, **options).new_initial_state()
    k = hand_size(players)
    named = [c for h in hands.values() for c in h] + list(dead)
    rest = [c for c in CARD_IDS if c not in named]
    order: list[str] = []
    for i in range(k * players):
        seat = (1 + i) % players
        order.append(hands[seat][i // players])
    order += list(dead) + rest
    for c in order:
        state.apply(Deal(card(c)), CHANCE)
    return state


def play(state: AscotState, *moves: tuple[Player, str]) -> AscotState:
    for seat, text in moves:
        state.apply(state.game.parse_action(text), seat)
    return state


def act(state: AscotState, action: Action) -> None:
    player = state.active_players()[0]
    state.apply(action, player)


def exchange_first_cards(state: AscotState) -> None:
    """Every seat exchanges the first card it may."""
    while state.phase is Phase.EXCHANGE:
        seat = state.active_players()[0]
        first = state.legal_actions(seat)[0]
        assert isinstance(first, Exchange)
        state.apply(first, seat)


def keep_all(state: AscotState) -> None:
    while state.phase is Phase.DISCARD:
        act(state, KEEP)


def nobody_buys(state: AscotState) -> None:
    while state.phase is Phase.AUCTION:
        act(state, PASS)


THREE = {
    0: ["h1", "h2", "bookmaker", "h9", "h10"],
    1: ["commissaire_priseur", "h3", "h4", "ecurie_walroy", "h11"],
    2: ["h5", "h6", "marechal_ferrant", "h7", "h8"],
}
DEAD = ["h12", "ecurie_stevens", "commissaire_du_club", "veterinaire", "marchand_de_fourrage"]


def training(dead: Sequence[str] = tuple(DEAD), **options: Any) -> AscotState:
    """Three players at the training, nobody buying at the sale. With the default dead pile: seat 0
    holds h2, h9, h10, the Bookmaker and the club commissioner's card (he throws first, a member);
    seat 1 the auctioneer's card, h4, h11, h12 and Walroy's stable; seat 2 h6, h7, h8, the farrier
    and Stevens's stable. h1, h3, h5, the vet and the forage merchant leave the game unsold."""
    state = dealt(3, THREE, dead, **options)
    state.apply(Exchange(card("h3")), 1)
    state.apply(Exchange(card("h5")), 2)
    state.apply(Exchange(card("h1")), 0)
    keep_all(state)
    nobody_buys(state)
    assert state.phase is Phase.TRAINING
    return state


def no_transactions(state: AscotState) -> None:
    """The player in turn, his horses moved in the training, makes no offer (D41)."""
    if state.phase is Phase.TRADING and state.in_training():
        act(state, DONE)


def trading(**options: Any) -> AscotState:
    """The default training table (see ``training``) with every horse home: seat 0 owns h2, h9,
    h10; seat 1 h4, h11, h12; seat 2 h6, h7, h8. The players may trade."""
    state = training(**options)
    for horse in range(1, 13):
        if state.square[horse] >= 0:
            state.square[horse] = 38
    for _ in range(3):
        state.apply(ROLL, state.active_players()[0])
        state.apply(DICE[2], CHANCE)
        no_transactions(state)
    assert state.phase is Phase.TRADING
    return state


def preliminaries(**options: Any) -> AscotState:
    """As ``trading``, every player declining to trade: the owners enter their runners."""
    state = trading(**options)
    while state.phase is Phase.TRADING:
        act(state, DONE)
    assert state.phase is Phase.RUNNERS
    return state


def betting(favourites: Mapping[int, int] | None = None, **options: Any) -> AscotState:
    """As ``preliminaries``, every owner running his first horses: the Bookmaker (seat 0) reads
    the first runner."""
    state = preliminaries(**options)
    while state.phase in (Phase.RUNNERS, Phase.FAVOURITE):
        seat = state.active_players()[0]
        if state.phase is Phase.RUNNERS:
            state.apply(state.legal_actions(seat)[0], seat)
        else:
            horse = (favourites or {}).get(seat, 0)
            state.apply(Favourite(horse) if horse else NO_FAVOURITE, seat)
    assert state.phase is Phase.BETTING
    return state


def race(first: int = 0, favourites: Mapping[int, int] | None = None) -> AscotState:
    """The default table at the race, nobody betting: seat 0 runs h2, h9, h10; seat 1 h4, h11, h12;
    seat 2 h6, h7, h8; ``favourites`` named; ``first`` starts. The state waits for the first die."""
    state = betting(favourites)
    while state.phase is Phase.BETTING:
        act(state, PASS)
    assert state.phase is Phase.RACE
    state.apply(Starter(first), CHANCE)
    assert state.phase_name() == "roll"
    return state
