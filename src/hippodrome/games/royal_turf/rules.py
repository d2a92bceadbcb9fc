"""Royal Turf's rules: the game and its state.

Section numbers (§1 to §4) are those of the seed, ``shared/seeds/003_901e410e4ee2266a.txt``:
§1 Préparation d'une course, §2 Paris, §3 Course, §4 Gains. Every decision taken where the seed is
silent is written in ``docs/rules/royal_turf.md`` with the test that pins it.

Squares count down to the line: a horse on square 33 has the whole lap ahead of it, a horse that would
go below square 1 has crossed the line (its square becomes 0 and it takes the next podium place).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, RecordError
from hippodrome.engine.game import Game, Outcome, State
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.record import position_field
from hippodrome.engine.types import CHANCE, JSON, JSONObject, Money, Player
from hippodrome.games.royal_turf import events as ev
from hippodrome.games.royal_turf.actions import (
    BETS,
    DRAWS,
    MOVES,
    ROLLS,
    Bet,
    DrawCard,
    DrawLot,
    Move,
    Roll,
    parse_action,
)
from hippodrome.games.royal_turf.material import FACES, Material, digest, material

if TYPE_CHECKING:  # rules draw nothing themselves: the generator is always the caller's
    import random

M: Final[Material] = material()
HORSES: Final = range(len(M.horses))
HORSE_IDS: Final = tuple(h.id for h in M.horses)
CARD_HORSE: Final = tuple(c.horse for c in M.cards)
CARD_VALUES: Final = tuple(c.values for c in M.cards)
ROLL_OUTCOMES: Final = tuple((ROLLS[f], M.face_probability(f)) for f in range(len(FACES)))
DIE: Final = tuple(ROLLS[FACES.index(face)] for face in M.die_faces)
"""One Roll per physical face (three heads): a uniform pick from it is a fair roll."""
DIE_SIZE: Final = len(DIE)
PACE_SQUARE: Final = M.pace_square
EMPTY: Final = -1
NONE: Final = -1


class Phase(IntEnum):
    DRAW = 0
    """§1: horse cards are drawn until the seven horses stand on squares 33 to 27."""
    LOT = 1
    """§2: the richest players are tied; the lot says who bets first."""
    BETTING = 2
    """§2: three times round the table, each player places a token."""
    RACING = 3
    """§3: roll the die, choose a horse that has not moved this round."""
    OVER = 4


@dataclass(frozen=True, kw_only=True)
class RoyalTurfOptions(GameOptions):
    players: int = option(3, en="Number of players (2 to 6)", fr="Nombre de joueurs (2 à 6)")
    zero_tokens: bool = option(
        False,
        en="Variant: each player also takes a 0-token (a bluff)",
        fr="Variante : on prend aussi les pions 0",
    )
    hidden_bets: bool = option(
        False,
        en="Variant: tokens are placed face down until the payout",
        fr="Variante : les jetons-Paris sont placés face cachée",
    )


class RoyalTurf(Game[RoyalTurfOptions]):
    id: ClassVar[str] = "royal_turf"
    titles: ClassVar[dict[str, str]] = {"en": "Royal Turf", "fr": "Royal Turf"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    rules_version: ClassVar[int] = 1
    options_type: ClassVar[type[GameOptions]] = RoyalTurfOptions

    __slots__ = ("tokens",)
    tokens: tuple[int, ...]
    """The betting tokens each player takes before a race."""

    def __init__(self, options: RoyalTurfOptions) -> None:
        # Seed §1: « les jetons-Paris 1, 1 et 2 » (+ « les pions 0 » in the variant).
        tokens = M.standard_tokens + (M.variant_tokens if options.zero_tokens else ())
        object.__setattr__(self, "tokens", tuple(sorted(tokens)))
        super().__init__(options)

    @property
    def data_digest(self) -> str:
        return digest()

    def new_initial_state(self) -> RoyalTurfState:
        return RoyalTurfState.initial(self)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.num_players)

    def position_from_json(self, position: JSONObject) -> RoyalTurfState:
        return _position_from_json(self, position)


class RoyalTurfState(State):
    __slots__ = (
        "bets",
        "card_of",
        "chance",
        "first_player",
        "hands",
        "last",
        "money_",
        "moved",
        "occupant",
        "pace",
        "phase",
        "podium",
        "race",
        "rolled",
        "round",
        "square",
        "turn",
        "unmoved",
    )

    game: RoyalTurf

    def __init__(self, game: RoyalTurf) -> None:
        super().__init__(game)
        self.race = 1
        self.phase = Phase.DRAW
        self.money_: list[Money] = [0] * game.num_players
        """Seed, But du jeu: the richest after three races wins; nobody starts with money."""
        self.card_of: list[int] = [NONE] * len(HORSES)
        self.square: list[int] = [NONE] * len(HORSES)
        """Square of each horse; 0 once across the line, NONE before it is drawn."""
        self.occupant: list[int] = [EMPTY] * (M.squares + 1)
        self.moved: list[bool] = [False] * len(HORSES)
        self.podium: list[int] = []
        self.last = NONE
        self.pace = NONE
        self.bets: list[tuple[Player, int, int]] = []
        """(player, horse, token) in the order placed."""
        self.hands: list[list[int]] = [list(game.tokens) for _ in range(game.num_players)]
        self.first_player = NONE
        self.turn = NONE
        self.rolled = NONE
        """The face rolled and not yet played, or NONE when the die is to be rolled."""
        self.round = 1
        self.unmoved = len(HORSES)
        """Horses still on the track that have not moved this round."""
        self.chance = True
        """Cached ``is_chance_node()``, refreshed after every action."""

    @classmethod
    def initial(cls, game: RoyalTurf) -> RoyalTurfState:
        state = cls(game)
        state.events.append(ev.RaceStarted(1))
        return state

    def clone(self) -> RoyalTurfState:
        new = RoyalTurfState.__new__(RoyalTurfState)
        new.game = self.game
        new.history = self.history.copy()
        new.events = self.events.copy()
        new.race = self.race
        new.phase = self.phase
        new.money_ = self.money_.copy()
        new.card_of = self.card_of.copy()
        new.square = self.square.copy()
        new.occupant = self.occupant.copy()
        new.moved = self.moved.copy()
        new.podium = self.podium.copy()
        new.last = self.last
        new.pace = self.pace
        new.bets = self.bets.copy()
        new.hands = [h.copy() for h in self.hands]
        new.first_player = self.first_player
        new.turn = self.turn
        new.rolled = self.rolled
        new.round = self.round
        new.unmoved = self.unmoved
        new.chance = self.chance
        return new

    # -- who acts ---------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        return self.chance

    def _sync_chance(self) -> None:
        phase = self.phase
        self.chance = (
            phase is Phase.DRAW or phase is Phase.LOT or (phase is Phase.RACING and self.rolled < 0)
        )

    def active_players(self) -> Sequence[Player]:
        if self.phase is Phase.BETTING or (self.phase is Phase.RACING and self.rolled >= 0):
            return (self.turn,)
        return ()

    def acting_player(self) -> Player:
        return CHANCE if self.chance else self.turn

    def apply_unchecked(self, action: Action, player: Player | None = None) -> None:
        self.history.append((CHANCE if self.chance else self.turn, action))
        self._apply(self.turn, action)

    def chance_roller(self) -> Player | None:
        # §3: « Il lance le dé, et choisit ensuite quel cheval avance »: the player to move rolls.
        if self.chance and self.phase is Phase.RACING:
            return self.turn
        return None

    def has_hidden_information(self) -> bool:
        return self.game.options.hidden_bets

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        if phase is Phase.RACING and self.rolled < 0:
            return ROLL_OUTCOMES
        if phase is Phase.DRAW:
            cards = self._drawable_cards()
            return [(DRAWS[c], 1.0 / len(cards)) for c in cards]
        if phase is Phase.LOT:
            tied = self._richest()
            return [(DrawLot(p), 1.0 / len(tied)) for p in tied]
        return ()

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase is Phase.RACING:
            return DIE[int(rng.random() * DIE_SIZE)]
        return super().sample_chance(rng)

    def _drawable_cards(self) -> list[int]:
        # Seed §1 draws from the top of the shuffled deck until seven different horses are out; a
        # card of a horse already placed goes back to the pile. The next *new* horse's card is
        # therefore uniform over the cards of the horses still to place: that is the chance node.
        card_of = self.card_of
        return [c for c, h in enumerate(CARD_HORSE) if card_of[h] < 0]

    def _richest(self) -> list[Player]:
        top = max(self.money_)
        return [p for p, m in enumerate(self.money_) if m == top]

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        if self.chance:
            if player is None or player == CHANCE:
                return [a for a, _ in self.chance_outcomes()]
            return []
        if player is None:
            player = self.turn
        if player != self.turn:
            return []
        if self.phase is Phase.RACING:
            square, moved = self.square, self.moved
            return [MOVES[h] for h in HORSES if square[h] > 0 and not moved[h]]
        if self.phase is Phase.BETTING:
            taken = {h for p, h, _ in self.bets if p == player}
            return [
                BETS[t, h]
                for t in sorted(set(self.hands[player]))
                for h in HORSES
                if h not in taken
            ]
        return []

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        phase = self.phase
        if player == CHANCE:
            if isinstance(action, DrawCard) and self.card_of[CARD_HORSE[action.card]] >= 0:
                return IllegalActionError(
                    "royal_turf.illegal.horse_placed", horse=HORSE_IDS[CARD_HORSE[action.card]]
                )
            return IllegalActionError("royal_turf.illegal.not_an_outcome", action=str(action))
        if isinstance(action, Bet):
            if phase is not Phase.BETTING:
                return IllegalActionError("royal_turf.illegal.bets_closed")
            if any(p == player and h == action.horse for p, h, _ in self.bets):
                return IllegalActionError(
                    "royal_turf.illegal.same_horse", horse=HORSE_IDS[action.horse]
                )
            if action.token not in self.hands[player]:
                return IllegalActionError(
                    "royal_turf.illegal.no_token",
                    token=action.token,
                    tokens=sorted(self.hands[player]),
                )
        if isinstance(action, Move):
            if phase is not Phase.RACING:
                return IllegalActionError("royal_turf.illegal.not_racing")
            horse = HORSE_IDS[action.horse]
            if self.square[action.horse] == 0:
                return IllegalActionError("royal_turf.illegal.horse_arrived", horse=horse)
            if self.moved[action.horse]:
                return IllegalActionError("royal_turf.illegal.horse_moved", horse=horse)
        if isinstance(action, Roll | DrawCard | DrawLot):
            return IllegalActionError("royal_turf.illegal.chance_action", action=str(action))
        if phase is Phase.BETTING:
            return IllegalActionError("royal_turf.illegal.betting_now")
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- what happens -----------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        kind = type(action)
        if kind is Roll:
            self.rolled = action.face  # type: ignore[attr-defined]
            self.chance = False
            self.events.append(ev.DieRolled(self.turn, FACES[self.rolled]))
            return
        if kind is Move:
            self._move(player, action.horse)  # type: ignore[attr-defined]
        elif kind is Bet:
            self._bet(player, action.token, action.horse)  # type: ignore[attr-defined]
        elif kind is DrawCard:
            self._place(action.card)  # type: ignore[attr-defined]
        elif kind is DrawLot:
            self._open_betting(action.player, by_lot=True)  # type: ignore[attr-defined]
        else:  # pragma: no cover - apply() validates; apply_unchecked trusts its caller
            raise TypeError(f"not a Royal Turf action: {action!r}")
        self._sync_chance()

    def _place(self, card: int) -> None:
        # §1: the first horse drawn goes on square 33, the next on 32, ... down to 27.
        horse = CARD_HORSE[card]
        placed = sum(1 for c in self.card_of if c >= 0)
        square = M.start_squares[placed]
        self.card_of[horse] = card
        self.square[horse] = square
        self.occupant[square] = horse
        self.events.append(ev.CardDrawn(HORSE_IDS[horse], M.cards[card].number, square))
        if placed + 1 == len(HORSES):
            # §2: « Le plus riche commence à parier, on tire au sort en cas d'égalité. »
            richest = self._richest()
            if len(richest) == 1:
                self._open_betting(richest[0], by_lot=False)
            else:
                self.phase = Phase.LOT

    def _open_betting(self, first: Player, *, by_lot: bool) -> None:
        self.first_player = first
        self.turn = first
        self.phase = Phase.BETTING
        self.events.append(ev.FirstBettor(first, by_lot))

    def _bet(self, player: Player, token: int, horse: int) -> None:
        # §2: three times in turn, each player bets one token, each on a different horse.
        self.hands[player].remove(token)
        self.bets.append((player, horse, token))
        self.events.append(
            ev.BetPlaced(player, HORSE_IDS[horse], token, self.game.options.hidden_bets)
        )
        n = self.game.num_players
        if len(self.bets) == M.bets_per_race * n:
            # §3: « Le joueur ayant commencé à parier joue en premier ».
            self.phase = Phase.RACING
            self.turn = self.first_player
            self.rolled = NONE
            self.events.append(ev.RaceOff(self.turn))
        else:
            self.turn = (player + 1) % n

    def landing(self, horse: int) -> int:
        """The square ``horse`` would end on if moved now, once the die is rolled (0: it crosses
        the line). The move itself and the board's preview both ask this."""
        # §3: the horse moves the number of squares its card shows beside the symbol rolled.
        start = self.square[horse]
        end = start - CARD_VALUES[self.card_of[horse]][self.rolled]
        if end <= 0:
            return 0
        # §3: « Un seul cheval étant autorisé par case, la longueur du déplacement est diminuée
        # d'autant de cases nécessaires [...] (même jusqu'à 0 case!) »
        occupant = self.occupant
        while end < start and occupant[end] != EMPTY:
            end += 1
        return end

    def _move(self, player: Player, horse: int) -> None:
        rolled = CARD_VALUES[self.card_of[horse]][self.rolled]
        start = self.square[horse]
        end = self.landing(horse)
        occupant = self.occupant
        events = self.events
        hid = HORSE_IDS[horse]
        occupant[start] = EMPTY
        if end == 0:
            self.podium.append(horse)
        else:
            occupant[end] = horse
        self.square[horse] = end
        self.moved[horse] = True
        events.append(ev.HorseMoved(player, hid, rolled, start, end))
        if end > 0 and start - end < rolled:
            events.append(ev.HorseBlocked(hid, rolled, start - end))
        # §3 Case Pace: the first horse to reach or pass square 18 takes the pace token.
        if self.pace < 0 and end <= PACE_SQUARE:
            self.pace = horse
            events.append(ev.PaceTaken(hid))
        if end == 0:
            events.append(ev.HorseArrived(hid, len(self.podium)))
            if len(self.podium) == 3:
                self._finish_race()
                return
        # §3: « Quand les 7 chevaux ont avancé, on recolle les cartes-chevaux au plateau ».
        self.unmoved -= 1
        if self.unmoved == 0:
            self.moved = [False] * len(HORSES)
            self.unmoved = len(HORSES) - len(self.podium)
            self.round += 1
        self.turn = (player + 1) % self.game.num_players
        self.rolled = NONE

    def _finish_race(self) -> None:
        # §3 Arrivée: the race stops as the third horse crosses; the rearmost horse is last.
        self.last = max((h for h in HORSES if self.square[h] > 0), key=lambda h: self.square[h])
        first, second, third = (HORSE_IDS[h] for h in self.podium)
        self.events.append(ev.RaceFinished(self.race, first, second, third, HORSE_IDS[self.last]))
        self._settle()
        if self.race == M.races:
            self.phase = Phase.OVER
            self.rolled = NONE
            outcome = self.outcome()
            self.events.append(ev.GameOver(outcome.winners, self.money_[outcome.winners[0]]))
        else:
            self._next_race()

    def _settle(self) -> None:
        """§4 Gains: the payout table, the pace bonus, then the last horse's penalty."""
        events, money = self.events, self.money_
        if self.game.options.hidden_bets:
            events.append(ev.BetsRevealed(self.race))  # « On révèle les jetons-Paris »
            events.extend(ev.BetRevealed(p, HORSE_IDS[h], t) for p, h, t in self.bets)
        units = [0] * len(HORSES)
        for _, horse, token in self.bets:
            units[horse] += token
        multiplier = M.final_race_multiplier if self.race == M.races else 1
        for player, horse, token in self.bets:
            if horse in self.podium and token:
                place = self.podium.index(horse) + 1
                amount = M.payout(place, units[horse]) * token * multiplier
                money[player] += amount
                events.append(
                    ev.BetWon(player, HORSE_IDS[horse], place, token, units[horse], amount)
                )
        for player, horse, token in self.bets:
            if horse == self.pace and token:
                amount = M.pace_per_unit * token
                money[player] += amount
                events.append(ev.PaceBonus(player, HORSE_IDS[horse], token, amount))
        for player, horse, token in self.bets:
            if horse == self.last and token:
                due = M.last_penalty_per_unit * token
                paid = min(
                    due, money[player]
                )  # « Si un joueur n'a pas assez, il paie ce qu'il peut. »
                money[player] -= paid
                events.append(ev.LastHorsePenalty(player, HORSE_IDS[horse], token, due, paid))

    def _next_race(self) -> None:
        # « Nouvelle course: On recommence à la phase 1, après avoir mélangé toutes les cartes. »
        self.race += 1
        self.phase = Phase.DRAW
        self.card_of = [NONE] * len(HORSES)
        self.square = [NONE] * len(HORSES)
        self.occupant = [EMPTY] * (M.squares + 1)
        self.moved = [False] * len(HORSES)
        self.podium = []
        self.last = NONE
        self.pace = NONE
        self.bets = []
        self.hands = [list(self.game.tokens) for _ in range(self.game.num_players)]
        self.first_player = NONE
        self.turn = NONE
        self.rolled = NONE
        self.round = 1
        self.unmoved = len(HORSES)
        self.events.append(ev.RaceStarted(self.race))

    # -- how it ends ------------------------------------------------------------------------------

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def outcome(self) -> Outcome:
        if self.phase is not Phase.OVER:
            raise ValueError("the game is not over")
        return Outcome.from_money(self.money_)

    # -- what each seat sees ----------------------------------------------------------------------

    def _token_visible(self, owner: Player, viewer: Player | None) -> bool:
        return not self.game.options.hidden_bets or viewer == owner or self.phase is Phase.OVER

    def observation(self, player: Player | None) -> JSONObject:
        horses: list[JSON] = []
        for h in HORSES:
            card = self.card_of[h]
            horses.append(
                {
                    "id": HORSE_IDS[h],
                    "square": self.square[h] if self.square[h] >= 0 else None,
                    "card": None if card < 0 else M.cards[card].number,
                    "values": None
                    if card < 0
                    else dict(zip(FACES, CARD_VALUES[card], strict=True)),
                    "moved": self.moved[h],
                    "place": self.podium.index(h) + 1 if h in self.podium else None,
                }
            )
        bets: list[JSON] = [
            {
                "player": p,
                "horse": HORSE_IDS[h],
                "token": t if self._token_visible(p, player) else None,
            }
            for p, h, t in self.bets
        ]
        hands: list[JSON] = [
            sorted(hand) if self._token_visible(p, player) else len(hand)
            for p, hand in enumerate(self.hands)
        ]
        chance: str | None = None
        if self.is_chance_node():
            chance = {Phase.DRAW: "draw", Phase.LOT: "lot", Phase.RACING: "roll"}[self.phase]
        return {
            "game": self.game.id,
            "viewer": player,
            "race": self.race,
            "races": M.races,
            "phase": self.phase.name.lower(),
            "round": self.round,
            "chance": chance,
            "active": list(self.active_players()),
            "turn": self.turn if self.turn >= 0 else None,
            "first_player": self.first_player if self.first_player >= 0 else None,
            "rolled": FACES[self.rolled] if self.rolled >= 0 else None,
            "money": list(self.money_),
            "horses": horses,
            "pace": {
                "square": M.pace_square,
                "horse": HORSE_IDS[self.pace] if self.pace >= 0 else None,
            },
            "podium": [HORSE_IDS[h] for h in self.podium],
            "last": HORSE_IDS[self.last] if self.last >= 0 else None,
            "bets": bets,
            "hands": hands,
            "hidden_bets": self.game.options.hidden_bets,
            "landings": self._landings(),
        }

    def _landings(self) -> dict[str, JSON]:
        """Where each horse that may move now would land, for the board to preview: ``{horse id:
        {start, end, rolled, moved, place}}`` (``end`` 0 and ``place`` its place when it would
        cross the line). Empty until the die is rolled."""
        if self.phase is not Phase.RACING or self.rolled < 0 or self.chance:
            return {}
        previews: dict[str, JSON] = {}
        for move in self.legal_actions(self.turn):
            assert isinstance(move, Move)
            h = move.horse
            start, end = self.square[h], self.landing(h)
            rolled = CARD_VALUES[self.card_of[h]][self.rolled]
            previews[HORSE_IDS[h]] = {
                "start": start,
                "end": end,
                "rolled": rolled,
                "moved": rolled if end == 0 else start - end,
                "place": len(self.podium) + 1 if end == 0 else None,
            }
        return previews

    def resample_for(self, player: Player, rng: random.Random) -> RoyalTurfState:
        """Deal the face-down tokens of the other players anew, consistent with what ``player`` saw."""
        state = self.clone()
        if not self.game.options.hidden_bets or self.phase is Phase.OVER:
            return state
        changed: dict[int, int] = {}
        for other in range(self.game.num_players):
            if other == player:
                continue
            placed = [i for i, (p, _, _) in enumerate(state.bets) if p == other]
            tokens = list(self.game.tokens)
            rng.shuffle(tokens)
            for i, token in zip(placed, tokens, strict=False):
                p, h, _ = state.bets[i]
                state.bets[i] = (p, h, token)
                changed[i] = token
            state.hands[other] = sorted(tokens[len(placed) :])
        # Keep the history consistent with the dealt tokens (it is part of the state).
        bet_index = -1
        race_start = max(
            (i for i, (_, a) in enumerate(state.history) if isinstance(a, DrawCard)), default=0
        )
        for i in range(race_start, len(state.history)):
            p, action = state.history[i]
            if isinstance(action, Bet):
                bet_index += 1
                if bet_index in changed:
                    state.history[i] = (p, BETS[changed[bet_index], action.horse])
        state.events = [e.seen_by(player) for e in state.events]
        return state

    # -- JSON -------------------------------------------------------------------------------------

    def position_json(self) -> JSONObject:
        horses: JSONObject = {}
        for h in HORSES:
            card = self.card_of[h]
            horses[HORSE_IDS[h]] = {
                "card": None if card < 0 else M.cards[card].number,
                "square": None if self.square[h] < 0 else self.square[h],
                "moved": self.moved[h],
            }
        return {
            "race": self.race,
            "phase": self.phase.name.lower(),
            "round": self.round,
            "money": list(self.money_),
            "horses": horses,
            "podium": [HORSE_IDS[h] for h in self.podium],
            "last": HORSE_IDS[self.last] if self.last >= 0 else None,
            "pace": HORSE_IDS[self.pace] if self.pace >= 0 else None,
            "bets": [[p, HORSE_IDS[h], t] for p, h, t in self.bets],
            "hands": [sorted(hand) for hand in self.hands],
            "first_player": self.first_player if self.first_player >= 0 else None,
            "turn": self.turn if self.turn >= 0 else None,
            "rolled": FACES[self.rolled] if self.rolled >= 0 else None,
        }


def _position_from_json(game: RoyalTurf, data: dict[str, Any]) -> RoyalTurfState:
    """Rebuild a state from ``position_json``, refusing anything inconsistent with a clear field."""
    n = game.num_players
    state = RoyalTurfState(game)

    def get(name: str, kind: type | tuple[type, ...], *, nullable: bool = False) -> Any:
        return position_field(data, name, kind, nullable=nullable)

    def seat(name: str) -> int:
        value = get(name, int, nullable=True)
        if value is None:
            return NONE
        if not 0 <= value < n:
            raise RecordError(f"position.{name}", f"seat {value} is not at this table")
        return int(value)

    def horse(value: object, where: str) -> int:
        if value not in HORSE_IDS:
            raise RecordError(where, f"unknown horse {value!r}")
        return HORSE_IDS.index(str(value))

    state.race = get("race", int)
    if not 1 <= state.race <= M.races:
        raise RecordError("position.race", f"must be 1 to {M.races}")
    phase_name = get("phase", str)
    if phase_name.upper() not in Phase.__members__:
        raise RecordError("position.phase", f"unknown phase {phase_name!r}")
    state.phase = Phase[phase_name.upper()]
    state.round = get("round", int)
    money = get("money", list)
    if len(money) != n or any(
        not isinstance(m, int) or isinstance(m, bool) or m < 0 for m in money
    ):
        raise RecordError("position.money", f"{n} amounts of zero or more expected")
    state.money_ = list(money)
    horses = get("horses", dict)
    for h, hid in enumerate(HORSE_IDS):
        entry = horses.get(hid)
        where = f"position.horses.{hid}"
        if not isinstance(entry, dict):
            raise RecordError(where, "missing")
        card, square, moved = entry.get("card"), entry.get("square"), entry.get("moved")
        if card is not None:
            matches = [i for i, c in enumerate(M.cards) if c.horse == h and c.number == card]
            if not matches:
                raise RecordError(f"{where}.card", f"no card {card!r}")
            state.card_of[h] = matches[0]
        if square is not None:
            if not isinstance(square, int) or not 0 <= square <= M.squares:
                raise RecordError(f"{where}.square", f"must be 0 to {M.squares}")
            if card is None:
                raise RecordError(
                    f"{where}.square", "a horse is on the track only once its card is drawn"
                )
            if square > 0:
                if state.occupant[square] != EMPTY:
                    raise RecordError(f"{where}.square", f"square {square} already holds a horse")
                state.occupant[square] = h
            state.square[h] = square
        elif card is not None:
            raise RecordError(f"{where}.square", "a horse whose card is drawn stands on a square")
        if not isinstance(moved, bool):
            raise RecordError(f"{where}.moved", "must be true or false")
        state.moved[h] = moved
    state.podium = [horse(v, f"position.podium[{i}]") for i, v in enumerate(get("podium", list))]
    if any(state.square[h] != 0 for h in state.podium) or len(set(state.podium)) != len(
        state.podium
    ):
        raise RecordError(
            "position.podium", "podium horses must be distinct and across the line (square 0)"
        )
    if sorted(h for h in HORSES if state.square[h] == 0) != sorted(state.podium):
        raise RecordError("position.podium", "every horse across the line must be on the podium")
    last, pace = get("last", str, nullable=True), get("pace", str, nullable=True)
    state.last = NONE if last is None else horse(last, "position.last")
    state.pace = NONE if pace is None else horse(pace, "position.pace")
    hands = get("hands", list)
    if len(hands) != n:
        raise RecordError("position.hands", f"{n} hands expected")
    for p, hand in enumerate(hands):
        if not isinstance(hand, list) or any(not isinstance(t, int) for t in hand):
            raise RecordError(f"position.hands[{p}]", "a list of token values")
        state.hands[p] = sorted(hand)
    for i, bet in enumerate(get("bets", list)):
        where = f"position.bets[{i}]"
        if not (
            isinstance(bet, list)
            and len(bet) == 3
            and isinstance(bet[0], int)
            and isinstance(bet[2], int)
        ):
            raise RecordError(where, "a bet is [seat, horse, token]")
        if not 0 <= bet[0] < n:
            raise RecordError(where, f"seat {bet[0]} is not at this table")
        state.bets.append((bet[0], horse(bet[1], where), bet[2]))
    for p in range(n):
        mine = [t for q, _, t in state.bets if q == p]
        if sorted(mine + state.hands[p]) != list(game.tokens):
            raise RecordError(
                f"position.hands[{p}]",
                f"tokens in hand and on the board must make {list(game.tokens)}",
            )
        horses_bet = [h for q, h, _ in state.bets if q == p]
        if len(set(horses_bet)) != len(horses_bet):
            raise RecordError("position.bets", f"seat {p} bet twice on one horse")
    state.first_player = seat("first_player")
    state.turn = seat("turn")
    rolled = get("rolled", str, nullable=True)
    if rolled is not None and rolled not in FACES:
        raise RecordError("position.rolled", f"unknown face {rolled!r}")
    state.rolled = NONE if rolled is None else FACES.index(rolled)
    _check_phase(state)
    state.unmoved = sum(1 for h in HORSES if state.square[h] != 0 and not state.moved[h])
    state._sync_chance()
    return state


def _check_phase(state: RoyalTurfState) -> None:
    """The few invariants that make a position playable in its phase."""
    placed = sum(1 for c in state.card_of if c >= 0)
    phase = state.phase
    if phase is Phase.DRAW and any(
        state.square[h] != M.start_squares[i]
        for i, h in enumerate(
            sorted((h for h in HORSES if state.card_of[h] >= 0), key=lambda h: -state.square[h])
        )
    ):
        raise RecordError(
            "position.horses", "during the draw, horses stand on 33, 32, ... in order"
        )
    if phase in (Phase.BETTING, Phase.RACING, Phase.LOT) and placed != len(HORSES):
        raise RecordError(
            "position.horses", "all seven horses must be placed once the draw is over"
        )
    if phase in (Phase.BETTING, Phase.RACING) and (state.turn < 0 or state.first_player < 0):
        raise RecordError(
            "position.turn", "betting and racing need a seat to play and a first player"
        )
    if phase is Phase.RACING and len(state.podium) >= 3:
        raise RecordError("position.podium", "a race with three horses across the line is over")
    if phase is Phase.RACING and len(state.bets) != M.bets_per_race * state.game.num_players:
        raise RecordError("position.bets", "the race starts once every bet is placed")
