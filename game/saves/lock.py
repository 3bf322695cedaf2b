"""One game at a time per data folder: an advisory lock on ``<folder>/.lock``.

The lock is held for as long as the store lives (the operating system drops it
when the process ends, even after kill -9). A second game on the same folder
does not get it and is told who holds it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

LOCK_NAME = ".lock"


class FolderLock:
    """An exclusive, non-blocking lock on a folder (``acquire`` says whether it was had)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """Whether this process holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock if no other process has it; raises OSError if the folder cannot be used."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                os.close(fd)
                return False
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode())
        except OSError:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        """Let the lock go (also done by the system when the process ends)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def holder(self) -> str:
        """Who holds the lock, for a message: 'another Mexican Train (process N)'."""
        try:
            pid = self.path.read_text(encoding="ascii", errors="replace").strip()[:12]
        except OSError:
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
