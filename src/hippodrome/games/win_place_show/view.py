"""Win, Place & Show's board as text, drawn from a seat's observation (the terminal's view model),
and the static board data the browser draws from."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from hippodrome.engine.i18n import term
from hippodrome.engine.types import JSONObject
from hippodrome.games.win_place_show.material import material
from hippodrome.games.win_place_show.phases import KINDS
from hippodrome.games.win_place_show.race import T
from hippodrome.games.win_place_show.worth import doubles, race_worth

M = material()

LABELS = {
    "en": {
        "race": "Race {race} of {races}: {miles} mile, purse ${purse}",
        "turn": "turn {turn}",
        "dice": "dice: white {white}, other {other}",
        "head": "no horse           odds     win  place   show  speed  class jockey      bonus owner   where",
        "tote": "Win, place, show: what $1,000 brings back, stake included (the tote board)",
        "veteran": "veteran",
        "apprentice": "apprentice",
        "home": "home",
        "lane": "lane {lane} sq. {square}",
        "money": "Money",
        "out": "out",
        "sale": "On sale: {horses}",
        "auction": "Under the hammer: {lot} (high bid {high})",
        "slips": "Your slip",
        "moving": "{horse} to move {total} squares; may go to: {where}",
        "results": "Results",
        "none": "-",
        "ridden": "{horse} ridden by {seat}",
        "steward": "Steward: {seat}",
        "window": "{horse} went to {went}, could reach {best}: {lost} squares given up",
    },
    "fr": {
        "race": "Course {race} sur {races} : {miles} mile, bourse {purse} $",
        "turn": "tour {turn}",
        "dice": "dés : blanc {white}, autre {other}",
        "head": "n° cheval         cote gagnant  placé montré vitesse classe jockey     bonus proprio où",
        "tote": "Gagnant, placé, montré : ce que rapportent 1 000 $, mise comprise (le totalisateur)",
        "veteran": "vétéran",
        "apprentice": "apprenti",
        "home": "arrivé",
        "lane": "couloir {lane} case {square}",
        "money": "Argent",
        "out": "éliminé",
        "sale": "À vendre : {horses}",
        "auction": "Aux enchères : {lot} (meilleure offre {high})",
        "slips": "Votre feuille",
        "moving": "{horse} avance de {total} cases ; peut aller en : {where}",
        "results": "Résultats",
        "none": "-",
        "ridden": "{horse} monté par {seat}",
        "steward": "Responsable : {seat}",
        "window": "{horse} est allé en {went}, pouvait atteindre {best} : {lost} cases abandonnées",
    },
}


def render_text(obs: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """The board as a few lines of text: the race's program with the tote board's prices (D3) and
    where each horse is, the sale,
    the viewer's slip, the horse to move, the money and the results so far."""
    t = LABELS.get(lang, LABELS["en"])
    race = M.races[obs["race"] - 1]

    def horse_name(hid: str) -> str:
        return term("win_place_show", "horse", hid, lang)

    def seat(p: int | None) -> str:
        return names[p] if p is not None and 0 <= p < len(names) else t["none"]

    phase = term("win_place_show", "phase", obs["phase"], lang)
    lines = [
        t["race"].format(race=race.number, races=obs["races"], miles=race.miles, purse=race.purse)
        + f" - {phase}"
    ]
    if obs["dice"]:
        white, other = obs["dice"]
        lines.append(
            t["turn"].format(turn=obs["turn"]) + ", " + t["dice"].format(white=white, other=other)
        )
    lines.append(t["head"])
    for h, shown in zip(race.horses, obs["horses"], strict=True):
        where = (
            t["home"]
            if shown["home"]
            else t["lane"].format(lane=shown["lane"], square=shown["square"])
        )
        jockey = t["veteran"] if h.veteran else t["apprentice"]
        win, place, show = h.prices
        lines.append(
            f"{h.number:>2} {h.name:<16} {h.odds:>2}-1 {win:>7} {place:>6} {show:>6} "
            f"{h.speed:>6} {h.klasse:>6} {jockey:<11} {h.bonus:>5} {seat(shown['owner']):<7} {where}"
        )
    lines.append(t["tote"])
    for h, shown in zip(race.horses, obs["horses"], strict=True):
        if shown.get("jockey") is not None:
            lines.append(t["ridden"].format(horse=h.name, seat=seat(shown["jockey"])))
    if obs.get("steward") is not None:
        lines.append(t["steward"].format(seat=seat(obs["steward"])))
    moves = [obs["window"]] if obs.get("window") else []
    if obs.get("ruling"):  # what the steward rules on (D27)
        r = obs["ruling"]
        moves += [
            {"horse": r["horse"], "went": m[0], "best": m[1], "lost": m[2]} for m in r["moves"]
        ]
    for w in moves:
        lines.append(
            t["window"].format(
                horse=horse_name(w["horse"]), went=w["went"], best=w["best"], lost=w["lost"]
            )
        )
    if obs["sale"]:
        lines.append(t["sale"].format(horses=", ".join(horse_name(h) for h in obs["sale"])))
    if obs["auction"]:
        a = obs["auction"]
        lines.append(t["auction"].format(lot=horse_name(a["lot"]), high=a["high"]))
    mine = [s for s in obs["slips"] + obs["doubles"] if s["kind"] is not None]
    if mine:
        shown_slips = ", ".join(
            f"{term('win_place_show', 'bet', s['kind'], lang)} "
            f"{'+'.join(horse_name(h) for h in s['horses'])} {s['stake']}"
            for s in mine
        )
        lines.append(f"{t['slips']}: {shown_slips}")
    if obs["moving"] and obs["total"] is not None:
        lines.append(
            t["moving"].format(
                horse=horse_name(obs["moving"]),
                total=obs["total"],
                where=", ".join(obs["destinations"]),
            )
        )
    money = ", ".join(
        f"{seat(p)} {m}" + (f" ({t['out']})" if obs["out"][p] else "")
        for p, m in enumerate(obs["money"])
    )
    lines.append(f"{t['money']}: {money}")
    if obs["results"]:
        runs = "; ".join(
            f"{i + 1}: " + ", ".join(horse_name(h) for h in order)
            for i, order in enumerate(obs["results"])
        )
        lines.append(f"{t['results']}: {runs}")
    return "\n".join(lines)


def board_data() -> JSONObject:
    """The static material the browser draws from: the oval's geometry with its passing spaces, the
    finish line, and the six race programs with the tote board's prices (D3); for the bid helper
    and the slip (``worth.py``), each horse's chances of paying, the purse it can expect and the
    suggested bid, the purse's split (D1), the units, and the daily doubles' prices (D4)."""
    spaces = sorted(c for c, on in T.features["passing_space"].items() if on)
    return {
        "geometry": T.geometry(inner_radius=15 / math.pi - 0.5),
        "lanes": T.lanes,
        "passing_spaces": spaces,
        "cells": [
            {"lane": c.lane + 1, "square": c.index + 1, "segment": c.segment} for c in T.cells
        ],
        "finish": list(T.station_cells(M.finish)),
        "purse_split": list(M.purse_split),
        "bid_unit": M.bid_unit,
        "price_per": M.price_per,
        "doubles": doubles(),
        "races": [
            {
                "number": r.number,
                "miles": r.miles,
                "purse": r.purse,
                "start": list(T.station_cells(r.start)),
                "horses": [
                    {
                        "id": h.id,
                        "number": h.number,
                        "name": h.name,
                        "odds": h.odds,
                        "prices": dict(zip(KINDS, h.prices, strict=True)),
                        "speed": h.speed,
                        "klasse": h.klasse,
                        "start": h.start,
                        "strengths": list(h.strengths),
                        "bonus": h.bonus,
                        "jockey": "veteran" if h.veteran else "apprentice",
                        **worth,
                    }
                    for h, worth in zip(r.horses, race_worth(i), strict=True)
                ],
            }
            for i, r in enumerate(M.races)
        ],
    }
