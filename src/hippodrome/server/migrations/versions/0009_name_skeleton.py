"""Accounts keep what their name looks like (``name_skeleton``), so a look-alike name (Zoe, Zoë,
a Greek Ζoe) is refused at sign-up. Existing accounts get theirs; two existing look-alikes both stay.

Revision ID: 0009_name_skeleton
Revises: 0008_rematch
"""

import sqlalchemy as sa
from alembic import op

from hippodrome.server.accounts import name_skeleton

revision = "0009_name_skeleton"
down_revision = "0008_rematch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(160), nullable=True))
        batch.create_index("ix_accounts_name_skeleton", ["name_skeleton"])
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_skeleton", sa.String),
    )
    connection = op.get_bind()
    for account_id, name in connection.execute(sa.select(accounts.c.id, accounts.c.name)).all():
        connection.execute(
            accounts.update()
            .where(accounts.c.id == account_id)
            .values(name_skeleton=name_skeleton(name))
        )


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_index("ix_accounts_name_skeleton")
        batch.drop_column("name_skeleton")
