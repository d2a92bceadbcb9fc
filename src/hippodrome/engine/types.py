"""Domain aliases shared by every game."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

Player: TypeAlias = int
"""A seat index, 0 to players - 1."""

Money: TypeAlias = int
Square: TypeAlias = int
JSON: TypeAlias = Any
"""A JSON-ready value (dicts, lists, str, int, float, bool, None); ``Any`` because lists are invariant."""
JSONObject: TypeAlias = dict[str, Any]

CHANCE: Final[Player] = -1
"""The pseudo-player who acts at chance nodes (die rolls, card draws, drawing lots)."""
