"""Tables: created, listed, summarised, recorded, replayed; a seat handed to a bot."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from hippodrome.bots.base import BotKind
from hippodrome.engine.errors import OptionsError
from hippodrome.server.clocks import parse_clock
from hippodrome.server.dependencies import (
    ClientAddress,
    CurrentAccount,
    RuntimeDep,
    SeatQuotaDep,
    SeatToken,
    ServiceDep,
    SettingsDep,
    TableQuotaDep,
)
from hippodrome.server.schemas import (
    CreatedTable,
    CreateTableRequest,
    HandOverRequest,
    Replay,
    TableSummary,
    TakenSeat,
    TakeSeatRequest,
    errors,
)
from hippodrome.server.service import (
    LiveTable,
    SeatKind,
    SeatSpec,
    ServerError,
    TableStatus,
    mark_connected,
)
from hippodrome.server.storage import now

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
    quota: TableQuotaDep,
    address: ClientAddress,
    account: CurrentAccount,
) -> CreatedTable:
    """A new table. The answer shows each human seat's secret token, this once only. The first
    human seat is the creator's: tied to his account when he is logged in.
    One client address creates at most ``tables_per_address`` tables in ``tables_window`` seconds."""
    if "players" in request.options:
        raise OptionsError("error.players_from_seats")
    clock = parse_clock(request.clock)
    specs = [
        SeatSpec(
            s.kind,
            s.name,
            s.bot or (BotKind.HEURISTIC if s.kind == SeatKind.BOT else None),
            mine=s.mine and s.kind == SeatKind.HUMAN,
        )
        for s in request.seats
    ]
    humans = [i for i, s in enumerate(specs) if s.kind != SeatKind.BOT]
    own = next((i for i in humans if specs[i].mine), humans[0] if humans else None)
    if account is not None and own is not None and not specs[own].name:
        specs[own] = replace(specs[own], name=account.name)  # shown by his account's name
    await quota.use(address, "error.too_many_tables")
    try:
        table, tokens = service.create(
            request.game,
            dict(request.options),
            specs,
            practice=request.practice,
            guided=request.guided,
            private=request.private,
            account_id=account.id if account else None,
            clock=clock,
            rated=request.rated,
        )
    except Exception:
        await quota.give_back(address)  # a table refused is not one created
        raise
    runtime.kick(table.id)
    return created(table, tokens)


def created(table: LiveTable, tokens: list[str | None]) -> CreatedTable:
    """A new table's answer: each human seat's token and invite, the spectators' and hot-seat links."""
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
    *,
    service: ServiceDep,
    runtime: RuntimeDep,
    settings: SettingsDep,
    status: TableStatus | None = None,
    game: Annotated[str | None, Query(max_length=64)] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
) -> list[TableSummary]:
    """Tables, most recently active first, of one game if given. Private tables are never listed;
    expired (archived) ones only when asked for by status; abandoned ones (running, no clock, no
    player at them, untouched for ``abandoned_table_time``) are not."""
    abandoned = None
    if settings.abandoned_table_time > 0 and status in (None, TableStatus.RUNNING):
        abandoned = now() - timedelta(seconds=settings.abandoned_table_time)
    found = service.list_tables(
        status,
        game=game,
        limit=limit,
        offset=offset,
        abandoned_before=abandoned,
        present=runtime.present_tables() if abandoned else (),
    )
    return [
        TableSummary.model_validate(mark_connected(s, runtime.connected_seats(str(s["id"]))))
        for s in found
    ]


@router.get("/{table_id}", responses=errors(404, 409, 422))
async def get_table(table_id: TableId, service: ServiceDep, runtime: RuntimeDep) -> TableSummary:
    table = await runtime.current(table_id)
    return TableSummary.model_validate(service.summary(table, runtime.connected_seats(table_id)))


@router.get("/{table_id}/record", responses=errors(404, 409, 422))
async def record(table_id: TableId, service: ServiceDep, runtime: RuntimeDep) -> dict[str, Any]:
    """The game record (what ``hippodrome replay`` reads): once the game is over, or at any time
    for a game that hides nothing."""
    return service.record(await runtime.current(table_id)).to_json()


@router.get("/{table_id}/replay", response_model=Replay, responses=errors(403, 404, 409, 422, 429))
async def replay(
    *,
    table_id: TableId,
    service: ServiceDep,
    runtime: RuntimeDep,
    account: CurrentAccount,
    address: ClientAddress,
    x_seat_token: SeatToken = None,
) -> Response:
    """Every step of the table as the seat of the token (or a spectator) saw it. Built off the
    event loop; one client address has at most ``replays_per_address`` being built at once (429);
    a finished game's replay is kept built (``server/replays.py``)."""
    table = await runtime.current(table_id)
    seat = service.seat_of(table, x_seat_token, account.id if account else None)
    made = await runtime.replays.replay(table, seat, address)
    return Response(made, media_type="application/json")


@router.post("/{table_id}/seats/{index}/bot", responses=errors(400, 403, 404, 409, 413, 422))
async def hand_over(
    *,
    table_id: TableId,
    index: int,
    request: HandOverRequest,
    service: ServiceDep,
    runtime: RuntimeDep,
    settings: SettingsDep,
    account: CurrentAccount,
    x_seat_token: SeatToken = None,
) -> TableSummary:
    """Hand an absent player's seat to a bot, asked by another player at the table; or a present
    one's the table has waited on for ``silent_seat_timeout`` seconds. Its player may come back to
    it with his seat's key while the game goes on."""
    service.get(table_id)  # an unknown table takes no lock
    async with runtime.lock(table_id):
        table = runtime.fresh(table_id)
        service.hand_over(
            table,
            index,
            x_seat_token,
            request.bot,
            absence=runtime.seat_absence,
            timeout=settings.seat_timeout,
            account_id=account.id if account else None,
            silence=runtime.presence.seat_silence,  # present but silent (issue 39)
            silent_timeout=settings.silent_seat_timeout,
        )
        await runtime.release_seat(
            table,
            index,
            ServerError(403, "error.seat_handed_over", name=table.seats[index].name),
        )
        runtime.broadcast(table, [])
    runtime.kick(table_id)
    return TableSummary.model_validate(service.summary(table, runtime.connected_seats(table_id)))


@router.post("/{table_id}/seats/{index}/take", responses=errors(400, 404, 409, 413, 422, 429))
async def take_seat(
    *,
    table_id: TableId,
    index: int,
    request: TakeSeatRequest,
    service: ServiceDep,
    runtime: RuntimeDep,
    quota: SeatQuotaDep,
    address: ClientAddress,
    account: CurrentAccount,
) -> TakenSeat:
    """Take a free seat of an open table (from the lobby, or from the table's link for a private
    table). The answer shows the seat's new secret token, this once only; someone logged in takes
    it for his account, under its name. One client address takes
    at most ``seats_per_address`` seats in ``tables_window`` seconds."""
    service.get(table_id)  # an unknown table takes no lock, nor a use of the quota
    await quota.use(address, "error.too_many_seats")
    async with runtime.lock(table_id):
        table = runtime.fresh(table_id)
        try:
            token = service.take_seat(table, index, request.name)
        except Exception:
            await quota.give_back(address)
            raise
        if account is not None:  # the seat is his account's, under its name
            service.link_account(table, index, account.id)
        runtime.told(table)
        runtime.broadcast(table, [])
    runtime.kick(table_id)
    seat = table.seats[index].to_json(runtime.connected_seats(table_id))
    seat.update(token=token, invite=f"/table/{table.id}#token={token}")
    return TakenSeat.model_validate({"table": table.id, "seat": seat})


@router.post("/{table_id}/rematch", status_code=201, responses=errors(403, 404, 409, 413, 422, 429))
async def rematch(
    *,
    table_id: TableId,
    service: ServiceDep,
    runtime: RuntimeDep,
    quota: TableQuotaDep,
    address: ClientAddress,
    account: CurrentAccount,
    x_seat_token: SeatToken = None,
) -> CreatedTable:
    """A finished table's rematch, asked by one of its players: a new table with the same game,
    options, clock and seats. The answer holds the asker's own seat's token and invite; each other
    player at the old table is handed his own new seat through his connection (a ``rematch``
    message), now or when he comes back with his seat's token."""
    service.get(table_id)  # an unknown table takes no lock
    async with runtime.lock(table_id):
        table = service.get(table_id)
        owner = account.id if account else None
        service.seat_of(table, x_seat_token, owner)  # a wrong token: refused before any quota
        await quota.use(address, "error.too_many_tables")
        try:
            new, tokens = service.rematch(table, x_seat_token, owner)
        except Exception:
            await quota.give_back(address)
            raise
        runtime.start_rematch(table, new.id)
    runtime.kick(new.id)
    return created(new, tokens)
