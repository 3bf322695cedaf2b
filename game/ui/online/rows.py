"""My tables in words: one row per kept seat (whose table, who plays, whose
move it is, the round, the pace, when the last move was), and the title's
"Your move at 2 tables". Everything shown here comes from a checked list
answer (``inbound.Listing``) or the checked kept seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...words.counting import counted
from .kept import KeptSeat
from .lookup import Answer, where

if TYPE_CHECKING:
    from ...net.client.inbound import Listing

KEPT_DAYS = 30
"""How long a server keeps a table after its last move, on its default settings (docs/server.md)."""
GONE = f"This table is gone: it had no move for {KEPT_DAYS} days, so the server no longer keeps it."
UNKNOWN = "The server does not know this seat: its table was closed, or the server's tables were lost."


@dataclass(frozen=True)
class RowWords:
    """One row of My tables: its heading, the table's state, the small print;
    ``your_move`` when the table waits for this person; ``gone`` when there is
    nothing to go back to (expired or unknown); ``trouble`` when it could not be asked."""

    heading: str
    state: str
    detail: str
    your_move: bool = False
    gone: bool = False
    trouble: bool = False


def ago(seconds: float) -> str:
    """How long ago, in words: 'just now', '5 minutes ago', '3 hours ago', '2 days ago'."""
    if seconds < 60:
        return "just now"
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= length:
            return f"{counted(int(seconds // length), unit)} ago"
    return "just now"


def names_and(names: Sequence[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def table_name(listing: Listing) -> str:
    """'the table you host' (this seat is its host's) or 'Ana's table' (after its host, seat 0)."""
    if listing.seat == 0 or not listing.seats:
        return "the table you host"
    return f"{listing.seats[0].name}'s table"


def pace_words(pace: str) -> str:
    """The pace in a word or two."""
    return "any pace" if pace == "any" else "live"


def whose_move(listing: Listing) -> str:
    """'Your move', 'Waiting for Ana', 'Waiting for Ana and Ben to continue' (a deal waiting),
    'The computer plays for Ben', 'Easy 3 is to move' (a computer), or '' when nobody is to move."""
    if listing.your_move:
        return "Your move"
    seats = listing.seats
    others = [i for i in listing.waiting if i != listing.seat and i < len(seats)]
    if not others:
        return ""
    if listing.state == "dealing":
        return f"Waiting for {names_and([seats[i].name for i in others])} to continue"
    seat = seats[others[0]]
    if seat.kind != "person":
        return f"{seat.name} (a computer) is to move"
    if seat.stand_in:
        return f"The computer plays for {seat.name}"
    return f"Waiting for {seat.name}"


def row_words(seat: KeptSeat, answer: Answer | None, now: float) -> RowWords:
    """The row of ``seat`` given what its server answered (None: not yet), at wall-clock time ``now``."""
    at = "this game's own server" if seat.own else where(seat.url)
    small = f"{seat.code}  \u00b7  {at}  \u00b7  you play as {seat.name}"
    if answer is None:
        return RowWords(f"Table {seat.code}", f"Asking {at}\u2026", small)
    listing = answer.listing
    if listing is None:
        return RowWords(f"Table {seat.code}", answer.problem, small, trouble=True)
    if listing.found == "expired":
        return RowWords(f"Table {seat.code}", GONE, small, gone=True)
    if listing.found != "table":
        return RowWords(f"Table {seat.code}", UNKNOWN, small, gone=True)
    names = [f"{s.name} (you)" if i == listing.seat else s.name for i, s in enumerate(listing.seats)]
    heading = f"{table_name(listing)[0].upper()}{table_name(listing)[1:]}: {names_and(names)}"
    if listing.state == "lobby":
        state = ("In the lobby: start it when everyone is there" if listing.seat == 0
                 else "In the lobby: waiting for the host to start")
        return RowWords(heading, state, small)
    if listing.state == "over":
        ended = ago(now - listing.finished_at) if listing.finished_at is not None else ""
        return RowWords(heading, "Finished: the match is over" + (f" (ended {ended})" if ended else ""),
                        f"{counted(listing.rounds, 'round')}  \u00b7  {small}")
    facts = [f"round {listing.round} of {listing.rounds}", pace_words(listing.pace),
             f"last move {ago(now - listing.last_move_at)}"]
    return RowWords(heading, whose_move(listing) or "In play", "  \u00b7  ".join([*facts, small]),
                    your_move=listing.your_move)


def your_move_words(seats: Sequence[KeptSeat], answers: Mapping[str, Answer]) -> str:
    """The title's line: 'Your move at Ana's table', 'Your move at 2 tables', or '' (none waits for you)."""
    waiting = [answer.listing for seat in seats
               if (answer := answers.get(seat.token)) is not None and answer.listing is not None
               and answer.listing.found == "table" and answer.listing.your_move]
    if not waiting:
        return ""
    if len(waiting) == 1 and waiting[0] is not None:
        return f"Your move at {table_name(waiting[0])}"
    return f"Your move at {counted(len(waiting), 'table')}"
