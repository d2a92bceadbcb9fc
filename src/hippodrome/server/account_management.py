"""Managing an account (issue 35): changing its password, resetting it by e-mail, deleting it.

- A password is changed with the current one; every other login session of the account ends (a
  stolen session does not outlive the change), the one that asked stays.
- A forgotten password is reset through a link sent to the account's confirmed address: a token
  signed by the site (``mail.Signer``), expiring after ``reset_ttl`` seconds, whose subject holds the
  end of the password's hash: once used (the hash changed) it opens nothing. Every login session
  ends. The request answers alike whether the name exists and has an address or not.
- Deleting an account takes its password. The account's row stays, marked ``deleted``: its seats
  keep their games and the results and ratings of the others, and show « former player »; its
  name stays reserved (nobody may sign up as a deleted player and be taken for him in the games
  he played); it can no longer log in; its sessions, seat keys, follows, invitations, address,
  push subscriptions and ratings go.
"""

from __future__ import annotations

from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.orm import Session

from hippodrome.server.accounts import MAX_PASSWORD, MIN_PASSWORD, Account, AccountService, name_key
from hippodrome.server.mail import AddressBook
from hippodrome.server.service import ServerError, TableStatus, hash_token
from hippodrome.server.storage import (
    AccountRow,
    FollowRow,
    InvitationRow,
    LoginSessionRow,
    PushSubscriptionRow,
    RatingRow,
    SeatKeyRow,
    SeatRow,
    TableRow,
    now,
)

FORMER_PLAYER = "former player"
"""The name a deleted account's seats keep in records (the browser shows it in its language)."""
DELETED_HASH = "!deleted"
"""A deleted account's password hash: no password matches it."""


def check_password(password: str) -> None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ServerError(400, "error.password_length", min=MIN_PASSWORD, max=MAX_PASSWORD)


class AccountManagement:
    """Password changes and resets, and deletions, over the accounts' service."""

    def __init__(self, accounts: AccountService, addresses: AddressBook, *, reset_ttl: float):
        self.accounts = accounts
        self.addresses = addresses
        self.reset_ttl = reset_ttl

    def _verify(self, session: Session, account: Account, password: str) -> AccountRow:
        row = session.get(AccountRow, account.id)
        if row is None or row.deleted is not None:
            raise ServerError(401, "error.login_needed")
        try:
            self.accounts.hasher.verify(row.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise ServerError(403, "error.password_wrong") from None
        return row

    def change_password(
        self, account: Account, current: str, new: str, session_token: str | None
    ) -> int:
        """Set a new password, the current one given; ends the account's other sessions and
        returns how many."""
        check_password(new)
        with Session(self.accounts.engine) as session, session.begin():
            row = self._verify(session, account, current)
            row.password_hash = self.accounts.hasher.hash(new)
            kept = hash_token(session_token) if session_token else ""
            ended = session.execute(
                delete(LoginSessionRow).where(
                    LoginSessionRow.account_id == account.id, LoginSessionRow.token_hash != kept
                )
            )
        return int(ended.rowcount)  # type: ignore[attr-defined]

    def reset_link_token(self, name: str) -> tuple[str, str, str, str] | None:
        """For a reset asked with an account's name: (address, language, name, token) when the
        account has a confirmed address, else None (the caller answers alike)."""
        with Session(self.accounts.engine) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            if row is None or row.deleted is not None:
                return None
            subject = f"{row.id}:{row.password_hash[-16:]}"
        address = self.addresses.confirmed(row.id)
        if address is None:
            return None
        token = self.addresses.signer.sign("reset", subject, self.reset_ttl)
        return address.email, address.language, address.name, token

    def reset_password(self, token: str, new: str) -> Account:
        """Set the password a reset link's token allows (once); every session of the account ends."""
        check_password(new)
        subject = self.addresses.signer.read("reset", token)  # invalid or expired: 400
        account_id, _, tail = subject.partition(":")
        with Session(self.accounts.engine) as session, session.begin():
            row = session.get(AccountRow, int(account_id)) if account_id.isdigit() else None
            if row is None or row.deleted is not None or row.password_hash[-16:] != tail:
                raise ServerError(400, "error.link_used")
            row.password_hash = self.accounts.hasher.hash(new)
            session.execute(delete(LoginSessionRow).where(LoginSessionRow.account_id == row.id))
            return Account(row.id, row.name)

    def delete(self, account: Account, password: str) -> list[str]:
        """Delete the account, its password given (see the module). Returns the tables whose
        seats changed (their names), for the caller to read them again."""
        with Session(self.accounts.engine) as session, session.begin():
            row = self._verify(session, account, password)
            row.deleted = now()
            row.password_hash = DELETED_HASH
            row.invite_mail = False
            held = session.execute(
                select(SeatRow.table_id, SeatRow.index).where(SeatRow.account_id == account.id)
            ).all()
            for table_id, index in held:  # the further keys of his seats open nothing now
                session.execute(
                    delete(SeatKeyRow).where(
                        SeatKeyRow.table_id == table_id, SeatKeyRow.index == index
                    )
                )
            # A seat he was invited to and never came to is free again, as before the invitation.
            invited = session.execute(
                select(InvitationRow.table_id, InvitationRow.index)
                .join(
                    SeatRow,
                    and_(
                        SeatRow.table_id == InvitationRow.table_id,
                        SeatRow.index == InvitationRow.index,
                    ),
                )
                .join(TableRow, TableRow.id == InvitationRow.table_id)
                .where(
                    InvitationRow.account_id == account.id,
                    SeatRow.joined.is_(False),
                    TableRow.status == TableStatus.OPEN,
                )
            ).all()
            for table_id, index in invited:
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.index == index)
                    .values(account_id=None, reserved=False, name=f"Player {index + 1}")
                )
            session.execute(
                update(SeatRow).where(SeatRow.account_id == account.id).values(name=FORMER_PLAYER)
            )
            session.execute(delete(InvitationRow).where(InvitationRow.account_id == account.id))
            session.execute(
                delete(FollowRow).where(
                    or_(FollowRow.follower_id == account.id, FollowRow.followed_id == account.id)
                )
            )
            session.execute(delete(RatingRow).where(RatingRow.account_id == account.id))
            session.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account.id)
            )
            session.execute(delete(LoginSessionRow).where(LoginSessionRow.account_id == account.id))
        self.addresses.forget(account.id)
        return sorted({table_id for table_id, _ in held})
