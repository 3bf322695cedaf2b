"""The player interface and the registry of computer player kinds."""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..engine import Action, SeatView


class Player(Protocol):
    """A computer player: picks one of ``view.legal`` for its seat."""

    def choose(self, view: SeatView) -> Action:
        """Return one legal action for ``view.seat``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline for measurement."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(view.legal)


KINDS: dict[str, Callable[[random.Random], Player]] = {"random": RandomPlayer}


def make_player(kind: str, rng: random.Random) -> Player:
    """A new player of ``kind``; raises ValueError for an unknown kind."""
    try:
        factory = KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown computer player '{kind}' (one of {', '.join(KINDS)})") from None
    return factory(rng)
