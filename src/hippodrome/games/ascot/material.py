"""Ascot's material, read from ``material.toml`` and checked against the seed's constraints.

The seed (``000_fb5c4569383c9a83``) gives the rules and a few printed values (281,000 francs each, the
farrier's « Fers spéciaux pour la Course Frs 10.000 », the dinner's and the charity's 4,000, the entry
fee, the commissions, the colour bonuses); everything else is reconstructed, and each table of the
data file says which. :func:`check` lists every inconsistency, including the two checks the issue asks
for by simulation, done here exactly: the colour order of chances on every lane of the race course and
the length of the training loop in rolls.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from hippodrome.engine.data import DataFile, check_provenance
from hippodrome.engine.lanetrack import LaneTrack, Segment

COLOURS: Final = ("black", "red", "yellow", "blue")
"""The horses' colours, strongest first (seed: « Les chevaux noirs ont plus de chance de gagner que
les chevaux rouges [...] et les chevaux bleus, le moins de chance »)."""
STABLES: Final = ("walroy", "stevens")
SQUARE_KINDS: Final = (
    "pay",
    "stable_pay",
    "stable_report",
    "vet_report",
    "advantage",
    "disadvantage",
    "club",
    "members_pay",
    "frost",
)
REPORT_EFFECTS: Final = (
    "advantage",
    "advantages",
    "disadvantage",
    "keep",
    "pay",
    "forward",
    "back",
    "strangles",
)
IMMUNITIES: Final = ("bridle", "blood_vessel", "fall")
"""What a kept report answers on the race course: « Bride cassée », « Rupture de vaisseau », « Votre
cheval tombe » (seed, Utilisation des rapports)."""
INSCRIPTION_EFFECTS: Final = (
    "bridle",
    "blood_vessel",
    "fall",
    "overtake",
    "inner_lanes",
    "inner_lane",
    "outer_lanes",
    "outer_lane",
    "forward",
    "back",
    "any_advantage",
)
COLOUR_CODES: Final = {"K": "black", "R": "red", "Y": "yellow", "B": "blue"}
DECKS: Final = ("walroy", "stevens", "veterinary")


@dataclass(frozen=True, slots=True)
class Card:
    """A rental card: a horse (``number`` 1 to 12) or a business."""

    id: str
    """``h1``...``h12`` for the horses, the business's id otherwise."""
    price: int
    number: int = 0
    """The horse's number, 0 for a business."""
    colour: str = ""
    fr: str = ""
    en: str = ""

    @property
    def is_horse(self) -> bool:
        return self.number > 0


@dataclass(frozen=True, slots=True)
class Square:
    """A square of the training loop (1 to ``length - 1``; the boxes are 0)."""

    n: int
    kind: str
    header: str
    amount: int
    back: int
    fr: str
    en: str


@dataclass(frozen=True, slots=True)
class Report:
    deck: str
    index: int
    """Its place in its deck as printed in the data (one entry per card)."""
    effect: str
    amount: int
    to: str
    squares: int
    immunity: str
    fr: str
    en: str


@dataclass(frozen=True, slots=True)
class Inscription:
    code: str
    effect: str
    lengths: int
    fr: str
    en: str


@dataclass(frozen=True, slots=True)
class Material:
    money_each: int
    notes: tuple[tuple[int, int], ...]
    banker_percent: int
    prize_shares: tuple[int, ...]
    commission_percent: int
    commission_rounding: int
    increment: int
    entry_fee: int
    max_runners: int
    max_runners_two_players: int
    tickets_per_horse: int
    totalisator_percent: int
    cut_in_lengths: int
    placed: int
    colour_bonus: dict[str, int]
    club_fee: int
    horse_colours: tuple[str, ...]
    stable_of_colour: dict[str, str]
    cards: tuple[Card, ...]
    training_length: int
    squares: dict[int, Square]
    reports: dict[str, tuple[Report, ...]]
    advantages: dict[str, int]
    disadvantages: int
    segments: tuple[Segment, ...]
    last_turn_segment: int
    lanes: tuple[str, ...]
    inscriptions: dict[str, Inscription]
    provenance: dict[str, str]

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def stable_of_horse(self, number: int) -> str:
        return self.stable_of_colour[self.horse_colours[number - 1]]

    def track(self) -> LaneTrack:
        """The race course on the shared lane-track model: open, with its colours and inscriptions
        as features."""
        track = LaneTrack.build(self.segments, closed=False)
        colour: dict[int, Any] = {}
        inscription: dict[int, Any] = {}
        for lane, text in enumerate(self.lanes):
            for index, code in enumerate(text):
                cell = track.cell(lane, index)
                if code in COLOUR_CODES:
                    colour[cell] = COLOUR_CODES[code]
                else:
                    colour[cell] = "white"
                    inscription[cell] = code
        return track.with_features({"colour": colour, "inscription": inscription})


@cache
def digest() -> str:
    """The fingerprint of ``material.toml`` as installed."""
    return FILE.digest()


@cache
def material() -> Material:
    """The material, loaded once. Raises ``DataError`` naming every inconsistency."""
    return FILE.load()


def check() -> list[str]:
    """Every inconsistency in the data file (empty when it is sound)."""
    return FILE.check(_check_chances)


TABLES: Final = (
    "money",
    "bank",
    "auction",
    "auction_increment",
    "race_rules",
    "colour_bonus",
    "club",
    "horses",
    "stables",
    "cards",
    "training",
    "reports",
    "small_cards",
    "race_course",
    "inscriptions",
)


def _entry_provenance(table: str, i: int, entry: dict[str, Any], problems: list[str]) -> None:
    kind = entry.get("provenance")
    if kind == "authentic" and entry.get("source"):
        return
    if kind == "reconstructed" and entry.get("constraint"):
        return
    problems.append(f"{table}[{i}] ({entry.get('id', entry.get('n'))}) lacks provenance")


def _price_provenance(i: int, entry: dict[str, Any], problems: list[str]) -> None:
    """A business's price has a provenance of its own, apart from the card's: the seed names six
    of the cards but prints no price."""
    kind = entry.get("price_provenance")
    if kind == "authentic" and entry.get("price_source"):
        return
    if kind == "reconstructed" and entry.get("price_constraint"):
        return
    problems.append(f"businesses[{i}] ({entry.get('id')}) lacks its price's provenance")


def _parse(raw: dict[str, Any], problems: list[str]) -> Material | None:
    provenance = check_provenance(raw, TABLES, problems)

    money = raw["money"]
    notes = tuple((int(v), int(k)) for v, k in money["notes"])
    if sum(v * k for v, k in notes) != money["each"]:
        problems.append(f"the banknotes do not add up to {money['each']}")
    smallest = min(v for v, _ in notes)

    colours = tuple(raw["horses"]["colours"])
    if len(colours) != 12 or Counter(colours) != Counter({c: 3 for c in COLOURS}):
        problems.append(f"twelve horses, three of each colour {COLOURS}, expected: {colours}")
    stables = raw["stables"]
    stable_of_colour = {c: s for s in STABLES for c in stables[s]}
    if sorted(stable_of_colour) != sorted(COLOURS):
        problems.append("each colour belongs to exactly one stable")

    prices = raw["cards"]["horse_prices"]
    ordered = [int(prices[c]) for c in COLOURS]
    if ordered != sorted(ordered, reverse=True) or len(set(ordered)) != 4:
        problems.append(f"horse prices must fall with the colour's chances: {ordered}")
    cards = [
        Card(f"h{n}", int(prices[colour]), n, colour, f"N° {n}", f"No. {n}")
        for n, colour in enumerate(colours, start=1)
    ]
    for i, b in enumerate(raw["businesses"]):
        _entry_provenance("businesses", i, b, problems)
        _price_provenance(i, b, problems)
        cards.append(Card(str(b["id"]), int(b["price"]), fr=str(b["fr"]), en=str(b["en"])))
    ids = [c.id for c in cards]
    if len(cards) != 20 or len(set(ids)) != 20:
        problems.append(
            f"twenty distinct rental cards expected (seed, La donne), found {len(cards)}"
        )
    for needed in (
        "marechal_ferrant",
        "commissaire_priseur",
        "bookmaker",
        "ecurie_stevens",
        "ecurie_walroy",
        "commissaire_du_club",
    ):
        if needed not in ids:
            problems.append(f"the seed's business {needed} is missing")
    for c in cards:
        if c.price <= 0 or c.price % smallest:
            problems.append(f"{c.id}: a price of whole Frs {smallest} notes expected, {c.price}")
    dearest = sum(sorted((c.price for c in cards), reverse=True)[:6])
    if dearest >= money["each"]:
        problems.append(f"the six dearest cards cost {dearest}, not less than {money['each']}")

    length = int(raw["training"]["length"])
    businesses = {c.id for c in cards if not c.is_horse}
    squares: dict[int, Square] = {}
    for i, s in enumerate(raw["squares"]):
        _entry_provenance("squares", i, s, problems)
        n = int(s["n"])
        if not 0 < n < length or n in squares:
            problems.append(f"squares[{i}]: square {n} outside 1..{length - 1} or listed twice")
        if s["kind"] not in SQUARE_KINDS:
            problems.append(f"squares[{i}]: unknown kind {s['kind']!r}")
        header = str(s["header"])
        if header not in businesses | {"stable", "none"}:
            problems.append(f"squares[{i}]: unknown header {header!r}")
        if s["kind"] in ("pay", "members_pay") and header not in businesses:
            problems.append(f"squares[{i}]: a fee names the business paid")
        amount = int(s.get("amount", 0))
        if amount % smallest:
            problems.append(f"squares[{i}]: {amount} is not in whole Frs {smallest} notes")
        squares[n] = Square(
            n, str(s["kind"]), header, amount, int(s.get("back", 0)), str(s["fr"]), str(s["en"])
        )
    kinds = {s.kind for s in squares.values()}
    for needed_kind in SQUARE_KINDS:
        if needed_kind not in kinds:
            problems.append(f"no training square of kind {needed_kind}")

    reports: dict[str, tuple[Report, ...]] = {}
    for deck in DECKS:
        found: list[Report] = []
        for entry in raw["reports"][deck]:
            if entry["effect"] not in REPORT_EFFECTS:
                problems.append(f"reports.{deck}: unknown effect {entry['effect']!r}")
            if entry["effect"] == "keep" and entry.get("immunity") not in IMMUNITIES:
                problems.append(f"reports.{deck}: a kept report names its immunity")
            if entry["effect"] == "pay" and entry.get("to") not in businesses:
                problems.append(f"reports.{deck}: a fee names the business paid")
            for _ in range(int(entry["count"])):
                found.append(
                    Report(
                        deck,
                        len(found),
                        str(entry["effect"]),
                        int(entry.get("amount", 0)),
                        str(entry.get("to", "")),
                        int(entry.get("squares", 0)),
                        str(entry.get("immunity", "")),
                        str(entry["fr"]),
                        str(entry["en"]),
                    )
                )
        reports[deck] = tuple(found)
    strangles = sum(r.effect == "strangles" for r in reports["veterinary"])
    if strangles != 1:
        problems.append("the veterinary deck holds the one strangles report (seed, Note)")
    kept = {r.immunity for deck in reports.values() for r in deck if r.effect == "keep"}
    if kept != set(IMMUNITIES):
        problems.append(f"the reports must give every immunity {IMMUNITIES}, found {sorted(kept)}")

    small = raw["small_cards"]
    advantages = {c: int(small["advantages"][c]) for c in COLOURS}

    course = raw["race_course"]
    segments = tuple(
        Segment.straight(int(s["lengths"][0]), len(s["lengths"]))
        if s["kind"] == "straight"
        else Segment.turn(tuple(int(x) for x in s["lengths"]), float(s["angle"]))
        for s in course["segments"]
    )
    lanes = tuple(str(x) for x in course["lanes"])
    inscriptions = {
        code: Inscription(
            code, str(v["effect"]), int(v.get("lengths", 0)), str(v["fr"]), str(v["en"])
        )
        for code, v in raw["inscriptions"].items()
        if isinstance(v, dict)
    }
    for code, ins in inscriptions.items():
        if ins.effect not in INSCRIPTION_EFFECTS:
            problems.append(f"inscription {code}: unknown effect {ins.effect!r}")
        if code in COLOUR_CODES:
            problems.append(f"inscription {code}: the letter is a colour's")
    if len(lanes) != 6 or any(len(s.lengths) != 6 for s in segments):
        problems.append("six lanes expected (seed: « 6 pistes pour 12 chevaux »)")
    last = int(course["last_turn_segment"])
    for lane, text in enumerate(lanes[:6]):
        expected = sum(s.lengths[lane] for s in segments)
        if len(text) != expected:
            problems.append(f"lane {lane + 1}: {len(text)} squares, the segments give {expected}")
            continue
        unknown = set(text) - set(COLOUR_CODES) - set(inscriptions)
        if unknown:
            problems.append(f"lane {lane + 1}: unknown squares {sorted(unknown)}")
        start = sum(s.lengths[lane] for s in segments[:last])
        turn = text[start : start + segments[last].lengths[lane]]
        if (lane == 0) == ("V" in turn):
            problems.append(
                f"lane {lane + 1}: « Rupture de vaisseau » lies in every lane of the last turn "
                "but the rail"
            )
        if text[start - 1] != "W":
            problems.append(f"lane {lane + 1}: the white square before the last turn is missing")

    if problems:
        return None
    race = raw["race_rules"]
    return Material(
        money_each=int(money["each"]),
        notes=notes,
        banker_percent=int(raw["bank"]["banker_percent"]),
        prize_shares=tuple(int(x) for x in raw["bank"]["prize_shares"]),
        commission_percent=int(raw["auction"]["commission_percent"]),
        commission_rounding=int(raw["auction"]["commission_rounding"]),
        increment=int(raw["auction_increment"]["increment"]),
        entry_fee=int(race["entry_fee"]),
        max_runners=int(race["max_runners"]),
        max_runners_two_players=int(race["max_runners_two_players"]),
        tickets_per_horse=int(race["tickets_per_horse"]),
        totalisator_percent=int(race["totalisator_percent"]),
        cut_in_lengths=int(race["cut_in_lengths"]),
        placed=int(race["placed"]),
        colour_bonus={c: int(raw["colour_bonus"][c]) for c in COLOURS},
        club_fee=int(raw["club"]["entry_fee"]),
        horse_colours=colours,
        stable_of_colour=stable_of_colour,
        cards=tuple(cards),
        training_length=length,
        squares=squares,
        reports=reports,
        advantages=advantages,
        disadvantages=int(small["disadvantages"]),
        segments=segments,
        last_turn_segment=last,
        lanes=lanes,
        inscriptions=inscriptions,
        provenance=provenance,
    )


# -- the checks by computation ----------------------------------------------------------------------


def expected_race_turns(lane: str, colour: str, bonus: int) -> float:
    """The expected turns a lone horse of ``colour`` needs to pass the post along one lane, one die a
    turn, with the colour's extra lengths when it stops on its colour and the exact count at the post
    (an overshooting roll or extra leaves it where it is; D6). Inscriptions are not counted."""
    code = {v: k for k, v in COLOUR_CODES.items()}[colour]
    n = len(lane)
    # expected[i]: from cell i (n: past the post); index -1 is the start square, expected[n + 1].
    expected = [0.0] * (n + 2)

    def land(i: int, d: int) -> int:
        j = i + d
        if j > n:
            return i
        if j < n and lane[j] == code:
            k = j + bonus
            if k <= n:
                return k
        return j

    for i in range(n - 1, -2, -1):
        stay, total = 0, 0.0
        for d in range(1, 7):
            j = land(i, d)
            if j == i:
                stay += 1
            else:
                total += expected[j]
        expected[i] = (6 + total) / (6 - stay)
    return expected[-1]


def expected_training_rolls(length: int) -> float:
    """The expected rolls of two dice a horse needs round a loop of ``length`` squares back to its box
    (entered with equal or more points, seed: « Il y entre avec un nombre de points égal ou supérieur »)."""
    sums = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    expected = [0.0] * (length + 13)
    for p in range(length - 1, -1, -1):
        expected[p] = 1 + sum(k * expected[min(p + s, length)] for s, k in sums.items()) / 36
    return expected[0]


def _check_chances(m: Material) -> list[str]:
    problems: list[str] = []
    try:
        m.track()
    except Exception as exc:  # DataError from the lane-track model, named as it is
        problems.append(f"the race course does not build: {exc}")
    for lane, text in enumerate(m.lanes):
        turns = [expected_race_turns(text, c, m.colour_bonus[c]) for c in COLOURS]
        if turns != sorted(turns) or len(set(turns)) != 4:
            problems.append(
                f"lane {lane + 1}: the colour order of chances fails, expected turns {turns}"
            )
    rolls = expected_training_rolls(m.training_length)
    if not 5 <= rolls <= 8:
        problems.append(f"the training loop takes {rolls:.2f} rolls, not between 5 and 8")
    return problems


FILE: Final = DataFile(__package__ or "hippodrome.games.ascot", _parse)
