"""What a horse of the programme is worth to a player, for the board's bid helper and betting slip
(issue 34): public numbers of the printed programme, the same for every seat, sent once with the
board's static data (``view.board_data``). No rule reads them; the bots keep their own estimates
(``heuristic.py``).

**Chances.** A horse at odds N to 1 wins about one race in N + 1 (the data check holds the odds to
the races run by the rules, ``calibration.odds_problems``). Those win chances, scaled to sum to one,
are the weights of a Plackett-Luce model (``engine.plackett_luce``): each place goes to one of the
horses left in proportion to its weight. Its chances of finishing first, in the first two and in
the first three are the horse's chances of paying a win, a place and a show bet (D2).

**Worth.** The purse is shared by the first four (60, 20, 12 and 8 percent, D1): the purse a horse
can expect is each place's share times its chance of that place. The suggested secret bid (§9) is
four fifths of it, rounded down to the bids' $500: bought at that price, the horse pays for itself
on average with a margin, before any bet on it.

**Daily doubles.** Each pair of a horse of race 1 and one of race 2 with its price for $1,000, the
tote's (``tote.double_price``, D4), and its chance, both horses winning.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from hippodrome.engine.plackett_luce import orders
from hippodrome.engine.types import JSONObject
from hippodrome.games.win_place_show.material import Race, material
from hippodrome.games.win_place_show.tote import double_price

MARGIN: Final = 0.8
"""The suggested bid's share of the purse a horse can expect."""
KINDS: Final = ("win", "place", "show")


def place_chances(race: Race) -> dict[str, list[float]]:
    """Each horse's chances (by id) of finishing first, second, third and fourth: the Plackett-Luce
    model whose weights are the win chances the odds imply, scaled to sum to one."""
    implied = {h.id: 1 / (h.odds + 1) for h in race.horses}
    total = sum(implied.values())
    logits = {hid: math.log(p / total) for hid, p in implied.items()}
    places = len(material().purse_split)
    found = {hid: [0.0] * places for hid in implied}
    for order, chance in orders(logits, places):
        for place, hid in enumerate(order):
            found[hid][place] += chance
    return found


@cache
def race_worth(index: int) -> tuple[JSONObject, ...]:
    """For each horse of race ``index`` (from 0) in programme order: its chances of paying a win, a
    place and a show bet (three decimals), the purse it can expect and the suggested secret bid."""
    m = material()
    race = m.races[index]
    chances = place_chances(race)
    found: list[JSONObject] = []
    for horse in race.horses:
        by_place = chances[horse.id]
        worth = sum(
            p * race.purse * share / 100 for p, share in zip(by_place, m.purse_split, strict=True)
        )
        suggested = int(worth * MARGIN) // m.bid_unit * m.bid_unit
        paying = [sum(by_place[:n]) for n in (1, 2, 3)]
        found.append(
            {
                "chances": {k: round(p, 3) for k, p in zip(KINDS, paying, strict=True)},
                "worth": round(worth),
                "suggested": suggested,
            }
        )
    return tuple(found)


@cache
def doubles() -> JSONObject:
    """Every daily double, as ``"first+second"`` (horse ids of races 1 and 2): its price for $1,000
    (D4, ``tote.double_price``) and its chance of paying, both horses winning their races (the two
    races run apart: the product of their win chances, three decimals)."""
    m = material()
    first, second = race_worth(0), race_worth(1)
    found: JSONObject = {}
    for a, wa in zip(m.races[0].horses, first, strict=True):
        for b, wb in zip(m.races[1].horses, second, strict=True):
            chance = _win(wa) * _win(wb)
            found[f"{a.id}+{b.id}"] = {"price": double_price(m, a, b), "chance": round(chance, 3)}
    return found


def _win(worth: JSONObject) -> float:
    chances = worth["chances"]
    assert isinstance(chances, dict)
    win = chances["win"]
    assert isinstance(win, float)
    return win
