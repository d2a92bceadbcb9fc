"""The shared betting pool (engine/pool.py): slips, a pari-mutuel pool with its take-out and whole
multiples, fixed odds from a table; tested once for every game that takes bets."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippodrome.engine.errors import RecordError
from hippodrome.engine.events import Event, apply_money
from hippodrome.engine.pool import (
    PayoutTable,
    PlaceBet,
    Pool,
    UnitsTable,
    parse_pool_action,
    placings,
)
from hippodrome.engine.pool_events import (
    DividendDeclared,
    HouseTook,
    SlipCharged,
    SlipPaid,
    SlipPlaced,
    SlipRefunded,
)
from hippodrome.engine.types import Money

HORSES = ("a", "b", "c", "d")


def bet(pool: Pool, money: list[Money], player: int, bet: PlaceBet) -> list[Event]:
    assert pool.explain(player, bet, money[player]) is None
    events = pool.place(player, bet)
    apply_money(money, events)
    return events


def test_the_totalisator_pays_whole_multiples_and_the_house_keeps_the_rest() -> None:
    # Ascot, the Totalisateur: 150,000 staked, 60,000 on the winner, 10% kept: 135,000 / 60,000 = 2,
    # « chaque personne ayant parié sur le gagnant reçoit deux fois sa mise ».
    money = [100_000, 100_000, 100_000, 0]
    pool = Pool({"win": 1}, minimum=500, unit=500, take_out=10, rounding=1_000, house=3)
    bet(pool, money, 0, PlaceBet("win", ("a",), 40_000))
    bet(pool, money, 1, PlaceBet("win", ("a",), 20_000))
    bet(pool, money, 2, PlaceBet("win", ("b",), 90_000))
    assert money == [60_000, 80_000, 10_000, 0]
    events = pool.settle_parimutuel("win", lambda s: s.horses == ("a",))
    apply_money(money, events)
    (dividend,) = [e for e in events if isinstance(e, DividendDeclared)]
    assert (dividend.total, dividend.take, dividend.winning, dividend.multiple) == (
        150_000,
        15_000,
        60_000,
        2,
    )
    assert [(e.player, e.amount) for e in events if type(e) is SlipPaid] == [
        (0, 80_000),
        (1, 40_000),
    ]
    assert [e.amount for e in events if isinstance(e, HouseTook)] == [30_000]
    assert money == [140_000, 120_000, 10_000, 30_000]


def test_without_a_winning_slip_the_stakes_go_back() -> None:
    money = [1_000, 1_000]
    pool = Pool({"win": 1}, take_out=10)
    bet(pool, money, 0, PlaceBet("win", ("a",), 300))
    events = pool.settle_parimutuel("win", lambda s: False)
    apply_money(money, events)
    assert money == [1_000, 1_000] and any(isinstance(e, SlipRefunded) for e in events)


def test_fixed_odds_from_a_table() -> None:
    money = [0, 0]
    pool = Pool({"win": 1, "place": 1}, paid=False)
    bet(pool, money, 0, PlaceBet("win", ("b",), 2))
    bet(pool, money, 1, PlaceBet("place", ("c",), 1))
    bet(pool, money, 1, PlaceBet("win", ("a",), 1))
    assert money == [0, 0], "tokens: no money leaves when betting"
    table = PayoutTable({"win": (500,), "place": (300, 200, 100)})
    events = pool.settle_fixed(table.pays(placings(["b", "c", "a"])))
    apply_money(money, events)
    assert money == [1_000, 200]


def test_refusals_say_why() -> None:
    pool = Pool({"win": 1, "double": 2}, minimum=100, unit=50)
    assert pool.explain(0, PlaceBet("show", ("a",), 100), 500).key == "pool.illegal.kind"  # type: ignore[union-attr]
    assert pool.explain(0, PlaceBet("double", ("a",), 100), 500).key == "pool.illegal.horses"  # type: ignore[union-attr]
    assert pool.explain(0, PlaceBet("win", ("a",), 50), 500).key == "pool.illegal.stake_low"  # type: ignore[union-attr]
    assert pool.explain(0, PlaceBet("win", ("a",), 120), 500).key == "pool.illegal.stake_unit"  # type: ignore[union-attr]
    assert pool.explain(0, PlaceBet("win", ("a",), 600), 500).key == "pool.illegal.funds"  # type: ignore[union-attr]
    assert list(pool.stakes(260)) == [100, 150, 200, 250]


def test_hidden_bets_show_their_stake_to_their_owner_only() -> None:
    pool = Pool({"win": 1}, paid=False, hidden=True)
    (placed,) = pool.place(1, PlaceBet("win", ("a",), 2))
    assert isinstance(placed, SlipPlaced)
    assert placed.seen_by(0).to_json()["stake"] is None
    assert placed.seen_by(None).to_json()["stake"] is None
    assert placed.seen_by(1).to_json()["stake"] == 2
    assert pool.view(0)[0]["stake"] is None and pool.view(1)[0]["stake"] == 2
    assert pool.view(0, revealed=True)[0]["stake"] == 2


def test_notation_and_json() -> None:
    for action in (PlaceBet("win", ("a",), 200), PlaceBet("double", ("a", "c"), 100)):
        assert parse_pool_action(str(action)) == action
    assert parse_pool_action("move a") is None
    pool = Pool({"win": 1, "double": 2}, take_out=10, house=1)
    pool.place(0, PlaceBet("double", ("a", "c"), 100))
    data = json.loads(json.dumps(pool.to_json()))
    assert Pool.from_json(data, seats=2) == pool
    data["slips"][0]["player"] = 5
    with pytest.raises(RecordError) as err:
        Pool.from_json(data, seats=2)
    assert err.value.field == "pool.slips[0].player"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.sampled_from(HORSES), st.integers(1, 20)), max_size=12
    ),
    st.sampled_from(HORSES),
    st.integers(0, 30),
    st.sampled_from([1, 10, 100]),
)
def test_property_the_totalisator_conserves_money_and_pays_whole_multiples(
    bets: list[tuple[int, str, int]], winner: str, take_out: int, rounding: int
) -> None:
    money = [10_000, 10_000, 10_000, 0]
    pool = Pool({"win": 1}, unit=10, minimum=10, take_out=take_out, rounding=rounding, house=3)
    for player, horse, units in bets:
        bet(pool, money, player, PlaceBet("win", (horse,), units * 10))
    events = pool.settle_parimutuel("win", lambda s: s.horses == (winner,))
    apply_money(money, events)
    assert sum(money) == 30_000, "every stake went back to a seat (a winner or the house)"
    assert all(m >= 0 for m in money)
    stakes = {s.number: s.stake for s in pool.slips}
    for e in events:
        if type(e) is SlipPaid:
            assert e.amount % stakes[e.number] == 0, "a whole multiple of the stake"


def test_ascot_four_tickets_a_horse_numbered_per_horse() -> None:
    # Ascot, « Les paris »: « quatre paris seulement, par cheval, sont autorisés [...] la mise de la
    # première personne devra être inscrite dans la case n° 1, en face du nom du cheval choisi et
    # cette personne recevra le ticket n° 1. La somme versée par la seconde personne pariant sur le
    # même cheval sera inscrite dans la case n° 2 ».
    money = [100_000] * 3
    pool = Pool({"win": 1}, minimum=500, unit=500, per_horse=4)
    for player in (0, 1, 2):
        bet(pool, money, player, PlaceBet("win", ("h1",), 1_000))
    bet(pool, money, 0, PlaceBet("win", ("h2",), 1_000))
    bet(pool, money, 1, PlaceBet("win", ("h1",), 1_000))
    assert [pool.ticket(s) for s in pool.slips] == [1, 2, 3, 1, 4]
    refusal = pool.explain(2, PlaceBet("win", ("h1",), 1_000), money[2])
    assert refusal is not None and refusal.key == "pool.illegal.tickets"
    assert pool.explain(2, PlaceBet("win", ("h2",), 1_000), money[2]) is None
    # The limit travels with the pool; a document without it has none.
    again = Pool.from_json(json.loads(json.dumps(pool.to_json())), 3)
    assert again.per_horse == 4 and again.copy().per_horse == 4
    old = pool.to_json()
    del old["per_horse"]
    assert Pool.from_json(old, 3).per_horse == 0


def test_a_sealed_slip_hides_its_kind_horses_and_stake_until_revealed() -> None:
    # Seed 001, §10: « Après avoir rempli sa feuille, chaque joueur la retourne face cachée »: the
    # others see that a slip was written, not what it says.
    pool = Pool({"win": 1, "show": 1}, paid=False, hidden=True, hides=("kind", "horses", "stake"))
    (placed,) = pool.place(1, PlaceBet("show", ("a",), 2000))
    assert isinstance(placed, SlipPlaced)
    seen = placed.seen_by(0).to_json()
    assert (seen["kind"], seen["horses"], seen["stake"]) == (None, None, None)
    assert "hides" not in seen
    assert placed.seen_by(1) is placed
    assert pool.view(None)[0]["kind"] is None and pool.view(1)[0]["kind"] == "show"
    assert pool.view(0, revealed=True)[0]["horses"] == ["a"]
    data = json.loads(json.dumps(pool.to_json()))
    assert Pool.from_json(data, seats=2) == pool
    data["hides"] = ["owner"]
    with pytest.raises(RecordError) as err:
        Pool.from_json(data, seats=2)
    assert err.value.field == "pool.hides"


# -- Royal Turf: tokens, one a horse, a payout table by place and units, a charge -----------------


def royal_turf_pool() -> Pool:
    """Royal Turf's bets with the variant's 0-token: seed 003, §1 « Chacun prend les jetons-Paris 1,
    1 et 2 de sa couleur. Variante - on prend aussi les pions 0 », §2 « Trois fois de suite [...]
    Un joueur ne peut pas parier deux fois sur le même cheval »."""
    return Pool(
        {"token": 1},
        minimum=0,
        paid=False,
        hidden=True,
        tokens=(0, 1, 1, 2),
        per_seat=3,
        once_per_horse=True,
    )


def test_tokens_are_spent_one_a_slip_never_twice_on_a_horse_three_at_most() -> None:
    pool = royal_turf_pool()
    assert pool.hand(0) == [0, 1, 1, 2]
    assert pool.explain(0, PlaceBet("token", ("a",), 0), 0) is None, "a 0-token is a bet"
    pool.place(0, PlaceBet("token", ("a",), 1))
    assert pool.hand(0) == [0, 1, 2] and pool.hand(1) == [0, 1, 1, 2]
    refusal = pool.explain(0, PlaceBet("token", ("a",), 2), 0)
    assert refusal is not None and refusal.key == "pool.illegal.same_horse"
    pool.place(0, PlaceBet("token", ("b",), 2))
    refusal = pool.explain(0, PlaceBet("token", ("c",), 2), 0)
    assert refusal is not None and refusal.key == "pool.illegal.token", "no 2-token left"
    pool.place(0, PlaceBet("token", ("c",), 0))
    refusal = pool.explain(0, PlaceBet("token", ("d",), 1), 0)
    assert refusal is not None and refusal.key == "pool.illegal.slips", "three bets a race"
    assert pool.hand(0) == [1], "the fourth token stays in hand"
    data = json.loads(json.dumps(pool.to_json()))
    assert Pool.from_json(data, seats=2) == pool and pool.copy() == pool


def test_the_units_table_pays_by_place_and_units_on_the_horse_times_the_token() -> None:
    # Seed 003, §4: « En ligne: nombre de jetons-Paris totaux posés pour un cheval - En colonne:
    # place du cheval à l'arrivée - [...] à multiplier par la valeur du jeton pari. A la 3e course,
    # les gains sont doublés ! »
    table = UnitsTable(((1_000, 800, 700), (600, 500, 450), (400, 350, 300)))
    pool = royal_turf_pool()
    pool.place(0, PlaceBet("token", ("a",), 2))  # 3 units on a: row 3
    pool.place(1, PlaceBet("token", ("a",), 1))
    pool.place(1, PlaceBet("token", ("b",), 2))  # 2 units on b: row 2
    pool.place(0, PlaceBet("token", ("c",), 0))  # a 0-token wins nothing
    pool.place(0, PlaceBet("token", ("d",), 1))  # d is out of the money
    assert pool.units()["a"] == 3 and pool.units()["z"] == 0
    events = pool.settle_fixed(table.pays(pool, placings(["b", "a", "c"]), times=2))
    assert [(e.player, e.number, e.amount) for e in events] == [
        (0, 1, 450 * 2 * 2),
        (1, 2, 450 * 1 * 2),
        (1, 3, 800 * 2 * 2),
    ]
    assert table.per_unit(1, 12) == 700, "more units than rows: the last row"
    assert table.per_unit(4, 1) == 0, "no fourth place"


def test_a_charge_is_paid_as_far_as_the_money_goes() -> None:
    # Seed 003, §4: « Chaque joueur ayant misé sur le dernier cheval doit payer à la banque 100 (pour
    # un pari de 1) ou 200 (pour un pari de 2). Si un joueur n'a pas assez, il paie ce qu'il peut. »
    money = [150, 500, 0]
    pool = royal_turf_pool()
    for seat, stake in ((0, 2), (1, 1), (2, 1)):
        pool.place(seat, PlaceBet("token", ("a",), stake))
    pool.place(1, PlaceBet("token", ("b",), 2))
    events = pool.settle_charges(lambda s: 100 * s.stake if s.horses == ("a",) else 0, money)
    assert all(type(e) is SlipCharged for e in events)
    assert [(e.player, e.due, e.paid) for e in events] == [
        (0, 200, 150),
        (1, 100, 100),
        (2, 100, 0),
    ]
    apply_money(money, events)
    assert money == [0, 400, 0]
    assert events[0].message()[0] == "pool.charged"
    house = Pool({"win": 1}, paid=False, house=2)
    house.place(0, PlaceBet("win", ("a",), 3))
    (charged,) = house.settle_charges(lambda s: 10 * s.stake, [100, 0, 0])
    assert charged.money_changes() == {0: -30, 2: 30}
    assert charged.message()[0] == "pool.charged_house"


# -- Royal Steeple Chase: one secret bet a seat, written at once, shares and a score table -------


def test_slips_written_at_once_are_kept_in_seat_order() -> None:
    # Seed 004, JEU PIRATE: « Chaque joueur, après avoir vu son jeu, parie clandestinement sur un
    # cheval »: all at once, so the order the seats happen to act in is no fact of the game.
    pool = Pool({"win": 1}, minimum=5, unit=5, hidden=True, hides=("kind", "horses"), per_seat=1)
    pool.by_seat = True
    for seat in (2, 0, 3, 1):
        pool.place(seat, PlaceBet("win", ("r",), 5 * (seat + 1)))
    assert [(s.number, s.player, s.stake) for s in pool.slips] == [
        (1, 0, 5),
        (2, 1, 10),
        (3, 2, 15),
        (4, 3, 20),
    ]
    refusal = pool.explain(1, PlaceBet("win", ("b",), 5), 100)
    assert refusal is not None and refusal.key == "pool.illegal.slips", "one bet each"
    seen = pool.view(0)[1]
    assert (seen["kind"], seen["horses"], seen["stake"]) == (None, None, 10), "the stake is public"
    assert Pool.from_json(json.loads(json.dumps(pool.to_json())), seats=4) == pool


def test_a_seat_short_of_the_minimum_bets_for_nothing() -> None:
    # Royal Steeple Chase, D19: chips of 5, at least 5 when one has them.
    pool = Pool({"win": 1}, minimum=5, unit=5, free_when_short=True)
    assert list(pool.stakes(17)) == [5, 10, 15] and list(pool.stakes(4)) == [0]
    assert pool.explain(0, PlaceBet("win", ("r",), 0), 4) is None
    refusal = pool.explain(0, PlaceBet("win", ("r",), 0), 5)
    assert refusal is not None and refusal.key == "pool.illegal.stake_low"


def test_shares_in_proportion_to_the_stakes_in_whole_units() -> None:
    # Seed 004, JEU PIRATE: « Les enjeux vont au gagnant avec partage éventuel selon les mises
    # initiales. » 10 and 30 on the winner, 105 on the table: 26.25 and 78.75, in chips of 5.
    pool = Pool({"win": 1}, minimum=5, unit=5, free_when_short=True)
    pool.place(0, PlaceBet("win", ("b",), 10))
    pool.place(1, PlaceBet("win", ("b",), 30))
    pool.place(2, PlaceBet("win", ("r",), 65))
    pool.place(3, PlaceBet("win", ("b",), 0))
    events = pool.settle_shares(lambda s: "b" in s.horses, 105)
    assert [(e.player, e.amount) for e in events] == [(0, 25), (1, 75), (3, 0)]
    assert pool.settle_shares(lambda s: "j" in s.horses, 105) == [], "nobody backed the winner"


def test_a_flat_table_scores_a_winning_slip_whatever_its_stake() -> None:
    # Seed 004, JEU PIRATE: « ceux qui ont joué le cheval gagnant marquent alors 50 s'ils n'ont fait
    # qu'un pari, et 20 s'ils en ont fait deux ».
    pool = Pool({"win": 1, "either": 2}, minimum=0, paid=False, tokens=(0,), per_seat=1)
    pool.place(0, PlaceBet("win", ("b",), 0))
    pool.place(1, PlaceBet("either", ("r", "b"), 0))
    pool.place(2, PlaceBet("win", ("v",), 0))
    points = PayoutTable({"win": (50,), "either": (20,)}, flat=True)
    pays = points.pays(lambda s: 1 if "b" in s.horses else 0)
    assert [pays(s) for s in pool.slips] == [50, 20, 0]


def test_a_pool_without_the_later_options_writes_the_json_it_always_wrote() -> None:
    data = Pool({"win": 1}).to_json()
    assert not {"tokens", "per_seat", "once_per_horse", "free_when_short", "by_seat"} & set(data)
