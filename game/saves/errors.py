"""The one exception type of the saves package."""

from __future__ import annotations


class SaveError(Exception):
    """A save that cannot be written, read or trusted; ``reason`` is written for a player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
