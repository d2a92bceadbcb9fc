"""Ascot's *Préliminaires*: the businesses retired, the trades between players (also open in the
training, D41, D45), the runners and their entry fees (D22), and *Favori* (D26).

Seed ``shared/seeds/000_fb5c4569383c9a83.clean.txt``, *II. Champ de courses*.
"""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.turnflow import NOBODY, rotation
from hippodrome.engine.types import Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import Done, Offer, Swap
from hippodrome.games.ascot.betting import BettingRules
from hippodrome.games.ascot.board import (
    CARD_INDEX,
    ENTRY_FEE,
    OFFER_PRICES,
    OFFERS_A_TURN,
    OFFERS_EACH,
    RETIRING,
    STABLE_IDS,
    M,
    Phase,
    _all_offers,
    _may_hold,
    _tradeable_cards,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class PreliminaryRules(BettingRules):
    __slots__ = ()

    def _explain_offer(self, player: Player, offer: Offer) -> IllegalActionError:
        ns = "ascot.illegal"
        n = self.game.num_players
        limit = OFFERS_A_TURN if self.in_training() else OFFERS_EACH
        if self.offers[player] >= limit:
            return IllegalActionError(f"{ns}.offers_spent", limit=limit)
        if not 0 <= offer.to < n or offer.to == player:
            return IllegalActionError(f"{ns}.trade_partner", seat=offer.to)
        if offer.deal not in ("sell", "buy"):
            return IllegalActionError("error.illegal_action", action=str(offer))
        owner = player if offer.deal == "sell" else offer.to
        if offer.item not in self._tradeable(owner, reports=owner == player):
            # An offer for a card one does not own (the issue's « Bad input »).
            return IllegalActionError(f"{ns}.not_owner", item=offer.item, owner=owner)
        if not self._may_own(offer.to if offer.deal == "sell" else player, offer.item):
            return IllegalActionError(f"{ns}.both_stables")
        if offer.price not in OFFER_PRICES:
            return IllegalActionError(f"{ns}.offer_price", price=offer.price)
        payer = offer.to if offer.deal == "sell" else player
        return IllegalActionError(f"{ns}.funds", amount=offer.price, money=self.money_[payer])

    def _explain_swap(self, player: Player, swap: Swap) -> IllegalActionError:
        ns = "ascot.illegal"
        limit = OFFERS_A_TURN if self.in_training() else OFFERS_EACH
        if self.offers[player] >= limit:
            return IllegalActionError(f"{ns}.offers_spent", limit=limit)
        if not 0 <= swap.to < self.game.num_players or swap.to == player:
            return IllegalActionError(f"{ns}.trade_partner", seat=swap.to)
        for item, owner in ((swap.give, player), (swap.take, swap.to)):
            if item not in (f"h{h}" for h in self.horses_of(owner)):
                return IllegalActionError(f"{ns}.not_owner", item=item, owner=owner)
        return IllegalActionError("error.illegal_action", action=str(swap))

    # II. Champ de courses: Préliminaires ------------------------------------------------------------

    def _tradeable(self, player: Player, *, reports: bool = True) -> list[str]:
        """What ``player`` may trade: his horses (with their small cards) and his kept reports; in
        the training his businesses too, but the club commissioner's card (D41). Kept reports are
        their owner's secret: he may offer one for sale, nobody may ask him for one (D41)."""
        cards = sorted(self.hands[player] + self.bought[player])  # the horses first, by number
        items = _tradeable_cards(cards, training=self.in_training())
        if not reports:
            return items
        return items + [f"{d}:{i}" for d, i in self.reports[player]]

    def _may_own(self, buyer: Player, item: str) -> bool:
        # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et Walroy ».
        return item not in STABLE_IDS or _may_hold(self.cards_of(buyer), item)

    def _offers(self, player: Player) -> Sequence[Action]:
        """``player``'s trade offers, from the seats' cards, his kept reports, what each seat may
        pay and whether the training runs."""
        n = self.game.num_players
        step, most = OFFER_PRICES.step, len(OFFER_PRICES)
        return _all_offers(
            player,
            self.in_training(),
            [sorted(self.hands[p] + self.bought[p]) for p in range(n)],
            self.reports[player],
            [min(self.money_[p] // step + 1, most) for p in range(n)],
        )

    def _payer_can(self, offer: Offer, proposer: Player) -> bool:
        payer = offer.to if offer.deal == "sell" else proposer
        return self.money_[payer] >= offer.price

    def _payable(self, offer: Offer | Swap, answering: Player) -> bool:
        if isinstance(offer, Swap):
            return answering == offer.to
        proposer = self.flow.first
        return self._payer_can(offer, proposer) and answering == offer.to

    def _open_trading(self) -> None:
        # « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux » (D29).
        self.flow.enter(Phase.TRADING, turn=self._left_of_dealer())

    def _close_trading(self) -> None:
        self._events.append(ev.TradingOver())
        self._open_runners()

    def _trade(self, player: Player, action: Action) -> None:
        flow = self.flow
        if isinstance(action, Done):
            if self.in_training():
                self._events.append(ev.NoMoreOffers(player))
                self._to_next_trainer(player)
            else:
                self._no_more_offers(player, self._close_trading)
            return
        assert isinstance(action, Offer | Swap)
        self.offer = action
        self._offer_made(player)
        if isinstance(action, Swap):
            self._events.append(ev.SwapOffered(player, action.to, action.give, action.take))
        else:
            self._events.append(
                ev.TradeOffered(player, action.to, action.deal, action.item, action.price)
            )
        flow.switch(Phase.ANSWER, turn=action.to)

    def _answer(self, player: Player, accepted: bool) -> None:
        offer = self.offer
        assert offer is not None
        proposer = self.flow.first
        self.offer = None
        if isinstance(offer, Swap):
            if accepted:
                # « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux » (D45).
                give, take = CARD_INDEX[offer.give], CARD_INDEX[offer.take]
                self.bought[proposer].remove(give)
                self.bought[offer.to].remove(take)
                self.bought[proposer] = sorted([*self.bought[proposer], take])
                self.bought[offer.to] = sorted([*self.bought[offer.to], give])
                self._events.append(ev.HorsesSwapped(proposer, offer.to, offer.give, offer.take))
            else:
                self._events.append(ev.TradeRefused(player, proposer))
            self.flow.switch(Phase.TRADING, turn=proposer)
            if not self.in_training():
                self.flow.next_turn()
            return
        seller, buyer = (proposer, offer.to) if offer.deal == "sell" else (offer.to, proposer)
        if accepted:
            # « Les chevaux sont vendus avec leurs cartes respectives et les Avantages et les
            # Désavantages gagnés pendant l'Entraînement par chaque cheval. »
            if offer.item in CARD_INDEX:  # a horse, with its small cards, or a business
                card = CARD_INDEX[offer.item]
                self.bought[seller].remove(card)
                self.bought[buyer] = sorted([*self.bought[buyer], card])
            else:
                deck, index = offer.item.split(":")
                self.reports[seller].remove((deck, int(index)))
                self.reports[buyer].append((deck, int(index)))
            self._record([ev.TradeMade(seller, buyer, offer.item, offer.price)])
        else:
            self._events.append(ev.TradeRefused(player, proposer))
        self.flow.switch(Phase.TRADING, turn=proposer)
        if not self.in_training():  # D41: in the training the proposer's turn goes on
            self.flow.next_turn()

    # II. Champ de courses: Préliminaires, Favori ------------------------------------------------------

    def _open_preliminaries(self) -> None:
        # Préliminaires 1°: « Les cartes de Membres du Club, ainsi que celles des Affaires (sauf la
        # carte du Bookmaker) ne servent plus et doivent être enlevées du jeu. »
        n = self.game.num_players
        self.member = [False] * n
        self.flow.round, self.opener, self.reports_taken = 0, NOBODY, 0  # no rounds counted now
        for p in range(n):
            self.retired += [c for c in self.bought[p] if c in RETIRING]
            self.bought[p] = [c for c in self.bought[p] if c not in RETIRING]
        self.retired.sort()
        self._events.append(ev.BusinessesRetired())
        self._open_trading()

    def _open_runners(self) -> None:
        n = self.game.num_players
        # « les joueurs doivent avoir un nombre égal de chevaux [...] Chaque joueur ne peut faire
        # courir plus de 3 chevaux (sauf dans une partie à 2 joueurs) » (D22: after the trades,
        # D29 and D45, the smallest stable sets the number each owner runs).
        owners = [p for p in range(n) if self.horses_of(p)]
        cap = M.max_runners_two_players if n == 2 else M.max_runners
        self.quota = min([cap, *(len(self.horses_of(p)) for p in owners)]) if owners else 0
        self._events.append(ev.RunnersCalled(self.quota))
        self._next_owner(NOBODY)

    def _next_owner(self, after: Player) -> None:
        """The next owner round the table from the dealer's left to enter his runners."""
        order = rotation(self._left_of_dealer(), self.game.num_players)
        start = 0 if after == NOBODY else order.index(after) + 1
        for seat in order[start:]:
            if self.horses_of(seat) and self.quota:
                self.flow.enter(Phase.RUNNERS, turn=seat)
                return
        self._open_betting()

    def _run(self, player: Player, horse: int) -> None:
        # Préliminaires 2°: « Il paie au Banquier Frs 10.000 par cheval, comme droit d'entrée et
        # place ses chevaux sur les cases de départ ».
        self.runners[player].append(horse)
        self._record([ev.EntryPaid(player, f"h{horse}", ENTRY_FEE)])
        self.bank += ENTRY_FEE
        if len(self.runners[player]) == self.quota:
            self._after_runners(player)

    def _enough(self, player: Player) -> None:
        self._events.append(ev.RunnersShort(player, len(self.runners[player]), self.quota))
        self._after_runners(player)

    def _after_runners(self, player: Player) -> None:
        self.runners[player].sort()
        if len(self.runners[player]) >= 2:
            # Favori: « Ce choix est facultatif, mais il permet au joueur de destiner ainsi à son
            # Favori les meilleurs coups de dé » (D26: offered to an owner of two runners or more).
            self.flow.enter(Phase.FAVOURITE, turn=player)
        else:
            self._next_owner(player)

    def _name_favourite(self, player: Player, horse: int) -> None:
        self.favourite[player] = horse
        self._events.append(ev.FavouriteNamed(player, f"h{horse}" if horse else None))
        self._next_owner(player)
