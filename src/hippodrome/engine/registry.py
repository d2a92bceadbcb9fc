"""What a game says about itself: its manifest (an OpenSpiel-style ``GameInfo``).

Every game package ``hippodrome.games.<id>`` holds a small ``manifest.py`` whose ``GAME_INFO`` is a
``GameInfo``: the game's names, its seed rulebook, whether it can be played yet, its table sizes and
traits (chance, hidden information, simultaneous moves, how long a game can last), and where its
pieces are: the game class, the heuristic bot, the text view, the board data, the data check, the
optional ones (tensor encoding, balance facts, search hooks, vectorised odds), the option sets the
conformance suite plays, the golden games recorded for it, the notation it must refuse and the modules
the compiled build compiles. The registry
(``hippodrome.games``) finds the manifests by looking at its subpackages; nothing else lists games.

The manifest names its pieces as ``"module:attribute"`` inside the game's package and imports none of
them, so reading every manifest stays cheap: a game's rules are imported the first time they are used.
``docs/adding-a-game.md`` is the checklist of those pieces; ``hippodrome.games.checklist`` holds it true.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Literal

from hippodrome.engine.errors import UnknownGameError
from hippodrome.engine.types import JSONObject

if TYPE_CHECKING:
    from hippodrome.engine.bot import Bot, GuideHooks, SearchHooks
    from hippodrome.engine.game import Game
    from hippodrome.engine.odds import OddsMethod
    from hippodrome.engine.study import BalanceHook
    from hippodrome.engine.tensor import TensorLayout

Status = Literal["playable", "planned"]

TextView = Callable[[JSONObject, str, Sequence[str]], str]
"""Draws a seat's observation as text for the terminal: ``(observation, lang, names) -> str``."""


@dataclass(frozen=True, slots=True)
class Traits:
    """The facts about a game a search or a learning algorithm asks first (OpenSpiel's game type)."""

    chance: bool
    """Dice, draws or shuffles: the game has chance nodes."""
    hidden_information: bool
    """Some seat may not see everything (cards in hand, bets laid face down)."""
    simultaneous_moves: bool
    """Several seats may have to act at once, each in secret (``State.active_players``)."""
    max_length: int
    """The most actions one game can take, chance outcomes included, under any option set: proved
    from the rules or enforced by them, the argument written in the game's rules document
    (``docs/engine.md``, "How long a game lasts"); below 2**31 - 1, OpenSpiel's C++ int.
    A game whose length depends much on its options also works out each option set's own bound
    (``Game.max_length``); ``GameInfo.max_length`` gives the one for a game."""


@dataclass(frozen=True, slots=True)
class GoldenSpec:
    """One golden game (``tests/golden/<game>/<name>.json``): who sits where, the options and the
    seed ``scripts/regenerate_golden.py`` plays it from."""

    name: str
    seats: tuple[str, ...]
    """The bot kind of each seat, in seat order."""
    seed: int
    options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Pieces:
    """Where a playable game's pieces are, each as ``"module:attribute"`` inside its package."""

    game: str
    """The ``Game`` subclass."""
    heuristic: str
    """The heuristic bot's class (a ``Bot``)."""
    text_view: str
    """A ``TextView``: the board as text, for the terminal."""
    board_data: str
    """A function returning the static material the browser's board draws from (JSON)."""
    check_data: str
    """A function returning every inconsistency in the game's data files (empty when sound)."""
    tensor: str | None = None
    """A function of the game returning its exact numeric encoding of a seat's view
    (``hippodrome.engine.tensor.TensorLayout``); research code hashes the view when it is None."""
    balance: str | None = None
    """Optional: a ``BalanceHook`` (``engine/study.py``), the game's own facts for the balance report
    (``hippodrome analyze``); without it the report shows what every game has."""
    search: str | None = None
    """Optional: the game's ``SearchHooks`` (``engine/bot.py``) for the ISMCTS bot: a cheap rollout
    policy, an evaluation of unfinished positions; without it the search plays random rollouts."""
    guide: str | None = None
    """Optional: the game's ``GuideHooks`` (``engine/bot.py``) for a guided table: the phase text
    that fits the situation (the last race, the lot on sale), a whole move in words; without it the
    guide shows each phase's text."""
    simulator: str | None = None
    """Optional: the game's own odds method for ``hippodrome odds``, an ``OddsMethod``
    (``engine/odds.py``): a vectorised simulator (Royal Turf's races on numpy) answering where it
    applies; without it, or without its extra installed, the odds play the game out."""


@dataclass(frozen=True, slots=True)
class RulesTexts:
    """The rules a player reads on the site (``/rules/<id>``), and where the table's help panel opens
    them. Each text is Markdown in the game's package, rendered by ``engine/rulestext.py``."""

    texts: Mapping[str, str] = field(default_factory=lambda: {"en": "rules.md"})
    """Per language, the file a reader of that language gets: the rules document (``rules.md``,
    English, with the decisions) or the original rulebook (``rulebook.fr.md``, the seed's words). A
    language without a text of its own gets the first one."""
    sections: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per language, the heading (its anchor in that language's text) the help panel opens for each
    phase of the game (the observation's ``phase``)."""

    for_programmers: tuple[str, ...] = ("notation", "position-documents")
    """The sections of the rules document (``rules.md``) written for programmers (the notation, the
    position documents): the rules page folds them, so a player reads the rules straight through."""

    def file(self, lang: str) -> tuple[str, str]:
        """``(the language the text is written in, its file)`` for a reader of ``lang``."""
        if lang in self.texts:
            return lang, self.texts[lang]
        first = next(iter(self.texts))
        return first, self.texts[first]

    def is_rulebook(self, name: str) -> bool:
        """Whether a file is the original rulebook rather than the rules document."""
        return name != "rules.md"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's manifest: declared once, in ``hippodrome/games/<id>/manifest.py``."""

    id: str
    titles: Mapping[str, str]
    """The game's name in each language (``en``, ``fr``)."""
    summary: Mapping[str, str]
    """One line per language for the lobby and ``hippodrome games``."""
    seed: str
    """The rulebook the rules come from: a file of ``shared/seeds/``."""
    status: Status
    package: str
    """The game's package (``hippodrome.games.<id>``): its rules, data, texts, board and docs."""
    players: tuple[int, int] | None = None
    """The smallest and the largest table (None while the game is planned)."""
    traits: Traits | None = None
    pieces: Pieces | None = None
    conformance: tuple[Mapping[str, object], ...] = ()
    """The option sets (table sizes, variants) the conformance suite plays for this game."""
    golden: tuple[GoldenSpec, ...] = ()
    """The golden games recorded for this game."""
    bad_notation: tuple[str, ...] = ()
    """Texts a player might type that are no action of the game (a typing slip, a word of another
    game, a value out of range): the conformance suite checks that each is refused with a hint in
    the reader's language (``NotationError``)."""
    compiled: tuple[str, ...] = ()
    """The game's modules (``"rules"``, ``"actions"``...) the optional compiled build compiles with
    mypyc (``hippodrome.compiled``, docs/engine.md, "A compiled build"); none: it runs as Python."""
    rules: RulesTexts = field(default_factory=RulesTexts)
    """The rules texts the site shows, per language, and the help panel's section for each phase."""
    order: int = 100
    """Where the game comes in the lobby and in ``hippodrome games`` (smallest first; the lobby
    offers the first playable game by default)."""

    @property
    def is_playable(self) -> bool:
        return self.status == "playable"

    def game_class(self) -> type[Game[Any]]:
        cls: type[Game[Any]] = self.resolve("game")
        return cls

    def heuristic_class(self) -> type[Bot]:
        cls: type[Bot] = self.resolve("heuristic")
        return cls

    def tensor_layout(self, game: Game[Any]) -> TensorLayout | None:
        """The game's exact numeric encoding of a seat's view, if it declares one."""
        if self.pieces is None or self.pieces.tensor is None:
            return None
        layout: TensorLayout = self.resolve("tensor")(game)
        return layout

    def text_view(self) -> TextView:
        """Draws a seat's observation as text, for the terminal."""
        view: TextView = self.resolve("text_view")
        return view

    def board_data(self) -> JSONObject:
        """The static material the browser's board renderer draws from."""
        data: JSONObject = self.resolve("board_data")()
        return data

    def check_data(self) -> list[str]:
        """Every inconsistency in the game's data files (empty when sound)."""
        problems: list[str] = self.resolve("check_data")()
        return problems

    def balance_hook(self) -> BalanceHook | None:
        """The game's balance hook, None when its manifest declares none."""
        if self.pieces is None or self.pieces.balance is None:
            return None
        hook: BalanceHook = self.resolve("balance")
        return hook

    def search_hooks(self) -> SearchHooks:
        """The game's hooks for tree search; empty ones (random rollouts) when it declares none."""
        from hippodrome.engine.bot import SearchHooks  # noqa: PLC0415 (manifests stay cheap)

        if self.pieces is None or self.pieces.search is None:
            return SearchHooks()
        hooks: SearchHooks = self.resolve("search")
        return hooks

    def guide_hooks(self) -> GuideHooks:
        """The game's hooks for a guided table's guide; empty ones when it declares none."""
        from hippodrome.engine.bot import GuideHooks  # noqa: PLC0415 (manifests stay cheap)

        if self.pieces is None or self.pieces.guide is None:
            return GuideHooks()
        hooks: GuideHooks = self.resolve("guide")
        return hooks

    def simulator(self) -> OddsMethod | None:
        """The game's own odds method, None when its manifest declares none or the extra it needs
        (numpy) is not installed."""
        if self.pieces is None or self.pieces.simulator is None:
            return None
        try:
            method: OddsMethod = self.resolve("simulator")
        except ModuleNotFoundError as exc:
            if exc.name is None or exc.name.startswith(("hippodrome", self.package)):
                raise  # a module of the game's or of Hippodrome's own is missing: a mistake
            return None
        return method

    def compiled_modules(self) -> tuple[str, ...]:
        """The dotted names of the modules the compiled build compiles for this game."""
        return tuple(f"{self.package}.{module}" for module in self.compiled)

    def max_length(self, game: Game[Any]) -> int:
        """The most actions ``game``, with its options, can take: its own bound when it works one
        out from its options (``Game.max_length``), else the manifest's (``Traits.max_length``)."""
        if self.traits is None:
            raise UnknownGameError("error.game_not_playable", game=self.id)
        own = game.max_length()
        return self.traits.max_length if own is None else own

    def conformance_options(self) -> list[dict[str, Any]]:
        """The option sets the conformance suite plays: the manifest's, or the defaults alone."""
        return [dict(options) for options in self.conformance] or [{}]

    def folder(self) -> Traversable:
        """The game's package folder (its data files, ``rules.md``, ``locale/`` and ``web/``)."""
        return files(self.package)

    def rules_document(self) -> str:
        """The rules as implemented (``rules.md`` in the game package, copied to ``docs/rules/<id>.md``)."""
        if not self.is_playable:
            raise UnknownGameError("error.game_not_playable", game=self.id)
        return (self.folder() / "rules.md").read_text(encoding="utf-8")

    def rules_text(self, lang: str) -> tuple[str, str, bool]:
        """The rules a reader of ``lang`` gets on the site: ``(the text's language, its Markdown,
        whether it is the original rulebook)``."""
        if not self.is_playable:
            raise UnknownGameError("error.game_not_playable", game=self.id)
        written_in, name = self.rules.file(lang)
        text = (self.folder() / name).read_text(encoding="utf-8")
        return written_in, text, self.rules.is_rulebook(name)

    def web_file(self, name: str) -> Traversable | None:
        """A file of the game's browser part (``web/board.js``, ``web/board.css``), None when the game
        has none."""
        found = self.folder() / "web" / name
        return found if found.is_file() else None

    def resolve(self, piece: str) -> Any:
        """The object a piece names (``"rules:RoyalTurf"`` is ``<package>.rules.RoyalTurf``), imported
        now. Refuses a game that is only planned."""
        if self.pieces is None:
            raise UnknownGameError("error.game_not_playable", game=self.id)
        reference: str = getattr(self.pieces, piece)
        module, _, attribute = reference.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), attribute)
