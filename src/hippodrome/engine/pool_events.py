"""The betting pool's action and events (``engine/pool.py``, which re-exports them): the bet a seat
places, and what :class:`~hippodrome.engine.pool.Pool` tells: a slip placed, a dividend declared, a
slip paid, refunded or charged, a wager settled, the house's take.

They live apart from the pool so that they compile (native classes of ``hippodrome.compiled``, like
every action and event: ``engine/actions.py``, ``engine/events.py``) while the pool stays plain
Python, and so that a game's compiled events can derive from them (Ascot's ``BetPlaced``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from hippodrome.engine.actions import FrozenAction
from hippodrome.engine.errors import NotationError
from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

# -- the action -----------------------------------------------------------------------------------


class PlaceBet(FrozenAction):
    """Bet ``stake`` on ``horses`` (one, or several for a combined bet), a bet of kind ``bet``
    (``win``, ``place``...; not named ``kind``, which every action has: its own kind, ``place_bet``)."""

    __slots__ = ("bet", "horses", "stake")
    bet: str
    horses: tuple[str, ...]
    stake: Money

    def __init__(self, bet: str, horses: tuple[str, ...], stake: Money) -> None:
        object.__setattr__(self, "bet", bet)
        object.__setattr__(self, "horses", horses)
        object.__setattr__(self, "stake", stake)

    def __str__(self) -> str:
        return f"bet {self.bet} {'+'.join(self.horses)} {self.stake}"


def parse_pool_action(text: str) -> PlaceBet | None:
    """The bet written ``text`` (``bet win othello 200``, ``bet double 3+5 100``); None when the
    text is no bet; ``NotationError`` when it is a malformed one."""
    words = text.split()
    if len(words) < 1 or words[0] != "bet":
        return None
    if len(words) != 4 or not words[3].isdigit() or not all(words[2].split("+")):
        raise NotationError("error.notation", text=text, hint="bet KIND HORSE[+HORSE] STAKE")
    return PlaceBet(words[1], tuple(words[2].split("+")), int(words[3]))


# -- events -----------------------------------------------------------------------------------------


class SlipPlaced(Event):
    key: ClassVar[str] = "pool.placed"
    ledger: ClassVar[str] = "bets"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    __slots__ = ("player", "number", "kind", "horses", "stake", "paid", "hidden", "hides")
    player: Player
    number: int
    kind: str | None
    """None as another seat sees a sealed slip (``Pool.hides``)."""
    horses: tuple[str, ...] | None
    """None as another seat sees a sealed slip."""
    stake: Money | None
    """None as another seat sees a hidden bet."""
    paid: bool
    """Whether the stake left the player's money for the pool."""
    hidden: bool
    hides: tuple[str, ...]
    """What a hidden slip hides from the other seats: ``stake``, and ``kind``, ``horses``."""

    def __init__(
        self,
        player: Player,
        number: int,
        kind: str | None,
        horses: tuple[str, ...] | None,
        stake: Money | None,
        paid: bool,
        hidden: bool,
        hides: tuple[str, ...] = ("stake",),
    ) -> None:
        self.player = player
        self.number = number
        self.kind = kind
        self.horses = horses
        self.stake = stake
        self.paid = paid
        self.hidden = hidden
        self.hides = hides

    def seen_by(self, viewer: Player | None) -> Event:
        if not self.hidden or viewer == self.player:
            return self
        hides = self.hides
        return SlipPlaced(
            self.player,
            self.number,
            None if "kind" in hides else self.kind,
            None if "horses" in hides else self.horses,
            None if "stake" in hides else self.stake,
            self.paid,
            True,
            hides,
        )

    def params(self) -> JSONObject:
        data = Event.params(self)  # what a slip hides is no parameter of its message
        del data["hides"]
        return data

    def message(self) -> tuple[str, JSONObject]:
        """A slip seen from another seat is told as what it is (a sealed slip, a secret stake),
        never with a placeholder for each hidden value."""
        if self.horses is None:
            return f"{self.key}_sealed", self.params()
        if self.stake is None:
            return f"{self.key}_secret_stake", self.params()
        return self.key, self.params()

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.stake} if self.paid and self.stake else {}


class DividendDeclared(Event):
    key: ClassVar[str] = "pool.dividend"
    __slots__ = ("kind", "total", "take", "winning", "multiple")
    kind: str
    total: Money
    take: Money
    winning: Money
    """The stakes on the winning slips."""
    multiple: int
    """How many times each winning slip gets its stake back (0: nobody won)."""

    def __init__(self, kind: str, total: Money, take: Money, winning: Money, multiple: int) -> None:
        self.kind = kind
        self.total = total
        self.take = take
        self.winning = winning
        self.multiple = multiple


class SlipPaid(PaidToPlayer):
    key: ClassVar[str] = "pool.paid"
    ledger: ClassVar[str] = "winnings"
    __slots__ = ("player", "number", "amount")
    player: Player
    number: int
    amount: Money

    def __init__(self, player: Player, number: int, amount: Money) -> None:
        self.player = player
        self.number = number
        self.amount = amount


class SlipRefunded(SlipPaid):
    key: ClassVar[str] = "pool.refunded"
    __slots__ = ()
    ledger: ClassVar[str] = "bets"


class SlipCharged(Event):
    """A slip costs its owner ``due`` (``Pool.settle_charges``), of which he pays ``paid``, what
    his money allows, to the house or the bank (Royal Turf's last horse: « Si un joueur n'a pas
    assez, il paie ce qu'il peut »)."""

    key: ClassVar[str] = "pool.charged"
    ledger: ClassVar[str] = "bets"
    terms: ClassVar[Mapping[str, str]] = {"house": "player"}
    variants: ClassVar[tuple[str, ...]] = ("house",)
    __slots__ = ("player", "number", "due", "paid", "house")
    player: Player
    number: int
    due: Money
    paid: Money
    house: Player
    """The seat paid (-1: the bank)."""

    def __init__(self, player: Player, number: int, due: Money, paid: Money, house: Player) -> None:
        self.player = player
        self.number = number
        self.due = due
        self.paid = paid
        self.house = house

    def message(self) -> tuple[str, JSONObject]:
        data = self.params()
        if self.house < 0:
            del data["house"]
            return self.key, data
        return f"{self.key}_house", data

    def money_changes(self) -> Mapping[Player, Money]:
        if not self.paid:
            return {}
        if self.house < 0:
            return {self.player: -self.paid}
        return {self.player: -self.paid, self.house: self.paid}


class WagerSettled(Event):
    """A bet made with a seat, not a pool (``Pool.settle_wagers``): the loser pays the winner
    (Ascot's place bets, « une convention strictement privée entre le joueur et le Bookmaker »)."""

    key: ClassVar[str] = "pool.wager"
    ledger: ClassVar[str] = "bets"
    terms: ClassVar[Mapping[str, str]] = {"house": "player"}
    variants: ClassVar[tuple[str, ...]] = ("lost",)
    __slots__ = ("player", "number", "house", "amount")
    player: Player
    number: int
    house: Player
    amount: Money
    """What the house pays the player (the bet won), or minus the stake he pays it (lost)."""

    def __init__(self, player: Player, number: int, house: Player, amount: Money) -> None:
        self.player = player
        self.number = number
        self.house = house
        self.amount = amount

    def message(self) -> tuple[str, JSONObject]:
        data = self.params()
        if self.amount < 0:
            data["amount"] = -self.amount
            return f"{self.key}_lost", data
        return self.key, data

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.amount, self.house: -self.amount} if self.amount else {}


class HouseTook(PaidToPlayer):
    key: ClassVar[str] = "pool.house"
    ledger: ClassVar[str] = "house"
    __slots__ = ("player", "amount")
    player: Player
    amount: Money

    def __init__(self, player: Player, amount: Money) -> None:
        self.player = player
        self.amount = amount
