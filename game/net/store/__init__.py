"""The table server's database: one interface (``Store``), SQLite by default, PostgreSQL for an operator.

``open_store`` picks the database from the server's options: a
``postgresql://`` address, or an SQLite file in the data folder.
"""

from __future__ import annotations

from pathlib import Path

from .base import DamagedRecord, Retention, Store, StoreError, StoreLocked

__all__ = ["DamagedRecord", "Retention", "Store", "StoreError", "StoreLocked", "open_store"]


def open_store(database: str, data: Path) -> Store:
    """The store ``database`` names ('' or a path: SQLite in ``data``; ``postgresql://``: PostgreSQL)."""
    if database.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(database)
    from .sqlite import SqliteStore

    return SqliteStore(Path(database) if database else Path(data))
