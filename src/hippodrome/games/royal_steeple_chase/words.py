"""The cards and coups of Royal Steeple Chase said in words, for the texts a player reads.

The engine writes a card as its notation (``3v/Hr``: TROT VERT / HAIE ROUGE), and so do the events'
parameters; a player reads « trot vert / haie rouge » ("green trot / red hurdle"), a hidden card as
« une carte cachée ». Registered with ``engine.i18n.register_words``: the catalog's terms cannot
list every card, still less every hand.
"""

from __future__ import annotations

import re

from hippodrome.engine.i18n import text
from hippodrome.engine.types import JSON

NS = "royal_steeple_chase"
CARDS = frozenset({"card", "cards", "taken", "thrown", "given", "received", "hand", "spread"})
"""The parameters that hold a card, or cards written one after another."""
COUPS = frozenset({"half"})
"""The parameters that hold one coup of a card (``use``, what a coup is played as, is a number of
squares: « avancer de 3 cases »)."""
FEMININE = frozenset("0HR")
"""The coups French calls by a feminine noun (la chute, la haie, la royale)."""
COUP = re.compile(r"^(R=)?([0234HR])([rbjv]?)$")


def _say(key: str, lang: str) -> str:
    return text(f"{NS}.{key}", lang) or key


def coup(written: str, lang: str) -> str | None:
    """One coup in words (``3v``: « trot vert »; ``R=4``: « royale jouée en galop »); None when
    ``written`` is no coup."""
    match = COUP.match(written)
    if match is None:
        return None
    royal, kind, colour = match.groups()
    noun = _say(f"coup.{kind}", lang)
    if colour:
        gender = "f" if kind in FEMININE else "m"
        told = _say("coup_coloured", lang).format(
            coup=noun, colour=_say(f"coup_colour.{gender}.{colour}", lang)
        )
    else:
        told = noun
    if royal:
        return _say("royal_as", lang).format(coup=told)
    return told


def card(written: str, lang: str) -> str | None:
    """A card in words (``3v/Hr``: « trot vert / haie rouge »), a hidden one as « une carte
    cachée »; None when ``written`` is no card."""
    if written == "?":
        return _say("hidden_card", lang)
    halves = [coup(half, lang) for half in written.split("/")]
    if len(halves) != 2 or None in halves:
        return None
    return " / ".join(h for h in halves if h is not None)


def words(kind: str, value: JSON, lang: str) -> str | None:
    """``engine.i18n``'s question: ``value`` of the parameter ``kind`` in words, or None."""
    if not isinstance(value, str):
        return None
    if kind in COUPS:
        return coup(value, lang) or (_say("hidden_card", lang) if value == "?" else None)
    if kind not in CARDS:
        return None
    if kind == "card" or " " not in value.strip():
        return card(value, lang)
    said = [card(one, lang) for one in value.split()]
    if None in said:
        return None
    return ", ".join(s for s in said if s is not None)
