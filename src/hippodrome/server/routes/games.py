"""The games on offer, their boards' static data and the message catalogs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from hippodrome.bots.base import BotKind, bot_label
from hippodrome.engine.i18n import LANGUAGES, catalog
from hippodrome.engine.options import options_schema
from hippodrome.games import CATALOGUE, entry, load_game
from hippodrome.server.schemas import CheckedOptions, CheckOptionsRequest, GameSummary, errors
from hippodrome.server.service import ServerError

router = APIRouter(prefix="/api", tags=["games"])


@router.get("/games")
async def games() -> list[GameSummary]:
    """Every game of the catalogue; the planned ones without players, options or bots yet."""
    out = []
    for e in CATALOGUE.values():
        playable = e.status == "playable"
        cls = e.game_class() if playable else None
        out.append(
            GameSummary.model_validate(
                {
                    "id": e.id,
                    "titles": e.titles,
                    "summary": e.summary,
                    "status": e.status,
                    "min_players": cls.min_players if cls else None,
                    "max_players": cls.max_players if cls else None,
                    "options": options_schema(cls.options_type) if cls else [],
                    "bots": list(BotKind) if playable else [],
                    "bot_labels": {k: bot_label(k, e.id) for k in BotKind} if playable else {},
                }
            )
        )
    return out


@router.get("/games/{game_id}/board", responses=errors(404, 422))
async def board(game_id: str) -> dict[str, Any]:
    """The static material the game's board is drawn from."""
    return entry(game_id).board_data()


@router.post("/games/{game_id}/options/check", responses=errors(400, 404, 413, 422))
async def check_options(game_id: str, request: CheckOptionsRequest) -> CheckedOptions:
    """Whether the game takes these options, judged by the engine as a new table's would be: the
    options completed, or the named refusal (400: ``toques_et_casques.course.<rule>``, an unknown
    option, a value of the wrong type). Nothing is created. A course designer asks it at each
    change, so the browser holds no placement rule."""
    game = load_game(game_id, **request.options)
    return CheckedOptions.model_validate(
        {
            "game": game.id,
            "options": game.options.to_json(),
            "start": game.new_initial_state().observation(None),
        }
    )


@router.get("/i18n/{lang}", responses=errors(404, 422))
async def messages(lang: str) -> dict[str, str]:
    """The whole message catalog of a language: engine, games and web pages."""
    if lang not in LANGUAGES:
        raise ServerError(404, "error.language", lang=lang[:40], langs=list(LANGUAGES))
    return dict(catalog(lang))
