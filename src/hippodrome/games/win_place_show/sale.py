"""Win, Place & Show's sale: §9 La vente aux enchères, and §12 Version rapide's stables.

A race is called (its horses to their owners, the quick version's stables drawn by die, §12), then
the horses nobody owns are sold in order of odds: every seat writes a secret bid for each
(``Phase.SHEET``), the sheets are opened, and each horse goes to the highest bid that stands (§9;
D10, D12, D19), a tie reopened as an open auction between the tied seats and decided by a die if
none raises (the engine's ``Auction``: ``Phase.BIDDING``, ``Phase.LOT``).
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from hippodrome.engine.auction import Auction, Stage
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import Sheet
from hippodrome.games.win_place_show.core import (
    BID_UNIT,
    BIDDING_PHASE,
    HORSES_PER_OWNER,
    IDS,
    LOT_PHASE,
    SHEET_PHASE,
    STABLE_PHASE,
    WinPlaceShowCore,
    new_pool,
    sale_order,
)
from hippodrome.games.win_place_show.length import TIE_RAISES

SHEETS: dict[Any, list[Any]] = {}
"""Each horse's written bids made so far, by amount from 0 (actions are values: made once)."""


def sheet_bid(horse: str, amount: Money) -> Sheet:
    """The bid ``amount`` (a multiple of the bid unit) on ``horse``: the very action ``amounts``
    offers (``SHEETS``)."""
    found: list[Sheet] = SHEETS.setdefault(horse, [])
    while len(found) <= amount // BID_UNIT:
        found.append(Sheet(horse, len(found) * BID_UNIT))
    return found[amount // BID_UNIT]


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class SaleRules(WinPlaceShowCore):
    __slots__ = ()

    def _call_race(self) -> None:
        """A race is called: its horses to their owners (quick version's stables), the rest for
        sale, the horses to the start."""
        race = self.race
        self._events.append(ev.RaceCalled(race.number, race.miles, race.purse))
        self.owner = [NOBODY] * 6
        for seat, number in enumerate(self.stables):
            if number and not self.out[seat]:
                self.owner[number - 1] = seat
        self.pool = new_pool()
        self.finish, self.crossed, self.turn_no = [], [], 0
        self.claims, self.window = [], NOBODY
        self.fouls, self.rulings = [], {}
        self.jockey, self.request = [NOBODY] * 6, None
        self.asked = [False] * self.game.num_players
        self.dice, self.movers, self.moving, self.ends = None, [], NOBODY, {}
        self.spurt_used = [False] * 6
        self.spurting = False
        self._to_the_start()
        self.sale_at = 0
        self.auction = None
        self.sheets = [[] for _ in range(self.game.num_players)]
        self.lots = [h for h in sale_order(race) if self.owner[h] == NOBODY]
        writers = [p for p in range(self.game.num_players) if self._may_buy(p)]
        if self.lots and writers:
            self.flow.enter(SHEET_PHASE, waiting=writers)
        else:
            self._engage()

    def _horses_of(self, seat: Player) -> int:
        return sum(1 for o in self.owner if o == seat)

    def _may_buy(self, seat: Player) -> bool:
        return (
            not self.out[seat]
            and self.money_[seat] >= BID_UNIT
            and self._horses_of(seat) < self._horses_allowed()
        )

    def _horses_allowed(self) -> int:
        """§9: « S'il y a moins de 6 joueurs, un joueur peut acheter des chevaux supplémentaires »,
        and « Une fois qu'un joueur a deux chevaux il ne peut plus en acheter d'autres »: two horses
        an owner while fewer than six players are in the game, else one (D19)."""
        playing = self.out.count(False)
        return HORSES_PER_OWNER if playing < len(self.race.horses) else 1

    def _must_buy(self, seat: Player) -> bool:
        """§9: « Avant chaque course chaque joueur doit acheter un cheval »: a seat in the game
        with no horse yet this race, that can pay the lowest bid (D19)."""
        return not self.out[seat] and self.money_[seat] >= BID_UNIT and not self._horses_of(seat)

    def _free_stables(self) -> list[int]:
        # D11: a number another seat already rolled is rolled again: each seat's stable is uniform
        # over the numbers still free.
        return [n for n in range(1, 7) if n not in self.stables]

    def _stable(self, number: int) -> None:
        seat = self.flow.turn
        self.stables[seat] = number
        self._events.append(ev.StableDrawn(seat, number))
        if seat + 1 < self.game.num_players:
            self.flow.enter(STABLE_PHASE, turn=seat + 1)
        else:
            self._call_race()

    # -- the sale (§9) ----------------------------------------------------------------------------

    def _sell(self) -> None:
        """Put the next horse under the hammer with the bids written for it (§9: « On répète la
        procédure jusqu'au sixième cheval »), then open the betting."""
        n = self.game.num_players
        while self.sale_at < len(self.lots):
            at = self.sale_at
            horse = IDS[self.race_index][self.lots[at]]
            written = [s[at] if at < len(s) else 0 for s in self.sheets]
            # D19: a seat that must still buy a horse is held to the lowest bid where it wrote none.
            held = tuple(p for p in range(n) if not written[p] and self._must_buy(p))
            if held:
                self._events.append(ev.LowestBidHeld(horse, held, BID_UNIT))
                for p in held:
                    written[p] = BID_UNIT
            void = [p for p in range(n) if written[p] and not self._bid_counts(p, written[p])]
            if void:
                self._events.append(ev.BidsVoid(horse, tuple(void)))
            self.auction, events = Auction.sealed(
                horse,
                n,
                floor=BID_UNIT,
                increment=BID_UNIT,
                excluded=set(void),
                written=written,
                money=self.money_,
                max_raises=TIE_RAISES,  # D35: the last raise allowed buys
            )
            self._record(events)
            if not self._settle_lot():
                return
        self._engage()

    def _bid_counts(self, seat: Player, bid: Money) -> bool:
        """§9: whether ``seat``'s bid ``bid`` for the horse under the hammer stands."""
        if not bid or self.out[seat] or bid > self.money_[seat]:
            return False  # D12: a bid beyond what the seat has left is void
        owned = self._horses_of(seat)
        if owned >= self._horses_allowed():
            return (
                False  # « Une fois qu'un joueur a deux chevaux [...] ses enchères sont ignorées »
            )
        # « le reste de ses montants sont invalidés jusqu'à ce que tous les joueurs aient un
        # cheval » (D10; D19: every seat that can pay the lowest bid must buy one)
        return not (owned and any(self._must_buy(p) for p in range(self.game.num_players)))

    def _settle_lot(self) -> bool:
        """Follow the auction's stage; True when the lot is closed and the sale may go on."""
        a = self.auction
        assert a is not None
        if a.stage is Stage.OPEN:
            self.flow.enter(BIDDING_PHASE, turn=a.bidder)
            return False
        if a.stage is Stage.LOT:
            self.flow.enter(LOT_PHASE, turn=self.game.steward)  # the steward rolls the die (§4)
            return False
        if a.winner >= 0:
            self.owner[self.lots[self.sale_at]] = a.winner
        self.sale_at += 1
        self.auction = None
        return True
