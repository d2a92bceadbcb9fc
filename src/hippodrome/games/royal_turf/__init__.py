"""Royal Turf (Reiner Knizia, Alea, 2000).

Seven horses race once round an oval of 33 squares, pushed by a six-sided symbol die whose value for
each horse is printed on the horse card drawn for that race. Before each race the players bet three
tokens on three different horses; a payout table pays by the horse's place and by how much was bet on
it. Three races; the richest wins.

Rules: the French summary ``shared/seeds/003_901e410e4ee2266a.txt`` (sections §1 to §4 cited in the
code). Decisions where it is silent: ``docs/rules/royal_turf.md``. Material: ``material.toml``.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog

# The texts of the game's events and terms. Kept here, not in the manifest, so that importing any module
# of the game (a test importing ``rules``) makes its events readable.
register_catalog("royal_turf", files(__package__) / "locale")
