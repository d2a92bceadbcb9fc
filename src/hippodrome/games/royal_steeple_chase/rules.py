"""Royal Steeple Chase's rules: the game and its state.

Quotations are from the seed, ``shared/seeds/004_5a02d46b7d17618c.txt``, by the heading they stand
under (DISTRIBUTION DU JEU, ATTRIBUTION DES CHEVAUX, ENCHÈRES, AVANCES, ...); "the example" is its
« Exemple détaillé d'une partie », whose every position the engine reproduces
(``tests/games/royal_steeple_chase/example.json``). Decisions where the seed is silent are in
``docs/rules/royal_steeple_chase.md`` (D1, D2, ...), each with the test that pins it.

Positions are counted in squares from the start: a horse on the start square 21 is at 0, on square 7
at 7, on square 21 after its lap at 21, and a horse that crosses the line (« 1 (gagnant) ») at 22. A
gap is named by the progress before it: gap 7 lies « entre 7 et 8 »; gaps 0 and 21 are the line.
Hurdles are bit sets of gaps, one per horse's lane.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, OptionsError, RecordError
from hippodrome.engine.game import Game, Outcome, State
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.record import position_field
from hippodrome.engine.types import CHANCE, JSONObject, Money, Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import (
    ACCEPT,
    CONTRE,
    PASS,
    REFUSE,
    Accept,
    Bid,
    Contre,
    Counter,
    DealCard,
    DrawDiscard,
    DrawIncident,
    IncidentChoice,
    OwnHurdle,
    Pass,
    PlaceBet,
    PlayCard,
    PlayHalf,
    Propose,
    Refuse,
    RequestCard,
    RequestHorse,
    Throw,
    VoidHalf,
    gap_label,
    parse_action,
)
from hippodrome.games.royal_steeple_chase.material import (
    COLOURS,
    NO_COLOUR,
    Half,
    Material,
    digest,
    material,
    parse_half,
)

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random

M: Final[Material] = material()
HORSES: Final = range(4)
TYPES: Final = len(M.types)
TYPE_TEXT: Final = tuple(str(t) for t in M.types)
TYPE_HALVES: Final = tuple(tuple(str(h) for h in t.halves) for t in M.types)
HALF_OF: Final = {str(h): h for t in M.types for h in t.halves}
LAP: Final = M.squares  # 21: a horse on square 21 after its lap
FINISH: Final = LAP + 1  # crossed the line: « 1 (gagnant) »
RIVERS: Final = M.rivers
UNIT: Final = M.chip_unit
NOBODY: Final = -1
INCIDENT_KINDS: Final = tuple(dict.fromkeys(c.kind for c in M.incidents))
INCIDENT_COUNT: Final = tuple(sum(1 for c in M.incidents if c.kind == k) for k in INCIDENT_KINDS)
RED_SQUARES: Final = M.incident_squares
RIVER_OF: Final = {10: (10,), 15: (15, 16), 16: (15, 16)}
"""The rivers as the seed counts them (« la deuxième rivière », « la grande rivière »): 10, 15-16."""
MAX_OFFERS: Final = 2
"""Trade offers a player may start in one trading round (D9: keeps the round finite)."""
MAX_TRADE_POINTS: Final = 20
"""The most points a counter-offer may add (D9)."""
MAX_REQUESTS: Final = 3
"""Spread cards a player may ask for in one deal (D10: keeps the exchanges finite)."""


class Phase(IntEnum):
    DEAL = 0
    HORSES = 1
    """ATTRIBUTION DES CHEVAUX: in turn, each player without a horse asks for one."""
    AUCTION = 2
    """ENCHÈRES: a contested horse or spread card goes to the highest bid."""
    THROW = 3
    """The winner of a spread card gives one of his cards to the spread in exchange."""
    EXCHANGE = 4
    """ATTRIBUTION DU JEU ÉTALÉ: in turn, exchange one card at a time with the spread."""
    TRADE = 5
    """« Des échanges directs de cartes entre joueurs sont également admis. »"""
    TRADE_COUNTER = 6
    TRADE_DECIDE = 7
    RACE = 8
    """MARCHE DU JEU: in turn, the dealer first, each plays a card."""
    HALVES = 9
    """The card's two coups, « dans l'ordre que l'on désire »."""
    OVER = 10
    BETS = 11
    """JEU PIRATE: every player bets in secret, all at once."""
    DRAW_INCIDENT = 12
    """CARTES D'INCIDENTS: the top card of the shuffled pack (chance)."""
    INCIDENT = 13
    """A player does what his incident card says, at his next turn."""
    DRAW_DISCARD = 14
    """« PRENEZ AU HASARD DEUX CARTES DANS LES ÉCARTS » (chance)."""
    SOLO_HURDLES = 15
    """Solo practice: « placez sur votre piste, où vous voudrez, 10 haies »."""


@dataclass(frozen=True, kw_only=True)
class SteepleOptions(GameOptions):
    players: int = option(
        4,
        en="Number of players (2 to 8; 1 for the solo practice)",
        fr="Nombre de joueurs (2 à 8 ; 1 pour s'entraîner seul)",
    )
    scoring: Literal["bridge", "simple", "race"] = option(
        "bridge",
        en="Scoring: bridge (ordinary game, two games win), simple (one race per player, chips), race (one race)",
        fr="Marque : bridge (jeu ordinaire bridgé), simple (jeu simplifié), race (une seule course)",
    )
    deals: int = option(
        0,
        en="Stop the match after this many deals (0: as the seed ends it: two games, 200 points...)",
        fr="Arrêter la partie après ce nombre de donnes (0 : comme la règle : deux manches, 200 points...)",
    )
    pirate: Literal["no", "stakes", "points"] = option(
        "no",
        en="Pirate game: secret bets instead of horses (stakes: the stakes go to the winner's backers; points: one or two horses, 50 or 20 points, 200 wins)",
        fr="Jeu pirate : paris clandestins au lieu des chevaux (stakes : les enjeux au gagnant ; points : un ou deux chevaux, 50 ou 20 points, 200 gagne)",
    )
    incidents: bool = option(
        False,
        en="Incident cards: a horse stopping on a red-numbered square draws one (optional rule)",
        fr="Cartes d'incidents : un cheval arrêté sur une case numérotée en rouge en fait prendre une (facultatif)",
    )
    solo_cards: int = option(
        13,
        en="Solo practice (1 player): cards dealt, 13, 14 or 15",
        fr="Entraînement seul (1 joueur) : cartes distribuées, 13, 14 ou 15",
    )
    camps: Literal["no", "fixed", "improvised"] = option(
        "no",
        en="Partnerships: fixed (partners sit opposite and share a horse) or improvised (formed by asking for the same horse), winnings shared",
        fr="Jeu par camp : fixé à l'avance (partenaires en face, un cheval pour deux) ou improvisé (par demandes et enchères sur un même cheval), gains partagés",
    )
    pursuit: bool = option(
        False,
        en="Pursuit game: as many laps as players, each deal stops at the first horse over the line and everyone goes on from where he stands",
        fr="Jeu poursuite : autant de tours que de joueurs, chaque tour s'arrête au premier gagnant et chacun repart de sa place",
    )
    handicap: str = option(
        "",
        en="Handicap game: seats starting on square 3, as 0,2",
        fr="Jeu handicap : places qui partent de la case 3, ainsi 0,2",
    )


class RoyalSteepleChase(Game[SteepleOptions]):
    id: ClassVar[str] = "royal_steeple_chase"
    titles: ClassVar[dict[str, str]] = {"en": "Royal Steeple Chase", "fr": "Royal Steeple Chase"}
    min_players: ClassVar[int] = 1
    """One player is the seed's solo practice (« si vous voulez apprendre à jouer tout seul »)."""
    max_players: ClassVar[int] = 8
    rules_version: ClassVar[int] = 1
    options_type: ClassVar[type[GameOptions]] = SteepleOptions
    ranking_basis: ClassVar[Literal["money", "scores"]] = "scores"

    __slots__ = ("advance_points", "central", "handicapped", "hurdles_in_hand")
    advance_points: dict[str, int]
    central: tuple[int, ...]
    handicapped: frozenset[int]
    hurdles_in_hand: int

    def __init__(self, options: SteepleOptions) -> None:
        n = options.players
        # JEU PIRATE: « Les règles spéciales au nombre de joueurs ne sont pas à appliquer. »
        special = options.pirate == "no"
        # RÈGLE SPÉCIALE: « 7 joueurs. Le Trot (3) se joue Galop (4) et le Pas (2) se joue Trot (3) »
        faster = special and n in M.faster
        object.__setattr__(
            self,
            "advance_points",
            {"2": M.trot if faster else M.pas, "3": M.galop if faster else M.trot, "4": M.galop},
        )
        # « 6 joueurs. Supprimer la haie centrale. » (and 8)
        central = tuple(
            0 if special and n in M.no_central else sum(1 << g for g in M.central[h])
            for h in HORSES
        )
        object.__setattr__(self, "central", central)
        # « 2 joueurs. Cinq haies mobiles sont distribuées à chaque joueur » (3 players: three)
        object.__setattr__(self, "hurdles_in_hand", M.hurdles_in_hand.get(n, 0) if special else 0)
        object.__setattr__(self, "handicapped", _parse_handicap(options.handicap, n))
        _check_ways_to_play(options)
        super().__init__(options)

    def deal_sizes(self) -> tuple[int, int]:
        """Cards in each hand and cards spread (DISTRIBUTION DU JEU; solo: « distribuez-vous 13, 14
        ou 15 cartes », none spread)."""
        n = self.num_players
        if n == 1:
            return (self.options.solo_cards, 0)
        hand, spread = M.deal[n]
        # JEU PAR CAMP IMPROVISÉ: « et il n'y a pas de cartes étalées »
        return (hand, 0) if self.options.camps == "improvised" else (hand, spread)

    @property
    def data_digest(self) -> str:
        return digest()

    def new_initial_state(self) -> SteepleState:
        return SteepleState.initial(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.num_players)

    def position_from_json(self, position: JSONObject) -> SteepleState:
        return _position_from_json(self, position)


def _check_ways_to_play(options: SteepleOptions) -> None:
    n = options.players
    if n == 1 and options.solo_cards not in (13, 14, 15):
        raise OptionsError(
            "error.option_type",
            option="solo_cards",
            value=options.solo_cards,
            expected="13, 14 or 15",
        )
    if n == 1 and (options.pirate != "no" or options.pursuit or options.incidents):
        raise OptionsError(
            "error.option_type", option="players", value=n, expected="2 to 8 for that way to play"
        )
    if options.camps != "no" and (n < 4 or n % 2 or options.pirate != "no" or options.pursuit):
        # « Les joueurs sont groupés par deux »: an even table, one horse a camp
        raise OptionsError(
            "error.option_type",
            option="camps",
            value=options.camps,
            expected="an even number of players from 4 to 8, not with the pirate or pursuit game",
        )
    if options.pursuit and (n > 4 or options.pirate != "no"):
        # « Se joue à 3 mais surtout à 4 joueurs »: every player runs a horse
        raise OptionsError(
            "error.option_type",
            option="pursuit",
            value=True,
            expected="2 to 4 players, not with the pirate game",
        )


def _parse_handicap(text: str, players: int) -> frozenset[int]:
    if not text.strip():
        return frozenset()
    try:
        seats = frozenset(int(s) for s in text.split(","))
    except ValueError:
        raise OptionsError(
            "error.option_type", option="handicap", value=text, expected="seats such as 0,2"
        ) from None
    if any(not 0 <= s < players for s in seats):
        raise OptionsError(
            "error.option_type", option="handicap", value=text, expected="seats such as 0,2"
        )
    return seats


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


@dataclass(slots=True)
class Trade:
    proposer: Player
    target: Player
    offered: int
    counter: int = -1
    points: int = 0


class SteepleState(State):
    __slots__ = (
        "auction",
        "banned",
        "below",
        "bets",
        "card_finishers",
        "card_player",
        "carried",
        "central",
        "chips",
        "contred",
        "deal_number",
        "deal_start",
        "dealer",
        "dealt",
        "discards",
        "draws_left",
        "dry",
        "extra",
        "finished",
        "games",
        "halves_left",
        "hands",
        "honours",
        "hurdles",
        "in_hand",
        "incident",
        "incident_pack",
        "incident_step",
        "lead",
        "offers",
        "owner",
        "partner",
        "passes",
        "pending",
        "phase",
        "placed",
        "pos",
        "pot",
        "public",
        "races",
        "requests",
        "ridden",
        "spread",
        "stakes",
        "throw_after",
        "throw_card",
        "toward",
        "trade",
        "trail",
        "turn",
        "undealt",
        "winner",
    )

    game: RoyalSteepleChase

    def __init__(self, game: RoyalSteepleChase) -> None:
        super().__init__(game)
        n = game.num_players
        self.phase = Phase.DEAL
        self.deal_number = 0
        self.dealer: Player = 0
        self.deal_start = 0
        self.dealt = 0
        self.undealt = [0] * TYPES
        self.hands = [[0] * TYPES for _ in range(n)]
        self.public = [[0] * TYPES for _ in range(n)]
        """Cards everyone knows a seat holds (taken from the spread, traded)."""
        self.spread = [0] * TYPES
        self.chips = [M.chips] * n
        self.pot = 0
        self.owner = [NOBODY] * 4
        self.pos = [0] * 4
        self.hurdles = [0] * 4
        self.in_hand = [0] * n
        self.finished: list[int] = []
        self.turn: Player = 0
        self.passes = 0
        self.auction: Auction | None = None
        self.throw_card = -1
        self.trade: Trade | None = None
        self.offers = [0] * n
        self.requests = [0] * n
        self.card_player: Player = NOBODY
        self.halves_left: list[str] = []
        self.trail: dict[int, list[tuple[int, int]]] = {}
        self.card_finishers: list[int] = []
        self.winner: Player = NOBODY
        self.placed: Player = NOBODY
        self.lead = 0
        self.races = 0
        self.honours = [0] * n
        self.below = [0] * n
        """Every game point scored (they count in the final settlement)."""
        self.toward = [0] * n
        """Game points toward the game in progress (« Une manche faite annule les points de manche en cours »)."""
        self.games = [0] * n
        self.bets: list[tuple[int, ...] | None] = [None] * n
        """JEU PIRATE: each seat's secret bet (its horses), None before it bets."""
        self.stakes = [0] * n
        """JEU PIRATE: what each seat staked on its bet (public: the chips are on the table)."""
        self.throw_after: Player = NOBODY
        """While a spread card's winner gives one back: the requester, whose left speaks next."""
        self.contred = [False] * n
        """Players without a horse who « contré » this deal: nobody will win, they say."""
        self.banned = [False] * n
        """Players who lost a « contre » last deal: they may not take a horse in this one."""
        self.partner = [NOBODY] * n
        """JEU PAR CAMP: each seat's partner (fixed: the seat opposite; improvised: formed by asking
        for the horse a lone player holds)."""
        if game.options.camps == "fixed":
            self.partner = [(q + n // 2) % n for q in range(n)]
        self.carried = [0] * n
        """JEU POURSUITE: where each player starts the next lap (« chacun repart de sa place »)."""
        self.central = list(game.central)
        """Per horse, the gaps of its lane where the central hurdle stands (lanes can be swapped)."""
        self.discards = [0] * TYPES
        self.incident_pack = list(INCIDENT_COUNT)
        self.pending = [-1] * n
        """Per seat, the incident card it obeys at its next turn (an index of INCIDENT_KINDS)."""
        self.incident = -1
        self.incident_step: list[int] = []
        """What an incident still needs: the horses to hurdle, or the gap of the hurdle moved."""
        self.dry = [0] * 4
        """Per horse, the first square of the river that is dry for it (0: none)."""
        self.extra = [0] * n
        self.ridden = [NOBODY] * n
        self.draws_left = 0

    @classmethod
    def initial(cls, game: RoyalSteepleChase) -> SteepleState:
        state = cls(game)
        state._begin_deal(0)
        return state

    # -- the deal ---------------------------------------------------------------------------------

    def _begin_deal(self, dealer: Player) -> None:
        n = self.game.num_players
        hand, spread = self.game.deal_sizes()
        self.deal_number += 1
        self.dealer = dealer
        self.phase = Phase.DEAL
        self.deal_start = len(self.history)
        self.dealt = 0
        self.undealt = [0] * TYPES
        for t in M.deck:
            self.undealt[t] += 1
        self.hands = [[0] * TYPES for _ in range(n)]
        self.public = [[0] * TYPES for _ in range(n)]
        self.spread = [0] * TYPES
        self.owner = [NOBODY] * 4
        self.pos = [0] * 4
        self.hurdles = [0] * 4
        self.in_hand = [self.game.hurdles_in_hand] * n
        self.finished = []
        self.offers = [0] * n
        self.requests = [0] * n
        self.bets = [None] * n
        self.stakes = [0] * n
        self.contred = [False] * n
        if self.game.options.camps == "improvised":
            self.partner = [NOBODY] * n  # camps are formed anew at each deal
        self.central = list(self.game.central)
        self.discards = [0] * TYPES
        self.incident_pack = list(INCIDENT_COUNT)
        self.pending = [-1] * n
        self.incident = -1
        self.incident_step = []
        self.dry = [0] * 4
        self.extra = [0] * n
        self.ridden = [NOBODY] * n
        self.draws_left = 0
        self.winner = self.placed = NOBODY
        self.lead = 0
        self.events.append(ev.DealBegun(self.deal_number, dealer, hand, spread))

    def _deal_target(self) -> Player:
        """Who the next card goes to: the hands one card at a time from the dealer's left, then the
        spread (NOBODY)."""
        n = self.game.num_players
        hand, _ = self.game.deal_sizes()
        if self.dealt < n * hand:
            return (self.dealer + 1 + self.dealt) % n
        return NOBODY

    # -- the protocol -----------------------------------------------------------------------------

    def clone(self) -> SteepleState:
        other = self.fork()
        other.history = list(self.history)
        other.events = list(self.events)
        return other

    def fork(self) -> SteepleState:
        """A copy of the position without the history and events: what a search tries moves on
        (bots call it thousands of times; ``clone`` is this plus the history)."""
        other = SteepleState.__new__(SteepleState)
        other.game = self.game
        other.history = []
        other.events = []
        for name, field in zip(_SLOTS, _read_slots(self), strict=True):
            kind = type(field)
            value: Any = field
            if kind is list:
                nested = field and type(field[0]) is list
                value = [list(v) for v in field] if nested else field[:]
            elif kind is dict:
                value = {k: list(v) for k, v in field.items()}
            elif kind is Auction:
                value = Auction(
                    field.horse,
                    field.card,
                    field.leader,
                    field.high,
                    field.bidder,
                    list(field.active),
                    field.resume,
                )
            elif kind is Trade:
                value = Trade(
                    field.proposer, field.target, field.offered, field.counter, field.points
                )
            setattr(other, name, value)
        return other

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def acting_player(self) -> Player:
        # The engine's generic version goes through active_players(); this is the fast path.
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase is Phase.AUCTION and self.auction is not None:
            return self.auction.bidder
        if phase is Phase.TRADE_COUNTER and self.trade is not None:
            return self.trade.target
        if phase is Phase.TRADE_DECIDE and self.trade is not None:
            return self.trade.proposer
        if phase is Phase.BETS or phase is Phase.OVER:
            return super().acting_player()
        return self.turn

    def has_hidden_information(self) -> bool:
        return True

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        if phase is Phase.DEAL:
            total = sum(self.undealt)
            return [(DEALS[t], c / total) for t, c in enumerate(self.undealt) if c]
        if phase is Phase.DRAW_INCIDENT:
            total = sum(self.incident_pack)
            return [(INCIDENT_DRAWS[k], c / total) for k, c in enumerate(self.incident_pack) if c]
        if phase is Phase.DRAW_DISCARD:
            total = sum(self.discards)
            return [(DISCARD_DRAWS[t], c / total) for t, c in enumerate(self.discards) if c]
        return ()

    def active_players(self) -> Sequence[Player]:
        phase = self.phase
        if phase is Phase.OVER or self.is_chance_node():
            return ()
        if phase is Phase.AUCTION:
            assert self.auction is not None
            return (self.auction.bidder,)
        if phase is Phase.TRADE_COUNTER:
            assert self.trade is not None
            return (self.trade.target,)
        if phase is Phase.TRADE_DECIDE:
            assert self.trade is not None
            return (self.trade.proposer,)
        if phase is Phase.BETS:
            return tuple(q for q, bet in enumerate(self.bets) if bet is None)
        return (self.turn,)

    def money(self) -> Sequence[Money]:
        return tuple(self.chips)

    # -- legal actions ----------------------------------------------------------------------------

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()] if player in (None, CHANCE) else []
        if phase is Phase.OVER:
            return []
        if phase is Phase.BETS:
            active = self.active_players()
            p = active[0] if player is None else player
            if p not in active:
                return []
        else:
            p = self.acting_player()
            if player is not None and player != p:
                return []
        if phase is Phase.HALVES:
            return self._half_actions(p)
        if phase is Phase.RACE:
            return self._race_actions(p)
        if phase is Phase.HORSES:
            return self._horse_requests(p)
        if phase is Phase.BETS:
            return list(self._bet_choices(p))
        if phase is Phase.INCIDENT:
            return self._incident_choices(p)
        if phase is Phase.SOLO_HURDLES:
            mine = self._horse_of(p)
            return [OwnHurdle(mine, _square(g)) for g in self._free_gaps(mine)]
        if phase is Phase.AUCTION:
            assert self.auction is not None
            low = self.auction.high + UNIT
            return [PASS] + [Bid(x) for x in range(low, self.chips[p] + 1, UNIT)]
        if phase is Phase.THROW:
            return [THROWS[t] for t in range(TYPES) if self.hands[p][t]]
        if phase is Phase.EXCHANGE:
            if self.requests[p] >= MAX_REQUESTS:
                return [PASS]
            return [PASS] + [
                RequestCard(t, bid)
                for t in range(TYPES)
                if self.spread[t]
                for bid in range(0, self.chips[p] + 1, UNIT)
            ]
        if phase is Phase.TRADE:
            out: list[Action] = [PASS]
            if self._may_contre(p):
                out.append(CONTRE)
            if self.offers[p] < MAX_OFFERS:
                n = self.game.num_players
                cards = [t for t in range(TYPES) if self.hands[p][t]]
                out += [Propose(q, t) for q in range(n) if q != p for t in cards]
            return out
        if phase is Phase.TRADE_COUNTER:
            cards = [t for t in range(TYPES) if self.hands[p][t]]
            top = min(self.chips[p], MAX_TRADE_POINTS)
            return [REFUSE] + [Counter(t, x) for t in cards for x in range(0, top + 1, UNIT)]
        return [ACCEPT, REFUSE]

    def _may_contre(self, p: Player) -> bool:
        """A player without a horse may « contrer » once a deal, before the race, in the bridge
        score (D25)."""
        return (
            self.game.options.scoring == "bridge"
            and self.game.options.pirate == "no"
            and not self.contred[p]
            and self._horse_of(p) == NOBODY
        )

    def _horse_requests(self, p: Player) -> list[Action]:
        if self.game.options.camps == "improvised":
            return self._camp_requests(p)
        free = [h for h in HORSES if self.owner[h] == NOBODY]
        out: list[Action] = [RequestHorse(h) for h in free]
        if not free:
            out.insert(0, PASS)  # D6: a player may stay without a horse only when none is free
        out += [
            RequestHorse(h, bid)
            for h in HORSES
            if self.owner[h] not in (NOBODY, p)
            for bid in range(UNIT, self.chips[p] + 1, UNIT)
        ]
        return out

    def _camp_requests(self, p: Player) -> list[Action]:
        """JEU PAR CAMP IMPROVISÉ: « Les joueurs se groupent deux à deux par demandes et enchères
        sur un même cheval. » A free horse while camps are still to be formed; or the horse of a
        player still alone, with a bid (D22)."""
        n = self.game.num_players
        held = sum(1 for h in HORSES if self.owner[h] != NOBODY)
        out: list[Action] = []
        if held < n // 2:
            out += [RequestHorse(h) for h in HORSES if self.owner[h] == NOBODY]
        out += [
            RequestHorse(h, bid)
            for h in HORSES
            if self.owner[h] != NOBODY and self.partner[self.owner[h]] == NOBODY
            for bid in range(0, self.chips[p] + 1, UNIT)
        ]
        return out

    def _bet_choices(self, p: Player) -> list[PlaceBet]:
        if self.game.options.pirate == "points":
            # « On peut également convenir que l'on peut parier sur un ou deux chevaux »
            return [BET_ONE[h] for h in HORSES] + [
                PlaceBet((a, b)) for a in HORSES for b in HORSES if a < b
            ]
        top = self.chips[p]
        if top < UNIT:
            return [BET_ONE[h] for h in HORSES]
        return [PlaceBet((h,), x) for h in HORSES for x in range(UNIT, top + 1, UNIT)]

    def _race_actions(self, p: Player) -> list[Action]:
        out: list[Action] = [PLAYS[t] for t in range(TYPES) if self.hands[p][t]]
        if self.in_hand[p]:  # one's own hurdles, not the box's
            mine = self._horse_of(p)
            out += [
                OwnHurdle(h, _square(g)) for h in HORSES if h != mine for g in self._free_gaps(h)
            ]
        return out

    def _half_actions(self, p: Player) -> list[Action]:
        out: list[Action] = []
        seen: set[str] = set()
        for text in self.halves_left:
            if text in seen:
                continue
            seen.add(text)
            plays = self._plays_of(p, HALF_OF[text])
            out += plays if plays else [VoidHalf(text)]
        return out

    def _plays_of(self, p: Player, half: Half) -> list[PlayHalf]:
        text = str(half)
        if half.kind == "R":
            # CARTES ROYALES: « jouer ce que l'on veut : un galop, un trot, une haie ou une chute »
            return [a for use in ROYAL_USES for a in self._plays_as(p, use, NO_COLOUR, text)]
        return self._plays_as(p, half.kind, half.colour, text)

    def _plays_as(self, p: Player, use: str, colour: int, text: str) -> list[PlayHalf]:
        mine = self._horse_of(p)
        free = self.game.options.pirate != "no"
        if use in ("2", "3", "4") and self.ridden[p] != NOBODY and colour == NO_COLOUR:
            # « VOTRE PROCHAINE CARTE SERA JOUÉE PAR LE CHEVAL ... »
            horse = self.ridden[p]
            return [] if self.pos[horse] >= FINISH else [_half(text, use, (horse,))]
        if use in ("2", "3", "4"):
            # « les colorées sur la piste du cheval de cette couleur »; a white advance goes to the
            # player's own horse: « II est défendu de favoriser un autre joueur » (D5). In the
            # pirate game « Les cartes sans couleur peuvent être jouées librement ».
            if free and colour == NO_COLOUR:
                return [_half(text, use, (h,)) for h in HORSES if self.pos[h] < FINISH]
            horse = colour if colour != NO_COLOUR else mine
            if horse == NOBODY or self.pos[horse] >= FINISH:
                return []
            return [_half(text, use, (horse,))]
        if use == "H":
            out: list[PlayHalf] = []
            if self._supply() > 0:
                # Solo: one lane only, the player's own
                solo = self.game.num_players == 1
                lanes = (
                    [colour] if colour != NO_COLOUR else [h for h in HORSES if (h == mine) == solo]
                )
                for h in lanes:
                    if self.pos[h] < FINISH:
                        out += _placements(text, use, h, self.pos[h], self.hurdles[h])
            own = [mine] if mine != NOBODY else list(HORSES) if free else []
            for h in own if colour == NO_COLOUR else ():
                # « ou, s'il le préfère, retirer une haie sur sa propre piste »
                hurdles, at = self.hurdles[h], self.pos[h]
                if at < FINISH:
                    out += [
                        _half(text, use, (h,), _square(g), remove=True)
                        for g in range(at, LAP + 1 if at else LAP)
                        if hurdles >> g & 1
                    ]
            return out
        # CHUTE: « Reculer un cheval de 2 cases ou reculer deux chevaux de 1 case chacun »
        targets = [
            h for h in HORSES if h != mine and 1 <= self.pos[h] < FINISH and self._can_fall_back(h)
        ]
        out = [_half(text, use, (h,)) for h in targets]
        out += [_half(text, use, (a, b)) for i, a in enumerate(targets) for b in targets[i + 1 :]]
        return out

    def _supply(self) -> int:
        """Mobile hurdles still in the box (seed: 15 in all, some in the players' hands)."""
        on_board = sum(h.bit_count() for h in self.hurdles)
        return M.mobile_hurdles - on_board - sum(self.in_hand)

    def _free_gaps(self, horse: int) -> list[int]:
        """Where a hurdle may go on that horse's lane: « entre deux cases et où il le désire sur le
        parcours restant à accomplir par le cheval de cette couleur », one hurdle to a gap (D4)."""
        at = self.pos[horse]
        if at >= FINISH:
            return []
        hurdles = self.hurdles[horse]
        # Gaps 0 and 21 are the same place, the line: a hurdle laid there before the start is
        # jumped at the start (the example, move 2-3: « Rouge 21 et 1 », then « 3-2 (haie sautée) »).
        return [g for g in range(at, LAP + 1 if at else LAP) if not hurdles >> g & 1]

    def _can_fall_back(self, horse: int) -> bool:
        back = self.pos[horse] - 1
        return back >= 1 and back not in RIVERS

    def horse_of(self, p: Player) -> int:
        """The horse p runs: his own, or his camp's (NOBODY for a player without one)."""
        return self._horse_of(p)

    def _horse_of(self, p: Player) -> int:
        mate = self.partner[p]
        for h in HORSES:
            owner = self.owner[h]
            if owner == p or (owner == mate and mate != NOBODY):
                return h
        return NOBODY

    def _camp(self, p: Player) -> tuple[Player, ...]:
        mate = self.partner[p]
        return (p,) if mate == NOBODY else (p, mate)

    # -- applying ---------------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        match action:
            case DealCard():
                self._deal(action.card)
            case PlayCard():
                self._play_card(player, action.card)
            case PlayHalf():
                self._play_half(player, action)
            case VoidHalf():
                self.halves_left.remove(action.half)
                self.events.append(ev.HalfVoid(player, action.half))
                self._after_half(player)
            case OwnHurdle():
                gap = self._gap(action.horse, action.gap)
                self.in_hand[player] -= 1
                self.hurdles[action.horse] |= 1 << gap
                self.events.append(ev.HurdlePlaced(player, action.horse, gap_label(gap)))
                if self.phase is Phase.SOLO_HURDLES and not (
                    self.in_hand[player] and self._free_gaps(action.horse)
                ):
                    self.in_hand[player] = 0
                    self._start_race()
            case RequestHorse():
                self._request_horse(player, action)
            case PlaceBet():
                self._bet(player, action)
            case DrawIncident():
                self._incident_drawn(action.incident)
            case DrawDiscard():
                self._discard_drawn(action.card)
            case IncidentChoice():
                self._incident_choice(player, action)
            case RequestCard():
                self.passes = 0
                self.requests[player] += 1
                self.events.append(ev.CardRequested(player, TYPE_TEXT[action.card], action.bid))
                everyone = [True] * self.game.num_players  # the requester too, once outbid
                self._open_auction(NOBODY, action.card, player, action.bid, everyone)
            case Bid():
                assert self.auction is not None
                self.auction.high = action.amount
                self.auction.leader = player
                self.events.append(ev.BidRaised(player, action.amount))
                self._next_bidder()
            case Pass():
                self._pass(player)
            case Throw():
                self._throw(player, action.card)
            case Propose():
                self.offers[player] += 1
                self._reveal(player, action.card)
                self.trade = Trade(player, action.target, action.card)
                self.phase = Phase.TRADE_COUNTER
                self.events.append(ev.TradeProposed(player, action.target, TYPE_TEXT[action.card]))
            case Counter():
                assert self.trade is not None
                self.trade.counter = action.card
                self.trade.points = action.points
                self._reveal(player, action.card)
                self.phase = Phase.TRADE_DECIDE
                self.events.append(ev.TradeCountered(player, TYPE_TEXT[action.card], action.points))
            case Accept():
                self._trade_done()
            case Refuse():
                self.events.append(ev.TradeRefused(player))
                self._trade_closed()
            case Contre():
                self.contred[player] = True
                self.events.append(ev.Contred(player))
                self.passes = 0
                self.turn = (player + 1) % self.game.num_players
            case _:
                raise AssertionError(action)

    def _deal(self, t: int) -> None:
        self.undealt[t] -= 1
        target = self._deal_target()
        self.dealt += 1
        if target == NOBODY:
            self.spread[t] += 1
            self.events.append(ev.CardSpread(TYPE_TEXT[t]))
        else:
            self.hands[target][t] += 1
            self.events.append(ev.CardDealt(target, TYPE_TEXT[t]))
        n = self.game.num_players
        hand, spread = self.game.deal_sizes()
        if self.dealt == n * hand + spread:
            self.passes = 0
            self.turn = self.dealer  # the example: A, the dealer, asks first
            # JEU PIRATE: « On joue le jeu ordinaire, mais sans enchères, sans échanges de cartes. »
            self.phase = Phase.HORSES if self.game.options.pirate == "no" else Phase.BETS

    # JEU PIRATE

    def _bet(self, p: Player, bet: PlaceBet) -> None:
        self.bets[p] = bet.horses
        self.stakes[p] = bet.stake
        self.chips[p] -= bet.stake
        self.pot += bet.stake
        self.events.append(ev.BetPlaced(p, _horses(bet.horses), bet.stake))
        if all(b is not None for b in self.bets):
            self._start_race()

    def _settle_bets(self) -> bool:
        """The race's bets, revealed and paid; True when the match is over."""
        n = self.game.num_players
        s = M.scoring
        won = self.finished[0] if self.finished else NOBODY
        stakes = self.stakes
        for q in range(n):
            bet = self.bets[q] or ()
            self.events.append(ev.BetRevealed(q, _horses(bet), stakes[q]))
        backers = [q for q in range(n) if won in (self.bets[q] or ())]
        if self.game.options.pirate == "points":
            for q in backers:
                single = len(self.bets[q] or ()) == 1
                points = s["pirate_one"] if single else s["pirate_two"]
                self._mark(q, points, 0, "pirate_one" if single else "pirate_two")
            # « Le premier qui a 200 points a gagné. »
            return max(self.honours) >= s["pirate_target"]
        backing = sum(stakes[q] for q in backers)
        if backing:
            pot = self.pot
            for q in backers:
                # « partage éventuel selon les mises initiales », in chips of 5; the odd chips
                # stay on the table for the next race (D19)
                share = pot * stakes[q] // backing // UNIT * UNIT
                self.chips[q] += share
                self.pot -= share
                self.events.append(ev.BetWon(q, share))
        return self.races >= n

    # ATTRIBUTION DES CHEVAUX

    def _request_horse(self, p: Player, action: RequestHorse) -> None:
        h = action.horse
        self.events.append(ev.HorseRequested(p, h, action.bid))
        self.passes = 0
        holder = self.owner[h]
        if holder == NOBODY:
            self._give_horse(p, h)
            self._next_requester(p)
            return
        if self.game.options.camps == "improvised":
            # Joining a lone holder: the players still without a camp may outbid (D22).
            n = self.game.num_players
            alone = [q == p or (self._horse_of(q) == NOBODY) for q in range(n)]
            self._open_auction(h, -1, p, action.bid, alone)
            return
        # « S'il y a plusieurs demandes sur un même cheval, l'attribution se fait aux enchères. »
        # The holder and the players still without a horse may bid (D7).
        n = self.game.num_players
        bidders = [
            q in (p, holder) or (self._horse_of(q) == NOBODY and not self.banned[q])
            for q in range(n)
        ]
        self._open_auction(h, -1, p, action.bid, bidders)

    def _pay_bid(self, p: Player, amount: int) -> None:
        """The winner's bid goes on the table; in a camp, « les enchères individuelles sont payées
        moitié par chaque joueur » (in chips: the partner his half as far as he can)."""
        mate = self.partner[p]
        half = 0
        if self.game.options.camps != "no" and mate != NOBODY:
            half = min(amount // (2 * UNIT) * UNIT, self.chips[mate])
        for payer, part in ((p, amount - half), (mate, half)):
            if part:
                self.chips[payer] -= part
                self.pot += part
                self.events.append(ev.BidPaid(payer, part))

    def _give_horse(self, p: Player, h: int) -> None:
        self.owner[h] = p
        start = M.scoring["handicap_start"] if p in self.game.handicapped else 0
        # JEU POURSUITE: « Au tour suivant, chacun repart de sa place avec son nouveau cheval »
        self.pos[h] = self.carried[p] if self.game.options.pursuit and self.races else start
        self.events.append(ev.HorseGiven(p, h))

    def _next_requester(self, after: Player) -> None:
        """The next player without a horse asks; the round is over when every player has one, or
        when none is free and each player still without one has passed in turn."""
        n = self.game.num_players
        # « tout joueur qui perd un « contre » ne peut acheter un cheval le coup suivant »
        waiting = [q for q in range(n) if self._horse_of(q) == NOBODY and not self.banned[q]]
        free = any(self.owner[h] == NOBODY for h in HORSES)
        if self.game.options.camps == "improvised":
            free = sum(1 for h in HORSES if self.owner[h] != NOBODY) < n // 2
        if not waiting and n == 1:
            # Solo: « Placez un cheval sur la ligne de départ »: the other horses are not run.
            for h in HORSES:
                if self.owner[h] == NOBODY:
                    self.pos[h] = FINISH
            self.in_hand[0] = M.scoring["solo_hurdles"]
            self.phase = Phase.SOLO_HURDLES
            self.turn = 0
            return
        if not waiting or (not free and self.passes >= len(waiting)):
            self.phase = Phase.EXCHANGE
            self.turn = self.dealer
            self.passes = 0
            return
        self.phase = Phase.HORSES
        for step in range(1, n + 1):
            q = (after + step) % n
            if q in waiting:
                self.turn = q
                return

    def _pass(self, p: Player) -> None:
        self.events.append(ev.Passed(p))
        phase = self.phase
        if phase is Phase.AUCTION:
            assert self.auction is not None
            self.auction.active[p] = False
            self._next_bidder()
        elif phase is Phase.HORSES:
            self.passes += 1
            self._next_requester(p)
        elif phase is Phase.EXCHANGE:
            self.passes += 1
            n = self.game.num_players
            if self.passes >= n:  # a whole round without a request: the exchanges are over
                self.phase = Phase.TRADE
                self.turn = self.dealer
                self.passes = 0
            else:
                self.turn = (p + 1) % n
        else:  # TRADE
            self.passes += 1
            n = self.game.num_players
            if self.passes >= n:
                self._start_race()
            else:
                self.turn = (p + 1) % n

    # ENCHÈRES

    def _open_auction(
        self, horse: int, card: int, p: Player, bid: int, bidders: list[bool]
    ) -> None:
        self.auction = Auction(horse, card, p, bid, p, bidders, p)
        self.phase = Phase.AUCTION
        self._next_bidder()

    def _next_bidder(self) -> None:
        a = self.auction
        assert a is not None
        n = self.game.num_players
        for step in range(1, n + 1):
            q = (a.bidder + step) % n
            if q != a.leader and a.active[q]:
                if self.chips[q] < a.high + UNIT:
                    a.active[q] = False  # « ne peut enchérir qu'avec son disponible »
                    continue
                a.bidder = q
                return
        self._close_auction()

    def _close_auction(self) -> None:
        a = self.auction
        assert a is not None
        self.auction = None
        winner = a.leader
        joining = (
            a.horse != NOBODY
            and self.game.options.camps == "improvised"
            and self.owner[a.horse] != NOBODY
        )
        if joining:
            holder = self.owner[a.horse]
            self.partner[holder], self.partner[winner] = winner, holder
            self.events.append(ev.CampFormed(holder, winner, a.horse))
        if a.high:
            self._pay_bid(winner, a.high)
        if a.horse != NOBODY:
            if not joining:
                self._give_horse(winner, a.horse)
            self._next_requester(a.resume)
            return
        self.spread[a.card] -= 1
        self.hands[winner][a.card] += 1
        self.public[winner][a.card] += 1
        self.throw_card = a.card
        self.phase = Phase.THROW
        self.turn = winner
        self.passes = 0
        self.throw_after = a.resume  # the request round goes on after the requester

    def _throw(self, p: Player, t: int) -> None:
        self._take_from_hand(p, t)
        self.spread[t] += 1
        self.events.append(ev.CardExchanged(p, TYPE_TEXT[self.throw_card], TYPE_TEXT[t]))
        self.throw_card = -1
        self.phase = Phase.EXCHANGE
        self.turn = (self.throw_after + 1) % self.game.num_players
        self.throw_after = NOBODY

    def _reveal(self, p: Player, t: int) -> None:
        """A card named aloud in a trade: everyone now knows ``p`` holds it."""
        # Naming a card shows that p holds one, not how many: a copy already known says as much.
        if self.public[p][t] == 0:
            self.public[p][t] = 1

    def _take_from_hand(self, p: Player, t: int) -> None:
        self.hands[p][t] -= 1
        if self.public[p][t]:
            self.public[p][t] -= 1

    # ÉCHANGES DIRECTS

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
        self.chips[q] -= tr.points
        self.chips[p] += tr.points
        self.events.append(
            ev.TradeDone(p, q, TYPE_TEXT[tr.offered], TYPE_TEXT[tr.counter], tr.points)
        )
        self._trade_closed()

    def _trade_closed(self) -> None:
        tr = self.trade
        assert tr is not None
        self.trade = None
        self.phase = Phase.TRADE
        self.passes = 0
        self.turn = (tr.proposer + 1) % self.game.num_players

    def _start_race(self) -> None:
        n = self.game.num_players
        # « A la fin des enchères, les mises sont partagées également entre tous les joueurs. Le
        # reliquat éventuel reste pour le tour suivant. » Shares are paid in chips (the example: 50
        # among four is 10 each, 10 left).
        if self.game.options.pirate == "no":
            share = self.pot // (n * UNIT) * UNIT
            self.pot -= share * n
            for q in range(n):
                self.chips[q] += share
            self.events.append(ev.PotShared(share, self.pot, n))
        self.phase = Phase.RACE
        self.turn = self.dealer  # « Chacun joue à son tour, le donneur le premier. »
        if not self._can_play(self.turn):
            self._next_turn()
        if self.phase is Phase.RACE:
            self.events.append(ev.RaceOff(self.turn))

    # MARCHE DU JEU

    def _can_play(self, p: Player) -> bool:
        """A player plays while he holds cards, unless his horse has finished (« il cesse de
        jouer »)."""
        mine = self._horse_of(p)
        if mine != NOBODY and self.pos[mine] >= FINISH:
            return False
        return any(self.hands[p])

    def _play_card(self, p: Player, t: int) -> None:
        self._take_from_hand(p, t)
        self.discards[t] += 1
        self.events.append(ev.CardPlayed(p, TYPE_TEXT[t]))
        self.phase = Phase.HALVES
        self.card_player = p
        self.halves_left = list(TYPE_HALVES[t])
        self.trail = {}
        self.card_finishers = []

    def _play_half(self, p: Player, a: PlayHalf) -> None:
        self.halves_left.remove(a.half)
        use = a.use
        if use in ("2", "3", "4"):
            self._advance(a.horses[0], self.game.advance_points[use], a.half)
        elif use == "H":
            h = a.horses[0]
            gap = self._gap(h, a.gap)
            if a.remove:
                self.hurdles[h] &= ~(1 << gap)
                self.events.append(ev.HurdleRemoved(p, h, gap_label(gap)))
            else:
                self.hurdles[h] |= 1 << gap
                self.events.append(ev.HurdlePlaced(p, h, gap_label(gap)))
        else:
            steps = M.chute if len(a.horses) == 1 else 1
            for h in a.horses:
                self._fall_back(h, steps)
        self._after_half(p)

    def _gap(self, horse: int, square: int) -> int:
        """The gap ``square-(square+1)`` ahead of ``horse`` (the line is the start or the finish)."""
        if square == LAP:
            return 0 if self.pos[horse] == 0 else LAP
        return square

    def _advance(self, h: int, points: int, half: str) -> None:
        """AVANCES: each square costs 1, a hurdle 2 more (« 3-2 (haie sautée) = 1 »); « Si une
        avance entière est impossible, on s'arrête devant l'obstacle. »"""
        start = at = self.pos[h]
        if at >= FINISH:
            return
        trail = self.trail.setdefault(h, [])
        central = self.central[h]
        hurdles = self.hurdles[h]
        while at < FINISH:
            bit = 1 << at
            jump = (hurdles | central) & bit
            cost = M.hurdle_cost if jump else 1
            if cost > points:
                break
            points -= cost
            removed = at if hurdles & bit else -1
            if removed >= 0:
                hurdles &= (
                    ~bit
                )  # « Une haie franchie est aussitôt enlevée, sauf la haie centrale. »
            if jump:
                self.events.append(ev.HurdleJumped(h, gap_label(at), removed < 0))
            trail.append((at, removed))
            at += 1
        self.hurdles[h] = hurdles
        self.pos[h] = at
        if at != start:
            self.events.append(ev.HorseMoved(h, _shown(start), _shown(at), half))
        if at >= FINISH:
            self.card_finishers.append(h)

    def _fall_back(self, h: int, steps: int) -> None:
        """CHUTE: back 2 squares, or 1 « s'il y a la haie centrale à franchir »; « On ne recule ni
        sur une rivière, ni sur la ligne de départ » (D8: nor across them)."""
        start = at = self.pos[h]
        central = self.central[h]
        if steps > 1 and any(central >> (at - k) & 1 for k in range(1, steps + 1) if at - k >= 0):
            steps = 1
        for _ in range(steps):
            back = at - 1
            if back < 1 or back in RIVERS:
                break
            at = back
        self.pos[h] = at
        self.trail.pop(h, None)
        self.events.append(ev.HorseFellBack(h, _shown(start), _shown(at)))

    def _after_half(self, p: Player) -> None:
        if not self.halves_left:
            self._end_card(p)

    def _end_card(self, p: Player) -> None:
        # Rivers: « il faut les sauter (interdiction d'y stationner) ». Between the two coups of a
        # card a horse may be over a river (the example, move 13: « Jouer d'abord le R comme 4,
        # puis le 3b »); a card that leaves it there stops it before the obstacle instead (D2).
        for h, trail in self.trail.items():
            if self.pos[h] in RIVERS and not self._dry(h, self.pos[h]):
                at = self.pos[h]
                while at in RIVERS and not self._dry(h, at) and trail:
                    at, removed = trail.pop()
                    if removed >= 0 and self._supply() > 0:
                        # The hurdle stands again, unless the box gave it to another coup of this
                        # card meanwhile (D2): there are 15 in all.
                        self.hurdles[h] |= 1 << removed
                self.pos[h] = at
                self.events.append(ev.RiverRefused(h, _shown(at)))
        mine = self._horse_of(p)
        draws = (
            self.game.options.incidents
            and mine != NOBODY
            and bool(self.trail.get(mine))
            and self.pos[mine] in RED_SQUARES
            and any(self.incident_pack)
        )
        self.trail = {}
        self.ridden[p] = NOBODY
        if self._settle_finishers(p):
            return
        if draws:
            self.phase = Phase.DRAW_INCIDENT
            self.turn = p
            return
        self._turn_over(p)

    def _turn_over(self, p: Player) -> None:
        """After a card: p plays again if an incident said so, else the next player's turn."""
        if self.extra[p] and self._can_play(p):
            self.extra[p] -= 1  # « JOUEZ DEUX FOIS LE PROCHAIN COUP »
            self.turn = p
            self.phase = Phase.RACE
            if self.pending[p] >= 0:
                self._begin_incident(p)
            return
        self.extra[p] = 0
        self._next_turn()

    def _settle_finishers(self, p: Player) -> bool:
        """The horses that crossed the line during the card, ranked; True when the race ended."""
        if self.card_finishers:
            # « Si une carte fait gagner en même temps le joueur et un adversaire, c'est le joueur
            # qui est considéré comme arrivant le premier. »
            mine = self._horse_of(p)
            order = sorted(self.card_finishers, key=lambda h: h != mine)
            for h in order:
                self._finish(h)
            self.card_finishers = []
        self.phase = Phase.RACE
        if (self.game.options.pirate != "no" or self.game.options.pursuit) and self.finished:
            # The pirate's stakes go to the winner; « On arrête le tour dès qu'il y a un gagnant. »
            self._end_race()
            return True
        if self.placed != NOBODY or (self.winner != NOBODY and self._owned_running() == 0):
            self._end_race()
            return True
        return False

    def _finish(self, h: int) -> None:
        self.finished.append(h)
        self.events.append(ev.HorseFinished(h, len(self.finished)))
        seat = self.owner[h]
        if seat == NOBODY:
            return
        if self.winner == NOBODY:
            self.winner = seat
            # « Le gagnant inscrit en plus 10 par case d'avance sur le cheval suivant. »
            others = [self.pos[o] for o in HORSES if o != h and o not in self.finished]
            self.lead = FINISH - max(others) if others else 0
        elif self.placed == NOBODY:
            self.placed = seat

    def _owned_running(self) -> int:
        return sum(1 for h in HORSES if self.owner[h] != NOBODY and self.pos[h] < FINISH)

    def _next_turn(self) -> None:
        n = self.game.num_players
        for step in range(1, n + 1):
            q = (self.turn + step) % n
            if self._can_play(q):
                self.turn = q
                if self.pending[q] >= 0:
                    self._begin_incident(q)
                return
        # « Si, après épuisement des cartes, il n'y a pas de gagnant la partie est nulle. »
        self._end_race()

    # CARTES D'INCIDENTS (facultatif)

    def _dry(self, h: int, square: int) -> bool:
        """« LA PROCHAINE RIVIÈRE EST À SEC »: that river may be stood on by that horse."""
        return self.dry[h] != 0 and square in RIVER_OF[self.dry[h]]

    def _incident_drawn(self, kind: str) -> None:
        k = INCIDENT_KINDS.index(kind)
        self.incident_pack[k] -= 1
        p = self.turn
        self.pending[p] = k
        self.events.append(ev.IncidentDrawn(p, kind))
        self.phase = Phase.RACE
        self._turn_over(p)

    def _begin_incident(self, p: Player) -> None:
        """At p's turn, « le coup suivant », the incident drawn last turn takes effect."""
        k = self.pending[p]
        self.pending[p] = -1
        kind = INCIDENT_KINDS[k]
        mine = self._horse_of(p)
        running = mine != NOBODY and self.pos[mine] < FINISH
        effect = True
        if kind == "avance_un":
            # « AVANCEZ D'UNE CASE VOTRE CHEVAL SANS SAUTER DE HAIE »
            at = self.pos[mine] if running else FINISH
            blocked = (self.hurdles[mine] | self.central[mine]) >> at & 1 if running else 1
            landing = at + 1
            effect = running and not blocked and (landing not in RIVERS or self._dry(mine, landing))
            if effect:
                self.trail = {}
                self._advance(mine, 1, "incident")
                self.trail = {}
        elif kind == "payez_vingt":
            # « TANT PIS ! PAYEZ VINGT POINTS. » (what one has, when one has less)
            amount = min(M.scoring["incident_fine"], self.chips[p])
            self.chips[p] -= amount
            self.pot += amount
            self.events.append(ev.IncidentPaid(p, amount))
        elif kind == "joue_deux_fois":
            self.extra[p] = 1
        elif kind == "riviere_a_sec":
            ahead = [r for r in sorted(RIVERS) if running and r > self.pos[mine]]
            effect = bool(ahead)
            if ahead:
                self.dry[mine] = RIVER_OF[ahead[0]][0]
        elif kind.startswith("joue_par_"):
            self.ridden[p] = COLOURS.index(kind[-1])
        elif kind == "deux_cartes_des_ecarts":
            self.draws_left = min(2, sum(self.discards))
            effect = self.draws_left > 0
        else:
            self.incident = k
            self.incident_step = self._incident_queue(p, kind)
            effect = bool(self.incident_step) and bool(self._incident_choices(p))
            if not effect:
                self.incident = -1
                self.incident_step = []
        self.events.append(ev.IncidentApplied(p, kind, effect))
        if self.incident >= 0:
            self.phase = Phase.INCIDENT
        elif self.draws_left:
            self.phase = Phase.DRAW_DISCARD
        elif self._settle_finishers(p):
            return
        elif not self._can_play(p):
            self._next_turn()

    def _incident_queue(self, p: Player, kind: str) -> list[int]:
        mine = self._horse_of(p)
        if kind == "haie_aux_adversaires":
            # « PLACEZ UNE HAIE SUR CHACUNE DES PISTES DE VOS ADVERSAIRES »
            return [  # a partner is no adversary
                h for h in HORSES if self.owner[h] != NOBODY and h != mine and self.pos[h] < FINISH
            ]
        if mine == NOBODY or self.pos[mine] >= FINISH:
            return [] if kind != "reculez_un_cheval" else [NOBODY]
        return [NOBODY]

    def _incident_choices(self, p: Player) -> list[Action]:
        kind = INCIDENT_KINDS[self.incident] if self.incident >= 0 else ""
        mine = self._horse_of(p)
        if kind == "change_de_piste":
            # « CHANGEZ DE PISTE AVEC LE CHEVAL DE VOTRE CHOIX, MAIS CONSERVEZ VOS AVANCES »
            return [IncidentChoice(h) for h in HORSES if h != mine and self.pos[h] < FINISH]
        if kind == "reculez_un_cheval":
            return [
                IncidentChoice(h)
                for h in HORSES
                if 1 <= self.pos[h] < FINISH and self._can_fall_back(h)
            ]
        if kind == "haie_aux_adversaires":
            if self._supply() <= 0 or not self.incident_step:
                return []
            h = self.incident_step[0]
            return [IncidentChoice(h, _square(g)) for g in self._free_gaps(h)]
        if kind in ("enleve_une_haie",) or (
            kind.startswith("haie_vers_") and self.incident_step == [NOBODY]
        ):
            # « ENLEVEZ SUR UNE PISTE UNE HAIE QUI VOUS GÊNE » / « ENLEVEZ SUR VOTRE PISTE UNE HAIE »
            at = self.pos[mine]
            target = COLOURS.index(kind[-1]) if kind.startswith("haie_vers_") else NOBODY
            if target != NOBODY and not [g for g in self._free_gaps(target)]:
                return []
            return [
                IncidentChoice(mine, _square(g))
                for g in range(at, LAP + 1 if at else LAP)
                if self.hurdles[mine] >> g & 1
            ]
        if kind.startswith("haie_vers_"):
            target = COLOURS.index(kind[-1])
            return [IncidentChoice(target, _square(g)) for g in self._free_gaps(target)]
        return []

    def _incident_choice(self, p: Player, c: IncidentChoice) -> None:
        kind = INCIDENT_KINDS[self.incident]
        mine = self._horse_of(p)
        done = True
        if kind == "change_de_piste":
            h = c.horse
            self.hurdles[mine], self.hurdles[h] = self.hurdles[h], self.hurdles[mine]
            self.central[mine], self.central[h] = self.central[h], self.central[mine]
            for horse in (mine, h):
                # Hurdles the new lane holds behind the horse will never be jumped: off the course.
                self.hurdles[horse] &= ~((1 << self.pos[horse]) - 1)
            self.events.append(ev.LanesSwapped(mine, h))
        elif kind == "reculez_un_cheval":
            self._fall_back(c.horse, 1)
        elif kind == "haie_aux_adversaires":
            gap = self._gap(c.horse, c.gap)
            self.hurdles[c.horse] |= 1 << gap
            self.events.append(ev.HurdlePlaced(p, c.horse, gap_label(gap)))
            self.incident_step.pop(0)
            done = not self.incident_step or not self._incident_choices(p)
        elif kind == "enleve_une_haie" or (
            kind.startswith("haie_vers_") and self.incident_step == [NOBODY]
        ):
            gap = self._gap(mine, c.gap)
            self.hurdles[mine] &= ~(1 << gap)
            self.events.append(ev.HurdleRemoved(p, mine, gap_label(gap)))
            if kind.startswith("haie_vers_"):
                self.incident_step = [gap]
                done = False
        else:  # haie_vers_X, second step: the hurdle goes to X's lane
            gap = self._gap(c.horse, c.gap)
            self.hurdles[c.horse] |= 1 << gap
            self.events.append(ev.HurdlePlaced(p, c.horse, gap_label(gap)))
        if done:
            self.incident = -1
            self.incident_step = []
            self.phase = Phase.RACE
            if not self._can_play(p):
                self._next_turn()

    def _discard_drawn(self, t: int) -> None:
        p = self.turn
        self.discards[t] -= 1
        self.hands[p][t] += 1
        self.public[p][t] += 1  # taken from the face-up discards: everyone sees which (D20)
        self.draws_left -= 1
        self.events.append(ev.DiscardTaken(p, TYPE_TEXT[t]))
        if not self.draws_left or not any(self.discards):
            self.draws_left = 0
            self.phase = Phase.RACE

    # FIN DE LA COURSE and the score

    def _end_race(self) -> None:
        self.races += 1
        self.events.append(ev.RaceEnded(self.winner, self.placed))
        scoring = self.game.options.scoring
        n = self.game.num_players
        if n == 1:
            over = True  # solo: « pour aller le plus loin possible »
        elif self.game.options.pirate != "no":
            over = self._settle_bets()
        elif self.game.options.pursuit:
            over = self._pursuit_lap()
        elif scoring == "simple":
            self._score_simple()
            over = self.races >= n  # « II y a autant de courses que de joueurs »
        elif scoring == "bridge":
            over = self._score_bridge()
        else:
            over = True
        deals = self.game.options.deals
        if over or (deals > 0 and self.races >= deals):
            if self.game.options.pirate == "stakes" and self.pot:
                # What no backer of a winner took is shared at the end, as the auction bids are.
                share = self.pot // (n * UNIT) * UNIT
                self.pot -= share * n
                for q in range(n):
                    self.chips[q] += share
                self.events.append(ev.PotShared(share, self.pot, n))
            self.phase = Phase.OVER
            self.events.append(ev.MatchOver(tuple(self.outcome().winners)))
        else:
            self._begin_deal((self.dealer + 1) % n)

    def _pursuit_lap(self) -> bool:
        """JEU POURSUITE: « le gagnant part de la ligne d'arrivée qu'il a franchie »; the others
        keep their squares. « II y a autant de tours de piste qu'il y a de joueurs. Le gagnant est
        celui qui au dernier tour passe le premier la ligne d'arrivée ou qui en est le plus près. »"""
        n = self.game.num_players
        for q in range(n):
            h = self._horse_of(q)
            if h == NOBODY:
                continue
            # How near the line this lap left him; over it, by the order of crossing (« c'est le
            # joueur qui est considéré comme arrivant le premier » when one card brings two over).
            finished = self.finished
            over = len(finished) - finished.index(h) if h in finished else 0
            self.below[q] = self.pos[h] + over
            self.carried[q] = 0 if self.pos[h] >= FINISH else self.pos[h]
        return self.races >= n

    def _score_simple(self) -> None:
        s = M.scoring
        handicapped = self.game.handicapped
        if self.winner != NOBODY:
            # JEU HANDICAP: « le joueur handicap gagnant ne reçoit que 20 points, rien s'il est placé »
            prize = (
                s["handicap_simple_winner"] if self.winner in handicapped else s["simple_winner"]
            )
            self._prize(self.winner, prize)
        if self.placed != NOBODY and self.placed not in handicapped:
            self._prize(self.placed, s["simple_placed"])

    def _prize(self, p: Player, amount: int) -> None:
        camp = self._camp(p) if self.game.options.camps != "no" else (p,)
        for q in camp:
            self.chips[q] += amount // len(camp)
            self.events.append(ev.Prize(q, amount // len(camp)))

    def _score_bridge(self) -> bool:
        """JEU ORDINAIRE BRIDGÉ; True when a player has made his two games."""
        s = M.scoring
        n = self.game.num_players
        for q in range(n):
            lost = self.contred[q] and self.winner != NOBODY
            self.banned[q] = lost  # for the next deal
            if lost:
                self.events.append(ev.ContreLost(q))
        handicapped = self.game.handicapped
        w, pl = self.winner, self.placed
        if w != NOBODY:
            if w in handicapped:
                self._mark(w, s["handicap_honours"], s["handicap_game"], "handicap_winner")
            else:
                # « 10 points supplémentaires par joueur handicap battu »: the handicap players who
                # ran a horse against him
                camp = self._camp(w)
                beaten = sum(
                    1 for q in handicapped if q not in camp and self._horse_of(q) != NOBODY
                )
                game = s["game_winner"] + s["game_per_square_lead"] * self.lead
                game += s["handicap_bonus_per_beaten"] * beaten
                self._mark(w, s["honours_winner"], game, "winner")
            if pl != NOBODY and pl not in handicapped:
                self._mark(pl, s["honours_placed"], s["game_placed"], "placed")
        else:
            horseless = [q for q in range(n) if self._horse_of(q) == NOBODY]
            for q in horseless:
                # « ceux qui n'ont pas de chevaux marquent 100 et s'ils ont « contré » 200 »
                contred = self.contred[q]
                honours = s["honours_contre"] if contred else s["honours_no_winner_horseless"]
                self._mark(q, honours, 0, "contre" if contred else "no_winner")
            # « si personne ne termine on marque 10 : au joueur le plus avancé (4 joueurs ou moins)
            # à condition qu'il ait franchi la deuxième rivière, à ceux qui n'ont pas de chevaux »
            if n <= 4:
                second_river = max(RIVERS)
                owned = [h for h in HORSES if self.owner[h] != NOBODY]
                best = max((self.pos[h] for h in owned), default=0)
                if best > second_river:
                    for h in owned:
                        if self.pos[h] == best:
                            self._mark(self.owner[h], 0, s["game_nobody"], "most_advanced")
            else:
                for q in horseless:
                    self._mark(q, 0, s["game_nobody"], "horseless")
        # A camp makes its game together: its points are shared, so both reach half of 100 at once.
        target = s["game_target"] // (2 if self.game.options.camps != "no" else 1)
        made = [q for q in range(n) if self.toward[q] >= target]
        leaders = [q for q in made if self.partner[q] not in made or q < self.partner[q]]
        if made:
            for q in made:
                self.games[q] += 1
                self.events.append(ev.GameMade(q, self.games[q]))
            for q in leaders:
                # « Par manche de 100, le joueur marque aux honneurs 300 points supplémentaires. »
                self._mark(q, s["honours_per_game"], 0, "game")
            self.toward = [0] * n  # « Une manche faite annule les points de manche en cours. »
            done = [q for q in leaders if self.games[q] >= s["games_to_win"]]
            for q in done:
                self._mark(q, s["honours_rubber"], 0, "rubber")
            return bool(done)
        return False

    def _mark(self, p: Player, honours: int, game: int, reason: str) -> None:
        """Points on p's line of the sheet; a camp's points are shared: « Les gains sont également
        partagés. »"""
        camp = self._camp(p) if self.game.options.camps != "no" else (p,)
        for q in camp:
            share_h, share_g = honours // len(camp), game // len(camp)
            self.honours[q] += share_h
            self.below[q] += share_g
            self.toward[q] += share_g
            self.events.append(ev.Scored(q, share_h, share_g, reason))

    def scores(self) -> tuple[int, ...]:
        """What ranks the players: the bridge sheet's total (« seuls les points de la marque et des
        manches s'additionnent »), the chips in the simplified game, the places in a single race."""
        scoring = self.game.options.scoring
        n = self.game.num_players
        pirate = self.game.options.pirate
        if pirate == "points":
            return tuple(self.honours)
        if self.game.options.pursuit and pirate == "no":
            return tuple(self.below)
        if n == 1:
            return (max(0, self.pos[self._horse_of(0)]) if self._horse_of(0) != NOBODY else 0,)
        if scoring == "bridge" and pirate == "no":
            return tuple(self.honours[q] + self.below[q] for q in range(n))
        if scoring == "simple" or pirate == "stakes":
            return tuple(self.chips)
        won = self._camp(self.winner) if self.winner != NOBODY else ()
        placed = self._camp(self.placed) if self.placed != NOBODY else ()
        return tuple(2 if q in won else 1 if q in placed else 0 for q in range(n))

    def settlement(self) -> tuple[int, ...]:
        """Règlement: « chaque joueur paie aux autres l'écart qu'il a avec eux »."""
        totals = self.scores()
        return tuple(len(totals) * t - sum(totals) for t in totals)

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.scores(), self.chips)

    def standings(self) -> tuple[int, ...]:
        return self.scores()

    # -- what each seat sees ----------------------------------------------------------------------

    def observation(self, player: Player | None) -> JSONObject:
        n = self.game.num_players
        obs: JSONObject = {
            "phase": self.phase.name.lower(),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "active": list(self.active_players()),
            "horses": [
                {
                    "colour": COLOURS[h],
                    "owner": self.owner[h],
                    "progress": self.pos[h],
                    "square": _shown(self.pos[h]),
                    "finished": self.finished.index(h) + 1 if h in self.finished else 0,
                    "absent": n == 1 and self.owner[h] == NOBODY and self.phase is not Phase.HORSES,
                    "hurdles": [_square(g) for g in range(FINISH) if self.hurdles[h] >> g & 1],
                    "central": [_square(g) for g in range(FINISH) if self.central[h] >> g & 1],
                }
                for h in HORSES
            ],
            "hand_sizes": [sum(hand) for hand in self.hands],
            "partners": list(self.partner),
            "contred": list(self.contred),
            "banned": list(self.banned),
            "known_cards": [_cards(self.public[q]) for q in range(n)],
            "spread": _cards(self.spread),
            "chips": list(self.chips),
            "money": list(self.chips),
            "pot": self.pot,
            "hurdles_in_hand": list(self.in_hand),
            "hurdle_supply": self._supply(),
            "winner": self.winner,
            "placed": self.placed,
            "score": {
                "scoring": self.game.options.scoring,
                "honours": list(self.honours),
                "below": list(self.below),
                "toward": list(self.toward),
                "games": list(self.games),
                "races": self.races,
                "totals": list(self.scores()),
            },
        }
        if player is not None and 0 <= player < n:
            obs["hand"] = _cards(self.hands[player])
        if self.game.options.incidents:
            obs["incidents"] = {
                "pending": [INCIDENT_KINDS[k] if k >= 0 else None for k in self.pending],
                "current": INCIDENT_KINDS[self.incident] if self.incident >= 0 else None,
                "pack": sum(self.incident_pack),
                "dry": [r for r in self.dry],
                "extra": list(self.extra),
                "ridden": list(self.ridden),
            }
        obs["discards"] = sum(self.discards)
        if self.game.options.pirate != "no":
            shown = self.phase is Phase.OVER
            obs["bets"] = [
                None if bet is None else _horses(bet) if shown or q == player else "?"
                for q, bet in enumerate(self.bets)
            ]
        if self.auction is not None:
            a = self.auction
            obs["auction"] = {
                "horse": a.horse,
                "card": TYPE_TEXT[a.card] if a.card >= 0 else None,
                "leader": a.leader,
                "high": a.high,
                "bidder": a.bidder,
                "in": [q for q in range(n) if a.active[q] or q == a.leader],
            }
        if self.trade is not None:
            tr = self.trade
            obs["trade"] = {
                "proposer": tr.proposer,
                "target": tr.target,
                "offered": TYPE_TEXT[tr.offered],
                "counter": TYPE_TEXT[tr.counter] if tr.counter >= 0 else None,
                "points": tr.points,
            }
        if self.phase is Phase.HALVES:
            obs["card"] = {"player": self.card_player, "halves": list(self.halves_left)}
        if self.phase is Phase.THROW:
            obs["taken"] = TYPE_TEXT[self.throw_card]
        return obs

    def resample_for(self, player: Player, rng: random.Random) -> SteepleState:
        """Deal the cards ``player`` cannot see anew: the other hands' unseen cards and the undealt
        ones, with the deal in the history rewritten to match."""
        state = self.clone()
        if self.phase is Phase.OVER or (self.phase is Phase.DEAL and self.dealt == 0):
            return state
        n = self.game.num_players
        private = [
            [self.hands[q][t] - self.public[q][t] for t in range(TYPES)] if q != player else None
            for q in range(n)
        ]
        pool: list[int] = [t for t in range(TYPES) for _ in range(self.undealt[t])]
        for q in range(n):
            hand = private[q]
            if hand is not None:
                pool += [t for t in range(TYPES) for _ in range(hand[t])]
        rng.shuffle(pool)
        # The history's deal of this hand: the cards each seat was dealt, less its unseen ones
        # (those that left its hand in public), plus the new unseen ones.
        dealt: list[list[int]] = [[0] * TYPES for _ in range(n)]
        slots: list[tuple[int, Player]] = []
        hand_size, _ = self.game.deal_sizes()
        k = 0
        for i in range(self.deal_start, len(self.history)):
            seat, action = self.history[i]
            if seat == CHANCE and isinstance(action, DealCard):
                target = (self.dealer + 1 + k) % n if k < n * hand_size else NOBODY
                if target != NOBODY:
                    dealt[target][action.card] += 1
                    slots.append((i, target))
                k += 1
        new_history = list(state.history)
        for q in range(n):
            hand = private[q]
            if hand is None:
                continue
            fresh = [pool.pop() for _ in range(sum(hand))]
            for t in range(TYPES):
                state.hands[q][t] = self.public[q][t]
            for t in fresh:
                state.hands[q][t] += 1
            kept = [dealt[q][t] - hand[t] for t in range(TYPES)]
            order = [t for t in range(TYPES) for _ in range(kept[t])] + sorted(fresh)
            mine = [i for i, seat in slots if seat == q]
            for i, t in zip(mine, order, strict=False):
                new_history[i] = (CHANCE, DEALS[t])
        state.undealt = [0] * TYPES
        for t in pool:
            state.undealt[t] += 1
        if self.game.options.pirate != "no":
            # The other seats' secret bets: any horse(s), the same public stakes.
            for i in range(self.deal_start, len(new_history)):
                seat, action = new_history[i]
                if seat != player and isinstance(action, PlaceBet):
                    choices = state._bet_choices(seat)
                    # The stake is public, the horse(s) secret: any horse for the same stake.
                    same = (
                        [PlaceBet((h,), action.stake) for h in HORSES]
                        if action.stake
                        else [b for b in choices if not b.stake] or [action]
                    )
                    fresh_bet = rng.choice(same)
                    new_history[i] = (seat, fresh_bet)
                    state.bets[seat] = fresh_bet.horses
        state.history = new_history
        state.events = [e.seen_by(player) for e in self.events]
        return state

    # -- explanations -----------------------------------------------------------------------------

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        key = "royal_steeple_chase.refused"
        phase = self.phase
        if isinstance(action, (PlayCard, Throw, Propose)) and player >= 0:
            card = action.card
            if not self.hands[player][card]:
                return IllegalActionError(f"{key}.card_not_held", card=TYPE_TEXT[card])
        if isinstance(action, Counter) and player >= 0:
            if not self.hands[player][action.card]:
                return IllegalActionError(f"{key}.card_not_held", card=TYPE_TEXT[action.card])
            if action.points > self.chips[player]:
                return IllegalActionError(
                    f"{key}.beyond_chips", amount=action.points, chips=self.chips[player]
                )
        if isinstance(action, (Bid, RequestCard, RequestHorse)) and player >= 0:
            amount = action.amount if isinstance(action, Bid) else action.bid
            if amount > self.chips[player]:
                return IllegalActionError(
                    f"{key}.beyond_chips", amount=amount, chips=self.chips[player]
                )
            if isinstance(action, Bid) and self.auction is not None and amount <= self.auction.high:
                return IllegalActionError(
                    f"{key}.bid_too_low", amount=amount, high=self.auction.high
                )
            if amount % UNIT:
                return IllegalActionError(f"{key}.bid_unit", amount=amount, unit=UNIT)
        if isinstance(action, RequestCard) and not self.spread[action.card]:
            return IllegalActionError(f"{key}.not_spread", card=TYPE_TEXT[action.card])
        if isinstance(action, (PlayHalf, VoidHalf)):
            if phase is not Phase.HALVES or action.half not in self.halves_left:
                return IllegalActionError(f"{key}.not_a_half", half=action.half)
            if isinstance(action, VoidHalf):
                return IllegalActionError(f"{key}.half_playable", half=action.half)
            return self._explain_half(player, action)
        own_hurdle_now = phase in (Phase.RACE, Phase.SOLO_HURDLES) and player >= 0
        if isinstance(action, OwnHurdle) and own_hurdle_now and self.in_hand[player] == 0:
            return IllegalActionError(f"{key}.no_own_hurdle")
        if isinstance(action, OwnHurdle) and own_hurdle_now:
            return self._explain_gap(action.horse, action.gap)
        return IllegalActionError(
            f"{key}.not_now",
            action=str(action),
            phase=f"royal_steeple_chase.phase.{phase.name.lower()}",
        )

    def _explain_half(self, player: Player, a: PlayHalf) -> IllegalActionError:
        key = "royal_steeple_chase.refused"
        half = HALF_OF[a.half]
        mine = self._horse_of(player)
        if half.kind not in ("R", a.use):
            return IllegalActionError(f"{key}.not_a_half", half=a.half)
        if half.coloured and a.horses != (half.colour,):
            return IllegalActionError(f"{key}.colour", half=a.half, horse=COLOURS[half.colour])
        if a.use in ("2", "3", "4", "0") and any(self.pos[h] >= FINISH for h in a.horses):
            return IllegalActionError(f"{key}.finished")
        if a.use in ("2", "3", "4") and a.horses != (mine,) and not half.coloured:
            return IllegalActionError(f"{key}.favour", half=a.half)
        if a.use == "0" and mine in a.horses:
            return IllegalActionError(f"{key}.favour", half=a.half)
        if a.use == "0":
            return IllegalActionError(f"{key}.no_fall_back")
        if a.use == "H":
            if a.remove:
                if a.horses != (mine,):
                    return IllegalActionError(f"{key}.remove_own")
                return IllegalActionError(f"{key}.no_hurdle_there", gap=gap_label(a.gap))
            if not half.coloured and a.horses == (mine,):
                return IllegalActionError(f"{key}.favour", half=a.half)
            if self._supply() <= 0:
                return IllegalActionError(f"{key}.no_supply")
            return self._explain_gap(a.horses[0], a.gap)
        return IllegalActionError(
            f"{key}.not_now", action=str(a), phase="royal_steeple_chase.phase.halves"
        )

    def _explain_gap(self, horse: int, square: int) -> IllegalActionError:
        key = "royal_steeple_chase.refused"
        gap = self._gap(horse, square)
        if self.pos[horse] >= FINISH:
            return IllegalActionError(f"{key}.finished")
        if gap < self.pos[horse]:
            return IllegalActionError(
                f"{key}.behind", gap=gap_label(gap), square=_shown(self.pos[horse])
            )
        if self.hurdles[horse] >> gap & 1:
            return IllegalActionError(f"{key}.gap_taken", gap=gap_label(gap))
        return IllegalActionError(f"{key}.favour", half="H")

    def position_json(self) -> JSONObject:
        a, tr = self.auction, self.trade
        return {
            "phase": self.phase.name.lower(),
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "deal_start": self.deal_start,
            "dealt": self.dealt,
            "undealt": _cards(self.undealt),
            "hands": [_cards(h) for h in self.hands],
            "public": [_cards(h) for h in self.public],
            "spread": _cards(self.spread),
            "chips": list(self.chips),
            "pot": self.pot,
            "owner": list(self.owner),
            "pos": list(self.pos),
            "hurdles": list(self.hurdles),
            "in_hand": list(self.in_hand),
            "finished": list(self.finished),
            "turn": self.turn,
            "passes": self.passes,
            "auction": None
            if a is None
            else [
                a.horse,
                a.card,
                a.leader,
                a.high,
                a.bidder,
                [int(x) for x in a.active],
                a.resume,
            ],
            "throw_card": self.throw_card,
            "trade": None
            if tr is None
            else [tr.proposer, tr.target, tr.offered, tr.counter, tr.points],
            "offers": list(self.offers),
            "requests": list(self.requests),
            "card_player": self.card_player,
            "halves_left": list(self.halves_left),
            "trail": {str(h): [list(s) for s in t] for h, t in self.trail.items()},
            "card_finishers": list(self.card_finishers),
            "winner": self.winner,
            "placed": self.placed,
            "lead": self.lead,
            "races": self.races,
            "honours": list(self.honours),
            "below": list(self.below),
            "toward": list(self.toward),
            "games": list(self.games),
            "bets": [None if b is None else list(b) for b in self.bets],
            "stakes": list(self.stakes),
            "throw_after": self.throw_after,
            "contred": list(self.contred),
            "banned": list(self.banned),
            "partner": list(self.partner),
            "carried": list(self.carried),
            "central": list(self.central),
            "discards": _cards(self.discards),
            "incident_pack": list(self.incident_pack),
            "pending": list(self.pending),
            "incident": self.incident,
            "incident_step": list(self.incident_step),
            "dry": list(self.dry),
            "extra": list(self.extra),
            "ridden": list(self.ridden),
            "draws_left": self.draws_left,
        }


def _horses(horses: Sequence[int]) -> str:
    return "+".join(COLOURS[h] for h in horses) or "-"


def _shown(progress: int) -> int:
    """The square a horse stands on, as the board numbers it (the start is 21, the finish 1)."""
    if progress == 0:
        return LAP
    return 1 if progress >= FINISH else progress


def square_before(gap: int) -> int:
    """The square before a gap, as hurdles are named (« entre 21 et 1 » for the line)."""
    return LAP if gap % LAP == 0 else gap


_square = square_before


def _cards(counts: Sequence[int]) -> list[str]:
    return [TYPE_TEXT[t] for t in range(TYPES) for _ in range(counts[t])]


_HALVES: dict[tuple[str, str, tuple[int, ...], int, bool], PlayHalf] = {}
CHANCE_PHASES: Final = frozenset((Phase.DEAL, Phase.DRAW_INCIDENT, Phase.DRAW_DISCARD))
ROYAL_USES: Final = ("4", "3", "H", "0")


def _half(
    text: str, use: str, horses: tuple[int, ...], gap: int = -1, *, remove: bool = False
) -> PlayHalf:
    """The (interned) action playing ``text`` as ``use``: legal-action lists are rebuilt often."""
    key = (text, use, horses, gap, remove)
    found = _HALVES.get(key)
    if found is None:
        found = _HALVES[key] = PlayHalf(text, use, horses, gap, remove)
    return found


_SLOTS: Final = SteepleState.__slots__
_read_slots: Final = attrgetter(*_SLOTS)


@lru_cache(maxsize=1 << 16)
def _placements(text: str, use: str, horse: int, at: int, hurdles: int) -> list[PlayHalf]:
    """Every gap of ``horse``'s lane a hurdle coup may take (D4), as actions: the gaps ahead of
    the horse, up to the line, without a mobile hurdle already."""
    last = LAP + 1 if at else LAP
    return [_half(text, use, (horse,), _square(g)) for g in range(at, last) if not hurdles >> g & 1]


DEALS: Final = tuple(DealCard(t) for t in range(TYPES))
PLAYS: Final = tuple(PlayCard(t) for t in range(TYPES))
THROWS: Final = tuple(Throw(t) for t in range(TYPES))
BET_ONE: Final = tuple(PlaceBet((h,)) for h in HORSES)
INCIDENT_DRAWS: Final = tuple(DrawIncident(k) for k in INCIDENT_KINDS)
DISCARD_DRAWS: Final = tuple(DrawDiscard(t) for t in range(TYPES))


def _counts(data: Any, name: str) -> list[int]:
    if not isinstance(data, list):
        raise RecordError(name, "must be a list of cards")
    counts = [0] * TYPES
    for text in data:
        try:
            counts[M.card_type(str(text)).index] += 1
        except Exception:
            raise RecordError(name, f"{text!r} is not a card") from None
    return counts


def _position_from_json(game: RoyalSteepleChase, d: JSONObject) -> SteepleState:
    s = SteepleState(game)
    n = game.num_players
    try:
        s.phase = Phase[str(position_field(d, "phase", str)).upper()]
    except KeyError:
        raise RecordError("position.phase", "unknown phase") from None
    for name in (
        "deal_number",
        "dealer",
        "deal_start",
        "dealt",
        "pot",
        "turn",
        "passes",
        "throw_card",
        "card_player",
        "winner",
        "placed",
        "lead",
        "races",
    ):
        setattr(s, name, position_field(d, name, int))
    s.undealt = _counts(position_field(d, "undealt", list), "position.undealt")
    s.spread = _counts(position_field(d, "spread", list), "position.spread")
    s.hands = [_counts(h, "position.hands") for h in position_field(d, "hands", list)]
    s.public = [_counts(h, "position.public") for h in position_field(d, "public", list)]
    for name, size in (
        ("chips", n),
        ("owner", 4),
        ("pos", 4),
        ("hurdles", 4),
        ("in_hand", n),
        ("offers", n),
        ("requests", n),
        ("honours", n),
        ("below", n),
        ("toward", n),
        ("games", n),
    ):
        values = position_field(d, name, list)
        if len(values) != size or not all(isinstance(v, int) for v in values):
            raise RecordError(f"position.{name}", f"must hold {size} integers")
        setattr(s, name, list(values))
    if len(s.hands) != n or len(s.public) != n:
        raise RecordError("position.hands", f"must hold {n} hands")
    s.finished = list(position_field(d, "finished", list))
    s.card_finishers = list(position_field(d, "card_finishers", list))
    s.halves_left = [str(h) for h in position_field(d, "halves_left", list)]
    if any(h not in HALF_OF for h in s.halves_left):
        raise RecordError("position.halves_left", "not halves of a card")
    trail = position_field(d, "trail", dict)
    s.trail = {int(h): [(int(a), int(b)) for a, b in t] for h, t in trail.items()}
    a = position_field(d, "auction", list, nullable=True)
    if a is not None:
        s.auction = Auction(a[0], a[1], a[2], a[3], a[4], [bool(x) for x in a[5]], a[6])
    s.discards = _counts(position_field(d, "discards", list), "position.discards")
    for name, size in (
        ("central", 4),
        ("incident_pack", len(INCIDENT_KINDS)),
        ("pending", n),
        ("dry", 4),
        ("carried", n),
        ("partner", n),
        ("stakes", n),
        ("extra", n),
        ("ridden", n),
    ):
        values = position_field(d, name, list)
        if len(values) != size or not all(isinstance(v, int) for v in values):
            raise RecordError(f"position.{name}", f"must hold {size} integers")
        setattr(s, name, list(values))
    s.incident = position_field(d, "incident", int)
    s.throw_after = position_field(d, "throw_after", int)
    s.draws_left = position_field(d, "draws_left", int)
    s.incident_step = [int(v) for v in position_field(d, "incident_step", list)]
    for name in ("contred", "banned"):
        flags = position_field(d, name, list)
        if len(flags) != n or not all(isinstance(v, bool) for v in flags):
            raise RecordError(f"position.{name}", f"must hold {n} booleans")
        setattr(s, name, list(flags))
    bets = position_field(d, "bets", list)
    if len(bets) != n:
        raise RecordError("position.bets", f"must hold {n} bets")
    s.bets = [None if b is None else tuple(int(h) for h in b) for b in bets]
    tr = position_field(d, "trade", list, nullable=True)
    if tr is not None:
        s.trade = Trade(*tr)
    return s


__all__ = ["Phase", "RoyalSteepleChase", "SteepleOptions", "SteepleState", "parse_half"]
