"""Royal Steeple Chase (Miro, 1941): a card-driven steeplechase on a figure-eight.

Four horses run one lap of a figure-eight of four lanes of 21 squares, over rivers and a crossed
central hurdle. There are no dice: each player holds cards of two coups (pas 2, trot 3, galop 4, a
hurdle to drop before a horse, a chute that sends horses back, a royal card that is any of these),
asks for a horse and buys cards at auction with his 100 points of chips, then plays one card a turn
in the order of coups he likes. The first horse across the line wins, the next is placed, and the
results go on a bridge score sheet.

Rules: the French rulebook ``shared/seeds/004_5a02d46b7d17618c.txt``, whose « Exemple détaillé d'une
partie » the engine replays position by position. Decisions where it is silent:
``docs/rules/royal_steeple_chase.md``. Material (the deck is reconstructed): ``material.toml``.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog, register_words
from hippodrome.games.royal_steeple_chase.words import words

# The texts of the game's events and terms. Kept here, not in the manifest, so that importing any module
# of the game (a test importing ``rules``) makes its events readable.
register_catalog("royal_steeple_chase", files(__package__) / "locale")
register_words("royal_steeple_chase", words)  # cards and coups in words, not as notation
