"""A game's rules on the site: the page ``/rules/{game}``, its text and the pictures it shows.

The page (``web/rules.html``) asks ``GET /api/games/{game}/rules/{lang}`` for the rules a reader of
that language gets (``GameInfo.rules``: the original rulebook in French, the rules as Hippodrome plays
them in English), rendered here from Markdown (``engine/rulestext.py``: no raw HTML passes). The
pictures of the rules documents (``docs/images/``) are served at ``/rules/images/{name}`` when the
documents are there.

The table's help panel asks with ``?text=players``: where a reader would get the rules document (the
developers' text, with the engine's notation and decisions), a game may keep the same rules in
players' words, ``help.<lang>.md`` beside it in its package, whose headings are those of the
document's sections the help opens (``RulesTexts.sections``), so the manifest's map of phases to
sections serves both. The rulebook is in players' words already: it is given as it is.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse

from hippodrome.engine.errors import message
from hippodrome.engine.i18n import LANGUAGES
from hippodrome.engine.registry import GameInfo
from hippodrome.engine.rulestext import render_rules
from hippodrome.games import CATALOGUE, entry
from hippodrome.server.schemas import RulesPage, RulesSection, Texts, errors
from hippodrome.server.service import ServerError

WEB = files("hippodrome") / "web"

PICTURE = re.compile(r"(?:\.\./images/)?([\w-]+\.png)")
"""A picture a rules document shows, as it names it (``../images/royal_turf.png``)."""

PLAYERS_TEXT = "help.{lang}.md"
"""The rules in players' words, in a game's package: what the help panel shows in place of the rules
document (which keeps the notation and the decisions, for developers)."""


class RulesText(RulesPage):
    """A rules page, and whether its text is the rules in players' words."""

    players: bool = False
    """The players' text (``help.<lang>.md``), not the rules document nor the rulebook."""


router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api", tags=["games"])


@router.get("/rules/{game_id}")
async def rules_page(game_id: str) -> FileResponse:
    return FileResponse(str(WEB / "rules.html"))


@router.get("/rules/images/{name}")
async def rules_picture(name: str) -> FileResponse:
    found = _picture(name)
    if found is None:
        raise ServerError(
            404, "error.http", status=404, reason=message("error.reason.no_file", name=name[:60])
        )
    return FileResponse(found, media_type="image/png")


@api.get("/games/{game_id}/rules/{lang}", responses=errors(404, 422))
async def rules_text(
    game_id: str, lang: str, text: Literal["players", "document"] = "document"
) -> RulesText:
    """The rules a reader of ``lang`` gets, as HTML, with each phase's section; ``text=players``:
    in players' words where the game keeps them (the table's help panel)."""
    if lang not in LANGUAGES:
        raise ServerError(404, "error.language", lang=lang[:40], langs=list(LANGUAGES))
    info = entry(game_id)
    written_in, markdown, rulebook = info.rules_text(lang)
    players = None if rulebook or text != "players" else players_text(info, written_in)
    rendered = render_rules(
        players if players is not None else markdown,
        hard_breaks=rulebook,
        image_url=_served_picture,
    )
    return RulesText(
        game=info.id,
        titles=Texts.model_validate(dict(info.titles)),
        lang=lang,
        text_lang=written_in,
        rulebook=rulebook,
        seed=info.seed,
        html=rendered.html,
        sections=[
            RulesSection(anchor=s.anchor, level=s.level, title=s.title) for s in rendered.sections
        ],
        phases=dict(info.rules.sections.get(lang, info.rules.sections.get(written_in, {}))),
        folded=[] if rulebook or players is not None else list(info.rules.for_programmers),
        others={
            other: info.rules.is_rulebook(info.rules.file(other)[1])
            for other in LANGUAGES
            if other != lang
        },
        players=players is not None,
    )


def players_text(info: GameInfo, lang: str) -> str | None:
    """The game's rules in players' words in ``lang`` (Markdown), None when it keeps none."""
    found = info.folder() / PLAYERS_TEXT.format(lang=lang)
    return found.read_text(encoding="utf-8") if found.is_file() else None


def _pictures_folder(info: GameInfo) -> Path | None:
    """``docs/images/`` beside the rules document the package links to, when it is there."""
    document = Path(str(info.folder() / "rules.md"))
    folder = document.resolve().parent.parent / "images"
    return folder if folder.is_dir() else None


def _picture(name: str) -> Path | None:
    if PICTURE.fullmatch(name) is None:
        return None
    for info in CATALOGUE.values():
        folder = _pictures_folder(info) if info.is_playable else None
        if folder is not None and (folder / name).is_file():
            return folder / name
    return None


def _served_picture(src: str) -> str | None:
    match = PICTURE.fullmatch(src)
    if match is None or _picture(match.group(1)) is None:
        return None
    return f"/rules/images/{match.group(1)}"
