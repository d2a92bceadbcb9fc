"""Each game's position document is public: its rules document describes every field the schema
has, and its worked example is a position the game reads and can play on (issue 10, point 6).

The rules document is read the way the ``hippodrome rules`` command reads it (from the game package),
and compared with ``docs/rules/<id>.md``, of which it is the shipped copy.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import hippodrome
from hippodrome.games import entry
from tests.engine.schemas import violations
from tests.games.mutations import play_on

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = ["royal_turf", "toques_et_casques", "win_place_show", "ascot"]
"""The games whose positions are read by the generic codec (``Game.position_schema``)."""


def section(game_id: str) -> str:
    text = entry(game_id).rules_document()
    found = re.search(r"^## Position documents\n(.*?)(?=^## )", text, re.DOTALL | re.MULTILINE)
    assert found, f"{game_id}: the rules document has no '## Position documents' section"
    return found.group(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_shipped_rules_document_is_the_one_in_docs(game_id: str) -> None:
    assert entry(game_id).rules_document() == (DOCS / f"{game_id}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_worked_example_loads_fits_the_schema_and_plays_on(game_id: str) -> None:
    block = re.search(r"```json\n(.*?)```", section(game_id), re.DOTALL)
    assert block, f"{game_id}: no worked example in the position documents section"
    doc = json.loads(block.group(1))
    game = hippodrome.load_game(game_id, **doc["options"])
    assert violations(game.position_schema(), doc["position"]) == []
    state = game.state_from_json(doc)
    assert state.to_json() == doc
    play_on(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_field_table_names_every_field_of_the_schema_and_no_other(game_id: str) -> None:
    schema = hippodrome.load_game(game_id).position_schema()
    rows = re.findall(r"^\| (`[^|]*) \|", section(game_id), re.MULTILINE)
    named = {name for row in rows for name in re.findall(r"`(\w+)`", row)}
    assert named == set(schema["properties"]), (
        f"documented {sorted(named)}, the schema has {sorted(schema['properties'])}"
    )
