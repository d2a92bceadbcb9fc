"""Win, Place & Show (3M, 1966).

Each player is owner, bettor and jockey over six races of six horses on an oval of five lanes: before
each race the horses are sold on secret written bids, the players fill secret betting slips (win,
place, show, and before race 1 daily doubles), then ride their horses turn by turn with two dice, the
white one added to every horse's running strength for the turn. The first four share the purse; the
richest after six races wins.

Rules: the French rulebook ``shared/seeds/001_d3b3ffa791c90747.txt`` (sections §1 to §12, German
terms: Börse, Meile, Wettquote, Klasse, Rennstärke), cited in the code. Decisions where it is silent
or contradicts itself: ``docs/rules/win_place_show.md``. Material: ``material.toml``.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog

register_catalog("win_place_show", files(__package__) / "locale")
