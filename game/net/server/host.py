"""What the server's parts use of the server: its settings, clock, database, limits, outbox and people.

The tables in memory (``tables``), the cluster (``cluster``) and the
arrivals (``arrivals``) are given the server as a ``Hub`` and call back
into it only through these names, so none of them imports the server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..store import Store
from ..table.outgoing import Out
from ..table.table import Table
from .config import Config
from .conn import Conn
from .limits import AddressLimits
from .outbox import Outbox


class Hub(Protocol):
    """The server as its parts see it (``server.Server``)."""

    stopping: bool
    """Whether the stop has begun (no request more is done and no table claimed)."""

    @property
    def config(self) -> Config:
        """How the server runs."""
        ...

    @property
    def clock(self) -> Callable[[], float]:
        """Wall-clock seconds."""
        ...

    @property
    def store(self) -> Store:
        """The database."""
        ...

    @property
    def limits(self) -> AddressLimits:
        """The per-address limits."""
        ...

    @property
    def outbox(self) -> Outbox:
        """What is stored before anyone is told."""
        ...

    @property
    def address(self) -> str:
        """Where clients reach this process."""
        ...

    @property
    def seated(self) -> dict[tuple[str, int], Conn]:
        """The connection at each (table code, seat)."""
        ...

    @property
    def conns(self) -> set[Conn]:
        """Every open connection."""
        ...

    def send(self, conn: Conn, message: dict[str, Any], table: Table | None = None) -> None:
        """Send ``message`` to one connection once what is staged before it is stored."""
        ...

    def deliver(self, table: Table, outs: list[Out]) -> None:
        """Stage the table's writes and its messages, once stored; let a computer move."""
        ...

    def log_table(self, table: Table) -> None:
        """The table's lines for the operator."""
        ...

    def successor(self, table: Table | None) -> str:
        """At a stop, where ``table``'s people go ('' when no other process lives)."""
        ...
