"""Toy Race's views: the board as text for the terminal, and the board data the browser draws."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hippodrome.engine.i18n import term
from hippodrome.engine.types import JSONObject

from .material import material

M = material()

LABELS = {
    "en": {"purse": "Purse", "rolled": "Rolled", "won": "has won", "to_play": "to play"},
    "fr": {"purse": "Bourse", "rolled": "Dé", "won": "a gagné", "to_play": "à jouer"},
}


def render_text(obs: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """One line a horse (its lane, the ditch ``~`` and the line ``|``), then the purse and the roll."""
    t = LABELS.get(lang, LABELS["en"])
    lines = []
    for horse in obs["horses"]:
        lane = ["~" if s == M.ditch else "." for s in range(1, M.squares)]
        if 0 < horse["square"] < M.squares:
            lane[horse["square"] - 1] = "H"
        start = "H" if horse["square"] == 0 else " "
        finish = "H" if horse["square"] == M.squares else " "
        name = term("toy_race", "horse", horse["id"], lang)
        seat = horse["seat"]
        money = obs["money"][seat]
        lines.append(f"{start}{''.join(lane)}|{finish} {name} ({names[seat]}, {money})")
    status = f"{t['purse']} {obs['purse']}"
    if obs["rolled"] is not None:
        status += f" · {t['rolled']} {obs['rolled']} · {names[obs['turn']]} {t['to_play']}"
    if obs["winner"] is not None:
        status += f" · {names[obs['winner']]} {t['won']}"
    lines.append(status)
    return "\n".join(lines)


def board_data() -> JSONObject:
    """The static material the browser's board draws from."""
    return {
        "squares": M.squares,
        "ditch": M.ditch,
        "horses": list(M.horses),
        "faces": list(M.faces),
    }
