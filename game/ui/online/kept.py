"""The seat of the last online table, kept in the player's data folder
(through ``game.memory.files``, safely and with a backup) so that the game started
again can take it back. Light on purpose: the title reads it."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ...memory.files import FileProblem, bad_character, parse_json, read_file, write_file
from ...saves.store import data_dir

SEAT_FILE = "online-seat.json"


@dataclass(frozen=True)
class KeptSeat:
    """A seat at a network table, kept to take it back: ``url`` of the server,
    ``code`` and ``token``; ``host``/``port`` when this game ran that server."""

    url: str
    code: str
    token: str
    name: str
    host: str = ""
    port: int = 0


def seat_path() -> Path:
    """Where the kept seat lives in the player's data folder."""
    return data_dir() / SEAT_FILE


def keep_seat(seat: KeptSeat) -> str:
    """Write the seat down (safely, with a backup); the problem in words, or ''."""
    try:
        write_file(seat_path(), json.dumps(asdict(seat)).encode())
    except FileProblem as problem:
        return f"The seat could not be kept for a rejoin: {problem}."
    return ""


def kept_seat() -> KeptSeat | None:
    """The seat kept by the last online table, if a readable one is there."""
    try:
        data: Any = parse_json(read_file(seat_path(), 4096), "the kept online seat")
        seat = KeptSeat(**data)
    except (FileNotFoundError, FileProblem, TypeError):
        return None
    texts = (seat.url, seat.code, seat.token, seat.name, seat.host)
    if any(type(t) is not str or bad_character(t) for t in texts) or type(seat.port) is not int:
        return None
    return seat


def forget_seat() -> None:
    """The table is over or left: nothing to rejoin."""
    try:
        seat_path().unlink(missing_ok=True)
    except OSError:
        pass
