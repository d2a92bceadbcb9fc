"""How long a game can last: the most actions, chance outcomes included, that a game with given
options can take (``Ascot.max_length``; the manifest's ``Traits.max_length`` is the most over every
option set), and the three limits the engine adds so that every game ends (D47 to D49, not the
seed's). The argument is written beside each term below and in the rules document ("How long a game
lasts").

The seed lets three things go on without end: a club member may take reports before his throw as
long as he likes (D19), and a horse sent back by the frost (D5) or a report may never come home from
the training; in the race a fallen horse waits for a six (D34) and the post is passed only by the
exact count (D6). So a member takes ``MEMBER_REPORTS`` at most before a throw (D47), the training is
called after ``TRAINING_ROUNDS`` rounds (D48) and the race after ``RACE_ROUNDS`` (D49). Everything
else has a count that only goes one way: the twenty cards dealt, exchanged and discarded once, the
players' money (nothing comes in from outside before the race is over, so a bid never passes their
whole money), each item a debtor offers once a debt (D17), the offers each player makes (D29, D40,
D41), the runners and the Bookmaker's calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hippodrome.games.ascot.material import material

if TYPE_CHECKING:
    from hippodrome.games.ascot.rules import Ascot

M: Final = material()
MEMBER_REPORTS: Final = sum(len(deck) for deck in M.reports.values())
"""D47: the most reports a club member takes before one throw: as many as the three decks hold (30),
by which he has read every report once."""
TRAINING_ROUNDS: Final = 2 * M.training_length
"""D48: the training is called at the end of its 80th round, two for every square of the loop (40), as
the race is (D49): a throw takes a horse two squares on at least, so a horse nothing sends back is
home within 20."""
RACE_ROUNDS: Final = 2 * sum(1 for cell in M.track().cells if cell.lane == 0)
"""D49: the race is called at the end of its 92nd round, two for every length of the course at the
rail (46), as Toques et Casques' races are (its D32)."""
HORSES: Final = 12
OFFERS_EACH: Final = 3
"""D29, D40: three offers a player before the race (``rules.OFFERS_EACH``)."""


def debt_at_most(players: int) -> int:
    """The most actions one debt takes (D17): the debtor offers each of his items once (his cards,
    his kept reports), and each is cried from his left, every other seat passing once at most. A
    sale that leaves him short of the fee is followed by another, so the prices of all but the last
    sale add up to less than the fee; the bids of an auction climb by ``increment`` to its price, and
    the last one's price is at most the players' money."""
    items = len(M.cards) + sum(1 for deck in M.reports.values() for r in deck if r.effect == "keep")
    fees = [s.amount for s in M.squares.values()]
    fee = max(fees + [r.amount for deck in M.reports.values() for r in deck])
    return items * players + fee // M.increment + bids_at_most(players)


def bids_at_most(players: int) -> int:
    """The most bids of one open auction: from the floor by the increment (Frs 500), never above the
    bidder's money, and the players never hold more between them than they were given."""
    return M.money_each * players // M.increment


def training_turn_at_most(players: int) -> int:
    """The most actions one player's turn of the training takes."""
    debt = debt_at_most(players)
    # D19, D47: a member's reports before his throw, each asked for, read off its deck (chance) and
    # obeyed, a fee it asks for paid by a debt at most.
    reports = MEMBER_REPORTS * (2 + debt)
    # The throw (his gesture, then the chance), then each of his horses on the loop moved: the club
    # square asks him to join (or a report is read off its deck), a fee is paid by a debt at most.
    throw = 2 + HORSES * (1 + debt)
    # D41: his transactions, one offer a turn, its answer, then « done ».
    return reports + throw + 3


def offers_at_most(players: int) -> int:
    """A round of offers (D29, D40): three offers a player at most, each answered; ``done`` said
    fewer than a round of times between two offers, then a whole round."""
    offers = OFFERS_EACH * players
    return 2 * offers + players * (offers + 1)


def max_length(game: Ascot) -> int:
    """The most actions a game with ``game``'s options can take."""
    n = game.num_players
    hand = len(M.cards) // (n + 1)
    # La donne: twenty cards dealt (chance); one forced exchange each; discards, then « keep ».
    market = len(M.cards) + n + n * (hand + 1)
    # Vente aux enchères: the prices go to the Bank for good, so the bids of every lot add up to
    # the players' money at most; each seat passes once a lot.
    market += bids_at_most(n) + len(M.cards) * n
    # I. Champ d'entraînement: each player one turn a round, for TRAINING_ROUNDS rounds (D48).
    training = TRAINING_ROUNDS * n * training_turn_at_most(n)
    # Préliminaires: the trading round (D29); each owner enters his runners (at most the quota,
    # then « enough ») and names a favourite; the Bookmaker calls each runner, every player
    # answering once; the private place bets (D40) by option.
    runners = min(HORSES, n * (M.max_runners_two_players if n == 2 else M.max_runners))
    preliminaries = offers_at_most(n) + n * (runners + 2) + runners * n
    if game.options.place_bets:
        preliminaries += offers_at_most(n)
    # II. Champ de courses: who starts (chance); then RACE_ROUNDS rounds at most (D49), a throw a
    # runner each: the die (chance), the move, its colour once, then its inscription once: a lane
    # to choose, or each holder of a saving report offering it (D43), the offer answered.
    throw = 3 + max(1, 2 * (n - 1))
    race = 1 + RACE_ROUNDS * runners * throw
    return market + training + preliminaries + race
