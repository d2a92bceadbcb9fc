"""Win, Place & Show's race in play: §6 La course and §7 La ligne d'arrivée.

Turn by turn: two dice (``Phase.DICE``), each horse in the order the white die names moving its
strength, the white die, its bonus number's three squares and the apprentice's two; an owner (or the
jockey he engaged) chooses the path (``Phase.RIDING``, ``race.destinations``), the steward rides an
unsold horse (``race.best``, D13). The horses home in one turn are ranked veterans first (§7); once
four are home the purse (§3, D1) and the bets (§10, §11) are paid, and the claims are judged
(``claims``).
"""

from __future__ import annotations

from collections.abc import Callable

from mypy_extensions import mypyc_attr

from hippodrome.engine.pool import Slip
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.betting import BettingRules
from hippodrome.games.win_place_show.core import (
    BONUS,
    CELLS,
    CLAIM_PHASE,
    DICE_PHASE,
    IDS,
    RIDING_PHASE,
    STRENGTHS,
    VETERAN,
    M,
    bet_pays,
)
from hippodrome.games.win_place_show.race import (
    FINISH,
    HOME,
    LANE,
    RANK,
    best,
    destinations,
    order_of_arrival,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class CourseRules(BettingRules):
    __slots__ = ()

    # -- the race (§6, §7) --------------------------------------------------------------------------

    def _may_spurt(self) -> bool:
        h = self.moving
        return (
            not self.spurting
            and not self.spurt_used[h]
            and not VETERAN[self.race_index][h]
            and HOME not in self.ends
        )

    def _roll(self, white: int, other: int) -> None:
        ids, bonuses = IDS[self.race_index], BONUS[self.race_index]
        self.turn_no += 1
        self.dice = (white, other)
        # §6: « Le dé blanc [...] indique le cheval qui joue en premier. Les autres chevaux jouent
        # dans l'ordre consécutif. »
        home = set(self.finish)
        self.movers = [h for k in range(6) if (h := (white - 1 + k) % 6) not in home]
        bonus = next((h for h in self.movers if bonuses[h] == white + other), NOBODY)
        # D33: a horse home is skipped; the first still on the oval moves first.
        first = self.movers[0] if self.movers else white - 1
        self._events.append(
            ev.DiceRolled(
                self.turn_no,
                white,
                other,
                ids[first],
                ids[bonus] if bonus >= 0 else "none",
            )
        )
        self.crossed = []
        self._next_mover()

    def move_total(self, h: int) -> int:
        """§6: « sa Rennstarke, le dé blanc et son Bonus », and the apprentice's two squares."""
        assert self.dice is not None
        white, other = self.dice
        # ``Horse.strength``: « on utilise le dernier chiffre jusqu'à la fin de la course »
        strengths, turn = STRENGTHS[self.race_index][h], self.turn_no
        total = (strengths[turn - 1] if turn <= len(strengths) else strengths[-1]) + white
        if BONUS[self.race_index][h] == white + other:
            total += 3
        if self.spurting and h == self.moving:
            total += 2
        return total

    def destinations_of(self, h: int) -> dict[int, int]:
        """Where horse ``h`` may end its move now (``race.destinations``)."""
        occupied, cell = self.occupied, self.cell
        walk = self.walk
        if walk is None:  # this state's first walk: its lists, never another state's
            walk = self.walk = ([0] * CELLS, [0] * CELLS)
        here = cell[h]
        occupied[here] = False
        try:
            return destinations(
                here,
                self.lap[h],
                self.move_total(h),
                changes=2 if VETERAN[self.race_index][h] else 1,
                occupied=occupied,
                finish=FINISH[self.race_index],
                scratch=walk,
            )
        finally:
            occupied[here] = True

    def _next_mover(self) -> None:
        """The next horse of the turn moves: its owner chooses, the steward rides an unsold horse;
        a horse that cannot move loses its turn (§6)."""
        ids = IDS[self.race_index]
        while self.movers:
            h = self.movers.pop(0)
            self.moving, self.spurting = h, False
            self.ends = self.destinations_of(h)
            owner = self.owner[h]
            if owner == NOBODY:
                # D13: the steward rides an unsold horse to win: the apprentice's two squares at
                # once, then the best destination (``race.best``).
                if self._may_spurt():
                    self.spurting = self.spurt_used[h] = True
                    self._events.append(ev.HorseSpurted(ids[h]))
                    self.ends = self.destinations_of(h)
                if self.ends:
                    self._move(h, best(self.ends), NOBODY)
                else:
                    self._events.append(ev.HorseStuck(ids[h]))
                continue
            if not self.ends and not self._may_spurt():
                self._events.append(ev.HorseStuck(ids[h]))
                continue
            self.flow.enter(RIDING_PHASE, turn=self.rider(h))
            return
        self.moving, self.ends = NOBODY, {}
        self._end_of_turn()

    def _ride(self, cell: int) -> None:
        h, owner = self.moving, self.owner[self.moving]
        # §8: « la réclamation doit être faite immédiatement après le mouvement du cheval »: a
        # window opens after a move below the horse's best (D21), to every other seat still in.
        foul = self._foul(h, cell)
        self._move(h, cell, owner)
        if foul is not None:
            seats = [p for p in range(self.game.num_players) if p != owner and not self.out[p]]
            if seats:
                self.fouls.append(foul)
                self.window = h
                self.flow.enter(CLAIM_PHASE, waiting=seats)
                return
        self._next_mover()

    def _move(self, h: int, cell: int, rider: Player) -> None:
        hid = IDS[self.race_index][h]
        total = self.move_total(h)
        self.occupied[self.cell[h]] = False
        if cell == HOME:
            rank = 6 - len(self.movers)
            self.crossed.append((h, VETERAN[self.race_index][h], rank))
            self.gone[h] = True
            self.cell[h] = 0
            self._events.append(ev.HorseHome(hid, self.turn_no))
            return
        self.cell[h], self.lap[h] = cell, self.ends[cell]
        self.occupied[cell] = True
        self._events.append(ev.HorseMoved(hid, total, LANE[cell] + 1, RANK[cell] + 1))

    def _end_of_turn(self) -> None:
        # §7: the horses home this turn are tied; veterans first, then the later arrival.
        self.finish += order_of_arrival(self.crossed)
        self.crossed = []
        self.dice = None
        if len(self.finish) >= 4:
            self._end_race()
        else:
            self.flow.enter(DICE_PHASE, turn=self.game.steward)

    def _end_race(self) -> None:
        race = self.race
        first_four = self.finish[:4]
        self.results.append(first_four)
        ids = [h.id for h in race.horses]
        self._events.append(ev.Finish(race.number, tuple(ids[h] for h in first_four)))
        # §3: « Börse: total des prix pour les quatre 1ers chevaux » (D1: 60/20/12/8).
        for place, h in enumerate(first_four, start=1):
            owner = self.owner[h]
            if owner >= 0:
                amount = race.purse * M.purse_split[place - 1] // 100
                self._record([ev.PursePaid(owner, ids[h], place, amount)])
        self._events.append(ev.SlipsRevealed(race.number))
        self._record(self.pool.settle_fixed(self._slip_pays(first_four)))
        if self.race_index == 1:
            self._record(self.dd.settle_fixed(self._double_pays))
        self._rule()

    def _slip_pays(self, first_four: list[int]) -> Callable[[Slip], Money]:
        """What the bank pays each win, place or show slip of this race when ``first_four``
        finished so (D2, D3)."""
        race = self.race
        places = {race.horses[h].id: i + 1 for i, h in enumerate(first_four)}
        horses = {h.id: h for h in race.horses}
        return lambda s: bet_pays(s, places.get(s.horses[0], 0), horses[s.horses[0]])
