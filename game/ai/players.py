"""The player interface and the registry of computer player kinds."""

from __future__ import annotations

import random
from typing import Callable, Protocol

from ..engine import Action, SeatView


def decision_rng(seed: str, view: SeatView) -> random.Random:
    """A random source fixed by the player's seed and the decision point, so a
    player given the same view and seed always decides the same."""
    turn = view.turn
    return random.Random(
        f"{seed}/{view.engine}/{view.turn_number}/{turn[0]}/{int(turn[1])}/{len(view.history)}/{view.boneyard_size}"
    )


class Player(Protocol):
    """A computer player: picks one of ``view.legal`` for its seat. Decisions
    depend only on the view and the seed the player was made with."""

    def choose(self, view: SeatView) -> Action:
        """Return one legal action for ``view.seat``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline for measurement."""

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        """A uniformly random legal action."""
        return decision_rng(self.seed, view).choice(view.legal)


LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The difficulty levels offered to players, weakest first."""

# Until the levels land, every level plays at random.
KINDS: dict[str, Callable[[str], Player]] = {"random": RandomPlayer, **{level: RandomPlayer for level in LEVELS}}


def make_player(kind: str, seed: str) -> Player:
    """A new player of ``kind``; raises ValueError for an unknown kind."""
    try:
        factory = KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown computer player '{kind}' (one of {', '.join(KINDS)})") from None
    return factory(seed)
