"""What the title says of the kept online seats: "Your move at 2 tables".

The tables are looked at in the background (``lookup``), at most once a
minute, and the title only reads what has come, so a server that never
answers never slows it. No network module is imported here.
"""

from __future__ import annotations

from .kept import KeptSeat, kept_note, kept_seats
from .lookup import Answer, TablesLookup, recent_lookup
from .rows import your_move_words


class TitleTables:
    """The kept ``seats`` and the latest look at their tables; ``said``: the title's line ('' for none)."""

    def __init__(self, seats: list[KeptSeat]) -> None:
        self.seats = seats
        self.lookup: TablesLookup = recent_lookup(seats)
        self.answers: dict[str, Answer] = {}
        """The latest answer for each seat (an older look's until the new one has answered)."""
        self.said = ""
        self.update()

    def update(self) -> None:
        """Read the answers that came (a new look once the last is a minute old); never waits.
        A finished look's answers are read before it is replaced, never dropped with it."""
        self.answers.update(self.lookup.answers())
        if self.lookup.done():
            self.lookup = recent_lookup(self.seats)  # the same look until it is a minute old
            self.answers.update(self.lookup.answers())
        self.said = your_move_words(self.seats, self.answers)


def title_tables() -> tuple[TitleTables | None, str]:
    """The title's view of the kept seats (None: none kept) and what reading them had to say."""
    seats = kept_seats()
    note = kept_note()
    return (TitleTables(seats) if seats else None), note
