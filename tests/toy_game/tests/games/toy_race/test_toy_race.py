"""Toy Race's scenario tests: one a rule or decision of ``docs/rules/toy_race.md`` (the toy
repository's), from a position document with the die forced; and its golden records.

The game is not in the catalogue here: these tests use its classes directly. The conformance suite
runs on it through ``tests/conformance/test_toy_game.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tests.toy_game import ROOT
from tests.toy_game.toy_race import manifest
from tests.toy_game.toy_race.actions import GALLOP, ROLLS, TROT
from tests.toy_game.toy_race.heuristic import ToyRaceHeuristic
from tests.toy_game.toy_race.rules import ToyRace, ToyRaceState

from hippodrome.bots import RandomBot, play_match
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.types import CHANCE

GOLDEN = ROOT / "tests" / "golden" / "toy_race"


def position(**changes: Any) -> ToyRaceState:
    """A two-seat position from its document: the horses on squares 3 and 6, seat 0 to roll."""
    document: dict[str, Any] = {
        "squares": [3, 6],
        "money": [2, 2],
        "purse": 10,
        "turn": 0,
        "rolled": None,
        "winner": None,
    }
    document.update(changes)
    game = ToyRace.from_options(players=2)
    return game.position_from_json(document)


def test_seat_0_rolls_first_then_the_seats_take_turns() -> None:
    """Rule 2 and D1: seat 0 rolls first; after its move, seat 1 is to roll."""
    state = ToyRace.from_options(players=3).new_initial_state()
    assert state.is_chance_node() and state.chance_roller() == 0
    state.apply(ROLLS[4])
    assert list(state.active_players()) == [0]
    state.apply(TROT, 0)
    assert state.is_chance_node() and state.chance_roller() == 1


def test_a_gallop_runs_the_points_rolled_and_a_trot_two_squares() -> None:
    """Rule 3."""
    galloped = position(rolled=5)
    galloped.apply(GALLOP, 0)
    trotted = position(rolled=5)
    trotted.apply(TROT, 0)
    assert (galloped.squares[0], trotted.squares[0]) == (8, 5)


def test_a_gallop_into_the_ditch_pays_the_fine_a_trot_does_not() -> None:
    """Rule 4 and D3: the fine goes to the purse, as far as the seat's money goes."""
    fined = position(rolled=4)
    fined.apply(GALLOP, 0)
    assert fined.squares[0] == 7 and fined.money_[0] == 1 and fined.purse == 11
    broke = position(rolled=4, money=[0, 2])
    broke.apply(GALLOP, 0)
    assert broke.money_[0] == 0 and broke.purse == 10
    trotted = position(squares=[5, 6], rolled=3)
    trotted.apply(TROT, 0)
    assert trotted.squares[0] == 7 and trotted.money_[0] == 2


def test_a_gallop_past_the_line_stops_on_it_and_wins_the_purse() -> None:
    """Rule 5 and D2: the first horse on the line takes the purse; the game is over."""
    state = position(squares=[9, 6], rolled=6)
    state.apply(GALLOP, 0)
    assert state.is_terminal() and state.squares[0] == 12
    assert list(state.money()) == [12, 2] and state.outcome().winners == (0,)
    assert state.events[-1].placings() == (("red", 1),)


def test_the_heuristic_trots_rather_than_gallop_into_the_ditch() -> None:
    state = position(rolled=4)
    assert ToyRaceHeuristic().choose(SeatView(state, 0), random.Random(0)) == TROT
    state = position(rolled=5)
    assert ToyRaceHeuristic().choose(SeatView(state, 0), random.Random(0)) == GALLOP


def test_every_golden_record_replays_to_its_final_state_and_its_bots_play_it_again() -> None:
    """The golden records (``GameInfo.golden``), as ``tests/golden/test_golden.py`` checks those of
    the games of the catalogue."""
    for spec in manifest.GAME_INFO.golden:
        record = GameRecord.load(GOLDEN / f"{spec.name}.json")
        game = ToyRace.from_options(**spec.options)
        stored = json.loads((GOLDEN / f"{spec.name}.final.json").read_text(encoding="utf-8"))
        assert record.replay(game).to_json() == stored
        kinds: dict[str, type[Bot]] = {"heuristic": ToyRaceHeuristic, "random": RandomBot}
        bots = [kinds[kind]() for kind in spec.seats]
        final = play_match(game, bots, seed=spec.seed)
        seats = [Seat(f"{kind} {p}", kind) for p, kind in enumerate(spec.seats)]
        again = GameRecord.from_state(final, seats, record_id=record.record_id)
        assert again.to_json() == record.to_json(), f"{spec.name}: the bots play another game"
        assert all(p == CHANCE or 0 <= p < game.num_players for p, _ in final.history)
