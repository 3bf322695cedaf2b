"""The table server's storage: one small asynchronous interface, two databases.

``Store`` is what the server asks of its database (SQLite by default,
PostgreSQL for an operator): commit a batch of writes, read a table back by
its code, sweep what the retention rule removes, and the per-address counts
the limits need. Both implementations run the same SQL (``schema``) and the
same tests. Every table row names the process holding it and an epoch; each
write to a table checks both in the same transaction, so a process that is
no longer the holder can never store (and so never tell) a move.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from .records import AddressCounts, Batch, Departure, Held, Listed, Process, StoredTable

WRONG_WINDOW = 60.0
"""Seconds a wrong code or token counts against its address."""
CREATED_WINDOW = 3600.0
"""Seconds a created table counts against its address's tables per hour (and address events are kept)."""


class StoreError(Exception):
    """The database cannot be used now (disk full, read-only, unreachable); ``reason`` in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class StoreLocked(StoreError):
    """Another server holds this database (one server per SQLite file)."""


class DamagedRecord(Exception):
    """A stored row that does not hold what it must (read back through the same checks as a
    network message: types, sizes, nesting, allowed values); ``reason`` in words for the operator."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Retention:
    """How long stored tables are kept (seconds of the wall clock)."""

    unfinished: float = 30 * 86400.0
    """An unfinished match, since its last move."""
    finished: float = 30 * 86400.0
    """A finished match, since its end."""
    never_started: float = 3600.0
    """A table still in its lobby, since its last change."""


class Store(ABC):
    """A database under the table server."""

    holder: str
    """This process's name in the tables it holds (new at every start)."""

    @abstractmethod
    async def open(self) -> None:
        """Connect, make the schema, and take the database (StoreLocked if another server has it)."""

    @abstractmethod
    async def close(self) -> None:
        """Let the database go (nothing is left to write: every change was committed as it came)."""

    @abstractmethod
    async def commit(self, batch: Batch) -> set[str]:
        """Write ``batch`` in one transaction; the ids of tables whose writes were
        refused because this process no longer holds them (their other writes
        are not made). StoreError when nothing could be written."""

    @abstractmethod
    async def note_departures(self, departures: Sequence[Departure]) -> None:
        """At a stop, after every commit: each table's seats and progress updated in place, in one
        transaction and a few statements whatever the number of tables (a table this process no
        longer holds under that epoch is left as it is). StoreError when it could not be written."""

    lease: float
    """Seconds this process's tables stay its own after its last heartbeat."""

    @abstractmethod
    async def load(self, code: str) -> StoredTable | Held | None:
        """Claim the table with ``code`` for this process (a new epoch) and read it
        back; Held when another live process holds it; None when no such table is stored."""

    @abstractmethod
    async def heartbeat(self, address: str, tables: int, people: int, stopping: bool = False) -> list[Process]:
        """Renew this process's lease; the live processes."""

    @abstractmethod
    async def release(self, table_ids: Sequence[str]) -> None:
        """Let go of these tables."""

    @abstractmethod
    async def release_all(self) -> None:
        """Let go of every table and leave the live processes."""

    @abstractmethod
    async def want(self, code: str, token_hash: str) -> bool:
        """Ask the holder of ``code`` to hand it over, if one of its seats has the token of
        ``token_hash`` (whether it did: False for a token of no seat there)."""

    @abstractmethod
    async def wanted(self) -> list[tuple[str, str, str]]:
        """The tables this process holds that another asks for: (code, id, the asker's address)."""

    @abstractmethod
    async def probe(self, now: float) -> None:
        """A small write that shows the database takes writes again (StoreError if not)."""

    @abstractmethod
    async def sweep(self, now: float, retention: Retention, keep: frozenset[str]) -> int:
        """Remove the tables the retention rule says are gone (never those in ``keep``,
        the ids of tables people sit at now); how many were removed."""

    @abstractmethod
    async def address_counts(self, now: float) -> AddressCounts:
        """The recent wrong codes and created tables, and the unfinished tables, per address."""

    @abstractmethod
    async def count(self) -> dict[str, int]:
        """How many tables are stored, by state."""

    @abstractmethod
    async def code_taken(self, code: str) -> bool:
        """Whether a stored table has ``code`` (a new table draws another)."""

    @abstractmethod
    async def listed(self, wanted: Sequence[tuple[str, str]]) -> list[Listed]:
        """Where the table of each (code, token hash) stands, in that order, read without
        loading or claiming any table (and without touching its retention)."""

    @abstractmethod
    async def playing_on(self) -> list[str]:
        """The codes of unfinished tables whose computer players play on with nobody there."""

    @abstractmethod
    async def imported(self, key: str) -> bool:
        """Whether the one-time import named ``key`` was done."""

    @abstractmethod
    async def mark_imported(self, key: str, value: str) -> None:
        """Note that the one-time import ``key`` is done."""
