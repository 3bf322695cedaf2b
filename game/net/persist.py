"""Tables kept on disk, so a restarted server (even after kill -9) resumes them.

Under ``<data>/tables`` each table has two files, both written atomically
by the saves' writer thread: its match as an ordinary save
(``autosave-<id>.json``, the format of docs/saves.md made by
``game.saves``, written on one line) and a small table file (``table-<id>.json``: code, settings,
seats with their tokens, state). The folder is locked like the game's saves
folder, so two servers never share it. Files are read back through the
game's one safe reader and checked before use.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..memory.files import FileProblem, parse_json, read_file
from ..saves import SaveError, SaveStore
from ..saves.codec import dumps_compact
from ..saves.store import AUTOSAVE_NAME
from .codes import normal_code
from ..engine.fairdeal import is_hex
from .messages import COMPUTER_KINDS, MAX_NAME, OPEN, SEAT_KIND, BadMessage, text
from .seats import PERSON, Seat
from .settings import Settings, SettingsError
from .table import Table

TABLE_PREFIX = "table-"
MAX_TABLE_FILE = 64 * 1024
log = logging.getLogger("mexican_train.server")


class TableFiles:
    """The tables folder of one server."""

    def __init__(self, data: Path) -> None:
        self.folder = Path(data) / "tables"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.store = SaveStore(self.folder, background=True, exclusive=True)
        if self.store.read_only_reason:
            raise SaveError(self.store.read_only_reason)

    def save(self, table: Table, closed: bool = False) -> None:
        """Hand the table's files to the writer thread (the match only once started)."""
        assert self.store.writer is not None
        doc = {"format": "mexican-train table", "version": 1, "code": table.code, "id": table.table_id,
               "state": "closed" if closed else table.state, "settings": table.settings.json(),
               "seats": [seat.saved() for seat in table.seats]}
        self.store.writer.submit(self._path(table.table_id), json.dumps(doc, indent=1).encode())
        if table.session is not None:
            session = table.session
            self.store.writer.submit(self.store.autosave_path_for(session), dumps_compact(session, AUTOSAVE_NAME))
        table.dirty = False

    def flush(self) -> None:
        """Wait until every file handed over is on disk."""
        self.store.flush()

    def close(self) -> None:
        """Finish the writes and let the folder go."""
        self.store.close()

    def _path(self, table_id: str) -> Path:
        """A table file's path."""
        return self.folder / f"{TABLE_PREFIX}{table_id}.json"

    def resume(self, clock: Callable[[], float]) -> list[Table]:
        """Every table left open by an earlier run, with its match; a file that
        cannot be trusted is logged and skipped (left as it is)."""
        tables = []
        for path in sorted(self.folder.glob(f"{TABLE_PREFIX}*.json")):
            try:
                table = self._resume_one(path, clock)
            except (FileProblem, SaveError, SettingsError, BadMessage, KeyError, TypeError, ValueError) as error:
                log.warning("table file %s skipped: %s", path.name, getattr(error, "reason", error))
                continue
            if table is not None:
                tables.append(table)
        return tables

    def _resume_one(self, path: Path, clock: Callable[[], float]) -> Table | None:
        """One table from its files (None for a closed one)."""
        doc: Any = parse_json(read_file(path, MAX_TABLE_FILE), "a table file")
        if type(doc) is not dict or doc.get("format") != "mexican-train table" or doc.get("state") == "closed":
            return None
        code, table_id = normal_code(str(doc["code"])), str(doc["id"])
        if not code or not table_id.isalnum() or path.name != f"{TABLE_PREFIX}{table_id}.json":
            raise ValueError("the table file's code or id is damaged")
        settings = _settings(doc["settings"])
        seats = [_seat(raw, clock()) for raw in doc["seats"]]
        table = Table(code, settings, [seat.kind for seat in seats], clock, table_id)
        table.seats = seats
        if doc["state"] != "lobby":
            self._resume_match(table)
        table.dirty = False
        return table

    def _resume_match(self, table: Table) -> None:
        """The table's match from its autosave, and where it stands."""
        session = self.store.load(self.folder / f"autosave-{table.table_id}.json")
        if len(session.seats) != len(table.seats):
            raise ValueError("the table's save does not seat its players")
        table.resume(session)


def _settings(raw: Any) -> Settings:
    """Settings from a table file, checked as a create request's would be."""
    if type(raw) is not dict:
        raise ValueError("the settings are damaged")
    settings = Settings(str(raw["preset"]), int(raw["players"]), str(raw["length"]), dict(raw["house_rules"]),
                        str(raw["stand_in"]), float(raw["grace"]), float(raw["deal_wait"]))
    if settings.stand_in not in COMPUTER_KINDS:
        raise ValueError("the stand-in level is unknown")
    settings.options()
    return settings


def _seat(raw: Any, now: float) -> Seat:
    """A seat from a table file, checked."""
    if type(raw) is not dict:
        raise ValueError("a seat is damaged")
    if raw["kind"] != PERSON:
        SEAT_KIND(raw["kind"], "kind")
    seat = Seat.from_saved(raw, now)
    if seat.kind == OPEN:
        seat.name = ""
    elif seat.is_person:
        text(MAX_NAME)(seat.name, "name")
        if seat.token and not is_hex(seat.token, 32):
            raise ValueError("a seat token is damaged")
    return seat
