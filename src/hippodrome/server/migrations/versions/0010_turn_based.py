"""Turn-based tables and what reaches a player when it is his turn (issue 35): the account's e-mail
address (confirmed or not), the language of its mail and its notification choices; when a seat was
last told "your turn" (at most one e-mail per table per period); the browsers' push subscriptions;
the site's secrets drawn once (the key of the signed links). A table's pace is its clock: a slow
clock (hours or days a move) makes a turn-based table, so the tables need nothing new.

Revision ID: 0010_turn_based
Revises: 0009_name_skeleton
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_turn_based"
down_revision = "0009_name_skeleton"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(
            sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))
        batch.add_column(
            sa.Column("notify_email", sa.Boolean, nullable=False, server_default=sa.true())
        )
        batch.add_column(
            sa.Column("notify_push", sa.Boolean, nullable=False, server_default=sa.true())
        )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("notified", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])
    op.create_table(
        "site_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.LargeBinary(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("site_secrets")
    op.drop_index("ix_push_subscriptions_account_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("notified")
    with op.batch_alter_table("accounts") as batch:
        for column in ("notify_push", "notify_email", "language", "email_confirmed", "email"):
            batch.drop_column(column)
