"""Toques et Casques: trot and gallop races on a six-lane hippodrome.

Six horses race on an oval of six lanes (couloirs) with four turns where the outer lanes are longer.
Every point rolled must be played, one length forward (un avant) or one lane sideways (un écart) at a
time; a horse may not push or jump another, so the art is to block the next horse or leave it nothing
but a step onto a hurdle, where a move that ends is a fall. Categories A to D (harness trot, ridden
trot, flat gallop, gallop with a river and hurdles), one or two dice, one lap or several.

Rules: the French rulebook ``shared/seeds/002_040eccd8846c6b7d.txt`` (sections 01 to 25 cited in the
code). Decisions where it is silent: ``docs/rules/toques_et_casques.md``. Material: ``material.toml``.
The track is the engine's shared lane-track model (``hippodrome.engine.lanetrack``).
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog

# The texts of the game's events and terms. Kept here, not in the manifest, so that importing any module
# of the game (a test importing ``rules``) makes its events readable.
register_catalog("toques_et_casques", files(__package__) / "locale")
