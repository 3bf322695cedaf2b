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

from ..memory.files import FileProblem, bad_character, parse_json, read_file, set_aside, write_file

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
        self.note: str | None = None
        """Said once when the index had to be set aside."""
        self._load()

    def _load(self) -> None:
        """Read the index through the game's one reader; a file that cannot be
        read or is not an index is set aside (kept) and the index starts afresh,
        with a note for the player (``note``)."""
        try:
            doc = parse_json(read_file(self.path, MAX_INDEX_BYTES), "an index")
        except FileNotFoundError:
            return
        except FileProblem as problem:
            self._set_aside(problem.reason)
            return
        if type(doc) is dict and doc.get("version") == INDEX_VERSION and type(doc.get("rows")) is dict:
            self._rows = doc["rows"]
        else:
            self._set_aside("it is not an index of this version")

    def _set_aside(self, reason: str) -> None:
        """Keep the unreadable index under another name and say so once."""
        kept = set_aside(self.path)
        where = f" it is kept as {kept.name} and" if kept is not None else ""
        self.note = f"The saves index could not be used ({reason}):{where} it is built again."

    def get(self, entry: Entry) -> SaveInfo | None:
        """The remembered summary of ``entry``, if the file has not changed since
        and the row holds what a summary holds (anything else is worked out again)."""
        row = self._rows.get(entry.path.name)
        if type(row) is not dict or row.get("size") != entry.size or row.get("mtime_ns") != entry.mtime_ns:
            return None
        info = row.get("info")
        if type(info) is not dict or set(info) != _INFO_FIELDS or not all(
                check(info[name]) for name, check in _INFO_CHECKS.items()):
            return None
        try:
            date = datetime.fromisoformat(info["date"]) if info["date"] else None
        except ValueError:
            return None
        fields = {k: v for k, v in info.items() if k != "date"}
        return SaveInfo(path=entry.path, date=date, **fields)

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
            write_file(self.path, data, keep_backup=False, make_folder=False)
        except FileProblem:
            return
        self.changed = False


def _text(value: Any) -> bool:
    """A string fit to draw or print."""
    return type(value) is str and len(value) <= 400 and bad_character(value) is None


def _count(value: Any) -> bool:
    """A small whole number (not a bool)."""
    return type(value) is int and -10**9 < value < 10**9


def _texts(value: Any) -> bool:
    """A short list of strings fit to draw."""
    return type(value) is list and len(value) <= 16 and all(_text(v) for v in value)


_INFO_CHECKS: dict[str, Any] = {
    "name": _text, "date": lambda v: v is None or _text(v), "preset": _text, "round": _count, "rounds": _count,
    "scores": lambda v: type(v) is list and len(v) <= 16 and all(_count(x) for x in v), "seat_names": _texts,
    "is_autosave": lambda v: type(v) is bool, "problem": lambda v: v is None or _text(v),
    "finished": lambda v: type(v) is bool, "match_id": _text, "human_names": _texts,
}
"""What each remembered field of a summary must hold (the index is a file: it is checked like one)."""
_INFO_FIELDS = frozenset(_INFO_CHECKS)
