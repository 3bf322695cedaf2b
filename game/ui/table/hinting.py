"""H at the table: the hint is found in a worker process while the message line
says so, then said with its reason; Esc, a move or a handover drops it.

The worker finds the whole line the hint plans (every position to the end of
the turn, each with its hint), so the next hints along that line are said at
once, and they are the very hints a fresh search of those positions gives."""

from __future__ import annotations

from ...engine import SeatView
from ...play.advice_job import Advice, AdviceJob, Hints
from .. import theme
from .message_line import MessageLine

FINDING = "Finding a hint\u2026  (Esc or a move cancels it)"
"""What the message line says while the hint is being found."""


class TableHints:
    """The hint being found for the person to move, and the line that says so."""

    def __init__(self, line: MessageLine, job: AdviceJob | None = None) -> None:
        self.line = line
        self.job = job or AdviceJob()
        self.last: Advice | None = None
        """The hint said last (None before the first)."""
        self.ahead: Hints = ()
        """The positions of the line found last, each with its hint."""
        self._known: Advice | None = None

    @property
    def busy(self) -> bool:
        """Whether a hint is being found."""
        return self.job.busy

    def ask(self, view: SeatView) -> None:
        """Start finding the hint for ``view`` (the person's own view); the line says so.
        A position of the line found last has its hint at once."""
        known = next((advice for seen, advice in self.ahead if seen == view), None)
        if known is not None:
            self.job.cancel()
            self._known = known
            return
        if self.job.busy:
            return
        self.job.ask(view)
        self.line.advise(FINDING, theme.INK_DIM)

    def collect(self) -> Advice | None:
        """The hint once found (None meanwhile); one that could not be found is said so."""
        found: Advice | None
        if self._known is not None:
            found, self._known = self._known, None
        elif not self.job.busy:
            return None
        else:
            hints = self.job.poll()
            if hints is None and not self.job.busy:
                self.line.advise("No hint this time: the search behind it stopped.", theme.INK_DIM)
            self.ahead = hints or self.ahead
            found = hints[0][1] if hints else None
        self.last = found or self.last
        return found

    def cancel(self) -> None:
        """Drop a hint being found, and what the line says of it."""
        self._known = None
        if self.job.busy:
            self.job.cancel()
            self.line.unadvise()

    def close(self) -> None:
        """Leaving the table: stop the worker."""
        self.job.close()
