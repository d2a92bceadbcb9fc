"""A Win, Place & Show bot that plays sensibly, fast enough for thousands of simulated games.

Sale: it values each horse from its program (the purse it can expect at the odds' chances of
finishing first, and in the money) and writes a bid below that value; in a tie auction it raises
while the price stays under it. Betting: it estimates each horse's chances from its odds (fitted to
races where every horse is ridden to win), a little higher for the horses it rides itself, and each
horse's chance of finishing in the first two and three from those (Harville's formula); it makes the
win, place and show bet whose estimate beats what the bet pays, when one does (:func:`estimates`),
and a small daily double on the two favourites. Riding: it rides to win,
home if it can, else the farthest square, the rail on equal ground, and takes the apprentice's two
squares at once (two squares are worth as much now as later).

Claims (§8): a claim is upheld when the move was below the horse's best (D21: every claim window
opens after such a move) and its owner bet on another horse that finishes ahead. The second half is
unknown when the claim must be made, but it is impossible when the owner wrote no bet this race,
which is public (D17); else the bot takes it as likelier the more ground the rider gave up. It
claims when the stake it would get back at that likelihood outweighs the $2,000 fine it risks
(:func:`claims`). As the steward seat it rules a claim justified when the move gave up a square or
more; as an owner it rides its horses itself; asked to ride, it accepts and rides to win.

It sees only its seat's observation, and draws only from the generator it is given.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.bot import SeatView
from hippodrome.engine.pool import PlaceBet
from hippodrome.games.win_place_show.actions import (
    ACCEPT,
    CLAIM,
    DONE,
    NO_CLAIM,
    NO_JOCKEY,
    REJECT,
    SPURT,
    UPHOLD,
    Line,
    Ride,
    Sheet,
    parse_cell,
)
from hippodrome.games.win_place_show.material import Horse, material
from hippodrome.games.win_place_show.race import HOME, LANE, LAP, STARTS

M: Final = material()
HORSES: Final = {h.id: (r, h) for r in M.races for h in r.horses}


def value(horse: Horse, purse: int) -> int:
    """What owning ``horse`` is worth in a race of ``purse``: its share of the purse at the chances
    its odds imply (first: 1/(N+1); in the first four about three times that), less a margin."""
    p = 1 / (horse.odds + 1)
    share = purse * (M.purse_split[0] * p + sum(M.purse_split[1:]) * min(1.0, 2.5 * p)) / 100
    return int(share * 0.8) // M.bid_unit * M.bid_unit


class WinPlaceShowHeuristic:
    kind: ClassVar[str] = "heuristic"
    slow: ClassVar[bool] = False

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions())
        obs = view.observation()
        phase = obs["phase"]
        if phase == "riding":
            return self._ride(obs, legal)
        if phase == "sheet":
            return self._sheet(obs, legal, view.player)
        if phase == "bidding":
            return self._raise(obs, legal)
        if phase == "betting":
            return self._bet(obs, legal, view.player)
        if phase == "claim":
            return CLAIM if CLAIM in legal and claims(obs, view.player) else NO_CLAIM
        if phase == "jockey":
            return NO_JOCKEY
        if phase == "answer":
            return ACCEPT
        if phase == "ruling":
            return UPHOLD if any(lost >= 1 for _, _, lost in obs["ruling"]["moves"]) else REJECT
        return rng.choice(legal)

    def _sheet(self, obs: dict[str, Any], legal: list[Action], me: int) -> Action:
        first = legal[0]
        assert isinstance(first, Sheet)
        race, horse = HORSES[first.horse]
        cap = obs["money"][me] // 3
        want = min(value(horse, race.purse), cap) // M.bid_unit * M.bid_unit
        for action in legal:
            if isinstance(action, Sheet) and action.amount == want:
                return action
        return first

    def _raise(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        lot = obs["auction"]["lot"]
        race, horse = HORSES[lot]
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and bids[0].amount <= value(horse, race.purse):
            return bids[0]
        return PASS

    def _bet(self, obs: dict[str, Any], legal: list[Action], me: int) -> Action:
        mine = [s for s in obs["slips"] if s["player"] == me]
        doubles = [s for s in obs["doubles"] if s["player"] == me]
        race = M.races[obs["race"] - 1]
        mine_ridden = {h["id"] for h in obs["horses"] if h["owner"] == me}
        favourite = min(race.horses, key=lambda h: h.odds)
        stake = max(M.bet_unit, obs["money"][me] // 20 // M.bet_unit * M.bet_unit)
        wanted: list[PlaceBet] = []
        chances = estimates([(h.id, h.odds, h.id in mine_ridden) for h in race.horses])
        for kind, places in (("win", 0), ("place", 1), ("show", 2)):
            gain, hid = max(
                (p[places] * (1 + h.odds / M.divisors[kind]) - 1, h.id)
                for h, p in zip(race.horses, chances, strict=True)
            )
            if gain > 0:
                wanted.append(PlaceBet(kind, (hid,), stake))
        if obs["race"] == 1 and not doubles:
            second = min(M.races[1].horses, key=lambda h: h.odds)
            wanted.append(PlaceBet("double", (favourite.id, second.id), M.bet_unit))
        line = obs["line"]
        if line is not None:  # the stake of the line begun
            for bet in wanted:
                if (bet.bet, list(bet.horses)) == (line["bet"], line["horses"]) and bet in legal:
                    return bet
            return next(a for a in legal if isinstance(a, PlaceBet))
        taken = {s["kind"] for s in mine}
        for bet in wanted:
            begin = Line(bet.bet, bet.horses)
            if bet.bet not in taken and begin in legal and bet.stake <= obs["money"][me] // 2:
                return begin
        return DONE

    def _ride(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        if SPURT in legal:
            return SPURT
        rides = [a for a in legal if isinstance(a, Ride)]
        here = next(h["cell"] for h in obs["horses"] if h["id"] == obs["moving"])
        return max(rides, key=lambda a: ride_key(here, a.cell))


OWN_EDGE: Final = 1.25
"""How much likelier the bot holds a horse it rides itself to win than its odds say: the odds
assume every rider runs to win; the bot knows it does."""


def estimates(field: list[tuple[str, int, bool]]) -> list[tuple[float, float, float]]:
    """Each horse's chances of finishing first, in the first two, in the first three: ``field``
    holds (horse, odds N to 1, ridden by the bot). First from the odds, 1/(N + 1), raised by
    ``OWN_EDGE`` for the bot's own horses and scaled to sum to 1; then the others by Harville's
    formula (a horse's chance of being second is its chance of winning among the rest)."""
    raw = [(OWN_EDGE if mine else 1.0) / (odds + 1) for _, odds, mine in field]
    total = sum(raw)
    win = [x / total for x in raw]
    n = len(win)
    second = [0.0] * n
    third = [0.0] * n
    for i in range(n):
        for j in range(n):
            if j == i:
                continue
            pj = win[j]
            second[i] += pj * win[i] / (1 - pj)
            for k in range(n):
                if k in (i, j):
                    continue
                pk = win[k]
                third[i] += pj * pk / (1 - pj) * win[i] / (1 - pj - pk)
    return [(win[i], win[i] + second[i], win[i] + second[i] + third[i]) for i in range(n)]


def claims(obs: dict[str, Any], me: int) -> bool:
    """Whether a claim against the owner of the horse just moved pays on average (§8, D22): upheld
    (likelihood ``p``), the stake on the horse comes back; rejected, the fine is paid. ``p`` is 0
    when the owner wrote no bet this race (he cannot have backed a horse ahead of his), else it
    grows with the squares the rider gave up below the horse's best move."""
    window = obs["window"]
    if window is None or window["lost"] < 1:
        return False
    owner = window["owner"]
    if owner is None or not any(s["player"] == owner for s in obs["slips"]):
        return False
    stake = sum(
        s["stake"] for s in obs["slips"] if s["player"] == me and window["horse"] in s["horses"]
    )
    p = min(0.9, 0.3 + 0.1 * window["lost"])
    return bool(p * stake > (1 - p) * M.claim_fine)


def ride_key(here: int, cell: int) -> tuple[int, int]:
    """How good ending on ``cell`` is for a horse on ``here``: home first, then the ground gained
    (ticks forward round the lap), then the inner lane."""
    if cell == HOME:
        return (2 * LAP, 0)
    return ((STARTS[cell] - STARTS[here]) % LAP, -LANE[cell])


__all__ = ["WinPlaceShowHeuristic", "claims", "parse_cell", "value"]
