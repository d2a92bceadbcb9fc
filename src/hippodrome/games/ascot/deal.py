"""Ascot's deal and sale: *La donne* (the hands, the dead pile, the forced exchange and the
discards, D9 to D11), *Vente aux enchères* (the auctioneer's sale on the engine's open auction,
D12) and the payment of the cards kept.

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
from hippodrome.games.ascot.actions import CARD_IDS
from hippodrome.games.ascot.board import (
    AUCTIONEER_CARD,
    CARD_INDEX,
    COMMISSION_PERCENT,
    COMMISSION_ROUNDING,
    HORSE_OF_CARD,
    INCREMENT,
    STABLE_CARDS,
    M,
    Phase,
    _sale_in,
    hand_size,
)
from hippodrome.games.ascot.training import TrainingRules


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class DealRules(TrainingRules):
    __slots__ = ()

    # -- what a seat may exchange, discard or spend -------------------------------------------------

    def _exchangeable(self, player: Player) -> list[int]:
        # The declared auctioneer's card lies open on the table: it is neither exchanged nor
        # discarded (D11).
        return [c for c in sorted(self.hands[player]) if not self._declared(c)]

    def _declared(self, card: int) -> bool:
        return card == AUCTIONEER_CARD and self.holder(card) == self.auctioneer

    def _holds_both_stables(self, player: Player) -> bool:
        cards = self.cards_of(player)
        return all(c in cards for c in STABLE_CARDS)

    def _available(self) -> list[Money]:
        """What each seat may spend at the sale: his money less what he owes for the cards he kept
        (D12: « Les emprunts ne sont pas autorisés »)."""
        return [self.money_[p] - self.due(p) for p in range(self.game.num_players)]

    # La donne ----------------------------------------------------------------------------------------

    def _deal(self, card: int) -> None:
        # « Les vingt cartes [...] sont mélangées et distribuées à tous les joueurs [...] en plaçant
        # sur la table une carte de plus que le nombre de joueurs, pour former le tas du mort »:
        # dealt round the table from the dealer's left, then the rest to the dead pile (D10).
        n = self.game.num_players
        k = hand_size(n)
        i = len(self.dealt)
        self.dealt.append(card)
        if i < k * n:
            seat = self.flow.seat_after(self._left_of_dealer(), i)
            self.hands[seat].append(card)
            self._events.append(ev.CardDealt(seat, CARD_IDS[card]))
        else:
            self.dead.append(card)
        if len(self.dealt) < len(M.cards):
            return
        self._events.append(ev.DeadPileFormed(len(self.dead), k))
        # « Le joueur qui a reçu la carte du Commissaire-Priseur doit le déclarer [...] Si personne
        # n'a reçu la carte, le Commissaire-Priseur est nommé d'un commun accord » (D9).
        holder = self.holder(AUCTIONEER_CARD)
        self.auctioneer = holder if holder != NOBODY else self._left_of_dealer()
        self._events.append(ev.AuctioneerNamed(self.auctioneer, holder != NOBODY))
        # « en commençant par le joueur placé à la gauche du donneur ».
        self.flow.enter(Phase.EXCHANGE, turn=self._left_of_dealer())
        self._skip_exchanges()

    def _skip_exchanges(self) -> None:
        """A seat with nothing to exchange (only the open auctioneer's card) is passed over."""
        flow = self.flow
        while not self._exchangeable(flow.turn):
            if not flow.advance():
                self._open_discards()
                return

    def _exchange(self, player: Player, card: int) -> None:
        # « Chaque joueur place sous le paquet la carte qu'il jette, et prend la carte du dessus. »
        self.hands[player].remove(card)
        self.dead.append(card)
        taken = self.dead.pop(0)
        self.hands[player].append(taken)
        self._events.append(ev.CardExchanged(player, CARD_IDS[card], CARD_IDS[taken]))
        if self.flow.advance():
            self._skip_exchanges()
        else:
            self._open_discards()

    def _open_discards(self) -> None:
        # « Lorsque tous les joueurs ont fait cet échange obligatoire, ils peuvent, s'ils le
        # désirent, mettre d'autres cartes dans le tas du mort »: each in turn from the dealer's
        # left (D11).
        self.flow.enter(Phase.DISCARD, turn=self._left_of_dealer())

    def _discard(self, player: Player, card: int) -> None:
        self.hands[player].remove(card)
        self.dead.append(card)
        self._events.append(ev.CardDiscarded(player, CARD_IDS[card]))

    def _keep(self, player: Player) -> None:
        self._events.append(ev.HandKept(player, len(self.hands[player])))
        nxt = self.flow.seat_after(player)
        if nxt == self._left_of_dealer():
            self._next_lot()
        else:
            self.flow.begin_turn(nxt)

    # Vente aux enchères ---------------------------------------------------------------------------

    def _next_lot(self) -> None:
        # « met aux enchères toutes ces cartes, une à une, en les vendant au plus offrant ».
        n = self.game.num_players
        while self.dead:
            card = self.dead.pop(0)
            self._events.append(ev.LotShown(CARD_IDS[card], len(self.dead)))
            excluded: set[Player] = set()
            if card in STABLE_CARDS:
                # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et
                # Walroy »: the holder of the other stable does not bid for this one.
                other = STABLE_CARDS[1 - STABLE_CARDS.index(card)]
                excluded = {p for p in range(n) if other in self.cards_of(p)}
            auction, events = Auction.outcry(
                CARD_IDS[card],
                n,
                self._available(),
                first=self.flow.seat_after(self.auctioneer),
                floor=INCREMENT,
                increment=INCREMENT,
                excluded=excluded,
                auctioneer=self.auctioneer,
                commission=COMMISSION_PERCENT,
                rounding=COMMISSION_ROUNDING,
            )
            self._record(events)
            if not auction.closed:
                self.auction = auction
                self.flow.call(Phase.AUCTION, auction)
                return
            self._hammer(card, events)
        self.auction = None
        self._pay_kept_cards()

    def _bid(self, player: Player, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        money = self._available() if self.debt is None else self.money_
        events = auction.apply(player, action, money)
        self._record(events)
        if not auction.closed:
            self.flow.follow(auction)
            return
        if self.debt is not None:
            self._forced_sale_closed(auction.seller, events)
            return
        self._hammer(CARD_INDEX[auction.lot], events)
        self._next_lot()

    def _hammer(self, card: int, events: Sequence[Event]) -> None:
        sold = _sale_in(events)
        if sold is None:
            # « s'il reste des cartes invendues, on les supprime du jeu, ainsi que les chevaux
            # correspondant à ces cartes ».
            self.withdrawn.append(card)
            self._events.append(ev.CardWithdrawn(CARD_IDS[card], card in HORSE_OF_CARD))
            return
        # « il doit immédiatement payer au Banquier le montant de cet achat et remettre au
        # Commissaire-Priseur sa commission de 10% »: the sale took both from the buyer and paid
        # the commission; the price goes to the Bank.
        self.bought[sold.player].append(card)
        self.bank += sold.price
        self._events.append(ev.PriceBanked(sold.player, CARD_IDS[card], sold.price))

    def _pay_kept_cards(self) -> None:
        # « tous les joueurs reprennent les cartes qu'ils ont conservées après la donne [...] pour
        # payer au Banquier la valeur de chacune d'elles [...] La carte du Commissaire-Priseur est
        # gratuite. »
        for p in range(self.game.num_players):
            for card in sorted(self.hands[p]):
                if card == AUCTIONEER_CARD:
                    self._events.append(ev.AuctioneerCardFree(p))
                    continue
                price = M.cards[card].price
                self._record([ev.CardPaid(p, CARD_IDS[card], price)])
                self.bank += price
            # Paid for, the cards lie open before their owner (« Chaque joueur doit placer devant
            # lui, par ordre de numéros [...] les cartes correspondant aux chevaux qu'il possède »).
            self.bought[p] = sorted(self.bought[p] + self.hands[p])
            self.hands[p] = []
        self._open_training()
