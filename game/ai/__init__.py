"""Computer players: a seat's view in, one legal action out. No pygame.

Importing the package loads only the level names (``LEVELS``,
``KIND_NAMES``); the players, their search and ``hint`` load on first use,
so the title screen and the save reader start without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_getattr
from .levels import KIND_NAMES, LEVELS

if TYPE_CHECKING:
    from .decision import decide
    from .hint import hint
    from .players import KINDS, ComputerSeats, Player, make_oracle, make_player
    from .seeding import decision_rng

__all__ = [
    "KINDS", "KIND_NAMES", "LEVELS", "ComputerSeats", "Player", "decide", "decision_rng", "hint", "make_oracle",
    "make_player",
]

_HOMES = {
    "decide": "decision", "hint": "hint", "KINDS": "players", "ComputerSeats": "players", "Player": "players",
    "make_oracle": "players", "make_player": "players", "decision_rng": "seeding",
}


__getattr__ = lazy_getattr(__name__, _HOMES, globals())
