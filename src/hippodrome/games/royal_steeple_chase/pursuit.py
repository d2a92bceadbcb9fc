"""JEU POURSUITE: « Se joue à 3 mais surtout à 4 joueurs »; as many laps as players, each stopped at
the first horse over the line, everyone going on from where he stands (the ``PursuitLaps`` record).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hippodrome.games.royal_steeple_chase.board import FINISH, NOBODY
from hippodrome.games.royal_steeple_chase.ways import WayToPlay

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.core import SteepleCore


class Pursuit(WayToPlay):
    name = "pursuit"
    laps = True
    first_past_the_post = True  # « On arrête le tour dès qu'il y a un gagnant. »

    def end_race(self, state: SteepleCore) -> bool:
        """JEU POURSUITE: « le gagnant part de la ligne d'arrivée qu'il a franchie »; the others
        keep their squares. « II y a autant de tours de piste qu'il y a de joueurs. Le gagnant est
        celui qui au dernier tour passe le premier la ligne d'arrivée ou qui en est le plus près. »"""
        laps = state.pursuit
        assert laps is not None
        n = state.game.places
        for q in range(n):
            h = state._horse_of(q)
            if h == NOBODY:
                continue
            # How near the line this lap left him; over it, by the order of crossing (« c'est le
            # joueur qui est considéré comme arrivant le premier » when one card brings two over).
            finished = state.finished
            over = len(finished) - finished.index(h) if h in finished else 0
            state.below[q] = state.pos[h] + over
            laps.carried[q] = 0 if state.pos[h] >= FINISH else state.pos[h]
        return state.races >= n

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        return tuple(state.below)
