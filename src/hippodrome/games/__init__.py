"""The registry of games: one line per game, loaded lazily by id.

A new game adds its package and one line to ``CATALOGUE``; nothing else in Hippodrome changes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from types import ModuleType
from typing import Any, Literal

from hippodrome.engine.bot import Bot
from hippodrome.engine.errors import OptionsError, RecordError, UnknownGameError
from hippodrome.engine.game import Game, State
from hippodrome.engine.record import GameRecord
from hippodrome.engine.types import JSONObject

Status = Literal["playable", "planned"]


@dataclass(frozen=True, slots=True)
class GameEntry:
    id: str
    titles: dict[str, str]
    summary: dict[str, str]
    seed: str
    status: Status
    module: str | None = None
    """The package that defines ``GAME`` (the game class), ``HEURISTIC`` (its heuristic bot),
    ``TEXT_VIEW`` (its board as text), ``check_data`` (its data validator) and
    ``CONFORMANCE_OPTIONS`` (the option sets the conformance suite plays)."""

    def game_class(self) -> type[Game[Any]]:
        cls: type[Game[Any]] = self._module().GAME
        return cls

    def heuristic_class(self) -> type[Bot]:
        cls: type[Bot] = self._module().HEURISTIC
        return cls

    def text_view(self) -> Callable[[JSONObject, str, Sequence[str]], str]:
        """Draws a seat's observation as text, for the terminal."""
        view: Callable[[JSONObject, str, Sequence[str]], str] = self._module().TEXT_VIEW
        return view

    def board_data(self) -> JSONObject:
        """The static material the browser's board renderer draws from."""
        data: JSONObject = self._module().BOARD_DATA()
        return data

    def check_data(self) -> list[str]:
        """Every inconsistency in the game's data files (empty when sound)."""
        problems: list[str] = self._module().check_data()
        return problems

    def rules_document(self) -> str:
        """The rules as implemented (``docs/rules/<id>.md``, shipped inside the game package)."""
        return (files(self._module()) / "rules.md").read_text(encoding="utf-8")

    def conformance_options(self) -> list[dict[str, Any]]:
        """The option sets (table sizes, variants) the conformance suite plays for this game:
        the module's ``CONFORMANCE_OPTIONS``, or the defaults alone when it lists none."""
        found: list[dict[str, Any]] = getattr(self._module(), "CONFORMANCE_OPTIONS", [{}])
        return [dict(options) for options in found]

    def _module(self) -> ModuleType:
        if self.module is None:
            raise UnknownGameError("error.game_not_playable", game=self.id)
        return importlib.import_module(self.module)


CATALOGUE: dict[str, GameEntry] = {
    entry.id: entry
    for entry in (
        GameEntry(
            "royal_turf",
            {"en": "Royal Turf", "fr": "Royal Turf"},
            {
                "en": "Knizia, 2000: seven horses, a symbol die, three bets a race, three races.",
                "fr": "Knizia, 2000 : sept chevaux, un dé à symboles, trois paris par course, trois courses.",
            },
            "003_901e410e4ee2266a.txt",
            "playable",
            "hippodrome.games.royal_turf",
        ),
        GameEntry(
            "royal_steeple_chase",
            {"en": "Royal Steeple Chase", "fr": "Royal Steeple Chase"},
            {
                "en": "Miro, 1941: a card-driven steeplechase with auctions and bridge-style scoring.",
                "fr": "Miro, 1941 : un steeple-chase mené par les cartes, enchères et marque façon bridge.",
            },
            "004_5a02d46b7d17618c.txt",
            "playable",
            "hippodrome.games.royal_steeple_chase",
        ),
        GameEntry(
            "toques_et_casques",
            {"en": "Toques et Casques", "fr": "Toques et Casques"},
            {
                "en": "Six-lane trot and gallop races: blocking, hurdles and the river.",
                "fr": "Courses de trot et de galop sur six couloirs : blocages, haies et rivière.",
            },
            "002_040eccd8846c6b7d.txt",
            "playable",
            "hippodrome.games.toques_et_casques",
        ),
        GameEntry(
            "win_place_show",
            {"en": "Win, Place & Show", "fr": "Win, Place & Show"},
            {
                "en": "3M, 1966: six races, horse auctions, win/place/show bets and claims.",
                "fr": "3M, 1966 : six courses, ventes de chevaux, paris gagnant/placé et réclamations.",
            },
            "001_d3b3ffa791c90747.txt",
            "planned",
        ),
        GameEntry(
            "ascot",
            {"en": "Ascot", "fr": "Ascot"},
            {
                "en": "Miro, 1958: training, a six-lane race for twelve horses and a totalisator.",
                "fr": "Miro, 1958 : entraînement, course de douze chevaux sur six couloirs, totalisateur.",
            },
            "000_fb5c4569383c9a83.txt",
            "planned",
        ),
    )
}


def entry(game_id: str) -> GameEntry:
    found = CATALOGUE.get(game_id)
    if found is None:
        raise UnknownGameError("error.unknown_game", game=game_id, games=playable_ids())
    return found


def playable_ids() -> list[str]:
    return [e.id for e in CATALOGUE.values() if e.status == "playable"]


def load_game(game_id: str, **options: object) -> Game[Any]:
    """The game ``game_id`` with the given options (variants); refuses unknown ids and options."""
    return entry(game_id).game_class().from_options(**options)


def replay_record(record: GameRecord) -> State:
    """Replay a record of any registered game, checking every move and the result.

    Everything wrong with the record, its game id and options included, is a ``RecordError``.
    """
    try:
        game = load_game(record.game, **record.options)
    except UnknownGameError as exc:
        raise RecordError("game", str(exc)) from exc
    except OptionsError as exc:
        raise RecordError("options", str(exc)) from exc
    return record.replay(game)
