"""The database deleted, replaced or restored from an older copy while the server runs: noticed before
anything more is told, the tables paused, nothing anyone was told lost; and one server per file for
its whole life, even with the folder's lock file deleted."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from game.net.client.client import Client
from game.net.client.inbound import Incoming
from game.net.client.replies import ServerRefused
from game.net.server.embedded import EmbeddedServer
from game.net.store import Retention, Store, StoreError, StoreLocked, open_store
from game.net.store.records import (
    Batch,
    CreateTable,
    SaveAction,
    SaveRound,
    SaveSeats,
    SeatRow,
    StoredTable,
    TableRow,
)
from game.net.store.sqlite import FILE_NAME, SqliteStore
from game.saves.lock import FolderLock

from .conftest import HOST, Cluster, connected, next_of

T = TypeVar("T")
NOW = 1_800_000_000.0
CODE = "AAAAA-BBBBB"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the database file is locked on Linux")


def _with(database: str, folder: Path, work: Callable[[Store], Awaitable[T]]) -> T:
    """Open a store, run ``work`` on it, close it."""
    async def run() -> T:
        store = open_store(database, folder)
        await store.open()
        try:
            return await work(store)
        finally:
            await store.close()
    return asyncio.run(run())


def _table(*writes: object) -> Batch:
    batch = Batch(now=NOW)
    row = TableRow("t1", CODE, '{"players": 2}', "playing", "net-seed", "10.0.0.1", NOW)
    seats = (SeatRow(0, "person", "Ana", "a" * 64, False, False), SeatRow(1, "easy", "Easy 2", "", False, False))
    batch.add("t1", 1, [CreateTable(row), SaveSeats(seats), SaveRound(1, "1" * 32, "c" * 64, ("", "")),
                        *writes])  # type: ignore[list-item]
    return batch


def _action(index: int, epoch: int = 1) -> Batch:
    batch = Batch(now=NOW + index)
    batch.add("t1", epoch, [SaveAction(1, index, "draw")])
    return batch


async def _actions(store: Store) -> int:
    """How many actions of the table ``store`` reads back."""
    stored = await store.load(CODE)
    assert isinstance(stored, StoredTable)
    return sum(len(r.actions) for r in stored.rounds)


def _older_copy(folder: Path, to: Path) -> None:
    """A consistent copy of the database as it is now (an operator's backup)."""
    with sqlite3.connect(folder / FILE_NAME) as source, sqlite3.connect(to) as copy:
        source.backup(copy)


# ----------------------------------------------------------------- SQLite, the store

@linux_only
def test_a_second_server_on_the_same_file_is_refused_even_with_the_lock_file_deleted(tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        (tmp_path / ".lock").unlink()
        second = SqliteStore(tmp_path)
        with pytest.raises(StoreLocked) as refused:
            await second.open()
        assert "another table server uses the database" in refused.value.reason
        await store.commit(_table())  # the first server takes its folder's lock again at its next write
        assert not FolderLock(tmp_path).acquire(), "the lock file is held again"
    _with("", tmp_path, work)


def test_a_deleted_database_is_noticed_before_the_next_write_and_written_back(tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        await store.commit(_table())
        await store.commit(_action(0))
        (tmp_path / FILE_NAME).unlink()
        with pytest.raises(StoreError) as refused:
            await store.commit(_action(1))
        assert "was deleted while the server ran" in refused.value.reason
        await store.probe(NOW)  # the probe that ends a pause writes back what the server holds
        assert (tmp_path / FILE_NAME).exists()
        assert await _actions(store) == 1, "the write refused was never made; the one before is there"
        assert await store.commit(_action(1, epoch=2)) == set()
    _with("", tmp_path, work)
    assert _with("", tmp_path, _actions) == 2, "a server started on the file afterwards finds every move"


def test_a_whole_data_folder_deleted_is_written_back_at_the_next_heartbeat(tmp_path: Path) -> None:
    folder = tmp_path / "server"

    async def work(store: Store) -> None:
        await store.commit(_table(SaveAction(1, 0, "draw")))
        shutil.rmtree(folder)
        await store.heartbeat("ws://127.0.0.1:1/", 1, 0)  # an idle server mends it too
        assert (folder / FILE_NAME).exists() and (folder / ".lock").exists()
    _with("", folder, work)
    assert _with("", folder, _actions) == 1


def test_a_database_replaced_by_an_older_copy_pauses_and_keeps_what_the_server_held(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    older = tmp_path / "older.sqlite3"

    async def work(store: Store) -> None:
        await store.commit(_table())
        _older_copy(tmp_path, older)
        await store.commit(_action(0))
        await store.commit(_action(1))
        os.replace(older, tmp_path / FILE_NAME)
        for attempt in (store.commit(_action(2)), store.probe(NOW), store.load(CODE)):
            with pytest.raises(StoreError) as refused:
                await attempt
            assert "was replaced by another file while the server ran" in refused.value.reason
        kept = sorted(tmp_path.glob(f"{FILE_NAME}.kept-*"))
        assert len(kept) == 1
        with sqlite3.connect(kept[0]) as copy:
            assert copy.execute("SELECT COUNT(*) FROM actions").fetchone() == (2,), "every move told is kept"
        (tmp_path / FILE_NAME).unlink()  # the operator moves the other file away: play goes on by itself
        await store.probe(NOW)
        assert await _actions(store) == 2
    caplog.set_level(logging.ERROR, logger="mexican_train.server")
    _with("", tmp_path, work)
    assert any("Everything the server told is kept in" in r.getMessage() for r in caplog.records)


def test_a_database_copied_over_in_place_is_noticed(tmp_path: Path) -> None:
    older = tmp_path / "older.sqlite3"

    async def work(store: Store) -> None:
        await store.commit(_table())
        _older_copy(tmp_path, older)
        await store.commit(_action(0))
        shutil.copyfile(older, tmp_path / FILE_NAME)  # the same file, its bytes replaced
        with pytest.raises(StoreError) as refused:
            await store.commit(_action(1))
        assert "was changed by another program while the server ran" in refused.value.reason
    _with("", tmp_path, work)


def test_a_deleted_log_is_made_anew_and_nothing_is_lost(tmp_path: Path) -> None:
    async def work(store: Store) -> None:
        await store.commit(_table())
        await store.commit(_action(0))
        Path(f"{tmp_path / FILE_NAME}-wal").unlink()
        with pytest.raises(StoreError) as refused:
            await store.commit(_action(1))
        assert "-wal was deleted or replaced" in refused.value.reason
        await store.probe(NOW)
        await store.commit(_action(1, epoch=1))
    _with("", tmp_path, work)
    assert _with("", tmp_path, _actions) == 2


# ----------------------------------------------------------------- both databases: this process's mark

def test_a_database_restored_from_an_older_copy_refuses_the_next_write(database: str, tmp_path: Path) -> None:
    """What an older copy holds is an earlier mark of this process (or none): the next transaction that
    would tell anything is refused, and so is every later one (the probe too)."""
    async def work(store: Store) -> None:
        await store.commit(_table())
        await store.commit(_action(0))
        await _outside(database, tmp_path, "UPDATE meta SET value = '1' WHERE key LIKE 'writes:%%'")
        for attempt in (store.commit(_action(1)), store.probe(NOW), store.load(CODE)):
            with pytest.raises(StoreError) as refused:
                await attempt
            assert "not the one this server has been writing" in refused.value.reason
    _with(database, tmp_path, work)


async def _outside(database: str, folder: Path, statement: str) -> None:
    """Run ``statement`` on the database as another program would."""
    if not database:
        with sqlite3.connect(folder / FILE_NAME) as db:
            db.execute(statement.replace("%%", "%"))
        return
    import psycopg

    async with await psycopg.AsyncConnection.connect(database, autocommit=True) as db:
        await db.execute(statement)


def test_a_postgresql_schema_dropped_and_made_anew_pauses_instead_of_serving_an_empty_database(
        postgres_cluster: Cluster, tmp_path: Path) -> None:
    url = postgres_cluster.new_database()

    async def work(store: Store) -> None:
        await store.commit(_table())
        await _outside(url, tmp_path, "DROP TABLE tables, seats, rounds, actions, meta, address_events, gone_seats, "
                                      "processes CASCADE")
        with pytest.raises(StoreError):
            await store.commit(_action(0))
        another = open_store(url, tmp_path)  # another process starts and makes the schema anew
        await another.open()
        await another.close()
        for attempt in (store.commit(_action(0)), store.probe(NOW), store.load(CODE)):
            with pytest.raises(StoreError) as refused:
                await attempt
            assert "not the one this server has been writing" in refused.value.reason
    _with(url, tmp_path, work)


# ----------------------------------------------------------------- through a server, mid-play

def _mine(client: Client, update: Incoming | None) -> bool:
    """Whether ``update`` gives this seat a move."""
    view = update.view if update is not None else None
    return view is not None and bool(view.legal) and client.joined is not None and view.to_move == client.joined.seat


async def _my_turn(client: Client, latest: Incoming | None = None) -> Incoming:
    """``latest`` if it gives this seat a move, else the next update that does."""
    update = latest
    while update is None or not _mine(client, update):
        update = await next_of(client, "update")
    return update


async def _play(client: Client, moves: int, latest: Incoming | None = None) -> Incoming:
    """Play ``moves`` of this seat's moves (from ``latest``, the last update seen); the update after the last."""
    for _ in range(moves):
        update = await _my_turn(client, latest)
        assert update.view is not None
        await client.act(update.view.legal[0])
        latest = await next_of(client, "update")
    assert latest is not None
    return latest


def _serving(data: Path) -> EmbeddedServer:
    """A server on ``data`` whose heartbeat waits: the mending comes from the probe that ends a pause."""
    server = EmbeddedServer(data, HOST, 0, hello_timeout=5, tick=0.05, workers=1, heartbeat_every=3600)
    server.start()
    return server


def _view_on_rejoin(data: Path, code: str, token: str) -> dict[str, object]:
    """The view a person rejoining gets from a server started anew on ``data``."""
    async def rejoin(url: str) -> dict[str, object]:
        client = await connected(url)
        await client.rejoin(code, token)
        update = await next_of(client, "update")
        await client.close()
        return dict(update.data["view"])
    server = _serving(data)
    try:
        return asyncio.run(rejoin(server.url))
    finally:
        server.stop()


def test_a_database_deleted_mid_play_pauses_the_table_and_play_goes_on_from_what_was_told(tmp_path: Path) -> None:
    data = tmp_path / "server"
    server = _serving(data)

    async def play() -> tuple[str, str, dict[str, object]]:
        ana = await connected(server.url)
        joined = await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await ana.start()
        update = await _my_turn(ana, await _play(ana, 2))
        assert update.view is not None
        (data / FILE_NAME).unlink()
        await ana.act(update.view.legal[0])
        await next_of(ana, "paused")
        resumed = await next_of(ana, "table")  # written back, the table read back: play goes on
        assert resumed.table is not None and not resumed.table.paused
        again = await next_of(ana, "update")
        assert again.data["view"] == update.data["view"], "the move never stored was never made"
        last = await _my_turn(ana, await _play(ana, 2, again))  # at Ana's turn the table waits for her
        await ana.close()
        return joined.table, joined.token, dict(last.data["view"])
    try:
        code, token, last = asyncio.run(play())
    finally:
        server.stop()
    assert _view_on_rejoin(data, code, token) == last, "every move told was stored in the file written back"


def test_a_database_replaced_mid_play_pauses_the_table_and_the_kept_copy_holds_every_move_told(
        tmp_path: Path) -> None:
    data = tmp_path / "server"
    older = tmp_path / "older.sqlite3"
    server = _serving(data)

    async def play() -> tuple[str, str, dict[str, object]]:
        ana = await connected(server.url)
        joined = await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await ana.start()
        latest = await _play(ana, 1)
        _older_copy(data, older)
        update = await _my_turn(ana, await _play(ana, 2, latest))
        assert update.view is not None
        os.replace(older, data / FILE_NAME)
        await ana.act(update.view.legal[0])
        await next_of(ana, "paused")
        await ana.act(update.view.legal[0])
        assert (await next_of(ana, "error")).data["code"] == "paused"
        await ana.close()
        return joined.table, joined.token, dict(update.data["view"])
    try:
        code, token, last = asyncio.run(play())
    finally:
        server.stop()
    kept = sorted(data.glob(f"{FILE_NAME}.kept-*"))
    assert len(kept) == 1
    os.replace(kept[0], data / FILE_NAME)  # the operator puts what the server kept in place
    for side in ("-wal", "-shm"):
        Path(f"{data / FILE_NAME}{side}").unlink(missing_ok=True)
    assert _view_on_rejoin(data, code, token) == last, "nothing anyone was told is lost"


def test_a_postgresql_schema_dropped_mid_play_pauses_the_table_and_nothing_fails_with_a_traceback(
        postgres_cluster: Cluster, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    url = postgres_cluster.new_database()
    server = EmbeddedServer(tmp_path / "server", HOST, 0, database=url, hello_timeout=5, tick=0.05, workers=1)
    server.start()

    async def play() -> None:
        ana = await connected(server.url)
        await ana.create("Ana", "classic", 2, length="blitz", seats=["person", "easy"])
        await ana.start()
        update = await _my_turn(ana, await _play(ana, 1))
        assert update.view is not None
        await _outside(url, tmp_path, "DROP TABLE tables, seats, rounds, actions, meta, address_events, gone_seats, "
                                      "processes CASCADE")
        await ana.act(update.view.legal[0])
        await next_of(ana, "paused")
        bo = await connected(server.url)
        with pytest.raises(ServerRefused) as refused:
            await bo.create("Bo", "classic", 2)
        assert refused.value.code == "server"
        another = open_store(url, tmp_path)  # another process makes the schema anew: still not this one's tables
        await another.open()
        await another.close()
        await ana.act(update.view.legal[0])
        assert (await next_of(ana, "error")).data["code"] == "paused"
        for client in (ana, bo):
            await client.close()
    caplog.set_level(logging.INFO, logger="mexican_train.server")
    try:
        asyncio.run(play())
        deadline = asyncio.run(_eventually(lambda: any("not the one this server has been writing" in r.getMessage()
                                                       for r in caplog.records)))
        assert deadline, "the probe says the database is not this server's"
    finally:
        server.stop()
    assert not [r for r in caplog.records if r.exc_info], "a database gone is said in words, never a traceback"


async def _eventually(check: Callable[[], bool], limit: float = 30.0) -> bool:
    """Whether ``check`` holds within ``limit`` seconds (looked at every tenth of a second)."""
    for _ in range(int(limit * 10)):
        if check():
            return True
        await asyncio.sleep(0.1)
    return check()


def test_another_processes_sweep_leaves_a_just_started_processes_mark(postgres_cluster: Cluster,
                                                                       tmp_path: Path) -> None:
    """Processes sharing PostgreSQL: one's sweep, before another's first heartbeat, removes only the marks
    of processes that stopped or were not heard of for long, never that newcomer's."""
    url = postgres_cluster.new_database()

    async def run() -> None:
        first, second = open_store(url, tmp_path), open_store(url, tmp_path)
        await first.open()
        await second.open()
        try:
            await first.heartbeat("ws://127.0.0.1:1/", 0, 0)
            await first.sweep(NOW, Retention(), frozenset())
            assert await second.commit(_table()) == set(), "the newcomer's mark is still there"
        finally:
            await first.close()
            await second.close()
    asyncio.run(run())
