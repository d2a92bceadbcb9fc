"""One word for the lobby in each language (issue 34, point 4): « accueil » in French, the site's
front page as every French site names it (« salon » reads as a chat room, and a table has its own
chat), "lobby" in English; never the other word in any text a player reads."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

OTHER_WORDS = {
    "fr": re.compile(r"\bsalon\b|\blobby\b", re.I),
    "en": re.compile(r"\bhome page\b", re.I),
}
THE_WORD = {"fr": re.compile(r"\baccueil\b", re.I), "en": re.compile(r"\blobby\b", re.I)}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_lobby_has_one_name(client: TestClient, lang: str) -> None:
    texts = client.get(f"/api/i18n/{lang}").json()
    others = {k: v for k, v in texts.items() if OTHER_WORDS[lang].search(v)}
    assert not others, others
    assert THE_WORD[lang].search(texts["web.rules.lobby"]), texts["web.rules.lobby"]
    assert THE_WORD[lang].search(texts["web.result.lobby"]), texts["web.result.lobby"]
