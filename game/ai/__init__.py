"""Computer players: a seat's view in, one legal action out. No pygame."""

from .hint import hint
from .players import KINDS, LEVELS, ComputerSeats, Player, make_oracle, make_player
from .seeding import decision_rng

__all__ = ["KINDS", "LEVELS", "ComputerSeats", "Player", "decision_rng", "hint", "make_oracle", "make_player"]
