"""The bid helper's and the slip's numbers (issue 34, ``worth.py``): each horse's chances of paying
a win, a place and a show bet from its odds (a Plackett-Luce model), the purse it can expect (D1's
shares), the suggested secret bid (§9), and the daily doubles' prices (D4), sent with the board data."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from hippodrome.games.win_place_show.material import material
from hippodrome.games.win_place_show.rules import WinPlaceShow
from hippodrome.games.win_place_show.tote import double_price
from hippodrome.games.win_place_show.view import board_data, render_text
from hippodrome.games.win_place_show.worth import MARGIN, doubles, race_worth

M = material()


@pytest.mark.parametrize("index", range(len(M.races)))
def test_the_chances_are_a_finishing_order_s_and_follow_the_odds(index: int) -> None:
    """One horse wins, two are in the first two, three in the first three: the chances of each kind
    sum to 1, 2 and 3; a horse's chances grow from win to show; and the shorter its odds, the better
    its chances (the odds are the programme's line, held to the races by the data check)."""
    horses = M.races[index].horses
    worth = race_worth(index)
    for n, kind in enumerate(("win", "place", "show"), start=1):
        total = sum(w["chances"][kind] for w in worth)
        assert total == pytest.approx(n, abs=0.01), (kind, total)
    for horse, w in zip(horses, worth, strict=True):
        c = w["chances"]
        assert 0 < c["win"] <= c["place"] <= c["show"] < 1, (horse.id, c)
    ranked = sorted(zip(horses, worth, strict=True), key=lambda x: x[0].odds)
    for (a, wa), (b, wb) in pairwise(ranked):
        if a.odds < b.odds:
            assert wa["chances"]["win"] > wb["chances"]["win"], (a.id, b.id)
            assert wa["worth"] > wb["worth"], (a.id, b.id)


@pytest.mark.parametrize("index", range(len(M.races)))
def test_the_purse_a_horse_can_expect_shares_the_whole_purse_and_the_bid_keeps_a_margin(
    index: int,
) -> None:
    """D1: the first four share the whole purse, so what the six horses can expect adds up to it;
    the suggested bid is four fifths of a horse's share, in the bids' steps of $500 (§9), rounded
    down."""
    race = M.races[index]
    worth = race_worth(index)
    assert sum(w["worth"] for w in worth) == pytest.approx(race.purse, abs=6)
    for w in worth:
        suggested, share = w["suggested"], w["worth"]
        assert isinstance(suggested, int) and isinstance(share, int)
        assert suggested % M.bid_unit == 0
        assert share * MARGIN - M.bid_unit - 1 < suggested <= share * MARGIN


def test_the_daily_doubles_carry_the_tote_s_price_and_both_horses_chances() -> None:
    """D4: each pair of a horse of race 1 and one of race 2 has the tote's price for $1,000 and the
    chance that both win (the two races run apart)."""
    found = doubles()
    assert len(found) == 36
    a, b = M.races[0].horses[0], M.races[1].horses[1]
    pair = found[f"{a.id}+{b.id}"]
    assert pair["price"] == double_price(M, a, b)
    wins = race_worth(0)[0]["chances"]["win"] * race_worth(1)[1]["chances"]["win"]
    assert pair["chance"] == pytest.approx(wins, abs=0.001)


def test_the_board_data_carries_the_helper_s_numbers_as_json() -> None:
    """The browser reads them from GET /api/games/win_place_show/board: public, the same for every
    seat, plain JSON."""
    data = json.loads(json.dumps(board_data()))
    horse = data["races"][2]["horses"][0]
    assert set(horse["chances"]) == {"win", "place", "show"}
    assert horse["suggested"] == race_worth(2)[0]["suggested"]
    assert data["purse_split"] == list(M.purse_split) and data["bid_unit"] == M.bid_unit
    assert data["price_per"] == M.price_per and len(data["doubles"]) == 36


def test_the_text_view_s_programme_has_no_german_in_french() -> None:
    """Issue 34: « Speed / Klasse » are the seed's German; the French head says « vitesse »,
    « classe »."""
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    french = render_text(state.observation(0), "fr", ["Ann", "Bob"])
    assert "vitesse" in french and "classe" in french
    assert "Speed" not in french and "Klasse" not in french
