"""The live table: one websocket per seat or spectator (protocol in ``docs/web.md``)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from hippodrome.server.dependencies import RuntimeDep

router = APIRouter()


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, runtime: RuntimeDep) -> None:
    """The seat's token comes in the first message (``join``), never in the URL."""
    await runtime.serve(websocket, table_id)
