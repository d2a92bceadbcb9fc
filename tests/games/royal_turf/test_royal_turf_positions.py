"""Royal Turf's position documents (issue 10, point 6): a public format, read by the generic codec,
whose schema is generated from the typed records, and which refuses an impossible position with the
field named.

Each refusal test damages one thing in a valid racing position (from the race of
``test_royal_turf_rules``) and names the field the refusal must point at; hypothesis then damages
documents met in random playouts and checks that each is refused or can be played on.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from tests.engine.schemas import violations
from tests.games.mutations import (
    Tamper,
    check_loads_or_is_refused,
    mutations,
    play_on,
    positions,
    put,
    refusal,
)

import hippodrome
from hippodrome.engine.errors import RecordError
from hippodrome.games.royal_turf.position import POSITION

GAME = hippodrome.load_game("royal_turf", players=3)


def racing_document() -> dict[str, Any]:
    """Three players in the first race: every bet placed, seat 1 to roll, nobody across the line."""
    state = GAME.new_initial_state()
    for horse, card in zip(
        ("earl_grey", "albino", "sahara", "caramello", "rubino", "moka", "othello"),
        (1, 2, 3, 1, 2, 3, 1),
        strict=True,
    ):
        state.apply(GAME.parse_action(f"draw {horse} {card}"))
    state.apply(GAME.parse_action("lot 0"))
    for notation in (
        "bet 2 earl_grey",
        "bet 2 caramello",
        "bet 2 othello",
        "bet 1 albino",
        "bet 1 rubino",
        "bet 1 earl_grey",
        "bet 1 sahara",
        "bet 1 moka",
        "bet 1 albino",
    ):
        state.apply(GAME.parse_action(notation))
    state.apply(GAME.parse_action("roll head"))
    state.apply(state.legal_actions()[0])
    doc = state.to_json()
    doc["history"] = []
    return doc


DOC = racing_document()


def test_the_racing_document_is_sound() -> None:
    assert DOC["position"]["turn"] == 1
    play_on(GAME.state_from_json(copy.deepcopy(DOC)))


def betting_with_a_roll(position: dict[str, Any]) -> None:
    position["phase"], position["rolled"] = "betting", "cap"
    for horse in position["horses"].values():
        horse["moved"] = False


REFUSALS: list[tuple[str, Tamper, str]] = [
    ("a turn of 9 at a table of three", put("turn", value=9), "position.turn"),
    ("a negative turn", put("turn", value=-2), "position.turn"),
    ("a first player out of range", put("first_player", value=3), "position.first_player"),
    (
        "a horse behind the last start square (more than 40 to go)",
        put("horses", "moka", "to_go", value=41),
        "position.horses.moka.to_go",
    ),
    ("a negative to go", put("horses", "moka", "to_go", value=-1), "position.horses.moka.to_go"),
    (
        "two horses on one start square",
        put("horses", "othello", "to_go", value=35),
        "position.horses.othello.to_go",
    ),
    (
        # D23: square 32 is albino's start square (35 to go) and the end of othello's lap (2 to go).
        "two horses on one square, a start square and the end of a lap",
        put("horses", "othello", "to_go", value=2),
        "position.horses.othello.to_go",
    ),
    (
        "a pace token on a horse still on its start square",
        put("pace", value="albino"),
        "position.pace",
    ),
    (
        "a square named instead of the squares to go",
        put("horses", "moka", "square", value=28),
        "position.horses.moka.square",
    ),
    (
        "a card that does not exist",
        put("horses", "moka", "card", value=4),
        "position.horses.moka.card",
    ),
    (
        "a horse that does not exist",
        put("horses", "pegasus", value={"card": 1, "to_go": 5, "moved": False}),
        "position.horses.pegasus",
    ),
    ("a horse missing", lambda p: p["horses"].pop("moka"), "position.horses.moka"),
    ("a horse twice on the podium", put("podium", value=["moka", "moka"]), "position.podium[1]"),
    ("a podium horse still running", put("podium", value=["moka"]), "position.podium[0]"),
    ("negative money", put("money", 1, value=-10), "position.money[1]"),
    ("money for four at a table of three", put("money", value=[0, 0, 0, 0]), "position.money"),
    ("a bet by a seat not at the table", put("bets", 0, 0, value=5), "position.bets[0][0]"),
    (
        "a bet on a horse that does not exist",
        put("bets", 0, 1, value="pegasus"),
        "position.bets[0][1]",
    ),
    ("two bets of one seat on one horse", put("bets", 3, 1, value="earl_grey"), "position.bets[3]"),
    ("a token of 5", put("bets", 0, 2, value=5), "position.bets[0][2]"),
    ("a token more than the box holds", put("hands", 0, value=[2]), "position.hands[0]"),
    ("an unknown face rolled", put("rolled", value="star"), "position.rolled"),
    ("an unknown phase", put("phase", value="paddock"), "position.phase"),
    ("a fourth race", put("race", value=4), "position.race"),
    ("a die rolled during the bets", betting_with_a_roll, "position.rolled"),
    ("a last horse before the end", put("last", value="moka"), "position.last"),
    ("an unknown field", put("weather", value="rain"), "position.weather"),
    (
        "a moved flag as text",
        put("horses", "moka", "moved", value="yes"),
        "position.horses.moka.moved",
    ),
]


@pytest.mark.parametrize(
    ("tamper", "where"), [pytest.param(t, w, id=what) for what, t, w in REFUSALS]
)
def test_an_impossible_position_is_refused_naming_its_field(tamper: Tamper, where: str) -> None:
    refused = refusal(GAME, DOC, tamper)
    assert refused.field == where, refused.reason


def test_a_history_move_by_a_seat_not_at_the_table_is_refused() -> None:
    doc = copy.deepcopy(DOC)
    doc["history"] = [[-1, "draw moka 1"], [3, "bet 1 moka"]]
    with pytest.raises(RecordError) as refused:
        GAME.state_from_json(doc)
    assert refused.value.field == "history[1]"


def test_a_turn_out_of_range_no_longer_loads_to_crash_legal_actions() -> None:
    # Before the codec, this document loaded and legal_actions() raised an IndexError.
    doc = copy.deepcopy(DOC)
    doc["position"]["turn"] = 9
    with pytest.raises(RecordError, match="out of range"):
        GAME.state_from_json(doc)


@pytest.mark.parametrize("players", [2, 6])
def test_the_schema_accepts_every_position_of_a_playout(players: int) -> None:
    game = hippodrome.load_game("royal_turf", players=players, zero_tokens=True)
    schema = POSITION.schema(game)
    assert schema["properties"]["turn"]["anyOf"][0]["maximum"] == players - 1
    for position in positions("royal_turf", (("players", players), ("zero_tokens", True)), 2):
        assert violations(schema, position) == []


HEADER = {k: v for k, v in DOC.items() if k not in ("position", "history")}
DOCUMENTS = [*positions("royal_turf", (("players", 3),)), DOC["position"]]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations(DOCUMENTS))
def test_a_damaged_document_is_refused_or_plays_on(position: Any) -> None:
    check_loads_or_is_refused(GAME, HEADER, position)
