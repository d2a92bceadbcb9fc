"""Hippodrome: five classic horse-racing board games, played faithfully.

Start with :func:`load_game`::

    import hippodrome
    game = hippodrome.load_game("royal_turf", players=4, hidden_bets=True)
    state = game.new_initial_state()
"""

from hippodrome.games import CATALOGUE, load_game, playable_ids, replay_record

__version__ = "0.1.0"
__all__ = ["CATALOGUE", "__version__", "load_game", "playable_ids", "replay_record"]
