"""Regenerate the sample saves in ``saves/``.

    python -m game.saves.samples [REPO_ROOT]

The samples are real matches played by the computer players (the person's
seat played by the ``medium`` level), stopped where a new player finds
something to look at: a classic match in round 7 against all four levels,
and a Hub match mid-round with an uncovered double on the table. Written by
today's game, they record today's level versions, so ``verify-deal`` decides
every computer move in them again. ``saves/older-format.json`` is not
written here: it is kept as an older game wrote it (format 3, before levels
had versions), to show what ``verify-deal`` says of such a save.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from ..ai import ComputerSeats
from ..engine import Match, Phase, play_match, preset
from ..memory.files import write_file
from ..memory.session import HUMAN, GameSession, SeatConfig
from .codec import dumps

SAVED_AT = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)


def play_until(session: GameSession, stop: Callable[[GameSession], bool]) -> GameSession:
    """Let the players play until ``stop`` holds at a decision of the person
    (whose seat the ``medium`` level plays meanwhile)."""
    kinds = ["medium" if seat.is_human else seat.kind for seat in session.seats]

    def at_stop(match: Match) -> bool:
        seat = match.current_player()
        return seat is not None and session.seats[seat].is_human and stop(session)

    play_match(session.match, ComputerSeats(kinds), until=at_stop)
    if session.match.phase is Phase.MATCH_OVER:
        raise RuntimeError("the match ended before the stopping point")
    return session


def classic_round_7() -> GameSession:
    """Classic, five seats (you and one of each level), round 7, a few turns in."""
    seats = [
        SeatConfig("You", HUMAN),
        SeatConfig("Ana", "easy"),
        SeatConfig("Bruno", "medium"),
        SeatConfig("Chen", "hard"),
        SeatConfig("Dara", "expert"),
    ]
    session = GameSession(preset("classic"), seats, 7007)
    return play_until(session, lambda s: s.match.round_number == 7 and len(s.match.action_log[-1]) >= 12)


def hub_open_double() -> GameSession:
    """Hub, four seats, round 3, with an uncovered double waiting on the table."""
    seats = [
        SeatConfig("You", HUMAN),
        SeatConfig("Ana", "medium"),
        SeatConfig("Bruno", "hard"),
        SeatConfig("Chen", "easy"),
    ]
    session = GameSession(preset("hub"), seats, 3003)

    def stop(s: GameSession) -> bool:
        state = s.match.round
        return s.match.round_number >= 3 and state is not None and bool(state.open_doubles)

    return play_until(session, stop)


def main(root: str = ".") -> None:
    """Write the samples under ``root``. (``saves/older-format.json`` and the
    fixtures of past format versions in ``tests/saves/fixtures/`` are kept as
    written, never regenerated.)"""
    base = Path(root)
    write_file(
        base / "saves" / "classic-round-7.json", dumps(classic_round_7(), "Classic, round 7", SAVED_AT), False
    )
    write_file(
        base / "saves" / "hub-open-double.json",
        dumps(hub_open_double(), "Hub, a double to cover", SAVED_AT),
        False,
    )


if __name__ == "__main__":
    main(*sys.argv[1:2])
