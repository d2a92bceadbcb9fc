"""A finished table's game review, computed once and kept with the table (issue 36).

One row per reviewed seat of a table: while it is computed, how far it has got (``done`` of
``total`` decisions) and when it last moved on (a row left computing by a process that died is
taken over once it has not moved for a while, ``server/reviews.py``); then the review itself.

Revision ID: 0013_reviews
Revises: 0012_sessions
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_reviews"
down_revision = "0012_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=False, server_default="0"),
        sa.Column("review", sa.JSON, nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
