"""What of a network table is stored: its row, its seats, the round being dealt, where the match stands.

Each function makes one write from the table as it stands; the table notes
it and the server commits it before anyone hears of the change.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ...engine.fairdeal import commitment
from ..store.records import SaveProgress, SaveRound, SaveSeats, TableRow

if TYPE_CHECKING:
    from .state import TableState


def table_row(table: TableState) -> TableRow:
    """The table's own row."""
    seed = str(table.session.seed) if table.session else ""
    return TableRow(table.table_id, table.code, json.dumps(table.settings.json(), sort_keys=True), table.state, seed,
                    table.creator, table.created_at, table.finished_at)


def seats_write(table: TableState) -> SaveSeats:
    """Every seat of the table."""
    return SaveSeats(tuple(seat.row(i) for i, seat in enumerate(table.seats)))


def round_write(table: TableState, deal: tuple[str, ...] | None) -> SaveRound:
    """The round being dealt: its secret, the contributions so far and, once dealt, the deal."""
    return SaveRound(table.round_number, table.secret, commitment(table.secret), tuple(table.contributions), deal)


def waiting(table: TableState) -> list[int]:
    """The seats whose move it is: the player to move, or the people the deal waits for."""
    match = table.session.match if table.session else None
    seat = match.current_player() if match is not None else None
    if table.state == "playing" and seat is not None:
        return [seat]
    if table.state == "dealing":
        return [i for i, person in enumerate(table.seats) if person.awaited and not table.contributions[i]]
    return []


def progress_write(table: TableState) -> SaveProgress:
    """Where the match stands: the round, whose move it is, whether its computers play on
    (any pace), the turn clock's time left."""
    seats = waiting(table)
    plays_on = (not table.settings.live and table.state == "playing" and len(seats) == 1
                and table.seats[seats[0]].plays_itself)
    return SaveProgress(table.round_number, tuple(seats), plays_on, table.pace.left())
