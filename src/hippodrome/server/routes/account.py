"""Accounts: sign up, log in and out, the account's tables and seat keys; players' profiles.

The routes that check a password hash it in the thread pool (``run_in_threadpool``), so the
deliberately slow argon2 hash never holds up the event loop (the live tables); their attempts are
counted on it, across the server processes when they share their counts (``limits.AddressQuota``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from hippodrome.server.accounts import SESSION_COOKIE, Account
from hippodrome.server.dependencies import (
    AccountsDep,
    ClientAddress,
    CurrentAccount,
    LoginQuotaDep,
    RuntimeDep,
    ServiceDep,
    SettingsDep,
)
from hippodrome.server.limits import QuotaError
from hippodrome.server.schemas import (
    AccountInfo,
    Credentials,
    Me,
    MyTable,
    Profile,
    SeatKey,
    errors,
)
from hippodrome.server.service import ServerError, mark_connected

router = APIRouter(prefix="/api", tags=["accounts"])

TableId = Annotated[str, Path(max_length=64, description="The table's id")]


def logged_in(account: Account | None) -> Account:
    if account is None:
        raise ServerError(401, "error.login_needed")
    return account


class Entry:
    """What a sign-up and a login share: the attempt counted against the client's address, and the
    session cookie set once the account is known."""

    def __init__(
        self,
        request: Request,
        response: Response,
        quota: LoginQuotaDep,
        address: ClientAddress,
        settings: SettingsDep,
    ) -> None:
        self.request, self.response, self.settings = request, response, settings
        self.quota, self.address = quota, address

    async def count(self) -> None:
        wait = await self.quota.take_anywhere(self.address)
        if wait is not None:
            raise QuotaError(
                "error.too_many_logins",
                wait,
                limit=self.settings.logins_per_address,
                minutes=max(1, round(self.settings.logins_window / 60)),
            )

    async def forgive(self) -> None:
        """Take back the attempt just counted: it succeeded."""
        await self.quota.give_back(self.address)

    def open_session(self, account: Account, token: str) -> AccountInfo:
        self.response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=int(self.settings.session_ttl),
            path="/",
            httponly=True,
            samesite="lax",
            secure=self.request.url.scheme == "https",
        )
        return AccountInfo(name=account.name)


EntryDep = Annotated[Entry, Depends()]


@router.get("/account")
def me(account: CurrentAccount) -> Me:
    """Who is logged in with this browser (``account`` null: a guest)."""
    return Me(account=AccountInfo(name=account.name) if account else None)


@router.post("/account/signup", status_code=201, responses=errors(400, 403, 409, 413, 422, 429))
async def sign_up(credentials: Credentials, accounts: AccountsDep, entry: EntryDep) -> AccountInfo:
    """A new account, logged in at once (the session cookie is set). Sign-ups are counted against
    the client's address with the failed logins."""
    await entry.count()
    account, token = await run_in_threadpool(
        accounts.sign_up, credentials.name, credentials.password.get_secret_value()
    )
    return entry.open_session(account, token)


@router.post("/account/login", responses=errors(401, 403, 413, 422, 429))
async def log_in(credentials: Credentials, accounts: AccountsDep, entry: EntryDep) -> AccountInfo:
    """Log in (the session cookie is set). Failed attempts are counted per client address."""
    await entry.count()
    account, token = await run_in_threadpool(
        accounts.log_in, credentials.name, credentials.password.get_secret_value()
    )
    await entry.forgive()
    return entry.open_session(account, token)


@router.post("/account/logout", responses=errors(403))
def log_out(request: Request, response: Response, accounts: AccountsDep) -> Me:
    """End this browser's session (its cookie is cleared); a guest's logout changes nothing."""
    accounts.log_out(request.cookies.get(SESSION_COOKIE))
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return Me(account=None)


@router.get("/account/tables", responses=errors(401))
def my_tables(account: CurrentAccount, service: ServiceDep, runtime: RuntimeDep) -> list[MyTable]:
    """The tables where the logged-in account holds a seat, most recently active first."""
    found = service.tables_of_account(logged_in(account).id)
    return [
        MyTable.model_validate(mark_connected(s, runtime.connected_seats(str(s["id"]))))
        for s in found
    ]


@router.post("/account/tables/{table_id}/seats/{index}/key", responses=errors(401, 403, 409, 422))
def seat_key(
    table_id: TableId, index: int, account: CurrentAccount, accounts: AccountsDep
) -> SeatKey:
    """A further secret token for one of the account's own seats, to play it in this browser."""
    token = accounts.seat_key(logged_in(account), table_id, index)
    return SeatKey(token=token, invite=f"/table/{table_id}#token={token}")


@router.get("/players/{name}", responses=errors(404, 422))
def profile(
    name: Annotated[str, Path(max_length=64)], accounts: AccountsDep, account: CurrentAccount
) -> Profile:
    """A player's profile: games played, results, a rating per game; its private tables are
    listed to the player himself only."""
    return Profile.model_validate(accounts.profile(name, viewer=account))
