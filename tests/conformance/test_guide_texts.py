"""Every decision of every game is explained on a guided table (issue 16: a guided first game).

A guided table's hint panel (web/js/guide.js) says what the decision at hand is about in the game's
own words: the key ``<game>.guide.<phase>`` of the game's locale files. Over every registered playable
game, this holds that every phase the game can reach (those of ``test_rules_sections``: a random
playout per conformance option set, the phases its texts name, and those its help sections name) has
its guide text in every language, a sentence or two, with no placeholder left. Nothing here names a game.
"""

from __future__ import annotations

import pytest
from tests.conformance.test_rules_sections import reached_phases

from hippodrome.engine.i18n import LANGUAGES, catalog
from hippodrome.games import entry, playable_ids


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", playable_ids())
def test_every_phase_of_every_game_has_its_guide_text(game_id: str, lang: str) -> None:
    info = entry(game_id)
    phases = set(reached_phases(game_id)).union(*info.rules.sections.values())
    texts = catalog(lang)
    missing = sorted(p for p in phases if f"{game_id}.guide.{p}" not in texts)
    assert not missing, f"{game_id}: no {lang} guide text for the phases {missing}"
    for phase in phases:
        text = texts[f"{game_id}.guide.{phase}"]
        assert 20 <= len(text) <= 400, f"{game_id}.guide.{phase} ({lang}) is not a sentence or two"
        assert "{" not in text, f"{game_id}.guide.{phase} ({lang}) has a placeholder left"


@pytest.mark.parametrize("game_id", playable_ids())
def test_guide_texts_are_only_for_phases_the_game_has(game_id: str) -> None:
    """A guide text for a phase no playout reaches nor any section names is a stale or misspelt key.
    A phase's text for a situation (``<phase>.<situation>``, issue 34) counts as its phase's; the
    game's way of writing money in the guide's reasons (``money``) is no phase's."""
    info = entry(game_id)
    phases = set(reached_phases(game_id)).union(*info.rules.sections.values())
    prefix = f"{game_id}.guide."
    for lang in LANGUAGES:
        named = {
            k.removeprefix(prefix).split(".", 1)[0] for k in catalog(lang) if k.startswith(prefix)
        } - {"money"}
        assert named <= phases, (
            f"{game_id}: {lang} guide texts for unknown phases {sorted(named - phases)}"
        )
