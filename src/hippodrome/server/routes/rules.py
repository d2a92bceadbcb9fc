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
sections serves both. The players' text is in each language the site speaks (``help.fr.md`` too):
a French reader's help panel opens it rather than the original rulebook, whose words are the seed's,
not Hippodrome's decisions. ``help.<lang>.md`` of another language follows ``help.en.md`` heading
for heading, so the English map of phases serves it by position.

``?text=howto``: how to play in one screen (``howto.<lang>.md``: the goal, a turn, how it ends), the
rules page's first text; the whole rules (players' text, rules document, rulebook) are links from it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib.resources import files
from pathlib import Path
from typing import Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse

from hippodrome.engine.errors import message
from hippodrome.engine.i18n import LANGUAGES
from hippodrome.engine.registry import GameInfo
from hippodrome.engine.rulestext import Section, render_rules
from hippodrome.games import CATALOGUE, entry
from hippodrome.server.schemas import RulesPage, RulesSection, Texts, errors
from hippodrome.server.service import ServerError

WEB = files("hippodrome") / "web"

PICTURE = re.compile(r"(?:\.\./images/)?([\w-]+\.png)")
"""A picture a rules document shows, as it names it (``../images/royal_turf.png``)."""

PLAYERS_TEXT = "help.{lang}.md"
"""The rules in players' words, in a game's package: what the help panel shows in place of the rules
document (which keeps the notation and the decisions, for developers)."""


HOWTO_TEXT = "howto.{lang}.md"
"""How to play in one screen, in a game's package: the goal, a turn, how it ends."""

TextKind = Literal["howto", "players", "document"]


class RulesText(RulesPage):
    """A rules page, and which of the game's texts it is."""

    players: bool = False
    """The players' text (``help.<lang>.md``), not the rules document nor the rulebook."""
    howto: bool = False
    """How to play in one screen (``howto.<lang>.md``)."""
    document_rulebook: bool = False
    """Whether this language's whole rules (``text=document``) are the original rulebook."""


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
async def rules_text(game_id: str, lang: str, text: TextKind = "document") -> RulesText:
    """The rules a reader of ``lang`` gets, as HTML, with each phase's section; ``text=players``:
    in players' words, in the reader's language where the game keeps them (the table's help panel);
    ``text=howto``: how to play in one screen."""
    if lang not in LANGUAGES:
        raise ServerError(404, "error.language", lang=lang[:40], langs=list(LANGUAGES))
    info = entry(game_id)
    written_in, markdown, rulebook = info.rules_text(lang)
    phases = dict(info.rules.sections.get(lang, info.rules.sections.get(written_in, {})))
    own = own_text(info, HOWTO_TEXT if text == "howto" else PLAYERS_TEXT, lang)
    howto = own if text == "howto" else None
    players = own if text == "players" else None
    if own is not None and text != "document":
        written_in, markdown, rulebook = own[0], own[1], False
    rendered = render_rules(markdown, hard_breaks=rulebook, image_url=_served_picture)
    if players is not None:
        phases = players_phases(info, written_in, rendered.sections)
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
        phases={} if howto is not None else phases,
        folded=[] if rulebook or howto or players else list(info.rules.for_programmers),
        others={
            other: info.rules.is_rulebook(info.rules.file(other)[1])
            for other in LANGUAGES
            if other != lang
        },
        players=players is not None,
        howto=howto is not None,
        document_rulebook=info.rules.is_rulebook(info.rules.file(lang)[1]),
    )


def own_text(info: GameInfo, name: str, lang: str) -> tuple[str, str] | None:
    """A text of the game's package for readers of ``lang`` (``help.fr.md``, ``howto.en.md``), else
    the same in English, as ``(its language, its Markdown)``; None when the game keeps none."""
    for code in dict.fromkeys((lang, "en")):
        found = info.folder() / name.format(lang=code)
        if found.is_file():
            return code, found.read_text(encoding="utf-8")
    return None


def players_text(info: GameInfo, lang: str) -> str | None:
    """The game's rules in players' words in ``lang`` (Markdown), None when it keeps none."""
    found = info.folder() / PLAYERS_TEXT.format(lang=lang)
    return found.read_text(encoding="utf-8") if found.is_file() else None


def players_phases(info: GameInfo, lang: str, sections: Sequence[Section]) -> dict[str, str]:
    """The section of the players' text in ``lang`` the help opens at each phase: the manifest's
    English map names the headings of ``help.en.md`` (those of the rules document), and another
    language's text follows it heading for heading."""
    english = dict(info.rules.sections.get("en", {}))
    if lang == "en":
        return english
    source = players_text(info, "en")
    if source is None:
        return {}
    order = {section.anchor: i for i, section in enumerate(render_rules(source).sections)}
    return {
        phase: sections[order[anchor]].anchor
        for phase, anchor in english.items()
        if anchor in order and order[anchor] < len(sections)
    }


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
