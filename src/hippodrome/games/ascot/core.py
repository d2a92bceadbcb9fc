"""Ascot's position and what every chapter of the rules asks of it.

``AscotCore`` holds the fields of the game (*Préparatifs*: the money, the Bank, the cards held) and
of each chapter of the seed (``shared/seeds/000_fb5c4569383c9a83.clean.txt``). The rules are
written chapter by chapter in the classes ``rules.AscotState`` derives from, one on the other:
``prizes.PrizeRules`` (*Les prix*), ``race.RaceRules`` (*Départ*, *Changement de piste*, the
inscriptions), ``betting.BettingRules`` (*Les paris*), ``preliminaries.PreliminaryRules``
(*Préliminaires*, *Favori*), ``debts.DebtRules`` (a player who cannot pay, *Préparatifs*),
``training.TrainingRules`` (*I. Champ d'entraînement*, *Membres du Club*) and ``deal.DealRules``
(*La donne*, *Vente aux enchères*). A chain rather than mixins: a compiled class has one base
(``hippodrome.compiled``). A chapter calling a later one's opener finds it declared here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from hippodrome.engine.auction import Auction
from hippodrome.engine.events import Event
from hippodrome.engine.game import Outcome
from hippodrome.engine.pool import Pool
from hippodrome.engine.turnflow import NOBODY, Flow, FlowState
from hippodrome.engine.types import Money, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import Offer, Swap, Wager
from hippodrome.games.ascot.board import (
    BOXED,
    BUSINESS,
    DEALER,
    DUE_PRICE,
    HORSE_CARD,
    HORSE_NUMBER,
    INCREMENT,
    NO_MONEY,
    OUT,
    PHASES,
    PLACE_STAKES,
    REPORTS,
    RNONE,
    TOTALISATOR_ROUNDING,
    M,
    Phase,
    as_told,
)

if TYPE_CHECKING:
    from hippodrome.games.ascot.rules import Ascot


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class AscotCore(FlowState["Ascot"]):
    __slots__ = (
        "adv_hand",
        "advantages",
        "at",
        "auction",
        "auctioneer",
        "bank",
        "bought",
        "called",
        "colour_used",
        "danger",
        "dead",
        "dealt",
        "debt",
        "decks",
        "die",
        "dis_hand",
        "disadvantages",
        "drawing",
        "fallen",
        "favourite",
        "hands",
        "inscription_used",
        "lane_effect",
        "member",
        "money_",
        "moving",
        "moving_horse",
        "offer",
        "offered",
        "offers",
        "opener",
        "pile_advantages",
        "pile_disadvantages",
        "place_odds",
        "placed",
        "places",
        "pool",
        "quota",
        "reports",
        "reports_taken",
        "rescuers",
        "retired",
        "runners",
        "square",
        "strangled",
        "to_move",
        "unseen",
        "wager",
        "withdrawn",
    )

    def __init__(self, game: Ascot) -> None:
        super().__init__(game)
        n = game.num_players
        self.flow: Flow[Phase] = Flow(PHASES, Phase.DEAL, n)
        # Préparatifs: « Chaque joueur reçoit la somme de Frs 281.000 ».
        self.money_: list[Money] = [M.money_each] * n
        self.bank: Money = 0
        """The Bank: what the players pay the Banker for their cards and entry fees (the prizes)."""
        self.dealt: list[int] = []
        """The cards dealt so far, in order (the deal's chance node draws the next)."""
        self.hands: list[list[int]] = [[] for _ in range(n)]
        """Each seat's cards kept from the deal (to be paid at face value after the sale)."""
        self.bought: list[list[int]] = [[] for _ in range(n)]
        """Each seat's cards bought at the sale (paid when bought)."""
        self.dead: list[int] = []
        """The dead pile, top first; nobody looks at it (« que personne ne doit regarder »)."""
        self.withdrawn: list[int] = []
        self.retired: list[int] = []
        """The businesses taken out of the game before the race, the Bookmaker's excepted."""
        self.auctioneer: Player = NOBODY
        self.auction: Auction | None = None
        # Training.
        self.square: list[int] = [OUT] * 13
        """Each horse's square on the training loop (index = horse number; 0: its box, BOXED: home
        again, OUT: not training)."""
        self.advantages: list[int] = [0] * 13
        """The advantages laid on each horse's card (of its colour)."""
        self.disadvantages: list[int] = [0] * 13
        self.pile_advantages: dict[str, int] = dict(M.advantages)
        self.pile_disadvantages = M.disadvantages
        self.unseen: dict[str, list[int]] = {d: list(range(len(r))) for d, r in REPORTS.items()}
        """The reports of each shuffled deck not read yet this game (index into
        ``REPORTS[deck]``): they lie on top, in an order nobody knows, so the next one read is a
        chance node among them (D42)."""
        self.decks: dict[str, list[int]] = {d: [] for d in REPORTS}
        """The reports read and put back under each deck, in order, below the unseen ones."""
        self.drawing: tuple[str, int] | None = None
        """The deck a report is being read from and the horse it is for (phase ``report``)."""
        self.reports: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        """The reports each seat keeps (immunities)."""
        self.member: list[bool] = [False] * n
        self.strangled: list[bool] = [False] * n
        """Seats whose next roll is lost (« il ne jette pas les dés à son tour de jouer suivant »)."""
        self.opener: Player = NOBODY
        """The seat whose turn opens each round (``flow.round``): the first to throw in the
        training (D48), then the starter of the race (D49)."""
        self.reports_taken = 0
        """The reports the club member in turn has taken before his throw (D47)."""
        self.moving: list[int] = []
        """The horses of the seat in turn still to move this roll, and the roll (``moving[0]``)."""
        self.debt: tuple[str, Money] | None = None
        """A fee the seat in turn cannot pay yet (the business paid, the amount): he sells first."""
        self.offered: list[str] = []
        """What the debtor has already offered for this debt (each item once)."""
        # The race.
        self.at: list[int] = [RNONE] * 13
        """Each horse's cell on the race course, or RNONE, RSTART, RPAST, ROUT."""
        self.fallen: list[bool] = [False] * 13
        self.adv_hand: list[dict[str, int]] = [{c: 0 for c in M.advantages} for _ in range(n)]
        """The advantages each player holds for the race, by colour."""
        self.dis_hand: list[int] = [0] * n
        self.placed: list[int] = []
        """The horses past the post, in order (disqualified ones excepted)."""
        self.to_move: list[int] = []
        """The seat in turn's horses still to take a die this turn."""
        self.die = 0
        self.moving_horse = 0
        self.colour_used = False
        self.inscription_used = False
        self.lane_effect = ""
        self.danger: tuple[int, str] | None = None
        """A horse on « Bride cassée », « Rupture de vaisseau » or « Votre cheval tombe » whose
        owner lacks the report, and the inscription: the holders may sell him one first (D43)."""
        self.rescuers: list[Player] = []
        """The holders of a report that would save it, still to be asked, in turn."""
        self.offer: Offer | Swap | None = None
        """The trade waiting for its answer, and who proposed it (``offers`` counts them)."""
        self.offers: list[int] = [0] * n
        """How many trades each seat has offered before the race."""
        # The race's preliminaries and the totalisator.
        self.quota = 0
        """How many horses each owner runs (D22)."""
        self.runners: list[list[int]] = [[] for _ in range(n)]
        """Each seat's runners, entry fee paid."""
        self.favourite: list[int] = [0] * n
        """Each seat's favourite (0: none)."""
        self.called = 0
        """The runner the Bookmaker is reading (betting), 0 before."""
        self.pool = Pool(
            {"win": 1},
            minimum=INCREMENT,
            unit=INCREMENT,
            take_out=M.totalisator_percent,
            rounding=TOTALISATOR_ROUNDING,
            refund_without_winner=False,
            per_horse=M.tickets_per_horse,
            carried=game.options.jackpot,
        )
        """Le Totalisateur: win bets only, four numbered tickets a horse (D24)."""
        self.places = Pool(
            {"place": 1},
            minimum=PLACE_STAKES.start,
            unit=PLACE_STAKES.step,
            paid=False,
            hidden=True,
            hides=("kind", "horses", "stake"),
        )
        """D40: the private place bets the Bookmaker took, nothing paid before the race is over;
        each slip's odds are in ``place_odds``."""
        self.place_odds: list[str] = []
        self.wager: Wager | None = None
        """The place bet waiting for the Bookmaker's answer (its proposer: ``flow.first``)."""

    # -- who holds what -------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        phase: Phase = self.flow.phase
        return phase

    def holder(self, card: int) -> Player:
        """The seat holding ``card`` (kept from the deal or bought), or NOBODY."""
        for p in range(self.game.num_players):
            if card in self.hands[p] or card in self.bought[p]:
                return p
        return NOBODY

    def cards_of(self, player: Player) -> list[int]:
        return sorted(self.hands[player] + self.bought[player])

    def owner(self, horse: int) -> Player:
        return self.holder(HORSE_CARD[horse])

    def horses_of(self, player: Player) -> list[int]:
        """The seat's horses in number order (« par ordre de numéros (de 1 à 12) »)."""
        found = [HORSE_NUMBER[c] for c in self.hands[player] if HORSE_NUMBER[c]]
        found += [HORSE_NUMBER[c] for c in self.bought[player] if HORSE_NUMBER[c]]
        found.sort()
        return found

    def due(self, player: Player) -> Money:
        """What ``player`` still owes the Bank for the cards kept from the deal (the auctioneer's
        card is free)."""
        due = 0
        for card in self.hands[player]:
            due += DUE_PRICE[card]
        return due

    def _left_of_dealer(self) -> Player:
        return self.flow.seat_after(DEALER)

    # -- what happens -------------------------------------------------------------------------------

    def _record(self, events: Sequence[Event]) -> None:
        """Tell ``events`` (the engine's auction and pool in Ascot's words) and move the money
        they say moves (``events.apply_money``, inlined: it runs at almost every action)."""
        money, told = self.money_, self._events
        for event in events:
            said = as_told(event)
            if type(said) in NO_MONEY:
                told.append(said)
                continue
            for player, delta in said.money_changes().items():
                money[player] += delta
            told.append(said)

    def in_training(self) -> bool:
        """Some horse is still on the training loop (square 0 is never a horse's: it is OUT)."""
        for x in self.square:  # noqa: SIM110 - a loop is faster than any() on a generator here
            if 0 <= x < BOXED:
                return True
        return False

    def _offer_made(self, player: Player) -> None:
        """A seat made an offer in a round of offers: counted, the round of ``done`` begins again,
        and the proposer is remembered for the answer."""
        self.offers[player] += 1
        self.flow.played()
        self.flow.first = player

    def _no_more_offers(self, player: Player, close: Callable[[], None]) -> None:
        """A seat says ``done``: a whole round of them closes the offers, else the next seat."""
        self._events.append(ev.NoMoreOffers(player))
        if self.flow.passed():
            close()
        else:
            self.flow.next_turn()

    def starters(self) -> list[int]:
        """The horses entered in the race, in number order."""
        return sorted(h for r in self.runners for h in r)

    def bookmaker(self) -> Player:
        return self.holder(BUSINESS["bookmaker"])

    # -- how it ends --------------------------------------------------------------------------------

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def outcome(self) -> Outcome:
        return Outcome.from_money(self.money_)

    # -- what an earlier chapter of the chain asks of a later one (written there) ----------------

    def _to_next_trainer(self, seat: Player, *, fresh: bool = False) -> None:
        raise NotImplementedError  # training.TrainingRules

    def _move_on(self, player: Player) -> None:
        raise NotImplementedError  # training.TrainingRules
