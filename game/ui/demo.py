"""Watching: a match with every seat a computer player (``mexican-train --demo``)."""

from __future__ import annotations

from ..ai import LEVELS
from ..engine import preset
from ..session import GameSession, SeatConfig
from .app import App

DEMO_NAMES = ("Ana", "Bruno", "Carmen", "Diego", "Elena", "Felipe", "Gloria", "Hugo")


def demo_session(rules: str = "classic", players: int = 4, seed: int = 1) -> GameSession:
    """A session of computer players only, levels taken in turn; raises SetupError."""
    options = preset(rules)
    options.setup(players)
    seats = [SeatConfig(DEMO_NAMES[i], LEVELS[i % len(LEVELS)]) for i in range(players)]
    return GameSession(options, seats, seed)


def start_demo(
    app: App, rules: str = "classic", players: int = 4, seed: int = 1, fast: bool = False, exit_at_end: bool = False
) -> None:
    """Put a demo table on ``app``; ``fast`` plays at full speed."""
    from .scenes.table import TableScene

    if fast:
        app.settings.pace = "instant"
    app.push(TableScene(demo_session(rules, players, seed), demo=True, exit_at_end=exit_at_end))
