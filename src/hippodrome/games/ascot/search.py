"""Ascot's hooks for tree search (``SearchHooks``): a rollout policy that plays the heuristic bot's
rules on the state itself, without building an observation, and an evaluation of the race's
start.

The policy, phase by phase (``heuristic.py``): it exchanges and discards its weakest card and keeps
its hand when it may; it bids the minimum for a card while that stays under seven tenths of the
card's worth to it and a reserve of money remains; it rolls in training, joins the club when rich
enough, sells its cheapest card when it cannot pay; before the race it makes no offers and refuses
those it gets (unless the report saves its horse), enters its strongest horses, names the strongest
its favourite and bets a little on its favourite; as Bookmaker it takes a place bet at evens or
shorter; racing, it takes the move that gains the most ground (the post first), preferring a
square of the horse's colour and the rail, takes the extra lengths or sheds a disadvantage.

The evaluation ends a rollout when the race is about to start (« Départ »: the runners entered, the
bets made): each seat's chance of ending the richest, counted exactly over the first three places
under a Plackett-Luce order of the runners, each weighed by ``exp(RACE_STRENGTH * strength)`` of its
colour (black 4, red 3, yellow 2, blue 1), with the totalisator settled by the rules themselves on a
clone for each possible winner and the prizes split as the rules split them (``rules.prizes``). The
race's inscriptions, falls and disqualifications are in the fitted weight, not modelled one by one.
A position with private place bets (D40) plays on to the end.

The policy reads the determinization the search gives it (``resample_for``), never the real state.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
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
from hippodrome.games.ascot.rules import BANKER, AscotState, Phase, prizes

if TYPE_CHECKING:
    import random

CARD_WORTH: Final = tuple(WORTH[card.id] for card in M.cards)
"""Each card's worth to the heuristic, by its index."""
COLOUR_USES: Final = tuple(COLOURS_ACTIONS[use] for use in ("shed", "advantage_shed", "extra"))
COLOUR_USES_ALL: Final = (*COLOUR_USES, COLOURS_ACTIONS["advantage"])
RACE_STRENGTH: Final = 0.52
"""The Plackett-Luce weight of a colour's strength in the race: fitted by maximum likelihood on the
first three places of 300 two-player games played by the rollout policy (seeds 0 to 299, 8.5
runners a race on average; the weights of the advantages and disadvantages held, 0.05 and -0.04,
were left out as too small to matter). Reconstructed, not from the rulebook."""


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


def evaluate(state: State) -> Sequence[float] | None:
    """Each seat's chance of ending the richest, once the race is about to start (None elsewhere,
    and where private place bets wait for the race: the rollout plays on)."""
    assert isinstance(state, AscotState)
    if state.flow.phase is not Phase.RACE or state.places.slips:
        return None
    runners = [h for seat in state.runners for h in seat]
    n = state.game.num_players
    if not runners:
        return None
    strongest = max(horse_strength(h) for h in runners)
    weight = {h: math.exp(RACE_STRENGTH * (horse_strength(h) - strongest)) for h in runners}
    after_tote: dict[int, tuple[list[int], int]] = {}
    for winner in runners:
        settled = state.clone()
        assert isinstance(settled, AscotState)
        settled.settle_totalisator(winner)
        after_tote[winner] = (settled.money_, settled.bank)
    places = min(3, len(runners))
    chances = [0.0] * n
    for order, chance in _orders(weight, places):
        money, bank = after_tote[order[0]]
        cut, shares = prizes(bank, places)
        final = list(money)
        final[BANKER] += cut
        for h, prize in zip(order, shares, strict=False):
            final[state.owner(h)] += prize
        top = max(final)
        leaders = [p for p in range(n) if final[p] == top]
        for p in leaders:
            chances[p] += chance / len(leaders)
    return chances


def _orders(weight: dict[int, float], places: int) -> Iterator[tuple[tuple[int, ...], float]]:
    """Every order of ``places`` runners first past the post and its Plackett-Luce chance: each
    place goes to one of the runners left in proportion to its weight (each sum taken afresh, never
    by subtraction, so that a runner of tiny weight keeps its share)."""
    if places == 0:
        yield (), 1.0
        return
    total = sum(weight.values())
    for horse, w in weight.items():
        rest = {h: v for h, v in weight.items() if h != horse}
        for tail, chance in _orders(rest, places - 1):
            yield (horse, *tail), w / total * chance


HOOKS = SearchHooks(rollout=rollout, evaluate=evaluate, proven=False)
"""Not proven: the benchmark's 400 games have not been played (docs/analysis/bots.md)."""
