"""Ascot's end of the game: *Les prix* (the Banker's 10%, the prizes of the first three) and the
settlement of the bets of *Les paris* (the Totalisator, the private place bets, D27, D40, D44).

Seed ``shared/seeds/000_fb5c4569383c9a83.clean.txt``, *II. Champ de courses*.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from hippodrome.engine.pool import Slip
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.board import BANKER, Phase, prizes
from hippodrome.games.ascot.core import AscotCore


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class PrizeRules(AscotCore):
    __slots__ = ()

    def settle_places(self, placed: Sequence[int]) -> None:
        """After the race, the Bookmaker pays each private place bet on a horse among the first
        three its odds, and takes the stake of the others (D40)."""
        if not self.places.slips:
            return
        first = {f"h{h}" for h in placed}
        odds = dict(zip((s.number for s in self.places.slips), self.place_odds, strict=True))

        def gain(slip: Slip) -> Money:
            top, bottom = odds[slip.number].split("/")
            return slip.stake * int(top) // int(bottom)

        self._record(self.places.settle_wagers(lambda s: s.horses[0] in first, gain))

    def settle_totalisator(self, winner: int) -> None:
        """Les prix: the Bookmaker pays the tickets on the winner, keeping 10% and what the whole
        multiples leave; with no ticket on the winner, the pool stays his (D27). Without a
        Bookmaker (his card unsold) what would have been his stays in the Totalisator's till,
        apart from the Bank (D21)."""
        wins = f"h{winner}"
        if self.game.options.carry_over and not any(s.horses == (wins,) for s in self.pool.slips):
            # « soit pour grossir la caisse du Totalisateur, s'ils recommencent une autre partie
            # (Cette convention doit être réglée entre les joueurs avant le début du jeu.) » (D44)
            self._events.append(ev.PoolCarriedOver(self.pool.total() + self.pool.carried))
            return
        events = self.pool.settle_parimutuel("win", lambda s: s.horses == (wins,))
        self._record(events)
        if self.pool.house == NOBODY:
            # « La caisse du Totalisateur doit être rigoureusement séparée de celle du Banquier »:
            # nothing of it goes into the Bank (D21).
            paid = sum(-d for e in events for d in e.money_changes().values())
            left = self.pool.total() + self.pool.carried + paid
            if left:
                self._events.append(ev.TillKept(left))

    def award_prizes(self, placed: Sequence[int]) -> None:
        """Les prix: « il donnera la moitié au 1er arrivé ; 1/4 au 2e arrivé et 1/4 au 3e arrivé »,
        after the Banker's 10% « pour les services rendus »; the whole Bank is distributed among
        the horses past the post (D28)."""
        cut, shares = prizes(self.bank, len(placed))
        self._record([ev.BankerPaid(BANKER, cut)])
        for place, (horse, amount) in enumerate(zip(placed, shares, strict=True), start=1):
            self._record([ev.PrizePaid(self.owner(horse), f"h{horse}", place, amount)])
        self.bank -= cut + sum(shares)
        if self.bank:
            self._events.append(ev.PrizesUnawarded(self.bank))

    def _finish_race(self) -> None:
        # « Lorsque les 3 premiers chevaux ont dépassé le poteau d'arrivée [...] la partie est
        # considérée terminée. »
        self._events.append(ev.RaceOver([f"h{h}" for h in self.placed]))
        self.settle_totalisator(self.placed[0] if self.placed else 0)
        self.settle_places(self.placed)
        self.award_prizes(self.placed)
        self.flow.enter(Phase.OVER)
        outcome = self.outcome()
        self._events.append(ev.GameOver(list(outcome.winners)))
