"""Toy Race's rules: the game and its state.

Rule numbers are those of the rules document (``docs/rules/toy_race.md`` of the toy repository):
1 the table, 2 the roll, 3 the gaits, 4 the ditch, 5 the line. The decisions where the rules are
silent (``D1``...) are written there too, each with the test that pins it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar, Final

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.game import Game, Outcome, State
from hippodrome.engine.options import GameOptions, option
from hippodrome.engine.types import CHANCE, JSONObject, Money, Player

from . import events as ev
from .actions import GALLOP, ROLLS, TROT, Gallop, Roll, Trot, parse_action
from .material import Material, digest, material

if TYPE_CHECKING:
    from .position import ToyRacePosition

M: Final[Material] = material()
OUTCOMES: Final = tuple((ROLLS[f], 1.0 / len(M.faces)) for f in M.faces)
MOVES: Final = (GALLOP, TROT)


class Phase(IntEnum):
    RACING = 0
    """Rules 2 and 3: the seat in turn rolls, then gallops or trots."""
    OVER = 1
    """Rule 5: a horse has reached the line."""


@dataclass(frozen=True, kw_only=True)
class ToyRaceOptions(GameOptions):
    players: int = option(2, en="Number of players (2 or 3)", fr="Nombre de joueurs (2 ou 3)")


class ToyRace(Game[ToyRaceOptions]):
    id: ClassVar[str] = "toy_race"
    titles: ClassVar[dict[str, str]] = {"en": "Toy Race", "fr": "Course miniature"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    rules_version: ClassVar[int] = 1
    options_type: ClassVar[type[GameOptions]] = ToyRaceOptions

    __slots__ = ()

    @property
    def data_digest(self) -> str:
        return digest()

    def new_initial_state(self) -> ToyRaceState:
        state = ToyRaceState(self)
        state.events.append(ev.RaceStarted(M.squares))
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def action_catalogue(self) -> Sequence[Action]:
        return MOVES

    def position_from_json(self, position: JSONObject) -> ToyRaceState:
        from .position import POSITION  # noqa: PLC0415 (the position module imports the rules)

        return ToyRaceState.from_position(self, POSITION.read(position, self))

    def position_schema(self) -> JSONObject:
        from .position import POSITION  # noqa: PLC0415 (the position module imports the rules)

        return POSITION.schema(self, title="Toy Race position")


class ToyRaceState(State[ToyRace]):
    __slots__ = ("money_", "purse", "rolled", "squares", "turn", "winner")

    def __init__(self, game: ToyRace) -> None:
        super().__init__(game)
        n = game.num_players
        self.squares: list[int] = [0] * n
        """Where each seat's horse stands: 0 on the start, ``M.squares`` on the line."""
        self.money_: list[Money] = [M.start_money] * n
        self.purse: Money = M.purse
        self.turn: Player = 0
        """Rule 1: seat 0 starts (D1), then the seats take turns in order."""
        self.rolled: int | None = None
        """The points rolled and not yet run, or None while the die is to be rolled."""
        self.winner: Player | None = None

    @classmethod
    def from_position(cls, game: ToyRace, record: ToyRacePosition) -> ToyRaceState:
        state = cls(game)
        state.squares = list(record.squares)
        state.money_ = list(record.money)
        state.purse = record.purse
        state.turn = record.turn
        state.rolled = record.rolled
        state.winner = record.winner
        return state

    def clone(self) -> ToyRaceState:
        new = ToyRaceState.__new__(ToyRaceState)
        new.game = self.game
        self._copy_record(new)
        new.squares = self.squares.copy()
        new.money_ = self.money_.copy()
        new.purse = self.purse
        new.turn = self.turn
        new.rolled = self.rolled
        new.winner = self.winner
        return new

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.winner is not None else Phase.RACING

    # -- who acts -----------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.winner is not None

    def is_chance_node(self) -> bool:
        return self.winner is None and self.rolled is None

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return OUTCOMES if self.is_chance_node() else ()

    def chance_roller(self) -> Player | None:
        return self.turn  # rule 2: the seat in turn rolls

    def whose_turn(self) -> Player | None:
        return None if self.winner is not None else self.turn

    def active_players(self) -> Sequence[Player]:
        return () if self.winner is not None or self.rolled is None else (self.turn,)

    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        if self.winner is not None:
            return ()
        if self.rolled is None:
            return [a for a, _ in OUTCOMES] if player in (None, CHANCE) else ()
        return MOVES if player in (None, self.turn) else ()

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        if isinstance(action, Roll):
            if player == CHANCE:
                return IllegalActionError("toy_race.illegal.not_a_face", action=str(action))
            return IllegalActionError("toy_race.illegal.chance_action", action=str(action))
        if isinstance(action, Gallop | Trot) and self.rolled is None:
            return IllegalActionError("toy_race.illegal.roll_first")
        return IllegalActionError("error.illegal_action", action=str(action))

    # -- what happens -------------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> None:
        if isinstance(action, Roll):
            self.rolled = action.points
            self._events.append(ev.DieRolled(self.turn, action.points))
            return
        assert self.rolled is not None, "a horse moves once the die is rolled"
        seat = self.turn
        horse = M.horses[seat]
        galloped = isinstance(action, Gallop)
        # Rule 3: a gallop runs the points rolled, a trot two squares; nothing runs past the line.
        square = min(self.squares[seat] + (self.rolled if galloped else M.trot), M.squares)
        self.squares[seat] = square
        self.rolled = None
        self._events.append(ev.HorseMoved(seat, horse, square, not galloped))
        if galloped and square == M.ditch:
            # Rule 4: a gallop that ends in the ditch costs a fine, as far as the seat's money goes.
            fine = min(M.fine, self.money_[seat])
            if fine:
                self.money_[seat] -= fine
                self.purse += fine
                self._events.append(ev.FinePaid(seat, horse, fine))
        if square == M.squares:
            # Rule 5: the first horse on the line wins the purse, and the game ends.
            self.winner = seat
            self.money_[seat] += self.purse
            self._events.append(ev.RaceWon(seat, horse, self.purse))
            self.purse = 0
            return
        self.turn = (seat + 1) % self.game.num_players

    # -- what each seat sees ------------------------------------------------------------------------

    def observation(self, player: Player | None) -> JSONObject:
        """Everything is public (rule 1): every seat and a spectator see the same."""
        return {
            "viewer": player,
            "phase": self.phase.name.lower(),
            "horses": [
                {"id": M.horses[p], "seat": p, "square": s} for p, s in enumerate(self.squares)
            ],
            "squares": M.squares,
            "ditch": M.ditch,
            "turn": self.whose_turn(),
            "rolled": self.rolled,
            "money": list(self.money_),
            "purse": self.purse,
            "winner": self.winner,
        }

    def money(self) -> Sequence[Money]:
        return tuple(self.money_)

    def outcome(self) -> Outcome:
        return Outcome.from_money(self.money_)

    def position_json(self) -> JSONObject:
        from .position import POSITION, ToyRacePosition  # noqa: PLC0415 (imports the rules)

        return POSITION.write(ToyRacePosition.of(self))
