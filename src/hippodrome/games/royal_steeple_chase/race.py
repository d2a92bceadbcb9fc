"""Royal Steeple Chase's race: MARCHE DU JEU (each plays a card in turn), its coups (AVANCES, HAIES,
CHUTE, CARTES ROYALES), the rivers, the finish and FIN DE LA COURSE, where the way to play scores it.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.actions import OwnHurdle, PlayHalf, VoidHalf, gap_label
from hippodrome.games.royal_steeple_chase.board import (
    FINISH,
    HALF_OF,
    HORSES,
    LAP,
    MAX_DEALS,
    NOBODY,
    PLAYS,
    RED_SQUARES,
    RIVERS,
    ROYAL_USES,
    TYPE_HALVES,
    TYPE_TEXT,
    TYPES,
    M,
    Phase,
    gap_plays,
    lone_plays,
    pair_plays,
    placements,
    shown,
    square_before,
)
from hippodrome.games.royal_steeple_chase.bridged import (
    cancel_if_broken,
    card_begun,
    mate_horse,
    same_camp,
)
from hippodrome.games.royal_steeple_chase.incidents import IncidentRules
from hippodrome.games.royal_steeple_chase.material import NO_COLOUR, Half


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class RaceRules(IncidentRules):
    __slots__ = ()

    def _race_actions(self, p: Player) -> list[Action]:
        out: list[Action] = [PLAYS[t] for t in range(TYPES) if self.hands[p][t]]
        return out + self._own_hurdle_actions(p)

    def _own_hurdle_actions(self, p: Player) -> list[Action]:
        """One's own mobile hurdles (2 and 3 players, not the box's), on the other lanes (D16)."""
        if not self.in_hand[p]:
            return []
        mine = self._horse_of(p)
        return [
            OwnHurdle(h, square_before(g)) for h in HORSES if h != mine for g in self.free_gaps(h)
        ]

    def _half_actions(self, p: Player) -> list[Action]:
        out: list[Action] = []
        seen: set[str] = set()
        for text in self.halves_left:
            if text in seen:
                continue
            seen.add(text)
            plays = self._plays_of(p, HALF_OF[text], text)
            out += plays if plays else [VoidHalf(text)]
        return out

    def _plays_of(self, p: Player, half: Half, text: str) -> list[PlayHalf]:
        """The ways ``p`` may play ``half``, whose notation is ``text``."""
        if half.kind == "R":
            # CARTES ROYALES: « jouer ce que l'on veut : un galop, un trot, une haie ou une chute »
            return [a for use in ROYAL_USES for a in self._plays_as(p, use, NO_COLOUR, text)]
        return self._plays_as(p, half.kind, half.colour, text)

    def _plays_as(self, p: Player, use: str, colour: int, text: str) -> list[PlayHalf]:
        mine = self._horse_of(p)
        incidents = self.incidents
        ridden = NOBODY if incidents is None else incidents.ridden[p]
        pos = self.pos
        if use in ("2", "3", "4"):
            lone = lone_plays(text, use)
            if ridden != NOBODY and colour == NO_COLOUR:
                # « VOTRE PROCHAINE CARTE SERA JOUÉE PAR LE CHEVAL ... »
                return [] if pos[ridden] >= FINISH else [lone[ridden]]
            # « les colorées sur la piste du cheval de cette couleur »; a white advance goes to the
            # player's own horse: « II est défendu de favoriser un autre joueur » (D5). In the
            # pirate game « Les cartes sans couleur peuvent être jouées librement ».
            if colour == NO_COLOUR and self.game.way.free_white:
                return [lone[h] for h in HORSES if pos[h] < FINISH]
            mate = NOBODY if self.bridge is None else mate_horse(self, p)
            if colour == NO_COLOUR and mate != NOBODY:
                # aux enchères: « un joueur peut faire bénéficier son partenaire en totalité ou en
                # partie des cartes non colorées jouées par lui »
                return [lone[h] for h in (mine, mate) if h != NOBODY and pos[h] < FINISH]
            horse = colour if colour != NO_COLOUR else mine
            if horse == NOBODY or pos[horse] >= FINISH:
                return []
            return [lone[horse]]
        if use == "H":
            free = self.game.way.free_white
            out: list[PlayHalf] = []
            if self.supply() > 0:
                # Solo: one lane only, the player's own
                solo = self.game.places == 1
                lanes = (
                    [colour] if colour != NO_COLOUR else [h for h in HORSES if (h == mine) == solo]
                )
                for h in lanes:
                    if pos[h] < FINISH:
                        out += placements(text, use, h, pos[h], self.hurdles[h])
            own = [mine] if mine != NOBODY else list(HORSES) if free else []
            if self.bridge is not None and mate_horse(self, p) != NOBODY:
                own.append(mate_horse(self, p))  # the partner's lane too (D67)
            for h in own if colour == NO_COLOUR else ():
                # « ou, s'il le préfère, retirer une haie sur sa propre piste »
                hurdles, at = self.hurdles[h], pos[h]
                if at < FINISH:
                    row = gap_plays(text, use, h, remove=True)
                    out += [row[g] for g in range(at, LAP + 1 if at else LAP) if hurdles >> g & 1]
            return out
        # CHUTE: « Reculer un cheval de 2 cases ou reculer deux chevaux de 1 case chacun »
        targets = [
            h for h in HORSES if h != mine and 1 <= pos[h] < FINISH and self._can_fall_back(h)
        ]
        lone = lone_plays(text, use)
        out = [lone[h] for h in targets]
        if len(targets) > 1:
            pairs = pair_plays(text, use)
            n = len(HORSES)
            out += [pairs[a * n + b] for i, a in enumerate(targets) for b in targets[i + 1 :]]
        return out

    def _start_race(self) -> None:
        self.game.way.shares_bids(self)
        if self.game.places > 1 and any(self.in_hand):
            # RÈGLE SPÉCIALE: « ceux-ci les placent quand ils le désirent, même avant le départ »:
            # before the first card, each in turn from the dealer lays what he likes (D16, D28).
            self.flow.enter(Phase.OWN_HURDLES, turn=self.dealer)
            self._next_before_start()
            return
        self._race_off()

    def _next_before_start(self) -> None:
        """Before the start, in turn from the dealer, the next player who may still lay his own
        hurdles (the flow's ``passes`` counts those who have had their say); then the race starts."""
        n, flow = self.game.places, self.flow
        while flow.passes < n:
            q = flow.seat_after(self.dealer, flow.passes)
            if self._own_hurdle_actions(q):
                flow.switch(Phase.OWN_HURDLES, turn=q)
                return
            flow.passes += 1
        flow.passes = 0
        self._race_off()

    def _race_off(self) -> None:
        # « Chacun joue à son tour, le donneur le premier. » (the last round's passes stay on record)
        first = self.dealer
        book = None if self.bridge is None else self.bridge.contract
        if book is not None and book.leader != NOBODY:
            # CONTRACT: « c'est le joueur qui a parlé le dernier qui joue le premier »
            first = book.leader
        self.flow.switch(Phase.RACE, turn=first)
        if not self._can_play(first):
            self._next_turn()
        if self.flow.phase is Phase.RACE:
            self._events.append(ev.RaceOff(self.turn))

    def _play_card(self, p: Player, t: int) -> None:
        self._take_from_hand(p, t)
        self.discards[t] += 1
        self._events.append(ev.CardPlayed(p, TYPE_TEXT[t]))
        card_begun(self)
        self.flow.switch(Phase.HALVES)  # the same turn: the card's two coups
        self.card_player = p
        self.halves_left = list(TYPE_HALVES[t])
        self.trail = {}
        self.card_finishers = []

    def _play_half(self, p: Player, a: PlayHalf) -> None:
        self.halves_left.remove(a.half)
        use = a.use
        if use in ("2", "3", "4"):
            self._advance(a.horses[0], self.game.advance_points[use], a.half)
        elif use == "H":
            h = a.horses[0]
            gap = self.lane_gap(h, a.gap)
            if a.remove:
                self.hurdles[h] &= ~(1 << gap)
                self._events.append(ev.HurdleRemoved(p, h, gap_label(gap)))
            else:
                self.hurdles[h] |= 1 << gap
                self._events.append(ev.HurdlePlaced(p, h, gap_label(gap)))
        else:
            steps = M.chute if len(a.horses) == 1 else 1
            for h in a.horses:
                self._fall_back(h, steps)
        self._after_half(p)

    def _advance(self, h: int, points: int, half: str) -> None:
        """AVANCES: each square costs 1, a hurdle 2 more (« 3-2 (haie sautée) = 1 »); « Si une
        avance entière est impossible, on s'arrête devant l'obstacle. »"""
        start = at = self.pos[h]
        if at >= FINISH:
            return
        trail = self.trail.setdefault(h, [])
        central = self.central[h]
        hurdles = self.hurdles[h]
        barred: ev.HorseBarred | None = None
        while at < FINISH:
            bit = 1 << at
            jump = (hurdles | central) & bit
            cost = M.hurdle_cost if jump else 1
            if cost > points:
                break
            # A horse standing where the lanes cross « barre la piste » (D26): stop short of it.
            by = self._barring(h, at + 1)
            if by != NOBODY:
                barred = ev.HorseBarred(h, by, shown(at + 1), shown(at))
                break
            points -= cost
            removed = at if hurdles & bit else -1
            if removed >= 0:
                hurdles &= (
                    ~bit
                )  # « Une haie franchie est aussitôt enlevée, sauf la haie centrale. »
            if jump:
                self._events.append(ev.HurdleJumped(h, gap_label(at), removed < 0))
            trail.append((at, removed))
            at += 1
        self.hurdles[h] = hurdles
        self.pos[h] = at
        if at != start:
            self._events.append(ev.HorseMoved(h, shown(start), shown(at), half))
        elif (
            at < FINISH and barred is None
        ):  # stopped before the hurdle at once: said, not left silent
            self._events.append(ev.HorseHeld(h, shown(at), half))
        if barred is not None:  # told after the move it cut short
            self._events.append(barred)
        if at >= FINISH:
            self.card_finishers.append(h)

    def _fall_back(self, h: int, steps: int) -> None:
        """CHUTE: back 2 squares, or 1 « s'il y a la haie centrale à franchir »; « On ne recule ni
        sur une rivière, ni sur la ligne de départ » (D8: nor across them)."""
        start = at = self.pos[h]
        central = self.central[h]
        if steps > 1 and any(central >> (at - k) & 1 for k in range(1, steps + 1) if at - k >= 0):
            steps = 1
        barred: ev.HorseBarred | None = None
        for _ in range(steps):
            back = at - 1
            if back < 1 or back in RIVERS:
                break
            by = self._barring(h, back)
            if by != NOBODY:  # nor onto a square another horse bars (D26)
                barred = ev.HorseBarred(h, by, shown(back), shown(at))
                break
            at = back
        self.pos[h] = at
        self.trail.pop(h, None)
        self._events.append(ev.HorseFellBack(h, shown(start), shown(at)))
        if barred is not None:  # told after the fall it cut short
            self._events.append(barred)

    def _after_half(self, p: Player) -> None:
        if not self.halves_left:
            self._end_card(p)

    def _end_card(self, p: Player) -> None:
        # Rivers: « il faut les sauter (interdiction d'y stationner) ». Between the two coups of a
        # card a horse may be over a river (the example, move 13: « Jouer d'abord le R comme 4,
        # puis le 3b »); a card that leaves it there stops it before the obstacle instead (D2).
        for h, trail in self.trail.items():
            if self.pos[h] in RIVERS and not self._dry(h, self.pos[h]):
                at = self.pos[h]
                while at in RIVERS and not self._dry(h, at) and trail:
                    at, removed = trail.pop()
                    if removed >= 0 and self.supply() > 0:
                        # The hurdle stands again, unless the box gave it to another coup of this
                        # card meanwhile (D2): there are 15 in all.
                        self.hurdles[h] |= 1 << removed
                self.pos[h] = at
                self._events.append(ev.RiverRefused(h, shown(at)))
        if cancel_if_broken(self, p):  # aux enchères: the card breaking a crossing restriction
            self.trail = {}
            self.flow.switch(Phase.RACE)
            self._turn_over(p)
            return
        mine = self._horse_of(p)
        incidents = self.incidents
        draws = (
            incidents is not None
            and mine != NOBODY
            and bool(self.trail.get(mine))
            and self.pos[mine] in RED_SQUARES
            and any(incidents.incident_pack)
        )
        self.trail = {}
        if incidents is not None:
            incidents.ridden[p] = NOBODY
        if self._settle_finishers(p):
            return
        if draws:
            self.flow.switch(Phase.DRAW_INCIDENT, turn=p)
            return
        self._turn_over(p)

    def _turn_over(self, p: Player) -> None:
        """After a card: p plays again if an incident said so, else the next player's turn."""
        incidents = self.incidents
        if incidents is None:
            self._next_turn()
            return
        if incidents.extra[p] and self._can_play(p):
            incidents.extra[p] -= 1  # « JOUEZ DEUX FOIS LE PROCHAIN COUP »
            self.flow.switch(Phase.RACE, turn=p)
            if incidents.pending[p] >= 0:
                self._begin_incident(p)
            return
        incidents.extra[p] = 0
        self._next_turn()

    def _settle_finishers(self, p: Player) -> bool:
        """The horses that crossed the line during the card, ranked; True when the race ended."""
        if self.card_finishers:
            # « Si une carte fait gagner en même temps le joueur et un adversaire, c'est le joueur
            # qui est considéré comme arrivant le premier. »
            mine = self._horse_of(p)
            order = sorted(self.card_finishers, key=lambda h: h != mine)
            for h in order:
                self._finish(h)
            self.card_finishers = []
        self.flow.switch(Phase.RACE)
        if self.game.way.first_past_the_post and self.finished:
            # The pirate's stakes go to the winner; « On arrête le tour dès qu'il y a un gagnant. »
            self._end_race()
            return True
        if self.placed != NOBODY or (self.winner != NOBODY and self._owned_running() == 0):
            self._end_race()
            return True
        return False

    def _finish(self, h: int) -> None:
        self.finished.append(h)
        self._events.append(ev.HorseFinished(h, len(self.finished)))
        seat = self.owner[h]
        if seat == NOBODY:
            return
        if self.winner == NOBODY:
            self.winner = seat
            # « Le gagnant inscrit en plus 10 par case d'avance sur le cheval suivant. »
            # aux enchères: « sur le cheval adverse le plus voisin »
            others = [
                self.pos[o]
                for o in HORSES
                if o != h and o not in self.finished and not same_camp(self, h, o)
            ]
            self.lead = FINISH - max(others) if others else 0
        elif self.placed == NOBODY:
            self.placed = seat

    def _owned_running(self) -> int:
        return sum(1 for h in HORSES if self.owner[h] != NOBODY and self.pos[h] < FINISH)

    def _next_turn(self) -> None:
        incidents = self.incidents
        q = self.flow.next_seat(self._can_play)
        if q != NOBODY:
            self.flow.begin_turn(q)
            if incidents is not None and incidents.pending[q] >= 0:
                self._begin_incident(q)
            return
        # « Si, après épuisement des cartes, il n'y a pas de gagnant la partie est nulle. »
        self._end_race()

    # FIN DE LA COURSE and the score

    def _end_race(self) -> None:
        self.races += 1
        self._events.append(ev.RaceEnded(self.winner, self.placed))
        way = self.game.way
        over = way.end_race(self)
        # The option ``deals`` stops the match early; nothing plays more than MAX_DEALS (D83).
        if over or self.races >= (self.game.options.deals or MAX_DEALS):
            way.end_match(self)
            self.flow.switch(Phase.OVER)  # the position keeps the last turn and passes
            self._events.append(ev.MatchOver(tuple(self.outcome().winners)))
        else:
            self._begin_deal(self.flow.seat_after(self.dealer))
