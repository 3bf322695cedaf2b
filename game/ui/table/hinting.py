"""H at the table: the hint is found in a worker process while the message line
says so, then said with its reason; Esc, a move or a handover drops it."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import DRAW, END, OPEN, Play, SeatView
from ...engine.tiles import TEXT
from ...play.advice_job import Advice, AdviceJob
from ...words.narrate import where
from .. import theme
from .message_line import MessageLine

FINDING = "Finding a hint\u2026  (Esc or a move cancels it)"
"""What the message line says while the hint is being found."""


def hint_words(advice: Advice, seat: int, names: Sequence[str]) -> str:
    """'Hint: play the 4-2 on your train — <why>.' for the person in ``seat``."""
    action = advice.action
    if isinstance(action, Play):
        what = f"play the {TEXT[action.tile]} on {where(action.train, seat, names, seat)}"
        what += " and knock (K)" if action.knock else ""
    else:
        what = {DRAW: "draw from the boneyard (D)", END: "end your turn (E)", OPEN: "open your train (O)"}.get(
            action, str(action))
    return f"Hint: {what} \u2014 {advice.reason}."


class TableHints:
    """The hint being found for the person to move, and the line that says so."""

    def __init__(self, line: MessageLine, job: AdviceJob | None = None) -> None:
        self.line = line
        self.job = job or AdviceJob()
        self.last: Advice | None = None
        """The hint said last (None before the first)."""

    @property
    def busy(self) -> bool:
        """Whether a hint is being found."""
        return self.job.busy

    def ask(self, view: SeatView) -> None:
        """Start finding the hint for ``view`` (the person's own view); the line says so."""
        if self.job.busy:
            return
        self.job.ask(view)
        self.line.advise(FINDING, theme.INK_DIM)

    def collect(self) -> Advice | None:
        """The hint once found (None meanwhile); one that could not be found is said so."""
        if not self.job.busy:
            return None
        found = self.job.poll()
        if found is None and not self.job.busy:
            self.line.advise("No hint this time: the search behind it stopped.", theme.INK_DIM)
        self.last = found or self.last
        return found

    def cancel(self) -> None:
        """Drop a hint being found, and what the line says of it."""
        if self.job.busy:
            self.job.cancel()
            self.line.unadvise()

    def close(self) -> None:
        """Leaving the table: stop the worker."""
        self.job.close()
