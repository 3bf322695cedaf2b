"""A live network table's turn clock as the table counts it down.

Each reading the server sends (``clock`` in ``table`` and ``update``: whose
turn, seconds left, whether it runs) is turned into a ``ClockShown`` that runs
out at a moment of the table's own clock, so the time left counts down
smoothly between readings; the person's own turn warns once as it enters its
last ``WARNING`` seconds.
"""

from __future__ import annotations

from typing import Protocol

from ...net.client.inbound import ClockInfo
from ..table.turn_clock import ClockShown, clock_text
from .pace_words import WARNING


class ClockSource(Protocol):
    """Where the readings come from (``RemoteController``)."""

    clock: ClockInfo | None
    clock_readings: int

    @property
    def my_seat(self) -> int:
        """This person's seat."""
        ...


class TableClock:
    """The turn clock on show: ``shown`` (None: nothing is timed)."""

    def __init__(self) -> None:
        self.shown: ClockShown | None = None
        self.warn_due = False
        """The person's own turn has entered its last seconds and they have not been warned yet."""
        self._readings = -1
        self._left: float | None = None
        """Seconds left on this person's own turn at the last look (None: not their turn)."""

    def follow(self, source: ClockSource, now: float, connected: bool = True) -> None:
        """Take a new reading if one came (``now``: the table's clock); nothing is shown while
        the connection is down (the table's clock is not known then)."""
        if source.clock_readings != self._readings:
            self._readings = source.clock_readings
            info = source.clock
            self.shown = None if info is None else ClockShown(info.seat, now + info.left, info.of,
                                                              info.running, info.left, WARNING)
        shown = self.shown if connected else None
        if shown is None or shown.seat != source.my_seat or not shown.running:
            self._left, self.warn_due = None, False
            return
        was, self._left = self._left, shown.left(now)
        if was is not None and was > WARNING >= self._left:
            self.warn_due = True

    @property
    def mine_runs(self) -> bool:
        """Whether this person's own turn clock runs (at the last look)."""
        return self._left is not None

    def take_warning(self) -> bool:
        """Whether to warn the person now (once a turn; the caller warns when they can act)."""
        due, self.warn_due = self.warn_due, False
        return due

    def left_for(self, seat: int, now: float) -> str | None:
        """The time left on ``seat``'s turn ('1:32'), or None when its turn is not timed."""
        shown = self.shown
        return clock_text(shown.left(now)) if shown is not None and shown.seat == seat else None
