"""A game's browser files are served from its package (server/routes/assets.py, docs/web.md)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hippodrome.games import CATALOGUE, playable_ids
from tests.planned import add_planned_game


@pytest.mark.parametrize("game_id", playable_ids())
def test_a_playable_game_serves_its_own_board_module_and_stylesheet(
    client: TestClient, game_id: str
) -> None:
    info = CATALOGUE[game_id]
    for name, media_type in (("board.js", "text/javascript"), ("board.css", "text/css")):
        answer = client.get(f"/games/{game_id}/web/{name}")
        assert answer.status_code == 200, f"{game_id}/{name}: {answer.status_code}"
        assert answer.headers["content-type"].startswith(media_type)
        own = info.web_file(name)
        assert own is not None and answer.content == own.read_bytes()


def test_a_game_without_a_board_gets_the_generic_board_and_an_empty_stylesheet(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = add_planned_game(monkeypatch)
    board = client.get(f"/games/{planned.id}/web/board.js")
    assert board.status_code == 200
    assert b"export function createBoard" in board.content
    assert b"fallback board" in board.content
    style = client.get(f"/games/{planned.id}/web/board.css")
    assert style.status_code == 200 and b"{" not in style.content


def test_an_unknown_game_or_file_is_a_named_404(client: TestClient) -> None:
    unknown = client.get("/games/nope/web/board.js")
    assert unknown.status_code == 404
    assert unknown.json()["error"]["key"] == "error.unknown_game"
    other = client.get("/games/royal_turf/web/rules.md")
    assert other.status_code == 404
    assert other.json()["error"]["key"] == "error.http"
    assert other.json()["error"]["message"]["fr"] == "aucun fichier « rules.md »"


def test_the_board_texts_of_each_game_reach_the_browser_catalog(client: TestClient) -> None:
    for lang in ("en", "fr"):
        messages = client.get(f"/api/i18n/{lang}").json()
        for game_id in playable_ids():
            assert any(key.startswith(f"web.{game_id}.") for key in messages), (
                f"no web.{game_id}.* text in the {lang} catalog"
            )


def test_a_game_serves_the_modules_its_board_and_options_editor_share(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Toques et Casques' board and course designer draw the track with one module (track.js); a
    game without an options editor gets one that offers none; a file a game lacks is a 404."""
    track = client.get("/games/toques_et_casques/web/track.js")
    assert track.status_code == 200
    assert track.headers["content-type"].startswith("text/javascript")
    assert b"export function buildView" in track.content
    designer = client.get("/games/toques_et_casques/web/options.js")
    assert b"export function createOptionsEditor" in designer.content
    assert b"options/check" in designer.content
    planned = add_planned_game(monkeypatch)
    none = client.get(f"/games/{planned.id}/web/options.js")
    assert none.status_code == 200 and b"return null" in none.content
    for name in ("bridge.js", "../board.js", "board.JS", "x" * 50 + ".js"):
        missing = client.get(f"/games/royal_turf/web/{name}")
        assert missing.status_code == 404, name
