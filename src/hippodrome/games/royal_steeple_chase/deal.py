"""Royal Steeple Chase before the race: the deal (DISTRIBUTION DU JEU), the horses (ATTRIBUTION DES
CHEVAUX), the auctions (ENCHÈRES), the spread (ATTRIBUTION DU JEU ÉTALÉ) and the direct trades.

``HorseAllotment`` is the ordinary way horses are given; the partnership game
(``camps.FixedCamps``, ``camps.ImprovisedCamps``) extends it.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Payment, sale
from hippodrome.engine.auction_events import PASS as AUCTION_PASS
from hippodrome.engine.auction_events import LotSold
from hippodrome.engine.turnflow import next_seat
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import PASS, RequestHorse
from hippodrome.games.royal_steeple_chase.board import (
    FINISH,
    HORSES,
    NOBODY,
    TYPE_COPIES,
    TYPE_TEXT,
    TYPES,
    UNIT,
    M,
    Phase,
)
from hippodrome.games.royal_steeple_chase.race import RaceRules
from hippodrome.games.royal_steeple_chase.records import (
    Auction,
    Camps,
    IncidentDeck,
    PirateBook,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class DealRules(RaceRules):
    __slots__ = ()

    # -- the deal ---------------------------------------------------------------------------------

    def _begin_deal(self, dealer: Player) -> None:
        n = self.game.places
        hand, spread = self.game.deal_sizes()
        self.deal_number += 1
        self.dealer = dealer
        self.flow.switch(Phase.DEAL)  # the last race's turn and passes stay until the deal is done
        self.deal_start = len(self.history)
        self.dealt = 0
        self.undealt = [0] * TYPES
        for t in self.game.way.deck():
            self.undealt[t] += 1
        self.hands = [[0] * TYPES for _ in range(n)]
        self.public = [[0] * TYPES for _ in range(n)]
        self.spread = [0] * TYPES
        self.owner = [NOBODY] * 4
        self.sold_for = [0] * 4
        self.pos = [0] * 4
        self.hurdles = [0] * 4
        self.in_hand = [self.game.hurdles_in_hand] * n
        self.finished = []
        self.offers = [0] * n
        self.requests = [0] * n
        if self.pirate is not None:
            self.pirate = PirateBook.empty(n, points=self.game.options.pirate == "points")
        if self.contres is not None:
            self.contres.contred = [False] * n
        self.game.allotment.at_deal(self)
        if self.bridge is not None:
            self.bridge.deal_begun(n)
        self.central = list(self.game.central)
        self.discards = [0] * TYPES
        if self.incidents is not None:
            self.incidents = IncidentDeck.fresh(n)
        self.winner = self.placed = NOBODY
        self.lead = 0
        self._events.append(ev.DealBegun(self.deal_number, dealer, hand, spread))

    def _deal_target(self) -> Player:
        """Who the next card goes to: the hands one card at a time from the dealer's left, then the
        spread (NOBODY)."""
        n = self.game.places
        hand, _ = self.game.deal_sizes()
        if self.dealt < n * hand:
            return self.flow.seat_after(self.dealer, 1 + self.dealt)
        return NOBODY

    def _may_contre(self, p: Player) -> bool:
        """A player without a horse may « contrer » once a deal, before the race, in the bridge
        score (D25)."""
        contres = self.contres
        return contres is not None and not contres.contred[p] and self._horse_of(p) == NOBODY

    def _horse_requests(self, p: Player) -> list[Action]:
        return self.game.allotment.requests(self, p)

    def _deal(self, t: int) -> None:
        self.undealt[t] -= 1
        target = self._deal_target()
        self.dealt += 1
        if target == NOBODY:
            self.spread[t] += 1
        else:
            self.hands[target][t] += 1
            self._events.append(ev.CardDealt(target, TYPE_TEXT[t]))
        n = self.game.places
        hand, spread = self.game.deal_sizes()
        if self.dealt == n * hand + spread:
            # Told once the deal is over, one line a seat: its hand (secret), then the spread.
            for q in range(n):
                cards = tuple(TYPE_TEXT[k] for k in range(TYPES) for _ in range(self.hands[q][k]))
                told = ev.DummyLaidOpen if q == self.game.dummy else ev.HandDealt
                self._events.append(told(q, cards))
            spread_cards = tuple(TYPE_TEXT[k] for k in range(TYPES) for _ in range(self.spread[k]))
            self._events.append(ev.SpreadDealt(spread_cards))
            # JEU PIRATE: « On joue le jeu ordinaire, mais sans enchères, sans échanges de cartes. »
            if self.game.way.bets:
                self.flow.enter(Phase.BETS, turn=self.dealer, waiting=range(n))
            elif self.bridge is not None and self.bridge.contract is not None:
                # CONTRACT, ANNONCES: « Le donneur parle le premier »
                self.flow.enter(Phase.CALLS, turn=self.dealer)
                self.game.way.open_dummy(self)
            else:
                self.flow.enter(Phase.HORSES, turn=self.dealer)  # the example: A, the dealer, first

    # ATTRIBUTION DES CHEVAUX

    def _request_horse(self, p: Player, action: RequestHorse) -> None:
        h = action.horse
        self._events.append(ev.HorseRequested(p, h, action.bid))
        self.flow.played()
        holder = self.owner[h]
        if holder == NOBODY:
            self._give_horse(p, h)
            self._next_requester(p)
            return
        # « S'il y a plusieurs demandes sur un même cheval, l'attribution se fait aux enchères. »
        bidders = self.game.allotment.bidders(self, p, holder)
        self._open_auction(h, -1, p, action.bid, bidders)

    def _banned(self, q: Player) -> bool:
        """« tout joueur qui perd un « contre » ne peut acheter un cheval le coup suivant »"""
        contres = self.contres
        return contres is not None and contres.banned[q]

    def _payers(self, horse: int, p: Player, amount: int) -> list[tuple[Player, int]]:
        """Who pays the winner's bid for ``horse`` (-1: a card): the winner; in a camp, « les
        enchères individuelles sont payées moitié par chaque joueur » (in chips: the partner his
        half as far as he can), the holder he joins by this very sale too."""
        camps = self.camps
        mate = NOBODY if camps is None else camps.partner[p]
        if horse != NOBODY and self.game.allotment.joins(self, horse, p):
            mate = self.owner[horse]
        half = 0
        if mate != NOBODY:
            half = min(amount // (2 * UNIT) * UNIT, self.chips[mate])
        return [(payer, part) for payer, part in ((p, amount - half), (mate, half)) if part]

    def _pay_bid(self, shares: tuple[tuple[Player, int], ...]) -> None:
        """The bid goes on the table, each payer his part."""
        for payer, part in shares:
            self.chips[payer] -= part
            self.pot += part
            self._events.append(ev.BidPaid(payer, part))

    def _give_horse(self, p: Player, h: int, price: int = 0) -> None:
        self.owner[h] = p
        self.sold_for[h] = price
        start = self.game.handicapped.start(p)
        pursuit = self.pursuit
        # JEU POURSUITE: « Au tour suivant, chacun repart de sa place avec son nouveau cheval »
        self.pos[h] = pursuit.carried[p] if pursuit is not None and self.races else start
        self._events.append(ev.HorseGiven(p, h))

    def _next_requester(self, after: Player) -> None:
        """The next player without a horse asks; the round is over when every player has one, or
        when none is free and each player still without one has passed in turn."""
        n = self.game.places
        # « tout joueur qui perd un « contre » ne peut acheter un cheval le coup suivant »
        waiting = [q for q in range(n) if self._horse_of(q) == NOBODY and not self._banned(q)]
        free = self.game.allotment.horses_left(self)
        if not waiting and n == 1:
            # Solo: « Placez un cheval sur la ligne de départ »: the other horses are not run.
            for h in HORSES:
                if self.owner[h] == NOBODY:
                    self.pos[h] = FINISH
            self.in_hand[0] = M.scoring["solo_hurdles"]
            self.flow.switch(Phase.SOLO_HURDLES, turn=0)
            return
        flow = self.flow
        if not waiting or (not free and flow.passes >= len(waiting)):
            flow.enter(Phase.EXCHANGE, turn=self.dealer)
            return
        flow.switch(Phase.HORSES, turn=next_seat(after, n, waiting.__contains__, self.flow.order))

    def _pass(self, p: Player) -> None:
        self._events.append(ev.Passed(p))
        phase = self.phase
        if phase is Phase.AUCTION:
            self._bid_on(p, AUCTION_PASS)
        elif phase is Phase.HORSES:
            self.flow.passed()
            self._next_requester(p)
        elif phase is Phase.EXCHANGE:
            if self.flow.passed():  # a whole round without a request: the exchanges are over
                self.flow.enter(Phase.TRADE, turn=self.dealer)
            else:
                self.flow.next_turn()
        elif phase is Phase.TRADE_ASK:
            # D50: silence (« B a cette carte mais ne répond pas »); the next player answers, and
            # the ask is over when it comes back to the player who asked.
            tr = self.trade
            assert tr is not None
            tr.target = self.flow.seat_after(tr.target)
            if tr.target == tr.proposer:
                self.trade = None
                self.flow.enter(Phase.TRADE, turn=self.flow.seat_after(tr.proposer))
            else:
                self.flow.follow(tr)
        elif self.flow.passed():  # TRADE: a whole round of passes, and they are off
            self._start_race()
        else:
            self.flow.next_turn()

    # ENCHÈRES

    def _open_auction(
        self, horse: int, card: int, p: Player, bid: int, bidders: list[bool] | None
    ) -> None:
        """The engine's open auction, the requester leading with his bid (``bidders``: who may bid,
        None: everyone); a seat that cannot pay the next bid leaves it silently (« ne peut
        enchérir qu'avec son disponible »)."""
        pay = None if self.camps is None else self._payment(horse)
        self.auction, sold = Auction.open(
            horse,
            card,
            p,
            bid=bid,
            bidders=bidders,
            chips=self.chips,
            pay=pay,
            order=self.flow.order,
        )
        self.flow.call(Phase.AUCTION, self.auction.lot)  # the bidder in turn acts, p's turn waits
        if sold is not None:
            self._close_auction(sold)

    def _bid_on(self, p: Player, action: Action) -> None:
        """A bid or a pass in the auction under way; this game tells them in its own events (the
        caller's), and keeps of the engine's only the sale."""
        a = self.auction
        assert a is not None
        pay = None if self.camps is None else self._payment(a.horse)
        told = a.lot.apply(p, action, self.chips, pay, quiet=True)
        if told:  # quiet: nothing but the hammer's fall
            sold = sale(told)
            assert sold is not None  # the requester leads from the start: never unsold
            self._close_auction(sold)
        else:
            self.flow.follow(a.lot)

    def _payment(self, horse: int) -> Payment:
        """Who pays the price of ``horse`` (-1: a card) when camps are played (``_payers``);
        without camps the buyer pays alone."""

        def pay(winner: Player, amount: int) -> list[tuple[Player, int]]:
            return self._payers(horse, winner, amount)

        return pay

    def _close_auction(self, sold: LotSold) -> None:
        a = self.auction
        assert a is not None
        self.auction = None
        winner = sold.player
        joining = a.horse != NOBODY and self.game.allotment.joins(self, a.horse, winner)
        if joining:
            self.game.allotment.join(self, a.horse, winner)
        if sold.price:
            self._pay_bid(sold.shares or ((winner, sold.price),))
        if a.horse != NOBODY:
            if not joining:
                self._give_horse(winner, a.horse, sold.price)
            self._next_requester(a.resume)
            return
        self.spread[a.card] -= 1
        self.hands[winner][a.card] += 1
        self.public[winner][a.card] += 1
        self.throw_card = a.card
        self.flow.enter(Phase.THROW, turn=winner)
        self.throw_after = a.resume  # the request round goes on after the requester

    def _throw(self, p: Player, t: int) -> None:
        self._take_from_hand(p, t)
        self.spread[t] += 1
        self._events.append(ev.CardExchanged(p, TYPE_TEXT[self.throw_card], TYPE_TEXT[t]))
        self.throw_card = -1
        self.flow.enter(Phase.EXCHANGE, turn=self.flow.seat_after(self.throw_after))
        self.throw_after = NOBODY

    # ÉCHANGES DIRECTS

    def _may_be_asked(self, p: Player, t: int) -> bool:
        """Whether ``p`` may ask the others for a card of type ``t`` (D50): some copy of it may be
        in another hand, as far as he can see (not all in his hand, the spread or the discards)."""
        return TYPE_COPIES[t] > self.hands[p][t] + self.spread[t] + self.discards[t]

    def _trade_done(self) -> None:
        tr = self.trade
        assert tr is not None
        p, q = tr.proposer, tr.target
        self._take_from_hand(p, tr.offered)
        self._take_from_hand(q, tr.counter)
        self.hands[q][tr.offered] += 1
        self.public[q][tr.offered] += 1
        self.hands[p][tr.counter] += 1
        self.public[p][tr.counter] += 1
        net = tr.points - tr.given  # D51: points may come from either side
        self.chips[q] -= net
        self.chips[p] += net
        offered, counter = TYPE_TEXT[tr.offered], TYPE_TEXT[tr.counter]
        self._events.append(
            ev.TradeDone(p, q, offered, counter, net)
            if net >= 0
            else ev.TradeDone(q, p, counter, offered, -net)
        )
        self._trade_closed()

    def _trade_closed(self) -> None:
        tr = self.trade
        assert tr is not None
        self.trade = None
        self.flow.enter(Phase.TRADE, turn=self.flow.seat_after(tr.resume))


@mypyc_attr(allow_interpreted_subclasses=True)  # the camps (``camps.py``)
class HorseAllotment:
    """ATTRIBUTION DES CHEVAUX, the ordinary way: in turn, each player without a horse asks for a
    free one, or for a held one with a bid, which opens an auction."""

    # Methods, not class attributes: compiled code reads a native class's attribute from the
    # class itself, past an interpreted subclass's own value (the camps' below).

    def spread(self) -> bool:
        """Whether some cards are spread face up after the deal."""
        return True

    def askers_only(self) -> bool:
        """Whether a held horse is sold between those who asked for it only, each time above what
        it went for (D40, D41), rather than as the partnership game forms its camps."""
        return True

    def partners(self, players: int) -> Camps | None:
        """The partnerships a state starts with (None: every player for himself)."""
        return None

    def at_deal(self, state: DealRules) -> None:
        """What a new deal resets."""

    def requests(self, state: DealRules, p: Player) -> list[Action]:
        free = [h for h in HORSES if state.owner[h] == NOBODY]
        out: list[Action] = [RequestHorse(h) for h in free]
        if not free:
            out.insert(0, PASS)  # D6: a player may stay without a horse only when none is free
        # A held horse, with a bid that tops what its holder paid for it (D41).
        out += [
            RequestHorse(h, bid)
            for h in HORSES
            if state.owner[h] not in (NOBODY, p)
            for bid in range(state.sold_for[h] + UNIT, state.chips[p] + 1, UNIT)
        ]
        return out

    def bidders(self, state: DealRules, p: Player, holder: Player) -> list[bool]:
        """Who may bid for a held horse p asked for: « S'il y a plusieurs demandes sur un même
        cheval, l'attribution se fait aux enchères »: those who asked for it, its holder and p
        (D40)."""
        return [q in (p, holder) for q in range(state.game.places)]

    def horses_left(self, state: DealRules) -> bool:
        """Whether a horse may still be asked for without a bid."""
        return any(state.owner[h] == NOBODY for h in HORSES)

    def joins(self, state: DealRules, horse: int, winner: Player) -> bool:
        """Whether the winner of an auction on a held horse joins its holder (forming a camp)
        rather than taking the horse (a question: ``join`` forms the camp)."""
        return False

    def join(self, state: DealRules, horse: int, winner: Player) -> None:
        """The winner of the auction on ``horse`` joins its holder."""
