"""Royal Steeple Chase's board as text (the terminal's view model) and the browser's static data."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from hippodrome.engine.i18n import term
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_steeple_chase.actions import gap_label
from hippodrome.games.royal_steeple_chase.contract import LADDER
from hippodrome.games.royal_steeple_chase.material import COLOURS, material

LABELS = {
    "en": {
        "deal": "Deal {deal}, dealer {dealer} · {phase}",
        "lane": "{name:<7} {owner:<10} square {square:>2}{done}  hurdles: {hurdles}  central: {central}",
        "done": " (finished {place})",
        "nobody": "nobody",
        "hand": "Your hand: {cards}",
        "spread": "Spread: {cards}",
        "chips": "Points in hand: {chips}; on the table: {pot}",
        "card": "Card in play ({player}): {halves}",
        "auction": "Auction for {item}: {high} points by {leader}; {bidder} to speak",
        "asked": "Auction for {item}: asked for by {leader} without a bid; {bidder} to speak",
        "trade": "Offer: {proposer} offers {offered} to {target}; in return: {counter}",
        "ask": "{asker} asks for {card}; {target} to answer",
        "points": "{card} and {points} points",
        "waiting": "nothing yet",
        "score": "Score (honours + games): {totals}; games made: {games}",
        "none": "none",
        "rubber": "Rubber {rubber} of 3 · partners {pairs}",
        "contract": "Contract: {call} by {declarer}{doubled} · {leader} plays first",
        "no_contract": "No call yet",
        "dummy": "the dummy",
        "dummy_hand": "The dummy's hand, played by {partner}: {cards}",
        "doubled": ["", ", doubled", ", redoubled"],
        "calls": {
            "place": "Placed",
            "gagnant": "Winner",
            "gagnant+1": "Winner plus one",
            "gagnant+2": "Winner plus two",
            "gagnant+3": "Winner plus three",
            "gagnant+4": "Winner plus four",
            "petit_schlem": "Small Slam",
            "grand_schlem": "Grand Slam",
        },
    },
    "fr": {
        "deal": "Donne {deal}, donneur {dealer} · {phase}",
        "lane": "{name:<7} {owner:<10} case {square:>2}{done}  haies : {hurdles}  centrales : {central}",
        "done": " (arrivé {place})",
        "nobody": "personne",
        "hand": "Votre jeu : {cards}",
        "spread": "Jeu étalé : {cards}",
        "chips": "Points en main : {chips} ; sur le tapis : {pot}",
        "card": "Carte jouée ({player}) : {halves}",
        "auction": "Enchère pour {item} : {high} points par {leader} ; à {bidder} de parler",
        "asked": "Enchère pour {item} : demandé par {leader} sans mise ; à {bidder} de parler",
        "trade": "Offre : {proposer} propose {offered} à {target} ; en échange : {counter}",
        "ask": "{asker} demande un {card} ; à {target} de répondre",
        "points": "{card} et {points} points",
        "waiting": "rien encore",
        "score": "Marque (honneurs + manches) : {totals} ; manches faites : {games}",
        "none": "aucune",
        "rubber": "Robre {rubber} sur 3 · partenaires {pairs}",
        "contract": "Contract : {call} par {declarer}{doubled} · {leader} joue le premier",
        "no_contract": "Pas encore d'annonce",
        "dummy": "le mort",
        "dummy_hand": "Jeu du mort, joué par {partner} : {cards}",
        "doubled": ["", ", contré", ", surcontré"],
        "calls": {
            "place": "Placé",
            "gagnant": "Gagnant",
            "gagnant+1": "Gagnant + un",
            "gagnant+2": "Gagnant + deux",
            "gagnant+3": "Gagnant + trois",
            "gagnant+4": "Gagnant + quatre",
            "petit_schlem": "Petit Schlem",
            "grand_schlem": "Grand Schlem",
        },
    },
}


def render_text(obs: JSONObject, lang: str = "en", names: Sequence[str] = ()) -> str:
    """One seat's observation as a few lines of text."""
    words = LABELS.get(lang, LABELS["en"])
    m = material()
    horse_names = m.names.get(lang, m.names["en"])

    def seat(p: Any) -> str:
        if p == "dummy":  # « avec un mort »: the dummy is no seat (D78)
            return str(words["dummy"])
        if not isinstance(p, int) or p < 0:
            return str(words["nobody"])
        return names[p] if p < len(names) else f"#{p}"

    def gaps(values: Any) -> str:
        return ", ".join(f"{g}-{g % 21 + 1}" for g in values) or str(words["none"])

    def per_seat(values: Any) -> str:
        return " · ".join(f"{seat(p)} {v}" for p, v in enumerate(values))

    phase = term("royal_steeple_chase", "phase", obs["phase"], lang)
    lines = [str(words["deal"]).format(deal=obs["deal"], dealer=seat(obs["dealer"]), phase=phase)]
    for i, horse in enumerate(obs["horses"]):
        place = term("royal_steeple_chase", "ordinal", horse["finished"], lang)
        done = str(words["done"]).format(place=place) if horse["finished"] else ""
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
    lines.append(str(words["chips"]).format(chips=per_seat(obs["chips"]), pot=obs["pot"]))
    if "card" in obs:
        card = obs["card"]
        lines.append(
            str(words["card"]).format(player=seat(card["player"]), halves="  ".join(card["halves"]))
        )
    if "auction" in obs:
        a = obs["auction"]
        item = a["card"] if a["card"] else horse_names[a["horse"]]
        lines.append(
            str(words["auction" if a["high"] else "asked"]).format(
                item=item, high=a["high"], leader=seat(a["leader"]), bidder=seat(a["bidder"])
            )
        )
    if "trade" in obs and obs["trade"]["offered"] is None:
        t = obs["trade"]
        lines.append(
            str(words["ask"]).format(
                asker=seat(t["proposer"]), card=t["asked"], target=seat(t["target"])
            )
        )
    elif "trade" in obs:
        t = obs["trade"]
        counter = str(t["counter"] or words["waiting"])
        if t["counter"] and t["points"]:
            counter = str(words["points"]).format(card=t["counter"], points=t["points"])
        offered = str(t["offered"])
        if t.get("given"):  # D51: points the proposer adds to his card
            offered = str(words["points"]).format(card=t["offered"], points=t["given"])
        lines.append(
            str(words["trade"]).format(
                proposer=seat(t["proposer"]),
                offered=offered,
                target=seat(t["target"]),
                counter=counter,
            )
        )
    score = obs["score"]
    lines.append(
        str(words["score"]).format(totals=per_seat(score["totals"]), games=per_seat(score["games"]))
    )
    if "rubber" in obs:  # the bridge players' variants
        partners = obs["partners"]
        pairs = " ; ".join(
            f"{seat(q)}-{seat(partners[q])}"
            for q in range(len(partners))
            if not isinstance(partners[q], int) or q < partners[q]
        )
        lines.append(str(words["rubber"]).format(rubber=obs["rubber"], pairs=pairs))
    contract = obs.get("contract")
    if isinstance(contract, dict):
        if contract["call"] is None:
            lines.append(str(words["no_contract"]))
        else:
            calls: Any = words["calls"]
            doubled: Any = words["doubled"]
            leader = contract["leader"] if contract["leader"] != -1 else obs["dealer"]
            lines.append(
                str(words["contract"]).format(
                    call=calls[contract["call"]],
                    declarer=seat(contract["declarer"]),
                    doubled=doubled[contract["doubled"]],
                    leader=seat(leader),
                )
            )
    dummy = obs.get("dummy")
    if isinstance(dummy, dict) and dummy["open"]:
        cards = ", ".join(dummy["hand"]) or str(words["none"])
        partner = seat(dummy["partner"])
        lines.append(str(words["dummy_hand"]).format(partner=partner, cards=cards))
    return "\n".join(lines)


@cache
def board_data() -> JSONObject:
    """The material the browser draws: the figure-eight's squares (``cells[lane][square - 1]`` is
    ``[x, y, heading]``; the start square is 21, a horse that has finished stands on 1), the rivers, the red-numbered squares, where each
    lane meets the central hurdle, and the deck's cards.

    The course is drawn as a lemniscate of Bernoulli run once: square ``k`` of every lane lies at
    parameter ``k / 21`` of the lap (the line between 21 and 1 at the start of the curve), the four lanes side by side along the curve's normal (red on
    the right of the running direction, green on the left, as the horses stand at the start).

    The deck is given as the engine reads it, so the browser never splits a card's text: ``cards``
    lists the card types, ``card_halves`` each card's two coups, and ``halves`` each coup's kind and,
    for a coloured one, its horse (colour letter and lane index). ``gaps`` names the gap after each
    square as the notation writes it (``gaps[k - 1]`` is after square ``k``: ``7-8``, the line
    ``21-1``). All of it is the public material of the game, the same for every seat.
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
        "card_halves": {str(t): [str(h) for h in t.halves] for t in m.types},
        "halves": {
            str(h): {
                "kind": h.kind,
                "colour": COLOURS[h.colour] if h.coloured else None,
                "horse": h.colour if h.coloured else None,
            }
            for t in m.types
            for h in t.halves
        },
        "gaps": [gap_label(k) for k in range(1, squares + 1)],
        # Royal Steeple Chase contract: « Les demandes dans l'ordre de valeur », the bidding box's rows
        "ladder": list(LADDER),
    }
