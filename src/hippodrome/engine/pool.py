"""Betting, written once: bets recorded as slips, a pari-mutuel pool, fixed-odds payouts.

A bet is a :class:`Slip`: a numbered ticket (1, 2, ... in the order placed) saying who bet, on what
kind of bet (``win``, ``place``, ``show``, a daily ``double``: the game's words), on which horse or
horses, and the stake. A :class:`Pool` keeps the slips of one race and settles them two ways:

- **Pari-mutuel** (a totalisator): the stakes of a kind are pooled, the house takes its take-out,
  and each winning slip gets its stake back as many whole times as the winning stakes go into what
  is left; the rest stays with the house (Ascot, the Totalisateur: 150,000 staked, 60,000 on the
  winner, 10% kept: 135,000 / 60,000 gives 2, « chaque personne ayant parié sur le gagnant reçoit
  deux fois sa mise, et le reste de la caisse est abandonné au profit du Bookmaker »).
- **Fixed odds** from a table (:class:`PayoutTable`: an amount per unit of stake for each kind and
  place, or any rule the game passes), the bank paying (Royal Turf's payout table, Win, Place &
  Show's tote board of prices per horse).

Stakes are paid into the pool when a slip is placed (``paid``), or not at all when bets are tokens
(Royal Turf). Money moves only through :class:`SlipPlaced`, :class:`SlipPaid` and
:class:`HouseTook`, whose ``money_changes`` the game applies (``events.apply_money``) and the
conformance suite checks. Hidden bets (``hidden``): a slip's stake is seen by its owner only until
the game reveals the slips. A sealed slip (``hides``: Win, Place & Show's betting sheet, « chaque
joueur la retourne face cachée ») hides its kind and horses too, not only its stake.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Final

from hippodrome.engine.auction import commission_on
from hippodrome.engine.errors import IllegalActionError, RecordError
from hippodrome.engine.events import Event
from hippodrome.engine.fields import FieldReader
from hippodrome.engine.pool_events import (  # the pool's actions and events, told here
    DividendDeclared,
    HouseTook,
    PlaceBet,
    SlipPaid,
    SlipPlaced,
    SlipRefunded,
    WagerSettled,
    parse_pool_action,
)
from hippodrome.engine.position import Range, Size
from hippodrome.engine.types import JSONObject, Money, Player

__all__ = [
    "NOBODY",
    "SLIP_FIELDS",
    "PayoutTable",
    "PlaceBet",
    "Pool",
    "Slip",
    "SlipRecord",
    "parse_pool_action",
    "placings",
]
"""With the bet a seat places and its notation, which live in ``engine/pool_events.py`` (compiled)."""

NOBODY: Final[Player] = -1
SLIP_FIELDS: Final = ("kind", "horses", "stake")
"""What a hidden slip may hide (``Pool.hides``)."""


@dataclass(frozen=True, slots=True)
class Slip:
    """One bet, as written on its ticket."""

    number: int
    player: Player
    kind: str
    horses: tuple[str, ...]
    stake: Money

    def to_json(self) -> JSONObject:
        return {
            "number": self.number,
            "player": self.player,
            "kind": self.kind,
            "horses": list(self.horses),
            "stake": self.stake,
        }


# -- fixed odds -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """Fixed odds: for each kind of bet, what one unit of stake wins at each place (1st, 2nd, ...);
    a place beyond the row wins nothing."""

    rows: Mapping[str, tuple[Money, ...]]

    def per_unit(self, kind: str, place: int) -> Money:
        row = self.rows.get(kind, ())
        return row[place - 1] if 1 <= place <= len(row) else 0

    def pays(self, placing: Callable[[Slip], int]) -> Callable[[Slip], Money]:
        """What each slip wins, given ``placing(slip)``: the place that counts for it (0: none)."""
        return lambda slip: self.per_unit(slip.kind, placing(slip)) * slip.stake


# -- the pool ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class Pool:
    """The slips of one race and how they are settled."""

    kinds: Mapping[str, int]
    """The kinds of bet taken, each with how many horses a slip names."""
    minimum: Money = 1
    unit: Money = 1
    """Stakes are whole multiples of this."""
    paid: bool = True
    """Stakes leave the players' money when placed (False: bets are tokens)."""
    hidden: bool = False
    take_out: int = 0
    """Percent of a pari-mutuel pool the house keeps."""
    rounding: Money = 1
    """The take-out is rounded to the nearest multiple of this (« afin d'obtenir une somme ronde »)."""
    house: Player = NOBODY
    """The seat who keeps the take-out and what the whole multiples leave (NOBODY: the bank)."""
    refund_without_winner: bool = True
    """Pari-mutuel: when no slip wins, the stakes go back (else the house keeps them)."""
    slips: list[Slip] = field(default_factory=list)
    per_horse: int = 0
    """The most slips of one kind on the same horse(s) (Ascot's Totalisateur: « quatre paris
    seulement, par cheval »); 0: no limit."""
    hides: tuple[str, ...] = ("stake",)
    """What a hidden slip hides from the other seats until revealed: its ``stake`` (Royal Turf's
    face-down tokens), or its ``kind``, ``horses`` and ``stake`` too (a sealed betting sheet)."""
    carried: Money = 0
    """Money carried into a pari-mutuel pool from an earlier one nobody won (Ascot: « pour
    grossir la caisse du Totalisateur, s'ils recommencent une autre partie »)."""

    # -- placing --------------------------------------------------------------------------------

    def stakes(self, money: Money) -> range:
        """The stakes a player with ``money`` may put on one slip."""
        top = money if self.paid else max(money, self.minimum)
        return range(self.minimum, top + 1, self.unit)

    def explain(self, player: Player, bet: PlaceBet, money: Money) -> IllegalActionError | None:
        """Why ``player`` with ``money`` may not place ``bet``; None when the pool takes it (the
        game adds its own rules: who bets when, on which horses)."""
        ns = "pool.illegal"
        if bet.bet not in self.kinds:
            return IllegalActionError(f"{ns}.kind", kind=bet.bet, kinds=sorted(self.kinds))
        if len(bet.horses) != self.kinds[bet.bet]:
            return IllegalActionError(f"{ns}.horses", kind=bet.bet, count=self.kinds[bet.bet])
        if bet.stake < self.minimum:
            return IllegalActionError(f"{ns}.stake_low", stake=bet.stake, minimum=self.minimum)
        if (bet.stake - self.minimum) % self.unit:
            return IllegalActionError(f"{ns}.stake_unit", stake=bet.stake, unit=self.unit)
        if self.paid and bet.stake > money:
            return IllegalActionError(f"{ns}.funds", stake=bet.stake, money=money)
        if self.per_horse and self.tickets(bet.bet, bet.horses) >= self.per_horse:
            return IllegalActionError(
                f"{ns}.tickets", horses=list(bet.horses), limit=self.per_horse
            )
        return None

    def tickets(self, kind: str, horses: tuple[str, ...]) -> int:
        """How many slips of ``kind`` name exactly ``horses``."""
        return sum(1 for s in self.slips if s.kind == kind and s.horses == horses)

    def ticket(self, slip: Slip) -> int:
        """The slip's number among the slips of its kind on its horse(s), from 1: Ascot's ticket
        « n° 1 » to « n° 4 » of a horse (« la mise de la première personne devra être inscrite
        dans la case n° 1, en face du nom du cheval choisi »)."""
        return sum(
            1
            for s in self.slips
            if s.kind == slip.kind and s.horses == slip.horses and s.number <= slip.number
        )

    def place(self, player: Player, bet: PlaceBet) -> list[Event]:
        """Record ``bet`` as the next numbered slip (the caller checked it with ``explain``)."""
        slip = Slip(len(self.slips) + 1, player, bet.bet, bet.horses, bet.stake)
        self.slips.append(slip)
        return [
            SlipPlaced(
                player,
                slip.number,
                slip.kind,
                slip.horses,
                slip.stake,
                self.paid,
                self.hidden,
                self.hides,
            )
        ]

    def slips_of(self, player: Player) -> list[Slip]:
        return [s for s in self.slips if s.player == player]

    def total(self, kind: str | None = None) -> Money:
        return sum(s.stake for s in self.slips if kind is None or s.kind == kind)

    # -- settling -------------------------------------------------------------------------------

    def settle_parimutuel(self, kind: str, wins: Callable[[Slip], bool]) -> list[Event]:
        """Settle the slips of ``kind`` as a totalisator: the take-out, then each winning slip paid
        its stake times the whole number of times the winning stakes go into the rest."""
        slips = [s for s in self.slips if s.kind == kind]
        total = sum(s.stake for s in slips) + self.carried
        winners = [s for s in slips if wins(s)]
        winning = sum(s.stake for s in winners)
        events: list[Event] = []
        if not winning:
            events.append(DividendDeclared(kind, total, 0, 0, 0))
            if self.refund_without_winner:
                events.extend(SlipRefunded(s.player, s.number, s.stake) for s in slips if s.stake)
            elif self.house >= 0 and total:
                events.append(HouseTook(self.house, total))
            return events
        take = min(commission_on(total, self.take_out, self.rounding), total - winning)
        multiple = max(1, (total - take) // winning)
        events.append(DividendDeclared(kind, total, take, winning, multiple))
        events.extend(SlipPaid(s.player, s.number, s.stake * multiple) for s in winners)
        left = total - winning * multiple
        if self.house >= 0 and left > 0:
            events.append(HouseTook(self.house, left))
        return events

    def settle_wagers(
        self, wins: Callable[[Slip], bool], gain: Callable[[Slip], Money]
    ) -> list[Event]:
        """Settle slips made with the house at agreed odds, whose stakes were not paid in
        (``paid`` False): a winning slip is paid ``gain(slip)`` by the house, a losing one pays
        its stake to the house."""
        assert self.house >= 0 and not self.paid, "wagers are made with a seat, paid at the end"
        return [
            WagerSettled(s.player, s.number, self.house, gain(s) if wins(s) else -s.stake)
            for s in self.slips
        ]

    def settle_fixed(self, pays: Callable[[Slip], Money]) -> list[Event]:
        """Pay every slip what ``pays`` says it wins (a :class:`PayoutTable`'s ``pays``, or the
        game's own rule); a slip that wins nothing is lost."""
        events: list[Event] = []
        for slip in self.slips:
            amount = pays(slip)
            if amount > 0:
                events.append(SlipPaid(slip.player, slip.number, amount))
        return events

    # -- views and JSON ---------------------------------------------------------------------------

    def view(self, viewer: Player | None, *, revealed: bool = False) -> list[JSONObject]:
        """The slips as ``viewer`` (None: a spectator) sees them: a hidden bet's stake only its
        owner's, until ``revealed``."""
        shown: list[JSONObject] = []
        for slip in self.slips:
            data = slip.to_json()
            if self.hidden and not revealed and viewer != slip.player:
                for name in self.hides:
                    data[name] = None
            shown.append(data)
        return shown

    def copy(self) -> Pool:
        return Pool(
            self.kinds,
            self.minimum,
            self.unit,
            self.paid,
            self.hidden,
            self.take_out,
            self.rounding,
            self.house,
            self.refund_without_winner,
            self.slips.copy(),
            self.per_horse,
            self.hides,
            self.carried,
        )

    def to_json(self) -> JSONObject:
        return {
            "kinds": dict(self.kinds),
            "minimum": self.minimum,
            "unit": self.unit,
            "paid": self.paid,
            "hidden": self.hidden,
            "take_out": self.take_out,
            "rounding": self.rounding,
            "house": self.house if self.house >= 0 else None,
            "refund_without_winner": self.refund_without_winner,
            "slips": [s.to_json() for s in self.slips],
            "per_horse": self.per_horse,
            "hides": list(self.hides),
            **({"carried": self.carried} if self.carried else {}),
        }

    @classmethod
    def from_json(cls, data: JSONObject, seats: int, where: str = "pool") -> Pool:
        """The pool ``to_json`` wrote; raises ``RecordError`` naming the faulty field."""
        r = FieldReader(data, where)
        kinds = data.get("kinds")
        if not isinstance(kinds, dict) or any(
            not isinstance(v, int) or isinstance(v, bool) or v < 1 for v in kinds.values()
        ):
            raise RecordError(f"{where}.kinds", "each kind of bet with its number of horses")
        pool = cls(
            kinds=dict(kinds),
            minimum=r.count("minimum", 1),
            unit=r.count("unit", 1),
            paid=r.flag("paid"),
            hidden=r.flag("hidden"),
            take_out=r.count("take_out"),
            rounding=r.count("rounding", 1),
            house=r.seat("house", seats, nullable=True),
            refund_without_winner=r.flag("refund_without_winner"),
            per_horse=r.count("per_horse") if "per_horse" in data else 0,
            carried=r.count("carried") if "carried" in data else 0,
        )
        hides = data.get("hides", ["stake"])
        if not isinstance(hides, list) or any(h not in SLIP_FIELDS for h in hides):
            raise RecordError(f"{where}.hides", f"a list of slip fields among {list(SLIP_FIELDS)}")
        pool.hides = tuple(hides)
        raw = data.get("slips")
        if not isinstance(raw, list):
            raise RecordError(f"{where}.slips", "a list of slips")
        for i, item in enumerate(raw):
            s = FieldReader(item, f"{where}.slips[{i}]")
            horses = item.get("horses")
            kind = s.text("kind")
            if kind not in pool.kinds:
                raise s.fail("kind", f"not a kind of bet of this pool: {kind!r}")
            if (
                not isinstance(horses, list)
                or len(horses) != pool.kinds[kind]
                or any(not isinstance(h, str) for h in horses)
            ):
                raise s.fail("horses", f"{pool.kinds[kind]} horse(s)")
            if s.count("number", 1) != i + 1:
                raise s.fail("number", f"slips are numbered in order: {i + 1} expected")
            pool.slips.append(
                Slip(i + 1, s.seat("player", seats), kind, tuple(horses), s.count("stake", 1))
            )
        return pool


def placings(order: Sequence[str]) -> Callable[[Slip], int]:
    """For fixed odds on single-horse slips: a slip's place is its horse's in ``order`` (1 first),
    0 when the horse is not in it."""
    index = {h: i + 1 for i, h in enumerate(order)}
    return lambda slip: index.get(slip.horses[0], 0) if len(slip.horses) == 1 else 0


# -- as a position record -------------------------------------------------------------------------


def _last_seat(game: Any) -> int:
    return int(game.num_players) - 1


@dataclass(frozen=True, slots=True)
class SlipRecord:
    """A slip as a game's position document holds it (the fields of ``Slip.to_json``), typed for
    the engine's position codec; the game checks that its kind and horses are its own."""

    number: Annotated[int, Range(1)]
    player: Annotated[int, Range(0, _last_seat)]
    kind: str
    horses: Annotated[list[str], Size(1)]
    stake: Annotated[int, Range(1)]

    @classmethod
    def of(cls, slip: Slip) -> SlipRecord:
        return cls(slip.number, slip.player, slip.kind, list(slip.horses), slip.stake)

    def slip(self) -> Slip:
        return Slip(self.number, self.player, self.kind, tuple(self.horses), self.stake)
