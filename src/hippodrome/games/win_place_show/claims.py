"""Win, Place & Show's claims: §8 Réclamations, with the steward's rulings.

A move below the horse's best (D21) opens a claim window to every other seat still in
(``Phase.CLAIM``); a seat that bet on the horse may claim the faults the move shows. At the end of
the race a steward seat rules on the claims against each horse (D27, D28: ``Phase.RULING``), the
engine judges them (D22), the seats with no money left are out (§5), and the next race is called.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.pool import Slip
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import JSONObject, Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import (
    CLAIMS,
    FAULTS,
    NO_CLAIM,
    REJECT,
    UPHOLD,
    cell_name,
)
from hippodrome.games.win_place_show.core import (
    BONUS,
    CLAIM_PHASE,
    IDS,
    OVER_PHASE,
    PLACES_PAID,
    RACES,
    RULING_PHASE,
    VETERAN,
    Foul,
    M,
)
from hippodrome.games.win_place_show.course import CourseRules
from hippodrome.games.win_place_show.phases import DOUBLE
from hippodrome.games.win_place_show.race import (
    FINISH,
    HOME,
    PASSING,
    PER_SQUARE,
    SHORT_FOR_SPACE,
    best,
    destinations,
    progress,
)

NO_CLAIM_ONLY: Final = (NO_CLAIM,)
_CLAIMS_FOR: dict[tuple[str, ...], tuple[Action, ...]] = {}


def claims_for(faults: tuple[str, ...]) -> tuple[Action, ...]:
    """``no claim``, then a claim for each fault the move shows (§8), made once for each set."""
    found = _CLAIMS_FOR.get(faults)
    if found is None:
        found = _CLAIMS_FOR[faults] = (NO_CLAIM, *(CLAIMS[f] for f in faults))
    return found


RULINGS: Final = (UPHOLD, REJECT)
"""A steward's ruling (D27): the same every time."""

HOME_KEY: Final = 1 << 40
"""Home, beyond any progress on the oval (``ride_key``)."""


def ride_key(cell: int, ends: dict[int, int]) -> int:
    """How far a move ending on ``cell`` takes the horse (home beyond every square): the claim test
    compares a move with the best one by it (D21); the lane does not count."""
    if cell == HOME:
        return HOME_KEY
    return progress(cell, ends[cell])


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class ClaimRules(CourseRules):
    __slots__ = ()

    def _explain_claim(self, player: Player, fault: str) -> IllegalActionError:
        """Why ``player`` may not claim ``fault`` now (§8)."""
        if self.flow.phase is not CLAIM_PHASE:
            return IllegalActionError("win_place_show.illegal.no_claim_now")
        if tuple(self._legal_actions(player)) == NO_CLAIM_ONLY:
            horse = IDS[self.race_index][self.window]
            return IllegalActionError("win_place_show.illegal.claim_without_bet", horse=horse)
        faults = self.fouls[-1][4]
        return IllegalActionError(
            "win_place_show.illegal.claim_fault",
            fault=fault,
            faults=list(faults),
        )

    def _foul(self, h: int, went: int) -> Foul | None:
        """The move of horse ``h`` to ``went`` measured against its best (D21), before it is made:
        None when it is the best, else (horse, went, the best, the squares given up, the faults of
        §8 it shows). While the apprentice's two squares are still to take, the best is the best
        move with them (« ne pas prendre les bonus disponibles pour avancer (apprenti ou bonus
        n°) »)."""
        ends = self.ends
        top = best(ends)
        reach, gone = ride_key(top, ends), ride_key(went, ends)
        found: set[str] = set()
        if gone < reach:
            short = self._short_of_total(h, went)
            if not short:  # the whole total on worse ground, or (D8) not the farthest it could go
                found.add("lane")
            else:
                found.update(("three_short", "short") if short == SHORT_FOR_SPACE else ("short",))
                if BONUS[self.race_index][h] == sum(self.dice or ()):
                    found.add("bonus")  # the bonus number's three squares left unrun
        spurted = self._spurt_ends(h)
        if spurted:
            further = best(spurted)
            if ride_key(further, spurted) > gone:
                found.add("bonus")  # the apprentice's two squares not taken
            if ride_key(further, spurted) > reach:
                top, reach = further, ride_key(further, spurted)
        if not found:
            return None
        finish = FINISH[self.race_index]
        lost = max(0, min(reach, finish) - min(gone, finish)) // PER_SQUARE
        return (h, went, top, lost, tuple(f for f in FAULTS if f in found))

    def _spurt_ends(self, h: int) -> dict[int, int]:
        """Where horse ``h`` could end its move with the apprentice's two squares, while they are
        still to take this move (else nothing)."""
        if not self._may_spurt():
            return {}
        self.spurting = True
        try:
            return self.destinations_of(h)
        finally:
            self.spurting = False

    def _short_of_total(self, h: int, went: int) -> int | None:
        """How many squares short of its total the move of ``h`` to ``went`` stopped (0: it ran the
        whole total, or crossed the line); None when no count of at most three fits (D8: the horse
        could not make its total)."""
        if went == HOME:
            return 0
        total, changes = self.move_total(h), 2 if VETERAN[self.race_index][h] else 1
        here, occupied = self.cell[h], self.occupied
        occupied[here] = False
        try:
            # A stop short ends on a passing space (D7); anywhere else the move ran its total.
            for short in range(SHORT_FOR_SPACE + 1 if PASSING[went] else 1):
                if total - short >= 1 and went in destinations(
                    here,
                    self.lap[h],
                    total - short,
                    changes=changes,
                    occupied=occupied,
                    finish=FINISH[self.race_index],
                    exact=True,
                ):
                    return short
            return None
        finally:
            occupied[here] = True

    def _rule(self) -> None:
        """§8: « on résout les réclamations à la fin de la course »: a steward seat rules on the
        claims against each horse in turn (D27); then they are settled and the race closes."""
        if self._next_ruling() != NOBODY:
            self.flow.enter(RULING_PHASE, turn=self.game.steward)
            return
        self._judge_claims(self.results[-1])
        self._close_race()

    def _next_ruling(self) -> int:
        """The next horse claimed against that the steward seat rules on, or ``NOBODY``: none is
        left, the engine is the steward, or he is a party (the owner or a claimant: D28)."""
        steward = self.game.steward
        if steward == NOBODY:
            return NOBODY
        for _, h, owner, _ in self.claims:
            if h in self.rulings or steward == owner:
                continue
            if all(c != steward for c, x, _, _ in self.claims if x == h):
                return h
        return NOBODY

    def _close_race(self) -> None:
        for p in range(self.game.num_players):
            if not self.out[p] and self.money_[p] <= 0:
                self.out[p] = True  # §5: « si un joueur n'a plus d'argent durant le jeu »
                self._events.append(ev.PlayerOut(p))
        if self.race_index + 1 < len(RACES) and not all(self.out):
            self.race_index += 1
            self._call_race()
        else:
            self.flow.enter(OVER_PHASE)
            top = max(self.money_)
            winners = tuple(p for p, m in enumerate(self.money_) if m == top)
            self._events.append(ev.GameOver(winners, top))

    def _judge_claims(self, first_four: list[int]) -> None:
        """§8, at the end of the race: a claim is upheld when the owner bet on another horse that
        finished ahead of his (the move was below its best: D21); the claimant gets back his stakes
        on the horse that won nothing, and an equal share with the owner of the owner's gains of
        the race (D22); else the claimants against the owner of that horse pay him $2,000 between
        them."""
        if not self.claims:
            return
        ids = IDS[self.race_index]
        place = {h: i for i, h in enumerate(first_four)}
        gains = self._gains_of_the_race(first_four)
        judged: dict[int, list[Player]] = {}
        for claimant, h, _, _ in self.claims:
            if claimant not in judged.setdefault(h, []):
                judged[h].append(claimant)
        for h, claimants in judged.items():
            owner = self.owner[h]
            mine = place.get(h, len(first_four))
            # « si la réclamation est justifiée (le mouvement du cheval était au détriment de ses
            # chances de gagner) »: the steward seat's ruling (D27), else the engine's test (D21),
            # which every claim meets (a window opens only after a move below the best).
            upheld = self.rulings.get(h, True) and any(
                s.horses[0] != ids[h] and place.get(ids.index(s.horses[0]), 99) < mine
                for s in self.pool.slips_of(owner)
            )
            for claimant in claimants:
                if upheld:
                    # « le réclamant reçoit le pari qu'il avait fait sur ce cheval »: the stakes a
                    # winning slip already brought back are not given twice (D22).
                    lost = sum(
                        s.stake
                        for s in self.pool.slips_of(claimant)
                        if ids[h] in s.horses and not self._slip_won(s, first_four)
                    )
                    share = min(gains[owner] // (len(claimants) + 1), self.money_[owner])
                    self._record([ev.ClaimJudged(claimant, ids[h], owner, True, lost, share)])
                else:
                    # « S'il y a deux réclamants, ils paient chacun 1000 $ et ainsi de suite »:
                    # $2,000 shared equally, in whole dollars (D22).
                    fine = min(M.claim_fine // len(claimants), self.money_[claimant])
                    self._record([ev.ClaimJudged(claimant, ids[h], owner, False, 0, fine)])

    def _gains_of_the_race(self, first_four: list[int]) -> list[Money]:
        """« les gains de cette course » (§8, D22), per seat: its purse for the horses it owns in
        ``first_four`` (D1) and what its slips were paid at the end of the race beyond their
        stakes (a stake coming back is no gain), worked out from the position itself."""
        gains = [0] * self.game.num_players
        race = self.race
        for place, h in enumerate(first_four, start=1):
            if self.owner[h] >= 0:
                gains[self.owner[h]] += race.purse * M.purse_split[place - 1] // 100
        pays = self._slip_pays(first_four)
        paid = [(s, pays(s)) for s in self.pool.slips]
        if self.race_index == 1:  # the daily doubles are paid at the end of race 2 (§11)
            paid += [(s, self._double_pays(s)) for s in self.dd.slips]
        for s, amount in paid:
            if amount > 0:
                gains[s.player] += amount - s.stake
        return gains

    def _slip_won(self, slip: Slip, first_four: list[int]) -> bool:
        """Whether ``slip`` won at the end of this race (``first_four``): its horse in the places
        its kind pays (D2), or, for a daily double, both winners (§11)."""
        if slip.kind == DOUBLE:
            w1, w2 = self.results[0][0], self.results[1][0]
            return slip.horses == (RACES[0].horses[w1].id, RACES[1].horses[w2].id)
        return IDS[self.race_index].index(slip.horses[0]) in first_four[: PLACES_PAID[slip.kind]]

    def _ruling_view(self, h: int) -> JSONObject:
        """What the steward seat rules on (D27): the horse, its owner, the claimants, and each of
        its moves below its best: where it went and the best it could reach. The slips of the race
        are face up by then; the engine checks the owner's bets itself (D28)."""
        return {
            "horse": IDS[self.race_index][h],
            "owner": self.owner[h],
            "claimants": sorted({p for p, x, _, _ in self.claims if x == h}),
            "claims": [[p, fault] for p, x, _, fault in self.claims if x == h],
            "moves": [
                [cell_name(went), cell_name(top), lost, list(faults)]
                for x, went, top, lost, faults in self.fouls
                if x == h
            ],
        }
