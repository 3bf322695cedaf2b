"""The folder of saves: each match's autosave, named saves, their backups,
listing, loading and Continue.

Saves live in ``<data dir>/saves`` where the data dir is
``platformdirs.user_data_dir("mexican-train")``, or ``$MEXICAN_TRAIN_DATA_DIR``
when that is set (tests and portable installs). Every match has its own
autosave slot, ``autosave-<match id>.json``, written after every action, so
loading a save never overwrites another match's progress. A named save is
kept under a safe file name (``slug.json``, ``slug-2.json``, ...) with the
name as the player typed it inside. Each file keeps its previous version as
``.bak``. The game's store locks the folder: a second game on it can read the
saves but not write them, and is told why.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from pathlib import Path

from ..engine import Phase
from ..memory.files import (
    FileProblem,
    backup_path,
    bad_character,
    entry_kind,
    read_file,
    remove_stale_temps,
    write_file,
)
from ..memory.session import GameSession
from .codec import dumps
from .document import check_bytes, load_file, read_bytes, restore_checked, summarize
from .errors import SaveError
from .listing import AUTOSAVE_PREFIX, SUFFIX, Entry, SaveInfo, SummaryIndex, problem_info, scan
from .lock import FolderLock
from .validate import MAX_BYTES, MAX_NAME
from .writer import BackgroundWriter

DATA_DIR_ENV = "MEXICAN_TRAIN_DATA_DIR"
AUTOSAVE_NAME = "autosave"

__all__ = ["DATA_DIR_ENV", "NameTaken", "SaveInfo", "SaveStore", "data_dir", "default_store", "slug"]


def data_dir() -> Path:
    """The game's data folder (``$MEXICAN_TRAIN_DATA_DIR`` overrides the platform's)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("mexican-train", appauthor=False))


class NameTaken(SaveError):
    """A save with this name exists; ``path`` is its file (ask before replacing it)."""

    def __init__(self, name: str, path: Path) -> None:
        super().__init__(f"a save named '{name}' already exists")
        self.path = path


def slug(name: str) -> str:
    """A file-name stem for a save name: ASCII letters, digits and dashes
    (letters with accents lose them; a name with no such letter is 'save')."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-").lower()[:MAX_NAME] or "save"
    return "named-" + stem if stem.startswith(AUTOSAVE_PREFIX) else stem


class SaveStore:
    """The saves in one folder. With ``background=True`` autosaves are written by
    a writer thread (the caller only serializes); with ``exclusive=True`` the
    store locks the folder, or becomes read-only when another game holds it."""

    def __init__(self, folder: Path, background: bool = False, exclusive: bool = False) -> None:
        self.folder = Path(folder)
        self.writer = BackgroundWriter(make_folder=not exclusive) if background else None
        self.read_only_reason: str | None = None
        self._lock: FolderLock | None = None
        self._index: SummaryIndex | None = None
        self._problem: str | None = None
        self._notes: list[str] = []
        if exclusive:
            self._lock = FolderLock(self.folder)
            try:
                if not self._lock.acquire():
                    self.read_only_reason = (
                        f"{self._lock.holder()} is using the saves, so this one only reads them ({self.folder})"
                    )
            except OSError as error:
                self.read_only_reason = f"cannot use {self.folder}: {error.strerror or error}"
            if self._lock.held:
                remove_stale_temps(self.folder, older_than=0.0)

    # ------------------------------------------------------------------ state

    @property
    def read_only(self) -> bool:
        """Whether this store may not write (another game holds the folder, or it cannot be used)."""
        return self.read_only_reason is not None

    @property
    def problem(self) -> str | None:
        """Why saving does not work right now (None: every save so far is on disk).
        Lasts until a save succeeds again."""
        if self.read_only_reason:
            return self.read_only_reason
        if self.writer is not None and self.writer.problem:
            return self.writer.problem
        return self._problem

    def close(self) -> None:
        """Finish pending writes and let the folder go (a write that failed stays in ``problem``)."""
        if self.writer is not None:
            self.writer.close()
        if self._lock is not None:
            self._lock.release()

    def flush(self) -> None:
        """Wait until every autosave handed to the writer thread is on disk;
        raise a failure that happened meanwhile."""
        if self.writer is not None:
            self.writer.flush()

    def _wait(self) -> None:
        """Wait for pending writes without raising (reads need the files settled)."""
        if self.writer is not None:
            self.writer.flush(raise_errors=False)

    def _writable(self) -> None:
        """Raise SaveError when this store may not write (checking first that the
        folder's lock is still this game's: see ``_check_lock``)."""
        self._check_lock()
        if self.read_only_reason:
            raise SaveError(self.read_only_reason)

    def _check_lock(self) -> None:
        """When the saves folder was deleted or replaced while the game ran, the
        lock this game holds no longer guards it: take the folder's lock again
        (making the folder if it is gone) and say so once, or, when another game
        has it now, stop writing and say why."""
        lock = self._lock
        if lock is None or not lock.held or lock.intact():
            return
        lock.release()
        fresh = FolderLock(self.folder)
        try:
            got = fresh.acquire()
        except OSError as error:
            self.read_only_reason = (f"the saves folder {self.folder} was removed or replaced while the game ran "
                                     f"and cannot be used now ({error.strerror or error})")
            return
        if not got:
            self.read_only_reason = (f"the saves folder {self.folder} was replaced while this game ran and "
                                     f"{fresh.holder()} holds it now, so this one no longer saves")
            return
        self._lock = fresh
        self._index = None
        self._notes.append(f"The saves folder {self.folder} was removed or replaced while the game ran: the game "
                           "locked it again and saves there.")

    def take_notes(self) -> list[str]:
        """What the player must be told once about the folder (its index set aside, its lock taken again)."""
        notes, self._notes = self._notes, []
        if self._index is not None and self._index.note:
            notes.append(self._index.note)
            self._index.note = None
        return notes

    # ---------------------------------------------------------------- writing

    def autosave_path_for(self, session: GameSession) -> Path:
        """The autosave slot of ``session``'s match."""
        return self.folder / f"{AUTOSAVE_NAME}-{session.match_id}{SUFFIX}"

    def write(self, session: GameSession, path: Path, name: str) -> Path:
        """Save ``session`` to ``path`` now, atomically, keeping the previous file
        as a backup; SaveError with the system's reason if it cannot."""
        self._writable()
        try:
            write_file(path, dumps(session, name), make_folder=self._lock is None)
        except FileProblem as error:
            self._problem = error.reason
            raise SaveError(error.reason) from None
        self._problem = None
        return path

    def autosave(self, session: GameSession) -> Path:
        """Write the match's autosave (after every action and scene change). A
        background store returns once the bytes are handed to the writer thread;
        a failure there shows in ``problem`` until a save succeeds."""
        self._writable()
        path = self.autosave_path_for(session)
        if self.writer is None:
            return self.write(session, path, AUTOSAVE_NAME)
        self.writer.submit(path, dumps(session, AUTOSAVE_NAME))
        return path

    def save_now(self, session: GameSession) -> Path:
        """Write the match's autosave synchronously (Save and quit): returns once
        it is on disk, or raises SaveError saying why it is not."""
        self._wait()
        return self.write(session, self.autosave_path_for(session), AUTOSAVE_NAME)

    def find_named(self, name: str) -> Path | None:
        """The file of the named save called exactly ``name``, if there is one."""
        wanted = name.strip()
        found = next(
            (e.path for e in self.scan() if not e.is_autosave and e.regular and self.info(e).name == wanted), None
        )
        self.save_index()
        return found

    def save_named(self, session: GameSession, name: str, replace: bool = False) -> Path:
        """Save under a name the player chose (kept as typed, Unicode included).
        Raises NameTaken when that name exists and ``replace`` is False, and
        SaveError for an empty or too long name."""
        clean = name.strip()
        if not clean:
            raise SaveError("a save needs a name")
        if len(clean) > MAX_NAME or bad_character(clean) is not None:
            raise SaveError(f"a save name is at most {MAX_NAME} characters, without control characters or "
                            "direction marks")
        self._writable()
        self._wait()
        existing = self.find_named(clean)
        if existing is not None and not replace:
            raise NameTaken(clean, existing)
        return self.write(session, existing or self._free_path(slug(clean)), clean)

    def _free_path(self, stem: str) -> Path:
        """``stem.json``, or ``stem-2.json``, ``stem-3.json``, ... whichever is free."""
        number = 1
        while True:
            path = self.folder / (f"{stem}{SUFFIX}" if number == 1 else f"{stem}-{number}{SUFFIX}")
            if not os.path.lexists(path):
                return path
            number += 1

    # ---------------------------------------------------------------- reading

    def load(self, path: Path | str) -> GameSession:
        """The session in ``path``; SaveError with the reason (the file is never changed)."""
        self._wait()
        return load_file(Path(path))

    def has_autosave(self) -> bool:
        """Whether Continue has a match in progress to try."""
        found = any(entry.is_autosave and not self.info(entry).finished for entry in self.scan())
        self.save_index()
        return found

    def continue_latest(self) -> tuple[GameSession, str | None]:
        """The newest match in progress, from its autosave, or from that
        autosave's backup when it is damaged. Finished matches are skipped.

        The note is None normally, else a sentence for the player saying what happened."""
        self._wait()
        for entry in self.scan():
            if not entry.is_autosave:
                continue
            try:
                session = load_file(entry.path)
            except SaveError as error:
                return self._from_backup(entry, error.reason)
            if session.match.phase is not Phase.MATCH_OVER:
                return session, None
        raise SaveError("there is no saved game to continue")

    def _from_backup(self, entry: Entry, first: str) -> tuple[GameSession, str | None]:
        """Continue from the backup of a damaged autosave, keeping a copy of the damaged file."""
        try:
            session = load_file(backup_path(entry.path))
        except SaveError:
            raise SaveError(f"the latest autosave cannot be used ({first}) and neither can its backup") from None
        kept = self._keep_damaged(entry.path)
        where = f" The damaged file is kept as {kept.name}." if kept is not None else ""
        return (
            session,
            (f"The latest autosave could not be read ({first}). The game went on from its backup, "
             f"one move earlier.{where}"),
        )

    def _keep_damaged(self, path: Path) -> Path | None:
        """Copy a damaged autosave aside, byte for byte, before the next autosave
        replaces it: a regular file only (never through a link), at most a save's size."""
        if self.read_only:
            return None
        if entry_kind(path) != "file":
            return None
        try:
            stamp = datetime.fromtimestamp(os.lstat(path).st_mtime).strftime("%Y%m%d-%H%M%S")
        except (OSError, OverflowError, ValueError):
            return None
        kept = path.with_name(f"{path.stem}-damaged-{stamp}{SUFFIX}")
        if os.path.lexists(kept):
            return kept
        try:
            data = read_file(path, MAX_BYTES)
            write_file(kept, data, keep_backup=False, make_folder=False)
        except (OSError, FileProblem):
            return None
        return kept

    # ---------------------------------------------------------------- listing

    def scan(self) -> list[Entry]:
        """The folder's save files, autosaves first, then newest first (no file opened)."""
        return scan(self.folder)

    def info(self, entry: Entry | Path) -> SaveInfo:
        """A save's summary for a list, after the same checks as loading (replay
        included); remembered in the folder's index while the file is unchanged."""
        if isinstance(entry, Path):
            entry = next((e for e in self.scan() if e.path == entry), None) or _missing(entry)
        if not entry.regular:
            return problem_info(entry, "this is not a regular file, so it is not a save")
        index = self._summary_index()
        known = index.get(entry)
        if known is not None:
            return known
        info = _summary(entry)
        index.put(entry, info)
        return info

    def list_saves(self, workers: int = 1, progress: Progress | None = None) -> list[SaveInfo]:
        """Every save in the folder with its summary (the autosaves first, then the
        newest first; backups not listed). Slow only for files not seen before:
        with ``workers`` > 1 those are checked in that many processes at once;
        ``progress(done, total)`` hears how far the checking is."""
        self._wait()
        entries = self.scan()
        index = self._summary_index()
        known = {e.path: index.get(e) for e in entries if e.regular}
        fresh = [e for e in entries if e.regular and known[e.path] is None]
        for entry, info in zip(fresh, summaries(fresh, workers, progress)):
            index.put(entry, info)
            known[entry.path] = info
        infos = [known.get(e.path) or self.info(e) for e in entries]
        self.save_index({e.path.name for e in entries})
        return infos

    def save_index(self, names: set[str] | None = None) -> None:
        """Write the summary index (dropping files not in ``names``, if given)."""
        if self._index is None or self.read_only:
            return
        self._check_lock()
        if self._index is None or self.read_only:
            return
        if names is not None:
            self._index.keep_only(names)
        self._index.save()

    def _summary_index(self) -> SummaryIndex:
        """The folder's summary index, read once."""
        if self._index is None:
            self._index = SummaryIndex(self.folder)
        return self._index

    def delete(self, path: Path | str) -> None:
        """Delete a save of this folder and its backup; SaveError for a file outside it."""
        self._writable()
        self._wait()
        target = Path(path)
        if target.parent.resolve() != self.folder.resolve() or target.suffix != SUFFIX:
            raise SaveError(f"{target} is not a save in {self.folder}")
        for p in (target, backup_path(target)):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError as error:
                raise SaveError(f"cannot delete {p}: {error.strerror or error}") from None
        self._summary_index().forget(target.name)
        self.save_index()


def _missing(path: Path) -> Entry:
    """The entry of a file that is not (or no longer) in the folder."""
    return Entry(path, -1, -1, True)


def _summary(entry: Entry) -> SaveInfo:
    """Check and replay one save file for its list row."""
    is_auto = entry.is_autosave
    try:
        checked = check_bytes(read_bytes(entry.path))
        session = restore_checked(checked)
    except SaveError as error:
        return problem_info(entry, error.reason)
    summary = summarize(checked)
    try:
        date: datetime | None = datetime.fromisoformat(summary.saved_at)
    except ValueError:
        date = None
    return SaveInfo(
        entry.path, summary.name, date, summary.preset, summary.round, summary.rounds, summary.totals,
        summary.seat_names, is_auto, None, session.match.phase is Phase.MATCH_OVER, session.match_id,
        [s.name for s in session.seats if s.is_human],
    )


Progress = Callable[[int, int], None]
"""Told (done, total) while saves are checked for a list."""

CHUNK = 25
"""Saves one worker process checks per task."""


def summaries(entries: list[Entry], workers: int, progress: Progress | None = None) -> list[SaveInfo]:
    """The summaries of ``entries`` in order, each after every check and the
    replay; ``workers`` > 1 shares them among that many processes."""
    out: list[SaveInfo] = []
    total = len(entries)
    chunks = [entries[i:i + CHUNK] for i in range(0, total, CHUNK)]
    if workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            out.extend(_summaries(chunk))
            if progress is not None:
                progress(len(out), total)
        return out
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done in pool.map(_summaries, chunks):
            out.extend(done)
            if progress is not None:
                progress(len(out), total)
    return out


def _summaries(entries: list[Entry]) -> list[SaveInfo]:
    """The summaries of a chunk of entries (run in a worker process)."""
    return [_summary(entry) for entry in entries]


def default_store(background: bool = True) -> SaveStore:
    """The game's store in the player's data folder (``$MEXICAN_TRAIN_DATA_DIR/saves``
    if set), holding the folder's lock; autosaves go through a writer thread
    unless ``background`` is False."""
    return SaveStore(data_dir() / "saves", background, exclusive=True)
