"""The one way the game reads and writes its files, and checks the text in them.

Every file the game owns (saves and their backups, the saves index and lock,
settings, the last setup, statistics) is read with ``read_file`` and written
with ``write_file``:

- **Reading** opens a regular file only, without following a link and without
  blocking (a FIFO, a device, a folder or a link is refused, never waited on),
  and never takes more than the kind of file needs. Every refusal is a
  ``FileRefused`` whose ``reason`` is one sentence for the player.
- **Writing** is atomic: a temporary file in the same folder, flushed and
  synced, then renamed over the old one, whose previous version is kept as
  ``NAME.bak`` (only when it is a regular file). The rename replaces a link or
  a FIFO found at the name without touching what it points to, and such an
  entry is first set aside, never truncated: the game writes only into files
  it creates.
- **Setting aside** a file the game cannot use renames it to
  ``NAME.unreadable-<stamp>`` (links and FIFOs as they are), so the next write
  never overwrites it.
- **Text** read from a file (names above all) is checked before it is drawn or
  printed: no control characters and no bidirectional controls, which could
  hide or reverse the rest of a line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

REPLACE_TRIES = 10
REPLACE_WAIT = 0.05
"""Seconds before retry n of a refused ``os.replace``: n times this, at most 0.25 (under 2 s in all)."""
TEMP_SUFFIX = ".tmp"
ASIDE = "unreadable"
"""The word in the name of a file set aside."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that change the direction of the text after them (U+202E reverses a line)."""


class FileProblem(Exception):
    """A file the game cannot read or write; ``reason`` is written for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FileRefused(FileProblem):
    """A file the game will not read; ``reason`` names it and says why ('stats.json is a link, ...')."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path.name} {why}")
        self.path = path
        self.why = why


# ----------------------------------------------------------------- reading


def read_file(path: Path, limit: int, owned: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    FileNotFoundError when there is nothing at ``path``; FileRefused for a link
    (in a folder the game owns: ``owned``), a FIFO, device or folder, a file
    over ``limit`` bytes, or one the system cannot read. A path the player
    gave (``owned`` False) may itself be a link: it is followed once, to the
    file it names, which is then opened like any other."""
    path = Path(path)
    if not owned:
        path = Path(os.path.realpath(path))
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileRefused(path, _open_failure(path, error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefused(path, "is not a regular file (a folder, FIFO or device), so it is not read")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise FileRefused(path, f"cannot be read: {error.strerror or error}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(path, f"is larger than any such file ({limit:,} bytes), so it is not read")
    return data


def _open_failure(path: Path, error: OSError) -> str:
    """Why ``path`` could not be opened, as the end of a sentence."""
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            return "is a link, and the game does not follow links in its folders"
    except OSError:
        pass
    if isinstance(error, IsADirectoryError):
        return "is a folder, not a file"
    return f"cannot be opened: {error.strerror or error}"


def entry_kind(path: Path) -> str | None:
    """What is at ``path`` without following a link: 'file', 'link', 'other', or None for nothing."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return "file"
    return "link" if stat.S_ISLNK(mode) else "other"


# ----------------------------------------------------------------- appending


def open_for_appending(path: Path) -> BinaryIO:
    """``path`` opened to add lines at its end (made when missing): a regular file
    the player named, followed once if it is a link; FileRefused for a FIFO, a
    device, a folder or a file the system will not open (never waited on)."""
    path = Path(os.path.realpath(path))
    refused = FileRefused(path, "is not a regular file (a folder, FIFO or device), so nothing is written to it")
    if entry_kind(path) not in (None, "file"):
        raise refused
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as error:
        raise FileRefused(path, _open_failure(path, error)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise refused
    return os.fdopen(fd, "ab", buffering=0)


# ----------------------------------------------------------------- writing


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def write_file(path: Path, data: bytes, keep_backup: bool = True, make_folder: bool = True) -> None:
    """Write ``data`` to ``path`` atomically, keeping the previous version as a
    backup (see the module's docstring); ``make_folder`` False refuses to create
    a missing folder (the saves folder of a running game must not come back
    unlocked). Raises FileProblem with the system's reason; the old file is then untouched."""
    folder = path.parent
    try:
        if make_folder:
            folder.mkdir(parents=True, exist_ok=True)
        elif not folder.is_dir():
            raise FileProblem(f"the folder {folder} is gone")
        fd, temp = _temp(folder, path.name)
    except OSError as error:
        raise FileProblem(f"cannot write in {folder}: {error.strerror or error}") from None
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o644)  # mkstemp makes 0600; the game's files are ordinary documents
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        kind = entry_kind(path)
        if kind in ("link", "other"):
            set_aside(path)  # a link or FIFO at the name is kept, never written through
        elif keep_backup and kind == "file":
            _keep_backup(path)
        _replace(temp, path)
    except OSError as error:
        _remove_quietly(temp)
        raise FileProblem(f"cannot write {path}: {error.strerror or error}") from None
    except BaseException:
        _remove_quietly(temp)
        raise
    _fsync_folder(folder)


def set_aside(path: Path) -> Path | None:
    """Rename what is at ``path`` (a file, link or FIFO, as it is) to
    ``NAME.unreadable-<stamp>`` so nothing overwrites it; the new path, or None
    when it could not be moved."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for number in range(1, 100):
        extra = "" if number == 1 else f"-{number}"
        kept = path.with_name(f"{path.name}.{ASIDE}-{stamp}{extra}")
        if os.path.lexists(kept):
            continue
        try:
            os.rename(path, kept)
        except OSError:
            return None
        return kept
    return None


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


def place_if_absent(finished: Path, path: Path) -> bool:
    """Give the finished (synced) file ``finished`` the name ``path`` if nothing has that name, never
    over another file, and sync the folder; whether it was placed (``finished`` keeps its own name
    when it was not)."""
    try:
        os.link(finished, path)
    except FileExistsError:
        return False
    _remove_quietly(str(finished))
    _fsync_folder(path.parent)
    return True


def _temp(folder: Path, name: str) -> tuple[int, str]:
    """A new temporary file next to ``name``."""
    return tempfile.mkstemp(prefix=f".{name}.", suffix=TEMP_SUFFIX, dir=folder)


def _keep_backup(path: Path) -> None:
    """Make ``path.bak`` a copy of the regular file ``path`` without ever leaving
    ``path.bak`` half-written (a link or FIFO there is set aside first)."""
    folder = path.parent
    backup = backup_path(path)
    if entry_kind(backup) in ("link", "other"):
        set_aside(backup)
    fd, temp = _temp(folder, path.name + ".bak")
    os.close(fd)
    try:
        os.unlink(temp)
        try:
            os.link(path, temp, follow_symlinks=False)
        except (OSError, NotImplementedError):
            shutil.copyfile(path, temp, follow_symlinks=False)
            with open(temp, "rb+") as file:
                os.fsync(file.fileno())
        _replace(temp, backup)
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
                if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                    os.unlink(entry.path)
            except OSError:
                pass


# -------------------------------------------------------------------- JSON

MAX_DIGITS = 20
"""Most digits a number in any of the game's files may have (a seed fits in 19)."""


def parse_json(data: bytes, kind: str, whole_numbers: bool = False, max_depth: int | None = None) -> object:
    """JSON from a file's bytes, or FileProblem saying in words why it is not
    ``kind`` ('a save'): empty, not UTF-8, cut off, not JSON, a key written
    twice, NaN or Infinity, a number of over ``MAX_DIGITS`` digits, too deep
    (with ``max_depth``: lists and objects nested deeper than that);
    ``whole_numbers`` refuses fractions too."""
    doc = _parse_json(data, kind, whole_numbers)
    if max_depth is not None and nesting(doc) > max_depth:
        raise FileProblem(f"the file nests lists and objects deeper than {max_depth} levels: {kind} does not")
    return doc


def nesting(value: object) -> int:
    """How deep lists and objects nest in a JSON value (0 for a number or text, 1 for ``[1]``)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in children)
    return deepest


def _parse_json(data: bytes, kind: str, whole_numbers: bool) -> object:
    """``parse_json`` but for the depth of its lists and objects."""
    if not data.strip():
        raise FileProblem("the file is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileProblem(f"the file is not text: byte {error.start} is not UTF-8") from None

    def no_twice(pairs: list[tuple[str, object]]) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in pairs:
            if key in out:
                raise FileProblem(f"the field '{key}' is written twice")
            out[key] = value
        return out

    def no_constant(name: str) -> object:
        raise FileProblem(f"'{name}' is not a number {kind} can hold")

    def bounded(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise FileProblem(f"a number in the file has {len(digits)} digits; {kind} holds none over {MAX_DIGITS}")
        return int(digits)

    def no_fraction(digits: str) -> float:
        if whole_numbers:
            raise FileProblem(f"'{digits[:20]}' is not a whole number; {kind} holds whole numbers only")
        return float(digits)

    try:
        return json.loads(text, object_pairs_hook=no_twice, parse_constant=no_constant, parse_int=bounded,
                          parse_float=no_fraction)
    except json.JSONDecodeError as error:
        if error.pos >= len(text.rstrip()) or _unclosed(text):
            raise FileProblem(f"the file is cut off (truncated) at line {error.lineno}: it ends before "
                              f"{kind} does") from None
        raise FileProblem(f"the file is not valid JSON: {error.msg} at line {error.lineno}, column "
                          f"{error.colno}") from None
    except RecursionError:
        raise FileProblem(f"the file nests too deeply to be {kind}") from None


def _unclosed(text: str) -> bool:
    """Whether JSON text ends inside a string or with brackets still open (a cut-off file)."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
    return in_string or depth > 0


# -------------------------------------------------------------------- text


_BAD = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029" + "".join(sorted(BIDI_CONTROLS)) + "]")
"""Every character ``bad_character`` names: control characters (Cc), lone surrogates, line and
paragraph separators and the bidirectional controls."""


def bad_character(text: str) -> str | None:
    """The first character of ``text`` that must not be drawn or printed (a
    control character or a bidirectional control), named for a message; None when clean."""
    found = _BAD.search(text)
    return None if found is None else f"U+{ord(found.group()):04X}"


def clean(text: str) -> str:
    """``text`` with every character ``bad_character`` would name replaced by U+FFFD (�)."""
    if bad_character(text) is None:
        return text
    return "".join("\ufffd" if bad_character(char) else char for char in text)


def typable(char: str) -> bool:
    """Whether a typed character may go into a name (printable, no bidirectional control)."""
    return char.isprintable() and bad_character(char) is None
