"""Chat lines known by who said them, whatever name he gives, and removed when old enough (issue
39): ``chat.author`` is an opaque mark of the speaker (an account, else a client address) at that
table, by which a page mutes him; ``chat.created`` is indexed for the sweep that removes old lines
(``chat_retention``). Logging out everywhere needs no column: it deletes the account's sessions.

Revision ID: 0012_sessions
Revises: 0011_friends
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_sessions"
down_revision = "0011_friends"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("author", sa.String(32), nullable=True))
        batch.create_index("ix_chat_created", ["created"])


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_index("ix_chat_created")
        batch.drop_column("author")
