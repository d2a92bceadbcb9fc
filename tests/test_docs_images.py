"""The pictures of the README and the docs (``docs/images/``), made by ``scripts/screenshots.py``.

No browser here: every picture the README or a docs page shows must exist, every PNG in
``docs/images/`` must be shown somewhere, every picture the script makes is one of them, and the
script answers ``--help``.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SCRIPT = ROOT / "scripts" / "screenshots.py"
# Markdown images ![alt](path) and HTML <img src="path">.
IMAGE_REF = re.compile(
    r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<img\s[^>]*src=\"([^\"]+)\""
)


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


def test_the_pictures_are_what_the_script_makes() -> None:
    """Every PNG in docs/images/ is one the script writes (none drawn by hand), and each of
    those exists."""
    spec = importlib.util.spec_from_file_location("screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(script)
    finally:
        del sys.modules[spec.name]
    made = {shot.name for shot in script.SHOTS}
    present = {p.name for p in IMAGES.glob("*.png")}
    assert present == made, (
        f"in docs/images/ but not made by the script: {sorted(present - made)}; "
        f"made by the script but missing: {sorted(made - present)}"
    )


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
