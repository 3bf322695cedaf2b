"""Computer players: a seat's view in, one legal action out. No pygame."""

from .players import KINDS, LEVELS, Player, make_player

__all__ = ["KINDS", "LEVELS", "Player", "make_player"]
