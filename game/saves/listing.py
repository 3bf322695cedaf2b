"""Listing a save folder quickly: which files are there, and what each holds.

``scan`` only reads the folder (names, sizes, times), so it stays fast with
thousands of saves; a file's summary (``SaveInfo``) costs a full check and
replay, so it is computed when asked for and remembered in a small index
(``.index.json``), valid while the file's size and modification time match.
A damaged index is ignored and rebuilt.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .atomic import atomic_write
from .errors import SaveError

SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave"
INDEX_NAME = ".index.json"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 8_000_000


@dataclass(frozen=True)
class Entry:
    """A save file as the folder shows it: no content read."""

    path: Path
    size: int
    mtime_ns: int
    regular: bool

    @property
    def is_autosave(self) -> bool:
        """Whether the game wrote it as a match's autosave."""
        return self.path.name.startswith(AUTOSAVE_PREFIX) and "-damaged-" not in self.path.name


@dataclass(frozen=True)
class SaveInfo:
    """One save as a list shows it; ``problem`` is the reason (figures empty)
    for a file that cannot be used."""

    path: Path
    name: str
    date: datetime | None
    preset: str
    round: int
    rounds: int
    scores: list[int]
    seat_names: list[str]
    is_autosave: bool
    problem: str | None = None
    finished: bool = False
    match_id: str = ""
    human_names: list[str] = field(default_factory=list)


def scan(folder: Path) -> list[Entry]:
    """Every ``*.json`` entry of the folder (hidden files and backups aside),
    autosaves first, then newest first; never opens a file."""
    entries: list[Entry] = []
    try:
        listing = list(os.scandir(folder))
    except OSError:
        return []
    for item in listing:
        name = item.name
        if not name.endswith(SUFFIX) or name.startswith("."):
            continue
        try:
            st = item.stat(follow_symlinks=False)
        except OSError:
            continue
        entries.append(Entry(Path(item.path), st.st_size, st.st_mtime_ns, stat.S_ISREG(st.st_mode)))
    entries.sort(key=lambda e: (not e.is_autosave, -e.mtime_ns, e.path.name))
    return entries


def entry_date(entry: Entry) -> datetime | None:
    """The file's modification time, or None if it is out of range."""
    try:
        return datetime.fromtimestamp(entry.mtime_ns / 1e9)
    except (OverflowError, OSError, ValueError):
        return None


def problem_info(entry: Entry, reason: str) -> SaveInfo:
    """The list row of a file that cannot be used."""
    return SaveInfo(entry.path, entry.path.stem, entry_date(entry), "", 0, 0, [], [], entry.is_autosave, reason)


class SummaryIndex:
    """Remembered summaries of a folder's saves, by file name."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / INDEX_NAME
        self._rows: dict[str, dict[str, Any]] = {}
        self.changed = False
        self._load()

    def _load(self) -> None:
        """Read the index; anything unexpected means starting afresh."""
        try:
            if os.lstat(self.path).st_size > MAX_INDEX_BYTES:
                return
            doc = json.loads(self.path.read_bytes())
        except (OSError, ValueError, RecursionError):
            return
        if type(doc) is dict and doc.get("version") == INDEX_VERSION and type(doc.get("rows")) is dict:
            self._rows = doc["rows"]

    def get(self, entry: Entry) -> SaveInfo | None:
        """The remembered summary of ``entry``, if the file has not changed since."""
        row = self._rows.get(entry.path.name)
        if type(row) is not dict or row.get("size") != entry.size or row.get("mtime_ns") != entry.mtime_ns:
            return None
        try:
            info = dict(row["info"])
            date = info.pop("date")
            return SaveInfo(
                path=entry.path, date=datetime.fromisoformat(date) if date else None, **info
            )
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, entry: Entry, info: SaveInfo) -> None:
        """Remember ``info`` for ``entry``."""
        plain = asdict(info)
        plain.pop("path")
        plain["date"] = info.date.isoformat() if info.date else None
        self._rows[entry.path.name] = {"size": entry.size, "mtime_ns": entry.mtime_ns, "info": plain}
        self.changed = True

    def forget(self, name: str) -> None:
        """Drop a file's row (it was deleted)."""
        if self._rows.pop(name, None) is not None:
            self.changed = True

    def keep_only(self, names: set[str]) -> None:
        """Drop rows of files that are gone."""
        for name in [n for n in self._rows if n not in names]:
            self.forget(name)

    def save(self) -> None:
        """Write the index if it changed (a failure only costs speed next time)."""
        if not self.changed:
            return
        data = json.dumps({"version": INDEX_VERSION, "rows": self._rows}, separators=(",", ":")).encode()
        try:
            atomic_write(self.path, data, keep_backup=False)
        except SaveError:
            return
        self.changed = False
