"""JEU PIRATE: « On joue le jeu ordinaire, mais sans enchères, sans échanges de cartes »; each
player bets in secret on the horse he thinks will win.

Two ways to bet: stakes (« les enjeux au gagnant », shared by the winner's backers in proportion to
their stakes), or points (« on peut parier sur un ou deux chevaux », 50 or 20 points, « Le premier qui
a 200 points a gagné »). The bets are the ``PirateBook`` record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import PlaceBet
from hippodrome.games.royal_steeple_chase.board import BET_ONE, HORSES, NOBODY, UNIT, M, horses_text
from hippodrome.games.royal_steeple_chase.ways import WayToPlay

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.core import SteepleCore


class Pirate(WayToPlay):
    bets = True
    free_white = True
    first_past_the_post = True  # the stakes go to the winner's backers

    def __init__(self, *, points: bool) -> None:
        self.points = points
        self.name = "pirate_points" if points else "pirate_stakes"

    def shares_bids(self, state: SteepleCore) -> None:
        """No auction: the bets stay on the table for the winner's backers."""

    def bet_choices(self, state: SteepleCore, p: Player) -> list[PlaceBet]:
        if self.points:
            # « On peut également convenir que l'on peut parier sur un ou deux chevaux »
            return [BET_ONE[h] for h in HORSES] + [
                PlaceBet((a, b)) for a in HORSES for b in HORSES if a < b
            ]
        top = state.chips[p]
        if top < UNIT:
            return [BET_ONE[h] for h in HORSES]
        return [PlaceBet((h,), x) for h in HORSES for x in range(UNIT, top + 1, UNIT)]

    def bet(self, state: SteepleCore, p: Player, bet: PlaceBet) -> None:
        book = state.pirate
        assert book is not None
        book.bets[p] = bet.horses
        book.stakes[p] = bet.stake
        state.chips[p] -= bet.stake
        state.pot += bet.stake
        state.events.append(ev.BetPlaced(p, horses_text(bet.horses), bet.stake))
        if state.flow.answered(p):  # every seat has bet
            state._start_race()

    def end_race(self, state: SteepleCore) -> bool:
        """The race's bets, revealed and paid; True when the match is over."""
        book = state.pirate
        assert book is not None
        n = state.game.places
        s = M.scoring
        won = state.finished[0] if state.finished else NOBODY
        stakes = book.stakes
        for q in range(n):
            bet = book.bets[q] or ()
            state.events.append(ev.BetRevealed(q, horses_text(bet), stakes[q]))
        backers = [q for q in range(n) if won in (book.bets[q] or ())]
        if self.points:
            for q in backers:
                single = len(book.bets[q] or ()) == 1
                points = s["pirate_one"] if single else s["pirate_two"]
                state._mark(q, points, 0, "pirate_one" if single else "pirate_two")
            # « Le premier qui a 200 points a gagné. »
            return max(state.honours) >= s["pirate_target"]
        backing = sum(stakes[q] for q in backers)
        if backing:
            pot = state.pot
            for q in backers:
                # « partage éventuel selon les mises initiales », in chips of 5; the odd chips
                # stay on the table for the next race (D19)
                share = pot * stakes[q] // backing // UNIT * UNIT
                state.chips[q] += share
                state.pot -= share
                state.events.append(ev.BetWon(q, share))
        return state.races >= n

    def end_match(self, state: SteepleCore) -> None:
        if not self.points and state.pot:
            # What no backer of a winner took is shared at the end, as the auction bids are.
            state._share_pot()

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        return tuple(state.honours) if self.points else tuple(state.chips)
