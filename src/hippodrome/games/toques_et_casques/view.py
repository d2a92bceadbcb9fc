"""Toques et Casques' board as text (the terminal's view model) and the browser's static data."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from hippodrome.engine.i18n import term
from hippodrome.engine.types import JSONObject
from hippodrome.games.toques_et_casques.material import SIZES, material, track

LABELS = {
    "en": {
        "head": "Category {category}, speed {speed}, {track} hippodrome, {laps} · round {round}",
        "laps": ["{laps} lap", "{laps} laps"],
        "colon": ": ",
        "horse": "N°{number}",
        "lane": "lane {lane}",
        "at": "{segment} rank {rank}",
        "lap": "lap {lap}",
        "to_play": "to play: N°{number}, {points} left",
        "review": "The steward reviews N°{number}'s move",
        "plural_from": 0,
        "points": ["{points} point", "{points} points"],
        "steps": "steps",
        "status": {
            "waiting": "not yet drawn",
            "running": "running",
            "arrived": "arrived",
            "placed": "placed",
            "fallen": "fallen, eliminated",
            "straggler": "straggler, eliminated",
            "disqualified": "disqualified",
        },
        "blocked": "blocked: declare it (bloque)",
        "order": "Arrival order",
        "obstacles": "River {river} · hurdles {hurdles}",
        "money": "Winnings",
        "none": "none",
        "segments": [
            "start straight",
            "turn 1",
            "short straight 1",
            "turn 2",
            "far straight",
            "turn 3",
            "short straight 2",
            "turn 4",
        ],
    },
    "fr": {
        "head": "Catégorie {category}, vitesse {speed}, {track} hippodrome, {laps} · tour de jeu {round}",
        "laps": ["{laps} tour", "{laps} tours"],
        "colon": " : ",
        "horse": "N°{number}",
        "lane": "couloir {lane}",
        "at": "{segment} longueur {rank}",
        "lap": "tour {lap}",
        "to_play": "à jouer : N°{number}, reste {points}",
        "review": "Le commissaire contrôle le déplacement du N°{number}",
        "plural_from": 2,
        "points": ["{points} point", "{points} points"],
        "steps": "déplacements",
        "status": {
            "waiting": "pas encore tiré",
            "running": "en course",
            "arrived": "arrivé",
            "placed": "classé",
            "fallen": "tombé, éliminé",
            "straggler": "traînard, éliminé",
            "disqualified": "éliminé par le commissaire",
        },
        "blocked": "bloqué : déclarez-le (bloque)",
        "order": "Ordre d'arrivée",
        "obstacles": "Rivière {river} · haies {hurdles}",
        "money": "Gains",
        "none": "aucune",
        "segments": [
            "ligne de départ",
            "tournant 1",
            "petite ligne 1",
            "tournant 2",
            "ligne opposée",
            "tournant 3",
            "petite ligne 2",
            "tournant 4",
        ],
    },
}


def render_text(obs: JSONObject, lang: str = "en", names: Sequence[str] = ()) -> str:
    """One seat's observation as lines of text."""
    labels: dict[str, Any] = LABELS.get(lang, LABELS["en"])
    colon = labels["colon"]
    course = obs["course"]
    t = track(course["track"])

    def plural(forms: list[str], n: int, **values: Any) -> str:
        """The form for ``n``: French counts 0 and 1 as singular, English 1 only."""
        many = n >= labels["plural_from"] if n != 1 else False
        return forms[many].format(**values)

    laps = plural(labels["laps"], course["laps"], laps=course["laps"])
    lines = [
        labels["head"].format(
            category=course["category"],
            speed=course["speed"],
            track=term("toques_et_casques", "track", course["track"], lang),
            laps=laps,
            round=obs["round"],
        ),
        labels["obstacles"].format(
            river=" ".join(course["river"]) or labels["none"],
            hurdles=" ".join(obs["hurdles"]) or labels["none"],
        ),
    ]
    for horse in obs["horses"]:
        owner = horse["owner"]
        who = names[owner] if owner is not None and owner < len(names) else "-"
        where = labels["status"].get(horse["status"], horse["status"])
        if horse["cell"] is not None:
            info = t.cells[horse["cell"]]
            where = ", ".join(
                (
                    labels["lane"].format(lane=horse["lane"]),
                    labels["at"].format(segment=labels["segments"][info.segment], rank=info.offset),
                    labels["lap"].format(lap=horse["lap"] + 1),
                )
            )
        if horse["place"]:
            where = f"{where} {term('toques_et_casques', 'ordinal', horse['place'], lang)}"
        number = labels["horse"].format(number=horse["number"])
        lines.append(f"  {number} ({who}){colon}{where}")
    if obs["phase"] == "review" and obs["current"] is not None:
        lines.append(labels["review"].format(number=obs["current"]))
    elif obs["points"] is not None and obs["current"] is not None:
        points = plural(labels["points"], obs["points"], points=obs["points"])
        lines.append(labels["to_play"].format(number=obs["current"], points=points))
        if obs["blocked"]:
            lines.append("  " + labels["blocked"])
        elif obs["steps"]:
            steps = ", ".join(s["action"] for s in obs["steps"])
            lines.append(f"  {labels['steps']}{colon}{steps}")
    if obs["order"]:
        lines.append(f"{labels['order']}{colon}" + " - ".join(str(n) for n in obs["order"]))
    if any(obs["money"]):
        paid = ", ".join(
            f"{names[p] if p < len(names) else p} {m}" for p, m in enumerate(obs["money"]) if m
        )
        lines.append(f"{labels['money']}{colon}{paid}")
    return "\n".join(lines)


@cache
def board_data() -> JSONObject:
    """What the browser draws the board from: each hippodrome's geometry, the horses' colours, the
    lengths the river plaque covers (the course designer draws a river the engine refused)."""
    m = material()
    return {
        "tracks": {size: track(size).geometry() for size in SIZES},
        "colours": list(m.colours),
        "numbers": list(m.horse_numbers),
        "turn_lengths": list(m.turn_lengths),
        "note_value": m.note_value,
        "river_lengths": m.river_lengths,
    }
