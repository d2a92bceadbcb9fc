"""A finished table's game review (issue 36): computed once in a worker process, kept with the table.

``hippodrome review`` judges each decision of a seat from that seat's information only
(``analysis/review.py``); here the server runs the same review for a finished table, off the event
loop, in its review workers (a process pool of their own, ``review_processes``: a minute of
simulations must not hold up a bot's turn at a live table), and keeps the result in the store
(``reviews``, migration 0013) so that it is computed once: a second request is answered from the
store, and requests that come while it is computed share the one job.

The worker writes its progress (``done`` of ``total`` decisions) into the review's row as it goes,
so every server process reads it from the store. With several server processes the store decides
who computes: the first to write the row; the others report its progress. A row left computing by a
process that died (its marks of life stop) is taken over after ``STALE`` seconds.

A running game is never reviewed: the review would help its players. A finished game's record is
public (``GET /api/tables/{id}/record`` gives it, every secret told, to anyone with the table's
link, for every game), so the review of any seat tells nothing the record does not; each seat's
review still rests on that seat's information only, as the analysis promises.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import delete, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from hippodrome.analysis.review import ReviewBudget, review_game
from hippodrome.engine.record import GameRecord
from hippodrome.engine.types import JSONObject
from hippodrome.games import load_game
from hippodrome.server.botplay import Thinkers
from hippodrome.server.limits import AddressQuota
from hippodrome.server.service import LiveTable, ServerError, TableStatus
from hippodrome.server.settings import Settings
from hippodrome.server.storage import ReviewRow, now, open_database

log = logging.getLogger("hippodrome.server")

HEARTBEAT = 20.0
"""Seconds between two marks of life on a review's row while it is computed (also while it waits
for a free worker)."""
STALE = 120.0
"""Seconds after which a row computing without a mark of life is taken over: its process died."""
PROGRESS_EVERY = 0.5
"""Seconds between two writes of a review's progress by its worker (and one at the end)."""

ReviewState = Literal["none", "computing", "done", "failed"]


class ReviewAnswer(BaseModel):
    """A review as the API gives it: not asked for yet, being computed (how far), failed, or done."""

    table: str
    seat: int
    status: ReviewState
    done: int = 0
    """Decisions judged so far (while computing)."""
    total: int = 0
    """Decisions to judge (0 until they are counted)."""
    review: dict[str, Any] | None = None
    """The review, once done: ``analysis.review.review_game``'s answer for this seat
    (docs/analysis/review.md), each decision's two moves typed for the board under ``board``."""


# -- the work, in a review worker -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReviewWork:
    """Everything a worker needs to review one seat of a finished game (plain data: a spawned
    process receives it)."""

    db_url: str
    """The store, where the worker writes its progress."""
    table_id: str
    record: dict[str, Any]
    """The finished table's game record (``GameRecord.to_json``)."""
    seat: int
    budget: ReviewBudget | None
    """None: the analysis's default for the game."""
    seed: int


_engines: dict[str, Engine] = {}
"""The store of each URL, opened once by each worker."""


def review_seat(work: ReviewWork) -> JSONObject:
    """The seat's review (``analysis.review.review_game`` in this process, its progress written to
    the store), each decision with its move played and best move found typed as a board's legal
    moves are (``board``: ``{kind, args, notation, label}``), so the page marks what they name."""
    engine = _engines.get(work.db_url)
    if engine is None:
        engine = _engines[work.db_url] = open_database(work.db_url)
    last = 0.0

    def progress(done: int, total: int) -> None:
        nonlocal last
        if done < total and time.monotonic() - last < PROGRESS_EVERY:
            return
        last = time.monotonic()
        store_progress(engine, work.table_id, work.seat, done, total)

    record = GameRecord.from_json(work.record)
    data = review_game(
        record, seats=[work.seat], budget=work.budget, workers=1, seed=work.seed, progress=progress
    )
    game = load_game(record.game, **record.options)
    names = [s.name for s in record.seats]
    for decision in data["decisions"]:
        decision["board"] = {
            which: game.action_json(game.parse_action(decision[which]["action"]), names)
            for which in ("played", "best")
            if decision.get(which)
        }
    return data


def store_progress(engine: Engine, table_id: str, seat: int, done: int, total: int) -> None:
    """How far a review has got, written into its row (a mark of life too)."""
    with Session(engine) as session, session.begin():
        session.execute(
            update(ReviewRow)
            .where(
                ReviewRow.table_id == table_id,
                ReviewRow.seat == seat,
                ReviewRow.status == "computing",
            )
            .values(done=done, total=total, updated=now())
        )


# -- the jobs, on the event loop --------------------------------------------------------------------


@dataclass
class ReviewJob:
    """A review being computed by this process (or that failed here)."""

    table_id: str
    seat: int
    failed: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Reviews:
    """The reviews of finished tables: asked for, computed once, read back."""

    def __init__(self, engine: Engine, settings: Settings) -> None:
        self.engine = engine
        self.settings = settings
        self.workers = Thinkers(settings.review_processes)
        self.budget = ReviewBudget.parse(settings.review_budget) if settings.review_budget else None
        self.quota = AddressQuota(
            settings.reviews_per_address, settings.tables_window, name="reviews"
        )
        self.jobs: dict[tuple[str, int], ReviewJob] = {}

    # -- what the routes ask ----------------------------------------------------------------------

    def look(self, table: LiveTable, seat: int) -> ReviewAnswer:
        """The seat's review as it stands: done, being computed, failed, or not asked for."""
        check_reviewable(table, seat)
        job = self.jobs.get((table.id, seat))
        if job is not None and job.failed:
            return ReviewAnswer(table=table.id, seat=seat, status="failed")
        row = self._row(table.id, seat)
        if row is None:
            return ReviewAnswer(table=table.id, seat=seat, status="none")
        return answer_of(row)

    async def ask(self, table: LiveTable, seat: int, address: str) -> ReviewAnswer:
        """The seat's review: the stored one, or the one being computed (here or by another server
        process), or a new computation started now (one use of the client's review quota)."""
        answer = self.look(table, seat)
        if answer.status == "done" or (
            answer.status == "computing" and not self._abandoned(table.id, seat)
        ):
            return answer
        await self.quota.use(address, "error.too_many_reviews")
        # Nothing is awaited from here on: two requests of this process cannot both start it.
        job = self.jobs.get((table.id, seat))
        if job is not None and not job.failed:
            return self.look(table, seat)
        if not self._claim(table.id, seat):
            return self.look(table, seat)  # another process was first
        job = ReviewJob(table.id, seat)
        self.jobs[table.id, seat] = job
        work = ReviewWork(
            db_url=self.settings.db_url,
            table_id=table.id,
            record=table.record().to_json(),
            seat=seat,
            budget=self.budget,
            seed=review_seed(table, seat),
        )
        job.task = asyncio.create_task(self._compute(job, work))
        return ReviewAnswer(table=table.id, seat=seat, status="computing")

    async def stop(self) -> None:
        """Stop this process's jobs and forget their rows (a later request starts afresh)."""
        for job in list(self.jobs.values()):
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await job.task
                self._forget_row(job.table_id, job.seat)
        self.workers.stop()

    # -- the computation --------------------------------------------------------------------------

    async def _compute(self, job: ReviewJob, work: ReviewWork) -> None:
        heartbeat = asyncio.create_task(self._beat(job))
        try:
            review = await self.workers.run(review_seat, work)
            self._store_review(job, review)
            del self.jobs[job.table_id, job.seat]
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the review of seat %d failed", job.table_id, job.seat)
            job.failed = True
            self._forget_row(job.table_id, job.seat)
        finally:
            heartbeat.cancel()

    async def _beat(self, job: ReviewJob) -> None:
        """Marks of life on the row, also while the review waits for a free worker."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            with Session(self.engine) as session, session.begin():
                session.execute(
                    update(ReviewRow)
                    .where(ReviewRow.table_id == job.table_id, ReviewRow.seat == job.seat)
                    .values(updated=now())
                )

    # -- the store --------------------------------------------------------------------------------

    def _row(self, table_id: str, seat: int) -> ReviewRow | None:
        with Session(self.engine) as session:
            return session.get(ReviewRow, (table_id, seat))

    def _claim(self, table_id: str, seat: int) -> bool:
        """Write the row that says this process computes the review; False if another process
        holds it. A row whose process died (no mark of life for ``STALE`` seconds) is taken over."""
        stamp = now()
        try:
            with Session(self.engine) as session, session.begin():
                session.add(
                    ReviewRow(
                        table_id=table_id,
                        seat=seat,
                        status="computing",
                        done=0,
                        total=0,
                        created=stamp,
                        updated=stamp,
                    )
                )
            return True
        except IntegrityError:
            pass
        with Session(self.engine) as session, session.begin():
            taken = session.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.table_id == table_id,
                    ReviewRow.seat == seat,
                    ReviewRow.status == "computing",
                    ReviewRow.updated < stamp - timedelta(seconds=STALE),
                )
                .values(done=0, total=0, updated=stamp)
            )
            return bool(taken.rowcount)  # type: ignore[attr-defined]

    def _abandoned(self, table_id: str, seat: int) -> bool:
        """Whether a review shown computing is another process's that stopped moving."""
        if (table_id, seat) in self.jobs:
            return False
        row = self._row(table_id, seat)
        return (
            row is not None
            and row.status == "computing"
            and _aware(row.updated) < now() - timedelta(seconds=STALE)
        )

    def _store_review(self, job: ReviewJob, review: JSONObject) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(ReviewRow)
                .where(ReviewRow.table_id == job.table_id, ReviewRow.seat == job.seat)
                .values(
                    status="done",
                    done=review["decisions_total"],
                    total=review["decisions_total"],
                    review=review,
                    updated=now(),
                )
            )

    def _forget_row(self, table_id: str, seat: int) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(ReviewRow).where(
                    ReviewRow.table_id == table_id,
                    ReviewRow.seat == seat,
                    ReviewRow.status == "computing",
                )
            )


def review_seed(table: LiveTable, seat: int) -> int:
    """The review's own seed, drawn from the table's: the same figures if it must be computed again
    (after a failure), and nothing of the table's secret seed told (a hash of it; the game is over
    and its every chance outcome public anyway)."""
    digest = hashlib.sha256(f"{table.seed}:review:{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def answer_of(row: ReviewRow) -> ReviewAnswer:
    """A stored row as the API tells it."""
    done = row.status == "done"
    return ReviewAnswer(
        table=row.table_id,
        seat=row.seat,
        status="done" if done else "computing",
        done=row.done,
        total=row.total,
        review=row.review if done else None,
    )


def check_reviewable(table: LiveTable, seat: int) -> None:
    """Refuse a review of a game not over (it would help its players), or of a seat it has not."""
    if not 0 <= seat < len(table.seats):
        raise ServerError(404, "error.no_seat", index=seat)
    if table.status != TableStatus.FINISHED or not table.state.is_terminal():
        raise ServerError(409, "error.review_not_over")


def _aware(moment: datetime) -> datetime:
    """SQLite gives its datetimes back without their zone (they are stored in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
