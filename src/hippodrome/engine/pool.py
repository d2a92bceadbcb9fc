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

- **Fixed odds that fall as the crowd backs a horse** (:class:`UnitsTable`: an amount per unit
  of stake by the horse's place and the units all the slips put on it: Royal Turf's table des gains).
- **Shares** of what lies on the table, in proportion to the winning stakes (``settle_shares``:
  Royal Steeple Chase's pirate game, « partage éventuel selon les mises initiales »), and
  **charges** a losing slip owes, paid as far as its owner's money goes (``settle_charges``: Royal
  Turf's last horse, « Si un joueur n'a pas assez, il paie ce qu'il peut »).

Stakes are paid into the pool when a slip is placed (``paid``), or not at all when bets are tokens
(Royal Turf: ``tokens``, the stakes each seat holds, one spent a slip). Money moves only through
:class:`SlipPlaced`, :class:`SlipPaid`, :class:`SlipCharged` and :class:`HouseTook`, whose
``money_changes`` the game applies (``events.apply_money``) and the conformance suite checks; a
game that tells its bets in its own words turns the pool's events into its own (Ascot's
``as_told``, Royal Turf's and Royal Steeple Chase's settlements). Hidden bets (``hidden``): a slip's stake is seen by its owner only until
the game reveals the slips. A sealed slip (``hides``: Win, Place & Show's betting sheet, « chaque
joueur la retourne face cachée ») hides its kind and horses too, not only its stake. Bets written
all at once (``by_seat``) are kept in seat order, whatever order the seats happened to act in.
"""

from __future__ import annotations

from collections import defaultdict
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
    SlipCharged,
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
    "UnitsTable",
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
    flat: bool = False
    """A winning slip gets its row's value whatever its stake: a score table, not odds (Royal
    Steeple Chase's pirate game for points, « marquent alors 50 s'ils n'ont fait qu'un pari, et 20
    s'ils en ont fait deux »)."""

    def per_unit(self, kind: str, place: int) -> Money:
        row = self.rows.get(kind, ())
        return row[place - 1] if 1 <= place <= len(row) else 0

    def pays(self, placing: Callable[[Slip], int]) -> Callable[[Slip], Money]:
        """What each slip wins, given ``placing(slip)``: the place that counts for it (0: none)."""
        if self.flat:
            return lambda slip: self.per_unit(slip.kind, placing(slip))
        return lambda slip: self.per_unit(slip.kind, placing(slip)) * slip.stake


@dataclass(frozen=True, slots=True)
class UnitsTable:
    """Fixed odds that fall as the players back a horse: what one unit of stake wins by the
    horse's place (1st, 2nd, ...) and by the units all the slips put on it (Royal Turf's table des
    gains: « En ligne: nombre de jetons-Paris totaux posés pour un cheval; en colonne: place du
    cheval à l'arrivée »; « à multiplier par la valeur du jeton pari »). More units than the table
    has rows are paid as its last row; a place beyond the table wins nothing."""

    by_place: tuple[tuple[Money, ...], ...]
    """``by_place[place - 1][units - 1]``: one unit's winnings."""

    def per_unit(self, place: int, units: int) -> Money:
        if not 1 <= place <= len(self.by_place) or units < 1:
            return 0
        row = self.by_place[place - 1]
        return row[min(units, len(row)) - 1]

    def pays(
        self, pool: Pool, placing: Callable[[Slip], int], *, times: int = 1
    ) -> Callable[[Slip], Money]:
        """What each single-horse slip of ``pool`` wins given ``placing(slip)`` (0: no place),
        ``times`` over (Royal Turf's third race: « les gains sont doublés »)."""
        units = pool.units()

        def pays(slip: Slip) -> Money:
            place = placing(slip)
            if not place or not slip.stake:
                return 0
            return self.per_unit(place, units[slip.horses[0]]) * slip.stake * times

        return pays


# -- the pool ---------------------------------------------------------------------------------------


@dataclass(slots=True)
class Pool:
    """The slips of one race and how they are settled."""

    kinds: Mapping[str, int]
    """The kinds of bet taken, each with how many horses a slip names."""
    minimum: Money = 1
    """The least stake (0: a slip may stake nothing, a bluff token or a bet for points)."""
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
    tokens: tuple[Money, ...] = ()
    """Bets are tokens: each seat holds these stakes, and each slip spends one of them (Royal
    Turf's jetons-Paris: « Chacun prend les jetons-Paris 1, 1 et 2 de sa couleur. Variante - on
    prend aussi les pions 0 »; ``hand``). Empty: any stake ``stakes`` allows."""
    per_seat: int = 0
    """The most slips one seat may place (Royal Steeple Chase's pirate game: one, « parie
    clandestinement sur un cheval »; Royal Turf: three, « Trois fois de suite »); 0: no limit."""
    once_per_horse: bool = False
    """A seat names a horse on one slip at most (Royal Turf: « Un joueur ne peut pas parier deux
    fois sur le même cheval »)."""
    free_when_short: bool = False
    """A seat that cannot pay the minimum bets for nothing, a stake of 0 (Royal Steeple Chase's
    pirate game: chips of 5, at least 5 when one has it)."""
    by_seat: bool = False
    """The slips are written all at once (an ``Acts.ALL`` phase), so they are kept and numbered
    in seat order, not in the order the seats happened to act: the same slips number the same
    whichever seat handed its in first (Royal Steeple Chase's pirate bets)."""

    # -- placing --------------------------------------------------------------------------------

    def stakes(self, money: Money) -> range:
        """The stakes a player with ``money`` may put on one slip (with ``tokens``: see ``hand``)."""
        if self.free_when_short and money < self.minimum:
            return range(0, 1)
        top = money if self.paid else max(money, self.minimum)
        return range(self.minimum, top + 1, self.unit)

    def hand(self, player: Player) -> list[Money]:
        """With ``tokens``: the tokens ``player`` still holds, lowest first (each slip spent one)."""
        held = sorted(self.tokens)
        for slip in self.slips:
            if slip.player == player:
                held.remove(slip.stake)
        return held

    def names(self, player: Player, horse: str) -> bool:
        """Whether a slip of ``player`` already names ``horse``."""
        return any(s.player == player and horse in s.horses for s in self.slips)

    def explain(self, player: Player, bet: PlaceBet, money: Money) -> IllegalActionError | None:
        """Why ``player`` with ``money`` may not place ``bet``; None when the pool takes it (the
        game adds its own rules: who bets when, on which horses)."""
        ns = "pool.illegal"
        if bet.bet not in self.kinds:
            return IllegalActionError(f"{ns}.kind", kind=bet.bet, kinds=sorted(self.kinds))
        if len(bet.horses) != self.kinds[bet.bet]:
            return IllegalActionError(f"{ns}.horses", kind=bet.bet, count=self.kinds[bet.bet])
        if self.per_seat and len(self.slips_of(player)) >= self.per_seat:
            return IllegalActionError(f"{ns}.slips", limit=self.per_seat)
        if self.once_per_horse:
            for horse in bet.horses:
                if self.names(player, horse):
                    return IllegalActionError(f"{ns}.same_horse", horse=horse)
        if self.tokens:
            held = self.hand(player)
            if bet.stake not in held:
                return IllegalActionError(f"{ns}.token", stake=bet.stake, tokens=held)
        elif not (self.free_when_short and bet.stake == 0 and money < self.minimum):
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
        """Record ``bet`` as the next numbered slip (the caller checked it with ``explain``); with
        ``by_seat``, among the slips in seat order, the slips after it numbered one more."""
        slip = Slip(len(self.slips) + 1, player, bet.bet, bet.horses, bet.stake)
        if self.by_seat and self.slips and self.slips[-1].player > player:
            at = next(i for i, s in enumerate(self.slips) if s.player > player)
            slip = Slip(at + 1, player, bet.bet, bet.horses, bet.stake)
            later = [
                Slip(s.number + 1, s.player, s.kind, s.horses, s.stake) for s in self.slips[at:]
            ]
            self.slips[at:] = [slip, *later]
        else:
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

    def units(self) -> dict[str, Money]:
        """The stakes all the slips put on each horse they name (0 for a horse no slip names:
        a ``defaultdict``), what a :class:`UnitsTable` reads its row by."""
        on: dict[str, Money] = defaultdict(int)
        for slip in self.slips:
            for horse in slip.horses:
                on[horse] += slip.stake
        return on

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

    def settle_fixed(self, pays: Callable[[Slip], Money]) -> list[SlipPaid]:
        """Pay every slip what ``pays`` says it wins (a :class:`PayoutTable`'s ``pays``, or the
        game's own rule); a slip that wins nothing is lost."""
        events: list[SlipPaid] = []
        for slip in self.slips:
            amount = pays(slip)
            if amount > 0:
                events.append(SlipPaid(slip.player, slip.number, amount))
        return events

    def settle_shares(self, wins: Callable[[Slip], bool], total: Money) -> list[SlipPaid]:
        """Share ``total`` (the stakes and whatever else lies on the table) among the winning
        slips in proportion to their stakes, each share rounded down to a multiple of ``unit``
        (Royal Steeple Chase's pirate game: « Les enjeux vont au gagnant avec partage éventuel
        selon les mises initiales »). Every winning slip is told, a share of 0 included; what the
        rounding leaves, and the whole ``total`` when no winning slip staked anything, is the
        game's to keep on the table. Paid from the table, not from the pool's stakes: the game
        moves ``total`` itself."""
        winners = [s for s in self.slips if wins(s)]
        backing = sum(s.stake for s in winners)
        if not backing:
            return []
        unit = self.unit
        return [
            SlipPaid(s.player, s.number, total * s.stake // backing // unit * unit) for s in winners
        ]

    def settle_charges(
        self, owes: Callable[[Slip], Money], money: Sequence[Money]
    ) -> list[SlipCharged]:
        """Charge every slip what ``owes(slip)`` says its owner must pay (Royal Turf's last horse:
        « Chaque joueur ayant misé sur le dernier cheval doit payer à la banque 100 »), paid to
        the ``house`` seat or the bank, as far as the owner's ``money`` goes (« Si un joueur n'a
        pas assez, il paie ce qu'il peut »), earlier charges of this call counted."""
        left = list(money)
        events: list[SlipCharged] = []
        for slip in self.slips:
            due = owes(slip)
            if due > 0:
                paid = min(due, max(left[slip.player], 0))
                left[slip.player] -= paid
                events.append(SlipCharged(slip.player, slip.number, due, paid, self.house))
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
            self.tokens,
            self.per_seat,
            self.once_per_horse,
            self.free_when_short,
            self.by_seat,
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
            **self._extensions_json(),
        }

    def _extensions_json(self) -> JSONObject:
        """The later options, written only when set, so that a pool without them writes the JSON it
        always wrote (Ascot's and Win, Place & Show's position documents)."""
        data: JSONObject = {}
        if self.tokens:
            data["tokens"] = list(self.tokens)
        if self.per_seat:
            data["per_seat"] = self.per_seat
        for name in ("once_per_horse", "free_when_short", "by_seat"):
            if getattr(self, name):
                data[name] = True
        return data

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
            minimum=r.count("minimum"),
            unit=r.count("unit", 1),
            paid=r.flag("paid"),
            hidden=r.flag("hidden"),
            take_out=r.count("take_out"),
            rounding=r.count("rounding", 1),
            house=r.seat("house", seats, nullable=True),
            refund_without_winner=r.flag("refund_without_winner"),
            per_horse=r.count("per_horse") if "per_horse" in data else 0,
            carried=r.count("carried") if "carried" in data else 0,
            per_seat=r.count("per_seat") if "per_seat" in data else 0,
            once_per_horse=r.flag("once_per_horse") if "once_per_horse" in data else False,
            free_when_short=r.flag("free_when_short") if "free_when_short" in data else False,
            by_seat=r.flag("by_seat") if "by_seat" in data else False,
        )
        tokens = data.get("tokens", [])
        if not isinstance(tokens, list) or any(
            not isinstance(t, int) or isinstance(t, bool) or t < 0 for t in tokens
        ):
            raise RecordError(f"{where}.tokens", "a list of stakes, each 0 or more")
        pool.tokens = tuple(sorted(tokens))
        lowest = 0 if pool.free_when_short or 0 in pool.tokens else min(1, pool.minimum)
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
                Slip(i + 1, s.seat("player", seats), kind, tuple(horses), s.count("stake", lowest))
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
