"""Computer players: a seat's view in, one legal action out. No pygame."""

from .hint import hint
from .players import KINDS, LEVELS, Player, decision_rng, make_oracle, make_player

__all__ = ["KINDS", "LEVELS", "Player", "decision_rng", "hint", "make_oracle", "make_player"]
