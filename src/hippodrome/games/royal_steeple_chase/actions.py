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
``demande un 4/3v``    ask the other players for a named card (direct trades)
``propose 2 4/3v [5]`` offer a card (and points) to seat 2 for a card of theirs
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

from typing import ClassVar

from hippodrome.engine.actions import Action, FrozenAction, Shown
from hippodrome.engine.errors import NotationError, message
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
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.gap")
        ) from None
    if not 1 <= a <= SQUARES or b != a % SQUARES + 1:
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.gap")
        )
    return a


def _between(gap: int) -> JSONObject:
    """A gap in a label: « entre {square} et {next} »."""
    square = gap % SQUARES or SQUARES
    return {"square": square, "next": square % SQUARES + 1}


gap_squares = _between
"""A gap as the two squares a message names (``square``, ``next``): labels, refusals."""


def _colour(text: str) -> int:
    if text not in COLOURS:
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.horse")
        )
    return COLOURS.index(text)


def _card(text: str) -> int:
    return material().card_type(text).index


def _card_text(t: int) -> str:  # also how ``args`` show a card: as the observation writes it
    return str(material().types[t])


def _amount(text: str) -> int:
    if not text.isdigit():
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.points")
        )
    return int(text)


class DealCard(FrozenAction):
    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"donne {_card_text(self.card)}"


class RequestHorse(FrozenAction):
    __slots__ = ("horse", "bid")
    horse: int
    bid: int

    def __init__(self, horse: int, bid: int = 0) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "bid", bid)

    def __str__(self) -> str:
        return f"demande {COLOURS[self.horse]}" + (f" {self.bid}" if self.bid else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("request_horse_bid" if self.bid else "request_horse"), self.args


class RequestCard(FrozenAction):
    __slots__ = ("card", "bid")
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int
    bid: int

    def __init__(self, card: int, bid: int = 0) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "bid", bid)

    def __str__(self) -> str:
        return f"demande {_card_text(self.card)}" + (f" {self.bid}" if self.bid else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("request_card_bid" if self.bid else "request_card"), self.args


class Bid(FrozenAction):
    __slots__ = ("amount",)
    amount: int

    def __init__(self, amount: int) -> None:
        object.__setattr__(self, "amount", amount)

    def __str__(self) -> str:
        return f"enchere {self.amount}"


class Pass(FrozenAction):
    __slots__ = ()

    def __str__(self) -> str:
        return "passe"


class Throw(FrozenAction):
    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"jette {_card_text(self.card)}"


class AskCard(FrozenAction):
    """Direct trades: ask the other players for a named card (the example's « B (vert) demande un
    4 / 3v »); each, from one's left, may offer it or stay silent."""

    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"demande un {_card_text(self.card)}"


class Propose(FrozenAction):
    """Offer a card, and points if one likes, to ``target`` for a card of his (« Que me donnez-vous
    pour un R / 3j ? »)."""

    __slots__ = ("target", "card", "points")
    shown: ClassVar[Shown] = {"card": _card_text}
    terms: ClassVar[dict[str, str]] = {"target": "player"}

    target: int
    card: int
    points: int

    def __init__(self, target: int, card: int, points: int = 0) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "points", points)

    def __str__(self) -> str:
        text = f"propose {self.target} {_card_text(self.card)}"
        return text + (f" {self.points}" if self.points else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("propose_points" if self.points else "propose"), self.args


class Counter(FrozenAction):
    __slots__ = ("card", "points")
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int
    points: int

    def __init__(self, card: int, points: int = 0) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "points", points)

    def __str__(self) -> str:
        return f"contre {_card_text(self.card)}" + (f" {self.points}" if self.points else "")

    def label_message(self) -> tuple[str, JSONObject]:
        return ("counter_points" if self.points else "counter"), self.args


class Accept(FrozenAction):
    __slots__ = ()

    def __str__(self) -> str:
        return "accepte"


class Refuse(FrozenAction):
    __slots__ = ()

    def __str__(self) -> str:
        return "refuse"


class PlayCard(FrozenAction):
    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"joue {_card_text(self.card)}"


class OwnHurdle(FrozenAction):
    """Seed, RÈGLE SPÉCIALE: with 2 or 3 players each has mobile hurdles to place when he likes."""

    __slots__ = ("horse", "gap")
    shown: ClassVar[Shown] = {"gap": gap_square}
    horse: int
    gap: int

    def __init__(self, horse: int, gap: int) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "gap", gap)

    def __str__(self) -> str:
        return f"haie {COLOURS[self.horse]} {gap_label(self.gap)}"

    def label_message(self) -> tuple[str, JSONObject]:
        return self.kind, {"horse": self.horse} | _between(self.gap)


class PlayHalf(FrozenAction):
    """One half of the card in play. ``use`` is what it is played as (a royal card's choice, else
    its own kind); ``horses`` the horse(s) it acts on; ``gap`` where a hurdle goes or is taken from
    (-1 otherwise); ``remove`` for a white hurdle taken off one's own lane."""

    __slots__ = ("half", "use", "horses", "gap", "remove")
    shown: ClassVar[Shown] = {"gap": gap_square}
    half: str
    use: str
    horses: tuple[int, ...]
    gap: int
    remove: bool

    def __init__(
        self,
        half: str,
        use: str,
        horses: tuple[int, ...],
        gap: int = -1,
        remove: bool = False,
    ) -> None:
        object.__setattr__(self, "half", half)
        object.__setattr__(self, "use", use)
        object.__setattr__(self, "horses", horses)
        object.__setattr__(self, "gap", gap)
        object.__setattr__(self, "remove", remove)

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


class VoidHalf(FrozenAction):
    """A half that cannot be played at all (seed example: « On ne peut jouer Hr »)."""

    __slots__ = ("half",)
    half: str

    def __init__(self, half: str) -> None:
        object.__setattr__(self, "half", half)

    def __str__(self) -> str:
        return f"nul {self.half}"


class PlaceBet(FrozenAction):
    """JEU PIRATE: « Chaque joueur, après avoir vu son jeu, parie clandestinement sur un cheval. »"""

    __slots__ = ("horses", "stake")
    horses: tuple[int, ...]
    stake: int

    def __init__(self, horses: tuple[int, ...], stake: int = 0) -> None:
        object.__setattr__(self, "horses", horses)
        object.__setattr__(self, "stake", stake)

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


class DrawIncident(FrozenAction):
    __slots__ = ("incident",)
    incident: str

    def __init__(self, incident: str) -> None:
        object.__setattr__(self, "incident", incident)

    def __str__(self) -> str:
        return f"tire {self.incident}"


class DrawDiscard(FrozenAction):
    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"ecart {_card_text(self.card)}"


class IncidentChoice(FrozenAction):
    __slots__ = ("horse", "gap")
    shown: ClassVar[Shown] = {"gap": gap_square}
    horse: int
    gap: int

    def __init__(self, horse: int, gap: int = -1) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "gap", gap)

    def __str__(self) -> str:
        return f"incident {COLOURS[self.horse]}" + (
            "" if self.gap < 0 else f" {gap_label(self.gap)}"
        )

    def label_message(self) -> tuple[str, JSONObject]:
        if self.gap < 0:
            return self.kind, {"horse": self.horse}
        return "incident_choice_gap", {"horse": self.horse} | _between(self.gap)


class Contre(FrozenAction):
    """JEU ORDINAIRE BRIDGÉ: « s'ils ont « contré » 200, mais tout joueur qui perd un « contre » ne
    peut acheter un cheval le coup suivant »."""

    __slots__ = ()

    def __str__(self) -> str:
        return "contrer"


PASS = Pass()
CONTRE = Contre()
ACCEPT = Accept()
REFUSE = Refuse()


CALLS: tuple[str, ...] = (
    "place",
    "gagnant",
    "gagnant+1",
    "gagnant+2",
    "gagnant+3",
    "gagnant+4",
    "petit_schlem",
    "grand_schlem",
)
"""Royal Steeple Chase contract: « Les demandes dans l'ordre de valeur » (``contract.LADDER``)."""
DOUBLES: tuple[str, ...] = ("contre", "surcontre")


class Call(FrozenAction):
    """Royal Steeple Chase contract, ANNONCES: a colour (``horse``), a call of the ladder (``bid``),
    both (« en indiquant celle-ci on reprend le cheval correspondant »), or « contre » and
    « surcontre »."""

    __slots__ = ("horse", "bid")
    terms: ClassVar[dict[str, str]] = {"bid": "call"}
    horse: int
    bid: str

    def __init__(self, horse: int = -1, bid: str = "") -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "bid", bid)

    def __str__(self) -> str:
        words = [COLOURS[self.horse]] if self.horse >= 0 else []
        return " ".join(["annonce", *words, *([self.bid] if self.bid else [])])

    def label_message(self) -> tuple[str, JSONObject]:
        if self.bid in DOUBLES:
            return f"call_{self.bid}", {}
        if self.horse >= 0 and self.bid:
            return "call_colour_bid", {"horse": self.horse, "bid": self.bid}
        if self.horse >= 0:
            return "call_colour", {"horse": self.horse}
        return "call_bid", {"bid": self.bid}


class Eliminate(FrozenAction):
    """Royal Steeple Chase contract: « chaque joueur élimine trois cartes et les montre »."""

    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": _card_text}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"elimine {_card_text(self.card)}"


def parse_action(text: str, players: int) -> Action:
    words = text.split()
    if not words:
        raise NotationError(
            "error.notation", text=text, hint=message("royal_steeple_chase.hint.usage")
        )
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
    if head == "demande" and len(args) == 2 and args[0] == "un":
        return AskCard(_card(args[1]))
    if head == "demande" and len(args) in (1, 2):
        bid = _amount(args[1]) if len(args) == 2 else 0
        if args[0] in COLOURS:
            return RequestHorse(COLOURS.index(args[0]), bid)
        return RequestCard(_card(args[0]), bid)
    if head == "enchere" and len(args) == 1:
        return Bid(_amount(args[0]))
    if head == "jette" and len(args) == 1:
        return Throw(_card(args[0]))
    if head == "propose" and len(args) in (2, 3):
        seat = _amount(args[0])
        if seat >= players:
            raise NotationError(
                "error.notation",
                text=text,
                hint=message("royal_steeple_chase.hint.seat", last=players - 1),
            )
        return Propose(seat, _card(args[1]), _amount(args[2]) if len(args) == 3 else 0)
    if head == "contre" and len(args) in (1, 2):
        return Counter(_card(args[0]), _amount(args[1]) if len(args) == 2 else 0)
    if head == "joue" and len(args) == 1:
        return PlayCard(_card(args[0]))
    if head == "haie" and len(args) == 2:
        return OwnHurdle(_colour(args[0]), parse_gap(args[1]))
    if head == "tire" and len(args) == 1:
        if args[0] not in {c.kind for c in material().incidents}:
            raise NotationError(
                "error.notation", text=text, hint=message("royal_steeple_chase.hint.incident")
            )
        return DrawIncident(args[0])
    if head == "ecart" and len(args) == 1:
        return DrawDiscard(_card(args[0]))
    if head == "incident" and len(args) in (1, 2):
        return IncidentChoice(_colour(args[0]), parse_gap(args[1]) if len(args) == 2 else -1)
    if head == "parie" and len(args) in (1, 2):
        horses = tuple(sorted({_colour(c) for c in args[0].split("+")}))
        if len(horses) != len(args[0].split("+")) or len(horses) > 2:
            raise NotationError(
                "error.notation", text=text, hint=message("royal_steeple_chase.hint.bet")
            )
        return PlaceBet(horses, _amount(args[1]) if len(args) == 2 else 0)
    if head == "annonce" and len(args) in (1, 2):
        colour = _colour(args[0]) if args[0] in COLOURS else -1
        rest = args[1:] if colour >= 0 else args
        word = rest[0] if rest else ""
        if (word and word not in CALLS + DOUBLES) or (word in DOUBLES and colour >= 0):
            raise NotationError(
                "error.notation", text=text, hint="a colour, a call, contre or surcontre"
            )
        return Call(colour, word)
    if head == "elimine" and len(args) == 1:
        return Eliminate(_card(args[0]))
    if head == "nul" and len(args) == 1:
        return VoidHalf(str(parse_half(args[0])))
    if head and head[0] in KINDS and len(args) in (1, 2):
        half_text, _, use = head.partition("=")
        half = parse_half(half_text)
        if use and (half.kind != "R" or use not in ("4", "3", "H", "0")):
            raise NotationError(
                "error.notation", text=text, hint=message("royal_steeple_chase.hint.r_use")
            )
        target = args[0]
        remove = target.startswith("-")
        horses = tuple(sorted(_colour(c) for c in target.lstrip("-").split("+")))
        gap = parse_gap(args[1]) if len(args) == 2 else -1
        return PlayHalf(str(half), use or half.kind, horses, gap, remove)
    raise NotationError("error.notation", text=text, hint=message("royal_steeple_chase.hint.usage"))
