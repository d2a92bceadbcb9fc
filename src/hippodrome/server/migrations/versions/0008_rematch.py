"""A finished table keeps its rematch: the new table's id, once a player asked for it.

Revision ID: 0008_rematch
Revises: 0007_guided
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_rematch"
down_revision = "0007_guided"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
