"""Reading a small file the game did not write itself, safely: only a regular
file (a FIFO, device or folder would block or never end), opened without
blocking, and never more than a set number of bytes."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotARegularFile(ValueError):
    """The path names a FIFO, a device, a socket or a folder, not a file."""


class TooLarge(ValueError):
    """The file holds more bytes than its kind ever needs."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``: OSError when it cannot be opened,
    NotARegularFile for anything but a file, TooLarge past ``limit`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile(f"{path} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooLarge(f"{path} is larger than {limit} bytes")
    return data
