"""Every moment of every game opens a section of its rules (the table's help panel, docs/web.md).

Each game's manifest names, per language, the heading of its rules text for each phase
(``GameInfo.rules.sections``). Over every registered playable game, this holds that every phase the
game can reach (those a random playout of each conformance option set passes through, and those its
texts name as ``<game>.phase.<phase>``) has a section in every language, and that the section is a
heading of the text a reader of that language gets. Nothing here names a game.
"""

from __future__ import annotations

from functools import cache

import pytest

from hippodrome.bots import RandomBot, play_match
from hippodrome.engine.i18n import LANGUAGES, catalog
from hippodrome.engine.rulestext import render_rules
from hippodrome.games import entry, load_game, playable_ids


@cache
def reached_phases(game_id: str) -> frozenset[str]:
    """The phases of one random playout per conformance option set, and those the texts name."""
    info = entry(game_id)
    assert info.traits is not None
    phases: set[str] = set()
    for options in info.conformance_options():
        game = load_game(game_id, **options)
        bots = [RandomBot() for _ in range(game.num_players)]
        played = play_match(game, bots, seed=0, max_actions=info.traits.max_length)
        state = game.new_initial_state()
        phases.add(state.observation(None)["phase"])
        for player, action in played.history:
            state.apply(action, player)
            phases.add(state.observation(None)["phase"])
    prefix = f"{game_id}.phase."
    phases |= {key.removeprefix(prefix) for key in catalog("en") if key.startswith(prefix)}
    return frozenset(phases)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", playable_ids())
def test_every_phase_a_game_reaches_opens_a_heading_of_its_rules(game_id: str, lang: str) -> None:
    info = entry(game_id)
    written_in, text, rulebook = info.rules_text(lang)
    anchors = render_rules(text, hard_breaks=rulebook).anchors()
    sections = info.rules.sections.get(lang, info.rules.sections.get(written_in, {}))
    phases = reached_phases(game_id)
    assert len(phases) >= 2, f"{game_id}: the playouts went through {sorted(phases)} only"
    missing = sorted(phases - set(sections))
    assert not missing, f"{game_id}: no {lang} help section for the phases {missing}"
    dangling = sorted(f"{p} -> {a}" for p, a in sections.items() if a not in anchors)
    assert not dangling, f"{game_id}: {lang} help sections that name no heading: {dangling}"
