"""A rules text as the site shows it (engine/rulestext.py): safe HTML, GitHub's anchors."""

from __future__ import annotations

from hippodrome.engine.rulestext import render_rules, slug


def test_headings_get_the_anchors_github_gives_them() -> None:
    rendered = render_rules(
        "# Royal Turf\n\n## Betting (§2)\n\n## Betting (§2)\n\n### 1. Préparation d'une course\n"
    )
    assert [s.anchor for s in rendered.sections] == [
        "royal-turf",
        "betting-2",
        "betting-2-1",
        "1-préparation-dune-course",
    ]
    assert '<h2 id="betting-2">Betting (§2)</h2>' in rendered.html
    assert slug("-01- COMPOSITION DU JEU") == "-01--composition-du-jeu"


def test_raw_html_and_script_links_do_not_pass() -> None:
    html = render_rules(
        '<script>alert(1)</script>\n\n<b onclick="x()">bold</b> [click](javascript:alert(1))\n'
    ).html
    assert "<script" not in html and "<b " not in html
    assert "&lt;script&gt;" in html
    assert 'href="javascript' not in html


def test_pictures_are_kept_only_where_the_site_serves_them() -> None:
    text = "![The board](../images/board.png)\n"
    assert "<img" not in render_rules(text).html
    assert "The board" in render_rules(text).html
    served = render_rules(text, image_url=lambda src: "/rules/images/board.png").html
    assert 'src="/rules/images/board.png"' in served and 'alt="The board"' in served


def test_a_rulebook_keeps_its_line_breaks() -> None:
    assert "<br" in render_rules("one line\nthe next\n", hard_breaks=True).html
    assert "<br" not in render_rules("one line\nthe next\n").html
