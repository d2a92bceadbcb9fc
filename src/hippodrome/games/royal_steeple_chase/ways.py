"""The ways to play Royal Steeple Chase, each an object the game chooses once when it is made.

A way to play says what follows the deal, how a race ends and is scored, and what ranks the players:
the ordinary game with the bridge score (JEU ORDINAIRE BRIDGÉ), the simplified game (JEU SIMPLIFIÉ),
a single race, the solo practice, and, in their own modules, the pirate game (``pirate``) and the
pursuit (``pursuit``). The partnership game (``camps``), the handicap (``Handicap``) and the incident
cards (``incidents``) combine with them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hippodrome.engine.errors import OptionsError, message
from hippodrome.engine.types import Player
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.board import HORSES, NOBODY, RIVERS, M

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.bridged import BridgeTable
    from hippodrome.games.royal_steeple_chase.core import SteepleCore


class WayToPlay:
    """The hooks the core rules call; the defaults are the ordinary game's."""

    name: str
    bets: ClassVar[bool] = False
    """Secret bets after the deal instead of horses (JEU PIRATE)."""
    laps: ClassVar[bool] = False
    """Each player carries his place to the next lap (JEU POURSUITE)."""
    free_white: ClassVar[bool] = False
    """White advances may move any horse (JEU PIRATE: « Les cartes sans couleur peuvent être
    jouées librement »)."""
    first_past_the_post: ClassVar[bool] = False
    """The race stops at the first horse over the line."""
    auction_chips: ClassVar[bool] = True
    """Whether the players hold auction chips (the contract game has none)."""
    partnership: ClassVar[bool] = False
    """Camps of two, each partner running his own horse (the bridge players' variants, ``bridged``)."""

    def deck(self) -> tuple[int, ...]:
        """The cards dealt (every card of the deck, unless the way to play removes some)."""
        return M.deck

    def deal_sizes(self, players: int) -> tuple[int, int] | None:
        """Cards in each hand and cards spread, when the way to play has its own deal."""
        return None

    def hurdles_in_hand(self, players: int) -> int | None:
        """Mobile hurdles each player holds, when the way to play deals its own."""
        return None

    def seat_players(self, state: SteepleCore) -> None:
        """Seat the players round the table for the rubber under way (the bridge players'
        variants: partners facing each other, D80) and say who takes the turns of a place nobody
        sits at (« avec un mort »); the other ways to play seat them by number."""

    def open_dummy(self, state: SteepleCore) -> None:
        """After the deal: the dummy's hand laid open (« avec un mort »); nothing otherwise."""

    def table(self, players: int) -> BridgeTable | None:
        """The record of the bridge players' variants (None for the other ways to play)."""
        return None

    def shares_bids(self, state: SteepleCore) -> None:
        """At the start of the race: « A la fin des enchères, les mises sont partagées également
        entre tous les joueurs. Le reliquat éventuel reste pour le tour suivant. »"""
        state._share_pot()

    def end_race(self, state: SteepleCore) -> bool:
        """Score the race just run; True when the match is over."""
        return True

    def end_match(self, state: SteepleCore) -> None:
        """What is settled when the match ends."""

    def match_winners(self, state: SteepleCore) -> tuple[Player, ...]:
        """The players the rules name winners of the match whatever the scores (none: the best
        score wins)."""
        return ()

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        """What ranks the players."""
        n = state.game.places
        won = state._camp(state.winner) if state.winner != NOBODY else ()
        placed = state._camp(state.placed) if state.placed != NOBODY else ()
        return tuple(2 if q in won else 1 if q in placed else 0 for q in range(n))


class SingleRace(WayToPlay):
    """One race: the winner ranks first, the placed horse's owner second."""

    name = "race"


class Solo(WayToPlay):
    """« si vous voulez apprendre à jouer tout seul »: one race, « pour aller le plus loin
    possible »."""

    name = "solo"

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        mine = state.horse_of(0)
        return (max(0, state.pos[mine]) if mine != NOBODY else 0,)


class Simplified(WayToPlay):
    """JEU SIMPLIFIÉ: « II y a autant de courses que de joueurs »; prizes are paid in chips."""

    name = "simple"

    def end_race(self, state: SteepleCore) -> bool:
        s = M.scoring
        handicapped = state.game.handicapped
        if state.winner != NOBODY:
            # JEU HANDICAP: « le joueur handicap gagnant ne reçoit que 20 points, rien s'il est placé »
            prize = (
                s["handicap_simple_winner"] if state.winner in handicapped else s["simple_winner"]
            )
            state._prize(state.winner, prize)
        if state.placed != NOBODY and state.placed not in handicapped:
            state._prize(state.placed, s["simple_placed"])
        return state.races >= state.game.places  # « II y a autant de courses que de joueurs »

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        return tuple(state.chips)


def void_race_tens(state: SteepleCore) -> list[Player]:
    """JEU ORDINAIRE BRIDGÉ, a race nobody finished: who marks its 10 game points, « si personne
    ne termine on marque 10 : au joueur le plus avancé (4 joueurs ou moins) à condition qu'il ait
    franchi la deuxième rivière, à ceux qui n'ont pas de chevaux » (the owner of each horse
    furthest on, with four players or fewer; else each player without a horse)."""
    n = state.game.places
    if n > 4:
        return [q for q in range(n) if state._horse_of(q) == NOBODY]
    owned = [h for h in HORSES if state.owner[h] != NOBODY]
    best = max((state.pos[h] for h in owned), default=0)
    if best <= max(RIVERS):
        return []
    return [state.owner[h] for h in owned if state.pos[h] == best]


class Bridge(WayToPlay):
    """JEU ORDINAIRE BRIDGÉ: honours and game points on a score sheet, two games win."""

    name = "bridge"

    def end_race(self, state: SteepleCore) -> bool:
        return self._score(state)

    def _score(self, state: SteepleCore) -> bool:
        """JEU ORDINAIRE BRIDGÉ; True when a player has made his two games."""
        s = M.scoring
        n = state.game.places
        contres = state.contres
        assert contres is not None  # the bridge score is where « contre » is played
        for q in range(n):
            lost = contres.contred[q] and state.winner != NOBODY
            contres.banned[q] = lost  # for the next deal
            if lost:
                state.events.append(ev.ContreLost(q))
        handicapped = state.game.handicapped
        w, pl = state.winner, state.placed
        if w != NOBODY:
            if w in handicapped:
                state._mark(w, s["handicap_honours"], s["handicap_game"], "handicap_winner")
            else:
                # « 10 points supplémentaires par joueur handicap battu »: the handicap players who
                # ran a horse against him
                camp = state._camp(w)
                beaten = sum(
                    1 for q in handicapped if q not in camp and state._horse_of(q) != NOBODY
                )
                game = s["game_winner"] + s["game_per_square_lead"] * state.lead
                game += s["handicap_bonus_per_beaten"] * beaten
                state._mark(w, s["honours_winner"], game, "winner")
            if pl != NOBODY and pl not in handicapped:
                state._mark(pl, s["honours_placed"], s["game_placed"], "placed")
        else:
            horseless = [q for q in range(n) if state._horse_of(q) == NOBODY]
            for q in horseless:
                # « ceux qui n'ont pas de chevaux marquent 100 et s'ils ont « contré » 200 »
                contred = contres.contred[q]
                honours = s["honours_contre"] if contred else s["honours_no_winner_horseless"]
                state._mark(q, honours, 0, "contre" if contred else "no_winner")
            reason = "most_advanced" if n <= 4 else "horseless"
            for q in void_race_tens(state):
                state._mark(q, 0, s["game_nobody"], reason)
        # A camp makes its game together: its points are shared, so both reach half of 100 at once.
        camps = state.camps
        target = s["game_target"] // (2 if camps is not None else 1)
        made = [q for q in range(n) if state.toward[q] >= target]
        mates = [NOBODY] * n if camps is None else camps.partner
        leaders = [q for q in made if mates[q] not in made or q < mates[q]]
        if made:
            for q in made:
                state.games[q] += 1
                state.events.append(ev.GameMade(q, state.games[q]))
            for q in leaders:
                # « Par manche de 100, le joueur marque aux honneurs 300 points supplémentaires. »
                state._mark(q, s["honours_per_game"], 0, "game")
            state.toward = [0] * n  # « Une manche faite annule les points de manche en cours. »
            done = [q for q in leaders if state.games[q] >= s["games_to_win"]]
            for q in done:
                state._mark(q, s["honours_rubber"], 0, "rubber")
            return bool(done)
        return False

    def match_winners(self, state: SteepleCore) -> tuple[Player, ...]:
        """« Le joueur qui le premier a deux manches marque aux honneurs 500 points
        supplémentaires et gagne la partie » (D27): the match ends when one makes his second game,
        so whoever has two made it then (partners together, or two players in the same race)."""
        target = M.scoring["games_to_win"]
        return tuple(q for q, games in enumerate(state.games) if games >= target)

    def scores(self, state: SteepleCore) -> tuple[int, ...]:
        """« seuls les points de la marque et des manches s'additionnent »"""
        return tuple(h + b for h, b in zip(state.honours, state.below, strict=True))


HANDICAP_SEATS = "royal_steeple_chase.hint.handicap"
"""What a handicap option holds, told in the reader's language: « des places, comme 0,2 »."""


@dataclass(frozen=True, slots=True)
class Handicap:
    """JEU HANDICAP: the seats that start on square 3, with smaller prizes."""

    seats: frozenset[Player] = frozenset()

    @classmethod
    def parse(cls, text: str, players: int) -> Handicap:
        if not text.strip():
            return cls()
        try:
            seats = frozenset(int(s) for s in text.split(","))
        except ValueError:
            raise OptionsError(
                "error.option_type", option="handicap", value=text, expected=message(HANDICAP_SEATS)
            ) from None
        if any(not 0 <= s < players for s in seats):
            raise OptionsError(
                "error.option_type", option="handicap", value=text, expected=message(HANDICAP_SEATS)
            )
        return cls(seats)

    def __contains__(self, seat: object) -> bool:
        return seat in self.seats

    def __iter__(self) -> Iterator[Player]:
        return iter(sorted(self.seats))

    def start(self, seat: Player) -> int:
        """Where the seat's horse starts: « Ils partent alors sur la case 3 »."""
        return int(M.scoring["handicap_start"]) if seat in self.seats else 0
