"""How long a game can last: the most actions, chance outcomes included, that a game with given
options can take (``WinPlaceShow.max_length``; the manifest's ``Traits.max_length`` is the most over
every option set). The argument is written beside each term below and in the rules document
("How long a game lasts", D35).

A game is six races (§1), and every phase of a race has a count that only goes one way: the horses
on sale and the sheets' lines, the seats asked about a jockey, the slip's three lines (before race 1
the daily doubles, each $1,000 at least of the money a seat started with), the seats that answer a
claim, the horses ruled on. Two things could go on: the open auction between seats tied on a horse
(§9), whose raises of $500 stop only at a seat's money, which the bets make grow race after race
without a bound; the engine closes it after ``TIE_RAISES`` raises (D35, not the seed's). And the
race's turns, which the rules do bound (``turns_at_most``): the horse in front always has its way
free, and every step gains ground.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hippodrome.games.win_place_show.material import Race, material
from hippodrome.games.win_place_show.race import (
    CELLS,
    DIAGONALS,
    FINISH,
    FORWARD,
    LAP,
    STARTS,
    progress,
    start_cells,
)

if TYPE_CHECKING:
    from hippodrome.games.win_place_show.rules import WinPlaceShow

M: Final = material()
TIE_RAISES: Final = 100
"""D35: an open auction between tied seats closes on its hundredth raise, $50,000 above the tied
bid (the whole of a player's starting money, more than the richest purse), and that raise buys."""
HOME: Final = 4
"""§7: « on continue à jouer jusqu'à l'arrivée des 4 premiers chevaux »."""


def _gain(cell: int, to: int) -> int:
    """The ground (the rail's ticks) a step from ``cell`` to ``to`` gains."""
    return (STARTS[to] - STARTS[cell]) % LAP


STEP_GAIN: Final = min(_gain(c, to) for c in range(CELLS) for to in (FORWARD[c], *DIAGONALS[c]))
"""The least ground one step gains: straight on round the outside of a turn, where a lane's squares
are the longest (15 of the rail's squares over 19)."""


def turns_at_most(race: Race) -> int:
    """The most turns ``race`` can take (§6, §7).

    Take the frontmost horse still on the oval when a turn begins. Nothing stands on the squares
    ahead of it in its lane, each a step's ground further on than the last. So when its move comes,
    either a horse that moved before it this turn already stands a step's ground beyond where it
    was, or its way is free: it can run its whole total straight on, so its legal ends are found
    without D8 and each is a step on at least (a stop short, D7, still leaves one). Either way a turn
    that brings no horse home takes the frontmost horse on the oval ``STEP_GAIN`` further at least;
    no horse ever goes back, and none on the oval has reached the line. Between two turns that bring
    horses home come at most (the line - the hindmost start) / ``STEP_GAIN`` others, and four turns
    that bring horses home bring the first four (§7)."""
    lowest = min(progress(cell, lap) for cell, lap in start_cells(race))
    stretch = (FINISH[race.number - 1] - lowest - 1) // STEP_GAIN
    return HOME * (stretch + 1)


def race_at_most(game: WinPlaceShow, index: int) -> int:
    """The most actions the race ``index`` (from 0) takes, from its call to the next one's."""
    n = game.num_players
    race = M.races[index]
    horses = len(race.horses)
    # §12, quick version: each seat rolls its stable before race 1 (chance, a roll each).
    stables = n if game.options.quick and index == 0 else 0
    # §9: a sheet line per seat and horse on sale; a tie reopens as an open auction where each seat
    # passes once at most, TIE_RAISES raises at most (D35), and a die if nobody raises.
    sale = n * horses + horses * (TIE_RAISES + n + 1)
    # §10, D23, D24: each owner asks a jockey once, or says he needs none; the seat asked answers.
    jockeys = 2 * n
    # §10, §11: each line of a slip is begun, then staked, and the slip closed (« done »): three lines
    # a race (one of each kind), and before race 1 any number of daily doubles, each $1,000 at
    # least out of money no seat has more of than it started with (the sale only takes).
    money = M.quick_money if game.options.quick else M.money
    lines = money // M.bet_unit if index == 0 else M.bets_per_race
    betting = n * (2 * lines + 1)
    # §6: a turn is the dice (chance), then each horse on the oval is ridden once by its owner and
    # every other seat answers the claim window the ride may open (§8, D21): n actions a horse at
    # most (the steward's rides are no one's action); each apprentice spurts once a race.
    race_turns = turns_at_most(race) * (1 + horses * n) + horses
    # D27: a steward seat rules once on each horse claimed against.
    rulings = horses
    return stables + sale + jockeys + betting + race_turns + rulings


def max_length(game: WinPlaceShow) -> int:
    """The most actions a game with ``game``'s options can take: its six races."""
    return sum(race_at_most(game, i) for i in range(len(M.races)))
