"""The pictures of the README and the docs (``docs/images/``) and the gallery
(``docs/screenshots/``), made by ``scripts/screenshots.py``.

No browser here: every picture the README or a docs page shows must exist, every PNG in
``docs/images/`` must be shown somewhere, every picture the script makes is one of them, the gallery
holds every game at its start, middle and end at both viewports, each shown or linked by the README,
and the script answers ``--help``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from hippodrome.games import playable_ids

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
GALLERY = ROOT / "docs" / "screenshots"
GAMES = playable_ids()
"""Every playable game of the registry: a new game without its gallery pictures fails here."""
MOMENTS = ["start", "middle", "end"]
WIDTHS = ["1366", "390"]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SCRIPT = ROOT / "scripts" / "screenshots.py"
# Markdown images ![alt](path) and HTML <img src="path">.
IMAGE_REF = re.compile(
    r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<img\s[^>]*src=\"([^\"]+)\""
)

# Markdown links [text](path) and HTML <a href="path">.
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<a\s[^>]*href=\"([^\"]+)\"")


def references() -> dict[Path, list[Path]]:
    """Every local picture each page shows, as absolute paths."""
    found: dict[Path, list[Path]] = {}
    for page in PAGES:
        refs = []
        for match in IMAGE_REF.finditer(page.read_text(encoding="utf-8")):
            target = match.group(1) or match.group(2)
            if re.match(r"[a-z]+:", target):  # a web address, not a file of the repository
                continue
            refs.append((page.parent / target.split("#")[0]).resolve())
        found[page] = refs
    return found


def test_every_picture_shown_exists() -> None:
    missing = [
        f"{page.relative_to(ROOT)} shows {os.path.relpath(ref, page.parent)}, which does not exist"
        for page, refs in references().items()
        for ref in refs
        if not ref.is_file()
    ]
    assert not missing, "\n".join(missing)


def test_every_picture_is_shown_somewhere() -> None:
    shown = {ref for refs in references().values() for ref in refs}
    pictures = sorted(IMAGES.glob("*.png"))
    assert pictures, f"no picture in {IMAGES.relative_to(ROOT)}: run make screenshots"
    unused = [str(p.relative_to(ROOT)) for p in pictures if p.resolve() not in shown]
    assert not unused, f"pictures shown by no page of the README or docs/: {unused}"


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(script)
    finally:
        del sys.modules[spec.name]
    return script


def test_the_pictures_are_what_the_script_makes() -> None:
    """Every PNG in docs/images/ is one the script writes (none drawn by hand), and each of
    those exists."""
    script = load_script()
    made = {shot.name for shot in script.SHOTS}
    present = {p.name for p in IMAGES.glob("*.png")}
    assert present == made, (
        f"in docs/images/ but not made by the script: {sorted(present - made)}; "
        f"made by the script but missing: {sorted(made - present)}"
    )


def gallery_names() -> set[str]:
    return {f"{g}-{m}-{w}.png" for g in GAMES for m in MOMENTS for w in WIDTHS}


def test_the_gallery_holds_every_game_moment_and_viewport() -> None:
    """docs/screenshots/ holds each game at its start, middle and end at 1366x768 and 390x844 (and
    nothing else), as the script makes them."""
    wanted = gallery_names()
    present = {p.name for p in GALLERY.glob("*.png")}
    assert present == wanted, (
        f"missing from docs/screenshots/: {sorted(wanted - present)}; "
        f"there but not in the gallery: {sorted(present - wanted)}"
    )
    made = {shot.name for shot in load_script().GALLERY_SHOTS}
    assert made == wanted, f"the script's gallery differs: {sorted(made ^ wanted)}"


def test_the_script_has_a_scene_for_every_playable_game() -> None:
    """A new game fails here until the script can photograph it (it refuses to run without)."""
    script = load_script()
    missing = [game for game in GAMES if game not in script.SCENES]
    assert not missing, f"scripts/screenshots.py has no scene for {missing} (Studio, SCENES)"
    assert list(script.GAMES) == GAMES


def test_the_readme_shows_or_links_every_gallery_picture() -> None:
    """Each gallery picture is shown (an image) or linked (a link) by the README."""
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    linked = {
        (readme.parent / target.split("#")[0]).resolve()
        for groups in LINK.findall(text)
        for target in groups
        if target
    }
    shown = set(references()[readme]) | linked
    missing = sorted(name for name in gallery_names() if (GALLERY / name).resolve() not in shown)
    assert not missing, f"gallery pictures the README neither shows nor links: {missing}"


def test_the_script_answers_help() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "docs/images" in done.stdout
    assert "--only" in done.stdout
