"""How a table server runs: its address, database, timers, limits and place in a cluster (``Config``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..store import Retention
from .limits import LimitSettings


def default_data() -> Path:
    """Where a server keeps its database by default: the platform's data folder."""
    from ...saves.store import data_dir

    return data_dir() / "table-server"


@dataclass
class Config:
    """How a server runs (``mexican-train serve`` sets it from its options)."""

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path = field(default_factory=default_data)
    database: str = ""
    """A ``postgresql://`` address; '' keeps the tables in SQLite under ``data``."""
    certfile: str | None = None
    keyfile: str | None = None
    hello_timeout: float = 10.0
    """Seconds a connection not at a table may stay silent before it is closed."""
    unload_after: float = 60.0
    """Seconds a table with no one connected stays in memory (it stays in the database)."""
    retention: Retention = field(default_factory=Retention)
    sweep_every: float = 300.0
    """Seconds between two sweeps of the tables the retention rule removes."""
    tick: float = 0.25
    workers: int | None = None
    limits: LimitSettings = field(default_factory=LimitSettings)
    max_tables: int = 5000
    """Tables held in memory at most (a new one is refused beyond)."""
    public_address: str = ""
    """Where clients reach this process (``wss://play.example.org/``); '' for ws(s)://host:port/."""
    trust_proxy: bool = False
    """Read each client's address from ``X-Forwarded-For`` (the proxy in front is trusted)."""
    heartbeat_every: float = 1.0
    """Seconds between two heartbeats of this process in the database."""
    lease: float = 5.0
    """Seconds this process's tables stay its own after its last heartbeat (a process whose
    connections to PostgreSQL closed, as at a kill, loses them at once)."""
    web: bool = True
    """Answer a browser at a table's address with the guest page (``game.web``); False: WebSocket only."""
