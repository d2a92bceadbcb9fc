"""What the HTTP API reads and answers: request and response schemas, apart from the storage tables.

A route answers through one of these models, so nothing the store keeps for itself (a table's secret
seed, a seat's token hash) can reach a client by accident; the OpenAPI document is generated from them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, SecretStr

from hippodrome.bots.base import BotKind
from hippodrome.engine.errors import message
from hippodrome.engine.i18n import texts
from hippodrome.engine.types import JSON, JSONObject
from hippodrome.games import Status as GameStatus
from hippodrome.server.service import SeatKind, TableStatus

PLAIN_TEXT = r"^[^\x00-\x1f\x7f]*$"
"""A name typed by a person: any character but control characters."""


# -- errors -----------------------------------------------------------------------------------------


class Texts(BaseModel):
    """One text in each language of the platform."""

    en: str
    fr: str


class ErrorDetail(BaseModel):
    key: str
    """The message key (``error.table_not_found``), stable for programs."""
    params: dict[str, Any]
    message: Texts


class ErrorBody(BaseModel):
    """Every refusal, whatever its status."""

    error: ErrorDetail


def error_body(key: str, params: dict[str, Any]) -> JSONObject:
    params = printable(params)
    return {"error": {"key": key, "params": params, "message": texts(key, params)}}


_REASONS: dict[str, tuple[str, str | None]] = {
    "missing": ("error.reason.missing", None),
    "extra_forbidden": ("error.reason.extra", None),
    "string_too_long": ("error.reason.text_long", "max_length"),
    "string_too_short": ("error.reason.text_short", "min_length"),
    "too_long": ("error.reason.list_long", "max_length"),
    "too_short": ("error.reason.list_short", "min_length"),
    "greater_than_equal": ("error.reason.at_least", "ge"),
    "greater_than": ("error.reason.more_than", "gt"),
    "less_than_equal": ("error.reason.at_most", "le"),
    "less_than": ("error.reason.less_than", "lt"),
    "string_pattern_mismatch": ("error.reason.pattern", None),
    "json_invalid": ("error.reason.json", None),
    "json_type": ("error.reason.json", None),
}
"""Pydantic's error types with a reason of their own, and the limit each quotes from its context."""

_KINDS = {
    "int": "error.reason.integer",
    "float": "error.reason.number",
    "bool": "error.reason.boolean",
    "string": "error.reason.text",
    "dict": "error.reason.object",
    "model": "error.reason.object",
    "list": "error.reason.list",
    "tuple": "error.reason.list",
}
"""The reason for a value of the wrong type (``int_parsing``, ``dict_type``...), by its prefix."""


def refusal(problems: Sequence[Mapping[str, Any]], whole: str) -> dict[str, JSON]:
    """The parameters of ``error.bad_request`` or ``error.bad_message`` for pydantic's first
    problem: the field at fault (``whole`` when it is the request or message itself) and why."""
    problem = problems[0] if problems else {"loc": (), "type": ""}
    where = ".".join(str(p) for p in problem.get("loc", ())) or whole
    return {"field": where, "reason": validation_reason(problem)}


def validation_reason(problem: Mapping[str, Any]) -> JSONObject:
    """Why pydantic refused a field, as a message of the catalog: its own text is in English only,
    and a refusal is read in the reader's language (``error.bad_request``, ``error.bad_message``)."""
    kind = str(problem.get("type", ""))
    context = problem.get("ctx") or {}
    if kind in ("literal_error", "enum", "union_tag_invalid"):
        expected = str(context.get("expected", context.get("expected_tags", "")))
        return message("error.reason.choice", choices=", ".join(re.findall(r"'([^']*)'", expected)))
    if kind == "union_tag_not_found":  # the field that says which kind of message it is
        name = str(context.get("discriminator", "")).strip("'")
        return message("error.reason.field_missing", name=name)
    if kind in _REASONS:
        key, limit = _REASONS[kind]
        value = context.get(limit) if limit else None
        if kind in ("string_too_short", "too_short") and value == 1:
            return message("error.reason.empty")
        if limit is None:
            return message(key)
        return message(key, limit=value if isinstance(value, int | float) else str(value))
    prefix = kind.split("_", 1)[0]
    if prefix in _KINDS and kind.endswith(("_type", "_parsing", "_from_float")):
        return message(_KINDS[prefix])
    return message("error.reason.invalid")


def printable(value: Any) -> Any:
    """``value`` with every text made writable as UTF-8: a refusal may quote what the client sent,
    and a lone surrogate (``"\\ud800"`` in JSON) would otherwise fail the answer itself."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {printable(k): printable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [printable(v) for v in value]
    return value


ERROR_MEANINGS = {
    400: "The request is refused: its body is not JSON, or the game refuses its options.",
    401: "Not logged in, or a wrong name or password.",
    403: "The seat token is wrong, the request needs a seat at the table, or it comes from a page"
    " of another site (docs/web.md, Accounts).",
    404: "No such game, language, table, seat or player (an address with a NUL character names"
    " none).",
    409: "Not now: the table's state refuses it, or the account name is taken.",
    413: "The request body is larger than the server takes.",
    422: "Malformed request: a parameter or the body does not fit its schema.",
    429: "Too many requests from this address: try again after the time the error gives.",
    503: "The server is at its limit of this costly work for the moment (password checks): try"
    " again after the time the error gives (Retry-After).",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route: each error status it may answer, with the error body."""
    return {
        status: {"model": ErrorBody, "description": ERROR_MEANINGS[status]} for status in statuses
    }


# -- games ------------------------------------------------------------------------------------------


class GameOption(BaseModel):
    name: str
    type: str
    """``bool``, ``int``, ``str`` or the choices joined by ``|``."""
    default: bool | int | str | None
    en: str
    fr: str
    choices: list[bool | int | str] | None = None
    """The values of an option with a fixed set, typed as the option takes them; else null."""
    seats: Literal["indices", "number"] | None = None
    """How an option names seats (``hippodrome.engine.options.SeatsForm``), so a form offers them."""
    kind: Literal["flag", "choice", "seats", "number", "money", "amounts", "text"] = "text"
    """The control a form edits it with (``hippodrome.engine.options.Kind``)."""
    help: Texts | None = None
    """A sentence under the label, in both languages."""
    unit: dict[str, list[str]] | None = None
    """What a ``number`` counts, per language, one and many (``["tour", "tours"]``)."""
    min: int | None = None
    max: int | None = None
    """A number's or an amount's bounds; for ``amounts``, ``max`` is the most amounts (places)."""
    step: int | None = None
    zero: Texts | None = None
    """What 0 means when it means "none" (« play it out »), offered as a choice of its own."""
    currency: Literal["franc", "dollar"] | None = None
    """The currency of a ``money`` or ``amounts`` option (``formatMoney``); none: bare amounts."""


class GameSummary(BaseModel):
    id: str
    titles: Texts
    summary: Texts
    status: GameStatus
    min_players: int | None
    max_players: int | None
    options: list[GameOption]
    bots: list[BotKind]
    bot_labels: dict[str, str] = Field(default_factory=dict)
    """The message key naming each bot's level in this game (``web.bot.*``)."""


class CheckOptionsRequest(BaseModel):
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    """The game's options by name, ``players`` (the number of seats) included, as a table would take
    them."""


class CheckedOptions(BaseModel):
    """Options the game accepts: every option with its value (defaults filled in), and the table as
    it would start, seen by a spectator (a course as it will be raced, auto values resolved)."""

    game: str
    options: dict[str, bool | int | str]
    start: dict[str, Any]
    """The initial state's public observation (``State.observation(None)``)."""


class RulesSection(BaseModel):
    anchor: str
    level: int
    title: str


class RulesPage(BaseModel):
    """A game's rules as a reader of ``lang`` gets them: the text rendered to HTML (no raw HTML from the
    Markdown passes), its headings, and the heading the help panel opens for each phase."""

    game: str
    titles: Texts
    lang: str
    """The language asked for."""
    text_lang: str
    """The language the text is written in (the rules document is in English)."""
    rulebook: bool
    """The original rulebook's words (True), or the rules as Hippodrome plays them, with its
    decisions (False)."""
    seed: str
    html: str
    sections: list[RulesSection]
    phases: dict[str, str]
    """Each phase of the game (the observation's ``phase``) and the anchor of its section."""
    folded: list[str]
    """The sections written for programmers, which the page folds (the notation...)."""
    others: dict[str, bool]
    """The other languages' pages: whether each is the original rulebook."""


# -- tables -----------------------------------------------------------------------------------------


class SeatRequest(BaseModel):
    kind: SeatKind
    name: str | None = Field(default=None, max_length=40, pattern=PLAIN_TEXT)
    bot: BotKind | None = None
    """For a bot seat; the heuristic bot when left out."""
    mine: bool = False
    """A human seat the creator keeps for himself: never offered as a free seat."""


class CreateTableRequest(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    """The game's options (variants) by name; ``players`` is the number of seats."""
    seats: list[SeatRequest] = Field(min_length=1, max_length=12)
    practice: bool = False
    """A practice table: each human player is shown the odds of his decisions as the game goes."""
    guided: bool = False
    """A guided first game (a practice table too): each decision of a human player is explained as
    it comes, with the move the heuristic bot would play."""
    private: bool = False
    """A private table is never listed: its free seats go to those its creator sends the link."""
    clock: dict[str, bool | int | float | str] | None = None
    """The table's clock (docs/web.md, "Clocks"): ``{"kind": "move", "seconds": 30}``,
    ``{"kind": "bank", "seconds": 600, "increment": 5}`` or ``{"kind": "slow", "hours": 24}``; none
    by default. The stand-in that plays a seat whose time ran out is the heuristic bot, fixed by the
    server (``bot``, if given, may only name it)."""
    rated: bool = True
    """A finished game between accounts updates their ratings (never a practice or guided one)."""


class HandOverRequest(BaseModel):
    bot: BotKind = BotKind.HEURISTIC


class TakeSeatRequest(BaseModel):
    name: str | None = Field(default=None, max_length=40, pattern=PLAIN_TEXT)
    """The name to play under; the seat's own when left out."""


class Seat(BaseModel):
    index: int
    name: str
    kind: SeatKind
    bot: BotKind | None
    connected: bool
    free: bool = False
    rating: float | None = None
    """The seat's account's rating at the game (mu - 3 sigma), when it has played a rated game."""
    former: bool = False
    """Its account was deleted: shown « former player »."""
    conceded: bool = False
    """Its player conceded: a bot plays it out, and it ranks last for the ratings."""
    """A human seat nobody has come to, not kept by the creator: anyone with the table may take it."""


class CreatedSeat(Seat):
    token: str | None = None
    """A human seat's secret token: shown in this answer only, never stored."""
    invite: str | None = None
    """The link that plays a human seat."""


class CreatedTable(BaseModel):
    id: str
    seats: list[CreatedSeat]
    spectate: str
    hotseat: str | None
    """One link playing every human seat (None when every seat is a bot)."""


class TableSummary(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    status: TableStatus
    created: str
    updated: str
    version: int
    """The number of actions played."""
    seats: list[Seat]
    result: dict[str, Any] | None
    problem: str | None = None
    """Why a broken table's stored actions no longer replay."""
    practice: bool = False
    guided: bool = False
    private: bool = False
    rated: bool = False
    clock: dict[str, Any] | None = None
    """The table's clock, if it has one (kind, seconds, increment, bot)."""


class TakenSeat(BaseModel):
    table: str
    seat: CreatedSeat
    """The seat taken, with its new secret token and the link that plays it (shown this once)."""


class EventText(BaseModel):
    key: str
    params: dict[str, Any]
    text: Texts
    quiet: bool = False
    """Told later in a summary (one dealt card, told with the whole hand): kept out of the log."""


class ReplayStep(BaseModel):
    version: int
    move: str | None
    """The action's notation; None where it would tell the viewer a secret."""
    label: dict[str, str] | None = None
    """How a player says the move, per language (« Parier 2 sur Othello »); None where ``move`` is."""
    player: int | None
    events: list[EventText]
    observation: dict[str, Any]
    context: dict[str, Any]
    """The engine's context at this step (``State.context()``), as in the ``state`` message."""


class Replay(BaseModel):
    table: str
    game: str
    seat: int | None
    seats: list[Seat]
    steps: list[ReplayStep]


# -- accounts ---------------------------------------------------------------------------------------


class Credentials(BaseModel):
    """A name and a password, to sign up or log in. The password is never logged nor sent back."""

    name: str = Field(max_length=40)
    password: SecretStr = Field(max_length=256)


class AccountInfo(BaseModel):
    name: str


class Me(BaseModel):
    account: AccountInfo | None
    """None: a guest."""


class LoggedOut(Me):
    """After logging out everywhere: a guest here, and how many sessions were ended."""

    sessions: int


class MyTable(TableSummary):
    seat: int
    """The account's seat at the table."""
    your_turn: bool = False
    """The account's seat has a decision to make now (« My tables » lists these first)."""
    left: float | None = None
    """With ``your_turn``, the seconds its clock leaves it (None: no clock)."""
    invited_by: str | None = None
    """The seat was kept for the account by an invitation of this player, who has not come yet."""


# -- mail, push and "your turn" (server/mail.py, server/push.py, server/notify.py) -----------------


class MailSettings(BaseModel):
    """The account's address and its choices of what reaches it when it is its turn."""

    email: str | None
    """The address given (None: none)."""
    confirmed: bool
    """Confirmed by the link sent to it: only then is mail sent to it."""
    language: Literal["en", "fr"]
    """The language of its mail."""
    notify_email: bool
    """"Your turn" by e-mail, at a turn-based table, when no page of the player is at it."""
    notify_push: bool
    """"Your turn" by push to the browsers the account subscribed."""
    mail: bool
    """Whether this site sends mail at all (``HIPPODROME_SMTP_URL``)."""
    push_key: str | None
    """The site's VAPID public key a browser subscribes with (None: this site sends no push)."""


class EmailChange(BaseModel):
    """An address to confirm (a link is sent to it), or "" to give none."""

    email: str = Field(max_length=254)
    lang: Literal["en", "fr"] = "en"
    """The language of the mail sent to it."""


class NoticeChoices(BaseModel):
    """What reaches the account when it is its turn; a field left out is left as it is."""

    notify_email: bool | None = None
    notify_push: bool | None = None
    lang: Literal["en", "fr"] | None = None


class PushKeys(BaseModel):
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class PushSubscriptionIn(BaseModel):
    """A browser's push subscription, as ``PushSubscription.toJSON()`` gives it."""

    endpoint: str = Field(max_length=1000)
    keys: PushKeys


class PushEndpoint(BaseModel):
    endpoint: str = Field(max_length=1000)


class PushKey(BaseModel):
    key: str | None
    """The site's VAPID public key (base64url); None: no push on this site."""


class SeatKey(BaseModel):
    token: str
    """A further secret token for the account's seat, for this browser."""
    invite: str


class PlayerResult(BaseModel):
    table: str
    game: str
    finished: str
    seat: int
    place: int | None
    """1 for the winner; players tied share a place."""
    players: int


class PlayerRating(BaseModel):
    game: str
    rating: float
    """TrueSkill's cautious estimate, mu - 3 sigma."""
    mu: float
    sigma: float
    games: int
    """Rated games: those between at least two accounts."""


class Profile(BaseModel):
    name: str
    since: str
    played: int
    won: int
    results: list[PlayerResult]
    ratings: list[PlayerRating]


# -- friends, ratings, accounts' care (server/friends.py, ratings.py, account_management.py) ------


class FollowRequest(BaseModel):
    name: str = Field(max_length=40)


class Followed(BaseModel):
    name: str
    since: str | None = None


class FriendTable(TableSummary):
    friends: list[str]
    """The names of the accounts followed who hold a seat at it."""


class InviteRequest(BaseModel):
    name: str = Field(max_length=40)
    """The account invited to the seat, by its name."""


class Invitation(BaseModel):
    table: str
    seat: int
    name: str
    """The account the seat is now kept for."""
    mailed: bool
    """An e-mail is on its way to him (he wished it and has a confirmed address)."""


class RatingChange(BaseModel):
    seat: int
    before: float
    after: float
    change: float
    games: int
    quitter: bool
    """Ranked last: conceded, handed to a bot, or played by a stand-in beyond the allowed share."""


class TableRatings(BaseModel):
    rated: bool
    """The table was made rated (a practice or guided table never is)."""
    changes: list[RatingChange]
    """Empty until the game ends (or every other player conceded), and when it counted for nobody."""


class LeaderboardEntry(BaseModel):
    rank: int
    name: str
    rating: float
    games: int


class Leaderboard(BaseModel):
    game: str
    min_games: int
    players: list[LeaderboardEntry]


class PasswordChange(BaseModel):
    current: SecretStr = Field(max_length=256)
    new: SecretStr = Field(max_length=256)


class PasswordChanged(BaseModel):
    sessions_ended: int


class ResetRequest(BaseModel):
    name: str = Field(max_length=40)


class ResetAsked(BaseModel):
    message: Texts


class ResetPassword(BaseModel):
    token: str = Field(max_length=500)
    password: SecretStr = Field(max_length=256)


class DeleteAccount(BaseModel):
    password: SecretStr = Field(max_length=256)


class InviteMail(BaseModel):
    invite_mail: bool
    """E-mail me when someone invites me to a seat (to my confirmed address)."""
