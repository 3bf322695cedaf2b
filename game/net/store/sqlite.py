"""The table server's database in one SQLite file (Python's own ``sqlite3``), the default.

The file lives in the server's data folder (``tables.sqlite3``) in WAL mode
with ``synchronous=NORMAL``: a commit survives a killed process at once
(``durable=True``: ``FULL``, which survives a power cut too, at the cost of
a flush per commit). Every trip runs on one thread of its own, so the event
loop never waits on the disk. The folder is locked: a second server on the
same file refuses to start.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

from ...saves.lock import FolderLock
from . import sql
from .base import StoreError, StoreLocked
from .sqlstore import Result, SqlStore

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
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-db")
        self._db: sqlite3.Connection | None = None

    async def _trip(self, statements: Sequence[sql.Statement], reader: bool = False) -> list[Result]:
        """Run the statements on the database's thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._run, statements)

    def _run(self, statements: Sequence[sql.Statement]) -> list[Result]:
        """The statements, on the database thread; an error rolls back and becomes StoreError."""
        db = self._db
        if db is None:
            raise StoreError("the database is not open")
        results = []
        try:
            for statement, params in statements:
                many = isinstance(params, sql.Rows)
                cursor = db.executemany(statement, params) if many else db.execute(statement, params)
                rows = cursor.fetchall() if cursor.description else []
                results.append(Result(cursor.rowcount, rows))
        except sqlite3.Error as error:
            if db.in_transaction:
                db.rollback()
            raise StoreError(f"the database cannot be written: {error}") from None
        return results

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
            await loop.run_in_executor(self._thread, self._connect)
            await self._schema()
        except (sqlite3.Error, StoreError) as error:
            await self.close()
            raise StoreError(f"cannot open the database {self.path}: {getattr(error, 'reason', error)}") from None

    def _connect(self) -> None:
        """Connect and set the file's modes (on the database thread)."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA busy_timeout=5000")
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
