"""Message catalogs: one per language, shared by events, errors, the CLI and the server.

A message key is namespaced: ``royal_turf.horse_moved`` lives in the Royal Turf catalog, ``error.*`` and
``term.*`` in the common one. Games register their catalog folder when they are imported. A template is
a ``str.format`` string over the event's parameters; a parameter ``p`` with value ``v`` is shown through
the term ``<namespace>.<p>.<v>`` when the catalog has one (``royal_turf.horse.othello`` is "Othello"),
so values stay language-neutral ids in the engine. Lists are joined, seats are named. A parameter may
be a message of its own, ``{"key": ..., "params": {...}, "kinds": {...}}`` (a notation error's hint,
a refused move's label), told in the same language, and so may each item of a list. A whole number
reads with its thousands grouped (« 12 500 », "12,500"). A value no term names (a card written as
its notation) is said by the game's own words when it registers them (``register_words``): no
notation reaches a player.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Mapping, Sequence
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


Words = Callable[[str, JSON, str], "str | None"]
"""A game's own way of saying a value the catalog cannot list one by one (a card written as its
notation): ``words(kind, value, lang)``, None to leave the value to the catalog's terms."""
_words: dict[str, Words] = {}


def register_words(namespace: str, words: Words) -> None:
    """Let ``namespace`` (a game id) say some of its values in words (``term`` asks it first)."""
    _words[namespace] = words


def forget_catalog(namespace: str) -> None:
    """Drop the catalog of ``namespace`` (a game taken out of the catalogue); nothing if none."""
    if _folders.pop(namespace, None) is not None:
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
    words = _words.get(namespace)
    said = words(param, value, lang) if words is not None else None
    if said is not None:
        return said
    for key in (f"{namespace}.{param}.{value}", f"term.{param}.{value}"):
        found = text(key, lang)
        if found is not None:
            return found
    if value is None:
        return text("term.hidden", lang) or "?"
    if isinstance(value, bool):
        return text(f"term.{value}".lower(), lang) or str(value)
    if isinstance(value, int):
        return grouped(value, lang)
    return str(value)


GROUP = {"en": ",", "fr": "\u202f"}
"""How each language groups the thousands of a number (« 12 500 », with a narrow no-break space, as
the browser's ``formatNumber`` writes it)."""


def grouped(value: int, lang: str = "en") -> str:
    """A whole number as a reader of ``lang`` writes it: ``12,500`` / « 12 500 »; below 1,000 as
    it is."""
    if -1000 < value < 1000:
        return str(value)
    return f"{value:,}".replace(",", GROUP.get(lang, ","))


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
    kind is ``player``); a place of the game beyond them, which no seat holds (a bridge dummy), is
    named by the game's term ``<namespace>.place.<n>``, with a capital where it opens a sentence.
    ``kinds``
    says which term a parameter is when its name does not (``{"winner": "horse"}``). Never raises:
    an unknown key shows itself with its parameters, so narration can't break a game.
    """
    namespace = key.split(".", 1)[0]
    shown: dict[str, str] = {}
    places: list[str] = []
    for param, value in params.items():
        if isinstance(value, dict) and isinstance(value.get("key"), str):
            inner = value.get("params")
            inner_kinds = value.get("kinds")
            shown[param] = render(
                str(value["key"]),
                inner if isinstance(inner, dict) else {},
                lang,
                names=names,
                kinds={str(k): str(v) for k, v in inner_kinds.items()}
                if isinstance(inner_kinds, dict)
                else None,
            )
        elif param in ("player", "players") or (kinds or {}).get(param) == "player":
            seats = value if isinstance(value, list) else [value]
            shown[param] = ", ".join(_seat_name(s, names, lang, namespace) for s in seats)
            if any(_is_place(s, names) for s in seats):
                places.append(param)
        elif isinstance(value, list):
            single = param[:-1] if param.endswith("s") else param
            kind = (kinds or {}).get(param, single)
            shown[param] = ", ".join(
                render(str(v["key"]), v.get("params") or {}, lang, names=names)
                if isinstance(v, dict) and isinstance(v.get("key"), str)
                else term(namespace, kind, v, lang)
                for v in value
            )
        else:
            shown[param] = term(namespace, (kinds or {}).get(param, param), value, lang)
    template = text(key, lang)
    if template is None:
        inner = ", ".join(f"{p}={v}" for p, v in shown.items())
        return f"{key}({inner})"
    if lang == "fr":
        template = _elide(template, shown)
    for param in places:  # « le mort » opening a sentence: « Le mort passe. »
        opening = re.compile(r"(^|[.!?]\s+)\{" + param + r"\}")
        if opening.search(template):
            template = opening.sub(r"\g<1>{" + param + "__}", template)
            shown[param + "__"] = shown[param][:1].upper() + shown[param][1:]
    told = _formatter.format(template, **shown)
    if places and lang == "fr":  # « la carte du mort », « au mort »
        for name in {shown[p] for p in places if shown[p].startswith("le ")}:
            told = told.replace(f"de {name}", f"du {name[3:]}").replace(
                f"à {name}", f"au {name[3:]}"
            )
    return told


_VOWELS = frozenset("AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouyàâäæéèêëîïôöœùûü")
_BEFORE_A_VALUE = re.compile(r"\b([dD]|[qQ]u)e \{(\w+)\}")


def _elide(template: str, shown: Mapping[str, str]) -> str:
    """French elision before a value that opens on a vowel: « le tour d'Ada », « qu'Ève ».

    The catalog's own words are written elided by their authors; only a name put in the template
    can bring a vowel after « de » or « que ». (The browser's ``t()`` does the same.)"""

    def elided(m: re.Match[str]) -> str:
        value = shown.get(m[2], "")
        return f"{m[1]}'{{{m[2]}}}" if value[:1] in _VOWELS else m[0]

    return _BEFORE_A_VALUE.sub(elided, template)


def _is_place(seat: JSON, names: Sequence[str] | None) -> bool:
    """Whether ``seat`` is a place of the game beyond the seats named."""
    return isinstance(seat, int) and names is not None and seat >= len(names)


def _seat_name(seat: JSON, names: Sequence[str] | None, lang: str, namespace: str = "") -> str:
    if isinstance(seat, int) and names is not None and 0 <= seat < len(names):
        return names[seat]
    if _is_place(seat, names):
        found = text(f"{namespace}.place.{seat}", lang)
        if found is not None:
            return found
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
