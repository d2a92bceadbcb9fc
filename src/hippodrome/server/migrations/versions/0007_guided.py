"""Tables may be guided first games: each decision of a human player is explained as it comes.

Revision ID: 0007_guided
Revises: 0006_clocks
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_guided"
down_revision = "0006_clocks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("guided", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("guided")
