"""A heuristic bot for Royal Steeple Chase that plays the rulebook's own advice.

It follows « QUELQUES CONSEILS POUR BIEN JOUER » (seed ``004``), and sees only its own hand and the
table: the determinization's other hands are never looked at.

- CHOIX DU CHEVAL: it asks for the free horse its coloured trots and pas favour, the trots of the
  galop/trot and trot/royal cards above all, with a glance at the spread; its hurdles hardly count
  (a central hurdle to jump twice counts a little against the green horse). It challenges a held
  horse, with a modest bid, only when that horse is clearly the best for it, and does not give its
  own up too easily.
- ENCHÈRES: « Ne poussez pas inconsidérément »: it asks for a spread card only when the card is
  worth more than the one it would throw, bids only when its hand can win (more for the
  river-crossing galop/trot, trot/royal, galop/royal and pas/trot) and never below a reserve of
  chips; it throws away its least useful card (a hurdle of its own colour, an advance of a rival's
  horse). It offers that card in trade and takes, or answers, a trade only when its hand gains.
- MARCHE DES CHEVAUX: for each card it tries the two coups in both orders, each with a few
  placements, on a copy of the position and keeps the best outcome. A position is judged by what is
  left to run (squares, plus two for each hurdle and each passage of the central hurdle, a little
  more for a river bordered with hurdles), its own and its rivals' — the leader and the player
  after it weigh most, more as they near the line — and by what its remaining cards are worth,
  with a river-crossing card kept in reserve for each river still ahead. Hurdles are tried « non
  pas sous le nez du cheval, mais à la case suivante », under the nose, and on the rivers' banks
  (« border de haies les rivières »); a chute counts more as the rivals near the line, and most
  when it sends a horse back over the central hurdle. A hurdle of its own colour goes where it
  costs least (on its central hurdle, or far ahead). Without a horse it only hinders the others.

The other ways to play reuse the same judgement: a camp runs its one horse, the pirate backs the horse
its hand favours for the smallest stake, an incident's choice and the solo practice's hurdles are
each tried and judged. It keeps nothing between calls.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import contract
from hippodrome.games.royal_steeple_chase.actions import (
    ACCEPT,
    PASS,
    REFUSE,
    Bid,
    Call,
    Counter,
    Eliminate,
    OwnHurdle,
    PlaceBet,
    PlayCard,
    PlayHalf,
    Propose,
    RequestCard,
    RequestHorse,
    Throw,
)
from hippodrome.games.royal_steeple_chase.events import HorseFinished, RaceEnded
from hippodrome.games.royal_steeple_chase.material import NO_COLOUR, CardType, Half
from hippodrome.games.royal_steeple_chase.rules import (
    FINISH,
    HORSES,
    LAP,
    NOBODY,
    RIVERS,
    TYPES,
    UNIT,
    M,
    Phase,
    SteepleState,
    square_before,
)

WIN: Final = 10_000.0
POINTS: Final = {"2": M.pas, "3": M.trot, "4": M.galop}


def _river_banks() -> tuple[tuple[int, int, int], ...]:
    """Each river as (its first square, the gap before it, the gap after it): 10 is (10, 9, 10),
    15-16 is (15, 14, 16). A hurdle on either gap « borde » the river."""
    banks: list[tuple[int, int, int]] = []
    for square in sorted(RIVERS):
        if square - 1 in RIVERS:
            continue
        last = square
        while last + 1 in RIVERS:
            last += 1
        banks.append((square, square - 1, last))
    return tuple(banks)


BANKS: Final = _river_banks()
BANK_GAPS: Final = frozenset(g for _, before, after in BANKS for g in (before, after))


@dataclass(frozen=True, slots=True)
class Worth:
    """What each kind of half is worth kept in hand (a card's future use), in squares."""

    pas: float = 1.2
    """Less than its 2 squares: a pas « ne peut se jouer entièrement que s'il n'y a pas de haie »."""
    trot: float = 2.4
    galop: float = 3.4
    royal: float = 3.8
    rival_advance: float = -0.4
    """Per square of a coloured advance that will have to be given to a rival's horse."""
    own_hurdle: float = -1.6
    """A coloured hurdle that will have to go on one's own lane: « se débarrassent de haies dans
    leurs couleurs »."""
    rival_hurdle: float = 1.0
    white_hurdle: float = 1.3
    chute: float = 1.2
    river_card: float = 2.5
    """A galop/trot, trot/royal or galop/royal kept for a river still ahead (half for a pas/trot);
    « il faut savoir se réserver les possibilités de passage »."""


W: Final = Worth()


@dataclass(slots=True)
class Seat:
    """One decision's context: which horse this seat runs and which ones it must stop."""

    me: Player
    mine: int
    """The horse it runs (its own, its camp's, or the one it bet on), or NOBODY."""
    friends: frozenset[Player]
    """Its camp: itself and its partner."""
    backed: frozenset[int]
    """JEU PIRATE: the horses it bet on (empty otherwise)."""
    opponents: frozenset[int]
    """The horses whose win would be its loss."""
    rivals: dict[int, float]
    """Each opponent's horse still running, with its weight: what a square of its course is worth
    to this seat."""
    targets: frozenset[int]
    """The two rivals that weigh most (the leader, the horse playing next): the only lanes where
    the search tries a white hurdle or a chute."""
    worth: list[float]
    """Each card type's worth in this seat's hand."""
    river_cards: list[float]
    """Each card type's power to cross a river bordered with hurdles (0, 0.5 or 1)."""
    base_winner: Player
    base_first: int
    """The first horse over the line before the decision (NOBODY if none yet)."""


class SteepleHeuristic:
    kind: ClassVar[str] = "heuristic"
    slow: ClassVar[bool] = False
    hinder: ClassVar[float] = 0.5
    """How much stopping the rivals counts against running one's own race."""
    keep: ClassVar[float] = 0.9
    """How much a card kept counts against the same card played now (the race may end first)."""
    next_square: ClassVar[float] = 0.6
    """A rival's hurdle « à la case suivante », per unit of his weight."""
    bank: ClassVar[float] = 1.2
    """A river bank bordered with a hurdle ahead of a horse, in squares."""
    reserve: ClassVar[int] = 40
    """Chips never bid away: « Celui qui n'a presque plus de points d'enchères est en état
    d'infériorité. »"""

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions())
        if len(legal) == 1:
            return legal[0]
        state = view.determinize(rng)
        assert isinstance(state, SteepleState)
        me = state.acting_as(view.player)  # « avec un mort »: the dummy's partner plays its cards
        return self.decide(state, me, legal)

    def decide(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """The move for ``me`` in ``state``, a full position (a determinization: the other hands
        are never looked at), among ``legal``."""
        phase = state.phase
        if phase is Phase.RACE:
            return self._race(state, me, legal)
        if phase is Phase.HALVES:
            return self._halves(state, me, legal)
        if phase in (Phase.INCIDENT, Phase.SOLO_HURDLES, Phase.OWN_HURDLES):
            return self._best_single(state, me, legal)
        if phase is Phase.HORSES:
            return self._ask_horse(state, me, legal)
        if phase is Phase.BETS:
            return self._bet_on(state, me, legal)
        if phase is Phase.AUCTION:
            return self._bid(state, me, legal)
        if phase is Phase.THROW:
            return self._throw(state, me, legal)
        if phase is Phase.EXCHANGE:
            return self._exchange(state, me, legal)
        if phase is Phase.TRADE:
            return self._propose(state, me, legal)
        if phase is Phase.TRADE_COUNTER:
            return self._counter(state, me, legal)
        if phase is Phase.TRADE_DECIDE:
            return self._decide(state, me, legal)
        if phase is Phase.CALLS:
            return self._call_colour(state, me, legal)
        if phase is Phase.BIDDING:
            return self._bid_contract(state, me, legal)
        if phase is Phase.DISCARD:
            return self._eliminate(state, me, legal)
        return PASS if PASS in legal else legal[0]

    # -- Royal Steeple Chase contract -------------------------------------------------------------

    def _call_colour(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """« au premier tour on demande les couleurs »: the free horse the hand favours."""
        score = self._scores(state, me)
        free = [a for a in legal if isinstance(a, Call) and not a.bid]
        if free:
            return max(free, key=lambda a: score[a.horse])
        return PASS if PASS in legal else legal[0]

    def _bid_contract(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """« MANIÈRE D'ANNONCER ET DE SOUTENIR SON PARTENAIRE »: count the hand, call by the table,
        or raise the partner's call by it; never above what the table says. Then « contre » the
        opponents' call, or « surcontre » one's camp's, when the count says so (D81)."""
        table = state.bridge
        assert table is not None and table.contract is not None
        book = table.contract
        points = contract.hand_points(state.hands[me])
        mate = table.partner[me]
        if book.call >= 0 and book.declarer == mate:
            opener = contract.points_for(contract.LADDER[book.call])
            wanted = contract.partner_call(opener, points)
        elif book.call >= 0 and book.declarer == me:
            wanted = None  # said already
        else:
            wanted = contract.opening_call(points)
        if wanted is not None and wanted in contract.LADDER and Call(-1, wanted) in legal:
            return Call(-1, wanted)
        if book.call >= 0:
            call = contract.LADDER[book.call]
            # the partner's count: his hand when it is open (the dummy's, or the seat playing for
            # it), else what his calls show
            known = state.game.dummy in (me, mate)
            partner = (
                contract.hand_points(state.hands[mate])
                if known
                else contract.shown_points(state, mate)
            )
            double, redouble = Call(-1, "contre"), Call(-1, "surcontre")
            if double in legal and contract.should_double(call, points, partner):
                return double
            if redouble in legal and contract.should_redouble(call, points, partner):
                return redouble
        return PASS

    def _eliminate(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """« Les cartes à éliminer sont naturellement » those worth least to the camp."""
        seat = self.seat(state, me)
        drops = [a for a in legal if isinstance(a, Eliminate)]
        return min(drops, key=lambda a: seat.worth[a.card]) if drops else legal[0]

    # -- the seat's view --------------------------------------------------------------------------

    def seat(self, state: SteepleState, me: Player) -> Seat:
        """What a decision of ``me`` in ``state`` weighs: its horse, its rivals and their weights,
        what each card is worth in its hand."""
        friends = frozenset(state.camp_of(me))
        book = state.pirate
        pirate = book is not None
        backed = frozenset(book.bets[me] or ()) if book is not None else frozenset()
        if pirate:
            mine = min(backed) if len(backed) == 1 else NOBODY
            opponents = frozenset(h for h in HORSES if h not in backed)
        else:
            mine = next((h for h in HORSES if state.owner[h] in friends), NOBODY)
            if state.bridge is not None:  # the bridge players' variants: each partner his horse
                mine = state.horse_of(me)
            opponents = frozenset(h for h in HORSES if state.owner[h] not in (NOBODY, *friends))
        running = [h for h in opponents if state.pos[h] < FINISH]
        rivals: dict[int, float] = {}
        if running:
            left = {h: course_left(state, h) for h in running}
            leader = min(running, key=lambda h: left[h])
            after = state.horse_of(state.flow.seat_after(me))
            for h in running:
                # « Tout cheval qui prend trop d'avance se signale de lui-même comme dangereux »;
                # « placer une haie juste devant le cheval qui joue après vous ».
                weight = 0.35 + 0.25 * max(0.0, (18 - left[h]) / 18)
                if h == leader:
                    weight += 0.35
                if h == after:
                    weight += 0.15
                rivals[h] = self.hinder * weight
        worth, river = _hand_values(mine, opponents)
        targets = frozenset(sorted(rivals, key=lambda h: -rivals[h])[:2])
        first = state.finished[0] if state.finished else NOBODY
        return Seat(
            me, mine, friends, backed, opponents, rivals, targets, worth, river, state.winner, first
        )

    # -- racing -----------------------------------------------------------------------------------

    def _race(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        seat = self.seat(state, me)
        hurdle = self.own_hurdle(state, seat, legal)
        if hurdle is not None:
            return hurdle
        best: tuple[float, Action] | None = None
        for action in legal:
            if not isinstance(action, PlayCard):
                continue
            sim = state.fork()
            sim.apply_unchecked(action, me)
            value = self._best_halves(sim, seat)[0]
            if best is None or value > best[0]:
                best = (value, action)
        return best[1] if best is not None else legal[0]

    def _halves(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        seat = self.seat(state, me)
        _, action = self._best_halves(state, seat)
        return action if action is not None and action in legal else legal[0]

    def _best_halves(self, state: SteepleState, seat: Seat) -> tuple[float, Action | None]:
        """The best value the card's remaining halves can reach, and the half to play first."""
        best: tuple[float, Action | None] = (-float("inf"), None)
        for action in _candidates(state, seat):
            sim = state.fork()
            sim.apply_unchecked(action, seat.me)
            if sim.phase is Phase.HALVES and sim.card_player == seat.me:
                value = self._best_halves(sim, seat)[0]
            else:
                value = self._judge(sim, seat)
            if value > best[0]:
                best = (value, action)
        return best

    def _best_single(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """An incident's choice, or one's own hurdle (the solo practice, before the start): each
        tried and judged."""
        seat = self.seat(state, me)
        best: tuple[float, Action] | None = None
        for action in legal:
            sim = state.fork()
            sim.apply_unchecked(action, me)
            value = self._judge(sim, seat)
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        return best[1]

    def _judge(self, state: SteepleState, seat: Seat) -> float:
        """How good a position is for ``seat``: a win, a rival's win, or else its own course to
        run (less is better), its rivals' (more is better, by weight) and what its hand is worth."""
        ended = False
        winner = state.winner
        first = seat.base_first
        for event in state.events:
            if isinstance(event, RaceEnded):
                winner, ended = event.winner, True
            elif isinstance(event, HorseFinished) and first == NOBODY:
                first = event.horse
        if state.game.options.pirate != "no":
            if first != seat.base_first:
                return WIN if first in seat.backed else -WIN
        elif winner not in (seat.base_winner, NOBODY):
            return WIN if winner in seat.friends else -WIN
        if ended:
            return 0.0  # void; and a new deal may have reset the board
        value = 0.0
        mine = seat.mine
        if mine != NOBODY and state.pos[mine] < FINISH:
            value -= course_left(state, mine) + self.bank * banks_ahead(state, mine)
        for h, weight in seat.rivals.items():
            if state.pos[h] >= FINISH:
                value -= 50.0 * weight  # placed ahead of us
                continue
            bonus = self.bank * banks_ahead(state, h)
            at = state.pos[h]
            # « non pas sous le nez du cheval, mais à la case suivante »
            if at < LAP and state.hurdles[h] >> (at + 1) & 1 and not state.hurdles[h] >> at & 1:
                bonus += self.next_square
            value += weight * (course_left(state, h) + bonus)
        return value + self.keep * self.hand_worth(state, seat)

    def hand_worth(self, state: SteepleState, seat: Seat) -> float:
        hand = state.hands[seat.me]
        value = 0.0
        power: list[float] = []
        for t in range(TYPES):
            count = hand[t]
            if count:
                value += count * seat.worth[t]
                if seat.river_cards[t]:
                    power += [seat.river_cards[t]] * count
        if power and seat.mine != NOBODY:
            # A crossing card for each river still ahead, more when it is already bordered.
            at = state.pos[seat.mine]
            needs = sorted(
                (1.0 if _bordered(state, seat.mine, b) else 0.45 for b in BANKS if at < b[0]),
                reverse=True,
            )
            power.sort(reverse=True)
            value += W.river_card * sum(p * n for p, n in zip(power, needs, strict=False))
        return value

    def own_hurdle(self, state: SteepleState, seat: Seat, legal: list[Action]) -> Action | None:
        """RÈGLE SPÉCIALE (2 and 3 players): the mobile hurdles in hand go on the square after the
        nose of a rival whose lane is clear, or on the banks of a river he nears."""
        if not seat.rivals or not any(isinstance(a, OwnHurdle) for a in legal):
            return None
        for h in sorted(seat.rivals, key=lambda r: -seat.rivals[r]):
            at = state.pos[h]
            lane = state.hurdles[h] | state.central[h]
            if at < LAP and not lane >> at & 0b111:
                action = OwnHurdle(h, square_before(at + 1))
                if action in legal:
                    return action
            for river, before, after in BANKS:
                if at < river <= at + 5:
                    for gap in (before, after):
                        action = OwnHurdle(h, gap)
                        if gap >= at and not lane >> gap & 1 and action in legal:
                            return action
        return None

    # -- horses -----------------------------------------------------------------------------------

    def _scores(self, state: SteepleState, me: Player) -> list[float]:
        return [_horse_score(state.hands[me], state.spread, state.central[h], h) for h in HORSES]

    def _ask_horse(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        score = self._scores(state, me)
        asks = [a for a in legal if isinstance(a, RequestHorse)]
        free = [a.horse for a in asks if state.owner[a.horse] == NOBODY]
        held = [a.horse for a in asks if state.owner[a.horse] != NOBODY]
        best_free = max(free, key=lambda h: score[h]) if free else None
        best_held = max(held, key=lambda h: score[h]) if held else None
        floor = score[best_free] if best_free is not None else 0.0
        if best_held is not None and score[best_held] - floor >= 6:
            # « demander » a held horse only when it is clearly the best, with a modest bid
            for bid in (UNIT, 0):
                if RequestHorse(best_held, bid) in legal:
                    return RequestHorse(best_held, bid)
        if best_free is not None:
            return RequestHorse(best_free)
        if PASS in legal:
            return (
                PASS  # « Les joueurs qui n'ont pas de chevaux ... empêcher les autres de gagner »
            )
        # JEU PAR CAMP IMPROVISÉ: every horse is taken, a lone holder must be joined
        if best_held is not None and RequestHorse(best_held) in legal:
            return RequestHorse(best_held)
        return legal[0]

    def _horse_limit(self, state: SteepleState, me: Player, horse: int) -> int:
        score = self._scores(state, me)
        free = [score[h] for h in HORSES if state.owner[h] == NOBODY]
        if state.owner[horse] == me:
            # « Si un autre joueur veut votre cheval, ne cédez pas trop facilement. »
            margin = score[horse] - max(free, default=score[horse] - 4)
            return _chips(min(30.0, 10.0 + 2.5 * margin)) if margin > 0 else UNIT
        return _chips(min(20.0, 2.5 * (score[horse] - max(free, default=0.0) - 2)))

    def _bet_on(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """JEU PIRATE: one horse, the one the hand favours, for the smallest stake."""
        score = self._scores(state, me)
        bets = [a for a in legal if isinstance(a, PlaceBet) and len(a.horses) == 1]
        return max(bets, key=lambda a: (score[a.horses[0]], -a.stake)) if bets else legal[0]

    # -- auctions, exchanges, trades --------------------------------------------------------------

    def _value(self, seat: Seat, card: int) -> float:
        """A card's worth before the race: its halves, and its power over the rivers ahead."""
        return seat.worth[card] + W.river_card * seat.river_cards[card]

    def _worst(self, state: SteepleState, seat: Seat) -> tuple[int, float]:
        hand = state.hands[seat.me]
        t = min((t for t in range(TYPES) if hand[t]), key=lambda t: self._value(seat, t))
        return t, self._value(seat, t)

    def _bid(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        auction = state.auction
        assert auction is not None
        if auction.horse != NOBODY:
            limit = self._horse_limit(state, me, auction.horse)
        else:
            limit = self._card_limit(state, me, auction.card)
        limit = min(limit, state.chips[me] - self.reserve)
        raise_to = auction.high + UNIT
        if raise_to <= limit and Bid(raise_to) in legal:
            return Bid(raise_to)
        return PASS

    def _card_limit(self, state: SteepleState, me: Player, card: int) -> int:
        seat = self.seat(state, me)
        gain = self._value(seat, card) - self._worst(state, seat)[1]
        # « Si vous pouvez gagner, n'hésitez pas à vous procurer la carte qu'il vous faut ; mais si
        # votre jeu n'est pas intéressant, n'achetez rien »
        if gain <= 1.0 or not self._can_win(state, seat):
            return 0
        return _chips(min(25.0, 4.0 * gain))

    def _can_win(self, state: SteepleState, seat: Seat) -> bool:
        hand = state.hands[seat.me]
        points = sum(hand[t] * _advance_points(M.types[t], seat.mine) for t in range(TYPES))
        return points >= 26

    def _throw(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        # The least useful card that may go: never the one just taken (when another bid for it).
        seat = self.seat(state, me)
        throws = [a for a in legal if isinstance(a, Throw)]
        return min(throws, key=lambda a: self._value(seat, a.card)) if throws else legal[0]

    def _exchange(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        seat = self.seat(state, me)
        _, worst = self._worst(state, seat)
        best: tuple[float, int] | None = None
        for t in range(TYPES):
            if state.spread[t] and RequestCard(t) in legal:
                gain = self._value(seat, t) - worst
                if gain >= 1.5 and (best is None or gain > best[0]):
                    best = (gain, t)
        return RequestCard(best[1]) if best is not None else PASS

    def _propose(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        """« Que me donnez-vous pour un R / 3j ? »: the least useful card, offered to the player it
        helps least; the answer is taken only if it improves the hand (``_decide``)."""
        seat = self.seat(state, me)
        if seat.mine == NOBODY:
            return PASS
        t, _ = self._worst(state, seat)
        targets = [
            (_advance_points(M.types[t], state.horse_of(q)), q)
            for q in range(state.game.places)
            if q not in seat.friends and Propose(q, t) in legal
        ]
        return Propose(min(targets)[1], t) if targets else PASS

    def _counter(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        trade = state.trade
        assert trade is not None
        seat = self.seat(state, me)
        theirs = state.horse_of(trade.proposer)
        hand = state.hands[me]
        # what a card costs to give: its worth to us, and the help it brings the proposer
        costs = [
            (self._value(seat, t) + 0.5 * _advance_points(M.types[t], theirs), t)
            for t in range(TYPES)
            if hand[t]
        ]
        cost, t = min(costs)
        if self._value(seat, trade.offered) - cost >= 1.0 and Counter(t) in legal:
            return Counter(t)
        return REFUSE

    def _decide(self, state: SteepleState, me: Player, legal: list[Action]) -> Action:
        trade = state.trade
        assert trade is not None and trade.counter >= 0
        seat = self.seat(state, me)
        given = self._value(seat, trade.offered)
        got = self._value(seat, trade.counter) + (trade.points - trade.given) / 10
        return ACCEPT if got > given + 0.5 else REFUSE


# -- the position, as the bot reads it -----------------------------------------------------------


def course_left(state: SteepleState, h: int) -> int:
    """What ``h`` has left to run: its squares, plus 2 for each hurdle, mobile or central, still to
    jump (« 3-2 (haie sautée) = 1 »); a mobile hurdle on the central hurdle's gap is one jump."""
    at = state.pos[h]
    if at >= FINISH:
        return 0
    lane = (state.hurdles[h] | state.central[h]) >> at
    return FINISH - at + (M.hurdle_cost - 1) * lane.bit_count()


def _bordered(state: SteepleState, h: int, river: tuple[int, int, int]) -> bool:
    _, before, after = river
    return bool(state.hurdles[h] >> before & 1 or state.hurdles[h] >> after & 1)


def banks_ahead(state: SteepleState, h: int) -> int:
    """River banks bordered by a hurdle ahead of ``h``: « leur passage sera rendu beaucoup plus
    difficile »."""
    at, hurdles = state.pos[h], state.hurdles[h]
    return sum(1 for g in BANK_GAPS if g >= at and hurdles >> g & 1)


def _candidates(state: SteepleState, seat: Seat) -> list[Action]:
    """The half actions worth trying, few enough to keep a decision fast: every advance of one's own
    horse and every removal; chutes and white hurdles on the two rivals that matter most; hurdles
    only where the advice puts them (the square after the nose, under it, the banks of the next
    river), or, forced on one's own lane, on the central hurdle or as far ahead as possible. A royal
    card is not tried as a trot where it can be a galop for the same horse: it never goes less far.
    A half with no such play keeps one of its others."""
    out: list[Action] = []
    spare: dict[str, list[Action]] = {}
    galops: set[tuple[str, tuple[int, ...]]] = set()
    halves = state.halves_left
    ours = seat.backed | {seat.mine}
    # Two hurdles give the same position whichever goes first: try them in one order only.
    first = halves[0] if len(halves) == 2 and all(h[0] == "H" for h in halves) else None
    for action in state.legal_actions(seat.me):
        if first is not None and isinstance(action, PlayHalf) and action.half != first:
            continue
        if not isinstance(action, PlayHalf):
            out.append(action)
            continue
        if action.use == "0" and not seat.targets.issuperset(action.horses):
            spare.setdefault(action.half, []).append(action)
            continue
        if action.use != "H" or action.remove:
            if action.use != "0" and action.horses[0] not in ours:
                # JEU PIRATE: « Les cartes sans couleur peuvent être jouées librement »; one's own
                # horses first
                spare.setdefault(action.half, []).append(action)
                continue
            if action.use == "4":
                galops.add((action.half, action.horses))
            out.append(action)
            continue
        h = action.horses[0]
        at = state.pos[h]
        gap = state.lane_gap(h, action.gap)
        if h == seat.mine:
            # forced on one's own lane: where it costs least, on the central hurdle or far ahead
            wanted = bool(state.central[h] >> gap & 1) or gap == _furthest_free(state, h)
        elif h in seat.targets or (len(action.half) == 2 and h in seat.rivals):
            wanted = gap in (at, at + 1) or gap in next_banks(at)
        else:
            wanted = False  # a rival that matters less, or a lane that matters to nobody
        if wanted:
            out.append(action)
        else:
            spare.setdefault(action.half, []).append(action)
    out = [
        a
        for a in out
        if not (isinstance(a, PlayHalf) and a.use == "3" and (a.half, a.horses) in galops)
    ]
    tried = {a.half for a in out if isinstance(a, PlayHalf)}
    for half, actions in spare.items():
        if half not in tried:
            out.append(actions[-1])  # the furthest gap of the first lane: the least harm to us
    return out


def _furthest_free(state: SteepleState, h: int) -> int:
    at, hurdles = state.pos[h], state.hurdles[h]
    return next((g for g in range(LAP if at else LAP - 1, at - 1, -1) if not hurdles >> g & 1), -1)


def next_banks(at: int) -> tuple[int, ...]:
    """The banks of the first river ahead of a horse on ``at``."""
    for river, before, after in BANKS:
        if at < river:
            return (before, after) if before >= at else (after,)
    return ()


def _chips(amount: float) -> int:
    return max(0, int(amount) // UNIT * UNIT)


def _advance_points(card: CardType, horse: int) -> int:
    """The squares a card can advance ``horse`` (a royal counted as a galop)."""
    if horse == NOBODY:
        return 0
    total = 0
    for half in card.halves:
        if half.kind == "R":
            total += M.galop
        elif half.is_advance and half.colour in (NO_COLOUR, horse):
            total += POINTS[half.kind]
    return total


def _half_worth(half: Half, mine: int, opponents: frozenset[int]) -> float:
    if half.kind == "R":
        return W.royal if mine != NOBODY else W.white_hurdle + 0.5
    if half.is_advance:
        if half.colour in (NO_COLOUR, mine):
            return 0.0 if mine == NOBODY else {"2": W.pas, "3": W.trot, "4": W.galop}[half.kind]
        return W.rival_advance * POINTS[half.kind] if half.colour in opponents else 0.0
    if half.kind == "H":
        if half.colour == NO_COLOUR:
            return W.white_hurdle
        if half.colour == mine:
            return W.own_hurdle
        return W.rival_hurdle if half.colour in opponents else 0.0
    return W.chute


@lru_cache(maxsize=256)
def _hand_values(mine: int, opponents: frozenset[int]) -> tuple[list[float], list[float]]:
    """Each card type's worth in a hand, and its power over the rivers, for a seat running
    ``mine`` against ``opponents`` (asked at every decision: computed once for each)."""
    worth = [_card_worth(t, mine, opponents) for t in M.types]
    river = [_river_power(t, mine) for t in M.types]
    return worth, river


def _card_worth(card: CardType, mine: int, opponents: frozenset[int]) -> float:
    return sum(_half_worth(half, mine, opponents) for half in card.halves)


def _river_power(card: CardType, mine: int) -> float:
    """« GALOP/TROT, TROT/ROYAL, GALOP/ROYAL. Servent à franchir les rivières bordées de haies »; a
    pas/trot crosses a two-square river with one hurdle."""
    points = _advance_points(card, mine)
    if points >= M.galop + M.trot:
        return 1.0
    if points >= M.pas + M.trot:
        return 0.5
    return 0.0


def _horse_score(hand: list[int], spread: list[int], central: int, h: int) -> float:
    """CHOIX DU CHEVAL: « C'est uniquement les trot et pas colorés qui vous guideront mais surtout
    les trots colorés des cartes trot/galop et trot/royal ; les haies n'ont que peu d'importance »;
    « examinez les cartes étalées, cela peut vous guider ». Each jump of the central hurdle on the
    horse's lane counts against it."""
    score = 0.0
    for t in range(TYPES):
        count = hand[t] + 0.4 * spread[t]
        if not count:
            continue
        card = M.types[t]
        for i, half in enumerate(card.halves):
            if half.colour != h:
                continue
            if half.kind == "3":
                score += count * (5.0 if card.halves[1 - i].kind in ("4", "R") else 3.0)
            elif half.kind == "2":
                score += count * 2.0
            elif half.kind == "H":
                score -= count * 0.5
    return score - 2.0 * central.bit_count()
