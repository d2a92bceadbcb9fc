"""Friends and invitations by name (issue 35): an account follows others and sees their running
tables; a player at an open table invites an account to a free seat by its name.

Following is one-sided and public to nobody but the follower: it only gathers the tables of the
accounts followed (private tables are never shown, as in the lobby). An invitation keeps the seat
for the invited account (the seat's ``account_id`` is his, ``reserved``: nobody else may take it);
it appears in his « My tables », where he obtains his own key to the seat (``seat_keys``) or
declines, which frees the seat again. The seat's former invitation link no longer plays it: a
seat tied to an account is played by that account only (``TableService.seat_of``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from hippodrome.engine.types import JSONObject
from hippodrome.server.accounts import Account, name_key
from hippodrome.server.service import LiveTable, SeatKind, ServerError, TableService, TableStatus
from hippodrome.server.storage import AccountRow, FollowRow, InvitationRow, SeatRow, TableRow

MAX_FOLLOWS = 500
"""Accounts one account may follow."""


@dataclass(frozen=True, slots=True)
class Invited:
    """The account invited to a seat, and whether it wishes to be told by e-mail."""

    id: int
    name: str
    by_mail: bool


def find_account(session: Session, name: str) -> AccountRow:
    """The open account of this name (as logins read names), or a 404 naming it."""
    row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
    if row is None or row.deleted is not None:
        raise ServerError(404, "error.player_not_found", name=name[:40])
    return row


class Friends:
    """Follows and invitations, over the same database as the tables."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- following --------------------------------------------------------------------------------

    def follow(self, account: Account, name: str) -> JSONObject:
        """``account`` follows the account of ``name`` (following it again changes nothing)."""
        with Session(self.engine) as session, session.begin():
            other = find_account(session, name)
            if other.id == account.id:
                raise ServerError(409, "error.follow_self")
            if session.get(FollowRow, (account.id, other.id)) is None:
                count = session.scalar(
                    select(func.count()).where(FollowRow.follower_id == account.id)
                )
                if (count or 0) >= MAX_FOLLOWS:
                    raise ServerError(409, "error.follow_too_many", max=MAX_FOLLOWS)
                session.add(FollowRow(follower_id=account.id, followed_id=other.id))
            return {"name": other.name}

    def unfollow(self, account: Account, name: str) -> None:
        with Session(self.engine) as session, session.begin():
            other = find_account(session, name)
            session.execute(
                delete(FollowRow).where(
                    FollowRow.follower_id == account.id, FollowRow.followed_id == other.id
                )
            )

    def following(self, account: Account) -> list[JSONObject]:
        """The accounts ``account`` follows, by name, with when it began following each."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountRow.name, FollowRow.created)
                .join(AccountRow, AccountRow.id == FollowRow.followed_id)
                .where(FollowRow.follower_id == account.id, AccountRow.deleted.is_(None))
                .order_by(AccountRow.name_key)
            ).all()
        return [{"name": name, "since": created.isoformat()} for name, created in rows]

    def friends_tables(
        self, account: Account, service: TableService, *, limit: int = 50
    ) -> list[JSONObject]:
        """The open and running tables where accounts ``account`` follows hold a seat (never the
        private ones), most recently active first, each naming those friends (``friends``)."""
        with Session(self.engine) as session:
            found = session.execute(
                select(SeatRow.table_id, AccountRow.name)
                .join(FollowRow, FollowRow.followed_id == SeatRow.account_id)
                .join(AccountRow, AccountRow.id == SeatRow.account_id)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(
                    FollowRow.follower_id == account.id,
                    AccountRow.deleted.is_(None),
                    TableRow.private.is_(False),
                    TableRow.status.in_([TableStatus.OPEN, TableStatus.RUNNING]),
                )
                .order_by(TableRow.updated.desc(), SeatRow.index)
            ).all()
        friends: dict[str, list[str]] = {}
        for table_id, name in found:
            friends.setdefault(table_id, []).append(name)
        tables = service.summaries(list(friends)[:limit])
        return [t | {"friends": friends[str(t["id"])]} for t in tables]

    # -- invitations ------------------------------------------------------------------------------

    def invite(
        self, service: TableService, table: LiveTable, index: int, inviter: int, name: str
    ) -> Invited:
        """The player at seat ``inviter`` keeps the free seat ``index`` of an open table for the
        account of ``name``, under that name. The caller holds the table's lock."""
        if not 0 <= index < len(table.seats):
            raise ServerError(404, "error.no_seat", index=index)
        if table.status != TableStatus.OPEN:
            raise ServerError(409, "error.invite_not_open")
        seat = table.seats[index]
        if seat.kind != SeatKind.HUMAN or not seat.free:
            raise ServerError(409, "error.invite_seat_taken", n=index + 1)
        with Session(self.engine) as session, session.begin():
            other = find_account(session, name)
            seated = session.scalar(
                select(SeatRow.index).where(
                    SeatRow.table_id == table.id, SeatRow.account_id == other.id
                )
            )
            if seated is not None:
                raise ServerError(409, "error.invite_seated", name=other.name, n=seated + 1)
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.index == index)
                .values(account_id=other.id, reserved=True, name=other.name)
            )
            session.merge(
                InvitationRow(
                    table_id=table.id,
                    index=index,
                    account_id=other.id,
                    inviter=table.seats[inviter].name,
                )
            )
            seat.account, seat.reserved, seat.name = other.id, True, other.name
            invited = Invited(other.id, other.name, bool(other.invite_mail))
        service.marks_changed(table)
        return invited

    def decline(
        self, service: TableService, table: LiveTable, index: int, account: Account
    ) -> None:
        """The invited account declines the seat kept for it: the seat is free again, as it was.
        The caller holds the table's lock."""
        with Session(self.engine) as session, session.begin():
            invitation = session.get(InvitationRow, (table.id, index))
            if invitation is None or invitation.account_id != account.id:
                raise ServerError(404, "error.invitation_not_found")
            seat = table.seats[index]
            if seat.joined or table.status != TableStatus.OPEN:
                raise ServerError(409, "error.invitation_taken")
            name = f"Player {index + 1}"
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table.id, SeatRow.index == index)
                .values(account_id=None, reserved=False, name=name)
            )
            session.delete(invitation)
            seat.account, seat.reserved, seat.name, seat.rating = None, False, name, None

    def invitations_of(self, account_id: int) -> dict[tuple[str, int], str]:
        """The seats kept for the account by an invitation, with who invited it."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(InvitationRow.table_id, InvitationRow.index, InvitationRow.inviter).where(
                    InvitationRow.account_id == account_id
                )
            ).all()
        return {(table_id, index): inviter for table_id, index, inviter in rows}
