"""Royal Steeple Chase's position and what every part of the rules asks of it.

``SteepleCore`` holds the fields every way to play uses (the cards, the horses, the hurdles, the
chips, the score sheet) and the records only some use, each ``None`` when its way to play is off
(``records``). The rules themselves are written, section by section of the rulebook, in the classes
``SteepleState`` derives from, one on the other: ``incidents.IncidentRules`` (CARTES D'INCIDENTS), then
``race.RaceRules`` (MARCHE DU JEU, AVANCES, HAIES, CHUTES, FIN DE LA COURSE), then ``deal.DealRules``
(DISTRIBUTION, ATTRIBUTION DES CHEVAUX, ENCHÈRES, ÉCHANGES); the ways to play (``ways``) score a race
and end the match. A chain rather than three mixins: a compiled class has one base
(``hippodrome.compiled``); the method resolution order is the mixins' own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from hippodrome.engine.errors import RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.turnflow import Acts, Flow, FlowState
from hippodrome.engine.types import CHANCE, Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import DealCard
from hippodrome.games.royal_steeple_chase.board import (
    CROSSING,
    FINISH,
    HORSES,
    LAP,
    NOBODY,
    PHASES,
    RIVER_OF,
    RIVERS,
    TYPES,
    UNIT,
    M,
    Phase,
)
from hippodrome.games.royal_steeple_chase.records import (
    Auction,
    Camps,
    Contres,
    IncidentDeck,
    PirateBook,
    PursuitLaps,
    Trade,
)

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.bridged import BridgeTable
    from hippodrome.games.royal_steeple_chase.rules import RoyalSteepleChase


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class SteepleCore(FlowState["RoyalSteepleChase"]):
    __slots__ = (
        "auction",
        "below",
        "bridge",
        "camps",
        "card_finishers",
        "card_player",
        "central",
        "chips",
        "contres",
        "deal_number",
        "deal_start",
        "dealer",
        "dealt",
        "discards",
        "finished",
        "games",
        "halves_left",
        "hands",
        "honours",
        "hurdles",
        "in_hand",
        "incidents",
        "lead",
        "memo",
        "offers",
        "owner",
        "pirate",
        "placed",
        "pos",
        "pot",
        "public",
        "pursuit",
        "races",
        "requests",
        "sold_for",
        "spread",
        "throw_after",
        "throw_card",
        "toward",
        "trade",
        "trail",
        "undealt",
        "winner",
    )

    flow: Flow[Phase]
    """The phase, whose turn it is and the round's passes in a row (``board.PHASES`` says who acts
    in each phase; the engine's turn flow answers)."""

    def __init__(self, game: RoyalSteepleChase) -> None:
        super().__init__(game)
        n = game.places
        self.flow = Flow(PHASES, Phase.DEAL, n)
        self.flow.enter(Phase.DEAL, turn=0)
        self.deal_number = 0
        self.dealer: Player = 0
        self.deal_start = 0
        self.dealt = 0
        self.undealt = [0] * TYPES
        self.hands = [[0] * TYPES for _ in range(n)]
        self.public = [[0] * TYPES for _ in range(n)]
        """Cards everyone knows a seat holds (taken from the spread, traded)."""
        self.spread = [0] * TYPES
        self.chips = [M.chips if game.way.auction_chips else 0] * n
        self.pot = 0
        self.owner = [NOBODY] * 4
        self.sold_for = [0] * 4
        """What each horse's holder bid for it at the auction that gave it to him this deal (0:
        taken free): a request for it must top that (D41)."""
        self.pos = [0] * 4
        self.hurdles = [0] * 4
        self.in_hand = [0] * n
        self.finished: list[int] = []
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
        self.throw_after: Player = NOBODY
        """While a spread card's winner gives one back: the requester, whose left speaks next."""
        self.central = list(game.central)
        """Per horse, the gaps of its lane where the central hurdle stands (lanes can be swapped)."""
        self.discards = [0] * TYPES
        # The records of the ways to play that are on, None for the others.
        self.pirate: PirateBook | None = (
            PirateBook.empty(n, points=game.options.pirate == "points") if game.way.bets else None
        )
        self.camps: Camps | None = game.allotment.partners(n)
        self.contres: Contres | None = Contres.empty(n) if game.contre else None
        self.pursuit: PursuitLaps | None = PursuitLaps([0] * n) if game.way.laps else None
        self.incidents: IncidentDeck | None = (
            IncidentDeck.fresh(n) if game.options.incidents else None
        )
        self.bridge: BridgeTable | None = game.way.table(n)
        game.way.seat_players(self)
        self.memo: dict[str, tuple[object, ...]] = {}
        """What search asks again and again of one state, remembered with what it was read from
        (``events_seen_by``, ``deal_slots``); a copy of the state starts with nothing remembered."""

    def events_seen_by(self, viewer: Player | None) -> list[Event]:
        """A new list of the events as ``viewer`` saw them (the redacted events are shared: events
        are never changed once made)."""
        events = self.events
        key = (events, len(events), viewer)
        seen = self.memo.get("seen")
        if seen is None or seen[0] is not events or seen[1:3] != key[1:]:
            seen = self.memo["seen"] = (*key, [e.seen_by(viewer) for e in events])
        told: list[Event] = seen[3]  # type: ignore[assignment]
        return told.copy()

    def deal_slots(self) -> tuple[list[list[int]], list[list[int]]]:
        """This deal's cards as the history deals them: per seat, how many of each type it was
        dealt, and the history's indices of those cards, in order (the spread's are left out). The
        deal is a run of chance actions from ``deal_start``, one card each, ``dealt`` so far."""
        history = self.history
        key = (history, len(history), self.deal_start, self.dealt, self.dealer, self.flow.order)
        found = self.memo.get("deal")
        if found is None or found[0] is not history or found[1:6] != key[1:]:
            found = self.memo["deal"] = (*key, *self._scan_deal())
        return found[6], found[7]  # type: ignore[return-value]

    def _scan_deal(self) -> tuple[list[list[int]], list[list[int]]]:
        n = self.game.places
        history = self.history
        dealt: list[list[int]] = [[0] * TYPES for _ in range(n)]
        slots: list[list[int]] = [[] for _ in range(n)]
        hand_size, _ = self.game.deal_sizes()
        to_hands = n * hand_size
        start = self.deal_start
        seat_after, dealer = self.flow.seat_after, self.dealer
        k = 0
        for i in range(start, min(len(history), start + self.dealt)):
            seat, action = history[i]
            if seat == CHANCE and type(action) is DealCard:
                if k < to_hands:
                    target = seat_after(dealer, 1 + k)  # as the deal went (``_deal_target``)
                    dealt[target][action.card] += 1
                    slots[target].append(i)
                k += 1
        return dealt, slots

    # The flow holds the phase, whose turn it is and the passes in a row; these names are the
    # position's (and its reader's).

    @property
    def phase(self) -> Phase:
        return self.flow.phase

    @phase.setter
    def phase(self, value: Phase) -> None:
        """Set a position by hand (tests): set an auction or a trade before its phase."""
        self.restore_flow(value, self.flow.turn, self.flow.passes)

    @property
    def turn(self) -> Player:
        """The seat whose turn it is in the round (an auction's bidder or a trade's partner acts
        while it waits)."""
        return self.flow.turn

    @turn.setter
    def turn(self, value: Player) -> None:
        self.restore_flow(self.flow.phase, value, self.flow.passes)

    @property
    def passes(self) -> int:
        return self.flow.passes

    def restore_flow(self, phase: Phase, turn: Player, passes: int) -> None:
        """Put the flow where a loaded position says the game is: who acts follows from the
        auction or the trade under way, or from the secret bets still to place."""
        flow = self.flow
        flow.switch(phase, turn=turn)
        flow.passes = passes
        if flow.step.acts is Acts.CALLED:
            caller = self.auction.lot if phase is Phase.AUCTION and self.auction else self.trade
            if caller is None:
                raise RecordError("position.phase", f"{phase.name.lower()} with nothing under way")
            flow.call(phase, caller)
        elif flow.step.acts is Acts.ALL and self.pirate is not None:
            flow.enter(
                phase,
                turn=turn,
                waiting=[q for q, bet in enumerate(self.pirate.bets) if bet is None],
            )
            flow.passes = passes

    # Hooks between the sections of the rules, written by the classes SteepleState is made of.

    def _begin_deal(self, dealer: Player) -> None:
        raise NotImplementedError  # deal.DealRules

    def _start_race(self) -> None:
        raise NotImplementedError  # race.RaceRules

    def _next_turn(self) -> None:
        raise NotImplementedError  # race.RaceRules

    def _next_before_start(self) -> None:
        raise NotImplementedError  # race.RaceRules

    def _turn_over(self, p: Player) -> None:
        raise NotImplementedError  # race.RaceRules

    def _settle_finishers(self, p: Player) -> bool:
        raise NotImplementedError  # race.RaceRules

    def _advance(self, h: int, points: int, half: str) -> None:
        raise NotImplementedError  # race.RaceRules

    def _fall_back(self, h: int, steps: int) -> None:
        raise NotImplementedError  # race.RaceRules

    def _begin_incident(self, p: Player) -> None:
        raise NotImplementedError  # incidents.IncidentRules

    # The position, as every section reads it.

    def supply(self) -> int:
        """Mobile hurdles still in the box (seed: 15 in all, some in the players' hands)."""
        on_board = sum(h.bit_count() for h in self.hurdles)
        return M.mobile_hurdles - on_board - sum(self.in_hand)

    def free_gaps(self, horse: int) -> list[int]:
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
        return back >= 1 and back not in RIVERS and self._barring(horse, back) == NOBODY

    def _lane(self, horse: int) -> int:
        """The lane a horse runs on: its own, unless « CHANGEZ DE PISTE » swapped it."""
        incidents = self.incidents
        return horse if incidents is None else incidents.lanes[horse]

    def _barring(self, horse: int, progress: int) -> int:
        """The horse that bars ``horse``'s lane at that square, or NOBODY (D26). Where two lanes
        cross, a horse standing on the spot « barre la piste » of the other lane: nobody on it may
        stop on that square nor go through it. A horse behind the start line stands on its square
        21; a horse over the line (or not running) stands nowhere."""
        if not 1 <= progress < FINISH:
            return NOBODY
        spots = CROSSING.get((self._lane(horse), progress))
        if spots is None:
            return NOBODY
        for other in HORSES:
            at = self.pos[other]
            if other == horse or at >= FINISH:
                continue
            standing = (self._lane(other), at or LAP)
            if standing in spots:
                return other
        return NOBODY

    def horse_of(self, p: Player) -> int:
        """The horse p runs: his own, or his camp's (NOBODY for a player without one)."""
        return self._horse_of(p)

    def _horse_of(self, p: Player) -> int:
        owners = self.owner
        camps = self.camps
        if camps is None:  # the first horse p owns (searched often: a list's index is quickest)
            return owners.index(p) if p in owners else NOBODY
        mate = camps.partner[p]
        for h in HORSES:
            owner = owners[h]
            if owner == p or (owner == mate and mate != NOBODY):
                return h
        return NOBODY

    def camp_of(self, p: Player) -> tuple[Player, ...]:
        """p and his partner in the partnership game or the bridge players' variants, p alone
        otherwise."""
        if self.bridge is not None:
            return (p, self.bridge.partner[p])
        return self._camp(p)

    def _camp(self, p: Player) -> tuple[Player, ...]:
        """The seats that share p's winnings: p and his partner in the partnership game."""
        camps = self.camps
        mate = NOBODY if camps is None else camps.partner[p]
        return (p,) if mate == NOBODY else (p, mate)

    def _reveal(self, p: Player, t: int) -> None:
        """A card named aloud in a trade: everyone now knows ``p`` holds it."""
        # Naming a card shows that p holds one, not how many: a copy already known says as much.
        if self.public[p][t] == 0:
            self.public[p][t] = 1

    def _take_from_hand(self, p: Player, t: int) -> None:
        self.hands[p][t] -= 1
        if self.public[p][t]:
            self.public[p][t] -= 1

    def _can_play(self, p: Player) -> bool:
        """A player plays while he holds cards, unless his horse has finished (« il cesse de
        jouer »)."""
        mine = self._horse_of(p)
        if mine != NOBODY and self.pos[mine] >= FINISH:
            return False
        return any(self.hands[p])

    def lane_gap(self, horse: int, square: int) -> int:
        """The gap ``square-(square+1)`` ahead of ``horse`` (the line is the start or the finish)."""
        if square == LAP:
            return 0 if self.pos[horse] == 0 else LAP
        return square

    def _dry(self, h: int, square: int) -> bool:
        """« LA PROCHAINE RIVIÈRE EST À SEC »: that river may be stood on by that horse."""
        incidents = self.incidents
        if incidents is None:
            return False
        dry = incidents.dry[h]
        return dry != 0 and square in RIVER_OF[dry]

    # The score sheet, as the ways to play write on it.

    def _prize(self, p: Player, amount: int) -> None:
        camp = self._camp(p)
        for q in camp:
            self.chips[q] += amount // len(camp)
            self._events.append(ev.Prize(q, amount // len(camp)))

    def _mark(self, p: Player, honours: int, game: int, reason: str) -> None:
        """Points on p's line of the sheet; a camp's points are shared: « Les gains sont également
        partagés. »"""
        camp = self._camp(p)
        for q in camp:
            share_h, share_g = honours // len(camp), game // len(camp)
            self.honours[q] += share_h
            self.below[q] += share_g
            self.toward[q] += share_g
            self._events.append(ev.Scored(q, share_h, share_g, reason))

    def _share_pot(self) -> None:
        """« les mises sont partagées également entre tous les joueurs. Le reliquat éventuel reste
        pour le tour suivant. » Shares are paid in chips (the example: 50 among four is 10 each, 10
        left)."""
        n = self.game.places
        share = self.pot // (n * UNIT) * UNIT
        self.pot -= share * n
        for q in range(n):
            self.chips[q] += share
        self._events.append(ev.PotShared(share, self.pot, n))
