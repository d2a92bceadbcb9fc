"""The shared auction (engine/auction.py): open bidding in turn, sealed bids with their tie-breaks,
floors, exclusions, a commission; tested once for every game that sells something."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hippodrome.engine.actions import Action
from hippodrome.engine.auction import Auction, Stage, commission_on, sale
from hippodrome.engine.auction_events import (
    PASS,
    AuctionOpened,
    Bid,
    BidSealed,
    BidsOpened,
    LotSold,
    LotUnsold,
    RaisesSpent,
    SealedBid,
    TieLot,
    parse_auction_action,
)
from hippodrome.engine.errors import IllegalActionError, RecordError
from hippodrome.engine.events import Event, apply_money
from hippodrome.engine.i18n import render, text
from hippodrome.engine.types import CHANCE, Money, Player


def play(
    auction: Auction, money: list[Money], moves: Sequence[tuple[Player, object]]
) -> list[Event]:
    """Play ``moves`` (checked against the legal actions), applying the money the events move."""
    events: list[Event] = []
    for player, action in moves:
        assert isinstance(action, Action)
        if player == CHANCE:
            assert action in [a for a, _ in auction.chance_outcomes()]
        else:
            assert action in auction.legal_actions(player, money[player]), (player, action)
        new = auction.apply(player, action, money)
        apply_money(money, new)
        events += new
    return events


def sold(events: Sequence[Event]) -> LotSold:
    found = [e for e in events if isinstance(e, LotSold)]
    assert len(found) == 1
    return found[0]


def test_an_open_auction_goes_round_the_table_to_the_last_bidder_standing() -> None:
    money = [500, 500, 500]
    a, events = Auction.outcry("othello", 3, money, first=1, floor=100, increment=50)
    assert a.to_act() == (1,)
    assert [str(x) for x in a.legal_actions(1, 500)[:3]] == ["pass", "bid 100", "bid 150"]
    events += play(a, money, [(1, Bid(100)), (2, Bid(200)), (0, PASS), (1, Bid(250)), (2, PASS)])
    assert a.closed and a.winner == 1 and a.price == 250
    assert money == [500, 250, 500]
    assert sold(events).money_changes() == {1: -250}


def test_an_open_auction_goes_round_a_table_seated_in_another_order() -> None:
    """Seats sitting 0, 2, 1, 3 round the table bid in that order; the order survives a copy and
    the JSON, which refuses one that is not every seat once."""
    money = [500, 500, 500, 500]
    a, _ = Auction.outcry("lot", 4, money, first=2, increment=50, order=(0, 2, 1, 3))
    assert a.to_act() == (2,)
    play(a, money, [(2, Bid(50))])
    assert a.to_act() == (1,)
    play(a, money, [(1, PASS)])
    assert a.to_act() == (3,) and a.copy().order == (0, 2, 1, 3)
    data = a.to_json()
    assert Auction.from_json(data) == a
    data["order"] = [0, 2, 2, 3]
    with pytest.raises(RecordError):
        Auction.from_json(data)
    plain, _ = Auction.outcry("lot", 4, money, first=2, increment=50)
    assert "order" not in plain.to_json(), "a table seated by number writes no order"


def test_a_seat_that_cannot_pay_the_next_bid_drops_out() -> None:
    # « ne peut enchérir qu'avec son disponible »
    money = [300, 120, 500]
    a, _ = Auction.outcry("lot", 3, money, floor=100, increment=50)
    events = play(a, money, [(0, Bid(100))])
    assert a.to_act() == (2,), "seat 1 cannot pay 150: it is out"
    assert [(type(e).__name__, e.to_json().get("player")) for e in events] == [
        ("BidRaised", 0),
        ("BidderOut", 1),
    ]
    play(a, money, [(2, Bid(150)), (0, Bid(300))])
    assert a.to_act() == (2,)
    play(a, money, [(2, PASS)])
    assert a.closed and a.winner == 0 and money == [0, 120, 500]


def test_excluded_seats_and_the_floor() -> None:
    money = [1000, 1000, 1000]
    a, _ = Auction.outcry("lot", 3, money, floor=400, increment=100, excluded={1})
    assert a.to_act() == (0,)
    assert min(x.amount for x in a.legal_actions(0, 1000) if isinstance(x, Bid)) == 400
    with pytest.raises(IllegalActionError) as err:
        raise a.explain(0, Bid(300), 1000)
    assert err.value.key == "auction.illegal.too_low"
    play(a, money, [(0, PASS)])
    assert a.to_act() == (2,), "seat 1 is excluded by the rule"
    play(a, money, [(2, PASS)])
    assert a.closed and a.winner == -1
    b, _ = Auction.outcry("lot", 3, money, excluded=lambda p: p != 2)
    assert b.to_act() == (2,)


def test_nobody_bidding_leaves_the_lot_unsold() -> None:
    money = [50, 50]
    a, events = Auction.outcry("lot", 2, money, floor=100)
    assert a.closed and any(isinstance(e, LotUnsold) for e in events)


def test_an_opening_leader_holds_his_bid_from_the_start_even_at_zero() -> None:
    """Royal Steeple Chase: « S'il y a plusieurs demandes sur un même cheval, l'attribution se fait
    aux enchères »: the seat who asks leads with his offer (0 too); the others, from his left,
    must outbid it, and he buys if none does."""
    money = [100, 100, 100, 100]
    a, events = Auction.outcry("card", 4, money, first=2, increment=5, opening=(1, 0))
    assert events and not a.closed and a.leader == 1 and a.high == 0
    assert a.to_act() == (2,), "the turn starts on the requester's left"
    assert min(x.amount for x in a.legal_actions(2, 100) if isinstance(x, Bid)) == 5
    play(a, money, [(2, PASS), (3, PASS), (0, PASS)])
    assert a.closed and a.winner == 1 and a.price == 0
    # Outbid, the opening leader stays in and is asked again (« C dit 15, D dit 20, A dit 25 »).
    money = [100, 100, 100, 100]
    b, _ = Auction.outcry("card", 4, money, first=3, increment=5, opening=(2, 15))
    play(b, money, [(3, Bid(20)), (0, Bid(25)), (1, PASS)])
    assert b.to_act() == (2,)
    play(b, money, [(2, PASS), (3, PASS)])
    assert b.winner == 0 and b.price == 25 and money == [75, 100, 100, 100]


def test_an_opening_bid_nobody_can_top_sells_at_once() -> None:
    a, events = Auction.outcry("lot", 3, [100, 4, 0], first=1, increment=5, opening=(0, 10))
    assert a.closed and a.winner == 0 and a.price == 10
    assert sold(events).money_changes() == {0: -10}


def test_a_payment_rule_splits_the_price_between_payers() -> None:
    """Royal Steeple Chase's camps: « les enchères individuelles sont payées moitié par chaque
    joueur »; the rule is asked when the hammer falls, with the buyer and the price."""
    asked: list[tuple[Player, Money]] = []

    def halves(buyer: Player, price: Money) -> list[tuple[Player, Money]]:
        asked.append((buyer, price))
        return [(buyer, price - price // 2), (2, price // 2)]

    money = [100, 100, 100]
    a, _ = Auction.outcry("horse", 3, money, increment=5, pay=halves)
    events = a.apply(0, Bid(30), money)
    assert not asked, "nobody pays before the hammer falls"
    events += a.apply(1, PASS, money, pay=halves)
    events += a.apply(2, PASS, money, pay=halves)
    halved = sold(events)
    assert asked == [(0, 30)] and halved.shares == ((0, 15), (2, 15))
    assert halved.money_changes() == {0: -15, 2: -15}
    apply_money(money, events)
    assert money == [85, 100, 85]
    # Without a payment rule the buyer pays it all to the seller.
    b, opened = Auction.outcry(
        "horse", 2, [100, 100], increment=5, excluded={1}, seller=1, opening=(0, 20)
    )
    assert b.closed and sold(opened).money_changes() == {0: -20, 1: 20}


def test_a_game_telling_the_auction_in_its_own_words_reads_only_the_sale() -> None:
    money = [100, 100]
    a, opened = Auction.outcry("card", 2, money, increment=5, opening=(0, 5))
    assert sale(opened) is None
    events = a.apply(1, Bid(10), money)
    assert sale(events) is None
    events = a.apply(0, PASS, money)
    found = sale(events)
    assert found is not None and found.player == 1 and found.price == 10


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_property_a_quiet_auction_runs_the_same_and_tells_only_the_hammers_fall(
    data: st.DataObject,
) -> None:
    """``quiet``: a game that tells the auction in its own events gets only the sale (or the lot
    unsold) from the component, and the auction takes the same course as a told one."""
    seats = data.draw(st.integers(2, 5))
    money = data.draw(st.lists(st.integers(0, 60), min_size=seats, max_size=seats))
    first = data.draw(st.integers(0, seats - 1))
    opening = data.draw(st.none() | st.tuples(st.integers(0, seats - 1), st.sampled_from([0, 5])))
    excluded = data.draw(st.sets(st.integers(0, seats - 1), max_size=seats - 1))
    told, told_events = Auction.outcry(
        "lot", seats, money, first=first, increment=5, excluded=excluded, opening=opening
    )
    quiet, quiet_events = Auction.outcry(
        "lot",
        seats,
        money,
        first=first,
        increment=5,
        excluded=excluded,
        opening=opening,
        quiet=True,
    )
    all_told, all_quiet = list(told_events), list(quiet_events)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while not told.closed:
        bidder = told.to_act()[0]
        assert quiet.to_act() == (bidder,)
        action = rng.choice(told.legal_actions(bidder, money[bidder]))
        all_told += told.apply(bidder, action, money)
        all_quiet += quiet.apply(bidder, action, money, quiet=True)
        assert told.to_json() == quiet.to_json()
    assert quiet.closed and told.to_json() == quiet.to_json()
    assert all_quiet == [e for e in all_told if isinstance(e, LotSold | LotUnsold)]
    assert len(all_quiet) == 1


def test_the_auctioneer_takes_ten_percent_rounded_to_the_nearest_hundred() -> None:
    # Ascot: « sa commission de 10%, en arrondissant à la centaine la plus rapprochée »
    assert commission_on(3_250, 10, 100) == 300
    assert commission_on(3_500, 10, 100) == 400
    assert commission_on(3_449, 10, 100) == 300
    money = [10_000, 10_000, 10_000]
    a, _ = Auction.outcry(
        "dead hand",
        3,
        money,
        floor=1_000,
        increment=500,
        auctioneer=2,
        commission=10,
        rounding=100,
    )
    events = play(a, money, [(0, Bid(3_000)), (1, PASS), (2, PASS)])
    sale = sold(events)
    assert (sale.price, sale.commission) == (3_000, 300)
    assert money == [6_700, 10_000, 10_300]
    # A bid whose commission the bidder cannot pay on top is not offered.
    b, _ = Auction.outcry("lot", 2, [1_000, 1_000], increment=100, commission=10, rounding=100)
    assert max(x.amount for x in b.legal_actions(0, 1_000) if isinstance(x, Bid)) == 900


def test_sealed_bids_are_opened_together_and_the_highest_buys() -> None:
    money = [900, 900, 900]
    a, _ = Auction.sealed("lot", 3, floor=100, increment=10)
    assert a.to_act() == (0, 1, 2)
    events = play(a, money, [(2, SealedBid(300)), (0, SealedBid(0))])
    assert a.to_act() == (1,)
    events += play(a, money, [(1, SealedBid(250))])
    assert [e.bids for e in events if isinstance(e, BidsOpened)] == [(0, 250, 300)]
    assert a.winner == 2 and a.price == 300 and money == [900, 900, 600]


def test_sealed_bids_stay_hidden_from_the_other_seats_until_opened() -> None:
    a, _ = Auction.sealed("lot", 3, increment=10)
    events = a.apply(1, SealedBid(70), [100, 100, 100])
    assert a.view(0)["sealed_bids"] == [None, True, False], "its own: not written yet"
    assert a.view(None)["sealed_bids"] == [False, True, False]
    assert a.view(1)["sealed_bids"] == [False, 70, False]
    (placed,) = events
    assert isinstance(placed, BidSealed)
    assert placed.seen_by(0).to_json()["amount"] is None
    assert placed.seen_by(1).to_json()["amount"] == 70


def test_a_sealed_tie_goes_to_an_open_auction_between_the_tied_then_to_the_lot() -> None:
    money = [900, 900, 900]
    a, _ = Auction.sealed("lot", 3, first=1, increment=10)
    play(a, money, [(0, SealedBid(200)), (1, SealedBid(100)), (2, SealedBid(200))])
    assert a.stage is Stage.OPEN and a.tied == (2, 0)
    assert a.to_act() == (2,), "the tie auction starts with the first tied seat from the first"
    assert a.legal_actions(1, 900) == [], "seat 1 was not tied"
    assert min(x.amount for x in a.legal_actions(2, 900) if isinstance(x, Bid)) == 210
    # Someone raises: the auction goes on as usual.
    b = a.copy()
    play(b, money.copy(), [(2, Bid(250)), (0, PASS)])
    assert b.winner == 2 and b.price == 250
    # Nobody raises: a lot between the tied seats, at the tied bid.
    play(a, money, [(2, PASS), (0, PASS)])
    assert a.is_chance() and a.to_act() == ()
    assert a.chance_outcomes() == [(TieLot(2), 0.5), (TieLot(0), 0.5)]
    events = play(a, money, [(CHANCE, TieLot(0))])
    assert sold(events).player == 0 and a.price == 200 and money == [700, 900, 900]


def test_refusals_say_why() -> None:
    money = [500, 500]
    a, _ = Auction.outcry("lot", 2, money, increment=50, floor=100)
    assert a.explain(1, Bid(200), 500).key == "auction.illegal.not_your_bid"
    assert a.explain(0, Bid(125), 500).key == "auction.illegal.increment"
    assert a.explain(0, Bid(600), 500).key == "auction.illegal.funds"
    assert a.explain(0, SealedBid(100), 500).key == "auction.illegal.open_now"
    s, _ = Auction.sealed("lot", 2, excluded={0})
    assert s.explain(0, SealedBid(1), 500).key == "auction.illegal.excluded"
    s.apply(1, SealedBid(0), money)
    assert s.closed
    for key in ("not_your_bid", "too_low", "increment", "funds", "excluded", "already_sealed"):
        assert text(f"auction.illegal.{key}", "fr") and text(f"auction.illegal.{key}", "en")


def test_the_notation_reads_back() -> None:
    for action in (Bid(300), PASS, SealedBid(0), TieLot(2)):
        assert parse_auction_action(str(action)) == action
    assert parse_auction_action("move 3") is None


# -- properties -------------------------------------------------------------------------------------


@st.composite
def sealed_auctions(draw: st.DrawFn) -> tuple[Auction, list[Money], random.Random, list[int]]:
    seats = draw(st.integers(2, 5))
    money = draw(st.lists(st.integers(0, 400), min_size=seats, max_size=seats))
    excluded = draw(st.sets(st.integers(0, seats - 1), max_size=seats - 1))
    auction, _ = Auction.sealed(
        "lot",
        seats,
        first=draw(st.integers(0, seats - 1)),
        floor=draw(st.sampled_from([0, 20])),
        increment=draw(st.sampled_from([10, 20])),
        excluded=excluded,
        commission=draw(st.sampled_from([0, 10])),
        auctioneer=seats - 1,
        rounding=10,
    )
    return auction, money, random.Random(draw(st.integers(0, 2**32))), sorted(excluded)


def run(
    auction: Auction, money: list[Money], rng: random.Random
) -> tuple[list[Event], dict[Player, list[Money]]]:
    """Play the auction to its end with random legal moves; return the events and each seat's
    sealed bid."""
    events: list[Event] = []
    sealed: dict[Player, list[Money]] = {}
    views: list[tuple[int, object]] = []
    for _ in range(500):
        if auction.closed:
            return events, sealed
        if auction.is_chance():
            player: Player = CHANCE
            action = rng.choice([x for x, _ in auction.chance_outcomes()])
        else:
            player = rng.choice(auction.to_act())
            action = rng.choice(auction.legal_actions(player, money[player]))
            if isinstance(action, SealedBid):
                sealed.setdefault(player, []).append(action.amount)
        new = auction.apply(player, action, money)
        apply_money(money, new)
        events += new
        views.append((player, auction.view(None)))
    raise AssertionError("the auction did not end")


@settings(max_examples=150, deadline=None)
@given(sealed_auctions())
def test_property_the_highest_sealed_bid_buys_ties_bid_on_then_draw_lots(
    case: tuple[Auction, list[Money], random.Random, list[int]],
) -> None:
    auction, money, rng, excluded = case
    before = money.copy()
    events, sealed = run(auction, money, rng)
    bids = {p: b[0] for p, b in sealed.items()}
    assert not set(bids) & set(excluded), "an excluded seat wrote a bid"
    top = max(bids.values(), default=0)
    sales = [e for e in events if isinstance(e, LotSold)]
    if top == 0:
        assert not sales and auction.winner == -1
        return
    (sale,) = sales
    assert bids[sale.player] == top, "the buyer wrote the highest sealed bid"
    tied = [p for p, b in bids.items() if b == top]
    if len(tied) == 1:
        assert sale.price == top
    else:
        assert sale.price >= top and set(auction.tied) == set(tied)
    # Money: only the sale moved it (the price to the bank, the commission to the auctioneer seat),
    # and nobody owes anything.
    assert sum(money) == sum(before) - sale.price
    assert money[sale.player] == before[sale.player] - auction.cost(sale.price) + (
        sale.commission if sale.player == sale.auctioneer else 0
    )
    assert all(m >= 0 for m in money)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_property_an_open_auction_sells_to_the_last_and_highest_bid(data: st.DataObject) -> None:
    seats = data.draw(st.integers(2, 5))
    money = data.draw(st.lists(st.integers(0, 300), min_size=seats, max_size=seats))
    before = money.copy()
    auction, events = Auction.outcry(
        "lot",
        seats,
        money,
        first=data.draw(st.integers(0, seats - 1)),
        floor=data.draw(st.sampled_from([0, 50])),
        increment=10,
        seller=0,
    )
    apply_money(money, events)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    more, _ = run(auction, money, rng)
    events += more
    raised = [(e.player, e.amount) for e in events if type(e).__name__ == "BidRaised"]  # type: ignore[attr-defined]
    amounts = [a for _, a in raised]
    assert amounts == sorted(set(amounts)), "every bid is above the last"
    if raised:
        assert (auction.winner, auction.price) == raised[-1]
        assert all(money_before >= 0 for money_before in money)
    else:
        assert auction.winner == -1
    assert sum(money) == sum(before), "the price goes from the buyer to the seller"


@settings(max_examples=100, deadline=None)
@given(sealed_auctions())
def test_property_sealed_bids_are_never_in_another_seats_view(
    case: tuple[Auction, list[Money], random.Random, list[int]],
) -> None:
    auction, money, rng, _ = case
    while auction.stage is Stage.SEALED:
        player = rng.choice(auction.to_act())
        amount = rng.choice(auction.legal_actions(player, money[player]))
        auction.apply(player, amount, money)
        if auction.stage is not Stage.SEALED:
            break
        for viewer in [None, *range(auction.seats)]:
            shown = auction.view(viewer)["sealed_bids"]
            for seat, value in enumerate(shown):
                if seat != viewer:
                    assert value in (True, False), f"seat {viewer} sees seat {seat}'s bid"


def test_json_round_trips_and_a_bad_field_is_named() -> None:
    money = [500, 500, 500]
    a, _ = Auction.sealed("othello", 3, increment=10, excluded={2}, commission=10, auctioneer=1)
    a.apply(0, SealedBid(120), money)
    data = json.loads(json.dumps(a.to_json()))
    assert Auction.from_json(data) == a
    b = Auction.from_json(data)
    b.apply(1, SealedBid(120), money)
    assert a.stage is Stage.SEALED, "a copy from JSON is independent"
    data["leader"] = 7
    with pytest.raises(RecordError) as err:
        Auction.from_json(data)
    assert err.value.field == "auction.leader"


# -- bids written beforehand (Win, Place & Show's sheets) ----------------------------------------


def test_bids_written_beforehand_are_opened_at_once_and_the_highest_buys() -> None:
    # Seed 001, §9: « chaque joueur note secrètement un montant d'achat pour chaque cheval [...]
    # Le cheval est vendu au joueur ayant noté le plus gros montant ».
    a, events = Auction.sealed(
        "dixie_belle", 3, floor=500, increment=500, written=[1000, 2500, 0], money=[50_000] * 3
    )
    assert a.closed and (a.winner, a.price) == (1, 2500)
    assert [type(e).__name__ for e in events] == ["AuctionOpened", "BidsOpened", "LotSold"]


def test_a_written_bid_of_an_excluded_seat_counts_for_nothing() -> None:
    # §9: « Une fois qu'un joueur a acheté un cheval, le reste de ses montants sont invalidés ».
    a, _ = Auction.sealed(
        "gold_rush", 3, increment=500, excluded={1}, written=[1000, 9000, 500], money=[9000] * 3
    )
    assert (a.winner, a.price) == (0, 1000)


def test_tied_written_bids_go_on_in_the_open_between_the_tied_seats() -> None:
    # §9: « S'il y a égalité [...] les enchères se font alors entre eux oralement (toujours en
    # multiple de 500 $). Si aucun de ces joueurs ne veut augmenter [...] on lance le dé ».
    a, _ = Auction.sealed(
        "pepper", 3, increment=500, written=[2000, 2000, 1500], money=[10_000] * 3
    )
    assert a.stage is Stage.OPEN and a.tied == (0, 1) and a.to_act() == (0,)
    assert a.minimum() == 2500
    a.apply(0, PASS, [10_000] * 3)
    a.apply(1, PASS, [10_000] * 3)
    assert a.is_chance() and {str(x) for x, _ in a.chance_outcomes()} == {"lot 0", "lot 1"}


def test_a_tie_closes_on_the_last_raise_allowed_and_that_raise_buys() -> None:
    """``max_raises`` (Win, Place & Show, D35): the tied seats raise in turn; the third raise of
    three allowed ends the bidding, the seat who made it buying at its bid, the other not asked
    again; the count rides through a copy and the JSON, which refuses an open bidding past it."""
    money = [10_000] * 3
    a, _ = Auction.sealed(
        "pepper", 3, increment=500, written=[2000, 2000, 0], money=money, max_raises=3
    )
    assert a.stage is Stage.OPEN and a.to_act() == (0,)
    play(a, money, [(0, Bid(2500)), (1, Bid(3000))])
    data = json.loads(json.dumps(a.to_json()))
    assert (data["max_raises"], data["raises"]) == (3, 2)
    assert Auction.from_json(data) == a.copy() == a
    events = play(a, money, [(0, Bid(4000))])
    assert a.closed and (a.winner, a.price) == (0, 4000) and money == [6000, 10_000, 10_000]
    spent = [e for e in events if isinstance(e, RaisesSpent)]
    assert spent and render(*spent[0].message(), "en") == (
        "After 3 raises the bidding is closed: the last one buys"
    )
    data["raises"] = 3
    with pytest.raises(RecordError) as err:
        Auction.from_json(data)
    assert err.value.field == "auction.raises"
    # Without a limit the same raises go on: seat 1 is asked again.
    b, _ = Auction.sealed("pepper", 3, increment=500, written=[2000, 2000, 0], money=money)
    play(b, [10_000] * 3, [(0, Bid(2500)), (1, Bid(3000)), (0, Bid(4000))])
    assert b.to_act() == (1,) and "max_raises" not in b.to_json()


def test_a_sheet_with_a_bid_for_each_seat_is_required() -> None:
    with pytest.raises(ValueError, match="one written bid per seat"):
        Auction.sealed("pepper", 3, written=[2000, 2000])


def test_a_sealed_sale_is_told_in_words_never_as_a_yes() -> None:
    """« by sealed bids », « sous plis cachetés »; never « sealed bids: yes » (issue 16, point 9)."""
    sealed, open_ = (
        AuctionOpened("Mister Lucky", 500, True),
        AuctionOpened("Mister Lucky", 500, False),
    )
    assert (
        render(*sealed.message(), "en")
        == "Mister Lucky goes under the hammer, by sealed bids (floor 500)"
    )
    assert render(*sealed.message(), "fr") == (
        "Mister Lucky est mis aux enchères sous plis cachetés (mise à prix 500)"
    )
    assert render(*open_.message(), "en") == "Mister Lucky goes under the hammer (floor 500)"
