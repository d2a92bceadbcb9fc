"""JEU PIRATE: « On joue le jeu ordinaire, mais sans enchères, sans échanges de cartes »; each
player bets in secret on the horse he thinks will win.

Two ways to bet: stakes (« les enjeux au gagnant », shared by the winner's backers in proportion to
their stakes), or points (« on peut parier sur un ou deux chevaux », 50 or 20 points, « Le premier qui
a 200 points a gagné »). The bets are the ``PirateBook`` record: slips of the engine's betting pool
(``records.pirate_pool``), settled by it (``settle_shares``, the score table ``POINTS``) and told
in this game's events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hippodrome.engine.pool import PayoutTable
from hippodrome.engine.pool import PlaceBet as PoolBet
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import PlaceBet
from hippodrome.games.royal_steeple_chase.board import BET_ONE, HORSES, NOBODY, M, horses_text
from hippodrome.games.royal_steeple_chase.records import EITHER, WIN, colours
from hippodrome.games.royal_steeple_chase.ways import WayToPlay

if TYPE_CHECKING:
    from hippodrome.engine.pool import Slip
    from hippodrome.games.royal_steeple_chase.core import SteepleCore


POINTS: Final = PayoutTable(
    {WIN: (M.scoring["pirate_one"],), EITHER: (M.scoring["pirate_two"],)}, flat=True
)
"""« ceux qui ont joué le cheval gagnant marquent alors 50 s'ils n'ont fait qu'un pari, et 20 s'ils
en ont fait deux »: points for a slip on the winner, whatever its (nil) stake."""


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
        book = state.pirate
        assert book is not None
        # D19: chips of 5, at least 5 when one has them (the pool's stakes)
        stakes = book.pool.stakes(state.chips[p])
        return [PlaceBet((h,), x) if x else BET_ONE[h] for h in HORSES for x in stakes]

    def bet(self, state: SteepleCore, p: Player, bet: PlaceBet) -> None:
        book = state.pirate
        assert book is not None
        kind = WIN if len(bet.horses) == 1 else EITHER
        book.pool.place(p, PoolBet(kind, colours(bet.horses), bet.stake))  # told below
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
        bets, stakes = book.bets, book.stakes
        for q in range(n):
            state.events.append(ev.BetRevealed(q, horses_text(bets[q] or ()), stakes[q]))
        winner = colours((won,)) if won != NOBODY else ()
        pool = book.pool  # its slips in seat order (``by_seat``), one a seat

        def wins(slip: Slip) -> bool:
            return bool(winner) and winner[0] in slip.horses

        if self.points:
            pays = POINTS.pays(lambda slip: 1 if wins(slip) else 0)
            for slip in pool.slips:
                points = pays(slip)
                if points:
                    reason = "pirate_one" if slip.kind == WIN else "pirate_two"
                    state._mark(slip.player, points, 0, reason)
            # « Le premier qui a 200 points a gagné. »
            return max(state.honours) >= s["pirate_target"]
        # « partage éventuel selon les mises initiales », in chips of 5; the odd chips, and the
        # whole pot when nobody backed the winner, stay on the table for the next race (D19)
        for paid in pool.settle_shares(wins, state.pot):
            state.chips[paid.player] += paid.amount
            state.pot -= paid.amount
            state.events.append(ev.BetWon(paid.player, paid.amount))
        return state.races >= n

    def end_match(self, state: SteepleCore) -> None:
        if not self.points and state.pot:
            # What no backer of a winner took is shared at the end, as the auction bids are.
            state._share_pot()

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        return tuple(state.honours) if self.points else tuple(state.chips)
