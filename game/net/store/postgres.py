"""The table server's database in PostgreSQL (psycopg 3, the ``postgres`` extra), for an operator.

The same schema and statements as SQLite (``sql``), over two asynchronous
connections: one commits the server's batches, the other claims and reads
tables back, so a rejoin never waits behind a commit. A connection that
breaks (the database restarted, the network between) is opened again at
the next call; meanwhile every call raises StoreError and the server pauses
the tables it could not store.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from .. import crashpoints
from . import sql
from .base import CREATED_WINDOW, WRONG_WINDOW, Retention, Store, StoreError
from .records import AddressCounts, Batch, StoredTable

try:
    import psycopg
except ImportError:  # pragma: no cover - said in words by open()
    psycopg = None  # type: ignore[assignment]

T = TypeVar("T")
SWEEP_CHUNK = 500


def _pg(statement: str) -> str:
    """A statement with psycopg's placeholders."""
    return statement.replace("?", "%s")


class PostgresStore(Store):
    """Tables in the PostgreSQL database at ``url``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.holder = secrets.token_hex(8)
        self._writer: Any = None
        self._reader: Any = None

    # ------------------------------------------------------------ connections

    async def _connection(self, which: str) -> Any:
        """The writer's or the reader's connection, opened again if it broke."""
        current = getattr(self, which)
        if current is not None and not current.closed and not current.broken:
            return current
        if psycopg is None:
            raise StoreError("PostgreSQL needs psycopg: pip install 'mexican-train[postgres]'")
        try:
            connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=5)
        except psycopg.Error as error:
            raise StoreError(f"cannot reach PostgreSQL: {_said(error)}") from None
        setattr(self, which, connection)
        return connection

    async def _run(self, which: str, work: Callable[[Any], Awaitable[T]]) -> T:
        """Run ``work(connection)``; psycopg's errors become StoreError (a transaction left open is rolled back)."""
        connection = await self._connection(which)
        try:
            return await work(connection)
        except psycopg.Error as error:
            if not connection.closed and not connection.broken:
                try:
                    await connection.execute("ROLLBACK")
                except psycopg.Error:
                    await connection.close()
            raise StoreError(f"PostgreSQL refused: {_said(error)}") from None

    async def open(self) -> None:
        """Connect and make the schema."""
        async def schema(db: Any) -> None:
            await db.execute("BEGIN")
            await db.execute("SELECT pg_advisory_xact_lock(7262657)")  # two servers making the schema at once
            for statement in sql.SCHEMA:
                await db.execute(statement)
            await db.execute(_pg("INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO NOTHING"),
                             (sql.SCHEMA_VERSION,))
            await db.execute("COMMIT")
        await self._run("_writer", schema)

    async def close(self) -> None:
        """Close both connections."""
        for which in ("_writer", "_reader"):
            connection = getattr(self, which)
            setattr(self, which, None)
            if connection is not None and not connection.closed:
                await connection.close()

    # ------------------------------------------------------------ writing

    async def commit(self, batch: Batch) -> set[str]:
        """New rows and every table's claim in one round trip, then the writes of the tables
        held and the commit in a second, one transaction."""
        async def write(db: Any) -> set[str]:
            tables = list(batch.tables.values())
            async with db.pipeline():
                await db.execute("BEGIN")
                for table in tables:
                    for statement, params in sql.creations(table, batch.now, self.holder):
                        await db.execute(_pg(statement), params)
                claims = [await db.execute(_pg(sql.GUARD), (batch.now, t.table_id, self.holder, t.epoch))
                          for t in tables]
            held = {t.table_id for t, claim in zip(tables, claims) if claim.rowcount == 1}
            crashpoints.reached("in-transaction")
            async with db.pipeline():
                for statement, params in sql.batch_statements(batch, held):
                    await db.execute(_pg(statement), params)
                await db.execute("COMMIT")
            return set(batch.tables) - held
        return await self._run("_writer", write)

    async def probe(self, now: float) -> None:
        """A small write: the time of the probe."""
        async def write(db: Any) -> None:
            await db.execute(_pg("INSERT INTO meta (key, value) VALUES ('probe', ?) "
                                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value"), (repr(now),))
        await self._run("_writer", write)

    # ------------------------------------------------------------ reading

    async def load(self, code: str) -> StoredTable | None:
        """Claim the table with ``code`` and read it back, in one transaction."""
        async def read(db: Any) -> StoredTable | None:
            await db.execute("BEGIN")
            claimed = await (await db.execute(_pg(sql.CLAIM), (self.holder, code))).fetchone()
            if claimed is None:
                await db.execute("ROLLBACK")
                return None
            table_id, epoch = claimed
            row = await (await db.execute(_pg(sql.TABLE_QUERY), (table_id,))).fetchone()
            seats = await (await db.execute(_pg(sql.SEATS_QUERY), (table_id,))).fetchall()
            rounds = await (await db.execute(_pg(sql.ROUNDS_QUERY), (table_id,))).fetchall()
            actions = await (await db.execute(_pg(sql.ACTIONS_QUERY), (table_id,))).fetchall()
            await db.execute("COMMIT")
            return sql.stored_table(row, int(epoch), seats, rounds, actions)
        return await self._run("_reader", read)

    async def _fetch(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of one query, on the reader's connection."""
        async def read(db: Any) -> list[tuple[Any, ...]]:
            return list(await (await db.execute(_pg(statement), params)).fetchall())
        return await self._run("_reader", read)

    async def code_taken(self, code: str) -> bool:
        """Whether a stored table has ``code``."""
        return bool(await self._fetch("SELECT 1 FROM tables WHERE code = ?", (code,)))

    async def count(self) -> dict[str, int]:
        """Tables by state."""
        return {str(state): int(n) for state, n in await self._fetch("SELECT state, COUNT(*) FROM tables GROUP BY state")}

    async def address_counts(self, now: float) -> AddressCounts:
        """Recent wrong codes and creations, and unfinished tables, per address."""
        wrong: dict[str, list[float]] = {}
        created: dict[str, list[float]] = {}
        for address, kind, at in await self._fetch(
                "SELECT address, kind, at FROM address_events WHERE (kind = 'wrong' AND at >= ?) "
                "OR (kind = 'created' AND at >= ?) ORDER BY at", (now - WRONG_WINDOW, now - CREATED_WINDOW)):
            (wrong if kind == "wrong" else created).setdefault(str(address), []).append(float(at))
        open_tables = {str(c): int(n) for c, n in await self._fetch(
            "SELECT creator, COUNT(*) FROM tables WHERE state <> 'over' GROUP BY creator")}
        return AddressCounts(wrong, created, open_tables)

    async def sweep(self, now: float, retention: Retention, keep: frozenset[str]) -> int:
        """Remove the expired tables (not those in ``keep``) and old address events."""
        statement, params = sql.expired_query(now, retention.unfinished, retention.finished, retention.never_started)
        expired = [str(row[0]) for row in await self._fetch(statement, params) if row[0] not in keep]

        async def delete(db: Any, table_ids: list[str]) -> None:
            await db.execute("BEGIN")
            await _execute_all(db, [s for table_id in table_ids for s in sql.delete_statements(table_id)])
            await db.execute("COMMIT")
        for start in range(0, len(expired), SWEEP_CHUNK):
            chunk = expired[start:start + SWEEP_CHUNK]
            await self._run("_writer", lambda db, chunk=chunk: delete(db, chunk))  # type: ignore[misc]

        async def forget(db: Any) -> None:
            await db.execute(_pg("DELETE FROM address_events WHERE at < ?"), (now - CREATED_WINDOW,))
        await self._run("_writer", forget)
        return len(expired)

    async def imported(self, key: str) -> bool:
        """Whether the one-time import ``key`` was done."""
        return bool(await self._fetch("SELECT 1 FROM meta WHERE key = ?", (key,)))

    async def mark_imported(self, key: str, value: str) -> None:
        """Note the import ``key`` as done."""
        async def write(db: Any) -> None:
            await db.execute(_pg("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING"),
                             (key, value))
        await self._run("_writer", write)


async def _execute_all(db: Any, statements: Sequence[sql.Statement]) -> None:
    """Run statements in order in one round trip (psycopg's pipeline)."""
    if not statements:
        return
    async with db.pipeline():
        for statement, params in statements:
            await db.execute(_pg(statement), params)


def _said(error: BaseException) -> str:
    """The first line of a driver's error."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
