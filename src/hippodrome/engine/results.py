"""The sheet of a finished game: what each race (or deal) brought each seat, for any game.

Built by replaying the game's history once: the history is cut after every step whose events close a
race (``Event.ends_race``); in each part the money each event moved is added up per seat on the
lines the event declares (``Event.ledger``, or ``Event.ledger_entries`` for an event whose money
goes on several lines or names its causes: entry fees, the fees paid to each business...), and the
standings (money, or a score sheet's totals) are read where the part ends. A line that adds up
several causes carries them (``detail``), so that a player can say where every franc went. A game
declares its breakdown through its events; nothing here, nor in the server or the browser, names a
game.

The statistics count what a player counts: his moves, not the steps the engine splits them into
(``State.continues_move``: the lengths of one roll are one move); the steps are counted too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hippodrome.engine.actions import Action
from hippodrome.engine.game import Game
from hippodrome.engine.types import CHANCE, JSONObject, Player

LEDGER_LINES = (
    "purchases",
    "sales",
    "cards",
    "entry_fees",
    "fees",
    "commissions",
    "trades",
    "claims",
    "incidents",
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


_Lines = dict[str, dict[str, list[int]]]
"""Per ledger line, per cause (a catalog key, or empty), the money each seat got."""


def result_sheet(game: Game[Any], history: Sequence[tuple[Player, Action]]) -> JSONObject:
    """The breakdown per race (or deal) and the statistics of a game played through ``history``.

    ``sections``: one per race, each with its ``lines`` (per ledger line, the money each seat got,
    negative when it paid, and, for a line whose events name their causes, its ``detail``: per
    cause, a catalog key, the same), the ``standings`` where it ended and their ``change`` over the
    race; ``moves``: the moves each seat made (``State.continues_move``); ``steps``: the actions
    each seat played; ``chance``: the draws and rolls."""
    state = game.new_initial_state()
    n = game.options.players
    sections: list[JSONObject] = []
    lines: _Lines = {}
    before = list(state.standings())
    moves = [0] * n
    steps = [0] * n
    chance = 0
    for player, action in history:
        if 0 <= player < n:
            steps[player] += 1
            if not state.continues_move(player):
                moves[player] += 1
        elif player == CHANCE:
            chance += 1
        events = state.apply(action, player)
        closes = False
        for event in events:
            for line, cause, changes in event.ledger_entries():
                for seat, amount in changes.items():
                    if amount and 0 <= seat < n:
                        causes = lines.setdefault(line or "other", {})
                        causes.setdefault(cause, [0] * n)[seat] += amount
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
        "steps": steps,
        "chance": chance,
    }


def _section(lines: _Lines, before: list[int], after: list[int]) -> JSONObject:
    order = [k for k in LEDGER_LINES if k in lines] + [k for k in lines if k not in LEDGER_LINES]
    return {
        "lines": [_line(k, lines[k]) for k in order],
        "standings": after,
        "change": [a - b for a, b in zip(after, before, strict=True)],
    }


def _line(name: str, causes: dict[str, list[int]]) -> JSONObject:
    amounts = [sum(column) for column in zip(*causes.values(), strict=True)]
    line: JSONObject = {"line": name, "amounts": amounts}
    if any(causes):
        line["detail"] = [{"cause": c, "amounts": a} for c, a in causes.items()]
    return line
