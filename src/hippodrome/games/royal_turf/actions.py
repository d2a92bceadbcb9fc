"""Royal Turf actions and their notation.

=====================  ==================================================  =========
notation               meaning                                             who
=====================  ==================================================  =========
``draw othello 2``     Othello's card 2 is drawn: he takes the next square chance
``lot 1``              seat 1 wins the draw for who bets first             chance
``bet 2 othello``      place the 2-token on Othello                        a player
``roll cap``           the die shows the jockey cap                        chance
``move othello``       move Othello by his card's value for the roll       a player
=====================  ==================================================  =========
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from hippodrome.engine.actions import Action, FrozenAction, Shown
from hippodrome.engine.errors import NotationError, message
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_turf.material import FACES, material


def _horse_id(horse: int) -> str:
    return material().horses[horse].id


def _face(face: int) -> str:
    return FACES[face]


class DrawCard(FrozenAction):
    """Chance: the next horse card drawn (seed §1)."""

    __slots__ = ("card",)
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        c = material().cards[self.card]
        return f"draw {material().horses[c.horse].id} {c.number}"

    def label_message(self) -> tuple[str, JSONObject]:
        c = material().cards[self.card]
        return self.kind, {"horse": _horse_id(c.horse), "number": c.number}


class DrawLot(FrozenAction):
    """Chance: the richest players being tied, ``player`` wins the lot and bets first (seed §2)."""

    __slots__ = ("player",)
    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)

    def __str__(self) -> str:
        return f"lot {self.player}"


class Bet(FrozenAction):
    """Place a betting token (jeton-Paris) of value ``token`` on ``horse`` (seed §2)."""

    __slots__ = ("token", "horse")
    shown: ClassVar[Shown] = {"horse": _horse_id}
    token: int
    horse: int

    def __init__(self, token: int, horse: int) -> None:
        object.__setattr__(self, "token", token)
        object.__setattr__(self, "horse", horse)

    def __str__(self) -> str:
        return f"bet {self.token} {material().horses[self.horse].id}"


class Roll(FrozenAction):
    """Chance: the symbol die shows ``face`` (index into ``FACES``) (seed §3)."""

    __slots__ = ("face",)
    shown: ClassVar[Shown] = {"face": _face}
    face: int

    def __init__(self, face: int) -> None:
        object.__setattr__(self, "face", face)

    def __str__(self) -> str:
        return f"roll {FACES[self.face]}"


class Move(FrozenAction):
    """Move ``horse`` by its card's value for the symbol rolled (seed §3)."""

    __slots__ = ("horse",)
    shown: ClassVar[Shown] = {"horse": _horse_id}
    horse: int

    def __init__(self, horse: int) -> None:
        object.__setattr__(self, "horse", horse)

    def __str__(self) -> str:
        return f"move {material().horses[self.horse].id}"


def _interned() -> tuple[
    tuple[DrawCard, ...], tuple[Roll, ...], tuple[Move, ...], dict[tuple[int, int], Bet]
]:
    m = material()
    draws = tuple(DrawCard(i) for i in range(len(m.cards)))
    rolls = tuple(Roll(f) for f in range(len(FACES)))
    moves = tuple(Move(h) for h in range(len(m.horses)))
    tokens = sorted(set(m.standard_tokens) | set(m.variant_tokens))
    bets = {(t, h): Bet(t, h) for t in tokens for h in range(len(m.horses))}
    return draws, rolls, moves, bets


DRAWS, ROLLS, MOVES, BETS = _interned()
"""Every action made once: legal-action lists hand out these objects instead of new ones."""


def parse_action(text: str, players: int, tokens: Sequence[int] = (0, 1, 2)) -> Action:
    """The action written ``text``; raises ``NotationError`` naming what is wrong. ``tokens`` are
    the game's token values: the hints name only those (no 0 without the variant)."""
    m = material()
    words = text.strip().lower().split()
    horse_ids = [h.id for h in m.horses]
    values = [str(t) for t in sorted(set(tokens))]
    usage = message("royal_turf.hint.usage", tokens="|".join(values))

    def fail(hint: JSONObject = usage) -> NotationError:
        return NotationError("error.notation", text=text, hint=hint)

    def horse(word: str) -> int:
        if word not in horse_ids:
            raise fail(message("royal_turf.hint.horses", horses=", ".join(horse_ids)))
        return horse_ids.index(word)

    def number(word: str) -> int:
        # ASCII only: str.isdigit() accepts "²", which int() refuses with a bare ValueError.
        if not (word.isascii() and word.isdigit()) or len(word) > 3:
            raise fail()
        return int(word)

    match words:
        case ["move", name]:
            return MOVES[horse(name)]
        case ["roll", face]:
            if face not in FACES:
                raise fail(message("royal_turf.hint.faces", faces=", ".join(FACES)))
            return ROLLS[FACES.index(face)]
        case ["bet", token, name]:
            found = BETS.get((number(token), horse(name)))
            if found is None:
                raise fail(message("royal_turf.hint.tokens", tokens=", ".join(values)))
            return found
        case ["draw", name, card_number]:
            h, n = horse(name), number(card_number)
            for i, card in enumerate(m.cards):
                if card.horse == h and card.number == n:
                    return DRAWS[i]
            raise fail(message("royal_turf.hint.cards"))
        case ["lot", seat]:
            p = number(seat)
            if p >= players:
                raise fail(message("royal_turf.hint.seats", last=players - 1))
            return DrawLot(p)
        case _:
            raise fail()
