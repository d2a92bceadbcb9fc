"""The message renderer's French: elision before a name that opens on a vowel."""

from __future__ import annotations

from hippodrome.engine.i18n import render


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
