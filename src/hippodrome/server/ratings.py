"""Ratings per game: TrueSkill (the ``trueskill`` library), updated after every rated game between
accounts, and the leaderboard they make.

A table is rated or not as its creator chose (``tables.rated``); practice and guided tables never
are. A rated game counts when at least two of its seats belong to distinct accounts (not deleted)
and one of them played decisions of its own (a game played through by stand-in bots is nobody's).
Each such seat is one team of one in TrueSkill's multi-player update, ranked by the game's outcome
(``Outcome.ranking``, as the table's stored result has it: places best first, players tied share a
place), but a quitter, who is ranked below every other player whatever his seat became: a seat
whose player conceded or left it to a bot for good, or one a stand-in bot played for more than
``stand_in_share`` of its steps (its player let the clock run out and the bot play for him). Bots and
guests take part in the game but not in the rating. The update is written in the same transaction
as the game's last action (or as the concession that leaves one player facing bots only), and a
table's changes are kept (``rating_changes``): a game is rated exactly once, and its end shows each
player's rating before and after.

The rating a player reads is TrueSkill's conservative estimate, mu - 3 sigma: 0 for a newcomer, and
it grows as his results and their number make the system sure of him.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import trueskill
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from hippodrome.engine.types import JSONObject
from hippodrome.server.storage import (
    AccountRow,
    ActionRow,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    TableRow,
)

TRUESKILL = trueskill.TrueSkill(draw_probability=0.10)
"""TrueSkill's usual environment: mu 25, sigma 25/3, beta 25/6, tau 25/300."""

STAND_IN_SHARE = 0.25
"""The share of a seat's steps a stand-in bot may play before its player counts as a quitter
(the server's setting ``stand_in_share``)."""


@dataclass(frozen=True, slots=True)
class Rating:
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        """The rating a player reads: mu - 3 sigma, a cautious estimate (0 before any game)."""
        return shown(self.mu, self.sigma)


def shown(mu: float, sigma: float) -> float:
    return round(mu - 3 * sigma, 1)


def places(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Each player's place (0 best) from a ranking of places, ties sharing one."""
    return {player: place for place, tied in enumerate(ranking) for player in tied}


def is_quitter(steps: int, stood_in: int, share: float) -> bool:
    """Whether a seat played ``steps`` steps, ``stood_in`` of them by a stand-in bot, was left to the
    bot: more than ``share`` of its steps were the bot's."""
    return steps > 0 and stood_in > share * steps


def rate_finished_table(
    session: Session,
    table_id: str,
    game: str,
    ranking: Sequence[Sequence[int]],
    *,
    stood_in: Sequence[int] = (),
    stand_in_share: float = STAND_IN_SHARE,
) -> bool:
    """Update the ratings of the accounts seated at a table whose game has ended for rating (it
    finished, or every other player conceded); False when the game is not rated (see the module).
    ``stood_in``: per seat, the steps a stand-in bot played for it (the table's clock figures)."""
    table = session.get(TableRow, table_id)
    if table is None or table.practice or table.guided or not table.rated:
        return False
    if session.scalar(select(RatingChangeRow.table_id).where(RatingChangeRow.table_id == table_id)):
        return False  # rated already: when the last player but one conceded
    seats = session.execute(
        select(SeatRow.index, SeatRow.account_id, SeatRow.kind, SeatRow.conceded)
        .join(AccountRow, AccountRow.id == SeatRow.account_id)
        .where(SeatRow.table_id == table_id, AccountRow.deleted.is_(None))
        .order_by(SeatRow.index)
    ).all()
    steps = {
        int(player): int(count)
        for player, count in session.execute(
            select(ActionRow.player, func.count())
            .where(ActionRow.table_id == table_id)
            .group_by(ActionRow.player)
        ).all()
    }

    def stand_in(seat: int) -> int:
        return stood_in[seat] if seat < len(stood_in) else 0

    seat_of: dict[int, int] = {}
    quitters: set[int] = set()
    conceded = False
    for index, account, kind, gave_up in seats:
        if account is None or account in seat_of:  # one seat per account counts
            continue
        seat_of[account] = index
        conceded = conceded or bool(gave_up)
        left = kind != "human" or bool(gave_up)  # conceded, or handed to a bot for good
        if left or is_quitter(steps.get(index, 0), stand_in(index), stand_in_share):
            quitters.add(index)
    placed = places(ranking)
    accounts = sorted(a for a in seat_of if seat_of[a] in placed)
    if len(accounts) < 2:
        return False
    players = [seat_of[a] for a in accounts if seat_of[a] not in quitters]
    if not players:
        return False  # nobody played it out: nobody's game
    if not conceded and not any(steps.get(s, 0) - stand_in(s) > 0 for s in players):
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
    for account, (old,), (new,) in zip(accounts, before, after, strict=True):
        row = rows[account]
        row.mu, row.sigma, row.games = float(new.mu), float(new.sigma), row.games + 1
        session.add(
            RatingChangeRow(
                table_id=table_id,
                account_id=account,
                game=game,
                seat=seat_of[account],
                before=shown(old.mu, old.sigma),
                after=shown(row.mu, row.sigma),
                mu=row.mu,
                sigma=row.sigma,
                games=row.games,
                quitter=seat_of[account] in quitters,
            )
        )
    return True


def changes_of(session: Session, table_id: str) -> list[JSONObject]:
    """What a rated game did to each of its players' ratings, by seat (empty: not rated)."""
    rows = session.scalars(
        select(RatingChangeRow)
        .where(RatingChangeRow.table_id == table_id)
        .order_by(RatingChangeRow.seat)
    ).all()
    return [
        {
            "seat": r.seat,
            "before": r.before,
            "after": r.after,
            "change": round(r.after - r.before, 1),
            "games": r.games,
            "quitter": bool(r.quitter),
        }
        for r in rows
    ]


def shown_ratings(session: Session, game: str, accounts: Collection[int]) -> dict[int, float]:
    """The rating shown beside each of these accounts' names at ``game`` (those with a rated game)."""
    if not accounts:
        return {}
    rows = session.execute(
        select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma).where(
            RatingRow.game == game, RatingRow.account_id.in_(list(accounts)), RatingRow.games > 0
        )
    ).all()
    return {account: shown(mu, sigma) for account, mu, sigma in rows}


def leaderboard(
    session: Session, game: str, *, min_games: int, limit: int = 100
) -> list[JSONObject]:
    """The players of ``game`` by their shown rating (mu - 3 sigma), best first, those with at
    least ``min_games`` rated games and an account still open; players with the same rating share
    a rank."""
    rows = session.execute(
        select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
        .join(AccountRow, AccountRow.id == RatingRow.account_id)
        .where(
            RatingRow.game == game,
            RatingRow.games >= max(1, min_games),
            AccountRow.deleted.is_(None),
        )
        .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
        .limit(limit)
    ).all()
    board: list[JSONObject] = []
    for place, (name, mu, sigma, games) in enumerate(rows, start=1):
        rating = shown(mu, sigma)
        rank = board[-1]["rank"] if board and board[-1]["rating"] == rating else place
        board.append({"rank": rank, "name": name, "rating": rating, "games": games})
    return board
