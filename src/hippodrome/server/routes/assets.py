"""A game's browser files, served from its own package.

Each game keeps its board module, its stylesheet and its board's texts in ``hippodrome/games/<id>/web/``
(``board.js``, ``board.css``, ``locale/<lang>.json``). The texts join the message catalog the client
downloads (``/api/i18n/{lang}``); the two files are served here, by convention:

- ``GET /games/{game}/web/board.js``: the game's board module, or the generic board (the legal actions
  as buttons, ``web/js/boards/generic.js``) when the game has none;
- ``GET /games/{game}/web/board.css``: the game's stylesheet, or an empty one;
- ``GET /games/{game}/web/options.js``: the game's options editor for the lobby's create form (Toques et
  Casques' course designer), or a module that offers none (``web/js/boards/no_options.js``);
- any other ``<name>.js`` or ``<name>.css`` the game's ``web/`` folder holds (a module its board and
  its options editor share), else a 404.

So the table and replay pages load any game's board from one address and know no game.
"""

from __future__ import annotations

import re
from importlib.resources import files

from fastapi import APIRouter, Response

from hippodrome.engine.errors import message
from hippodrome.games import entry
from hippodrome.server.service import ServerError

BOARDS = files("hippodrome") / "web" / "js" / "boards"
DEFAULTS = {
    "board.js": BOARDS.joinpath("generic.js").read_bytes,
    "board.css": lambda: b"/* This game has no stylesheet of its own. */\n",
    "options.js": BOARDS.joinpath("no_options.js").read_bytes,
}
"""What a game without its own file gets."""

MEDIA_TYPES = {"js": "text/javascript", "css": "text/css"}
"""The kinds of file a game's ``web/`` folder may serve, with their media types."""
WEB_FILE = re.compile(r"^[a-z][a-z0-9_]{0,40}\.(js|css)$")

router = APIRouter(include_in_schema=False)


@router.get("/games/{game_id}/web/{name}")
async def game_web_file(game_id: str, name: str) -> Response:
    kind = WEB_FILE.fullmatch(name)
    if kind is None:
        raise ServerError(
            404, "error.http", status=404, reason=message("error.reason.no_file", name=name[:60])
        )
    found = entry(game_id).web_file(name)  # an unknown game is a 404 too
    if found is not None:
        content = found.read_bytes()
    elif name in DEFAULTS:
        content = DEFAULTS[name]()
    else:
        raise ServerError(
            404, "error.http", status=404, reason=message("error.reason.no_file", name=name)
        )
    media_type = MEDIA_TYPES[kind[1]]
    # Revalidated on each load: a board changes with the package, not with a versioned URL.
    return Response(content, media_type=media_type, headers={"Cache-Control": "no-cache"})
