"""Ascot's bets: *Les paris*, the Totalisator's win bets read out by the Bookmaker (D24), and the
private place bets « sur la demande expresse des joueurs » (D40).

Seed ``shared/seeds/000_fb5c4569383c9a83.clean.txt``, *II. Champ de courses*.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import DONE, PLACE_ODDS, Done, Wager
from hippodrome.games.ascot.board import OFFERS_EACH, PLACE_STAKES, Phase
from hippodrome.games.ascot.race import RaceRules


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class BettingRules(RaceRules):
    __slots__ = ()

    def _open_betting(self) -> None:
        # Les paris: « Le Bookmaker [...] lit un à un les noms des chevaux (en indiquant les
        # Favoris, s'il y a lieu). Il doit attendre que les joueurs aient parié sur un cheval, avant
        # d'en énoncer un autre »: for each runner, each player once, from the Bookmaker's left (D24).
        self.pool.house = self.bookmaker()
        self._call_horse(0)

    def _call_horse(self, after: int) -> None:
        left = [h for h in self.starters() if h > after]
        if not left:
            self.called = 0
            self._events.append(ev.BetsClosed(self.pool.total()))
            self._open_places()
            return
        horse = left[0]
        self.called = horse
        owner = self.owner(horse)
        self._events.append(ev.HorseCalled(f"h{horse}", self.favourite[owner] == horse))
        book = self.bookmaker()
        first = self.flow.seat_after(book) if book != NOBODY else self._left_of_dealer()
        self.flow.enter(Phase.BETTING, turn=first)

    def _bet(self, player: Player, action: Action) -> None:
        if isinstance(action, PlaceBet):
            # « Le joueur ayant misé sur un cheval recevra du Bookmaker, en tant que reçu pour sa
            # mise, un ticket numéroté »: the pool numbers its slips; the ticket is the horse's.
            events = self.pool.place(player, action)
            self._record(events)
            slip = self.pool.slips[-1]
            self._events.append(ev.TicketIssued(player, slip.horses[0], self.pool.ticket(slip)))
        else:
            self._events.append(ev.NoBet(player, f"h{self.called}"))
        if not self.flow.advance():
            self._call_horse(self.called)

    # Les paris: « On ne jouera pas aux placés, sauf sur la demande expresse des joueurs » (D40).

    def _open_places(self) -> None:
        book = self.bookmaker()
        if not self.game.options.place_bets or book == NOBODY:
            self._open_race()
            return
        self.places.house = book
        self.offers = [0] * self.game.num_players
        self.flow.enter(Phase.PLACES, turn=self.flow.seat_after(book))

    def _staked(self, player: Player) -> Money:
        """What ``player`` has staked on private place bets (paid after the race)."""
        return sum(s.stake for s in self.places.slips_of(player))

    def _liable(self) -> Money:
        """What the Bookmaker would pay if every place bet he took won."""
        return sum(
            s.stake * int(o.split("/")[0]) // int(o.split("/")[1])
            for s, o in zip(self.places.slips, self.place_odds, strict=True)
        )

    def _covers(self, wager: Wager) -> bool:
        # « Les emprunts ne sont pas autorisés »: the Bookmaker answers only for what he has.
        return self.money_[self.places.house] >= self._liable() + wager.gain()

    def _wagers(self, player: Player) -> list[Action]:
        found: list[Action] = [DONE]
        if player == self.places.house or self.offers[player] >= OFFERS_EACH:
            return found
        free = self.money_[player] - self._staked(player)
        for horse in self.starters():
            for stake in PLACE_STAKES:
                if stake > free:
                    break
                found.extend(Wager(horse, stake, odds) for odds in PLACE_ODDS)
        return found

    def _explain_wager(self, player: Player, wager: Wager) -> IllegalActionError:
        ns = "ascot.illegal"
        if self.flow.phase is not Phase.PLACES or player == self.places.house:
            return IllegalActionError(f"{ns}.no_place_bets")
        if self.offers[player] >= OFFERS_EACH:
            return IllegalActionError(f"{ns}.offers_spent", limit=OFFERS_EACH)
        if wager.horse not in self.starters():
            return IllegalActionError(f"{ns}.place_runner", horse=f"h{wager.horse}")
        return IllegalActionError(
            f"{ns}.place_stake", money=self.money_[player] - self._staked(player)
        )

    def _close_places(self) -> None:
        self._events.append(ev.PlaceBetsClosed(len(self.places.slips)))
        self._open_race()

    def _place_bet(self, player: Player, action: Action) -> None:
        if isinstance(action, Done):
            self._no_more_offers(player, self._close_places)
            return
        assert isinstance(action, Wager)
        self.wager = action
        self._offer_made(player)
        book = self.places.house
        hid = f"h{action.horse}"
        self._events.append(ev.PlaceBetOffered(player, book, hid, action.stake, action.odds))
        self.flow.switch(Phase.BOOK, turn=book)

    def _book(self, accepted: bool) -> None:
        wager = self.wager
        assert wager is not None
        proposer, book = self.flow.first, self.places.house
        self.wager = None
        hid = f"h{wager.horse}"
        if accepted:
            # « Ces paris seront sans cotation fixe, étant une convention strictement privée entre
            # le joueur et le Bookmaker »: the slip is written, its terms seen by the two only.
            self.places.place(proposer, PlaceBet("place", (hid,), wager.stake))
            self.place_odds.append(wager.odds)
            self._events.append(ev.PlaceBetAgreed(proposer, book, hid, wager.stake, wager.odds))
        else:
            self._events.append(ev.TradeRefused(book, proposer))
        self.flow.switch(Phase.PLACES, turn=proposer)
        self.flow.next_turn()
