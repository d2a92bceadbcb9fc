"""A game's browser files, served from its own package.

Each game keeps its board module, its stylesheet and its board's texts in ``hippodrome/games/<id>/web/``
(``board.js``, ``board.css``, ``locale/<lang>.json``). The texts join the message catalog the client
downloads (``/api/i18n/{lang}``); the two files are served here, by convention:

- ``GET /games/{game}/web/board.js``: the game's board module, or the generic board (the legal actions
  as buttons, ``web/js/boards/generic.js``) when the game has none;
- ``GET /games/{game}/web/board.css``: the game's stylesheet, or an empty one.

So the table and replay pages load any game's board from one address and know no game.
"""

from __future__ import annotations

from importlib.resources import files

from fastapi import APIRouter, Response

from hippodrome.games import entry
from hippodrome.server.service import ServerError

GENERIC_BOARD = files("hippodrome") / "web" / "js" / "boards" / "generic.js"

MEDIA_TYPES = {"board.js": "text/javascript", "board.css": "text/css"}
"""The files a game's ``web/`` folder may hold, with their media types."""

router = APIRouter(include_in_schema=False)


@router.get("/games/{game_id}/web/{name}")
async def game_web_file(game_id: str, name: str) -> Response:
    media_type = MEDIA_TYPES.get(name)
    if media_type is None:
        raise ServerError(404, "error.http", status=404, reason=f"no file {name} for a game")
    found = entry(game_id).web_file(name)  # an unknown game is a 404 too
    if found is not None:
        content = found.read_bytes()
    elif name == "board.js":
        content = GENERIC_BOARD.read_bytes()
    else:
        content = b"/* This game has no stylesheet of its own. */\n"
    # Revalidated on each load: a board changes with the package, not with a versioned URL.
    return Response(content, media_type=media_type, headers={"Cache-Control": "no-cache"})
