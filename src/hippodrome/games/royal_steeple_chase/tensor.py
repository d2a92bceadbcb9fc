"""Royal Steeple Chase's exact numeric encoding of a seat's view (``hippodrome.engine.tensor``).

Places are counted from the viewer (``me``, then ``left1``, ``left2``, ... round the table; the
dummy, in the game with one, is the last place), so one policy serves every seat. Cards are counted
by kind (``2/2r``, ``R/4``, ... in the material's order), horses named by colour (``r``, ``b``,
``j``, ``v``). The slots, in order (their names say the same, ``layout.names``):

- ``phase=<deal|horses|...>``, ``deal``, ``dealer=<seat>``, ``active/<seat>``: where the deal
  stands and who decides now;
- per horse (``<colour>/...``): ``owner=<seat>``, ``progress`` (squares run, 22 past the line),
  ``finished`` (its place, 0 before), ``absent`` (out of a solo race), ``hurdle/<square>`` and
  ``central/<square>`` (a hurdle of its lane, or a central one, after that square);
- ``hand/<card>``: the viewer's hand; ``spread/<card>``: the cards spread face up;
  ``known/<seat>/<card>``: the cards of each hand the table has seen;
- per seat (``<what>/<seat>``): ``hand_size``, ``contred``, ``banned``, ``chips``,
  ``hurdles_in_hand``, the score's ``honours``, ``below``, ``toward``, ``games`` and ``totals``;
  ``partner/<seat>=<seat>``: each place's partner;
- ``pot``, ``hurdle_supply``, ``discards``, ``races``; ``winner=<seat>``, ``placed=<seat>``: who
  owns the winner and the placed horse;
- the auction of a horse: ``auction``, ``auction/horse=<colour>``, ``auction/card=<card>``,
  ``auction/high``, ``auction/leader=<seat>``, ``auction/bidder=<seat>``, ``auction/in/<seat>``;
- a trade: ``trade``, ``trade/proposer=<seat>``, ``trade/target=<seat>``, ``trade/offered=<card>``,
  ``trade/counter=<card>``, ``trade/asked=<card>``, ``trade/points``, ``trade/given``;
- the card being played: ``card/player=<seat>``, ``card/half/<half>`` (the halves left);
  ``taken=<card>`` (the card taken in a throw);
- then, only in a game whose options bring them (the size stays fixed for a game): the incidents
  (``incidents/pending/<seat>=<kind>``, ``incidents/current=<kind>``, ``incidents/pack``,
  ``incidents/dry/<colour>``, ``incidents/extra/<seat>``, ``incidents/ridden/<seat>=<colour>``),
  the bridge table (``rubber``, ``contract/call=<call>``, ``contract/declarer=<seat>``,
  ``contract/doubled``, ``contract/leader=<seat>``, ``contract/eliminated/<seat>``,
  ``contract/calls``), the pirate's bets (``bet/<seat>``: written, ``bet/<seat>/<colour>``: on
  that horse, as far as the viewer sees) and the dummy (``dummy/open``, ``dummy/to_play``).
"""

from __future__ import annotations

from typing import Any

from hippodrome.engine.tensor import Slots, TensorLayout, Viewer, one_hot, seat_names
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_steeple_chase import contract
from hippodrome.games.royal_steeple_chase.board import (
    HALF_OF,
    INCIDENT_KINDS,
    LAP,
    TYPE_TEXT,
)
from hippodrome.games.royal_steeple_chase.material import COLOURS
from hippodrome.games.royal_steeple_chase.rules import Phase, RoyalSteepleChase

PHASES = tuple(p.name.lower() for p in Phase)
SQUARES = tuple(range(1, LAP + 1))
HALVES = tuple(sorted(HALF_OF))
PER_SEAT = ("hand_size", "contred", "banned", "chips", "hurdles_in_hand")
SCORES = ("honours", "below", "toward", "games", "totals")
TRADE_CARDS = ("offered", "counter", "asked")


def layout(game: RoyalSteepleChase) -> TensorLayout:
    """The layout for ``game``'s places and the variants its options bring."""
    n = game.places
    seats = seat_names(n)
    blocks = set(game.new_initial_state().observation(None))
    slots = Slots()
    slots.one_hot("phase", PHASES)
    slots.scalar("deal")
    slots.one_hot("dealer", seats)
    slots.scalars(f"active/{seat}" for seat in seats)
    for colour in COLOURS:
        slots.one_hot(f"{colour}/owner", seats)
        slots.scalars(f"{colour}/{what}" for what in ("progress", "finished", "absent"))
        for what in ("hurdle", "central"):
            slots.scalars(f"{colour}/{what}/{square}" for square in SQUARES)
    slots.scalars(f"{what}/{card}" for what in ("hand", "spread") for card in TYPE_TEXT)
    slots.scalars(f"known/{seat}/{card}" for seat in seats for card in TYPE_TEXT)
    slots.scalars(f"{what}/{seat}" for what in (*PER_SEAT, *SCORES) for seat in seats)
    for seat in seats:
        slots.one_hot(f"partner/{seat}", seats)
    slots.scalars(("pot", "hurdle_supply", "discards", "races"))
    slots.one_hot("winner", seats)
    slots.one_hot("placed", seats)
    slots.scalar("auction")
    slots.one_hot("auction/horse", COLOURS)
    slots.one_hot("auction/card", TYPE_TEXT)
    slots.scalar("auction/high")
    slots.one_hot("auction/leader", seats)
    slots.one_hot("auction/bidder", seats)
    slots.scalars(f"auction/in/{seat}" for seat in seats)
    slots.scalar("trade")
    slots.one_hot("trade/proposer", seats)
    slots.one_hot("trade/target", seats)
    for what in TRADE_CARDS:
        slots.one_hot(f"trade/{what}", TYPE_TEXT)
    slots.scalars(("trade/points", "trade/given"))
    slots.one_hot("card/player", seats)
    slots.scalars(f"card/half/{half}" for half in HALVES)
    slots.one_hot("taken", TYPE_TEXT)
    if "incidents" in blocks:
        for seat in seats:
            slots.one_hot(f"incidents/pending/{seat}", INCIDENT_KINDS)
        slots.one_hot("incidents/current", INCIDENT_KINDS)
        slots.scalar("incidents/pack")
        slots.scalars(f"incidents/dry/{colour}" for colour in COLOURS)
        for seat in seats:
            slots.scalar(f"incidents/extra/{seat}")
            slots.one_hot(f"incidents/ridden/{seat}", COLOURS)
    if "rubber" in blocks:
        slots.scalar("rubber")
    if "contract" in blocks:
        slots.one_hot("contract/call", contract.LADDER)
        slots.one_hot("contract/declarer", seats)
        slots.scalar("contract/doubled")
        slots.one_hot("contract/leader", seats)
        slots.scalars(f"contract/eliminated/{seat}" for seat in seats)
        slots.scalar("contract/calls")
    if "bets" in blocks:
        for seat in seats:
            slots.scalars((f"bet/{seat}", *(f"bet/{seat}/{colour}" for colour in COLOURS)))
    if "dummy" in blocks:
        slots.scalars(("dummy/open", "dummy/to_play"))

    def encode(obs: JSONObject) -> list[float]:
        view: Any = obs
        seen = Viewer.of(view, n)
        dummy = view.get("dummy")

        def place(seat: int | str | None) -> int | None:
            """The place a seat field names (the dummy by name, none as -1 or None)."""
            if seat == contract.DUMMY_NAME:
                return n - 1
            return seat if isinstance(seat, int) and seat >= 0 else None

        def around(values: list[Any], last: Any = 0) -> list[Any]:
            """A list by seat, the dummy's entry (kept in its own section) put back last."""
            return seen.around([*values, last] if len(values) < n else values)

        def counts(cards: list[str]) -> list[float]:
            return [float(cards.count(card)) for card in TYPE_TEXT]

        def seat_hot(seat: int | str | None) -> list[float]:
            return seen.seat(place(seat))

        out: list[float] = []
        out += one_hot(view["phase"], PHASES)
        out.append(float(view["deal"]))
        out += seat_hot(view["dealer"])
        out += seen.among(view["active"])
        for horse in view["horses"]:
            out += seat_hot(horse["owner"])
            out += [float(horse["progress"]), float(horse["finished"]), float(horse["absent"])]
            for what in ("hurdles", "central"):
                out += [1.0 if square in horse[what] else 0.0 for square in SQUARES]
        out += counts(view.get("hand", []))
        out += counts(view["spread"])
        hidden = dummy["hand"] if dummy is not None else []
        for cards in around(view["known_cards"], hidden):
            out += counts(cards)
        for what in PER_SEAT:
            values = view["hand_sizes" if what == "hand_size" else what]
            last = dummy.get(what, 0) if dummy else 0
            out += [float(v) for v in around(values, last)]
        for what in SCORES:
            out += [float(v) for v in around(view["score"][what])]
        partner = dummy["partner"] if dummy else None
        for mate in around(view["partners"], partner):
            out += seat_hot(mate)
        for what in ("pot", "hurdle_supply", "discards"):
            out.append(float(view[what]))
        out.append(float(view["score"]["races"]))
        out += seat_hot(view["winner"])
        out += seat_hot(view["placed"])
        auction = view.get("auction")
        out.append(1.0 if auction else 0.0)
        out += one_hot(auction["horse"] if auction else None, range(len(COLOURS)))
        out += one_hot(auction["card"] if auction else None, TYPE_TEXT)
        out.append(float(auction["high"]) if auction else 0.0)
        out += seat_hot(auction["leader"] if auction else None)
        out += seat_hot(auction["bidder"] if auction else None)
        out += seen.among(auction["in"] if auction else ())
        trade = view.get("trade")
        out.append(1.0 if trade else 0.0)
        out += seat_hot(trade["proposer"] if trade else None)
        out += seat_hot(trade["target"] if trade else None)
        for what in TRADE_CARDS:
            out += one_hot(trade[what] if trade else None, TYPE_TEXT)
        out += [float(trade["points"]), float(trade["given"])] if trade else [0.0, 0.0]
        card = view.get("card")
        out += seat_hot(card["player"] if card else None)
        out += [1.0 if card and half in card["halves"] else 0.0 for half in HALVES]
        out += one_hot(view.get("taken"), TYPE_TEXT)
        if "incidents" in blocks:
            deck = view["incidents"]
            for kind in around(deck["pending"], None):
                out += one_hot(kind, INCIDENT_KINDS)
            out += one_hot(deck["current"], INCIDENT_KINDS)
            out.append(float(deck["pack"]))
            out += [float(v) for v in deck["dry"]]
            for more, ridden in zip(around(deck["extra"]), around(deck["ridden"], -1), strict=True):
                out.append(float(more))
                out += one_hot(ridden, range(len(COLOURS)))
        if "rubber" in blocks:
            out.append(float(view["rubber"]))
        if "contract" in blocks:
            book = view.get("contract") or {}
            out += one_hot(book.get("call"), contract.LADDER)
            out += seat_hot(book.get("declarer"))
            out.append(float(book.get("doubled") or 0))
            out += seat_hot(book.get("leader"))
            eliminated = dummy.get("eliminated", 0) if dummy else 0
            out += [float(v) for v in around(book.get("eliminated", [0] * n), eliminated)]
            out.append(float(len(book.get("bidding", []))))
        if "bets" in blocks:
            for bet in around(view["bets"], None):
                out.append(0.0 if bet is None else 1.0)
                picked = bet.split("+") if isinstance(bet, str) else []
                out += [1.0 if colour in picked else 0.0 for colour in COLOURS]
        if "dummy" in blocks:
            out += [float(dummy["open"]), float(dummy["to_play"])] if dummy else [0.0, 0.0]
        return out

    return TensorLayout(tuple(slots.names), encode)
