"""Randomness for computer players: one source per decision point."""

from __future__ import annotations

import random

from ..engine import SeatView


def decision_rng(seed: str, view: SeatView) -> random.Random:
    """A random source fixed by the player's seed and the decision point, so a
    player given the same view and seed always decides the same."""
    turn = view.turn
    return random.Random(
        f"{seed}/{view.engine}/{view.turn_number}/{turn.played}/{int(turn.drew)}/{len(view.history)}/{view.boneyard_size}"
    )
