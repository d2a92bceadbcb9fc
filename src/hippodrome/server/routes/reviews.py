"""A finished table's game review (``server/reviews.py``; docs/web.md, "Game review")."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path
from starlette.requests import HTTPConnection

from hippodrome.server.dependencies import (
    ClientAddress,
    CurrentAccount,
    RuntimeDep,
    SeatToken,
    ServiceDep,
)
from hippodrome.server.reviews import ReviewAnswer, Reviews
from hippodrome.server.schemas import errors

router = APIRouter(prefix="/api/tables", tags=["reviews"])

TableId = Annotated[str, Path(max_length=64, description="The table's id")]
SeatIndex = Annotated[int, Path(description="The reviewed seat (0 for the first)")]


def get_reviews(connection: HTTPConnection) -> Reviews:
    reviews: Reviews = connection.app.state.reviews
    return reviews


ReviewsDep = Annotated[Reviews, Depends(get_reviews)]


@router.get("/{table_id}/reviews/{seat}", responses=errors(403, 404, 409, 422))
async def look(
    *,
    table_id: TableId,
    seat: SeatIndex,
    service: ServiceDep,
    runtime: RuntimeDep,
    reviews: ReviewsDep,
    account: CurrentAccount,
    x_seat_token: SeatToken = None,
) -> ReviewAnswer:
    """The review of a seat of a finished game: ``none`` (not asked for yet), ``computing`` (how
    many of its decisions are judged, of how many), ``done`` (with the review) or ``failed``.
    Read as its replay is: by anyone with the table's link; a seat token, if given, must be right.
    A game not over is refused (409)."""
    table = await runtime.current(table_id)
    service.seat_of(table, x_seat_token, account.id if account else None)
    return reviews.look(table, seat)


@router.post("/{table_id}/reviews/{seat}", responses=errors(403, 404, 409, 413, 422, 429))
async def ask(
    *,
    table_id: TableId,
    seat: SeatIndex,
    service: ServiceDep,
    runtime: RuntimeDep,
    reviews: ReviewsDep,
    account: CurrentAccount,
    address: ClientAddress,
    x_seat_token: SeatToken = None,
) -> ReviewAnswer:
    """Ask for the review of a seat of a finished game: computed once, in the review workers, and
    kept with the table. The answer is the stored review, or the computation under way (started now,
    or by an earlier request: all share it); follow it with GET. A review started counts against the
    client address's ``reviews_per_address`` (429); a game not over is refused (409)."""
    table = await runtime.current(table_id)
    service.seat_of(table, x_seat_token, account.id if account else None)
    return await reviews.ask(table, seat, address)
