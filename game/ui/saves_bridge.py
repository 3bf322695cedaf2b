"""The UI's door to saved games: a ``game.saves`` store whose failures come back
as sentences for the player instead of exceptions."""

from __future__ import annotations

from ..saves import SaveError, SaveInfo, SaveStore, default_store
from ..session import GameSession

NO_SAVES = "No saved game yet"

FAILURES = (SaveError, OSError, ValueError)
"""What a store may raise for a save that cannot be written or read."""


def _reason(error: BaseException) -> str:
    """A failure's reason for the player."""
    return error.reason if isinstance(error, SaveError) else str(error)


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

    def flush(self) -> None:
        """Wait for pending autosaves to reach the disk."""
        if self.store is None:
            return
        try:
            self.store.flush()
        except FAILURES:
            pass  # a failed write is reported by the next autosave

    def close(self) -> None:
        """Finish pending writes and let the save folder go (when the game exits)."""
        if self.store is not None:
            self.store.close()

    def autosave(self, session: GameSession) -> str | None:
        """Save ``session`` as the autosave; returns a problem to show, or None."""
        if self.store is None:
            return None
        try:
            self.store.autosave(session)
        except FAILURES as error:
            return f"Could not save: {_reason(error)}"
        return None

    def save_named(self, session: GameSession, name: str) -> str | None:
        """Save ``session`` under ``name``; returns a problem to show, or None."""
        if self.store is None:
            return "Saving is not available: the save folder cannot be used."
        try:
            self.store.save_named(session, name)
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
    """A save as (name, date, details): the details give the rules, the round and
    the scores, or for a damaged save why it cannot be read."""
    label = "Autosave" if entry.is_autosave else entry.name
    when = entry.date.strftime("%d %b %Y  %H:%M") if entry.date is not None else ""
    if entry.problem:
        return label, when, f"Cannot be read: {entry.problem}"
    rules = entry.preset.replace("-", " ").title()
    scores = "  \u00b7  ".join(f"{seat} {score}" for seat, score in zip(entry.seat_names, entry.scores))
    details = f"{rules}  \u00b7  round {entry.round} of {entry.rounds}"
    return label, when, f"{details}  \u2014  {scores}" if scores else details
