"""The engine protocol: a frozen :class:`Game` and a mutable :class:`State`.

Modelled on OpenSpiel's Game/State split. A ``Game`` describes itself (titles, player range, options,
``rules_version``) and makes states; a ``State`` knows its history and answers who acts, what is legal,
what each seat may see, and how the game ended. Chance is an explicit node whose outcomes are actions,
so rules code never draws a random number: the driver samples with an injected ``random.Random``.

Games implement the underscored hooks; the public methods here do the validation once for all games.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from bisect import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar as DefaultTypeVar

from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, OptionsError, RecordError, message
from hippodrome.engine.events import Event
from hippodrome.engine.i18n import render, texts
from hippodrome.engine.options import GameOptions, build_options, options_schema
from hippodrome.engine.plan import Plan, same_seat_run
from hippodrome.engine.types import CHANCE, JSONObject, Money, Player

OptionsT = TypeVar("OptionsT", bound=GameOptions)
GameT_co = DefaultTypeVar("GameT_co", bound="Game[Any]", default="Game[Any]", covariant=True)
"""The game a state belongs to: a game's state names its own (``State[RoyalTurf]``), so that its
rules read their game's options typed; a bare ``State`` is any game's. (A subclass that narrowed the
type of ``State.game`` instead would be refused by a compiler that lays attributes out by type.)"""
HistoryRewrite = Callable[[list[tuple[Player, Action]]], None]
"""A rewrite of a state's history in place (``State.rewrite_later``)."""
EventsRewrite = Callable[[list[Event]], None]
"""A rewrite of a state's events in place (``State.rewrite_later``)."""


@mypyc_attr(native_class=False)  # a compiled frozen dataclass does not unpickle
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended."""

    ranking: tuple[tuple[Player, ...], ...]
    """Places, best first; players tied share a place."""
    money: tuple[Money, ...]
    returns: tuple[float, ...]
    """Per-player utility: the winners share 1.0, everyone else gets 0."""
    scores: tuple[int, ...] | None = None
    """What ranked the players when it is not their money (a score sheet, places in a race)."""

    @property
    def winners(self) -> tuple[Player, ...]:
        return self.ranking[0]

    def to_json(self) -> JSONObject:
        data: JSONObject = {
            "ranking": [list(place) for place in self.ranking],
            "money": list(self.money),
            "returns": list(self.returns),
        }
        if self.scores is not None:
            data["scores"] = list(self.scores)
        return data

    @property
    def basis(self) -> tuple[int, ...]:
        """What the ranking orders: the scores when the game keeps some, else the money."""
        return self.scores if self.scores is not None else self.money

    @classmethod
    def from_money(cls, money: Sequence[Money]) -> Outcome:
        """The richest wins; equal fortunes share a place (and the win)."""
        ranking, returns = _rank(money)
        return cls(ranking=ranking, money=tuple(money), returns=returns)

    @classmethod
    def from_scores(cls, scores: Sequence[int], money: Sequence[Money]) -> Outcome:
        """The best score wins; equal scores share a place (and the win). For games whose winner is
        not the richest (a bridge score sheet, a race's places)."""
        ranking, returns = _rank(scores)
        return cls(ranking=ranking, money=tuple(money), returns=returns, scores=tuple(scores))


def _rank(values: Sequence[int]) -> tuple[tuple[tuple[Player, ...], ...], tuple[float, ...]]:
    levels = sorted(set(values), reverse=True)
    ranking = tuple(tuple(p for p, v in enumerate(values) if v == level) for level in levels)
    share = 1.0 / len(ranking[0])
    returns = tuple(share if p in ranking[0] else 0.0 for p in range(len(values)))
    return ranking, returns


@mypyc_attr(allow_interpreted_subclasses=True)  # the games left interpreted derive from it
class Game(ABC, Generic[OptionsT]):
    """A game with its options fixed. Immutable once made."""

    id: ClassVar[str]
    titles: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    options_type: ClassVar[type[GameOptions]]
    ranking_basis: ClassVar[Literal["money", "scores"]] = "money"
    """What decides the winner: the players' money, or a score the game keeps (``State.standings``)."""
    sheet_part: ClassVar[Literal["race", "deal"]] = "race"
    """What one part of the game's result sheet is (``hippodrome.engine.results``): a race, or a
    deal of the cards."""
    max_choices: ClassVar[int] = 512
    takes_back: ClassVar[bool] = True
    """Whether the rules let a player take his own move back before anyone else acts and while
    nothing was revealed since (``State.undo_point``); a game whose rulebook says a move once made
    is final says False (Toques et Casques, 14-06: « POSER C'EST JOUER »), and then only a practice
    table may waive it."""
    """The most legal actions one decision can offer a seat: the size of a fixed-width action
    encoding (``hippodrome.interop``) that indexes them."""

    __slots__ = ("_options",)

    def __init__(self, options: OptionsT) -> None:
        if not self.min_players <= options.players <= self.max_players:
            raise OptionsError(
                "error.option_players",
                count=options.players,
                min=self.min_players,
                max=self.max_players,
            )
        self._options: OptionsT = options

    @property
    def options(self) -> OptionsT:
        """The options the game was made with. Read-only, as is everything a game derives from them
        in its constructor (no method changes a game): a game is shared by every state it makes.
        (No ``__setattr__`` guards it: a compiled class that derives from ``Generic`` may not define
        one.)"""
        return self._options

    @classmethod
    def from_options(cls, **raw: object) -> Self:
        return cls(build_options(cls.options_type, raw))  # type: ignore[arg-type]

    @property
    def num_players(self) -> int:
        return self.options.players

    @property
    def data_digest(self) -> str:
        """A fingerprint of the game's data files (cards, tables, tracks): records and stored tables
        carry it, so a game played with other data is refused instead of silently replayed as a
        different game. Empty for a game without data files."""
        return ""

    def describe(self) -> JSONObject:
        return {
            "id": self.id,
            "titles": dict(self.titles),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
            "options": self.options.to_json(),
            "options_schema": options_schema(self.options_type),
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"

    def max_length(self) -> int | None:
        """The most actions a game with these options can take, chance outcomes included, when the
        game works it out from its options; None: its manifest's ``Traits.max_length``, the most
        under any option set, is the bound (``GameInfo.max_length`` answers either way)."""
        return None

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose notation is ``text``; raises ``NotationError``."""

    def action_catalogue(self) -> Sequence[Action] | None:
        """Every action a seat can ever be offered, in a fixed order, when the game can list them
        (a fixed action encoding numbers them: ``hippodrome.interop``); None when it cannot, and
        then at most ``max_choices`` legal actions are offered at once."""
        return None

    def action_label(
        self, action: Action, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        """How a player says ``action`` in ``lang`` (« Parier 2 sur Othello »), from the message
        ``<game>.action.<kind>`` of the game's catalog."""
        key, params = action.label_message()
        return render(f"{self.id}.action.{key}", params, lang, names=names, kinds=action.terms)

    def action_json(self, action: Action, names: Sequence[str] | None = None) -> JSONObject:
        """The action typed for a front end: ``{kind, args, notation, label: {en, fr}}``. It is
        sent back by its notation."""
        key, params = action.label_message()
        return {
            "kind": action.kind,
            "args": action.args,
            "notation": str(action),
            "label": texts(f"{self.id}.action.{key}", params, names=names, kinds=action.terms),
        }

    def state_from_json(self, data: JSONObject) -> State:
        """The state that ``to_json`` wrote; raises ``RecordError`` naming the faulty field."""
        from hippodrome.engine.record import parse_history  # noqa: PLC0415 (record imports game)

        self.check_header(data)
        position = data.get("position")
        if not isinstance(position, dict):
            raise RecordError("position", "must be an object")
        state = self.position_from_json(position)
        state.history = parse_history(self, data.get("history", []))
        return state

    def position_schema(self) -> JSONObject:
        """The JSON Schema (draft 2020-12) of this game's position documents, with the bounds of its
        options (seats, track, hurdles), generated from the typed records ``position_from_json``
        reads them into (``hippodrome.engine.position``)."""
        raise NotImplementedError(f"{self.id} does not describe its position documents yet")

    @abstractmethod
    def position_from_json(self, position: JSONObject) -> State:
        """A state, without history, from what ``State.position_json`` wrote; raises
        ``RecordError`` naming the faulty field (``position.<name>``)."""

    def check_header(self, data: JSONObject) -> None:
        """Refuse a state document made for another game, rules version or options."""
        if data.get("game") != self.id:
            raise RecordError("game", f"this document is for {data.get('game')!r}, not {self.id!r}")
        if data.get("rules_version") != self.rules_version:
            raise RecordError(
                "rules_version",
                f"written under rules version {data.get('rules_version')!r}, "
                f"this engine plays version {self.rules_version}",
            )
        if data.get("data_digest", self.data_digest) != self.data_digest:
            raise RecordError(
                "data_digest", "written with other game data than this installation's"
            )
        if data.get("options") != self.options.to_json():
            raise RecordError("options", "the document's options differ from this game's")


# Compiled, ``MyState.__new__(MyState)`` (``clone``'s blank state) runs ``__init__`` but in a class
# that allows interpreted subclasses: every compiled state is marked so, as is ``Flow``.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[GameT_co]):
    """A position of a game, with its history. Mutable; ``clone`` is cheap."""

    __slots__ = ("_events", "_events_due", "_history", "_history_due", "game")

    def __init__(self, game: GameT_co) -> None:
        self.game: GameT_co = game
        self._history: list[tuple[Player, Action]] = []
        self._history_due: HistoryRewrite | None = None
        self._events: list[Event] = []
        self._events_due: EventsRewrite | None = None

    # -- the history and the events, rewritten when first read ------------------------------------

    @property
    def history(self) -> list[tuple[Player, Action]]:
        """Every action applied, with the seat that took it (``CHANCE`` for chance outcomes)."""
        due = self._history_due
        if due is not None:
            self._history_due = None
            due(self._history)
        return self._history

    @history.setter
    def history(self, value: list[tuple[Player, Action]]) -> None:
        self._history = value
        self._history_due = None

    @property
    def events(self) -> list[Event]:
        """Everything that happened, in order; narrate with ``seen_by`` for a given viewer."""
        due = self._events_due
        if due is not None:
            self._events_due = None
            due(self._events)
        return self._events

    @events.setter
    def events(self, value: list[Event]) -> None:
        self._events = value
        self._events_due = None

    def rewrite_later(
        self, *, history: HistoryRewrite | None = None, events: EventsRewrite | None = None
    ) -> None:
        """Have ``history(list)`` and ``events(list)`` rewrite this state's own history and events
        in place when they are first read (``state.history``, ``state.events``), not now: a
        determinization (``resample_for``) brings the record in step with its new secrets only if
        someone reads it, and a search that plays it out never does. Until then the rules may append
        to them (``_history``, ``_events``: appending reads nothing); a rewrite touches only the
        entries there were when it was deferred. A rewrite pending on the same list runs first."""
        if history is not None:
            pending = self._history_due
            if pending is not None:
                pending(self._history)
            self._history_due = history
        if events is not None:
            told = self._events_due
            if told is not None:
                told(self._events)
            self._events_due = events

    def _copy_record(self, new: State[Any]) -> None:
        """``clone``'s copy of the history and the events into ``new`` (a blank state), rewritten
        first if a rewrite is due; through the slots, which is cheaper than the properties."""
        history_due, events_due = self._history_due, self._events_due
        if history_due is not None:
            self._history_due = None
            history_due(self._history)
        if events_due is not None:
            self._events_due = None
            events_due(self._events)
        new._history = self._history.copy()
        new._history_due = None
        new._events = self._events.copy()
        new._events_due = None

    def is_rewrite_pending(self) -> bool:
        """Whether a rewrite of the history or the events waits for their first reading."""
        return self._history_due is not None or self._events_due is not None

    # -- what games implement -------------------------------------------------------------------

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def is_chance_node(self) -> bool: ...

    @abstractmethod
    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """Every outcome of the pending chance event with its probability (they sum to 1)."""

    @abstractmethod
    def active_players(self) -> Sequence[Player]:
        """Who must act now: usually one seat, several for secret simultaneous choices, none at
        chance nodes and at the end."""

    @abstractmethod
    def legal_actions(self, player: Player | None = None) -> Sequence[Action]:
        """What ``player`` (default: the only active player, or chance) may do now."""

    @abstractmethod
    def _apply(self, player: Player, action: Action) -> None:
        """Carry out an action already known to be legal, appending its events."""

    @abstractmethod
    def observation(self, player: Player | None) -> JSONObject:
        """The JSON-ready view of one seat (None: a spectator): exactly what they may see."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """How the game ended; only at a terminal state."""

    @abstractmethod
    def money(self) -> Sequence[Money]:
        """Each player's money now."""

    @abstractmethod
    def position_json(self) -> JSONObject:
        """The position (everything but the header and history) as JSON."""

    def explain_illegal(self, player: Player, action: Action) -> IllegalActionError:
        """Why ``action`` is not legal for ``player`` now; games override with precise reasons."""
        return IllegalActionError("error.illegal_action", action=str(action))

    def explain_out_of_turn(self, player: Player, action: Action) -> IllegalActionError:
        """Why ``player``, who may not act now, is refused ``action``: not his turn; games override
        when a seat is kept out for a reason of the rules (not among those who may bid)."""
        return IllegalActionError(
            "error.not_your_turn", player=player, players=list(self.active_players())
        )

    def chance_roller(self) -> Player | None:
        """The seat who physically rolls the die (or draws) at this chance node, if the rules give
        the gesture to one; a front end may wait for that seat's go-ahead. None: nobody in particular.
        """
        return None

    def phase_name(self) -> str:
        """The name of the phase the game is in (``betting``, ``race``, ...), as the game's own
        ``Phase`` enum spells it; empty for a game without phases."""
        phase = getattr(self, "phase", None)
        name = getattr(phase, "name", None)
        return name.lower() if isinstance(name, str) else ""

    def whose_turn(self) -> Player | None:
        """The seat whose turn it is, when the game takes turns (a turn-flow game's ``Flow.turn``);
        None when no seat has the turn (chance between turns, secret answers, the end)."""
        return None

    def round_number(self) -> int | None:
        """The round of the table the game counts (1, 2, ...), or None when it counts none."""
        return None

    def standings(self) -> Sequence[int]:
        """What the final ranking will order, as it stands now: each player's money, or the scores
        for a game whose ``Game.ranking_basis`` is ``"scores"`` (games override)."""
        return self.money()

    def context(self) -> JSONObject:
        """What every front end needs to know about the flow of the game, owned by the engine so
        no client guesses it from a game's observation: the phase, who acts, whether chance is
        pending and who rolls, whose turn it is and the round, whether the game is over, and the
        standings with their ranking."""
        over = self.is_terminal()
        chance = not over and self.is_chance_node()
        if over:
            outcome = self.outcome()
            standings: Sequence[int] = outcome.basis
            ranking: Sequence[Sequence[Player]] = outcome.ranking
        else:
            standings = self.standings()
            ranking = _rank(standings)[0]
        return {
            "phase": self.phase_name(),
            "to_act": [] if over or chance else list(self.active_players()),
            "chance": chance,
            "chance_roller": self.chance_roller() if chance else None,
            "turn": None if over else self.whose_turn(),
            "round": self.round_number(),
            "over": over,
            "moves": len(self.history),
            "ranking_basis": self.game.ranking_basis,
            "standings": list(standings),
            "ranking": [list(place) for place in ranking],
        }

    def choosing_in_secret(self) -> bool:
        """Whether the seats to act now choose at once and in secret: none sees what another
        chose until every one has (sealed bids, sheets, slips). A choice is then the same
        decision however many of the others have made theirs meanwhile (the server judges an
        action sent against an earlier version so). A turn-flow game says it by its step
        (``Acts.ALL``, not ``shown``)."""
        return False

    def has_hidden_information(self) -> bool:
        """Whether some seat may be unable to see part of the state (then records of running games
        are private)."""
        return False

    def plans(self, player: Player) -> Sequence[Plan]:
        """The whole moves ``player`` may make now, one per end (``hippodrome.engine.plan``): for a
        game whose decisions are split into steps (Toques et Casques' lengths). Empty for a game
        without them, or when the player has no decision now."""
        return ()

    def continues_move(self, player: Player) -> bool:
        """Whether ``player``'s next action here carries on the move his last action began, rather
        than being a decision of its own: a player counts his moves, not the steps the engine
        splits them into (the result's statistics, ``hippodrome.engine.results``). Default: the
        history's last action is his and the game offers him plans here, a plan being one whole
        move (``hippodrome.engine.plan``: Toques et Casques' lengths of one roll). A game whose
        moves are split otherwise, or whose plans may follow one another with nothing between,
        says so here."""
        history = self.history
        return bool(history) and history[-1][0] == player and bool(self.plans(player))

    def resample_for(self, player: Player, rng: random.Random) -> Self:
        """A full state consistent with everything ``player`` knows (default: perfect information)."""
        return self.clone()

    # -- what every game gets -------------------------------------------------------------------

    def acting_player(self) -> Player:
        """The single seat (or ``CHANCE``) acting now; an error when several act at once."""
        if self.is_chance_node():
            return CHANCE
        active = self.active_players()
        if len(active) != 1:
            raise IllegalActionError("error.player_needed", players=list(active))
        return active[0]

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with ``rng``, by the listed probabilities: the very draw
        ``rng.choices(actions, weights)`` makes (one ``random()`` against the running sums), without
        its lists."""
        outcomes = self.chance_outcomes()
        sums = list(accumulate([p for _, p in outcomes]))
        return outcomes[bisect(sums, rng.random() * sums[-1], 0, len(sums) - 1)][0]

    def apply(self, action: Action, player: Player | None = None) -> list[Event]:
        """Validate and carry out ``action`` for ``player``; return the new events.

        Raises ``IllegalActionError`` with the reason, leaving the state untouched.
        """
        if self.is_terminal():
            raise IllegalActionError("error.game_over", action=str(action))
        if self.is_chance_node():
            if player is not None and player != CHANCE:
                raise IllegalActionError("error.chance_pending", player=player)
            actor = CHANCE
            if all(action != outcome for outcome, _ in self.chance_outcomes()):
                raise self._in_words(self.explain_illegal(CHANCE, action), action)
        else:
            active = self.active_players()
            if player is None:
                actor = self.acting_player()
            elif player not in active:
                raise self._in_words(self.explain_out_of_turn(player, action), action)
            else:
                actor = player
            if action not in self.legal_actions(actor):
                raise self._in_words(self.explain_illegal(actor, action), action)
        start = len(self._events)  # the new events only: a pending rewrite touches none of them
        self._history.append((actor, action))
        self._apply(actor, action)
        return self._events[start:]

    def _in_words(self, refused: IllegalActionError, action: Action) -> IllegalActionError:
        """A refusal that names the move as the player says it (its label, « Parier 1 sur
        Othello »), not as the engine writes it (``bet 1 othello``): the seat at the table clicked
        a label and reads its refusal in the same words."""
        if refused.params.get("action") == str(action):
            key, params = action.label_message()
            refused.params["action"] = {
                "key": f"{self.game.id}.action.{key}",
                "params": params,
                "kinds": dict(action.terms),
            }
        return refused

    def apply_plan(self, actions: Sequence[Action], player: Player) -> list[Event]:
        """Play a run of ``player``'s own actions at once, all or nothing: each is judged as
        :meth:`apply` judges it, on a copy, and the state changes only once all are legal. A run
        stops where the player would decide again with more known: a chance event (a die, a card)
        or another seat to act refuses the actions after it, and so does a state that hides
        something (a step could reveal it). Raises ``IllegalActionError`` naming the step at fault,
        leaving the state untouched; returns the new events."""
        if not actions:
            raise IllegalActionError("error.plan_empty")
        trial = self.clone()
        for step, action in enumerate(actions, 1):
            if step > 1 and (
                trial.is_terminal()
                or trial.is_chance_node()
                or player not in trial.active_players()
                or trial.has_hidden_information()
            ):
                raise IllegalActionError("error.plan_interrupted", step=step, action=str(action))
            try:
                trial.apply(action, player)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    "error.plan_step",
                    step=step,
                    action=str(action),
                    reason=message(exc.key, **exc.params),
                ) from None
        start = len(self._events)
        for action in actions:
            self.apply_unchecked(action, player)
        return self._events[start:]

    def undo_point(self, player: Player, *, practice: bool = False) -> int:
        """How many actions of the history stay when ``player`` takes back his last move: the run of
        his own actions that ends the history. Legal only before anyone else acts, with no chance
        outcome drawn since (the history's last action is his) and nothing hidden (a move in a game
        with secrets may have revealed one). A game whose moves are final (``Game.takes_back``
        False) refuses it but on a ``practice`` table. Raises ``IllegalActionError`` with the
        refusal named.
        """
        if not self.game.takes_back and not practice:
            raise IllegalActionError("error.undo_final")
        if self.is_terminal():
            raise IllegalActionError("error.undo_game_over")
        if not self.history:
            raise IllegalActionError("error.undo_nothing")
        last = self.history[-1][0]
        if last == CHANCE:
            raise IllegalActionError("error.undo_chance")
        if last != player:
            raise IllegalActionError("error.undo_not_yours")
        if self.has_hidden_information():
            raise IllegalActionError("error.undo_hidden")
        return same_seat_run(self.history, player)

    def taken_back(self, player: Player, *, practice: bool = False) -> Self:
        """The state before ``player``'s last move (:meth:`undo_point`), replayed from the game's
        initial state: for a state whose history starts there (every table's does)."""
        keep = self.undo_point(player, practice=practice)
        state = self.game.new_initial_state()
        for actor, action in self.history[:keep]:
            state.apply_unchecked(action, actor)
        return state  # type: ignore[return-value]

    def apply_unchecked(self, action: Action, player: Player | None = None) -> None:
        """Carry out ``action`` without checking it: the fast path for simulations and search.

        An illegal action here corrupts the state. Use :meth:`apply` for anything from outside.
        """
        actor = self.acting_player() if player is None else player
        self._history.append((actor, action))
        self._apply(actor, action)

    def returns(self) -> tuple[float, ...]:
        return self.outcome().returns

    def to_json(self) -> JSONObject:
        """The whole state (header, position, history) as JSON; round-trips through
        ``Game.state_from_json`` exactly. Events are narration, not state, and are not included."""
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "data_digest": self.game.data_digest,
            "options": self.game.options.to_json(),
            "position": self.position_json(),
            "history": [[p, str(a)] for p, a in self.history],
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} after {len(self.history)} actions>"
