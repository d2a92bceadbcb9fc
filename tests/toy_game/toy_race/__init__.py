"""Toy Race: the smallest complete game, a test of ``docs/adding-a-game.md``.

Each seat owns one horse on a straight track of twelve squares. In turn, a seat rolls a six-sided die
and then chooses: gallop (the horse runs the points rolled) or trot (two squares). A horse that ends a
gallop on the ditch (square 7) pays a fine of one coin into the purse. The first horse to reach the
line wins the purse. Rules as implemented, with their decisions: ``docs/rules/toy_race.md`` of the toy
repository; material: ``material.toml``. Not a real game: nothing in ``shared/seeds/`` describes it.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog

# The texts of the game's events, terms and refusals, readable once any module of the game is imported.
register_catalog("toy_race", files(__package__) / "locale")
