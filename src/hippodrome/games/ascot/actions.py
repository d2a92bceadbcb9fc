"""Ascot actions and their notation.

=====================  ====================================================  =========
notation               meaning                                               who
=====================  ====================================================  =========
``deal h7``            the next card dealt is horse no. 7's card             chance
``exchange h3``        give h3 to the dead pile, take its top card (blind)   a player
``discard bookmaker``  put the Bookmaker's card in the dead pile             a player
``keep``               keep the cards in hand (the discards are over)        a player
``bid 4500``, ``pass`` the auctioneer's sale (the engine's open auction)     a player
``join``, ``decline``  join the Owners' Club, or not, on its square          a player
``roll``               throw the two dice (training)                         a player
``dice 7``             the two dice show 7                                   chance
``draw walroy 3``      the report read off the top of a shuffled deck        chance
``report walroy h1``   a club member's report, applied to a horse            a player
``run h4``             enter horse no. 4 in the race (its entry fee paid)    a player
``enough``             run no more horses (he cannot pay for another)        a player
``favourite h4``       name no. 4 his favourite; ``no_favourite``: none      a player
``bet win h4 5000``    a ticket of the totalisator on no. 4 (engine pool)    a player
``pass``               no bet on the horse the Bookmaker reads               a player
``offer 2 sell h4 5000`` sell no. 4 to seat 2 (``buy``: buy his)          a player
``swap 2 h4 h9``       offer seat 2 no. 4 in exchange for his no. 9          a player
``accept``, ``refuse``  the other side's answer; ``done``: no more offers  a player
``place h4 10000 3/2`` a private place bet offered to the Bookmaker: Frs     a player
                       10.000 on no. 4 placed, paid 3/2 of the stake if it is
``starter 1``, ``die 4`` chance: who starts the race, the race's die
``move h4 3.12``       no. 4 to lane 3, square 12 (``post``: past the post)  a player
``stay h4``            no. 4 does not move on this throw                     a player
``extra``, ``advantage``, ``shed``, ``advantage_shed``, ``none``: the colour   a player
``lane 2``             the lane an inscription lets him choose               a player
``sell h4``            a player who cannot pay offers a card (or a report,   a player
                       ``sell veterinary:2``) to the highest bidder
=====================  ====================================================  =========

Cards are named by their ids: ``h1`` to ``h12`` for the horses, the businesses' ids otherwise
(``ecurie_walroy``, ``marechal_ferrant``...), as ``material.toml`` gives them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from hippodrome.engine.actions import Action, FrozenAction, Shown
from hippodrome.engine.auction_events import parse_auction_action
from hippodrome.engine.errors import NotationError, message
from hippodrome.engine.pool import parse_pool_action
from hippodrome.engine.types import JSONObject
from hippodrome.games.ascot.material import DECKS, material

CARD_IDS: tuple[str, ...] = tuple(c.id for c in material().cards)

HINT = message("ascot.hint.usage")
"""The whole notation, told when the first word is no command of Ascot."""

HINTS: dict[str, JSONObject] = {
    **{word: message("ascot.hint.card", word=word) for word in ("deal", "exchange", "discard")},
    **{word: message("ascot.hint.horse", word=word) for word in ("run", "favourite", "stay")},
    "move": message("ascot.hint.move"),
    "report": message("ascot.hint.report"),
    "draw": message("ascot.hint.draw"),
    "offer": message("ascot.hint.offer"),
    "swap": message("ascot.hint.swap"),
    "sell": message("ascot.hint.sell"),
    "place": message("ascot.hint.place"),
    "dice": message("ascot.hint.number", word="dice", low=2, high=12),
    "die": message("ascot.hint.number", word="die", low=1, high=6),
    "lane": message("ascot.hint.number", word="lane", low=1, high=6),
    "starter": message("ascot.hint.number", word="starter", low=0, high=5),
}
"""What a command's words should be, told when the command is known but its words are wrong."""


def card_id(card: int) -> str:
    return CARD_IDS[card]


def horse_id(horse: int) -> str | None:
    """How the observation and the texts name horse no. ``horse`` (``h4``); None for no horse."""
    return f"h{horse}" if horse else None


class Deal(FrozenAction):
    """Chance: the next rental card dealt (seed, La donne)."""

    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": card_id}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"deal {CARD_IDS[self.card]}"


class Exchange(FrozenAction):
    """The forced blind exchange with the dead pile (seed, La donne)."""

    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": card_id}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"exchange {CARD_IDS[self.card]}"


class Discard(FrozenAction):
    """An optional card put in the dead pile for the auction (seed, La donne)."""

    __slots__ = ("card",)
    shown: ClassVar[Shown] = {"card": card_id}
    card: int

    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    def __str__(self) -> str:
        return f"discard {CARD_IDS[self.card]}"


class Keep(FrozenAction):
    """The player keeps his hand: his discards are over."""

    __slots__ = ()

    def __str__(self) -> str:
        return "keep"


class Join(FrozenAction):
    """Join the Owners' Club on its square (seed, Membres du Club: « L'entrée au Club est
    facultative »)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "join"


class Decline(FrozenAction):
    __slots__ = ()

    def __str__(self) -> str:
        return "decline"


class Roll(FrozenAction):
    """The player in turn throws the two dice (seed, Champ d'entraînement)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "roll"


class Dice(FrozenAction):
    """Chance: what the two dice show, 2 to 12."""

    __slots__ = ("total",)
    total: int

    def __init__(self, total: int) -> None:
        object.__setattr__(self, "total", total)

    def __str__(self) -> str:
        return f"dice {self.total}"


class Draw(FrozenAction):
    """Chance: the report on top of a shuffled deck (seed, Arrêt sur une case: « il doit lire la
    première carte du paquet de Rapports »), one of the cards not yet seen (D42)."""

    __slots__ = ("deck", "report")
    deck: str
    report: int

    def __init__(self, deck: str, report: int) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "report", report)

    def __str__(self) -> str:
        return f"draw {self.deck} {self.report}"


class ClubReport(FrozenAction):
    """A club member's privilege: a report from a deck, applied to a horse of his (seed, Membres du
    Club)."""

    __slots__ = ("deck", "horse")
    shown: ClassVar[Shown] = {"horse": horse_id}
    deck: str
    horse: int

    def __init__(self, deck: str, horse: int) -> None:
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "horse", horse)

    def __str__(self) -> str:
        return f"report {self.deck} h{self.horse}"


class Run(FrozenAction):
    """Enter a horse in the race, paying its entry fee (seed, Préliminaires 2°)."""

    __slots__ = ("horse",)
    shown: ClassVar[Shown] = {"horse": horse_id}
    horse: int

    def __init__(self, horse: int) -> None:
        object.__setattr__(self, "horse", horse)

    def __str__(self) -> str:
        return f"run h{self.horse}"


class Enough(FrozenAction):
    """No more runners: the player cannot pay another entry fee (D23)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "enough"


class Favourite(FrozenAction):
    """Name a favourite (seed, Favori: « Ce choix est facultatif »); horse 0: none."""

    __slots__ = ("horse",)
    shown: ClassVar[Shown] = {"horse": horse_id}
    horse: int

    def __init__(self, horse: int) -> None:
        object.__setattr__(self, "horse", horse)

    def __str__(self) -> str:
        return f"favourite h{self.horse}" if self.horse else "no_favourite"

    def label_message(self) -> tuple[str, JSONObject]:
        return ("favourite", self.args) if self.horse else ("no_favourite", {})


class Sell(FrozenAction):
    """A player who cannot pay offers a card (its id) or a kept report (``deck:index``) to the
    highest bidder (seed, Préparatifs)."""

    __slots__ = ("item",)
    item: str

    def __init__(self, item: str) -> None:
        object.__setattr__(self, "item", item)

    def __str__(self) -> str:
        return f"sell {self.item}"


class Offer(FrozenAction):
    """A private trade before the race (seed, Préliminaires: « Ils doivent donc échanger, acheter
    ou vendre les chevaux, entre eux [...] Les Rapports peuvent être vendus séparément »): sell my
    ``item`` to seat ``to``, or buy his, for ``price``."""

    __slots__ = ("to", "deal", "item", "price")
    terms: ClassVar[Mapping[str, str]] = {"to": "player"}
    to: int
    deal: str
    """``sell`` or ``buy``."""
    item: str
    price: int

    def __init__(self, to: int, deal: str, item: str, price: int) -> None:
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "price", price)

    def __str__(self) -> str:
        return f"offer {self.to} {self.deal} {self.item} {self.price}"


PLACE_ODDS: tuple[str, ...] = ("1/2", "1/1", "3/2", "2/1", "5/2", "3/1")
"""D40: the odds a private place bet may be agreed at (« sans cotation fixe »): what the Bookmaker
pays for each franc staked, by halves from 1/2 to 3/1."""


class Wager(FrozenAction):
    """A private place bet offered to the Bookmaker (seed, Les paris: « On ne jouera pas aux placés,
    sauf sur la demande expresse des joueurs [...] une convention strictement privée entre le joueur
    et le Bookmaker »): ``stake`` on ``horse`` among the first three, paid ``odds`` of the stake."""

    __slots__ = ("horse", "stake", "odds")
    shown: ClassVar[Shown] = {"horse": horse_id}
    horse: int
    stake: int
    odds: str

    def __init__(self, horse: int, stake: int, odds: str) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "stake", stake)
        object.__setattr__(self, "odds", odds)

    def __str__(self) -> str:
        return f"place h{self.horse} {self.stake} {self.odds}"

    def gain(self) -> int:
        """What the Bookmaker pays if the horse is placed."""
        top, bottom = self.odds.split("/")
        return self.stake * int(top) // int(bottom)


class Swap(FrozenAction):
    """An exchange of horses offered to seat ``to``: my ``give`` for his ``take`` (seed,
    Préliminaires: « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux »), each
    with its card and small cards (D45)."""

    __slots__ = ("to", "give", "take")
    terms: ClassVar[Mapping[str, str]] = {"to": "player", "give": "item", "take": "item"}
    to: int
    give: str
    take: str

    def __init__(self, to: int, give: str, take: str) -> None:
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "give", give)
        object.__setattr__(self, "take", take)

    def __str__(self) -> str:
        return f"swap {self.to} {self.give} {self.take}"


class Answer(FrozenAction):
    """The other side accepts or refuses the offer."""

    __slots__ = ("accepted",)
    accepted: bool

    def __init__(self, accepted: bool) -> None:
        object.__setattr__(self, "accepted", accepted)

    def __str__(self) -> str:
        return "accept" if self.accepted else "refuse"

    def label_message(self) -> tuple[str, JSONObject]:
        return ("accept" if self.accepted else "refuse"), {}


class Done(FrozenAction):
    """No (more) offers from this player."""

    __slots__ = ()

    def __str__(self) -> str:
        return "done"


class Starter(FrozenAction):
    """Chance: the seat who threw the highest (seed, Départ: « Le joueur ayant jeté le plus grand
    chiffre commence la Course »)."""

    __slots__ = ("player",)
    player: int

    def __init__(self, player: int) -> None:
        object.__setattr__(self, "player", player)

    def __str__(self) -> str:
        return f"starter {self.player}"


class Die(FrozenAction):
    """Chance: the one die of the race (« N'utiliser qu'un seul dé »)."""

    __slots__ = ("face",)
    face: int

    def __init__(self, face: int) -> None:
        object.__setattr__(self, "face", face)

    def __str__(self) -> str:
        return f"die {self.face}"


class Move(FrozenAction):
    """Move a horse to a square of the race course (``lane`` and ``square`` from 1, as the board
    shows them), or past the post (``lane`` 0), or nowhere (``stay``: ``square`` 0)."""

    __slots__ = ("horse", "lane", "square")
    shown: ClassVar[Shown] = {"horse": horse_id}
    horse: int
    lane: int
    square: int

    def __init__(self, horse: int, lane: int, square: int) -> None:
        object.__setattr__(self, "horse", horse)
        object.__setattr__(self, "lane", lane)
        object.__setattr__(self, "square", square)

    def __str__(self) -> str:
        if self.square == 0 and self.lane == 0:
            return f"stay h{self.horse}"
        if self.lane == 0:
            return f"move h{self.horse} post"
        return f"move h{self.horse} {self.lane}.{self.square}"

    def label_message(self) -> tuple[str, JSONObject]:
        if self.square == 0 and self.lane == 0:
            return "stay", {"horse": horse_id(self.horse)}
        if self.lane == 0:
            return "move_post", {"horse": horse_id(self.horse)}
        return self.kind, self.args


class Colour(FrozenAction):
    """What a horse does with the square it stopped on (seed, Arrêt sur une case 2° and 3°,
    Utilisation des avantages): ``extra`` (its colour's lengths), ``advantage`` (an advantage turns
    the square to its colour), ``shed`` (a disadvantage thrown instead of the lengths),
    ``advantage_shed`` (both cards thrown, no lengths), ``none``."""

    __slots__ = ("use",)
    use: str

    def __init__(self, use: str) -> None:
        object.__setattr__(self, "use", use)

    def __str__(self) -> str:
        return self.use

    def label_message(self) -> tuple[str, JSONObject]:
        return f"colour_{self.use}", {}


class LaneChoice(FrozenAction):
    """« il a le choix entre les 3 intérieures ou les 3 extérieures »: the lane (from 1)."""

    __slots__ = ("lane",)
    lane: int

    def __init__(self, lane: int) -> None:
        object.__setattr__(self, "lane", lane)

    def __str__(self) -> str:
        return f"lane {self.lane}"


COLOUR_USES = ("extra", "advantage", "shed", "advantage_shed", "none")
COLOURS_ACTIONS = {use: Colour(use) for use in COLOUR_USES}
DIE_FACES = {face: Die(face) for face in range(1, 7)}


KEEP = Keep()
ACCEPT = Answer(True)
REFUSE = Answer(False)
DONE = Done()
ENOUGH = Enough()
NO_FAVOURITE = Favourite(0)
JOIN = Join()
DECLINE = Decline()
ROLL = Roll()
DICE = {total: Dice(total) for total in range(2, 13)}


def _card(text: str, whole: str) -> int:
    if text not in CARD_IDS:
        hint = HINTS.get(whole.split(maxsplit=1)[0], HINT)
        raise NotationError("ascot.notation.unknown_card", text=whole, card=text, hint=hint)
    return CARD_IDS.index(text)


def _horse(text: str) -> int:
    if text.startswith("h") and text[1:].isdigit() and 1 <= int(text[1:]) <= 12:
        return int(text[1:])
    return 0


def parse_action(text: str) -> Action:
    """The action ``text`` names; raises ``NotationError`` naming what is wrong."""
    words = text.split()
    found = parse_auction_action(text) or parse_pool_action(text)
    if found is not None:
        return found
    single = {
        "keep": KEEP,
        "join": JOIN,
        "decline": DECLINE,
        "roll": ROLL,
        "enough": ENOUGH,
        "no_favourite": NO_FAVOURITE,
        "accept": ACCEPT,
        "refuse": REFUSE,
        "done": DONE,
    }
    if len(words) == 1 and words[0] in single:
        return single[words[0]]
    if len(words) == 2 and words[0] in ("run", "favourite"):
        horse = _horse(words[1])
        if horse:
            return Run(horse) if words[0] == "run" else Favourite(horse)
    if (
        len(words) == 5
        and words[0] == "offer"
        and words[1].isdigit()
        and words[2] in ("sell", "buy")
        and words[4].isdigit()
    ):
        return Offer(int(words[1]), words[2], words[3], int(words[4]))
    if (
        len(words) == 4
        and words[0] == "place"
        and _horse(words[1])
        and words[2].isdigit()
        and words[3] in PLACE_ODDS
    ):
        return Wager(_horse(words[1]), int(words[2]), words[3])
    if (
        len(words) == 4
        and words[0] == "swap"
        and words[1].isdigit()
        and _horse(words[2])
        and _horse(words[3])
    ):
        return Swap(int(words[1]), words[2], words[3])
    if len(words) == 1 and words[0] in COLOURS_ACTIONS:
        return COLOURS_ACTIONS[words[0]]
    if len(words) == 2 and words[0] == "starter" and words[1].isdigit():
        return Starter(int(words[1]))
    if len(words) == 2 and words[0] == "die" and words[1] in ("1", "2", "3", "4", "5", "6"):
        return DIE_FACES[int(words[1])]
    if len(words) == 2 and words[0] == "lane" and words[1] in ("1", "2", "3", "4", "5", "6"):
        return LaneChoice(int(words[1]))
    if len(words) == 2 and words[0] == "stay" and _horse(words[1]):
        return Move(_horse(words[1]), 0, 0)
    if len(words) == 3 and words[0] == "move" and _horse(words[1]):
        if words[2] == "post":
            return Move(_horse(words[1]), 0, 1)
        lane, _, square = words[2].partition(".")
        if lane.isdigit() and square.isdigit() and 1 <= int(lane) <= 6 and int(square) >= 1:
            return Move(_horse(words[1]), int(lane), int(square))
    if len(words) == 2 and words[0] == "sell":
        item = words[1]
        deck, _, index = item.partition(":")
        if item in CARD_IDS or (deck in DECKS and index.isdigit()):
            return Sell(item)
    if len(words) == 2 and words[0] in ("deal", "exchange", "discard"):
        card = _card(words[1], text)
        return {"deal": Deal, "exchange": Exchange, "discard": Discard}[words[0]](card)
    if len(words) == 2 and words[0] == "dice" and words[1].isdigit() and 2 <= int(words[1]) <= 12:
        return DICE[int(words[1])]
    if len(words) == 3 and words[0] == "draw" and words[1] in DECKS and words[2].isdigit():
        return Draw(words[1], int(words[2]))
    if len(words) == 3 and words[0] == "report" and words[1] in DECKS and _horse(words[2]):
        return ClubReport(words[1], _horse(words[2]))
    hint = HINTS.get(words[0], HINT) if words else HINT
    raise NotationError("ascot.notation.unknown", text=text, hint=hint)
