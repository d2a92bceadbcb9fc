"""Ascot's debts: the fees owed to the holders of the businesses, and the forced sale of a player
who cannot pay them (*Préparatifs*: « il doit vendre, à titre privé [...] au plus offrant », D13,
D17).

Seed ``shared/seeds/000_fb5c4569383c9a83.clean.txt``.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Auction
from hippodrome.engine.events import Event
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import CARD_IDS, Sell
from hippodrome.games.ascot.board import (
    _SELL_REPORT,
    BUSINESS,
    CARD_INDEX,
    INCREMENT,
    SELL_CARD,
    STABLE_CARDS,
    Phase,
    _sale_in,
)
from hippodrome.games.ascot.preliminaries import PreliminaryRules


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class DebtRules(PreliminaryRules):
    __slots__ = ()

    def _fee(self, player: Player, business: str, amount: Money) -> None:
        # « C'est donc au joueur qui a la carte du Maréchal-Ferrant que le propriétaire du cheval
        # devra payer »; « ne peut naturellement pas se payer à lui-même ». D13: a business whose
        # card left the game has nobody to be paid: the fee is not paid.
        to = self.holder(BUSINESS[business])
        if to in (player, NOBODY):
            reason = "own_business" if to == player else "withdrawn"
            self._events.append(ev.FeeWaived(player, business, reason))
            return
        # Préparatifs: « Si, au cours de la partie, un joueur ne peut faire face à ses obligations,
        # il doit vendre, à titre privé, un (ou plusieurs) de ses Chevaux ou une (ou plusieurs) de
        # ses Affaires, au plus offrant. Il peut également vendre ses Rapports » (D17).
        if self.money_[player] < amount and self._may_sell(player):
            self.debt = (business, amount)
            return
        self._pay_fee(player, business, amount)

    def _pay_fee(self, player: Player, business: str, amount: Money) -> None:
        to = self.holder(BUSINESS[business])
        assert to not in (NOBODY, player), "a fee nobody may be paid is waived (_fee)"
        # D17: nothing left to sell, the debtor pays what he has.
        paid = min(amount, self.money_[player])
        self._record([ev.FeePaid(player, to, business, paid)])

    # A player who cannot pay (Préparatifs, D17) ------------------------------------------------------

    def _saleable(self, player: Player) -> list[str]:
        """What ``player`` may still offer for sale to pay his debt: his cards, then his kept
        reports, each offered once per debt."""
        items = [CARD_IDS[c] for c in self.cards_of(player)]
        items += [f"{d}:{i}" for d, i in self.reports[player]]
        return [i for i in items if i not in self.offered]

    def _may_sell(self, player: Player) -> bool:
        """Whether ``player`` has something left to offer for sale (``_saleable`` is not empty)."""
        offered = self.offered
        for held in (self.hands[player], self.bought[player]):
            for card in held:
                if CARD_IDS[card] not in offered:
                    return True
        return any(f"{deck}:{index}" not in offered for deck, index in self.reports[player])

    def _sales(self, player: Player) -> list[Action]:
        """The sales ``player`` may offer (``_saleable``), the actions shared."""
        offered = self.offered
        found: list[Action] = [
            SELL_CARD[c] for c in self.cards_of(player) if CARD_IDS[c] not in offered
        ]
        for deck, index in self.reports[player]:
            item = f"{deck}:{index}"
            if item not in offered:
                sale = _SELL_REPORT.get(item)
                if sale is None:
                    sale = _SELL_REPORT[item] = Sell(item)
                found.append(sale)
        return found

    def _sell(self, player: Player, item: str) -> None:
        n = self.game.num_players
        self.offered.append(item)
        self._events.append(ev.ForcedSale(player, item))
        excluded: set[Player] = {player}
        if item in CARD_INDEX and CARD_INDEX[item] in STABLE_CARDS:
            other = STABLE_CARDS[1 - STABLE_CARDS.index(CARD_INDEX[item])]
            excluded |= {p for p in range(n) if other in self.cards_of(p)}
        auction, events = Auction.outcry(
            item,
            n,
            self.money_,
            first=self.flow.seat_after(player),
            floor=INCREMENT,
            increment=INCREMENT,
            excluded=excluded,
            seller=player,
        )
        self._record(events)
        self.auction = auction
        if auction.closed:
            self._forced_sale_closed(player, events)
        else:
            self.flow.call(Phase.AUCTION, auction)

    def _forced_sale_closed(self, seller: Player, events: Sequence[Event]) -> None:
        auction = self.auction
        assert auction is not None and self.debt is not None
        self.auction = None
        sold = _sale_in(events)
        if sold is not None:
            item = auction.lot
            if item in CARD_INDEX:
                card = CARD_INDEX[item]
                self.bought[seller].remove(card)
                self.bought[sold.player].append(card)
                self.bought[sold.player].sort()
                # A horse sold before it moved this roll is no longer the seller's to move.
                self.moving = self.moving[:1] + [
                    h for h in self.moving[1:] if self.owner(abs(h)) == seller
                ]
            else:
                deck, index = item.split(":")
                self.reports[seller].remove((deck, int(index)))
                self.reports[sold.player].append((deck, int(index)))
        business, amount = self.debt
        if self.money_[seller] < amount and self._may_sell(seller):
            self.flow.enter(Phase.SALE, turn=seller)
            return
        self.debt = None
        self.offered = []
        self._pay_fee(seller, business, amount)
        if self.moving:
            self._move_on(seller)
        else:  # the debt came from a club member's report, before his throw
            self.flow.enter(Phase.TRAINING, turn=seller)
