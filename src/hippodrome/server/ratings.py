"""Ratings per game: TrueSkill (the ``trueskill`` library), updated after every finished game between
accounts.

A game is rated when at least two of its human seats belong to distinct accounts. Each such seat is
one team of one in TrueSkill's multi-player update, ranked by the game's outcome (``Outcome.ranking``,
as the table's stored result has it: places best first, players tied share a place); bots and guests
take part in the game but not in the rating. The update is written in the same transaction as the
game's last action, so a finished game is rated exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import trueskill
from sqlalchemy import select
from sqlalchemy.orm import Session

from hippodrome.server.storage import RatingRow, SeatRow

TRUESKILL = trueskill.TrueSkill(draw_probability=0.10)
"""TrueSkill's usual environment: mu 25, sigma 25/3, beta 25/6, tau 25/300."""


@dataclass(frozen=True, slots=True)
class Rating:
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        """The rating a player reads: mu - 3 sigma, a cautious estimate (0 before any game)."""
        return round(self.mu - 3 * self.sigma, 1)


def places(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each player's place (0 best) from a ranking of places, ties sharing one."""
    return {player: place for place, tied in enumerate(ranking) for player in tied}


def rate_finished_table(
    session: Session, table_id: str, game: str, ranking: Sequence[Sequence[int]]
) -> bool:
    """Update the ratings of the accounts seated at a table that has just finished; False when the
    game is not rated (fewer than two accounts at the table)."""
    seats = session.execute(
        select(SeatRow.index, SeatRow.account_id).where(
            SeatRow.table_id == table_id, SeatRow.kind == "human", SeatRow.account_id.is_not(None)
        )
    ).all()
    seat_of: dict[int, int] = {}
    for index, account in seats:
        if account is not None and account not in seat_of:  # one seat per account counts
            seat_of[account] = index
    placed = places(ranking)
    accounts = sorted(a for a in seat_of if seat_of[a] in placed)
    if len(accounts) < 2:
        return False
    rows = {
        row.account_id: row
        for row in session.scalars(
            select(RatingRow).where(RatingRow.game == game, RatingRow.account_id.in_(accounts))
        )
    }
    for account in accounts:
        if account not in rows:
            fresh = TRUESKILL.create_rating()
            rows[account] = RatingRow(
                account_id=account, game=game, mu=fresh.mu, sigma=fresh.sigma, games=0
            )
            session.add(rows[account])
    before = [(TRUESKILL.create_rating(rows[a].mu, rows[a].sigma),) for a in accounts]
    after = TRUESKILL.rate(before, ranks=[placed[seat_of[a]] for a in accounts])
    for account, (new,) in zip(accounts, after, strict=True):
        row = rows[account]
        row.mu, row.sigma, row.games = float(new.mu), float(new.sigma), row.games + 1
    return True
