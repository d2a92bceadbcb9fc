"""Win, Place & Show's phases: who acts in each (the engine's turn flow), and the kinds of bet of
the slip; shared by the rules (``rules.py``) and the position document (``position.py``)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from hippodrome.engine.turnflow import Acts, Phases, Step

KINDS: Final = ("win", "place", "show")
"""§10: the three categories of bet, one of each at most a race."""
DOUBLE: Final = "double"
"""§11: a daily double's kind of bet."""


class Phase(IntEnum):
    STABLE = 0
    """§12 (quick version): each seat rolls a die for its stable."""
    SHEET = 1
    """§9: every seat writes a secret bid for each horse for sale."""
    BIDDING = 2
    """§9: seats tied on a horse bid on between them, in the open."""
    LOT = 3
    """§9: nobody raised: a die gives the horse to one of the tied seats."""
    BETTING = 4
    """§10, §11: every seat fills its slip in secret (and its daily doubles before race 1)."""
    DICE = 5
    """§6: the two dice of a turn."""
    RIDING = 6
    """§6: the owner of the horse in turn moves it."""
    OVER = 7
    CLAIM = 8
    """§8: a horse ran below its best move; the other seats may claim against its owner."""
    JOCKEY = 9
    """§10: an owner may ask a seat out of the game to ride one of his horses this race (D23)."""
    ANSWER = 10
    """§10: the seat asked rides that horse, or not."""
    RULING = 11
    """§4, §8: a steward seat rules on the claims against each horse claimed (D27)."""


PHASES: Final = Phases(
    Phase,
    {
        Phase.STABLE: Step(Acts.CHANCE, roller=True, next=("sheet", "betting", "jockey")),
        Phase.SHEET: Step(Acts.ALL, next=("bidding", "lot", "betting", "jockey")),
        Phase.BIDDING: Step(Acts.SEAT, next=("lot", "bidding", "betting", "jockey")),
        Phase.LOT: Step(Acts.CHANCE, roller=True, next=("bidding", "lot", "betting", "jockey")),
        Phase.BETTING: Step(Acts.ALL, next=("dice",)),
        Phase.DICE: Step(
            Acts.CHANCE, roller=True, next=("riding", "sheet", "betting", "over", "jockey")
        ),
        Phase.RIDING: Step(
            Acts.SEAT, next=("dice", "sheet", "betting", "over", "claim", "jockey", "ruling")
        ),
        Phase.CLAIM: Step(
            Acts.ALL,
            next=("riding", "dice", "sheet", "betting", "over", "jockey", "ruling"),
            shown=True,  # each claim is told as it is made (ClaimMade; the observation's claims)
        ),
        Phase.JOCKEY: Step(Acts.SEAT, next=("answer", "jockey", "betting")),
        Phase.ANSWER: Step(Acts.SEAT, next=("jockey", "betting")),
        Phase.RULING: Step(Acts.SEAT, next=("ruling", "sheet", "betting", "jockey", "over")),
        Phase.OVER: Step(Acts.OVER),
    },
)
