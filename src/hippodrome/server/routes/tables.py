"""Tables: created, listed, summarised, recorded, replayed; a seat handed to a bot."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from hippodrome.bots.base import BotKind
from hippodrome.engine.errors import OptionsError
from hippodrome.server.dependencies import (
    ClientAddress,
    RuntimeDep,
    SeatToken,
    ServiceDep,
    SettingsDep,
    TableQuotaDep,
)
from hippodrome.server.limits import QuotaError
from hippodrome.server.schemas import (
    CreatedTable,
    CreateTableRequest,
    HandOverRequest,
    Replay,
    TableSummary,
    errors,
)
from hippodrome.server.service import SeatKind, SeatSpec, ServerError, TableStatus

router = APIRouter(prefix="/api/tables", tags=["tables"])

MAX_OFFSET = 2**31 - 1
"""Past any real number of tables, and within what every database takes as an offset."""

TableId = Annotated[str, Path(max_length=64, description="The table's id")]


@router.post(
    "",
    status_code=201,
    response_model_exclude_unset=True,
    responses=errors(400, 404, 413, 422, 429),
)
async def create_table(
    *,
    request: CreateTableRequest,
    service: ServiceDep,
    runtime: RuntimeDep,
    settings: SettingsDep,
    quota: TableQuotaDep,
    address: ClientAddress,
) -> CreatedTable:
    """A new table. The answer shows each human seat's secret token, this once only.
    One client address creates at most ``tables_per_address`` tables in ``tables_window`` seconds."""
    if "players" in request.options:
        raise OptionsError("error.players_from_seats")
    specs = [
        SeatSpec(s.kind, s.name, s.bot or (BotKind.HEURISTIC if s.kind == SeatKind.BOT else None))
        for s in request.seats
    ]
    wait = quota.take(address)
    if wait is not None:
        raise QuotaError(
            "error.too_many_tables",
            wait,
            limit=settings.tables_per_address,
            minutes=round(settings.tables_window / 60),
        )
    try:
        table, tokens = service.create(
            request.game, dict(request.options), specs, practice=request.practice
        )
    except Exception:
        quota.refund(address)  # a table refused is not one created
        raise
    runtime.kick(table.id)
    seats: list[dict[str, Any]] = []
    for info, token in zip(table.seats, tokens, strict=True):
        seat = info.to_json()
        if token is not None:
            seat["token"] = token
            seat["invite"] = f"/table/{table.id}#token={token}"
        seats.append(seat)
    human_tokens = [t for t in tokens if t is not None]
    return CreatedTable.model_validate(
        {
            "id": table.id,
            "seats": seats,
            "spectate": f"/table/{table.id}",
            "hotseat": f"/table/{table.id}#tokens={','.join(human_tokens)}"
            if human_tokens
            else None,
        }
    )


@router.get("", responses=errors(422))
async def list_tables(
    service: ServiceDep,
    runtime: RuntimeDep,
    status: TableStatus | None = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> list[TableSummary]:
    """Tables, most recently active first."""
    found = service.list_tables(status, limit=limit, offset=offset)
    for summary in found:
        connected = runtime.connected_seats(str(summary["id"]))
        for seat in summary["seats"]:
            seat["connected"] = seat["kind"] == SeatKind.BOT or seat["index"] in connected
    return [TableSummary.model_validate(summary) for summary in found]


@router.get("/{table_id}", responses=errors(404, 409, 422))
async def get_table(table_id: TableId, service: ServiceDep, runtime: RuntimeDep) -> TableSummary:
    table, _ = service.fresh(table_id)
    return TableSummary.model_validate(service.summary(table, runtime.connected_seats(table_id)))


@router.get("/{table_id}/record", responses=errors(404, 409, 422))
async def record(table_id: TableId, service: ServiceDep) -> dict[str, Any]:
    """The game record (what ``hippodrome replay`` reads): once the game is over, or at any time
    for a game that hides nothing."""
    return service.record(service.fresh(table_id)[0]).to_json()


@router.get("/{table_id}/replay", responses=errors(403, 404, 409, 422))
async def replay(table_id: TableId, service: ServiceDep, x_seat_token: SeatToken = None) -> Replay:
    """Every step of the table as the seat of the token (or a spectator) saw it."""
    table, _ = service.fresh(table_id)
    return Replay.model_validate(service.replay(table, service.seat_of(table, x_seat_token)))


@router.post("/{table_id}/seats/{index}/bot", responses=errors(400, 403, 404, 409, 413, 422))
async def hand_over(
    *,
    table_id: TableId,
    index: int,
    request: HandOverRequest,
    service: ServiceDep,
    runtime: RuntimeDep,
    settings: SettingsDep,
    x_seat_token: SeatToken = None,
) -> TableSummary:
    """Hand an absent player's seat to a bot, asked by another player at the table."""
    service.get(table_id)  # an unknown table takes no lock
    async with runtime.lock(table_id):
        table = service.get(table_id)
        service.hand_over(
            table,
            index,
            x_seat_token,
            request.bot,
            absence=runtime.seat_absence,
            timeout=settings.seat_timeout,
        )
        await runtime.release_seat(
            table,
            index,
            ServerError(403, "error.seat_handed_over", name=table.seats[index].name),
        )
        runtime.broadcast(table, [])
    runtime.kick(table_id)
    return TableSummary.model_validate(service.summary(table, runtime.connected_seats(table_id)))
