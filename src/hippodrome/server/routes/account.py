"""Accounts: sign up, log in and out, the account's tables and seat keys; players' profiles.

The routes that check a password hash it in the thread pool (``run_in_threadpool``), so the
deliberately slow argon2 hash never holds up the event loop (the live tables); their attempts are
counted on it, across the server processes when they share their counts (``limits.AddressQuota``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from hippodrome.server.accounts import SESSION_COOKIE, Account, name_key
from hippodrome.server.dependencies import (
    AccountsDep,
    ClientAddress,
    CurrentAccount,
    LoginQuotaDep,
    RuntimeDep,
    ServiceDep,
    SettingsDep,
)
from hippodrome.server.notify import turn_marks
from hippodrome.server.schemas import (
    AccountInfo,
    Credentials,
    LoggedOut,
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
        self.name: str | None = None

    async def count(self, name: str | None = None) -> None:
        """Count an attempt against the address, and a login's against the address and the account
        ``name`` too (``limits.LoginQuota``), or refuse it (429 ``error.too_many_logins``)."""
        self.name = name_key(name) if name is not None else None
        await self.quota.use(self.address, self.name, "error.too_many_logins")

    async def forgive(self) -> None:
        """Take back the attempt just counted: it succeeded."""
        await self.quota.give_back(self.address, self.name)

    def open_session(self, account: Account, token: str) -> AccountInfo:
        self.response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=int(self.settings.session_max_age),  # the store ends it sooner unused
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


@router.post(
    "/account/signup", status_code=201, responses=errors(400, 403, 409, 413, 422, 429, 503)
)
async def sign_up(credentials: Credentials, accounts: AccountsDep, entry: EntryDep) -> AccountInfo:
    """A new account, logged in at once (the session cookie is set). Sign-ups are counted against
    the client's address with the failed logins."""
    await entry.count()
    account, token = await run_in_threadpool(
        accounts.sign_up, credentials.name, credentials.password.get_secret_value()
    )
    return entry.open_session(account, token)


@router.post("/account/login", responses=errors(400, 401, 403, 413, 422, 429, 503))
async def log_in(credentials: Credentials, accounts: AccountsDep, entry: EntryDep) -> AccountInfo:
    """Log in (the session cookie is set). Failed attempts are counted per client address and
    per account name from that address."""
    await entry.count(credentials.name)
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


@router.post("/account/logout-everywhere", responses=errors(401, 403))
def log_out_everywhere(
    response: Response, account: CurrentAccount, accounts: AccountsDep
) -> LoggedOut:
    """End every session of the logged-in account, in every browser (this one's cookie is cleared
    too): a lost phone, a computer shared and left logged in."""
    ended = accounts.log_out_everywhere(logged_in(account))
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return LoggedOut(account=None, sessions=ended)


@router.get("/account/tables", responses=errors(401))
def my_tables(account: CurrentAccount, service: ServiceDep, runtime: RuntimeDep) -> list[MyTable]:
    """The tables where the logged-in account holds a seat: first those where it is its turn
    (``your_turn``, with the seconds its clock leaves it, ``left``), then the most recently active."""
    found = service.tables_of_account(logged_in(account).id)
    mine = [
        MyTable.model_validate(
            mark_connected(s, runtime.connected_seats(str(s["id"]))) | turn_marks(s, service)
        )
        for s in found
    ]
    # The tables where it is the account's turn first, the least time left first (issue 35).
    return sorted(mine, key=lambda t: (not t.your_turn, t.left if t.left is not None else 1e12))


@router.post(
    "/account/tables/{table_id}/seats/{index}/key", responses=errors(401, 403, 404, 409, 422)
)
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
