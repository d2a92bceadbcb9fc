"""The browser's pages: plain HTML files from ``web/`` (the client loads the rest from ``/static``)."""

from __future__ import annotations

from importlib.resources import files

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = files("hippodrome") / "web"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(str(WEB / "index.html"))


@router.get("/table/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    return FileResponse(str(WEB / "table.html"))


@router.get("/player/{name}")
async def profile_page(name: str) -> FileResponse:
    return FileResponse(str(WEB / "profile.html"))


@router.get("/table/{table_id}/replay")
async def replay_page(table_id: str) -> FileResponse:
    return FileResponse(str(WEB / "replay.html"))
