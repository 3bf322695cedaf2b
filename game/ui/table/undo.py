"""Undo at the table (a house setting for one person against computers): U or
the "Undo (U)" button takes back the person's last turn and shows it at once."""

from __future__ import annotations

from ...memory.session import GameSession


def can_undo(session: GameSession, seat: int | None, your_turn: bool, watching: bool) -> bool:
    """Whether the person in ``seat`` may take back their last turn now (on their turn, with undo on)."""
    return not watching and seat is not None and your_turn and session.may_undo(seat)
