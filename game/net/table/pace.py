"""A table's pace: a turn clock for live tables, none for tables played at any pace.

At a **live** table each person's turn is timed from its start
(``turn_clock`` seconds, 2 minutes by default, 30 s to 10 minutes). The
clock runs only while someone is at the table; when it runs out, the
table's stand-in level finishes that turn and the person keeps the seat,
and after ``HAND_OVER_AFTER`` such turns in a row the seat is handed to the
stand-in until its person takes it back. At an **any pace** table there is
no clock and no stand-in for someone away: the deal waits for every seated
person's contribution and the computers play on, even with nobody there,
to the next person's turn; a seat whose person has been away for
``AWAY_HAND_OVER`` may be handed to the stand-in by the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from ..protocol.refusals import Refused

if TYPE_CHECKING:
    from ...memory.session import GameSession
    from .seats import Seat
    from .settings import Settings

WARNING: Final = 15.0
"""Seconds before the clock runs out when a game shows its warning."""
HAND_OVER_AFTER: Final = 3
"""Turns in a row the clock runs out on before the seat is handed to the stand-in."""
AWAY_HAND_OVER: Final = 7 * 86400.0
"""Seconds a person must have been away at an any-pace table before the others may hand their seat over."""
LEAST_LEFT: Final = 15.0
"""The least time a clock resumed after a restart gives (the table stood still meanwhile)."""


@dataclass
class TurnClock:
    """The clock of the turn being played at a live table (no seat: nothing is timed)."""

    seconds: float
    seat: int | None = None
    turn: tuple[int, int] = (0, 0)
    """The (round, turn number) it times."""
    deadline: float | None = None
    """When it runs out (wall-clock seconds), while it runs."""
    left: float = 0.0
    """Seconds left, while it is stopped."""

    def begin(self, seat: int, turn: tuple[int, int], now: float, running: bool) -> None:
        """Time ``seat``'s new turn from the full clock."""
        self.seat, self.turn, self.left = seat, turn, self.seconds
        self.deadline = now + self.seconds if running else None

    def clear(self) -> None:
        """Time nothing (a computer's turn, a round's end)."""
        self.seat, self.deadline, self.left = None, None, 0.0

    def stop(self, now: float) -> None:
        """Stop it (nobody is at the table): the time left is kept."""
        if self.deadline is not None:
            self.left = max(0.0, self.deadline - now)
            self.deadline = None

    def resume(self, now: float) -> None:
        """Let it run again from the time it had left."""
        if self.seat is not None and self.deadline is None:
            self.deadline = now + self.left

    def restore(self, seat: int, turn: tuple[int, int], left: float | None) -> None:
        """Stand stopped at a turn read back from the database, with the time stored
        (at least ``LEAST_LEFT``, as the server stood still meanwhile)."""
        self.seat, self.turn, self.deadline = seat, turn, None
        self.left = self.seconds if left is None else min(self.seconds, max(LEAST_LEFT, left))

    def remaining(self, now: float) -> float:
        """Seconds left on the turn being timed."""
        return max(0.0, self.deadline - now) if self.deadline is not None else self.left

    def ran_out(self, now: float) -> bool:
        """Whether the turn's time is up (only while it runs)."""
        return self.seat is not None and self.deadline is not None and now >= self.deadline

    def json(self, now: float) -> dict[str, Any] | None:
        """The clock as every person at the table sees it (None: nothing is timed)."""
        if self.seat is None:
            return None
        return {"seat": self.seat, "left": round(self.remaining(now), 1), "running": self.deadline is not None,
                "of": self.seconds}


class Paced(Protocol):
    """What the pace reads of its table (``state.TableState``)."""

    @property
    def settings(self) -> Settings:
        """The table's settings (its pace, turn clock and stand-in)."""
        ...

    @property
    def session(self) -> GameSession | None:
        """The match, once started."""
        ...

    @property
    def state(self) -> str:
        """``lobby``, ``dealing``, ``playing`` or ``over``."""
        ...

    @property
    def seats(self) -> list[Seat]:
        """The table's seats."""
        ...

    @property
    def clock(self) -> Callable[[], float]:
        """Wall-clock seconds."""
        ...

    def people_here(self) -> int:
        """How many people are connected."""
        ...


class TablePace:
    """The pace rules of one table: whose turn is timed, a clock run out, a seat handed over."""

    def __init__(self, table: Paced) -> None:
        self.table = table
        self.clock = TurnClock(table.settings.turn_clock)
        self.forced: tuple[int, int] | None = None
        """The (round, turn) the stand-in finishes because its person's clock ran out."""

    @property
    def live(self) -> bool:
        """Whether this table's turns are timed."""
        return self.table.settings.live

    def _turn(self) -> tuple[int, tuple[int, int]] | None:
        """The seat and (round, turn number) of a person's turn being played, or None."""
        table = self.table
        match = table.session.match if table.session else None
        if table.state != "playing" or match is None or match.round is None:
            return None
        seat = match.current_player()
        if seat is None or not table.seats[seat].is_person or table.seats[seat].stand_in:
            return None
        key = (len(match.deals), match.round.turn_number)
        return None if self.forced == key else (seat, key)

    def sync(self) -> None:
        """After any change: time a new person's turn, stop the clock while nobody is
        at the table, let it run again when someone is."""
        if not self.live:
            return
        turn = self._turn()
        if turn is None:
            self.clock.clear()
            return
        seat, key = turn
        now, running = self.table.clock(), self.table.people_here() > 0
        if self.clock.seat != seat or self.clock.turn != key:
            self.clock.begin(seat, key, now, running)
        elif running:
            self.clock.resume(now)
        else:
            self.clock.stop(now)

    def restore(self, left: float | None) -> None:
        """A table read back: its clock stands stopped with the time it had (nobody is there yet)."""
        turn = self._turn() if self.live else None
        if turn is not None:
            self.clock.restore(turn[0], turn[1], left)

    def ran_out(self) -> int | None:
        """The seat whose clock has just run out (its turn goes to the stand-in), or None."""
        if not self.clock.ran_out(self.table.clock()):
            return None
        seat = self.clock.seat
        self.forced = self.clock.turn
        self.clock.clear()
        return seat

    def stands_in(self, seat: int) -> bool:
        """Whether the stand-in finishes ``seat``'s turn now (its clock ran out)."""
        table = self.table
        match = table.session.match if table.session else None
        if self.forced is None or match is None or match.round is None:
            return False
        return self.forced == (len(match.deals), match.round.turn_number) and match.current_player() == seat

    def left(self) -> float | None:
        """Seconds left on the clock, for the database (None: nothing is timed)."""
        return None if self.clock.seat is None else self.clock.remaining(self.table.clock())

    def json(self) -> dict[str, Any] | None:
        """The clock for the table's messages."""
        return self.clock.json(self.table.clock())

    def take_back(self, by: int) -> None:
        """``by`` takes back the seat that was handed to the stand-in; Refused when it is theirs already."""
        seat = self.table.seats[by]
        if not seat.stand_in:
            raise Refused("state", "your seat is yours already")
        seat.back()

    def hand_over(self, by: int, index: int) -> None:
        """At an any-pace table, the seat of a person away for a week goes to the stand-in; Refused
        at a live table, for one's own seat or a computer's, and for a person away less long."""
        table = self.table
        if table.settings.live:
            raise Refused("state", "at a live table the turn clock hands a seat over by itself")
        if index >= len(table.seats) or index == by or not table.seats[index].is_person:
            raise Refused("state", "only another person's seat can be handed over")
        seat = table.seats[index]
        away = seat.away_since
        if seat.stand_in or seat.left or away is None or table.clock() - away < AWAY_HAND_OVER:
            raise Refused("state", f"{seat.name} has not been away for a week")
        seat.stand_in = True
