"""Friends, ratings people trust, and an account's care (issue 35).

Following accounts and their running tables; inviting an account to a seat by name; conceding;
a table's rating changes and a game's leaderboard; changing, resetting and deleting an account's
password and the account itself. The pages that use them: ``/friends``, ``/leaderboard``,
``/account/reset`` (a reset link's target).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import FileResponse
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from hippodrome.engine.i18n import texts
from hippodrome.games import CATALOGUE
from hippodrome.server.account_management import AccountManagement
from hippodrome.server.accounts import SESSION_COOKIE
from hippodrome.server.dependencies import (
    AccountsDep,
    AddressesDep,
    CurrentAccount,
    MailerDep,
    RuntimeDep,
    SeatToken,
    ServiceDep,
    SettingsDep,
)
from hippodrome.server.friends import Friends
from hippodrome.server.ratings import leaderboard
from hippodrome.server.routes.account import EntryDep, logged_in
from hippodrome.server.routes.pages import WEB
from hippodrome.server.schemas import (
    AccountInfo,
    DeleteAccount,
    Followed,
    FollowRequest,
    FriendTable,
    Invitation,
    InviteMail,
    InviteRequest,
    Leaderboard,
    Me,
    PasswordChange,
    PasswordChanged,
    ResetAsked,
    ResetPassword,
    ResetRequest,
    TableRatings,
    TableSummary,
    errors,
)
from hippodrome.server.service import ServerError
from hippodrome.server.storage import AccountRow

router = APIRouter(prefix="/api", tags=["friends and ratings"])
pages = APIRouter(include_in_schema=False)

TableId = Annotated[str, Path(max_length=64, description="The table's id")]
Name = Annotated[str, Path(max_length=64, description="An account's name")]


def get_friends(request: Request) -> Friends:
    return Friends(request.app.state.service.engine)


def get_management(
    request: Request, accounts: AccountsDep, addresses: AddressesDep, settings: SettingsDep
) -> AccountManagement:
    return AccountManagement(accounts, addresses, reset_ttl=settings.reset_ttl)


FriendsDep = Annotated[Friends, Depends(get_friends)]
ManagementDep = Annotated[AccountManagement, Depends(get_management)]


# -- following ------------------------------------------------------------------------------------


@router.get("/account/follows", responses=errors(401))
def following(account: CurrentAccount, friends: FriendsDep) -> list[Followed]:
    """The accounts the logged-in account follows."""
    return [Followed.model_validate(f) for f in friends.following(logged_in(account))]


@router.post(
    "/account/follows", status_code=201, responses=errors(400, 401, 403, 404, 409, 413, 422)
)
def follow(request: FollowRequest, account: CurrentAccount, friends: FriendsDep) -> Followed:
    """Follow an account by its name: its running tables appear among the friends' tables."""
    return Followed.model_validate(friends.follow(logged_in(account), request.name))


@router.delete("/account/follows/{name}", responses=errors(400, 401, 403, 404, 422))
def unfollow(name: Name, account: CurrentAccount, friends: FriendsDep) -> list[Followed]:
    """Stop following an account; answers the accounts still followed."""
    me = logged_in(account)
    friends.unfollow(me, name)
    return [Followed.model_validate(f) for f in friends.following(me)]


@router.get("/account/friends/tables", responses=errors(401))
def friends_tables(
    account: CurrentAccount, friends: FriendsDep, service: ServiceDep
) -> list[FriendTable]:
    """The open and running tables (never private ones) where accounts followed hold a seat."""
    found = friends.friends_tables(logged_in(account), service)
    return [FriendTable.model_validate(t) for t in found]


# -- invitations by name --------------------------------------------------------------------------


@router.post(
    "/tables/{table_id}/seats/{index}/invite",
    responses=errors(400, 401, 403, 404, 409, 413, 422),
)
async def invite(
    *,
    table_id: TableId,
    index: int,
    request: InviteRequest,
    http: Request,
    service: ServiceDep,
    runtime: RuntimeDep,
    friends: FriendsDep,
    mailer: MailerDep,
    addresses: AddressesDep,
    account: CurrentAccount,
    x_seat_token: SeatToken = None,
) -> Invitation:
    """A player at an open table keeps one of its free seats for an account, by its name: the
    table appears in that account's « My tables », and an e-mail tells him if he wished it and
    has a confirmed address."""
    service.get(table_id)  # an unknown table takes no lock
    async with runtime.lock(table_id):
        table = runtime.fresh(table_id)
        inviter = service.seat_of(table, x_seat_token, account.id if account else None)
        if inviter is None:
            raise ServerError(403, "error.seat_needed")
        invited = friends.invite(service, table, index, inviter, request.name)
        runtime.broadcast(table, [])
    mailed = False
    if invited.by_mail and mailer.enabled:
        address = addresses.confirmed(invited.id)
        if address is not None:
            link = mailer.link("/", str(http.base_url))
            mailer.send_soon(
                address.email,
                "invite",
                address.language,
                name=invited.name,
                inviter=table.seats[inviter].name,
                game=str(table.game.titles.get(address.language, table.game.id)),
                link=link,
            )
            mailed = True
    return Invitation(table=table_id, seat=index, name=invited.name, mailed=mailed)


@router.post(
    "/account/invitations/{table_id}/{index}/decline",
    status_code=204,
    responses=errors(400, 401, 403, 404, 409, 422),
)
async def decline(
    *,
    table_id: TableId,
    index: int,
    service: ServiceDep,
    runtime: RuntimeDep,
    friends: FriendsDep,
    account: CurrentAccount,
) -> Response:
    """Decline a seat an invitation kept for the account: the seat is free again."""
    me = logged_in(account)
    service.get(table_id)
    async with runtime.lock(table_id):
        table = runtime.fresh(table_id)
        if not 0 <= index < len(table.seats):
            raise ServerError(404, "error.invitation_not_found")
        friends.decline(service, table, index, me)
        runtime.broadcast(table, [])
    return Response(status_code=204)


@router.put("/account/invite-mail", responses=errors(400, 401, 403, 413, 422))
def invite_mail(request: InviteMail, account: CurrentAccount, accounts: AccountsDep) -> InviteMail:
    """Whether an invitation to a seat reaches the account by e-mail too (to its confirmed address)."""
    me = logged_in(account)
    with Session(accounts.engine) as session, session.begin():
        row = session.get(AccountRow, me.id)
        if row is not None:
            row.invite_mail = request.invite_mail
    return request


@router.get("/account/invite-mail", responses=errors(401))
def invite_mail_wish(account: CurrentAccount, accounts: AccountsDep) -> InviteMail:
    me = logged_in(account)
    with Session(accounts.engine) as session:
        row = session.get(AccountRow, me.id)
        return InviteMail(invite_mail=bool(row is not None and row.invite_mail))


# -- conceding, ratings, leaderboards -------------------------------------------------------------


@router.post("/tables/{table_id}/concede", responses=errors(400, 403, 404, 409, 413, 422))
async def concede(
    *,
    table_id: TableId,
    service: ServiceDep,
    runtime: RuntimeDep,
    account: CurrentAccount,
    x_seat_token: SeatToken = None,
) -> TableSummary:
    """The player of the seat token concedes: his game ends as a loss (a bot plays his seat out;
    it ranks last for the ratings). Final: the seat's token no longer plays it."""
    service.get(table_id)  # an unknown table takes no lock
    async with runtime.lock(table_id):
        table = runtime.fresh(table_id)
        seat = service.concede(table, x_seat_token, account.id if account else None)
        await runtime.release_seat(
            table, seat, ServerError(403, "error.seat_conceded", name=table.seats[seat].name)
        )
        runtime.broadcast(table, [])
    runtime.kick(table_id)
    return TableSummary.model_validate(service.summary(table, runtime.connected_seats(table_id)))


@router.get("/tables/{table_id}/ratings", responses=errors(404, 409, 422))
async def table_ratings(
    table_id: TableId, service: ServiceDep, runtime: RuntimeDep
) -> TableRatings:
    """What the game did to its players' ratings: each rated seat's rating before and after."""
    table = await runtime.current(table_id)
    changes = service.rating_changes(table)
    return TableRatings.model_validate({"rated": table.rated, "changes": changes})


@router.get("/leaderboard/{game}", responses=errors(404, 422))
def game_leaderboard(
    game: Annotated[str, Path(max_length=64)],
    service: ServiceDep,
    settings: SettingsDep,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Leaderboard:
    """The game's players by rating (TrueSkill's conservative estimate, mu - 3 sigma), with their
    rated games; a player appears after ``leaderboard_min_games`` rated games."""
    if game not in CATALOGUE:
        raise ServerError(404, "error.leaderboard_game", game=game[:40])
    with Session(service.engine) as session:
        players = leaderboard(session, game, min_games=settings.leaderboard_min_games, limit=limit)
    return Leaderboard.model_validate(
        {"game": game, "min_games": settings.leaderboard_min_games, "players": players}
    )


# -- an account's care ----------------------------------------------------------------------------


@router.post("/account/password", responses=errors(400, 401, 403, 413, 422, 429, 503))
async def change_password(
    change: PasswordChange,
    http: Request,
    account: CurrentAccount,
    management: ManagementDep,
    entry: EntryDep,
) -> PasswordChanged:
    """A new password, the current one given; the account's other login sessions end."""
    me = logged_in(account)
    await entry.count(me.name)  # a wrong current password counts as a failed login
    ended = await run_in_threadpool(
        management.change_password,
        me,
        change.current.get_secret_value(),
        change.new.get_secret_value(),
        http.cookies.get(SESSION_COOKIE),
    )
    await entry.forgive()
    return PasswordChanged(sessions_ended=ended)


@router.post("/account/reset", status_code=202, responses=errors(400, 403, 413, 422, 429))
async def ask_reset(
    asked: ResetRequest,
    http: Request,
    management: ManagementDep,
    mailer: MailerDep,
    entry: EntryDep,
) -> ResetAsked:
    """Send a password reset link to the account's confirmed address. The answer is the same
    whether the name exists and has one or not (it tells nobody who has an address)."""
    await entry.count(asked.name)
    found = await run_in_threadpool(management.reset_link_token, asked.name)
    if found is not None and mailer.enabled:
        email, lang, name, token = found
        link = mailer.link(f"/account/reset#token={token}", str(http.base_url))
        minutes = max(1, round(management.reset_ttl / 60))
        mailer.send_soon(email, "reset", lang, name=name, link=link, minutes=minutes)
    return ResetAsked(message=texts("account.reset_sent", {}))  # type: ignore[arg-type]


@router.post("/account/reset/confirm", responses=errors(400, 403, 413, 422, 503))
async def reset_password(reset: ResetPassword, management: ManagementDep) -> AccountInfo:
    """Set a new password with a reset link's token (it works once, and expires); every login
    session of the account ends: log in with the new password."""
    done = await run_in_threadpool(
        management.reset_password, reset.token, reset.password.get_secret_value()
    )
    return AccountInfo(name=done.name)


@router.post("/account/delete", responses=errors(400, 401, 403, 413, 422, 429, 503))
async def delete_account(
    *,
    deletion: DeleteAccount,
    response: Response,
    account: CurrentAccount,
    management: ManagementDep,
    service: ServiceDep,
    runtime: RuntimeDep,
    entry: EntryDep,
) -> Me:
    """Delete the logged-in account, its password given: its seats show « former player », its
    games and the others' ratings stay, its name stays reserved; this browser is logged out."""
    me = logged_in(account)
    await entry.count(me.name)
    changed = await run_in_threadpool(management.delete, me, deletion.password.get_secret_value())
    await entry.forgive()
    for table_id in changed:  # the live tables show his seats as « former player »
        table = service.cached(table_id)
        if table is not None:
            async with runtime.lock(table_id):
                service.reread_seats(table)
                runtime.broadcast(table, [])
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return Me(account=None)


# -- pages ----------------------------------------------------------------------------------------


@pages.get("/friends")
async def friends_page() -> FileResponse:
    return FileResponse(str(WEB / "friends.html"))


@pages.get("/leaderboard")
async def leaderboard_page() -> FileResponse:
    return FileResponse(str(WEB / "leaderboard.html"))


@pages.get("/account/reset")
async def reset_page() -> FileResponse:
    return FileResponse(str(WEB / "reset.html"))
