"""Writing a file so that a crash at any instant leaves either the old or the new
version whole, with the previous version kept as ``NAME.bak``.

Steps: write a temporary file in the same folder, flush and fsync it; hard-link
(or copy) the current file to a temporary backup name and move that over
``NAME.bak``; ``os.replace`` the temporary file over ``NAME`` (retried for a
while where another program holds the file, as Windows may refuse); fsync the
folder where the system allows it. The file itself therefore always exists
once written, and is never half-written.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from .errors import SaveError

REPLACE_TRIES = 10
REPLACE_WAIT = 0.05
"""Seconds before retry n of a refused ``os.replace``: n times this, at most 0.25 (under 2 s in all)."""
TEMP_SUFFIX = ".tmp"


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def _replace(source: str, target: Path) -> None:
    """``os.replace`` with a bounded retry while another program holds the target."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(min(REPLACE_WAIT * (attempt + 1), 0.25))


def _fsync_folder(folder: Path) -> None:
    """Make the folder's new entries durable (not possible on Windows)."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _temp(folder: Path, name: str) -> tuple[int, str]:
    """A new temporary file next to ``name``."""
    return tempfile.mkstemp(prefix=f".{name}.", suffix=TEMP_SUFFIX, dir=folder)


def _keep_backup(path: Path) -> None:
    """Make ``path.bak`` a copy of ``path`` without ever leaving ``path.bak`` half-written."""
    folder = path.parent
    fd, temp = _temp(folder, path.name + ".bak")
    os.close(fd)
    try:
        os.unlink(temp)
        try:
            os.link(path, temp)
        except OSError:
            shutil.copyfile(path, temp)
            with open(temp, "rb+") as file:
                os.fsync(file.fileno())
        _replace(temp, backup_path(path))
    except BaseException:
        _remove_quietly(temp)
        raise
    # Renaming a link onto another link of the same file does nothing (POSIX),
    # so the temporary name can still be there: never leave it behind.
    _remove_quietly(temp)


def _remove_quietly(path: str) -> None:
    """Delete a temporary file if it is still there."""
    try:
        os.unlink(path)
    except OSError:
        pass


def atomic_write(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Write ``data`` to ``path`` atomically, keeping the previous version as a backup.

    Raises SaveError (with the system's reason) if it cannot; the old file is then untouched."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = _temp(folder, path.name)
    except OSError as error:
        raise SaveError(f"cannot write in {folder}: {error.strerror or error}") from None
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o644)  # mkstemp makes 0600; a save is an ordinary document
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if keep_backup and path.exists():
            _keep_backup(path)
        _replace(temp, path)
    except OSError as error:
        _remove_quietly(temp)
        raise SaveError(f"cannot write {path}: {error.strerror or error}") from None
    except BaseException:
        _remove_quietly(temp)
        raise
    _fsync_folder(folder)


def remove_stale_temps(folder: Path, older_than: float = 60.0) -> None:
    """Delete temporary files (``.NAME.*.tmp``) a killed writer left, once ``older_than`` seconds old."""
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX):
            try:
                if now - entry.stat().st_mtime > older_than:
                    os.unlink(entry.path)
            except OSError:
                pass
