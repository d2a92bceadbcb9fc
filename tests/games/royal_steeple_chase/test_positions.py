"""Royal Steeple Chase's position documents (issue 10, point 6): a public format, read by the
generic codec, whose schema is generated from the typed record ``SteeplePosition``, and which
refuses an impossible position with the field named.

Each refusal test damages one thing in a valid racing position (four players, every card of the
deck in a hand, the spread or the undealt rest) and names the field the refusal must point at.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import hippodrome
from hippodrome.engine.errors import RecordError
from hippodrome.games.royal_steeple_chase.position import POSITION
from hippodrome.games.royal_steeple_chase.rules import SteepleState
from tests.engine.schemas import violations
from tests.games.mutations import play_on, positions
from tests.games.royal_steeple_chase.positions import table

GAME = hippodrome.load_game("royal_steeple_chase", players=4, scoring="race")


def racing_document() -> dict[str, Any]:
    """Four players racing: A red on 3, B blue on 5; A and B hold a few cards, C and D full hands,
    the rest of the deck undealt (60 cards in all); A to play."""
    state = table(
        horses={"r": 0, "b": 1},
        at={"r": 3, "b": 5},
        hands={0: ["3/2", "4/3b"], 1: ["Hr/Hv"]},
        hurdles={"b": ["7-8"]},
        deal_the_rest=True,
    )
    doc = state.to_json()
    doc["history"] = []
    return doc


DOC = racing_document()


def refused(position: dict[str, Any]) -> RecordError:
    doc = copy.deepcopy(DOC)
    doc["position"] = position
    with pytest.raises(RecordError) as refusal:
        GAME.state_from_json(doc)
    return refusal.value


def damaged() -> dict[str, Any]:
    position: dict[str, Any] = copy.deepcopy(DOC["position"])
    return position


def test_the_racing_document_is_sound() -> None:
    position = DOC["position"]
    cards = [*position["undealt"], *position["spread"], *(c for h in position["hands"] for c in h)]
    assert len(cards) == 60, "every card of the deck is somewhere"
    play_on(GAME.state_from_json(copy.deepcopy(DOC)))


def test_more_copies_of_a_card_than_the_deck_has_are_refused() -> None:
    """Every card is placed: the last hand read, changing one card for another, holds a copy too
    many."""
    position = damaged()
    hand = position["hands"][3]
    other = next(c for c in position["undealt"] if c != hand[0])
    hand[0] = other
    refusal = refused(position)
    assert refusal.field == "position.hands[3]" and "more copies" in refusal.reason


def test_a_61st_card_is_refused() -> None:
    position = damaged()
    position["hands"][3].append(position["hands"][3][0])
    refusal = refused(position)
    assert refusal.field == "position.hands[3]" and "beyond the deck's 60" in refusal.reason


def test_negative_chips_are_refused() -> None:
    position = damaged()
    position["chips"][1] = -10
    assert refused(position).field == "position.chips[1]"


def test_an_owner_out_of_range_is_refused() -> None:
    """Seats 0 to 3 sit at a table of four: a horse owned by seat 4 belongs to nobody there."""
    position = damaged()
    position["owner"][0] = 4
    assert refused(position).field == "position.owner[0]"


def test_a_turn_out_of_range_no_longer_loads_to_crash_legal_actions() -> None:
    # Before the codec, this document loaded and legal_actions() raised an IndexError.
    position = damaged()
    position["turn"] = 9
    refusal = refused(position)
    assert refusal.field == "position.turn" and "out of range" in str(refusal)


def test_more_hurdles_than_the_box_holds_are_refused() -> None:
    """The box holds 15 mobile hurdles: 16 on red's lane are one too many."""
    position = damaged()
    position["hurdles"][0] = (1 << 16) - 1
    refusal = refused(position)
    assert refusal.field == "position.hurdles" and "15" in refusal.reason


def test_a_price_for_a_horse_nobody_holds_is_refused() -> None:
    """``sold_for`` is what a holder bid for his horse (D41): green, held by nobody, has none."""
    position = damaged()
    position["sold_for"][3] = 20
    refusal = refused(position)
    assert refusal.field == "position.sold_for[3]" and "nobody holds" in refusal.reason


def test_the_price_a_horse_went_for_is_read_back_and_floors_a_request() -> None:
    """A position where A won red for 50: C may ask for it back only above 50 (D41)."""
    doc = copy.deepcopy(DOC)
    doc["position"]["sold_for"][0] = 50
    doc["position"]["phase"] = "horses"
    doc["position"]["turn"] = 2
    state = GAME.state_from_json(doc)
    assert isinstance(state, SteepleState)
    assert state.to_json() == doc and state.sold_for == [50, 0, 0, 0]
    asks = {str(a) for a in state.legal_actions(2)}
    assert "demande r 55" in asks and "demande r 50" not in asks


def test_a_field_of_a_way_to_play_the_game_does_not_play_is_refused() -> None:
    """Partners exist only in the partnership game: a document giving seat 0 a partner in an
    ordinary game is not one of its positions."""
    position = damaged()
    position["partner"][0] = 2
    assert refused(position).field == "position.partner"


@pytest.mark.parametrize(
    "options",
    [
        (("players", 4), ("incidents", True)),
        (("players", 3), ("pursuit", True), ("scoring", "bridge")),
        (("players", 4), ("camps", "improvised"), ("scoring", "simple")),
    ],
)
def test_the_schema_accepts_every_position_of_a_playout(
    options: tuple[tuple[str, Any], ...],
) -> None:
    game = hippodrome.load_game("royal_steeple_chase", **dict(options))
    schema = POSITION.schema(game)
    assert schema["properties"]["turn"]["maximum"] == game.num_players - 1
    for position in positions("royal_steeple_chase", options, 1):
        assert violations(schema, position) == []
