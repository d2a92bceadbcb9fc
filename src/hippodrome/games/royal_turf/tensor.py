"""Royal Turf's exact numeric encoding of a seat's view (``hippodrome.engine.tensor``).

Seats are counted from the viewer (``me``, then ``left1``, ``left2``, ... round the table), so one
policy serves every seat. The slots, in order (their names say the same, ``layout.names``):

- ``race=1..3``, ``phase=<draw|lot|betting|racing|over>``, ``round``: where the game stands;
- ``turn=<seat>``, ``first=<seat>``: who moves a horse now and who opened the race;
- ``rolled=<face>``: the face of the die just rolled (head, cap, saddle, shoe);
- ``money/<seat>``: each seat's money, in the game's units;
- per horse (``<horse>/...``, in the material's order): ``to_go`` (squares left to the line, 0
  before the race is off), ``card/<face>`` (the lengths its card gives each face, 0 before the
  draw), ``moved`` (times moved this round), ``place=1..3``, ``pace`` (holds the pace square),
  ``last`` (came last in the race just run);
- per horse and seat (``<horse>/<seat>/...``): ``tokens`` (how many tokens the seat put on it) and
  ``stake`` (the sum of those shown: a face-down token counts in ``tokens`` only);
- ``hand/<value>``: how many tokens of each value the viewer still holds; ``hand_size/<seat>``: how
  many tokens each seat still holds.
"""

from __future__ import annotations

from typing import Any

from hippodrome.engine.tensor import Slots, TensorLayout, Viewer, one_hot, seat_names
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_turf.material import FACES
from hippodrome.games.royal_turf.rules import HORSE_IDS, M, Phase, RoyalTurf

PHASES = tuple(p.name.lower() for p in Phase)
PLACES = (1, 2, 3)


def layout(game: RoyalTurf) -> TensorLayout:
    """The layout for ``game``'s table size and tokens."""
    n = game.num_players
    seats = seat_names(n)
    values = sorted(set(game.tokens))
    races = list(range(1, M.races + 1))
    slots = Slots()
    slots.one_hot("race", races)
    slots.one_hot("phase", PHASES)
    slots.scalar("round")
    slots.one_hot("turn", seats)
    slots.one_hot("first", seats)
    slots.one_hot("rolled", FACES)
    for seat in seats:
        slots.scalar(f"money/{seat}")
    for horse in HORSE_IDS:
        slots.scalar(f"{horse}/to_go")
        for face in FACES:
            slots.scalar(f"{horse}/card/{face}")
        slots.scalar(f"{horse}/moved")
        slots.one_hot(f"{horse}/place", PLACES)
        slots.scalar(f"{horse}/pace")
        slots.scalar(f"{horse}/last")
    for horse in HORSE_IDS:
        for seat in seats:
            slots.scalar(f"{horse}/{seat}/tokens")
            slots.scalar(f"{horse}/{seat}/stake")
    for value in values:
        slots.scalar(f"hand/{value}")
    for seat in seats:
        slots.scalar(f"hand_size/{seat}")

    def encode(obs: JSONObject) -> list[float]:
        view: Any = obs
        seen = Viewer.of(view, n)

        out: list[float] = []
        out += one_hot(view["race"], races)
        out += one_hot(view["phase"], PHASES)
        out.append(float(view["round"] or 0))
        out += seen.seat(view["turn"])
        out += seen.seat(view["first_player"])
        out += one_hot(view["rolled"], FACES)
        out += [float(money) for money in seen.around(view["money"])]
        last = (view["result"] or {}).get("last")
        for horse in view["horses"]:
            out.append(float(horse["to_go"] or 0))
            card = horse["values"] or {}
            out += [float(card.get(face, 0)) for face in FACES]
            out.append(float(horse["moved"]))
            out += one_hot(horse["place"], PLACES)
            out.append(1.0 if view["pace"]["horse"] == horse["id"] else 0.0)
            out.append(1.0 if last == horse["id"] else 0.0)
        tokens = [[0.0] * n for _ in HORSE_IDS]
        stakes = [[0.0] * n for _ in HORSE_IDS]
        index = {hid: i for i, hid in enumerate(HORSE_IDS)}
        for bet in view["bets"]:
            h, seat = index[bet["horse"]], seen.relative(bet["player"])
            assert seat is not None
            tokens[h][seat] += 1.0
            stakes[h][seat] += float(bet["token"] or 0)
        for h in range(len(HORSE_IDS)):
            for seat in range(n):
                out += [tokens[h][seat], stakes[h][seat]]
        hands = seen.around(view["hands"])
        mine = hands[0] if isinstance(hands[0], list) else []
        out += [float(mine.count(value)) for value in values]
        for hand in hands:
            out.append(float(len(hand) if isinstance(hand, list) else hand))
        return out

    return TensorLayout(tuple(slots.names), encode)
