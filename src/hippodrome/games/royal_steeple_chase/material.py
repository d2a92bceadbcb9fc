"""Royal Steeple Chase's material, read from ``material.toml`` and checked against the rulebook.

Cards are written as in the seed's example: two halves (coups) separated by ``/``, each a kind
(``2`` pas, ``3`` trot, ``4`` galop, ``0`` chute, ``H`` haie, ``R`` royale) with an optional colour
index (``r`` rouge, ``b`` bleu, ``j`` jaune, ``v`` vert): ``3v/Hr`` is « TROT VERT / HAIE ROUGE ».
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from hippodrome.engine.data import DataFile, check_provenance
from hippodrome.engine.errors import NotationError, message

TABLES: Final = (
    "horses",
    "track",
    "incident_squares",
    "central_hurdle",
    "crossings",
    "movement",
    "hurdles",
    "chips",
    "deal",
    "player_count_rules",
    "deck",
    "incidents",
    "scoring",
)
COLOURS: Final = ("r", "b", "j", "v")
"""The horses, in their order on the start line from right to left (and their seat in the data)."""
KINDS: Final = ("2", "3", "4", "0", "H", "R")
ADVANCES: Final = ("2", "3", "4")
NO_COLOUR: Final = -1


@dataclass(frozen=True, slots=True)
class Half:
    """One of a card's two coups: a kind and, for a coloured half, the horse it belongs to."""

    kind: str
    colour: int = NO_COLOUR

    def __str__(self) -> str:
        return self.kind + ("" if self.colour == NO_COLOUR else COLOURS[self.colour])

    @property
    def is_advance(self) -> bool:
        return self.kind in ADVANCES

    @property
    def coloured(self) -> bool:
        return self.colour != NO_COLOUR

    @property
    def contract_points(self) -> int:
        """The Contract advice's count: galop and royal 4, trot 3, pas, white hurdle and chute 2
        (coloured or not for the advances; a coloured hurdle counts nothing)."""
        if self.kind in ("4", "R"):
            return 4
        if self.kind == "3":
            return 3
        if self.kind in ("2", "0"):
            return 2
        return 2 if self.kind == "H" and not self.coloured else 0


def parse_half(text: str) -> Half:
    if not text or text[0] not in KINDS or len(text) > 2:
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.half")
        )
    if len(text) == 1:
        return Half(text)
    if text[1] not in COLOURS or text[0] in ("0", "R"):
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.colour")
        )
    return Half(text[0], COLOURS.index(text[1]))


@dataclass(frozen=True, slots=True)
class CardType:
    """A kind of card (several physical cards may share it)."""

    index: int
    halves: tuple[Half, Half]

    def __str__(self) -> str:
        return f"{self.halves[0]}/{self.halves[1]}"

    @property
    def contract_points(self) -> int:
        return self.halves[0].contract_points + self.halves[1].contract_points


@dataclass(frozen=True, slots=True)
class IncidentCard:
    kind: str
    text_fr: str


@dataclass(frozen=True, slots=True)
class Material:
    squares: int
    rivers: frozenset[int]
    incident_squares: frozenset[int]
    central: tuple[frozenset[int], ...]
    """Per horse's lane, the gaps (after the square named) holding the central hurdle."""
    crossings: tuple[tuple[int, int, int, int], ...]
    """Where two lanes cross: (lane, square, other lane, its square), one spot of the board."""
    pas: int
    trot: int
    galop: int
    hurdle_cost: int
    chute: int
    mobile_hurdles: int
    chips: int
    chip_unit: int
    deal: dict[int, tuple[int, int]]
    """Per number of players: (cards in each hand, cards spread)."""
    hurdles_in_hand: dict[int, int]
    no_central: frozenset[int]
    faster: frozenset[int]
    types: tuple[CardType, ...]
    deck: tuple[int, ...]
    """The card type of each physical card, by card id."""
    incidents: tuple[IncidentCard, ...]
    scoring: dict[str, int]
    names: dict[str, tuple[str, ...]]
    provenance: dict[str, str]

    def card_type(self, text: str) -> CardType:
        """The card type written ``text`` (halves in either order); raises ``NotationError``."""
        halves = text.split("/")
        if len(halves) != 2:
            raise NotationError(
                "error.notation", text=text, hint=message("royal_steeple_chase.hint.card")
            )
        a, b = parse_half(halves[0]), parse_half(halves[1])
        for t in self.types:
            if t.halves in ((a, b), (b, a)):
                return t
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.deck")
        )


@cache
def digest() -> str:
    return FILE.digest()


@cache
def material() -> Material:
    return FILE.load()


def check() -> list[str]:
    """Every inconsistency in the data file (empty when it is sound)."""
    return FILE.check()


def _parse(raw: dict[str, Any], problems: list[str]) -> Material | None:
    provenance = check_provenance(raw, TABLES, problems)
    if [str(c) for c in raw["horses"]["colours"]] != list(COLOURS):
        problems.append(f"horses.colours must be {list(COLOURS)} (the seed's indices)")
    track = raw["track"]
    squares = int(track["squares"])
    rivers = frozenset(int(s) for s in track["rivers"])
    if any(not 1 <= s < squares for s in rivers):
        problems.append("track.rivers: squares between 1 and the last square but one")
    central = tuple(frozenset(int(g) for g in raw["central_hurdle"][c]) for c in COLOURS)
    for c, gaps in zip(COLOURS, central, strict=True):
        if any(not 0 <= g < squares for g in gaps):
            problems.append(f"central_hurdle.{c}: gaps between 0 and {squares - 1}")
    crossings: list[tuple[int, int, int, int]] = []
    for row in raw["crossings"]["squares"]:
        lane, square, other, its = (str(x) for x in row)
        if lane not in COLOURS or other not in COLOURS or lane == other:
            problems.append(f"crossings: {row} must join two lanes among {list(COLOURS)}")
            continue
        if not 1 <= int(square) <= squares or not 1 <= int(its) <= squares:
            problems.append(f"crossings: {row}: squares between 1 and {squares}")
            continue
        crossings.append((COLOURS.index(lane), int(square), COLOURS.index(other), int(its)))
    mv = raw["movement"]
    deal_raw = raw["deal"]
    deal = {
        int(n): (int(h), int(s))
        for n, h, s in zip(deal_raw["players"], deal_raw["hand"], deal_raw["spread"], strict=True)
    }
    types: list[CardType] = []
    deck: list[int] = []
    seen: set[tuple[Half, Half]] = set()
    for text, count in raw["deck"]["cards"]:
        try:
            a, b = (parse_half(h) for h in str(text).split("/"))
        except (NotationError, ValueError):
            problems.append(f"deck.cards: {text!r} is not a card")
            continue
        if (a, b) in seen or (b, a) in seen:
            problems.append(f"deck.cards: {text} is listed twice")
        seen.add((a, b))
        t = CardType(len(types), (a, b))
        types.append(t)
        deck.extend([t.index] * int(count))
    for n, (hand, spread) in deal.items():
        if n * hand + spread > len(deck):
            problems.append(
                f"deal: {n} players need {n * hand + spread} cards, the deck has {len(deck)}"
            )
    points = sum(types[t].contract_points for t in deck)
    if points != int(raw["deck"]["contract_points"]):
        problems.append(
            f"deck: the cards count {points} Contract points, not {raw['deck']['contract_points']}"
        )
    per_camp = int(raw["deck"]["contract_discards_per_camp"])
    for camp, count in _contract_discards(types, deck).items():
        if count != per_camp:
            colours = "/".join(COLOURS[c] for c in camp)
            problems.append(
                f"deck: the camp {colours} has {count} cards to discard, not the "
                f"« au nombre de six pour chaque camp » of the Contract advice ({per_camp})"
            )
    incidents = tuple(
        IncidentCard(str(kind), str(text))
        for kind, count, text in raw["incidents"]["cards"]
        for _ in range(int(count))
    )
    if len(incidents) != 30:
        problems.append(f"incidents: the seed prints 30 incident cards, not {len(incidents)}")
    rules = raw["player_count_rules"]
    if problems:
        return None
    return Material(
        squares=squares,
        rivers=rivers,
        incident_squares=frozenset(int(s) for s in raw["incident_squares"]["squares"]),
        central=central,
        crossings=tuple(crossings),
        pas=int(mv["pas"]),
        trot=int(mv["trot"]),
        galop=int(mv["galop"]),
        hurdle_cost=int(mv["hurdle_cost"]),
        chute=int(mv["chute"]),
        mobile_hurdles=int(raw["hurdles"]["mobile"]),
        chips=int(raw["chips"]["per_player"]),
        chip_unit=int(raw["chips"]["unit"]),
        deal=deal,
        hurdles_in_hand={int(k): int(v) for k, v in rules["mobile_hurdles_in_hand"].items()},
        no_central=frozenset(int(n) for n in rules["no_central_hurdle"]),
        faster=frozenset(int(n) for n in rules["faster_advances"]),
        types=tuple(types),
        deck=tuple(deck),
        incidents=incidents,
        scoring={k: int(v) for k, v in raw["scoring"].items() if isinstance(v, int)},
        names={
            "fr": tuple(str(n) for n in raw["horses"]["names_fr"]),
            "en": tuple(str(n) for n in raw["horses"]["names_en"]),
        },
        provenance=provenance,
    )


def _contract_discards(types: list[CardType], deck: list[int]) -> dict[tuple[int, int], int]:
    """Per camp (two colours), the cards the Contract advice says to discard: « Les doubles haies
    à placer sur sa propre piste et celle de son partenaire. Les trot coloré / haie colorée lorsque
    le trot est pour les adversaires et la haie colorée pour vous. »"""
    counts: dict[tuple[int, int], int] = {}
    for a in range(len(COLOURS)):
        for b in range(a + 1, len(COLOURS)):
            camp = {a, b}
            count = 0
            for t in deck:
                halves = types[t].halves
                hurdles = [h for h in halves if h.kind == "H" and h.coloured]
                trots = [h for h in halves if h.kind == "3" and h.coloured]
                if len(hurdles) == 2 and {h.colour for h in hurdles} == camp:
                    count += 1
                elif len(hurdles) == 1 and len(trots) == 1:
                    count += hurdles[0].colour in camp and trots[0].colour not in camp
            counts[(a, b)] = count
    return counts


FILE: Final = DataFile("hippodrome.games.royal_steeple_chase", _parse)
