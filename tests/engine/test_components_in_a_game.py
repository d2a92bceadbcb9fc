"""The turn flow, the auction and the pool together in a small game, played through the engine's
protocol: how a game maps an auction's stages onto its phases (sealed bids: every seat at once; the
tie auction: the bidder in turn; the lot: chance), takes one bet per seat in turn into a pari-mutuel
pool, and moves money only through the components' events, which is what the conformance suite's
conservation check reads."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Auction, Stage
from hippodrome.engine.auction_events import PASS, BidSealed, parse_auction_action
from hippodrome.engine.events import Event, apply_money
from hippodrome.engine.game import Game, Outcome
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.pool import PlaceBet, Pool, parse_pool_action
from hippodrome.engine.turnflow import Acts, Flow, FlowState, Phases, Step
from hippodrome.engine.types import CHANCE, JSONObject, Money, Player

HORSES = ("a", "b", "c")


class Phase(IntEnum):
    SEALED = 0
    BIDDING = 1
    LOT = 2
    BETTING = 3
    RACE = 4
    OVER = 5


PHASES = Phases(
    Phase,
    {
        Phase.SEALED: Step(Acts.ALL, next=("bidding", "lot", "betting")),
        Phase.BIDDING: Step(Acts.SEAT, next=("lot", "betting")),
        Phase.LOT: Step(Acts.CHANCE, next=("betting",)),
        Phase.BETTING: Step(Acts.EACH, next=("race",)),
        Phase.RACE: Step(Acts.CHANCE, next=("over",)),
        Phase.OVER: Step(Acts.OVER),
    },
)


@dataclass(frozen=True, slots=True)
class Winner(Action):
    horse: str

    def __str__(self) -> str:
        return f"winner {self.horse}"


@dataclass(frozen=True, kw_only=True)
class SaleOptions(GameOptions):
    players: int = option(3, en="Players", fr="Joueurs")


class Sale(Game[SaleOptions]):
    id: ClassVar[str] = "sale"
    titles: ClassVar[dict[str, str]] = {"en": "Sale", "fr": "Vente"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[int] = 1
    options_type: ClassVar[type[GameOptions]] = SaleOptions

    def new_initial_state(self) -> SaleState:
        return SaleState(self)

    def parse_action(self, text: str) -> Action:
        found = parse_auction_action(text) or parse_pool_action(text)
        if found is None:
            return Winner(text.rsplit(maxsplit=1)[-1])
        return found

    def position_from_json(self, position: JSONObject) -> SaleState:
        raise NotImplementedError


class SaleState(FlowState):
    __slots__ = ("auction", "money_", "pool")

    def __init__(self, game: Sale) -> None:
        super().__init__(game)
        n = game.num_players
        self.money_: list[Money] = [100] * n
        self.flow: Flow[Phase] = Flow(PHASES, Phase.SEALED, n)
        self.pool = Pool({"win": 1}, minimum=10, unit=10, take_out=10, rounding=10, house=0)
        self.auction, events = Auction.sealed("a", n, floor=10, increment=10, excluded={0})
        self.flow.enter(Phase.SEALED, waiting=self.auction.to_act())
        self._record(events)

    def _record(self, events: list[Event]) -> None:
        apply_money(self.money_, events)
        self.events += events

    def _follow_auction(self) -> None:
        """The auction's stage says which phase the game is in."""
        a, flow = self.auction, self.flow
        if a.stage is Stage.OPEN:
            if flow.phase is Phase.BIDDING:
                flow.begin_turn(a.bidder)
            else:
                flow.enter(Phase.BIDDING, turn=a.bidder)
        elif a.stage is Stage.LOT:
            flow.enter(Phase.LOT)
        elif a.stage is Stage.CLOSED:
            flow.enter(Phase.BETTING, turn=1)

    def clone(self) -> SaleState:
        new = SaleState.__new__(SaleState)
        new.game, new.history, new.events = self.game, self.history.copy(), self.events.copy()
        new.flow, new.money_ = self.flow.copy(), self.money_.copy()
        new.auction, new.pool = self.auction.copy(), self.pool.copy()
        return new

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if self.flow.phase is Phase.LOT:
            return self.auction.chance_outcomes()
        return [(Winner(h), 1 / len(HORSES)) for h in HORSES]

    def _legal_actions(self, player: Player) -> Sequence[Action]:
        if self.flow.phase is Phase.BETTING:
            stakes = list(self.pool.stakes(self.money_[player]))[:3]
            return [PlaceBet("win", (h,), s) for h in HORSES for s in stakes] or [PASS]
        return self.auction.legal_actions(player, self.money_[player])

    def _apply(self, player: Player, action: Action) -> None:
        phase = self.flow.phase
        if phase is Phase.BETTING:
            if isinstance(action, PlaceBet):  # a seat without money left passes
                self._record(self.pool.place(player, action))
            if not self.flow.advance():
                self.flow.enter(Phase.RACE)
        elif phase is Phase.RACE:
            assert isinstance(action, Winner)
            self._record(self.pool.settle_parimutuel("win", lambda s: s.horses == (action.horse,)))
            self.flow.enter(Phase.OVER)
        else:
            self._record(self.auction.apply(player, action, self.money_))
            if phase is Phase.SEALED and self.auction.stage is Stage.SEALED:
                self.flow.answered(player)
            else:
                self._follow_auction()

    def observation(self, player: Player | None) -> JSONObject:
        return {"auction": self.auction.view(player), "money": list(self.money_)}

    def outcome(self) -> Outcome:
        return Outcome.from_money(self.money_)

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def position_json(self) -> JSONObject:
        return {"auction": self.auction.to_json(), "pool": self.pool.to_json()}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_a_game_on_the_flow_with_an_auction_and_a_pool_plays_to_its_end(
    seed: int, players: int
) -> None:
    play(seed, players)


def test_the_playouts_reach_the_tie_auction_and_the_lot() -> None:
    seen: set[Phase] = set()
    for seed in range(120):
        seen |= set(play(seed, 3 + seed % 2))
    assert seen == set(Phase), f"phases never reached: {set(Phase) - seen}"


def play(seed: int, players: int) -> list[Phase]:
    """A random game, checked at every step; the phases it went through."""
    rng = random.Random(seed)
    state = Sale.from_options(players=players).new_initial_state()
    expected = list(state.money())
    counted = len(state.events)
    phases = [state.flow.phase]
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            assert state.active_players() == ()
            player = CHANCE
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            player = rng.choice(list(state.active_players()))
            action = rng.choice(list(state.legal_actions(player)))
            assert state.game.parse_action(str(action)) == action
            others = [p for p in range(players) if p != player]
            assert all(
                not state.legal_actions(p) for p in others if p not in state.active_players()
            )
        state.apply(action, player)  # validated by the engine's apply
        for event in state.events[counted:]:
            for seat, delta in event.money_changes().items():
                expected[seat] += delta
            if isinstance(event, BidSealed):  # the others see no amount until the bids are open
                assert all(event.seen_by(v).to_json()["amount"] is None for v in [*others, None])
        counted = len(state.events)
        assert list(state.money()) == expected, "money moved outside the events"
        assert all(m >= 0 for m in state.money())
        if state.flow.phase != phases[-1]:
            assert PHASES.may_follow(phases[-1], state.flow.phase)
            phases.append(state.flow.phase)
    assert state.is_terminal(), "the game did not end"
    assert phases[0] is Phase.SEALED and phases[-3:] == [Phase.BETTING, Phase.RACE, Phase.OVER]
    assert state.context()["over"] and state.context()["turn"] is None
    return phases
