"""The server's database, the same tests on SQLite and PostgreSQL: what is committed
comes back, a stale claim writes nothing, the retention rule removes what it says."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from game.net.store import Retention, Store, StoreError, open_store
from game.net.store.records import (
    AddressEvent,
    Batch,
    CreateTable,
    DeleteTable,
    Departure,
    RoundRow,
    SaveAction,
    SaveProgress,
    SaveRound,
    SaveScores,
    SaveSeats,
    SeatRow,
    TableRow,
)

T = TypeVar("T")
NOW = 1_800_000_000.0
DAY = 86400.0


def _row(table_id: str, code: str, state: str = "playing", finished_at: float | None = None) -> TableRow:
    return TableRow(table_id, code, '{"players": 2}', state, "net-seed", "10.0.0.1", NOW, finished_at)


SEATS = (SeatRow(0, "person", "Ana", "a" * 64, False, False), SeatRow(1, "easy", "Easy 2", "", False, False))


def _with_store(database: str, folder: Path, work: Callable[[Store], Awaitable[T]]) -> T:
    """Open a store, run ``work`` on it, close it."""
    async def run() -> T:
        store = open_store(database, folder)
        await store.open()
        try:
            return await work(store)
        finally:
            await store.close()
    return asyncio.run(run())


def _new_table(table_id: str, code: str, *writes: object, state: str = "playing",
               finished_at: float | None = None, at: float = NOW) -> Batch:
    batch = Batch(now=at)
    batch.add(table_id, 1, [CreateTable(_row(table_id, code, state, finished_at)), SaveSeats(SEATS), *writes])  # type: ignore[list-item]
    return batch


def test_what_is_committed_comes_back_whole(database: str, tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        assert await store.commit(_new_table(
            "t1", "AAAAA-BBBBB",
            SaveRound(1, "1" * 32, "c" * 64, ("", "")),
            SaveRound(1, "1" * 32, "c" * 64, ("d" * 64, "")),
            SaveRound(1, "1" * 32, "c" * 64, ("d" * 64, ""), ("6-6", "6-5")),
            SaveAction(1, 0, "play 6-5 on 0"), SaveAction(1, 1, "draw"), SaveScores(1, (0, 12)),
            SaveRound(2, "2" * 32, "e" * 64, ("", "")))) == set()
        stored = await store.load("AAAAA-BBBBB")
        assert stored is not None
        assert stored.row == _row("t1", "AAAAA-BBBBB")
        assert stored.seats == SEATS
        assert stored.rounds == (RoundRow(1, "1" * 32, "c" * 64, ("d" * 64, ""), ("6-6", "6-5"),
                                          ("play 6-5 on 0", "draw"), (0, 12)),
                                 RoundRow(2, "2" * 32, "e" * 64, ("", "")))
        assert stored.epoch == 2, "reading a table back claims it anew"
        assert await store.load("ZZZZZ-ZZZZZ") is None
        assert await store.code_taken("AAAAA-BBBBB") and not await store.code_taken("ZZZZZ-ZZZZZ")
        assert await store.count() == {"playing": 1}
    _with_store(database, tmp_path, work)


def test_a_write_under_an_old_claim_is_refused_and_the_rest_of_the_batch_is_stored(database: str,
                                                                                   tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        await store.commit(_new_table("t1", "AAAAA-11111"))
        await store.commit(_new_table("t2", "AAAAA-22222"))
        claimed = await store.load("AAAAA-11111")  # epoch 2 now: writes under epoch 1 are a former holder's
        assert claimed is not None
        batch = Batch(now=NOW + 5)
        batch.add("t1", 1, [SaveAction(1, 0, "draw")])
        batch.add("t2", 1, [SaveRound(1, "3" * 32, "f" * 64, ("", ""))])
        assert await store.commit(batch) == {"t1"}
        first, second = await store.load("AAAAA-11111"), await store.load("AAAAA-22222")
        assert first is not None and first.rounds == ()
        assert second is not None and len(second.rounds) == 1 and second.last_move_at == NOW + 5
    _with_store(database, tmp_path, work)


def test_a_stops_departures_are_stored_in_place_for_the_tables_still_held(database: str, tmp_path: Path) -> None:
    """At a stop every table's seats and progress are written in a few statements: the held tables
    change, a table claimed since by another epoch does not."""
    away = (SeatRow(0, "person", "Ana", "a" * 64, False, False, 0, NOW + 9), SEATS[1])

    async def work(store: Store) -> None:
        for number in range(1, 201):
            await store.commit(_new_table(f"t{number}", f"AAAAA-{number:05d}"))
        claimed = await store.load("AAAAA-00002")  # epoch 2: the stop's epoch-1 write is a former holder's
        assert claimed is not None
        await store.note_departures([Departure(f"t{number}", 1, away, SaveProgress(1, (0,), False, 42.5))
                                     for number in range(1, 201)])
        first, second, last = [await store.load(f"AAAAA-{n:05d}") for n in (1, 2, 200)]
        assert first is not None and first.seats == away and first.clock_left == 42.5
        assert last is not None and last.seats == away and last.clock_left == 42.5
        assert second is not None and second.seats == SEATS and second.clock_left is None
    _with_store(database, tmp_path, work)


def test_many_requests_at_once_read_and_write_without_breaking_the_connection(database: str,
                                                                             tmp_path: Path) -> None:
    """A busy server asks many things at the same moment (25 people creating tables at once)."""
    async def work(store: Store) -> None:
        async def one(number: int) -> bool:
            code = f"AAAAA-{number:05d}"
            taken = await store.code_taken(code)
            await store.commit(_new_table(f"t{number}", code))
            return not taken and await store.code_taken(code)
        assert all(await asyncio.gather(*(one(n) for n in range(60))))
        assert await store.count() == {"playing": 60}
    _with_store(database, tmp_path, work)


def test_the_retention_rule_removes_only_what_it_says(database: str, tmp_path: Path) -> None:
    keep = Retention(unfinished=30 * DAY, finished=30 * DAY, never_started=3600)

    async def work(store: Store) -> None:
        await store.commit(_new_table("old-lobby", "LLLLL-00001", state="lobby", at=NOW - 2 * 3600))
        await store.commit(_new_table("new-lobby", "LLLLL-00002", state="lobby", at=NOW - 600))
        await store.commit(_new_table("old-game", "GGGGG-00001", at=NOW - 31 * DAY))
        await store.commit(_new_table("quiet-game", "GGGGG-00002", at=NOW - 29 * DAY))
        await store.commit(_new_table("seated-game", "GGGGG-00003", at=NOW - 40 * DAY))
        await store.commit(_new_table("done-long-ago", "DDDDD-00001", state="over", finished_at=NOW - 31 * DAY,
                                      at=NOW - 31 * DAY))
        await store.commit(_new_table("done-lately", "DDDDD-00002", state="over", finished_at=NOW - DAY,
                                      at=NOW - 40 * DAY))
        removed = await store.sweep(NOW, keep, frozenset({"seated-game"}))
        assert removed == 3
        left = {code for code in ("LLLLL-00001", "LLLLL-00002", "GGGGG-00001", "GGGGG-00002", "GGGGG-00003",
                                  "DDDDD-00001", "DDDDD-00002") if await store.code_taken(code)}
        assert left == {"LLLLL-00002", "GGGGG-00002", "GGGGG-00003", "DDDDD-00002"}
    _with_store(database, tmp_path, work)


def test_a_table_deleted_takes_everything_of_it(database: str, tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        await store.commit(_new_table("t1", "AAAAA-33333", SaveRound(1, "1" * 32, "c" * 64, ("", ""), ("1-1",)),
                                      SaveAction(1, 0, "draw")))
        batch = Batch(now=NOW)
        batch.add("t1", 1, [DeleteTable()])
        assert await store.commit(batch) == set()
        assert await store.load("AAAAA-33333") is None and await store.count() == {}
    _with_store(database, tmp_path, work)


def test_the_limits_counts_come_back_from_the_database(database: str, tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        batch = _new_table("t1", "AAAAA-44444")
        batch.addresses += [AddressEvent("10.0.0.9", "wrong", NOW - 30), AddressEvent("10.0.0.9", "wrong", NOW - 90),
                            AddressEvent("10.0.0.1", "created", NOW - 100)]
        await store.commit(batch)
        counts = await store.address_counts(NOW)
        assert counts.wrong == {"10.0.0.9": [NOW - 30]}, "a wrong code counts for a minute"
        assert counts.created == {"10.0.0.1": [NOW - 100]}
        assert counts.open_tables == {"10.0.0.1": 1}
    _with_store(database, tmp_path, work)


def test_a_one_time_import_is_remembered(database: str, tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        assert not await store.imported("json-tables")
        await store.mark_imported("json-tables", "3")
        await store.probe(NOW)
        assert await store.imported("json-tables")
    _with_store(database, tmp_path, work)


def test_a_database_that_cannot_be_reached_is_said_in_words(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")

    async def run() -> str:
        store = open_store(f"postgresql://nobody@/nothing?host={tmp_path}", tmp_path)
        with pytest.raises(StoreError) as refused:
            await store.open()
        return refused.value.reason
    assert "cannot reach PostgreSQL" in asyncio.run(run())
