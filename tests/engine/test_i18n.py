"""The message renderer's house style (issues 16 and 34): French elision and contraction before a
value, capitals where a text or a sentence opens, plurals and ordinals of counts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from hippodrome.engine.i18n import forget_catalog, ordinal, register_catalog, render


def test_de_and_que_elide_before_a_name_that_opens_on_a_vowel() -> None:
    names = ["Ada", "Bob", "Ève"]
    told = render("error.not_your_turn", {"player": 0, "players": [1]}, "fr", names=names)
    assert told.startswith("ce n'est pas le tour d'Ada ")
    assert render(
        "error.not_your_turn", {"player": 2, "players": [0]}, "fr", names=names
    ).startswith("ce n'est pas le tour d'Ève ")


def test_a_name_on_a_consonant_and_english_keep_their_words() -> None:
    names = ["Ada", "Bob"]
    assert "le tour de Bob " in render(
        "error.not_your_turn", {"player": 1, "players": [0]}, "fr", names=names
    )
    assert "Ada" in render("error.not_your_turn", {"player": 0, "players": [1]}, "en", names=names)
    assert "d'Ada" not in render(
        "error.not_your_turn", {"player": 0, "players": [1]}, "en", names=names
    )


SAMPLE = {
    "en": {
        "style.ran": "{horse} moves {points} {points|length|lengths}.",
        "style.race": "{miles} {miles|mile|miles}",
        "style.boxed": "A report. {horse} is back in its box.",
        "style.place": "{horse} finished {place|nth}.",
        "style.read": "A report from {deck}",
        "style.reason": "{reason}",
        "style.refused": "Not now: {reason}",
        "style.horse.2": "no. 2",
        "style.deck.vet": "the Veterinary Surgeon",
    },
    "fr": {
        "style.ran": "{horse} avance de {points} {points|longueur|longueurs}.",
        "style.race": "{miles} {miles|mile|miles}",
        "style.boxed": "Un rapport. {horse} est rentré au box.",
        "style.place": "{horse} finit {place|nth}, à la {place|nthf} place.",
        "style.read": "Un rapport de {deck}, à {deck}, de {horses} à {horses}",
        "style.reason": "{reason}",
        "style.refused": "Pas maintenant : {reason}",
        "style.horse.2": "le n° 2",
        "style.horse.3": "les deux",
        "style.deck.vet": "le Vétérinaire",
    },
}


@pytest.fixture
def style_catalog(tmp_path: Path) -> Iterator[None]:
    for lang, texts in SAMPLE.items():
        (tmp_path / f"{lang}.json").write_text(json.dumps(texts), encoding="utf-8")
    register_catalog("style", tmp_path)
    yield
    forget_catalog("style")


@pytest.mark.usefixtures("style_catalog")
def test_a_count_takes_its_plural_in_each_language() -> None:
    """« 1 longueur », « 0 longueur », « 2 longueurs »; "1 length", "0 lengths"."""
    for n, en, fr in (
        (1, "length", "longueur"),
        (0, "lengths", "longueur"),
        (2, "lengths", "longueurs"),
    ):
        assert render("style.ran", {"horse": 2, "points": n}, "en").endswith(f" {n} {en}.")
        assert render("style.ran", {"horse": 2, "points": n}, "fr").endswith(f" {n} {fr}.")


@pytest.mark.usefixtures("style_catalog")
def test_a_fraction_takes_the_number_each_language_gives_it() -> None:
    """A race's miles: "3/4 mile", "1 1/8 miles"; « 1 1/2 mile », « 2 miles » (French: below 2)."""
    told = {
        (m, lang): render("style.race", {"miles": m}, lang)
        for m in ("3/4", "1 1/8", "2")
        for lang in ("en", "fr")
    }
    assert told == {
        ("3/4", "en"): "3/4 mile", ("1 1/8", "en"): "1 1/8 miles", ("2", "en"): "2 miles",
        ("3/4", "fr"): "3/4 mile", ("1 1/8", "fr"): "1 1/8 mile", ("2", "fr"): "2 miles",
    }  # fmt: skip


@pytest.mark.usefixtures("style_catalog")
def test_a_value_opening_a_text_or_a_sentence_takes_a_capital() -> None:
    """ "No. 2 is back in its box", « Le n° 2 est rentré »: a horse's reference opening a sentence."""
    assert render("style.ran", {"horse": 2, "points": 1}, "en").startswith("No. 2 moves")
    assert render("style.ran", {"horse": 2, "points": 1}, "fr").startswith("Le n° 2 avance")
    assert render("style.boxed", {"horse": 2}, "en") == "A report. No. 2 is back in its box."
    assert render("style.boxed", {"horse": 2}, "fr") == "Un rapport. Le n° 2 est rentré au box."
    inner = {"key": "style.ran", "params": {"horse": 2, "points": 3}}
    assert render("style.reason", {"reason": inner}, "en") == "No. 2 moves 3 lengths."
    assert render("style.refused", {"reason": inner}, "en") == "Not now: no. 2 moves 3 lengths."
    told = render("style.refused", {"reason": inner}, "fr")
    assert told == "Pas maintenant : le n° 2 avance de 3 longueurs."


@pytest.mark.usefixtures("style_catalog")
def test_de_and_a_contract_with_the_article_of_a_value() -> None:
    """« du Vétérinaire », « au Vétérinaire », « des deux », « aux deux »: never « de le »."""
    told = render("style.read", {"deck": "vet", "horses": 3}, "fr", kinds={"horses": "horse"})
    assert told == "Un rapport du Vétérinaire, au Vétérinaire, des deux aux deux"
    assert render("style.read", {"deck": "vet"}, "en") == "A report from the Veterinary Surgeon"


@pytest.mark.usefixtures("style_catalog")
def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
    ]  # fmt: skip
    assert [ordinal(n, "fr") for n in (1, 2, 10)] == ["1er", "2e", "10e"]
    assert ordinal(1, "fr", feminine=True) == "1re"
    assert render("style.place", {"horse": 2, "place": 1}, "en") == "No. 2 finished 1st."
    told = render("style.place", {"horse": 2, "place": 1}, "fr")
    assert told == "Le n° 2 finit 1er, à la 1re place."
