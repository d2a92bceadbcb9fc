"""Royal Steeple Chase's board as text (the terminal's view model) and the browser's static data."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_steeple_chase.material import COLOURS, material

LABELS = {
    "en": {
        "deal": "Deal {deal}, dealer {dealer} · {phase}",
        "lane": "{name:<7} {owner:<10} square {square:>2}{done}  hurdles: {hurdles}  central: {central}",
        "done": " (finished {place})",
        "nobody": "nobody",
        "hand": "Your hand: {cards}",
        "spread": "Spread: {cards}",
        "chips": "Chips: {chips} · on the table: {pot}",
        "card": "Card in play ({player}): {halves}",
        "auction": "Auction for {item}: {high} by {leader}, {bidder} to speak",
        "trade": "Offer: {proposer} gives {offered} to {target} for {counter} (+{points})",
        "score": "Score (honours + games): {totals} · games made {games}",
        "none": "none",
    },
    "fr": {
        "deal": "Donne {deal}, donneur {dealer} · {phase}",
        "lane": "{name:<7} {owner:<10} case {square:>2}{done}  haies : {hurdles}  centrale : {central}",
        "done": " (arrivé {place}e)",
        "nobody": "personne",
        "hand": "Votre jeu : {cards}",
        "spread": "Jeu étalé : {cards}",
        "chips": "Jetons : {chips} · sur le tapis : {pot}",
        "card": "Carte jouée ({player}) : {halves}",
        "auction": "Enchère pour {item} : {high} par {leader}, à {bidder} de parler",
        "trade": "Offre : {proposer} donne {offered} à {target} contre {counter} (+{points})",
        "score": "Marque (honneurs + manches) : {totals} · manches faites {games}",
        "none": "aucune",
    },
}


def render_text(obs: JSONObject, lang: str = "en", names: Sequence[str] = ()) -> str:
    """One seat's observation as a few lines of text."""
    words = LABELS.get(lang, LABELS["en"])
    m = material()
    horse_names = m.names.get(lang, m.names["en"])

    def seat(p: Any) -> str:
        if not isinstance(p, int) or p < 0:
            return str(words["nobody"])
        return names[p] if p < len(names) else f"#{p}"

    def gaps(values: Any) -> str:
        return ", ".join(f"{g}-{g % 21 + 1}" for g in values) or str(words["none"])

    lines = [
        str(words["deal"]).format(deal=obs["deal"], dealer=seat(obs["dealer"]), phase=obs["phase"])
    ]
    for i, horse in enumerate(obs["horses"]):
        done = str(words["done"]).format(place=horse["finished"]) if horse["finished"] else ""
        lines.append(
            str(words["lane"]).format(
                name=horse_names[i],
                owner=seat(horse["owner"]),
                square=horse["square"],
                done=done,
                hurdles=gaps(horse["hurdles"]),
                central=gaps(horse["central"]),
            )
        )
    if "hand" in obs:
        lines.append(str(words["hand"]).format(cards="  ".join(obs["hand"]) or words["none"]))
    lines.append(str(words["spread"]).format(cards="  ".join(obs["spread"]) or words["none"]))
    lines.append(str(words["chips"]).format(chips=obs["chips"], pot=obs["pot"]))
    if "card" in obs:
        card = obs["card"]
        lines.append(
            str(words["card"]).format(player=seat(card["player"]), halves="  ".join(card["halves"]))
        )
    if "auction" in obs:
        a = obs["auction"]
        item = a["card"] if a["card"] else horse_names[a["horse"]]
        lines.append(
            str(words["auction"]).format(
                item=item, high=a["high"], leader=seat(a["leader"]), bidder=seat(a["bidder"])
            )
        )
    if "trade" in obs:
        t = obs["trade"]
        lines.append(
            str(words["trade"]).format(
                proposer=seat(t["proposer"]),
                offered=t["offered"],
                target=seat(t["target"]),
                counter=t["counter"] or "?",
                points=t["points"],
            )
        )
    score = obs["score"]
    lines.append(str(words["score"]).format(totals=score["totals"], games=score["games"]))
    return "\n".join(lines)


@cache
def board_data() -> JSONObject:
    """The material the browser draws: the figure-eight's squares (``cells[lane][square - 1]`` is
    ``[x, y, heading]``; the start square is 21, a horse that has finished stands on 1), the rivers, the red-numbered squares, where each
    lane meets the central hurdle, and the deck's cards.

    The course is drawn as a lemniscate of Bernoulli run once: square ``k`` of every lane lies at
    parameter ``k / 21`` of the lap (the line between 21 and 1 at the start of the curve), the four lanes side by side along the curve's normal (red on
    the right of the running direction, green on the left, as the horses stand at the start).
    """
    m = material()
    squares = m.squares
    lanes = len(COLOURS)
    width = 1.0  # one lane, in drawing units
    scale = 14.0

    def point(t: float) -> tuple[float, float]:
        a = 2 * math.pi * t + math.pi / 2  # start at the bottom of the right-hand loop's middle
        d = 1 + math.sin(a) ** 2
        return scale * math.cos(a) / d, scale * math.sin(a) * math.cos(a) / d

    cells: list[list[list[float]]] = []
    for lane in range(lanes):
        row: list[list[float]] = []
        for k in range(1, squares + 1):
            t = k / squares
            x, y = point(t)
            x2, y2 = point(t + 1e-4)
            dx, dy = x2 - x, y2 - y
            norm = math.hypot(dx, dy) or 1.0
            nx, ny = dy / norm, -dx / norm  # the right-hand side of the running direction
            off = (1.5 - lane) * width
            row.append(
                [round(x + nx * off, 3), round(y + ny * off, 3), round(math.atan2(dy, dx), 4)]
            )
        cells.append(row)
    return {
        "squares": squares,
        "colours": list(COLOURS),
        "names": {lang: list(v) for lang, v in m.names.items()},
        "rivers": sorted(m.rivers),
        "incident_squares": sorted(m.incident_squares),
        "central": {c: sorted(m.central[i]) for i, c in enumerate(COLOURS)},
        "cells": cells,
        "cell_size": width,
        "cards": [str(t) for t in m.types],
    }
