"""Ratings per game: TrueSkill (the ``trueskill`` library), updated after every finished game between
accounts.

A game is rated when at least two of its seats belong to distinct accounts, the table is neither a
practice nor a guided one, and at least one of those accounts played a decision of its own (a game
played through by stand-in bots is nobody's). Each such seat is one team of one in TrueSkill's
multi-player update, ranked by the game's outcome (``Outcome.ranking``, as the table's stored result
has it: places best first, players tied share a place); a seat its player left to a bot for good
(handed over) is ranked below every other: he loses as a quitter, whatever the bot made of his
seat. Bots and guests take part in the game but not in the rating. The update is written in the
same transaction as the game's last action, so a finished game is rated exactly once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import trueskill
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from hippodrome.server.storage import ActionRow, RatingRow, SeatRow, TableRow

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
    session: Session,
    table_id: str,
    game: str,
    ranking: Sequence[Sequence[int]],
    *,
    stood_in: Sequence[int] = (),
) -> bool:
    """Update the ratings of the accounts seated at a table that has just finished; False when the
    game is not rated (see the module). ``stood_in``: per seat, the steps a stand-in bot played for
    it (its clock ran out; the table's stored clock figures)."""
    table = session.get(TableRow, table_id)
    if table is None or table.practice or table.guided:
        return False
    seats = session.execute(
        select(SeatRow.index, SeatRow.account_id, SeatRow.kind).where(
            SeatRow.table_id == table_id, SeatRow.account_id.is_not(None)
        )
    ).all()
    seat_of: dict[int, int] = {}
    quitters: set[int] = set()
    for index, account, kind in seats:
        if account is not None and account not in seat_of:  # one seat per account counts
            seat_of[account] = index
            if kind != "human":  # handed to a bot for good: its player left the game
                quitters.add(index)
    placed = places(ranking)
    accounts = sorted(a for a in seat_of if seat_of[a] in placed)
    if len(accounts) < 2:
        return False
    steps = dict(
        session.execute(
            select(ActionRow.player, func.count())
            .where(ActionRow.table_id == table_id)
            .group_by(ActionRow.player)
        ).all()
    )

    def own(seat: int) -> int:
        """The steps the seat's player played himself."""
        return int(steps.get(seat, 0)) - (stood_in[seat] if seat < len(stood_in) else 0)

    players = [seat_of[a] for a in accounts if seat_of[a] not in quitters]
    if not any(own(seat) > 0 for seat in players):
        return False
    last = max(placed.values()) + 1
    rank = {a: last if seat_of[a] in quitters else placed[seat_of[a]] for a in accounts}
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
    after = TRUESKILL.rate(before, ranks=[rank[a] for a in accounts])
    for account, (new,) in zip(accounts, after, strict=True):
        row = rows[account]
        row.mu, row.sigma, row.games = float(new.mu), float(new.sigma), row.games + 1
    return True
