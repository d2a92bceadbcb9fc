"""The records a Royal Steeple Chase position is made of beyond its core: each exists only while the
rules it belongs to are in play (an auction while one is open, the pirate's bets in the pirate game,
the incident pack with the incident cards...), so a state carries no field its way to play ignores.

Each record copies itself (``copy``) for ``SteepleState.fork``: a search copies positions thousands
of times, and a record knows which of its fields are lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase.board import INCIDENT_COUNT, NOBODY


@dataclass(slots=True)
class Auction:
    """An English auction in turn (seed, ENCHÈRES: « ne peut enchérir qu'avec son disponible »)."""

    horse: int
    """The horse sold, or -1 for a spread card."""
    card: int
    leader: Player
    high: int
    bidder: Player
    active: list[bool]
    resume: Player
    """Whose turn the request round goes on from once the auction is over."""

    def copy(self) -> Auction:
        return Auction(
            self.horse, self.card, self.leader, self.high, self.bidder, self.active[:], self.resume
        )


@dataclass(slots=True)
class Trade:
    """« Des échanges directs de cartes entre joueurs sont également admis »: one offer under way."""

    proposer: Player
    target: Player
    offered: int
    counter: int = -1
    points: int = 0

    def copy(self) -> Trade:
        return Trade(self.proposer, self.target, self.offered, self.counter, self.points)


@dataclass(slots=True)
class PirateBook:
    """JEU PIRATE: the secret bets of the race."""

    bets: list[tuple[int, ...] | None]
    """Each seat's secret bet (its horses), None before it bets."""
    stakes: list[int]
    """What each seat staked on its bet (public: the chips are on the table)."""

    @classmethod
    def empty(cls, players: int) -> PirateBook:
        return cls([None] * players, [0] * players)

    def copy(self) -> PirateBook:
        return PirateBook(self.bets[:], self.stakes[:])


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
        )
