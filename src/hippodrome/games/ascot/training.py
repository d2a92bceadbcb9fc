"""Ascot's training: *I. Champ d'entraînement* (the dice, the squares, the reports, the small cards)
and *Membres du Club* (D19, D47, D48).

Seed ``shared/seeds/000_fb5c4569383c9a83.clean.txt``.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import ClubReport
from hippodrome.games.ascot.board import (
    BOXED,
    CLUB_CARD,
    CLUB_FEE,
    CLUB_REPORTS,
    HORSE_COLOURS,
    HORSE_NUMBER,
    HORSES,
    OUT,
    REPORTS,
    SQUARES,
    STABLE_OF_HORSE,
    Phase,
)
from hippodrome.games.ascot.debts import DebtRules
from hippodrome.games.ascot.length import TRAINING_ROUNDS
from hippodrome.games.ascot.material import Report


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class TrainingRules(DebtRules):
    __slots__ = ()

    def _club_reports(self, player: Player) -> list[Action]:
        # Membres du Club: « un Rapport, soit du Vétérinaire, soit de l'un ou de l'autre
        # Entraîneur [...] en respectant toutefois la règle de la distinction des Ecuries ».
        found: list[Action] = []
        for horse in self.horses_of(player):
            if not 0 <= self.square[horse] < BOXED:
                continue
            found.extend(CLUB_REPORTS[horse])
        return found

    # I. Champ d'entraînement ------------------------------------------------------------------------

    def _open_training(self) -> None:
        for horse in HORSES:
            self.square[horse] = 0 if self.owner(horse) != NOBODY else OUT
        # « Le premier à jeter les dés est le Commissaire du Club des Propriétaires » (« Membre
        # d'office »); the card unsold, the dealer's left begins (D16).
        club = self.holder(CLUB_CARD)
        if club != NOBODY:
            self.member[club] = True
        first = club if club != NOBODY else self._left_of_dealer()
        self._events.append(ev.TrainingOpened(first, self.bank))
        # D48: the rounds of the training are counted from the first thrower's turn.
        self.opener = first
        self.flow.round = 1
        self.flow.enter(Phase.TRAINING, turn=first)
        self._to_next_trainer(first, fresh=True)

    def _training(self, player: Player) -> bool:
        """Some horse of ``player`` is still on the training loop."""
        square = self.square
        for held in (self.hands[player], self.bought[player]):
            for card in held:
                horse = HORSE_NUMBER[card]
                if horse and 0 <= square[horse] < BOXED:
                    return True
        return False

    def _to_next_trainer(self, seat: Player, *, fresh: bool = False) -> None:
        """Give the turn to ``seat`` or the next seat round the table with a horse still training;
        a seat struck by strangles loses that roll. No horse left: the training is over."""
        n = self.game.num_players
        if not fresh:
            seat = self._round_on(seat)
        for _ in range(2 * n + 1):
            if not any(self._training(p) for p in range(n)):
                self._events.append(ev.TrainingOver())
                self._open_preliminaries()
                return
            if self.flow.round > TRAINING_ROUNDS:
                self._call_training()
                return
            if self._training(seat):
                if self.strangled[seat]:
                    self.strangled[seat] = False
                    self._events.append(ev.RollLost(seat))
                else:
                    self.reports_taken = 0
                    self.flow.enter(Phase.TRAINING, turn=seat)
                    return
            seat = self._round_on(seat)
        raise AssertionError("a seat with a horse training is always found")  # pragma: no cover

    def _round_on(self, seat: Player) -> Player:
        """The seat after ``seat`` round the table; a new round when it is the opener's turn."""
        seat = self.flow.seat_after(seat)
        if seat == self.opener:
            self.flow.new_round()
        return seat

    def _call_training(self) -> None:
        """D48: the training is called at the end of its last round: the horses still on the loop
        go back to their boxes, obeying nothing, and the preliminaries begin."""
        self._events.append(ev.TrainingCalled(TRAINING_ROUNDS))
        for horse in HORSES:
            if 0 <= self.square[horse] < BOXED:
                self.square[horse] = BOXED
                self._events.append(ev.HorseBoxed(self.owner(horse), f"h{horse}"))
        self._events.append(ev.TrainingOver())
        self._open_preliminaries()

    def _dice(self, total: int) -> None:
        player = self.flow.turn
        self._events.append(ev.DiceThrown(player, total))
        # « une fois pour tous ses chevaux qui sortiront un à un de leurs boxes [...] par ordre de
        # numéros (de 1 à 12) ».
        self.moving = [total] + [h for h in self.horses_of(player) if 0 <= self.square[h] < BOXED]
        self._move_on(player)

    def _move_on(self, player: Player) -> None:
        """Move the seat's horses still to move this roll, in number order, obeying each square;
        stop to ask the seat when a square offers a choice."""
        while len(self.moving) > 1:
            total = self.moving[0]
            horse = self.moving.pop(1)
            start = self.square[horse]
            end = min(start + total, BOXED)
            self.square[horse] = end
            self._events.append(ev.HorseTrained(player, f"h{horse}", start, end))
            if end >= BOXED:
                # « Il y entre avec un nombre de points égal ou supérieur à celui qui lui est
                # nécessaire pour entrer ».
                self._events.append(ev.HorseBoxed(player, f"h{horse}"))
                continue
            square = SQUARES.get(end)
            if square is None:
                continue
            if square.kind == "club" and not self.member[player]:
                # « L'entrée au Club est facultative »: the owner answers.
                self.moving.insert(1, -horse)
                self.flow.enter(Phase.CLUB, turn=player)
                return
            if self._obey(player, horse, end):
                break  # strangles: the turn stops, the other horses do not move
            if self.drawing is not None:
                return  # a report to read off its deck first (chance)
            if self.debt is not None:
                self.flow.enter(Phase.SALE, turn=player)
                return
        self.moving = []
        if self.strangled[player]:
            self._to_next_trainer(player)  # « s'arrêter de jouer immédiatement »
        else:
            self._open_transactions(player)

    def _open_transactions(self, player: Player) -> None:
        # « Les dés doivent être laissés sur la table jusqu'à ce que le joueur qui est en train de
        # jouer ait fait avancer tous ses chevaux et ait terminé ses transactions » (D41).
        if not self.in_training():
            self._to_next_trainer(player)
            return
        self.offers[player] = 0
        self.flow.enter(Phase.TRADING, turn=player)

    def _obey(self, player: Player, horse: int, at: int) -> bool:
        """Carry out the square ``at`` for ``horse``; True when the turn stops (strangles)."""
        square = SQUARES[at]
        kind = square.kind
        if kind == "pay":
            self._fee(player, square.header, square.amount)
        elif kind == "stable_pay":
            self._fee(player, f"ecurie_{STABLE_OF_HORSE[horse]}", square.amount)
        elif kind == "stable_report":
            return self._report(player, horse, STABLE_OF_HORSE[horse])
        elif kind == "vet_report":
            return self._report(player, horse, "veterinary")
        elif kind == "advantage":
            self._small_card(player, horse, advantage=True)
        elif kind == "disadvantage":
            self._small_card(player, horse, advantage=False)
        elif kind == "members_pay":
            # « les Membres du Club doivent payer [...] alors que les autres joueurs ne paient pas ».
            if self.member[player]:
                self._fee(player, square.header, square.amount)
            else:
                self._events.append(ev.FeeWaived(player, square.header, "not_member"))
        elif kind == "frost":
            # « Ils ont, par contre, un avantage [...] sur la case : « Gel » » (D5).
            if self.member[player]:
                self._events.append(ev.FrostSpared(player, f"h{horse}"))
            else:
                self._shift(horse, -square.back)
        return False

    def _report(self, player: Player, horse: int, deck: str) -> bool:
        # « il doit lire la première carte du paquet de Rapports et suivre les instructions [...]
        # ensuite, il doit remettre la carte sous le paquet, à moins qu'il ne lui soit dit de la
        # conserver ». The decks are shuffled (D42): while some reports were never read, the top
        # one is a chance node among them; then the reports put back come up in their order.
        if self.unseen[deck]:
            self.drawing = (deck, horse)
            self.flow.enter(Phase.REPORT, turn=player)
            return False
        return self._read(player, horse, deck, self.decks[deck].pop(0))

    def _drawn(self, index: int) -> None:
        """The report read off the top of its deck, then the turn goes on where it stopped."""
        assert self.drawing is not None
        deck, horse = self.drawing
        self.drawing = None
        player = self.flow.turn
        self.unseen[deck].remove(index)
        if self._read(player, horse, deck, index):
            self._to_next_trainer(player)  # strangles
        elif self.debt is not None:
            self.flow.enter(Phase.SALE, turn=player)
        elif self.moving:
            self._move_on(player)
        else:  # a club member's report, before his throw
            self.flow.enter(Phase.TRAINING, turn=player)

    def _read(self, player: Player, horse: int, deck: str, index: int) -> bool:
        """Carry out report ``index`` of ``deck`` for ``horse``; True when the turn stops."""
        pile = self.decks[deck]
        report: Report = REPORTS[deck][index]
        kept = report.effect == "keep"
        self._events.append(ev.ReportDrawn(player, f"h{horse}", deck, index, kept))
        if kept:
            self.reports[player].append((deck, index))
        else:
            pile.append(index)
        effect = report.effect
        if effect == "advantage":
            self._small_card(player, horse, advantage=True)
        elif effect == "advantages":
            self._small_card(player, horse, advantage=True)
            self._small_card(player, horse, advantage=True)
        elif effect == "disadvantage":
            self._small_card(player, horse, advantage=False)
        elif effect == "pay":
            self._fee(player, report.to, report.amount)
        elif effect == "forward":
            self._shift(horse, report.squares)
        elif effect == "back":
            self._shift(horse, -report.squares)
        elif effect == "strangles":
            # Note: « s'arrêter de jouer immédiatement et ne pas faire avancer les chevaux [...] En
            # outre, il ne jette pas les dés à son tour de jouer suivant ».
            self.strangled[player] = True
            self._events.append(ev.Strangles(player))
            self.moving = []
            return True
        return False

    def _small_card(self, player: Player, horse: int, *, advantage: bool) -> None:
        if advantage:
            colour = HORSE_COLOURS[horse - 1]
            taken = self.pile_advantages[colour] > 0
            if taken:
                self.pile_advantages[colour] -= 1
                self.advantages[horse] += 1
        else:
            colour = "white"
            taken = self.pile_disadvantages > 0
            if taken:
                self.pile_disadvantages -= 1
                self.disadvantages[horse] += 1
        self._events.append(ev.SmallCardTaken(player, f"h{horse}", colour, taken))

    def _shift(self, horse: int, squares: int) -> None:
        # D18: a horse sent forward or back obeys no further square this move.
        end = min(max(self.square[horse] + squares, 0), BOXED)
        self.square[horse] = end
        self._events.append(ev.HorseShifted(f"h{horse}", squares, end))
        if end >= BOXED:
            self._events.append(ev.HorseBoxed(self.owner(horse), f"h{horse}"))

    def _club_fee(self) -> Money:
        """The club's entrance fee, owed to the holder of the commissioner's card: nothing when
        that card left the game (D13)."""
        return CLUB_FEE if self.holder(CLUB_CARD) != NOBODY else 0

    def _club(self, player: Player, joins: bool) -> None:
        horse = -self.moving.pop(1)
        if joins:
            # « il paie les droits d'entrée au Commissaire du Club, prend la carte de Membre et n'a
            # plus de cotisation à payer pendant cette partie »; D13: nobody holding the
            # commissioner's card, nobody is paid.
            fee = self._club_fee()
            if fee:
                self._record(
                    [ev.FeePaid(player, self.holder(CLUB_CARD), "commissaire_du_club", fee)]
                )
            self.member[player] = True
            self._events.append(ev.ClubJoined(player, fee))
        else:
            self._events.append(ev.ClubDeclined(player))
        del horse  # the club's square asks nothing more
        self._move_on(player)

    def _club_report(self, player: Player, action: ClubReport) -> None:
        # Membres du Club: « Il ne peut prendre plus d'un Rapport à la fois et devra
        # obligatoirement se conformer aux instructions qui y seront données » (D19): this report
        # is read and obeyed (a fee paid, a sale made) before he may ask for another; D47: so many
        # at most before a throw.
        self.reports_taken += 1
        if self._report(player, action.horse, action.deck):
            self._to_next_trainer(player)
        elif self.drawing is not None:
            return  # read off the deck first (chance)
        elif self.debt is not None:
            self.flow.enter(Phase.SALE, turn=player)
