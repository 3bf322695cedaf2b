"""The table server's database in PostgreSQL (psycopg 3, the ``postgres`` extra), for an operator.

The same statements as SQLite (``sqlstore``), each trip one pipeline over
one of two asynchronous connections: one writes (commits, claims, sweeps),
the other reads, so a list of tables never waits behind a commit. A
connection that breaks (the database restarted, the network between) is
opened again at the next trip; meanwhile every trip raises StoreError and
the server pauses the tables it could not store.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from typing import Any

from . import sql
from .base import StoreError
from .sqlstore import Result, SqlStore

try:
    import psycopg
except ImportError:  # pragma: no cover - said in words by open()
    psycopg = None  # type: ignore[assignment]


SCHEMA_LOCK = 0x6D74_7363_6865_6D61
"""The advisory lock every server takes for its schema transaction ("mtschema"): servers started
together on an empty database make the schema one after another, never at once."""


NAME_PREFIX = "mexican-train "
"""How a server names its connections (``application_name``, with its process id): another process
sees in ``pg_stat_activity`` whether they are open, and takes a killed process's tables at once."""


def _pg(statement: str) -> str:
    """A statement with psycopg's placeholders."""
    return statement.replace("?", "%s")


class PostgresStore(SqlStore):
    """Tables in the PostgreSQL database at ``url``."""

    separate_reader = True
    now_sql = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"
    schema_lock = (("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,)),)
    alive_sql = f"EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = '{NAME_PREFIX}' || {{id}})"

    def __init__(self, url: str) -> None:
        super().__init__(secrets.token_hex(8))
        self.url = url
        self._writer: Any = None
        self._reader: Any = None
        self._turns = {False: asyncio.Lock(), True: asyncio.Lock()}
        """One trip at a time on each connection: a pipeline is not shared by two tasks."""

    async def _connection(self, reader: bool) -> Any:
        """The reading or writing connection, opened again if it broke."""
        current = self._reader if reader else self._writer
        if current is not None and not current.closed and not current.broken:
            return current
        if current is not None and not current.closed:
            await current.close()  # a broken connection is let go before another is opened
        if psycopg is None:
            raise StoreError("PostgreSQL needs psycopg: pip install 'mexican-train[postgres]'")
        try:
            connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=5,
                                                                application_name=NAME_PREFIX + self.holder)
        except psycopg.Error as error:
            raise StoreError(f"cannot reach PostgreSQL: {_said(error)}") from None
        if reader:
            self._reader = connection
        else:
            self._writer = connection
        return connection

    async def _trip(self, statements: Sequence[sql.Statement], reader: bool = False) -> list[Result]:
        """The statements in one pipeline; an error rolls back what is open and becomes StoreError.
        Trips on one connection take turns (many requests read at once)."""
        async with self._turns[reader]:
            return await self._trip_now(statements, reader)

    async def _trip_now(self, statements: Sequence[sql.Statement], reader: bool) -> list[Result]:
        """One trip, its connection's turn come."""
        db = await self._connection(reader)
        try:
            cursors = []
            async with db.pipeline():
                for statement, params in statements:
                    if isinstance(params, sql.Rows):  # one step, however many rows
                        cursor = db.cursor()
                        await cursor.executemany(_pg(statement), params)
                        cursors.append(cursor)
                    else:
                        cursors.append(await db.execute(_pg(statement), params))
            return [Result(c.rowcount, list(await c.fetchall()) if c.description else []) for c in cursors]
        except psycopg.Error as error:
            if not db.closed and not db.broken:
                try:
                    await db.execute("ROLLBACK")
                except psycopg.Error:
                    await db.close()
            raise StoreError(f"PostgreSQL refused: {_said(error)}") from None

    async def open(self) -> None:
        """Connect and make the schema (two servers starting at once make it once)."""
        await self._connection(False)
        await self._schema()

    async def close(self) -> None:
        """Close both connections."""
        for connection in (self._writer, self._reader):
            if connection is not None and not connection.closed:
                await connection.close()
        self._writer = self._reader = None


def _said(error: BaseException) -> str:
    """The first line of a driver's error."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
