"""Ascot's hooks for tree search (``SearchHooks``): a rollout policy that plays the heuristic bot's
rules on the state itself, without building an observation.

The policy, phase by phase (``heuristic.py``): it exchanges and discards its weakest card and keeps
its hand when it may; it bids the minimum for a card while that stays under seven tenths of the
card's worth to it and a reserve of money remains; it rolls in training, joins the club when rich
enough, sells its cheapest card when it cannot pay; before the race it makes no offers and refuses
those it gets (unless the report saves its horse), enters its strongest horses, names the strongest
its favourite and bets a little on its favourite; as Bookmaker it takes a place bet at evens or
shorter; racing, it takes the move that gains the most ground (the post first), preferring a
square of the horse's colour and the rail, takes the extra lengths or sheds a disadvantage.

No evaluation: Ascot is one race, the end of the game (« Les paris », « Départ »), so there is no
earlier end of a race to cut a rollout at, and money alone before the race leaves out the horses
and bets that decide it. A rollout runs to the end of the game, which the cheap policy makes fast
(an auction ends at the first pass of everyone not wanting the card, instead of random raises).

The policy reads the determinization the search gives it (``resample_for``), never the real state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.bot import SearchHooks
from hippodrome.engine.game import State
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.types import Player
from hippodrome.games.ascot.actions import (
    ACCEPT,
    COLOURS_ACTIONS,
    DECLINE,
    DONE,
    JOIN,
    KEEP,
    REFUSE,
    ROLL,
    Discard,
    Exchange,
    Favourite,
    LaneChoice,
    Run,
    Sell,
)
from hippodrome.games.ascot.heuristic import PRICES, RESERVE, WORTH, M, gain, horse_strength
from hippodrome.games.ascot.rules import AscotState, Phase

if TYPE_CHECKING:
    import random

CARD_WORTH: Final = tuple(WORTH[card.id] for card in M.cards)
"""Each card's worth to the heuristic, by its index."""
COLOUR_USES: Final = tuple(COLOURS_ACTIONS[use] for use in ("shed", "advantage_shed", "extra"))
COLOUR_USES_ALL: Final = (*COLOUR_USES, COLOURS_ACTIONS["advantage"])


def rollout(state: State, player: Player, rng: random.Random) -> Action:
    """The action ``player`` plays in a rollout of ``state`` (an Ascot state)."""
    assert isinstance(state, AscotState)
    legal: Sequence[Action] = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    phase = state.flow.phase
    money = state.money_[player]
    if phase is Phase.MOVE:
        return max(legal, key=gain)
    if phase is Phase.ROLL or phase is Phase.TRAINING:
        return ROLL if ROLL in legal else legal[0]
    if phase is Phase.AUCTION:
        auction = state.auction
        assert auction is not None
        low = auction.minimum()
        bid = Bid(low)
        if low <= WORTH.get(auction.lot, 0) * 0.7 and money - low > RESERVE and bid in legal:
            return bid
        return PASS
    if phase is Phase.EXCHANGE or phase is Phase.DISCARD:
        if phase is Phase.DISCARD and KEEP in legal:
            return KEEP
        cards = [a for a in legal if isinstance(a, Exchange | Discard)]
        return min(cards, key=lambda a: CARD_WORTH[a.card]) if cards else legal[0]
    if phase is Phase.CLUB:
        return JOIN if JOIN in legal and money > 150_000 else DECLINE
    if phase is Phase.SALE:
        sells = [a for a in legal if isinstance(a, Sell)]
        return min(sells, key=lambda a: PRICES.get(a.item, 0)) if sells else legal[0]
    if phase is Phase.TRADING:
        return DONE if DONE in legal else legal[0]
    if phase is Phase.ANSWER:
        if state.danger is not None and ACCEPT in legal:
            return ACCEPT
        return REFUSE if REFUSE in legal else ACCEPT
    if phase is Phase.BOOK:
        wager = state.wager
        if wager is not None and ACCEPT in legal:
            top, bottom = wager.odds.split("/")
            if int(top) <= int(bottom):
                return ACCEPT
        return REFUSE if REFUSE in legal else legal[0]
    if phase is Phase.RUNNERS:
        runs = [a for a in legal if isinstance(a, Run)]
        return max(runs, key=lambda a: horse_strength(a.horse)) if runs else legal[0]
    if phase is Phase.FAVOURITE:
        favs = [a for a in legal if isinstance(a, Favourite) and a.horse]
        return max(favs, key=lambda a: horse_strength(a.horse)) if favs else legal[0]
    if phase is Phase.BETTING:
        called = state.called
        if not called or state.favourite[player] != called or money < RESERVE:
            return PASS if PASS in legal else legal[0]
        stake = min(money // 20 // 500 * 500, 20_000)
        bet = PlaceBet("win", (f"h{called}",), stake)
        return bet if bet in legal else (PASS if PASS in legal else legal[0])
    if phase is Phase.COLOUR:
        for use in COLOUR_USES_ALL:
            if use in legal:
                return use
        return COLOURS_ACTIONS["none"]
    if phase is Phase.LANE:
        lanes = [a for a in legal if isinstance(a, LaneChoice)]
        return min(lanes, key=lambda a: a.lane) if lanes else legal[0]
    return legal[0]  # as the heuristic: no private place bet offered (D40)


HOOKS = SearchHooks(rollout=rollout, proven=False)
"""Not proven: the benchmark's 400 games have not been played (docs/analysis/bots.md)."""
