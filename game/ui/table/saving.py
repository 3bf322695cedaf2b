"""What the table asks the saves about, as a protocol (the app's saves bridge answers it)."""

from __future__ import annotations

from typing import Protocol

from ...memory.session import GameSession


class SavingStatus(Protocol):
    """What the table asks the saves about: can it save, why not, and save now."""

    @property
    def can_save(self) -> bool:
        """Whether this window may save."""
        ...

    @property
    def problem(self) -> str | None:
        """Why saving does not work right now (None: all saved)."""
        ...

    def save_now(self, session: GameSession) -> str | None:
        """Write the match's autosave now; why it failed, or None."""
        ...
