"""Royal Steeple Chase's rules: the game and its state.

Quotations are from the seed, ``shared/seeds/004_5a02d46b7d17618c.txt``, by the heading they stand
under (DISTRIBUTION DU JEU, ATTRIBUTION DES CHEVAUX, ENCHÈRES, AVANCES, ...); "the example" is its
« Exemple détaillé d'une partie », whose every position the engine reproduces
(``tests/games/royal_steeple_chase/example.json``). Decisions where the seed is silent are in
``docs/rules/royal_steeple_chase.md`` (D1, D2, ...), each with the test that pins it.

The rules are split along the rulebook: ``board`` (the material, the squares and the phases),
``core`` (the position), ``deal`` (the deal, the horses, the auctions, the spread, the trades),
``race`` (the race and its coups), ``incidents`` (the incident cards), ``ways`` with ``pirate``,
``pursuit`` and ``camps`` (the ways to play, each an object chosen once when the game is made), and
``position`` (the position document). This module assembles them: the game, its options, and the
state's protocol (who acts, the legal actions, applying one, what each seat sees).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import perm
from typing import TYPE_CHECKING, ClassVar, Literal

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import Bid as OpenBid
from hippodrome.engine.errors import IllegalActionError, OptionsError
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.options import GameOptions
from hippodrome.engine.sampling import bits_for, draw_below, partial_shuffle
from hippodrome.engine.types import CHANCE, JSONObject, Money, Player
from hippodrome.games.royal_steeple_chase import contract, length
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import (
    ACCEPT,
    CONTRE,
    PASS,
    REFUSE,
    Accept,
    AskCard,
    Bid,
    Call,
    Contre,
    Counter,
    DealCard,
    DrawDiscard,
    DrawIncident,
    Eliminate,
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
    gap_squares,
    parse_action,
)
from hippodrome.games.royal_steeple_chase.board import (
    ASKS,
    DEALS,
    DISCARD_DRAWS,
    FINISH,
    HALF_OF,
    HORSES,
    INCIDENT_DRAWS,
    INCIDENT_KINDS,
    LAP,
    MAX_DEALS,
    MAX_OFFERS,
    MAX_REQUESTS,
    MAX_TRADE_POINTS,
    NOBODY,
    RIVERS,
    THROWS,
    TYPE_TEXT,
    TYPES,
    UNIT,
    M,
    Phase,
    bids,
    card_requests,
    cards_text,
    counted_draw,
    counter,
    horses_text,
    proposal,
    shown,
    square_before,
)
from hippodrome.games.royal_steeple_chase.bridged import AuctionBridge
from hippodrome.games.royal_steeple_chase.camps import FixedCamps, ImprovisedCamps
from hippodrome.games.royal_steeple_chase.deal import DealRules, HorseAllotment
from hippodrome.games.royal_steeple_chase.material import COLOURS, digest, parse_half
from hippodrome.games.royal_steeple_chase.options import SteepleOptions
from hippodrome.games.royal_steeple_chase.pirate import Pirate
from hippodrome.games.royal_steeple_chase.position import POSITION, read_position
from hippodrome.games.royal_steeple_chase.position import position_json as write_position
from hippodrome.games.royal_steeple_chase.pursuit import Pursuit
from hippodrome.games.royal_steeple_chase.records import Auction, Trade
from hippodrome.games.royal_steeple_chase.ways import (
    Bridge,
    Handicap,
    Simplified,
    SingleRace,
    Solo,
    WayToPlay,
)

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled (Ray) by a blank ``__new__``
class RoyalSteepleChase(Game[SteepleOptions]):
    id: ClassVar[str] = "royal_steeple_chase"
    titles: ClassVar[dict[str, str]] = {"en": "Royal Steeple Chase", "fr": "Royal Steeple Chase"}
    min_players: ClassVar[int] = 1
    """One player is the seed's solo practice (« si vous voulez apprendre à jouer tout seul »)."""
    max_players: ClassVar[int] = 8
    rules_version: ClassVar[int] = 4
    options_type: ClassVar[type[GameOptions]] = SteepleOptions
    ranking_basis: ClassVar[Literal["money", "scores"]] = "scores"
    sheet_part: ClassVar[Literal["race", "deal"]] = "deal"

    __slots__ = (
        "advance_points",
        "allotment",
        "central",
        "contre",
        "dummy",
        "handicapped",
        "hurdles_in_hand",
        "places",
        "way",
    )
    advance_points: dict[str, int]
    allotment: HorseAllotment
    """How the horses are given: the ordinary way, or the partnership game's."""
    central: tuple[int, ...]
    contre: bool
    """Whether a player without a horse may « contrer » (the bridge score, D25)."""
    dummy: Player
    """« avec un mort »: the dummy's place (D78), NOBODY in every other game; read at every
    decision, so kept here once rather than asked of the way to play."""
    handicapped: Handicap
    hurdles_in_hand: int
    places: int
    """The places round the table, each with its hand and its turn: the seats, and « avec un mort »
    the dummy's place after them (D78), which no seat holds."""
    way: WayToPlay
    """The way to play: what follows the deal, how a race is scored, what ranks the players."""

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
        object.__setattr__(self, "handicapped", Handicap.parse(options.handicap, n))
        _check_ways_to_play(options)
        object.__setattr__(self, "way", _way_to_play(options))
        # « Ce jeu à trois avec un mort »: three seats, and the dummy's hand at a fourth place (D78)
        object.__setattr__(self, "places", n + 1 if options.scoring == "dummy" else n)
        way = self.way
        object.__setattr__(
            self, "dummy", way.dummy if isinstance(way, contract.ContractBridge) else NOBODY
        )
        own = self.way.hurdles_in_hand(n)  # the bridge players' variants: two each
        if own is not None:
            object.__setattr__(self, "hurdles_in_hand", own)
        allotment = {"no": HorseAllotment, "fixed": FixedCamps, "improvised": ImprovisedCamps}
        object.__setattr__(self, "allotment", allotment[options.camps]())
        # The « contre » belongs to the bridge score: « ceux qui n'ont pas de chevaux ... s'ils ont
        # « contré » »
        object.__setattr__(self, "contre", options.scoring == "bridge" and options.pirate == "no")
        super().__init__(options)

    def max_length(self) -> int:
        """The most actions a match with these options can take (``length.py``, D83)."""
        return length.max_length(self)

    def deal_sizes(self) -> tuple[int, int]:
        """Cards in each hand and cards spread (DISTRIBUTION DU JEU; solo: « distribuez-vous 13, 14
        ou 15 cartes », none spread)."""
        n = self.places
        if n == 1:
            return (self.options.solo_cards, 0)
        own = self.way.deal_sizes(n)
        if own is not None:
            return own
        hand, spread = M.deal[n]
        # JEU PAR CAMP IMPROVISÉ: « et il n'y a pas de cartes étalées »
        return (hand, spread) if self.allotment.spread() else (hand, 0)

    @property
    def data_digest(self) -> str:
        return digest()

    def new_initial_state(self) -> SteepleState:
        return SteepleState.initial(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.num_players)

    def position_from_json(self, position: JSONObject) -> SteepleState:
        return position_from_json(self, position)

    def position_schema(self) -> JSONObject:
        return POSITION.schema(self, title="Royal Steeple Chase position")


def _check_ways_to_play(options: SteepleOptions) -> None:
    n = options.players
    if not 0 <= options.deals <= MAX_DEALS:  # D83: a match lasts 100 deals at most
        raise OptionsError(
            "error.option_type", option="deals", value=options.deals, expected=f"0 to {MAX_DEALS}"
        )
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
    bridged = options.scoring in ("auction", "contract", "dummy")
    if bridged and (
        n != (3 if options.scoring == "dummy" else 4)
        or options.pirate != "no"
        or options.pursuit
        or options.camps != "no"
        or options.incidents
        or options.handicap.strip()
    ):
        # « Les quatre joueurs se placent comme au bridge, on a en face de soi son partenaire » (D60)
        raise OptionsError(
            "error.option_type",
            option="scoring",
            value=options.scoring,
            expected="4 players (3 with a dummy), without the pirate, pursuit, partnership, incident or handicap game",
        )
    if options.pursuit and (n > 4 or options.pirate != "no"):
        # « Se joue à 3 mais surtout à 4 joueurs »: every player runs a horse
        raise OptionsError(
            "error.option_type",
            option="pursuit",
            value=True,
            expected="2 to 4 players, not with the pirate game",
        )


def _way_to_play(options: SteepleOptions) -> WayToPlay:
    """The way to play the options choose, once, when the game is made."""
    if options.players == 1:
        return Solo()
    if options.pirate != "no":
        return Pirate(points=options.pirate == "points")
    if options.pursuit:
        return Pursuit()
    if options.scoring == "simple":
        return Simplified()
    if options.scoring == "auction":
        return AuctionBridge()
    if options.scoring == "contract":
        return contract.ContractBridge()
    if options.scoring == "dummy":
        return contract.ContractBridge(dummy=True)
    if options.scoring == "bridge":
        return Bridge()
    return SingleRace()


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class SteepleState(DealRules):
    """A Royal Steeple Chase position: ``core.SteepleCore``'s fields, with the rules of each section
    of the rulebook."""

    __slots__ = ()

    @classmethod
    def initial(cls, game: RoyalSteepleChase) -> SteepleState:
        state = cls(game)
        state._begin_deal(0)
        return state

    # -- the protocol -----------------------------------------------------------------------------

    def clone(self) -> SteepleState:
        other = self.fork()
        self._copy_record(other)
        return other

    def fork(self) -> SteepleState:
        """A copy of the position without the history and events: what a search tries moves on
        (bots call it thousands of times; ``clone`` is this plus the history)."""
        other = SteepleState.__new__(SteepleState)
        other.game = self.game
        # An empty record, through the slots (``State.history`` is a property: slower).
        other._history, other._history_due, other._events, other._events_due = [], None, [], None
        other.flow = self.flow.copy()
        other.deal_number = self.deal_number
        other.dealer = self.dealer
        other.deal_start = self.deal_start
        other.dealt = self.dealt
        other.undealt = self.undealt[:]
        other.hands = [hand[:] for hand in self.hands]
        other.public = [hand[:] for hand in self.public]
        other.spread = self.spread[:]
        other.chips = self.chips[:]
        other.pot = self.pot
        other.owner = self.owner[:]
        other.sold_for = self.sold_for[:]
        other.pos = self.pos[:]
        other.hurdles = self.hurdles[:]
        other.in_hand = self.in_hand[:]
        other.finished = self.finished[:]
        other.throw_card = self.throw_card
        other.throw_after = self.throw_after
        other.offers = self.offers[:]
        other.requests = self.requests[:]
        other.card_player = self.card_player
        other.halves_left = self.halves_left[:]
        other.trail = {h: trail[:] for h, trail in self.trail.items()}
        other.card_finishers = self.card_finishers[:]
        other.winner = self.winner
        other.placed = self.placed
        other.lead = self.lead
        other.races = self.races
        other.honours = self.honours[:]
        other.below = self.below[:]
        other.toward = self.toward[:]
        other.games = self.games[:]
        other.central = self.central[:]
        other.discards = self.discards[:]
        # The records: None stays None, the others copy themselves.
        auction, trade, pirate = self.auction, self.trade, self.pirate
        camps, contres, pursuit, incidents = self.camps, self.contres, self.pursuit, self.incidents
        other.auction = None if auction is None else auction.copy()
        other.trade = None if trade is None else trade.copy()
        other.pirate = None if pirate is None else pirate.copy()
        other.camps = None if camps is None else camps.copy()
        other.contres = None if contres is None else contres.copy()
        other.pursuit = None if pursuit is None else pursuit.copy()
        other.incidents = None if incidents is None else incidents.copy()
        other.bridge = None if self.bridge is None else self.bridge.copy()
        other.memo = {}
        return other

    def has_hidden_information(self) -> bool:
        return True

    # « AVEC UN MORT »: the dummy's partner takes the dummy's turns (D78, the turn flow's stand-in);
    # the dummy's place (3, which no seat holds) never acts.

    def acting_as(self, player: Player) -> Player:
        """The seat whose cards and horse ``player`` plays now: the dummy's, for its partner in
        its turn; else his own."""
        return contract.acting_as(self, player)

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.flow.phase
        if phase is Phase.DEAL:
            total = sum(self.undealt)
            return [(DEALS[t], c / total) for t, c in enumerate(self.undealt) if c]
        if phase is Phase.DRAW_INCIDENT:
            pack = self._deck().incident_pack
            total = sum(pack)
            return [(INCIDENT_DRAWS[k], c / total) for k, c in enumerate(pack) if c]
        if phase is Phase.DRAW_DISCARD:
            total = sum(self.discards)
            return [(DISCARD_DRAWS[t], c / total) for t, c in enumerate(self.discards) if c]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        # The very draw of ``State.sample_chance`` on the outcomes above (one ``random()`` against
        # the running sums of count / total), without building their lists: a deal is a third of
        # a playout's actions.
        phase = self.flow.phase
        if phase is Phase.DEAL:
            return DEALS[counted_draw(self.undealt, rng)]
        if phase is Phase.DRAW_INCIDENT:
            return INCIDENT_DRAWS[counted_draw(self._deck().incident_pack, rng)]
        if phase is Phase.DRAW_DISCARD:
            return DISCARD_DRAWS[counted_draw(self.discards, rng)]
        return super().sample_chance(rng)

    def _pirate_way(self) -> Pirate:
        way = self.game.way
        assert isinstance(way, Pirate), "bets are the pirate game's"
        return way

    def money(self) -> Sequence[Money]:
        return tuple(
            self.chips[: self.game.num_players]
        )  # the seats' (« avec un mort »: not the dummy's)

    # -- legal actions ----------------------------------------------------------------------------

    def _legal_actions(self, p: Player) -> Sequence[Action]:
        """What p, whom the flow lets act, may do (for the dummy, in its turn, its partner)."""
        if self.game.dummy != NOBODY:
            p = contract.acting_as(self, p)
        phase = self.flow.phase
        if phase is Phase.HALVES:
            return self._half_actions(p)
        if phase is Phase.RACE:
            return self._race_actions(p)
        if phase is Phase.HORSES:
            return self._horse_requests(p)
        if phase is Phase.BETS:
            return self._pirate_way().bet_choices(self, p)
        if phase is Phase.INCIDENT:
            return self._incident_choices(p)
        if phase is Phase.OWN_HURDLES:
            return [PASS, *self._own_hurdle_actions(p)]
        if phase in (Phase.CALLS, Phase.BIDDING):
            return contract.call_actions(self, p)
        if phase is Phase.DISCARD:
            return contract.eliminate_actions(self, p)
        if phase is Phase.SOLO_HURDLES:
            mine = self._horse_of(p)
            return [OwnHurdle(mine, square_before(g)) for g in self.free_gaps(mine)]
        if phase is Phase.AUCTION:
            assert self.auction is not None
            return [PASS, *bids(self.auction.lot.high + UNIT, self.chips[p])]
        if phase is Phase.THROW:
            # D52: the card just taken is no exchange: one of one's own cards goes to the spread.
            taken = self.throw_card
            return [THROWS[t] for t in range(TYPES) if self.hands[p][t] and t != taken]
        if phase is Phase.EXCHANGE:
            if self.requests[p] >= MAX_REQUESTS:
                return [PASS]
            choices: list[Action] = [PASS]
            for t in range(TYPES):
                if self.spread[t]:
                    choices += card_requests(t, self.chips[p])
            return choices
        if phase is Phase.TRADE:
            out: list[Action] = [PASS]
            if self._may_contre(p):
                out.append(CONTRE)
            if self.offers[p] < MAX_OFFERS:
                n = self.game.places
                hand = self.hands[p]
                cards = [t for t in range(TYPES) if hand[t]]
                points = range(0, min(self.chips[p], MAX_TRADE_POINTS) + 1, UNIT)
                mate = NOBODY if self.bridge is None else self.bridge.partner[p]
                # aux enchères: « on ne peut échanger aucune carte avec son partenaire »
                out += [
                    proposal(q, t, x)
                    for q in range(n)
                    if q not in (p, mate)
                    for t in cards
                    for x in points
                ]
                out += [ASKS[t] for t in range(TYPES) if self._may_be_asked(p, t)]
            return out
        if phase is Phase.TRADE_ASK:
            tr = self.trade
            assert tr is not None
            if not self.hands[p][tr.asked]:
                return [PASS]
            if self.bridge is not None and self.bridge.partner[p] == tr.proposer:
                return [
                    PASS
                ]  # aux enchères: « on ne peut échanger aucune carte avec son partenaire »
            top = min(self.chips[p], MAX_TRADE_POINTS)
            offers = [proposal(tr.proposer, tr.asked, x) for x in range(0, top + 1, UNIT)]
            return [PASS, *offers]
        if phase is Phase.TRADE_COUNTER:
            cards = [t for t in range(TYPES) if self.hands[p][t]]
            top = min(self.chips[p], MAX_TRADE_POINTS)
            return [REFUSE] + [counter(t, x) for t in cards for x in range(0, top + 1, UNIT)]
        return [ACCEPT, REFUSE]

    # -- applying ---------------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        if player >= 0 and self.game.dummy != NOBODY:
            player = contract.acting_as(self, player)  # the partner plays for the dummy
        match action:
            case DealCard():
                self._deal(action.card)
            case PlayCard():
                self._play_card(player, action.card)
            case PlayHalf():
                self._play_half(player, action)
            case VoidHalf():
                self.halves_left.remove(action.half)
                self._events.append(ev.HalfVoid(player, action.half))
                self._after_half(player)
            case OwnHurdle():
                gap = self.lane_gap(action.horse, action.gap)
                self.in_hand[player] -= 1
                self.hurdles[action.horse] |= 1 << gap
                self._events.append(ev.HurdlePlaced(player, action.horse, gap_label(gap)))
                if self.phase is Phase.SOLO_HURDLES and not (
                    self.in_hand[player] and self.free_gaps(action.horse)
                ):
                    self.in_hand[player] = 0
                    self._start_race()
                elif self.phase is Phase.OWN_HURDLES:
                    self._next_before_start()
            case RequestHorse():
                self._request_horse(player, action)
            case PlaceBet():
                self._pirate_way().bet(self, player, action)
            case DrawIncident():
                self._incident_drawn(action.incident)
            case DrawDiscard():
                self._discard_drawn(action.card)
            case IncidentChoice():
                self._incident_choice(player, action)
            case RequestCard():
                self.flow.played()
                self.requests[player] += 1
                self._events.append(ev.CardRequested(player, TYPE_TEXT[action.card], action.bid))
                # everyone bids, the requester too once outbid
                self._open_auction(NOBODY, action.card, player, action.bid, None)
            case Bid():
                self._events.append(ev.BidRaised(player, action.amount))
                self._bid_on(player, OpenBid(action.amount))
            case Call():
                contract.apply_call(self, player, action)
            case Eliminate():
                contract.eliminate(self, player, action.card)
            case Pass() if self.phase in (Phase.CALLS, Phase.BIDDING):
                contract.call_pass(self, player)
            case Pass() if self.phase is Phase.OWN_HURDLES:
                self._events.append(ev.Passed(player))
                self.flow.passes += 1  # he has laid what he wanted before the start
                self._next_before_start()
            case Pass():
                self._pass(player)
            case Throw():
                self._throw(player, action.card)
            case AskCard():
                # D50: « B (vert) demande un 4 / 3v »; the others answer from his left.
                self.offers[player] += 1
                self.trade = Trade(player, self.flow.seat_after(player), NOBODY, asked=action.card)
                self.flow.call(Phase.TRADE_ASK, self.trade)  # the asker's turn waits for answers
                self._events.append(ev.CardAsked(player, TYPE_TEXT[action.card]))
            case Propose():
                asked = self.trade.asked if self.trade is not None else NOBODY
                if self.phase is Phase.TRADE_ASK:  # « A (bleu) le lui propose »
                    assert self.trade is not None
                    resume = self.trade.proposer
                else:
                    self.offers[player] += 1
                    resume = player
                self._reveal(player, action.card)
                self.trade = Trade(
                    player,
                    action.target,
                    action.card,
                    given=action.points,
                    asked=asked,
                    resume=resume,
                )
                # the round's turn (the proposer's, or the asker's) waits for the answer
                self.flow.call(Phase.TRADE_COUNTER, self.trade)
                card_text = TYPE_TEXT[action.card]
                self._events.append(
                    ev.TradeProposedWithPoints(player, action.target, card_text, action.points)
                    if action.points
                    else ev.TradeProposed(player, action.target, card_text)
                )
            case Counter():
                assert self.trade is not None
                self.trade.counter = action.card
                self.trade.points = action.points
                self._reveal(player, action.card)
                self.flow.call(Phase.TRADE_DECIDE, self.trade)
                self._events.append(
                    ev.TradeCountered(player, TYPE_TEXT[action.card], action.points)
                )
            case Accept():
                self._trade_done()
            case Refuse():
                self._events.append(ev.TradeRefused(player))
                self._trade_closed()
            case Contre():
                assert self.contres is not None
                self.contres.contred[player] = True
                self._events.append(ev.Contred(player))
                self.flow.played()
                self.flow.next_turn()
            case _:
                raise AssertionError(action)

    def scores(self) -> tuple[int, ...]:
        """What ranks the players, as the way to play says: the bridge sheet's total (« seuls les
        points de la marque et des manches s'additionnent »), the chips in the simplified game, the
        places in a single race..."""
        return self.game.way.scores(self)

    def settlement(self) -> tuple[int, ...]:
        """Règlement: « chaque joueur paie aux autres l'écart qu'il a avec eux »."""
        totals = self.scores()
        return tuple(len(totals) * t - sum(totals) for t in totals)

    def outcome(self) -> Outcome:
        """The ranking: the way to play's winners of the match first (the bridge score: « Le
        joueur qui le premier a deux manches [...] gagne la partie », D27), then the scores; the
        scores stay what the settlement pays by."""
        scores = self.scores()
        first = self.game.way.match_winners(self)
        if not first:
            return Outcome.from_scores(scores, self.money())
        keys = [(q in first, score) for q, score in enumerate(scores)]
        levels = sorted(set(keys))
        ranked = Outcome.from_scores([levels.index(k) for k in keys], self.money())
        return replace(ranked, scores=tuple(scores))

    def standings(self) -> tuple[int, ...]:
        return self.scores()

    # -- what each seat sees ----------------------------------------------------------------------

    def observation(self, player: Player | None) -> JSONObject:
        n = self.game.places
        obs: JSONObject = {
            "viewer": player,
            "phase": self.phase.name.lower(),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "active": list(self.active_players()),
            "horses": [
                {
                    "colour": COLOURS[h],
                    "owner": self.owner[h],
                    "progress": self.pos[h],
                    "square": shown(self.pos[h]),
                    "finished": self.finished.index(h) + 1 if h in self.finished else 0,
                    "absent": n == 1 and self.owner[h] == NOBODY and self.phase is not Phase.HORSES,
                    "hurdles": [
                        square_before(g) for g in range(FINISH) if self.hurdles[h] >> g & 1
                    ],
                    "central": [
                        square_before(g) for g in range(FINISH) if self.central[h] >> g & 1
                    ],
                }
                for h in HORSES
            ],
            "hand_sizes": [sum(hand) for hand in self.hands],
            "partners": self._partners(),
            "contred": [False] * n if self.contres is None else list(self.contres.contred),
            "banned": [False] * n if self.contres is None else list(self.contres.banned),
            "known_cards": [cards_text(self.public[q]) for q in range(n)],
            "spread": cards_text(self.spread),
            "chips": list(self.chips),
            "money": list(self.chips),
            "pot": self.pot,
            "hurdles_in_hand": list(self.in_hand),
            "hurdle_supply": self.supply(),
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
            obs["hand"] = cards_text(self.hands[player])
        deck = self.incidents
        if deck is not None:
            obs["incidents"] = {
                "pending": [INCIDENT_KINDS[k] if k >= 0 else None for k in deck.pending],
                "current": INCIDENT_KINDS[deck.incident] if deck.incident >= 0 else None,
                "pack": sum(deck.incident_pack),
                "dry": list(deck.dry),
                "extra": list(deck.extra),
                "ridden": list(deck.ridden),
            }
        obs["discards"] = sum(self.discards)
        if self.bridge is not None:
            obs["rubber"] = self.bridge.rubber + 1
            # the places round the table, the partners facing each other (D80)
            obs["seating"] = list(self.flow.order or range(n))
            calls = self.bridge.contract
            if calls is not None:
                obs["contract"] = {
                    "call": contract.LADDER[calls.call] if calls.call >= 0 else None,
                    "declarer": calls.declarer,
                    "doubled": calls.doubled,
                    "leader": calls.leader,
                    "eliminated": list(calls.eliminated),
                    "bidding": contract.bidding(self, calls.said),
                }
        book = self.pirate
        if book is not None:
            revealed = self.phase is Phase.OVER
            obs["bets"] = [
                None if bet is None else horses_text(bet) if revealed or q == player else "?"
                for q, bet in enumerate(book.bets)
            ]
            # D19: the same bets as the engine's pool shows them, a rival's horse(s) hidden until
            # the game is over, every stake public (the chips are on the table)
            obs["pool"] = book.pool.view(player, revealed=revealed)
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
                "offered": TYPE_TEXT[tr.offered] if tr.offered >= 0 else None,
                "counter": TYPE_TEXT[tr.counter] if tr.counter >= 0 else None,
                "points": tr.points,
                "given": tr.given,
                "asked": TYPE_TEXT[tr.asked] if tr.asked >= 0 else None,
            }
        if self.phase is Phase.HALVES:
            obs["card"] = {"player": self.card_player, "halves": list(self.halves_left)}
        if self.phase is Phase.THROW:
            obs["taken"] = TYPE_TEXT[self.throw_card]
        if self.game.dummy != NOBODY:
            contract.seats_view(self, obs)
        return obs

    def _partners(self) -> list[Player]:
        """Each seat's partner: the partnership game's, or the bridge players' variants' rubber."""
        if self.bridge is not None:
            return list(self.bridge.partner)
        n = self.game.places
        return [NOBODY] * n if self.camps is None else list(self.camps.partner)

    def resample_for(self, player: Player, rng: random.Random) -> SteepleState:
        """Deal the cards ``player`` cannot see anew: the other hands' unseen cards and the undealt
        ones, with the deal in the history rewritten to match.

        Search calls this for every iteration, so it touches only what it changes: the position is
        forked (not cloned), what is dealt anew is read once per state and seat (``_redeal``), the
        cards are drawn by one random number (``engine.sampling``), the events as ``player`` saw
        them are remembered between calls on the same state, and the history is rewritten only
        when first read (``State.rewrite_later``; ``Redealt``)."""
        if self.phase is Phase.OVER or (self.phase is Phase.DEAL and self.dealt == 0):
            state = (
                self.clone()
            )  # no card to deal anew, but the past deals told as ``player`` saw them
            state.events = self.events_seen_by(player)
            return state
        redeal = self._redeal(player)
        state = self.fork()
        cards = redeal.unseen.copy()
        partial_shuffle(cards, redeal.count, draw_below(rng, redeal.choices, redeal.bits))
        public, hands = self.public, state.hands
        fresh: list[list[int]] = []
        at = 0
        for q, size in redeal.sizes:
            dealt = cards[at : at + size]
            at += size
            mine = public[q][:]
            for t in dealt:
                mine[t] += 1
            hands[q] = mine
            fresh.append(dealt)
        undealt = [0] * TYPES
        for t in cards[at:]:
            undealt[t] += 1
        state.undealt = undealt
        bets: list[tuple[int, Player, PlaceBet]] = []
        book = state.pirate
        if book is not None:
            way = self._pirate_way()
            history = self.history
            # The other seats' secret bets: any horse(s), the same public stakes.
            for i in range(self.deal_start, len(history)):
                seat, action = history[i]
                if seat != player and isinstance(action, PlaceBet):
                    choices = way.bet_choices(state, seat)
                    # The stake is public, the horse(s) secret: any horse for the same stake.
                    same = (
                        [PlaceBet((h,), action.stake) for h in HORSES]
                        if action.stake
                        else [b for b in choices if not b.stake] or [action]
                    )
                    fresh_bet = rng.choice(same)
                    bets.append((i, seat, fresh_bet))
                    book.rewrite(seat, fresh_bet.horses)
        state.history = self.history.copy()
        state.rewrite_later(history=Redealt(redeal, fresh, bets).history)
        state.events = self.events_seen_by(player)
        return state

    def _redeal(self, player: Player) -> Redeal:
        """What ``resample_for(player)`` deals anew, the same at every call on one state: the cards
        ``player`` cannot see (the undealt ones, then each other hand's unseen ones, in type order),
        and per seat the cards of the history's deal it keeps (dealt, less its unseen ones: those
        that left its hand in public), how many unseen cards it holds, and where the history deals
        it its cards. Remembered with the history it was read from (``memo``)."""
        history = self.history
        key = (history, len(history), player)
        found = self.memo.get("redeal")
        if found is None or found[0] is not history or found[1:3] != key[1:]:
            unseen, kept, sizes = self._unseen_by(player)
            _, slots = self.deal_slots()
            dealt = [(q, size) for q, size in enumerate(sizes) if size >= 0]
            count = sum(size for _, size in dealt)
            choices = perm(len(unseen), count)
            redeal = Redeal(unseen, count, choices, bits_for(choices), dealt, kept, slots)
            found = self.memo["redeal"] = (*key, redeal)
        return found[3]  # type: ignore[return-value]

    def _unseen_by(self, player: Player) -> tuple[list[int], list[list[int]], list[int]]:
        """What ``resample_for(player)`` deals anew, the same at every call on one state: the cards
        ``player`` cannot see (the undealt ones, then each other hand's unseen ones, in type order),
        and per seat the cards of the history's deal it keeps (dealt, less its unseen ones: those
        that left its hand in public) and how many unseen cards it holds (-1: ``player``'s own).
        Read once per state and seat by ``_redeal``."""
        hands, public = self.hands, self.public
        dealt, _ = self.deal_slots()
        unseen = _cards(self.undealt)
        kept: list[list[int]] = []
        sizes: list[int] = []
        for q in range(self.game.places):
            if q == player:
                kept.append([])
                sizes.append(-1)
                continue
            hand = [h - p for h, p in zip(hands[q], public[q], strict=True)]
            unseen += _cards(hand)
            kept.append(_cards([d - h for d, h in zip(dealt[q], hand, strict=True)]))
            sizes.append(sum(hand))
        return unseen, kept, sizes

    # -- explanations -----------------------------------------------------------------------------

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        if player >= 0 and self.game.dummy != NOBODY:
            player = contract.acting_as(self, player)  # the partner speaks for the dummy
        key = "royal_steeple_chase.refused"
        phase = self.phase
        if isinstance(action, Call) and player >= 0:
            refused = contract.explain_call(self, player, action)
            if refused is not None:
                return refused
        table = self.bridge
        partner = NOBODY if table is None or player < 0 else table.partner[player]
        if isinstance(action, Propose) and partner != NOBODY and partner == action.target:
            return IllegalActionError(f"{key}.partner_trade", player=action.target)
        if player >= 0 and phase is not Phase.OVER:
            why = self._explain_deal(player, action)
            if why is not None:
                return why
        if isinstance(action, (PlayCard, Throw, Propose)) and player >= 0:
            card = action.card
            if not self.hands[player][card]:
                return IllegalActionError(f"{key}.card_not_held", card=TYPE_TEXT[card])
        if isinstance(action, (Counter, Propose)) and player >= 0:
            if isinstance(action, Counter) and not self.hands[player][action.card]:
                return IllegalActionError(f"{key}.card_not_held", card=TYPE_TEXT[action.card])
            if action.points > self.chips[player]:
                return IllegalActionError(
                    f"{key}.points_beyond_chips", amount=action.points, chips=self.chips[player]
                )
            if action.points > MAX_TRADE_POINTS:
                return IllegalActionError(
                    f"{key}.trade_points", amount=action.points, most=MAX_TRADE_POINTS
                )
            if action.points % UNIT:
                return IllegalActionError(f"{key}.bid_unit", amount=action.points, unit=UNIT)
        if isinstance(action, (Bid, Pass, RequestHorse)) and player >= 0:
            refused = self._explain_horse_bid(player, action)
            if refused is not None:
                return refused
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
        own_hurdle_now = phase in (Phase.RACE, Phase.SOLO_HURDLES, Phase.OWN_HURDLES)
        own_hurdle_now = own_hurdle_now and player >= 0
        if isinstance(action, OwnHurdle) and own_hurdle_now and self.in_hand[player] == 0:
            return IllegalActionError(f"{key}.no_own_hurdle")
        if isinstance(action, OwnHurdle) and own_hurdle_now:
            return self._explain_gap(action.horse, action.gap)
        return IllegalActionError(
            f"{key}.not_now",
            action=str(action),
            phase=phase.name.lower(),
        )

    def explain_out_of_turn(self, player: Player, action: Action) -> IllegalActionError:
        if isinstance(action, (Bid, Pass)) and 0 <= player < self.game.num_players:
            refused = self._explain_horse_bid(player, action)
            if refused is not None:
                return refused
        return super().explain_out_of_turn(player, action)

    def _explain_horse_bid(self, player: Player, action: Action) -> IllegalActionError | None:
        """Why a bid for a held horse is refused: the bidder did not ask for it (D40), or a
        request does not top what it went for (D41); None when neither."""
        if not self.game.allotment.askers_only():  # the partnership game forms camps otherwise
            return None
        key = "royal_steeple_chase.refused"
        a = self.auction
        if isinstance(action, (Bid, Pass)):
            if a is not None and a.horse != NOBODY and not a.lot.eligible[player]:
                return IllegalActionError(f"{key}.not_a_bidder", horse=a.horse)
            return None
        assert isinstance(action, RequestHorse)
        h = action.horse
        if self.owner[h] in (NOBODY, player) or action.bid > self.chips[player]:
            return None
        price = self.sold_for[h]
        if action.bid > price:
            return None
        if price:
            return IllegalActionError(
                f"{key}.horse_won_for", horse=h, price=price, minimum=price + UNIT
            )
        return IllegalActionError(f"{key}.horse_held", horse=h, player=self.owner[h], minimum=UNIT)

    def _explain_half(self, player: Player, a: PlayHalf) -> IllegalActionError:
        key = "royal_steeple_chase.refused"
        half = HALF_OF[a.half]
        mine = self._horse_of(player)
        if len(set(a.horses)) < len(a.horses):
            # « reculer deux chevaux de 1 case chacun »: two horses, not one twice (0 b+b).
            return IllegalActionError(f"{key}.same_horse_twice", horse=a.horses[0])
        if len(a.horses) > (2 if a.use == "0" else 1):
            # « Reculer un cheval de 2 cases ou reculer deux chevaux de 1 case chacun »
            return IllegalActionError(f"{key}.horse_count", half=a.half)
        if half.kind not in ("R", a.use):
            return IllegalActionError(f"{key}.not_a_half", half=a.half)
        if half.coloured and a.horses != (half.colour,):
            return IllegalActionError(f"{key}.colour", half=a.half, horse=half.colour)
        if a.use in ("2", "3", "4", "0") and any(self.pos[h] >= FINISH for h in a.horses):
            return IllegalActionError(f"{key}.finished")
        if a.use in ("2", "3", "4") and a.horses != (mine,) and not half.coloured:
            return IllegalActionError(f"{key}.favour", half=a.half)
        if a.use == "0" and mine in a.horses:
            return IllegalActionError(f"{key}.favour", half=a.half)
        if a.use == "0":
            for h in a.horses:
                back = self.pos[h] - 1
                if back >= 1 and back not in RIVERS and self._barring(h, back) != NOBODY:
                    # D26: a horse where the lanes cross bars that square, backwards too
                    return IllegalActionError(f"{key}.barred_back", square=back)
            return IllegalActionError(f"{key}.no_fall_back")
        if a.use == "H":
            if a.remove:
                if a.horses != (mine,):
                    return IllegalActionError(f"{key}.remove_own")
                return IllegalActionError(f"{key}.no_hurdle_there", **gap_squares(a.gap))
            if not half.coloured and a.horses == (mine,):
                return IllegalActionError(f"{key}.favour", half=a.half)
            if self.supply() <= 0:
                return IllegalActionError(f"{key}.no_supply")
            return self._explain_gap(a.horses[0], a.gap)
        return IllegalActionError(f"{key}.not_now", action=str(a), phase="halves")

    def _explain_deal(self, player: Player, action: Action) -> IllegalActionError | None:
        """The true reason for refusing an action of the horses, the spread or the trades whose
        phase it is, when the general checks (cards held, chips) do not give it; None otherwise."""
        key = "royal_steeple_chase.refused"
        phase = self.phase
        if phase is Phase.HORSES and type(self.game.allotment) is HorseAllotment:
            if isinstance(action, RequestHorse):
                h, holder = action.horse, self.owner[action.horse]
                if holder == player:
                    return IllegalActionError(f"{key}.own_horse", horse=h)
                if holder == NOBODY and 0 < action.bid <= self.chips[player]:
                    return IllegalActionError(f"{key}.horse_free", horse=h)
                # a held horse asked for too low: _explain_horse_bid (horse_held, horse_won_for)
            if isinstance(action, Pass) and self.game.allotment.horses_left(self):
                return IllegalActionError(f"{key}.must_ask_horse")
        requests_used = self.requests[player] >= MAX_REQUESTS
        if phase is Phase.EXCHANGE and isinstance(action, RequestCard) and requests_used:
            return IllegalActionError(f"{key}.requests_used", most=MAX_REQUESTS)
        if phase is Phase.THROW and isinstance(action, Throw) and action.card == self.throw_card:
            return IllegalActionError(f"{key}.throw_back", card=TYPE_TEXT[action.card])
        if phase is Phase.TRADE:
            if isinstance(action, (Propose, AskCard)) and self.offers[player] >= MAX_OFFERS:
                return IllegalActionError(f"{key}.offers_used", most=MAX_OFFERS)
            if isinstance(action, Propose) and action.target == player:
                return IllegalActionError(f"{key}.trade_self")
            if isinstance(action, AskCard) and not self._may_be_asked(player, action.card):
                return IllegalActionError(f"{key}.not_elsewhere", card=TYPE_TEXT[action.card])
            if isinstance(action, Contre):
                if self.contres is None:
                    return IllegalActionError(f"{key}.contre_bridge")
                if self._horse_of(player) != NOBODY:
                    return IllegalActionError(f"{key}.contre_has_horse")
                if self.contres.contred[player]:
                    return IllegalActionError(f"{key}.contre_once")
        if phase is Phase.TRADE_ASK and isinstance(action, Propose):
            tr = self.trade
            assert tr is not None
            if action.target != tr.proposer or action.card != tr.asked:
                return IllegalActionError(
                    f"{key}.answer_ask", card=TYPE_TEXT[tr.asked], player=tr.proposer
                )
        return None

    def _explain_gap(self, horse: int, square: int) -> IllegalActionError:
        key = "royal_steeple_chase.refused"
        gap = self.lane_gap(horse, square)
        if self.pos[horse] >= FINISH:
            return IllegalActionError(f"{key}.finished")
        if gap < self.pos[horse]:
            return IllegalActionError(
                f"{key}.behind", at=shown(self.pos[horse]), **gap_squares(gap)
            )
        if self.hurdles[horse] >> gap & 1:
            return IllegalActionError(f"{key}.gap_taken", **gap_squares(gap))
        return IllegalActionError(f"{key}.favour", half="H")

    # -- the position document --------------------------------------------------------------------

    def position_json(self) -> JSONObject:
        return write_position(self)


def _cards(counts: Sequence[int]) -> list[int]:
    """The cards a count per type stands for, in type order."""
    out: list[int] = []
    for t, count in enumerate(counts):
        if count:
            out += [t] * count
    return out


def position_from_json(game: RoyalSteepleChase, position: JSONObject) -> SteepleState:
    state = SteepleState(game)
    read_position(state, position)
    return state


@dataclass(slots=True)
class Redeal:
    """What ``resample_for`` deals anew for one seat (``SteepleState._redeal``): ``count`` of the
    ``unseen`` cards, in one of ``choices`` orders (drawn from ``bits`` random bits), to the other
    seats in turn (``dealt``: each seat and how many); with each seat's ``kept`` cards of the
    history's deal and the history's indices of its cards (``slots``)."""

    unseen: list[int]
    count: int
    choices: int
    bits: int
    sizes: list[tuple[Player, int]]
    kept: list[list[int]]
    slots: list[list[int]]


@dataclass(slots=True)
class Redealt:
    """The cards and bets a determinization was dealt, to rewrite its history when first read
    (``State.rewrite_later``): each seat's deal, its kept cards then its new ones in type order;
    the other seats' secret bets of the pirate game."""

    redeal: Redeal
    fresh: list[list[int]]
    bets: list[tuple[int, Player, PlaceBet]]

    def history(self, history: list[tuple[Player, Action]]) -> None:
        redeal = self.redeal
        for (q, _), dealt in zip(redeal.sizes, self.fresh, strict=True):
            for i, t in zip(redeal.slots[q], redeal.kept[q] + sorted(dealt), strict=False):
                history[i] = (CHANCE, DEALS[t])
        for i, seat, bet in self.bets:
            history[i] = (seat, bet)


__all__ = [
    "FINISH",
    "HORSES",
    "INCIDENT_KINDS",
    "LAP",
    "NOBODY",
    "RIVERS",
    "TYPES",
    "UNIT",
    "Auction",
    "M",
    "Phase",
    "RoyalSteepleChase",
    "SteepleOptions",
    "SteepleState",
    "Trade",
    "parse_half",
    "square_before",
]
