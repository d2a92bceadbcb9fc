"""A game's rules on the site: the page ``/rules/{game}``, its text and the pictures it shows.

The page (``web/rules.html``) asks ``GET /api/games/{game}/rules/{lang}`` for the rules a reader of
that language gets (``GameInfo.rules``: the original rulebook in French, the rules as Hippodrome plays
them in English), rendered here from Markdown (``engine/rulestext.py``: no raw HTML passes). The
table's help panel asks the same for the section of the current phase. The pictures of the rules
documents (``docs/images/``) are served at ``/rules/images/{name}`` when the documents are there.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

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
async def rules_text(game_id: str, lang: str) -> RulesPage:
    """The rules a reader of ``lang`` gets, as HTML, with each phase's section."""
    if lang not in LANGUAGES:
        raise ServerError(404, "error.language", lang=lang[:40], langs=list(LANGUAGES))
    info = entry(game_id)
    written_in, text, rulebook = info.rules_text(lang)
    rendered = render_rules(text, hard_breaks=rulebook, image_url=_served_picture)
    return RulesPage(
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
        folded=[] if rulebook else list(info.rules.for_programmers),
        others={
            other: info.rules.is_rulebook(info.rules.file(other)[1])
            for other in LANGUAGES
            if other != lang
        },
    )


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
