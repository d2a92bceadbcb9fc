"""Win, Place & Show's exact numeric encoding of a seat's view (``hippodrome.engine.tensor``).

Seats are counted from the viewer (``me``, then ``left1``, ``left2``, ... round the table), so one
policy serves every seat. The race's six horses are numbered 1 to 6 (their saddle numbers; the ids
change from race to race). The slots, in order (their names say the same, ``layout.names``):

- ``race=1..6``, ``phase=<stable|sheet|...|ruling>``, ``turn``: where the game stands;
- ``active=<seat>``: who decides now; ``steward=<seat>``: who holds the steward's office (all 0
  when the engine does);
- ``money/<seat>``, ``out/<seat>`` (bankrupt), ``stables/<seat>`` (horses it owns this race);
- ``dice/white``, ``dice/other``: the dice just thrown; ``moving=1..6``: the horse being ridden,
  ``total`` (its move) and ``destinations`` (how many squares it may end on);
- per horse (``<number>/...``): ``owner=<seat>``, ``jockey=<seat>`` (who rides it), ``lane=1..5``,
  ``square``, ``home`` (past the line), ``spurt_used``, ``sale`` (still to be sold), ``place``
  (0 before it finishes), ``request`` (a jockey is asked for it), ``claims`` (how many seats
  claim a foul against it), ``ruling`` (the steward rules on it), ``window`` (its foul may be
  claimed now) and ``lost`` (squares that foul lost);
- per horse and seat (``<number>/<seat>/...``): ``bid`` (its sheet's bid for the horse, 0 while a
  rival's sheet is being written) and ``win``, ``place``, ``show`` (the stake of its slip of that
  kind on the horse, as far as the viewer sees: a rival's slip is face down until the race is
  over); ``request=<seat>``: who asks for a jockey; ``sheet/<seat>``: how many bids its sheet
  holds (one per horse for sale, in the order of the sale);
- ``slips/<seat>`` and ``slips/<seat>/stake``: how many slips each seat has this race and their
  stakes as shown;
- ``doubles/<seat>``, ``doubles/<seat>/stake``: the same for daily doubles; ``double/<a>x<b>``:
  the viewer's stake on the double of race 1's horse ``a`` with race 2's horse ``b``;
  ``winner/1=<n>``, ``winner/2=<n>``: the winners of the doubles' races once run;
- ``line=<win|place|show|double>``, ``line/<number>``, ``line/second/<number>``: the bet the
  viewer is writing and the horses picked so far (a double's second horse from race 2);
- the auction of a horse (``hippodrome.engine.tensor.auction_slots``).
"""

from __future__ import annotations

from typing import Any

from hippodrome.engine.tensor import (
    Slots,
    TensorLayout,
    Viewer,
    auction_slots,
    encode_auction,
    one_hot,
    seat_names,
    slips_by_seat,
    slips_slots,
)
from hippodrome.engine.types import JSONObject
from hippodrome.games.win_place_show.phases import DOUBLE, KINDS, Phase
from hippodrome.games.win_place_show.race import T
from hippodrome.games.win_place_show.rules import RACES, WinPlaceShow

PHASES = tuple(p.name.lower() for p in Phase)
NUMBERS = (1, 2, 3, 4, 5, 6)
LANES = tuple(range(1, T.lanes + 1))
LINES = (*KINDS, DOUBLE)
HORSE_SLOTS = ("square", "home", "spurt_used", "sale", "place", "request", "claims", "ruling")
FIRSTS = [h.id for h in RACES[0].horses]
SECONDS = [h.id for h in RACES[1].horses]


def layout(game: WinPlaceShow) -> TensorLayout:
    """The layout for ``game``'s table size."""
    n = game.num_players
    seats = seat_names(n)
    races = list(range(1, len(RACES) + 1))
    slots = Slots()
    slots.one_hot("race", races)
    slots.one_hot("phase", PHASES)
    slots.scalar("turn")
    slots.one_hot("active", seats)
    slots.one_hot("steward", seats)
    slots.scalars(f"{what}/{seat}" for what in ("money", "out", "stables") for seat in seats)
    slots.scalars(("dice/white", "dice/other"))
    slots.one_hot("moving", NUMBERS)
    slots.scalars(("total", "destinations"))
    for number in NUMBERS:
        slots.one_hot(f"{number}/owner", seats)
        slots.one_hot(f"{number}/jockey", seats)
        slots.one_hot(f"{number}/lane", LANES)
        slots.scalars(f"{number}/{what}" for what in (*HORSE_SLOTS, "window", "lost"))
        slots.scalars(f"{number}/{seat}/{what}" for seat in seats for what in ("bid", *KINDS))
    slots.one_hot("request", seats)
    slots.scalars(f"sheet/{seat}" for seat in seats)
    slips_slots(slots, seats, "slips")
    slips_slots(slots, seats, "doubles")
    slots.scalars(f"double/{a}x{b}" for a in NUMBERS for b in NUMBERS)
    slots.one_hot("winner/1", NUMBERS)
    slots.one_hot("winner/2", NUMBERS)
    slots.one_hot("line", LINES)
    slots.scalars(f"line/{number}" for number in NUMBERS)
    slots.scalars(f"line/second/{number}" for number in NUMBERS)
    auction_slots(slots, seats)

    def encode(obs: JSONObject) -> list[float]:
        view: Any = obs
        seen = Viewer.of(view, n)

        def around(values: list[Any]) -> list[float]:
            return [float(value or 0) for value in seen.around(values)]

        ids = [horse["id"] for horse in view["horses"]]
        out: list[float] = []
        out += one_hot(view["race"], races)
        out += one_hot(view["phase"], PHASES)
        out.append(float(view["turn"]))
        out += seen.among(view["active"])
        out += seen.seat(view["steward"])
        out += around(view["money"]) + around(view["out"]) + around(view["stables"])
        out += [float(d) for d in view["dice"]] if view["dice"] else [0.0, 0.0]
        out += one_hot(view["moving"], ids)
        out.append(float(view["total"] or 0))
        out.append(float(len(view["destinations"])))
        request, ruling, window = view["request"], view["ruling"], view["window"]
        claims = [horse for _, horse, _ in view["claims"]]
        slips = {
            (slip["horses"][0], slip["player"], slip["kind"]): slip["stake"] or 0
            for slip in view["slips"]
            if slip["kind"] is not None
        }
        bids: dict[tuple[str, int], float] = {}
        for seat, sheet in enumerate(view["sheets"]):
            for hid, bid in zip(view["sale"], sheet, strict=False):
                bids[hid, seat] = float(bid or 0)
        for horse in view["horses"]:
            hid = horse["id"]
            out += seen.seat(horse["owner"])
            out += seen.seat(horse["jockey"])
            out += one_hot(horse["lane"], LANES)
            out += [
                float(horse["square"] or 0),
                float(horse["home"]),
                float(horse["spurt_used"]),
                float(hid in view["sale"]),
                float(view["finish"].index(hid) + 1 if hid in view["finish"] else 0),
                float(request is not None and request["horse"] == hid),
                float(claims.count(hid)),
                float(ruling is not None and ruling["horse"] == hid),
                float(window is not None and window["horse"] == hid),
                float(window["lost"]) if window is not None and window["horse"] == hid else 0.0,
            ]
            for seat in seen.around(range(n)):
                out.append(bids.get((hid, seat), 0.0))
                out += [float(slips.get((hid, seat, kind), 0)) for kind in KINDS]
        out += seen.seat(request["player"] if request else None)
        out += [float(len(sheet)) for sheet in seen.around(view["sheets"])]
        out += slips_by_seat(view["slips"], seen) + slips_by_seat(view["doubles"], seen)
        doubles = [0.0] * 36
        for slip in view["doubles"]:
            if slip["player"] == seen.me and slip["horses"] is not None:
                a, b = slip["horses"]
                doubles[FIRSTS.index(a) * 6 + SECONDS.index(b)] += float(slip["stake"] or 0)
        out += doubles
        results = view["results"]
        out += one_hot(results[0][0] if results else None, FIRSTS)
        out += one_hot(results[1][0] if len(results) > 1 else None, SECONDS)
        line = view["line"]
        picked = line["horses"] if line is not None else []
        out += one_hot(line["bet"] if line is not None else None, LINES)
        out += [float(hid in picked) for hid in ids]
        out += [float(hid in picked) for hid in SECONDS]
        out += encode_auction(view["auction"], seen)
        return out

    return TensorLayout(tuple(slots.names), encode)
