"""Ascot (Miro, 1958), the French edition of Waddingtons' Totopoly (1938).

Twenty rental cards (twelve horses and eight businesses) are dealt, the dead pile is auctioned, the
horses train once round a loop run with two dice (fees to the businesses' holders, trainers' and
veterinary reports, advantages and disadvantages, the Owners' Club), then race on a six-lane course
with one die per horse, a totalisator and the Bank's prizes.

Rules: the French rulebook ``shared/seeds/000_fb5c4569383c9a83.clean.txt`` (its sections cited in the
code). Decisions where it is silent: ``docs/rules/ascot.md``. Material: ``material.toml``.
"""

from importlib.resources import files

from hippodrome.engine.i18n import register_catalog

# The texts of the game's events and terms, registered as soon as any module of the game is imported.
register_catalog("ascot", files(__package__) / "locale")
