"""Win, Place & Show's material, read from ``material.toml`` and checked against the seed's rules.

The oval is the engine's lane-track model (``engine/lanetrack.py``): two straights of 25 squares and
two turns of 15 squares at the rail to 19 outside (seed §6), five lanes (reconstructed), passing
spaces as a per-cell feature. The six race programs (seed §3) are reconstructed; Speed and Klasse
must be the sums the seed defines. The tote board's prices (D3) are reconstructed too: each line is
checked here, their returns against simulated races by ``calibration.check``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from hippodrome.engine.data import DataFile, check_provenance
from hippodrome.engine.errors import DataError
from hippodrome.engine.lanetrack import Cell, LaneTrack, Station, oval

JOCKEYS: Final = ("veteran", "apprentice")
TABLES: Final = (
    "game",
    "track",
    "lanes",
    "finish",
    "passing_spaces",
    "start_positions",
    "purse_split",
    "betting",
    "payouts",
    "payout_check",
    "odds_check",
    "programs",
)


@dataclass(frozen=True, slots=True)
class Horse:
    """One line of a race program (seed §3)."""

    number: int
    """1 to 6: the white die names the horse that moves first by its number (§6)."""
    id: str
    name: str
    odds: int
    """Wettquote: N to 1."""
    speed: int
    klasse: int
    start: int
    """Starting position, 1 to 6."""
    strengths: tuple[int, ...]
    """Rennstärke: squares per turn, the last repeating."""
    bonus: int
    """The two-dice total that gives this horse three more squares (§3)."""
    veteran: bool
    prices: tuple[int, int, int]
    """The tote board (D3): what $1,000 on the horse brings back, stake included, for win, place
    and show (``[payouts.prices]``)."""

    def strength(self, turn: int) -> int:
        """The strength for the ``turn``-th turn of the race (from 1): « on utilise le dernier
        chiffre jusqu'à la fin de la course »."""
        s = self.strengths
        return s[turn - 1] if turn <= len(s) else s[-1]


@dataclass(frozen=True, slots=True)
class Race:
    number: int
    miles: str
    start: Station
    """Meile: where the race starts (a rank across a straight)."""
    distance: int
    """Squares at the rail from the start to the finish."""
    purse: int
    horses: tuple[Horse, ...]


@dataclass(frozen=True, slots=True)
class Material:
    races: tuple[Race, ...]
    money: int
    quick_money: int
    turn_lengths: tuple[int, ...]
    straight: int
    finish: Station
    straight_ranks: tuple[int, ...]
    turn_ranks: tuple[tuple[int, ...], ...]
    start_lanes: tuple[int, ...]
    start_ahead: tuple[int, ...]
    purse_split: tuple[int, ...]
    bets_per_race: int
    bet_unit: int
    double_max: int
    bid_unit: int
    claim_fine: int
    horses_per_owner: int
    price_per: int
    """The stake the tote board's prices are for ($1,000)."""
    take: int
    """The track's take, in percent: what the prices hold back of every dollar bet (D3)."""
    breakage: int
    """Prices are rounded down to this many dollars."""
    payout_band: tuple[float, float]
    """Where each kind of bet's average return per dollar must lie (``[payout_check]``)."""
    payout_z: float
    """The payout check's standard errors: it refuses what is beyond the simulation's noise."""
    odds_runs: int
    odds_tolerance: float
    provenance: dict[str, str]


@cache
def digest() -> str:
    return FILE.digest()


@cache
def material() -> Material:
    return FILE.load()


@cache
def track() -> LaneTrack:
    """The oval with its passing spaces (``features["passing_space"]``)."""
    m = material()
    return build_track(m)


def build_track(m: Material) -> LaneTrack:
    lanes = len(m.turn_lengths)
    t = LaneTrack.build(
        oval([m.straight, m.straight], [m.turn_lengths] * 2, lanes=lanes),
    )
    spaces: dict[Cell, Any] = {}
    for segment, seg in enumerate(t.segments):
        for lane in range(lanes):
            ranks = m.straight_ranks if seg.kind == "straight" else m.turn_ranks[lane]
            for rank in ranks:
                spaces[t.cell_named(lane, segment, rank)] = True
    return t.with_features({"passing_space": spaces})


def check_without_odds() -> list[str]:
    """The file's consistency without the odds simulation (``calibration.check`` adds it)."""
    return FILE.check(track_problems)


def track_problems(m: Material) -> list[str]:
    try:
        t = build_track(m)
    except (DataError, IndexError) as exc:
        return [f"the track cannot be built: {exc}"]
    problems: list[str] = []
    for race in m.races:
        try:
            t.station_cells(race.start)
        except ValueError as exc:
            problems.append(f"race {race.number}: start {race.start}: {exc}")
    try:
        t.station_cells(m.finish)
    except ValueError as exc:
        problems.append(f"finish {m.finish}: {exc}")
    return problems


def _parse(raw: dict[str, Any], problems: list[str]) -> Material | None:
    provenance = check_provenance(raw, TABLES, problems)
    game, tr, bet, pay = raw["game"], raw["track"], raw["betting"], raw["payouts"]
    turn_lengths = tuple(int(n) for n in raw["lanes"]["turn_lengths"])
    if turn_lengths[0] != tr["turn_inside"] or turn_lengths[-1] != tr["turn_outside"]:
        problems.append(
            f"lanes.turn_lengths must run from the inside turn ({tr['turn_inside']}) to the "
            f"outside one ({tr['turn_outside']}), is {list(turn_lengths)}"
        )
    if list(turn_lengths) != sorted(turn_lengths):
        problems.append("lanes.turn_lengths: an outer lane is never shorter round a turn")
    lanes = len(turn_lengths)
    straight_ranks = tuple(int(r) for r in raw["passing_spaces"]["straight_ranks"])
    if any(not 0 <= r < tr["straight"] for r in straight_ranks):
        problems.append("passing_spaces.straight_ranks: ranks of a straight, from 0")
    turn_ranks = tuple(tuple(int(r) for r in row) for row in raw["passing_spaces"]["turn_ranks"])
    if len(turn_ranks) != lanes:
        problems.append(f"passing_spaces.turn_ranks: one row per lane ({lanes})")
    else:
        for lane, row in enumerate(turn_ranks):
            if any(not 0 <= r < turn_lengths[lane] for r in row):
                problems.append(f"passing_spaces.turn_ranks[{lane}]: ranks of that lane's turn")
    sp = raw["start_positions"]
    start_lanes = tuple(int(x) for x in sp["lanes"])
    ahead = tuple(int(x) for x in sp["ahead"])
    horses_per_race = int(game["horses_per_race"])
    if len(start_lanes) != horses_per_race or len(ahead) != horses_per_race:
        problems.append(
            f"start_positions: one lane and one offset per position ({horses_per_race})"
        )
    elif any(not 1 <= lane <= lanes for lane in start_lanes) or any(
        not 0 <= a < tr["straight"] for a in ahead
    ):
        problems.append(f"start_positions: lanes 1 to {lanes}, offsets from 0")
    elif len(set(zip(start_lanes, ahead, strict=True))) != horses_per_race:
        problems.append("start_positions: two positions on the same square")
    split = tuple(int(x) for x in raw["purse_split"]["percent"])
    if len(split) != 4 or sum(split) != 100 or list(split) != sorted(split, reverse=True):
        problems.append(
            "purse_split: four shares (« pour les quatre 1ers chevaux »), decreasing, summing to 100"
        )
    per_mile = int(raw["programs"]["squares_per_mile"])
    prices = _prices(raw, pay, problems)
    races: list[Race] = []
    ids: set[str] = set()
    for r, rr in enumerate(raw["races"]):
        where = f"races[{r}]"
        try:
            station = Station.parse(str(rr["start"]))
        except ValueError as exc:
            problems.append(f"{where}.start: {exc}")
            continue
        miles = str(rr["miles"])
        whole, _, frac = miles.partition(" ")
        if "/" in whole:
            whole, frac = "0", whole
        num, _, den = frac.partition("/") if frac else ("0", "", "1")
        squares = int(whole) * per_mile + int(num) * per_mile // int(den)
        if squares != rr["distance"]:
            problems.append(f"{where}: {miles} mile is {squares} squares, not {rr['distance']}")
        horses: list[Horse] = []
        bonuses: set[int] = set()
        for i, h in enumerate(rr["horses"]):
            hw = f"{where}.horses[{i}] ({h.get('id')})"
            strengths = tuple(int(s) for s in h["strengths"])
            if not strengths or any(s < 1 for s in strengths):
                problems.append(f"{hw}: strengths must be positive")
                continue
            if h["speed"] != sum(strengths[:-1]):
                problems.append(
                    f"{hw}: Speed is the sum of the strengths but the last "
                    f"({sum(strengths[:-1])}), not {h['speed']}"
                )
            if h["klasse"] != sum(strengths):
                problems.append(
                    f"{hw}: Klasse is the sum of all the strengths ({sum(strengths)}), "
                    f"not {h['klasse']}"
                )
            if h["jockey"] not in JOCKEYS:
                problems.append(f"{hw}: jockey is veteran or apprentice, not {h['jockey']!r}")
            if not 2 <= h["bonus"] <= 12 or h["bonus"] in bonuses:
                problems.append(f"{hw}: bonus number a two-dice total (2-12), distinct in the race")
            bonuses.add(int(h["bonus"]))
            if h["number"] != i + 1:
                problems.append(f"{hw}: horses are numbered 1 to 6 in order")
            hid = str(h["id"])
            if not hid.isidentifier() or hid != hid.lower() or hid in ids:
                problems.append(f"{hw}: ids are distinct lower-case identifiers")
            ids.add(hid)
            if int(h["odds"]) < 1:
                problems.append(f"{hw}: odds N to 1 with N at least 1")
            horses.append(
                Horse(
                    number=int(h["number"]),
                    id=hid,
                    name=str(h["name"]),
                    odds=int(h["odds"]),
                    speed=int(h["speed"]),
                    klasse=int(h["klasse"]),
                    start=int(h["start"]),
                    strengths=strengths,
                    bonus=int(h["bonus"]),
                    veteran=h["jockey"] == "veteran",
                    prices=prices.pop(hid, (0, 0, 0)),
                )
            )
        if sorted(h.start for h in horses) != list(range(1, horses_per_race + 1)):
            problems.append(f"{where}: starting positions 1 to {horses_per_race}, each once")
        if len(horses) != horses_per_race:
            problems.append(f"{where}: « Il doit toujours y avoir 6 chevaux »")
        races.append(
            Race(
                int(rr["number"]),
                miles,
                station,
                int(rr["distance"]),
                int(rr["purse"]),
                tuple(horses),
            )
        )
    if prices:
        problems.append(f"payouts.prices: no such horse: {', '.join(sorted(prices))}")
    if missing := [h.id for r in races for h in r.horses if not any(h.prices)]:
        problems.append(f"payouts.prices: no prices for {', '.join(missing)}")
    check = raw["payout_check"]
    low, high = (float(x) for x in check["band"])
    if not 0 < low < high < 1:
        problems.append("payout_check.band: two returns per dollar, 0 < low < high < 1")
    if len(races) != game["races"]:
        problems.append(f"{game['races']} races expected, found {len(races)}")
    if [r.number for r in races] != list(range(1, len(races) + 1)):
        problems.append("races are numbered 1 to 6 in order")
    if problems:
        return None
    return Material(
        races=tuple(races),
        money=int(game["money"]),
        quick_money=int(game["quick_money"]),
        turn_lengths=turn_lengths,
        straight=int(tr["straight"]),
        finish=Station.parse(str(raw["finish"]["station"])),
        straight_ranks=straight_ranks,
        turn_ranks=turn_ranks,
        start_lanes=start_lanes,
        start_ahead=ahead,
        purse_split=split,
        bets_per_race=int(bet["bets_per_race"]),
        bet_unit=int(bet["bet_unit"]),
        double_max=int(bet["double_max"]),
        bid_unit=int(bet["bid_unit"]),
        claim_fine=int(bet["claim_fine"]),
        horses_per_owner=int(bet["horses_per_owner"]),
        price_per=int(pay["per"]),
        take=int(pay["take"]),
        breakage=int(pay["breakage"]),
        payout_band=(low, high),
        payout_z=float(check["z"]),
        odds_runs=int(raw["odds_check"]["runs"]),
        odds_tolerance=float(raw["odds_check"]["tolerance"]),
        provenance=provenance,
    )


def _prices(
    raw: dict[str, Any], pay: dict[str, Any], problems: list[str]
) -> dict[str, tuple[int, int, int]]:
    """The tote board, horse by horse (``[payouts.prices]``), each line checked on its own: whole
    multiples of the breakage, at least the stake back, and a place paying no more than a win nor a
    show more than a place (each pays on more finishes than the one before)."""
    per, breakage, take = int(pay["per"]), int(pay["breakage"]), int(pay["take"])
    if per <= 0 or breakage <= 0 or per % breakage:
        problems.append("payouts: per and breakage positive, per a multiple of the breakage")
        return {}
    if not 0 <= take < 100:
        problems.append(f"payouts.take: a percentage from 0 to 99, not {take}")
    found: dict[str, tuple[int, int, int]] = {}
    for hid, line in raw["payouts"]["prices"].items():
        if not isinstance(line, dict) or set(line) != {"win", "place", "show"}:
            problems.append(f"payouts.prices.{hid}: a win, a place and a show price, nothing else")
            continue
        win, place, show = (int(line[kind]) for kind in ("win", "place", "show"))
        if any(p % breakage or p < per for p in (win, place, show)):
            problems.append(
                f"payouts.prices.{hid}: prices are multiples of ${breakage} and at least the "
                f"${per:,} staked, not {win}, {place}, {show}"
            )
        if not win >= place >= show:
            problems.append(
                f"payouts.prices.{hid}: a place pays on more finishes than a win and a show on "
                f"more than a place, so win >= place >= show, not {win}, {place}, {show}"
            )
        found[str(hid)] = (win, place, show)
    return found


FILE: Final = DataFile("hippodrome.games.win_place_show", _parse)
"""The game's data file (``material.toml``), read through the engine's data-file helper."""
