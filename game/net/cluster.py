"""Several table server processes sharing one database: heartbeats, handovers, the least loaded.

Each process writes a heartbeat row every ``heartbeat_every`` seconds (its
address and load, timed by the database's clock); its tables stay its own
while its lease runs (``lease`` seconds since the last beat). Every few
beats it also hands over the tables another process asks for (a client of
that table reached the other process behind a proxy). A new table goes to
the least loaded live process; a stopping process lets every table go at
once and sends its people to the least loaded other one. With one process
(SQLite, or one server on PostgreSQL) all of this is quiet bookkeeping.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .store import StoreError
from .store.records import Process

if TYPE_CHECKING:
    from .server import Server

log = logging.getLogger("mexican_train.server")
SPARE = 2
"""Tables a process may hold beyond the least loaded one before it sends a new table there."""
GOODBYE_WAIT = 1.0
"""Seconds a stopping process gives its last messages to leave before it drops every connection."""


class Cluster:
    """This process among the live ones."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.processes: list[Process] = []
        """The live processes as of the last heartbeat (this one among them)."""
        self._failing = False

    def addresses(self) -> list[str]:
        """Where the live processes are reached (for a client to try when its own is gone)."""
        return sorted({p.address for p in self.processes if not p.stopping and p.address})

    def least_loaded(self) -> Process | None:
        """The live process a new table should go to, if not this one."""
        me = self.server.store.holder
        mine = len(self.server.tables)
        others = [p for p in self.processes if p.id != me and not p.stopping and p.address]
        best = min(others, key=lambda p: p.tables, default=None)
        return best if best is not None and mine > best.tables + SPARE else None

    async def beat(self, stopping: bool = False) -> None:
        """One heartbeat, and the handovers other processes ask for."""
        server = self.server
        people = sum(1 for _ in server.seated)
        try:
            self.processes = await server.store.heartbeat(server.address, len(server.tables), people, stopping)
            if not stopping:
                for code, table_id, to in await server.store.wanted():
                    await server.tables.hand_over(code, table_id, to)
            if self._failing:
                log.info("heartbeats go through again")
            self._failing = False
        except StoreError as error:
            if not self._failing:
                log.error("the heartbeat failed (%s): other processes take this one's tables once its lease "
                          "runs out", error.reason)
            self._failing = True

    async def run(self, stop: asyncio.Event) -> None:
        """Beat until ``stop``."""
        while not stop.is_set():
            await self.beat()
            await asyncio.sleep(self.server.config.heartbeat_every)

    async def leave(self) -> None:
        """A stop: note that everyone left, store what waits, let every table go, and send the
        people to another process."""
        server = self.server
        try:
            for (code, seat), _ in list(server.seated.items()):
                table = server.tables.get(code)
                if table is not None and not table.paused:
                    server.deliver(table, table.drop(seat))  # everyone's departure is noted, as after a drop
            await server.outbox.flush()
            await self.beat(stopping=True)
            await server.tables.release_all()
        except StoreError as error:
            log.warning("the tables could not be let go at the stop (%s): others take them when the lease "
                        "runs out", error.reason)
        me = server.store.holder
        others = sorted((p for p in self.processes if p.id != me and not p.stopping and p.address),
                        key=lambda p: p.tables)
        if not others:
            return
        to = others[0].address
        for conn in list(server.conns):
            conn.send({"type": "moved", "to": to, "table": conn.table.code if conn.table else "",
                       "message": "this server is stopping: your table goes on at another"})
            conn.end()
        log.info("stopping: every table let go; people sent to %s", to)
        await asyncio.sleep(GOODBYE_WAIT)
