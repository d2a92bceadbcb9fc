"""JEU PAR CAMP: the partnership game, « Les joueurs sont groupés par deux ».

Fixed (« fixé à l'avance »): partners sit opposite and share a horse. Improvised: « Les joueurs se
groupent deux à deux par demandes et enchères sur un même cheval », and « il n'y a pas de cartes
étalées ». Either way « Les gains sont également partagés » (``SteepleCore._camp``) and « les enchères
individuelles sont payées moitié par chaque joueur » (``DealRules._pay_bid``).
"""

from __future__ import annotations

from hippodrome.engine.actions import Action
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import RequestHorse
from hippodrome.games.royal_steeple_chase.board import HORSES, NOBODY, UNIT
from hippodrome.games.royal_steeple_chase.deal import DealRules, HorseAllotment
from hippodrome.games.royal_steeple_chase.records import Camps


class FixedCamps(HorseAllotment):
    """Partners fixed before the game: the seats opposite each other."""

    def partners(self, players: int) -> Camps | None:
        return Camps([(q + players // 2) % players for q in range(players)])


class ImprovisedCamps(HorseAllotment):
    """Camps formed at each deal by asking for the horse a lone player holds (D22)."""

    def spread(self) -> bool:
        return False  # « il n'y a pas de cartes étalées »

    def askers_only(self) -> bool:
        return False  # « Les joueurs se groupent deux à deux par demandes et enchères »

    def partners(self, players: int) -> Camps | None:
        return Camps([NOBODY] * players)

    def at_deal(self, state: DealRules) -> None:
        camps = state.camps
        assert camps is not None
        camps.partner = [NOBODY] * state.game.places  # camps are formed anew at each deal

    def requests(self, state: DealRules, p: Player) -> list[Action]:
        """A free horse while camps are still to be formed; or the horse of a player still alone,
        with a bid (D22)."""
        camps = state.camps
        assert camps is not None
        n = state.game.places
        held = sum(1 for h in HORSES if state.owner[h] != NOBODY)
        out: list[Action] = []
        if held < n // 2:
            out += [RequestHorse(h) for h in HORSES if state.owner[h] == NOBODY]
        out += [
            RequestHorse(h, bid)
            for h in HORSES
            if state.owner[h] != NOBODY and camps.partner[state.owner[h]] == NOBODY
            for bid in range(0, state.chips[p] + 1, UNIT)
        ]
        return out

    def bidders(self, state: DealRules, p: Player, holder: Player) -> list[bool]:
        # Joining a lone holder: the players still without a camp may outbid (D22).
        return [q == p or state.horse_of(q) == NOBODY for q in range(state.game.places)]

    def horses_left(self, state: DealRules) -> bool:
        return sum(1 for h in HORSES if state.owner[h] != NOBODY) < state.game.places // 2

    def joins(self, state: DealRules, horse: int, winner: Player) -> bool:
        return state.camps is not None and state.owner[horse] != NOBODY

    def join(self, state: DealRules, horse: int, winner: Player) -> None:
        camps = state.camps
        assert camps is not None
        holder = state.owner[horse]
        camps.partner[holder], camps.partner[winner] = winner, holder
        state.events.append(ev.CampFormed(holder, winner, horse))
