"""The websocket protocol's client side: the messages a client may send (read by their ``type``)
and the close codes.

The protocol is described in ``docs/web.md`` ("Websocket"). Nothing here plays: what a message asks
of the game goes to the table's authority (``server/authority.py``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from hippodrome.engine.errors import HippodromeError
from hippodrome.server.schemas import PLAIN_TEXT

MAX_PLAN = 64
"""The most actions one ``plan`` message may carry (a Toques et Casques roll is 12 steps at most)."""

Version = Annotated[int, Field(strict=True)]
"""A table's version as the client saw it: a JSON integer (neither ``"8"`` nor ``8.0``)."""


class JoinMessage(BaseModel):
    """The first message of every connection: the seat's token (none: a spectator). The token
    travels here, never in the URL, which servers and proxies write in their logs."""

    type: Literal["join"]
    token: str | None = Field(default=None, max_length=200)


class ActMessage(BaseModel):
    type: Literal["act"]
    action: str = Field(max_length=200, pattern=PLAIN_TEXT)
    version: Version


class RollMessage(BaseModel):
    type: Literal["roll"]
    version: Version


class PlanMessage(BaseModel):
    """A whole move: the seat's actions in order, played all or nothing (``State.apply_plan``)."""

    type: Literal["plan"]
    actions: list[Annotated[str, Field(max_length=200, pattern=PLAIN_TEXT)]] = Field(
        min_length=1, max_length=MAX_PLAN
    )
    version: Version


class UndoMessage(BaseModel):
    """Take back the seat's last move (``State.undo_point``)."""

    type: Literal["undo"]
    version: Version


class PingMessage(BaseModel):
    type: Literal["ping"]


class SayMessage(BaseModel):
    """A line of chat; its length is judged by the server's setting (``error.chat_too_long``)."""

    type: Literal["say"]
    text: str = Field(pattern=PLAIN_TEXT)
    name: str | None = Field(default=None, max_length=40, pattern=PLAIN_TEXT)
    """A spectator's name (a player speaks under his seat's)."""


class BackMessage(BaseModel):
    """The player takes back the seat a stand-in bot plays since the seat's time ran out."""

    type: Literal["back"]


Move = ActMessage | RollMessage | PlanMessage | UndoMessage
"""A message that asks the table's authority to change the game, sent against a version."""

Client = Move | PingMessage | SayMessage | BackMessage
ClientMessage: TypeAdapter[Client] = TypeAdapter(Annotated[Client, Field(discriminator="type")])
"""A message is read by its ``type``: a refusal names the field of that message that is wrong."""

CLOSE_POLICY = 1008
"""The client broke the protocol (flooding, no ``join``): it should not come back as it was."""
CLOSE_TOO_BIG = 1009
CLOSE_TRY_LATER = 1013
"""Too many connections now: the client may try again later."""
CLOSE_SEAT = 4403
"""The seat is not (or no longer) the connection's: a seat key the table does not know, or a seat
handed to a bot."""


class ProtocolError(Exception):
    """A connection that broke the protocol: refused with ``error``, then closed with ``code``."""

    def __init__(self, error: HippodromeError, code: int) -> None:
        super().__init__(error.key)
        self.error = error
        self.code = code
