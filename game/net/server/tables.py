"""The tables a server holds in memory, and their life beside the database.

A table is loaded when someone comes to it by its code (``by_code``, read
back and rebuilt from the database) and unloaded once nobody has been at it
for ``unload_after`` seconds; the database keeps it meanwhile, until the
retention rule removes it (``maintain`` sweeps now and then). When the
database refuses a commit, the tables in it are paused: their people are
told, their requests refused, and once a write succeeds again each is read
back from the database, where everything anyone was told is stored, and
play goes on from there.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..protocol.codes import new_code
from ..protocol.refusals import Moved, Refused
from ..store import StoreError
from ..store.records import DeleteTable, Held, StoredTable
from ..table.outgoing import Out
from ..table.seats import token_hash
from ..table.table import Table
from .legacy import import_json_tables
from .rebuild import DamagedTable, rebuild

if TYPE_CHECKING:
    from .host import Hub

log = logging.getLogger("mexican_train.server")
CLAIM_RETRY = 0.25
"""Seconds between two tries to claim a table being handed over."""
HANDOVER_SLACK = 2.0
"""Seconds beyond a lease a claim keeps trying."""
PROBE_EVERY = 1.0
"""Seconds between two tries to write while the database fails."""
QUIET_FOR = 60.0
"""Seconds between two log lines that the database still fails."""
COUNT_EVERY = 1.0
"""Seconds a count of the stored tables is answered again before the database is asked anew."""


class Tables:
    """The server's tables in memory, by code."""

    def __init__(self, server: Hub) -> None:
        self.server = server
        self._loaded: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._paused: set[str] = set()
        self.failing = ""
        """Why the database refuses writes now, or ''."""
        self.stored: dict[str, int] = {}
        """Tables in the database by state, as last counted."""
        self._counted_at = -COUNT_EVERY
        self._next_sweep = 0.0
        self._next_probe = 0.0
        self._last_complaint = 0.0

    def __len__(self) -> int:
        """Tables in memory."""
        return len(self._loaded)

    def get(self, code: str) -> Table | None:
        """The loaded table with ``code``."""
        return self._loaded.get(code)

    def loaded(self) -> list[Table]:
        """Every table in memory."""
        return list(self._loaded.values())

    def summary(self) -> str:
        """Counts for the log: in memory and stored."""
        stored = sum(self.stored.values())
        unfinished = stored - self.stored.get("over", 0)
        return f"{_count(len(self._loaded), 'table')} in memory, {stored} stored ({unfinished} unfinished)"

    # ------------------------------------------------------------ start

    async def start(self) -> None:
        """Import the JSON tables of an older server once, then read the limits' counts."""
        server = self.server
        folder = Path(server.config.data) / "tables"
        if folder.is_dir() and not await server.store.imported("json-tables"):
            imported = await import_json_tables(server.store, folder, server.clock())
            log.info("imported %s from %s into the database (the files are kept, no longer used)",
                     _count(imported, "table"), folder)
        await self.refresh()
        self._next_sweep = server.clock()
        for code in await server.store.playing_on():  # any-pace tables whose computers play on, as before a stop
            try:
                table = await self.by_code(code)
            except Refused:
                continue
            if table is not None:
                server.deliver(table, [])

    async def refresh(self) -> None:
        """Read the stored counts and the limits' counts again (every count made so far stored
        first; one made during the read is counted again on top of it)."""
        server = self.server
        server.limits.reading()
        try:
            await server.outbox.flush()
            server.limits.load(await server.store.address_counts(server.clock()))
        except BaseException:
            server.limits.read_failed()
            raise
        self.stored = await server.store.count()

    async def stored_now(self) -> dict[str, int]:
        """Tables in the database by state, counted again when the last count is over ``COUNT_EVERY``
        old (the last count while the database cannot be read)."""
        if time.monotonic() - self._counted_at >= COUNT_EVERY:
            self._counted_at = time.monotonic()
            try:
                self.stored = await self.server.store.count()
            except StoreError:
                pass
        return dict(self.stored)

    # ---------------------------------------------------------- finding

    async def free_code(self) -> str:
        """A code no stored or loaded table has."""
        while True:
            code = new_code()
            if code not in self._loaded and not await self.server.store.code_taken(code):
                return code

    def add(self, table: Table) -> None:
        """Hold a new table."""
        self._loaded[table.code] = table
        self.stored["lobby"] = self.stored.get("lobby", 0) + 1

    def remove(self, table: Table) -> None:
        """Remove a table for good (a lobby its host closed): from memory and the database."""
        self._loaded.pop(table.code, None)
        self.server.limits.closed(table.creator)
        self.server.log_table(table)
        self.server.outbox.stage(table.table_id, table.epoch, [*table.take_writes(), DeleteTable()], [])

    async def by_code(self, code: str, token: str = "") -> Table | None:
        """The table with ``code``, loaded from the database if need be (None: no such table); with
        a seat's ``token``, a process holding it at this very address is asked to hand it over."""
        if not code:
            return None
        table = self._loaded.get(code)
        if table is not None:
            return table
        waiting = self._loading.get(code)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[code] = future
        try:
            table = await self._load(code, token)
            future.set_result(table)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # a waiter gets it; nobody else needs to
            raise
        finally:
            del self._loading[code]
        return table

    async def _load(self, code: str, token: str) -> Table | None:
        """Read a table back and rebuild it; Moved when another live process serves it,
        Refused when the database cannot be read or the table is damaged."""
        server = self.server
        try:
            stored = await self._claim(code, token)
            if stored is None:
                return None
            table = rebuild(stored, server.clock)
        except DamagedTable as error:
            log.error("table %s is stored damaged and cannot be played: %s", code, error.reason)
            raise Refused("server", "this table's record is damaged: the server's operator has been told") from None
        table.counts_as_open = table.state != "over"
        self._loaded[code] = table
        log.info("table %s: loaded by process %s (round %d, %s)", code, server.store.holder, table.round_number,
                 table.state)
        return table

    async def _claim(self, code: str, token: str) -> StoredTable | None:
        """Claim the table with ``code``: at once when nobody holds it or its holder is gone; after its
        holder's lease runs out when that process stopped beating; by handover when it is served at
        this very address and ``token`` is one of its seats'; else Moved to where it is served. A
        stopping process claims nothing."""
        server = self.server
        deadline = time.monotonic() + server.store.lease + HANDOVER_SLACK
        waited_for: Held | None = None
        while True:
            if server.stopping:
                raise Moved(server.successor(None), "this server is stopping: your table goes on at another",
                            code)
            found = await self._read_back(code)
            if not isinstance(found, Held):
                if found is not None and waited_for is not None:
                    why = "its lease ran out" if waited_for.stale else "it handed the table over"
                    log.info("table %s: taken over from process %s (%s)", code, waited_for.holder, why)
                return found
            if not found.stale and found.address and found.address != server.address:
                raise Moved(found.address, f"this table is served at {found.address}", code)
            if not found.stale and waited_for is None and token:
                await self._ask_for(code, found, token)
            waited_for = found
            if time.monotonic() >= deadline:
                raise Refused("server", "this table is being handed over between servers: try again in a moment")
            await asyncio.sleep(CLAIM_RETRY)

    async def _read_back(self, code: str) -> StoredTable | Held | None:
        """Claim and read the table (``Store.load``); Refused when the database cannot be read."""
        try:
            return await self.server.store.load(code)
        except StoreError as error:
            log.error("table %s could not be read back: %s", code, error.reason)
            raise Refused("server", "the server cannot read its tables right now: try again in a moment") from None

    async def _ask_for(self, code: str, held: Held, token: str) -> None:
        """Ask the process holding ``code`` to hand it over, once ``token`` is found to be one of its
        seats' (a code alone, which anyone may know, moves no table); Refused when it is not."""
        try:
            asked = await self.server.store.want(code, token_hash(token))
        except StoreError:
            return
        if not asked:
            raise Refused("bad_token", "no seat at this table has that token")
        log.info("table %s: asked process %s to hand it over (a seat's token came to it at this address)",
                 code, held.holder)

    # ------------------------------------------------------------ pausing

    def pause(self, table_ids: set[str], reason: str) -> None:
        """The database refused these tables' writes: pause them and tell their people."""
        tables = [t for t in self._loaded.values() if t.table_id in table_ids]
        if not self.failing:
            log.error("the database cannot be written (%s): play is paused at %s until it can",
                      reason, _count(len(tables), "table"))
            self._last_complaint = time.monotonic()
        self.failing = reason
        message = {"type": "paused", "message": "Play is paused: the server cannot store moves right now. "
                                                "It goes on by itself as soon as it can."}
        for table in tables:
            table.paused = reason
            table.thinking = None
            self._paused.add(table.code)
            for seat in range(len(table.seats)):
                conn = self.server.seated.get((table.code, seat))
                if conn is not None:
                    conn.send(message)

    async def _recover(self) -> None:
        """While tables are paused: try a write; once one succeeds, read each back and go on."""
        if not self._paused or time.monotonic() < self._next_probe:
            return
        self._next_probe = time.monotonic() + PROBE_EVERY
        server = self.server
        try:
            await server.store.probe(server.clock())
        except StoreError as error:
            if time.monotonic() - self._last_complaint >= QUIET_FOR or error.reason != self.failing:
                self.failing = error.reason
                log.error("the database still cannot be written (%s): %s paused", error.reason,
                          _count(len(self._paused), "table"))
                self._last_complaint = time.monotonic()
            return
        resumed = 0
        for code in list(self._paused):
            if await self._reload(code):
                resumed += 1
        if not self._paused:
            self.failing = ""
            log.info("the database takes writes again: play goes on at %s", _count(resumed, "table"))

    async def _reload(self, code: str) -> bool:
        """Read a paused table back and seat its connected people again (or send them where another
        process serves it now); whether it goes on."""
        server = self.server
        old = self._loaded.pop(code, None)
        try:
            table = await self.by_code(code)
        except Refused:
            if old is not None:
                self._loaded[code] = old
            return False
        except Moved as moved:  # another process took it meanwhile: its people go there
            self._paused.discard(code)
            if old is not None:
                self.drop(old, moved.to, moved.message)
            return True
        self._paused.discard(code)
        if table is None:
            return True
        outs: list[Out] = []
        for seat in range(len(table.seats)):
            conn = server.seated.get((code, seat))
            if conn is not None:
                conn.table = table
                table.seats[seat].back()
        for seat in range(len(table.seats)):
            if (code, seat) in server.seated:
                outs.extend(out for out in table.catch_up(seat))
        server.deliver(table, [(None, table.table_message()), *outs])
        return True

    # ------------------------------------------------------------ handing over

    def drop(self, table: Table, to: str, why: str) -> None:
        """Stop serving ``table`` here (another process serves it now): its people are sent to ``to``."""
        server = self.server
        self._loaded.pop(table.code, None)
        table.paused = why
        moved = {"type": "moved", "to": to, "table": table.code, "message": why, "about": ""}
        for seat in range(len(table.seats)):
            conn = server.seated.pop((table.code, seat), None)
            if conn is not None:
                conn.table, conn.seat = None, -1
                conn.send(moved)
                conn.end()
        log.info("table %s: no longer served by process %s (%s)", table.code, server.store.holder, why)

    def fenced(self, table_ids: set[str]) -> None:
        """Another process claimed these tables (this one was cut off or paused past its lease):
        nothing more of them is told from here."""
        for table in [t for t in self._loaded.values() if t.table_id in table_ids]:
            self.drop(table, "", "another server took this table over")

    async def hand_over(self, code: str, table_id: str, to: str) -> None:
        """Another process asks for a table this one holds: let it go once its writes are stored."""
        server = self.server
        table = self._loaded.get(code)
        for _ in range(200):
            if not server.outbox.busy(table_id):
                break
            await asyncio.sleep(0.01)
        if table is not None:
            self.drop(table, to, f"handed over to the server at {to or 'another address'}")
        await server.store.release([table_id])

    async def release_all(self) -> None:
        """A stop: every table let go, for other processes to take at once."""
        for table in list(self._loaded.values()):
            self._loaded.pop(table.code, None)
        await self.server.store.release_all()

    # --------------------------------------------------------- upkeep

    async def maintain(self) -> None:
        """Unload tables nobody is at, try the database while tables are paused, sweep now and then."""
        server = self.server
        now = server.clock()
        for table in list(self._loaded.values()):
            self._unload_if_empty(table, now)
        await self._recover()
        if now >= self._next_sweep and not self.failing:
            self._next_sweep = now + server.config.sweep_every
            await self.sweep()

    def _unload_if_empty(self, table: Table, now: float) -> None:
        """Unload a table whose people have all been gone for ``unload_after`` (its writes all stored)."""
        server = self.server
        if table.people_here() or table.paused or table.thinking is not None or table.computer_turn() is not None:
            return  # (at any pace the computers play on to a person's turn first)
        if now - table.empty_since() >= server.config.unload_after and not server.outbox.busy(table.table_id):
            del self._loaded[table.code]
            log.info("table %s: unloaded (no one at it; it waits in the database)", table.code)

    async def sweep(self) -> int:
        """Remove what the retention rule removes (never a table in memory); how many went."""
        server = self.server
        keep = frozenset(t.table_id for t in self._loaded.values())
        try:
            removed = await server.store.sweep(server.clock(), server.config.retention, keep)
            if removed:
                log.info("removed %s past the retention (docs/server.md)", _count(removed, "table"))
            await self.refresh()
        except StoreError as error:
            log.warning("the sweep of old tables failed: %s", error.reason)
            return 0
        return removed


def _count(n: int, word: str) -> str:
    """'1 table', '2 tables'."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
