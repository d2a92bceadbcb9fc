"""A planned game, built for the tests that show how Hippodrome treats a game not playable yet.

Every game of the catalogue may be playable one day; these tests must not depend on one staying
planned, so they add this manifest to the catalogue for their own duration.
"""

from __future__ import annotations

import pytest

from hippodrome.engine.registry import GameInfo
from hippodrome.games import CATALOGUE

PLANNED = GameInfo(
    id="planned_example",
    titles={"en": "Planned example", "fr": "Exemple prévu"},
    summary={
        "en": "A game announced, not playable yet.",
        "fr": "Un jeu annoncé, pas encore jouable.",
    },
    seed="none.txt",
    status="planned",
    package="tests",
    order=999,
)
"""A planned game: names and a seed only. Its package (``tests``) has no ``web/`` folder, so it has
no board of its own either."""


def add_planned_game(monkeypatch: pytest.MonkeyPatch) -> GameInfo:
    """Put ``PLANNED`` in the catalogue until the test ends; returns it."""
    monkeypatch.setitem(CATALOGUE, PLANNED.id, PLANNED)
    return PLANNED
