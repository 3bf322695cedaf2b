"""Computer players: a seat's view in, one legal action out. No pygame.

Importing the package loads only the level names (``LEVELS``,
``KIND_NAMES``); the players, their search and ``hint`` load on first use,
so the title screen and the save reader start without them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .levels import KIND_NAMES, LEVELS

if TYPE_CHECKING:
    from .hint import hint
    from .players import KINDS, ComputerSeats, Player, make_oracle, make_player
    from .seeding import decision_rng

__all__ = [
    "KINDS", "KIND_NAMES", "LEVELS", "ComputerSeats", "Player", "decision_rng", "hint", "make_oracle", "make_player",
]

_HOMES = {
    "hint": "hint", "KINDS": "players", "ComputerSeats": "players", "Player": "players",
    "make_oracle": "players", "make_player": "players", "decision_rng": "seeding",
}


def __getattr__(name: str) -> Any:
    """A player, ``hint`` or ``decision_rng``, imported when first asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value  # kept, and in place of a submodule of the same name (``hint``)
    return value
