"""Claims against an owner who ran his horse to lose (seed 001, §8 « Réclamations »; D21, D22)."""

from __future__ import annotations

import pytest

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.events import Event
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import (
    CLAIMS,
    DICE,
    DONE,
    NO_CLAIM,
    RIDES,
    SPURT,
    Claim,
    Line,
    Sheet,
    parse_action,
)
from hippodrome.games.win_place_show.race import (
    FINISH,
    HOME,
    LANE,
    PASSING,
    PER_SQUARE,
    best,
    progress,
)
from hippodrome.games.win_place_show.rules import (
    RACES,
    M,
    Phase,
    WinPlaceShow,
    WinPlaceShowState,
    bet_pays,
    ride_key,
)


def betting_with_owner(owner_horse: int) -> WinPlaceShowState:
    """Race 1, three seats, at the betting: seat 0 owns ``owner_horse``, seats 1 and 2 one horse
    each (the next two in program order), the steward rides the rest. The sale is played (every
    seat must buy, D19); the owners are then set as the scenario needs."""
    state = WinPlaceShow.from_options(players=3).new_initial_state()
    while state.flow.phase is not Phase.BETTING:  # blank sheets, no raise: $500 horses
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0], CHANCE)
        else:
            seat = state.active_players()[0]
            state.apply(state.legal_actions(seat)[0], seat)
    others = [h for h in range(6) if h != owner_horse][:2]
    state.owner = [NOBODY] * 6
    state.owner[owner_horse], state.owner[others[0]], state.owner[others[1]] = 0, 1, 2
    return state


def bet(state: WinPlaceShowState, seat: int, kind: str, horse: str, stake: int) -> None:
    state.apply(Line(kind, (horse,)), seat)
    state.apply(PlaceBet(kind, (horse,), stake), seat)


def first_claim(state: WinPlaceShowState, seat: int) -> Action:
    """The first claim ``seat`` is offered (after ``no claim``)."""
    made = [a for a in state.legal_actions(seat) if isinstance(a, Claim) and a.made]
    assert made, f"seat {seat} is offered no claim"
    return made[0]


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
    faults = state.fouls[-1][4]
    assert faults and list(state.legal_actions(1)) == [NO_CLAIM, *(CLAIMS[f] for f in faults)]
    assert list(state.legal_actions(2)) == [NO_CLAIM]
    state.apply(CLAIMS[faults[0]], 1)
    state.apply(NO_CLAIM, 2)
    assert state.claims == [(1, 0, 0, faults[0])]
    made = [e for e in state.events if isinstance(e, ev.ClaimMade)]
    assert made == [ev.ClaimMade(1, hid, faults[0])]


def test_a_best_move_opens_no_window() -> None:
    state = betting_with_owner(0)
    for seat in range(3):
        state.apply(DONE, seat)
    state.apply(DICE[0][0], CHANCE)
    state.apply(RIDES[best(state.ends)], 0)
    assert state.phase_name() != "claim"


def near_the_line(owner_horse: int, white: int, other: int, short: int) -> WinPlaceShowState:
    """Race 1: ``owner_horse`` (seat 0's, seat 1 backs it to win) alone on the rail ``short``
    squares' worth of ground before the line; the dice ``white`` and ``other`` rolled, so that it
    moves first when ``white`` names it."""
    state = betting_with_owner(owner_horse)
    bet(state, 1, "win", state.race.horses[owner_horse].id, 2_000)
    for seat in range(3):
        state.apply(DONE, seat)
    finish = FINISH[0]
    spot = next(
        (c, lap)
        for lap in (1, 0)
        for c in range(len(LANE))
        if LANE[c] == 0
        and not state.occupied[c]
        and finish - progress(c, lap) == short * PER_SQUARE
    )
    h = owner_horse
    state.occupied[state.cell[h]] = False
    state.cell[h], state.lap[h] = spot
    state.occupied[spot[0]] = True
    state.apply(DICE[white - 1][other - 1], CHANCE)
    assert state.moving == h
    return state


def test_an_apprentice_who_keeps_his_two_squares_when_they_bring_him_home_may_be_claimed_against() -> (
    None
):
    # §8: « ne pas prendre les bonus disponibles pour avancer (apprenti ou bonus n°) ». Dixie Belle
    # (an apprentice) runs 10 + 2 = 12 squares on turn 1, 14 with her two squares: 13 from the
    # line, only the two squares bring her home. Her owner rides the 12; seat 1 has $2,000 on her.
    state = near_the_line(1, white=2, other=2, short=13)
    assert HOME not in state.ends and SPURT in state.legal_actions(0)
    state.apply(RIDES[best(state.ends)], 0)  # the best move without the bonus
    assert state.phase_name() == "claim", "the unused bonus opens a claim window"
    horse, _, top, lost, faults = state.fouls[-1]
    assert horse == 1 and top == HOME and faults == ("bonus",) and lost >= 1
    assert list(state.legal_actions(1)) == [NO_CLAIM, CLAIMS["bonus"]]
    assert state.observation(1)["window"]["faults"] == ["bonus"]


def test_an_apprentice_who_takes_his_two_squares_gives_no_claim() -> None:
    state = near_the_line(1, white=2, other=2, short=13)
    state.apply(SPURT, 0)
    assert HOME in state.ends
    state.apply(RIDES[HOME], 0)
    assert state.phase_name() != "claim"


def test_a_stop_short_on_a_passing_space_is_a_claimable_fault_of_its_kind() -> None:
    # §8: « s'arrêter de trois cases avant son total pour occuper un passing space » and
    # « s'arrêter avant son total pour occuper un passing space quand il n'y a pas de raisons ».
    # Mister Lucky (a veteran: no apprentice's squares) runs 11 + 1 = 12, from the rail at several
    # distances from the line, and stops on each passing space short of his total.
    seen: set[int] = set()
    for distance in range(15, 45):
        state = near_the_line(0, white=1, other=1, short=distance)
        for cell in [c for c in state.ends if c != HOME and PASSING[c]]:
            short = state._short_of_total(0, cell)
            if not short:
                continue
            probe = state.clone()
            probe.apply(RIDES[cell], 0)
            faults = probe.fouls[-1][4]
            assert "short" in faults and "lane" not in faults, (distance, cell, faults)
            assert ("three_short" in faults) == (short == 3), (distance, cell, short, faults)
            seen.add(short)
    assert 3 in seen and seen - {3}, f"stops short by {sorted(seen)} squares only"


def test_a_claim_names_one_of_the_faults_of_the_move_and_no_other() -> None:
    state = near_the_line(1, white=2, other=2, short=13)
    state.apply(RIDES[best(state.ends)], 0)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(CLAIMS["lane"], 1)
    assert "does not show that fault" in str(refused.value) and "bonus" in str(refused.value)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(CLAIMS["bonus"], 2)  # seat 2 has no bet on Dixie Belle
    assert "Dixie Belle" in refused.value.message("en")
    assert "misé" in refused.value.message("fr")
    assert state.to_json() == before
    state.apply(CLAIMS["bonus"], 1)
    assert state.claims[-1] == (1, 1, 0, "bonus")
    assert "bonus" in state.events[-1].narrate("en", ["Ada", "Bob", "Cy"])


def test_the_claim_notation_names_its_fault() -> None:
    for fault, action in CLAIMS.items():
        assert parse_action(str(action)) == action and str(action) == f"claim {fault}"
    assert parse_action("no claim") == NO_CLAIM
    with pytest.raises(ValueError, match="claim"):
        parse_action("claim doping")


FIRST_FOUR = [1, 2, 3, 4]
"""Race 1's first four in these tests: horses 2, 3, 4, 5 (program numbers)."""
THIRD = RACES[0].purse * M.purse_split[2] // 100
"""The third's share of race 1's purse (D1): $1,440."""


def judge(
    owner_bets_on: int, claimant_kind: str = "win"
) -> tuple[WinPlaceShowState, ev.ClaimJudged]:
    """Race 1 finished 2, 3, 4, 5: seat 0 owns horse 4 (third) and is paid its purse share; seat 1
    bet $3,000 ``claimant_kind`` on horse 4 and claimed; seat 0 bet $1,000 to win on horse
    ``owner_bets_on + 1``. The slips are paid as the race pays them, then the claim is judged."""
    state = betting_with_owner(3)
    ids = [h.id for h in state.race.horses]
    bet(state, 1, claimant_kind, ids[3], 3_000)
    bet(state, 0, "win", ids[owner_bets_on], 1_000)
    for seat in range(3):
        state.apply(DONE, seat)
    state.claims = [(1, 3, 0, "lane")]
    before = list(state.money_)
    state.events.append(ev.Finish(1, tuple(ids[h] for h in FIRST_FOUR)))
    paid: list[Event] = [ev.PursePaid(0, ids[3], 3, THIRD)]
    paid += state.pool.settle_fixed(state._slip_pays(FIRST_FOUR))
    state._record(paid)
    state._judge_claims(FIRST_FOUR)
    judged = state.events[-1]
    assert isinstance(judged, ev.ClaimJudged)
    gained = sum(sum(e.money_changes().values()) for e in paid)
    assert sum(state.money_) == sum(before) + gained + (judged.refund if judged.upheld else 0)
    return state, judged


def test_an_upheld_claim_returns_the_stake_and_shares_the_owner_s_winnings() -> None:
    # « si la réclamation est justifiée [...] et que le propriétaire du cheval suspecté a parié sur
    # un autre cheval devant le sien, la réclamation est positive [...] le réclamant reçoit le pari
    # qu'il avait fait sur ce cheval et le propriétaire coupable doit partager les gains » (D22).
    # The owner backed horse 3 to win (it finished second, ahead of his: the bet lost); the
    # claimant's win bet on horse 4 lost too.
    _, judged = judge(owner_bets_on=2, claimant_kind="win")
    assert judged.upheld and judged.refund == 3_000 and judged.share == THIRD // 2


def test_an_upheld_claim_does_not_return_a_stake_that_already_won() -> None:
    # D22: the claimant's show bet on horse 4 (third) won and brought its stake back with its
    # winnings: « reçoit le pari » gives nothing more.
    _, judged = judge(owner_bets_on=2, claimant_kind="show")
    assert judged.upheld and judged.refund == 0


def test_the_owner_s_gains_exclude_his_own_stakes_coming_back() -> None:
    # D22: « partager les gains de cette course »: the purse and what his winning slip (horse 2 to
    # win) was paid beyond the $1,000 it staked; half of it to the one claimant.
    state, judged = judge(owner_bets_on=1, claimant_kind="win")
    slip = next(s for s in state.pool.slips if s.player == 0)
    won = bet_pays(slip, 1, state.race.horses[1])
    assert won > slip.stake
    assert state._gains_of_the_race(FIRST_FOUR)[0] == THIRD + won - slip.stake
    assert judged.upheld and judged.share == min(
        (THIRD + won - slip.stake) // 2, state.money_[0] + judged.share
    )


def test_the_gains_are_read_from_the_position_not_the_log() -> None:
    # A position read from its document has no history: the claims are still judged (D22).
    state, _ = judge(owner_bets_on=2)
    state.events.clear()
    assert state._gains_of_the_race(FIRST_FOUR)[0] == THIRD


def test_a_rejected_claim_pays_the_owner_2000() -> None:
    # « Si la réclamation est négative, le réclamant paye 2000 $ au propriétaire. »
    _, judged = judge(owner_bets_on=5)  # horse 6 finished nowhere
    assert not judged.upheld and judged.share == 2_000


def test_three_claimants_rejected_pay_666_each() -> None:
    # « S'il y a deux réclamants, ils paient chacun 1000 $ et ainsi de suite »: $2,000 / 3 in whole
    # dollars, rounded down (D22).
    state = WinPlaceShow.from_options(players=4).new_initial_state()
    for seat in range(4):
        for h in state.lots:
            state.apply(Sheet(state.race.horses[h].id, 1_000 if h == seat else 0), seat)
    while state.phase_name() != "betting":
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0], CHANCE)
        else:
            state.apply(parse_action("pass"), state.active_players()[0])
    owner = state.owner[0]
    ids = [h.id for h in state.race.horses]
    for seat in range(4):
        state.apply(DONE, seat)
    claimants = [p for p in range(4) if p != owner]
    state.claims = [(p, 0, owner, "lane") for p in claimants]
    state.events.append(ev.Finish(1, (ids[1], ids[2], ids[3], ids[4])))
    state._judge_claims([1, 2, 3, 4])
    fines = [e.share for e in state.events if isinstance(e, ev.ClaimJudged)]
    assert fines == [666, 666, 666]
