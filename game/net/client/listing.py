"""The list of a person's tables read straight from the game's own server's file, nothing of any hand.

A game asks a server with its kept seats (the table's code and the seat's
token) and the server answers from its database (``table.listed``); for the
game's own Host, whose server may not run, the same answer is read from its
SQLite file here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from ..protocol.codes import normal_code
from ..store import rows, sql
from ..store.records import Listed
from ..store.sqlite import FILE_NAME
from ..table.listed import listed_json
from ..table.seats import token_hash
from .inbound import Listing, listings


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
