"""The FastAPI application: thin routes over the table service and the live runtime.

See ``docs/web.md`` for the HTTP API and the websocket protocol. Every error is a JSON body
``{"error": {"key", "params", "message": {"en", "fr"}}}`` with a 4xx status.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from hippodrome.bots.base import BOT_KINDS
from hippodrome.engine.errors import HippodromeError, OptionsError, UnknownGameError
from hippodrome.engine.i18n import LANGUAGES, catalog, register_catalog, texts
from hippodrome.engine.options import options_schema
from hippodrome.engine.types import JSONObject
from hippodrome.games import CATALOGUE, entry
from hippodrome.server.runtime import Runtime, event_json
from hippodrome.server.service import SeatSpec, ServerError, TableService
from hippodrome.server.settings import Settings
from hippodrome.server.storage import open_database

WEB = files("hippodrome") / "web"


class SeatRequest(BaseModel):
    kind: Literal["human", "bot"]
    name: str | None = Field(default=None, max_length=40)
    bot: Literal["random", "heuristic"] | None = None


class CreateTableRequest(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    seats: list[SeatRequest] = Field(min_length=1, max_length=12)


class HandOverRequest(BaseModel):
    bot: Literal["random", "heuristic"] = "heuristic"


def error_body(key: str, params: dict[str, Any]) -> JSONObject:
    return {
        "error": {
            "key": key,
            "params": params,
            "message": texts(key, params),
        }
    }


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = open_database(settings.db_url)
        service = TableService(engine, cache_size=settings.cache_size)
        runtime = Runtime(service, settings)
        state.update(service=service, runtime=runtime)
        app.state.runtime = runtime
        for game_entry in CATALOGUE.values():
            if game_entry.status == "playable":
                game_entry.game_class()  # registers the game's message catalog
        register_catalog("web", WEB / "locale")
        await runtime.resume_all()
        # Live tables hold many small objects (events, history); the default collector would scan
        # them all every few thousand allocations, pausing every table. Start-up objects are frozen
        # out of the scans and the youngest generation collected less often.
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 20, 20)
        yield
        await runtime.stop()
        engine.dispose()

    app = FastAPI(
        title="Hippodrome", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )

    def service() -> TableService:
        found: TableService = state["service"]
        return found

    def runtime() -> Runtime:
        found: Runtime = state["runtime"]
        return found

    # -- errors: always JSON, always named --------------------------------------------------------

    @app.exception_handler(HippodromeError)
    async def hippodrome_error(_: Request, exc: HippodromeError) -> JSONResponse:
        status = getattr(exc, "status", 400)
        if isinstance(exc, UnknownGameError):
            status = 404
        return JSONResponse(error_body(exc.key, exc.params), status_code=status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        problem = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in problem["loc"]) or "request"
        return JSONResponse(
            error_body("error.bad_request", {"field": where, "reason": problem["msg"]}),
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            error_body("error.http", {"status": exc.status_code, "reason": str(exc.detail)}),
            status_code=exc.status_code,
        )

    # -- pages ------------------------------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(str(WEB / "index.html"))

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(WEB / "table.html"))

    @app.get("/table/{table_id}/replay", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(str(WEB / "replay.html"))

    # -- games ------------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[JSONObject]:
        out = []
        for e in CATALOGUE.values():
            playable = e.status == "playable"
            cls = e.game_class() if playable else None
            out.append(
                {
                    "id": e.id,
                    "titles": e.titles,
                    "summary": e.summary,
                    "status": e.status,
                    "min_players": cls.min_players if cls else None,
                    "max_players": cls.max_players if cls else None,
                    "options": options_schema(cls.options_type) if cls else [],
                    "bots": list(BOT_KINDS) if playable else [],
                }
            )
        return out

    @app.get("/api/games/{game_id}/board")
    async def board(game_id: str) -> JSONObject:
        return entry(game_id).board_data()

    @app.get("/api/i18n/{lang}")
    async def messages(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise ServerError(404, "error.language", lang=lang, langs=list(LANGUAGES))
        return dict(catalog(lang))

    # -- tables -----------------------------------------------------------------------------------

    @app.post("/api/tables", status_code=201)
    async def create_table(request: CreateTableRequest) -> JSONObject:
        if "players" in request.options:
            raise OptionsError("error.players_from_seats")
        specs = [
            SeatSpec(s.kind, s.name, s.bot or ("heuristic" if s.kind == "bot" else None))
            for s in request.seats
        ]
        table, tokens = service().create(request.game, dict(request.options), specs)
        runtime().kick(table.id)
        seats = []
        for info, token in zip(table.seats, tokens, strict=True):
            seat = info.to_json()
            if token is not None:
                seat["token"] = token
                seat["invite"] = f"/table/{table.id}#token={token}"
            seats.append(seat)
        human_tokens = [t for t in tokens if t is not None]
        return {
            "id": table.id,
            "seats": seats,
            "spectate": f"/table/{table.id}",
            "hotseat": f"/table/{table.id}#tokens={','.join(human_tokens)}"
            if human_tokens
            else None,
        }

    @app.get("/api/tables")
    async def list_tables(
        status: Annotated[Literal["open", "running", "finished"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> list[JSONObject]:
        found = service().list_tables(status, limit=limit, offset=offset)
        for summary in found:
            connected = runtime().connected_seats(str(summary["id"]))
            for seat in summary["seats"]:
                seat["connected"] = seat["kind"] == "bot" or seat["index"] in connected
        return found

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> JSONObject:
        table = service().get(table_id)
        return service().summary(table, runtime().connected_seats(table_id))

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> JSONObject:
        table = service().get(table_id)
        if table.status != "finished" and table.state.has_hidden_information():
            raise ServerError(409, "error.record_private")
        return table.record().to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def replay(
        table_id: str, x_seat_token: Annotated[str | None, Header()] = None
    ) -> JSONObject:
        table = service().get(table_id)
        seat = service().seat_of(table, x_seat_token)
        secret = table.status != "finished" and table.state.has_hidden_information()
        replayed = table.game.new_initial_state()
        steps: list[JSONObject] = [
            {
                "version": 0,
                "move": None,
                "events": [event_json(e.seen_by(seat), table.names) for e in replayed.events],
                "observation": replayed.observation(seat),
                "context": replayed.context(),
            }
        ]
        for player, action in table.state.history:
            start = len(replayed.events)
            replayed.apply(action, player)
            steps.append(
                {
                    "version": len(replayed.history),
                    "move": None if secret and player != seat else str(action),
                    "player": player,
                    "events": [
                        event_json(e.seen_by(seat), table.names) for e in replayed.events[start:]
                    ],
                    "observation": replayed.observation(seat),
                    "context": replayed.context(),
                }
            )
        return {
            "table": table.id,
            "game": table.game.id,
            "seat": seat,
            "seats": [s.to_json() for s in table.seats],
            "steps": steps,
        }

    @app.post("/api/tables/{table_id}/seats/{index}/bot")
    async def hand_over(
        table_id: str,
        index: int,
        request: HandOverRequest,
        x_seat_token: Annotated[str | None, Header()] = None,
    ) -> JSONObject:
        live = runtime()
        service().get(table_id)  # an unknown table takes no lock
        async with live.lock(table_id):
            table = service().get(table_id)
            asker = service().seat_of(table, x_seat_token)
            if asker is None:
                raise ServerError(403, "error.seat_needed")
            if not 0 <= index < len(table.seats):
                raise ServerError(404, "error.no_seat", index=index)
            if table.seats[index].kind == "bot":
                raise ServerError(409, "error.seat_is_bot", index=index)
            if index == asker:
                raise ServerError(409, "error.own_seat")
            absent = live.seat_absence(table, index)
            if absent < settings.seat_timeout:
                raise ServerError(
                    409,
                    "error.seat_present",
                    name=table.seats[index].name,
                    seconds=round(settings.seat_timeout - absent),
                )
            service().hand_to_bot(table, index, request.bot)
            await live.release_seat(
                table,
                index,
                ServerError(403, "error.seat_handed_over", name=table.seats[index].name),
            )
            live.broadcast(table, [])
        live.kick(table_id)
        return service().summary(table, live.connected_seats(table_id))

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await runtime().serve(websocket, table_id, token)

    return app
