"""Claims against an owner who ran his horse to lose (seed 001, §8 « Réclamations»; D21, D22)."""

from __future__ import annotations

from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import CLAIM, DICE, DONE, NO_CLAIM, RIDES, Line, Sheet
from hippodrome.games.win_place_show.race import best
from hippodrome.games.win_place_show.rules import Phase, WinPlaceShow, WinPlaceShowState, ride_key


def betting_with_owner(owner_horse: int) -> WinPlaceShowState:
    """Race 1, three seats; seat 0 bought ``owner_horse`` alone; at the betting."""
    state = WinPlaceShow.from_options(players=3).new_initial_state()
    for seat in range(3):
        for h in state.lots:
            amount = 500 if seat == 0 and h == owner_horse else 0
            state.apply(Sheet(state.race.horses[h].id, amount), seat)
    assert state.flow.phase is Phase.BETTING and state.owner[owner_horse] == 0
    return state


def bet(state: WinPlaceShowState, seat: int, kind: str, horse: str, stake: int) -> None:
    state.apply(Line(kind, (horse,)), seat)
    state.apply(PlaceBet(kind, (horse,), stake), seat)


def test_a_window_opens_after_a_move_below_the_best_and_only_a_bettor_may_claim() -> None:
    # « Un joueur ne peut porter plainte que contre le propriétaire d'un cheval sur lequel il a
    # misé. La réclamation doit être faite immédiatement après le mouvement du cheval concerné. »
    state = betting_with_owner(0)
    hid = state.race.horses[0].id
    bet(state, 1, "win", hid, 2_000)
    for seat in range(3):
        state.apply(DONE, seat)
    state.apply(DICE[0][0], CHANCE)  # horse 1 moves first
    assert state.flow.phase is Phase.RIDING and state.moving == 0
    worst = min(state.ends, key=lambda c: ride_key(c, state.ends))
    assert ride_key(worst, state.ends) < ride_key(best(state.ends), state.ends)
    state.apply(RIDES[worst], 0)
    assert state.phase_name() == "claim" and set(state.active_players()) == {1, 2}
    assert list(state.legal_actions(1)) == [NO_CLAIM, CLAIM]
    assert list(state.legal_actions(2)) == [NO_CLAIM]
    state.apply(CLAIM, 1)
    state.apply(NO_CLAIM, 2)
    assert state.claims == [(1, 0, 0)]
    assert any(isinstance(e, ev.ClaimMade) for e in state.events)


def test_a_best_move_opens_no_window() -> None:
    state = betting_with_owner(0)
    for seat in range(3):
        state.apply(DONE, seat)
    state.apply(DICE[0][0], CHANCE)
    state.apply(RIDES[best(state.ends)], 0)
    assert state.phase_name() != "claim"


def judge(owner_bets_ahead: bool) -> tuple[WinPlaceShowState, ev.ClaimJudged]:
    state = betting_with_owner(3)
    ids = [h.id for h in state.race.horses]
    bet(state, 1, "show", ids[3], 3_000)
    bet(state, 0, "win", ids[1] if owner_bets_ahead else ids[5], 1_000)
    for seat in range(3):
        state.apply(DONE, seat)
    state.claims = [(1, 3, 0)]
    before = list(state.money_)
    state.events.append(ev.Finish(1, (ids[1], ids[2], ids[3], ids[4])))
    state.events.append(ev.PursePaid(0, ids[3], 3, 1_440))
    state.money_[0] += 1_440
    state._judge_claims([1, 2, 3, 4])
    judged = state.events[-1]
    assert isinstance(judged, ev.ClaimJudged)
    assert sum(state.money_) == sum(before) + 1_440 + (judged.refund if judged.upheld else 0)
    return state, judged


def test_an_upheld_claim_returns_the_stake_and_shares_the_owner_s_winnings() -> None:
    # « si la réclamation est justifiée [...] et que le propriétaire du cheval suspecté a parié sur
    # un autre cheval devant le sien, la réclamation est positive [...] le réclamant reçoit le pari
    # qu'il avait fait sur ce cheval et le propriétaire coupable doit partager les gains » (D22).
    _, judged = judge(owner_bets_ahead=True)
    assert judged.upheld and judged.refund == 3_000 and judged.share == 720


def test_a_rejected_claim_pays_the_owner_2000() -> None:
    # « Si la réclamation est négative, le réclamant paye 2000 $ au propriétaire. »
    _, judged = judge(owner_bets_ahead=False)
    assert not judged.upheld and judged.share == 2_000
