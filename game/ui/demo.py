"""Watching: a match with every seat a computer player (``mexican-train --demo``)."""

from __future__ import annotations

from ..ai import LEVELS
from ..engine import preset
from ..session import GameSession, SeatConfig

DEMO_NAMES = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Felipe", "Gloria", "Hugo")


def demo_session(rules: str = "classic", players: int = 4, seed: int = 1) -> GameSession:
    """A session of computer players only, levels taken in turn; raises SetupError."""
    options = preset(rules)
    options.setup(players)
    seats = [SeatConfig(DEMO_NAMES[i], LEVELS[i % len(LEVELS)]) for i in range(players)]
    return GameSession(options, seats, seed)
