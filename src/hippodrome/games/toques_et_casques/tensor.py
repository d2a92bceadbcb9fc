"""Toques et Casques's exact numeric encoding of a seat's view (``hippodrome.engine.tensor``).

Everything in this game is on the table, so the vector is the board as every seat sees it, with
seats counted from the viewer (``me``, then ``left1``, ``left2``, ... round the table) so one policy
serves every seat. The slots, in order (their names say the same, ``layout.names``):

- ``steward``: the viewer is the steward (07-07); ``steward_seat=<seat>``: who is (all 0 without);
- ``phase=<draw|race|review|relocate|rolloff|over>``, ``chance=<draw|rolloff|roll>`` (all 0 at a
  seat's decision), ``round``: where the game stands;
- ``roller=<seat>``: who rolls the die at a chance node; ``active=<seat>``: who decides now;
- ``current=1..6``: the horse playing its points, ``points`` (left to play), ``rolled`` (the dice's
  score this turn), ``blocked`` (the horse cannot take another step), ``start_plaque`` (still on the
  track), ``finish_placed`` (the finish plaque is down);
- ``step/avant``, ``step/ecart<lane>`` (lanes 1 to 6), ``step/bloque``: which steps the current
  horse may take now;
- ``relocation``: a hurdle waits to be moved; ``relocation/targets``: how many stations it may go to;
- ``money/<seat>``: each seat's winnings, in the game's units;
- per horse (``<number>/...``, 1 to 6): ``owner=<seat>``, ``status=<waiting|running|arrived|placed|
  fallen|straggler|disqualified>``, ``lane=1..6``, ``lap``, ``progress`` and ``to_go`` (lengths run
  from the start and left to the finish, 0 off the track), ``on=<hurdle|river>`` (the obstacle under
  it), ``place`` (0 before it is placed), ``rolloff`` (it rolls for a place abreast).

The course's length, category, speed and stakes are fixed for a game and not repeated here.
"""

from __future__ import annotations

from typing import Any

from hippodrome.engine.tensor import Slots, TensorLayout, Viewer, one_hot, seat_names
from hippodrome.engine.types import JSONObject
from hippodrome.games.toques_et_casques.rules import HORSES, Phase, Status, ToquesEtCasques

PHASES = tuple(p.name.lower() for p in Phase)
CHANCES = ("draw", "rolloff", "roll")
STATUSES = tuple(s.name.lower() for s in Status)
LANES = (1, 2, 3, 4, 5, 6)
OBSTACLES = ("hurdle", "river")
NUMBERS = tuple(h + 1 for h in HORSES)


def layout(game: ToquesEtCasques) -> TensorLayout:
    """The layout for ``game``'s table size (the course is the game's own)."""
    n = game.num_players
    seats = seat_names(n)
    track = game.course.track
    length = track.ticks_per_length
    target = game.course.target
    slots = Slots()
    slots.scalar("steward")
    slots.one_hot("steward_seat", seats)
    slots.one_hot("phase", PHASES)
    slots.one_hot("chance", CHANCES)
    slots.scalar("round")
    slots.one_hot("roller", seats)
    slots.one_hot("active", seats)
    slots.one_hot("current", NUMBERS)
    slots.scalars(("points", "rolled", "blocked", "start_plaque", "finish_placed"))
    slots.scalars(("step/avant", *(f"step/ecart{lane}" for lane in LANES), "step/bloque"))
    slots.scalars(("relocation", "relocation/targets"))
    slots.scalars(f"money/{seat}" for seat in seats)
    for number in NUMBERS:
        slots.one_hot(f"{number}/owner", seats)
        slots.one_hot(f"{number}/status", STATUSES)
        slots.one_hot(f"{number}/lane", LANES)
        for what in ("lap", "progress", "to_go"):
            slots.scalar(f"{number}/{what}")
        slots.one_hot(f"{number}/on", OBSTACLES)
        slots.scalar(f"{number}/place")
        slots.scalar(f"{number}/rolloff")

    def encode(obs: JSONObject) -> list[float]:
        view: Any = obs
        seen = Viewer.of(view, n)
        out: list[float] = [1.0 if view["role"] == "steward" else 0.0]
        out += seen.seat(view["steward"])
        out += one_hot(view["phase"], PHASES)
        out += one_hot(view["chance"], CHANCES)
        out.append(float(view["round"]))
        out += seen.seat(view["roller"])
        out += seen.among(view["active"])
        out += one_hot(view["current"], NUMBERS)
        out.append(float(view["points"] or 0))
        out.append(float(view["rolled"] or 0))
        out += [float(bool(view[what])) for what in ("blocked", "start_plaque", "finish_placed")]
        steps = {step["action"] for step in view["steps"]}
        out.append(1.0 if "avant" in steps else 0.0)
        out += [1.0 if f"ecart {lane}" in steps else 0.0 for lane in LANES]
        out.append(1.0 if "bloque" in steps else 0.0)
        relocation = view["relocation"]
        out.append(1.0 if relocation is not None else 0.0)
        out.append(float(len(relocation["targets"])) if relocation is not None else 0.0)
        out += [float(money) for money in seen.around(view["money"])]
        under = {cell: kind for cell, kind in view["obstacles"]}
        rolloff = set(view["rolloff"] or ())
        for horse in view["horses"]:
            out += seen.seat(horse["owner"])
            out += one_hot(horse["status"], STATUSES)
            out += one_hot(horse["lane"], LANES)
            out.append(float(horse["lap"]))
            cell = horse["cell"]
            if cell is None:
                out += [0.0, 0.0, 0.0, 0.0]
            else:
                run = horse["lap"] * track.lap_ticks + track.cells[cell].start
                out.append(run / length)
                out.append(max(target - run, 0) / length)
                out += one_hot(under.get(cell), OBSTACLES)
            out.append(float(horse["place"] or 0))
            out.append(1.0 if horse["number"] in rolloff else 0.0)
        return out

    return TensorLayout(tuple(slots.names), encode)
