"""Every ``Store`` call as SQL in round trips: one implementation over SQLite and PostgreSQL.

A backend supplies ``_trip``: run a list of statements in order (one whose
parameters are ``sql.Rows`` once per row), in one
round trip (PostgreSQL's pipeline; one hop to SQLite's thread), and give
each statement's row count and rows; any error rolls back what is open and
raises StoreError. Everything else is here, once. A commit is two trips:
new tables' rows and every table's claim, then the writes of the tables
this process still holds and ``COMMIT``. Writes run one at a time (a
transaction never interleaves with another caller's statements). Every
transaction that tells or serves anything (a commit, a table read back, a
stop's departures, the probe that ends a pause) first moves on a row only
this process writes, its mark (``meta``, ``writes:<process>``), from the
count it left there: a database deleted and made anew, replaced, or
restored from an older copy under the running server does not hold it, and
the transaction is refused (StoreError, the tables paused) before anyone is
told anything it did not store.
"""

from __future__ import annotations

import asyncio
import logging
from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import crashpoints, rows, sql
from .base import CREATED_WINDOW, WRONG_WINDOW, DamagedRecord, Retention, Store, StoreError
from .records import AddressCounts, Batch, Departure, Held, Listed, Process, StoredTable

log = logging.getLogger("mexican_train.server")
DEFAULT_LEASE = 5.0
"""Seconds a process's tables stay its own after its last heartbeat (by the database's clock)."""
STALE_SHARE = 0.5
"""The share of the lease without a heartbeat after which a holder is likely gone (a new holder waits
for its lease to run out rather than sending people to it)."""
REPLACED = ("the database is not the one this server has been writing (it was replaced, or restored from an "
            "older copy, while the server ran): play is paused; restart the server once the right database is back")
SWEEP_CHUNK = 500
"""Tables removed per transaction by a sweep."""
GONE_KEPT = 30 * 86400.0
"""Seconds the tokens of a removed table are still answered for (as expired)."""


@dataclass(frozen=True, slots=True)
class Result:
    """What one statement gave: its row count and its rows (none for a write)."""

    rowcount: int
    rows: list[tuple[Any, ...]]


class SqlStore(Store):
    """A database reached with SQL; the backend runs the trips."""

    separate_reader = False
    """Whether reads have a connection of their own (else they wait for any open transaction)."""
    now_sql = "0"
    """The database's own clock, in Unix seconds, as SQL."""
    alive_sql = "1 = 1"
    """Whether the process ``{id}`` is connected to the database, as SQL (PostgreSQL sees a killed
    process's connections close at once; SQLite has no way to tell and leaves it to the lease)."""
    exclusive = False
    """Whether this process is the database's only server (a lock says so): no other holder lives."""
    schema_lock: tuple[sql.Statement, ...] = ()
    """Statements that make every other process wait until this one's schema transaction ends."""

    def __init__(self, holder: str) -> None:
        self.holder = holder
        self.lease = DEFAULT_LEASE
        self._writing = asyncio.Lock()
        self._marks = 0
        """How many checked transactions this process has committed: its mark in the database says as many."""
        self._unsure = False
        """Whether the last checked transaction failed at its end (it may have been committed or not)."""

    @abstractmethod
    async def _trip(self, statements: Sequence[sql.Statement], reader: bool = False) -> list[Result]:
        """Run ``statements`` in order in one round trip ( ``reader``: on the reading connection)."""

    async def _write(self, statements: Sequence[sql.Statement]) -> list[Result]:
        """One trip on the writing connection, never inside another caller's transaction."""
        async with self._writing:
            return await self._trip(statements)

    async def _read(self, statements: Sequence[sql.Statement]) -> list[Result]:
        """One trip of queries, which never sees a transaction still open."""
        if self.separate_reader:
            return await self._trip(statements, reader=True)
        return await self._write(statements)

    async def _schema(self) -> None:
        """Make the schema if missing and bring it to this version: one transaction, taken one
        process at a time (``schema_lock``), so servers starting together make it once."""
        async with self._writing:
            await self._trip([("BEGIN", ()), *self.schema_lock, *((s, ()) for s in sql.SCHEMA),
                              ("INSERT INTO meta (key, value) VALUES ('schema', '1') ON CONFLICT (key) DO NOTHING", ())])
            version = (await self._trip([("SELECT value FROM meta WHERE key = 'schema'", ())]))[0].rows[0][0]
            while version in sql.UPGRADES:
                following = str(int(version) + 1)
                await self._trip([*((s, ()) for s in sql.UPGRADES[version]),
                                  ("UPDATE meta SET value = ? WHERE key = 'schema'", (following,))])
                version = following
            if version != sql.SCHEMA_VERSION:
                await self._trip([("ROLLBACK", ())])
                raise StoreError(f"the database is of schema {version}, newer than this server's "
                                 f"{sql.SCHEMA_VERSION}: update Mexican Train on this server")
            if self.exclusive:  # the folder's lock says every other process that held tables here is gone
                await self._trip([("UPDATE processes SET state = 'gone' WHERE id <> ?", (self.holder,))])
            await self._trip([(sql.NEW_MARK, (sql.mark_key(self.holder),)), ("COMMIT", ())])
            self._marks, self._unsure = 0, False

    # ------------------------------------------------------------ this process's mark

    def _mark(self) -> sql.Statement:
        """This process's mark moved on, where it is what this process left (either count when unsure)."""
        low = self._marks
        high = low + 1 if self._unsure else low
        return sql.MOVE_MARK, (str(high + 1), sql.mark_key(self.holder), str(low), str(high))

    async def _check_mark(self, moved: Result) -> None:
        """After BEGIN and ``_mark``: StoreError (the transaction rolled back) unless the mark moved on."""
        if moved.rowcount != 1:
            await self._trip([("ROLLBACK", ())])
            raise StoreError(REPLACED)

    async def _finish(self, statements: Sequence[sql.Statement]) -> list[Result]:
        """The rest of a checked transaction, COMMIT last; its mark counts once it is committed."""
        try:
            results = await self._trip(statements)
        except StoreError:
            self._unsure = True  # a connection lost at COMMIT leaves it unknown whether the mark moved on
            raise
        self._marks += 2 if self._unsure else 1
        self._unsure = False
        return results

    async def _checked(self, statements: Sequence[sql.Statement]) -> list[Result]:
        """A transaction (``statements`` from BEGIN to COMMIT; the caller has the writing turn) made only
        in the database this process has been writing: its mark is checked and moved on in it first.
        The results of ``statements``, in order."""
        first = await self._trip([statements[0], self._mark()])
        await self._check_mark(first[1])
        return [first[0], *await self._finish(statements[1:])]

    # ------------------------------------------------------------ writing

    async def commit(self, batch: Batch) -> set[str]:
        """New rows and claims, then the held tables' writes and COMMIT: one transaction."""
        tables = list(batch.tables.values())
        async with self._writing:
            first: list[sql.Statement] = [("BEGIN", ()), self._mark()]
            claims = []
            for table in tables:
                first.extend(sql.creations(table, batch.now, self.holder))
                claims.append(len(first))
                first.append((sql.GUARD, (batch.now, table.table_id, self.holder, table.epoch)))
            results = await self._trip(first)
            await self._check_mark(results[1])
            held = {t.table_id for t, at in zip(tables, claims) if results[at].rowcount == 1}
            crashpoints.reached("in-transaction")
            await self._finish([*sql.batch_statements(batch, held), ("COMMIT", ())])
        return set(batch.tables) - held

    async def note_departures(self, departures: Sequence[Departure]) -> None:
        """Each table's seats and progress in place, guarded by its epoch: one transaction, two statements."""
        if departures:
            async with self._writing:
                await self._checked([("BEGIN", ()), *sql.departure_statements(departures, self.holder),
                                     ("COMMIT", ())])

    async def probe(self, now: float) -> None:
        """Write the time of the probe into the meta table, in the database this process has been writing."""
        async with self._writing:
            await self._checked([("BEGIN", ()), (("INSERT INTO meta (key, value) VALUES ('probe', ?) "
                                                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
                                                 (repr(now),)), ("COMMIT", ())])

    async def mark_imported(self, key: str, value: str) -> None:
        """Note the import ``key`` as done."""
        await self._write([("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))])

    async def sweep(self, now: float, retention: Retention, keep: frozenset[str]) -> int:
        """Remove the expired tables (not those in ``keep``), their people's tokens kept as expired."""
        statement, params = sql.expired_query(now, retention.unfinished, retention.finished, retention.never_started)
        expired = [str(row[0]) for row in (await self._read([(statement, params)]))[0].rows
                   if row[0] not in keep]
        for start in range(0, len(expired), SWEEP_CHUNK):
            chunk = expired[start:start + SWEEP_CHUNK]
            await self._write([("BEGIN", ()), *(s for table_id in chunk for s in sql.delete_statements(table_id, now)),
                               ("COMMIT", ())])
        await self._write([("BEGIN", ()), ("DELETE FROM address_events WHERE at < ?", (now - CREATED_WINDOW,)),
                           ("DELETE FROM gone_seats WHERE at < ?", (now - GONE_KEPT,)),
                           (sql.OLD_MARKS.format(now=self.now_sql), (sql.mark_key(self.holder), GONE_KEPT)),
                           ("COMMIT", ())])
        return len(expired)

    # ------------------------------------------------------------ reading

    async def load(self, code: str) -> StoredTable | Held | None:
        """Claim the table with ``code`` and read it back, in one transaction; Held when a
        live process holds it, None when no such table is stored."""
        async with self._writing:
            results = await self._checked(sql.load_queries(code, self.holder, self.lease, self.now_sql,
                                                           self.alive_sql))
        claimed = results[1].rows
        if not claimed:
            holder = results[6].rows
            if not holder:
                return None
            holder_id, address, age, connected = holder[0]
            return Held(str(holder_id), str(address), float(age) > STALE_SHARE * self.lease or not connected)
        _, epoch = claimed[0]
        return rows.stored_table(results[2].rows[0], int(epoch), results[3].rows, results[4].rows, results[5].rows)

    async def heartbeat(self, address: str, tables: int, people: int, stopping: bool = False) -> list[Process]:
        """Renew this process's lease (by the database's clock) with its address and load;
        the processes whose lease runs, this one among them."""
        now = self.now_sql
        state = "stopping" if stopping else "up"
        results = await self._write([(sql.HEARTBEAT.format(now=now), (self.holder, address, state, tables, people)),
                                     (sql.PROCESSES.format(now=now, alive=self.alive_sql.format(id="processes.id")),
                                      (self.lease,))])
        return [Process(str(pid), str(where), int(n), int(p), state == "stopping")
                for pid, where, n, p, state in results[1].rows]

    async def release(self, table_ids: Sequence[str]) -> None:
        """Let go of these tables (another process may claim them at once)."""
        if table_ids:
            marks = ", ".join("?" for _ in table_ids)
            await self._write([(f"UPDATE tables SET holder = '' WHERE holder = ? AND id IN ({marks})",
                                (self.holder, *table_ids))])

    async def release_all(self) -> None:
        """Let go of every table this process holds and leave the live processes (a stop)."""
        await self._write([("BEGIN", ()), ("UPDATE tables SET holder = '' WHERE holder = ?", (self.holder,)),
                           ("UPDATE processes SET state = 'stopped' WHERE id = ?", (self.holder,)), ("COMMIT", ())])

    async def want(self, code: str, token_hash: str) -> bool:
        """Ask the process holding ``code`` to hand it over to this one, if a seat there has the token
        of ``token_hash`` (checked in the same statement); whether it did."""
        results = await self._write([(sql.WANT, (self.holder, code, self.holder, token_hash))])
        return results[0].rowcount == 1

    async def wanted(self) -> list[tuple[str, str, str]]:
        """The tables this process holds that another asks for: (code, id, the asker's address)."""
        rows = await self._rows("SELECT t.code, t.id, COALESCE(p.address, '') FROM tables t LEFT JOIN processes p "
                                "ON p.id = t.wanted_by WHERE t.holder = ? AND t.wanted_by <> ''", (self.holder,))
        return [(str(code), str(table_id), str(address)) for code, table_id, address in rows]

    async def _rows(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query, on the reading connection."""
        return (await self._read([(statement, params)]))[0].rows

    async def code_taken(self, code: str) -> bool:
        """Whether a stored table has ``code``."""
        return bool(await self._rows("SELECT 1 FROM tables WHERE code = ?", (code,)))

    async def count(self) -> dict[str, int]:
        """Tables by state."""
        return {str(state): int(n) for state, n in await self._rows("SELECT state, COUNT(*) FROM tables GROUP BY state")}

    async def imported(self, key: str) -> bool:
        """Whether the one-time import ``key`` was done."""
        return bool(await self._rows("SELECT 1 FROM meta WHERE key = ?", (key,)))

    async def address_counts(self, now: float) -> AddressCounts:
        """Recent wrong codes and creations, and unfinished tables, per address."""
        results = await self._read([
            (("SELECT address, kind, at FROM address_events WHERE (kind = 'wrong' AND at >= ?) "
              "OR (kind = 'created' AND at >= ?) ORDER BY at"), (now - WRONG_WINDOW, now - CREATED_WINDOW)),
            ("SELECT creator, COUNT(*) FROM tables WHERE state <> 'over' GROUP BY creator", ())])
        wrong: dict[str, list[float]] = {}
        created: dict[str, list[float]] = {}
        damaged = 0
        for address, kind, at in results[0].rows:
            try:
                events = wrong if kind == "wrong" else created
                events.setdefault(rows.text(address, "an address"), []).append(rows.number(at, "a time"))
            except DamagedRecord:
                damaged += 1
        if damaged:
            log.error("%d counted events of addresses are stored damaged: they are not counted", damaged)
        return AddressCounts(wrong, created, {str(c): int(n) for c, n in results[1].rows})

    async def listed(self, wanted: Sequence[tuple[str, str]]) -> list[Listed]:
        """Where the table of each (code, token hash) stands, read without loading or claiming any."""
        if not wanted:
            return []
        hashes = sorted({token for _, token in wanted})
        found, gone = await self._read(sql.listing_queries(hashes))
        table_ids = sorted({str(row[9]) for row in found.rows})
        seats = (await self._read([sql.seats_of_tables(table_ids)]))[0].rows if table_ids else []
        return rows.listings(wanted, found.rows, gone.rows, seats)

    async def playing_on(self) -> list[str]:
        """The codes of unfinished tables whose computer players play on with nobody there."""
        return [str(row[0]) for row in await self._rows(sql.PLAYING_ON)]
