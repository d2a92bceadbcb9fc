"""VARIANTES POUR LES BRIDGEURS: « Royal Steeple Chase aux enchères », four players in two camps,
partners facing each other, scored « absolument comme au bridge ».

The way to play (``AuctionBridge``) says how the deal is made (the four Pas/Pas coloured cards
removed, 13 cards each, 4 turned up, two mobile hurdles each), scores a race on the camps' sheet
(games of 100, rubbers of two games, three rubbers), and keeps its own record in the state, the
``BridgeTable``: the partners of the rubber under way, the rubber's number, and while a card is
played, where the horses and the hurdles stood before it (a card breaking the two crossing
restrictions is « annulée et aucune des indications qu'elle porte ne serait exécutée »).

Quotations are from the seed's section « ROYAL STEEPLE CHASE AUX ENCHÈRES »; decisions are D60 and
after in ``docs/rules/royal_steeple_chase.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.board import HORSES, NOBODY, RIVERS, M
from hippodrome.games.royal_steeple_chase.ways import WayToPlay

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.core import SteepleCore

FIRST_RIVER: Final = min(RIVERS)
"""« la première rivière »: a horse beyond this square has crossed it (square 10)."""
SECOND_RIVER: Final = max(RIVERS)
"""« la deuxième rivière », the great river of two squares (15-16): beyond 16 it is crossed (D63)."""
REMOVED_CARDS: Final = ("2/2r", "2/2b", "2/2j", "2/2v")
"""« Enlever du jeu les 4 cartes Pas²/Pas coloré² »."""
HAND, TURNED_UP = 13, 4
"""« distribuer 13 cartes à chaque joueur et retourner les 4 dernières cartes »."""
HURDLES_IN_HAND: Final = 2
"""« Deux haies mobiles sont distribuées à chaque joueur »."""
RUBBERS: Final = 3
"""« La partie se joue en trois robres, chaque joueur étant ainsi le partenaire des trois autres. »"""
PAIRINGS: Final = ((2, 3, 0, 1), (1, 0, 3, 2), (3, 2, 1, 0))
"""Each seat's partner in each rubber: facing (0-2, 1-3), then 0-1 and 2-3, then 0-3 and 1-2 (D61)."""


def seating(partner: list[Player]) -> tuple[Player, ...]:
    """« Les quatre joueurs se placent comme au bridge, on a en face de soi son partenaire »: the
    places round the table for these partners (D80). Seat 0 keeps his place, his partner sits
    facing him, and on his left the lowest-numbered of the two others, whose partner faces him; the
    turn goes round in that order, so the camps alternate. The first rubber's partners (0-2, 1-3)
    sit by number, the second's (0-1, 2-3) as 0, 2, 1, 3, the third's (0-3, 1-2) as 0, 1, 3, 2."""
    mate = partner[0]
    left = min(q for q in range(len(partner)) if q not in (0, mate))
    return (0, left, mate, partner[left])


# LA MARQUE (the seed's figures; they are the variant's own, the ordinary game's are in material.toml)
WINNER_HONOURS, WINNER_GAME, PER_SQUARE = 300, 20, 10
"""« Le gagnant marque 300 aux honneurs et 20 à la manche, avec en plus 10 points par case d'avance
sur le cheval adverse le plus voisin. »"""
PLACED_HONOURS, PLACED_GAME = 100, 10
"""« Le placé marque 100 aux honneurs et 10 à la manche, il double ces points s'il est partenaire du
gagnant. »"""
GAME_TARGET, GAMES_TO_RUBBER = 100, 2
"""« La manche se joue en 100 points, le robre en deux manches. »"""
FIRST_GAME_HONOURS, LAST_GAME_HONOURS = 300, 500
"""« Pour la première manche on marque aux honneurs 300. Pour la dernière manche 500. »"""
SMALL_SLAM, GRAND_SLAM = (50, 500), (100, 1000)
"""(game, honours): « petit schlem et l'on marque 50 à la manche et 500 aux honneurs [...] grand
schlem et l'on marque 100 à la manche et 1.000 aux honneurs »."""


@dataclass(slots=True)
class ContractBook:
    """Royal Steeple Chase contract: the calls of the deal under way."""

    spoke: list[int]
    """Per seat, in the colour rounds: 0 not yet spoken, 1 passed, 2 called."""
    eliminated: list[int]
    """Per seat, the cards eliminated and shown before the race (three each)."""
    call: int = -1
    """The highest call, an index of ``contract.LADDER`` (-1: none)."""
    declarer: Player = NOBODY
    """Who made it: his camp is the demanders' (« les demandeurs »)."""
    doubled: int = 0
    """0, 1 for « contre », 2 for « surcontre »."""
    leader: Player = NOBODY
    """The last to bid, contre or surcontre: he plays first (NOBODY: the dealer)."""
    said: list[str] = field(default_factory=list)
    """The bidding of the deal, in order: the place that spoke and what it said, as the notation
    writes it (``2 annonce r gagnant+1``, ``3 passe``)."""

    @classmethod
    def fresh(cls, players: int) -> ContractBook:
        return cls([0] * players, [0] * players)

    def copy(self) -> ContractBook:
        return ContractBook(
            self.spoke[:],
            self.eliminated[:],
            self.call,
            self.declarer,
            self.doubled,
            self.leader,
            self.said[:],
        )


@dataclass(slots=True)
class BridgeTable:
    """The camps of the rubber under way and the card being played."""

    partner: list[Player]
    """Each seat's partner in this rubber."""
    rubber: int = 0
    """The rubber under way, from 0 (three in all)."""
    before: list[int] | None = None
    """While a card is played: the horses' progress then their lanes' hurdles before it (8
    numbers); None between cards."""
    contract: ContractBook | None = None
    """Royal Steeple Chase contract: the deal's calls (None aux enchères)."""

    @classmethod
    def fresh(cls) -> BridgeTable:
        return cls(list(PAIRINGS[0]))

    def copy(self) -> BridgeTable:
        return BridgeTable(
            self.partner[:],
            self.rubber,
            None if self.before is None else self.before[:],
            None if self.contract is None else self.contract.copy(),
        )

    def deal_begun(self, players: int) -> None:
        """A new deal: new calls."""
        if self.contract is not None:
            self.contract = ContractBook.fresh(players)


class AuctionBridge(WayToPlay):
    """« ROYAL STEEPLE CHASE AUX ENCHÈRES »: camps of two, the bridge score of the variant."""

    name = "auction"
    partnership: ClassVar[bool] = True
    game_target: ClassVar[int] = GAME_TARGET

    def deck(self) -> tuple[int, ...]:
        removed = {M.card_type(text).index for text in REMOVED_CARDS}
        return tuple(t for t in M.deck if t not in removed)

    def deal_sizes(self, players: int) -> tuple[int, int] | None:
        return (HAND, TURNED_UP)

    def hurdles_in_hand(self, players: int) -> int | None:
        return HURDLES_IN_HAND

    def table(self, players: int) -> BridgeTable | None:
        return BridgeTable.fresh()

    def seat_players(self, state: SteepleCore) -> None:
        """Partners facing each other: the turn goes round the table in the rubber's seating
        (D80); the first rubber's is the seats' numbers."""
        table = state.bridge
        assert table is not None
        order = seating(table.partner)
        state.flow.seat(None if order == tuple(range(len(order))) else order)

    def end_race(self, state: SteepleCore) -> bool:
        """LA MARQUE: the winner's and the placed's camps mark, the slams, the games and the
        rubbers; True when the third rubber is over."""
        self.mark_race(state)
        return self._games(state)

    def mark_race(self, state: SteepleCore) -> None:
        """The winner's and the placed's marks, and the slams."""
        table = state.bridge
        assert table is not None
        w, pl = state.winner, state.placed
        if w != NOBODY:
            game = WINNER_GAME + PER_SQUARE * state.lead
            mark_camp(state, w, WINNER_HONOURS, game, "winner")
            if pl != NOBODY:
                double = 2 if table.partner[w] == pl else 1
                mark_camp(state, pl, PLACED_HONOURS * double, PLACED_GAME * double, "placed")
            if pl != NOBODY and table.partner[w] == pl:
                # « Si le gagnant et le placé étant dans le même camp, un des adversaires n'a pas
                # franchi la grande rivière, il y a petit schlem [...] »
                behind = sum(
                    1
                    for h in HORSES
                    if state.owner[h] not in (NOBODY, w, pl) and state.pos[h] <= SECOND_RIVER
                )
                if behind:
                    game_points, honours = GRAND_SLAM if behind >= 2 else SMALL_SLAM
                    reason = "grand_slam" if behind >= 2 else "small_slam"
                    mark_camp(state, w, honours, game_points, reason)

    def _games(self, state: SteepleCore) -> bool:
        table = state.bridge
        assert table is not None
        n = state.game.places
        made = [q for q in range(n) if state.toward[q] >= self.game_target]
        if not made:
            return False
        for q in made:
            state.games[q] += 1
            state.events.append(ev.GameMade(q, state.games[q]))
        # Both partners' lines carry the camp's points: one mark per camp (the lower seat's).
        leaders = [q for q in made if table.partner[q] not in made or q < table.partner[q]]
        rubber_won = False
        for q in leaders:
            last = state.games[q] >= GAMES_TO_RUBBER
            honours = LAST_GAME_HONOURS if last else FIRST_GAME_HONOURS
            mark_camp(state, q, honours, 0, "last_game" if last else "first_game", toward=False)
            rubber_won = rubber_won or last
        state.toward = [0] * n  # « Une manche faite annule les points de manche en cours »
        if not rubber_won:
            return False
        table.rubber += 1
        if table.rubber >= RUBBERS:
            return True
        # « Après chaque robre les points d'enchères sont à nouveau distribués. » (D62)
        table.partner = list(PAIRINGS[table.rubber])
        self.seat_players(state)
        state.games = [0] * n
        state.chips = [M.chips if self.auction_chips else 0] * n
        state.pot = 0
        state.events.append(ev.RubberBegun(table.rubber + 1))
        return False

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        """What each player marked over the rubbers, honours and game points."""
        return tuple(h + b for h, b in zip(state.honours, state.below, strict=True))


def mark_camp(
    state: SteepleCore, p: Player, honours: int, game: int, reason: str, *, toward: bool = True
) -> None:
    """Points for p's camp: the same on both partners' lines, as a bridge sheet has one column per
    camp (D64)."""
    table = state.bridge
    assert table is not None
    for q in (p, table.partner[p]):
        state.honours[q] += honours
        state.below[q] += game
        if toward:
            state.toward[q] += game
        state.events.append(ev.Scored(q, honours, game, reason))


def mate_horse(state: SteepleCore, p: Player) -> int:
    """The horse of p's partner (NOBODY without one, or outside the variant)."""
    table = state.bridge
    if table is None or p == NOBODY:
        return NOBODY
    return state._horse_of(table.partner[p])


def same_camp(state: SteepleCore, h: int, other: int) -> bool:
    """Whether two horses are run by partners."""
    table = state.bridge
    if table is None:
        return False
    a, b = state.owner[h], state.owner[other]
    return NOBODY not in (a, b) and table.partner[a] == b


def card_begun(state: SteepleCore) -> None:
    """A card is played: remember the course as it stands, to cancel the card whole."""
    table = state.bridge
    if table is not None:
        table.before = state.pos[:] + state.hurdles[:]


def cancel_if_broken(state: SteepleCore, p: Player) -> bool:
    """MARCHE DU JEU: « il est interdit : 1° De passer la deuxième rivière tant que le cheval du
    partenaire n'a pas franchi la première rivière ; 2° De passer la ligne d'arrivée pour être
    gagnant tant que le cheval du partenaire n'a pas franchi la deuxième rivière. [...] Si en jouant
    une carte on contrevenait à ces interdictions la carte jouée serait annulée et aucune des
    indications qu'elle porte ne serait exécutée. » True when the card was cancelled (the course is
    back as it stood before it)."""
    table = state.bridge
    if table is None:
        return False
    before = table.before
    table.before = None
    if before is None:
        return False
    broken = _broken(state, p, before)
    if broken is None:
        return False
    horse, rule = broken
    state.pos = before[:4]
    state.hurdles = before[4:]
    state.card_finishers = []
    state.events.append(ev.CardCancelled(p, horse, rule))
    return True


def _broken(state: SteepleCore, p: Player, before: list[int]) -> tuple[int, str] | None:
    """The horse that broke a restriction with this card and which (D65: any horse the card moved,
    tied to its own rider's partner), or None."""
    for h in HORSES:
        rider = state.owner[h]
        if rider == NOBODY:
            continue
        mate = mate_horse(state, rider)
        if mate == NOBODY:
            continue  # D66: a partner without a horse holds nobody back
        mate_at = state.pos[mate]
        if before[h] <= SECOND_RIVER < state.pos[h] and mate_at <= FIRST_RIVER:
            return h, "second_river"
    # 2°: the horse that would be the winner (the player's own first when several cross, « c'est le
    # joueur qui est considéré comme arrivant le premier »); « On peut toutefois terminer placé »
    if state.winner == NOBODY and state.card_finishers:
        mine = state._horse_of(p)
        first = sorted(state.card_finishers, key=lambda h: h != mine)[0]
        rider = state.owner[first]
        mate = mate_horse(state, rider) if rider != NOBODY else NOBODY
        if mate != NOBODY and state.pos[mate] <= SECOND_RIVER:
            return first, "finish"
    return None
