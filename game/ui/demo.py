"""Watching: a match with every seat a computer player (``mexican-train --demo``)."""

from __future__ import annotations

from ..ai import LEVELS
from ..engine import preset
from ..engine.length import Length, with_length
from ..memory.session import GameSession, SeatConfig

DEMO_NAMES = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Felipe", "Gloria", "Hugo")


def demo_session(rules: str = "classic", players: int = 4, seed: int = 1, length: Length = "full") -> GameSession:
    """A session of computer players only, levels taken in turn, a match of
    ``length`` (full, short or blitz); raises SetupError."""
    options = with_length(preset(rules), players, length)
    options.setup(players)
    seats = [SeatConfig(DEMO_NAMES[i], LEVELS[i % len(LEVELS)]) for i in range(players)]
    return GameSession(options, seats, seed)
