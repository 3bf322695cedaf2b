"""The folder of saves: the autosave, named saves, their backups, listing and loading.

Saves live in ``<data dir>/saves`` where the data dir is
``platformdirs.user_data_dir("mexican-train")``, or ``$MEXICAN_TRAIN_DATA_DIR``
when that is set (tests and portable installs). ``autosave.json`` is written
after every action; each save file keeps its previous version as ``.bak``.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..session import GameSession
from .atomic import atomic_write, backup_path, remove_stale_temps
from .codec import dumps
from .document import check_bytes, load_file, read_bytes, summarize
from .errors import SaveError
from .replay import restore
from .validate import MAX_NAME
from .writer import BackgroundWriter

DATA_DIR_ENV = "MEXICAN_TRAIN_DATA_DIR"
AUTOSAVE_NAME = "autosave"
SUFFIX = ".json"


def data_dir() -> Path:
    """The game's data folder (``$MEXICAN_TRAIN_DATA_DIR`` overrides the platform's)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("mexican-train", appauthor=False))


@dataclass(frozen=True)
class SaveInfo:
    """One save as a list shows it; ``problem`` is the reason (figures empty) for a file that cannot be read."""

    path: Path
    name: str
    date: datetime | None
    preset: str
    round: int
    rounds: int
    scores: list[int]
    seat_names: list[str]
    is_autosave: bool
    problem: str | None = None


def _parse_date(text: str) -> datetime | None:
    """A saved ISO date, or None."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


class SaveStore:
    """The saves in one folder. With ``background=True`` autosaves are written by
    a writer thread (the caller only serializes); reads wait for it first."""

    def __init__(self, folder: Path, background: bool = False) -> None:
        self.folder = Path(folder)
        self.writer = BackgroundWriter() if background else None

    def flush(self) -> None:
        """Wait until every autosave handed to the writer thread is on disk (call before quitting)."""
        if self.writer is not None:
            self.writer.flush()

    @property
    def autosave_path(self) -> Path:
        """The file the game writes after every action."""
        return self.folder / (AUTOSAVE_NAME + SUFFIX)

    def path_for(self, name: str) -> Path:
        """The file a named save is written to (the name made safe for any file system)."""
        stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower()[:MAX_NAME] or "save"
        if stem == AUTOSAVE_NAME:
            stem = "autosave-named"
        return self.folder / (stem + SUFFIX)

    # ---------------------------------------------------------------- writing

    def write(self, session: GameSession, path: Path, name: str) -> Path:
        """Save ``session`` to ``path`` atomically, keeping the previous file as a backup."""
        atomic_write(path, dumps(session, name))
        return path

    def autosave(self, session: GameSession) -> Path:
        """Write the autosave (call after every action and scene change). In a
        background store this returns once the bytes are handed to the writer
        thread, and raises an earlier background failure."""
        if self.writer is None:
            return self.write(session, self.autosave_path, AUTOSAVE_NAME)
        self.writer.submit(self.autosave_path, dumps(session, AUTOSAVE_NAME))
        return self.autosave_path

    def save_named(self, session: GameSession, name: str) -> Path:
        """Save under a name a person chose; SaveError for an empty or too long name."""
        clean = name.strip()
        if not clean:
            raise SaveError("a save needs a name")
        if len(clean) > MAX_NAME or any(ord(c) < 32 for c in clean):
            raise SaveError(f"a save name is at most {MAX_NAME} characters, without control characters")
        self.flush()
        return self.write(session, self.path_for(clean), clean)

    # ---------------------------------------------------------------- reading

    def has_autosave(self) -> bool:
        """Whether there is something for Continue to try."""
        return self.autosave_path.exists() or backup_path(self.autosave_path).exists()

    def load(self, path: Path | str) -> GameSession:
        """The session in ``path``; SaveError with the reason (the file is never changed)."""
        self.flush()
        return load_file(Path(path))

    def continue_latest(self) -> tuple[GameSession, str | None]:
        """The autosave's session, or its backup's when the autosave is damaged.

        The note is None normally, else a sentence for the player saying what happened."""
        self.flush()
        path = self.autosave_path
        try:
            return load_file(path), None
        except SaveError as error:
            first = error.reason
        try:
            session = load_file(backup_path(path))
        except SaveError:
            if not path.exists() and not backup_path(path).exists():
                raise SaveError("there is no saved game to continue") from None
            raise SaveError(f"the autosave cannot be used ({first}) and neither can its backup") from None
        kept = self._keep_damaged(path)
        where = f" The damaged file is kept as {kept.name}." if kept is not None else ""
        return (
            session,
            f"The latest autosave could not be read ({first}); resumed from the backup, one move earlier."
            + where,
        )

    def _keep_damaged(self, path: Path) -> Path | None:
        """Copy a damaged autosave aside, byte for byte, before the next autosave replaces it."""
        if not path.exists():
            return None
        stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
        kept = path.with_name(f"{AUTOSAVE_NAME}-damaged-{stamp}{SUFFIX}")
        try:
            if not kept.exists():
                shutil.copy2(path, kept)
        except OSError:
            return None
        return kept

    def info(self, path: Path) -> SaveInfo:
        """A save's summary for a list, after the same checks as loading (replay included)."""
        is_auto = path.name == AUTOSAVE_NAME + SUFFIX
        try:
            checked = check_bytes(read_bytes(path))
            restore(checked)
            summary = summarize(checked)
        except SaveError as error:
            date = datetime.fromtimestamp(path.stat().st_mtime) if path.exists() else None
            return SaveInfo(path, path.stem, date, "", 0, 0, [], [], is_auto, error.reason)
        return SaveInfo(
            path,
            summary.name,
            _parse_date(summary.saved_at),
            summary.preset,
            summary.round,
            summary.rounds,
            summary.totals,
            summary.seat_names,
            is_auto,
        )

    def list_saves(self) -> list[SaveInfo]:
        """Every save in the folder: the autosave first, then the newest first (backups not listed)."""
        self.flush()
        remove_stale_temps(self.folder)
        try:
            paths = [p for p in self.folder.iterdir() if p.suffix == SUFFIX and not p.name.startswith(".")]
        except OSError:
            return []
        infos = [self.info(p) for p in paths]
        return sorted(
            infos, key=lambda i: (not i.is_autosave, -(i.date.timestamp() if i.date else 0.0), i.name)
        )

    def delete(self, path: Path | str) -> None:
        """Delete a save of this folder and its backup; SaveError for a file outside it."""
        self.flush()
        target = Path(path)
        if target.resolve().parent != self.folder.resolve() or target.suffix != SUFFIX:
            raise SaveError(f"{target} is not a save in {self.folder}")
        for p in (target, backup_path(target)):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError as error:
                raise SaveError(f"cannot delete {p}: {error.strerror or error}") from None


def default_store(background: bool = True) -> SaveStore:
    """The store in the player's data folder (``$MEXICAN_TRAIN_DATA_DIR/saves`` if set);
    autosaves go through a writer thread unless ``background`` is False."""
    return SaveStore(data_dir() / "saves", background)
