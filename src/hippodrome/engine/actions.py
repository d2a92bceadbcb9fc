"""Actions: frozen values with one text notation.

Every game defines its actions as frozen dataclasses deriving from :class:`Action`, gives them a
``__str__`` that is their notation, and a parser (``Game.parse_action``) that is its exact inverse.
Chance outcomes (a die face, a card drawn) are actions too, so a game record is a plain list of them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``str(action)`` is its notation."""

    def __str__(self) -> str:  # pragma: no cover - every concrete action overrides it
        raise NotImplementedError
