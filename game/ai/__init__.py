"""Computer players: a seat's view in, one legal action out. No pygame."""

from .players import KINDS, Player, make_player

__all__ = ["KINDS", "Player", "make_player"]
