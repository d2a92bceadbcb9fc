"""The heuristic bot's claims (seed 001, §8; D21, D22) and its answers as owner, jockey and steward."""

from __future__ import annotations

import random
from typing import Any

from hippodrome.engine.bot import SeatView
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show.actions import CLAIM, DICE, DONE, NO_CLAIM, RIDES, Line, Sheet
from hippodrome.games.win_place_show.heuristic import M, WinPlaceShowHeuristic, claims, estimates
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
    state = WinPlaceShow.from_options(players=3).new_initial_state()
    for seat in range(3):
        for h in state.lots:
            state.apply(Sheet(state.race.horses[h].id, 500 if seat == 0 and h == 0 else 0), seat)
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
    assert bot.choose(SeatView(state, 1), rng) == CLAIM
    assert bot.choose(SeatView(state, 2), rng) == NO_CLAIM  # no bet on the horse: no claim
    quiet = at_a_window(my_stake=10_000, owner_bets=False)
    assert bot.choose(SeatView(quiet, 1), rng) == NO_CLAIM


def test_the_chances_it_bets_on_are_consistent() -> None:
    # Bets « where its estimate beats the odds »: first, first two, first three from the odds.
    field = [("a", 1, False), ("b", 3, True), ("c", 5, False), ("d", 10, False), ("e", 20, False)]
    field.append(("f", 30, False))
    chances = estimates(field)
    assert abs(sum(c[0] for c in chances) - 1) < 1e-9
    assert abs(sum(c[1] for c in chances) - 2) < 1e-9
    assert abs(sum(c[2] for c in chances) - 3) < 1e-9
    assert all(0 < w <= p <= s <= 1 for w, p, s in chances)
    fair = estimates([(h, odds, False) for h, odds, _ in field])
    assert chances[1][0] > fair[1][0]  # its own horse: it rides it to win


def test_its_slip_holds_only_bets_whose_estimate_beats_the_payout() -> None:
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    for seat in range(2):
        for h in state.lots:
            state.apply(Sheet(state.race.horses[h].id, 0), seat)
    bot, rng = WinPlaceShowHeuristic(), random.Random(0)
    race = state.race
    chances = estimates([(h.id, h.odds, False) for h in race.horses])
    for _ in range(20):
        action = bot.choose(SeatView(state, 0), rng)
        state.apply(action, 0)
        if action == DONE:
            break
    for slip in state.pool.slips_of(0):
        h = [x.id for x in race.horses].index(slip.horses[0])
        places = ("win", "place", "show").index(slip.kind)
        assert chances[h][places] * (1 + race.horses[h].odds / M.divisors[slip.kind]) > 1
