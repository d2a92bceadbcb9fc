"""« Quelques Conseils pour jouer au Royal Steeple Chase Contract »: the hand's point count and the
table of calls and supports, as the seed prints them, and the heuristic bot that bids, doubles and
redoubles by them."""

from __future__ import annotations

import random

from hippodrome.engine.bot import SeatView
from hippodrome.games.royal_steeple_chase.contract import (
    AVERAGE,
    GRAND_SLAM,
    LADDER,
    PASS,
    PLACED,
    SMALL_SLAM,
    TABLE_NEEDS,
    WINNER,
    hand_points,
    opening_call,
    partner_call,
    points_for,
    should_double,
    should_redouble,
    shown_points,
)
from hippodrome.games.royal_steeple_chase.heuristic import SteepleHeuristic
from hippodrome.games.royal_steeple_chase.material import material
from hippodrome.games.royal_steeple_chase.rules import (
    TYPES,
    Phase,
    RoyalSteepleChase,
    SteepleState,
)
from tests.games.royal_steeple_chase.positions import card


def hand(*cards: str) -> list[int]:
    out = [0] * TYPES
    for text in cards:
        out[card(text)] += 1
    return out


def test_the_count_galop_and_royal_4_trot_3_pas_white_hurdle_and_chute_2() -> None:
    """« Compter tous les points d'avance même ceux des couleurs adverses. Le galop et le Royal valent
    : 4. Le trot: 3. Le pas, la haie blanche, la chute : 2. »"""
    assert hand_points(hand("R/4")) == 8
    assert hand_points(hand("4/0")) == 6
    assert hand_points(hand("3/H")) == 5
    assert hand_points(hand("3r/Hb")) == 3, "a coloured trot counts, a coloured hurdle does not"
    assert hand_points(hand("Hr/Hv")) == 0
    assert hand_points(hand("3/2", "3/2")) == 10


def test_the_average_hand_is_57_points() -> None:
    """« Le jeu moyen représente 57 points »: the deck's points over four hands of 15."""
    deck = [0] * TYPES
    for t in material().deck:
        deck[t] += 1
    assert hand_points(deck) == 4 * AVERAGE


def test_the_calls_by_points() -> None:
    """« 57 ou moins Passe; 58 à 60 Placé; 61 à 63 Gagnant; 64 à 66 Gagnant + 1 case d'avance; 67 à
    75 Gagnant + 2 [...] 85 à 93 Gagnant + 4 »."""
    assert [opening_call(p) for p in (57, 58, 60, 61, 63, 64, 66, 67, 75, 76, 84, 85, 93)] == [
        PASS, PLACED, PLACED, WINNER, WINNER, "gagnant+1", "gagnant+1", "gagnant+2",
        "gagnant+2", "gagnant+3", "gagnant+3", "gagnant+4", "gagnant+4",
    ]  # fmt: skip
    assert LADDER.index(PLACED) < LADDER.index(WINNER) < LADDER.index(SMALL_SLAM)


def test_the_partner_supports_by_the_table() -> None:
    """« Votre partenaire s'il a le nombre de points indiqués ou davantage enchérit de »: over a pass,
    63 Gagnant, 69 Gagnant + 1, 75 Gagnant + 2; over Gagnant + 2 (67 to 75), 57 Gagnant + 3, 63
    Gagnant + 4, 69 Petit Schlem; over Gagnant + 4, 51 Petit Schlem, 57 Grand Schlem."""
    assert partner_call(50, 62) is None
    assert partner_call(50, 63) == WINNER
    assert partner_call(50, 75) == "gagnant+2"
    assert partner_call(70, 57) == "gagnant+3"
    assert partner_call(70, 69) == SMALL_SLAM
    assert partner_call(80, 66) == GRAND_SLAM
    assert partner_call(90, 51) == SMALL_SLAM
    assert partner_call(90, 57) == GRAND_SLAM


def test_a_partner_reads_the_points_from_the_call() -> None:
    """The table's rows by the opener's points: « 58 à 60 Placé », « 61 à 63 Gagnant »..."""
    assert points_for(PLACED) == 58 and points_for(WINNER) == 61 and points_for("gagnant+4") == 85
    assert opening_call(points_for("gagnant+2")) == "gagnant+2"


def test_the_heuristic_bot_bids_by_the_table() -> None:
    """The heuristic bot opens with the table's call for its count and passes over a higher one."""
    state = RoyalSteepleChase.from_options(players=4, scoring="contract").new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    bot = SteepleHeuristic()
    while state.phase is Phase.CALLS:
        seat = state.active_players()[0]
        action = bot.choose(SeatView(state, seat), rng)
        assert str(action).startswith("annonce "), "it asks for a colour"
        state.apply(action, seat)
    assert all(state.horse_of(q) >= 0 for q in range(4))
    points = hand_points(state.hands[0])
    action = bot.choose(SeatView(state, 0), rng)
    expected = opening_call(points)
    assert str(action) == ("passe" if expected == PASS else f"annonce {expected}")
    state.apply(action, 0)
    seat = state.active_players()[0]
    bot.choose(SeatView(state, seat), rng)  # any answer, legal


def test_what_the_table_needs_for_each_call() -> None:
    """D81: the camp's count with which the table reaches each call, each row at its middle count
    with the partner's thresholds, or an average partner (57) for the row's own call."""
    assert TABLE_NEEDS == {
        PLACED: 116,
        WINNER: 119,
        "gagnant+1": 122,
        "gagnant+2": 125,
        "gagnant+3": 128,
        "gagnant+4": 134,
        SMALL_SLAM: 140,
        GRAND_SLAM: 146,
    }
    assert TABLE_NEEDS[WINNER] == 62 + AVERAGE, "« 61 à 63 Gagnant » with an average partner"
    # A defender with 58 and an average partner leaves the demanders 113, a column short of 119.
    assert should_double(WINNER, 58, AVERAGE) and not should_double(WINNER, 57, AVERAGE)
    assert not should_double(PLACED, 80, 80), "« Un placé ne donne aucun point »: no double"
    assert should_double(SMALL_SLAM, 50, 57) and not should_double(SMALL_SLAM, 40, 50)
    assert should_redouble("gagnant+1", 67, 61) and not should_redouble("gagnant+1", 66, 61)


def bidding(seed: int) -> SteepleState:
    """A contract deal after the colour rounds (seat 0 red, 1 blue, 2 yellow, 3 green), seat 0,
    the dealer, to open the bidding."""
    state = RoyalSteepleChase.from_options(players=4, scoring="contract").new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    for seat, colour in enumerate("rbjv"):
        state.apply(state.game.parse_action(f"annonce {colour}"), seat)
    assert state.phase is Phase.BIDDING and state.active_players() == (0,)
    return state


def dealt_with(seat: int, low: int, high: int) -> SteepleState:
    """The first deal (by seed) in which ``seat`` counts ``low`` to ``high`` points."""
    for seed in range(300):
        state = bidding(seed)
        if low <= hand_points(state.hands[seat]) <= high:
            return state
    raise AssertionError(f"no deal gives seat {seat} {low} to {high} points")


def test_the_heuristic_bot_doubles_a_call_its_count_says_will_fail() -> None:
    """« Si les adversaires affirment que les demandeurs ne réaliseront pas leur contract : ils
    contrent » (D81): over seat 0's « Gagnant », seat 1 with 58 to 63 points (too few to bid higher
    by the table) doubles; with 55 or fewer it passes."""
    bot = SteepleHeuristic()
    strong = dealt_with(1, 58, 63)
    strong.apply(strong.game.parse_action("annonce gagnant"), 0)
    assert str(bot.choose(SeatView(strong, 1), random.Random(1))) == "annonce contre"
    weak = dealt_with(1, 0, 55)
    weak.apply(weak.game.parse_action("annonce gagnant"), 0)
    assert str(bot.choose(SeatView(weak, 1), random.Random(1))) == "passe"


def test_the_heuristic_bot_redoubles_when_its_count_says_the_contract_is_made() -> None:
    """« Si les demandeurs affirment, après un contre, qu'ils réaliseront leur contract, il y a
    surcontre » (D81): seat 0 called « Gagnant », seat 1 doubled, the others passed; seat 0 with 68
    points or more (and an average partner: 125, a column above the 119 « Gagnant » needs)
    redoubles; with 60 or fewer it passes."""
    bot = SteepleHeuristic()
    for low, high, expected in ((68, 99, "annonce surcontre"), (0, 60, "passe")):
        state = dealt_with(0, low, high)
        for seat, text in (
            (0, "annonce gagnant"),
            (1, "annonce contre"),
            (2, "passe"),
            (3, "passe"),
        ):
            state.apply(state.game.parse_action(text), seat)
        assert state.active_players() == (0,)
        assert str(bot.choose(SeatView(state, 0), random.Random(1))) == expected, (low, high)


def test_what_a_players_calls_show_of_his_hand() -> None:
    """D81: an opening shows the count the table opens it with (« 64 à 66 Gagnant + 1 »), a raise
    of one's partner's call or silence shows an average hand."""
    state = bidding(3)
    for seat, text in ((0, "annonce gagnant+1"), (1, "passe"), (2, "annonce gagnant+3")):
        state.apply(state.game.parse_action(text), seat)
    assert shown_points(state, 0) == 64
    assert shown_points(state, 2) == AVERAGE, "a raise of the partner's call"
    assert shown_points(state, 1) == AVERAGE, "a pass"
