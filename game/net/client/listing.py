"""The list of a person's tables: each asked-for seat's table in a few words, nothing of any hand.

A game asks with its kept seats (the table's code and the seat's token); the
server answers from its database, loading no table and touching no
retention. Each entry says whether the table is there (``found``:
``table``, ``expired`` when removed past its retention, ``unknown``), its
state, pace and round, whose move it is and whether it is this seat's,
when the last move was, and each seat's name and kind.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..protocol.codes import normal_code
from ..store import DamagedRecord, rows, sql
from ..store.records import Listed
from ..store.rows import json_value
from ..store.sqlite import FILE_NAME
from ..table.seats import token_hash
from ..table.settings import Settings, SettingsError
from .inbound import Listing, listings


def settled(listed: Listed) -> Listed:
    """``listed`` with its stored settings checked as a ``create``'s are: ``damaged`` (and why)
    when they do not hold."""
    if listed.found != "table":
        return listed
    try:
        _settings(listed)
    except DamagedRecord as damaged:
        return replace(listed, found="damaged", problem=damaged.reason)
    return listed


def _settings(listed: Listed) -> Settings:
    """A listed table's settings; DamagedRecord when they do not hold."""
    try:
        return Settings.from_json(json_value(listed.settings, "its settings"))
    except SettingsError as error:
        raise DamagedRecord(f"its settings do not hold: {error}") from None


def listed_json(listed: Listed, typed_code: str) -> dict[str, Any]:
    """One entry of a ``list`` reply (``typed_code``: the code as the game sent it); a damaged
    table is answered as ``unknown`` (it cannot be played; the server's log says why)."""
    listed = settled(listed)
    if listed.found != "table":
        return {"table": typed_code, "found": "unknown" if listed.found == "damaged" else listed.found}
    settings = _settings(listed)
    rounds = settings.options().setup(settings.players).rounds
    return {
        "table": listed.code, "found": "table", "seat": listed.seat, "state": listed.state, "pace": settings.pace,
        "round": listed.round, "rounds": rounds, "waiting": list(listed.waiting),
        "your_move": listed.seat in listed.waiting and listed.state in ("dealing", "playing"),
        "last_move_at": round(listed.last_move_at, 3),
        "finished_at": None if listed.finished_at is None else round(listed.finished_at, 3),
        "seats": [{"name": s.name, "kind": s.kind, "stand_in": s.stand_in, "left": s.left} for s in listed.seats],
    }


def listed_from_file(folder: Path, seats: Sequence[tuple[str, str]]) -> list[Listing]:
    """Where the tables of these (code, token) seats stand, read straight from the SQLite
    database of a server's data folder (the game's own Host), without starting that server;
    each ``unknown`` when there is no database. Read-only, so a server using the file meanwhile
    is not disturbed; may raise sqlite3.Error for a damaged file."""
    wanted = [(normal_code(code), token_hash(token)) for code, token in seats]
    path = Path(folder) / FILE_NAME
    if not path.is_file():
        found: list[Listed] = [Listed(code, "unknown") for code, _ in wanted]
    else:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2) as db:
            hashes = sorted({token for _, token in wanted})
            found_rows = db.execute(*sql.listing_queries(hashes)[0]).fetchall()
            gone_rows = db.execute(*sql.listing_queries(hashes)[1]).fetchall()
            table_ids = sorted({str(row[9]) for row in found_rows})
            seat_rows = db.execute(*sql.seats_of_tables(table_ids)).fetchall() if table_ids else []
        found = rows.listings(wanted, found_rows, gone_rows, seat_rows)
    return listings({"tables": [listed_json(one, code) for one, (code, _) in zip(found, seats)]}, len(seats))
