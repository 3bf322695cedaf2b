"""The SQLite file under a table server, held and watched for as long as the server runs.

An open SQLite file goes on taking writes after it is deleted or replaced
on disk: they land in a file nobody will open again, and a restarted
server finds an older table or none (people's copies no longer match what
it says). So the server locks the database file itself for its whole life
(on Linux, beside the folder's ``.lock``, which an operator may delete: a
second server refuses to start on the same file all the same), and before every
trip to the database it compares the names on disk with the files it has
open: the database, its write-ahead log and its shared index (device and
inode), and the database's change time with the one the server's own last
write left (in WAL mode only the server's checkpoints, made within its own
writes, change the file). ``problem`` says in words what is wrong.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

Identity = tuple[int, int]
"""A file's device and inode."""
SIDES = ("-wal", "-shm")
"""The files beside the database while it is open in WAL mode: its log and its shared index."""


def _identity(path: Path) -> tuple[Identity, int] | None:
    """The file at ``path`` (not followed through a link): its identity and change time, or None."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino), info.st_ctime_ns


class WatchedFile:
    """The server's SQLite file: locked while held, and checked against what is on disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._noted: dict[str, Identity] = {}
        self._changed = 0
        """The database's change time after the server's own last write (nanoseconds)."""

    def lock(self) -> bool:
        """Open the database file (made if missing) and, on Linux, lock it for as long as it is held;
        False when another process holds it. (Linux keeps ``flock`` apart from SQLite's own byte-range
        locks; macOS and the BSDs do not, so there only the folder's ``.lock`` is held, and taken
        again if deleted; on Windows an open file cannot be deleted at all.)"""
        self.release()
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        if sys.platform.startswith("linux"):
            import fcntl

            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
        self._fd = fd
        return True

    def note(self) -> None:
        """Remember the files now on disk as the ones the server has open (after it opened them)."""
        self._noted = {}
        for side in ("", *SIDES):
            found = _identity(Path(f"{self.path}{side}"))
            if found is not None:
                self._noted[side] = found[0]
        self.settled()

    def settled(self) -> None:
        """A write of the server's own ended (SQLite may have checkpointed its log into the database
        in it): the file's change time now is its own."""
        found = _identity(self.path)
        self._changed = found[1] if found is not None else 0

    def problem(self) -> str:
        """What is wrong with the files on disk, in words ('' when they are the ones the server holds)."""
        if self._fd is None:
            return f"the database {self.path} is not open"
        main = _identity(self.path)
        if main is None:
            return f"the database file {self.path} was deleted while the server ran"
        if main[0] != self._noted.get("") or main[0] != _held(self._fd):
            return f"the database file {self.path} was replaced by another file while the server ran"
        if main[1] != self._changed:
            return f"the database file {self.path} was changed by another program while the server ran"
        for side in SIDES:
            found = _identity(Path(f"{self.path}{side}"))
            if found is None or found[0] != self._noted.get(side):
                return f"the database's file {self.path}{side} was deleted or replaced while the server ran"
        return ""

    def gone(self) -> bool:
        """Whether nothing at all is at the database's name."""
        return _identity(self.path) is None

    def beside_only(self) -> bool:
        """Whether the database itself is the server's and only its log or shared index is not."""
        main = _identity(self.path)
        return main is not None and main[0] == self._noted.get("") and main[1] == self._changed

    def release(self) -> None:
        """Let the file's lock go (after SQLite has closed it: closing another descriptor of an open
        SQLite file would drop SQLite's own locks)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def _held(fd: int) -> Identity | None:
    """The identity of the file the server holds open."""
    try:
        info = os.fstat(fd)
    except OSError:
        return None
    return info.st_dev, info.st_ino
