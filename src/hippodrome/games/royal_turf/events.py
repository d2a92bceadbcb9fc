"""Royal Turf events: what happened, ready to narrate (keys ``royal_turf.*`` in ``locale/``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

# Horses are given by their id (``othello``), die faces by name (``cap``): the catalogs translate them.


class RaceStarted(Event):
    key: ClassVar[str] = "royal_turf.race_started"
    __slots__ = ("race",)
    race: int

    def __init__(self, race: int) -> None:
        self.race = race


class CardDrawn(Event):
    key: ClassVar[str] = "royal_turf.card_drawn"
    __slots__ = ("horse", "card", "square")
    horse: str
    card: int
    square: int

    def __init__(self, horse: str, card: int, square: int) -> None:
        self.horse = horse
        self.card = card
        self.square = square


class FirstBettor(Event):
    key: ClassVar[str] = "royal_turf.first_bettor"
    variants: ClassVar[tuple[str, ...]] = ("by_lot",)
    __slots__ = ("player", "by_lot")
    player: Player
    by_lot: bool

    def __init__(self, player: Player, by_lot: bool) -> None:
        self.player = player
        self.by_lot = by_lot

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_by_lot" if self.by_lot else self.key), self.params()


class BetPlaced(Event):
    key: ClassVar[str] = "royal_turf.bet_placed"
    __slots__ = ("player", "horse", "token", "hidden")
    player: Player
    horse: str
    token: int | None
    """None when the token lies face down and the viewer is not its owner."""
    hidden: bool

    def __init__(self, player: Player, horse: str, token: int | None, hidden: bool) -> None:
        self.player = player
        self.horse = horse
        self.token = token
        self.hidden = hidden

    variants: ClassVar[tuple[str, ...]] = ("hidden",)

    def seen_by(self, viewer: Player | None) -> Event:
        if self.hidden and viewer != self.player:
            return self.copy_with(token=None)
        return self

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_hidden" if self.token is None else self.key), self.params()


class RaceOff(Event):
    key: ClassVar[str] = "royal_turf.race_off"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class DieRolled(Event):
    key: ClassVar[str] = "royal_turf.die_rolled"
    __slots__ = ("player", "face")
    player: Player
    face: str

    def __init__(self, player: Player, face: str) -> None:
        self.player = player
        self.face = face


class HorseMoved(Event):
    key: ClassVar[str] = "royal_turf.horse_moved"
    __slots__ = ("player", "horse", "rolled", "start", "end")
    player: Player
    horse: str
    rolled: int
    """The card's value for the face rolled."""
    start: int
    end: int
    """The square reached; 0 once across the line."""

    def __init__(self, player: Player, horse: str, rolled: int, start: int, end: int) -> None:
        self.player = player
        self.horse = horse
        self.rolled = rolled
        self.start = start
        self.end = end

    variants: ClassVar[tuple[str, ...]] = ("line", "stuck")

    def message(self) -> tuple[str, JSONObject]:
        if self.end == self.start:
            return f"{self.key}_stuck", self.params()
        return (f"{self.key}_line" if self.end == 0 else self.key), self.params()


class HorseBlocked(Event):
    """The move was shortened because the square was taken (seed §3: one horse per square)."""

    key: ClassVar[str] = "royal_turf.horse_blocked"
    variants: ClassVar[tuple[str, ...]] = ("stuck",)
    __slots__ = ("horse", "rolled", "moved")
    horse: str
    rolled: int
    moved: int

    def __init__(self, horse: str, rolled: int, moved: int) -> None:
        self.horse = horse
        self.rolled = rolled
        self.moved = moved

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.moved else f"{self.key}_stuck"), self.params()


class PaceTaken(Event):
    key: ClassVar[str] = "royal_turf.pace_taken"
    __slots__ = ("horse",)
    horse: str

    def __init__(self, horse: str) -> None:
        self.horse = horse


class HorseArrived(Event):
    key: ClassVar[str] = "royal_turf.horse_arrived"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("horse", "place")
    horse: str
    place: int

    def __init__(self, horse: str, place: int) -> None:
        self.horse = horse
        self.place = place


class RaceFinished(Event):
    key: ClassVar[str] = "royal_turf.race_finished"
    terms: ClassVar[Mapping[str, str]] = {
        "first": "horse",
        "second": "horse",
        "third": "horse",
        "last": "horse",
    }
    __slots__ = ("race", "first", "second", "third", "last")
    race: int
    first: str
    second: str
    third: str
    last: str

    def __init__(self, race: int, first: str, second: str, third: str, last: str) -> None:
        self.race = race
        self.first = first
        self.second = second
        self.third = third
        self.last = last

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        """The podium (§3 Arrivée)."""
        return ((self.first, 1), (self.second, 2), (self.third, 3))


class BetsRevealed(Event):
    key: ClassVar[str] = "royal_turf.bets_revealed"
    __slots__ = ("race",)
    race: int

    def __init__(self, race: int) -> None:
        self.race = race


class BetRevealed(Event):
    """One face-down token turned face up at the payout (hidden-bets variant)."""

    key: ClassVar[str] = "royal_turf.bet_revealed"
    __slots__ = ("player", "horse", "token")
    player: Player
    horse: str
    token: int

    def __init__(self, player: Player, horse: str, token: int) -> None:
        self.player = player
        self.horse = horse
        self.token = token


class BetWon(PaidToPlayer):
    key: ClassVar[str] = "royal_turf.bet_won"
    ledger: ClassVar[str] = "winnings"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("player", "horse", "place", "token", "units", "amount")
    player: Player
    horse: str
    place: int
    token: int
    units: int
    """Units bet on the horse by everyone: the payout table's row."""
    amount: Money

    def __init__(
        self,
        player: Player,
        horse: str,
        place: int,
        token: int,
        units: int,
        amount: Money,
    ) -> None:
        self.player = player
        self.horse = horse
        self.place = place
        self.token = token
        self.units = units
        self.amount = amount


class PaceBonus(PaidToPlayer):
    key: ClassVar[str] = "royal_turf.pace_bonus"
    ledger: ClassVar[str] = "bonuses"
    __slots__ = ("player", "horse", "token", "amount")
    player: Player
    horse: str
    token: int
    amount: Money

    def __init__(self, player: Player, horse: str, token: int, amount: Money) -> None:
        self.player = player
        self.horse = horse
        self.token = token
        self.amount = amount


class LastHorsePenalty(Event):
    key: ClassVar[str] = "royal_turf.last_penalty"
    ledger: ClassVar[str] = "penalties"
    __slots__ = ("player", "horse", "token", "due", "paid")
    player: Player
    horse: str
    token: int
    due: Money
    paid: Money

    def __init__(self, player: Player, horse: str, token: int, due: Money, paid: Money) -> None:
        self.player = player
        self.horse = horse
        self.token = token
        self.due = due
        self.paid = paid

    variants: ClassVar[tuple[str, ...]] = ("all", "nothing")

    def message(self) -> tuple[str, JSONObject]:
        if not self.paid:
            return f"{self.key}_nothing", self.params()
        return (f"{self.key}_all" if self.paid == self.due else self.key), self.params()

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.paid}


class GameOver(Event):
    key: ClassVar[str] = "royal_turf.game_over"
    __slots__ = ("players", "money")
    players: tuple[Player, ...]
    """The winners: the richest after the third race."""
    money: Money

    def __init__(self, players: tuple[Player, ...], money: Money) -> None:
        self.players = players
        self.money = money

    variants: ClassVar[tuple[str, ...]] = ("tie",)

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_tie" if len(self.players) > 1 else self.key), self.params()
