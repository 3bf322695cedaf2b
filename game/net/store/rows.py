"""Rows read back from the database, each checked as a network message is before it is used.

A database is outside the server's hands (an operator's tool, a restored
copy, a damaged disk can change any column), so every column read back
passes the checks a client's message passes: its type, its size, its
nesting (JSON columns: at most ``MAX_BYTES`` and ``MAX_DEPTH``), and for a
word its allowed values (a table's ``state``). A column that does not hold
raises ``DamagedRecord`` naming the column and why; what a row means (its
settings, names, secrets, deal and moves) is checked when the table is
rebuilt (``game.net.server.rebuild``) or listed (``game.net.table.listed``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any, Final

from ...memory.files import FileProblem, bad_character, parse_json
from ..protocol.codes import normal_code
from ..protocol.messages import MAX_BYTES, MAX_DEPTH
from .base import DamagedRecord
from .records import Listed, ListedSeat, RoundRow, SeatRow, StoredTable, TableRow

STATES: Final = ("lobby", "dealing", "playing", "over")
"""The values a table's ``state`` column may hold."""
SHORT: Final = 64
"""The longest short text column (an id, a seed, an address, a secret)."""
MOST_SEATS: Final = 8
MOST_ROUNDS: Final = 1000
LONGEST_ACTION: Final = 40
"""As long as an ``act`` request's action may be."""
LONGEST_NAME: Final = 40
"""A seat's name as stored (a computer seat's may add ' (computer)' to a level's name)."""


def text(value: Any, what: str, longest: int = SHORT) -> str:
    """A text column of at most ``longest`` characters with no control or direction character."""
    if type(value) is not str:
        raise DamagedRecord(f"{what} is not text")
    if len(value) > longest:
        raise DamagedRecord(f"{what} is longer than {longest} characters")
    if bad_character(value) is not None:
        raise DamagedRecord(f"{what} holds a control or direction character")
    return value


def number(value: Any, what: str) -> float:
    """A finite number column."""
    if type(value) not in (int, float) or not math.isfinite(value):
        raise DamagedRecord(f"{what} is not a number")
    return float(value)


def maybe_number(value: Any, what: str) -> float | None:
    """A finite number column that may be empty (NULL)."""
    return None if value is None else number(value, what)


def whole(value: Any, what: str, low: int, high: int) -> int:
    """A whole number column from ``low`` to ``high``."""
    if type(value) is not int or not low <= value <= high:
        raise DamagedRecord(f"{what} is not a whole number from {low} to {high}")
    return value


def flag(value: Any, what: str) -> bool:
    """A 0/1 column (SQLite and PostgreSQL both give whole numbers)."""
    if value not in (0, 1) or type(value) not in (int, bool):
        raise DamagedRecord(f"{what} is not 0 or 1")
    return bool(value)


def json_value(value: Any, what: str) -> Any:
    """A JSON text column, read as a network message is: at most ``MAX_BYTES`` bytes, no key twice,
    no NaN, lists and objects at most ``MAX_DEPTH`` deep."""
    if type(value) is not str:
        raise DamagedRecord(f"{what} is not text")
    raw = value.encode("utf-8", "replace")
    if len(raw) > MAX_BYTES:
        raise DamagedRecord(f"{what} is larger than {MAX_BYTES} bytes")
    try:
        return parse_json(raw, what, max_depth=MAX_DEPTH)
    except FileProblem as problem:
        raise DamagedRecord(f"{what} is not JSON a server writes: " + problem.reason.replace("the file", "it")) from None


def json_list(value: Any, what: str, longest: int) -> list[Any]:
    """A JSON column holding a list of at most ``longest`` entries."""
    items = json_value(value, what)
    if type(items) is not list or len(items) > longest:
        raise DamagedRecord(f"{what} is not a list of at most {longest} entries")
    return items


def state(value: Any) -> str:
    """A table's ``state`` column: one of ``STATES``."""
    if value not in STATES or type(value) is not str:
        raise DamagedRecord(f"its state is {json.dumps(value)[:40]}, not one of {', '.join(STATES)}")
    return str(value)


def code(value: Any) -> str:
    """A table code column, in its printed form."""
    if type(value) is not str or normal_code(value) != value:
        raise DamagedRecord("its code is not a table code")
    return value


def seat_row(values: Sequence[Any]) -> SeatRow:
    """A seat from ``sql.SEATS_QUERY``'s columns."""
    seat, kind, name, token_hash, stand_in, left, timeouts, away_since = values
    return SeatRow(whole(seat, "a seat's number", 0, MOST_SEATS - 1), text(kind, "a seat's kind", 20),
                   text(name, "a seat's name", LONGEST_NAME), text(token_hash, "a seat's token hash"),
                   flag(stand_in, "a seat's stand-in flag"), flag(left, "a seat's left flag"),
                   whole(timeouts, "a seat's turns out of time", 0, 1_000_000),
                   maybe_number(away_since, "a seat's time away"))


def round_rows(rounds: Sequence[Sequence[Any]], actions: Sequence[Sequence[Any]]) -> tuple[RoundRow, ...]:
    """Rounds from ``sql.ROUNDS_QUERY``'s rows and their actions from ``sql.ACTIONS_QUERY``'s, in log order."""
    logs: dict[int, list[str]] = {}
    for number_, action in actions:
        where = f"an action of round {number_}"
        logs.setdefault(whole(number_, where, 1, MOST_ROUNDS), []).append(text(action, where, LONGEST_ACTION))
    return tuple(_round(row, logs) for row in rounds)


def _round(row: Sequence[Any], logs: dict[int, list[str]]) -> RoundRow:
    """One round's row with its actions."""
    number_, secret, commitment, contributions, deal, scores = row
    index = whole(number_, "a round's number", 1, MOST_ROUNDS)
    where = f"round {index}'s"
    parts = json_list(contributions, f"{where} contributions", MOST_SEATS)
    points = None if scores is None else json_list(scores, f"{where} scores", MOST_SEATS)
    return RoundRow(index, text(secret, f"{where} secret"), text(commitment, f"{where} commitment"),
                    tuple(text(p, f"{where} contributions") for p in parts),
                    None if deal is None else tuple(text(deal, f"{where} deal", MAX_BYTES).split()),
                    tuple(logs.get(index, ())),
                    None if points is None else tuple(whole(p, f"{where} scores", -1_000_000, 1_000_000)
                                                      for p in points))


def stored_table(row: Sequence[Any], epoch: int, seats: Sequence[Sequence[Any]], rounds: Sequence[Sequence[Any]],
                 actions: Sequence[Sequence[Any]]) -> StoredTable:
    """A whole table from its rows (``row``: ``sql.TABLE_COLUMNS``); DamagedRecord when a column does not hold."""
    table_id, code_, settings, state_, seed, creator, created_at, finished_at, last_move_at, clock_left = row
    table = TableRow(text(table_id, "its id"), code(code_), text(settings, "its settings", MAX_BYTES), state(state_),
                     text(seed, "its seed"), text(creator, "its creator's address"),
                     number(created_at, "its creation time"), maybe_number(finished_at, "its end time"))
    return StoredTable(table, epoch, number(last_move_at, "its last move's time"),
                       tuple(seat_row(s) for s in seats), round_rows(rounds, actions),
                       maybe_number(clock_left, "its turn clock"))


def listings(wanted: Sequence[tuple[str, str]], found: Sequence[Sequence[Any]], gone: Sequence[Sequence[Any]],
             seats: Sequence[Sequence[Any]]) -> list[Listed]:
    """Each wanted (code, token hash) answered from the rows the listing queries gave; a table whose
    rows do not hold is ``damaged`` (its ``problem`` says why)."""
    by_key = {(str(row[0]), str(row[2])): row for row in found}
    gone_keys = {(str(code_), str(token)) for token, code_ in gone}
    table_seats: dict[str, list[Any]] = {}
    for table_id, *seat in seats:
        table_seats.setdefault(str(table_id), []).append(seat)
    out = []
    for code_, token in wanted:
        row = by_key.get((code_, token))
        if row is None:
            out.append(Listed(code_, "expired" if (code_, token) in gone_keys else "unknown"))
            continue
        try:
            out.append(_listed(code_, row, table_seats.get(str(row[9]), [])))
        except DamagedRecord as damaged:
            out.append(Listed(code_, "damaged", problem=damaged.reason))
    return out


def _listed(code_: str, row: Sequence[Any], seats: Sequence[Sequence[Any]]) -> Listed:
    """One listed seat's table from its row and its seats' rows."""
    _, seat, _, state_, settings, round_number, waiting, last_move_at, finished_at, _ = row
    players = [ListedSeat(text(name, "a seat's name", LONGEST_NAME), text(kind, "a seat's kind", 20),
                          flag(stand_in, "a seat's stand-in flag"), flag(left, "a seat's left flag"))
               for _, name, kind, stand_in, left in seats]
    return Listed(code_, "table", whole(seat, "a seat's number", 0, MOST_SEATS - 1), state(state_),
                  text(settings, "its settings", MAX_BYTES), whole(round_number, "its round", 0, MOST_ROUNDS),
                  tuple(whole(s, "a waiting seat", 0, MOST_SEATS - 1)
                        for s in json_list(waiting, "its waiting seats", MOST_SEATS)),
                  number(last_move_at, "its last move's time"), maybe_number(finished_at, "its end time"),
                  tuple(players))
