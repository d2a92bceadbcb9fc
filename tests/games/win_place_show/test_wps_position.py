"""Win, Place & Show's position documents, read by the engine's codec (``position.py``): a document
round-trips, its schema is the codec's, and an impossible position is refused with the field named
and nothing built."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from hippodrome.cli import main
from hippodrome.engine.errors import RecordError
from hippodrome.engine.types import CHANCE
from hippodrome.games.win_place_show.actions import Sheet
from hippodrome.games.win_place_show.rules import RACES, WinPlaceShow, WinPlaceShowState


def midway(players: int = 3, seed: int = 3, steps: int = 140) -> dict[str, Any]:
    """The document of a random game some way into race 1 (a tie auction or the race)."""
    game = WinPlaceShow.from_options(players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_chance_node():
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]), CHANCE)
        else:
            seat = state.active_players()[0]
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
    return state.to_json()


def test_a_document_round_trips_through_the_codec() -> None:
    game = WinPlaceShow.from_options(players=3)
    for seed in range(4):
        doc = midway(seed=seed)
        assert game.state_from_json(doc).to_json() == doc


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("race", 7, "position.race"),
        ("phase", "gallop", "position.phase"),
        ("money", [1, 2], "position.money"),
        ("owners", [0, 1, 2, 3, None, None], "position.owners[3]"),
        ("lots", ["pegasus"], "position.lots[0]"),
        ("lots", ["old_glory"], "position.lots[0]"),
        ("dice", [7, 1], "position.dice[0]"),
        ("turn_of", 5, "position.turn_of"),
        ("rulings", {"pegasus": True}, "position.rulings"),
    ],
)
def test_a_bad_field_is_refused_by_name(field: str, value: Any, named: str) -> None:
    game = WinPlaceShow.from_options(players=3)
    doc = copy.deepcopy(midway())
    doc["position"][field] = value
    with pytest.raises(RecordError) as refused:
        game.state_from_json(doc)
    assert refused.value.field.startswith(named), refused.value.field


def test_two_horses_on_one_square_and_a_square_off_the_oval_are_refused() -> None:
    game = WinPlaceShow.from_options(players=3)
    doc = copy.deepcopy(midway())
    horses = doc["position"]["horses"]
    horses[1]["cell"] = horses[0]["cell"]
    with pytest.raises(RecordError, match="two horses on one square"):
        game.state_from_json(doc)
    horses[1]["cell"] = "9-1"
    with pytest.raises(RecordError) as refused:
        game.state_from_json(doc)
    assert refused.value.field == "position.horses[1].cell"


def test_position_schema_command_prints_the_codec_s_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    try:
        main(["position-schema", "win_place_show", "-o", "players=5"])
    except SystemExit as exc:
        assert not exc.code
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "Win, Place & Show position"
    assert schema["properties"]["money"]["minItems"] == 5
    assert "turn_of" in schema["required"]


def test_a_tie_auction_under_way_round_trips_as_the_engine_s_auction_record() -> None:
    # §9: tied bids reopen as an open auction; the position holds it (``AuctionRecord``).
    game = WinPlaceShow.from_options(players=2)
    state = game.new_initial_state()
    for seat in (0, 1):
        for at, h in enumerate(state.lots):
            state.apply(Sheet(state.race.horses[h].id, 3_000 if at == 0 else 0), seat)
    assert state.phase_name() == "bidding"
    doc = state.to_json()
    assert doc["position"]["auction"]["stage"] == "open"
    again = game.state_from_json(doc)
    assert again.to_json() == doc
    seat = state.active_players()[0]
    assert list(again.legal_actions(seat)) == list(state.legal_actions(seat))
    doc["position"]["auction"]["eligible"] = [True]
    with pytest.raises(RecordError) as refused:
        game.state_from_json(doc)
    assert refused.value.field == "position.auction.eligible"


def at_the_sheets(players: int = 3) -> dict[str, Any]:
    """The document of race 1 at its start: every seat still writing its sheet (§9)."""
    return WinPlaceShow.from_options(players=players).new_initial_state().to_json()


@pytest.mark.parametrize(
    ("change", "named", "reason"),
    [
        # A race-3 document must carry the first four of races 1 and 2.
        (
            lambda p: p.update(race=3, lots=[h.id for h in RACES[2].horses]),
            "position.results",
            "each race run before race 3",
        ),
        # A sale under way with nothing on sale could not be written.
        (lambda p: p.update(lots=[]), "position.lots", "a horse left to sell"),
        # A sheet longer than the horses on sale.
        (lambda p: p["sheets"].__setitem__(0, [0] * 7), "position.sheets[0]", "one bid for each"),
        # A seat still writing whose sheet is full.
        (lambda p: p["sheets"].__setitem__(1, [0] * 6), "position.sheets[1]", "still writing"),
        # The fault of a claim must be one of §8's.
        (lambda p: p.update(claims=[[1, "mister_lucky", 0, "doping"]]), "position.claims", ""),
        # A claim window with no move below the best behind it.
        (
            lambda p: p.update(phase="claim", waiting=[1, 2], window="mister_lucky", fouls=[]),
            "position.window",
            "claim window",
        ),
    ],
    ids=[
        "race-3-without-results",
        "empty-lots",
        "long-sheet",
        "full-sheet-writing",
        "bad-fault",
        "claim-window-without-its-move",
    ],
)
def test_a_position_no_game_could_reach_is_refused_not_crashed(
    change: Callable[[dict[str, Any]], None], named: str, reason: str
) -> None:
    game = WinPlaceShow.from_options(players=3)
    doc = at_the_sheets()
    change(doc["position"])
    with pytest.raises(RecordError) as refused:
        game.state_from_json(doc)
    assert refused.value.field.startswith(named), refused.value.field
    assert reason in str(refused.value)


def test_a_claim_s_fault_round_trips() -> None:
    # « La réclamation est enregistrée (cheval concerné, le type de faute, le réclamant) » (§8).
    game = WinPlaceShow.from_options(players=3)
    doc = midway()
    state = game.state_from_json(doc)
    assert isinstance(state, WinPlaceShowState)
    state.owner[0] = 0
    state.claims = [(1, 0, 0, "bonus")]
    state.fouls = [(0, state.cell[0], state.cell[1], 2, ("bonus", "short"))]
    again = game.state_from_json(state.to_json())
    assert isinstance(again, WinPlaceShowState)
    assert again.claims == [(1, 0, 0, "bonus")]
    assert again.fouls == [(0, state.cell[0], state.cell[1], 2, ("bonus", "short"))]
