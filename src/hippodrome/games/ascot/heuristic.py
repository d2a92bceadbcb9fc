"""An Ascot bot that plays sensibly and fast, from its seat's observation and the material only.

Market: it values each card by its face price, more for the strong colours (black, red) and the
businesses that earn in training, and bids for a card while the price stays under its value and a
reserve of money remains; it exchanges and discards its weakest cards, and never keeps both stables.
Training: it joins the club when rich enough and sells its cheapest card when it cannot pay. Before
the race it makes no offers and refuses those it gets; it enters its strongest horses, names the
strongest its favourite and bets a little on its favourite. Racing: it takes the move that gains the
most ground (the post first), preferring a square of the horse's colour and the rail, takes the extra
lengths or sheds a disadvantage (it must hold none when a horse of his passes the post).
"""

from __future__ import annotations

import random
from typing import ClassVar

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.bot import SeatView
from hippodrome.engine.lanetrack import LaneTrack
from hippodrome.engine.pool import PlaceBet
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
    Move,
    Run,
    Sell,
)
from hippodrome.games.ascot.material import material

M = material()
STRENGTH = {"black": 4, "red": 3, "yellow": 2, "blue": 1}
TRACK: LaneTrack = M.track()
PRICES = {c.id: c.price for c in M.cards}
WORTH = {
    c.id: c.price * (0.5 + 0.15 * STRENGTH[c.colour]) if c.is_horse else c.price * 0.9
    for c in M.cards
}
"""What a card is worth to the bot (an auction's ceiling)."""
RESERVE = 120_000


def horse_strength(horse: int) -> int:
    return STRENGTH[M.horse_colours[horse - 1]]


class AscotHeuristic:
    kind: ClassVar[str] = "heuristic"
    slow: ClassVar[bool] = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions())
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        me = view.player
        purses = obs["money"]
        assert isinstance(purses, list)
        money = int(purses[me])
        phase = obs["phase"]
        if phase in ("exchange", "discard"):
            cards = [a for a in legal if isinstance(a, Exchange | Discard)]
            if KEEP in legal and phase == "discard":
                return KEEP
            return min(cards, key=lambda a: WORTH[M.cards[a.card].id])
        if phase == "auction":
            auction = obs["auction"]
            assert isinstance(auction, dict)
            lot, low = str(auction["lot"]), auction["minimum"]
            assert isinstance(low, int)
            if Bid(low) in legal and low <= WORTH.get(lot, 0) * 0.7 and money - low > RESERVE:
                return Bid(low)
            return PASS
        if phase == "training":
            return ROLL
        if phase == "club":
            return JOIN if JOIN in legal and money > 150_000 else DECLINE
        if phase == "sale":
            sells = [a for a in legal if isinstance(a, Sell)]
            return min(sells, key=lambda a: PRICES.get(a.item, 0))
        if phase == "trading":
            return DONE
        if phase == "answer":
            if obs.get("danger") is not None and ACCEPT in legal:
                return ACCEPT  # a report that saves its horse from elimination or a fall
            return REFUSE if REFUSE in legal else ACCEPT
        if phase == "book":
            # As Bookmaker, it takes a place bet at evens or shorter (a third of the field places).
            places = obs["place_bets"]
            assert isinstance(places, dict)
            top, bottom = str(places["offer"]).split()[-1].split("/")
            return ACCEPT if ACCEPT in legal and int(top) <= int(bottom) else REFUSE
        if phase == "runners":
            runs = [a for a in legal if isinstance(a, Run)]
            return max(runs, key=lambda a: horse_strength(a.horse)) if runs else legal[0]
        if phase == "favourite":
            favs = [a for a in legal if isinstance(a, Favourite) and a.horse]
            return max(favs, key=lambda a: horse_strength(a.horse))
        if phase == "betting":
            return self._bet(obs, me, money, legal)
        if phase == "move":
            return max(legal, key=gain)
        if phase == "colour":
            for use in ("shed", "advantage_shed", "extra", "advantage"):
                if COLOURS_ACTIONS[use] in legal:
                    return COLOURS_ACTIONS[use]
            return COLOURS_ACTIONS["none"]
        if phase == "lane":
            return min((a for a in legal if isinstance(a, LaneChoice)), key=lambda a: a.lane)
        return legal[0]

    def _bet(self, obs: dict[str, object], me: int, money: int, legal: list[Action]) -> Action:
        called = obs["called"]
        favourites = obs["favourites"]
        assert isinstance(favourites, list)
        if called != favourites[me] or money < RESERVE:
            return PASS
        stake = min(money // 20 // 500 * 500, 20_000)
        bet = PlaceBet("win", (str(called),), stake)
        return bet if bet in legal else PASS


def gain(action: Action) -> float:
    """How good a move is to the heuristic: home first, then the ground it gains, a square of the
    horse's own colour, the inner lane (a function of the action alone)."""
    if not isinstance(action, Move) or action.square == 0:
        return -1.0
    if action.lane == 0:
        return 1e9
    cell = TRACK.cell(action.lane - 1, action.square - 1)
    colour = {"K": "black", "R": "red", "Y": "yellow", "B": "blue"}.get(
        M.lanes[action.lane - 1][action.square - 1]
    )
    bonus = 4 if colour == M.horse_colours[action.horse - 1] else 0
    return TRACK.progress(cell) / TRACK.ticks_per_length + bonus - 0.3 * action.lane
