"""The live table: one websocket per seat or spectator (protocol in ``docs/web.md``)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from hippodrome.server.accounts import SESSION_COOKIE
from hippodrome.server.dependencies import AccountsDep, RuntimeDep

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, runtime: RuntimeDep, accounts: AccountsDep
) -> None:
    """The seat's token comes in the first message (``join``), never in the URL. A seat joined by
    someone logged in (the session cookie) is tied to his account. A page of another origin is
    refused before this (``server/security.py``)."""
    account = accounts.account_of(websocket.cookies.get(SESSION_COOKIE))
    await runtime.serve(websocket, table_id, account_id=account.id if account else None)
