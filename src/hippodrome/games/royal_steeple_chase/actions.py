"""Royal Steeple Chase's actions and their notation.

Cards and halves are written as in the seed's example (``3v/Hr``, ``R``, ``0``); a horse by its colour
index (``r``, ``b``, ``j``, ``v``); a place between two squares as the seed says it, « entre 7 et 8 »:
``7-8`` (``21-1`` is the line).

=====================  ===========================================================================
``donne 3v/Hr``        chance: the next card of the deal
``demande r [5]``      ask for a horse (with a bid when someone holds it)
``demande 3/H [10]``   ask for a spread card (with an opening bid)
``enchere 15``         raise the bid in the auction under way
``passe``              pass (in a request round, an auction or the trading round)
``jette Hb/Hv``        the card given to the spread for the one won
``propose 2 4/3v``     offer a card to seat 2 for a card of theirs
``contre 3/2 [10]``    answer an offer with a card (and points)
``accepte``/``refuse`` close an offer
``contrer``            a player without a horse bets that nobody will win (« contré »)
``joue 3v/Hr``         play a card from the hand
``3v v`` ``R=4 b``     an advance, on a horse
``Hr r 7-8``           place a hurdle on a horse's lane, between two squares
``H -b 9-10``          a white hurdle taken off one's own lane
``0 r`` ``0 r+v``      a chute: one horse back 2, or two horses back 1
``nul Hr``             a half that cannot be played at all
``haie v 4-5``         place one of one's own mobile hurdles (2 and 3 players)
``incident v [7-8]``   the choice an incident card asks for (a horse, a place between squares)
``tire <kind>``        chance: the incident card drawn (optional incident cards)
``ecart 3/H``          chance: a card taken at random from the discards (an incident)
``parie r 20``         pirate game: a secret bet on a horse (``parie r+v``: two horses, for points)
=====================  ===========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from hippodrome.engine.actions import Action, shown_as
from hippodrome.engine.errors import NotationError
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_steeple_chase.material import COLOURS, KINDS, material, parse_half

SQUARES = 21


def gap_label(gap: int) -> str:
    """``7-8`` for the gap after progress 7; the line (gaps 0 and 21) is ``21-1``."""
    after = gap % SQUARES
    return f"{SQUARES if after == 0 else after}-{after + 1}"


def gap_square(gap: int) -> int | None:
    """The square before a gap, as the observation names hurdles (21 for the line); None for no
    gap (-1)."""
    if gap < 0:
        return None
    return gap % SQUARES or SQUARES


def parse_gap(text: str) -> int:
    """The gap ``a-b`` as the number of the square before it (21 for the line: the caller picks the
    start or the finish by the horse's position)."""
    try:
        a, b = (int(x) for x in text.split("-"))
    except ValueError:
        raise NotationError("error.notation", text=text, hint="a-b, two squares") from None
    if not 1 <= a <= SQUARES or b != a % SQUARES + 1:
        raise NotationError("error.notation", text=text, hint="two following squares, a-b")
    return a


def _between(gap: int) -> JSONObject:
    """A gap in a label: « entre {square} et {next} »."""
    square = gap % SQUARES or SQUARES
    return {"square": square, "next": square % SQUARES + 1}


def _colour(text: str) -> int:
    if text not in COLOURS:
        raise NotationError("error.notation", text=text, hint="a horse: r, b, j or v")
    return COLOURS.index(text)


def _card(text: str) -> int:
    return material().card_type(text).index


def _card_text(t: int) -> str:  # also how ``args`` show a card: as the observation writes it
    return str(material().types[t])


def _amount(text: str) -> int:
    if not text.isdigit():
        raise NotationError("error.notation", text=text, hint="a number of points")
    return int(text)


@dataclass(frozen=True, slots=True)
class DealCard(Action):
    card: int = shown_as(_card_text)

    def __str__(self) -> str:
        return f"donne {_card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class RequestHorse(Action):
    horse: int
    bid: int = 0

    def __str__(self) -> str:
        return f"demande {COLOURS[self.horse]}" + (f" {self.bid}" if self.bid else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("request_horse_bid" if self.bid else "request_horse"), self.args


@dataclass(frozen=True, slots=True)
class RequestCard(Action):
    card: int = shown_as(_card_text)
    bid: int = 0

    def __str__(self) -> str:
        return f"demande {_card_text(self.card)}" + (f" {self.bid}" if self.bid else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("request_card_bid" if self.bid else "request_card"), self.args


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int

    def __str__(self) -> str:
        return f"enchere {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "passe"


@dataclass(frozen=True, slots=True)
class Throw(Action):
    card: int = shown_as(_card_text)

    def __str__(self) -> str:
        return f"jette {_card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Propose(Action):
    terms: ClassVar[dict[str, str]] = {"target": "player"}

    target: int
    card: int = shown_as(_card_text)

    def __str__(self) -> str:
        return f"propose {self.target} {_card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class Counter(Action):
    card: int = shown_as(_card_text)
    points: int = 0

    def __str__(self) -> str:
        return f"contre {_card_text(self.card)}" + (f" {self.points}" if self.points else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("counter_points" if self.points else "counter"), self.args


@dataclass(frozen=True, slots=True)
class Accept(Action):
    def __str__(self) -> str:
        return "accepte"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: int = shown_as(_card_text)

    def __str__(self) -> str:
        return f"joue {_card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class OwnHurdle(Action):
    """Seed, RÈGLE SPÉCIALE: with 2 or 3 players each has mobile hurdles to place when he likes."""

    horse: int
    gap: int = shown_as(gap_square)

    def __str__(self) -> str:
        return f"haie {COLOURS[self.horse]} {gap_label(self.gap)}"

    def label_message(self) -> tuple[str, JSONObject]:
        return self.kind, {"horse": self.horse} | _between(self.gap)


@dataclass(frozen=True, slots=True)
class PlayHalf(Action):
    """One half of the card in play. ``use`` is what it is played as (a royal card's choice, else
    its own kind); ``horses`` the horse(s) it acts on; ``gap`` where a hurdle goes or is taken from
    (-1 otherwise); ``remove`` for a white hurdle taken off one's own lane."""

    half: str
    use: str
    horses: tuple[int, ...]
    gap: int = shown_as(gap_square, default=-1)
    remove: bool = False

    def __str__(self) -> str:
        head = self.half if self.use == self.half[0] else f"{self.half}={self.use}"
        target = "+".join(COLOURS[h] for h in self.horses)
        if self.remove:
            target = "-" + target
        return f"{head} {target}" + ("" if self.gap < 0 else f" {gap_label(self.gap)}")

    terms: ClassVar[dict[str, str]] = {"other": "horse"}

    def label_message(self) -> tuple[str, JSONObject]:
        """Worded by what the half does: an advance, a hurdle placed or taken off, a fall."""
        params: JSONObject = {"half": self.half, "use": self.use, "horse": self.horses[0]}
        if self.use == "H":
            return ("play_half_remove" if self.remove else "play_half_hurdle"), params | _between(
                self.gap
            )
        if self.use == "0":
            if len(self.horses) == 2:
                return "play_half_fall_two", params | {"other": self.horses[1]}
            return "play_half_fall", params
        return "play_half_advance", params


@dataclass(frozen=True, slots=True)
class VoidHalf(Action):
    """A half that cannot be played at all (seed example: « On ne peut jouer Hr »)."""

    half: str

    def __str__(self) -> str:
        return f"nul {self.half}"


@dataclass(frozen=True, slots=True)
class PlaceBet(Action):
    """JEU PIRATE: « Chaque joueur, après avoir vu son jeu, parie clandestinement sur un cheval. »"""

    horses: tuple[int, ...]
    stake: int = 0

    def __str__(self) -> str:
        target = "+".join(COLOURS[h] for h in self.horses)
        return f"parie {target}" + (f" {self.stake}" if self.stake else "")

    terms: ClassVar[dict[str, str]] = {"other": "horse"}

    def label_message(self) -> tuple[str, JSONObject]:
        params: JSONObject = {"horse": self.horses[0], "stake": self.stake}
        key = "place_bet"
        if len(self.horses) == 2:
            key, params["other"] = "place_bet_two", self.horses[1]
        return (key + "_stake" if self.stake else key), params


@dataclass(frozen=True, slots=True)
class DrawIncident(Action):
    incident: str

    def __str__(self) -> str:
        return f"tire {self.incident}"


@dataclass(frozen=True, slots=True)
class DrawDiscard(Action):
    card: int = shown_as(_card_text)

    def __str__(self) -> str:
        return f"ecart {_card_text(self.card)}"


@dataclass(frozen=True, slots=True)
class IncidentChoice(Action):
    horse: int
    gap: int = shown_as(gap_square, default=-1)

    def __str__(self) -> str:
        return f"incident {COLOURS[self.horse]}" + (
            "" if self.gap < 0 else f" {gap_label(self.gap)}"
        )

    def label_message(self) -> tuple[str, JSONObject]:
        if self.gap < 0:
            return self.kind, {"horse": self.horse}
        return "incident_choice_gap", {"horse": self.horse} | _between(self.gap)


@dataclass(frozen=True, slots=True)
class Contre(Action):
    """JEU ORDINAIRE BRIDGÉ: « s'ils ont « contré » 200, mais tout joueur qui perd un « contre » ne
    peut acheter un cheval le coup suivant »."""

    def __str__(self) -> str:
        return "contrer"


PASS = Pass()
CONTRE = Contre()
ACCEPT = Accept()
REFUSE = Refuse()


def parse_action(text: str, players: int) -> Action:
    words = text.split()
    if not words:
        raise NotationError("error.notation", text=text, hint="an action")
    head, args = words[0], words[1:]
    if head == "passe" and not args:
        return PASS
    if head == "accepte" and not args:
        return ACCEPT
    if head == "refuse" and not args:
        return REFUSE
    if head == "contrer" and not args:
        return CONTRE
    if head == "donne" and len(args) == 1:
        return DealCard(_card(args[0]))
    if head == "demande" and len(args) in (1, 2):
        bid = _amount(args[1]) if len(args) == 2 else 0
        if args[0] in COLOURS:
            return RequestHorse(COLOURS.index(args[0]), bid)
        return RequestCard(_card(args[0]), bid)
    if head == "enchere" and len(args) == 1:
        return Bid(_amount(args[0]))
    if head == "jette" and len(args) == 1:
        return Throw(_card(args[0]))
    if head == "propose" and len(args) == 2:
        seat = _amount(args[0])
        if seat >= players:
            raise NotationError("error.notation", text=text, hint=f"a seat below {players}")
        return Propose(seat, _card(args[1]))
    if head == "contre" and len(args) in (1, 2):
        return Counter(_card(args[0]), _amount(args[1]) if len(args) == 2 else 0)
    if head == "joue" and len(args) == 1:
        return PlayCard(_card(args[0]))
    if head == "haie" and len(args) == 2:
        return OwnHurdle(_colour(args[0]), parse_gap(args[1]))
    if head == "tire" and len(args) == 1:
        if args[0] not in {c.kind for c in material().incidents}:
            raise NotationError("error.notation", text=text, hint="an incident card")
        return DrawIncident(args[0])
    if head == "ecart" and len(args) == 1:
        return DrawDiscard(_card(args[0]))
    if head == "incident" and len(args) in (1, 2):
        return IncidentChoice(_colour(args[0]), parse_gap(args[1]) if len(args) == 2 else -1)
    if head == "parie" and len(args) in (1, 2):
        horses = tuple(sorted({_colour(c) for c in args[0].split("+")}))
        if len(horses) != len(args[0].split("+")) or len(horses) > 2:
            raise NotationError("error.notation", text=text, hint="one horse or two different ones")
        return PlaceBet(horses, _amount(args[1]) if len(args) == 2 else 0)
    if head == "nul" and len(args) == 1:
        return VoidHalf(str(parse_half(args[0])))
    if head and head[0] in KINDS and len(args) in (1, 2):
        half_text, _, use = head.partition("=")
        half = parse_half(half_text)
        if use and (half.kind != "R" or use not in ("4", "3", "H", "0")):
            raise NotationError("error.notation", text=text, hint="R=4, R=3, R=H or R=0")
        target = args[0]
        remove = target.startswith("-")
        horses = tuple(sorted(_colour(c) for c in target.lstrip("-").split("+")))
        gap = parse_gap(args[1]) if len(args) == 2 else -1
        return PlayHalf(str(half), use or half.kind, horses, gap, remove)
    raise NotationError("error.notation", text=text, hint="an action of Royal Steeple Chase")
