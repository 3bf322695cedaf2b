"""A table's pace in words (the Host form, the lobby, the table): live, with a
turn clock of 30 seconds to 10 minutes, or any pace, with days between moves.
The rules of each are the server's (``game/net/table/pace.py``, docs/protocol.md)."""

from __future__ import annotations

from typing import Any

from ...words.counting import counted

LIVE, ANY_PACE = "live", "any"
CHOICES: tuple[tuple[str, int], ...] = (
    (LIVE, 30), (LIVE, 60), (LIVE, 120), (LIVE, 300), (LIVE, 600), (ANY_PACE, 0))
"""The Host form's paces: (pace, turn clock in seconds; 0 for none)."""
DEFAULT = CHOICES.index((LIVE, 120))
"""Two minutes a turn, the server's default."""
WARNING = 15.0
"""Seconds left on a turn clock when it warns (the server's ``pace.WARNING``)."""


def duration(seconds: float) -> str:
    """A turn clock's length: '30 seconds', '1 minute', '10 minutes'."""
    whole = round(seconds)
    return counted(whole // 60, "minute") if whole >= 60 and whole % 60 == 0 else counted(whole, "second")


def pace_label(choice: tuple[str, int]) -> str:
    """A choice as the Host form's picker shows it: 'Live: 2 minutes a turn', 'Any pace: days between
    moves'."""
    pace, clock = choice
    return f"Live: {duration(clock)} a turn" if pace == LIVE else "Any pace: days between moves"


def pace_sentence(pace: str, clock: float) -> str:
    """What the pace means for the people at the table, in a sentence."""
    if pace == LIVE:
        return (f"Each turn has {duration(clock)}; when it runs out the computer finishes the turn, "
                "and after three in a row it plays the seat until its person takes it back.")
    return ("No clock: the table waits for every move, even for days, and the computer players move "
            "as soon as it is their turn.")


def pace_line(pace: str, clock: float) -> str:
    """The pace in one line for the lobby and the table's menu."""
    if pace == LIVE:
        return f"Pace: live, {duration(clock)} a turn (when a turn's time runs out, the computer finishes it)"
    return "Pace: any pace (the table waits for every move, even for days)"


def table_pace(settings: dict[str, Any]) -> tuple[str, float]:
    """The pace and turn clock (seconds) of a table's checked settings."""
    pace = ANY_PACE if settings.get("pace") == ANY_PACE else LIVE
    clock = settings.get("turn_clock", 120)
    return pace, float(clock) if isinstance(clock, (int, float)) else 120.0

