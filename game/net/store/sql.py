"""The SQL both databases run: the schema, each write as a statement, and reading rows back.

Written once with ``?`` placeholders (PostgreSQL's driver gets ``%s``) in
the SQL that SQLite and PostgreSQL share: ``TEXT``, ``INTEGER``,
``BIGINT``, ``DOUBLE PRECISION``, ``ON CONFLICT`` and ``RETURNING``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

from .records import (
    AddressEvent,
    Batch,
    CreateTable,
    DeleteTable,
    Departure,
    SaveAction,
    SaveProgress,
    SaveRound,
    SaveScores,
    SaveSeats,
    SaveTable,
    TableBatch,
    TableRow,
    TableWrite,
)

SCHEMA_VERSION: Final = "3"

SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, settings TEXT NOT NULL, state TEXT NOT NULL,
        seed TEXT NOT NULL, creator TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL,
        last_move_at DOUBLE PRECISION NOT NULL, finished_at DOUBLE PRECISION,
        holder TEXT NOT NULL, epoch BIGINT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS tables_by_state ON tables (state, last_move_at)",
    "CREATE INDEX IF NOT EXISTS tables_by_creator ON tables (creator, state)",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
        token_hash TEXT NOT NULL, stand_in INTEGER NOT NULL, left_table INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat))""",
    "CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash)",
    """CREATE TABLE IF NOT EXISTS rounds (
        table_id TEXT NOT NULL, number INTEGER NOT NULL, secret TEXT NOT NULL, commitment TEXT NOT NULL,
        contributions TEXT NOT NULL, deal TEXT, scores TEXT, PRIMARY KEY (table_id, number))""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL, number INTEGER NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,
        PRIMARY KEY (table_id, number, idx))""",
    "CREATE TABLE IF NOT EXISTS address_events (address TEXT NOT NULL, kind TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS address_events_by_address ON address_events (kind, at, address)",
    """CREATE TABLE IF NOT EXISTS gone_seats (
        token_hash TEXT NOT NULL, code TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS gone_seats_by_token ON gone_seats (token_hash)",
)
"""Every table and index of schema 1, made when missing; ``UPGRADES`` bring it to ``SCHEMA_VERSION``."""

UPGRADES: Final = {
    "1": (
        "ALTER TABLE tables ADD COLUMN round INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE tables ADD COLUMN waiting TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE tables ADD COLUMN plays_on INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE tables ADD COLUMN clock_left DOUBLE PRECISION",
        "ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN away_since DOUBLE PRECISION",
        "CREATE INDEX IF NOT EXISTS tables_playing_on ON tables (plays_on)",
    ),
    "2": (
        """CREATE TABLE IF NOT EXISTS processes (
            id TEXT PRIMARY KEY, address TEXT NOT NULL, started_at DOUBLE PRECISION NOT NULL,
            heartbeat_at DOUBLE PRECISION NOT NULL, state TEXT NOT NULL, tables INTEGER NOT NULL,
            people INTEGER NOT NULL)""",
        "ALTER TABLE tables ADD COLUMN wanted_by TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX IF NOT EXISTS tables_by_holder ON tables (holder)",
    ),
}
"""Per schema version, the statements that bring it to the next."""

Statement = tuple[str, Sequence[Any]]


class Rows(tuple[Sequence[Any], ...]):
    """A statement's parameters when it runs once per row (``executemany``): a statement
    ``(sql, Rows(...))`` is one step of a trip however many rows it has."""
"""SQL with ``?`` placeholders and its parameters."""

GUARD: Final = "UPDATE tables SET last_move_at = ? WHERE id = ? AND holder = ? AND epoch = ?"
"""Marks a table moved, and changes one row only while this process holds the table under that epoch."""
INSERT_TABLE: Final = (
    "INSERT INTO tables (id, code, settings, state, seed, creator, created_at, last_move_at, finished_at, holder, "
    "epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
LIVE: Final = "SELECT id FROM processes WHERE state = 'up' AND heartbeat_at > {now} - ? AND {alive}"
"""The processes whose lease runs (by the database's clock) and whose connection to the database is open
(``{alive}``: the backend's test, where it has one)."""
CLAIM: Final = ("UPDATE tables SET holder = ?, epoch = epoch + 1, wanted_by = '' WHERE code = ? AND (holder = ? "
                f"OR holder = '' OR holder NOT IN ({LIVE})) RETURNING id, epoch")
"""Take a table this process holds, nobody holds, or whose holder's lease ran out."""
HOLDER: Final = ("SELECT t.holder, COALESCE(p.address, ''), COALESCE({now} - p.heartbeat_at, 1e9), "
                 "CASE WHEN {alive} THEN 1 ELSE 0 END FROM tables t LEFT JOIN processes p ON p.id = t.holder "
                 "WHERE t.code = ?")
WANT: Final = ("UPDATE tables SET wanted_by = ? WHERE code = ? AND holder <> ? AND EXISTS (SELECT 1 FROM seats "
               "WHERE seats.table_id = tables.id AND seats.token_hash = ? AND seats.left_table = 0)")
"""Ask a table's holder to hand it over, only for the token of one of its seats (a code alone moves no table)."""
HEARTBEAT: Final = (
    "INSERT INTO processes (id, address, started_at, heartbeat_at, state, tables, people) "
    "VALUES (?, ?, {now}, {now}, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET address = excluded.address, "
    "heartbeat_at = excluded.heartbeat_at, state = excluded.state, tables = excluded.tables, "
    "people = excluded.people")
PROCESSES: Final = ("SELECT id, address, tables, people, state FROM processes WHERE state IN ('up', 'stopping') "
                    "AND heartbeat_at > {now} - ? AND {alive} ORDER BY id")
TABLE_COLUMNS: Final = "id, code, settings, state, seed, creator, created_at, finished_at, last_move_at, clock_left"
CHILDREN: Final = ("seats", "rounds", "actions")
UPDATE_TABLE: Final = "UPDATE tables SET settings = ?, state = ?, seed = ?, finished_at = ? WHERE id = ?"
UPDATE_PROGRESS: Final = "UPDATE tables SET round = ?, waiting = ?, plays_on = ?, clock_left = ? WHERE id = ?"
INSERT_SEAT: Final = ("INSERT INTO seats (table_id, seat, kind, name, token_hash, stand_in, left_table, timeouts, "
                      "away_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
UPSERT_ROUND: Final = (
    "INSERT INTO rounds (table_id, number, secret, commitment, contributions, deal) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (table_id, number) DO UPDATE SET secret = excluded.secret, commitment = excluded.commitment, "
    "contributions = excluded.contributions, deal = excluded.deal")
EXPIRED: Final = ("SELECT id FROM tables WHERE (state = 'lobby' AND last_move_at < ?) "
                  "OR (state = 'over' AND COALESCE(finished_at, last_move_at) < ?) "
                  "OR (state IN ('dealing', 'playing') AND last_move_at < ?)")
BY_CODE: Final = "(SELECT id FROM tables WHERE code = ?)"
TABLE_QUERY: Final = f"SELECT {TABLE_COLUMNS} FROM tables WHERE code = ?"
SEATS_QUERY: Final = ("SELECT seat, kind, name, token_hash, stand_in, left_table, timeouts, away_since FROM seats "
                      f"WHERE table_id = {BY_CODE} ORDER BY seat")
ROUNDS_QUERY: Final = ("SELECT number, secret, commitment, contributions, deal, scores FROM rounds "
                       f"WHERE table_id = {BY_CODE} ORDER BY number")
ACTIONS_QUERY: Final = f"SELECT number, action FROM actions WHERE table_id = {BY_CODE} ORDER BY number, idx"
NEW_MARK: Final = "INSERT INTO meta (key, value) VALUES (?, '0') ON CONFLICT (key) DO UPDATE SET value = '0'"
"""A process's mark at its start: none of its checked transactions yet."""
MOVE_MARK: Final = "UPDATE meta SET value = ? WHERE key = ? AND value IN (?, ?)"
"""A process's mark moved on, where it holds what the process left (one row changed, or none)."""
OLD_MARKS: Final = ("DELETE FROM meta WHERE substr(key, 1, 7) = 'writes:' AND key <> ? AND key IN "
                    "(SELECT 'writes:' || id FROM processes WHERE state = 'stopped' OR heartbeat_at < {now} - ?)")
"""The marks of processes that stopped or have not been heard of for a long while (never this one's, nor
that of a process just started, which has not beaten yet)."""
PLAYING_ON: Final = "SELECT code FROM tables WHERE plays_on = 1 AND state IN ('dealing', 'playing')"


def mark_key(holder: str) -> str:
    """The ``meta`` key of a process's mark."""
    return f"writes:{holder}"


def insert_table(row: TableRow, now: float, holder: str, epoch: int) -> Statement:
    """A new table's row (nothing when the id is already stored)."""
    return INSERT_TABLE, (row.table_id, row.code, row.settings, row.state, row.seed, row.creator, row.created_at,
                          now, row.finished_at, holder, epoch)


def creations(batch: TableBatch, now: float, holder: str) -> list[Statement]:
    """The new rows a table's writes make (run before its claim is checked)."""
    return [insert_table(w.row, now, holder, batch.epoch) for w in batch.writes if isinstance(w, CreateTable)]


def batch_statements(batch: Batch, held: set[str]) -> list[Statement]:
    """Every statement of a commit for the tables this process holds, and the addresses' events."""
    statements = [s for table in batch.tables.values() if table.table_id in held
                  for write in table.writes for s in write_statements(table.table_id, write)]
    return statements + [address_statement(event) for event in batch.addresses]


def write_statements(table_id: str, write: TableWrite) -> Iterator[Statement]:
    """The statements of one write to a table this process holds (checked already)."""
    if isinstance(write, SaveTable):
        row = write.row
        yield (UPDATE_TABLE, (row.settings, row.state, row.seed, row.finished_at, table_id))
    elif isinstance(write, SaveSeats):
        yield "DELETE FROM seats WHERE table_id = ?", (table_id,)
        for seat in write.seats:
            yield (INSERT_SEAT, (table_id, seat.seat, seat.kind, seat.name, seat.token_hash, int(seat.stand_in),
                                 int(seat.left), seat.timeouts, seat.away_since))
    elif isinstance(write, SaveRound):
        deal = None if write.deal is None else " ".join(write.deal)
        yield (UPSERT_ROUND,
               (table_id, write.number, write.secret, write.commitment, json.dumps(list(write.contributions)), deal))
    elif isinstance(write, SaveAction):
        yield ("INSERT INTO actions (table_id, number, idx, action) VALUES (?, ?, ?, ?)",
               (table_id, write.number, write.index, write.action))
    elif isinstance(write, SaveScores):
        yield ("UPDATE rounds SET scores = ? WHERE table_id = ? AND number = ?",
               (json.dumps(list(write.scores)), table_id, write.number))
    elif isinstance(write, SaveProgress):
        yield (UPDATE_PROGRESS, (write.round, json.dumps(list(write.waiting)), int(write.plays_on), write.clock_left,
                                 table_id))
    elif isinstance(write, DeleteTable):
        yield from delete_statements(table_id)


SEAT_IN_PLACE: Final = (
    "UPDATE seats SET kind = ?, name = ?, token_hash = ?, stand_in = ?, left_table = ?, timeouts = ?, away_since = ? "
    "WHERE table_id = ? AND seat = ? AND EXISTS (SELECT 1 FROM tables WHERE tables.id = seats.table_id "
    "AND tables.holder = ? AND tables.epoch = ?)")
"""One stored seat updated where it is, while this process holds its table under that epoch."""
HELD_PROGRESS: Final = UPDATE_PROGRESS + " AND holder = ? AND epoch = ?"


def departure_statements(departures: Sequence[Departure], holder: str) -> list[Statement]:
    """The departures at a stop: every seat row in place and every table's progress, one statement each."""
    seats = Rows((s.kind, s.name, s.token_hash, int(s.stand_in), int(s.left), s.timeouts, s.away_since,
                  d.table_id, s.seat, holder, d.epoch) for d in departures for s in d.seats)
    progress = Rows((d.progress.round, json.dumps(list(d.progress.waiting)), int(d.progress.plays_on),
                     d.progress.clock_left, d.table_id, holder, d.epoch) for d in departures)
    return [(statement, rows) for statement, rows in ((SEAT_IN_PLACE, seats), (HELD_PROGRESS, progress)) if rows]


def delete_statements(table_id: str, tombstone_at: float | None = None) -> Iterator[Statement]:
    """Everything of one table removed (with ``tombstone_at``, its people's tokens remembered as expired)."""
    if tombstone_at is not None:
        yield (("INSERT INTO gone_seats (token_hash, code, at) SELECT s.token_hash, t.code, ? FROM seats s "
                "JOIN tables t ON t.id = s.table_id WHERE s.table_id = ? AND s.token_hash <> ''"),
               (tombstone_at, table_id))
    for child in CHILDREN:
        yield f"DELETE FROM {child} WHERE table_id = ?", (table_id,)
    yield "DELETE FROM tables WHERE id = ?", (table_id,)


def address_statement(event: AddressEvent) -> Statement:
    """One counted event of an address."""
    return "INSERT INTO address_events (address, kind, at) VALUES (?, ?, ?)", (event.address, event.kind, event.at)


def expired_query(now: float, unfinished: float, finished: float, never_started: float) -> Statement:
    """The ids of tables the retention rule removes at ``now``."""
    return (EXPIRED, (now - never_started, now - finished, now - unfinished))


def load_queries(code: str, holder: str, lease: float, now: str, alive: str) -> list[Statement]:
    """Claim the table with ``code`` (if no live process holds it) and read all of it, in one
    transaction; ``now``: the database's clock in its SQL, ``alive``: its test that a process's
    connection is open (``{id}`` for the process's id)."""
    return [("BEGIN", ()), (CLAIM.format(now=now, alive=alive.format(id="processes.id")), (holder, code, holder, lease)),
            (TABLE_QUERY, (code,)), (SEATS_QUERY, (code,)), (ROUNDS_QUERY, (code,)), (ACTIONS_QUERY, (code,)),
            (HOLDER.format(now=now, alive=alive.format(id="p.id")), (code,)), ("COMMIT", ())]


def listing_queries(hashes: Sequence[str]) -> list[Statement]:
    """The seats and tables of these token hashes, and the tokens of removed tables."""
    marks = ", ".join("?" for _ in hashes)
    return [((f"SELECT t.code, s.seat, s.token_hash, t.state, t.settings, t.round, t.waiting, t.last_move_at, "
              f"t.finished_at, t.id FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.token_hash IN ({marks}) "
              "AND s.left_table = 0"), tuple(hashes)),
            (f"SELECT token_hash, code FROM gone_seats WHERE token_hash IN ({marks})", tuple(hashes))]


def seats_of_tables(table_ids: Sequence[str]) -> Statement:
    """Every seat of these tables, for the list."""
    marks = ", ".join("?" for _ in table_ids)
    return ((f"SELECT table_id, seat, name, kind, stand_in, left_table FROM seats WHERE table_id IN ({marks}) "
             "ORDER BY table_id, seat"), tuple(table_ids))
