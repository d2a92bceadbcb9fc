"""Toques et Casques' board as text (the terminal's view model) and the browser's static data."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from hippodrome.engine.types import JSONObject
from hippodrome.games.toques_et_casques.material import SIZES, material, track

LABELS = {
    "en": {
        "head": "Category {category}, speed {speed}, {track} track, {laps} lap(s) · round {round}",
        "horse": "N°{number}",
        "lane": "lane {lane}",
        "at": "{segment} rank {rank}",
        "lap": "lap {lap}",
        "to_play": "to play: N°{number}, {points} point(s) left",
        "steps": "steps",
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
        "head": "Catégorie {category}, vitesse {speed}, hippodrome {track}, {laps} tour(s) · tour de jeu {round}",
        "horse": "N°{number}",
        "lane": "couloir {lane}",
        "at": "{segment} longueur {rank}",
        "lap": "tour {lap}",
        "to_play": "à jouer : N°{number}, {points} point(s) à jouer",
        "steps": "déplacements",
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
    course = obs["course"]
    t = track(course["track"])
    lines = [
        labels["head"].format(
            category=course["category"],
            speed=course["speed"],
            track=course["track"],
            laps=course["laps"],
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
        where = horse["status"]
        if horse["cell"] is not None:
            info = t.cells[horse["cell"]]
            where = ", ".join(
                (
                    labels["lane"].format(lane=horse["lane"]),
                    labels["at"].format(segment=labels["segments"][info.segment], rank=info.offset),
                    labels["lap"].format(lap=horse["lap"] + 1),
                )
            )
        place = f" #{horse['place']}" if horse["place"] else ""
        lines.append(f"  {labels['horse'].format(number=horse['number'])} ({who}){place}: {where}")
    if obs["points"] is not None and obs["current"] is not None:
        lines.append(labels["to_play"].format(number=obs["current"], points=obs["points"]))
        if obs["blocked"]:
            lines.append("  " + labels["blocked"])
        else:
            lines.append(f"  {labels['steps']}: " + ", ".join(s["action"] for s in obs["steps"]))
    if obs["order"]:
        lines.append(f"{labels['order']}: " + " - ".join(str(n) for n in obs["order"]))
    if any(obs["money"]):
        paid = ", ".join(
            f"{names[p] if p < len(names) else p}: {m}" for p, m in enumerate(obs["money"]) if m
        )
        lines.append(f"{labels['money']}: {paid}")
    return "\n".join(lines)


@cache
def board_data() -> JSONObject:
    """What the browser draws the board from: each hippodrome's geometry, the horses' colours."""
    m = material()
    return {
        "tracks": {size: track(size).geometry() for size in SIZES},
        "colours": list(m.colours),
        "numbers": list(m.horse_numbers),
        "turn_lengths": list(m.turn_lengths),
        "note_value": m.note_value,
    }
