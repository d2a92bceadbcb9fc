"""Ascot, the race (seed 000, « II. Champ de courses »: « Départ », « Arrêt sur une case »,
« Utilisation des avantages et des désavantages », « Utilisation des rapports », « Changement de
piste », « Les prix »). Each test sets horses on the course and forces the die, and names the sentence
or the decision (docs/rules/ascot.md) it checks. Squares are written lane.square from 1, as the board
shows them; lane 1 is the rail."""

from __future__ import annotations

import pytest
from tests.games.ascot.scenarios import race

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import COLOURS_ACTIONS, DIE_FACES, Move, parse_action
from hippodrome.games.ascot.material import material
from hippodrome.games.ascot.rules import LANE_CODES, RPAST, RSTART, TRACK, ZONE, AscotState, Phase

M_LANE2 = material().lanes[1]


def cell(text: str) -> int:
    lane, square = text.split(".")
    return TRACK.cell(int(lane) - 1, int(square) - 1)


def die(state: AscotState, face: int) -> None:
    state.apply(DIE_FACES[face], CHANCE)
    assert state.phase is Phase.MOVE


def move(state: AscotState, text: str) -> list[object]:
    start = len(state.events)
    state.apply(parse_action(text), state.active_players()[0])
    return list(state.events[start:])


def refused(state: AscotState, action: Action, key: str) -> None:
    seat = state.active_players()[0]
    before = (list(state.at), state.phase, list(state.to_move))
    with pytest.raises(IllegalActionError) as err:
        state.apply(action, seat)
    assert err.value.key == key, err.value
    assert (list(state.at), state.phase, list(state.to_move)) == before


def test_the_start_runs_in_the_horse_s_own_lane_in_number_order_but_the_favourite() -> None:
    # Départ: « Il avance ses chevaux toujours par ordre de numéros, sauf le Favori »; « un cheval
    # doit toujours suivre la piste dans le prolongement de son numéro ».
    state = race(first=0, favourites={0: 10})
    assert state.at[2] == RSTART and state.active_players() == ()
    die(state, 1)
    assert {str(a) for a in state.legal_actions(0)} == {"move h2 2.1", "move h10 4.1"}
    refused(state, Move(9, 3, 1), "ascot.illegal.order")
    move(state, "move h10 4.1")
    die(state, 2)
    # h9 (lane 3) may not change lanes before its second square: 3.2 only, or de biais from 3.1.
    ends = {str(a) for a in state.legal_actions(0)}
    assert "move h2 2.2" in ends and "move h9 3.2" not in ends  # h9 waits for h2: number order


def test_the_exact_count_passes_the_post() -> None:
    # « il faut dépasser le poteau d'arrivée [...] en jetant un nombre de points exact ».
    state = race(first=0)
    last = TRACK.lane_length(1)
    state.at[2] = cell(f"2.{last - 1}")
    die(state, 1)
    assert Move(2, 0, 1) not in state.legal_actions(0)
    refused(state, Move(2, 0, 1), "ascot.illegal.exact_count")
    state2 = race(first=0)
    state2.at[2] = cell(f"2.{last - 1}")
    die(state2, 2)
    events = move(state2, "move h2 post")
    assert state2.at[2] == RPAST and any(isinstance(e, ev.HorsePlaced) for e in events)


def test_one_horse_per_lane_and_length_and_no_leapfrogging() -> None:
    # « Plusieurs chevaux peuvent se trouver sur la même longueur, mais non sur la même piste »;
    # « le saute-mouton est rigoureusement interdit ».
    state = race(first=1)
    state.at[4], state.at[11] = cell("4.6"), cell("4.7")
    die(state, 1)
    refused(state, Move(4, 4, 7), "ascot.illegal.square_taken")
    die_moves = {str(a) for a in state.legal_actions(1)}
    assert "move h4 4.8" not in die_moves
    assert {"move h4 3.7", "move h4 5.7"} <= die_moves


def test_no_cutting_in_within_three_lengths() -> None:
    # Changement de piste 2°: « il ne peut couper la piste devant un autre cheval [...] à moins
    # d'être à 3 longueurs de distance en avant de ce cheval, sur cette même piste » (D31).
    state = race(first=1)
    state.at[4], state.at[6] = cell("4.6"), cell("5.6")
    die(state, 1)
    refused(state, Move(4, 5, 7), "ascot.illegal.cuts_in")
    assert Move(4, 3, 7) in state.legal_actions(1)
    far = race(first=1)
    far.at[4], far.at[6] = cell("4.6"), cell("5.4")
    die(far, 1)
    assert Move(4, 5, 7) in far.legal_actions(1), "three lengths ahead: allowed"


def test_overtaking_on_the_outside_unless_impossible() -> None:
    # « Pour dépasser un cheval, il faut emprunter une des pistes à droite ; toutefois, il est permis
    # de dépasser par la gauche, s'il y a impossibilité de jouer autrement » (D33: the outside).
    state = race(first=1)
    state.at[4], state.at[6] = cell("4.3"), cell("5.5")
    die(state, 4)
    refused(state, Move(4, 4, 7), "ascot.illegal.pass_outside")
    assert Move(4, 6, 7) in state.legal_actions(1)


def test_no_lane_change_from_the_last_turn_s_post_to_the_whip() -> None:
    # « Les joueurs ne doivent pas changer de piste dans le secteur compris entre le poteau du
    # dernier tournant et la case blanche [...] « Cravachez et placez-vous » ».
    state = race(first=1)
    start = sum(seg.lengths[3] for seg in TRACK.segments[:3])
    state.at[4] = TRACK.cell(3, start + 1)
    assert state.at[4] in ZONE
    die(state, 2)
    lanes = {a.lane for a in state.legal_actions(1) if isinstance(a, Move) and a.horse == 4}
    assert lanes == {4}


def test_a_horse_on_its_colour_takes_its_extra_lengths_or_sheds_a_disadvantage() -> None:
    # Arrêt sur une case 2°: « un cheval NOIR, s'arrêtant sur une case NOIRE, avance de 4 cases
    # SUPPLÉMENTAIRES »; Utilisation a): « son propriétaire peut jeter un Désavantage, mais il ne
    # profite pas alors des longueurs supplémentaires ».
    state = race(first=0, favourites={0: 9})
    assert LANE_CODES[cell("3.1")] == "K"  # h9 is black; its lane is 3
    die(state, 1)
    move(state, "move h9 3.1")
    assert state.phase is Phase.COLOUR
    assert set(state.legal_actions(0)) == {COLOURS_ACTIONS["extra"], COLOURS_ACTIONS["none"]}
    state.apply(COLOURS_ACTIONS["extra"], 0)
    assert state.at[9] == cell("3.5")
    shed = race(first=0, favourites={0: 9})
    shed.dis_hand[0] = 1
    die(shed, 1)
    move(shed, "move h9 3.1")
    shed.apply(COLOURS_ACTIONS["shed"], 0)
    assert shed.at[9] == cell("3.1") and shed.dis_hand[0] == 0


def test_an_advantage_turns_another_colour_once_a_turn() -> None:
    # 3°: « un cheval rouge se posant sur une case jaune, noire ou bleue, utilise un Avantage rouge
    # et fait 3 longueurs supplémentaires »; « On ne peut utiliser plus d'un Avantage par cheval,
    # pendant le même tour ».
    state = race(first=0)
    state.adv_hand[0]["red"] = 2
    assert LANE_CODES[cell("2.1")] == "B"  # h2 is red; its lane 2 starts blue
    die(state, 1)
    move(state, "move h2 2.1")
    assert state.phase is Phase.COLOUR
    refused(state, COLOURS_ACTIONS["extra"], "ascot.illegal.colour_extra")
    state.apply(COLOURS_ACTIONS["advantage"], 0)
    assert state.adv_hand[0]["red"] == 1 and state.at[2] == cell("2.4")
    assert LANE_CODES[cell("2.4")] == "K", "another colour, but the colour is used this turn"
    assert state.phase_name() == "roll", "no second advantage: the turn goes on"
    die(state, 1)  # the next die, for h9: h2 had its colour this turn, no second advantage
    with pytest.raises(IllegalActionError) as err:
        state.apply(COLOURS_ACTIONS["advantage"], 0)
    assert err.value.key == "ascot.illegal.second_advantage"
    assert state.adv_hand[0]["red"] == 1 and state.phase_name() == "move"


def test_a_broken_bridle_eliminates_a_horse_without_the_report() -> None:
    # Utilisation des rapports: « si un cheval tombe dans la case « Bride cassée » [...] le
    # propriétaire du cheval doit jeter le Rapport correspondant [...] sans quoi il serait éliminé ».
    bridle = next(c for c, code in enumerate(LANE_CODES) if code == "C")
    info = TRACK.cells[bridle]
    state = race(first=1)
    state.at[4] = TRACK.cell(info.lane, info.index - 2)
    die(state, 2)
    events = move(state, f"move h4 {info.lane + 1}.{info.index + 1}")
    assert any(isinstance(e, ev.HorseEliminated) for e in events) and state.at[4] == -4
    kept = race(first=1)
    kept.reports[1].append(("veterinary", 0))  # « Brides incassables »
    kept.at[4] = TRACK.cell(info.lane, info.index - 2)
    die(kept, 2)
    events = move(kept, f"move h4 {info.lane + 1}.{info.index + 1}")
    assert any(isinstance(e, ev.ReportThrown) for e in events) and kept.reports[1] == []
    assert kept.at[4] == bridle


def test_a_fallen_horse_waits_for_a_six() -> None:
    # « La case : « Votre cheval tombe », etc., oblige le cheval qui s'y pose à s'y arrêter et à
    # attendre d'avoir fait 6. Il a le droit d'en repartir au tour suivant après avoir tiré 6 » (D34).
    state = race(first=1)
    state.fallen[4] = True
    state.at[4] = cell("4.3")
    die(state, 5)
    assert state.legal_actions(1) == [Move(4, 0, 0)]
    move(state, "stay h4")
    assert state.fallen[4]
    again = race(first=1)
    again.fallen[4] = True
    again.at[4] = cell("4.3")
    die(again, 6)
    events = move(again, "stay h4")
    assert not again.fallen[4] and again.at[4] == cell("4.3")
    assert any(isinstance(e, ev.HorseGetsUp) for e in events)


def test_a_horse_past_the_post_with_disadvantages_held_is_disqualified() -> None:
    # « il doit obligatoirement se débarrasser de tous ses Désavantages avant qu'un de ses chevaux
    # arrive au poteau final, sans quoi ce cheval se trouverait disqualifié » (D35).
    state = race(first=0)
    state.dis_hand[0] = 1
    state.at[2] = cell(f"2.{TRACK.lane_length(1)}")
    die(state, 1)
    events = move(state, "move h2 post")
    assert any(isinstance(e, ev.HorseDisqualified) for e in events)
    assert state.placed == []


def test_the_race_ends_after_three_and_pays_the_prizes_and_the_totalisator() -> None:
    # « Lorsque les 3 premiers chevaux ont dépassé le poteau d'arrivée [...] la partie est
    # considérée terminée »; Les prix.
    state = race(first=0)
    bank = state.bank
    for horse, lane in ((2, 2), (9, 3), (10, 4)):
        state.at[horse] = cell(f"{lane}.{TRACK.lane_length(lane - 1)}")
    money = list(state.money_)
    for _ in range(3):
        die(state, 1)
        seat = state.active_players()[0]
        past = state.legal_actions(seat)[0]
        assert isinstance(past, Move) and past.lane == 0
        state.apply(past, seat)
    assert state.placed == [2, 9, 10] and state.is_terminal()
    # Seat 0 owns all three and is the Banker: the whole Bank comes to him.
    assert state.money_[0] == money[0] + bank and state.bank == 0
    assert state.outcome().winners == (0,)


def test_an_inscription_is_obeyed_once_and_the_colour_still_counts() -> None:
    # 1°: « il doit suivre les instructions reçues, mais ceci, une fois par tour seulement »; « il
    # peut profiter une fois de la couleur et une fois de l'inscription ».
    state = race(first=0)
    assert LANE_CODES[cell("2.2")] == "A" and LANE_CODES[cell("2.4")] == "K"
    state.adv_hand[0]["red"] = 1
    die(state, 2)
    events = move(state, "move h2 2.2")
    assert any(isinstance(e, ev.InscriptionRead) for e in events)
    assert state.at[2] == cell("2.4") and state.phase is Phase.COLOUR
    state.apply(COLOURS_ACTIONS["advantage"], 0)
    assert state.at[2] == cell("2.7")


def test_the_white_square_before_the_last_turn_takes_an_advantage() -> None:
    # « la case blanche avant le dernier tournant permet d'y utiliser un Avantage à tout joueur qui
    # en possède [...] Le cheval qui en profitera devra nécessairement être de la même couleur ».
    white = M_LANE2.index("W")
    state = race(first=0)
    state.at[2] = TRACK.cell(1, white - 3)
    die(state, 3)
    move(state, f"move h2 2.{white + 1}")
    assert state.phase_name() == "roll", "no advantage held: nothing to choose"
    held = race(first=0)
    held.adv_hand[0]["red"] = 1
    held.at[2] = TRACK.cell(1, white - 3)
    die(held, 3)
    move(held, f"move h2 2.{white + 1}")
    assert held.phase is Phase.COLOUR
    assert COLOURS_ACTIONS["advantage"] in held.legal_actions(0)


def test_d36_overtake_goes_one_square_past_the_nearest_horse_in_the_nearest_free_lane() -> None:
    # « Lorsque l'inscription d'une case invite un joueur à dépasser le ou les chevaux se trouvant
    # devant lui, il doit se placer une case en avant de ce ou ces derniers sur une autre piste que
    # la leur. Si la disposition des chevaux ne le lui permet pas, il ne profite pas de
    # l'inscription » (D36); « Ce règlement prime les instructions données par les cases
    # blanches »: the lane-change rules still hold.
    assert LANE_CODES[cell("6.4")] == "O"
    state = race(first=2)
    state.at[6], state.at[7] = cell("6.1"), cell("6.5")
    die(state, 3)
    move(state, "move h6 6.4")
    assert state.at[6] == cell("5.6"), "one square past h7, in the free lane nearest its own"
    # h11 two lengths behind 5.6 on lane 5: cutting in there is not allowed, lane 4 is next.
    blocked = race(first=2)
    blocked.at[6], blocked.at[7], blocked.at[11] = cell("6.1"), cell("6.5"), cell("5.4")
    die(blocked, 3)
    move(blocked, "move h6 6.4")
    assert blocked.at[6] == cell("4.6")
    # Nobody ahead: no effect.
    alone = race(first=2)
    alone.at[6] = cell("6.1")
    die(alone, 3)
    events = move(alone, "move h6 6.4")
    assert alone.at[6] == cell("6.4")
    assert any(isinstance(e, ev.InscriptionVoid) for e in events)


def test_d43_a_report_is_bought_in_case_of_need_from_a_holder_who_offers_it() -> None:
    # Utilisation des rapports: « Les joueurs peuvent s'acheter les Rapports mutuellement, en cas de
    # besoin, à un prix convenu entre eux. Au CHAMP DE COURSES, les Rapports sont utilisés sans
    # distinction d'Ecuries. »
    bridle = next(c for c, code in enumerate(LANE_CODES) if code == "C")
    info = TRACK.cells[bridle]
    square = f"{info.lane + 1}.{info.index + 1}"
    state = race(first=1)
    state.reports[0].append(("walroy", 6))  # seat 0 holds « Brides incassables »
    state.reports[2].append(("veterinary", 3))  # seat 2's report saves no bridle
    state.at[4] = TRACK.cell(info.lane, info.index - 2)
    die(state, 2)
    move(state, f"move h4 {square}")
    assert state.phase_name() == "rescue" and state.active_players() == (0,), "holders only"
    assert state.observation(1)["danger"] == {"horse": "h4", "inscription": "C"}
    before = state.position_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(parse_action("offer 1 sell veterinary:3 5000"), 0)  # not his
    assert err.value.key == "ascot.illegal.not_owner" and state.position_json() == before
    money = list(state.money_)
    state.apply(parse_action("offer 1 sell walroy:6 20000"), 0)
    assert state.phase_name() == "answer" and state.active_players() == (1,)
    state.apply(parse_action("accept"), 1)
    assert state.money_[1] == money[1] - 20_000 and state.money_[0] == money[0] + 20_000
    assert state.at[4] == bridle and state.reports[0] == [] and state.reports[1] == []
    assert state.phase_name() == "roll" and state.to_move == [11, 12], "his turn goes on"
    # Refused, or nobody offering: the danger strikes.
    refused_ = race(first=1)
    refused_.reports[0].append(("walroy", 6))
    refused_.at[4] = TRACK.cell(info.lane, info.index - 2)
    die(refused_, 2)
    move(refused_, f"move h4 {square}")
    refused_.apply(parse_action("offer 1 sell walroy:6 20000"), 0)
    events = move(refused_, "refuse")
    assert any(isinstance(e, ev.HorseEliminated) for e in events) and refused_.at[4] == -4
    assert refused_.reports[0] == [("walroy", 6)] and refused_.phase_name() == "roll"


def test_d32_a_jostled_horse_keeps_one_empty_length_between_it_and_the_horses_in_its_way() -> None:
    # « Si un joueur ne peut placer son cheval sur la longueur que lui indique le dé, parce que
    # celle-ci est occupée par d'autres chevaux, il doit se considérer bousculé, c'est-à-dire,
    # avancer de façon à garder une longueur d'intervalle entre lui et les chevaux qui le gênent.
    # Il ne s'occupe ni de la couleur, ni de l'inscription de la case où il s'arrête ainsi »; the
    # tracks « sont divisées en cases, ou « longueurs » »: one empty square between (D32).
    state = race(first=1)
    # h4 on 4.6 is hemmed in: h2 three lengths ahead on its lane, h6 and h7 beside it on the
    # neighbouring lanes one length ahead (it may not cut in front of them within three lengths).
    state.at[4], state.at[2], state.at[6], state.at[7] = (
        cell("4.6"),
        cell("4.9"),
        cell("3.7"),
        cell("5.7"),
    )
    die(state, 2)
    assert "move h4 4.8" in {str(a) for a in state.legal_actions(1)}, "two points: not jostled"
    hemmed = race(first=1)
    hemmed.at[4], hemmed.at[2], hemmed.at[6], hemmed.at[7] = (
        cell("4.6"),
        cell("4.9"),
        cell("3.7"),
        cell("5.7"),
    )
    die(hemmed, 4)
    assert {str(a) for a in hemmed.legal_actions(1)} == {"move h4 4.7"}, "4.8 stays empty"
    events = move(hemmed, "move h4 4.7")
    (ran,) = [e for e in events if isinstance(e, ev.HorseRan)]
    assert ran.jostled and hemmed.at[4] == cell("4.7")
    assert hemmed.phase is Phase.ROLL, "neither the colour nor the inscription of 4.7"
    # Right behind a horse already, it cannot keep the interval by moving: it stays.
    stuck = race(first=1)
    stuck.at[4], stuck.at[2], stuck.at[6], stuck.at[7] = (
        cell("4.6"),
        cell("4.7"),
        cell("3.7"),
        cell("5.7"),
    )
    die(stuck, 3)
    assert [str(a) for a in stuck.legal_actions(1)] == ["stay h4"]


def test_d46_the_richest_player_wins_and_equal_fortunes_share_the_win() -> None:
    # The seed names no winning player: « Pour gagner, il faut dépasser le poteau d'arrivée » is
    # said of a horse, and the game ends in money (Les prix; « souvent un gros bénéfice »). D46:
    # the players rank by their money once the prizes and the totalisator are paid, the richest
    # first, whoever owns the winner; equal fortunes share a place and the win.
    state = race(first=0)
    state.money_[2] += 1_000_000  # seat 2 runs none of the horses placed
    state.placed = [4, 2, 9]  # seat 1's h4 first, then seat 0's h2 and h9
    state._finish_race()
    outcome = state.outcome()
    assert outcome.winners == (2,) and outcome.money == tuple(state.money_)
    assert [e.players for e in state.events if isinstance(e, ev.GameOver)] == [[2]]
    assert outcome.ranking == tuple((p,) for p in sorted(range(3), key=lambda p: -state.money_[p]))
    state.money_[:] = [300_000, 300_000, 100_000]
    tied = state.outcome()
    assert tied.ranking == ((0, 1), (2,)) and tied.returns == (0.5, 0.5, 0.0)
