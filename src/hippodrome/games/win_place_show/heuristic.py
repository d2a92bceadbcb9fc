"""A Win, Place & Show bot that plays sensibly, fast enough for thousands of simulated games.

Sale: it values each horse from its program (the purse it can expect at the odds' chances of
finishing first, and in the money) and writes a bid below that value; in a tie auction it raises
while the price stays under it. Betting: it reads each horse's chances of paying a win, a place and
a show bet off the tote board (D3: the prices were fitted to races where every horse is ridden to
win, with the track's take), a little higher for the horses it rides itself; it makes the win, place
and show bet whose estimate beats its price, when one does (:func:`estimates`, :func:`choices`), and
before race 1 the daily double that does. With the take, only its own horses can: it backs a horse
it rides when the board gives it less than a quarter's chance of paying. Riding: it rides to win,
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
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.bot import SeatView
from hippodrome.engine.pool import PlaceBet
from hippodrome.games.win_place_show.actions import (
    ACCEPT,
    DONE,
    NO_CLAIM,
    NO_JOCKEY,
    REJECT,
    SPURT,
    UPHOLD,
    Claim,
    Line,
    Ride,
    Sheet,
    parse_cell,
)
from hippodrome.games.win_place_show.material import Horse, Race, material
from hippodrome.games.win_place_show.phases import DOUBLE, KINDS
from hippodrome.games.win_place_show.race import HOME, LANE, LAP, STARTS
from hippodrome.games.win_place_show.tote import double_price

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
            made = [a for a in legal if isinstance(a, Claim) and a.made]
            return made[0] if made and claims(obs, view.player) else NO_CLAIM
        if phase == "jockey":
            return NO_JOCKEY
        if phase == "answer":
            return ACCEPT
        if phase == "ruling":
            return UPHOLD if any(move[2] >= 1 for move in obs["ruling"]["moves"]) else REJECT
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
        doubles = obs["race"] == 1 and not any(s["player"] == me for s in obs["doubles"])
        owned = tuple(h["owner"] == me for h in obs["horses"])
        wanted = bets(obs["race"] - 1, owned, obs["money"][me], doubles)
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
"""How much better the bot holds the odds of paying (p / (1 - p)) of a horse it rides itself than
the tote board says: the board is fitted to races where every horse is ridden to win, but the other
seats may ride theirs worse (or for another horse's sake, §8); the bot knows it rides its own to
win."""


def estimates(race: Race, mine: Sequence[bool]) -> list[tuple[float, float, float]]:
    """Each horse's chances of paying a win, a place and a show bet (finishing first, in the first
    two, in the first three), ``mine`` saying which horses the bot rides itself. What the tote board
    says (D3): a price was fitted as the take's share of $1,000 over the chance, so the take's share
    over the price gives the chance back (a little high, the fit being careful); for the bot's own
    horses the odds of paying (p / (1 - p)) are raised by ``OWN_EDGE``."""
    share = M.price_per * (100 - M.take) / 100
    found: list[tuple[float, float, float]] = []
    for horse, own in zip(race.horses, mine, strict=True):
        win, place, show = (min(1.0, share / price) for price in horse.prices)
        if own:
            win, place, show = (OWN_EDGE * p / (1 - p + OWN_EDGE * p) for p in (win, place, show))
        found.append((win, place, show))
    return found


@cache
def choices(
    race_index: int, mine: tuple[bool, ...], doubles: bool
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The bets the bot wants in race ``race_index`` (from 0), as (kind, horses): for each kind,
    the horse whose estimated chance times its price beats the stake by most, if one does; and with
    ``doubles`` (before race 1, none written yet) the daily double that does, on race 2's
    favourite at the board's chance (the sale of race 2 is still to come)."""
    race = M.races[race_index]
    chances = estimates(race, mine)
    per = M.price_per
    found: list[tuple[str, tuple[str, ...]]] = []
    for k, kind in enumerate(KINDS):
        gain, hid = max(
            (p[k] * h.prices[k] / per - 1, h.id) for h, p in zip(race.horses, chances, strict=True)
        )
        if gain > 0:
            found.append((kind, (hid,)))
    if doubles:
        # Race 2's horse: the bot has no edge there (its horses are not sold yet) and every price
        # holds the take, so it takes the board's favourite: the same return at the least risk.
        second = min(M.races[1].horses, key=lambda h: (h.prices[0], h.number))
        q = min(1.0, M.price_per * (100 - M.take) / 100 / second.prices[0])
        gain, hid = max(
            (p[0] * q * double_price(M, a, second) / per - 1, a.id)
            for a, p in zip(race.horses, chances, strict=True)
        )
        if gain > 0:
            found.append((DOUBLE, (hid, second.id)))
    return tuple(found)


def bets(race_index: int, mine: tuple[bool, ...], money: int, doubles: bool) -> list[PlaceBet]:
    """The bot's bets (``choices``), each at a twentieth of its money in $1,000 (at least $1,000),
    a daily double at $1,000."""
    stake = max(M.bet_unit, money // 20 // M.bet_unit * M.bet_unit)
    return [
        PlaceBet(kind, horses, M.bet_unit if kind == DOUBLE else stake)
        for kind, horses in choices(race_index, mine, doubles)
    ]


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
