"""Win, Place & Show actions and their notation.

=================================  ==================================================  =========
notation                           meaning                                             who
=================================  ==================================================  =========
``stable 4``                       the die gives the seat in turn stable 4 (§12)       chance
``sheet dixie_belle 2500``         write 2,500 on the sheet for Dixie Belle (§9)       a player
``bid 3000`` / ``pass``            raise / drop out of a tie auction (§9)              a player
``lot 2``                          the die gives the tied horse to seat 2 (§9)         chance
``line win dixie_belle``            a line of the slip: win, place, show (§10) ...      a player
``line double gold_rush+pepper``   ... or a daily double on races 1 and 2 (§11)        a player
``bet win dixie_belle 2000``       ... then its stake                                  a player
``done``                           the slip is complete: turn it face down (§10)       a player
``claim lane`` / ``no claim``      claim against the owner of the horse just moved     a player
                                   for a fault of §8 (lane, bonus, three_short, short)
``dice 4 6``                       the white die shows 4, the other 6 (§6)             chance
``spurt``                          the apprentice's two squares, this turn (§6)        a player
``ride 3-41``                      the horse in turn ends on lane 3, square 41 (§6)    a player
``ride home``                      the horse in turn crosses the finish line (§7)      a player
``jockey dixie_belle 2``           ask seat 2, out of the game, to ride Dixie Belle    an owner
``no jockey``                      ride one's horses oneself this race (§10)           an owner
``accept`` / ``decline``           the seat asked rides the horse, or not (§10)        a player
``uphold`` / ``reject``            the steward rules on the claims against a horse     the steward
=================================  ==================================================  =========

Bids and bets in the open auction and the betting slip are the engine's (``engine/auction.py``,
``engine/pool.py``): ``bid N``, ``pass``, ``lot SEAT``, ``bet KIND HORSE[+HORSE] STAKE``.
"""

from __future__ import annotations

from typing import ClassVar, Final

from hippodrome.engine.actions import Action, FrozenAction, Shown
from hippodrome.engine.auction_events import parse_auction_action
from hippodrome.engine.errors import NotationError, message
from hippodrome.engine.pool import parse_pool_action
from hippodrome.engine.types import JSONObject
from hippodrome.games.win_place_show.race import HOME, T


def cell_name(cell: int) -> str:
    """``3-41``: lane 3 (from 1 at the rail), square 41 of that lane (from 1 at the lap's start);
    ``home`` past the line."""
    if cell == HOME:
        return "home"
    info = T.cells[cell]
    return f"{info.lane + 1}-{info.index + 1}"


def parse_cell(text: str) -> int:
    if text == "home":
        return HOME
    lane, sep, square = text.partition("-")
    if not sep or not (lane.isascii() and lane.isdigit() and square.isascii() and square.isdigit()):
        raise ValueError(text)
    return T.cell(int(lane) - 1, int(square) - 1)


class Stable(FrozenAction):
    """Chance (quick version, §12): the die names the seat in turn's stable: his horse number in
    every race."""

    __slots__ = ("number",)
    number: int

    def __init__(self, number: int) -> None:
        object.__setattr__(self, "number", number)

    def __str__(self) -> str:
        return f"stable {self.number}"


class Sheet(FrozenAction):
    """Write a bid (0: none) for a horse on the seat's secret sheet (§9)."""

    __slots__ = ("horse", "amount")
    horse: str
    amount: int

    def __init__(self, horse: str, amount: int) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "amount", amount)

    def __str__(self) -> str:
        return f"sheet {self.horse} {self.amount}"


class Line(FrozenAction):
    """Start a line of the betting slip: the kind of bet and its horse (two for a daily double);
    the stake follows (the pool's ``bet KIND HORSE STAKE``). Two small choices instead of one among
    hundreds, so that every decision offers a short list."""

    __slots__ = ("bet", "horses")
    bet: str
    horses: tuple[str, ...]

    def __init__(self, bet: str, horses: tuple[str, ...]) -> None:
        object.__setattr__(self, "bet", bet)
        object.__setattr__(self, "horses", horses)

    def __str__(self) -> str:
        return f"line {self.bet} {'+'.join(self.horses)}"


FAULTS: Final = ("lane", "bonus", "three_short", "short")
"""§8's faults, in the seed's order: « choisir une ligne extérieure ou défavorable à ce tour », « ne
pas prendre les bonus disponibles pour avancer (apprenti ou bonus n°) », « s'arrêter de trois cases
avant son total pour occuper un passing space », « s'arrêter avant son total pour occuper un passing
space quand il n'y a pas de raisons de le faire »."""


class Claim(FrozenAction):
    """After a horse ran below its best move (§8): claim against its owner for one of the faults
    the move shows (``fault``, one of ``FAULTS``: « le type de faute »), or let it stand (``fault``
    empty)."""

    __slots__ = ("fault",)
    fault: str

    def __init__(self, fault: str) -> None:
        object.__setattr__(self, "fault", fault)

    @property
    def made(self) -> bool:
        return bool(self.fault)

    def __str__(self) -> str:
        return f"claim {self.fault}" if self.fault else "no claim"

    def label_message(self) -> tuple[str, dict[str, object]]:
        if self.fault:
            return "claim", {"fault": self.fault}
        return "no_claim", {}


class Done(FrozenAction):
    """The betting slip is complete (§10: « Après avoir rempli sa feuille »)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "done"


class Dice(FrozenAction):
    """Chance: the two dice of a turn (§6): the white one and the other."""

    __slots__ = ("white", "other")
    white: int
    other: int

    def __init__(self, white: int, other: int) -> None:
        object.__setattr__(self, "white", white)
        object.__setattr__(self, "other", other)

    def __str__(self) -> str:
        return f"dice {self.white} {self.other}"


class Spurt(FrozenAction):
    """The apprentice's bonus of two squares, once a race (§6), taken for this turn's move."""

    __slots__ = ()

    def __str__(self) -> str:
        return "spurt"


class Ride(FrozenAction):
    """Move the horse in turn to ``cell`` (``HOME``: across the line)."""

    __slots__ = ("cell",)
    shown: ClassVar[Shown] = {"cell": cell_name}
    cell: int

    def __init__(self, cell: int) -> None:
        object.__setattr__(self, "cell", cell)

    def __str__(self) -> str:
        return f"ride {cell_name(self.cell)}"

    def label_message(self) -> tuple[str, dict[str, object]]:
        """« Ride to lane 3, square 41 » / « across the finish line », as a player says it."""
        if self.cell == HOME:
            return "ride_home", {}
        info = T.cells[self.cell]
        return "ride", {"lane": info.lane + 1, "square": info.index + 1}


class Jockey(FrozenAction):
    """§10: an owner asks ``player``, out of the game, to ride ``horse`` this race (« peut servir
    de jockey si un propriétaire le désire »)."""

    __slots__ = ("horse", "player")
    horse: str
    player: int

    def __init__(self, horse: str, player: int) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "player", player)

    def __str__(self) -> str:
        return f"jockey {self.horse} {self.player}"


class NoJockey(FrozenAction):
    """§10: the owner rides his horses himself this race."""

    __slots__ = ()

    def __str__(self) -> str:
        return "no jockey"


class Answer(FrozenAction):
    """§10: the seat asked to ride a horse accepts, or declines."""

    __slots__ = ("accept",)
    accept: bool

    def __init__(self, accept: bool) -> None:
        object.__setattr__(self, "accept", accept)

    def __str__(self) -> str:
        return "accept" if self.accept else "decline"

    def label_message(self) -> tuple[str, dict[str, object]]:
        return ("accept" if self.accept else "decline"), {}


class Ruling(FrozenAction):
    """§4, §8: the steward's ruling on the claims against the horse before him: the move was to
    the detriment of its chances (``uphold``), or not (``reject``)."""

    __slots__ = ("upheld",)
    upheld: bool

    def __init__(self, upheld: bool) -> None:
        object.__setattr__(self, "upheld", upheld)

    def __str__(self) -> str:
        return "uphold" if self.upheld else "reject"

    def label_message(self) -> tuple[str, dict[str, object]]:
        return ("uphold" if self.upheld else "reject"), {}


DONE: Final = Done()
NO_JOCKEY: Final = NoJockey()
ACCEPT: Final = Answer(True)
DECLINE: Final = Answer(False)
UPHOLD: Final = Ruling(True)
REJECT: Final = Ruling(False)
CLAIMS: Final = {fault: Claim(fault) for fault in FAULTS}
"""A claim for each fault, made once."""
NO_CLAIM: Final = Claim("")
SPURT: Final = Spurt()
DICE: Final = tuple(tuple(Dice(w, o) for o in range(1, 7)) for w in range(1, 7))
"""``DICE[white - 1][other - 1]``: every roll made once."""
RIDES: Final = {c: Ride(c) for c in [HOME, *range(len(T))]}


def parse_action(text: str) -> Action:
    """The action written ``text``; raises ``NotationError`` naming what is wrong."""
    words = text.strip().split()

    usage = message("win_place_show.hint.usage")

    def fail(hint: JSONObject = usage) -> NotationError:
        return NotationError("error.notation", text=text, hint=hint)

    def number(word: str) -> int:
        if not (word.isascii() and word.isdigit()) or len(word) > 7:
            raise fail()
        return int(word)

    try:
        found = parse_auction_action(text) or parse_pool_action(text)
    except NotationError:
        raise fail() from None
    if found is not None:
        return found
    match words:
        case ["done"]:
            return DONE
        case ["claim", fault]:
            if fault not in CLAIMS:
                raise fail(message("win_place_show.hint.fault"))
            return CLAIMS[fault]
        case ["no", "claim"]:
            return NO_CLAIM
        case ["spurt"]:
            return SPURT
        case ["no", "jockey"]:
            return NO_JOCKEY
        case ["jockey", horse, seat]:
            return Jockey(horse, number(seat))
        case ["accept"]:
            return ACCEPT
        case ["decline"]:
            return DECLINE
        case ["uphold"]:
            return UPHOLD
        case ["reject"]:
            return REJECT
        case ["ride", where]:
            try:
                return RIDES[parse_cell(where)]
            except (ValueError, IndexError):
                raise fail(message("win_place_show.hint.cell")) from None
        case ["dice", white, other]:
            w, o = number(white), number(other)
            if not (1 <= w <= 6 and 1 <= o <= 6):
                raise fail(message("win_place_show.hint.dice"))
            return DICE[w - 1][o - 1]
        case ["line", kind, horses] if all(horses.split("+")):
            return Line(kind, tuple(horses.split("+")))
        case ["sheet", horse, amount]:
            return Sheet(horse, number(amount))
        case ["stable", n]:
            return Stable(number(n))
        case _:
            raise fail()
