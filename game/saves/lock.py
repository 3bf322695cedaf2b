"""One game at a time per data folder: an advisory lock on ``<folder>/.lock``.

The lock is held for as long as the store lives (the operating system drops it
when the process ends, even after kill -9). A second game on the same folder
does not get it and is told who holds it. The lock file is the game's own: it
is opened without following a link and only as a regular file (a link or FIFO
named ``.lock`` is set aside and a fresh lock file made), and only a lock file
the game holds is ever written. ``intact`` tells whether the file this game
locked is still the folder's lock file: when the folder is deleted or
replaced while the game runs, it is not, and the store stops writing there
until it holds the lock again.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from ..memory.files import FileProblem, entry_kind, read_file, set_aside

LOCK_NAME = ".lock"


class FolderLock:
    """An exclusive, non-blocking lock on a folder (``acquire`` says whether it was had)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = None
        self._identity: tuple[int, int] | None = None

    @property
    def held(self) -> bool:
        """Whether this process holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if no other process has it; raises OSError if the folder cannot be used."""
        if self._fd is not None:
            return True
        self.folder.mkdir(parents=True, exist_ok=True)
        if entry_kind(self.path) in ("link", "other"):
            set_aside(self.path)  # never lock (or write) through a link or into a FIFO
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(self.path, flags, 0o644)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise OSError(f"{self.path} is not a regular file")
            if not _try_lock(fd):
                os.close(fd)
                return False
            os.ftruncate(fd, 0)  # the game's own lock file, now held: it says who holds it
            os.write(fd, str(os.getpid()).encode())
        except OSError:
            os.close(fd)
            raise
        self._fd = fd
        self._identity = (info.st_dev, info.st_ino)
        return True

    def intact(self) -> bool:
        """Whether the folder's lock file is still the one this game holds (False
        when the folder or the lock file was deleted or replaced meanwhile)."""
        if self._identity is None:
            return False
        try:
            info = os.lstat(self.path)
        except OSError:
            return False
        return (info.st_dev, info.st_ino) == self._identity

    def release(self) -> None:
        """Let the lock go (also done by the system when the process ends)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            self._identity = None
            os.close(fd)

    def holder(self) -> str:
        """Who holds the lock, for a message: 'another Mexican Train (process N)'."""
        try:
            pid = read_file(self.path, 32).decode("ascii", errors="replace").strip()
        except (OSError, FileProblem):
            pid = ""
        return f"another Mexican Train (process {pid})" if pid.isdigit() else "another Mexican Train"


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` exclusively without waiting; False when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
