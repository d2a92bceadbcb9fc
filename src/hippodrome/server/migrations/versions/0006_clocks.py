"""Tables may have a clock: its settings, and the figures it stood at after the last action.

Revision ID: 0006_clocks
Revises: 0005_chat
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_clocks"
down_revision = "0005_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("clock_state", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_state")
        batch.drop_column("clock")
