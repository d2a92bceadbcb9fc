"""The registry of games: every subpackage of ``hippodrome.games`` that holds a manifest.

A game is one package, ``hippodrome/games/<id>/``, whose ``manifest.py`` declares a ``GAME_INFO``
(``hippodrome.engine.registry.GameInfo``). The registry imports those manifests, and nothing heavier,
when it is first imported: the rules, bots and views of a game are imported the first time they are
used. A new game adds its package; nothing else in Hippodrome lists games (``docs/adding-a-game.md``).

A game package kept elsewhere (a test's toy game, ``tests/toy_game``) joins the catalogue with
:func:`register` and leaves it with :func:`unregister`; :func:`registered` does both around a block.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from hippodrome.engine.errors import OptionsError, RecordError, UnknownGameError
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import forget_catalog, register_catalog
from hippodrome.engine.record import GameRecord
from hippodrome.engine.registry import GameInfo, GoldenSpec, Pieces, Status, Traits

MANIFEST = "manifest"
"""The module of a game package that declares ``GAME_INFO``."""


def read_manifest(package: str) -> GameInfo:
    """The ``GAME_INFO`` of ``<package>.manifest``, once its texts are registered: the game's id is
    the package's last name and its manifest names the package itself."""
    manifest = importlib.import_module(f"{package}.{MANIFEST}")
    info: GameInfo = manifest.GAME_INFO
    if info.id != package.rsplit(".", 1)[-1] or info.package != package:
        raise ValueError(
            f"the manifest of {package} declares the game {info.id!r} in {info.package!r}"
        )
    web_texts = info.folder() / "web" / "locale"
    if web_texts.is_dir():
        register_catalog(f"web.{info.id}", web_texts)  # the board's texts, for the browser
    return info


def _by_order(infos: list[GameInfo]) -> dict[str, GameInfo]:
    return {info.id: info for info in sorted(infos, key=lambda info: (info.order, info.id))}


def discover() -> dict[str, GameInfo]:
    """Every game whose package holds a manifest, in the manifests' ``order``."""
    return _by_order(
        [
            read_manifest(f"{__name__}.{module.name}")
            for module in pkgutil.iter_modules(__path__)
            if module.ispkg
        ]
    )


CATALOGUE: dict[str, GameInfo] = discover()


def register(package: str) -> GameInfo:
    """Add the game of ``package``, an importable package outside ``hippodrome.games`` laid out as
    ``docs/adding-a-game.md`` says (a test's toy game), to the catalogue; returns its manifest.
    Everything that reads the catalogue then sees it: the lobby, the command, the conformance
    suite. Refuses an id the catalogue already holds."""
    if package.rsplit(".", 1)[-1] in CATALOGUE:
        raise ValueError(f"the catalogue already holds a game named as {package}")
    info = read_manifest(package)
    # The game's event texts (its __init__ registers them when first imported: again here, for a
    # game registered anew after unregister).
    if (info.folder() / "locale").is_dir():
        register_catalog(info.id, info.folder() / "locale")
    ordered = _by_order([*CATALOGUE.values(), info])
    CATALOGUE.clear()
    CATALOGUE.update(ordered)
    return info


def unregister(game_id: str) -> None:
    """Take a game added by :func:`register` out of the catalogue, with its texts."""
    if entry(game_id).package.startswith(f"{__name__}."):
        raise ValueError(f"{game_id} is a game of hippodrome.games, not one registered")
    del CATALOGUE[game_id]
    forget_catalog(game_id)
    forget_catalog(f"web.{game_id}")


@contextmanager
def registered(package: str) -> Iterator[GameInfo]:
    """The game of ``package`` in the catalogue for the block's duration (:func:`register`)."""
    info = register(package)
    try:
        yield info
    finally:
        unregister(info.id)


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
    "read_manifest",
    "register",
    "registered",
    "replay_record",
    "unregister",
]
