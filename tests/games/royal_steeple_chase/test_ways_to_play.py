"""Royal Steeple Chase's other ways to play and its optional rule, one scenario each.

The seed's « QUELQUES AUTRES MANIÈRES DE JOUER » (the pirate game with its secret bets, the pursuit
game, the solo practice of its advice) and « CARTES D'INCIDENTS (facultatif) ». Decisions are those of
docs/rules/royal_steeple_chase.md; expected squares are worked out from the rules, not copied from a
run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hippodrome.engine.errors import OptionsError
from hippodrome.engine.events import Event
from hippodrome.engine.pool import PlaceBet as PoolBet
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.material import COLOURS, material
from hippodrome.games.royal_steeple_chase.rules import (
    FINISH,
    INCIDENT_KINDS,
    NOBODY,
    Phase,
    RoyalSteepleChase,
    SteepleState,
)
from tests.games.royal_steeple_chase.positions import book, carried, contres, deck, partners, table

R, B, J, V = range(4)


def racing(hands: list[list[str]], owners: dict[int, int], **options: Any) -> SteepleState:
    """A race about to start, dealer (seat 0) to play: ``hands`` per seat, ``owners`` horse -> seat."""
    return table(
        len(hands),
        horses={COLOURS[h]: seat for h, seat in owners.items()},
        hands=dict(enumerate(hands)),
        scoring=options.pop("scoring", "bridge"),
        **options,
    )


def phase(state: SteepleState) -> Phase:
    """The state's phase (read afresh: actions change it)."""
    return state.phase


def play(state: SteepleState, *actions: str) -> list[Event]:
    out: list[Event] = []
    for text in actions:
        out += state.apply(state.game.parse_action(text))
    return out


# -- JEU PIRATE -----------------------------------------------------------------------------------


def dealt_pirate(players: int = 6, **options: Any) -> SteepleState:
    game = RoyalSteepleChase.from_options(players=players, **options)
    state = game.new_initial_state()
    rng = random.Random(7)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def test_pirate_bets_are_secret_and_simultaneous_with_no_auction_nor_exchange() -> None:
    """« Chaque joueur, après avoir vu son jeu, parie clandestinement sur un cheval. On joue le jeu
    ordinaire, mais sans enchères, sans échanges de cartes. »"""
    state = dealt_pirate(pirate="stakes")
    assert phase(state) is Phase.BETS
    assert list(state.active_players()) == list(range(6)), "every player bets at once"
    events = state.apply(state.game.parse_action("parie v 20"), 3)
    bet = events[0]
    assert isinstance(bet, ev.BetPlaced) and bet.horses == "v"
    assert bet.seen_by(0) == ev.BetPlaced(3, "?", 20), "another seat sees the stake, not the horse"
    assert state.observation(0)["bets"][3] == "?" and state.observation(3)["bets"][3] == "v"
    assert state.observation(None)["bets"][3] == "?"
    assert state.chips[3] == 80 and state.pot == 20
    for seat in (0, 1, 2, 4, 5):
        state.apply(state.game.parse_action("parie r 5"), seat)
    assert phase(state) is Phase.RACE, "no horse requests, no spread exchanges, no trades"
    assert all(owner == -1 for owner in state.owner), "nobody owns a horse in the pirate game"


def test_pirate_white_cards_are_played_freely_and_the_special_rules_do_not_apply() -> None:
    """« Les cartes sans couleur peuvent être jouées librement. Les règles spéciales au nombre de
    joueurs ne sont pas à appliquer. » (with 7 players a trot stays a trot, the central hurdle
    stays)."""
    state = racing(
        [["3/2"], ["Hr/Hv"], ["Hj/Hv"], ["Hb/Hv"], ["Hr/Hj"], ["Hr/Hb"], ["Hb/Hj"]],
        {},
        pirate="stakes",
    )
    assert state.game.advance_points["3"] == 3 and any(state.game.central)
    play(state, "joue 3/2")
    legal = {str(a) for a in state.legal_actions()}
    assert {"3 r", "3 b", "3 j", "3 v", "2 r", "2 v"} <= legal


def test_pirate_stakes_go_to_the_winners_backers_in_proportion_to_their_stakes() -> None:
    """« Les enjeux vont au gagnant avec partage éventuel selon les mises initiales. » Blue wins:
    seat 0 staked 10 and seat 1 staked 30 on it, 60 more were lost: 100 shared 1:3."""
    state = racing([["4/3b"], ["Hr/Hv"], ["Hr/Hv"], ["Hj/Hv"]], {}, pirate="stakes")
    for seat, bet in enumerate(("parie b 10", "parie b 30", "parie r 40", "parie v 20")):
        state.history.append((seat, state.game.parse_action(bet)))
        book(state).pool.place(seat, PoolBet("win", (bet.split()[1],), int(bet.split()[2])))
        state.chips[seat] -= int(bet.split()[2])
    state.pot = 100
    state.pos[B] = 16
    events = play(state, "joue 4/3b", "4 b", "3b b")
    assert [e.horse for e in events if isinstance(e, ev.HorseFinished)] == [B]
    assert state.races == 1 and phase(state) is Phase.DEAL, "the race stops at the winner"
    assert state.chips == [90 + 25, 70 + 75, 60, 80], "25 and 75 of the 100 staked"
    assert state.pot == 0
    revealed = {e.player: e.horses for e in events if isinstance(e, ev.BetRevealed)}
    assert revealed == {0: "b", 1: "b", 2: "r", 3: "v"}, "the bets are shown at the end"


def test_pirate_for_points_scores_50_for_one_bet_20_for_two_and_200_wins() -> None:
    """« ceux qui ont joué le cheval gagnant marquent alors 50 s'ils n'ont fait qu'un pari, et 20 s'ils
    en ont fait deux. Le premier qui a 200 points a gagné. »"""
    state = racing([["4/3b"], ["Hr/Hv"], ["Hr/Hv"]], {}, pirate="points")
    for seat, bet in enumerate((("win", "b"), ("either", "r", "b"), ("win", "v"))):
        book(state).pool.place(seat, PoolBet(bet[0], bet[1:], 0))
    state.honours = [160, 0, 190]
    state.pos[B] = 16
    play(state, "joue 4/3b", "4 b", "3b b")
    assert state.honours == [210, 20, 190]
    assert state.is_terminal() and state.outcome().winners == (0,)


def test_a_determinization_deals_the_other_bets_anew_but_keeps_mine() -> None:
    state = dealt_pirate(players=4, pirate="points")
    for seat, bet in enumerate(("parie r", "parie b+j", "parie v", "parie r+v")):
        state.apply(state.game.parse_action(bet), seat)
    seen = set()
    for seed in range(30):
        other = state.resample_for(0, random.Random(seed))
        assert book(other).bets[0] == (R,)
        assert other.observation(0) == state.observation(0)
        seen.add(book(other).bets[1])
    assert len(seen) > 1, "the other seats' bets are redrawn, not copied"


# -- CARTES D'INCIDENTS -----------------------------------------------------------------------------


def test_stopping_on_a_red_numbered_square_draws_an_incident_card_obeyed_next_turn() -> None:
    """« Chaque joueur qui arrête son cheval sur une case numérotée en rouge prend une carte
    d'incidents et, le coup suivant, se conforme aux indications qu'elle porte. »"""
    state = racing([["2/2r", "3/2"], ["Hb/Hj"]], {R: 0, B: 1}, incidents=True)
    play(state, "joue 2/2r", "2 r", "2r r")
    assert state.pos[R] == 4 and phase(state) is Phase.DRAW_INCIDENT, "square 4 is red-numbered"
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert outcomes["tire payez_vingt"] == pytest.approx(3 / 30)
    play(state, "tire payez_vingt")
    assert deck(state).pending[0] == INCIDENT_KINDS.index("payez_vingt") and state.chips[0] == 100
    play(state, "joue Hb/Hj", "Hb b 1-2", "Hj j 1-2")
    assert state.chips[0] == 80 and state.pot == 20, "paid at the next turn, « le coup suivant »"


def test_no_incident_when_another_player_moves_my_horse_onto_a_red_square() -> None:
    """It is the player who « arrête son cheval » there who draws (D21)."""
    state = racing([["2/2r"], ["Hb/Hj"]], {R: 1, B: 0}, incidents=True)
    play(state, "joue 2/2r", "2 b", "2r r")
    assert state.pos[R] == 2 and state.pos[B] == 2 and phase(state) is Phase.RACE


def incident_turn(kind: str, hands: list[list[str]] | None = None) -> SteepleState:
    """Seat 0 (red) has drawn ``kind`` and its turn comes."""
    state = racing(hands or [["3/2", "3/2"], ["Hr/Hj", "Hr/Hj"]], {R: 0, B: 1}, incidents=True)
    deck(state).pending[0] = INCIDENT_KINDS.index(kind)
    state.turn = 1
    state._next_turn()
    return state


def test_incident_dry_river_lets_the_horse_stop_on_it() -> None:
    """« LA PROCHAINE RIVIÈRE EST À SEC, VOUS PASSEREZ PLUS FACILEMENT. »"""
    state = racing([["3/Hb", "3/2"], ["Hb/Hj", "Hr/Hb"]], {R: 0, B: 1}, incidents=True)
    state.pos[R] = 7
    deck(state).pending[0] = INCIDENT_KINDS.index("riviere_a_sec")
    state.turn = 1
    state._next_turn()
    assert deck(state).dry[R] == 10, "the next river ahead of red is the one on 10"
    play(state, "joue 3/Hb", "3 r", "Hb b 3-4")
    assert state.pos[R] == 10, "red stays on the dry river"
    plain = racing([["3/Hb"], ["Hb/Hj"]], {R: 0, B: 1})
    plain.pos[R] = 7
    play(plain, "joue 3/Hb", "3 r", "Hb b 3-4")
    assert plain.pos[R] == 9, "without the incident, « interdiction d'y stationner »"


def test_incident_play_twice_gives_a_second_card_in_the_same_turn() -> None:
    """« JOUEZ DEUX FOIS LE PROCHAIN COUP. »"""
    state = incident_turn("joue_deux_fois")
    play(state, "joue 3/2", "3 r", "2 r")
    assert state.turn == 0 and phase(state) is Phase.RACE, "red plays again"
    play(state, "joue 3/2", "2 r", "3 r")
    assert state.turn == 1
    assert state.pos[R] == 9, "5 then 4 more: the river on 10 stops the second card on 9"


def test_incident_change_lanes_swaps_the_obstacles_and_keeps_the_squares() -> None:
    """« CHANGEZ DE PISTE AVEC LE CHEVAL DE VOTRE CHOIX, MAIS CONSERVEZ VOS AVANCES. »"""
    state = racing([["3/2"], ["Hr/Hj"]], {R: 0, B: 1}, incidents=True)
    state.pos[R], state.pos[B] = 5, 9
    state.hurdles[R] = (1 << 7) | (1 << 12)
    state.hurdles[B] = 1 << 9
    deck(state).pending[0] = INCIDENT_KINDS.index("change_de_piste")
    state.turn = 1
    state._next_turn()
    assert phase(state) is Phase.INCIDENT
    play(state, "incident b")
    assert (state.pos[R], state.pos[B]) == (5, 9)
    assert state.hurdles[R] == 1 << 9, "blue's hurdle 9-10 now stands before red"
    assert state.hurdles[B] == 1 << 12, "red's 7-8 would lie behind blue: it leaves the course"
    assert state.central[R] == state.game.central[B] and state.central[B] == state.game.central[R]


def test_incident_hurdle_moved_to_a_named_lane() -> None:
    """« ENLEVEZ SUR VOTRE PISTE UNE HAIE ET PLACEZ-LA SUR LA PISTE DU CHEVAL BLEU. »"""
    state = racing([["3/2"], ["Hr/Hj"]], {R: 0, B: 1}, incidents=True)
    state.pos[R], state.pos[B] = 5, 9
    state.hurdles[R] = 1 << 7
    deck(state).pending[0] = INCIDENT_KINDS.index("haie_vers_b")
    state.turn = 1
    state._next_turn()
    assert [str(a) for a in state.legal_actions()] == ["incident r 7-8"]
    play(state, "incident r 7-8", "incident b 12-13")
    assert state.hurdles[R] == 0 and state.hurdles[B] == 1 << 12 and phase(state) is Phase.RACE


def test_incident_take_off_a_hurdle_on_any_lane_that_is_in_ones_way() -> None:
    """« ENLEVEZ SUR UNE PISTE UNE HAIE QUI VOUS GÊNE. » « une piste », not « votre piste » as on the
    cards that move a hurdle: any lane's mobile hurdle may come off, the central hurdle never (D29)."""
    state = racing([["3/2"], ["Hr/Hj"]], {R: 0, B: 1}, incidents=True)
    state.pos[R], state.pos[B] = 5, 9
    state.hurdles[R] = 1 << 7
    state.hurdles[B] = 1 << 12
    state.hurdles[J] = 1 << 3
    deck(state).pending[0] = INCIDENT_KINDS.index("enleve_une_haie")
    state.turn = 1
    state._next_turn()
    assert phase(state) is Phase.INCIDENT
    assert [str(a) for a in state.legal_actions()] == [
        "incident r 7-8",
        "incident b 12-13",
        "incident j 3-4",
    ], "a mobile hurdle of any lane, ahead of its horse; not blue's central hurdle 11-12"
    play(state, "incident b 12-13")
    assert state.hurdles[B] == 0 and state.hurdles[R] == 1 << 7 and phase(state) is Phase.RACE


def test_incident_change_lanes_carries_where_the_lanes_cross() -> None:
    """« CHANGEZ DE PISTE AVEC LE CHEVAL DE VOTRE CHOIX »: the horse takes the other lane with its
    crossings (D26). Blue on 11 bars yellow's lane on 20; once red and blue have changed lanes, red
    stands on blue's lane's 11 and bars yellow there, blue no longer."""
    state = racing([["3/2"], ["Hr/Hj"]], {R: 0, B: 1}, incidents=True)
    state.pos[R], state.pos[B], state.pos[J] = 11, 4, 19
    assert state._barring(J, 20) == NOBODY, "red's 11 is no crossing of yellow's lane"
    deck(state).pending[0] = INCIDENT_KINDS.index("change_de_piste")
    state.turn = 1
    state._next_turn()
    play(state, "incident b")
    assert deck(state).lanes[:2] == [B, R]
    assert state._barring(J, 20) == R, "red now runs on blue's lane: its 11 bars yellow's 20"
    doc = state.to_json()
    again = state.game.state_from_json(doc)
    assert isinstance(again, SteepleState) and again._barring(J, 20) == R, "kept by the document"


def test_incident_next_card_played_by_another_horse() -> None:
    """« VOTRE PROCHAINE CARTE SERA JOUÉE PAR LE CHEVAL VERT. »"""
    state = incident_turn("joue_par_v")
    play(state, "joue 3/2")
    assert {str(a) for a in state.legal_actions()} == {"3 v", "2 v"}
    play(state, "3 v", "2 v")
    assert state.pos[3] == 5 and state.pos[R] == 0


def test_incident_take_two_cards_from_the_discards_is_a_chance_draw_seen_by_all() -> None:
    """« PRENEZ AU HASARD DEUX CARTES DANS LES ÉCARTS. »"""
    state = incident_turn("deux_cartes_des_ecarts")
    assert phase(state) is Phase.RACE, "nothing discarded yet: nothing to take"
    state = racing([["3/2", "3/2"], ["Hr/Hj", "4/0"]], {R: 0, B: 1}, incidents=True)
    play(state, "joue 3/2", "3 r", "2 r", "joue 4/0", "4 b", "0 r")
    deck(state).pending[0] = INCIDENT_KINDS.index("deux_cartes_des_ecarts")
    state.turn = 1
    state._next_turn()
    assert phase(state) is Phase.DRAW_DISCARD
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == ["ecart 3/2", "ecart 4/0"]
    play(state, "ecart 4/0", "ecart 3/2")
    assert sum(state.hands[0]) == 3 and phase(state) is Phase.RACE


# -- JEU POURSUITE ----------------------------------------------------------------------------------


def test_pursuit_stops_at_the_first_winner_and_everyone_goes_on_from_his_place() -> None:
    """« On arrête le tour dès qu'il y a un gagnant. Au tour suivant, chacun repart de sa place avec
    son nouveau cheval; le gagnant part de la ligne d'arrivée qu'il a franchie. »"""
    state = racing([["4/3b"], ["Hb/Hj"], ["Hr/Hb"]], {B: 0, R: 1, J: 2}, pursuit=True)
    state.pos = [12, 17, 9, 0]
    play(state, "joue 4/3b", "4 b", "3b b")
    assert state.races == 1 and phase(state) is Phase.DEAL, "the lap stops at the winner"
    assert carried(state) == [0, 12, 9]
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    play(state, "demande v")  # seat 1 asks first (the new dealer): a new horse, the same place
    assert state.pos[3] == 12


def test_pursuit_is_won_by_the_first_over_the_line_in_the_last_lap_or_the_nearest() -> None:
    """« II y a autant de tours de piste qu'il y a de joueurs. Le gagnant est celui qui au dernier
    tour passe le premier la ligne d'arrivée ou qui en est le plus près. »"""
    state = racing([["Hb/Hj"], ["Hr/Hj"]], {R: 0, B: 1}, pursuit=True)
    state.races = 1
    state.pos = [15, 18, 0, 0]
    play(state, "joue Hb/Hj", "Hb b 19-20", "Hj j 1-2")
    play(state, "joue Hr/Hj", "Hr r 16-17", "Hj j 2-3")
    assert state.is_terminal(), "two laps for two players, and the cards are out"
    assert state.outcome().winners == (1,), "blue, on 18, is the nearest to the line"


def test_pursuit_needs_every_player_to_run_a_horse() -> None:
    with pytest.raises(OptionsError):
        RoyalSteepleChase.from_options(players=5, pursuit=True)


# -- Solo practice ----------------------------------------------------------------------------------


def test_solo_practice_deals_13_to_15_cards_and_lays_ten_hurdles_on_ones_own_lane() -> None:
    """« Placez un cheval sur la ligne de départ et distribuez-vous 13, 14 ou 15 cartes. Puis,
    placez sur votre piste, où vous voudrez, 10 haies et, bien entendu, la haie centrale. »"""
    game = RoyalSteepleChase.from_options(players=1, solo_cards=14)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    assert sum(state.hands[0]) == 14 and not any(state.spread)
    play(state, "demande j")
    assert phase(state) is Phase.SOLO_HURDLES
    for square in range(1, 11):
        play(state, f"haie j {square}-{square + 1}")
    assert phase(state) is Phase.RACE and bin(state.hurdles[J]).count("1") == 10
    assert all(state.pos[h] == FINISH for h in (R, B, V)), "only one horse runs"
    assert state.observation(0)["horses"][R]["absent"]
    with pytest.raises(OptionsError):
        RoyalSteepleChase.from_options(players=1, solo_cards=12)


def test_solo_practice_scores_how_far_the_horse_went() -> None:
    state = racing([["3/2"]], {J: 0})
    assert state.game.num_players == 1
    for h in (R, B, V):
        state.pos[h] = FINISH
    play(state, "joue 3/2", "3 j", "2 j")
    assert state.is_terminal() and state.scores() == (5,)


# -- JEU PAR CAMP -----------------------------------------------------------------------------------


def dealt(players: int, **options: Any) -> SteepleState:
    game = RoyalSteepleChase.from_options(players=players, **options)
    state = game.new_initial_state()
    rng = random.Random(11)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    return state


def test_fixed_camps_pair_the_seats_opposite_on_one_horse() -> None:
    """« JEU PAR CAMP: Les joueurs sont groupés par deux à l'avance. » Partners sit opposite, as at
    bridge, and run one horse (D22)."""
    state = dealt(6, camps="fixed")
    assert partners(state) == [3, 4, 5, 0, 1, 2]
    play(state, "demande r")
    assert state.turn == 1, "seat 3, seat 0's partner, has a horse now: seat 1 asks next"
    play(state, "demande b", "demande j")
    assert phase(state) is Phase.EXCHANGE, "three camps, three horses: the attribution is over"
    assert state._horse_of(3) == R and state._horse_of(0) == R


def test_a_partner_plays_white_advances_on_the_camps_horse_and_never_a_chute_on_it() -> None:
    """« II est défendu de favoriser un autre joueur »: a partner is not another player (D22)."""
    state = racing([["4/0"], ["Hr/Hj"], ["Hr/Hv"], ["Hj/Hv"]], {B: 2, J: 1}, camps="fixed")
    state.pos = [0, 5, 5, 0]
    play(state, "joue 4/0")
    legal = {str(a) for a in state.legal_actions()}
    assert "4 b" in legal and "0 b" not in legal and "0 j" in legal


def test_improvised_camps_form_on_a_lone_holders_horse_and_split_the_bid() -> None:
    """« Les joueurs se groupent deux à deux par demandes et enchères sur un même cheval. Après
    constitution du camp, les enchères individuelles sont payées moitié par chaque joueur. [...] et
    il n'y a pas de cartes étalées. »"""
    state = dealt(4, camps="improvised")
    assert not any(state.spread), "no spread cards"
    play(state, "demande r")  # seat 0 holds red, alone
    legal = {str(a) for a in state.legal_actions()}
    assert "demande b" in legal and "demande r 10" in legal
    play(state, "demande r 10")  # seat 1 wants to join red: seats 2 and 3 may outbid
    play(state, "enchere 20", "passe", "passe")  # seat 2 says 20; seat 3 and seat 1 pass
    assert partners(state)[0] == 2 and partners(state)[2] == 0
    assert state.chips[2] == 90 and state.chips[0] == 90, "20 paid half by each partner"
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"demande b", "demande j", "demande v"}, (
        "one more camp to form, on a free horse"
    )


def test_a_camps_points_are_shared_between_the_partners() -> None:
    """« Les gains sont également partagés. » Honours 300 and 50 + 10 a square of lead for the
    winning camp, half to each partner."""
    state = racing([["4/3b"], ["Hr/Hj"], ["Hb/Hv"], ["Hr/Hb"]], {B: 0, R: 1}, camps="fixed")
    state.pos = [18, 17, 0, 0]
    play(state, "joue 4/3b", "4 b", "3b b")
    assert state.winner == 0
    # Seat 2, blue's other partner, stops playing too (« il cesse de jouer »): 1 and 3 play on.
    play(state, "joue Hr/Hj", "Hr r 18-19", "Hj j 1-2")
    assert state.turn == 3
    play(state, "joue Hr/Hb", "Hr r 19-20", "nul Hb")
    assert state.honours[0] == state.honours[2] == 150, "300 honours, half each"
    lead = 22 - 18
    assert state.below[0] == state.below[2] == (50 + 10 * lead) // 2
    assert state.games == [0, 0, 0, 0], "45 each: the camp's 90 is short of its game of 100"


def test_a_hurdle_jumped_before_a_river_stands_again_only_if_the_box_still_has_one() -> None:
    """D2 and the 15 mobile hurdles (« découpez les 15 haies »): green jumps 14-15 and ends on the
    river (16); the card's other coup takes the last hurdle from the box; green goes back to 14 and
    the hurdle it jumped is not laid again (there are 15 in all)."""
    state = racing([["R/4"], ["Hb/Hj"]], {V: 0, B: 1})
    state.pos = [0, 5, 0, 14]
    state.hurdles = [0, 0, 0, 1 << 14]
    state.in_hand = [0, 0]
    # 14 more hurdles on the red and yellow lanes: the box is empty until green jumps its hurdle.
    state.hurdles[R] = sum(1 << g for g in range(1, 8))
    state.hurdles[J] = sum(1 << g for g in range(1, 8))
    assert state.supply() == 0
    play(state, "joue R/4", "4 v", "R=H b 17-18")
    assert state.pos[V] == 14 and state.supply() == 0
    assert state.hurdles[V] == 0, "no sixteenth hurdle"


# -- Le « contre » (JEU ORDINAIRE BRIDGÉ) ----------------------------------------------------------


def trading(hands: list[list[str]], owners: dict[int, int]) -> SteepleState:
    """The direct trades of a bridge deal, the dealer (seat 0) to speak."""
    state = racing(hands, owners, scoring="bridge")
    state.phase = Phase.TRADE
    return state


def test_a_player_without_a_horse_may_contre_and_scores_200_when_nobody_wins() -> None:
    """« S'il n'y a pas de gagnant, ceux qui n'ont pas de chevaux marquent 100 et s'ils ont
    « contré » 200 » (D25: a player without a horse contres once, in the trades before the race)."""
    hands = [["Hb/Hj"], ["Hr/Hv"], ["Hr/Hj"], ["Hb/Hv"], ["3/Hr"], ["3/Hb"]]
    state = trading(hands, {R: 0, B: 1, J: 2, V: 3})
    assert "contrer" not in {str(a) for a in state.legal_actions()}, "seat 0 runs red"
    play(state, "passe", "passe", "passe", "passe")
    assert "contrer" in {str(a) for a in state.legal_actions()}
    play(state, "contrer")
    assert contres(state).contred == [False, False, False, False, True, False]
    assert "contrer" in {str(a) for a in state.legal_actions()}, "seat 5 may contre too"
    for _ in range(6):
        play(state, "passe")
    assert phase(state) is Phase.RACE
    play(state, "joue Hb/Hj", "Hb b 1-2", "Hj j 1-2", "joue Hr/Hv", "Hr r 1-2", "Hv v 1-2")
    play(state, "joue Hr/Hj", "Hr r 2-3", "Hj j 2-3", "joue Hb/Hv", "Hb b 2-3", "Hv v 2-3")
    play(state, "joue 3/Hr", "nul 3", "Hr r 3-4", "joue 3/Hb", "nul 3", "Hb b 3-4")
    assert state.races == 1, "the cards are out: a void race"
    assert state.honours == [0, 0, 0, 0, 200, 100]


def test_a_lost_contre_bars_the_player_from_a_horse_at_the_next_deal() -> None:
    """« mais tout joueur qui perd un « contre » ne peut acheter un cheval le coup suivant »."""
    hands = [["4/3b"], ["Hr/Hv"], ["Hr/Hj"], ["Hb/Hv"], ["3/Hr"]]
    state = racing(hands, {B: 0, R: 1, J: 2, V: 3}, scoring="bridge")
    contres(state).contred[4] = True
    state.pos = [18, 17, 0, 0]
    events = play(state, "joue 4/3b", "4 b", "3b b")
    play(state, "joue Hr/Hv", "Hr r 18-19", "Hv v 1-2", "joue Hr/Hj", "Hr r 19-20", "Hj j 1-2")
    play(state, "joue Hb/Hv", "nul Hb", "Hv v 2-3")
    events = play(state, "joue 3/Hr", "nul 3", "Hr r 20-21")
    assert any(isinstance(e, ev.ContreLost) and e.player == 4 for e in events)
    assert contres(state).banned == [False, False, False, False, True]
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    asked = set()
    while phase(state) is Phase.HORSES:
        asked.add(state.turn)
        free = [a for a in state.legal_actions() if str(a).count(" ") == 1]
        state.apply(free[0] if free else state.legal_actions()[0])
    assert 4 not in asked, "the player who lost his contre is not asked for a horse"
    assert state.horse_of(4) == -1


def test_a_card_bringing_two_horses_over_in_the_pursuits_last_lap_ranks_the_player_first() -> None:
    """« Si une carte fait gagner en même temps le joueur et un adversaire, c'est le joueur qui est
    considéré comme arrivant le premier. » (JEU POURSUITE, last lap: seat 0 runs red, seat 1 blue)"""
    hands = [["4/3b"], ["Hr/Hv"], ["Hr/Hv"], ["Hr/Hb"]]
    state = racing(hands, {R: 0, B: 1, J: 2, V: 3}, pursuit=True)
    state.races = 3
    state.pos = [19, 20, 5, 5]
    state.central = [0, 0, 0, 0]
    play(state, "joue 4/3b", "3b b", "4 r")
    assert state.is_terminal() and state.outcome().winners == (0,)


def test_the_handicap_bonus_counts_only_handicap_players_who_ran_a_horse() -> None:
    """« il marque à la manche 10 points supplémentaires par joueur handicap battu »: seat 4, without
    a horse, was beaten by nobody; seat 1 was."""
    hands = [["4/3b"], ["Hr/Hv"], ["Hr/Hv"], ["Hr/Hb"], ["3/Hr"]]
    state = racing(hands, {B: 0, R: 1, J: 2, V: 3}, handicap="1,4")
    state.pos = [19, 17, 0, 0]
    state.central = [0, 0, 0, 0]
    play(state, "joue 4/3b", "4 b", "3b b")
    lead = 22 - 19
    while state.races == 0:  # the others lay their hurdles: the race ends with no card left
        state.apply(state.legal_actions()[0])
    assert state.below[0] == 50 + 10 * lead + 10, "one handicap player beaten (seat 1), not two"


def test_naming_a_card_in_a_trade_does_not_show_a_second_copy() -> None:
    """Secrets stay secret: a seat known to hold one 3/Hb (taken from the spread) names 3/Hb in an
    offer; the others learn nothing of its second, dealt 3/Hb."""
    state = racing([["3/Hb", "3/Hb"], ["4/0"], ["3/2"], ["3/2"]], {R: 0, B: 1, J: 2, V: 3})
    state.public[0][material().card_type("3/Hb").index] = 1
    state.phase = Phase.TRADE
    play(state, "propose 1 3/Hb")
    assert state.observation(1)["known_cards"][0] == ["3/Hb"]


def test_a_determinization_redraws_a_stakes_bet_whatever_the_chips_left() -> None:
    state = dealt_pirate(players=6, pirate="stakes")
    state.apply(state.game.parse_action("parie v 100"), 3)
    horses = {book(state.resample_for(0, random.Random(k))).bets[3] for k in range(40)}
    assert len(horses) > 1, "the horse of an all-in stake is secret too"
