"""What one network table holds: its code, settings, seats, the match, where the deal stands, and its notes.

``TableState`` is the data every part of the table reads (its rules in
``table.Table``, its pace, what it sends and what it notes to store); it
holds no rule of who may do what.
"""

from __future__ import annotations

from collections.abc import Callable

from ...memory.session import GameSession, new_match_id
from ..protocol.messages import OPEN
from ..store.records import TableWrite
from .pace import TablePace
from .seats import PERSON, Seat
from .settings import Settings


def computer_name(kind: str, index: int) -> str:
    """The name a computer seat plays under, e.g. 'Easy 3' ('' for an open seat or a person's)."""
    return "" if kind in (OPEN, PERSON) else f"{kind.capitalize()} {index + 1}"


class TableState:
    """A table's data: its code, settings, seats and (once started) the match."""

    def __init__(self, code: str, settings: Settings, kinds: list[str], clock: Callable[[], float],
                 table_id: str | None = None) -> None:
        self.code = code
        self.table_id = table_id or new_match_id()
        self.settings = settings
        self.options = settings.options()
        self.clock = clock
        self.seats = [Seat(kind, computer_name(kind, i)) for i, kind in enumerate(kinds)]
        self.session: GameSession | None = None
        self.state = "lobby"
        self.secret = ""
        self.contributions: list[str] = []
        self.deal_deadline: float | None = None
        self.version = 0
        """Counts every change of position; a computer decision for an older one is dropped."""
        self.thinking: int | None = None
        """The seat a computer player is deciding for now (set by the server)."""
        self.creator = ""
        """The address that set the table up (limits how many one address opens)."""
        self.created_at = clock()
        self.finished_at: float | None = None
        self.epoch = 1
        """This process's claim on the table in the database (every write names it)."""
        self.paused = ""
        """Why play is paused (the database cannot be written), or ''."""
        self.counts_as_open = True
        """Whether the table still counts among its creator's unfinished tables."""
        self.writes: list[TableWrite] = []
        """Changes to store before anyone hears of them, taken by the server."""
        self.events_log: list[str] = []
        """Lines for the operator's log, taken by the server."""
        self.pace = TablePace(self)

    @property
    def host(self) -> int:
        """The host's seat (the table's creator sits first)."""
        return 0

    @property
    def round_number(self) -> int:
        """The round being dealt or played (1-based)."""
        match = self.session.match if self.session else None
        if match is None:
            return 1
        return len(match.deals) + (1 if self.state == "dealing" else 0)

    def people_here(self) -> int:
        """How many people are connected."""
        return sum(1 for seat in self.seats if seat.is_person and seat.connected)

    def empty_since(self) -> float:
        """When the last person left (a clock reading; the table's creation if no one ever sat)."""
        return max((s.away_since for s in self.seats if s.is_person and s.away_since is not None),
                   default=self.created_at)
