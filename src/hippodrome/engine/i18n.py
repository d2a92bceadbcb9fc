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
    if param == "ordinal" and isinstance(value, int) and not isinstance(value, bool):
        return ordinal(value, lang)
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
    inner: bool = False,
) -> str:
    """The text of message ``key`` with its parameters, in ``lang``.

    ``names`` are the seats' names, used for parameters called ``player`` or ``players`` (or whose
    kind is ``player``); a place of the game beyond them, which no seat holds (a bridge dummy), is
    named by the game's term ``<namespace>.place.<n>``. ``kinds`` says which term a parameter is
    when its name does not (``{"winner": "horse"}``). ``inner``: the message is a part of another
    one (a refusal's reason, a list's item), so a value opening it keeps its small letter.

    The house style (issue 34) is applied here, for every message alike (see :func:`style`): a
    value opening a sentence (a text that ends with a full stop, or after one) starts with a
    capital (« Le n° 2 est rentré. », "No. 2 is back."; the catalog's own words are written with
    theirs, and a text without a full stop is a fragment, « the hurdle cannot go… », that its
    reader may put after words of his own); ``{n|length|lengths}`` is the word for the count ``n`` (French:
    0 and 1 take the singular), ``{n|nth}`` an ordinal ("1st", « 1er »; ``nthf``: « 1re »),
    ``{x|cap}`` a value with a capital; in French a value that opens on a vowel elides « de » and
    « que » (« d'Ada »), and one that opens on « le »/« les » contracts « de » and « à » (« du
    Vétérinaire », « au mort », « des », « aux »). Never raises: an unknown key shows itself with
    its parameters, so narration can't break a game.
    """
    namespace = key.split(".", 1)[0]
    shown: dict[str, str] = {}
    for param, value in params.items():
        if isinstance(value, dict) and isinstance(value.get("key"), str):
            given = value.get("params")
            inner_kinds = value.get("kinds")
            shown[param] = render(
                str(value["key"]),
                given if isinstance(given, dict) else {},
                lang,
                names=names,
                kinds={str(k): str(v) for k, v in inner_kinds.items()}
                if isinstance(inner_kinds, dict)
                else None,
                inner=True,
            )
        elif param in ("player", "players") or (kinds or {}).get(param) == "player":
            seats = value if isinstance(value, list) else [value]
            shown[param] = ", ".join(_seat_name(s, names, lang, namespace) for s in seats)
        elif isinstance(value, list):
            single = param[:-1] if param.endswith("s") else param
            kind = (kinds or {}).get(param, single)
            shown[param] = ", ".join(
                render(str(v["key"]), v.get("params") or {}, lang, names=names, inner=True)
                if isinstance(v, dict) and isinstance(v.get("key"), str)
                else term(namespace, kind, v, lang)
                for v in value
            )
        else:
            shown[param] = term(namespace, (kinds or {}).get(param, param), value, lang)
    template = text(key, lang)
    if template is None:
        told = ", ".join(f"{p}={v}" for p, v in shown.items())
        return f"{key}({told})"
    return style(template, params, shown, lang, inner=inner, label=".action." in key)


def style(
    template: str,
    params: Mapping[str, JSON],
    shown: Mapping[str, str],
    lang: str,
    *,
    inner: bool = False,
    label: bool = False,
) -> str:
    """``template`` filled with the values ``shown`` (each parameter as it reads), in the house style
    of ``lang`` (the raw ``params`` give the counts of plurals and ordinals); ``label``: a move's
    label, alone on its button. The browser's ``t()`` (web/js/i18n.js) does the same."""
    filled = dict(shown)

    def inflected(m: re.Match[str]) -> str:
        name, forms = m[1], m[2].split("|")
        value = params.get(name, shown.get(name))
        if forms == ["cap"]:
            return _capital(shown.get(name, m[0]))
        count = _count(value)
        if forms in (["nth"], ["nthf"]):
            return (
                shown.get(name, m[0])
                if count is None
                else ordinal(int(count), lang, feminine=forms[0] == "nthf")
            )
        if len(forms) != 2:
            return m[0]
        return forms[0] if count is not None and _singular(count, lang) else forms[1]

    template = _INFLECTED.sub(inflected, template)
    if lang == "fr":
        template = _elide(template, filled)
        template = _contract(template, filled)
    opening = re.compile(r"(^|[.!?]\s+)\{(\w+)\}")
    # A text ending with a full stop is a sentence, and a move's label (``label``) stands alone on
    # its button: what opens them takes a capital. Another text is a fragment (a refusal's reason)
    # that its reader may put after words of his own.
    sentence = not inner and (
        label or bool(_SENTENCE_END.search(_formatter.format(template, **filled)))
    )

    def capital(m: re.Match[str]) -> str:
        name = m[2]
        if name not in filled or (not m[1] and not sentence):
            return m[0]
        filled[name + "__cap"] = _capital(filled[name])
        return m[1] + "{" + name + "__cap}"

    template = opening.sub(capital, template)
    return _formatter.format(template, **filled)


_SENTENCE_END = re.compile(r"[.!?…]\s*[»”)]?\s*$")
_INFLECTED = re.compile(r"\{(\w+)\|([^{}]+)\}")
"""``{n|length|lengths}``, ``{n|nth}``, ``{x|cap}``: a word for a count, an ordinal, a capital."""


def _capital(told: str) -> str:
    """``told`` with its first letter a capital (« le mort » → « Le mort »; "no. 2" → "No. 2")."""
    for i, c in enumerate(told):
        if c.isalpha():
            return told[:i] + c.upper() + told[i + 1 :] if c.islower() else told
        if c.isdigit():
            return told
    return told


def _count(value: JSON | str | None) -> float | None:
    """The count a value stands for: a number, a list's length, a number written as text, with a
    fraction (« 1 1/8 », "3/4": a race's miles)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, list):
        return len(value)
    written = str(value).strip()
    fraction = re.fullmatch(r"(?:(\d+)\s+)?(\d+)/(\d+)", written)
    if fraction is not None and int(fraction[3]):
        return int(fraction[1] or 0) + int(fraction[2]) / int(fraction[3])
    digits = re.sub(r"[\s,\u202f\u00a0]", "", written)
    return int(digits) if re.fullmatch(r"-?\d+", digits) else None


def _singular(count: float, lang: str) -> bool:
    """Whether a count takes the singular: in English 1 and a fraction of one ("3/4 mile", "1 1/8
    miles"), in French below 2 (« 0 point », « 1 longueur », « 1 1/2 mile »)."""
    return abs(count) < 2 if lang == "fr" else 0 < abs(count) <= 1


def ordinal(n: int, lang: str = "en", *, feminine: bool = False) -> str:
    """``n`` as an ordinal: "1st", "2nd", "3rd", "11th", "21st"; « 1er » (« 1re »), « 2e »."""
    if lang == "fr":
        return f"{n}{('re' if feminine else 'er') if n == 1 else 'e'}"
    if 10 <= abs(n) % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(abs(n) % 10, 'th') }"


_VOWELS = frozenset("AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouyàâäæéèêëîïôöœùûü")
_BEFORE_A_VALUE = re.compile(r"\b([dD]|[qQ]u)e \{(\w+)\}")
_DE_OR_A = re.compile(r"(?<![\w'’])([dD]e|[àÀ]) \{(\w+)\}")
_ARTICLE = re.compile(r"(?i)^(les?) (.*)$", re.DOTALL)
_CONTRACTED = {
    ("de", "le"): "du",
    ("de", "les"): "des",
    ("à", "le"): "au",
    ("à", "les"): "aux",
}


def _contract(template: str, filled: dict[str, str]) -> str:
    """French contraction before a value that opens on « le » or « les »: « de » + « le
    Vétérinaire » is « du Vétérinaire », « à le mort » is « au mort », « des », « aux ». (The
    browser's ``t()`` does the same.)"""

    def contracted(m: re.Match[str]) -> str:
        name = m[2]
        article = _ARTICLE.match(filled.get(name, ""))
        if article is None:
            return m[0]
        word = _CONTRACTED[(m[1].lower(), article[1].lower())]
        if m[1][0].isupper():
            word = word.capitalize()
        filled[name + "__rest"] = article[2]
        return f"{word} {{{name}__rest}}"

    return _DE_OR_A.sub(contracted, template)


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
