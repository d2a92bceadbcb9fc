"""Friends, invitations by name, rated tables and account deletion (issue 35): accounts follow
accounts; a seat may be kept for an account invited to it by name; a table is rated or not (chosen
at creation: the tables made before are rated unless practice or guided, as they were); a seat's
player may concede; what each rated game did to each rating is kept (shown at its end); an account
may be deleted (its row stays, marked, so its seats show « former player ») and may wish an e-mail
when invited.

Revision ID: 0011_friends
Revises: 0010_turn_based
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_friends"
down_revision = "0010_turn_based"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("followed_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_follows_followed_id", "follows", ["followed_id"])
    op.create_table(
        "invitations",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("inviter", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_invitations_account_id", "invitations", ["account_id"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("quitter", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_changes_account_id", "rating_changes", ["account_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))
    tables = sa.table(
        "tables",
        sa.column("rated", sa.Boolean),
        sa.column("practice", sa.Boolean),
        sa.column("guided", sa.Boolean),
    )
    op.execute(
        tables.update()
        .where(sa.or_(tables.c.practice == sa.true(), tables.c.guided == sa.true()))
        .values(rated=False)
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("conceded", sa.Boolean, nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("deleted", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(
            sa.Column("invite_mail", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("invite_mail")
        batch.drop_column("deleted")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("conceded")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    op.drop_index("ix_rating_changes_account_id", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_invitations_account_id", "invitations")
    op.drop_table("invitations")
    op.drop_index("ix_follows_followed_id", "follows")
    op.drop_table("follows")
