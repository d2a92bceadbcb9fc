"""The registry of games: every subpackage of ``hippodrome.games`` that holds a manifest.

A game is one package, ``hippodrome/games/<id>/``, whose ``manifest.py`` declares a ``GAME_INFO``
(``hippodrome.engine.registry.GameInfo``). The registry imports those manifests, and nothing heavier,
when it is first imported: the rules, bots and views of a game are imported the first time they are
used. A new game adds its package; nothing else in Hippodrome lists games (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from hippodrome.engine.errors import OptionsError, RecordError, UnknownGameError
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import register_catalog
from hippodrome.engine.record import GameRecord
from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, Status, Traits

MANIFEST = "manifest"
"""The module of a game package that declares ``GAME_INFO``."""


def discover() -> dict[str, GameInfo]:
    """Every game whose package holds a manifest, in the manifests' ``order``."""
    found: list[GameInfo] = []
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        manifest = importlib.import_module(f"{__name__}.{module.name}.{MANIFEST}")
        info: GameInfo = manifest.GAME_INFO
        if info.id != module.name or info.package != f"{__name__}.{module.name}":
            raise ValueError(
                f"the manifest of {module.name} declares the game {info.id!r} in {info.package!r}"
            )
        web_texts = info.folder() / "web" / "locale"
        if web_texts.is_dir():
            register_catalog(f"web.{info.id}", web_texts)  # the board's texts, for the browser
        found.append(info)
    found.sort(key=lambda info: (info.order, info.id))
    return {info.id: info for info in found}


CATALOGUE: dict[str, GameInfo] = discover()


def entry(game_id: str) -> GameInfo:
    found = CATALOGUE.get(game_id)
    if found is None:
        raise UnknownGameError("error.unknown_game", game=game_id, games=playable_ids())
    return found


def playable_ids() -> list[str]:
    return [e.id for e in CATALOGUE.values() if e.is_playable]


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


__all__ = [
    "CATALOGUE",
    "GameInfo",
    "GoldenSpec",
    "Pieces",
    "Status",
    "Traits",
    "discover",
    "entry",
    "load_game",
    "playable_ids",
    "replay_record",
]
