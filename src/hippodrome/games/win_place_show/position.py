"""Win, Place & Show's position document (``to_json``'s "position", ``state_from_json``): the race,
the phase and who acts, the money, the sale (sheets, the tie auction under way), the slips, the
horses on the oval (``LANE-SQUARE`` or ``home``), the turn, the claims and the jockeys.
``WinPlaceShowPosition`` is its typed record: the engine's codec (``hippodrome.engine.position``)
reads, writes and describes it (``hippodrome position-schema win_place_show``), and refuses an
impossible position with the field named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Final

from hippodrome.engine.auction_record import AuctionRecord
from hippodrome.engine.pool import SlipRecord
from hippodrome.engine.position import Codec, Doc, Invalid, OneOf, Range, Size, Unique
from hippodrome.games.win_place_show.actions import FAULTS, parse_cell
from hippodrome.games.win_place_show.material import material
from hippodrome.games.win_place_show.phases import DOUBLE, KINDS, Phase

M: Final = material()
RACES: Final = M.races
ALL_HORSES: Final = tuple(h.id for r in RACES for h in r.horses)


def _n(game: Any) -> int:
    return int(game.num_players)


def _last_seat(game: Any) -> int:
    return int(game.num_players) - 1


Seat = Annotated[int, Range(0, _last_seat), Doc("a seat, from 0")]
PerSeat = Size.exactly(_n)
PerHorse = Size.exactly(6)
Count = Annotated[int, Range(0)]
HorseId = Annotated[str, OneOf(ALL_HORSES, what="horse")]
Square = Annotated[
    str, Doc("LANE-SQUARE: lane 1 (the rail) to 5, square from 1 at the lap's start; or home")
]
Die = Annotated[int, Range(1, 6)]
Fault = Annotated[str, OneOf(FAULTS, what="fault"), Doc("a fault of §8")]


@dataclass(frozen=True, slots=True)
class HorseOnTrack:
    """Where a horse of the race stands."""

    cell: Square
    lap: Annotated[int, Range(0), Doc("laps begun past the lap's start")]
    spurt_used: Annotated[bool, Doc("the apprentice's two squares are used this race (§6)")]


@dataclass(frozen=True, slots=True)
class WinPlaceShowPosition:
    """A Win, Place & Show position: the race under way and everything the six races carry."""

    race: Annotated[int, Range(1, len(RACES))]
    phase: Phase
    turn_of: Annotated[
        Seat | None,
        Doc("the seat in turn (an owner, a bidder, a jockey, the steward); null when none"),
    ]
    waiting: Annotated[
        list[Seat], Unique("seat"), Doc("the seats still to answer at once (sheets, slips, claims)")
    ]
    money: Annotated[list[Count], PerSeat]
    out: Annotated[list[bool], PerSeat, Doc("out of the game for want of money (§5)")]
    stables: Annotated[
        list[Annotated[int, Range(0, 6)]], PerSeat, Doc("quick version: each seat's horse number")
    ]
    owners: Annotated[list[Seat | None], PerHorse]
    jockeys: Annotated[
        list[Seat | None], PerHorse, Doc("a seat out of the game riding for the owner (§10)")
    ]
    asked: Annotated[list[bool], PerSeat, Doc("owners who have had their say on a jockey")]
    request: Annotated[
        tuple[HorseId, Seat] | None, Doc("the horse a seat is asked to ride, and that seat")
    ]
    lots: Annotated[list[HorseId], Unique("horse"), Doc("the horses on sale, in sale order")]
    sheets: Annotated[list[list[Count]], PerSeat, Doc("each seat's written bids, in sale order")]
    lines: Annotated[
        list[tuple[Annotated[str, OneOf((*KINDS, DOUBLE), what="bet")], list[HorseId]] | None],
        PerSeat,
        Doc("each seat's line of the slip begun, its stake still to write"),
    ]
    sale_at: Annotated[Count, Doc("how many horses on sale are sold")]
    auction: Annotated[AuctionRecord | None, Doc("the tie auction under way (§9)")]
    slips: Annotated[list[SlipRecord], Doc("this race's bets (§10), in the order written")]
    doubles: Annotated[list[SlipRecord], Doc("the daily doubles (§11), until race 2 is paid")]
    horses: Annotated[list[HorseOnTrack], PerHorse]
    spurting: Annotated[bool, Doc("the horse moving takes the apprentice's two squares")]
    turn: Annotated[Count, Doc("the race's turns rolled")]
    dice: Annotated[tuple[Die, Die] | None, Doc("[white, other], while the turn is played")]
    movers: Annotated[list[HorseId], Unique("horse"), Doc("the horses still to move this turn")]
    moving: HorseId | None
    crossed: Annotated[
        list[tuple[HorseId, Annotated[int, Range(1, 6)]]],
        Doc("horses home this turn: [horse, rank of its move in the turn]"),
    ]
    finish: Annotated[list[HorseId], Unique("horse"), Doc("the horses home, in order")]
    results: Annotated[
        list[list[HorseId]], Size(0, len(RACES)), Doc("each race run: its first four")
    ]
    claims: Annotated[
        list[tuple[Seat, HorseId, Seat, Fault]],
        Doc("this race's claims: [claimant, horse, owner, fault]"),
    ]
    window: Annotated[HorseId | None, Doc("the horse whose move may be claimed against now")]
    fouls: Annotated[
        list[tuple[HorseId, Square, Square, Count, Annotated[list[Fault], Unique("fault")]]],
        Doc(
            "this race's moves below the best: [horse, where it went, its best, squares lost,"
            " the faults it shows]"
        ),
    ]
    rulings: Annotated[dict[str, bool], Doc("a steward seat's rulings: horse -> justified")]

    def validate(self, game: Any) -> None:
        """Horses of the race, squares of the oval, one horse a square, slips of this game."""
        ids = [h.id for h in RACES[self.race - 1].horses]
        for name in ("lots", "movers", "finish"):
            for i, hid in enumerate(getattr(self, name)):
                if hid not in ids:
                    raise Invalid(f"{name}[{i}]", f"{hid} does not run in race {self.race}")
        single = [
            ("request", self.request[0] if self.request else None),
            ("moving", self.moving),
            ("window", self.window),
        ]
        single += [(f"crossed[{i}]", c[0]) for i, c in enumerate(self.crossed)]
        single += [(f"claims[{i}]", c[1]) for i, c in enumerate(self.claims)]
        single += [(f"fouls[{i}]", f[0]) for i, f in enumerate(self.fouls)]
        single += [(f"rulings.{h}", h) for h in self.rulings]
        for where, hid in single:
            if hid is not None and hid not in ids:
                raise Invalid(where, f"{hid} does not run in race {self.race}")
        for i, order in enumerate(self.results):
            known = [h.id for h in RACES[i].horses]
            for hid in order:
                if hid not in known:
                    raise Invalid(f"results[{i}]", f"{hid} did not run in race {i + 1}")
        settled = self.phase in (Phase.OVER, Phase.RULING)  # the race's result is in
        if len(self.results) > self.race - 1 + settled:
            raise Invalid("results", f"more results than races run before race {self.race}")
        if len(self.results) < self.race - 1 + settled:
            raise Invalid("results", f"one first four for each race run before race {self.race}")
        self._validate_sale()
        seen: set[int] = set()
        for h, horse in enumerate(self.horses):
            if horse.cell == "home":
                continue
            try:
                cell = parse_cell(horse.cell)
            except (ValueError, IndexError):
                raise Invalid(f"horses[{h}].cell", "lane-square, or home") from None
            if cell in seen:
                raise Invalid(f"horses[{h}].cell", "two horses on one square")
            seen.add(cell)
        for where, squares in [(f"fouls[{i}]", f[1:3]) for i, f in enumerate(self.fouls)]:
            for square in squares:
                try:
                    parse_cell(square)
                except (ValueError, IndexError):
                    raise Invalid(where, f"{square} is no square of the oval") from None
        home = {ids[h] for h, horse in enumerate(self.horses) if horse.cell == "home"}
        if home != set(self.finish) | {c[0] for c in self.crossed}:
            raise Invalid("horses", "the horses home are those finished or crossed")
        if self.phase is Phase.RIDING and self.moving is None:
            raise Invalid("moving", "a horse is moving while riding")
        if self.phase is Phase.CLAIM and (
            self.window is None or not self.fouls or self.fouls[-1][0] != self.window
        ):
            raise Invalid("window", "a claim window follows the horse's move below its best")
        for i, (_, hid, owner, fault) in enumerate(self.claims):
            if owner != self.owners[ids.index(hid)]:
                raise Invalid(f"claims[{i}]", f"a claim is made against the owner of {hid}")
            if not any(f[0] == hid and fault in f[4] for f in self.fouls):
                raise Invalid(f"claims[{i}]", f"no move of {hid} shows the fault {fault}")
        if self.phase in (Phase.BIDDING, Phase.LOT) and self.auction is None:
            raise Invalid("auction", "a tie auction is under way in this phase")
        for name, slips in (("slips", self.slips), ("doubles", self.doubles)):
            for i, slip in enumerate(slips):
                if slip.number != i + 1:
                    raise Invalid(f"{name}[{i}].number", f"slips are numbered in order: {i + 1}")
                double = slip.kind == DOUBLE
                if double != (name == "doubles") or (not double and slip.kind not in KINDS):
                    raise Invalid(f"{name}[{i}].kind", f"not a kind of bet here: {slip.kind}")
                races = (RACES[0], RACES[1]) if double else (RACES[self.race - 1],)
                if len(slip.horses) != len(races) or any(
                    hid not in [x.id for x in r.horses]
                    for hid, r in zip(slip.horses, races, strict=False)
                ):
                    raise Invalid(f"{name}[{i}].horses", "horses of the race(s) the bet is on")

    def _validate_sale(self) -> None:
        """The sheets follow the horses on sale, and a sale under way has a horse under the
        hammer (§9)."""
        lots = len(self.lots)
        if self.sale_at > lots:
            raise Invalid("sale_at", f"at most the {lots} horses on sale")
        if self.phase in (Phase.SHEET, Phase.BIDDING, Phase.LOT) and self.sale_at == lots:
            raise Invalid("lots", "a sale under way has a horse left to sell")
        for p, sheet in enumerate(self.sheets):
            if len(sheet) > lots:
                raise Invalid(f"sheets[{p}]", f"one bid for each of the {lots} horses on sale")
            if self.phase is Phase.SHEET and p in self.waiting and len(sheet) == lots:
                raise Invalid(f"sheets[{p}]", "a seat still writing has a horse left to bid on")


POSITION: Final = Codec(WinPlaceShowPosition)
"""Reads and writes Win, Place & Show's position documents; ``POSITION.schema(game)`` is their
schema."""
