"""The one exception type of the saves package."""

from __future__ import annotations

from ..memory.files import FileProblem


class SaveError(FileProblem):
    """A save that cannot be written, read or trusted; ``reason`` is written for a player."""
