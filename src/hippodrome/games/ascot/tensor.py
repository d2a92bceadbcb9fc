"""Ascot's exact numeric encoding of a seat's view (``hippodrome.engine.tensor``).

Seats are counted from the viewer (``me``, then ``left1``, ``left2``, ... round the table), so one
policy serves every seat. Cards are named as the game names them (``h1`` to ``h12``, then the
stables and the characters). The slots, in order (their names say the same, ``layout.names``):

- ``phase=<deal|exchange|...>``, ``turn=<seat>``, ``active/<seat>``: where the game stands;
- ``money/<seat>`` (in francs), ``bank``, ``jackpot``, ``dead_pile``;
- ``auctioneer=<seat>`` and ``auctioneer/open`` (his card is face up);
- ``hand/<card>``: the viewer's hand; ``hand_size/<seat>``: how many cards each seat holds;
  ``bought/<seat>/<card>``: the cards each seat bought; ``withdrawn/<card>``;
- ``members/<seat>``: the Owners' Club; ``reports/<seat>``: how many reports each seat keeps;
  ``report/<immunity>``: the viewer's kept reports by what they guard against;
- ``offer``: a trade is offered; ``danger=<inscription>``, ``danger/<horse>``: the incident a
  report may stop, and on which horse; ``called=<horse>``: the runner the Bookmaker reads;
- per horse (``<horse>/...``): ``training`` (in training), ``square`` (its training square),
  ``advantages``, ``disadvantages``, ``at/lane=1..6``, ``at/rank`` (its length along the lane),
  ``at/start``, ``at/post``, ``at/out``, ``fallen``, ``placed`` (its place, 0 before),
  ``to_move``;
- per horse and seat (``<horse>/<seat>/...``): ``runner`` (runs for that seat), ``favourite``,
  ``win`` (its totalisator stakes on the horse) and ``place`` (its private place stake as far as
  the viewer sees: the Bookmaker and the bettor until the race is over), ``odds`` (that place
  bet's odds, paid per franc staked);
- ``tote/<seat>``, ``tote/<seat>/stake``, ``place/<seat>``, ``place/<seat>/stake``: how many
  slips each seat holds in each pool and their stakes as shown; ``book=<seat>``: the Bookmaker;
  ``place_offer``: a place bet waits for his answer (as far as the viewer sees);
- ``die``; ``race/advantages/<seat>/<colour>`` and ``race/disadvantages/<seat>``: the small cards
  each seat holds in the race;
- the auction of a card (``hippodrome.engine.tensor.auction_slots``) and ``auction/lot=<card>``.
"""

from __future__ import annotations

from fractions import Fraction
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
from hippodrome.games.ascot.actions import CARD_IDS
from hippodrome.games.ascot.rules import HORSES, TRACK, Ascot, M, Phase

PHASES = tuple(p.name.lower() for p in Phase)
HORSE_IDS = tuple(f"h{h}" for h in HORSES)
LANES = tuple(range(1, TRACK.lanes + 1))
COLOURS = tuple(M.advantages)
IMMUNITIES = tuple(sorted({r.immunity for deck in M.reports.values() for r in deck} - {""}))
INSCRIPTIONS = tuple(M.inscriptions)
SPOTS = ("start", "post", "out")
TRAINING = ("training", "square", "advantages", "disadvantages")
PER_HORSE = ("fallen", "placed", "to_move")
PER_HORSE_SEAT = ("runner", "favourite", "win", "place", "odds")


def layout(game: Ascot) -> TensorLayout:
    """The layout for ``game``'s table size."""
    n = game.num_players
    seats = seat_names(n)
    slots = Slots()
    slots.one_hot("phase", PHASES)
    slots.one_hot("turn", seats)
    slots.scalars(f"{what}/{seat}" for what in ("active", "money") for seat in seats)
    slots.scalars(("bank", "jackpot", "dead_pile"))
    slots.one_hot("auctioneer", seats)
    slots.scalar("auctioneer/open")
    slots.scalars(f"hand/{card}" for card in CARD_IDS)
    slots.scalars(f"hand_size/{seat}" for seat in seats)
    slots.scalars(f"bought/{seat}/{card}" for seat in seats for card in CARD_IDS)
    slots.scalars(f"withdrawn/{card}" for card in CARD_IDS)
    slots.scalars(f"{what}/{seat}" for what in ("members", "reports") for seat in seats)
    slots.scalars(f"report/{immunity}" for immunity in IMMUNITIES)
    slots.scalar("offer")
    slots.one_hot("danger", INSCRIPTIONS)
    slots.one_hot("danger", HORSE_IDS)
    slots.one_hot("called", HORSE_IDS)
    for horse in HORSE_IDS:
        slots.scalars(f"{horse}/{what}" for what in TRAINING)
        slots.one_hot(f"{horse}/at/lane", LANES)
        slots.scalars(f"{horse}/at/{spot}" for spot in ("rank", *SPOTS))
        slots.scalars(f"{horse}/{what}" for what in PER_HORSE)
        slots.scalars(f"{horse}/{seat}/{what}" for seat in seats for what in PER_HORSE_SEAT)
    slips_slots(slots, seats, "tote")
    slips_slots(slots, seats, "place")
    slots.one_hot("book", seats)
    slots.scalars(("place_offer", "die"))
    for seat in seats:
        slots.scalars(f"race/advantages/{seat}/{colour}" for colour in COLOURS)
        slots.scalar(f"race/disadvantages/{seat}")
    auction_slots(slots, seats)
    slots.one_hot("auction/lot", CARD_IDS)

    def encode(obs: JSONObject) -> list[float]:
        view: Any = obs
        seen = Viewer.of(view, n)
        around = seen.around

        out: list[float] = []
        out += one_hot(view["phase"], PHASES)
        out += seen.seat(view["turn"])
        out += seen.among(view["active"])
        out += [float(v) for v in around(view["money"])]
        out += [float(view["bank"]), float(view["jackpot"]), float(view["dead_pile"])]
        out += seen.seat(view["auctioneer"])
        hands = around(view["hands"])
        out.append(1.0 if any(isinstance(h, dict) and "open" in h for h in hands) else 0.0)
        mine = hands[0] if isinstance(hands[0], list) else []
        out += [1.0 if card in mine else 0.0 for card in CARD_IDS]
        out += [float(len(h) if isinstance(h, list) else h["cards"]) for h in hands]
        for bought in around(view["bought"]):
            out += [1.0 if card in bought else 0.0 for card in CARD_IDS]
        out += [1.0 if card in view["withdrawn"] else 0.0 for card in CARD_IDS]
        out += seen.among(view["members"])
        reports = around(view["reports"])
        out += [float(len(r) if isinstance(r, list) else r) for r in reports]
        kept = [
            M.reports[deck][int(index)].immunity
            for deck, index in (
                r.split(":") for r in (reports[0] if isinstance(reports[0], list) else [])
            )
        ]
        out += [float(kept.count(immunity)) for immunity in IMMUNITIES]
        out.append(0.0 if view["offer"] is None else 1.0)
        danger = view["danger"] or {}
        out += one_hot(danger.get("inscription"), INSCRIPTIONS)
        out += one_hot(danger.get("horse"), HORSE_IDS)
        out += one_hot(view["called"], HORSE_IDS)
        race = view["race"]
        runners = [{f"h{h}" for h in r} for r in around(view["runners"])]
        favourites = around(view["favourites"])
        tote: dict[tuple[str, int], float] = {}
        for slip in view["totalisator"]:
            key = (slip["horses"][0], (slip["player"] - seen.me) % n)
            tote[key] = tote.get(key, 0.0) + float(slip["stake"] or 0)
        book = view["place_bets"]
        places: dict[tuple[str, int], list[float]] = {}
        for slip in book["slips"]:
            if slip["horses"] is not None:
                key = (slip["horses"][0], (slip["player"] - seen.me) % n)
                odds = float(Fraction(slip["odds"])) if slip["odds"] else 0.0
                stake, _ = places.get(key, [0.0, 0.0])
                places[key] = [stake + float(slip["stake"] or 0), odds]
        for horse in HORSE_IDS:
            square = view["squares"].get(horse)
            out += [
                0.0 if square is None else 1.0,
                float(square or 0),
                float(view["advantages"].get(horse, 0)),
                float(view["disadvantages"].get(horse, 0)),
            ]
            at = race["at"].get(horse, "")
            lane, _, rank = at.partition(".")
            out += one_hot(int(lane) if rank else None, LANES)
            out.append(float(rank or 0))
            out += [1.0 if at == spot else 0.0 for spot in SPOTS]
            placed = race["placed"]
            out += [
                float(horse in race["fallen"]),
                float(placed.index(horse) + 1 if horse in placed else 0),
                float(horse in race["to_move"]),
            ]
            for k in range(n):
                place = places.get((horse, k), [0.0, 0.0])
                out += [
                    float(horse in runners[k]),
                    float(favourites[k] == horse),
                    tote.get((horse, k), 0.0),
                    *place,
                ]
        out += slips_by_seat(view["totalisator"], seen)
        out += slips_by_seat(book["slips"], seen)
        out += seen.seat(book["book"])
        out.append(0.0 if book["offer"] is None else 1.0)
        out.append(float(race["die"] or 0))
        for held, bad in zip(
            around(race["advantages"]), around(race["disadvantages"]), strict=True
        ):
            out += [float(held[colour]) for colour in COLOURS]
            out.append(float(bad))
        auction = view["auction"]
        out += encode_auction(auction, seen)
        out += one_hot(auction["lot"] if auction else None, CARD_IDS)
        return out

    return TensorLayout(tuple(slots.names), encode)
