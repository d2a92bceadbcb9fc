"""The table service on its own: caching, listing, a store that does not replay."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.orm import Session

from hippodrome.engine.types import CHANCE
from hippodrome.server.service import (
    SeatKind,
    SeatSpec,
    TableService,
    TableStatus,
    automatic_action,
    automatic_actor,
)
from hippodrome.server.storage import ActionRow, TableRow, open_database

BOTS = [SeatSpec(SeatKind.BOT, bot="random"), SeatSpec(SeatKind.BOT, bot="random")]


def play_out(service: TableService, table_id: str) -> None:
    table = service.get(table_id)
    while (actor := automatic_actor(table)) is not None:
        service.apply(table, actor, automatic_action(table, actor))
        table = service.get(table_id)


def test_running_tables_are_never_evicted_from_the_cache(db_url: str) -> None:
    service = TableService(open_database(db_url), cache_size=1)
    running = [service.create("royal_turf", {}, BOTS)[0] for _ in range(3)]
    for table in running:
        assert service.get(table.id) is table, (
            "a running table stays in memory, whatever the cache size"
        )
    play_out(service, running[0].id)
    service.create("royal_turf", {}, BOTS)
    assert service.get(running[0].id) is not running[0], "a finished table is the first forgotten"
    assert service.get(running[0].id).status == "finished"


def test_listing_pages_through_tables(db_url: str) -> None:
    service = TableService(open_database(db_url))
    ids = {service.create("royal_turf", {}, BOTS)[0].id for _ in range(5)}
    first = service.list_tables(TableStatus.RUNNING, limit=3)
    rest = service.list_tables(TableStatus.RUNNING, limit=3, offset=3)
    assert len(first) == 3 and len(rest) == 2
    assert {t["id"] for t in first + rest} == ids


def test_a_store_that_does_not_replay_marks_the_table_broken(db_url: str) -> None:
    engine = open_database(db_url)
    service = TableService(engine)
    table, _ = service.create("royal_turf", {}, BOTS)
    for _ in range(12):
        actor = automatic_actor(table)
        assert actor is not None
        service.apply(table, actor, automatic_action(table, actor))
    with Session(engine) as session, session.begin():
        session.execute(
            update(ActionRow)
            .where(ActionRow.table_id == table.id, ActionRow.seq == 3)
            .values(notation="move nowhere")
        )
    fresh = TableService(engine).get(table.id)
    assert fresh.status == "broken"
    assert fresh.problem is not None and "actions[3]" in fresh.problem
    assert automatic_actor(fresh) is None, "nothing is played on a broken table"
    assert fresh.version == 3, "the state stops before the bad action, nothing half-applied"
    assert automatic_actor(table) in (CHANCE, 0, 1)


def test_a_table_played_with_other_game_data_is_refused(db_url: str) -> None:
    """A collector may correct material.toml; tables begun with the old data are not replayed as
    if nothing had changed."""
    engine = open_database(db_url)
    table, _ = TableService(engine).create("royal_turf", {}, BOTS)
    with Session(engine) as session, session.begin():
        session.execute(
            update(TableRow).where(TableRow.id == table.id).values(data_digest="0123456789abcdef")
        )
    fresh = TableService(engine).get(table.id)
    assert fresh.status == "broken"
    assert fresh.problem is not None and "data changed" in fresh.problem
