"""Win, Place & Show's betting window: §10 Les paris (with the jockeys out of the game) and §11
Daily Double.

Once the sale is over, each owner in turn may ask a seat out of the game to ride one of his horses
(§10, D23, D24: ``Phase.JOCKEY``, ``Phase.ANSWER``); then every seat still in fills a secret slip of
up to three bets, one of each kind, and before race 1 its daily doubles (``Phase.BETTING``: the
engine's ``Pool``), a line begun then its stake; the slips close, each seat pays its bets, and the
race is off. The daily doubles are paid at the end of race 2 (§11, D4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.pool import PlaceBet, Slip
from hippodrome.engine.turnflow import NOBODY
from hippodrome.engine.types import Money, Player
from hippodrome.games.win_place_show import events as ev
from hippodrome.games.win_place_show.actions import ACCEPT, DECLINE, DONE, Line
from hippodrome.games.win_place_show.core import (
    BET_UNIT,
    BETS_PER_RACE,
    BETTING_PHASE,
    DICE_PHASE,
    DOUBLE_MAX,
    JOCKEY_PHASE,
    RACES,
    M,
)
from hippodrome.games.win_place_show.phases import DOUBLE, KINDS
from hippodrome.games.win_place_show.sale import SaleRules
from hippodrome.games.win_place_show.tote import double_price

STAKES: dict[Any, list[Any]] = {}
"""Each line's stakes made so far, by amount from the unit."""
_LINES: dict[tuple[str, tuple[str, ...]], Line] = {}

ANSWERS: Final = (ACCEPT, DECLINE)
"""A jockey's answer (§10): the same every time."""


def stake_bet(line: tuple[str, tuple[str, ...]], stake: Money) -> PlaceBet:
    """The bet a line begun becomes with its stake written (``amounts``' maker)."""
    return PlaceBet(line[0], line[1], stake)


_CHOICES: dict[tuple[int, tuple[str, ...]], tuple[Action, ...]] = {}
_DONE_ONLY: Final[tuple[Action, ...]] = (DONE,)


def _choices_for(race_index: int, kinds: tuple[str, ...]) -> tuple[Action, ...]:
    """``DONE``, then the lines a slip may begin in a race, for the kinds of bet still free: one
    horse each, and before race 1 any daily double (« Un joueur peut faire autant de DD qu'il le
    veut », « avant le début de la 1ère course »). Made once for each race and set of kinds."""
    found = _CHOICES.get((race_index, kinds))
    if found is None:
        ids = [h.id for h in RACES[race_index].horses]
        lines = [line_of(kind, (hid,)) for kind in kinds for hid in ids]
        if race_index == 0:
            lines += [line_of(DOUBLE, (a, b.id)) for a in ids for b in RACES[1].horses]
        found = _CHOICES[race_index, kinds] = (DONE, *lines)
    return found


def line_of(kind: str, horses: tuple[str, ...]) -> Line:
    """The line of a slip begun on ``horses`` for a ``kind`` of bet, made once (``_LINES``)."""
    found = _LINES.get((kind, horses))
    if found is None:
        found = _LINES[kind, horses] = Line(kind, horses)
    return found


@mypyc_attr(allow_interpreted_subclasses=True)  # ``clone``'s blank state (``engine.game.State``)
class BettingRules(SaleRules):
    __slots__ = ()

    def _left_to_bet(self, player: Player) -> Money:
        written = sum(s.stake for s in self.pool.slips_of(player))
        if self.race_index == 0:
            written += sum(s.stake for s in self.dd.slips_of(player))
        return self.money_[player] - written

    def _slip_choices(self, player: Player) -> Sequence[Action]:
        """``DONE``, then the lines ``player`` may begin on the slip: a kind not used yet on one
        horse, up to three bets (§10); before race 1, any number of daily doubles (§11)."""
        if self._left_to_bet(player) < BET_UNIT:
            return _DONE_ONLY
        mine = self.pool.slips_of(player)
        kinds = (
            ()
            if len(mine) >= BETS_PER_RACE
            else tuple(k for k in KINDS if k not in {s.kind for s in mine})
        )
        return _choices_for(self.race_index, kinds)

    def _explain_bet(self, player: Player, bet: PlaceBet) -> IllegalActionError:
        ns = "win_place_show.illegal"
        mine = self.pool.slips_of(player)
        if bet.bet == DOUBLE:
            if self.race_index != 0:
                return IllegalActionError(f"{ns}.double_closed")
            if bet.stake > DOUBLE_MAX:
                return IllegalActionError(f"{ns}.double_max", stake=bet.stake, most=DOUBLE_MAX)
        elif bet.bet in KINDS:
            if len(mine) >= BETS_PER_RACE:
                return IllegalActionError(f"{ns}.three_bets")
            if any(s.kind == bet.bet for s in mine):
                return IllegalActionError(f"{ns}.category_used", bet=bet.bet)
        found = self.pool.explain(player, bet, self._left_to_bet(player))
        if found is not None:
            return found
        return IllegalActionError(f"{ns}.unknown_horse", horses=list(bet.horses))

    # -- the betting (§10, §11) -------------------------------------------------------------------

    # -- jockeys out of the game (§10) ----------------------------------------------------------

    def _engage(self) -> None:
        """§10: « Un joueur qui n'a plus d'argent est éliminé mais peut servir de jockey si un
        propriétaire le désire »: once the sale is over, each owner in turn may ask a seat out of
        the game, not yet riding this race, to ride one of his horses (D23, D24); then the bets."""
        free = self._free_jockeys()
        if free:
            for p in range(self.game.num_players):
                if not self.asked[p] and not self.out[p] and self._unridden(p):
                    self.flow.enter(JOCKEY_PHASE, turn=p)
                    return
        self._open_betting()

    def _free_jockeys(self) -> list[Player]:
        """The seats out of the game that ride no horse this race (and are not being asked)."""
        taken = set(self.jockey)
        if self.request is not None:
            taken.add(self.request[1])
        return [p for p in range(self.game.num_players) if self.out[p] and p not in taken]

    def _unridden(self, seat: Player) -> list[int]:
        """The horses ``seat`` owns this race that no jockey rides for him."""
        return [h for h in range(6) if self.owner[h] == seat and self.jockey[h] == NOBODY]

    def rider(self, h: int) -> Player:
        """Who rides horse ``h``: the jockey its owner engaged (§10), else its owner (``NOBODY``:
        the steward rides it, D13)."""
        jockey = self.jockey[h]
        return jockey if jockey != NOBODY else self.owner[h]

    def _open_betting(self) -> None:
        self.auction = None
        bettors = [p for p in range(self.game.num_players) if not self.out[p]]
        self.flow.enter(BETTING_PHASE, waiting=bettors)
        if not bettors:
            self._off()

    def _off(self) -> None:
        """« les paris sont clos. Chaque joueur annonce le montant total de ses paris et les paye à
        la banque. » Then the race is off."""
        for p in range(self.game.num_players):
            total = sum(s.stake for s in self.pool.slips_of(p))
            if self.race_index == 0:
                total += sum(s.stake for s in self.dd.slips_of(p))
            if total:
                self._events.append(ev.BetsClosed(p, total))
                self.money_[p] -= total
        self._events.append(ev.Off(self.race.number))
        self.flow.enter(DICE_PHASE, turn=self.game.steward)  # « le départ » (§4)

    def _double_pays(self, slip: Slip) -> Money:
        """§11: both horses must win their race; D4: the two win prices compounded with the take
        applied once (``tote.double_price``), for each $1,000 staked."""
        first, second = RACES[0].horses[self.results[0][0]], RACES[1].horses[self.results[1][0]]
        if slip.horses != (first.id, second.id):
            return 0
        return slip.stake * double_price(M, first, second) // M.price_per
