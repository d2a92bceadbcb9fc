"""Royal Turf's board as text, drawn from a seat's observation (the terminal's view model)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hippodrome.engine.i18n import term
from hippodrome.games.royal_turf.material import FACES, material

M = material()

LABELS = {
    "en": {
        "race": "Race {race} of {races}",
        "round": "round {round}",
        "die": "die",
        "to_play": "to play",
        "horse": "horse",
        "square": "sq.",
        "to_go": "to go",
        "moved": "moved",
        "bets": "bets",
        "podium": "Podium",
        "last": "last",
        "pace": "Pace token",
        "free": "free, on square {square}",
        "money": "Money",
        "line": "line",
        "hand": "Tokens in hand",
        "result": "Result of race {race}",
        "colon": ": ",
    },
    "fr": {
        "race": "Course {race} sur {races}",
        "round": "tour {round}",
        "die": "dé",
        "to_play": "à jouer",
        "horse": "cheval",
        "square": "case",
        "to_go": "reste",
        "moved": "a avancé",
        "bets": "paris",
        "podium": "Podium",
        "last": "dernier",
        "pace": "Jeton Pace",
        "free": "libre, sur la case {square}",
        "money": "Argent",
        "line": "ligne",
        "hand": "Jetons en main",
        "result": "Résultat de la course {race}",
        "colon": " : ",
    },
}


def render_text(obs: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """The board as a few lines of text: header, track strip, horse table, podium and money."""
    t = LABELS.get(lang, LABELS["en"])
    colon = t["colon"]

    def seat(p: int | None) -> str:
        return names[p] if p is not None and 0 <= p < len(names) else "-"

    def horse_name(hid: str) -> str:
        return term("royal_turf", "horse", hid, lang)

    lines: list[str] = []
    header = [
        t["race"].format(race=obs["race"], races=obs["races"]),
        term("royal_turf", "phase", obs["phase"], lang),
        t["round"].format(round=obs["round"]),
    ]
    if obs["rolled"] is not None:
        header.append(f"{t['die']}{colon}{term('royal_turf', 'face', obs['rolled'], lang)}")
    if obs["active"]:
        header.append(f"{t['to_play']}{colon}{', '.join(seat(p) for p in obs['active'])}")
    lines.append(" · ".join(header))

    # The track strip in the running direction (D1): the line, square 1 just past it, round to
    # square 33 just behind it, where the horses start (33 to 27) and which they reach again at the
    # end of their lap.
    cells = []
    by_square = {h["square"]: h["id"] for h in obs["horses"] if h["square"]}
    for square in range(1, M.squares + 1):
        hid = by_square.get(square)
        if hid is not None:
            cells.append(horse_name(hid)[0])
        else:
            cells.append("P" if square == M.pace_square else "·")
    lines.append(f"  {t['line']} | 1 {''.join(cells)} {M.squares} | {t['line']}")
    lines.append("")

    faces = "  ".join(f"{term('royal_turf', 'face_short', f, lang):>6}" for f in FACES)
    lines.append(
        f"  {t['horse']:<10} {t['square']:>4} {t['to_go']:>5}  {faces}  {t['moved']:<8} {t['bets']}"
    )
    for h in obs["horses"]:
        values = h["values"] or {}
        shown = "  ".join(f"{values.get(f, '-'):>6}" for f in FACES)
        where = "-" if h["square"] is None else str(h["square"])
        to_go = "-" if not h["to_go"] else str(h["to_go"])
        if h["place"] is not None:
            where = term("royal_turf", "ordinal", h["place"], lang)
        bets = ", ".join(
            f"{seat(b['player'])} {'?' if b['token'] is None else b['token']}"
            for b in obs["bets"]
            if b["horse"] == h["id"]
        )
        mark = "x" if h["moved"] else ""
        pace = " (Pace)" if obs["pace"]["horse"] == h["id"] else ""
        lines.append(
            f"  {horse_name(h['id']):<10} {where:>4} {to_go:>5}  {shown}  {mark:<8} {bets}{pace}"
        )
    lines.append("")
    podium = "  ".join(
        f"{term('royal_turf', 'ordinal', i + 1, lang)} {horse_name(h)}"
        for i, h in enumerate(obs["podium"])
    )
    pace_holder = obs["pace"]["horse"]
    pace = (
        horse_name(pace_holder)
        if pace_holder is not None
        else t["free"].format(square=obs["pace"]["square"])
    )
    last = horse_name(obs["last"]) if obs["last"] else "-"
    lines.append(
        f"{t['podium']}{colon}{podium or '-'}   {t['last']}{colon}{last}   {t['pace']}{colon}{pace}"
    )
    result = obs.get("result")
    if result and not obs["podium"]:
        # The board is cleared for the next race: the last one's result stays on show (D10).
        places = "  ".join(
            f"{term('royal_turf', 'ordinal', i + 1, lang)} {horse_name(h)}"
            for i, h in enumerate(result["podium"])
        )
        held = horse_name(result["pace"]) if result["pace"] else "-"
        lines.append(
            f"{t['result'].format(race=result['race'])}{colon}{places}   "
            f"{t['last']}{colon}{horse_name(result['last'])}   {t['pace']}{colon}{held}"
        )
    money = " · ".join(f"{seat(p)} {m}" for p, m in enumerate(obs["money"]))
    lines.append(f"{t['money']}{colon}{money}")
    viewer = obs["viewer"]
    if viewer is not None and isinstance(obs["hands"][viewer], list):
        hand = " ".join(str(x) for x in obs["hands"][viewer]) or "-"
        lines.append(f"{t['hand']} ({seat(viewer)}){colon}{hand}")
    return "\n".join(lines)


def board_data() -> dict[str, Any]:
    """The static material a board renderer needs (the browser draws from the engine's own data)."""
    return {
        "squares": M.squares,
        "pace_square": M.pace_square,
        "start_squares": list(M.start_squares),
        "start_to_go": [M.start_to_go(square) for square in M.start_squares],
        "horses": [{"id": h.id, "name": h.name, "colour": h.colour} for h in M.horses],
        "faces": list(FACES),
        "die": list(M.die_faces),
        "races": M.races,
        "final_race_multiplier": M.final_race_multiplier,
        "tokens": {"standard": list(M.standard_tokens), "variant": list(M.variant_tokens)},
        "pace_per_unit": M.pace_per_unit,
        "last_penalty_per_unit": M.last_penalty_per_unit,
        "payouts": {
            "units": list(range(1, len(M.payouts[0]) + 1)),
            "first": list(M.payouts[0]),
            "second": list(M.payouts[1]),
            "third": list(M.payouts[2]),
        },
        "provenance": dict(M.provenance),
    }
