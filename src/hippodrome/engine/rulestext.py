"""A game's rules text as a player reads it on the site: Markdown rendered to safe HTML.

The rules texts a game declares (``GameInfo.rules``: its rules document, its original rulebook) are
Markdown. ``render_rules`` turns one into HTML with markdown-it-py, CommonMark with tables, and with
raw HTML switched off: a ``<tag>`` in the text is shown as text, never passed through, and links with a
script scheme are refused by the parser. Every heading gets the anchor GitHub gives it
(``## Betting (§2)`` is ``#betting-2``), so the links inside a rules document keep working and a
game's help sections (``RulesTexts.sections``) name a heading the way a reader of the repository sees it.

Pictures are kept only where ``image_url`` says where the site serves them; elsewhere their
description is shown instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

ImageUrl = Callable[[str], str | None]
"""Where the site serves a picture the text refers to (its address in the text), None to leave it out."""


@dataclass(frozen=True, slots=True)
class Section:
    """One heading of a rules text: its anchor, its level (1 for ``#``) and its words."""

    anchor: str
    level: int
    title: str


@dataclass(frozen=True, slots=True)
class RenderedRules:
    html: str
    sections: tuple[Section, ...]

    def anchors(self) -> set[str]:
        return {section.anchor for section in self.sections}


def slug(title: str) -> str:
    """A heading's anchor as GitHub writes it: lower case, punctuation dropped (letters with accents,
    digits, ``-`` and ``_`` kept), each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def _parser(hard_breaks: bool) -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "breaks": hard_breaks}).enable("table")


_PARSERS = {False: _parser(False), True: _parser(True)}


def render_rules(
    markdown: str, *, hard_breaks: bool = False, image_url: ImageUrl | None = None
) -> RenderedRules:
    """``markdown`` as safe HTML, each heading with its anchor. ``hard_breaks``: keep the text's line
    breaks (a rulebook copied line by line); ``image_url``: where pictures are served (none without)."""
    md = _PARSERS[hard_breaks]
    tokens = md.parse(markdown)
    sections: list[Section] = []
    seen: dict[str, int] = {}
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            title = _words(tokens[i + 1])
            base = slug(title)
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchor = base if count == 0 else f"{base}-{count}"
            token.attrSet("id", anchor)
            sections.append(Section(anchor, int(token.tag[1:]), title))
        elif token.type == "inline" and token.children:
            token.children = [_picture(child, image_url) for child in token.children]
    return RenderedRules(md.renderer.render(tokens, md.options, {}), tuple(sections))


def _words(inline: Token) -> str:
    return "".join(
        child.content for child in inline.children or [] if child.type in ("text", "code_inline")
    )


def _picture(token: Token, image_url: ImageUrl | None) -> Token:
    """A picture the site serves, at its address there; else its description as text."""
    if token.type != "image":
        return token
    src = str(token.attrGet("src") or "")
    served = image_url(src) if image_url is not None else None
    if served is None:
        return Token("text", "", 0, content=_words(token))
    token.attrSet("src", served)
    token.attrSet("loading", "lazy")
    return token
