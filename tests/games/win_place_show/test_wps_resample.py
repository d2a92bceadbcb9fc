"""Win, Place & Show's determinizations (``resample_for``): the other seats' sheets being written and
their slips dealt anew, the history and the events rewritten to match only when first read
(``State.rewrite_later``), so that a search playing a determinization out never pays for them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from tests.games.playouts import play_randomly, random_positions

from hippodrome.engine.types import JSONObject
from hippodrome.games.win_place_show.phases import KINDS
from hippodrome.games.win_place_show.rules import Phase, WinPlaceShow, WinPlaceShowState

OPTIONS = ({"players": 4}, {"players": 3, "quick": True}, {"players": 6})


def positions(seed: int, every: int = 4, **options: object) -> Iterator[WinPlaceShowState]:
    """Every ``every``-th position of a random game (bids and bets drawn at random)."""
    state = WinPlaceShow.from_options(**options).new_initial_state()
    return random_positions(state, seed, every=every, moves=900)


def replayed(state: WinPlaceShowState) -> WinPlaceShowState:
    """A new game that plays ``state``'s history, every action checked by the rules: a
    determinization is a game that could have been played (its claimants hold the horses they
    claimed against, §8)."""
    again = state.game.new_initial_state()
    for player, action in state.history:
        again.apply(action, player)
    return again


def record(state: WinPlaceShowState) -> tuple[JSONObject, list[object], list[JSONObject]]:
    return state.position_json(), list(state.history), [e.to_json() for e in state.events]


def test_a_determinization_replays_from_its_history_to_itself_events_and_all() -> None:
    """Whatever was dealt anew (bids, single bets, daily doubles, a line begun), the history as
    rewritten plays to the determinization, telling the same events; the true state is left as it
    was."""
    rng = random.Random("replay")
    dealt: Counter[str] = Counter()
    for k, options in enumerate(OPTIONS):
        for state in positions(k, every=9, **options):
            truth = record(state)
            for seat in range(state.game.num_players):
                other = state.resample_for(seat, rng)
                plan = state._redraw_plan(seat, state._marks())
                if plan is None:
                    assert not other.is_rewrite_pending(), "nothing hidden: nothing to rewrite"
                    continue
                dealt.update(["sheets"] * bool(plan.sheets))
                for redraw in plan.seats:
                    dealt.update(["bets"] * bool(redraw.bets) + ["doubles"] * bool(redraw.doubles))
                    dealt.update(["line"] * (redraw.line is not None))
                assert other.is_rewrite_pending(), "the record is rewritten when read, not before"
                again = replayed(other)
                assert again.position_json() == other.position_json(), (
                    f"{options}, {len(state.history)} moves in, for seat {seat}: the history "
                    "does not replay to the determinization"
                )
                assert [e.to_json() for e in again.events] == [e.to_json() for e in other.events]
            assert record(state) == truth, f"{options}: resampling changed the true state"
    assert set(dealt) == {"sheets", "bets", "doubles", "line"}, dealt


def test_a_determinization_played_out_is_never_rewritten_and_still_replays() -> None:
    """What search does: play the determinization on. Its rules append to the record without
    reading it; read at the end, the record is rewritten and replays to the end."""
    rng = random.Random("play out")
    played = 0
    for state in positions(7, every=23, players=4):
        seat = state.active_players()[0] if state.active_players() else 0
        other = state.resample_for(seat, rng)
        if not other.is_rewrite_pending():
            continue
        play_randomly(other, rng, 150)
        assert other.is_rewrite_pending(), "playing on read the history or the events"
        assert replayed(other).position_json() == other.position_json()
        played += 1
    assert played >= 5


def first_sheet_phase() -> WinPlaceShowState:
    for state in positions(3, every=1, players=4):
        if state.flow.phase is Phase.SHEET and all(len(s) >= 2 for s in state.sheets[1:]):
            return state
    raise AssertionError("no sale in the whole game")


def test_the_bids_of_another_sheet_are_drawn_uniformly_from_nothing_to_all_its_money() -> None:
    # §9: a bid is any multiple of $500 up to the bidder's money.
    state = first_sheet_phase()
    unit = 500
    bound = state.money_[1] // unit + 1
    rng = random.Random("bids")
    draws = 300 * bound
    counts = Counter(state.resample_for(0, rng).sheets[1][1] for _ in range(draws))
    assert set(counts) == {k * unit for k in range(bound)}
    spread = 5 * (300 * (1 - 1 / bound)) ** 0.5  # five standard deviations
    assert all(abs(c - 300) < spread for c in counts.values()), sorted(counts.items())


def test_the_kinds_of_a_seat_s_single_bets_stay_different_and_come_in_every_order() -> None:
    # §10: a slip of up to three bets, a win, a place and a show at most.
    rng = random.Random("kinds")
    for k, options in enumerate(OPTIONS):
        for state in positions(k, every=3, **options):
            if state.flow.phase is Phase.OVER:
                continue
            by_seat = Counter(s.player for s in state.pool.slips)
            seat = next((q for q in range(1, state.game.num_players) if by_seat[q] >= 2), None)
            if seat is None:
                continue
            orders: Counter[tuple[str, ...]] = Counter()
            for _ in range(600):
                kinds = tuple(s.kind for s in state.resample_for(0, rng).pool.slips_of(seat))
                assert len(set(kinds)) == len(kinds), f"two bets of one kind: {kinds}"
                assert set(kinds) <= set(KINDS)
                orders[kinds] += 1
            # Every ordered choice of len(kinds) kinds out of three: 6 of them, 100 each expected.
            assert len(orders) == 6, orders
            assert all(50 < c < 150 for c in orders.values()), orders
            return
    raise AssertionError("no seat ever held two single bets")


def test_a_claimant_is_dealt_slips_that_hold_the_horse_he_claimed_against() -> None:
    """§8: « Un joueur ne peut porter plainte que contre le propriétaire d'un cheval sur lequel il a
    misé »: a claim is public, so every determinization deals its claimant a slip on that horse,
    while his slips are still dealt anew (not kept as they truly are)."""
    rng = random.Random("claims")
    seen = redealt = 0
    for k, options in enumerate(OPTIONS * 3):
        for state in positions(100 + k, every=3, **options):
            if not state.claims:
                continue
            race = state.race
            for seat in range(state.game.num_players):
                claimed = [(q, race.horses[h].id) for q, h, _, _ in state.claims if q != seat]
                if not claimed:
                    continue
                dealt: set[tuple[tuple[str, tuple[str, ...]], ...]] = set()
                for _ in range(20):
                    other = state.resample_for(seat, rng)
                    for q, horse in claimed:
                        held = [(s.kind, s.horses) for s in other.pool.slips if s.player == q]
                        assert any(horse in h for _, h in held), (q, horse, held)
                        dealt.add(tuple(held))
                    seen += 1
                plan = state._redraw_plan(seat, state._marks())
                if plan is not None and {q for q, _ in claimed} & {
                    r.seat for r in plan.seats if r.bets
                }:
                    redealt += 1
                    assert len(dealt) > 1, "the claimants' slips are dealt anew"
    assert seen >= 20, f"only {seen} determinizations with a claim in them"
    assert redealt >= 2, f"only {redealt} positions where a claimant's slips are hidden"
