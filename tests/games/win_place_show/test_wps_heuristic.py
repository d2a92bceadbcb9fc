"""The heuristic bot's claims (seed 001, §8; D21, D22) and its answers as owner, jockey and steward."""

from __future__ import annotations

import random
from typing import Any

from tests.games.win_place_show.test_wps_claims import betting_with_owner, first_claim

from hippodrome.engine.auction_events import PASS
from hippodrome.engine.bot import SeatView
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show.actions import DICE, DONE, NO_CLAIM, RIDES, Line, Sheet
from hippodrome.games.win_place_show.heuristic import M, WinPlaceShowHeuristic, claims, estimates
from hippodrome.games.win_place_show.phases import KINDS
from hippodrome.games.win_place_show.rules import Phase, WinPlaceShow, WinPlaceShowState, ride_key


def window(lost: int, owner_bets: bool, my_stake: int) -> dict[str, Any]:
    slips: list[dict[str, Any]] = [
        {"number": 1, "player": 1, "kind": "show", "horses": ["gold_rush"], "stake": my_stake}
    ]
    if owner_bets:
        slips.append({"number": 2, "player": 0, "kind": None, "horses": None, "stake": None})
    return {
        "window": {"horse": "gold_rush", "owner": 0, "went": "1-5", "best": "1-9", "lost": lost},
        "slips": slips,
    }


def test_it_claims_only_when_a_claim_can_be_upheld_and_pays_on_average() -> None:
    # « si [...] le propriétaire du cheval suspecté a parié sur un autre cheval devant le sien »:
    # an owner who wrote no bet this race cannot lose a claim; a small stake does not cover the
    # $2,000 fine of a rejected claim (« le réclamant paye 2000 $ au propriétaire »).
    assert claims(window(lost=4, owner_bets=True, my_stake=5_000), me=1)
    assert not claims(window(lost=4, owner_bets=False, my_stake=5_000), me=1)
    assert not claims(window(lost=0, owner_bets=True, my_stake=5_000), me=1)
    assert not claims(window(lost=1, owner_bets=True, my_stake=1_000), me=1)


def at_a_window(my_stake: int, owner_bets: bool) -> WinPlaceShowState:
    """Seat 0 owns horse 1 and runs its first move at its worst; seat 1 backs it to show."""
    state = betting_with_owner(0)
    ids = [h.id for h in state.race.horses]
    bets = [(1, "show", ids[0], my_stake)] + ([(0, "win", ids[1], 1_000)] if owner_bets else [])
    for seat, kind, horse, stake in bets:
        state.apply(Line(kind, (horse,)), seat)
        state.apply(PlaceBet(kind, (horse,), stake), seat)
    for seat in range(3):
        state.apply(DONE, seat)
    state.apply(DICE[0][0], CHANCE)
    worst = min(state.ends, key=lambda c: ride_key(c, state.ends))
    state.apply(RIDES[worst], 0)
    assert state.flow.phase is Phase.CLAIM
    return state


def test_the_bot_claims_in_a_game_when_the_test_says_it_would_pay() -> None:
    bot, rng = WinPlaceShowHeuristic(), random.Random(0)
    state = at_a_window(my_stake=10_000, owner_bets=True)
    assert state.observation(1)["window"]["lost"] >= 1
    assert bot.choose(SeatView(state, 1), rng) == first_claim(state, 1)
    assert bot.choose(SeatView(state, 2), rng) == NO_CLAIM  # no bet on the horse: no claim
    quiet = at_a_window(my_stake=10_000, owner_bets=False)
    assert bot.choose(SeatView(quiet, 1), rng) == NO_CLAIM


def test_the_chances_it_bets_on_are_read_off_the_tote_board() -> None:
    # D3: a price is the take's share of $1,000 over the horse's chance of paying; the bot reads
    # the chance back, and holds a horse it rides itself likelier to pay than the board does.
    race = M.races[0]
    share = M.price_per * (100 - M.take) / 100
    board = estimates(race, (False,) * 6)
    for horse, chances in zip(race.horses, board, strict=True):
        assert 0 < chances[0] <= chances[1] <= chances[2] <= 1
        for price, p in zip(horse.prices, chances, strict=True):
            assert abs(p - min(1.0, share / price)) < 1e-12
    own = estimates(race, (False, True, False, False, False, False))
    assert own[1][0] > board[1][0] and own[0] == board[0]


def at_its_slip(owns: str | None) -> WinPlaceShowState:
    """Two seats at the betting of race 1, the sale passed over (nobody bids), then seat 0 made
    the owner of ``owns`` (or of nothing)."""
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    for _ in range(100):
        if state.flow.phase is Phase.BETTING:
            break
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
            continue
        for seat in state.active_players():
            legal = state.legal_actions(seat)
            nothing = [a for a in legal if a == PASS or (isinstance(a, Sheet) and a.amount == 0)]
            state.apply((nothing or legal)[0], seat)
    assert state.flow.phase is Phase.BETTING
    state.owner = [0 if h.id == owns else -1 for h in state.race.horses]
    return state


def its_slip(state: WinPlaceShowState) -> None:
    bot, rng = WinPlaceShowHeuristic(), random.Random(0)
    for _ in range(20):
        action = bot.choose(SeatView(state, 0), rng)
        state.apply(action, 0)
        if action == DONE:
            return


def test_its_slip_holds_only_bets_whose_estimate_beats_the_price() -> None:
    # D3: every price holds the take back, so no bet pays at the board's own chances; only a horse
    # it rides itself (OWN_EDGE) can, when the board gives it little chance: Gold Rush to win.
    state = at_its_slip(owns=None)
    its_slip(state)
    assert state.pool.slips_of(0) == [] and state.dd.slips_of(0) == []
    state = at_its_slip(owns="gold_rush")
    its_slip(state)
    race, owned = state.race, tuple(o == 0 for o in state.owner)
    chances = estimates(race, owned)
    slips = state.pool.slips_of(0)
    assert [(s.kind, s.horses) for s in slips] == [("win", ("gold_rush",))]
    for slip in slips:
        h = [x.id for x in race.horses].index(slip.horses[0])
        k = KINDS.index(slip.kind)
        assert chances[h][k] * race.horses[h].prices[k] > M.price_per
    (double,) = state.dd.slips_of(0)
    assert double.horses[0] == "gold_rush" and double.stake == M.bet_unit
