"""Message catalogs: one per language, shared by events, errors, the CLI and the server.

A message key is namespaced: ``royal_turf.horse_moved`` lives in the Royal Turf catalog, ``error.*`` and
``term.*`` in the common one. Games register their catalog folder when they are imported. A template is
a ``str.format`` string over the event's parameters; a parameter ``p`` with value ``v`` is shown through
the term ``<namespace>.<p>.<v>`` when the catalog has one (``royal_turf.horse.othello`` is "Othello"),
so values stay language-neutral ids in the engine. Lists are joined, seats are named.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable

from hippodrome.engine.types import JSON

LANGUAGES: tuple[str, ...] = ("en", "fr")
_folders: dict[str, Traversable] = {"common": files("hippodrome") / "locale"}


def register_catalog(namespace: str, folder: Traversable) -> None:
    """Make ``<folder>/<lang>.json`` the catalog of ``namespace`` (a game id)."""
    _folders[namespace] = folder
    _catalog.cache_clear()


@cache
def _catalog(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for folder in _folders.values():
        path = folder / f"{lang}.json"
        if path.is_file():
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def catalog(lang: str) -> Mapping[str, str]:
    """The whole catalog of one language (what a client downloads)."""
    return _catalog(lang if lang in LANGUAGES else "en")


def text(key: str, lang: str = "en") -> str | None:
    """The template of ``key``, falling back to English; None when no catalog has it."""
    found = catalog(lang).get(key)
    if found is None and lang != "en":
        found = catalog("en").get(key)
    return found


class _Lenient(string.Formatter):
    def get_value(
        self, key: int | str, args: Sequence[object], kwargs: Mapping[str, object]
    ) -> object:
        if isinstance(key, str):
            return kwargs.get(key, "{" + key + "}")
        return super().get_value(key, args, kwargs)


_formatter = _Lenient()


def term(namespace: str, param: str, value: JSON, lang: str = "en") -> str:
    """How one parameter value reads in ``lang``."""
    for key in (f"{namespace}.{param}.{value}", f"term.{param}.{value}"):
        found = text(key, lang)
        if found is not None:
            return found
    if value is None:
        return text("term.hidden", lang) or "?"
    if isinstance(value, bool):
        return text(f"term.{value}".lower(), lang) or str(value)
    return str(value)


def render(
    key: str,
    params: Mapping[str, JSON],
    lang: str = "en",
    *,
    names: Sequence[str] | None = None,
    kinds: Mapping[str, str] | None = None,
) -> str:
    """The text of message ``key`` with its parameters, in ``lang``.

    ``names`` are the seats' names, used for parameters called ``player`` or ``players`` (or whose
    kind is ``player``). ``kinds``
    says which term a parameter is when its name does not (``{"winner": "horse"}``). Never raises:
    an unknown key shows itself with its parameters, so narration can't break a game.
    """
    namespace = key.split(".", 1)[0]
    shown: dict[str, str] = {}
    for param, value in params.items():
        if param in ("player", "players") or (kinds or {}).get(param) == "player":
            seats = value if isinstance(value, list) else [value]
            shown[param] = ", ".join(_seat_name(s, names, lang) for s in seats)
        elif isinstance(value, list):
            single = param[:-1] if param.endswith("s") else param
            kind = (kinds or {}).get(param, single)
            shown[param] = ", ".join(term(namespace, kind, v, lang) for v in value)
        else:
            shown[param] = term(namespace, (kinds or {}).get(param, param), value, lang)
    template = text(key, lang)
    if template is None:
        inner = ", ".join(f"{p}={v}" for p, v in shown.items())
        return f"{key}({inner})"
    return _formatter.format(template, **shown)


def _seat_name(seat: JSON, names: Sequence[str] | None, lang: str) -> str:
    if isinstance(seat, int) and names is not None and 0 <= seat < len(names):
        return names[seat]
    if seat is None:
        return text("term.hidden", lang) or "?"
    template = text("term.seat", lang) or "seat {n}"
    return template.format(n=seat)


def texts(
    key: str,
    params: Mapping[str, JSON],
    *,
    names: Sequence[str] | None = None,
    kinds: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The message in every language, as the server sends it (``{"en": ..., "fr": ...}``)."""
    return {lang: render(key, params, lang, names=names, kinds=kinds) for lang in LANGUAGES}
