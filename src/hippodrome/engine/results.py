"""The sheet of a finished game: what each race (or deal) brought each seat, for any game.

Built by replaying the game's history once: the history is cut after every step whose events close a
race (``Event.ends_race``); in each part the money each event moved (``Event.money_changes``) is added
up per seat on the line the event declares (``Event.ledger``: winnings, bets, penalties, ...), and the
standings (money, or a score sheet's totals) are read where the part ends. A game declares its
breakdown through its events; nothing here, nor in the server or the browser, names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hippodrome.engine.actions import Action
from hippodrome.engine.game import Game
from hippodrome.engine.types import CHANCE, JSONObject, Player

LEDGER_LINES = (
    "purchases",
    "pot",
    "bets",
    "winnings",
    "prizes",
    "bonuses",
    "penalties",
    "house",
    "other",
)
"""The lines of a breakdown, in the order a sheet shows them (``Event.ledger`` names one)."""


def result_sheet(game: Game[Any], history: Sequence[tuple[Player, Action]]) -> JSONObject:
    """The breakdown per race (or deal) and the statistics of a game played through ``history``.

    ``sections``: one per race, each with its ``lines`` (per ledger line, the money each seat got,
    negative when it paid), the ``standings`` where it ended and their ``change`` over the race;
    ``moves``: the actions each seat played; ``chance``: the draws and rolls."""
    state = game.new_initial_state()
    n = game.options.players
    sections: list[JSONObject] = []
    lines: dict[str, list[int]] = {}
    before = list(state.standings())
    moves = [0] * n
    chance = 0
    for player, action in history:
        events = state.apply(action, player)
        if player == CHANCE:
            chance += 1
        elif 0 <= player < n:
            moves[player] += 1
        closes = False
        for event in events:
            for seat, amount in event.money_changes().items():
                if amount and 0 <= seat < n:
                    lines.setdefault(event.ledger or "other", [0] * n)[seat] += amount
            closes = closes or event.ends_race
        if closes:
            after = list(state.standings())
            sections.append(_section(lines, before, after))
            lines, before = {}, after
    final = list(state.outcome().basis if state.is_terminal() else state.standings())
    if lines or not sections:
        sections.append(_section(lines, before, final))
    elif final != sections[-1]["standings"]:  # a final count after the last race is that race's
        sections[-1]["change"] = [
            c + f - s
            for c, f, s in zip(
                sections[-1]["change"], final, sections[-1]["standings"], strict=True
            )
        ]
        sections[-1]["standings"] = final
    return {
        "basis": game.ranking_basis,
        "part": game.sheet_part,
        "sections": sections,
        "moves": moves,
        "chance": chance,
    }


def _section(lines: dict[str, list[int]], before: list[int], after: list[int]) -> JSONObject:
    ordered = {k: lines[k] for k in LEDGER_LINES if k in lines}
    ordered.update({k: v for k, v in lines.items() if k not in ordered})
    return {
        "lines": [{"line": k, "amounts": v} for k, v in ordered.items()],
        "standings": after,
        "change": [a - b for a, b in zip(after, before, strict=True)],
    }
