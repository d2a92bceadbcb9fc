"""A sixth game, written from ``docs/adding-a-game.md`` alone: a toy repository for the tests.

``toy_race/`` is a complete game package (a race of one horse a seat, a die, a ditch), laid out and
declared exactly as the guide says a game of ``hippodrome/games/`` is; the pieces the guide keeps
outside the package sit where the guide puts them, under this folder taken as the repository's root:
``docs/rules/toy_race.md``, ``tests/golden/toy_race/`` and ``tests/games/toy_race/``. Its golden
record was played by its bots from its seed and written as ``make golden`` writes a game's of the
catalogue (which it is not in); its scenario test plays it again and compares.

It is not in the catalogue: the lobby, the command, the golden records and the screenshots never see
it. ``tests/conformance/test_toy_game.py`` registers it (``hippodrome.games.register``, through
``pytest --game``) and runs the whole conformance suite on it in a separate test session.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
"""The toy repository's root: where its rules document, golden records and scenario tests lie."""
PACKAGE = f"{__name__}.toy_race"
"""The game package, as ``hippodrome.games.register`` takes it."""
