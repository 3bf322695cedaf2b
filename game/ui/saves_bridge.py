"""The UI's door to saved games: a ``game.saves`` store whose failures come back
as sentences for the player instead of exceptions."""

from __future__ import annotations

import re
from pathlib import Path

from ..memory.files import FileProblem, write_file
from ..memory.session import GameSession
from ..memory.stats import Statistics, StatsStore
from ..saves import SaveInfo, SaveStore, default_store, dumps
from ..saves.listing import Entry
from ..saves.store import NameTaken

NO_SAVES = "No saved game yet"

FAILURES = (FileProblem, OSError, ValueError)
"""What a store may raise for a save that cannot be written or read."""


def _reason(error: BaseException) -> str:
    """A failure's reason for the player."""
    return error.reason if isinstance(error, FileProblem) else str(error)


_WRITE_FAILURE = re.compile(r"^cannot (?:write|use|write in) (.+?): (.+)$")


def in_short(reason: str) -> str:
    """A write failure as a player reads it: the cause first, then the folder
    ("No space left on device, in /home/ana/.local/share/mexican-train/saves")."""
    found = _WRITE_FAILURE.match(reason)
    if found is None:
        return reason
    place, cause = found.groups()
    folder = Path(place).parent if Path(place).suffix else Path(place)
    return f"{cause.rstrip('.')}, in {folder}"


class SavesBridge:
    """Saving and loading for the scenes. ``main`` opens one per run and hands it
    to the scenes that save or load; with no ``store`` (a save folder that cannot
    be used) saving is unavailable and the scenes say so."""

    def __init__(self, store: SaveStore | None) -> None:
        self.store = store

    @classmethod
    def open(cls) -> SavesBridge:
        """The saves in the game's data folder, written by a background thread."""
        try:
            return cls(default_store())
        except FAILURES:
            return cls(None)

    @property
    def available(self) -> bool:
        """Whether saved games can be listed and loaded in this run."""
        return self.store is not None

    @property
    def can_save(self) -> bool:
        """Whether this run may save (not when another game window holds the save folder)."""
        return self.store is not None and not self.store.read_only

    @property
    def problem(self) -> str | None:
        """Why saving does not work right now, for a lasting badge (None: all saved)."""
        if self.store is None:
            return "the save folder cannot be used"
        problem = self.store.problem
        return None if problem is None else in_short(problem)

    @property
    def read_only_reason(self) -> str | None:
        """Why this window may only look at the saves (another game holds the folder), or None."""
        return None if self.store is None else self.store.read_only_reason

    def save_now(self, session: GameSession) -> str | None:
        """Write the match's autosave now and wait for the disk (Save and quit);
        returns why it could not be written, or None."""
        if self.store is None:
            return "the save folder cannot be used"
        try:
            self.store.save_now(session)
        except FAILURES as error:
            return in_short(_reason(error))
        return None

    def name_taken(self, name: str) -> bool:
        """Whether a named save called ``name`` exists (Save as asks before replacing it)."""
        if self.store is None:
            return False
        try:
            return self.store.find_named(name) is not None
        except FAILURES:
            return False

    def save_to_file(self, session: GameSession, path: Path, name: str) -> str | None:
        """Save ``session`` to a file of the player's choosing (somewhere other than
        the save folder); returns a problem to show, or None."""
        target = path.expanduser()
        if target.suffix != ".json":
            target = target.with_name(target.name + ".json")
        try:
            write_file(target, dumps(session, name))
        except FAILURES as error:
            return f"Could not save to {target}: {_reason(error)}"
        return None

    def statistics(self) -> tuple[Statistics, str | None]:
        """Every recorded match and a note when the file had to start afresh."""
        if self.store is None:
            return Statistics(), None
        return StatsStore(self.store.folder.parent).load()

    def record_match(self, session: GameSession) -> str | None:
        """Count a finished match in the statistics (once per match); what the
        player must be told (the match not counted and why), or None."""
        if not any(seat.is_human for seat in session.seats):
            return None
        if self.store is None:
            return "This match is not counted in the statistics: the data folder cannot be used."
        if self.store.read_only:
            return f"This match is not counted in the statistics: {self.store.read_only_reason}."
        try:
            return StatsStore(self.store.folder.parent).record(session)
        except FAILURES as error:
            return f"This match is not counted in the statistics: {_reason(error)}."

    def entries(self) -> list[Entry]:
        """The save files, autosaves first then newest first, without reading them (fast)."""
        if self.store is None:
            return []
        try:
            return self.store.scan()
        except FAILURES:
            return []

    def info(self, entry: Entry) -> SaveInfo:
        """One save's summary (checked and replayed, then remembered): slow for a new file."""
        assert self.store is not None
        return self.store.info(entry)

    def remember(self) -> None:
        """Write the summaries learnt so far to the folder's index."""
        if self.store is not None:
            try:
                self.store.save_index()
            except FAILURES:
                pass

    def flush(self) -> None:
        """Wait for pending autosaves to reach the disk."""
        if self.store is None:
            return
        try:
            self.store.flush()
        except FAILURES:
            pass  # a failed write is reported by the next autosave

    def close(self) -> str | None:
        """Finish pending writes and let the save folder go (when the game exits);
        returns why the last autosave could not be written, or None."""
        if self.store is None:
            return None
        self.store.close()
        return None if self.store.read_only else self.store.problem

    def autosave(self, session: GameSession) -> str | None:
        """Save ``session`` as the autosave; returns a problem to show, or None."""
        if self.store is None:
            return None
        try:
            self.store.autosave(session)
        except FAILURES as error:
            return f"Could not save: {_reason(error)}"
        notes = self.store.take_notes()
        return " ".join(notes) if notes else None

    def notes(self) -> list[str]:
        """What the player must be told once about the saves folder (see ``SaveStore.take_notes``)."""
        return [] if self.store is None else self.store.take_notes()

    def save_named(self, session: GameSession, name: str, replace: bool = False) -> str | None:
        """Save ``session`` under ``name`` (``replace``: over an existing save of
        that name); returns a problem to show, or None."""
        if self.store is None:
            return "Saving is not available: the save folder cannot be used."
        try:
            self.store.save_named(session, name, replace)
        except NameTaken as taken:
            return f"A save named \u201c{name}\u201d already exists: {taken.reason}"
        except FAILURES as error:
            return f"Could not save: {_reason(error)}"
        return None

    def delete(self, entry: SaveInfo) -> str | None:
        """Delete one save of ``list_saves()`` (and its backup); a problem to show, or None."""
        if self.store is None:
            return NO_SAVES
        try:
            self.store.delete(entry.path)
        except FAILURES as error:
            return f"Could not delete: {_reason(error)}"
        return None

    def has_autosave(self) -> bool:
        """Whether Continue has a match in progress to offer."""
        if self.store is None:
            return False
        try:
            return self.store.has_autosave()
        except FAILURES:
            return False

    def continue_latest(self) -> tuple[GameSession | None, str]:
        """The latest saved game and a note for the player, or (None, reason)."""
        if self.store is None:
            return None, NO_SAVES
        try:
            session, note = self.store.continue_latest()
        except FAILURES as error:
            return None, _reason(error) or NO_SAVES
        return session, note or ""

    def list_saves(self) -> list[SaveInfo]:
        """The saved games to offer on the Load screen, newest first."""
        if self.store is None:
            return []
        try:
            return self.store.list_saves()
        except FAILURES:
            return []

    def load(self, entry: SaveInfo) -> tuple[GameSession | None, str]:
        """Load one save of ``list_saves()``: (session, '') or (None, reason)."""
        if self.store is None:
            return None, NO_SAVES
        try:
            return self.store.load(entry.path), ""
        except FAILURES as error:
            return None, _reason(error)


def default_name(session: GameSession) -> str:
    """A name to offer for a named save: the rules and the round, e.g. "Classic, round 3"."""
    match = session.match
    rules = match.setup.options.preset.replace("-", " ").title()
    return f"{rules}, round {max(1, match.round_number)}"


def describe_lines(entry: SaveInfo) -> tuple[str, str, str]:
    """A save as (name, date, details): the details give the rules, the round (or
    that the match is over) and the scores, or for a damaged save why it cannot
    be read. An autosave is named by the match it keeps (in progress or finished,
    and whose), so that two never read alike but for their dates."""
    label = entry.name
    if entry.is_autosave:
        label = "Finished match" if entry.finished else "Match in progress" if entry.preset else "Autosave"
        if entry.human_names:
            label += f": {', '.join(entry.human_names)}"
    when = entry.date.strftime("%d %b %Y  %H:%M") if entry.date is not None else ""
    if entry.problem:
        return label, when, f"Cannot be read: {entry.problem}"
    if not entry.preset:
        return label, when, "reading\u2026"
    rules = entry.preset.replace("-", " ").title()
    scores = "  \u00b7  ".join(f"{seat} {score}" for seat, score in zip(entry.seat_names, entry.scores))
    played = (f"finished after {entry.rounds} rounds" if entry.finished
              else f"round {entry.round} of {entry.rounds}")
    details = f"{rules}  \u00b7  {played}"
    return label, when, f"{details}  \u2014  {scores}" if scores else details
