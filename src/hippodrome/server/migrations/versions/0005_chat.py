"""A chat per table; private tables; seats kept for their creator.

Revision ID: 0005_chat
Revises: 0004_accounts
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_chat"
down_revision = "0004_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("at_event", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("reserved", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("reserved")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("private")
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
