"""A line in the table's message area that shows for a few seconds."""

from __future__ import annotations

from collections import deque

from . import theme

HISTORY = 50
"""How many past lines a toast remembers."""


class Toast:
    """The last thing the table said, its colour, how long it still shows, the
    rules section that explains it (``why``, or None) and the lines said before."""

    def __init__(self) -> None:
        self.history: deque[str] = deque(maxlen=HISTORY)
        self.text = ""
        self.color: theme.Color = theme.INK
        self.ttl = 0.0
        self._why: str | None = None

    def say(self, text: str, color: theme.Color = theme.INK, seconds: float = 4.0, why: str | None = None) -> None:
        """Show ``text`` in ``color`` for ``seconds``, replacing what was shown;
        ``why`` is the rules section a "Why?" opens."""
        self.text, self.color, self.ttl, self._why = text, color, seconds, why
        self.history.append(text)

    def tick(self, dt: float) -> None:
        """Let ``dt`` seconds pass."""
        self.ttl -= dt

    @property
    def showing(self) -> bool:
        """Whether a line is on show now."""
        return self.ttl > 0 and bool(self.text)

    @property
    def why(self) -> str | None:
        """The rules section behind the line on show (None: none, or nothing on show)."""
        return self._why if self.showing else None
