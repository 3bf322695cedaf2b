"""Every online seat this game holds, kept in the player's data folder so that
the game started again can take any of them back (My tables).

``online-seats.json`` is versioned JSON, read and written through
``game.memory.files`` (atomically, with a backup): ``{"format":
"mexican-train online seats", "version": 1, "seats": [...]}``, the newest seat
first, each with the server's address, the table code, the seat's token, the
person's name there and, for a table on this game's own server (Host), the
address and port that server listened on. The one seat older games kept
(``online-seat.json``) is taken in once. A damaged file is set aside (never
written over) and the list starts afresh; the player is told in one sentence
(``kept_note``). Light on purpose: the title reads it.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ...memory.files import (
    FileProblem,
    FileRefused,
    bad_character,
    parse_json,
    read_file,
    set_aside,
    write_file,
)
from ...saves.store import data_dir

SEATS_FILE = "online-seats.json"
OLD_SEAT_FILE = "online-seat.json"
"""The single seat games before My tables kept (taken into the list once)."""
FORMAT_MARK = "mexican-train online seats"
VERSION = 1
MOST_SEATS = 50
"""Seats kept at most (a server answers a list of 50 at most); the oldest go first."""
MAX_BYTES = 200_000
_TOKEN = re.compile("[0-9a-f]{32}")

_lock = threading.Lock()
"""The file is written from the connection's thread too."""
_note = ""
"""What reading the file had to say, until the player is told (``kept_note``)."""


@dataclass(frozen=True)
class KeptSeat:
    """A seat at a network table, kept to take it back: ``url`` of the server,
    ``code`` and ``token``; ``host``/``port`` when this game ran that server."""

    url: str
    code: str
    token: str
    name: str
    host: str = ""
    port: int = 0

    @property
    def own(self) -> bool:
        """Whether the table is on this game's own server (Host)."""
        return bool(self.host)


def seats_path() -> Path:
    """Where the kept seats live in the player's data folder."""
    return data_dir() / SEATS_FILE


def kept_seats() -> list[KeptSeat]:
    """Every seat kept, the newest first (a damaged file is set aside: see ``kept_note``)."""
    with _lock:
        return _read()


def kept_note() -> str:
    """What the last read of the file had to tell the player (once), or ''."""
    global _note
    with _lock:
        note, _note = _note, ""
    return note


def keep_seat(seat: KeptSeat) -> str:
    """Add ``seat`` (first; the same seat kept before moves up); the problem in words, or ''."""
    with _lock:
        seats = [seat] + [s for s in _read() if s.token != seat.token]
        return _write(seats[:MOST_SEATS])


def forget_seat(token: str) -> str:
    """Forget the seat with ``token`` (given up, its match over and seen, removed); a problem, or ''."""
    with _lock:
        seats = _read()
        kept = [s for s in seats if s.token != token]
        return _write(kept) if len(kept) != len(seats) else ""


# ---------------------------------------------------------------- the file


def _read() -> list[KeptSeat]:
    """The seats in the file (the old single seat taken in when there is no list yet)."""
    path = seats_path()
    try:
        doc: Any = parse_json(read_file(path, MAX_BYTES), "a list of online seats")
    except FileNotFoundError:
        return _take_in_old()
    except FileRefused as unread:
        return _start_afresh(unread.why.removesuffix(", so it is not read"))
    except FileProblem as problem:
        return _start_afresh(problem.reason)
    if type(doc) is not dict or doc.get("format") != FORMAT_MARK or type(doc.get("seats")) is not list:
        return _start_afresh("it is not a list of online seats")
    if doc.get("version") != VERSION:
        return _start_afresh(f"it was written by another version (format {doc.get('version')!r})")
    seats = [seat for seat in (_seat(raw) for raw in doc["seats"][:MOST_SEATS]) if seat is not None]
    if len(seats) < min(len(doc["seats"]), MOST_SEATS):
        left_out = min(len(doc["seats"]), MOST_SEATS) - len(seats)
        aside = set_aside(path)
        kept = f" The old file is kept as {aside.name}." if aside is not None else ""
        _tell(f"{_count(left_out)} of your online tables could not be read and "
              f"{'is' if left_out == 1 else 'are'} left out of My tables.{kept}")
        if aside is not None:
            _write(seats)
    return seats


def _write(seats: list[KeptSeat]) -> str:
    """Write the list (safely, with a backup); the problem in words, or ''."""
    doc = {"format": FORMAT_MARK, "version": VERSION, "seats": [asdict(seat) for seat in seats]}
    try:
        write_file(seats_path(), (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    except FileProblem as problem:
        return f"Your online tables could not be kept for a rejoin: {problem.reason}."
    return ""


def _take_in_old() -> list[KeptSeat]:
    """The seat an older game kept alone, moved into the list (once: its file then goes)."""
    old = data_dir() / OLD_SEAT_FILE
    try:
        raw: Any = parse_json(read_file(old, 4096), "the kept online seat")
    except FileNotFoundError:
        return []
    except FileProblem:
        set_aside(old)
        _tell("The online table kept by an earlier version of the game could not be read, so it is not "
              "in My tables.")
        return []
    seat = _seat(raw)
    seats = [] if seat is None else [seat]
    if not _write(seats):
        try:
            old.unlink()
        except OSError:
            pass
    return seats


def _start_afresh(why: str) -> list[KeptSeat]:
    """Set the unreadable file aside (kept as it is) and start an empty list; the player is told."""
    aside = set_aside(seats_path())
    kept = f" The old file is kept as {aside.name}." if aside is not None else ""
    _tell(f"Your list of online tables could not be read ({why}), so My tables starts empty.{kept}")
    return []


def _seat(raw: Any) -> KeptSeat | None:
    """One kept seat, checked (None when it does not hold what a seat must)."""
    if type(raw) is not dict or set(raw) - {"url", "code", "token", "name", "host", "port"}:
        return None
    try:
        seat = KeptSeat(**raw)
    except TypeError:
        return None
    texts = (seat.url, seat.code, seat.token, seat.name, seat.host)
    if any(type(t) is not str or len(t) > 300 or bad_character(t) for t in texts):
        return None
    if not seat.url.startswith(("ws://", "wss://")) or not seat.code or not seat.name.strip():
        return None
    if not _TOKEN.fullmatch(seat.token) or type(seat.port) is not int or not 0 <= seat.port <= 65535:
        return None
    return seat


def _tell(note: str) -> None:
    """Keep ``note`` for the player (called with the lock held)."""
    global _note
    _note = f"{_note} {note}".strip()


def _count(number: int) -> str:
    """'One', 'Two'... for the start of a sentence (a number past ten as digits)."""
    words = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
    return words[number] if number < len(words) else str(number)
