"""A background thread that writes saves, so an autosave never holds up a frame.

The caller serializes the session (about a millisecond) and hands the bytes
over; the thread does the slow, durable part (fsync). Only the newest pending
bytes per file are written; ``flush`` waits until everything handed over is on
disk. A failed write is reported by ``problem`` until a later write succeeds,
and raised by ``flush``.
"""

from __future__ import annotations

import atexit
import sys
import threading
from pathlib import Path

from ..memory.files import FileProblem, write_file
from .errors import SaveError


class BackgroundWriter:
    """One writer thread; the latest bytes per path win."""

    def __init__(self, make_folder: bool = True) -> None:
        self.make_folder = make_folder
        """Whether a write may create a missing folder (not the locked saves folder of a running game)."""
        self._pending: dict[Path, bytes] = {}
        self._busy = False
        self._error: SaveError | None = None
        self._failing: str | None = None
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        atexit.register(self._flush_at_exit)

    @property
    def problem(self) -> str | None:
        """Why the latest write failed, until a write succeeds again (None: all written)."""
        return self._failing

    def submit(self, path: Path, data: bytes) -> None:
        """Queue ``data`` for ``path`` (replacing older queued bytes)."""
        with self._lock:
            self._pending[path] = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, raise_errors: bool = True) -> None:
        """Wait until every queued save is written; raise a failure that no later
        write has made good (unless ``raise_errors`` is False)."""
        with self._lock:
            while self._pending or self._busy:
                self._lock.wait(0.1)
            if raise_errors:
                self._raise_error()

    def close(self) -> None:
        """Finish queued writes and stop reporting at exit (the owner reads ``problem``)."""
        self.flush(raise_errors=False)
        atexit.unregister(self._flush_at_exit)

    def _flush_at_exit(self) -> None:
        """Finish pending writes as the program ends; report a failure instead of raising."""
        try:
            self.flush()
        except SaveError as error:
            sys.stderr.write(f"mexican-train: the last autosave could not be written: {error.reason}\n")

    def _raise_error(self) -> None:
        """Raise (once) the failure of an earlier background write."""
        error, self._error = self._error, None
        if error is not None:
            raise error

    def _run(self) -> None:
        """Write queued saves until idle for a while."""
        while True:
            with self._lock:
                if not self._pending:
                    self._lock.wait(5.0)
                    if not self._pending:
                        self._thread = None
                        return
                path, data = self._pending.popitem()
                self._busy = True
            try:
                write_file(path, data, make_folder=self.make_folder)
            except FileProblem as problem:
                error = SaveError(problem.reason)
                with self._lock:
                    self._error = error
                    self._failing = error.reason
            else:
                with self._lock:
                    self._failing = None
                    self._error = None
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
