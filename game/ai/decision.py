"""The decision a worker process makes for a computer player: its kind and seed, a seat's view, one action.

The desktop's worker (``game.play.worker``) and the table server's thinkers
(``game.net.server.thinking``) both send this function to their processes.
"""

from __future__ import annotations

from ..engine import Action, SeatView
from .players import make_player


def decide(kind: str, seed: str, view: SeatView) -> Action:
    """The decision of a ``kind`` computer player made from ``seed`` (runs in the worker)."""
    return make_player(kind, seed).choose(view)
