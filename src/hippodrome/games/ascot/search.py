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

The evaluation ends a rollout, once it has played ``DEPTH`` actions, at the first position it scores:
the race about to start (« Départ »: the runners entered, the bets made) or the die about to be
thrown for a horse in the race. It reads each seat's chance of ending the richest, counted exactly over the places
still to take under a Plackett-Luce order of the horses still racing (the horses past the post keep
their places), with the totalisator settled by the rules themselves on a clone for each possible
winner and the prizes split as the rules split them (``rules.prizes``). At the start each runner is
weighed by ``exp(RACE_STRENGTH * strength)`` of its colour (black 4, red 3, yellow 2, blue 1); in the
race by its colour, the lengths it is behind the leader and a fall it has still to sit out
(``RUNNING``). The race's inscriptions, falls to come and disqualifications are in the fitted
weights, not modelled one by one. A position with private place bets (D40) plays on to the end.

The policy reads the determinization the search gives it (``resample_for``), never the real state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hippodrome.engine import plackett_luce
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
from hippodrome.games.ascot.rules import (
    BANKER,
    CELL_END,
    PLACED,
    PROGRESS,
    TRACK,
    AscotState,
    Phase,
    prizes,
)

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
RUNNING: Final = (0.43, 0.25, 0.26, -1.6)
"""The Plackett-Luce log-weight of a horse in the race: ``strength * s - behind * b / (left + 1) ** p
+ fallen * f`` for ``(s, b, p, f)``, where ``behind`` is the lengths it has more to run than the
leader, ``left`` the lengths the horses still racing have left on average (a gap counts for less
the more race is left to close it) and ``fallen`` whether it sits out its next turn. Fitted by
maximum likelihood on the places still to take at the throws of the die in the races of 300
two-player games of the rollout policy (seeds 0 to 299; a first fit, whose games drew the dice
from a generator of their own: ``scripts/fit_ascot_race.py`` plays the same seeds with one
generator for both, and refits). On 200
other games (seeds 300 to 499, 18,318 throws) its negative log-likelihood is 4.58 a throw against
5.01 for the colours alone (``RACE_STRENGTH``). The likelihood is flat along the gap's weight and
scale: the script's own fit lands at (0.35, 0.14, 0.09, -1.15), a little better on the games it
was fitted on (4.714 against 4.729 a throw) and a little worse on the others (4.597). Reconstructed,
not from the rulebook."""
FINISH: Final = max(CELL_END)
"""Where the post stands, in the track's units of progress (the end of the course's last cell)."""
DEPTH: Final = 20
"""Actions a rollout plays before the evaluation may end it (about one throw of the die for every
runner of a two-player table, each throw with its move and colour square). It holds at the race's
start too: a decision fewer actions than this before the start (the runners, the favourite, the
bets) is scored at a throw in the race rather than at the start (slower and noisier; whether the
start's exact score should stand there whatever the depth is still to measure)."""


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


def candidates(state: State, player: Player, legal: Sequence[Action]) -> Sequence[Action]:
    """The moves worth comparing at the search's root: in an auction (the dead pile's, a sale's),
    passing and the least raise, since the auction is open and a higher bid only pays more for the
    same lot; elsewhere every legal move."""
    del player
    assert isinstance(state, AscotState)
    auction = state.auction
    if state.flow.phase is not Phase.AUCTION or auction is None:
        return legal
    return [action for action in (PASS, Bid(auction.minimum())) if action in legal]


def evaluate(state: State) -> Sequence[float] | None:
    """Each seat's chance of ending the richest, once the race is about to start or the die is
    about to be thrown for a horse (None elsewhere, and where private place bets wait for the race:
    the rollout plays on)."""
    assert isinstance(state, AscotState)
    phase = state.flow.phase
    if state.places.slips:
        return None
    if phase is Phase.RACE:
        runners = [h for seat in state.runners for h in seat]
        if not runners:
            return None
        strongest = max(horse_strength(h) for h in runners)
        return _chances(
            state, {h: RACE_STRENGTH * (horse_strength(h) - strongest) for h in runners}
        )
    if phase is not Phase.ROLL:
        return None
    racing = [h for seat in state.runners for h in seat if state.racing(h)]
    if not racing:
        return None
    s, b, p, f = RUNNING
    left = {h: _lengths_left(state.at[h]) for h in racing}
    ahead = min(left.values())
    scale = (sum(left.values()) / len(left) + 1.0) ** p
    return _chances(
        state,
        {
            h: s * horse_strength(h) - b * (left[h] - ahead) / scale + f * state.fallen[h]
            for h in racing
        },
    )


def _lengths_left(at: int) -> float:
    """The lengths a horse on ``at`` (a cell, or its start square) has left to the post."""
    return (FINISH - (PROGRESS[at] if at >= 0 else 0)) / TRACK.ticks_per_length


def _chances(state: AscotState, logits: dict[int, float]) -> list[float]:
    """Each seat's chance of ending the richest when the horses ``logits`` names (their
    Plackett-Luce log-weights) take the places still open in a Plackett-Luce order after those
    already past the post."""
    placed = tuple(state.placed)
    winners = placed[:1] or tuple(logits)
    places = min(PLACED, len(placed) + len(logits))
    # By winner: the money once the totalisator is settled (the Banker's cut added), the prizes.
    after_tote: dict[int, tuple[list[int], list[int]]] = {}
    for winner in winners:
        settled = state.clone()
        assert isinstance(settled, AscotState)
        settled.settle_totalisator(winner)
        cut, shares = prizes(settled.bank, places)
        money = list(settled.money_)
        money[BANKER] += cut
        after_tote[winner] = (money, shares)
    owner = {h: state.owner(h) for h in (*placed, *logits)}
    n = state.game.num_players
    chances = [0.0] * n
    for tail, chance in plackett_luce.orders(logits, places - len(placed)):
        order = placed + tail
        money, shares = after_tote[order[0]]
        final = list(money)
        for h, prize in zip(order, shares, strict=False):
            final[owner[h]] += prize
        top = max(final)
        leaders = [p for p in range(n) if final[p] == top]
        for p in leaders:
            chances[p] += chance / len(leaders)
    total = sum(chances)  # 1 but for rounding: a chance is never above 1
    return [min(1.0, chance / total) for chance in chances]


HOOKS = SearchHooks(
    rollout=rollout, evaluate=evaluate, depth=DEPTH, candidates=candidates, proven=True
)
"""Proven: at 200 ms a move the search won 66.5% of the benchmark's 400 games against the
heuristic (seeds 7000 to 7399, Wilson 95% interval 61.7–70.9%; docs/analysis/bots.md)."""
