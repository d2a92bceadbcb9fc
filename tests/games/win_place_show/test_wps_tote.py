"""Win, Place & Show's tote board (D3, D4): the prices in ``material.toml`` and the data check that
holds them to the constraint of a betting window (issue 32): no bet on any horse returns more than
its stake on average, and each kind of bet returns about what a track's take leaves (0.80 to 0.90)."""

from __future__ import annotations

import tomllib
from importlib.resources import files
from typing import Any

from hippodrome.games.win_place_show import calibration, tote
from hippodrome.games.win_place_show.material import FILE, Material, material


def raw() -> dict[str, Any]:
    text = (files("hippodrome.games.win_place_show") / "material.toml").read_text("utf-8")
    return tomllib.loads(text)


def parsed(data: dict[str, Any]) -> tuple[Material | None, list[str]]:
    found: list[str] = []
    return FILE.parse(data, found), found


def test_the_shipped_tote_board_passes_the_data_check() -> None:
    m = material()
    assert calibration.payout_problems(m) == []
    assert calibration.check() == []
    assert m.provenance["payouts"] == "reconstructed"
    assert "no bet on any horse" in raw()["payouts"]["constraint"]


def test_a_too_generous_price_is_refused_naming_the_race_horse_and_kind() -> None:
    # Mister Lucky shows in nine races of ten: $2,000 for $1,000 on it to show pays 1.8 a dollar.
    data = raw()
    data["payouts"]["prices"]["mister_lucky"] = {"win": 2_500, "place": 2_000, "show": 2_000}
    m, found = parsed(data)
    assert m is not None and found == []
    problems = calibration.payout_problems(m)
    assert any(
        p.startswith("race 1, mister_lucky, show: a price of $2,000") and "more than the stake" in p
        for p in problems
    ), problems


def test_the_old_table_at_the_odds_is_refused() -> None:
    # Before issue 32: the stake back and N to 1 for win, N/2 for place, N/3 for show. Show and
    # place bets paid more than their stake on most horses, favourites included.
    data = raw()
    for race in data["races"]:
        for h in race["horses"]:
            n = h["odds"]
            data["payouts"]["prices"][h["id"]] = {
                "win": 1_000 * (n + 1),
                "place": 1_000 + 1_000 * n // 2 // 100 * 100,
                "show": 1_000 + 1_000 * n // 3 // 100 * 100,
            }
    m, found = parsed(data)
    assert m is not None and found == []
    problems = calibration.payout_problems(m)
    assert any(p.startswith("race 1, mister_lucky, show") for p in problems), problems
    assert any(p.startswith("show bets return") and "outside" in p for p in problems), problems
    assert any(p.startswith("place bets return") and "outside" in p for p in problems), problems


def test_a_kind_of_bet_that_returns_too_little_is_refused() -> None:
    # Every show bet at the stake back: no bet returns more than it costs, but show bets return
    # about half a dollar, far below what a track's take would leave.
    data = raw()
    for line in data["payouts"]["prices"].values():
        line["show"] = 1_000
    m, _ = parsed(data)
    assert m is not None
    problems = calibration.payout_problems(m)
    assert [p for p in problems if p.startswith("show bets return")], problems
    assert not any(p.startswith(("win bets", "place bets")) for p in problems), problems


def test_a_line_of_the_board_must_be_whole_ordered_and_pay_the_stake_back() -> None:
    data = raw()
    prices = data["payouts"]["prices"]
    prices["gold_rush"] = {"win": 1_500, "place": 1_700, "show": 1_200}  # a place above a win
    prices["pepper"] = {"win": 6_820, "place": 2_000, "show": 1_400}  # not to the breakage
    prices["daybreak"] = {"win": 6_000, "place": 2_000, "show": 900}  # below the stake back
    del prices["moonshine"]
    prices["nobody"] = {"win": 2_000, "place": 1_500, "show": 1_200}
    _, found = parsed(data)
    assert any("gold_rush" in p and "win >= place >= show" in p for p in found), found
    assert any("pepper" in p and "multiples of $50" in p for p in found), found
    assert any("daybreak" in p and "at least the $1,000" in p for p in found), found
    assert any("no prices for moonshine" in p for p in found), found
    assert any("no such horse: nobody" in p for p in found), found


def test_the_fit_prices_a_bet_at_the_take_over_the_top_of_its_chance() -> None:
    # Paid in 2,000 of 10,000 races: a chance of 20%, at most 20.7% (one-sided 95%); 0.85 / 0.207
    # is $4,108 for $1,000, rounded down to $4,100; at the top of the interval it returns 0.85.
    m = material()
    low, high = tote.wilson(2_000, 10_000, tote.FIT_Z)
    assert 0.19 < low < 0.2 < high < 0.21
    price = tote.fit_price(m, 2_000, 10_000)
    assert price == 4_100 and price * high / m.price_per <= 0.85
    assert tote.fit_price(m, 9_500, 10_000) == m.price_per  # a sure thing: the stake back
    # The daily double: the two win prices with the take once, to the breakage below.
    first, second = m.races[0].horses[0], m.races[1].horses[0]
    expected = first.prices[0] * second.prices[0] * 100 // (m.price_per * (100 - m.take))
    assert tote.double_price(m, first, second) == expected // m.breakage * m.breakage
