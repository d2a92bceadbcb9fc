"""Ascot's texts read as a player would say them: horses by their number, sales by what is sold,
yes-or-no facts in words, refusals of bad notation with the command's own hint."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from hippodrome.engine.auction_events import AuctionOpened, LotSold, LotUnsold
from hippodrome.engine.errors import NotationError
from hippodrome.engine.pool_events import DividendDeclared, SlipPlaced
from hippodrome.games import load_game
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import ClubReport, Move, Run
from hippodrome.games.ascot.rules import as_told

NAMES = ["Anne", "Bruno", "Chloé"]


def test_a_label_names_the_horse_by_its_number() -> None:
    game = load_game("ascot")
    assert game.action_json(Run(4), NAMES)["label"] == {
        "en": "Enter no. 4 in the race (Frs 10,000)",
        "fr": "Engager le n° 4 dans la course (10\u202f000 frs)",
    }
    assert game.action_json(Move(4, 0, 0), NAMES)["label"]["fr"] == "Le n° 4 ne bouge pas"
    label = game.action_json(ClubReport("walroy", 1), NAMES)["label"]["en"]
    assert label.endswith("for no. 1") and "h1" not in label


def test_the_engine_s_sale_is_told_with_the_card_sold() -> None:
    sold = as_told(LotSold(1, "h3", 4500, 450, -1, 0))
    assert isinstance(sold, LotSold)  # the rules still find the sale
    assert sold.money_changes() == LotSold(1, "h3", 4500, 450, -1, 0).money_changes()
    assert sold.narrate("fr", NAMES) == (
        "Adjugé à Bruno pour 4\u202f500 frs : le cheval n° 3 (jaune) (commission : 450 frs)."
    )
    assert as_told(LotUnsold("bookmaker")).narrate("en", NAMES) == "No buyer: Bookmaker."
    opened = as_told(AuctionOpened("h3", 500, False))
    assert opened.narrate("fr", NAMES) == "Mise à prix : 500 frs."
    bet = as_told(SlipPlaced(2, 1, "win", ("h4",), 1500, True, False))
    assert bet.narrate("fr", NAMES) == "Chloé parie 1\u202f500 frs gagnant sur le n° 4."
    assert bet.money_changes() == {2: -1500}
    none = as_told(DividendDeclared("win", 9000, 0, 0, 0))
    assert "personne n'a parié sur le gagnant" in none.narrate("fr", NAMES)


def test_yes_or_no_facts_are_told_in_words() -> None:
    white = ev.SmallCardTaken(0, "h2", "white", True)
    assert white.narrate("fr", NAMES) == "Le n° 2 d'Anne reçoit un Désavantage."
    empty = ev.SmallCardTaken(0, "h2", "red", False)
    assert empty.narrate("en", NAMES) == "No red advantage is left for Anne's no. 2."
    assert ev.HorseShifted("h5", -3, 12).narrate("fr", NAMES).startswith("Le n° 5 recule de 3")
    assert ev.CardWithdrawn("h7", True).narrate("en", NAMES).endswith("and its horse with it.")
    for event in (white, ev.ReportDrawn(1, "h1", "walroy", 2, True), ev.HorseCalled("h4", False)):
        for lang in ("en", "fr"):
            text = event.narrate(lang, NAMES)
            assert "True" not in text and "False" not in text and "oui" not in text, text


def test_an_owner_without_a_favourite_is_told_so_not_hidden() -> None:
    """Favori: « Ce choix est facultatif »: naming none is said in words, to every seat."""
    assert ev.FavouriteNamed(0, None).narrate("en", NAMES) == "Anne names no favourite."
    assert ev.FavouriteNamed(0, None).narrate("fr", NAMES) == "Anne ne désigne pas de Favori."
    assert ev.FavouriteNamed(1, "h5").narrate("fr", NAMES) == "Favori de Bruno : n° 5."


@pytest.mark.parametrize(
    ("typed", "fr"),
    [
        ("die 7", "die suivi d'un nombre de 1 à 6"),
        ("run 4", "run <cheval>, le cheval noté h1 à h12, par exemple run h4"),
        ("fly away", "offer <joueur> <sell|buy> <objet> <prix>"),
    ],
)
def test_bad_notation_gets_the_command_s_hint_in_the_reader_s_language(typed: str, fr: str) -> None:
    with pytest.raises(NotationError) as refused:
        load_game("ascot").parse_action(typed)
    assert f"« {typed} »" in refused.value.message("fr")
    assert fr in refused.value.message("fr")


def test_a_trade_offer_names_the_partner_and_the_card_as_players_say_them() -> None:
    """An offer's label names the player it is made to, never a seat number, and in French the
    card comes with its article (« vendre le cheval n° 4 »)."""
    from hippodrome.games import load_game  # noqa: PLC0415
    from hippodrome.games.ascot.actions import Offer  # noqa: PLC0415

    game = load_game("ascot", players=3)
    names = ["Anne", "Bruno", "Chloé"]
    offer = Offer(1, "sell", "h4", 5000)
    assert (
        game.action_label(offer, "en", names)
        == "Offer Bruno to sell horse no. 4 (blue) for Frs 5,000"
    )
    assert game.action_label(offer, "fr", names) == (
        "Proposer à Bruno de vendre le cheval n° 4 (bleu) pour 5\u202f000 frs"
    )
    farrier = Offer(2, "buy", "marechal_ferrant", 0)
    assert "d'acheter le Maréchal-Ferrant" in game.action_label(farrier, "fr", names)


STALE = re.compile(r"\b(?:is|are|still) not (?:yet )?built\b|\bstill missing\b", re.IGNORECASE)
"""How a text says a part of the game is not there."""


def _anchor(heading: str) -> str:
    """A heading's link anchor, as the rules pages and GitHub make it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_no_text_of_the_game_promises_a_part_that_is_missing_or_calls_a_built_one_missing() -> None:
    """The rules document points only to sections it has and lists nothing as missing; no comment
    of the package says a part is not built (the trades are: D29, D41, D45)."""
    package = files("hippodrome.games.ascot")
    doc = (package / "rules.md").read_text(encoding="utf-8")
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", doc, re.MULTILINE)}
    links = re.findall(r"\]\(#([^)]+)\)", doc)
    assert links and not [link for link in links if link not in anchors]
    texts = {"rules.md": doc}
    texts |= {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in package.iterdir()
        if entry.name.endswith(".py")
    }
    stale = {name: STALE.findall(text) for name, text in texts.items() if STALE.search(text)}
    assert not stale, stale
