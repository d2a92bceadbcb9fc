"""Typed dependencies of the routes: the table service, the live runtime, the settings, the accounts.

``create_app`` puts them on the application's state (the service and the runtime at start-up, in the
lifespan); a route names what it needs by type, ``service: ServiceDep``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from starlette.requests import HTTPConnection

from hippodrome.server.accounts import SESSION_COOKIE, Account, AccountService
from hippodrome.server.limits import AddressQuota, LoginQuota, client_address
from hippodrome.server.mail import AddressBook, Mailer
from hippodrome.server.runtime import Runtime
from hippodrome.server.service import TableService
from hippodrome.server.settings import Settings


def get_service(connection: HTTPConnection) -> TableService:
    service: TableService = connection.app.state.service
    return service


def get_runtime(connection: HTTPConnection) -> Runtime:
    runtime: Runtime = connection.app.state.runtime
    return runtime


def get_settings(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


def get_table_quota(connection: HTTPConnection) -> AddressQuota:
    quota: AddressQuota = connection.app.state.table_quota
    return quota


def get_seat_quota(connection: HTTPConnection) -> AddressQuota:
    quota: AddressQuota = connection.app.state.seat_quota
    return quota


def get_accounts(connection: HTTPConnection) -> AccountService:
    accounts: AccountService = connection.app.state.accounts
    return accounts


def get_login_quota(connection: HTTPConnection) -> LoginQuota:
    quota: LoginQuota = connection.app.state.login_quota
    return quota


def get_account(connection: HTTPConnection) -> Account | None:
    """The account logged in by the request's session cookie; None for a guest."""
    return get_accounts(connection).account_of(connection.cookies.get(SESSION_COOKIE))


def get_mailer(connection: HTTPConnection) -> Mailer:
    mailer: Mailer = connection.app.state.mailer
    return mailer


def get_addresses(connection: HTTPConnection) -> AddressBook:
    addresses: AddressBook = connection.app.state.addresses
    return addresses


def get_client_address(connection: HTTPConnection) -> str:
    return client_address(connection.scope)


ServiceDep = Annotated[TableService, Depends(get_service)]
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
TableQuotaDep = Annotated[AddressQuota, Depends(get_table_quota)]
SeatQuotaDep = Annotated[AddressQuota, Depends(get_seat_quota)]
AccountsDep = Annotated[AccountService, Depends(get_accounts)]
LoginQuotaDep = Annotated[LoginQuota, Depends(get_login_quota)]
CurrentAccount = Annotated[Account | None, Depends(get_account)]
"""The logged-in account (None: a guest)."""
MailerDep = Annotated[Mailer, Depends(get_mailer)]
"""Sends the players' mail (``server/mail.py``)."""
AddressesDep = Annotated[AddressBook, Depends(get_addresses)]
"""The accounts' e-mail addresses and the signed links (``server/mail.py``)."""
ClientAddress = Annotated[str, Depends(get_client_address)]
"""The client's address, which the quotas count by."""
SeatToken = Annotated[
    str | None,
    Header(alias="X-Seat-Token", max_length=200, description="A seat's secret token"),
]
"""The header by which a player's browser says which seat it plays (none: a spectator)."""
