"""Royal Steeple Chase events: what happened, ready to narrate (keys ``royal_steeple_chase.*``).

Horses are given by their index (0 rouge, 1 bleu, 2 jaune, 3 vert), named through the catalog's
``royal_steeple_chase.horse.<i>`` terms; cards and places between squares in the seed's notation. The
one secret is a dealt card: another seat sees that a card was dealt, not which.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from hippodrome.engine.events import Event, PaidByPlayer, PaidToPlayer
from hippodrome.engine.types import JSONObject, Money, Player

NS = "royal_steeple_chase"
HIDDEN = "?"
LANES = ("r", "b", "j", "v")
"""The horses' letters in the notation, in index order (``material.COLOURS``)."""


def _between(gap: str) -> JSONObject:
    """A gap ``7-8`` as the two squares a sentence names: « entre 7 et 8 »."""
    square, _, after = gap.partition("-")
    return {"square": int(square), "next": int(after)} if after else {"square": gap, "next": "?"}


def _backed(horses: str) -> JSONObject:
    """A bet's horse(s) ``r+b`` as the sentence names them."""
    letters = horses.split("+")
    if not all(letter in LANES for letter in letters):
        return {}
    named: JSONObject = {"horse": LANES.index(letters[0])}
    if len(letters) > 1:
        named["other"] = LANES.index(letters[1])
    return named


class DealBegun(Event):
    key: ClassVar[str] = f"{NS}.deal_begun"
    terms: ClassVar[Mapping[str, str]] = {"dealer": "player"}
    __slots__ = ("number", "dealer", "hand", "spread")
    number: int
    dealer: Player
    hand: int
    spread: int

    def __init__(self, number: int, dealer: Player, hand: int, spread: int) -> None:
        self.number = number
        self.dealer = dealer
        self.hand = hand
        self.spread = spread


class CardDealt(Event):
    """One card to a seat's hand: only that seat sees which. Told in :class:`HandDealt` once the
    deal is over, one line a seat."""

    key: ClassVar[str] = f"{NS}.card_dealt"
    quiet: ClassVar[bool] = True
    __slots__ = ("player", "card")
    player: Player
    card: str

    def __init__(self, player: Player, card: str) -> None:
        self.player = player
        self.card = card

    def seen_by(self, viewer: Player | None) -> Event:
        if viewer == self.player:
            return self
        hidden = _HIDDEN_CARDS.get(self.player)
        if hidden is None:  # one face-down card per seat, shared (events are never changed)
            hidden = _HIDDEN_CARDS[self.player] = CardDealt(self.player, HIDDEN)
        return hidden


_HIDDEN_CARDS: dict[Player, CardDealt] = {}


class HandDealt(Event):
    """A seat's whole hand, told once the deal is over: only that seat sees which cards (the
    others, how many)."""

    key: ClassVar[str] = f"{NS}.hand_dealt"
    variants: ClassVar[tuple[str, ...]] = ("hidden",)
    __slots__ = ("player", "cards")
    player: Player
    cards: tuple[str, ...]

    def __init__(self, player: Player, cards: tuple[str, ...]) -> None:
        self.player = player
        self.cards = cards

    def seen_by(self, viewer: Player | None) -> Event:
        if viewer == self.player:
            return self
        return HandDealt(self.player, tuple(HIDDEN for _ in self.cards))

    def message(self) -> tuple[str, JSONObject]:
        if HIDDEN in self.cards:
            return f"{self.key}_hidden", {"player": self.player, "count": len(self.cards)}
        return self.key, {"player": self.player, "cards": "  ".join(self.cards)}


class DummyLaidOpen(Event):
    """« le mort a son jeu étalé »: the dummy's hand, told to everyone once the deal is over (D79)."""

    key: ClassVar[str] = f"{NS}.dummy_laid_open"
    __slots__ = ("player", "cards")
    player: Player
    cards: tuple[str, ...]

    def __init__(self, player: Player, cards: tuple[str, ...]) -> None:
        self.player = player
        self.cards = cards

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"player": self.player, "cards": "  ".join(self.cards)}


class SpreadDealt(Event):
    """The cards spread face up, told once the deal is over."""

    key: ClassVar[str] = f"{NS}.spread_dealt"
    variants: ClassVar[tuple[str, ...]] = ("none",)
    __slots__ = ("cards",)
    cards: tuple[str, ...]

    def __init__(self, cards: tuple[str, ...]) -> None:
        self.cards = cards

    def message(self) -> tuple[str, JSONObject]:
        # The whole deck dealt (the contract): nothing is spread, and the sentence says so.
        return f"{self.key}{'' if self.cards else '_none'}", {"cards": "  ".join(self.cards)}


class HorseRequested(Event):
    key: ClassVar[str] = f"{NS}.horse_requested"
    variants: ClassVar[tuple[str, ...]] = ("free",)
    __slots__ = ("player", "horse", "bid")
    player: Player
    horse: int
    bid: int

    def __init__(self, player: Player, horse: int, bid: int) -> None:
        self.player = player
        self.horse = horse
        self.bid = bid

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.bid else f"{self.key}_free"), self.params()


class HorseGiven(Event):
    key: ClassVar[str] = f"{NS}.horse_given"
    __slots__ = ("player", "horse")
    player: Player
    horse: int

    def __init__(self, player: Player, horse: int) -> None:
        self.player = player
        self.horse = horse


class CardRequested(Event):
    key: ClassVar[str] = f"{NS}.card_requested"
    variants: ClassVar[tuple[str, ...]] = ("free",)
    __slots__ = ("player", "card", "bid")
    player: Player
    card: str
    bid: int

    def __init__(self, player: Player, card: str, bid: int) -> None:
        self.player = player
        self.card = card
        self.bid = bid

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.bid else f"{self.key}_free"), self.params()


class BidRaised(Event):
    key: ClassVar[str] = f"{NS}.bid_raised"
    __slots__ = ("player", "amount")
    player: Player
    amount: int

    def __init__(self, player: Player, amount: int) -> None:
        self.player = player
        self.amount = amount


class Passed(Event):
    key: ClassVar[str] = f"{NS}.passed"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class BidPaid(PaidByPlayer):
    """The winner of an auction puts his bid on the table (seed, ENCHÈRES)."""

    key: ClassVar[str] = f"{NS}.bid_paid"
    ledger: ClassVar[str] = "purchases"
    __slots__ = ("player", "amount")
    player: Player
    amount: int

    def __init__(self, player: Player, amount: int) -> None:
        self.player = player
        self.amount = amount


class CardExchanged(Event):
    key: ClassVar[str] = f"{NS}.card_exchanged"
    __slots__ = ("player", "taken", "thrown")
    player: Player
    taken: str
    thrown: str

    def __init__(self, player: Player, taken: str, thrown: str) -> None:
        self.player = player
        self.taken = taken
        self.thrown = thrown


class TradeProposed(Event):
    key: ClassVar[str] = f"{NS}.trade_proposed"
    terms: ClassVar[Mapping[str, str]] = {"target": "player"}
    __slots__ = ("player", "target", "card")
    player: Player
    target: Player
    card: str

    def __init__(self, player: Player, target: Player, card: str) -> None:
        self.player = player
        self.target = target
        self.card = card


class TradeProposedWithPoints(TradeProposed):
    """An offer of a card and points (D51: points may come from either side)."""

    key: ClassVar[str] = f"{NS}.trade_proposed_points"
    __slots__ = ("points",)
    points: int

    def __init__(self, player: Player, target: Player, card: str, points: int) -> None:
        self.player = player
        self.target = target
        self.card = card
        self.points = points


class CardAsked(Event):
    """« B (vert) demande un 4 / 3v »: a named card asked of the other players (D50)."""

    key: ClassVar[str] = f"{NS}.card_asked"
    __slots__ = ("player", "card")
    player: Player
    card: str

    def __init__(self, player: Player, card: str) -> None:
        self.player = player
        self.card = card


class TradeCountered(Event):
    key: ClassVar[str] = f"{NS}.trade_countered"
    variants: ClassVar[tuple[str, ...]] = ("card",)
    __slots__ = ("player", "card", "points")
    player: Player
    card: str
    points: int

    def __init__(self, player: Player, card: str, points: int) -> None:
        self.player = player
        self.card = card
        self.points = points

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.points else f"{self.key}_card"), self.params()


class TradeRefused(Event):
    key: ClassVar[str] = f"{NS}.trade_refused"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class TradeDone(Event):
    key: ClassVar[str] = f"{NS}.trade_done"
    ledger: ClassVar[str] = "trades"
    terms: ClassVar[Mapping[str, str]] = {"target": "player"}
    __slots__ = ("player", "target", "given", "received", "points")
    player: Player
    target: Player
    given: str
    received: str
    points: int
    """Points the target added (paid to the proposer)."""

    def __init__(
        self,
        player: Player,
        target: Player,
        given: str,
        received: str,
        points: int,
    ) -> None:
        self.player = player
        self.target = target
        self.given = given
        self.received = received
        self.points = points

    variants: ClassVar[tuple[str, ...]] = ("card",)

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.points else f"{self.key}_card"), self.params()

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: self.points, self.target: -self.points} if self.points else {}


class PotShared(Event):
    """Seed, ENCHÈRES: « les mises sont partagées également entre tous les joueurs. Le reliquat
    éventuel reste pour le tour suivant. »"""

    key: ClassVar[str] = f"{NS}.pot_shared"
    ledger: ClassVar[str] = "pot"
    variants: ClassVar[tuple[str, ...]] = ("all", "none", "empty")
    __slots__ = ("share", "kept", "players")
    share: int
    kept: int
    players: int

    def __init__(self, share: int, kept: int, players: int) -> None:
        self.share = share
        self.kept = kept
        self.players = players

    def message(self) -> tuple[str, JSONObject]:
        if not self.share:
            return f"{self.key}_{'none' if self.kept else 'empty'}", self.params()
        return (self.key if self.kept else f"{self.key}_all"), self.params()

    def money_changes(self) -> Mapping[Player, Money]:
        return {p: self.share for p in range(self.players)} if self.share else {}


class RaceOff(Event):
    key: ClassVar[str] = f"{NS}.race_off"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class CardPlayed(Event):
    key: ClassVar[str] = f"{NS}.card_played"
    __slots__ = ("player", "card")
    player: Player
    card: str

    def __init__(self, player: Player, card: str) -> None:
        self.player = player
        self.card = card


class HorseMoved(Event):
    key: ClassVar[str] = f"{NS}.horse_moved"
    variants: ClassVar[tuple[str, ...]] = ("incident",)
    __slots__ = ("horse", "frm", "to", "half")
    horse: int
    frm: int
    to: int
    half: str
    """The coup that moved it, or ``incident`` (« Avancez d'une case votre cheval »)."""

    def __init__(self, horse: int, frm: int, to: int, half: str) -> None:
        self.horse = horse
        self.frm = frm
        self.to = to
        self.half = half

    def message(self) -> tuple[str, JSONObject]:
        return (f"{self.key}_incident" if self.half == "incident" else self.key), self.params()


class HorseHeld(Event):
    """« Si une avance entière est impossible, on s'arrête devant l'obstacle »: a coup too short to
    jump the hurdle just ahead leaves the horse where it stands."""

    key: ClassVar[str] = f"{NS}.horse_held"
    __slots__ = ("horse", "square", "half")
    horse: int
    square: int
    half: str

    def __init__(self, horse: int, square: int, half: str) -> None:
        self.horse = horse
        self.square = square
        self.half = half


class HurdleJumped(Event):
    key: ClassVar[str] = f"{NS}.hurdle_jumped"
    variants: ClassVar[tuple[str, ...]] = ("central",)
    __slots__ = ("horse", "gap", "central")
    horse: int
    gap: str
    central: bool

    def __init__(self, horse: int, gap: str, central: bool) -> None:
        self.horse = horse
        self.gap = gap
        self.central = central

    def message(self) -> tuple[str, JSONObject]:
        key = f"{self.key}_central" if self.central else self.key
        return key, {"horse": self.horse} | _between(self.gap)


class RiverRefused(Event):
    """A card ended with the horse on a river: it stops before the obstacle instead."""

    key: ClassVar[str] = f"{NS}.river_refused"
    __slots__ = ("horse", "to")
    horse: int
    to: int

    def __init__(self, horse: int, to: int) -> None:
        self.horse = horse
        self.to = to


class HorseBarred(Event):
    """A horse standing where the lanes cross « barre la piste »: the other stops short of the
    square it bars (D26)."""

    key: ClassVar[str] = f"{NS}.horse_barred"
    terms: ClassVar[Mapping[str, str]] = {"by": "horse"}
    __slots__ = ("horse", "by", "square", "stays")
    horse: int
    by: int
    square: int
    stays: int

    def __init__(self, horse: int, by: int, square: int, stays: int) -> None:
        self.horse = horse
        self.by = by
        self.square = square
        self.stays = stays


class HurdlePlaced(Event):
    key: ClassVar[str] = f"{NS}.hurdle_placed"
    __slots__ = ("player", "horse", "gap")
    player: Player
    horse: int
    gap: str

    def __init__(self, player: Player, horse: int, gap: str) -> None:
        self.player = player
        self.horse = horse
        self.gap = gap

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"player": self.player, "horse": self.horse} | _between(self.gap)


class HurdleRemoved(Event):
    key: ClassVar[str] = f"{NS}.hurdle_removed"
    __slots__ = ("player", "horse", "gap")
    player: Player
    horse: int
    gap: str

    def __init__(self, player: Player, horse: int, gap: str) -> None:
        self.player = player
        self.horse = horse
        self.gap = gap

    def message(self) -> tuple[str, JSONObject]:
        return self.key, {"player": self.player, "horse": self.horse} | _between(self.gap)


class HorseFellBack(Event):
    key: ClassVar[str] = f"{NS}.horse_fell_back"
    __slots__ = ("horse", "frm", "to")
    horse: int
    frm: int
    to: int

    def __init__(self, horse: int, frm: int, to: int) -> None:
        self.horse = horse
        self.frm = frm
        self.to = to


class HalfVoid(Event):
    key: ClassVar[str] = f"{NS}.half_void"
    __slots__ = ("player", "half")
    player: Player
    half: str

    def __init__(self, player: Player, half: str) -> None:
        self.player = player
        self.half = half


class HorseFinished(Event):
    key: ClassVar[str] = f"{NS}.horse_finished"
    terms: ClassVar[Mapping[str, str]] = {"place": "ordinal"}
    __slots__ = ("horse", "place")
    horse: int
    place: int

    def __init__(self, horse: int, place: int) -> None:
        self.horse = horse
        self.place = place

    def placings(self) -> Sequence[tuple[str, int]]:
        return ((str(self.horse), self.place),)  # named by the catalog's horse terms


class RaceEnded(Event):
    key: ClassVar[str] = f"{NS}.race_ended"
    terms: ClassVar[Mapping[str, str]] = {"winner": "player", "placed": "player"}
    __slots__ = ("winner", "placed")
    winner: int
    """The winning player, -1 when the race is void (nobody finished)."""
    placed: int

    def __init__(self, winner: int, placed: int) -> None:
        self.winner = winner
        self.placed = placed

    ends_race: ClassVar[bool] = True


class Scored(Event):
    """Points on the bridge score sheet: ``honours`` above the line, ``game`` below."""

    key: ClassVar[str] = f"{NS}.scored"
    __slots__ = ("player", "honours", "game", "reason")
    player: Player
    honours: int
    game: int
    reason: str

    def __init__(self, player: Player, honours: int, game: int, reason: str) -> None:
        self.player = player
        self.honours = honours
        self.game = game
        self.reason = reason


class GameMade(Event):
    key: ClassVar[str] = f"{NS}.game_made"
    __slots__ = ("player", "games")
    player: Player
    games: int

    def __init__(self, player: Player, games: int) -> None:
        self.player = player
        self.games = games


class Prize(PaidToPlayer):
    """Seed, JEU SIMPLIFIÉ: the winner receives 100 in auction chips, the placed 50."""

    key: ClassVar[str] = f"{NS}.prize"
    ledger: ClassVar[str] = "prizes"
    __slots__ = ("player", "amount")
    player: Player
    amount: int

    def __init__(self, player: Player, amount: int) -> None:
        self.player = player
        self.amount = amount


class MatchOver(Event):
    key: ClassVar[str] = f"{NS}.match_over"
    terms: ClassVar[Mapping[str, str]] = {"winners": "player"}
    __slots__ = ("winners",)
    winners: tuple[int, ...]

    def __init__(self, winners: tuple[int, ...]) -> None:
        self.winners = winners


class BetPlaced(Event):
    """JEU PIRATE: a secret bet. Everyone sees the stake go on the table, only its author the
    horse(s)."""

    key: ClassVar[str] = f"{NS}.bet_placed"
    ledger: ClassVar[str] = "bets"
    terms: ClassVar[Mapping[str, str]] = {"other": "horse"}
    variants: ClassVar[tuple[str, ...]] = ("hidden", "two", "free", "hidden_free", "two_free")
    __slots__ = ("player", "horses", "stake")
    player: Player
    horses: str
    stake: int

    def __init__(self, player: Player, horses: str, stake: int) -> None:
        self.player = player
        self.horses = horses
        self.stake = stake

    def seen_by(self, viewer: Player | None) -> Event:
        return self if viewer == self.player else BetPlaced(self.player, HIDDEN, self.stake)

    def message(self) -> tuple[str, JSONObject]:
        backed = _backed(self.horses)
        way = "hidden" if not backed else "two" if "other" in backed else ""
        free = "" if self.stake else "free"
        suffix = "_".join(part for part in (way, free) if part)
        key = f"{self.key}_{suffix}" if suffix else self.key
        return key, {"player": self.player, "stake": self.stake} | backed

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.stake} if self.stake else {}


class BetRevealed(Event):
    key: ClassVar[str] = f"{NS}.bet_revealed"
    terms: ClassVar[Mapping[str, str]] = {"other": "horse"}
    variants: ClassVar[tuple[str, ...]] = ("two", "free", "two_free", "none")
    __slots__ = ("player", "horses", "stake")
    player: Player
    horses: str
    stake: int

    def __init__(self, player: Player, horses: str, stake: int) -> None:
        self.player = player
        self.horses = horses
        self.stake = stake

    def message(self) -> tuple[str, JSONObject]:
        backed = _backed(self.horses)
        if not backed:
            return f"{self.key}_none", {"player": self.player}
        way = "two" if "other" in backed else ""
        free = "" if self.stake else "free"
        suffix = "_".join(part for part in (way, free) if part)
        key = f"{self.key}_{suffix}" if suffix else self.key
        return key, {"player": self.player, "stake": self.stake} | backed


class BetWon(PaidToPlayer):
    """« Les enjeux vont au gagnant avec partage éventuel selon les mises initiales. »"""

    key: ClassVar[str] = f"{NS}.bet_won"
    ledger: ClassVar[str] = "winnings"
    __slots__ = ("player", "amount")
    player: Player
    amount: int

    def __init__(self, player: Player, amount: int) -> None:
        self.player = player
        self.amount = amount


class IncidentDrawn(Event):
    """CARTES D'INCIDENTS: « Chaque joueur qui arrête son cheval sur une case numérotée en rouge
    prend une carte d'incidents et, le coup suivant, se conforme aux indications qu'elle porte. »"""

    key: ClassVar[str] = f"{NS}.incident_drawn"
    terms: ClassVar[Mapping[str, str]] = {"kind": "incident"}
    __slots__ = ("player", "kind")
    player: Player
    kind: str

    def __init__(self, player: Player, kind: str) -> None:
        self.player = player
        self.kind = kind


class IncidentApplied(Event):
    key: ClassVar[str] = f"{NS}.incident_applied"
    terms: ClassVar[Mapping[str, str]] = {"kind": "incident"}
    __slots__ = ("player", "kind", "effect")
    player: Player
    kind: str
    effect: bool
    """False when the incident found nothing to act on."""

    def __init__(self, player: Player, kind: str, effect: bool) -> None:
        self.player = player
        self.kind = kind
        self.effect = effect

    variants: ClassVar[tuple[str, ...]] = ("void",)

    def message(self) -> tuple[str, JSONObject]:
        return (self.key if self.effect else f"{self.key}_void"), self.params()


class IncidentPaid(Event):
    key: ClassVar[str] = f"{NS}.incident_paid"
    ledger: ClassVar[str] = "incidents"
    __slots__ = ("player", "amount")
    player: Player
    amount: int

    def __init__(self, player: Player, amount: int) -> None:
        self.player = player
        self.amount = amount

    def money_changes(self) -> Mapping[Player, Money]:
        return {self.player: -self.amount} if self.amount else {}


class DiscardTaken(Event):
    key: ClassVar[str] = f"{NS}.discard_taken"
    __slots__ = ("player", "card")
    player: Player
    card: str

    def __init__(self, player: Player, card: str) -> None:
        self.player = player
        self.card = card


class LanesSwapped(Event):
    key: ClassVar[str] = f"{NS}.lanes_swapped"
    __slots__ = ("horse", "other")
    horse: int
    other: int

    def __init__(self, horse: int, other: int) -> None:
        self.horse = horse
        self.other = other

    terms: ClassVar[Mapping[str, str]] = {"other": "horse"}


class CampFormed(Event):
    """JEU PAR CAMP IMPROVISÉ: two players on the same horse."""

    key: ClassVar[str] = f"{NS}.camp_formed"
    terms: ClassVar[Mapping[str, str]] = {"partner": "player"}
    __slots__ = ("player", "partner", "horse")
    player: Player
    partner: Player
    horse: int

    def __init__(self, player: Player, partner: Player, horse: int) -> None:
        self.player = player
        self.partner = partner
        self.horse = horse


class Contred(Event):
    key: ClassVar[str] = f"{NS}.contred"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class ContreLost(Event):
    """« tout joueur qui perd un « contre » ne peut acheter un cheval le coup suivant »"""

    key: ClassVar[str] = f"{NS}.contre_lost"
    __slots__ = ("player",)
    player: Player

    def __init__(self, player: Player) -> None:
        self.player = player


class CardCancelled(Event):
    """Aux enchères: « la carte jouée serait annulée et aucune des indications qu'elle porte ne
    serait exécutée » (``rule``: second_river or finish)."""

    key: ClassVar[str] = f"{NS}.card_cancelled"
    __slots__ = ("player", "horse", "rule")
    player: Player
    horse: int
    rule: str

    def __init__(self, player: Player, horse: int, rule: str) -> None:
        self.player = player
        self.horse = horse
        self.rule = rule


class RubberBegun(Event):
    """Aux enchères: a new rubber, new partners, the auction chips dealt again."""

    key: ClassVar[str] = f"{NS}.rubber_begun"
    __slots__ = ("number",)
    number: int

    def __init__(self, number: int) -> None:
        self.number = number


class HorseCalled(Event):
    """Royal Steeple Chase contract: a colour asked for (« Cheval rouge »)."""

    key: ClassVar[str] = f"{NS}.horse_called"
    __slots__ = ("player", "horse")
    player: Player
    horse: int

    def __init__(self, player: Player, horse: int) -> None:
        self.player = player
        self.horse = horse


class BidCalled(Event):
    """Royal Steeple Chase contract: a call of the ladder, « contre » or « surcontre »."""

    key: ClassVar[str] = f"{NS}.bid_called"
    terms: ClassVar[Mapping[str, str]] = {"bid": "call"}
    variants: ClassVar[tuple[str, ...]] = ("contre", "surcontre")
    __slots__ = ("player", "bid")
    player: Player
    bid: str

    def __init__(self, player: Player, bid: str) -> None:
        self.player = player
        self.bid = bid

    def message(self) -> tuple[str, JSONObject]:
        # « Bruno contre. », "Bruno doubles.": a double is said, not bid.
        variant = f"_{self.bid}" if self.bid in ("contre", "surcontre") else ""
        return f"{self.key}{variant}", self.params()


class CardEliminated(Event):
    """Royal Steeple Chase contract: « chaque joueur élimine trois cartes et les montre »."""

    key: ClassVar[str] = f"{NS}.card_eliminated"
    __slots__ = ("player", "card")
    player: Player
    card: str

    def __init__(self, player: Player, card: str) -> None:
        self.player = player
        self.card = card
