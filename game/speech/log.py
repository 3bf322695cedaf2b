"""The speech log (``--speech-log FILE``): every line said, with the time it was said.

One line per spoken line, ``HH:MM:SS.mmm  text``, added at the file's end
and written at once, so that someone (or a test) can read it as it grows.
The file is opened through ``game.memory.files``: a FIFO, a device or a
folder is refused in words, never waited on."""

from __future__ import annotations

import time
from pathlib import Path
from typing import BinaryIO

from ..memory.files import FileProblem, clean, open_for_appending


class SpeechLog:
    """The speech log at ``path``; ``problem`` says why it could not be opened ('' when it is open)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: BinaryIO | None = None
        self.problem = ""
        try:
            self.file = open_for_appending(path)
        except FileProblem as error:
            self.problem = f"The speech log cannot be written: {error.reason}."

    def write(self, text: str, at: float | None = None) -> None:
        """Add ``text`` said at the wall-clock time ``at`` (seconds since the epoch; now when None)."""
        if self.file is None:
            return
        moment = time.time() if at is None else at
        stamp = time.strftime("%H:%M:%S", time.localtime(moment)) + f".{int(moment * 1000) % 1000:03d}"
        line = clean(" ".join(text.split()))
        try:
            self.file.write(f"{stamp}  {line}\n".encode())
        except OSError as error:
            self.problem = f"The speech log stopped: {error.strerror or error}."
            self.close()

    def close(self) -> None:
        """Close the file."""
        if self.file is not None:
            self.file.close()
            self.file = None


def read_log(path: Path) -> list[str]:
    """The lines said, as a speech log holds them (the time stamps taken off; for tests and tools)."""
    return [line.split("  ", 1)[1] if "  " in line else line
            for line in path.read_text(encoding="utf-8").splitlines()]
