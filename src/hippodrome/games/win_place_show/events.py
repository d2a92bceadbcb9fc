"""Win, Place & Show events: what happened, ready to narrate (keys ``win_place_show.*`` in
``locale/``). Horses are given by their id; the catalogs translate them. The auctions' and the
betting slips' own events come from the engine's components (``auction.*``, ``pool.*``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from hippodrome.engine.events import Event, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player


class RaceCalled(Event):
    key: ClassVar[str] = "win_place_show.race_called"
    __slots__ = ("race", "miles", "purse")
    race: int
    miles: str
    purse: Money

    def __init__(self, race: int, miles: str, purse: Money) -> None:
        self.race = race
        self.miles = miles
        self.purse = purse


class StableDrawn(Event):
    key: ClassVar[str] = "win_place_show.stable_drawn"
    __slots__ = ("player", "number")
    player: Player
    number: int

    def __init__(self, player: Player, number: int) -> None:
        self.player = player
        self.number = number


class SheetWritten(Event):
    """A bid written on a seat's sheet: the amount is the writer's until the sheets are opened."""

    key: ClassVar[str] = "win_place_show.sheet_written"
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    __slots__ = ("player", "horse", "amount")
    player: Player
    horse: str
    amount: Money | None

    def __init__(self, player: Player, horse: str, amount: Money | None) -> None:
        self.player = player
        self.horse = horse
        self.amount = amount

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else self.copy_with(amount=None)

    def message(self) -> tuple[str, JSONObject]:
        # Seen by another seat, what is written stays hidden: the sentence says so.
        return f"{self.key}{'_hidden' if self.amount is None else ''}", self.params()


class SheetsOpened(Event):
    key: ClassVar[str] = "win_place_show.sheets_opened"
    __slots__ = ("race",)
    race: int

    def __init__(self, race: int) -> None:
        self.race = race


class BidsVoid(Event):
    """§9: a seat's bids are suspended while it owns a horse and another has none, ignored once it
    owns as many as it may (two, one at six players: D19), and void beyond its money."""

    key: ClassVar[str] = "win_place_show.bids_void"
    __slots__ = ("horse", "players")
    horse: str
    players: tuple[Player, ...]

    def __init__(self, horse: str, players: tuple[Player, ...]) -> None:
        self.horse = horse
        self.players = players


class LowestBidHeld(Event):
    """§9, « chaque joueur doit acheter un cheval » (D19): the seats with no horse yet that wrote
    no bid for the horse under the hammer are held to the lowest bid for it."""

    key: ClassVar[str] = "win_place_show.lowest_bid_held"
    __slots__ = ("horse", "players", "amount")
    horse: str
    players: tuple[Player, ...]
    amount: Money

    def __init__(self, horse: str, players: tuple[Player, ...], amount: Money) -> None:
        self.horse = horse
        self.players = players
        self.amount = amount


class LineStarted(Event):
    """A line of a slip begun: what it says is the writer's (§10: the slip is secret)."""

    key: ClassVar[str] = "win_place_show.line_started"
    terms: ClassVar[Mapping[str, str]] = {"horses": "horse"}
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    __slots__ = ("player", "bet", "horses")
    player: Player
    bet: str | None
    horses: tuple[str, ...] | None

    def __init__(self, player: Player, bet: str | None, horses: tuple[str, ...] | None) -> None:
        self.player = player
        self.bet = bet
        self.horses = horses

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else self.copy_with(bet=None, horses=None)

    def message(self) -> tuple[str, JSONObject]:
        # Seen by another seat, what is written stays hidden: the sentence says so.
        return f"{self.key}{'_hidden' if self.bet is None else ''}", self.params()


class BetsClosed(Event):
    """§10: « Chaque joueur annonce le montant total de ses paris et les paye à la banque »."""

    key: ClassVar[str] = "win_place_show.bets_closed"
    ledger: ClassVar[str] = "bets"
    __slots__ = ("player", "amount")
    player: Player
    amount: Money

    def __init__(self, player: Player, amount: Money) -> None:
        self.player = player
        self.amount = amount

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount} if self.amount else {}


class Off(Event):
    key: ClassVar[str] = "win_place_show.off"
    __slots__ = ("race",)
    race: int

    def __init__(self, race: int) -> None:
        self.race = race


class DiceRolled(Event):
    key: ClassVar[str] = "win_place_show.dice_rolled"
    terms: ClassVar[Mapping[str, str]] = {"first": "horse", "bonus": "horse"}
    __slots__ = ("turn", "white", "other", "first", "bonus")
    turn: int
    white: int
    other: int
    first: str
    """The horse that moves first: the one the white die names, or the next still on the oval (§6,
    D33)."""
    bonus: str
    """The horse whose bonus number is the total, or ``none``."""

    def __init__(self, turn: int, white: int, other: int, first: str, bonus: str) -> None:
        self.turn = turn
        self.white = white
        self.other = other
        self.first = first
        self.bonus = bonus

    variants: ClassVar[tuple[str, ...]] = ("no_bonus",)

    def message(self) -> tuple[str, JSONObject]:
        if self.bonus == "none":
            params = self.params()
            del params["bonus"]
            return f"{self.key}_no_bonus", params
        return self.key, self.params()


class HorseMoved(Event):
    key: ClassVar[str] = "win_place_show.horse_moved"
    __slots__ = ("horse", "squares", "lane", "square")
    horse: str
    squares: int
    """The move's total: strength, white die, bonus number, apprentice's bonus."""
    lane: int
    square: int

    def __init__(self, horse: str, squares: int, lane: int, square: int) -> None:
        self.horse = horse
        self.squares = squares
        self.lane = lane
        self.square = square


class HorseSpurted(Event):
    key: ClassVar[str] = "win_place_show.horse_spurted"
    __slots__ = ("horse",)
    horse: str

    def __init__(self, horse: str) -> None:
        self.horse = horse


class HorseStuck(Event):
    key: ClassVar[str] = "win_place_show.horse_stuck"
    __slots__ = ("horse",)
    horse: str

    def __init__(self, horse: str) -> None:
        self.horse = horse


class HorseHome(Event):
    key: ClassVar[str] = "win_place_show.horse_home"
    __slots__ = ("horse", "turn")
    horse: str
    turn: int

    def __init__(self, horse: str, turn: int) -> None:
        self.horse = horse
        self.turn = turn


class ClaimMade(Event):
    """§8: « La réclamation est enregistrée (cheval concerné, le type de faute, le réclamant) »."""

    key: ClassVar[str] = "win_place_show.claim_made"
    __slots__ = ("player", "horse", "fault")
    player: Player
    horse: str
    fault: str
    """The fault claimed (``actions.FAULTS``), read by the catalog's ``win_place_show.fault.*``."""

    def __init__(self, player: Player, horse: str, fault: str) -> None:
        self.player = player
        self.horse = horse
        self.fault = fault


class ClaimJudged(Event):
    """§8, judged at the end of the race: upheld, the claimant gets his stake on the horse back and
    a share of the owner's winnings of the race; rejected, he pays the owner his part of the fine."""

    key: ClassVar[str] = "win_place_show.claim_judged"
    ledger: ClassVar[str] = "claims"
    terms: ClassVar[Mapping[str, str]] = {"owner": "player"}
    variants: ClassVar[tuple[str, ...]] = ("rejected",)
    __slots__ = ("player", "horse", "owner", "upheld", "refund", "share")
    player: Player
    horse: str
    owner: Player
    upheld: bool
    refund: Money
    share: Money
    """Upheld: what the owner hands over; rejected: the fine the claimant pays the owner."""

    def __init__(
        self,
        player: Player,
        horse: str,
        owner: Player,
        upheld: bool,
        refund: Money,
        share: Money,
    ) -> None:
        self.player = player
        self.horse = horse
        self.owner = owner
        self.upheld = upheld
        self.refund = refund
        self.share = share

    def money_changes(self) -> Mapping[Player, Money]:
        if self.upheld:
            return {self.player: self.refund + self.share, self.owner: -self.share}
        return {self.player: -self.share, self.owner: self.share}

    def ledger_entries(self) -> Sequence[tuple[str, str, Mapping[Player, Money]]]:
        cause = (
            "web.result.cause.claim_upheld" if self.upheld else "web.result.cause.claim_rejected"
        )
        return ((self.ledger, cause, self.money_changes()),)

    def message(self) -> tuple[str, JSONObject]:
        params = {"player": self.player, "horse": self.horse, "owner": self.owner}
        if self.upheld:
            return self.key, {**params, "refund": self.refund, "share": self.share}
        return f"{self.key}_rejected", {**params, "fine": self.share}


class JockeyAsked(Event):
    """§10: an owner asks a seat out of the game to ride one of his horses this race."""

    key: ClassVar[str] = "win_place_show.jockey_asked"
    terms: ClassVar[Mapping[str, str]] = {"jockey": "player"}
    __slots__ = ("player", "horse", "jockey")
    player: Player
    horse: str
    jockey: Player

    def __init__(self, player: Player, horse: str, jockey: Player) -> None:
        self.player = player
        self.horse = horse
        self.jockey = jockey


class JockeyAnswered(Event):
    """§10: the seat asked rides the horse for its owner this race, or declines."""

    key: ClassVar[str] = "win_place_show.jockey_answered"
    variants: ClassVar[tuple[str, ...]] = ("declined",)
    __slots__ = ("player", "horse", "accepted")
    player: Player
    horse: str
    accepted: bool

    def __init__(self, player: Player, horse: str, accepted: bool) -> None:
        self.player = player
        self.horse = horse
        self.accepted = accepted

    def message(self) -> tuple[str, JSONObject]:
        params = {"player": self.player, "horse": self.horse}
        return (self.key if self.accepted else f"{self.key}_declined"), params


class StewardRuled(Event):
    """§4, §8: the steward seat rules whether the move claimed against was to the detriment of the
    horse's chances."""

    key: ClassVar[str] = "win_place_show.steward_ruled"
    variants: ClassVar[tuple[str, ...]] = ("rejected",)
    __slots__ = ("player", "horse", "upheld")
    player: Player
    horse: str
    upheld: bool

    def __init__(self, player: Player, horse: str, upheld: bool) -> None:
        self.player = player
        self.horse = horse
        self.upheld = upheld

    def message(self) -> tuple[str, JSONObject]:
        params = {"player": self.player, "horse": self.horse}
        return (self.key if self.upheld else f"{self.key}_rejected"), params


class Finish(Event):
    """The first four (§7), in order, when the race is over."""

    key: ClassVar[str] = "win_place_show.finish"
    terms: ClassVar[Mapping[str, str]] = {"order": "horse"}
    __slots__ = ("race", "order")
    race: int
    order: tuple[str, ...]

    def __init__(self, race: int, order: tuple[str, ...]) -> None:
        self.race = race
        self.order = order

    ends_race: ClassVar[bool] = True

    def placings(self) -> Sequence[tuple[str, int]]:
        return tuple((horse, place) for place, horse in enumerate(self.order, start=1))


class PursePaid(PaidToPlayer):
    key: ClassVar[str] = "win_place_show.purse_paid"
    ledger: ClassVar[str] = "prizes"
    __slots__ = ("player", "horse", "place", "amount")
    player: Player
    horse: str
    place: int
    amount: Money

    def __init__(self, player: Player, horse: str, place: int, amount: Money) -> None:
        self.player = player
        self.horse = horse
        self.place = place
        self.amount = amount


class SlipsRevealed(Event):
    key: ClassVar[str] = "win_place_show.slips_revealed"
    __slots__ = ("race",)
    race: int

    def __init__(self, race: int) -> None:
        self.race = race


class PlayerOut(Event):
    """§5: « si un joueur n'a plus d'argent durant le jeu, il est éliminé »."""

    key: ClassVar[str] = "win_place_show.player_out"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class GameOver(Event):
    key: ClassVar[str] = "win_place_show.game_over"
    __slots__ = ("players", "money")
    players: tuple[Player, ...]
    money: Money

    def __init__(self, players: tuple[Player, ...], money: Money) -> None:
        self.players = players
        self.money = money
