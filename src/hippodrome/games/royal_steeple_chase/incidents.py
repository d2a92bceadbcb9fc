"""CARTES D'INCIDENTS (facultatif): « Chaque joueur qui arrête son cheval sur une case numérotée en
rouge prend une carte d'incidents et, le coup suivant, se conforme aux indications qu'elle porte. » The pack and what its
cards still ask are the ``IncidentDeck`` record, which exists only when the incident cards are played.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import IncidentChoice, gap_label
from hippodrome.games.royal_steeple_chase.board import (
    FINISH,
    HORSES,
    INCIDENT_KINDS,
    LAP,
    NOBODY,
    RIVER_OF,
    RIVERS,
    TYPE_TEXT,
    M,
    Phase,
    square_before,
)
from hippodrome.games.royal_steeple_chase.core import SteepleCore
from hippodrome.games.royal_steeple_chase.material import COLOURS
from hippodrome.games.royal_steeple_chase.records import IncidentDeck


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class IncidentRules(SteepleCore):
    __slots__ = ()

    def _deck(self) -> IncidentDeck:
        deck = self.incidents
        assert deck is not None, "incident cards are not played"
        return deck

    def _incident_drawn(self, kind: str) -> None:
        deck = self._deck()
        k = INCIDENT_KINDS.index(kind)
        deck.incident_pack[k] -= 1
        p = self.turn
        deck.pending[p] = k
        self._events.append(ev.IncidentDrawn(p, kind))
        self.flow.switch(Phase.RACE)
        self._turn_over(p)

    def _begin_incident(self, p: Player) -> None:
        """At p's turn, « le coup suivant », the incident drawn last turn takes effect."""
        deck = self._deck()
        k = deck.pending[p]
        deck.pending[p] = -1
        kind = INCIDENT_KINDS[k]
        mine = self._horse_of(p)
        running = mine != NOBODY and self.pos[mine] < FINISH
        effect = True
        told = len(self.events)  # the card is told before what it makes happen
        if kind == "avance_un":
            # « AVANCEZ D'UNE CASE VOTRE CHEVAL SANS SAUTER DE HAIE »
            at = self.pos[mine] if running else FINISH
            blocked = (self.hurdles[mine] | self.central[mine]) >> at & 1 if running else 1
            landing = at + 1
            effect = running and not blocked and (landing not in RIVERS or self._dry(mine, landing))
            # A horse that bars the square ahead (D26): the horse stops short, as an advance does.
            effect = effect and self._barring(mine, landing) == NOBODY
            if effect:
                self.trail = {}
                self._advance(mine, 1, "incident")
                self.trail = {}
        elif kind == "payez_vingt":
            # « TANT PIS ! PAYEZ VINGT POINTS. » (what one has, when one has less)
            amount = min(M.scoring["incident_fine"], self.chips[p])
            self.chips[p] -= amount
            self.pot += amount
            self._events.append(ev.IncidentPaid(p, amount))
        elif kind == "joue_deux_fois":
            deck.extra[p] = 1
        elif kind == "riviere_a_sec":
            ahead = [r for r in sorted(RIVERS) if running and r > self.pos[mine]]
            effect = bool(ahead)
            if ahead:
                deck.dry[mine] = RIVER_OF[ahead[0]][0]
        elif kind.startswith("joue_par_"):
            deck.ridden[p] = COLOURS.index(kind[-1])
        elif kind == "deux_cartes_des_ecarts":
            deck.draws_left = min(2, sum(self.discards))
            effect = deck.draws_left > 0
        else:
            deck.incident = k
            deck.incident_step = self._incident_queue(p, kind)
            effect = bool(deck.incident_step) and bool(self._incident_choices(p))
            if not effect:
                deck.incident = -1
                deck.incident_step = []
        self.events.insert(told, ev.IncidentApplied(p, kind, effect))
        if deck.incident >= 0:
            self.flow.switch(Phase.INCIDENT)
        elif deck.draws_left:
            self.flow.switch(Phase.DRAW_DISCARD)
        elif self._settle_finishers(p):
            return
        elif not self._can_play(p):
            self._next_turn()

    def _incident_queue(self, p: Player, kind: str) -> list[int]:
        mine = self._horse_of(p)
        if kind == "haie_aux_adversaires":
            # « PLACEZ UNE HAIE SUR CHACUNE DES PISTES DE VOS ADVERSAIRES »
            return [  # a partner is no adversary
                h for h in HORSES if self.owner[h] != NOBODY and h != mine and self.pos[h] < FINISH
            ]
        if mine == NOBODY or self.pos[mine] >= FINISH:
            return [] if kind != "reculez_un_cheval" else [NOBODY]
        return [NOBODY]

    def _incident_choices(self, p: Player) -> list[Action]:
        deck = self._deck()
        kind = INCIDENT_KINDS[deck.incident] if deck.incident >= 0 else ""
        mine = self._horse_of(p)
        if kind == "change_de_piste":
            # « CHANGEZ DE PISTE AVEC LE CHEVAL DE VOTRE CHOIX, MAIS CONSERVEZ VOS AVANCES »
            return [IncidentChoice(h) for h in HORSES if h != mine and self.pos[h] < FINISH]
        if kind == "reculez_un_cheval":
            return [
                IncidentChoice(h)
                for h in HORSES
                if 1 <= self.pos[h] < FINISH and self._can_fall_back(h)
            ]
        if kind == "haie_aux_adversaires":
            if self.supply() <= 0 or not deck.incident_step:
                return []
            h = deck.incident_step[0]
            return [IncidentChoice(h, square_before(g)) for g in self.free_gaps(h)]
        if kind == "enleve_une_haie":
            # « ENLEVEZ SUR UNE PISTE UNE HAIE QUI VOUS GÊNE »: any lane, not only one's own (D29)
            return [
                IncidentChoice(h, square_before(g))
                for h in HORSES
                if self.pos[h] < FINISH
                for g in range(self.pos[h], LAP + 1 if self.pos[h] else LAP)
                if self.hurdles[h] >> g & 1
            ]
        if kind.startswith("haie_vers_") and deck.incident_step == [NOBODY]:
            # « ENLEVEZ SUR VOTRE PISTE UNE HAIE »
            at = self.pos[mine]
            target = COLOURS.index(kind[-1]) if kind.startswith("haie_vers_") else NOBODY
            if target != NOBODY and not [g for g in self.free_gaps(target)]:
                return []
            return [
                IncidentChoice(mine, square_before(g))
                for g in range(at, LAP + 1 if at else LAP)
                if self.hurdles[mine] >> g & 1
            ]
        if kind.startswith("haie_vers_"):
            target = COLOURS.index(kind[-1])
            return [IncidentChoice(target, square_before(g)) for g in self.free_gaps(target)]
        return []

    def _incident_choice(self, p: Player, c: IncidentChoice) -> None:
        deck = self._deck()
        kind = INCIDENT_KINDS[deck.incident]
        mine = self._horse_of(p)
        done = True
        if kind == "change_de_piste":
            h = c.horse
            self.hurdles[mine], self.hurdles[h] = self.hurdles[h], self.hurdles[mine]
            self.central[mine], self.central[h] = self.central[h], self.central[mine]
            lanes = deck.lanes  # where the lanes cross goes with the lane (D26)
            lanes[mine], lanes[h] = lanes[h], lanes[mine]
            for horse in (mine, h):
                # Hurdles the new lane holds behind the horse will never be jumped: off the course.
                self.hurdles[horse] &= ~((1 << self.pos[horse]) - 1)
            self._events.append(ev.LanesSwapped(mine, h))
        elif kind == "reculez_un_cheval":
            self._fall_back(c.horse, 1)
        elif kind == "haie_aux_adversaires":
            gap = self.lane_gap(c.horse, c.gap)
            self.hurdles[c.horse] |= 1 << gap
            self._events.append(ev.HurdlePlaced(p, c.horse, gap_label(gap)))
            deck.incident_step.pop(0)
            done = not deck.incident_step or not self._incident_choices(p)
        elif kind == "enleve_une_haie" or (
            kind.startswith("haie_vers_") and deck.incident_step == [NOBODY]
        ):
            lane = c.horse if kind == "enleve_une_haie" else mine
            gap = self.lane_gap(lane, c.gap)
            self.hurdles[lane] &= ~(1 << gap)
            self._events.append(ev.HurdleRemoved(p, lane, gap_label(gap)))
            if kind.startswith("haie_vers_"):
                deck.incident_step = [gap]
                done = False
        else:  # haie_vers_X, second step: the hurdle goes to X's lane
            gap = self.lane_gap(c.horse, c.gap)
            self.hurdles[c.horse] |= 1 << gap
            self._events.append(ev.HurdlePlaced(p, c.horse, gap_label(gap)))
        if done:
            deck.incident = -1
            deck.incident_step = []
            self.flow.switch(Phase.RACE)
            if not self._can_play(p):
                self._next_turn()

    def _discard_drawn(self, t: int) -> None:
        deck = self._deck()
        p = self.turn
        self.discards[t] -= 1
        self.hands[p][t] += 1
        self.public[p][t] += 1  # taken from the face-up discards: everyone sees which (D20)
        deck.draws_left -= 1
        self._events.append(ev.DiscardTaken(p, TYPE_TEXT[t]))
        if not deck.draws_left or not any(self.discards):
            deck.draws_left = 0
            self.flow.switch(Phase.RACE)
