"""Win, Place & Show's sale, betting and payouts (seed 001, §9 to §12), played through the engine's
protocol from the opening position; each test names the sentence or decision Dn it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hippodrome.engine.auction import Stage
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.pool import PlaceBet, Slip
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import DICE, DONE, RIDES, Line, Sheet, Stable
from hippodrome.games.win_place_show.race import HOME, T
from hippodrome.games.win_place_show.rules import (
    RACES,
    M,
    Phase,
    WinPlaceShow,
    WinPlaceShowState,
    bet_pays,
    sale_order,
)
from hippodrome.games.win_place_show.tote import double_price


def new(players: int = 3, *, quick: bool = False) -> WinPlaceShowState:
    return WinPlaceShow.from_options(players=players, quick=quick).new_initial_state()


def write(state: WinPlaceShowState, seat: int, amounts: list[int]) -> None:
    """``seat`` writes its whole sheet, in sale order."""
    for amount in amounts:
        horse = state.race.horses[state.lots[len(state.sheets[seat])]].id
        state.apply(Sheet(horse, amount), seat)


def test_the_horses_go_on_sale_favourite_first() -> None:
    # §9: « le cheval ayant la plus petite côte en premier et ainsi de suite ».
    state = new()
    assert state.flow.phase is Phase.SHEET
    odds = [state.race.horses[h].odds for h in state.lots]
    assert odds == sorted(odds) and state.lots == list(sale_order(state.race))


def test_an_owner_s_bids_wait_until_the_others_have_a_horse() -> None:
    # §9: « Une fois qu'un joueur a acheté un cheval, le reste de ses montants sont invalidés
    # jusqu'à ce que tous les joueurs aient un cheval » (D10); D12: a bid beyond the money is void.
    state = new(3)
    write(state, 0, [20_000, 9_000, 5_000, 0, 0, 0])
    write(state, 1, [0, 2_000, 0, 0, 0, 0])
    write(state, 2, [0, 0, 0, 0, 0, 0])
    assert state.flow.phase is Phase.BETTING
    owners = [state.owner[h] for h in state.lots]
    # Seat 0 buys the favourite; its 9,000 on the second horse waits while seat 1 has none, so
    # seat 1 buys it at 2,000; seat 2 wrote nothing but must buy (D19): held to $500, it buys the
    # third while seat 0's 5,000 still waits. Then every seat has one, and seat 0's zeros buy none.
    assert owners == [0, 1, 2, -1, -1, -1]
    assert state.money_ == [50_000 - 20_000, 48_000, 49_500]
    void = [e for e in state.events if isinstance(e, ev.BidsVoid)]
    assert [e.players for e in void] == [(0,), (0,)]


def sold(players: int, sheets: dict[int, list[int]]) -> WinPlaceShowState:
    """Race 1 sold: each seat writes ``sheets[seat]`` (nothing: a blank sheet); ties go to the
    first bidder the die names, nobody raising."""
    state = new(players)
    for seat in range(players):
        write(state, seat, sheets.get(seat, [0] * 6))
    while state.flow.phase is not Phase.BETTING:
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0], CHANCE)
        else:
            seat = state.active_players()[0]
            state.apply(state.legal_actions(seat)[0], seat)  # no raise; no jockey asked
    return state


def test_every_player_must_buy_a_horse_a_blank_sheet_is_held_to_the_lowest_bid() -> None:
    # §9: « Avant chaque course chaque joueur doit acheter un cheval aux enchères » (D19). Three
    # seats bid on every horse, the fourth writes nothing: it still gets a horse, at $500.
    state = sold(4, {p: [5_000 - 500 * p] * 6 for p in range(3)})
    counts = [sum(1 for o in state.owner if o == p) for p in range(4)]
    assert min(counts) >= 1, f"every seat owns a horse: {counts}"
    assert state.money_[3] == 50_000 - 500
    held = [e for e in state.events if isinstance(e, ev.LowestBidHeld)]
    assert held and all(e.players == (3,) and e.amount == 500 for e in held)
    told = held[0].narrate("fr", ["Ada", "Bob", "Cy", "Dee"])
    assert "Dee" in told and "500" in told and "doit acheter un cheval" in told


def test_at_six_players_nobody_buys_a_second_horse() -> None:
    # §9: « S'il y a moins de 6 joueurs, un joueur peut acheter des chevaux supplémentaires »: at
    # six, one horse each, whatever seat 0 bids (D19).
    state = sold(6, {0: [10_000] * 6})
    assert sorted(state.owner) == [0, 1, 2, 3, 4, 5]


def test_with_fewer_than_six_players_a_second_horse_may_be_bought() -> None:
    # §9 « un joueur peut acheter des chevaux supplémentaires », two at most (D19); a player out
    # of the game does not count among the six.
    five = sold(5, {0: [10_000] * 6})
    assert sum(1 for o in five.owner if o == 0) == 2
    six = new(6)
    six.out[5] = True
    six._call_race()
    for seat in range(5):
        write(six, seat, [10_000] * 6 if seat == 0 else [0] * 6)
    while six.flow.phase is not Phase.BETTING:
        if six.is_chance_node():
            six.apply(six.chance_outcomes()[0][0], CHANCE)
        else:
            seat = six.active_players()[0]
            six.apply(six.legal_actions(seat)[0], seat)
    assert sum(1 for o in six.owner if o == 0) == 2 and 5 not in six.owner


def test_a_bid_beyond_the_money_left_is_void() -> None:
    state = new(2)
    write(state, 0, [40_000, 20_000, 0, 0, 0, 0])
    write(state, 1, [500, 0, 0, 0, 0, 0])
    # Seat 0 buys the favourite for 40,000: 10,000 left, so its 20,000 for the next does not stand;
    # seat 1, with no horse yet, is held to $500 there (D19) and buys it.
    assert state.owner[state.lots[0]] == 0
    assert state.owner[state.lots[1]] == 1 and state.money_ == [10_000, 49_500]
    void = next(e for e in state.events if isinstance(e, ev.BidsVoid))
    assert void.horse == state.race.horses[state.lots[1]].id and void.players == (0,)


def test_tied_bids_go_on_in_the_open_then_a_die() -> None:
    # §9: « S'il y a égalité [...] les enchères se font alors entre eux oralement [...] Si aucun de
    # ces joueurs ne veut augmenter son enchère, alors on lance le dé ».
    state = new(2)
    write(state, 0, [3_000, 0, 0, 0, 0, 0])
    write(state, 1, [3_000, 0, 0, 0, 0, 0])
    assert state.flow.phase is Phase.BIDDING and state.auction is not None
    assert state.auction.stage is Stage.OPEN
    seat = state.active_players()[0]
    state.apply(state.game.parse_action("pass"), seat)
    state.apply(state.game.parse_action("pass"), 1 - seat)
    assert state.phase_name() == "lot"
    assert {str(a) for a, _ in state.chance_outcomes()} == {"lot 0", "lot 1"}
    state.apply(state.game.parse_action("lot 1"), CHANCE)
    assert state.owner[state.lots[0]] == 1 and state.money_[1] == 47_000


def test_a_bid_not_in_500s_or_beyond_the_money_is_refused_and_changes_nothing() -> None:
    state = new(2)
    horse = state.race.horses[state.lots[0]].id
    before = state.to_json()
    for amount, key in ((1_250, "bid_unit"), (50_500, "bid_funds")):
        with pytest.raises(IllegalActionError) as err:
            state.apply(Sheet(horse, amount), 0)
        assert err.value.key == f"win_place_show.illegal.{key}"
    assert state.to_json() == before


def bet(
    state: WinPlaceShowState, seat: int, kind: str, horses: tuple[str, ...], stake: int
) -> None:
    state.apply(Line(kind, horses), seat)
    state.apply(PlaceBet(kind, horses, stake), seat)


def at_betting(players: int = 2) -> WinPlaceShowState:
    """Race 1 at the betting, after a sale of blank sheets: each seat bought a horse at $500 (D19)."""
    state = sold(players, {})
    assert state.flow.phase is Phase.BETTING
    return state


def test_a_fourth_bet_a_used_category_and_a_bad_stake_are_refused() -> None:
    # §10: « dans la limite de trois paris par course. On peut placer seulement un pari sur une des
    # trois catégories », « en multiple de 1000$ » (D16).
    state = at_betting()
    ids = [h.id for h in state.race.horses]
    bet(state, 0, "win", (ids[0],), 2_000)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Line("win", (ids[1],)), 0)
    assert err.value.key == "win_place_show.illegal.category_used"
    state.apply(Line("place", (ids[1],)), 0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceBet("place", (ids[1],), 1_500), 0)
    assert err.value.key == "pool.illegal.stake_unit"
    state.apply(PlaceBet("place", (ids[1],), 1_000), 0)
    bet(state, 0, "show", (ids[2],), 1_000)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Line("show", (ids[3],)), 0)
    assert err.value.key == "win_place_show.illegal.three_bets"
    assert state.to_json() == before
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceBet("win", (ids[3],), 1_000), 1)
    assert err.value.key == "win_place_show.illegal.line_first"


def test_a_daily_double_is_at_most_5000_and_only_before_race_1() -> None:
    # §11: « Tous les DD doivent être faits avant le début de la 1ère course et en multiple de 1000$
    # avec un maximum de 5000$ ».
    state = at_betting()
    pair = (RACES[0].horses[0].id, RACES[1].horses[0].id)
    state.apply(Line("double", pair), 0)
    legal = state.legal_actions(0)
    assert max(a.stake for a in legal if isinstance(a, PlaceBet)) == 5_000
    with pytest.raises(IllegalActionError) as err:
        state.apply(PlaceBet("double", pair, 6_000), 0)
    assert err.value.key == "win_place_show.illegal.double_max"


def test_bets_are_paid_when_the_slips_close() -> None:
    # §10: « Chaque joueur annonce le montant total de ses paris et les paye à la banque ».
    state = at_betting()
    ids = [h.id for h in state.race.horses]
    bet(state, 0, "win", (ids[0],), 2_000)
    bet(state, 0, "double", (ids[0], RACES[1].horses[1].id), 3_000)
    before = state.money_[0]
    state.apply(DONE, 0)
    state.apply(DONE, 1)
    assert state.flow.phase is Phase.DICE and state.money_[0] == before - 5_000
    closed = [e for e in state.events if isinstance(e, ev.BetsClosed)]
    assert [(e.player, e.amount) for e in closed] == [(0, 5_000)]


def test_sheets_and_slips_stay_secret_until_revealed() -> None:
    # §9 « note secrètement », §10 « la retourne face cachée » (D17).
    state = new(2)
    horse = state.race.horses[state.lots[0]].id
    state.apply(Sheet(horse, 4_500), 0)
    assert state.observation(1)["sheets"][0] == [None]
    assert state.observation(None)["sheets"][0] == [None]
    assert state.observation(0)["sheets"][0] == [4_500]
    written = state.events[-1]
    assert written.seen_by(1).to_json()["amount"] is None
    state = at_betting()
    ids = [h.id for h in state.race.horses]
    state.apply(Line("show", (ids[4],)), 0)
    assert state.observation(1)["line"] is None and state.observation(0)["line"]["bet"] == "show"
    state.apply(PlaceBet("show", (ids[4],), 3_000), 0)
    seen = state.observation(1)["slips"][0]
    assert (seen["kind"], seen["horses"], seen["stake"]) == (None, None, None)
    assert state.observation(0)["slips"][0]["horses"] == [ids[4]]


def test_place_pays_first_or_second_and_show_the_first_three() -> None:
    # D2, D3: a winning slip is paid the horse's price on the tote board for its kind, stake
    # included, for each $1,000 staked; win on the first, place on the first two, show on three.
    horse = replace(RACES[0].horses[2], prices=(6_000, 3_500, 2_350))

    def slip(kind: str) -> Slip:
        return Slip(1, 0, kind, (horse.id,), 3_000)

    assert bet_pays(slip("win"), 1, horse) == 18_000
    assert bet_pays(slip("win"), 2, horse) == 0
    assert bet_pays(slip("place"), 1, horse) == bet_pays(slip("place"), 2, horse) == 10_500
    assert bet_pays(slip("place"), 3, horse) == 0
    assert bet_pays(slip("show"), 3, horse) == 7_050
    assert bet_pays(slip("show"), 4, horse) == bet_pays(slip("show"), 0, horse) == 0


def test_a_daily_double_pays_both_win_prices_with_the_take_once_when_both_horses_win() -> None:
    # §11: « Les deux chevaux doivent gagner leur course respective » (D4): for $1,000, the two win
    # prices multiplied over $1,000 less the take (15%), to the $50 below.
    a = replace(RACES[0].horses[2], prices=(4_000, 2_000, 1_500))
    b = replace(RACES[1].horses[1], prices=(3_000, 1_500, 1_200))
    assert double_price(M, a, b) == 14_100  # 4,000 x 3,000 / 850 = 14,117.6
    state = new(2)
    state.results = [[2, 0, 1, 3], [1, 0, 2, 3]]
    a, b = RACES[0].horses[2], RACES[1].horses[1]
    assert state._double_pays(Slip(1, 0, "double", (a.id, b.id), 2_000)) == (
        2 * double_price(M, a, b)
    )
    assert state._double_pays(Slip(2, 0, "double", (a.id, RACES[1].horses[0].id), 2_000)) == 0


def test_quick_version_stables_are_distinct_and_skip_the_sale() -> None:
    # §12: « S'il y a 6 joueurs, on ne fait pas la mise aux enchères: chaque joueur lance un dé »
    # (D11); with fewer, « les chevaux restants sont placés aux enchères avant chaque course ».
    state = new(6, quick=True)
    assert state.flow.phase is Phase.STABLE and state.chance_roller() == 0
    for n in (3, 1, 6, 2, 5):
        state.apply(Stable(n), CHANCE)
        assert all(int(str(a).split()[1]) != n for a, _ in state.chance_outcomes())
    assert [str(a) for a, _ in state.chance_outcomes()] == ["stable 4"]
    state.apply(Stable(4), CHANCE)
    assert state.phase_name() == "betting"
    assert state.owner == [1, 3, 0, 5, 4, 2]
    three = new(3, quick=True)
    for n in (1, 2, 3):
        three.apply(Stable(n), CHANCE)
    assert three.flow.phase is Phase.SHEET and sorted(three.lots) == [3, 4, 5]
    write(three, 0, [1_000, 1_000, 1_000])
    write(three, 1, [0, 0, 0])
    write(three, 2, [0, 0, 0])
    # D20: seat 0 had its stable horse; one more makes two, and its other bids are ignored.
    assert three.owner[0] == 0 and three.owner[three.lots[0]] == 0
    assert three.owner[three.lots[1]] == three.owner[three.lots[2]] == -1
    assert any(e.players == (0,) for e in three.events if isinstance(e, ev.BidsVoid))


def test_a_seat_without_money_is_out() -> None:
    # §5: « si un joueur n'a plus d'argent durant le jeu, il est éliminé ».
    state = at_betting()
    ids = [h.id for h in state.race.horses]
    state.owner = [NOBODY] * 6  # no purse can come to seat 1
    state.money_[1] = 50_000
    loser = next(h for h in state.race.horses if h.odds >= 20).id
    bet(state, 1, "win", (loser,), 50_000)
    state.apply(DONE, 0)
    state.apply(DONE, 1)
    turn = 0
    while state.race_index == 0:
        state.apply(DICE[turn % 6][(turn * 5 + 2) % 6], CHANCE)
        turn += 1
    assert ids and state.out == [False, True]
    assert state.flow.phase is Phase.SHEET and state.flow.to_act == (0,)


def test_an_apprentice_may_not_change_two_lanes() -> None:
    # « Un apprenti ne peut changer que d'une ligne »: bad input, a clear error, nothing changed.
    state = at_betting()
    apprentice = next(h for h, horse in enumerate(state.race.horses) if not horse.veteran)
    state.owner[apprentice] = 0
    state.apply(DONE, 0)
    state.apply(DONE, 1)
    white = apprentice + 1
    state.apply(DICE[white - 1][0], CHANCE)
    assert state.moving == apprentice
    info = T.cells[state.cell[apprentice]]
    lanes = {T.cells[c].lane for c in state.ends if c >= 0}
    assert lanes <= {info.lane - 1, info.lane, info.lane + 1}
    two_over = next(
        c
        for c in range(len(T))
        if abs(T.cells[c].lane - info.lane) == 2 and T.cells[c].segment == info.segment
    )
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(RIDES[two_over], 0)
    assert err.value.key == "win_place_show.illegal.unreachable"
    t = T.cells[two_over]
    assert f"on lane {t.lane + 1}, square {t.index + 1};" in err.value.message("en")
    assert f"au couloir {t.lane + 1}, case {t.index + 1} ;" in err.value.message("fr")
    assert state.to_json() == before


def test_a_ride_is_labelled_by_lane_and_square_or_the_finish_line() -> None:
    game = new().game
    label = game.action_json(RIDES[T.cell(2, 40)], ["A", "B", "C"])["label"]
    assert label == {"en": "Ride to lane 3, square 41", "fr": "Aller au couloir 3, case 41"}
    label = game.action_json(RIDES[HOME], ["A", "B", "C"])["label"]
    assert label == {"en": "Ride across the finish line", "fr": "Franchir la ligne d'arrivée"}


def test_a_roll_without_bonus_and_a_rejected_claim_are_told_in_words() -> None:
    names = ["Anne", "Bruno"]
    rolled = ev.DiceRolled(3, 1, 2, "pepper", "none").narrate("fr", names)
    assert rolled.endswith("aucun cheval n'a le bonus de trois cases.")
    rejected = ev.ClaimJudged(0, "pepper", 1, False, 0, 1000).narrate("en", names)
    assert rejected == (
        "The claim of Anne against Bruno for Pepper is rejected: Anne pays Bruno $1,000 of the fine."
    )


def test_equal_fortunes_share_the_win() -> None:
    # D32: « Le joueur ayant le plus d'argent [...] après les 6 courses est déclaré vainqueur »,
    # with no tie-break: players level at the top all win.
    state = new(3)
    state.race_index = len(RACES) - 1
    state.money_ = [60_000, 60_000, 10_000]
    state._close_race()
    assert state.is_terminal()
    over = state.events[-1]
    assert isinstance(over, ev.GameOver) and over.players == (0, 1)
    returns = state.returns()
    assert returns[0] == returns[1] > returns[2]
