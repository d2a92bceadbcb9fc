"""Player accounts: login sessions, seats tied to an account, further seat keys, ratings per game.

Revision ID: 0004_accounts
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_accounts"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "login_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_login_sessions_account_id", "login_sessions", ["account_id"])
    op.create_table(
        "seat_keys",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seat_keys_table_id", "seat_keys", ["table_id"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column(
                "account_id",
                sa.Integer,
                sa.ForeignKey("accounts.id", name="fk_seats_account_id"),
                nullable=True,
            )
        )
        batch.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_column("account_id")
    op.drop_table("ratings")
    op.drop_index("ix_seat_keys_table_id", "seat_keys")
    op.drop_table("seat_keys")
    op.drop_index("ix_login_sessions_account_id", "login_sessions")
    op.drop_table("login_sessions")
    op.drop_table("accounts")
