"""The table server's database in one SQLite file (Python's own ``sqlite3``), the default.

The file lives in the server's data folder (``tables.sqlite3``) in WAL mode
with ``synchronous=NORMAL``: a commit survives a killed process at once
(``durable=True``: ``FULL``, which survives a power cut too, at the cost of
a flush per commit). Every call runs on one thread of its own, so the event
loop never waits on the disk. The folder is locked: a second server on the
same file refuses to start.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, TypeVar

from ...saves.lock import FolderLock
from .. import crashpoints
from . import sql
from .base import CREATED_WINDOW, WRONG_WINDOW, Retention, Store, StoreError, StoreLocked
from .records import AddressCounts, Batch, StoredTable

T = TypeVar("T")
FILE_NAME: Final = "tables.sqlite3"


class SqliteStore(Store):
    """Tables in ``<folder>/tables.sqlite3``."""

    def __init__(self, folder: Path, durable: bool = False) -> None:
        self.folder = Path(folder)
        self.path = self.folder / FILE_NAME
        self.durable = durable
        self.holder = secrets.token_hex(8)
        self._lock = FolderLock(self.folder)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-db")
        self._db: sqlite3.Connection | None = None

    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(db, *args)`` on the database's thread; sqlite3's errors become StoreError."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._guarded, work, args)

    def _guarded(self, work: Callable[..., T], args: Sequence[Any]) -> T:
        """``work`` on the database thread, with the connection."""
        if self._db is None:
            raise StoreError("the database is not open")
        try:
            return work(self._db, *args)
        except sqlite3.Error as error:
            if self._db.in_transaction:
                self._db.rollback()
            raise StoreError(f"the database cannot be written: {error}") from None

    # ------------------------------------------------------------ opening

    async def open(self) -> None:
        """Lock the folder, open the file, make the schema."""
        try:
            if not self._lock.acquire():
                raise StoreLocked(f"another table server uses {self.folder} (it holds {self._lock.path}): "
                                  "stop it first, or give this one another --data folder")
        except OSError as error:
            raise StoreError(f"cannot use the folder {self.folder}: {error.strerror or error}") from None
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._thread, self._open)
        except sqlite3.Error as error:
            self._lock.release()
            raise StoreError(f"cannot open the database {self.path}: {error}") from None

    def _open(self) -> None:
        """Connect and set the file up (on the database thread)."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA busy_timeout=5000")
        with_transaction(db, lambda: [db.execute(statement) for statement in sql.SCHEMA])
        db.execute("INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO NOTHING",
                   (sql.SCHEMA_VERSION,))
        self._db = db

    async def close(self) -> None:
        """Close the file and let the folder go."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)
        self._lock.release()

    def _close(self) -> None:
        """Close the connection (on the database thread)."""
        db, self._db = self._db, None
        if db is not None:
            db.close()

    # ------------------------------------------------------------ writing

    async def commit(self, batch: Batch) -> set[str]:
        """Write the batch in one transaction."""
        return await self._run(self._commit, batch)

    def _commit(self, db: sqlite3.Connection, batch: Batch) -> set[str]:
        """New rows, then each table's claim, then the writes of the tables held, in one transaction."""
        db.execute("BEGIN IMMEDIATE")
        held = set()
        for table in batch.tables.values():
            for statement, params in sql.creations(table, batch.now, self.holder):
                db.execute(statement, params)
            if db.execute(sql.GUARD, (batch.now, table.table_id, self.holder, table.epoch)).rowcount == 1:
                held.add(table.table_id)
        for statement, params in sql.batch_statements(batch, held):
            db.execute(statement, params)
        crashpoints.reached("in-transaction")
        db.execute("COMMIT")
        return set(batch.tables) - held

    async def probe(self, now: float) -> None:
        """Write the time of the probe into the meta table."""
        def write(db: sqlite3.Connection) -> None:
            with_transaction(db, lambda: db.execute(
                "INSERT INTO meta (key, value) VALUES ('probe', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (repr(now),)))
        await self._run(write)

    # ------------------------------------------------------------ reading

    async def load(self, code: str) -> StoredTable | None:
        """Claim and read the table with ``code``."""
        return await self._run(self._load, code)

    def _load(self, db: sqlite3.Connection, code: str) -> StoredTable | None:
        """The claim and the reads, in one transaction."""
        db.execute("BEGIN IMMEDIATE")
        claimed = db.execute(sql.CLAIM, (self.holder, code)).fetchone()
        if claimed is None:
            db.execute("ROLLBACK")
            return None
        table_id, epoch = claimed
        row = db.execute(sql.TABLE_QUERY, (table_id,)).fetchone()
        seats = db.execute(sql.SEATS_QUERY, (table_id,)).fetchall()
        rounds = db.execute(sql.ROUNDS_QUERY, (table_id,)).fetchall()
        actions = db.execute(sql.ACTIONS_QUERY, (table_id,)).fetchall()
        db.execute("COMMIT")
        return sql.stored_table(row, int(epoch), seats, rounds, actions)

    async def code_taken(self, code: str) -> bool:
        """Whether a stored table has ``code``."""
        return await self._run(lambda db: db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone()
                               is not None)

    async def count(self) -> dict[str, int]:
        """Tables by state."""
        return await self._run(lambda db: {str(state): int(n) for state, n in db.execute(
            "SELECT state, COUNT(*) FROM tables GROUP BY state")})

    async def address_counts(self, now: float) -> AddressCounts:
        """Recent wrong codes and creations, and unfinished tables, per address."""
        return await self._run(_address_counts, now)

    async def sweep(self, now: float, retention: Retention, keep: frozenset[str]) -> int:
        """Remove the expired tables (not those in ``keep``) and old address events."""
        return await self._run(_sweep, now, retention, keep)

    async def imported(self, key: str) -> bool:
        """Whether the one-time import ``key`` was done."""
        return await self._run(lambda db: db.execute("SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone()
                               is not None)

    async def mark_imported(self, key: str, value: str) -> None:
        """Note the import ``key`` as done."""
        await self._run(lambda db: with_transaction(db, lambda: db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))))


def with_transaction(db: sqlite3.Connection, work: Callable[[], object]) -> None:
    """Run ``work`` in one immediate transaction."""
    db.execute("BEGIN IMMEDIATE")
    work()
    db.execute("COMMIT")


def _address_counts(db: sqlite3.Connection, now: float) -> AddressCounts:
    """The limits' counts from the database (on its thread)."""
    wrong: dict[str, list[float]] = {}
    created: dict[str, list[float]] = {}
    for address, kind, at in db.execute(
            "SELECT address, kind, at FROM address_events WHERE (kind = 'wrong' AND at >= ?) "
            "OR (kind = 'created' AND at >= ?) ORDER BY at", (now - WRONG_WINDOW, now - CREATED_WINDOW)):
        (wrong if kind == "wrong" else created).setdefault(str(address), []).append(float(at))
    open_tables = {str(creator): int(n) for creator, n in db.execute(
        "SELECT creator, COUNT(*) FROM tables WHERE state <> 'over' GROUP BY creator")}
    return AddressCounts(wrong, created, open_tables)


SWEEP_CHUNK: Final = 500


def _delete_tables(db: sqlite3.Connection, table_ids: list[str]) -> None:
    """Remove these tables and everything of them, in one transaction."""
    with_transaction(db, lambda: [db.execute(s, p) for table_id in table_ids for s, p in sql.delete_statements(table_id)])


def _sweep(db: sqlite3.Connection, now: float, retention: Retention, keep: frozenset[str]) -> int:
    """Remove what the retention rule removes, a chunk of tables per transaction."""
    expired = [str(row[0]) for row in db.execute(*sql.expired_query(
        now, retention.unfinished, retention.finished, retention.never_started)) if row[0] not in keep]
    for start in range(0, len(expired), SWEEP_CHUNK):
        _delete_tables(db, expired[start:start + SWEEP_CHUNK])
    with_transaction(db, lambda: db.execute("DELETE FROM address_events WHERE at < ?", (now - CREATED_WINDOW,)))
    return len(expired)
