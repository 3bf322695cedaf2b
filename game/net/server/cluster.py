"""Several table server processes sharing one database: heartbeats, handovers, the least loaded.

Each process writes a heartbeat row every ``heartbeat_every`` seconds (its
address and load, timed by the database's clock); its tables stay its own
while its lease runs (``lease`` seconds since the last beat) and, on
PostgreSQL, while its connections to the database are open. At each beat it
also hands over the tables another process asks for with a seat's token (a
person of that table reached the other process at the same address). A new
table goes to the least loaded live process by the counts of the last
heartbeats; a stopping process takes no request more, lets every table go
and sends each table's people to a live process, the tables spread over
them by load. With one process (SQLite, or one server on PostgreSQL) all of
this is quiet bookkeeping.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from ..store import StoreError
from ..store.records import Departure, Process, SaveProgress, SaveSeats, TableWrite

if TYPE_CHECKING:
    from websockets.asyncio.server import Server as Listener

    from ..table.table import Table
    from .host import Hub
    from .tables import Tables

log = logging.getLogger("mexican_train.server")
SPARE = 2
"""Tables a process may hold beyond the least loaded one before it sends a new table there."""
GOODBYE_WAIT = 1.0
"""Seconds a stopping process gives its last messages to leave before it drops every connection."""
GOODBYE_POLL = 0.02
"""Seconds between two looks whether every connection has taken its last message."""


class Cluster:
    """This process among the live ones."""

    def __init__(self, server: Hub, tables: Tables) -> None:
        self.server = server
        self.tables = tables
        self.processes: list[Process] = []
        """The live processes as of the last heartbeat (this one among them)."""
        self._failing = False
        self._told: list[str] = []
        """The addresses last told to every connection."""
        self._successors: dict[str, str] = {}
        """At a stop: the address each table's people are sent to."""
        self._loads: dict[str, int] = {}
        """At a stop: each other live process's tables, counting those sent to it."""
        self._twins: set[str] = set()
        """The other live processes said to share this one's address."""

    def addresses(self) -> list[str]:
        """Where the live processes are reached (for a client to try when its own is gone)."""
        return sorted({p.address for p in self.processes if not p.stopping and p.address})

    def tell_addresses(self) -> None:
        """When the live processes change, tell every connection where they are now (a game whose
        process dies tries the others, so it must know of those that started after it connected)."""
        addresses = self.addresses()
        if addresses == self._told:
            return
        self._told = addresses
        for conn in list(self.server.conns):
            if conn.welcomed:
                self.server.send(conn, {"type": "servers", "servers": addresses})

    def least_loaded(self) -> Process | None:
        """The live process a new table should go to, if not this one: by the counts of the last
        heartbeats (this process's own too). A table sent there comes in at that process's own
        path and is set up there whatever its counts say (``Conn.placed``): one hop at most."""
        me = self.server.store.holder
        mine = next((p.tables for p in self.processes if p.id == me), 0)
        others = [p for p in self.processes if p.id != me and not p.stopping and p.address]
        best = min(others, key=lambda p: p.tables, default=None)
        return best if best is not None and mine > best.tables + SPARE else None

    async def beat(self, stopping: bool = False) -> None:
        """One heartbeat, and the handovers other processes ask for."""
        server = self.server
        people = sum(1 for _ in server.seated)
        try:
            self.processes = await server.store.heartbeat(server.address, len(self.tables), people, stopping)
            self._warn_of_a_twin()
            if not stopping:
                self.tell_addresses()
            if not stopping:
                for code, table_id, to in await server.store.wanted():
                    await self.tables.hand_over(code, table_id, to)
            if self._failing:
                log.info("heartbeats go through again")
            self._failing = False
        except StoreError as error:
            if not self._failing:
                log.error("the heartbeat failed (%s): other processes take this one's tables once its lease "
                          "runs out", error.reason)
            self._failing = True

    def _warn_of_a_twin(self) -> None:
        """Say once when another live process has this one's address (moved would lead back here)."""
        me, address = self.server.store.holder, self.server.address
        twins = {p.id for p in self.processes if p.id != me and p.address == address and not p.stopping}
        for twin in twins - self._twins:
            log.warning("process %s has this process's address %s too: give each process its own "
                        "--public-address (behind one address, a path each: docs/server.md)", twin, address)
        self._twins = twins

    async def run(self, stop: asyncio.Event) -> None:
        """Beat until ``stop``."""
        while not stop.is_set():
            await self.beat()
            await asyncio.sleep(self.server.config.heartbeat_every)

    def successor(self, table: Table | None) -> str:
        """At a stop, where ``table``'s people go (a connection at no table: anywhere live): each
        table to the live process with the fewest tables, counting those already sent to it ('' when
        no other process lives)."""
        code = table.code if table is not None else ""
        if code in self._successors:
            return self._successors[code]
        me = self.server.store.holder
        others = {p.id: p for p in self.processes if p.id != me and not p.stopping and p.address}
        loads = self._loads
        for gone in set(loads) - set(others):
            del loads[gone]
        for pid, process in others.items():
            loads.setdefault(pid, process.tables)
        if not loads:
            return ""
        chosen = min(loads, key=lambda pid: (loads[pid], pid))
        if code:
            loads[chosen] += 1
            self._successors[code] = others[chosen].address
        return others[chosen].address

    async def leave(self, listener: Listener) -> None:
        """A stop: listen no more and take no request more, note that everyone left, store what
        waits, let every table go, then send each table's people to a live process."""
        server = self.server
        server.stopping = True  # from here no request is done and no table claimed (they are sent on)
        listener.close(close_connections=False)
        try:
            await note_departures(server, self.tables)
            await self.beat(stopping=True)
            await self.tables.release_all()
        except StoreError as error:
            log.warning("the tables could not be let go at the stop (%s): others take them when the lease "
                        "runs out", error.reason)
        if not self.successor(None):
            log.info("stopping: every table let go; no other process lives, so connections are dropped")
            return
        for conn in list(server.conns):
            table = conn.table
            conn.send({"type": "moved", "to": self.successor(table), "table": table.code if table else "",
                       "message": "this server is stopping: your table goes on at another", "about": ""})
            conn.end()
        log.info("stopping: every table let go by process %s; their people sent to %s", server.store.holder,
                 ", ".join(sorted(set(self._successors.values())) or [self.successor(None)]))
        deadline = time.monotonic() + GOODBYE_WAIT
        while server.conns and time.monotonic() < deadline:
            await asyncio.sleep(GOODBYE_POLL)


async def note_departures(server: Hub, tables: Tables) -> None:
    """Note every seated person's departure as a dropped connection would (their time away counts
    from now, their turn clock stands still), with no message since every connection is about to
    close. A table whose departures changed only its seats and progress is written in place,
    all such tables in one transaction of two statements; any other (a guest's seat opens again
    in a lobby) goes through the outbox as in play, after which everything is stored."""
    seated: dict[str, list[int]] = {}
    for code, seat in server.seated:
        seated.setdefault(code, []).append(seat)
    departures: list[Departure] = []
    for code, seats in seated.items():
        table = tables.get(code)
        if table is None or table.paused:
            continue
        for seat in seats:
            table.depart(seat)
        table.events_log.clear()  # said once for every table below
        writes = latest_of_each(table.take_writes())
        departure = in_place(table, writes)
        if departure is not None:
            departures.append(departure)
        elif writes:
            server.outbox.stage(table.table_id, table.epoch, writes, [])
    await server.outbox.flush()  # every earlier write first
    await server.store.note_departures(departures)
    if seated:
        log.info("stopping: the departures of %d people at %d tables noted", len(server.seated), len(seated))


def in_place(table: Table, writes: list[TableWrite]) -> Departure | None:
    """``writes`` as one departure written in place: only the table's progress and, outside the
    lobby (where the stored seats stay the same ones), its seats; None for anything else."""
    progress = [w for w in writes if isinstance(w, SaveProgress)]
    seats = [w for w in writes if isinstance(w, SaveSeats)]
    if not progress or len(progress) + len(seats) != len(writes) or (seats and table.state == "lobby"):
        return None
    return Departure(table.table_id, table.epoch, seats[-1].seats if seats else (), progress[-1])


def latest_of_each(writes: list[TableWrite]) -> list[TableWrite]:
    """``writes`` with only the last of the whole-row writes (the seats, the progress) of each kind."""
    last = {type(w): i for i, w in enumerate(writes) if isinstance(w, (SaveSeats, SaveProgress))}
    return [w for i, w in enumerate(writes) if not isinstance(w, (SaveSeats, SaveProgress)) or last[type(w)] == i]
