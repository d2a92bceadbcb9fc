"""Ascot's rules: the game and its state.

The seed is ``shared/seeds/000_fb5c4569383c9a83.clean.txt``; the code cites its sections by their
titles (*Préparatifs*, *La donne*, *Vente aux enchères*, *I. Champ d'entraînement*, *Membres du
Club*...). Every decision taken where the seed is silent is written in ``docs/rules/ascot.md`` (D1,
D2...) with the test that pins it.

The rules are split along the rulebook, one module a chapter: ``board`` (the material as the rules
read it, the phases), ``core`` (the position), ``deal`` (*La donne*: the deal with its dead pile, the
auctioneer, the forced blind exchange and the optional discards; *Vente aux enchères*: the sale on
the engine's open auction with its commission; the payment of the cards kept), ``training`` (*I.
Champ d'entraînement*, *Membres du Club*), ``debts`` (the forced sale of a player who cannot pay),
``preliminaries`` (*Préliminaires*: the trades, the runners, *Favori*), ``betting`` (*Les paris*:
the Totalisator, the private place bets), ``race`` (*Départ* on the engine's lane track) and
``prizes`` (*Les prix*, the bets settled). This module assembles them: the game, its options, and
the state's protocol (chance, the legal actions and why others are refused, applying one, what each
seat sees, the position document).

The hand-run roles are seats' powers the engine enforces: the Banker is seat 0 and the Bank is kept
by the state (``bank``), never a seat's money; the dealer is seat 0 too (D8); the auctioneer is the
seat named after the deal, paid his commission by the auction itself.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Auction
from hippodrome.engine.auction_events import PASS, Bid, Pass
from hippodrome.engine.errors import IllegalActionError, OptionsError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game
from hippodrome.engine.options import GameOptions, Words, option
from hippodrome.engine.pool import PlaceBet, Pool, Slip
from hippodrome.engine.turnflow import Acts, Flow
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Player
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot import length
from hippodrome.games.ascot.actions import (
    ACCEPT,
    CARD_IDS,
    DECLINE,
    DIE_FACES,
    DONE,
    ENOUGH,
    JOIN,
    KEEP,
    NO_FAVOURITE,
    PLACE_ODDS,
    REFUSE,
    ROLL,
    Answer,
    ClubReport,
    Colour,
    Deal,
    Decline,
    Dice,
    Die,
    Discard,
    Done,
    Draw,
    Enough,
    Exchange,
    Favourite,
    Join,
    Keep,
    LaneChoice,
    Move,
    Offer,
    Roll,
    Run,
    Sell,
    Starter,
    Swap,
    Wager,
    parse_action,
)
from hippodrome.games.ascot.board import (
    A_ANSWER,
    A_BID,
    A_CLUB_REPORT,
    A_COLOUR,
    A_DEAL,
    A_DECLINE,
    A_DICE,
    A_DIE,
    A_DISCARD,
    A_DONE,
    A_DRAW,
    A_ENOUGH,
    A_EXCHANGE,
    A_FAVOURITE,
    A_JOIN,
    A_KEEP,
    A_LANE_CHOICE,
    A_MOVE,
    A_OFFER,
    A_PASS,
    A_ROLL,
    A_RUN,
    A_SELL,
    A_STARTER,
    A_SWAP,
    A_WAGER,
    ACTION_KIND,
    AUCTIONEER_CARD,
    BANKER,
    BOXED,
    CARD_INDEX,
    CARDS,
    CELL_END,
    DEALER,
    DEALS,
    DICE_SUMS,
    DISCARDS,
    DRAWS,
    ENTRY_FEE,
    EXCHANGES,
    FACES,
    FAVOURITES,
    FORWARD,
    HORSES,
    INCREMENT,
    INSCRIPTIONS,
    LANE_CODES,
    OFFER_PRICES,
    OFFERS_A_TURN,
    OFFERS_EACH,
    OUT,
    PHASES,
    PLACE_STAKES,
    PLACED,
    PROGRESS,
    REPORTS,
    RNONE,
    ROUT,
    RPAST,
    RSTART,
    RUNS,
    STABLE_CARDS,
    STABLE_OF_HORSE,
    TRACK,
    TWO_DICE,
    ZONE,
    M,
    Phase,
    _uniform,
    _win_bets,
    as_told,
    hand_size,
    prizes,
)
from hippodrome.games.ascot.deal import DealRules
from hippodrome.games.ascot.length import MEMBER_REPORTS
from hippodrome.games.ascot.material import digest
from hippodrome.games.ascot.position import AUCTION, FLOW, POOL, POSITION, AscotPosition
from hippodrome.games.ascot.view import seat_roles

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random

__all__ = [  # what other modules read here (the rest is in ``board``)
    "BANKER",
    "BOXED",
    "CELL_END",
    "DEALER",
    "FORWARD",
    "HORSES",
    "LANE_CODES",
    "OFFERS_EACH",
    "PASS",
    "PHASES",
    "PLACED",
    "PROGRESS",
    "RNONE",
    "ROLL",
    "ROUT",
    "RPAST",
    "RSTART",
    "STABLE_OF_HORSE",
    "TRACK",
    "ZONE",
    "Ascot",
    "AscotOptions",
    "AscotState",
    "M",
    "Phase",
    "Slip",
    "as_told",
    "hand_size",
    "prizes",
]


@mypyc_attr(native_class=False)  # compiled, a class may not derive from an interpreted one
@dataclass(frozen=True, kw_only=True)
class AscotOptions(GameOptions):
    players: int = option(3, en="Number of players (2 to 6)", fr="Nombre de joueurs (2 à 6)")
    place_bets: bool = option(
        False,
        en="Private place bets with the Bookmaker",
        fr="Paris privés aux placés avec le Bookmaker",
        help=Words(
            en="Played only « sur la demande expresse des joueurs », at the players' express request.",
            fr="Seulement « sur la demande expresse des joueurs ».",
        ),
    )
    carry_over: bool = option(
        False,
        en="A Totalisator nobody wins is carried over to the next game (else the Bookmaker keeps it)",
        fr="Un Totalisateur sans gagnant grossit la caisse de la partie suivante "
        "(sinon le Bookmaker le garde)",
    )
    jackpot: int = option(
        0,
        en="Jackpot carried over",
        fr="Caisse reportée",
        help=Words(
            en="What the Totalisator kept from the last game, if nobody won it.",
            fr="Ce que le Totalisateur a gardé de la partie précédente, si personne ne l'a gagné.",
        ),
        kind="money",
        currency="franc",
        minimum=0,
        step=INCREMENT,
    )


@mypyc_attr(allow_interpreted_subclasses=True)  # unpickled (Ray) by a blank ``__new__``
class Ascot(Game[AscotOptions]):
    id: ClassVar[str] = "ascot"
    titles: ClassVar[dict[str, str]] = {"en": "Ascot", "fr": "Ascot"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rules_version: ClassVar[int] = 3
    options_type: ClassVar[type[GameOptions]] = AscotOptions
    max_choices: ClassVar[int] = 4096
    """The most legal actions of one decision. Two kinds of decision offer many. Trade offers: the
    20 cards and the 5 reports kept, sold to each of 5 partners or bought from their owner, at 21
    prices, plus the exchanges of 12 horses: at most 2,770. A bid by Frs 500 up to what the bidder
    has: the money of a six-player table is Frs 1.686.000 (the bank only holds what the players
    paid), at most 3,372 amounts. The conformance suite checks the bound in play."""

    @property
    def data_digest(self) -> str:
        return digest()

    def max_length(self) -> int:
        """The most actions a game with these options can take (``length.py``, D47 to D49)."""
        return length.max_length(self)

    def __init__(self, options: AscotOptions) -> None:
        super().__init__(options)
        if options.jackpot < 0 or options.jackpot % INCREMENT:
            raise OptionsError(
                "error.option_type",
                option="jackpot",
                value=options.jackpot,
                expected=f"francs, 0 or more, by {INCREMENT}",
            )

    def new_initial_state(self) -> AscotState:
        return AscotState(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def position_from_json(self, position: JSONObject) -> AscotState:
        return AscotState.from_position(self, POSITION.read(position, self))

    def position_schema(self) -> JSONObject:
        return POSITION.schema(self, title="Ascot position")


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class AscotState(DealRules):
    __slots__ = ()

    # -- cloning ------------------------------------------------------------------------------------

    def clone(self) -> AscotState:
        new = AscotState.__new__(AscotState)
        new.game = self.game
        self._copy_record(new)
        new.flow = self.flow.copy()
        new.money_ = self.money_.copy()
        new.bank = self.bank
        new.dealt = self.dealt.copy()
        new.hands = [h.copy() for h in self.hands]
        new.bought = [b.copy() for b in self.bought]
        new.dead = self.dead.copy()
        new.withdrawn = self.withdrawn.copy()
        new.retired = self.retired.copy()
        new.auctioneer = self.auctioneer
        new.auction = None if self.auction is None else self.auction.copy()
        new.square = self.square.copy()
        new.advantages = self.advantages.copy()
        new.disadvantages = self.disadvantages.copy()
        new.pile_advantages = dict(self.pile_advantages)
        new.pile_disadvantages = self.pile_disadvantages
        new.decks = {d: cards.copy() for d, cards in self.decks.items()}
        new.unseen = {d: cards.copy() for d, cards in self.unseen.items()}
        new.drawing = self.drawing
        new.reports = [r.copy() for r in self.reports]
        new.member = self.member.copy()
        new.strangled = self.strangled.copy()
        new.opener = self.opener
        new.reports_taken = self.reports_taken
        new.moving = self.moving.copy()
        new.debt = self.debt
        new.offered = self.offered.copy()
        new.at = self.at.copy()
        new.fallen = self.fallen.copy()
        new.adv_hand = [dict(h) for h in self.adv_hand]
        new.dis_hand = self.dis_hand.copy()
        new.placed = self.placed.copy()
        new.to_move = self.to_move.copy()
        new.die = self.die
        new.moving_horse = self.moving_horse
        new.colour_used = self.colour_used
        new.inscription_used = self.inscription_used
        new.lane_effect = self.lane_effect
        new.danger = self.danger
        new.rescuers = self.rescuers.copy()
        new.offer = self.offer
        new.offers = self.offers.copy()
        new.quota = self.quota
        new.runners = [r.copy() for r in self.runners]
        new.favourite = self.favourite.copy()
        new.called = self.called
        new.pool = self.pool.copy()
        new.places = self.places.copy()
        new.place_odds = self.place_odds.copy()
        new.wager = self.wager
        return new

    # -- chance -------------------------------------------------------------------------------------

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.flow.phase
        if phase is Phase.DEAL:
            dealt = self.dealt
            left = [c for c in CARDS if c not in dealt]
            chance = 1.0 / len(left)
            return [(DEALS[c], chance) for c in left]
        if phase is Phase.DICE:
            return TWO_DICE
        if phase is Phase.REPORT:
            assert self.drawing is not None
            deck = self.drawing[0]
            left = self.unseen[deck]
            chance = 1.0 / len(left)
            draws = DRAWS[deck]
            return [(draws[i], chance) for i in left]
        if phase is Phase.RACE:
            # « Le joueur ayant jeté le plus grand chiffre commence »: throws again among the tied
            # until one is highest, so each seat with a runner is as likely (D38).
            seats = [p for p in range(self.game.num_players) if self.runners[p]]
            return [(Starter(p), 1.0 / len(seats)) for p in seats]
        if phase is Phase.ROLL:
            return [(DIE_FACES[f], 1.0 / 6) for f in range(1, 7)]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        # The engine's very draw (one ``random()`` against the running sums of ``chance_outcomes``),
        # on sums made once and without the list of outcomes.
        phase = self.flow.phase
        if phase is Phase.DICE:
            return TWO_DICE[bisect(DICE_SUMS, rng.random() * DICE_SUMS[-1], 0, 10)][0]
        if phase is Phase.DEAL:
            gone = 0
            for card in self.dealt:
                gone |= 1 << card
            left = [c for c in CARDS if not gone >> c & 1]
            return DEALS[left[_uniform(len(left), rng.random())]]
        if phase is Phase.ROLL:
            return FACES[_uniform(6, rng.random())]
        if phase is Phase.REPORT:
            assert self.drawing is not None
            deck = self.drawing[0]
            unseen = self.unseen[deck]
            return DRAWS[deck][unseen[_uniform(len(unseen), rng.random())]]
        return super().sample_chance(rng)

    # -- legal actions ------------------------------------------------------------------------------

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        phase = self.flow.phase
        if phase is Phase.EXCHANGE:
            return [EXCHANGES[c] for c in self._exchangeable(player)]
        if phase is Phase.DISCARD:
            found: list[Action] = [DISCARDS[c] for c in self._exchangeable(player)]
            if not self._holds_both_stables(player):
                found.append(KEEP)
            return found
        if phase is Phase.AUCTION:
            assert self.auction is not None
            money = self._available() if self.debt is None else self.money_
            return self.auction.legal_actions(player, money[player])
        if phase is Phase.SALE:
            return self._sales(player)
        if phase is Phase.TRAINING:
            found = [ROLL]
            if self.member[player] and self.reports_taken < MEMBER_REPORTS:  # D47
                found.extend(self._club_reports(player))
            return found
        if phase is Phase.CLUB:
            return [JOIN, DECLINE] if self.money_[player] >= self._club_fee() else [DECLINE]
        if phase is Phase.MOVE:
            return self._race_moves()
        if phase is Phase.COLOUR:
            return self._colour_uses(player, self.moving_horse)
        if phase is Phase.LANE:
            return [
                LaneChoice(t + 1) for t in self._lane_targets(self.moving_horse, self.lane_effect)
            ]
        if phase is Phase.TRADING:
            found = [DONE]
            if self.offers[player] < (OFFERS_A_TURN if self.in_training() else OFFERS_EACH):
                found.extend(self._offers(player))
            return found
        if phase is Phase.RESCUE:
            return self._rescue_offers(player)
        if phase is Phase.ANSWER:
            assert self.offer is not None
            return [ACCEPT, REFUSE] if self._payable(self.offer, player) else [REFUSE]
        if phase is Phase.RUNNERS:
            if self.money_[player] < ENTRY_FEE:
                return [ENOUGH]
            return [RUNS[h] for h in self.horses_of(player) if h not in self.runners[player]]
        if phase is Phase.FAVOURITE:
            return [NO_FAVOURITE, *(FAVOURITES[h] for h in self.runners[player])]
        if phase is Phase.PLACES:
            return self._wagers(player)
        if phase is Phase.BOOK:
            assert self.wager is not None
            return [ACCEPT, REFUSE] if self._covers(self.wager) else [REFUSE]
        if phase is Phase.BETTING:
            horse = (f"h{self.called}",)
            if self.pool.tickets("win", horse) >= self.pool.per_horse:
                return [PASS]
            return [PASS, *_win_bets(self.called, len(self.pool.stakes(self.money_[player])))]
        return []

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        phase = self.flow.phase
        ns = "ascot.illegal"
        if player == CHANCE or isinstance(action, Deal | Dice | Draw):
            return IllegalActionError(f"{ns}.chance_action", action=str(action))
        if isinstance(action, Exchange | Discard):
            wanted = Phase.EXCHANGE if isinstance(action, Exchange) else Phase.DISCARD
            if phase is not wanted:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            card = CARD_IDS[action.card]
            if action.card not in self.hands[player]:
                return IllegalActionError(f"{ns}.not_in_hand", card=card)
            if self._declared(action.card):
                return IllegalActionError(f"{ns}.auctioneer_card_open", card=card)
        if isinstance(action, Keep):
            if phase is not Phase.DISCARD:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            if self._holds_both_stables(player):
                return IllegalActionError(f"{ns}.both_stables")
        if isinstance(action, Pass) and phase is Phase.BETTING:
            return IllegalActionError("error.illegal_action", action=str(action))
        if isinstance(action, Bid | Pass):
            if phase is not Phase.AUCTION or self.auction is None:
                return IllegalActionError(f"{ns}.no_sale")
            if not self.auction.eligible[player]:
                return IllegalActionError(f"{ns}.other_stable", card=self.auction.lot)
            money = self._available() if self.debt is None else self.money_
            return self.auction.explain(player, action, money[player])
        if isinstance(action, Roll) and phase is not Phase.TRAINING:
            return IllegalActionError(f"{ns}.not_now", action=str(action))
        if isinstance(action, ClubReport):
            if phase is not Phase.TRAINING:
                return IllegalActionError(f"{ns}.report_before_roll")
            if not self.member[player]:
                return IllegalActionError(f"{ns}.not_a_member")
            if self.reports_taken >= MEMBER_REPORTS:
                return IllegalActionError(f"{ns}.reports_spent", limit=MEMBER_REPORTS)
            if self.owner(action.horse) != player:
                return IllegalActionError(f"{ns}.not_your_horse", horse=f"h{action.horse}")
            if not 0 <= self.square[action.horse] < BOXED:
                return IllegalActionError(f"{ns}.horse_not_training", horse=f"h{action.horse}")
            if action.deck not in ("veterinary", STABLE_OF_HORSE[action.horse]):
                return IllegalActionError(
                    f"{ns}.wrong_stable", horse=f"h{action.horse}", deck=action.deck
                )
        if isinstance(action, Join | Decline):
            if phase is not Phase.CLUB:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            fee = self._club_fee()
            if isinstance(action, Join) and self.money_[player] < fee:
                return IllegalActionError(f"{ns}.funds", amount=fee, money=self.money_[player])
        if isinstance(action, Starter | Die):
            return IllegalActionError(f"{ns}.chance_action", action=str(action))
        if isinstance(action, Move):
            return self._explain_move(player, action)
        if isinstance(action, Colour):
            if action.use.startswith("advantage") and self.colour_used and self.moving_horse:
                # « On ne peut utiliser plus d'un Avantage par cheval, pendant le même tour » and
                # « Un cheval ne peut profiter de la couleur deux fois pendant le même tour ».
                return IllegalActionError(f"{ns}.second_advantage", horse=f"h{self.moving_horse}")
            if phase is not Phase.COLOUR:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            return IllegalActionError(f"{ns}.colour_{action.use}")
        if isinstance(action, LaneChoice):
            if phase is not Phase.LANE:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            return IllegalActionError(f"{ns}.lane_closed", lane=action.lane)
        if isinstance(action, Offer) and phase is Phase.RESCUE and self.danger is not None:
            endangered, code = self.danger
            owner = self.owner(endangered)
            if action.to != owner or action.deal != "sell":
                return IllegalActionError(f"{ns}.trade_partner", seat=action.to)
            if action.item not in self._saving(player, INSCRIPTIONS[code].effect):
                return IllegalActionError(f"{ns}.not_owner", item=action.item, owner=player)
            if action.price not in OFFER_PRICES:
                return IllegalActionError(f"{ns}.offer_price", price=action.price)
            return IllegalActionError(f"{ns}.funds", amount=action.price, money=self.money_[owner])
        if isinstance(action, Offer | Done | Swap):
            if phase is not Phase.TRADING:
                return IllegalActionError(f"{ns}.no_trading")
            if isinstance(action, Offer):
                return self._explain_offer(player, action)
            if isinstance(action, Swap):
                return self._explain_swap(player, action)
        if isinstance(action, Wager):
            return self._explain_wager(player, action)
        if isinstance(action, Answer) and phase is Phase.BOOK:
            assert self.wager is not None
            if player != self.places.house:
                return IllegalActionError(f"{ns}.no_offer")
            return IllegalActionError(
                f"{ns}.place_cover",
                amount=self.wager.gain(),
                money=self.money_[player] - self._liable(),
            )
        if isinstance(action, Done) and phase is Phase.PLACES:
            return IllegalActionError("error.illegal_action", action=str(action))
        if isinstance(action, Answer):
            if phase is not Phase.ANSWER:
                return IllegalActionError(f"{ns}.no_offer")
            offer = self.offer
            if not isinstance(offer, Offer) or player != offer.to:
                return IllegalActionError(f"{ns}.no_offer")
            # Accepting a sale one cannot pay for: « Les emprunts ne sont pas autorisés ».
            return IllegalActionError(f"{ns}.funds", amount=offer.price, money=self.money_[player])
        if isinstance(action, Sell):
            if phase is not Phase.SALE:
                return IllegalActionError(f"{ns}.no_debt")
            if action.item in self.offered:
                return IllegalActionError(f"{ns}.offered", item=action.item)
            return IllegalActionError(f"{ns}.not_yours", item=action.item)
        if isinstance(action, Run | Enough):
            if phase is not Phase.RUNNERS:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            if isinstance(action, Enough):
                return IllegalActionError(
                    f"{ns}.run_them", fee=ENTRY_FEE, quota=self.quota, money=self.money_[player]
                )
            horse = f"h{action.horse}"
            if self.owner(action.horse) != player:
                return IllegalActionError(f"{ns}.not_your_horse", horse=horse)
            if action.horse in self.runners[player]:
                return IllegalActionError(f"{ns}.already_running", horse=horse)
            return IllegalActionError(f"{ns}.funds", amount=ENTRY_FEE, money=self.money_[player])
        if isinstance(action, Favourite):
            if phase is not Phase.FAVOURITE:
                return IllegalActionError(f"{ns}.not_now", action=str(action))
            return IllegalActionError(f"{ns}.favourite_runs", horse=f"h{action.horse}")
        if isinstance(action, PlaceBet):
            if phase is not Phase.BETTING:
                return IllegalActionError(f"{ns}.bets_closed")
            if action.horses != (f"h{self.called}",):
                return IllegalActionError(
                    f"{ns}.horse_called", horse=f"h{self.called}", asked="+".join(action.horses)
                )
            refusal = self.pool.explain(player, action, self.money_[player])
            if refusal is not None:
                return refusal
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- what happens -------------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        kind = ACTION_KIND.get(type(action), 0)
        if kind == A_DEAL:
            self._deal(action.card)  # type: ignore[attr-defined]
        elif kind == A_EXCHANGE:
            self._exchange(player, action.card)  # type: ignore[attr-defined]
        elif kind == A_DISCARD:
            self._discard(player, action.card)  # type: ignore[attr-defined]
        elif kind == A_KEEP:
            self._keep(player)
        elif self.flow.phase is Phase.BETTING:
            self._bet(player, action)
        elif kind in (A_BID, A_PASS):
            self._bid(player, action)
        elif kind == A_STARTER:
            self._events.append(ev.RaceStarter(action.player))  # type: ignore[attr-defined]
            # D49: the rounds of the race are counted from the starter's turn.
            self.opener = action.player  # type: ignore[attr-defined]
            self.flow.round = 1
            self._begin_race_turn(action.player, fresh=True)  # type: ignore[attr-defined]
        elif kind == A_DIE:
            self.die = action.face  # type: ignore[attr-defined]
            self._events.append(ev.DieThrown(self.flow.turn, self.die, self._eligible_ids()))
            self.flow.enter(Phase.MOVE, turn=self.flow.turn)
        elif kind == A_MOVE:
            self._race_move(player, action)  # type: ignore[arg-type]
        elif kind == A_COLOUR:
            self._use_colour(player, action.use)  # type: ignore[attr-defined]
        elif kind == A_LANE_CHOICE:
            self._change_to(player, self.moving_horse, action.lane - 1)  # type: ignore[attr-defined]
        elif kind == A_WAGER or (kind == A_DONE and self.flow.phase is Phase.PLACES):
            self._place_bet(player, action)
        elif kind == A_ANSWER and self.flow.phase is Phase.BOOK:
            self._book(action.accepted)  # type: ignore[attr-defined]
        elif self.danger is not None and (kind in (A_OFFER, A_DONE, A_ANSWER)):
            self._rescue(player, action)
        elif kind in (A_OFFER, A_DONE, A_SWAP):
            self._trade(player, action)
        elif kind == A_ANSWER:
            self._answer(player, action.accepted)  # type: ignore[attr-defined]
        elif kind == A_SELL:
            self._sell(player, action.item)  # type: ignore[attr-defined]
        elif kind == A_RUN:
            self._run(player, action.horse)  # type: ignore[attr-defined]
        elif kind == A_ENOUGH:
            self._enough(player)
        elif kind == A_FAVOURITE:
            self._name_favourite(player, action.horse)  # type: ignore[attr-defined]
        elif kind == A_ROLL:
            self.flow.enter(Phase.DICE, turn=player)
        elif kind == A_DICE:
            self._dice(action.total)  # type: ignore[attr-defined]
        elif kind == A_DRAW:
            self._drawn(action.report)  # type: ignore[attr-defined]
        elif kind == A_CLUB_REPORT:
            self._club_report(player, action)  # type: ignore[arg-type]
        elif kind in (A_JOIN, A_DECLINE):
            self._club(player, kind == A_JOIN)
        else:  # pragma: no cover - apply() validates; apply_unchecked trusts its caller
            raise TypeError(f"not an Ascot action: {action!r}")

    # -- what each seat sees ------------------------------------------------------------------------

    def has_hidden_information(self) -> bool:
        return True

    def resample_for(self, player: Player, rng: random.Random) -> AscotState:
        """A state ``player`` cannot tell from this one: the cards whose place he does not know
        (the other hands, the dead pile, the cards not yet dealt) exchanged at random, in the
        position, the history and the events alike. Once the kept cards are paid every card lies
        open (the kept reports are known from their public draws): only the terms of the private
        place bets he is no party to are left to resample (D40)."""
        state = self.clone()
        if self.phase not in (Phase.DEAL, Phase.EXCHANGE, Phase.DISCARD, Phase.AUCTION):
            self._resample_places(state, player, rng)
            return state
        known = set(self.hands[player]) | {AUCTIONEER_CARD} | set(self.withdrawn)
        for b in self.bought:
            known |= set(b)
        if self.auction is not None and self.auction.lot in CARD_INDEX:
            known.add(CARD_INDEX[self.auction.lot])
        for seat, action in self.history:
            if seat == player and isinstance(action, Exchange | Discard):
                known.add(action.card)
        unknown = [c for c in CARDS if c not in known]
        kept = {e.player for e in self.events if isinstance(e, ev.HandKept)}
        for _ in range(20):
            shuffled = unknown.copy()
            rng.shuffle(shuffled)
            sigma = dict(zip(unknown, shuffled, strict=True))
            hands = [[sigma.get(c, c) for c in h] for h in self.hands]
            if not any(all(s_ in hands[p] for s_ in STABLE_CARDS) for p in kept):
                break
        else:
            return state
        state.hands = hands
        state.dead = [sigma.get(c, c) for c in self.dead]
        state.dealt = [sigma.get(c, c) for c in self.dealt]
        history: list[tuple[Player, Action]] = []
        for seat, action in self.history:
            if isinstance(action, Deal | Exchange | Discard):
                history.append((seat, type(action)(sigma.get(action.card, action.card))))
            else:
                history.append((seat, action))
        state.history = history
        state.events = [self._mapped(e, sigma) for e in self.events]
        return state

    def _resample_places(self, state: AscotState, player: Player, rng: random.Random) -> None:
        """Other terms for the place bets ``player`` is no party to (the Bookmaker is party to all):
        any runner, a stake and a gain no larger than the real ones (so that what each side may
        still stake and cover is the same), in the position, the history and the events alike."""
        book = self.places.house
        if book < 0 or player == book:
            return
        runners = self.starters()
        terms: list[Wager] = []  # the new terms of each place bet offered, in order
        history: list[tuple[Player, Action]] = []
        for seat, done in self.history:
            if isinstance(done, Wager):
                if seat != player:
                    stake = rng.choice([x for x in PLACE_STAKES if x <= done.stake])
                    odds = rng.choice(
                        [o for o in PLACE_ODDS if Wager(0, stake, o).gain() <= done.gain()]
                    )
                    done = Wager(rng.choice(runners), stake, odds)  # noqa: PLW2901
                terms.append(done)
            history.append((seat, done))
        state.history = history
        offered = iter(terms)
        accepted: list[Wager] = []
        events: list[Event] = []
        last: Wager | None = None
        for event in self.events:
            if type(event) is ev.PlaceBetOffered:
                last = next(offered)
            elif type(event) is ev.PlaceBetAgreed and last is not None:
                accepted.append(last)
            else:
                events.append(event)
                continue
            assert last is not None
            events.append(event.copy_with(horse=f"h{last.horse}", stake=last.stake, odds=last.odds))
        state.events = events
        state.places.slips = [
            Slip(s.number, s.player, s.kind, (f"h{w.horse}",), w.stake)
            for s, w in zip(self.places.slips, accepted, strict=True)
        ]
        state.place_odds = [w.odds for w in accepted]
        if self.wager is not None:
            state.wager = last

    @staticmethod
    def _mapped(event: Event, sigma: dict[int, int]) -> Event:
        def m(card: str | None) -> str | None:
            if card is None:
                return None
            index = CARD_INDEX[card]
            return CARD_IDS[sigma.get(index, index)]

        if isinstance(event, ev.CardDealt | ev.CardDiscarded):
            return event.copy_with(card=m(event.card))
        if isinstance(event, ev.CardExchanged):
            return event.copy_with(given=m(event.given), taken=m(event.taken))
        return event

    def observation(self, player: Player | None) -> JSONObject:
        n = self.game.num_players
        hands: list[JSON] = []
        for p in range(n):
            if p == player:
                hands.append([CARD_IDS[c] for c in sorted(self.hands[p])])
            else:
                open_card = [CARD_IDS[AUCTIONEER_CARD]] if self._declared(AUCTIONEER_CARD) else []
                shown: JSONObject = {"cards": len(self.hands[p])}
                if open_card and self.auctioneer == p:
                    shown["open"] = open_card
                hands.append(shown)
        view: JSONObject = {
            "game": self.game.id,
            "viewer": player,
            "phase": self.phase.name.lower(),
            "turn": self.flow.turn if self.flow.turn >= 0 else None,
            "active": list(self.active_players()),
            "money": list(self.money_),
            "bank": self.bank,
            "auctioneer": self.auctioneer if self.auctioneer >= 0 else None,
            "hands": hands,
            "bought": [[CARD_IDS[c] for c in b] for b in self.bought],
            "dead_pile": len(self.dead),
            "withdrawn": [CARD_IDS[c] for c in self.withdrawn],
            "retired": [CARD_IDS[c] for c in self.retired],
            "auction": None if self.auction is None else self.auction.view(player),
            "squares": {f"h{h}": self.square[h] for h in HORSES if self.square[h] != OUT},
            "advantages": {f"h{h}": self.advantages[h] for h in HORSES if self.advantages[h]},
            "disadvantages": {
                f"h{h}": self.disadvantages[h] for h in HORSES if self.disadvantages[h]
            },
            "members": [p for p in range(n) if self.member[p]],
            "reports": [
                [f"{d}:{i}" for d, i in self.reports[p]] if p == player else len(self.reports[p])
                for p in range(n)
            ],
            "offer": None if self.offer is None else str(self.offer),
            "danger": None
            if self.danger is None
            else {"horse": f"h{self.danger[0]}", "inscription": self.danger[1]},
            "runners": [list(r) for r in self.runners],
            "favourites": [f"h{h}" if h else None for h in self.favourite],
            "totalisator": self.pool.view(player),
            "jackpot": self.pool.carried,
            "place_bets": self._places_json(player),
            "called": f"h{self.called}" if self.called else None,
            "race": self._race_json(),
        }
        view["roles"] = seat_roles(view)  # the seats' roles, as the table's panel names them
        return view

    def _places_json(self, player: Player | None) -> JSONObject:
        """The private place bets (D40): their terms seen by their player and the Bookmaker only,
        until the race is over."""
        book = self.places.house
        revealed = (player is not None and player == book) or self.flow.phase is Phase.OVER
        slips = self.places.view(player, revealed=revealed)
        for slip, odds in zip(slips, self.place_odds, strict=True):
            slip["odds"] = odds if slip["stake"] is not None else None
        wager = self.wager
        shown = wager is not None and player in (self.flow.first, book)
        return {
            "book": book if book >= 0 else None,
            "slips": slips,
            "offer": str(wager) if shown else None,
        }

    def _where(self, horse: int) -> str:
        at = self.at[horse]
        if at >= 0:
            info = TRACK.cells[at]
            return f"{info.lane + 1}.{info.index + 1}"
        return {RSTART: "start", RPAST: "post", ROUT: "out"}.get(at, "")

    def _race_json(self) -> JSONObject:
        """The race as everyone sees it: where each runner is, the falls, the places, the die and
        the small cards each player holds (laid openly on the horses' cards in training, D39)."""
        return {
            "at": {f"h{h}": self._where(h) for h in HORSES if self.at[h] != RNONE},
            "fallen": [f"h{h}" for h in HORSES if self.fallen[h]],
            "placed": [f"h{h}" for h in self.placed],
            "die": self.die or None,
            "to_move": [f"h{h}" for h in self.to_move],
            "advantages": [dict(h) for h in self.adv_hand],
            "disadvantages": list(self.dis_hand),
        }

    def position_json(self) -> JSONObject:
        return POSITION.write(self.position())

    def position(self) -> AscotPosition:
        """The position as its typed record (what ``position_json`` writes): everything the state
        holds but its history."""
        game = self.game
        return AscotPosition(
            flow=FLOW.read(self.flow.to_json(), game),
            money=list(self.money_),
            bank=self.bank,
            dealt=list(self.dealt),
            hands=[list(h) for h in self.hands],
            bought=[list(b) for b in self.bought],
            dead=list(self.dead),
            withdrawn=list(self.withdrawn),
            retired=list(self.retired),
            auctioneer=self.auctioneer,
            auction=None if self.auction is None else AUCTION.read(self.auction.to_json(), game),
            square=list(self.square),
            advantages=list(self.advantages),
            disadvantages=list(self.disadvantages),
            pile_advantages=dict(self.pile_advantages),
            pile_disadvantages=self.pile_disadvantages,
            decks={d: list(c) for d, c in self.decks.items()},
            unseen={d: list(c) for d, c in self.unseen.items()},
            drawing=self.drawing,
            reports=[[f"{d}:{i}" for d, i in r] for r in self.reports],
            member=list(self.member),
            strangled=list(self.strangled),
            moving=list(self.moving),
            debt=self.debt,
            offered=list(self.offered),
            offer=None if self.offer is None else str(self.offer),
            offers=list(self.offers),
            quota=self.quota,
            runners=[list(r) for r in self.runners],
            favourite=list(self.favourite),
            called=self.called,
            pool=POOL.read(self.pool.to_json(), game),
            places=POOL.read(self.places.to_json(), game),
            place_odds=list(self.place_odds),
            wager=None if self.wager is None else str(self.wager),
            at=list(self.at),
            fallen=list(self.fallen),
            adv_hand=[dict(h) for h in self.adv_hand],
            dis_hand=list(self.dis_hand),
            placed=list(self.placed),
            to_move=list(self.to_move),
            die=self.die,
            moving_horse=self.moving_horse,
            colour_used=self.colour_used,
            inscription_used=self.inscription_used,
            lane_effect=self.lane_effect,
            danger=self.danger,
            rescuers=list(self.rescuers),
            opener=self.opener,
            reports_taken=self.reports_taken,
        )

    @classmethod
    def from_position(cls, game: Ascot, pos: AscotPosition) -> AscotState:
        """The state (without history) of a position already read and checked by
        ``POSITION.read``; the engine's pieces check their own fields (``RecordError``)."""
        n = game.num_players
        state = cls(game)
        state.money_ = list(pos.money)
        state.bank = pos.bank
        state.dealt = list(pos.dealt)
        state.hands = [list(h) for h in pos.hands]
        state.bought = [list(b) for b in pos.bought]
        state.dead = list(pos.dead)
        state.withdrawn = list(pos.withdrawn)
        state.retired = list(pos.retired)
        state.auctioneer = pos.auctioneer
        if pos.auction is not None:
            state.auction = Auction.from_json(AUCTION.write(pos.auction), "position.auction")
        state.square = list(pos.square)
        state.advantages = list(pos.advantages)
        state.disadvantages = list(pos.disadvantages)
        state.pile_advantages = dict(pos.pile_advantages)
        state.pile_disadvantages = pos.pile_disadvantages
        state.decks = {d: list(pos.decks[d]) for d in REPORTS}
        state.unseen = {d: list(pos.unseen[d]) for d in REPORTS}
        state.drawing = pos.drawing
        state.reports = [
            [(text.partition(":")[0], int(text.partition(":")[2])) for text in row]
            for row in pos.reports
        ]
        state.member = list(pos.member)
        state.strangled = list(pos.strangled)
        state.moving = list(pos.moving)
        state.debt = pos.debt
        state.offered = list(pos.offered)
        if pos.offer is not None:
            offer = parse_action(pos.offer)
            assert isinstance(offer, Offer | Swap)  # the record's validate checked it
            state.offer = offer
        state.offers = list(pos.offers)
        state.quota = pos.quota
        state.runners = [list(r) for r in pos.runners]
        state.favourite = list(pos.favourite)
        state.called = pos.called
        state.pool = Pool.from_json(POOL.write(pos.pool), n, "position.pool")
        state.places = Pool.from_json(POOL.write(pos.places), n, "position.places")
        state.place_odds = list(pos.place_odds)
        if pos.wager is not None:
            wager = parse_action(pos.wager)
            assert isinstance(wager, Wager)
            state.wager = wager
        state.at = list(pos.at)
        state.fallen = list(pos.fallen)
        state.adv_hand = [dict(h) for h in pos.adv_hand]
        state.dis_hand = list(pos.dis_hand)
        state.placed = list(pos.placed)
        state.to_move = list(pos.to_move)
        state.die = pos.die
        state.moving_horse = pos.moving_horse
        state.colour_used = pos.colour_used
        state.inscription_used = pos.inscription_used
        state.lane_effect = pos.lane_effect
        state.danger = pos.danger
        state.rescuers = list(pos.rescuers)
        state.opener = pos.opener
        state.reports_taken = pos.reports_taken
        state.flow = Flow.from_json(PHASES, n, FLOW.write(pos.flow))
        if state.flow.step.acts is Acts.CALLED:
            if state.auction is None:
                raise RecordError("position.auction", "an auction under way in the sale")
            state.flow.follow(state.auction)
        return state
