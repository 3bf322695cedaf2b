"""The table server's database in one SQLite file (Python's own ``sqlite3``), the default.

The file lives in the server's data folder (``tables.sqlite3``) in WAL mode
with ``synchronous=NORMAL``: a commit survives a killed process at once
(``durable=True``: ``FULL``, which survives a power cut too, at the cost of
a flush per commit). Every trip runs on one thread of its own, so the event
loop never waits on the disk. The folder is locked, and so is the file
itself (``sqlite_file``): a second server on the same file refuses to
start, even with the folder's ``.lock`` deleted. Before every trip that
writes, the files on disk are checked against the ones the server has
open: a database deleted, replaced or overwritten while the server runs
fails the trip (its tables pause) before anything more is told; the next
probe writes a deleted file back from what the server holds, or keeps that
beside a replaced one for the operator (``mending``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from ...memory.files import place_if_absent
from ...saves.lock import FolderLock
from . import sql
from .base import StoreError, StoreLocked
from .records import Process
from .sqlite_file import WatchedFile
from .sqlstore import Result, SqlStore

log = logging.getLogger("mexican_train.server")
FILE_NAME: Final = "tables.sqlite3"


class SqliteStore(SqlStore):
    """Tables in ``<folder>/tables.sqlite3``."""

    now_sql = "((julianday('now') - 2440587.5) * 86400.0)"
    exclusive = True

    def __init__(self, folder: Path, durable: bool = False) -> None:
        super().__init__(secrets.token_hex(8))
        self.folder = Path(folder)
        self.path = self.folder / FILE_NAME
        self.durable = durable
        self._lock = FolderLock(self.folder)
        self._file = WatchedFile(self.path)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-db")
        self._db: sqlite3.Connection | None = None
        self.kept: Path | None = None
        """Where what the server held was kept when its file was replaced (None: not kept)."""

    async def _trip(self, statements: Sequence[sql.Statement], reader: bool = False) -> list[Result]:
        """Run the statements on the database's thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._run, statements)

    def _run(self, statements: Sequence[sql.Statement]) -> list[Result]:
        """The statements, on the database thread; an error rolls back and becomes StoreError. A trip that
        writes first checks the files on disk are still the ones the server holds."""
        db = self._db
        if db is None:
            raise StoreError("the database is not open")
        results = []
        writes = _writes(statements)
        try:
            if writes:
                self._check_files()
            for statement, params in statements:
                many = isinstance(params, sql.Rows)
                cursor = db.executemany(statement, params) if many else db.execute(statement, params)
                rows = cursor.fetchall() if cursor.description else []
                results.append(Result(cursor.rowcount, rows))
        except (sqlite3.Error, StoreError) as error:
            if db.in_transaction:
                db.rollback()
            if isinstance(error, StoreError):
                raise
            raise StoreError(f"the database cannot be written: {error}") from None
        if writes:
            self._file.settled()  # a checkpoint SQLite made in this trip was the server's own
        return results

    def _check_files(self) -> None:
        """StoreError when the database's files on disk are not the ones the server holds; the folder's
        lock taken again if it was deleted (it is refused only when another server took it meanwhile)."""
        problem = self._file.problem()
        if problem:
            raise StoreError(problem)
        if not self._lock.intact():
            self._lock.release()
            try:
                taken = self._lock.acquire()
            except OSError as error:
                raise StoreError(f"the folder {self.folder} cannot be locked again: {error}") from None
            if not taken:
                raise StoreError(f"another table server took the folder {self.folder} while this one ran")
            log.warning("the lock file %s was deleted or replaced while the server ran: it is held again",
                        self._lock.path)

    async def open(self) -> None:
        """Lock the folder, open and lock the file, make the schema."""
        try:
            if not self._lock.acquire():
                raise StoreLocked(f"another table server uses {self.folder} (it holds {self._lock.path}): "
                                  "stop it first, or give this one another --data folder")
        except OSError as error:
            raise StoreError(f"cannot use the folder {self.folder}: {error.strerror or error}") from None
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._thread, self._connect)
            await self._schema()
        except (sqlite3.Error, OSError, StoreError) as error:
            await self.close()
            if isinstance(error, StoreLocked):
                raise
            raise StoreError(f"cannot open the database {self.path}: {getattr(error, 'reason', error)}") from None

    def _connect(self) -> None:
        """Lock the file, connect, set its modes and note its files (on the database thread)."""
        if not self._file.lock():
            raise StoreLocked(f"another table server uses the database {self.path}: stop it first, or give "
                              "this one another --data folder")
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA busy_timeout=5000")
        db.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()  # the log and its index are made
        self._db = db
        self._file.note()

    async def close(self) -> None:
        """Close the file and let the folder go."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=False)
        self._lock.release()

    def _close(self) -> None:
        """Close the connection, then the file's lock (on the database thread)."""
        db, self._db = self._db, None
        if db is not None:
            db.close()
        self._file.release()

    # ------------------------------------------------------------ mending

    async def probe(self, now: float) -> None:
        """Put right what the files on disk allow, then the probe's write."""
        async with self._writing:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._mend)
        await super().probe(now)

    async def heartbeat(self, address: str, tables: int, people: int, stopping: bool = False) -> list[Process]:
        """Put right what the files on disk allow (an idle server too), then the heartbeat."""
        async with self._writing:
            await asyncio.get_running_loop().run_in_executor(self._thread, self._mend)
        return await super().heartbeat(address, tables, people, stopping)

    def _mend(self) -> None:
        """On the database thread, no transaction open: a deleted database is written back from what
        the server holds; a deleted log or index is made anew (closing the database copies the log
        into it); a replaced or overwritten database is left to the operator, what the server holds
        kept beside it (StoreError: the tables stay paused)."""
        problem = self._file.problem()
        if not problem or self._db is None:
            return
        if self._file.gone():
            self._restore(problem)
        elif self._file.beside_only():
            self._close()
            self._connect()
            log.warning("%s: the database was closed and opened again (nothing was lost)", problem)
        else:
            self._keep(problem)
            raise StoreError(problem)

    def _restore(self, problem: str) -> None:
        """Write what the server holds back at the database's name, then open it there."""
        self.folder.mkdir(parents=True, exist_ok=True)
        copy = self._copy(self.folder / f".{FILE_NAME}.restoring-{secrets.token_hex(4)}")
        self._close()
        if not place_if_absent(copy, self.path):
            self.kept = copy
            raise StoreError(f"{problem}; another file took its name as it was written back: what the server "
                             f"held is kept in {copy}")
        self._connect()
        log.error("%s: it was written back from what the server held (every move it told), and play goes on",
                  problem)

    def _keep(self, problem: str) -> None:
        """Keep what the server holds beside the database (once), and tell the operator how to go on."""
        if self.kept is not None and self.kept.exists():
            return
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        kept = self.folder / f"{FILE_NAME}.kept-{stamp}"
        copy = self._copy(self.folder / f".{FILE_NAME}.keeping-{secrets.token_hex(4)}")
        self.kept = kept if place_if_absent(copy, kept) else copy
        log.error("%s: play is paused. Everything the server told is kept in %s. Stop the server and put "
                  "that file in place of %s to go on from there, or move the other file away and play goes on "
                  "by itself", problem, self.kept, self.path)

    def _copy(self, target: Path) -> Path:
        """The database as the server holds it, copied to ``target`` (synced)."""
        assert self._db is not None
        copy = sqlite3.connect(target)
        try:
            copy.execute("PRAGMA synchronous=FULL")
            self._db.backup(copy)
        finally:
            copy.close()
        return target


def _writes(statements: Sequence[sql.Statement]) -> bool:
    """Whether a trip writes (anything but queries)."""
    return any(not statement.lstrip().upper().startswith("SELECT") for statement, _ in statements)
