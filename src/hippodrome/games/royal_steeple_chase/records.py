"""The records a Royal Steeple Chase position is made of beyond its core: each exists only while the
rules it belongs to are in play (an auction while one is open, the pirate's bets in the pirate game,
the incident pack with the incident cards...), so a state carries no field its way to play ignores.

Each record copies itself (``copy``) for ``SteepleState.fork``: a search copies positions thousands
of times, and a record knows which of its fields are lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from hippodrome.engine.auction import Auction as OpenAuction
from hippodrome.engine.auction import Payment, Stage, sale
from hippodrome.engine.auction_events import LotSold
from hippodrome.engine.pool import Pool, Slip
from hippodrome.engine.turnflow import Seating, seat_after
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase.board import HORSES, INCIDENT_COUNT, NOBODY, TYPES, UNIT
from hippodrome.games.royal_steeple_chase.material import COLOURS


class Auction:
    """An English auction in turn (seed, ENCHÈRES: « ne peut enchérir qu'avec son disponible »): the
    engine's open auction (``lot``), opened with the requester leading at his bid, and what this game
    adds to it: the horse or card sold and whose turn the request round goes on from after it."""

    __slots__ = ("card", "horse", "lot", "resume")

    def __init__(  # noqa: PLR0917 -- the position's auction tuple, in its order
        self,
        horse: int,
        card: int,
        leader: Player,
        high: int,
        bidder: Player,
        active: list[bool],
        resume: Player,
        lot: OpenAuction | None = None,
        order: Seating | None = None,
    ) -> None:
        self.horse = horse
        """The horse sold, or -1 for a spread card."""
        self.card = card
        self.resume = resume
        """Whose turn the request round goes on from once the auction is over."""
        if lot is None:
            n = len(active)
            lot = OpenAuction(
                lot_name(horse, card),
                n,
                0,
                UNIT,
                [x or q == leader for q, x in enumerate(active)],
                Stage.OPEN,
                seat_after(resume, 1, n, order),
                high,
                leader,
                bidder,
                active,
                order=order,
            )
        self.lot = lot

    @classmethod
    def open(
        cls,
        horse: int,
        card: int,
        requester: Player,
        *,
        bid: int,
        bidders: list[bool] | None,
        chips: Sequence[int],
        pay: Payment | None,
        order: Seating | None = None,
    ) -> tuple[Auction, LotSold | None]:
        """The auction a request opens, from the requester's left, the requester leading with his
        bid (0 too); the sale if nobody can outbid him. ``bidders``: who may bid (None: everyone);
        ``pay``: who pays the price (None: the buyer alone)."""
        n = len(chips)
        lot, events = OpenAuction.outcry(
            HORSE_LOTS[horse] if horse != NOBODY else CARD_LOTS[card],
            n,
            chips,
            first=seat_after(requester, 1, n, order),
            increment=UNIT,
            excluded=() if bidders is None else [q for q, b in enumerate(bidders) if not b],
            opening=(requester, bid),
            pay=pay,
            quiet=True,  # the game tells its auctions in its own events
            order=order,  # the bridge players' seating (D80)
        )
        # quiet: no event unless the hammer fell at once
        return cls._around(horse, card, requester, lot), sale(events) if events else None

    @classmethod
    def _around(cls, horse: int, card: int, resume: Player, lot: OpenAuction) -> Auction:
        """This game's record around an engine auction, made without ``__init__``'s position
        arguments (a playout makes one at nearly every request)."""
        self = object.__new__(cls)
        self.horse, self.card, self.resume, self.lot = horse, card, resume, lot
        return self

    @property
    def leader(self) -> Player:
        return self.lot.leader

    @property
    def high(self) -> int:
        return self.lot.high

    @property
    def bidder(self) -> Player:
        return self.lot.bidder

    @property
    def active(self) -> list[bool]:
        active = self.lot.active
        assert active is not None
        return active

    def copy(self) -> Auction:
        return Auction._around(self.horse, self.card, self.resume, self.lot.copy())


def lot_name(horse: int, card: int) -> str:
    """What an auction sells, as the engine's auction names it: ``horse 2`` or ``card 7``."""
    return f"horse {horse}" if horse != NOBODY else f"card {card}"


HORSE_LOTS = tuple(lot_name(h, -1) for h in HORSES)
CARD_LOTS = tuple(lot_name(NOBODY, t) for t in range(TYPES))
"""The lots' names, written once: a playout opens an auction at nearly every request."""


@dataclass(slots=True)
class Trade:
    """« Des échanges directs de cartes entre joueurs sont également admis »: one offer under way,
    or a named card asked for (« B (vert) demande un 4 / 3v »: ``offered`` -1, ``proposer`` the
    asker, ``target`` the player to answer)."""

    proposer: Player
    target: Player
    offered: int
    counter: int = -1
    points: int = 0
    """Points the target adds to his card."""
    given: int = 0
    """Points the proposer adds to his card (D51)."""
    asked: int = -1
    """The card type asked for, when the offer answers an ask (D50)."""
    resume: Player = NOBODY
    """Whose turn the trading round goes on after: the proposer, or the player who asked."""

    def to_act(self) -> tuple[Player, ...]:
        """Who answers the trade now (the turn flow calls on him): its partner, then, once he has
        countered, its proposer."""
        return (self.target,) if self.counter < 0 else (self.proposer,)

    def is_chance(self) -> bool:
        return False

    def copy(self) -> Trade:
        return Trade(
            self.proposer,
            self.target,
            self.offered,
            self.counter,
            self.points,
            self.given,
            self.asked,
            self.resume,
        )


WIN: Final = "win"
"""JEU PIRATE: a bet on one horse (the pool's slip kind)."""
EITHER: Final = "either"
"""JEU PIRATE for points: a bet on two horses (« parier sur un ou deux chevaux »)."""
COLOUR_INDEX: Final = {c: h for h, c in enumerate(COLOURS)}


def pirate_pool(*, points: bool) -> Pool:
    """JEU PIRATE's bets, as the engine's pool takes them: « Chaque joueur, après avoir vu son jeu,
    parie clandestinement sur un cheval », one slip a seat (``per_seat``), written all at once
    (``by_seat``), its horse(s) hidden from the others until the race ends, its stake public (the
    chips go on the table: D19). For stakes: chips of 5, at least 5 when one has them
    (``free_when_short``). For points: « sur un ou deux chevaux », for nothing (one token of 0)."""
    if points:
        return Pool(
            {WIN: 1, EITHER: 2},
            minimum=0,
            paid=False,
            hidden=True,
            hides=("kind", "horses"),
            tokens=(0,),
            per_seat=1,
            by_seat=True,
        )
    return Pool(
        {WIN: 1},
        minimum=UNIT,
        unit=UNIT,
        hidden=True,
        hides=("kind", "horses"),
        per_seat=1,
        free_when_short=True,
        by_seat=True,
    )


@dataclass(slots=True)
class PirateBook:
    """JEU PIRATE: the secret bets of the race, slips of the engine's pool, one a seat."""

    players: int
    pool: Pool

    @classmethod
    def empty(cls, players: int, *, points: bool) -> PirateBook:
        return cls(players, pirate_pool(points=points))

    @classmethod
    def of(
        cls, bets: Sequence[tuple[int, ...] | None], stakes: Sequence[int], *, points: bool
    ) -> PirateBook:
        """The book a position's ``bets`` and ``stakes`` (one a seat) describe."""
        book = cls.empty(len(bets), points=points)
        for q, bet in enumerate(bets):
            if bet is not None:
                book.pool.slips.append(book.slip(len(book.pool.slips) + 1, q, bet, stakes[q]))
        return book

    @staticmethod
    def slip(number: int, player: Player, horses: Sequence[int], stake: int) -> Slip:
        return Slip(number, player, WIN if len(horses) == 1 else EITHER, colours(horses), stake)

    @property
    def bets(self) -> list[tuple[int, ...] | None]:
        """Each seat's secret bet (its horses), None before it bets."""
        bets: list[tuple[int, ...] | None] = [None] * self.players
        for s in self.pool.slips:
            bets[s.player] = tuple(COLOUR_INDEX[c] for c in s.horses)
        return bets

    @property
    def stakes(self) -> list[int]:
        """What each seat staked on its bet (public: the chips are on the table)."""
        stakes = [0] * self.players
        for s in self.pool.slips:
            stakes[s.player] = s.stake
        return stakes

    def rewrite(self, player: Player, horses: Sequence[int]) -> None:
        """Put ``player``'s bet on other horse(s), for the same stake (a determinization)."""
        slips = self.pool.slips
        i = next(i for i, s in enumerate(slips) if s.player == player)
        slips[i] = self.slip(slips[i].number, player, horses, slips[i].stake)

    def copy(self) -> PirateBook:
        return PirateBook(self.players, self.pool.copy())


def colours(horses: Sequence[int]) -> tuple[str, ...]:
    """Horses as the pool's slips name them: their colours (``r``, ``b``, ``j``, ``v``)."""
    return tuple(COLOURS[h] for h in horses)


@dataclass(slots=True)
class Camps:
    """JEU PAR CAMP: each seat's partner (fixed: the seat opposite; improvised: formed by asking for
    the horse a lone player holds)."""

    partner: list[Player]

    def copy(self) -> Camps:
        return Camps(self.partner[:])


@dataclass(slots=True)
class Contres:
    """JEU ORDINAIRE BRIDGÉ: the « contre » of players without a horse."""

    contred: list[bool]
    """Players without a horse who « contré » this deal: nobody will win, they say."""
    banned: list[bool]
    """Players who lost a « contre » last deal: they may not take a horse in this one."""

    @classmethod
    def empty(cls, players: int) -> Contres:
        return cls([False] * players, [False] * players)

    def copy(self) -> Contres:
        return Contres(self.contred[:], self.banned[:])


@dataclass(slots=True)
class PursuitLaps:
    """JEU POURSUITE: where each player starts the next lap (« chacun repart de sa place »)."""

    carried: list[int]

    def copy(self) -> PursuitLaps:
        return PursuitLaps(self.carried[:])


@dataclass(slots=True)
class IncidentDeck:
    """CARTES D'INCIDENTS (facultatif): the pack and what its cards still ask of the players."""

    incident_pack: list[int] = field(default_factory=lambda: list(INCIDENT_COUNT))
    """Cards of each kind (an index of INCIDENT_KINDS) still in the pack."""
    pending: list[int] = field(default_factory=list)
    """Per seat, the incident card it obeys at its next turn (-1: none)."""
    incident: int = -1
    """The incident being carried out (-1: none)."""
    incident_step: list[int] = field(default_factory=list)
    """What an incident still needs: the horses to hurdle, or the gap of the hurdle moved."""
    dry: list[int] = field(default_factory=lambda: [0] * 4)
    """Per horse, the first square of the river that is dry for it (0: none)."""
    extra: list[int] = field(default_factory=list)
    """Per seat, the cards it plays again (« JOUEZ DEUX FOIS LE PROCHAIN COUP »)."""
    ridden: list[Player] = field(default_factory=list)
    """Per seat, the horse its next white advance moves (« JOUÉE PAR LE CHEVAL ... »)."""
    draws_left: int = 0
    """Cards still to take from the discards (« PRENEZ AU HASARD DEUX CARTES DANS LES ÉCARTS »)."""
    lanes: list[int] = field(default_factory=lambda: [0, 1, 2, 3])
    """Per horse, the lane it runs on (« CHANGEZ DE PISTE AVEC LE CHEVAL DE VOTRE CHOIX »)."""

    @classmethod
    def fresh(cls, players: int) -> IncidentDeck:
        return cls(pending=[-1] * players, extra=[0] * players, ridden=[NOBODY] * players)

    def copy(self) -> IncidentDeck:
        return IncidentDeck(
            self.incident_pack[:],
            self.pending[:],
            self.incident,
            self.incident_step[:],
            self.dry[:],
            self.extra[:],
            self.ridden[:],
            self.draws_left,
            self.lanes[:],
        )
