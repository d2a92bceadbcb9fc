"""The rules on the site: ``/rules/<game>`` and its text, ``/api/games/<game>/rules/<lang>``
(server/routes/rules.py, docs/web.md)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from hippodrome.engine.i18n import LANGUAGES
from hippodrome.games import entry, playable_ids
from tests.planned import add_planned_game


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", playable_ids())
def test_every_game_has_its_rules_in_every_language_with_each_phase_section(
    client: TestClient, game_id: str, lang: str
) -> None:
    answer = client.get(f"/api/games/{game_id}/rules/{lang}")
    assert answer.status_code == 200, answer.text
    page = answer.json()
    assert page["game"] == game_id and page["lang"] == lang
    assert page["phases"], f"{game_id}: no help section in {lang}"
    for phase, anchor in page["phases"].items():
        assert f'id="{anchor}"' in page["html"], (
            f"{game_id} {lang}: {phase} -> {anchor} not in the page"
        )
    assert set(page["others"]) == set(LANGUAGES) - {lang}
    # French readers get the rulebook's own words, English readers the rules as played.
    assert page["rulebook"] is (lang == "fr")
    assert page["text_lang"] == lang
    written_in, _, _ = entry(game_id).rules_text(lang)
    assert written_in == lang
    # The rules document's sections for programmers are folded; the rulebook has none.
    assert page["folded"] == (
        [] if page["rulebook"] else list(entry(game_id).rules.for_programmers)
    )
    for anchor in page["folded"]:
        assert f'id="{anchor}"' in page["html"], f"{game_id}: no section {anchor} to fold"


def test_the_rules_document_shows_its_pictures_and_the_site_serves_them(client: TestClient) -> None:
    html = client.get("/api/games/royal_turf/rules/en").json()["html"]
    assert '<img src="/rules/images/royal_turf.png"' in html
    picture = client.get("/rules/images/royal_turf.png")
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
    assert picture.content.startswith(b"\x89PNG")


def test_the_french_page_is_the_rulebook_with_its_provenance(client: TestClient) -> None:
    page = client.get("/api/games/toques_et_casques/rules/fr").json()
    assert "Provenance" in page["html"] and "002_040eccd8846c6b7d.txt" in page["html"]
    assert "-14--règle-de-base" in {s["anchor"] for s in page["sections"]}
    assert "escaleajeux.fr" not in page["html"].split("Provenance", 1)[1].split("</p>", 1)[1]


def test_the_rules_page_is_served_for_a_game(client: TestClient) -> None:
    answer = client.get("/rules/royal_turf")
    assert answer.status_code == 200
    assert "/static/js/rules.js" in answer.text


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/api/games/nope/rules/en", "error.unknown_game"),
        ("/api/games/royal_turf/rules/de", "error.language"),
        ("/rules/images/..%2Fsecret.png", "error.http"),
        ("/rules/images/nothing.png", "error.http"),
    ],
)
def test_bad_rules_requests_are_named_404s(client: TestClient, path: str, key: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.json()["error"]["key"] == key
    if key == "error.http":
        assert (
            answer.json()["error"]["message"]["fr"].lower().startswith(("aucun fichier", "rien à"))
        )


def test_a_planned_game_has_no_rules_page_yet(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = add_planned_game(monkeypatch)
    answer = client.get(f"/api/games/{planned.id}/rules/en")
    assert answer.status_code == 404
    assert answer.json()["error"]["key"] == "error.game_not_playable"


NOTATION = re.compile(r"`|\b[a-h][1-8]\b|\b[A-Z]:[a-z]:\d|\bh\d\b|\bstation\b")
"""Engine notation a player never reads (``h3``, ``B:w:3``, code spans)."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", playable_ids())
def test_the_players_text_is_in_the_reader_s_language_with_each_phase_section(
    client: TestClient, game_id: str, lang: str
) -> None:
    """Issue 34, point 4: the help panel's text (``?text=players``) is the rules in players' words in
    the reader's own language, never the developers' document nor, in French, the rulebook; each
    phase opens a section of it (``help.fr.md`` follows ``help.en.md`` heading for heading)."""
    page = client.get(f"/api/games/{game_id}/rules/{lang}?text=players").json()
    assert page["players"] and not page["rulebook"] and not page["howto"]
    assert page["text_lang"] == lang and page["folded"] == []
    document = client.get(f"/api/games/{game_id}/rules/{lang}").json()
    assert set(page["phases"]) == set(document["phases"]), f"{game_id} {lang}: phases lost"
    for phase, anchor in page["phases"].items():
        assert f'id="{anchor}"' in page["html"], f"{game_id} {lang}: {phase} -> {anchor}"
    assert "<code>" not in page["html"], f"{game_id} {lang}: notation in the players' text"
    text = re.sub(r"<[^>]+>", " ", page["html"])
    if lang == "fr":  # French typography: a non-breaking space before « : », « ; », « ! », « ? »
        assert re.search(r" [:;!?]", text) is None, f"{game_id}: {re.search(r'.. [:;!?]', text)}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", playable_ids())
def test_how_to_play_says_the_goal_a_turn_and_the_end_in_the_reader_s_language(
    client: TestClient, game_id: str, lang: str
) -> None:
    """Issue 34, point 4: how to play in one screen (``?text=howto``): three short sections, the
    goal, a turn and how it ends, in the reader's language and without notation; at most 260 words
    (with the page's links it stays within two phone screens: tests/web/test_rules.py)."""
    page = client.get(f"/api/games/{game_id}/rules/{lang}?text=howto").json()
    assert page["howto"] and not page["players"] and not page["rulebook"]
    assert page["text_lang"] == lang and page["phases"] == {}
    assert [s["level"] for s in page["sections"]] == [2, 2, 2]
    text = re.sub(r"<[^>]+>", " ", page["html"])
    assert len(text.split()) <= 260, f"{game_id} {lang}: {len(text.split())} words"
    assert NOTATION.search(text) is None, f"{game_id} {lang}: {NOTATION.search(text)}"
    if lang == "fr":  # French typography: a non-breaking space before « : », « ; », « ! », « ? »
        assert re.search(r" [:;!?]", text) is None, f"{game_id}: {re.search(r'.. [:;!?]', text)}"
    # The document for the page's language: the rulebook in French, the rules document in English.
    assert page["document_rulebook"] is (lang == "fr")
