"""Tables an older server kept in JSON files, imported into the database once.

An older server kept each table in ``<data>/tables`` as a table file
(``table-<id>.json``: code, settings, seats with their tokens) and the match
as an ordinary save (``autosave-<id>.json``). At its first start on such a
folder the server imports every table whose match had started, closed for
idleness or not (people may still rejoin it), with each seat token stored
only as its hash; the files are read through the game's one safe reader,
checked as a resumed table would be, and left where they are. A file that
cannot be trusted is logged and skipped.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from ...engine import Phase
from ...engine.tiles import TEXT
from ...memory.files import FileProblem, parse_json, read_file
from ...memory.session import GameSession
from ...saves import SaveError, load_file
from ..protocol.codes import normal_code
from ..protocol.messages import BadMessage
from ..store.base import Store
from ..store.records import (
    Batch,
    CreateTable,
    SaveAction,
    SaveRound,
    SaveScores,
    SaveSeats,
    SeatRow,
    TableRow,
    TableWrite,
)
from ..table.seats import PERSON, token_hash
from ..table.settings import SettingsError
from .rebuild import DamagedTable, settings_from_json

log = logging.getLogger("mexican_train.server")
TABLE_PREFIX = "table-"
MAX_TABLE_FILE = 64 * 1024
IMPORT_KEY = "json-tables"
CHUNK = 100
"""Tables committed per transaction."""


async def import_json_tables(store: Store, folder: Path, now: float) -> int:
    """Import every started table of ``folder`` once; how many were imported."""
    imported = 0
    batch = Batch()
    for path in sorted(folder.glob(f"{TABLE_PREFIX}*.json")):
        try:
            writes = _table_writes(path, now)
        except (FileProblem, SaveError, SettingsError, BadMessage, DamagedTable, KeyError, TypeError,
                ValueError) as error:
            log.warning("table file %s not imported: %s", path.name, getattr(error, "reason", error))
            continue
        if writes is None:
            continue
        table_id, table_writes = writes
        batch.add(table_id, 1, table_writes)
        imported += 1
        if len(batch.tables) >= CHUNK:
            await _commit(store, batch, now)
            batch = Batch()
    if batch:
        await _commit(store, batch, now)
    await store.mark_imported(IMPORT_KEY, str(imported))
    return imported


async def _commit(store: Store, batch: Batch, now: float) -> None:
    """Write one chunk (a table stored already, by an import cut short, is left as it is)."""
    batch.now = now
    await store.commit(batch)


def _table_writes(path: Path, now: float) -> tuple[str, list[TableWrite]] | None:
    """The writes that store one table file and its match (None: a lobby, never started)."""
    doc, code, table_id = _table_file(path)
    autosave = path.parent / f"autosave-{table_id}.json"
    if doc.get("state") == "lobby" or not autosave.exists():
        return None
    old = doc["settings"]
    settings = settings_from_json({k: v for k, v in old.items() if k != "grace"} if type(old) is dict else old)
    seats = [_seat_row(index, raw) for index, raw in enumerate(doc["seats"])]
    if len(seats) != settings.players:
        raise ValueError("the table file does not seat its players")
    session = load_file(autosave)
    match = session.match
    if len(session.seats) != len(seats) or len(session.mixes) < len(match.deals):
        raise ValueError("the table's save does not hold its network rounds")
    over = match.phase is Phase.MATCH_OVER
    state = "over" if over else "playing" if match.phase is Phase.PLAYING else "dealing"
    row = TableRow(table_id, code, json.dumps(settings.json(), sort_keys=True), state, str(session.seed),
                   "imported", now, now if over else None)
    return table_id, [CreateTable(row), SaveSeats(tuple(seats)), *_round_writes(session)]


def _table_file(path: Path) -> tuple[dict[str, Any], str, str]:
    """An older table file read and checked: its document, its code and its id (ValueError when damaged)."""
    doc: Any = parse_json(read_file(path, MAX_TABLE_FILE), "a table file")
    if type(doc) is not dict or doc.get("format") != "mexican-train table":
        raise ValueError("it is not a table file")
    code, table_id = normal_code(str(doc["code"])), str(doc["id"])
    if not code or not table_id.isalnum() or path.name != f"{TABLE_PREFIX}{table_id}.json":
        raise ValueError("the table file's code or id is damaged")
    return doc, code, table_id


def _round_writes(session: GameSession) -> list[TableWrite]:
    """Each round of a table's match as the table would have stored it: its secret, commitment,
    contributions and deal, its actions and, once over, its scores."""
    match = session.match
    writes: list[TableWrite] = []
    for index, deal in enumerate(match.deals):
        mix = session.mixes[index]
        if mix is None:
            raise ValueError(f"round {index + 1} was not mixed at the table")
        number = index + 1
        writes.append(SaveRound(number, match.salts[index], mix.commitment, mix.contributions,
                                tuple(TEXT[t] for t in deal)))
        writes.extend(SaveAction(number, i, action) for i, action in enumerate(match.action_log[index]))
        if index < len(match.round_scores):
            writes.append(SaveScores(number, tuple(match.round_scores[index])))
    return writes


def _seat_row(index: int, raw: Any) -> SeatRow:
    """A seat of an older table file, its token kept only as its hash."""
    if type(raw) is not dict:
        raise ValueError("a seat is damaged")
    kind, name, token = str(raw["kind"]), str(raw["name"]), str(raw["token"])
    hashed = token_hash(token) if kind == PERSON and token else ""
    return SeatRow(index, kind, name, hashed, bool(raw["stand_in"]), bool(raw["left"]))
