"""The bridge players' variants of Royal Steeple Chase, one scenario per sentence of the seed.

« VARIANTES POUR LES BRIDGEURS » (seed, after the example): « Royal Steeple Chase aux enchères ». Seats
0 and 2 are partners in the first rubber (« on a en face de soi son partenaire »), 1 and 3 the
other camp; seat 0 runs red, 1 blue, 2 yellow, 3 green. Decisions D60 and after are in
docs/rules/royal_steeple_chase.md; expected figures are worked out from the seed's LA MARQUE.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hippodrome.engine import IllegalActionError
from hippodrome.engine.errors import OptionsError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import render
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.board import MAX_DEALS, cards_text
from hippodrome.games.royal_steeple_chase.bridged import BridgeTable, ContractBook
from hippodrome.games.royal_steeple_chase.contract import LADDER
from hippodrome.games.royal_steeple_chase.material import material
from hippodrome.games.royal_steeple_chase.rules import (
    FINISH,
    NOBODY,
    Phase,
    RoyalSteepleChase,
    SteepleState,
)
from tests.games.royal_steeple_chase.positions import card, table

R, B, J, V = range(4)
OWNERS = {"r": 0, "b": 1, "j": 2, "v": 3}


def bridge(state: SteepleState) -> BridgeTable:
    assert state.bridge is not None, "the game is not a bridge players' variant"
    return state.bridge


def racing(at: dict[str, int], hands: dict[int, list[str]], **kw: Any) -> SteepleState:
    """An « aux enchères » race, seat 0 to play, no own hurdles left to lay."""
    state = table(4, horses=OWNERS, at=at, hands=hands, scoring="auction", **kw)
    state.in_hand = [0] * 4
    return state


def play(state: SteepleState, seat: int, *actions: str) -> list[Event]:
    out: list[Event] = []
    for text in actions:
        out += state.apply(state.game.parse_action(text), seat)
    return out


def phase(state: SteepleState) -> Phase:
    """The phase, read afresh (actions change it)."""
    return state.phase


def legal(state: SteepleState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def dealt(seed: int = 3) -> SteepleState:
    state = RoyalSteepleChase.from_options(players=4, scoring="auction").new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


# -- DISTRIBUTION DU JEU --------------------------------------------------------------------------


def test_the_four_pas_pas_coloured_cards_are_removed_and_13_cards_dealt_4_turned_up() -> None:
    """« Enlever du jeu les 4 cartes Pas²/Pas coloré², puis distribuer 13 cartes à chaque joueur et
    retourner les 4 dernières cartes. »"""
    state = dealt()
    assert [sum(hand) for hand in state.hands] == [13, 13, 13, 13]
    assert sum(state.spread) == 4 and sum(state.undealt) == 0
    for text in ("2/2r", "2/2b", "2/2j", "2/2v"):
        t = card(text)
        assert state.spread[t] == 0 and all(hand[t] == 0 for hand in state.hands), text
    assert len(state.game.way.deck()) == len(material().deck) - 4 == 56
    assert state.phase is Phase.HORSES, "the horses are asked for as usual"


def test_two_mobile_hurdles_each_laid_before_the_start_or_on_ones_turn() -> None:
    """« Deux haies mobiles sont distribuées à chaque joueur ; on les place où on le désire avant le
    départ ou à son tour de jouer pendant la partie. »"""
    state = dealt()
    assert state.in_hand == [2, 2, 2, 2]
    race = racing({}, {0: ["3/2"]})
    race.in_hand = [2, 2, 2, 2]
    assert "haie b 5-6" in legal(race, 0), "on one's turn, on another lane"
    assert not any(a.startswith("haie r ") for a in legal(race, 0)), "not on one's own lane (D16)"


def test_partners_face_each_other() -> None:
    """« Les quatre joueurs se placent comme au bridge, on a en face de soi son partenaire »."""
    state = dealt()
    assert bridge(state).partner == [2, 3, 0, 1]
    assert state.observation(1)["partners"] == [2, 3, 0, 1]
    assert state.observation(1)["rubber"] == 1


def test_the_variant_is_for_four_players() -> None:
    with pytest.raises(OptionsError):
        RoyalSteepleChase.from_options(players=5, scoring="auction")
    with pytest.raises(OptionsError):
        RoyalSteepleChase.from_options(players=4, scoring="auction", camps="fixed")


# -- no exchange with one's partner ---------------------------------------------------------------


def test_no_card_is_exchanged_with_ones_partner() -> None:
    """« on ne peut échanger aucune carte avec son partenaire, ni acheter de cartes pour lui »."""
    state = racing({}, {0: ["3/2"], 1: ["R/4"], 2: ["4/0"], 3: ["3/H"]}, phase=Phase.TRADE)
    choices = legal(state, 0)
    assert "propose 1 3/2" in choices and "propose 3 3/2" in choices
    assert "propose 2 3/2" not in choices
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        state.apply(state.game.parse_action("propose 2 3/2"), 0)
    assert err.value.key == "royal_steeple_chase.refused.partner_trade"
    assert json.dumps(state.to_json(), sort_keys=True) == before


# -- MARCHE DU JEU --------------------------------------------------------------------------------


def test_white_cards_may_benefit_the_partner_in_whole_or_in_part() -> None:
    """« un joueur peut faire bénéficier son partenaire en totalité ou en partie des cartes non
    colorées jouées par lui »: each white advance goes to one's horse or one's partner's."""
    state = racing({"r": 3, "b": 3, "j": 3, "v": 3}, {0: ["3/2", "4/3r"]})
    play(state, 0, "joue 3/2")
    halves = legal(state, 0)
    assert {"3 r", "3 j", "2 r", "2 j"} <= halves
    assert not {"3 b", "3 v", "2 b", "2 v"} & halves, "never an opponent's horse"
    play(state, 0, "3 j", "2 r")  # in part: the trot to the partner, the pas to oneself
    assert state.pos[J] == 6 and state.pos[R] == 5
    state.turn = 0
    play(state, 0, "joue 4/3r")
    assert "3r r" in legal(state, 0) and "3r j" not in legal(state, 0), "a coloured half stays"


def test_a_white_hurdle_may_be_taken_off_the_partners_lane() -> None:
    """The white hurdle « retirer une haie sur sa propre piste », and the partner's (D67)."""
    state = racing({"r": 3, "j": 3}, {0: ["3/H"]}, hurdles={"j": ["7-8"], "b": ["7-8"]})
    play(state, 0, "joue 3/H")
    halves = legal(state, 0)
    assert "H -j 7-8" in halves and "H -b 7-8" not in halves
    play(state, 0, "H -j 7-8", "3 r")
    assert state.hurdles[J] == 0


def test_passing_the_second_river_before_the_partner_crossed_the_first_cancels_the_card() -> None:
    """« il est interdit : 1° De passer la deuxième rivière tant que le cheval du partenaire n'a pas
    franchi la première rivière [...] la carte jouée serait annulée et aucune des indications
    qu'elle porte ne serait exécutée »: the hurdle laid by the card's other half goes too."""
    state = racing({"r": 14, "b": 5, "j": 8, "v": 3}, {0: ["3/Hb", "3/2"], 1: ["3/2"]})
    events = play(state, 0, "joue 3/Hb", "Hb b 7-8", "3 r")
    assert ev.CardCancelled(0, R, "second_river") in events
    assert state.pos[R] == 14 and state.hurdles[B] == 0, "nothing of the card is carried out"
    assert state.hands[0][card("3/Hb")] == 0, "the card is played, and lost"
    assert state.phase is Phase.RACE and state.turn == 1
    assert bridge(state).before is None


def test_the_second_river_may_be_passed_once_the_partner_crossed_the_first() -> None:
    state = racing({"r": 14, "b": 5, "j": 11, "v": 3}, {0: ["3/Hb"], 1: ["3/2"]})
    events = play(state, 0, "joue 3/Hb", "Hb b 7-8", "3 r")
    assert not any(isinstance(e, ev.CardCancelled) for e in events)
    assert state.pos[R] == 17


def test_an_opponents_horse_is_held_by_its_own_partner() -> None:
    """D65: the restriction binds every horse by its rider's partner, whoever plays the card."""
    state = racing({"r": 3, "b": 14, "j": 3, "v": 8}, {0: ["3b/Hr"], 1: ["3/2"]})
    events = play(state, 0, "joue 3b/Hr", "Hr r 7-8", "3b b")
    assert ev.CardCancelled(0, B, "second_river") in events
    assert state.pos[B] == 14 and state.hurdles[R] == 0


def test_winning_before_the_partner_crossed_the_second_river_cancels_the_card() -> None:
    """« 2° De passer la ligne d'arrivée pour être gagnant tant que le cheval du partenaire n'a pas
    franchi la deuxième rivière. »"""
    state = racing({"r": 21, "b": 5, "j": 14, "v": 3}, {0: ["3/H"], 1: ["3/2"]})
    course = (state.pos[:], state.hurdles[:], state.honours[:], state.below[:])
    events = play(state, 0, "joue 3/H", "3 r", "H b 7-8")
    assert ev.CardCancelled(0, R, "finish") in events
    assert state.pos[R] == 21 and state.hurdles[B] == 0
    assert state.winner == NOBODY and state.finished == []
    assert (state.pos, state.hurdles, state.honours, state.below) == course, "nothing changed"
    told = ev.CardCancelled(0, R, "finish").narrate("fr", ["A", "B", "C", "D"])
    assert "ligne d'arrivée" in told and "deuxième rivière" in told, told


def test_finishing_placed_is_allowed_before_the_partner_crossed() -> None:
    """« On peut toutefois terminer placé sans que son partenaire ait franchi la deuxième
    rivière. » The placed marks 100 and 10, the winner 300, 20 and 10 a square of lead."""
    state = racing({"r": 21, "b": FINISH, "j": 14, "v": 3}, {0: ["3/2"], 1: ["3/2"]})
    state.finished, state.winner, state.lead = [B], 1, 3
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert not any(isinstance(e, ev.CardCancelled) for e in events)
    assert state.placed == 0 or state.races == 1
    assert state.honours == [100, 300, 100, 300]
    assert state.below == [10, 50, 10, 50]
    assert state.phase is Phase.DEAL, "the next deal"


def test_grand_slam_doubled_placed_and_the_first_game() -> None:
    """The winner's lead counts « sur le cheval adverse le plus voisin » (not the partner's); the
    placed « double ces points s'il est partenaire du gagnant »; « si les deux adversaires n'ont pas
    franchi la grande rivière il y a grand schlem et l'on marque 100 à la manche et 1.000 aux
    honneurs »; « Pour la première manche on marque aux honneurs 300. »"""
    state = racing({"r": 21, "b": 14, "j": 21, "v": 12}, {0: ["3/2"], 1: ["3/2"]})
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(0, 300, 20 + 10 * (FINISH - 14), "winner") in events, "8 squares on blue"
    # winner 300 / 20 + 80; placed partner 200 / 20; grand slam 1000 / 100; first game 300
    assert state.honours == [1800, 0, 1800, 0]
    assert state.below == [220, 0, 220, 0]
    assert state.games == [1, 0, 1, 0] and state.toward == [0, 0, 0, 0]
    reasons = [e.reason for e in events if isinstance(e, ev.Scored) and e.player == 0]
    assert reasons == ["winner", "placed", "grand_slam", "first_game"]


def test_small_slam_when_one_opponent_has_not_crossed_the_great_river() -> None:
    state = racing({"r": 21, "b": 17, "j": 21, "v": 12}, {0: ["3/2"], 1: ["3/2"]})
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    reasons = [e.reason for e in events if isinstance(e, ev.Scored) and e.player == 2]
    assert "small_slam" in reasons
    # winner 300 / 20 + 50 (lead over blue on 17); placed 200 / 20; small slam 500 / 50
    assert state.honours[0] == 1000 + 300 and state.below[0] == 140


def test_the_second_game_wins_the_rubber_and_the_chips_are_dealt_again() -> None:
    """« le robre en deux manches [...] Pour la dernière manche 500 »; « Après chaque robre les
    points d'enchères sont à nouveau distribués »; « chaque joueur étant ainsi le partenaire des
    trois autres »."""
    state = racing({"r": 21, "b": 14, "j": 21, "v": 12}, {0: ["3/2"], 1: ["3/2"]})
    state.games = [1, 0, 1, 0]
    state.chips = [40, 160, 75, 125]
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert state.honours == [1000 + 500 + 500, 0, 2000, 0]
    assert ev.RubberBegun(2) in events
    assert bridge(state).rubber == 1 and bridge(state).partner == [1, 0, 3, 2]
    assert state.games == [0, 0, 0, 0] and state.chips == [100, 100, 100, 100]
    assert state.phase is Phase.DEAL


def test_the_match_is_three_rubbers() -> None:
    """« La partie se joue en trois robres »: the third rubber won ends it; in it seat 0 partners
    seat 3 (D61)."""
    state = racing({"r": 21, "b": 12, "j": 14, "v": 21}, {0: ["3/2"], 1: ["3/2"]})
    bridge(state).rubber = 2
    bridge(state).partner = [3, 2, 1, 0]
    state.games = [1, 1, 1, 1]
    assert "2 v" in (play(state, 0, "joue 3/2", "3 r") and legal(state, 0))
    play(state, 0, "2 v")
    assert state.phase is Phase.OVER
    assert state.placed == 3 and state.honours[3] == state.honours[0] == 2000
    assert state.honours[1] == state.honours[2] == 0
    assert set(state.outcome().winners) == {0, 3}


def won_rubber(state: SteepleState) -> None:
    """The rubber under way won by seat 0's camp: its second game made on the sheet, then the
    race's end (as when the winner crosses)."""
    camp = (0, bridge(state).partner[0])
    state.games = [1 if q in camp else 0 for q in range(4)]
    state.toward = [90 if q in camp else 0 for q in range(4)]
    state.winner, state.placed, state.lead = 0, bridge(state).partner[0], 3
    assert not state.game.way.end_race(state)


def turn_order(state: SteepleState, first: int) -> list[int]:
    """The seats in the order the turn goes round the table from ``first``."""
    return [state.flow.seat_after(first, k) for k in range(4)]


def test_three_rubbers_each_partner_once_and_the_turn_alternates_the_camps() -> None:
    """« La partie se joue en trois robres, chaque joueur étant ainsi le partenaire des trois
    autres » and « on a en face de soi son partenaire » (D61, D80): each player partners each of the
    three others exactly once, and in every rubber the players change places so that partners face
    each other: the turn, the deal, the auctions and the bidding go round the table alternating the
    camps (0, 2, 1, 3 in the second rubber, 0, 1, 3, 2 in the third)."""
    state = dealt()
    partners: list[set[int]] = [set() for _ in range(4)]
    orders = []
    for rubber in range(3):
        table_ = bridge(state)
        assert table_.rubber == rubber
        for q in range(4):
            assert table_.partner[q] not in partners[q], f"seat {q} partners the same seat twice"
            partners[q].add(table_.partner[q])
        for first in range(4):
            order = turn_order(state, first)
            camp = {first, table_.partner[first]}
            camps = [q in camp for q in order]
            assert camps == [True, False, True, False], (
                f"rubber {rubber + 1}: from seat {first} the turn goes {order}, not alternating "
                f"the camps {table_.partner}"
            )
            assert order[2] == table_.partner[first], "one's partner faces one: two turns away"
        orders.append(turn_order(state, 0))
        assert state.observation(1)["seating"] == orders[-1]
        if rubber < 2:
            won_rubber(state)
    assert partners == [{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}]
    assert orders == [[0, 1, 2, 3], [0, 2, 1, 3], [0, 1, 3, 2]]


def test_the_next_deal_goes_round_the_new_seating() -> None:
    """D80: after the first rubber the players sit 0, 2, 1, 3; the deal passes to the dealer's
    left in that order, his left receives the first card, and the horses are asked for in it."""
    state = dealt()
    assert state.dealer == 0
    won_rubber(state)
    state._begin_deal(state.flow.seat_after(state.dealer))
    assert state.dealer == 2, "seat 2 now sits on seat 0's left"
    first = state.chance_outcomes()[0][0]
    state.apply(first)
    assert sum(state.hands[1]) == 1, "the first card goes to the dealer's left, seat 1"
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    assert state.phase is Phase.HORSES and state.active_players() == (2,)
    asked = next(a for a in state.legal_actions(2) if str(a).startswith("demande"))
    state.apply(asked, 2)
    assert state.active_players() == (1,), "then seat 1, on seat 2's left"
    again = state.game.position_from_json(state.position_json())
    assert again.flow.order == (0, 2, 1, 3), "a position reloaded keeps the seating"


def test_a_race_without_a_winner_marks_nothing() -> None:
    """D69: « Si, après épuisement des cartes, il n'y a pas de gagnant la partie est nulle »."""
    hands = {0: ["Hb/Hj"], 1: ["Hr/Hj"], 2: ["Hb/Hv"], 3: ["Hr/Hb"]}
    state = racing({"r": 3, "b": 3, "j": 3, "v": 3}, hands)
    play(state, 0, "joue Hb/Hj", "Hb b 7-8", "Hj j 7-8")
    play(state, 1, "joue Hr/Hj", "Hr r 7-8", "Hj j 8-9")
    play(state, 2, "joue Hb/Hv", "Hb b 8-9", "Hv v 7-8")
    events = play(state, 3, "joue Hr/Hb", "Hr r 8-9", "Hb b 9-10")
    assert ev.RaceEnded(NOBODY, NOBODY) in events
    assert state.honours == state.below == [0, 0, 0, 0]
    assert state.phase is Phase.DEAL


# -- the position document ------------------------------------------------------------------------


def test_the_position_document_carries_the_camps_and_the_card_under_way() -> None:
    state = racing({"r": 14, "b": 5, "j": 8, "v": 3}, {0: ["3/Hb"], 1: ["3/2"]})
    play(state, 0, "joue 3/Hb", "3 r")
    doc = state.position_json()
    assert doc["bridge"]["before"][:4] == [14, 5, 8, 3]
    again = state.game.position_from_json(doc)
    assert again.position_json() == doc
    play(again, 0, "Hb b 7-8")
    assert again.pos[R] == 14, "the card is still cancelled whole after a reload"


def test_other_games_have_no_bridge_record_and_refuse_one() -> None:
    plain = RoyalSteepleChase.from_options(players=4).new_initial_state()
    doc = plain.position_json()
    assert "bridge" not in doc
    doc["bridge"] = {"partner": [2, 3, 0, 1], "rubber": 0, "before": None}
    with pytest.raises(RecordError) as err:
        plain.game.position_from_json(doc)
    assert err.value.field == "position.bridge"
    bridged = dealt()
    doc = bridged.position_json()
    doc["bridge"]["partner"] = [1, 2, 3, 0]
    with pytest.raises(RecordError):
        bridged.game.position_from_json(doc)
    del doc["bridge"]
    with pytest.raises(RecordError):
        bridged.game.position_from_json(doc)


def test_a_whole_match_of_random_play_ends_in_its_third_rubber_or_after_100_deals() -> None:
    """Random cards rarely make a winner, so random play's match may be stopped at 100 deals (D83):
    this one is, in its third rubber."""
    state = RoyalSteepleChase.from_options(players=4, scoring="auction").new_initial_state()
    rng = random.Random(11)
    for _ in range(200_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.active_players()[0]
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
    assert state.is_terminal()
    assert bridge(state).rubber == 3 or state.races == MAX_DEALS
    assert ev.RubberBegun(2) in state.events and ev.RubberBegun(3) in state.events


# -- ROYAL STEEPLE CHASE CONTRACT -----------------------------------------------------------------


def contract_dealt(seed: int = 3) -> SteepleState:
    state = RoyalSteepleChase.from_options(players=4, scoring="contract").new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def book(state: SteepleState) -> ContractBook:
    assert state.bridge is not None and state.bridge.contract is not None
    return state.bridge.contract


def refused(state: SteepleState, seat: int, text: str, key: str) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as err:
        state.apply(state.game.parse_action(text), seat)
    assert err.value.key == f"royal_steeple_chase.refused.{key}", err.value.key
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_contract_deals_15_cards_each_and_no_chips() -> None:
    """« On donne 15 cartes à chaque joueur en les distribuant une à une »; « Comme précédemment
    chaque joueur reçoit deux haies mobiles ; il n'y a plus d'achat ni d'échange de cartes ; les
    points d'enchères n'existent plus. »"""
    state = contract_dealt()
    assert [sum(hand) for hand in state.hands] == [15] * 4
    assert sum(state.spread) == 0 and state.chips == [0] * 4 and state.in_hand == [2] * 4
    assert state.phase is Phase.CALLS and state.turn == state.dealer == 0, "« Le donneur parle »"


def test_the_colour_rounds_a_pass_allowed_once() -> None:
    """« au premier tour on demande les couleurs [...] On peut passer, c'est-à-dire ne rien demander
    au premier tour, mais on doit parler obligatoirement au deuxième tour. »"""
    state = contract_dealt()
    play(state, 0, "annonce r")
    assert state.owner[R] == 0
    play(state, 1, "passe")
    refused(state, 2, "annonce r", "colour_held")
    play(state, 2, "annonce j")
    play(state, 3, "annonce v")
    assert state.turn == 1 and "passe" not in legal(state, 1), "he must speak now"
    play(state, 1, "annonce b")
    assert state.phase is Phase.BIDDING and state.turn == 0
    assert book(state).call == -1


def called(seed: int = 3) -> SteepleState:
    state = contract_dealt(seed)
    play(state, 0, "annonce r")
    play(state, 1, "annonce b")
    play(state, 2, "annonce j")
    play(state, 3, "annonce v")
    return state


def test_the_bidding_ladder_double_and_who_leads() -> None:
    """« Je demande Gagnant + 1, mon partenaire enchérit Gagnant + 2 c'est lui qui joue le premier.
    Si un adversaire contre, c'est lui qui jouera le premier. » A bid below the current one and a
    double of one's partner are refused."""
    state = called()
    play(state, 0, "annonce gagnant+1")
    refused(state, 1, "annonce gagnant", "call_too_low")
    play(state, 1, "passe")
    refused(state, 2, "annonce contre", "double_partner")
    play(state, 2, "annonce gagnant+2")
    assert book(state).declarer == 2 and book(state).leader == 2
    play(state, 3, "annonce contre")
    assert book(state).doubled == 1 and book(state).leader == 3
    play(state, 0, "passe")
    play(state, 1, "passe")
    assert "annonce surcontre" in legal(state, 2)
    play(state, 2, "passe")
    assert state.phase is Phase.DISCARD, "three passes after a call end the bidding"
    assert book(state).call == 3 and book(state).declarer == 2


def test_a_colour_in_a_bid_takes_that_horse_for_ones_own() -> None:
    """« en indiquant celle-ci on reprend le cheval correspondant, soit à son partenaire, soit à ses
    adversaires. On livre alors en échange son propre cheval. »"""
    state = called()
    play(state, 0, "annonce v gagnant")
    assert state.owner[V] == 0 and state.owner[R] == 3


def test_three_cards_eliminated_and_shown_then_the_last_to_speak_plays_first() -> None:
    """« chaque joueur élimine trois cartes et les montre »; « S'il n'y a pas eu d'annonces
    d'enchères le donneur joue le premier, autrement c'est le joueur qui a parlé le dernier »."""
    state = called()
    play(state, 0, "passe")
    play(state, 1, "annonce gagnant")
    for seat in (2, 3, 0):
        play(state, seat, "passe")
    assert state.phase is Phase.DISCARD and state.turn == 0
    for seat in range(4):
        for _ in range(3):
            cards = sorted(legal(state, seat))
            events = play(state, seat, cards[0])
            eliminated = [e for e in events if isinstance(e, ev.CardEliminated)]
            assert eliminated and eliminated[0].seen_by(seat + 1) == eliminated[0], "shown"
    assert [sum(hand) for hand in state.hands] == [12] * 4 and sum(state.discards) == 12
    while phase(state) is Phase.OWN_HURDLES:
        play(state, state.turn, "passe")
    assert phase(state) is Phase.RACE and state.turn == 1


def test_no_call_at_all_the_dealer_plays_first() -> None:
    state = called()
    for seat in range(4):
        play(state, seat, "passe")
    assert state.phase is Phase.DISCARD and book(state).leader == NOBODY


def contract_race(at: dict[str, int], call: str, declarer: int, doubled: int = 0) -> SteepleState:
    state = table(4, horses=OWNERS, at=at, hands={0: ["3/2"], 1: ["3/2"]}, scoring="contract")
    state.in_hand = [0] * 4
    b = book(state)
    b.call, b.declarer, b.doubled, b.leader = LADDER.index(call), declarer, doubled, declarer
    return state


def test_a_contract_made_doubled_on_top_of_the_winner_and_placed() -> None:
    """MARQUE DU CONTRACT RÉALISÉ: « Un " gagnant " donne 40 points et en plus 20 par case d'avance
    demandée »; « Aux honneurs. Un " Gagnant " donne 100 points et en plus 100 par case d'avance
    demandée »; doubled when contré; « les manches se jouent en 150 points »."""
    state = contract_race({"r": 21, "b": 14, "j": 21, "v": 12}, "gagnant+2", 0, doubled=1)
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(0, 600, 160, "contract") in events
    # winner 300/100, placed partner 200/20, grand slam 1000/100, contract 600/160, first game 300
    assert state.honours == [2400, 0, 2400, 0] and state.below == [380, 0, 380, 0]
    assert state.games == [1, 0, 1, 0]


def test_squares_asked_and_not_made_go_to_the_opponents() -> None:
    """« Pour les cases d'avance demandées et non réalisées 100 points par case d'avance manquante »
    (not doubled: the demanders have the winner)."""
    state = contract_race({"r": 21, "b": 19, "j": 21, "v": 12}, "gagnant+4", 0)
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(1, 100, 0, "contract_down") in events  # lead 3 on blue, one square short
    assert state.honours[1] == state.honours[3] == 100


def test_a_winner_contract_lost_redoubled() -> None:
    """« Pour un " gagnant " non réalisé les adversaires marquent 100 points », the squares « doublés
    si les adversaires ont le gagnant », all « quadruplées » when surcontré."""
    state = contract_race({"r": 21, "b": 14, "j": 21, "v": 12}, "gagnant+1", 1, doubled=2)
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(0, (100 + 2 * 100) * 4, 0, "contract_down") in events


def test_contract_position_document_round_trip() -> None:
    state = called()
    play(state, 0, "annonce gagnant")
    doc = state.position_json()
    assert doc["bridge"]["contract"]["call"] == 1
    again = state.game.position_from_json(doc)
    assert again.bridge == state.bridge and again.position_json() == doc
    del doc["bridge"]["contract"]
    with pytest.raises(RecordError):
        state.game.position_from_json(doc)
    assert "contract" not in dealt().position_json()["bridge"]


def test_a_slam_made_and_a_slam_defeated() -> None:
    """« 100 pour " Petit Schlem " »; « Pour un petit Schlem 1.000 points supplémentaires »; « Pour un
    schlem demandé et non réalisé 500 points qui sont doublés si les adversaires ont le gagnant »."""
    state = contract_race({"r": 21, "b": 14, "j": 21, "v": 17}, "petit_schlem", 0)
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(0, 100 + 1000, 100, "contract") in events
    state = contract_race({"r": 21, "b": 14, "j": 21, "v": 17}, "petit_schlem", 1)
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(0, 500 * 2 + 100, 0, "contract_down") in events


def test_a_grand_slam_made() -> None:
    """« 200 pour " Grand Schlem " » at the game; « Pour un grand Schlem 2.000 points
    supplémentaires » in honours, on the « Gagnant »'s 100 (D73): winner and placed in the camp,
    neither opponent over the great river."""
    state = contract_race({"r": 21, "b": 14, "j": 21, "v": 12}, "grand_schlem", 0)
    events = play(state, 0, "joue 3/2", "3 r", "2 j")
    assert ev.Scored(0, 100 + 2000, 200, "contract") in events
    assert ev.Scored(2, 100 + 2000, 200, "contract") in events, "the partner's line too (D64)"


def test_a_placed_call_marks_nothing_made_or_not() -> None:
    """« A la manche. Un " placé " ne donne aucun point » (D72): a « Placé » contract adds nothing to
    the winner's and the placed's own marks, made or not."""
    for declarer in (0, 1):
        state = contract_race({"r": 21, "b": 14, "j": 21, "v": 12}, "place", declarer)
        events = play(state, 0, "joue 3/2", "3 r", "2 j")
        reasons = {e.reason for e in events if isinstance(e, ev.Scored)}
        assert not reasons & {"contract", "contract_down"}, (declarer, reasons)


def test_contract_games_are_played_in_150_points() -> None:
    """« les manches se jouent en 150 points »: 100 and more toward the game is no game yet in the
    contract game (it would be « aux enchères »)."""
    for state, games in (
        (contract_race({}, "place", 0), [0, 0, 0, 0]),
        (racing({}, {}), [1, 0, 1, 0]),
    ):
        state.toward = [90, 0, 90, 0]
        state.winner, state.placed, state.lead = 0, 1, 1  # 20 and 10 for the lead; 10 placed
        assert not state.game.way.end_race(state)
        assert state.games == games, state.game.options.scoring
        assert state.toward[0] == (120 if games[0] == 0 else 0), "120 toward a game of 150"
    assert state.honours[0] == 300 + 300, "« aux enchères » the first game marks 300"


def test_two_contract_deals_of_random_play_end() -> None:
    game = RoyalSteepleChase.from_options(players=4, scoring="contract", deals=2)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(100_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.active_players()[0]
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
    assert state.is_terminal() and state.races == 2
    assert game.position_from_json(state.position_json()).bridge == state.bridge


@pytest.mark.parametrize("scoring", ["auction", "contract"])
def test_a_partners_hand_is_as_hidden_as_an_opponents(scoring: str) -> None:
    """Secrets stay secret: a partner's cards are no more seen than an opponent's, and a
    determinization for seat 0 deals its partner's unseen cards anew."""
    state = RoyalSteepleChase.from_options(players=4, scoring=scoring).new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    seen = state.observation(0)
    assert "hand" in seen and seen["known_cards"][2] == [] and seen["partners"][0] == 2
    dealt_to_partner = [e for e in state.events if isinstance(e, ev.CardDealt) and e.player == 2]
    assert all(e.seen_by(0) == ev.CardDealt(2, "?") for e in dealt_to_partner)
    redrawn = [state.resample_for(0, random.Random(k)).hands[2] for k in range(5)]
    assert any(hand != state.hands[2] for hand in redrawn)
    assert all(again.hands[0] == state.hands[0] for again in [state.resample_for(0, rng)])


def test_the_new_messages_read_in_french_and_english() -> None:
    """No raw key: the cancelled card, the rubber, the calls."""
    from hippodrome.engine.i18n import render  # noqa: PLC0415 -- the catalogue, only here

    for event in (
        ev.CardCancelled(0, R, "finish"),
        ev.RubberBegun(2),
        ev.BidCalled(1, "petit_schlem"),
        ev.HorseCalled(1, V),
        ev.CardEliminated(3, "3/H"),
        ev.Scored(0, 500, 50, "small_slam"),
    ):
        for lang in ("fr", "en"):
            text = render(
                event.key, event.params(), lang, names=["A", "B", "C", "D"], kinds=event.terms
            )
            assert "royal_steeple_chase." not in text and "{" not in text, text
    fr = render(
        "royal_steeple_chase.bid_called",
        {"player": 1, "bid": "gagnant+2"},
        "fr",
        names=["A", "B"],
        kinds={"bid": "call"},
    )
    assert fr == "B annonce Gagnant + deux."


def test_the_text_view_shows_the_rubber_and_the_contract() -> None:
    from hippodrome.games.royal_steeple_chase.view import render_text  # noqa: PLC0415

    state = called()
    play(state, 0, "annonce gagnant+1")
    play(state, 1, "annonce contre")
    text = render_text(state.observation(2), "fr", ["A", "B", "C", "D"])
    assert "Robre 1 sur 3 · partenaires A-C ; B-D" in text
    assert "Contract : Gagnant + un par A, contré · B joue le premier" in text


# -- ROYAL STEEPLE CHASE AVEC UN MORT -------------------------------------------------------------


def dummy_dealt(seed: int = 3) -> SteepleState:
    state = RoyalSteepleChase.from_options(players=3, scoring="dummy").new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def test_the_dummys_hand_is_open_and_the_others_stay_hidden() -> None:
    """« le mort a son jeu étalé »: every seat sees the dummy's cards, in the observation's dummy
    section; the three players' hands stay as hidden as ever, and a determinization keeps the
    dummy's cards."""
    state = dummy_dealt()
    dummy_hand = state.hands[3][:]
    assert sum(dummy_hand) == 15
    for seat in (0, 1, 2, None):
        seen = state.observation(seat)
        assert seen["dummy"]["open"] is True and seen["dummy"]["hand_size"] == 15
        assert sorted(seen["dummy"]["hand"]) == sorted(cards_text(dummy_hand))
        others = [q for q in (0, 1, 2) if q != seat]
        assert all(seen["known_cards"][q] == [] for q in others)
    for k in range(3):
        again = state.resample_for(0, random.Random(k))
        assert again.hands[3] == dummy_hand and again.hands[0] == state.hands[0]
    assert any(state.resample_for(0, random.Random(k)).hands[2] != state.hands[2] for k in range(5))


def test_the_game_with_a_dummy_is_a_three_player_game() -> None:
    """D78: « Ce jeu à trois avec un mort »: three seats; the dummy is a hand of the game, which no
    seat holds: the observation names three seats and the dummy apart, and four players are
    refused."""
    game = RoyalSteepleChase.from_options(players=3, scoring="dummy")
    assert game.num_players == 3 and game.places == 4
    with pytest.raises(OptionsError):
        RoyalSteepleChase.from_options(players=4, scoring="dummy")
    state = game.new_initial_state()
    seen = state.observation(None)
    assert seen["dummy"]["open"] is False and seen["dummy"]["hand"] == []
    state = dummy_dealt()
    seen = state.observation(0)
    for key in ("hand_sizes", "known_cards", "chips", "money", "hurdles_in_hand", "partners"):
        assert len(seen[key]) == 3, key
    assert seen["partners"] == [2, "dummy", 0]
    assert seen["dummy"]["partner"] == 1 and seen["dummy"]["hurdles_in_hand"] == 2
    assert all(len(seen["score"][key]) == 3 for key in ("honours", "below", "games", "totals"))
    assert len(state.money()) == 3


def test_the_dummys_partner_plays_entirely_for_it() -> None:
    """« son partenaire joue entièrement pour lui »: seat 3 never acts; in its turn its partner
    (seat 1 in the first rubber) speaks and plays from the dummy's hand, for the dummy's horse."""
    state = dummy_dealt()
    play(state, 0, "annonce r")
    play(state, 1, "annonce b")
    play(state, 2, "annonce j")
    assert state.turn == 3 and tuple(state.active_players()) == (1,)
    assert state.whose_turn() == 1 and state.observation(1)["dummy"]["to_play"] is True
    assert "annonce v" in legal(state, 1)
    play(state, 1, "annonce v")
    assert state.owner[V] == 3, "the horse is the dummy's"
    assert state.observation(0)["horses"][V]["owner"] == "dummy"
    assert state.history[-1] == (1, state.game.parse_action("annonce v"))
    for seat in (0, 1, 2):
        play(state, seat, "passe")
    assert state.phase is Phase.BIDDING and tuple(state.active_players()) == (1,)
    play(state, 1, "passe")  # the dummy's pass, said by its partner
    assert phase(state) is Phase.DISCARD
    # The bidding box's history: who spoke and what, the dummy named apart, kept by the position.
    bidding = state.observation(2)["contract"]["bidding"]
    assert bidding[:4] == [
        {"seat": 0, "horse": R, "call": None},
        {"seat": 1, "horse": B, "call": None},
        {"seat": 2, "horse": J, "call": None},
        {"seat": "dummy", "horse": V, "call": None},
    ]
    assert bidding[-1] == {"seat": "dummy", "horse": None, "call": "passe"} and len(bidding) == 8
    again = state.game.position_from_json(state.position_json())
    assert again.observation(2)["contract"]["bidding"] == bidding
    doc = state.position_json()
    doc["bridge"]["contract"]["said"] = ["7 passe"]
    with pytest.raises(RecordError):
        state.game.position_from_json(doc)


def test_the_dummy_ranks_nobody() -> None:
    """D78: the dummy is no player: its camp's marks stay at its place of the sheet, and the
    ranking, the scores and the returns are the three seats'."""
    state = table(
        3,
        horses=OWNERS,
        at={"r": 14, "b": 21, "j": 12, "v": 21},
        hands={1: ["3/2"]},
        scoring="dummy",
        turn=1,
    )
    state.in_hand = [0] * 4
    play(state, 1, "joue 3/2", "3 b", "2 v")
    assert state.honours[3] == state.honours[1] > 0
    assert len(state.scores()) == 3 and state.scores()[1] == state.honours[1] + state.below[1]


def test_the_narration_calls_the_dummy_the_dummy() -> None:
    """« avec un mort »: wherever the narration names the dummy (its cards, its calls, its marks)
    it says « le mort », « the dummy », as bridge players do, never a place number, with the
    French contractions (« la carte du mort ») and a capital opening a sentence; its hand, laid
    open, is told to everyone."""
    state = dummy_dealt()
    names = ["Ada", "Bob", "Cy"]
    laid = [e for e in state.events if e.key.endswith("dummy_laid_open")]
    assert len(laid) == 1 and laid[0].seen_by(0) is laid[0], "the dummy's hand is told to all"
    play(state, 0, "annonce r")
    play(state, 1, "annonce b")
    play(state, 2, "annonce j")
    told = play(state, 1, "annonce v gagnant")
    texts = {lang: [e.narrate(lang, names) for e in state.events] for lang in ("en", "fr")}
    for lang, lines in texts.items():
        for line in lines:
            assert "seat 3" not in line and "place 3" not in line, (lang, line)
    assert [e.narrate("fr", names) for e in told][:2] == [
        "Le mort demande le cheval vert.",
        "Le mort annonce Gagnant.",
    ]
    assert told[0].narrate("en", names) == "The dummy calls the green horse."
    assert laid[0].narrate("fr", names).startswith("Le jeu du mort est étalé : ")
    cancelled = ev.CardCancelled(3, V, "finish")
    assert cancelled.narrate("fr", names).startswith("La carte du mort est annulée")
    assert cancelled.narrate("en", names).startswith("The dummy's card is cancelled")
    assert (
        ev.CardCancelled(3, V, "finish")
        .narrate("fr", [*names, "Dan"])
        .startswith("La carte de Dan")
    ), "at four the fourth place is a player's"


def test_the_dummys_partner_may_neither_double_his_own_call_nor_bid_below_it() -> None:
    """Bad input in the game with a dummy: speaking for the dummy, its partner may not double his
    own camp's call nor bid below it; each is refused by name and changes nothing, and a seat that
    is not the dummy's partner cannot speak for it."""
    state = dummy_dealt()
    for seat, text in ((0, "annonce r"), (1, "annonce b"), (2, "annonce j"), (1, "annonce v")):
        play(state, seat, text)
    play(state, 0, "passe")
    play(state, 1, "annonce gagnant")
    play(state, 2, "passe")
    assert state.turn == 3 and tuple(state.active_players()) == (1,)
    refused(state, 1, "annonce contre", "double_partner")
    refused(state, 1, "annonce place", "call_too_low")
    refused(state, 1, "annonce gagnant", "call_too_low")
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError):
        state.apply(state.game.parse_action("passe"), 0)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_the_refusals_of_the_bidding_read_in_french_and_english() -> None:
    """A bid below the current one and a double of one's partner: a sentence in each language that
    names the call."""
    state = called()
    play(state, 0, "annonce gagnant+1")
    with pytest.raises(IllegalActionError) as low:
        state.apply(state.game.parse_action("annonce gagnant"), 1)
    play(state, 1, "passe")
    with pytest.raises(IllegalActionError) as partner:
        state.apply(state.game.parse_action("annonce contre"), 2)
    for err in (low.value, partner.value):
        for lang in ("en", "fr"):
            told = render(err.key, err.params, lang, names=["A", "B", "C", "D"])
            assert "royal_steeple_chase." not in told and "{" not in told, told
    assert "Gagnant + un" in render(low.value.key, low.value.params, "fr")
