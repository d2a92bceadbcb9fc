"""Every game's options read as a player of that game says them, in both languages (issue 16,
point 9): no engine notation, no rulebook section numbers, no variant numbers, no seat counted from 0."""

from __future__ import annotations

import re

import pytest

from hippodrome.engine.options import options_schema
from hippodrome.games import load_game, playable_ids

JARGON = re.compile(
    r"station|<segment>|<rank>|<rang>|seed|Variante? \d|§|as 0,2|ainsi 0,2|\b0 takes\b"
)


@pytest.mark.parametrize("game_id", playable_ids())
def test_option_labels_use_the_game_s_words(game_id: str) -> None:
    for option in options_schema(load_game(game_id).options_type):
        for lang in ("en", "fr"):
            found = JARGON.search(option[lang])
            assert found is None, f"{game_id}.{option['name']} ({lang}) says {found.group()!r}"
