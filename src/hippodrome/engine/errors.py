"""The small, typed error hierarchy of the engine.

Every error carries a message key and parameters so the CLI, the server and the browser can show it in
French or English; ``str(error)`` is the English text.
"""

from __future__ import annotations

from hippodrome.engine.types import JSON, JSONObject


def message(key: str, /, **params: JSON) -> JSONObject:
    """A message given as the parameter of another (a notation error's ``hint``): the reader sees
    it in the language of the whole."""
    return {"key": key, "params": params}


class HippodromeError(Exception):
    """Base of every error Hippodrome raises on purpose."""

    def __init__(self, key: str, /, **params: JSON) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        from hippodrome.engine.i18n import render  # noqa: PLC0415 (the catalogs import errors)

        return render(self.key, self.params, lang)


class IllegalActionError(HippodromeError, ValueError):
    """An action that the rules refuse now. The state is left untouched."""


class NotationError(IllegalActionError):
    """Text that is not the notation of any action of the game."""


class OptionsError(HippodromeError, ValueError):
    """Unknown or ill-typed game options."""


class UnknownGameError(HippodromeError, ValueError):
    """A game id that is not registered (or not yet playable)."""


class RecordError(HippodromeError, ValueError):
    """A game record or state document that is corrupt, foreign or inconsistent.

    ``field`` names the part of the document at fault (``"moves[12].action"``).
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__("error.record", field=field, reason=reason)


class DataError(HippodromeError, ValueError):
    """A game data file whose content breaks a constraint."""

    def __init__(self, source: str, reason: str) -> None:
        self.source = source
        self.reason = reason
        super().__init__("error.data", source=source, reason=reason)
