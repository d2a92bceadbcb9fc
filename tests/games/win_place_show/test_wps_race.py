"""Win, Place & Show's race (seed 001, §6 « La course », §7 « La ligne d'arrivée»): moves on the
oval from positions set by hand, forced dice, the expected result. Each test names the sentence of
the seed, or the decision Dn of ``docs/rules/win_place_show.md``, it checks."""

from __future__ import annotations

import pytest

from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.lanetrack import NO_CELL
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import DICE, RIDES, SPURT
from hippodrome.games.win_place_show.race import (
    HOME,
    T,
    destinations,
    order_of_arrival,
    progress,
)
from hippodrome.games.win_place_show.rules import RACES, Phase, WinPlaceShow, WinPlaceShowState

FAR = 10**12
"""A finish no move reaches."""


def free() -> list[bool]:
    return [False] * len(T)


def at(lane: int, segment: int, rank: int) -> int:
    """The cell of ``lane`` (from 1) at ``rank`` (from 0) of ``segment`` (0 home straight, 1 the
    first turn, 2 the back straight, 3 the second turn)."""
    return T.cell_named(lane - 1, segment, rank)


def ends(
    cell: int,
    total: int,
    *,
    changes: int = 2,
    horses: tuple[int, ...] = (),
    finish: int = FAR,
) -> dict[int, int]:
    occupied = free()
    for other in horses:
        occupied[other] = True
    return destinations(cell, 0, total, changes=changes, occupied=occupied, finish=finish)


def racing(race: int = 0, owners: dict[int, int] | None = None) -> WinPlaceShowState:
    """Race ``race`` (from 0) at its start, dice to roll: nobody bought or bet, the steward rides
    the horses ``owners`` does not give to a seat."""
    state = WinPlaceShow.from_options(players=2).new_initial_state()
    state.race_index = race
    state.out = [True, True]
    state._call_race()
    state.out = [False, False]
    for horse, seat in (owners or {}).items():
        state.owner[horse] = seat
    assert state.flow.phase is Phase.DICE
    return state


def moves(state: WinPlaceShowState) -> list[tuple[str, int]]:
    return [(e.horse, e.squares) for e in state.events if isinstance(e, ev.HorseMoved)]


# -- §6: the dice ---------------------------------------------------------------------------------


def test_the_white_die_names_the_horse_that_moves_first_and_the_others_follow_in_order() -> None:
    # « Si un 4 apparaît sur le dé blanc, c'est le cheval n°4 qui joue puis le 5 et ainsi de suite. »
    state = racing()
    state.apply(DICE[3][0], CHANCE)  # white 4, other 1
    ids = [h.id for h in state.race.horses]
    turn = [e.horse for e in state.events if isinstance(e, ev.HorseMoved | ev.HorseStuck)]
    assert turn == [ids[3], ids[4], ids[5], ids[0], ids[1], ids[2]]


def test_a_horse_home_named_by_the_white_die_is_skipped() -> None:
    # D33: « c'est le cheval n°4 qui joue puis le 5 et ainsi de suite »: horse 4 is home, so a white
    # 4 has horse 5 move first, and the roll says so.
    state = racing()
    ids = [h.id for h in state.race.horses]
    state.occupied[state.cell[3]] = False
    state.gone[3], state.finish = True, [3]
    state.apply(DICE[3][0], CHANCE)
    turn = [e.horse for e in state.events if isinstance(e, ev.HorseMoved | ev.HorseStuck)]
    assert turn == [ids[4], ids[5], ids[0], ids[1], ids[2]]
    rolled = next(e for e in state.events if isinstance(e, ev.DiceRolled))
    assert rolled.first == ids[4]


@pytest.mark.parametrize("race", range(6), ids=lambda r: f"race-{r + 1}")
def test_position_6_is_boxed_in_when_the_white_die_names_it_first(race: int) -> None:
    # D34: position 6 starts on the mark behind position 3, the five others abreast one square
    # ahead. Named by the white die before any of the three horses ahead of it (positions 2, 3, 4)
    # has moved, it cannot move (« si un cheval ne peut pas bouger il perd son tour »): on its own
    # number only. Race 6 starts in a turn: no lane change, so it waits for position 3 alone, and
    # is boxed whenever it moves before that horse (3 faces in 6).
    horses = RACES[race].horses
    sixth = next(h for h in horses if h.start == 6)
    third = next(h for h in horses if h.start == 3)
    boxed = set()
    for white in range(1, 7):
        state = racing(race)
        state.apply(DICE[white - 1][0], CHANCE)
        if sixth.id in [e.horse for e in state.events if isinstance(e, ev.HorseStuck)]:
            boxed.add(white)
    if race < 5:
        assert boxed == {sixth.number}
    else:
        before_third = {w for w in range(1, 7) if (sixth.number - w) % 6 < (third.number - w) % 6}
        assert boxed == before_third and len(boxed) == 3


def test_a_move_is_the_strength_plus_the_white_die_plus_three_for_the_bonus_number() -> None:
    # « Un cheval a son total de déplacement de trois sources: sa Rennstarke, le dé blanc et son
    # Bonus. » « Le total des deux dés indique le cheval qui bénéficie des 3 cases de bonus. »
    state = racing()
    race = state.race
    bonus_horse = next(h for h in race.horses if 3 <= h.bonus <= 7)
    white, other = 2, bonus_horse.bonus - 2
    state.apply(DICE[white - 1][other - 1], CHANCE)
    squares = dict(moves(state))
    for h in race.horses:
        expected = h.strengths[0] + white + (3 if h is bonus_horse else 0)
        if not h.veteran:
            expected += 2  # the steward takes an apprentice's two squares at once (D13)
        assert squares[h.id] == expected, h.id


def test_the_last_strength_repeats_to_the_end_of_the_race() -> None:
    # « Si toutes ces valeurs ont été utilisées [...] on utilise le dernier chiffre »
    h = racing().race.horses[0]
    assert h.strength(len(h.strengths)) == h.strength(len(h.strengths) + 7) == h.strengths[-1]


# -- §6: lanes --------------------------------------------------------------------------------------


def lanes_reached(found: dict[int, int]) -> set[int]:
    return {T.cells[c].lane + 1 for c in found if c != HOME}


def test_a_veteran_changes_two_lanes_and_may_come_back_an_apprentice_only_one() -> None:
    # « Un vétéran peut changer de deux lignes pendant un tour et revenir sur sa ligne originelle.
    # Un apprenti ne peut changer que d'une ligne sans pouvoir revenir » (D5).
    start = at(3, 0, 0)
    veteran = ends(start, 6, changes=2)
    apprentice = ends(start, 6, changes=1)
    assert lanes_reached(veteran) == {1, 2, 3, 4, 5}
    assert lanes_reached(apprentice) == {2, 3, 4}
    # The veteran reaches his own lane by going out and back, or straight on: lane 3 either way.
    assert at(3, 0, 6) in veteran


def test_no_lane_change_in_a_turn() -> None:
    # « Quand un cheval est dans un virage il ne peut plus changer de ligne tant qu'il n'a pas
    # quitté ce tournant. »
    found = ends(at(2, 1, 0), 8)
    assert lanes_reached(found) == {2}


def test_a_lane_change_goes_diagonally_forward() -> None:
    # « Un cheval va toujours tout droit, directement ou en diagonale. »
    found = ends(at(3, 0, 5), 1)
    assert set(found) == {at(2, 0, 6), at(3, 0, 6), at(4, 0, 6)}


# -- §6: other horses -------------------------------------------------------------------------------


def test_a_horse_cannot_go_through_another_without_a_passing_space() -> None:
    # In a turn, lane 1: the horse ahead blocks the lane, and no lane change is allowed there.
    start = at(1, 1, 1)  # not a passing space (lane 1's turn spaces are ranks 5 and 10)
    blocker = at(1, 1, 3)
    found = ends(start, 5, horses=(blocker,))
    assert found == {at(1, 1, 2): 0}  # D8: as far as it can; the square in front of it is free


def test_from_a_passing_space_a_horse_goes_through_one_horse_in_its_lane() -> None:
    # « Un cheval occupant cette case au début de son mouvement peut traverser une case occupée
    # par un autre cheval durant son mouvement si le cheval est sur la même ligne. »
    start = at(1, 1, 5)  # a passing space
    assert T.features["passing_space"].get(start)
    found = ends(start, 4, horses=(at(1, 1, 6),))
    assert at(1, 1, 9) in found
    # « Il ne peut le faire que pour un cheval, ensuite il devra l'éviter. »
    found = ends(start, 6, horses=(at(1, 1, 6), at(1, 1, 8)))
    assert not any(c != HOME and T.cells[c].index > at(1, 1, 8) - T.lane_start[0] for c in found)


def test_a_move_never_ends_just_in_front_of_another_horse() -> None:
    # « Un cheval ne peut pas passer sur la case qui est juste en face d'un autre concurrent » (D6).
    other = at(2, 0, 10)
    found = ends(at(3, 0, 5), 6, horses=(other,))
    assert T.forward[other] not in found
    assert at(3, 0, 11) in found


def test_a_horse_may_stop_up_to_three_short_to_take_a_passing_space() -> None:
    # « Un cheval a le droit de s'arrêter 3 cases avant le total de son mouvement afin de s'arrêter
    # sur un passing space » (D7: up to three).
    found = ends(at(1, 0, 0), 6, changes=0)
    assert at(1, 0, 3) in found  # three short, on a passing space
    assert at(1, 0, 6) in found  # the full total
    assert at(1, 0, 4) not in found and at(1, 0, 5) not in found
    assert at(1, 0, 2) not in ends(at(1, 0, 0), 6, changes=0)


def test_a_horse_that_cannot_move_loses_its_turn() -> None:
    # « si un cheval ne peut pas bouger il perd son tour. »
    start = at(1, 1, 1)
    assert ends(start, 4, horses=(at(1, 1, 2),)) == {}


def test_a_stuck_horse_loses_its_turn_in_the_game() -> None:
    state = racing(owners={0: 0})
    h = 0
    # Box horse 0 in: a horse straight ahead of it and no lane change possible (put it in a turn).
    state.occupied = [False] * len(T)
    state.cell[h], state.lap[h] = at(1, 1, 1), 0
    state.cell[1], state.lap[1] = at(1, 1, 2), 0
    for other in range(2, 6):
        state.cell[other], state.lap[other] = at(3 + other % 3, 2, other), 0
    for c in state.cell:
        state.occupied[c] = True
    state.spurt_used[h] = True
    state.apply(DICE[0][0], CHANCE)  # horse 1 moves first: horse 0 is last of the turn
    stuck = [e.horse for e in state.events if isinstance(e, ev.HorseStuck)]
    assert state.race.horses[0].id in stuck


# -- §6: the apprentice's two squares ---------------------------------------------------------------


def test_an_apprentice_takes_his_two_squares_once_a_race() -> None:
    # « Un apprenti a un bonus de deux cases [...] applicable à n'importe quel moment mais une seule
    # fois par course. »
    state = racing(owners={1: 0})  # race 1's horse 2 has an apprentice
    assert not state.race.horses[1].veteran
    state.apply(DICE[1][0], CHANCE)  # white 2: horse 2 moves first
    assert state.flow.phase is Phase.RIDING and state.moving == 1
    total = state.move_total(1)
    assert SPURT in state.legal_actions(0)
    state.apply(SPURT, 0)
    assert state.move_total(1) == total + 2
    assert SPURT not in state.legal_actions(0)
    ride = next(a for a in state.legal_actions(0) if a is not SPURT)
    state.apply(ride, 0)
    state.apply(DICE[1][0], CHANCE)
    assert state.moving == 1 and SPURT not in state.legal_actions(0)
    with pytest.raises(IllegalActionError) as err:
        state.apply(SPURT, 0)
    assert err.value.key == "win_place_show.illegal.spurt_used"


def test_a_veteran_has_no_two_squares_and_says_so() -> None:
    state = racing(owners={0: 0})
    assert state.race.horses[0].veteran
    state.apply(DICE[0][0], CHANCE)
    assert state.moving == 0
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(SPURT, 0)
    assert err.value.key == "win_place_show.illegal.veteran_spurt"
    assert state.to_json() == before


def test_a_ride_to_a_square_out_of_reach_is_refused_and_changes_nothing() -> None:
    state = racing(owners={0: 0})
    state.apply(DICE[0][0], CHANCE)
    before = state.to_json()
    far = RIDES[at(5, 2, 20)]
    with pytest.raises(IllegalActionError) as err:
        state.apply(far, 0)
    assert err.value.key == "win_place_show.illegal.unreachable"
    assert state.to_json() == before


# -- §7: the finish -----------------------------------------------------------------------------


def test_crossing_the_line_ends_the_move_home() -> None:
    start = at(2, 0, 15)
    finish = progress(at(2, 0, 20), 0)
    found = ends(start, 9, finish=finish)
    assert HOME in found


def test_ties_veterans_first_then_the_later_arrival_by_a_nose() -> None:
    # « S'il y a égalité [...] les jockeys vétérans battent toujours les apprentis. S'il y égalité
    # entre deux vétérans ou deux apprentis, c'est le dernier cheval arrivé qui gagne d'un naseau »
    # (D9: a tie is crossing the line in the same turn).
    crossed = [(0, False, 1), (1, True, 2), (2, True, 4), (3, False, 5)]
    assert order_of_arrival(crossed) == [2, 1, 3, 0]


def test_the_race_runs_until_four_horses_are_home_and_the_purse_is_shared() -> None:
    # §7: « on continue à jouer jusqu'à l'arrivée des 4 premiers chevaux »; §3 Börse (D1).
    state = racing(owners={h: h % 2 for h in range(6)})
    state.out = [False, False]
    turns = 0
    while state.results == [] and turns < 200:
        if state.is_chance_node():
            state.apply(DICE[turns % 6][(turns * 5) % 6], CHANCE)
        else:
            p = state.active_players()[0]
            legal = [a for a in state.legal_actions(p) if a is not SPURT] or [SPURT]
            state.apply(legal[0], p)
        turns += 1
    finish = state.results[0]
    assert len(finish) == 4 and len(set(finish)) == 4
    purse = [e for e in state.events if isinstance(e, ev.PursePaid)]
    assert [e.place for e in purse] == [1, 2, 3, 4]
    assert [e.amount for e in purse] == [7200, 2400, 1440, 960]  # 60/20/12/8 of $12,000


def test_no_cell_is_ever_a_destination() -> None:
    assert NO_CELL not in ends(at(5, 0, 24), 3)
    assert NOBODY == -1
